//===- NNGraphRuntime.cpp - runtime functions of compiled graphs -*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the functions that compiled nngraph graphs call at run
// time (libnngraph_runtime.so): nngraph.print lowers to a call of
// nngraphPrintLightNet, which prints the message and then the tensor in
// LightNet's layout (nested brackets, rows on their own lines, three
// decimals), to standard output or appended to a file. Graphs instrumented
// by nngraph-profile-layers call the profiling hooks of
// nngraph/Runtime/Profile.h around each layer; they add a steady clock's
// time to the record that the calling thread set.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Runtime/Profile.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

void printLevel(FILE *out, const float *data, const int64_t *sizes,
                const int64_t *strides, int64_t rank, int64_t depth) {
  std::fputc('[', out);
  int64_t n = sizes[depth];
  for (int64_t i = 0; i < n; ++i) {
    if (depth + 1 == rank) {
      std::fprintf(out, i ? " %.3f" : "%.3f",
                   static_cast<double>(data[i * strides[depth]]));
      continue;
    }
    if (i) {
      std::fputc('\n', out);
      for (int64_t s = 0; s <= depth; ++s)
        std::fputc(' ', out);
    }
    printLevel(out, data + i * strides[depth], sizes, strides, rank, depth + 1);
  }
  std::fputc(']', out);
}

std::string toString(StridedMemRefType<int8_t, 1> *text) {
  std::string s;
  for (int64_t i = 0; i < text->sizes[0]; ++i)
    s += static_cast<char>(text->data[text->offset + i * text->strides[0]]);
  return s;
}

} // namespace

/// Prints `message` (if any) and the tensor `tensor` like LightNet's print;
/// appends to the file named `file` instead when it is not empty. The name is
/// what MLIR's C interface gives the callee of `nngraph.print`.
extern "C" MLIR_CRUNNERUTILS_EXPORT void
// NOLINTNEXTLINE(readability-identifier-naming)
_mlir_ciface_nngraphPrintLightNet(UnrankedMemRefType<float> *tensor,
                                  StridedMemRefType<int8_t, 1> *message,
                                  StridedMemRefType<int8_t, 1> *file) {
  DynamicMemRefType<float> m(*tensor);
  std::string path = toString(file);
  FILE *out = path.empty() ? stdout : std::fopen(path.c_str(), "a");
  if (!out)
    return;
  std::string msg = toString(message);
  if (!msg.empty())
    std::fprintf(out, "%s\n", msg.c_str());
  const float *data = m.data + m.offset;
  if (m.rank == 0)
    std::fprintf(out, "%.3f", static_cast<double>(*data));
  else
    printLevel(out, data, m.sizes, m.strides, m.rank, 0);
  std::fputc('\n', out);
  if (out != stdout)
    std::fclose(out);
  else
    std::fflush(out);
}

//===----------------------------------------------------------------------===//
// Profiling hooks
//===----------------------------------------------------------------------===//

namespace {

/// The record of this thread's hooks: one per thread, so that concurrent
/// runs of graphs on different threads keep apart.
thread_local NNGraphProfileRecord *currentRecord = nullptr;

int64_t nowNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// The record that counts layer `id`, or null.
NNGraphProfileRecord *recordOf(int64_t id) {
  NNGraphProfileRecord *r = currentRecord;
  return r && id >= 0 && id < r->numLayers ? r : nullptr;
}

} // namespace

extern "C" MLIR_CRUNNERUTILS_EXPORT NNGraphProfileRecord *
nngraph_profile_set_record(NNGraphProfileRecord *record) {
  NNGraphProfileRecord *previous = currentRecord;
  currentRecord = record;
  return previous;
}

extern "C" MLIR_CRUNNERUTILS_EXPORT void nngraph_profile_begin(int64_t id) {
  if (NNGraphProfileRecord *r = recordOf(id))
    r->started[id] = nowNanoseconds();
}

extern "C" MLIR_CRUNNERUTILS_EXPORT void nngraph_profile_end(int64_t id) {
  if (NNGraphProfileRecord *r = recordOf(id)) {
    r->nanoseconds[id] += nowNanoseconds() - r->started[id];
    ++r->calls[id];
  }
}
