//===- CustomRetype.cpp - typing custom operators later ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the registry of CustomRetype.h.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/Utils/CustomRetype.h"

#include "llvm/ADT/StringMap.h"

#include <mutex>

using namespace mlir;
using namespace mlir::nngraph;

namespace {
struct Registry {
  std::mutex mutex;
  llvm::StringMap<CustomRetypeFn> byDomain;
};
} // namespace

static Registry &getRegistry() {
  static Registry registry;
  return registry;
}

void nngraph::registerCustomRetype(llvm::StringRef domain, CustomRetypeFn fn) {
  Registry &r = getRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.byDomain[domain] = std::move(fn);
}

std::optional<CustomRetypeFn>
nngraph::lookupCustomRetype(llvm::StringRef domain) {
  Registry &r = getRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.byDomain.find(domain);
  if (it == r.byDomain.end())
    return std::nullopt;
  return it->second;
}
