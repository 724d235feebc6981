/*===- nngraph-c/Runtime.h - the C API of compiled models ---------*- C -*-===*\
|*                                                                            *|
|* Part of the nngraph project.                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * The API that a model library made by nngraph-compile exports: load the
 * model with its weights file, ask for its signature, run it on buffers of
 * the caller's, free it. The library needs only the C library (and the
 * OpenMP runtime when it was compiled for several threads): no LLVM, no
 * MLIR, no nngraph.
 *
 *   nngraph_model *model;
 *   if (nngraph_model_load(NULL, &model) != NNGRAPH_OK) {
 *     fprintf(stderr, "%s\n", nngraph_last_error());
 *     return 1;
 *   }
 *   nngraph_tensor in = {input_data, NNGRAPH_FLOAT32, 4, shape};
 *   nngraph_tensor out = {output_data, NNGRAPH_FLOAT32, 2, out_shape};
 *   nngraph_model_run(model, &in, 1, &out, 1);
 *   nngraph_model_free(model);
 *
 * Functions that can fail return an nngraph_status; the message of the last
 * failure on the calling thread is nngraph_last_error(). Nothing aborts.
 * nngraph_model_run may be called on one model from several threads at
 * once (each call uses scratch memory of its own).
 */
#ifndef NNGRAPH_C_RUNTIME_H
#define NNGRAPH_C_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define NNGRAPH_C_EXPORT __attribute__((visibility("default")))
#else
#define NNGRAPH_C_EXPORT
#endif

/* The version of this API; nngraph_api_version() returns the library's. */
#define NNGRAPH_C_API_VERSION 1

typedef enum nngraph_status {
  NNGRAPH_OK = 0,
  /* A file could not be opened, read or mapped. */
  NNGRAPH_ERROR_IO = 1,
  /* The weights file is not one of this model's: wrong magic, version,
   * model, or size (truncated). */
  NNGRAPH_ERROR_WEIGHTS = 2,
  /* An argument is wrong: a null pointer, an index out of range, a tensor
   * of the wrong count, dtype, rank or shape. */
  NNGRAPH_ERROR_INVALID_ARGUMENT = 3,
  /* Memory for the prepared weights or a run's scratch was not there. */
  NNGRAPH_ERROR_OUT_OF_MEMORY = 4
} nngraph_status;

typedef enum nngraph_dtype {
  NNGRAPH_FLOAT32 = 0,
  NNGRAPH_FLOAT16 = 1,
  NNGRAPH_FLOAT64 = 2,
  NNGRAPH_INT8 = 3,
  NNGRAPH_INT16 = 4,
  NNGRAPH_INT32 = 5,
  NNGRAPH_INT64 = 6,
  NNGRAPH_UINT8 = 7,
  NNGRAPH_BOOL = 8
} nngraph_dtype;

/* A tensor of the caller's: dense, C order (row major). */
typedef struct nngraph_tensor {
  void *data;
  nngraph_dtype dtype;
  int32_t rank;
  const int64_t *shape;
} nngraph_tensor;

/* An input or output of the model, as nngraph_model_input/output give it;
 * the strings and the shape live as long as the model. */
typedef struct nngraph_tensor_info {
  const char *name;
  nngraph_dtype dtype;
  int32_t rank;
  const int64_t *shape;
  /* The element count times the element size. */
  size_t byte_size;
} nngraph_tensor_info;

typedef struct nngraph_model nngraph_model;

/* NNGRAPH_C_API_VERSION of the library. */
NNGRAPH_C_EXPORT int nngraph_api_version(void);

/* Loads the model compiled into this library with its weights file
 * (`weights_path`; NULL: the file nngraph-compile wrote beside the library,
 * its name with ".weights" for ".so"). The file is mapped, not read; the
 * work that depends only on the weights runs here, once. */
NNGRAPH_C_EXPORT nngraph_status nngraph_model_load(const char *weights_path,
                                                   nngraph_model **model);

/* Frees the model (NULL: nothing). No run may be in progress. */
NNGRAPH_C_EXPORT void nngraph_model_free(nngraph_model *model);

/* The data inputs (weights excluded) and outputs of the model. */
NNGRAPH_C_EXPORT size_t nngraph_model_num_inputs(const nngraph_model *model);
NNGRAPH_C_EXPORT size_t nngraph_model_num_outputs(const nngraph_model *model);
NNGRAPH_C_EXPORT nngraph_status nngraph_model_input(const nngraph_model *model,
                                                    size_t index,
                                                    nngraph_tensor_info *info);
NNGRAPH_C_EXPORT nngraph_status nngraph_model_output(const nngraph_model *model,
                                                     size_t index,
                                                     nngraph_tensor_info *info);

/* Runs the model: `inputs` in the order of nngraph_model_input, `outputs`
 * in that of nngraph_model_output (written). Each tensor's dtype and shape
 * must be the model's; the first that is not is named in the error. */
NNGRAPH_C_EXPORT nngraph_status nngraph_model_run(const nngraph_model *model,
                                                  const nngraph_tensor *inputs,
                                                  size_t num_inputs,
                                                  const nngraph_tensor *outputs,
                                                  size_t num_outputs);

/* The message of the last failure on this thread ("" when none). */
NNGRAPH_C_EXPORT const char *nngraph_last_error(void);

/* "float32", "int64", ...; "unknown" for a value outside the enum. */
NNGRAPH_C_EXPORT const char *nngraph_dtype_name(nngraph_dtype dtype);

/* The size in bytes of one element of `dtype` (0 outside the enum). */
NNGRAPH_C_EXPORT size_t nngraph_dtype_size(nngraph_dtype dtype);

#ifdef __cplusplus
}
#endif

#endif /* NNGRAPH_C_RUNTIME_H */
