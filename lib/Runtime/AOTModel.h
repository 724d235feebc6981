/*===- AOTModel.h - the table a model library describes itself by -*- C -*-===*\
|*                                                                            *|
|* Part of the nngraph project.                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Private to nngraph: the contract between nngraph-compile, which writes a
 * model library's table (a C file it generates and links in, AOT.cpp), and
 * the C runtime linked into every model library (AOTRuntime.c), which
 * implements the public API (include/nngraph-c/Runtime.h) on it. Not
 * installed; its version is NNGRAPH_AOT_ABI_VERSION.
 *
 * The weights file that nngraph-compile writes beside the library:
 *   bytes  0-7   "NNGRAPHW"
 *          8-11  format version (1), little endian
 *         12-15  number of weights
 *         16-31  the model id (nngraph_aot_model.id)
 *         32-39  the file's size in bytes
 *         40-63  zero
 *   then each weight (the graph inputs with is_weight, in order), dense,
 *   C order, at the next multiple of 64 bytes; nothing after the last.
 */
#ifndef NNGRAPH_RUNTIME_AOTMODEL_H
#define NNGRAPH_RUNTIME_AOTMODEL_H

#include <stdint.h>

#define NNGRAPH_AOT_ABI_VERSION 1
#define NNGRAPH_WEIGHTS_MAGIC "NNGRAPHW"
#define NNGRAPH_WEIGHTS_VERSION 1
#define NNGRAPH_WEIGHTS_HEADER 64
#define NNGRAPH_WEIGHTS_ALIGN 64

typedef struct nngraph_aot_tensor {
  const char *name;
  /* An nngraph_dtype. */
  int32_t dtype;
  int32_t rank;
  const int64_t *shape;
  int64_t byte_size;
} nngraph_aot_tensor;

typedef struct nngraph_aot_model {
  uint32_t abi_version;
  /* Identifies the compiled model; its weights file carries the same. */
  uint8_t id[16];
  /* Every graph input (weights too), and per input whether it is a weight
   * (its value in the weights file) or a data input (the caller's). */
  int64_t num_inputs;
  const nngraph_aot_tensor *inputs;
  const uint8_t *is_weight;
  int64_t num_outputs;
  const nngraph_aot_tensor *outputs;
  /* The tensors the prepare function writes and the graph function reads. */
  int64_t num_prepared;
  const nngraph_aot_tensor *prepared;
  /* The graph inputs the prepare function takes, and those the graph
   * function takes (indices into inputs). */
  int64_t num_weight_args;
  const int64_t *weight_args;
  int64_t num_kept_args;
  const int64_t *kept_args;
  /* The bytes of the arena argument of each function; -1: it takes none. */
  int64_t arena_bytes;
  int64_t prepare_arena_bytes;
  /* The packed entry points: one argument, an array of pointers to the
   * C interface's memref descriptors. prepare is NULL when there is none. */
  void (*graph)(void **);
  void (*prepare)(void **);
  /* The threads the parallel loops run on, and the target CPU. */
  int32_t threads;
  const char *target_cpu;
} nngraph_aot_model;

#endif /* NNGRAPH_RUNTIME_AOTMODEL_H */
