//===- DTypes.cpp - the one table of element type spellings -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the dtype table declared in DTypes.h and its lookups.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::nngraph;

namespace {
using K = DTypeInfo::Kind;
/// DLPack type codes.
constexpr uint8_t kDLInt = 0, kDLUInt = 1, kDLFloat = 2, kDLBfloat = 4;
/// Readers of .npy files accept float32 spelled without its byte order.
constexpr llvm::StringLiteral kFloat32Aliases[] = {"=f4", "f4"};

// clang-format off
const DTypeInfo kDTypes[] = {
//  kind         bits name        numpy  numpy aliases    onnx mxnet DLPack          LightNet
    {K::Float,    32, "float32",  "<f4", kFloat32Aliases,  1,  0,  kDLFloat,  32, "TL_FLOAT"},
    {K::Float,    64, "float64",  "<f8", {},              11,  1,  kDLFloat,  64, "TL_DOUBLE"},
    {K::Float,    16, "float16",  "<f2", {},              10,  2,  kDLFloat,  16, ""},
    {K::BFloat,   16, "bfloat16", "",    {},              16, 12,  kDLBfloat, 16, ""},
    {K::Bool,      1, "bool",     "|b1", {},               9,  7,  kDLUInt,    1, "TL_BOOL"},
    {K::Unsigned,  8, "uint8",    "|u1", {},               2,  3,  kDLUInt,    8, "TL_UINT8"},
    {K::Signless,  8, "int8",     "|i1", {},               3,  5,  kDLInt,     8, "TL_INT8"},
    {K::Signless, 16, "int16",    "<i2", {},               5,  8,  kDLInt,    16, "TL_INT16"},
    {K::Signless, 32, "int32",    "<i4", {},               6,  4,  kDLInt,    32, "TL_INT32"},
    {K::Signless, 64, "int64",    "<i8", {},               7,  6,  kDLInt,    64, "TL_INT64"},
};
// clang-format on

template <typename Pred>
const DTypeInfo *find(Pred pred) {
  const DTypeInfo *it = llvm::find_if(kDTypes, pred);
  return it == std::end(kDTypes) ? nullptr : it;
}
} // namespace

Type DTypeInfo::getType(MLIRContext *context) const {
  switch (kind) {
  case Kind::Float:
    return bits == 16   ? Type(Float16Type::get(context))
           : bits == 32 ? Type(Float32Type::get(context))
                        : Type(Float64Type::get(context));
  case Kind::BFloat:
    return BFloat16Type::get(context);
  case Kind::Bool:
  case Kind::Signless:
    return IntegerType::get(context, bits);
  case Kind::Unsigned:
    return IntegerType::get(context, bits, IntegerType::Unsigned);
  }
  return nullptr;
}

ArrayRef<DTypeInfo> nngraph::getDTypes() { return kDTypes; }

const DTypeInfo *nngraph::lookupDType(Type type) {
  if (type.isBF16())
    return find([](const DTypeInfo &d) { return d.kind == K::BFloat; });
  if (isa<FloatType>(type))
    return find([&](const DTypeInfo &d) {
      return d.kind == K::Float && d.bits == type.getIntOrFloatBitWidth();
    });
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer)
    return nullptr;
  unsigned width = integer.getWidth();
  if (width == 1)
    return find([](const DTypeInfo &d) { return d.kind == K::Bool; });
  if (integer.isUnsigned())
    if (const DTypeInfo *d = find([&](const DTypeInfo &d) {
          return d.kind == K::Unsigned && d.bits == width;
        }))
      return d;
  return find([&](const DTypeInfo &d) {
    return d.kind == K::Signless && d.bits == width;
  });
}

const DTypeInfo *nngraph::lookupDTypeByName(StringRef name) {
  return find([&](const DTypeInfo &d) { return d.name == name; });
}

const DTypeInfo *nngraph::lookupDTypeByNumPy(StringRef numpy) {
  if (numpy.empty())
    return nullptr;
  return find([&](const DTypeInfo &d) {
    return d.numpy == numpy || llvm::is_contained(d.numpyAliases, numpy);
  });
}

const DTypeInfo *nngraph::lookupDTypeByONNX(int64_t onnx) {
  return find([&](const DTypeInfo &d) { return d.onnx == onnx; });
}

const DTypeInfo *nngraph::lookupDTypeByMXNet(int64_t flag) {
  return find([&](const DTypeInfo &d) { return d.mxnet == flag; });
}

const DTypeInfo *nngraph::lookupDTypeByDLPack(uint8_t code, uint8_t bits) {
  return find(
      [&](const DTypeInfo &d) { return d.dlCode == code && d.dlBits == bits; });
}

const DTypeInfo *nngraph::lookupDTypeByLightNet(StringRef name) {
  if (name.empty())
    return nullptr;
  return find([&](const DTypeInfo &d) { return d.lightnet == name; });
}

std::string nngraph::getDTypeName(Type type) {
  const DTypeInfo *d = lookupDType(type);
  return d ? d->name.str() : "";
}

Type nngraph::getDTypeElementType(MLIRContext *context, StringRef name) {
  const DTypeInfo *d = lookupDTypeByName(name);
  return d ? d->getType(context) : nullptr;
}
