//===- CudaRuntime.cpp - CUDA runtime of compiled graphs ----------*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// libnngraph_cuda_runtime.so: the `mgpu*` functions that MLIR's gpu-to-llvm
// lowering calls (module load and unload, function lookup, launch, streams,
// events, allocation, copies, memset, host registration), with the
// signatures of upstream's CudaRuntimeWrappers.cpp, plus the executor's
// interface of nngraph/Runtime/CudaRuntime.h.
//
// Debian's MLIR packages ship no CUDA runtime library, and the project must
// build and test on machines without a GPU: so the driver API is declared
// here (the few types and functions used, by their stable ABI) and
// libcuda.so.1 is opened with dlopen at the first use. No call aborts: the
// first failure is recorded with the call's name and the driver's error
// string, every later call is a no-op until the executor takes the record
// (nngraph_cuda_take_error) and reports it.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Runtime/CudaRuntime.h"

#include <dlfcn.h>

#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace {

//===----------------------------------------------------------------------===//
// The driver API, as far as it is used
//===----------------------------------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctxSt *;
using CUmodule = struct CUmodSt *;
using CUfunction = struct CUfuncSt *;
using CUstream = struct CUstreamSt *;
using CUevent = struct CUeventSt *;

constexpr CUresult kSuccess = 0;
constexpr int kAttrComputeMajor = 75;
constexpr int kAttrComputeMinor = 76;
constexpr int kJitOptimizationLevel = 7;
constexpr int kJitErrorLogBuffer = 5;
constexpr int kJitErrorLogBufferSize = 6;

/// The driver's entry points, loaded once.
struct Driver {
  CUresult (*init)(unsigned);
  CUresult (*deviceGet)(CUdevice *, int);
  CUresult (*deviceGetName)(char *, int, CUdevice);
  CUresult (*deviceGetAttribute)(int *, int, CUdevice);
  CUresult (*primaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*ctxSetCurrent)(CUcontext);
  CUresult (*getErrorName)(CUresult, const char **);
  CUresult (*getErrorString)(CUresult, const char **);
  CUresult (*moduleLoadData)(CUmodule *, const void *);
  CUresult (*moduleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                               void **);
  CUresult (*moduleUnload)(CUmodule);
  CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, CUstream, void **,
                           void **);
  CUresult (*streamCreate)(CUstream *, unsigned);
  CUresult (*streamDestroy)(CUstream);
  CUresult (*streamSynchronize)(CUstream);
  CUresult (*streamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*eventCreate)(CUevent *, unsigned);
  CUresult (*eventDestroy)(CUevent);
  CUresult (*eventRecord)(CUevent, CUstream);
  CUresult (*eventSynchronize)(CUevent);
  CUresult (*eventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*memAlloc)(CUdeviceptr *, size_t);
  CUresult (*memFree)(CUdeviceptr);
  CUresult (*memAllocAsync)(CUdeviceptr *, size_t, CUstream);
  CUresult (*memFreeAsync)(CUdeviceptr, CUstream);
  CUresult (*memAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*memcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*memcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*memcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*memsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*memsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*memHostRegister)(void *, size_t, unsigned);
  CUresult (*memHostUnregister)(void *);
};

Driver driver;
bool driverLoaded = false;
CUcontext context = nullptr;
CUdevice device = 0;
std::once_flag loadOnce;
std::string loadError;

/// The first failure since it was last taken.
std::mutex errorMutex;
std::string firstError;
std::atomic<bool> failed{false};

void recordError(const std::string &message) {
  std::lock_guard<std::mutex> lock(errorMutex);
  if (!failed.exchange(true))
    firstError = message;
}

/// Records a failure of `call` with `result` (the driver's name and string).
bool check(CUresult result, const char *call) {
  if (result == kSuccess)
    return true;
  const char *name = nullptr;
  const char *text = nullptr;
  if (driver.getErrorName)
    driver.getErrorName(result, &name);
  if (driver.getErrorString)
    driver.getErrorString(result, &text);
  std::string message = std::string(call) + " failed: " +
                        (name ? name : "CUDA error " + std::to_string(result));
  if (text)
    message += std::string(" (") + text + ")";
  recordError(message);
  return false;
}

template <typename Fn>
bool resolve(void *lib, Fn &fn, const char *name) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  return fn != nullptr;
}

/// Opens libcuda.so.1 and resolves the entry points; sets loadError.
void loadDriver() {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    loadError = "no CUDA driver found: libcuda.so.1 could not be loaded";
    return;
  }
  std::string missing;
  auto need = [&](auto &fn, const char *name) {
    if (!resolve(lib, fn, name))
      missing += std::string(missing.empty() ? "" : ", ") + name;
  };
  need(driver.init, "cuInit");
  need(driver.deviceGet, "cuDeviceGet");
  need(driver.deviceGetName, "cuDeviceGetName");
  need(driver.deviceGetAttribute, "cuDeviceGetAttribute");
  need(driver.primaryCtxRetain, "cuDevicePrimaryCtxRetain");
  need(driver.ctxSetCurrent, "cuCtxSetCurrent");
  need(driver.getErrorName, "cuGetErrorName");
  need(driver.getErrorString, "cuGetErrorString");
  need(driver.moduleLoadData, "cuModuleLoadData");
  need(driver.moduleLoadDataEx, "cuModuleLoadDataEx");
  need(driver.moduleUnload, "cuModuleUnload");
  need(driver.moduleGetFunction, "cuModuleGetFunction");
  need(driver.launchKernel, "cuLaunchKernel");
  need(driver.streamCreate, "cuStreamCreate");
  need(driver.streamDestroy, "cuStreamDestroy_v2");
  need(driver.streamSynchronize, "cuStreamSynchronize");
  need(driver.streamWaitEvent, "cuStreamWaitEvent");
  need(driver.eventCreate, "cuEventCreate");
  need(driver.eventDestroy, "cuEventDestroy_v2");
  need(driver.eventRecord, "cuEventRecord");
  need(driver.eventSynchronize, "cuEventSynchronize");
  need(driver.eventElapsedTime, "cuEventElapsedTime");
  need(driver.memAlloc, "cuMemAlloc_v2");
  need(driver.memFree, "cuMemFree_v2");
  need(driver.memAllocManaged, "cuMemAllocManaged");
  need(driver.memcpyAsync, "cuMemcpyAsync");
  need(driver.memcpyHtoD, "cuMemcpyHtoD_v2");
  need(driver.memcpyDtoH, "cuMemcpyDtoH_v2");
  need(driver.memsetD32Async, "cuMemsetD32Async");
  need(driver.memsetD16Async, "cuMemsetD16Async");
  need(driver.memHostRegister, "cuMemHostRegister_v2");
  need(driver.memHostUnregister, "cuMemHostUnregister");
  // Stream-ordered allocation (CUDA 11.2): optional, cuMemAlloc otherwise.
  resolve(lib, driver.memAllocAsync, "cuMemAllocAsync");
  resolve(lib, driver.memFreeAsync, "cuMemFreeAsync");
  if (!missing.empty()) {
    loadError = "the CUDA driver (libcuda.so.1) lacks " + missing;
    return;
  }
  driverLoaded = true;
}

/// Makes the context current on the calling thread; false (a recorded
/// failure) when there is none or an earlier call failed.
bool enter() {
  if (failed.load(std::memory_order_relaxed))
    return false;
  if (!context) {
    recordError("CUDA runtime used before nngraph_cuda_init");
    return false;
  }
  return check(driver.ctxSetCurrent(context), "cuCtxSetCurrent");
}

CUdeviceptr toDevice(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
}

//===----------------------------------------------------------------------===//
// Kernel names and profiling
//===----------------------------------------------------------------------===//

std::mutex namesMutex;
std::map<CUfunction, std::string> kernelNames;

struct TimedLaunch {
  CUfunction function;
  CUevent start, stop;
};
std::atomic<bool> profiling{false};
std::mutex profileMutex;
std::vector<TimedLaunch> launches;

} // namespace

//===----------------------------------------------------------------------===//
// Executor interface
//===----------------------------------------------------------------------===//

extern "C" int nngraph_cuda_init(int ordinal, char *message, size_t size) {
  std::call_once(loadOnce, loadDriver);
  auto fail = [&](const std::string &text) {
    if (size) {
      std::snprintf(message, size, "%s", text.c_str());
    }
    return 1;
  };
  if (!driverLoaded)
    return fail(loadError);
  static std::mutex initMutex;
  std::lock_guard<std::mutex> lock(initMutex);
  if (context)
    return 0;
  if (!check(driver.init(0), "cuInit") ||
      !check(driver.deviceGet(&device, ordinal), "cuDeviceGet") ||
      !check(driver.primaryCtxRetain(&context, device),
             "cuDevicePrimaryCtxRetain") ||
      !check(driver.ctxSetCurrent(context), "cuCtxSetCurrent")) {
    context = nullptr;
    char text[512];
    nngraph_cuda_take_error(text, sizeof(text));
    return fail(text);
  }
  return 0;
}

extern "C" int nngraph_cuda_device_info(char *name, size_t size) {
  if (!context)
    return 0;
  if (size &&
      driver.deviceGetName(name, static_cast<int>(size), device) != kSuccess)
    name[0] = 0;
  int major = 0, minor = 0;
  driver.deviceGetAttribute(&major, kAttrComputeMajor, device);
  driver.deviceGetAttribute(&minor, kAttrComputeMinor, device);
  return major * 10 + minor;
}

extern "C" int nngraph_cuda_take_error(char *message, size_t size) {
  std::lock_guard<std::mutex> lock(errorMutex);
  if (!failed.load())
    return 0;
  if (size)
    std::snprintf(message, size, "%s", firstError.c_str());
  firstError.clear();
  failed.store(false);
  return 1;
}

extern "C" void *nngraph_cuda_alloc(size_t bytes) {
  CUdeviceptr ptr = 0;
  if (!enter() ||
      !check(driver.memAlloc(&ptr, bytes ? bytes : 1), "cuMemAlloc"))
    return nullptr;
  return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
}

extern "C" void nngraph_cuda_free(void *ptr) {
  if (ptr && enter())
    check(driver.memFree(toDevice(ptr)), "cuMemFree");
}

extern "C" void nngraph_cuda_copy_to_device(void *dst, const void *src,
                                            size_t bytes) {
  if (bytes && enter())
    check(driver.memcpyHtoD(toDevice(dst), src, bytes), "cuMemcpyHtoD");
}

extern "C" void nngraph_cuda_copy_to_host(void *dst, const void *src,
                                          size_t bytes) {
  if (bytes && enter())
    check(driver.memcpyDtoH(dst, toDevice(src), bytes), "cuMemcpyDtoH");
}

extern "C" void nngraph_cuda_profile_enable(int on) { profiling.store(on); }

extern "C" void nngraph_cuda_profile_take(void (*report)(void *, const char *,
                                                         int64_t, double),
                                          void *user) {
  std::vector<TimedLaunch> taken;
  {
    std::lock_guard<std::mutex> lock(profileMutex);
    taken.swap(launches);
  }
  // Per kernel, in the order of their first launch.
  std::vector<std::pair<std::string, std::pair<int64_t, double>>> totals;
  std::map<std::string, size_t> index;
  for (TimedLaunch &launch : taken) {
    float ms = 0;
    if (enter() &&
        check(driver.eventSynchronize(launch.stop), "cuEventSynchronize"))
      check(driver.eventElapsedTime(&ms, launch.start, launch.stop),
            "cuEventElapsedTime");
    driver.eventDestroy(launch.start);
    driver.eventDestroy(launch.stop);
    std::string name;
    {
      std::lock_guard<std::mutex> lock(namesMutex);
      name = kernelNames[launch.function];
    }
    auto [it, inserted] = index.try_emplace(name, totals.size());
    if (inserted)
      totals.push_back({name, {0, 0.0}});
    totals[it->second].second.first += 1;
    totals[it->second].second.second += ms;
  }
  for (auto &[name, total] : totals)
    report(user, name.c_str(), total.first, total.second);
}

//===----------------------------------------------------------------------===//
// The mgpu* entry points of gpu-to-llvm
//===----------------------------------------------------------------------===//

// Upstream's names and signatures (mlir/lib/ExecutionEngine/
// CudaRuntimeWrappers.cpp), which generated code calls.
// NOLINTBEGIN(readability-identifier-naming)

extern "C" CUmodule mgpuModuleLoad(void *data, size_t /*size*/) {
  CUmodule module = nullptr;
  if (enter())
    check(driver.moduleLoadData(&module, data), "cuModuleLoadData");
  return module;
}

extern "C" CUmodule mgpuModuleLoadJIT(void *data, int optLevel) {
  CUmodule module = nullptr;
  if (!enter())
    return module;
  char log[4096] = {0};
  int options[] = {kJitOptimizationLevel, kJitErrorLogBuffer,
                   kJitErrorLogBufferSize};
  void *values[] = {reinterpret_cast<void *>(static_cast<intptr_t>(optLevel)),
                    log, reinterpret_cast<void *>(sizeof(log))};
  CUresult result = driver.moduleLoadDataEx(&module, data, 3, options, values);
  if (result != kSuccess && log[0]) {
    check(result,
          (std::string("cuModuleLoadDataEx (PTX JIT: ") + log + ")").c_str());
    return nullptr;
  }
  check(result, "cuModuleLoadDataEx");
  return module;
}

extern "C" void mgpuModuleUnload(CUmodule module) {
  // After a failure the context may be gone: unload what was loaded anyway.
  if (module && context && driver.ctxSetCurrent(context) == kSuccess)
    driver.moduleUnload(module);
}

extern "C" CUfunction mgpuModuleGetFunction(CUmodule module, const char *name) {
  CUfunction function = nullptr;
  if (!enter())
    return function;
  if (!module) {
    recordError(std::string("kernel ") + name + ": its module is not loaded");
    return function;
  }
  if (check(driver.moduleGetFunction(&function, module, name),
            "cuModuleGetFunction")) {
    std::lock_guard<std::mutex> lock(namesMutex);
    kernelNames.emplace(function, name);
  }
  return function;
}

extern "C" void mgpuLaunchKernel(CUfunction function, intptr_t gridX,
                                 intptr_t gridY, intptr_t gridZ,
                                 intptr_t blockX, intptr_t blockY,
                                 intptr_t blockZ, int32_t smem, CUstream stream,
                                 void **params, void **extra,
                                 size_t /*paramsCount*/) {
  if (!enter() || !function)
    return;
  TimedLaunch timed{function, nullptr, nullptr};
  bool profile = profiling.load(std::memory_order_relaxed);
  if (profile) {
    check(driver.eventCreate(&timed.start, 0), "cuEventCreate") &&
        check(driver.eventCreate(&timed.stop, 0), "cuEventCreate") &&
        check(driver.eventRecord(timed.start, stream), "cuEventRecord");
  }
  check(driver.launchKernel(function, gridX, gridY, gridZ, blockX, blockY,
                            blockZ, smem, stream, params, extra),
        "cuLaunchKernel");
  if (profile && timed.stop &&
      check(driver.eventRecord(timed.stop, stream), "cuEventRecord")) {
    std::lock_guard<std::mutex> lock(profileMutex);
    launches.push_back(timed);
  }
}

extern "C" CUstream mgpuStreamCreate() {
  CUstream stream = nullptr;
  if (enter())
    check(driver.streamCreate(&stream, 0), "cuStreamCreate");
  return stream;
}

extern "C" void mgpuStreamDestroy(CUstream stream) {
  if (stream && enter())
    check(driver.streamDestroy(stream), "cuStreamDestroy");
}

extern "C" void mgpuStreamSynchronize(CUstream stream) {
  if (enter())
    check(driver.streamSynchronize(stream), "cuStreamSynchronize");
}

extern "C" void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  if (enter())
    check(driver.streamWaitEvent(stream, event, 0), "cuStreamWaitEvent");
}

extern "C" CUevent mgpuEventCreate() {
  CUevent event = nullptr;
  // CU_EVENT_DISABLE_TIMING: these only order streams.
  if (enter())
    check(driver.eventCreate(&event, 2), "cuEventCreate");
  return event;
}

extern "C" void mgpuEventDestroy(CUevent event) {
  if (event && enter())
    check(driver.eventDestroy(event), "cuEventDestroy");
}

extern "C" void mgpuEventSynchronize(CUevent event) {
  if (enter())
    check(driver.eventSynchronize(event), "cuEventSynchronize");
}

extern "C" void mgpuEventRecord(CUevent event, CUstream stream) {
  if (enter())
    check(driver.eventRecord(event, stream), "cuEventRecord");
}

extern "C" void *mgpuMemAlloc(uint64_t bytes, CUstream stream,
                              bool isHostShared) {
  CUdeviceptr ptr = 0;
  if (!enter())
    return nullptr;
  size_t size = bytes ? bytes : 1;
  if (isHostShared)
    // CU_MEM_ATTACH_GLOBAL.
    check(driver.memAllocManaged(&ptr, size, 1), "cuMemAllocManaged");
  else if (driver.memAllocAsync)
    check(driver.memAllocAsync(&ptr, size, stream), "cuMemAllocAsync");
  else
    check(driver.memAlloc(&ptr, size), "cuMemAlloc");
  return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
}

extern "C" void mgpuMemFree(void *ptr, CUstream stream) {
  if (!ptr || !enter())
    return;
  if (driver.memFreeAsync)
    check(driver.memFreeAsync(toDevice(ptr), stream), "cuMemFreeAsync");
  else
    check(driver.memFree(toDevice(ptr)), "cuMemFree");
}

extern "C" void mgpuMemcpy(void *dst, void *src, size_t bytes,
                           CUstream stream) {
  if (bytes && enter())
    check(driver.memcpyAsync(toDevice(dst), toDevice(src), bytes, stream),
          "cuMemcpyAsync");
}

extern "C" void mgpuMemset32(void *dst, unsigned value, size_t count,
                             CUstream stream) {
  if (count && enter())
    check(driver.memsetD32Async(toDevice(dst), value, count, stream),
          "cuMemsetD32Async");
}

extern "C" void mgpuMemset16(void *dst, unsigned short value, size_t count,
                             CUstream stream) {
  if (count && enter())
    check(driver.memsetD16Async(toDevice(dst), value, count, stream),
          "cuMemsetD16Async");
}

extern "C" void mgpuMemHostRegister(void *ptr, uint64_t bytes) {
  if (enter())
    check(driver.memHostRegister(ptr, bytes, 0), "cuMemHostRegister");
}

extern "C" void mgpuMemHostUnregister(void *ptr) {
  if (enter())
    check(driver.memHostUnregister(ptr), "cuMemHostUnregister");
}

/// The memref forms take an unranked descriptor {rank, pointer to a ranked
/// one: allocated, aligned, offset, sizes[rank], strides[rank]}.
static void *memrefBytes(int64_t rank, void *descriptor, size_t elementSize,
                         uint64_t &bytes) {
  auto *words = static_cast<int64_t *>(descriptor);
  auto *aligned = reinterpret_cast<char *>(words[1]);
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i)
    count *= words[3 + i];
  bytes = static_cast<uint64_t>(count) * elementSize;
  return aligned + words[2] * static_cast<int64_t>(elementSize);
}

extern "C" void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                          int64_t elementSize) {
  uint64_t bytes = 0;
  void *ptr = memrefBytes(rank, descriptor, elementSize, bytes);
  mgpuMemHostRegister(ptr, bytes);
}

extern "C" void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                            int64_t elementSize) {
  uint64_t bytes = 0;
  mgpuMemHostUnregister(memrefBytes(rank, descriptor, elementSize, bytes));
}

extern "C" void mgpuSetDefaultDevice(int32_t ordinal) {
  char message[256];
  if (nngraph_cuda_init(ordinal, message, sizeof(message)))
    recordError(message);
}

// NOLINTEND(readability-identifier-naming)
