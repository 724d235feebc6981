//===- MergeSimilarKernels.cpp - kernels that differ in constants ---------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-merge-similar-kernels: private LLVM-dialect
// functions that are the same code but for some integer constants become
// one function taking those constants as arguments.
//
// nngraph-outline-kernels already keeps one kernel of each set of
// identical loop nests. Networks also repeat a layer with other sizes: each
// 1x1 convolution of a DenseNet dense block reads 32 more channels than the
// last, so its loop bound and strides differ and nothing else. Those
// kernels are compiled as many times as they occur, and LLVM's optimisation
// and code generation, which take about the time of the instructions they
// compile, dominated the compile time of the DenseNets (DenseNet-201: 363
// kernels, 38 up to their integer constants).
//
// The comparison leaves the integer constants out of the walk (CSE and
// hoisting place and share them by value, so their order and number say
// nothing about the code) and looks at each use of one instead: the same
// operation at the same operand must use an integer constant of the same
// type in both functions, with any value where that operand takes a
// run-time value at no great cost, and the same value elsewhere.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <map>

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHMERGESIMILARKERNELSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// Constants are compared where they are used, not as operations.
bool isSkippedConstant(Operation *op) {
  return op->hasTrait<OpTrait::ConstantLike>() && op->getNumOperands() == 0 &&
         op->getNumRegions() == 0 && op->getNumResults() == 1;
}

/// The integer constant `value` is, if it is one that may differ between
/// similar kernels (an integer of at most 64 bits).
std::optional<int64_t> getImmediate(Value value) {
  auto constant = value.getDefiningOp<LLVM::ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto type = dyn_cast<IntegerType>(constant.getType());
  auto attr = dyn_cast<IntegerAttr>(constant.getValue());
  if (!type || !attr || type.getWidth() > 64)
    return std::nullopt;
  return attr.getValue().sextOrTrunc(type.getWidth()).getSExtValue();
}

/// Whether operand `index` of `user` may be a run-time value instead of a
/// constant without making the code much slower: integer arithmetic but
/// divisors (a division by a constant is a multiplication), comparisons,
/// selects, addresses, branch and call operands, stored values, casts,
/// min/max and loop bounds. Not: vector lane indices, alloca sizes,
/// intrinsic operands.
bool takesRunTimeValue(Operation *user, unsigned index) {
  if (isa<LLVM::AddOp, LLVM::SubOp, LLVM::MulOp, LLVM::AndOp, LLVM::OrOp,
          LLVM::XOrOp, LLVM::ShlOp, LLVM::LShrOp, LLVM::AShrOp, LLVM::ICmpOp,
          LLVM::SelectOp, LLVM::GEPOp, LLVM::BrOp, LLVM::CondBrOp, LLVM::CallOp,
          LLVM::SExtOp, LLVM::ZExtOp, LLVM::TruncOp, LLVM::SIToFPOp,
          LLVM::UIToFPOp, LLVM::InsertValueOp, LLVM::SMaxOp, LLVM::SMinOp,
          LLVM::UMaxOp, LLVM::UMinOp>(user))
    return true;
  if (isa<LLVM::SDivOp, LLVM::UDivOp, LLVM::SRemOp, LLVM::URemOp>(user))
    return index == 0;
  if (isa<LLVM::StoreOp>(user))
    return index == 0;
  return user->getName().getStringRef() == "omp.loop_nest";
}

/// A function's blocks and operations (its skipped constants left out) in
/// one order, the same for similar functions.
struct Shape {
  SmallVector<Block *> blocks;
  SmallVector<Operation *> ops;
  /// Each block's parent operation and each operation's block, as
  /// positions (-1: the function).
  SmallVector<int> blockParents, opBlocks;
  llvm::hash_code hash;
};

void collect(Region &region, int parent, Shape &shape) {
  for (Block &block : region) {
    int blockIndex = shape.blocks.size();
    shape.blocks.push_back(&block);
    shape.blockParents.push_back(parent);
    for (Operation &op : block) {
      if (isSkippedConstant(&op))
        continue;
      int opIndex = shape.ops.size();
      shape.ops.push_back(&op);
      shape.opBlocks.push_back(blockIndex);
      for (Region &nested : op.getRegions())
        collect(nested, opIndex, shape);
    }
  }
}

/// Hash of what similar functions share: the operations, their
/// properties, attributes and types, and for each operand whether it is
/// an integer constant (its type), another constant (all of it) or a
/// value.
llvm::hash_code hashOperand(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || !isSkippedConstant(def))
    return llvm::hash_value(value.getType().getAsOpaquePointer());
  if (getImmediate(value))
    return llvm::hash_combine(1, value.getType().getAsOpaquePointer());
  return llvm::hash_combine(2, def->getName(), def->hashProperties(),
                            def->getRawDictionaryAttrs(),
                            value.getType().getAsOpaquePointer());
}

Shape getShape(LLVM::LLVMFuncOp func) {
  Shape shape;
  collect(func.getBody(), -1, shape);
  llvm::hash_code hash =
      llvm::hash_combine(func.getFunctionType().getAsOpaquePointer(),
                         shape.blocks.size(), shape.ops.size());
  for (Block *block : shape.blocks)
    for (Type type : block->getArgumentTypes())
      hash = llvm::hash_combine(hash, type.getAsOpaquePointer());
  for (Operation *op : shape.ops) {
    hash = llvm::hash_combine(hash, op->getName(), op->hashProperties(),
                              op->getRawDictionaryAttrs(),
                              op->getNumSuccessors(), op->getNumRegions());
    for (Type type : op->getResultTypes())
      hash = llvm::hash_combine(hash, type.getAsOpaquePointer());
    for (Value operand : op->getOperands())
      hash = llvm::hash_combine(hash, hashOperand(operand));
  }
  shape.hash = hash;
  return shape;
}

/// A place that uses an integer constant: operand `operand` of the
/// representative's operation number `op`.
struct Site {
  unsigned op, operand;
};

/// The function's attributes but its name.
DictionaryAttr getAttributesButName(LLVM::LLVMFuncOp func) {
  NamedAttrList attrs(func->getAttrDictionary());
  attrs.erase(func.getSymNameAttrName());
  return attrs.getDictionary(func.getContext());
}

/// Compares `other` with the representative `rep` (whose integer
/// constant sites are `sites`); on success, returns `other`'s value at
/// each site.
std::optional<SmallVector<int64_t>>
compare(LLVM::LLVMFuncOp rep, const Shape &repShape, ArrayRef<Site> sites,
        ArrayRef<int64_t> repValues, LLVM::LLVMFuncOp other,
        const Shape &otherShape) {
  if (rep.getFunctionType() != other.getFunctionType() ||
      repShape.blocks.size() != otherShape.blocks.size() ||
      repShape.ops.size() != otherShape.ops.size() ||
      repShape.blockParents != otherShape.blockParents ||
      repShape.opBlocks != otherShape.opBlocks ||
      getAttributesButName(rep) != getAttributesButName(other))
    return std::nullopt;

  // What corresponds to what: blocks, block arguments and results by
  // position.
  IRMapping mapping;
  for (auto [a, b] : llvm::zip_equal(repShape.blocks, otherShape.blocks)) {
    if (a->getArgumentTypes() != b->getArgumentTypes())
      return std::nullopt;
    mapping.map(b, a);
    mapping.map(b->getArguments(), a->getArguments());
  }
  for (auto [a, b] : llvm::zip_equal(repShape.ops, otherShape.ops)) {
    if (a->getName() != b->getName() ||
        a->getNumResults() != b->getNumResults() ||
        a->getResultTypes() != b->getResultTypes())
      return std::nullopt;
    mapping.map(b->getResults(), a->getResults());
  }

  SmallVector<int64_t> values;
  values.reserve(sites.size());
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(repShape.ops, otherShape.ops))) {
    auto [a, b] = pair;
    if (a->getNumOperands() != b->getNumOperands() ||
        a->getNumSuccessors() != b->getNumSuccessors() ||
        a->getNumRegions() != b->getNumRegions() ||
        a->getRawDictionaryAttrs() != b->getRawDictionaryAttrs() ||
        !a->getName().compareOpProperties(a->getPropertiesStorage(),
                                          b->getPropertiesStorage()))
      return std::nullopt;
    for (auto [sa, sb] :
         llvm::zip_equal(a->getSuccessors(), b->getSuccessors()))
      if (mapping.lookupOrNull(sb) != sa)
        return std::nullopt;
    for (auto [i, operands] :
         llvm::enumerate(llvm::zip_equal(a->getOperands(), b->getOperands()))) {
      auto [va, vb] = operands;
      if (va.getType() != vb.getType())
        return std::nullopt;
      if (getImmediate(va)) {
        std::optional<int64_t> ib = getImmediate(vb);
        if (!ib)
          return std::nullopt;
        assert(values.size() < sites.size() &&
               sites[values.size()].op == index &&
               sites[values.size()].operand == i && "sites out of order");
        if (*ib != repValues[values.size()] && !takesRunTimeValue(a, i))
          return std::nullopt;
        values.push_back(*ib);
        continue;
      }
      Operation *da = va.getDefiningOp(), *db = vb.getDefiningOp();
      bool ca = da && isSkippedConstant(da), cb = db && isSkippedConstant(db);
      if (ca != cb)
        return std::nullopt;
      if (ca) {
        if (!OperationEquivalence::isEquivalentTo(
                da, db, OperationEquivalence::IgnoreLocations))
          return std::nullopt;
        continue;
      }
      if (mapping.lookupOrNull(vb) != va)
        return std::nullopt;
    }
  }
  return values;
}

/// A family: the representative, its sites, and each member's values.
struct Family {
  LLVM::LLVMFuncOp rep;
  SmallVector<LLVM::LLVMFuncOp> members; // rep first
  SmallVector<SmallVector<int64_t>> values;

  /// The arguments the family needs: the sites whose values differ, one
  /// argument per distinct (type, values) column; for each site, its
  /// argument (-1: it keeps its constant).
  unsigned countArguments(ArrayRef<Site> sites, const Shape &shape,
                          SmallVectorImpl<int> *argumentOf = nullptr,
                          SmallVectorImpl<Type> *types = nullptr) const {
    std::map<std::pair<const void *, SmallVector<int64_t>>, int> columns;
    for (auto [s, site] : llvm::enumerate(sites)) {
      SmallVector<int64_t> column;
      bool same = true;
      for (const SmallVector<int64_t> &v : values) {
        column.push_back(v[s]);
        same &= v[s] == values.front()[s];
      }
      int argument = -1;
      if (!same) {
        Type type = shape.ops[site.op]->getOperand(site.operand).getType();
        auto [it, inserted] = columns.try_emplace(
            {type.getAsOpaquePointer(), column}, (int)columns.size());
        if (inserted && types)
          types->push_back(type);
        argument = it->second;
      }
      if (argumentOf)
        argumentOf->push_back(argument);
    }
    return columns.size();
  }
};

struct MergeSimilarKernelsPass
    : public nngraph::impl::NNGraphMergeSimilarKernelsPassBase<
          MergeSimilarKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();

    // Functions referenced other than as the callee of an llvm.call (or
    // not private) are left alone: all their calls must be rewritable.
    llvm::StringSet<> otherUses;
    // One walk gives both: the direct calls of each function, and the
    // functions referenced otherwise.
    DenseMap<StringAttr, SmallVector<LLVM::CallOp>> calls;
    auto uses = SymbolTable::getSymbolUses(&module.getBodyRegion());
    if (!uses)
      return;
    for (const SymbolTable::SymbolUse &use : *uses) {
      StringAttr root = use.getSymbolRef().getRootReference();
      auto call = dyn_cast<LLVM::CallOp>(use.getUser());
      if (call && use.getSymbolRef() == call.getCalleeAttr())
        calls[root].push_back(call);
      else
        otherUses.insert(root.getValue());
    }

    // Candidates: private definitions called only directly, and calling
    // no other candidate (a call inside a kernel that is erased would be
    // lost); grouped by the hash of their shape.
    auto isCandidate = [&](LLVM::LLVMFuncOp func) {
      return !func.isExternal() && func.isPrivate() && !func.isVarArg() &&
             !otherUses.contains(func.getSymName());
    };
    SymbolTable symbols(module);
    llvm::SmallPtrSet<Operation *, 8> callers;
    for (auto &[callee, sites] : calls) {
      auto func = symbols.lookup<LLVM::LLVMFuncOp>(callee);
      if (!func || !isCandidate(func))
        continue;
      for (LLVM::CallOp call : sites)
        callers.insert(call->getParentOfType<LLVM::LLVMFuncOp>());
    }
    llvm::MapVector<unsigned, SmallVector<LLVM::LLVMFuncOp>> buckets;
    DenseMap<Operation *, Shape> shapes;
    for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
      if (!isCandidate(func) || callers.contains(func))
        continue;
      Shape shape = getShape(func);
      buckets[static_cast<unsigned>(shape.hash)].push_back(func);
      shapes.try_emplace(func, std::move(shape));
    }

    for (auto &[hash, funcs] : buckets) {
      SmallVector<LLVM::LLVMFuncOp> left = funcs;
      while (left.size() > 1) {
        LLVM::LLVMFuncOp rep = left.front();
        const Shape &repShape = shapes[rep];
        SmallVector<Site> sites;
        SmallVector<int64_t> repValues;
        for (auto [index, op] : llvm::enumerate(repShape.ops))
          for (auto [i, operand] : llvm::enumerate(op->getOperands()))
            if (std::optional<int64_t> value = getImmediate(operand)) {
              sites.push_back({(unsigned)index, (unsigned)i});
              repValues.push_back(*value);
            }
        Family family{rep, {rep}, {repValues}};
        SmallVector<LLVM::LLVMFuncOp> rest;
        for (LLVM::LLVMFuncOp other : llvm::drop_begin(left)) {
          std::optional<SmallVector<int64_t>> values =
              compare(rep, repShape, sites, repValues, other, shapes[other]);
          if (values) {
            family.members.push_back(other);
            family.values.push_back(std::move(*values));
            if (family.countArguments(sites, repShape) <= maxParameters)
              continue;
            family.members.pop_back();
            family.values.pop_back();
          }
          rest.push_back(other);
        }
        if (family.members.size() > 1)
          merge(family, sites, repShape, calls);
        left = std::move(rest);
      }
    }
  }

  /// Gives the representative the family's arguments and makes every call
  /// of a member call it with that member's values.
  void merge(Family &family, ArrayRef<Site> sites, const Shape &shape,
             DenseMap<StringAttr, SmallVector<LLVM::CallOp>> &calls) {
    SmallVector<int> argumentOf;
    SmallVector<Type> types;
    family.countArguments(sites, shape, &argumentOf, &types);
    LLVM::LLVMFuncOp rep = family.rep;
    unsigned first = rep.getNumArguments();
    // LLVMFunctionType has no FunctionType interface for insertArguments:
    // the type, the entry block and the argument attributes by hand.
    LLVM::LLVMFunctionType type = rep.getFunctionType();
    SmallVector<Type> params(type.getParams());
    params.append(types.begin(), types.end());
    rep.setFunctionType(LLVM::LLVMFunctionType::get(type.getReturnType(),
                                                    params, type.isVarArg()));
    if (ArrayAttr argAttrs = rep.getArgAttrsAttr()) {
      SmallVector<Attribute> attrs(argAttrs.getValue());
      attrs.append(types.size(), DictionaryAttr::get(rep.getContext()));
      rep.setArgAttrsAttr(ArrayAttr::get(rep.getContext(), attrs));
    }
    Block &entry = rep.getBody().front();
    for (Type argType : types)
      entry.addArgument(argType, rep.getLoc());

    // Each member's value of each argument.
    SmallVector<SmallVector<int64_t>> arguments(
        family.members.size(), SmallVector<int64_t>(types.size()));
    // A constant shared by several sites is listed (and erased) once.
    llvm::SetVector<Operation *> oldConstants;
    for (auto [s, site] : llvm::enumerate(sites)) {
      int argument = argumentOf[s];
      if (argument < 0)
        continue;
      for (auto [m, values] : llvm::enumerate(family.values))
        arguments[m][argument] = values[s];
      Operation *user = shape.ops[site.op];
      oldConstants.insert(user->getOperand(site.operand).getDefiningOp());
      user->setOperand(site.operand, entry.getArgument(first + argument));
    }
    for (Operation *constant : oldConstants)
      if (constant->use_empty())
        constant->erase();

    SmallVector<LLVM::CallOp> repCalls;
    for (auto [m, member] : llvm::enumerate(family.members)) {
      for (LLVM::CallOp call : calls.lookup(member.getSymNameAttr())) {
        OpBuilder b(call);
        SmallVector<Value> operands(call.getArgOperands());
        for (auto [type, value] : llvm::zip_equal(types, arguments[m]))
          operands.push_back(LLVM::ConstantOp::create(
              b, call.getLoc(), type, b.getIntegerAttr(type, value)));
        auto replacement =
            LLVM::CallOp::create(b, call.getLoc(), rep, operands);
        replacement->setDiscardableAttrs(call->getDiscardableAttrDictionary());
        call->replaceAllUsesWith(replacement);
        call->erase();
        repCalls.push_back(replacement);
      }
      calls.erase(member.getSymNameAttr());
      if (m > 0)
        member->erase();
    }
    calls[rep.getSymNameAttr()] = std::move(repCalls);
  }
};

} // namespace
