//===- ScheduleUtils.cpp - tile-size helpers of the schedules --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the tile-size helpers that the CPU schedules share
// (Schedules.h): the host's SIMD width and divisor-based tile choices.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

int64_t nngraph::cpu::getHostVectorWidth() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512f") ? 16 : 8;
}

int64_t nngraph::cpu::largestDivisor(int64_t size, int64_t limit) {
  for (int64_t d = std::min(size, limit); d > 1; --d)
    if (size % d == 0)
      return d;
  return 1;
}

int64_t nngraph::cpu::channelTile(int64_t size, int64_t simd) {
  if (size % (2 * simd) == 0)
    return 2 * simd;
  if (size % simd == 0)
    return simd;
  if (size < simd)
    return size;
  return largestDivisor(size, 2 * simd);
}
