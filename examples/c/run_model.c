/*===- run_model.c - run a model library made by nngraph-compile ----------===*\
|*                                                                            *|
|* Part of the nngraph project.                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * A C program that runs a model compiled ahead of time, through the C API
 * of include/nngraph-c/Runtime.h only:
 *
 *   nngraph-compile examples/resnet18/resnet18_v1-symbol.json \
 *       --params build/example/resnet18.params -o resnet18.so
 *   cc -O2 -I include examples/c/run_model.c resnet18.so \
 *       -Wl,-rpath,'$ORIGIN' -o run_resnet18
 *   ./run_resnet18 build/example/input.npy
 *
 * Usage: run_model [--weights FILE] [--top-k K] [--repeat N]
 *                  [--output-dir DIR] INPUT.npy...
 *
 * Reads one .npy file per data input (little-endian, C order), loads the
 * model (its weights file beside the library unless --weights), runs it
 * --repeat times, prints each output's top-K values of the first row of its
 * last axis, the load time and the median run time, and with --output-dir
 * writes each output as OUTPUT_NAME.npy. Exits 1 with the runtime's message
 * on any failure.
 */
#define _POSIX_C_SOURCE 200809L
#include "nngraph-c/Runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* NumPy's descr of `dtype` (little endian). */
static const char *npy_descr(nngraph_dtype dtype) {
  switch (dtype) {
  case NNGRAPH_FLOAT32:
    return "<f4";
  case NNGRAPH_FLOAT16:
    return "<f2";
  case NNGRAPH_FLOAT64:
    return "<f8";
  case NNGRAPH_INT8:
    return "|i1";
  case NNGRAPH_INT16:
    return "<i2";
  case NNGRAPH_INT32:
    return "<i4";
  case NNGRAPH_INT64:
    return "<i8";
  case NNGRAPH_UINT8:
    return "|u1";
  case NNGRAPH_BOOL:
    return "|b1";
  }
  return "";
}

/* A .npy file read whole: its dtype, shape and data. */
typedef struct npy {
  nngraph_dtype dtype;
  int32_t rank;
  int64_t shape[16];
  char *buffer;
  void *data;
} npy;

/* Reads `path` into `out`; prints why not and returns 0 on failure. */
static int read_npy(const char *path, npy *out) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return 0;
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  out->buffer = malloc(size > 0 ? (size_t)size : 1);
  if (!out->buffer || fread(out->buffer, 1, (size_t)size, f) != (size_t)size) {
    fprintf(stderr, "%s: cannot read\n", path);
    fclose(f);
    return 0;
  }
  fclose(f);
  const unsigned char *b = (const unsigned char *)out->buffer;
  if (size < 10 || memcmp(b, "\x93NUMPY", 6) != 0) {
    fprintf(stderr, "%s: not a .npy file\n", path);
    return 0;
  }
  long header = b[6] == 1
                    ? 10 + (b[8] | b[9] << 8)
                    : 12 + (b[8] | b[9] << 8 | b[10] << 16 | (long)b[11] << 24);
  if (header > size) {
    fprintf(stderr, "%s: truncated header\n", path);
    return 0;
  }
  /* The header's text, after the magic, version and length. */
  long start = b[6] == 1 ? 10 : 12;
  char text[4096];
  long length = header - start < (long)sizeof(text) ? header - start
                                                    : (long)sizeof(text) - 1;
  memcpy(text, b + start, (size_t)length);
  text[length] = 0;
  const char *descr = strstr(text, "'descr': '");
  const char *order = strstr(text, "'fortran_order': False");
  const char *shape = strstr(text, "'shape': (");
  if (!descr || !order || !shape) {
    fprintf(stderr, "%s: unsupported header (C order expected): %s\n", path,
            text);
    return 0;
  }
  descr += strlen("'descr': '");
  out->dtype = (nngraph_dtype)-1;
  for (int d = NNGRAPH_FLOAT32; d <= NNGRAPH_BOOL; ++d)
    if (strncmp(descr, npy_descr((nngraph_dtype)d), 3) == 0)
      out->dtype = (nngraph_dtype)d;
  if ((int)out->dtype < 0) {
    fprintf(stderr, "%s: unsupported dtype %.3s\n", path, descr);
    return 0;
  }
  out->rank = 0;
  const char *p = shape + strlen("'shape': (");
  while (*p && *p != ')' && out->rank < 16) {
    char *end;
    long long dim = strtoll(p, &end, 10);
    if (end == p)
      break;
    out->shape[out->rank++] = dim;
    p = end;
    while (*p == ',' || *p == ' ')
      ++p;
  }
  size_t bytes = nngraph_dtype_size(out->dtype);
  for (int32_t i = 0; i < out->rank; ++i)
    bytes *= (size_t)out->shape[i];
  if ((size_t)(size - header) < bytes) {
    fprintf(stderr, "%s: %ld bytes of data, expected %zu\n", path,
            size - header, bytes);
    return 0;
  }
  out->data = out->buffer + header;
  return 1;
}

/* Writes `info`'s tensor `data` to DIR/NAME.npy. */
static int write_npy(const char *dir, const nngraph_tensor_info *info,
                     const void *data) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s.npy", dir, info->name);
  for (char *c = path + strlen(dir) + 1; *c; ++c)
    if (*c == '/' || *c == ':' || *c == ' ')
      *c = '_';
  char header[512];
  int n = snprintf(header, sizeof(header),
                   "{'descr': '%s', 'fortran_order': False, 'shape': (",
                   npy_descr(info->dtype));
  for (int32_t i = 0; i < info->rank; ++i)
    n += snprintf(header + n, sizeof(header) - (size_t)n,
                  info->rank == 1 ? "%lld," : (i ? ", %lld" : "%lld"),
                  (long long)info->shape[i]);
  n += snprintf(header + n, sizeof(header) - (size_t)n, "), }");
  /* Padded with spaces to a multiple of 64 bytes, ending in a newline. */
  int total = (10 + n + 1 + 63) / 64 * 64;
  while (10 + n + 1 < total)
    header[n++] = ' ';
  header[n++] = '\n';
  FILE *f = fopen(path, "wb");
  if (!f) {
    perror(path);
    return 0;
  }
  unsigned char magic[10] = {0x93,
                             'N',
                             'U',
                             'M',
                             'P',
                             'Y',
                             1,
                             0,
                             (unsigned char)(n & 0xff),
                             (unsigned char)(n >> 8)};
  int ok = fwrite(magic, 1, 10, f) == 10 &&
           fwrite(header, 1, (size_t)n, f) == (size_t)n &&
           fwrite(data, 1, info->byte_size, f) == info->byte_size;
  ok = (fclose(f) == 0) && ok;
  if (!ok)
    fprintf(stderr, "%s: cannot write\n", path);
  return ok;
}

/* Prints the top `k` float32 values of the first row of the last axis. */
static void print_top(const nngraph_tensor_info *info, const float *data,
                      int k) {
  int64_t row = info->rank ? info->shape[info->rank - 1] : 1;
  if (k > row)
    k = (int)row;
  printf("  top-%d:", k);
  char *taken = calloc((size_t)row, 1);
  for (int j = 0; j < k && taken; ++j) {
    int64_t best = -1;
    for (int64_t i = 0; i < row; ++i)
      if (!taken[i] && (best < 0 || data[i] > data[best]))
        best = i;
    taken[best] = 1;
    printf(" %lld (%.4g)", (long long)best, data[best]);
  }
  printf("\n");
  free(taken);
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  const char *weights = NULL, *output_dir = NULL;
  int top_k = 5, repeat = 1, first_input = argc;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--weights") == 0 && i + 1 < argc)
      weights = argv[++i];
    else if (strcmp(argv[i], "--top-k") == 0 && i + 1 < argc)
      top_k = atoi(argv[++i]);
    else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
      repeat = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
    else if (strcmp(argv[i], "--output-dir") == 0 && i + 1 < argc)
      output_dir = argv[++i];
    else {
      first_input = i;
      break;
    }
  }
  double start = now();
  nngraph_model *model = NULL;
  if (nngraph_model_load(weights, &model) != NNGRAPH_OK) {
    fprintf(stderr, "run_model: %s\n", nngraph_last_error());
    return 1;
  }
  double load_seconds = now() - start;
  size_t num_inputs = nngraph_model_num_inputs(model);
  size_t num_outputs = nngraph_model_num_outputs(model);
  if ((size_t)(argc - first_input) != num_inputs) {
    fprintf(stderr, "run_model: the model takes %zu inputs:", num_inputs);
    for (size_t i = 0; i < num_inputs; ++i) {
      nngraph_tensor_info info;
      nngraph_model_input(model, i, &info);
      fprintf(stderr, " %s", info.name);
    }
    fprintf(stderr, " (one .npy file each), got %d files\n",
            argc - first_input);
    nngraph_model_free(model);
    return 1;
  }
  npy *files = calloc(num_inputs + 1, sizeof(npy));
  nngraph_tensor *inputs = calloc(num_inputs + 1, sizeof(nngraph_tensor));
  nngraph_tensor *outputs = calloc(num_outputs + 1, sizeof(nngraph_tensor));
  nngraph_tensor_info *output_info =
      calloc(num_outputs + 1, sizeof(nngraph_tensor_info));
  int status = 0;
  for (size_t i = 0; i < num_inputs && !status; ++i) {
    if (!read_npy(argv[first_input + (int)i], &files[i])) {
      status = 1;
      break;
    }
    inputs[i] = (nngraph_tensor){files[i].data, files[i].dtype, files[i].rank,
                                 files[i].shape};
  }
  for (size_t i = 0; i < num_outputs && !status; ++i) {
    nngraph_model_output(model, i, &output_info[i]);
    outputs[i] = (nngraph_tensor){malloc(output_info[i].byte_size + 1),
                                  output_info[i].dtype, output_info[i].rank,
                                  output_info[i].shape};
  }
  double *times = calloc((size_t)repeat, sizeof(double));
  for (int r = 0; r < repeat && !status; ++r) {
    double t = now();
    if (nngraph_model_run(model, inputs, num_inputs, outputs, num_outputs) !=
        NNGRAPH_OK) {
      fprintf(stderr, "run_model: %s\n", nngraph_last_error());
      status = 1;
    }
    times[r] = now() - t;
  }
  if (!status) {
    for (size_t i = 0; i < num_outputs; ++i) {
      printf("output %s: %s [", output_info[i].name,
             nngraph_dtype_name(output_info[i].dtype));
      for (int32_t j = 0; j < output_info[i].rank; ++j)
        printf(j ? ", %lld" : "%lld", (long long)output_info[i].shape[j]);
      printf("]\n");
      if (top_k > 0 && output_info[i].dtype == NNGRAPH_FLOAT32)
        print_top(&output_info[i], outputs[i].data, top_k);
      if (output_dir &&
          !write_npy(output_dir, &output_info[i], outputs[i].data))
        status = 1;
    }
    qsort(times, (size_t)repeat, sizeof(double), compare_doubles);
    printf("load time: %.6f s\nrun time (median of %d): %.6f s\n", load_seconds,
           repeat, times[repeat / 2]);
  }
  for (size_t i = 0; i < num_inputs; ++i)
    free(files[i].buffer);
  for (size_t i = 0; i < num_outputs; ++i)
    free(outputs[i].data);
  free(files);
  free(inputs);
  free(outputs);
  free(output_info);
  free(times);
  nngraph_model_free(model);
  return status;
}
