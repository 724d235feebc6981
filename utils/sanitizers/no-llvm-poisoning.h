//===- no-llvm-poisoning.h - keep LLVM headers from poisoning ---*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the prelude that the sanitizer and fuzzer builds
// force-include (-include) into every nngraph source. LLVM's headers poison
// and unpoison memory by hand (BumpPtrAllocator slabs, Recycler,
// json::Value) whenever the including file is built with ASan, as if LLVM
// itself were: the Debian libMLIR.so/libLLVM.so are not. An allocator slab
// that an inline function in nngraph code poisons is then carved up by the
// uninstrumented copy in libMLIR.so, which never unpoisons its pieces, and the
// next read reports a use-after-poison that is not a bug (seen on the first
// RelayViz seed: an attribute dictionary in the context's allocator). The
// manual annotations are therefore no-ops in nngraph code; every heap object
// is still checked by ASan's own allocator.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_UTILS_SANITIZERS_NO_LLVM_POISONING_H
#define NNGRAPH_UTILS_SANITIZERS_NO_LLVM_POISONING_H

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/asan_interface.h>
#undef __asan_poison_memory_region
#undef __asan_unpoison_memory_region
#define __asan_poison_memory_region(p, size) ((void)(p), (void)(size))
#define __asan_unpoison_memory_region(p, size) ((void)(p), (void)(size))
#endif
#endif

#endif // NNGRAPH_UTILS_SANITIZERS_NO_LLVM_POISONING_H
