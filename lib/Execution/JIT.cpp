//===- JIT.cpp - parallel JIT compilation of lowered graphs -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements JITModule (JIT.h): translation to LLVM IR, packed
// wrappers for the entries, internalisation of everything else, the split
// into partitions balanced by size, and per
// partition, on a thread of its own and in an LLVMContext of its own (the
// partition crosses over as bitcode): LLVM's optimisation pipeline at the
// requested level and code generation to an object file for the host. The
// objects are then linked into an ORC LLJIT (RuntimeDyld with
// SectionMemoryManager, as MLIR's ExecutionEngine does), which resolves
// what they call in the process and the shared libraries.
//
// The optimiser runs without a target machine, as MLIR's ExecutionEngine
// transformer does: with the host's, LLVM's cost model (TTI) lets its loop
// and SLP vectorisers work on the code MLIR already vectorised, which made
// compiling 60-75% slower and running no faster (docs/CPUCodegen.md).
//
//===----------------------------------------------------------------------===//

#include "nngraph/Execution/JIT.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Timer.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <thread>
#ifdef __linux__
#include <sched.h>
#endif

using namespace mlir;
using namespace mlir::nngraph;

unsigned nngraph::getCPUCount() {
#ifdef __linux__
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
    return CPU_COUNT(&set);
#endif
  return std::max(1u, std::thread::hardware_concurrency());
}

llvm::Expected<std::optional<unsigned>>
nngraph::getCountFromEnv(const char *name) {
  const char *env = std::getenv(name);
  if (!env)
    return std::nullopt;
  unsigned n = 0;
  if (StringRef(env).trim().getAsInteger(10, n) || n == 0)
    return llvm::createStringError("%s must be a positive integer, got '%s'",
                                   name, env);
  return n;
}

llvm::Expected<unsigned> nngraph::getCompileThreadCount() {
  auto count = getCountFromEnv("NNGRAPH_COMPILE_THREADS");
  if (!count)
    return count.takeError();
  return count->value_or(std::min(getCPUCount(), 8u));
}

namespace {

/// The symbol of the packed wrapper of function `name`'s C interface.
std::string getPackedName(StringRef name) {
  return ("_mlir__mlir_ciface_" + name).str();
}

/// Starts `timer` (when not null) for the life of the object.
struct Timed {
  llvm::Timer *timer;
  explicit Timed(llvm::Timer *timer) : timer(timer) {
    if (timer)
      timer->startTimer();
  }
  ~Timed() {
    if (timer)
      timer->stopTimer();
  }
};

llvm::Error makeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

/// Adds `_mlir_<name>` to `m`: a function of one argument, an array of
/// pointers to the arguments of `name`, which it loads and passes on (the
/// wrapper MLIR's ExecutionEngine makes for every function; here only for
/// the entries).
llvm::Error addPackedWrapper(llvm::Module &m, StringRef name) {
  llvm::Function *func = m.getFunction(name);
  if (!func || func->isDeclaration())
    return makeError("JIT: no function '" + name + "' to call");
  llvm::LLVMContext &ctx = m.getContext();
  llvm::IRBuilder<> builder(ctx);
  auto *type =
      llvm::FunctionType::get(builder.getVoidTy(), {builder.getPtrTy()}, false);
  auto *wrapper = llvm::Function::Create(
      type, llvm::GlobalValue::ExternalLinkage, "_mlir_" + name, m);
  builder.SetInsertPoint(llvm::BasicBlock::Create(ctx, "entry", wrapper));
  llvm::Value *list = wrapper->getArg(0);
  SmallVector<llvm::Value *> args;
  for (llvm::Argument &arg : func->args()) {
    llvm::Value *slot =
        builder.CreateConstGEP1_64(builder.getPtrTy(), list, arg.getArgNo());
    llvm::Value *pointer = builder.CreateLoad(builder.getPtrTy(), slot);
    args.push_back(builder.CreateLoad(arg.getType(), pointer));
  }
  llvm::Value *result = builder.CreateCall(func, args);
  if (!result->getType()->isVoidTy()) {
    llvm::Value *slot =
        builder.CreateConstGEP1_64(builder.getPtrTy(), list, func->arg_size());
    builder.CreateStore(result, builder.CreateLoad(builder.getPtrTy(), slot));
  }
  builder.CreateRetVoid();
  return llvm::Error::success();
}

/// Replaces the module's static constructors or destructors (`list`:
/// llvm.global_ctors or llvm.global_dtors; the GPU kernels' module loads and
/// unloads of gpu-to-llvm's SelectObjectAttr) by an external function
/// `name` that calls them in order of priority (destructors in reverse),
/// which the caller runs: objects linked by ORC do not run .init_array.
/// Returns whether there were any.
bool replaceStructors(llvm::Module &m, StringRef list, StringRef name,
                      bool reverse) {
  llvm::GlobalVariable *global = m.getGlobalVariable(list);
  if (!global || !global->hasInitializer())
    return false;
  SmallVector<std::pair<uint64_t, llvm::Function *>> entries;
  if (auto *array = dyn_cast<llvm::ConstantArray>(global->getInitializer()))
    for (llvm::Value *element : array->operands()) {
      auto *entry = dyn_cast<llvm::ConstantStruct>(element);
      if (!entry || entry->getNumOperands() < 2)
        continue;
      auto *priority = dyn_cast<llvm::ConstantInt>(entry->getOperand(0));
      auto *fn = dyn_cast<llvm::Function>(entry->getOperand(1));
      if (priority && fn)
        entries.push_back({priority->getZExtValue(), fn});
    }
  llvm::stable_sort(entries, [&](const auto &a, const auto &b) {
    return reverse ? a.first > b.first : a.first < b.first;
  });
  global->eraseFromParent();
  llvm::LLVMContext &ctx = m.getContext();
  llvm::IRBuilder<> builder(ctx);
  auto *type = llvm::FunctionType::get(builder.getVoidTy(), false);
  auto *caller =
      llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, name, m);
  builder.SetInsertPoint(llvm::BasicBlock::Create(ctx, "entry", caller));
  for (auto &entry : entries)
    builder.CreateCall(entry.second);
  builder.CreateRetVoid();
  return true;
}

/// Keeps only the functions in `entries` callable from outside `m`: every
/// other definition becomes internal, and those left without a use go.
/// Then each entry absorbs the chain of functions it alone calls (the C
/// interface, then the graph function; not the noinline kernels): the
/// call from the C interface to the graph function has thousands of
/// arguments on a large network, and LLVM's CalledValuePropagation is
/// quadratic in them (75% of `opt -O3` on ResNet-152), as is instruction
/// selection in a call's stack arguments.
void internalize(llvm::Module &m, ArrayRef<std::string> entries) {
  for (llvm::Function &f : m)
    if (!f.isDeclaration() && !llvm::is_contained(entries, f.getName()))
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  // Unused functions go in rounds: erasing a wrapper frees its callee.
  bool erased = true;
  while (erased) {
    erased = false;
    for (llvm::Function &f : llvm::make_early_inc_range(m))
      if (f.hasLocalLinkage() && f.use_empty()) {
        f.eraseFromParent();
        erased = true;
      }
  }
  for (const std::string &name : entries) {
    llvm::Function *entry = m.getFunction(name);
    if (!entry || entry->isDeclaration())
      continue;
    // Inlines one call at a time: inlining changes the instruction list.
    auto inlineOne = [&] {
      for (llvm::Instruction &inst : llvm::instructions(*entry)) {
        auto *call = dyn_cast<llvm::CallBase>(&inst);
        llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
        if (!callee || callee->isDeclaration() || !callee->hasLocalLinkage() ||
            !callee->hasOneUse() ||
            callee->hasFnAttribute(llvm::Attribute::NoInline))
          continue;
        llvm::InlineFunctionInfo info;
        if (!llvm::InlineFunction(*call, info).isSuccess())
          continue;
        callee->eraseFromParent();
        return true;
      }
      return false;
    };
    while (inlineOne()) {
    }
  }
}

/// Turns LLVM's post-RA list scheduler off for the process, unless its
/// option (-post-RA-scheduler) was given. The scheduling models of the
/// AMD Zen cores enable it at -O2, and its time grows with the square of a
/// basic block: on the unrolled vector kernels (Winograd transforms, 6x16
/// register tiles) it took 36% of code generation (DenseNet-201: 3.9 of
/// 11.1 s in llc), for no measurable change in run time on the out-of-order
/// cores here (ResNet-18, ResNet-50 v2, MobileNet-v2, DenseNet-201 within
/// noise, the same outputs bit for bit: it only reorders instructions).
/// The option is global, as LLVM's options are, and read by the code
/// generator of each partition: set once, before any compile thread.
void disablePostRAScheduler() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find("post-RA-scheduler");
    if (it == options.end() || it->second->getNumOccurrences() > 0)
      return;
    // Position 1: the pass honours the option only when it was given.
    it->second->addOccurrence(1, "post-RA-scheduler", "false");
  });
}

/// One partition: its bitcode in, its object file out.
struct Partition {
  SmallVector<char, 0> bitcode;
  SmallVector<char, 0> object;
  std::string error;
};

/// Optimises and compiles one partition in a context of its own.
void compilePartition(Partition &part,
                      llvm::orc::JITTargetMachineBuilder builder,
                      unsigned optLevel) {
  llvm::LLVMContext ctx;
  auto module = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(StringRef(part.bitcode.data(), part.bitcode.size()),
                            "partition"),
      ctx);
  if (!module) {
    part.error = llvm::toString(module.takeError());
    return;
  }
  part.bitcode = {};
  auto optimize = makeOptimizingTransformer(optLevel, 0, nullptr);
  if (llvm::Error error = optimize(module->get())) {
    part.error = llvm::toString(std::move(error));
    return;
  }
  auto machine = builder.createTargetMachine();
  if (!machine) {
    part.error = llvm::toString(machine.takeError());
    return;
  }
  llvm::legacy::PassManager codegen;
  llvm::raw_svector_ostream os(part.object);
  if ((*machine)->addPassesToEmitFile(codegen, os, nullptr,
                                      llvm::CodeGenFileType::ObjectFile)) {
    part.error = "the target cannot emit object files";
    return;
  }
  codegen.run(**module);
}

/// Splits `m` into at most `n` partitions as bitcode (one, unsplit, when
/// n is 1 or `m` has a single function). Each function goes to the
/// partition with the fewest instructions so far, the largest first (the
/// longest-processing-time rule): code generation takes about the time of
/// the instructions it compiles, and a network's kernels differ in size by
/// orders of magnitude, so a split by count or by name leaves one thread
/// with most of the work. Definitions with local linkage become hidden
/// external ones, so that the other partitions can reference them; the
/// global variables (constants) go to the first partition.
std::vector<Partition> split(llvm::Module &m, unsigned n) {
  SmallVector<std::pair<size_t, llvm::Function *>> functions;
  for (llvm::Function &f : m)
    if (!f.isDeclaration())
      functions.push_back({f.getInstructionCount(), &f});
  n = std::max<unsigned>(1, std::min<size_t>(n, functions.size()));
  std::vector<Partition> parts(n);
  auto write = [](const llvm::Module &module, Partition &part) {
    llvm::raw_svector_ostream os(part.bitcode);
    llvm::WriteBitcodeToFile(module, os);
  };
  if (n == 1) {
    write(m, parts[0]);
    return parts;
  }
  llvm::stable_sort(functions, [](const auto &a, const auto &b) {
    return a.first > b.first;
  });
  DenseMap<const llvm::GlobalValue *, unsigned> partitionOf;
  SmallVector<size_t> load(n, 0);
  for (auto [size, f] : functions) {
    unsigned least = llvm::min_element(load) - load.begin();
    partitionOf[f] = least;
    load[least] += size + 1;
  }
  for (llvm::GlobalValue &value : m.global_values()) {
    if (value.isDeclaration() || !value.hasLocalLinkage())
      continue;
    if (!value.hasName())
      value.setName("__nngraph_local");
    value.setLinkage(llvm::GlobalValue::ExternalLinkage);
    value.setVisibility(llvm::GlobalValue::HiddenVisibility);
  }
  for (unsigned i = 0; i < n; ++i) {
    llvm::ValueToValueMapTy map;
    std::unique_ptr<llvm::Module> part =
        llvm::CloneModule(m, map, [&](const llvm::GlobalValue *value) {
          auto it = partitionOf.find(value);
          return it == partitionOf.end() ? i == 0 : it->second == i;
        });
    write(*part, parts[i]);
  }
  return parts;
}

} // namespace

void nngraph::initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// The target machine builder for `cpu` (empty: the host's CPU and
/// features), with position-independent code when `pic`.
static llvm::Expected<llvm::orc::JITTargetMachineBuilder>
getMachineBuilder(StringRef cpu, bool pic) {
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  if (!cpu.empty()) {
    // The name is checked against the host target's list first: LLVM
    // only warns about an unknown one, and compiles for a generic CPU.
    auto host = builder->createTargetMachine();
    if (!host)
      return host.takeError();
    if (!(*host)->getMCSubtargetInfo()->isCPUStringValid(cpu))
      return makeError("unknown target CPU '" + cpu + "' for " +
                       builder->getTargetTriple().str() +
                       " (LLVM's names: x86-64, x86-64-v3, znver1, skylake, "
                       "skylake-avx512, ...; `llc -mcpu=help` lists them)");
    // The host's triple, the named CPU with its own features (not the
    // host's).
    llvm::orc::JITTargetMachineBuilder named(builder->getTargetTriple());
    named.setCPU(cpu.str());
    builder = std::move(named);
  }
  if (pic)
    builder->setRelocationModel(llvm::Reloc::PIC_);
  return builder;
}

llvm::Expected<bool> nngraph::targetHasAVX512(StringRef cpu) {
  auto builder = getMachineBuilder(cpu, /*pic=*/false);
  if (!builder)
    return builder.takeError();
  auto machine = builder->createTargetMachine();
  if (!machine)
    return machine.takeError();
  return (*machine)->getMCSubtargetInfo()->checkFeatures("+avx512f");
}

/// compileToObjects for the target of `builder`.
static llvm::Expected<std::vector<ObjectFile>>
compileObjects(ModuleOp module, const JITOptions &options,
               llvm::orc::JITTargetMachineBuilder &builder) {
  auto machine = builder.createTargetMachine();
  if (!machine)
    return machine.takeError();
  llvm::DataLayout layout = (*machine)->createDataLayout();
  disablePostRAScheduler();

  unsigned threads = options.threads;
  if (threads == 0) {
    auto count = getCompileThreadCount();
    if (!count)
      return count.takeError();
    threads = *count;
  }
  std::vector<Partition> parts;
  {
    Timed timed(options.translateTimer);
    llvm::LLVMContext ctx;
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(module, ctx);
    if (!llvmModule)
      return makeError("JIT: could not translate the module to LLVM IR");
    llvmModule->setDataLayout(layout);
    llvmModule->setTargetTriple((*machine)->getTargetTriple());
    std::vector<std::string> packed;
    for (const std::string &entry : options.entries) {
      if (llvm::Error error =
              addPackedWrapper(*llvmModule, "_mlir_ciface_" + entry))
        return std::move(error);
      packed.push_back(getPackedName(entry));
    }
    if (replaceStructors(*llvmModule, "llvm.global_ctors", kModuleInitName,
                         /*reverse=*/false))
      packed.emplace_back(kModuleInitName);
    if (replaceStructors(*llvmModule, "llvm.global_dtors", kModuleFiniName,
                         /*reverse=*/true))
      packed.emplace_back(kModuleFiniName);
    internalize(*llvmModule, packed);
    parts = split(*llvmModule, threads);
  }

  {
    Timed timed(options.compileTimer);
    // The first partition compiles on this thread, the others on theirs.
    std::vector<std::thread> workers;
    for (size_t i = 1; i < parts.size(); ++i)
      workers.emplace_back(compilePartition, std::ref(parts[i]), builder,
                           options.optLevel);
    compilePartition(parts[0], builder, options.optLevel);
    for (std::thread &worker : workers)
      worker.join();
    for (Partition &part : parts)
      if (!part.error.empty())
        return makeError("JIT: " + part.error);
  }
  if (options.compileTimer)
    llvm::errs() << "nngraph: LLVM IR compiled in " << parts.size()
                 << (parts.size() == 1 ? " partition\n" : " partitions\n");
  std::vector<ObjectFile> objects;
  objects.reserve(parts.size());
  for (Partition &part : parts)
    objects.push_back(std::move(part.object));
  return objects;
}

llvm::Expected<std::vector<ObjectFile>>
nngraph::compileToObjects(ModuleOp module, const JITOptions &options) {
  auto builder = getMachineBuilder(options.cpu, options.pic);
  if (!builder)
    return builder.takeError();
  return compileObjects(module, options, *builder);
}

JITModule::~JITModule() = default;

llvm::Expected<std::unique_ptr<JITModule>>
JITModule::create(ModuleOp module, const JITOptions &options) {
  auto builder = getMachineBuilder(options.cpu, options.pic);
  if (!builder)
    return builder.takeError();
  auto objects = compileObjects(module, options, *builder);
  if (!objects)
    return objects.takeError();
  auto machine = builder->createTargetMachine();
  if (!machine)
    return machine.takeError();
  llvm::DataLayout layout = (*machine)->createDataLayout();

  std::unique_ptr<JITModule> result(new JITModule());
  auto linkingLayer = [](llvm::orc::ExecutionSession &session) {
    return std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
        session, [](const llvm::MemoryBuffer &) {
          return std::make_unique<llvm::SectionMemoryManager>();
        });
  };
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(*builder)
                 .setDataLayout(layout)
                 .setObjectLinkingLayerCreator(linkingLayer)
                 .create();
  if (!jit)
    return jit.takeError();
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  char prefix = layout.getGlobalPrefix();
  for (const std::string &lib : options.sharedLibs) {
    auto generator =
        llvm::orc::DynamicLibrarySearchGenerator::Load(lib.c_str(), prefix);
    if (!generator)
      return makeError("JIT: cannot load " + lib + ": " +
                       llvm::toString(generator.takeError()));
    main.addGenerator(std::move(*generator));
  }
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process)
    return process.takeError();
  main.addGenerator(std::move(*process));
  for (auto [i, object] : llvm::enumerate(*objects)) {
    auto buffer = std::make_unique<llvm::SmallVectorMemoryBuffer>(
        std::move(object), "nngraph-partition-" + std::to_string(i),
        /*RequiresNullTerminator=*/false);
    if (llvm::Error error = (*jit)->addObjectFile(std::move(buffer)))
      return std::move(error);
  }
  result->jit = std::move(*jit);
  return std::move(result);
}

llvm::Expected<void *> JITModule::lookup(StringRef name) const {
  auto symbol = jit->lookup(name);
  // The error may refer to strings the JIT owns: copy its message.
  if (!symbol)
    return makeError(llvm::toString(symbol.takeError()));
  if (void *address = symbol->toPtr<void *>())
    return address;
  return makeError("symbol '" + name + "' is null");
}

llvm::Expected<void (*)(void **)>
JITModule::lookupPacked(StringRef name) const {
  auto address = lookup(getPackedName(name));
  if (!address)
    return address.takeError();
  return reinterpret_cast<void (*)(void **)>(*address);
}
