//===- JIT.h - parallel JIT compilation of lowered graphs -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the JIT that runs compiled graphs: a module in the LLVM
// dialect is translated to LLVM IR once, split into partitions that are
// optimised and compiled to object code on parallel threads, each in an
// LLVMContext of its own, and the objects are linked into one ORC LLJIT.
// MLIR's ExecutionEngine compiles one module on one thread; a graph's
// kernels are independent functions (nngraph-outline-kernels), so their
// LLVM optimisation and code generation, most of a large model's compile
// time, divide across the cores.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_EXECUTION_JIT_H
#define NNGRAPH_EXECUTION_JIT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Timer;
namespace orc {
class LLJIT;
} // namespace orc
} // namespace llvm

namespace mlir {
namespace nngraph {

struct JITOptions {
  /// LLVM optimisation level (0-3) of each partition.
  unsigned optLevel = 3;
  /// Shared libraries whose symbols the code may call.
  std::vector<std::string> sharedLibs;
  /// The functions that are looked up afterwards, each with
  /// `llvm.emit_c_interface`: their packed wrappers (`lookupPacked`) are
  /// the module's only external definitions, everything else is internal
  /// (and dropped when unused) before optimisation.
  std::vector<std::string> entries;
  /// Partitions compiled in parallel, each on a thread; 0:
  /// getCompileThreadCount().
  unsigned threads = 0;
  /// Timers of the phases (may be null): translation to LLVM IR and the
  /// split; optimisation and code generation of the partitions (the
  /// parallel part). With `compileTimer`, the number of partitions goes to
  /// stderr too. The objects are linked at the first lookup.
  llvm::Timer *translateTimer = nullptr;
  llvm::Timer *compileTimer = nullptr;
  /// The CPU the code is compiled for, by LLVM's name ("znver1",
  /// "x86-64-v3", "skylake-avx512") with its features; empty: the host's
  /// CPU and features.
  std::string cpu;
  /// Position-independent code (for a shared library; compileToObjects).
  bool pic = false;
};

/// The CPUs this process may run on (its affinity mask, which taskset and
/// container limits narrow), else the hardware's; at least 1.
/// The functions that run the module's static constructors and destructors
/// (the GPU kernels' module loads and unloads), which JITModule::create
/// makes of llvm.global_ctors and llvm.global_dtors when the module has
/// them: callers run them (after create, before destruction), since ORC
/// does not for the objects it links.
inline constexpr const char *kModuleInitName = "nngraph_module_init";
inline constexpr const char *kModuleFiniName = "nngraph_module_fini";

unsigned getCPUCount();

/// The positive integer in environment variable `name`: std::nullopt when
/// it is unset, an error naming it when it is set to anything else.
llvm::Expected<std::optional<unsigned>> getCountFromEnv(const char *name);

/// The threads that compile a model's LLVM IR: NNGRAPH_COMPILE_THREADS
/// when set (an error unless a positive integer), else getCPUCount(), at
/// most 8.
llvm::Expected<unsigned> getCompileThreadCount();

/// Initialises LLVM's native target and its assembly printer, once per
/// process (thread-safe).
void initializeNativeTarget();

/// One relocatable object file (ELF on Linux) of compiled code.
using ObjectFile = llvm::SmallVector<char, 0>;

/// Compiles `module` (in the LLVM dialect; only read) as JITModule::create
/// does, without linking: translation, the packed wrappers of
/// `options.entries`, internalisation, and the partitions' object files,
/// compiled in parallel. Ahead-of-time compilation (AOT.h) links them into
/// a shared library. Fails for a CPU name LLVM does not know.
llvm::Expected<std::vector<ObjectFile>>
compileToObjects(ModuleOp module, const JITOptions &options);

/// Whether code compiled for `cpu` (LLVM's name; empty: the host) may use
/// AVX-512 (the schedules' vector width); an error for an unknown CPU.
llvm::Expected<bool> targetHasAVX512(llvm::StringRef cpu);

/// A compiled module: code and data of its object files, linked.
class JITModule {
public:
  /// Compiles `module` (in the LLVM dialect; only read). Errors carry a
  /// message ready for a diagnostic.
  static llvm::Expected<std::unique_ptr<JITModule>>
  create(ModuleOp module, const JITOptions &options);
  ~JITModule();

  /// The address of symbol `name` (a function of the module or of one of
  /// the shared libraries).
  llvm::Expected<void *> lookup(llvm::StringRef name) const;
  /// The packed wrapper of entry `name` (see JITOptions::entries): takes an
  /// array of pointers to the C interface's arguments.
  llvm::Expected<void (*)(void **)> lookupPacked(llvm::StringRef name) const;

private:
  JITModule() = default;
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_EXECUTION_JIT_H
