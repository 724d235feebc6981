/* Runs a model library from several threads at once through the C API and
 * checks that every run's outputs equal those of a first, lone run: runs on
 * one loaded model must not share scratch memory. Usage: concurrent THREADS
 * RUNS (inputs: a deterministic ramp). */
#include "nngraph-c/Runtime.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static nngraph_model *model;
static nngraph_tensor *inputs, *reference;
static size_t num_inputs, num_outputs;
static int runs;

static nngraph_tensor *allocate_outputs(void) {
  nngraph_tensor *outputs = calloc(num_outputs, sizeof(nngraph_tensor));
  for (size_t i = 0; i < num_outputs; ++i) {
    nngraph_tensor_info info;
    nngraph_model_output(model, i, &info);
    outputs[i] = (nngraph_tensor){calloc(1, info.byte_size + 1), info.dtype,
                                  info.rank, info.shape};
  }
  return outputs;
}

static void *worker(void *arg) {
  (void)arg;
  nngraph_tensor *outputs = allocate_outputs();
  long failures = 0;
  for (int r = 0; r < runs; ++r) {
    if (nngraph_model_run(model, inputs, num_inputs, outputs, num_outputs)) {
      fprintf(stderr, "concurrent: %s\n", nngraph_last_error());
      return (void *)1;
    }
    for (size_t i = 0; i < num_outputs; ++i) {
      nngraph_tensor_info info;
      nngraph_model_output(model, i, &info);
      failures +=
          memcmp(outputs[i].data, reference[i].data, info.byte_size) != 0;
    }
  }
  return (void *)failures;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 4;
  runs = argc > 2 ? atoi(argv[2]) : 10;
  if (nngraph_model_load(NULL, &model) != NNGRAPH_OK) {
    fprintf(stderr, "concurrent: %s\n", nngraph_last_error());
    return 1;
  }
  num_inputs = nngraph_model_num_inputs(model);
  num_outputs = nngraph_model_num_outputs(model);
  inputs = calloc(num_inputs + 1, sizeof(nngraph_tensor));
  for (size_t i = 0; i < num_inputs; ++i) {
    nngraph_tensor_info info;
    nngraph_model_input(model, i, &info);
    if (info.dtype != NNGRAPH_FLOAT32) {
      fprintf(stderr, "concurrent: float32 inputs only\n");
      return 1;
    }
    float *data = malloc(info.byte_size + 1);
    for (size_t j = 0; j < info.byte_size / 4; ++j)
      data[j] = (float)(j % 17) / 17.0f;
    inputs[i] = (nngraph_tensor){data, info.dtype, info.rank, info.shape};
  }
  reference = allocate_outputs();
  if (nngraph_model_run(model, inputs, num_inputs, reference, num_outputs)) {
    fprintf(stderr, "concurrent: %s\n", nngraph_last_error());
    return 1;
  }
  pthread_t *ids = calloc((size_t)threads, sizeof(pthread_t));
  for (int t = 0; t < threads; ++t)
    pthread_create(&ids[t], NULL, worker, NULL);
  long failures = 0;
  for (int t = 0; t < threads; ++t) {
    void *result;
    pthread_join(ids[t], &result);
    failures += (long)result;
  }
  printf(
      "concurrent: %d threads x %d runs, %ld runs differ from the lone run\n",
      threads, runs, failures);
  nngraph_model_free(model);
  return failures != 0;
}
