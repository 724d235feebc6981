//===- CudaRuntime.h - the CUDA runtime of compiled graphs ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the C interface of libnngraph_cuda_runtime.so beyond
// the `mgpu*` entry points that MLIR's gpu-to-llvm lowering calls (those
// have upstream's signatures and are not repeated here): what the
// executor (nngraph-run --target cuda, the Python package) calls to find
// the driver, move tensors to and from the device, collect errors and time
// kernels.
//
// The library opens the CUDA driver (libcuda.so.1) at run time, so it
// builds and loads on machines without one. A failing CUDA call never
// aborts: the first failure is recorded (the call's name and the driver's
// error string), later calls do nothing until the record is taken, and the
// caller turns it into a diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_RUNTIME_CUDARUNTIME_H
#define NNGRAPH_RUNTIME_CUDARUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// A C interface: snake_case names, as Profile.h.
// NOLINTBEGIN(readability-identifier-naming)

/// Loads the driver, initialises it and makes the primary context of
/// device `ordinal` current; 0 on success. On failure writes a message
/// ("no CUDA driver found: libcuda.so.1 could not be loaded", or the
/// failing call and its error) into `message` (`size` bytes, terminated).
int nngraph_cuda_init(int ordinal, char *message, size_t size);

/// The device's name and compute capability (major * 10 + minor), after
/// nngraph_cuda_init; 0 when unknown.
int nngraph_cuda_device_info(char *name, size_t size);

/// Takes the first failure recorded since the last call: writes its message
/// into `message` and returns 1, or returns 0 when every call succeeded.
int nngraph_cuda_take_error(char *message, size_t size);

/// Device memory (stream-ordered on the default stream) and copies; the
/// copies complete before they return.
void *nngraph_cuda_alloc(size_t bytes);
void nngraph_cuda_free(void *ptr);
void nngraph_cuda_copy_to_device(void *dst, const void *src, size_t bytes);
void nngraph_cuda_copy_to_host(void *dst, const void *src, size_t bytes);

/// Kernel timing: while on, every launch is bracketed by CUDA events;
/// nngraph_cuda_profile_take waits for them and reports each kernel by
/// name (its outlined function) with its launches and total milliseconds,
/// through `report`, then forgets them.
void nngraph_cuda_profile_enable(int on);
void nngraph_cuda_profile_take(void (*report)(void *user, const char *kernel,
                                              int64_t launches,
                                              double milliseconds),
                               void *user);

// NOLINTEND(readability-identifier-naming)

#ifdef __cplusplus
}
#endif

#endif // NNGRAPH_RUNTIME_CUDARUNTIME_H
