//===- NodeBinder.cpp - what an operator handler sees of a node -----------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements NodeBinder: typed reading of a node's attributes in
// either spelling, diagnostics with JSON paths and node names, and the
// creation of typed operations through GraphBuilder::createOp.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/Common/NodeBinder.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/JSONSupport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::nngraph;

NodeBinder::NodeBinder(GraphBuilder &gb, GraphBuilder::NodeRef node,
                       Location loc, Spelling spelling)
    : gb(gb), b(gb.getBuilder()), node(node), loc(loc), spelling(spelling),
      attrsPath(jsonPath(node.path, "attrs")) {}

NodeBinder::~NodeBinder() = default;

void NodeBinder::addAttr(StringRef key, const llvm::json::Value *value,
                         std::string path) {
  Attr attr;
  attr.json = value;
  attr.path = std::move(path);
  attrs.emplace_back(key.str(), std::move(attr));
}

void NodeBinder::addAttr(StringRef key, const std::string *text,
                         std::string path) {
  Attr attr;
  attr.text = text;
  attr.path = std::move(path);
  attrs.emplace_back(key.str(), std::move(attr));
}

void NodeBinder::addAttrs(const llvm::json::Object &object,
                          StringRef objectPath) {
  attrsPath = objectPath.str();
  for (const auto &[key, value] : object)
    addAttr(key.str(), &value, jsonPath(objectPath, key.str()));
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

void NodeBinder::error(StringRef path, const llvm::Twine &message) {
  failed = true;
  gb.emitNodeError(node.name, path, message);
}

std::string NodeBinder::attrPath(StringRef key) const {
  if (const Attr *attr = findAttr(key))
    return attr->path;
  return jsonPath(attrsPath, key);
}

void NodeBinder::badAttr(StringRef key, StringRef what) {
  const Attr *attr = findAttr(key);
  if (attr && attr->text)
    return error(attr->path,
                 "expected " + what + ", got \"" + *attr->text + "\"");
  error(attrPath(key), "expected " + what + ", got " +
                           (attr && attr->json ? describeKind(*attr->json)
                                               : StringRef("nothing")));
}

bool NodeBinder::checkEnum(StringRef key, StringRef value,
                           ArrayRef<StringRef> allowed) {
  if (llvm::is_contained(allowed, value))
    return true;
  error(attrPath(key), "unsupported value \"" + value + "\" (expected one of " +
                           llvm::join(allowed, ", ") + ")");
  return false;
}

bool NodeBinder::checkInts(StringRef key, ArrayRef<int64_t> values,
                           int64_t count, int64_t least, StringRef what) {
  if (int64_t(values.size()) == count &&
      llvm::all_of(values, [&](int64_t v) { return v >= least; }))
    return true;
  badAttr(key, what);
  return false;
}

//===----------------------------------------------------------------------===//
// Reading one value
//===----------------------------------------------------------------------===//

const NodeBinder::Attr *NodeBinder::findAttr(StringRef key) const {
  for (const auto &[name, attr] : attrs)
    if (name == key)
      return &attr;
  return nullptr;
}

bool NodeBinder::has(StringRef key) const {
  const Attr *attr = findAttr(key);
  return attr && (attr->text ||
                  (attr->json && (nullIsValue || attr->json->kind() !=
                                                     llvm::json::Value::Null)));
}

std::optional<int64_t> NodeBinder::readInt(const Attr &attr) {
  if (attr.text) {
    FailureOr<int64_t> v = parseMXInt(*attr.text);
    if (succeeded(v))
      return *v;
  } else if (std::optional<int64_t> v = attr.json->getAsInteger()) {
    return v;
  }
  return std::nullopt;
}

std::optional<double> NodeBinder::readFloat(const Attr &attr) {
  if (attr.text) {
    FailureOr<double> v = parseMXFloat(*attr.text);
    if (succeeded(v))
      return *v;
  } else if (std::optional<double> v = attr.json->getAsNumber()) {
    return v;
  }
  return std::nullopt;
}

std::optional<bool> NodeBinder::readBool(const Attr &attr) {
  if (attr.text) {
    FailureOr<bool> v = parseMXBool(*attr.text);
    if (succeeded(v))
      return *v;
    return std::nullopt;
  }
  if (std::optional<bool> v = attr.json->getAsBoolean())
    return v;
  if (std::optional<int64_t> i = attr.json->getAsInteger();
      i && (*i == 0 || *i == 1))
    return *i == 1;
  return std::nullopt;
}

std::optional<std::string> NodeBinder::readString(const Attr &attr) {
  if (attr.text)
    return *attr.text;
  if (std::optional<StringRef> s = attr.json->getAsString())
    return s->str();
  return std::nullopt;
}

std::optional<SmallVector<std::optional<int64_t>>>
NodeBinder::readOptInts(const Attr &attr, bool allowNull) {
  if (attr.text) {
    auto v = parseMXTuple(*attr.text);
    if (mlir::failed(v))
      return std::nullopt;
    return *v;
  }
  const llvm::json::Value &value = *attr.json;
  if (std::optional<int64_t> i = value.getAsInteger(); i && scalarAsList)
    return SmallVector<std::optional<int64_t>>{*i};
  const llvm::json::Array *array = value.getAsArray();
  if (!array)
    return std::nullopt;
  SmallVector<std::optional<int64_t>> result;
  for (auto [i, item] : llvm::enumerate(*array)) {
    if (item.kind() == llvm::json::Value::Null && allowNull) {
      result.push_back(std::nullopt);
      continue;
    }
    std::optional<int64_t> n = item.getAsInteger();
    if (!n) {
      error(jsonPath(attr.path, i),
            "expected integer, got " + describeKind(item));
      return std::nullopt;
    }
    result.push_back(*n);
  }
  return result;
}

std::optional<SmallVector<int64_t>> NodeBinder::readInts(const Attr &attr) {
  std::optional<SmallVector<std::optional<int64_t>>> items =
      readOptInts(attr, /*allowNull=*/false);
  if (!items)
    return std::nullopt;
  SmallVector<int64_t> result;
  for (auto [i, item] : llvm::enumerate(*items)) {
    if (!item) {
      if (attr.text)
        error(attr.path, "expected tuple of integers without None, got \"" +
                             *attr.text + "\"");
      else
        error(jsonPath(attr.path, i), "expected integer, got null");
      return std::nullopt;
    }
    result.push_back(*item);
  }
  return result;
}

std::optional<SmallVector<double>> NodeBinder::readFloats(const Attr &attr) {
  SmallVector<double> result;
  if (attr.text) {
    StringRef text = StringRef(*attr.text).trim();
    if ((text.starts_with("(") && text.ends_with(")")) ||
        (text.starts_with("[") && text.ends_with("]")))
      text = text.drop_front().drop_back();
    SmallVector<StringRef> items;
    text.split(items, ',', -1, /*KeepEmpty=*/false);
    for (StringRef item : items) {
      FailureOr<double> v = parseMXFloat(item.trim());
      if (mlir::failed(v))
        return std::nullopt;
      result.push_back(*v);
    }
    return result;
  }
  const llvm::json::Value &value = *attr.json;
  if (std::optional<double> d = value.getAsNumber(); d && scalarAsList)
    return SmallVector<double>{*d};
  const llvm::json::Array *array = value.getAsArray();
  if (!array)
    return std::nullopt;
  for (auto [i, item] : llvm::enumerate(*array)) {
    std::optional<double> v = item.getAsNumber();
    if (!v) {
      error(jsonPath(attr.path, i),
            "expected number, got " + describeKind(item));
      return std::nullopt;
    }
    result.push_back(*v);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

namespace {
/// Reads `attr` (attribute `key` of `binder`) with `read`; when malformed,
/// reports "expected <what>" (unless `read` reported an item already), marks
/// the node failed and returns nullopt. The one reading path of every
/// accessor, with a default or required.
template <typename T, typename ReadFn>
std::optional<T> readChecked(NodeBinder &binder, StringRef key,
                             const NodeBinder::Attr &attr, StringRef what,
                             ReadFn read) {
  unsigned before = binder.gb.getNumErrors();
  if (auto v = read(attr))
    return *v;
  if (binder.gb.getNumErrors() == before)
    binder.badAttr(key, what);
  binder.failed = true;
  return std::nullopt;
}

/// `dflt` when attribute `key` is absent or malformed (reported).
template <typename T, typename ReadFn>
T readOr(NodeBinder &binder, StringRef key, StringRef what, T dflt,
         ReadFn read) {
  if (!binder.has(key))
    return dflt;
  std::optional<T> v =
      readChecked<T>(binder, key, *binder.findAttr(key), what, read);
  return v ? std::move(*v) : std::move(dflt);
}
} // namespace

const NodeBinder::Attr *NodeBinder::required(StringRef key) {
  if (has(key))
    return findAttr(key);
  error(attrsPath, "missing " + attrNoun + " '" + key + "'");
  return nullptr;
}

int64_t NodeBinder::getInt(StringRef key, int64_t dflt) {
  return readOr<int64_t>(*this, key, "integer", dflt,
                         [&](const Attr &a) { return readInt(a); });
}

double NodeBinder::getFloat(StringRef key, double dflt) {
  return readOr<double>(*this, key, "number", dflt,
                        [&](const Attr &a) { return readFloat(a); });
}

bool NodeBinder::getBool(StringRef key, bool dflt) {
  StringRef what =
      spelling == Spelling::MXNetString ? "boolean (True/False)" : "boolean";
  return readOr<bool>(*this, key, what, dflt,
                      [&](const Attr &a) { return readBool(a); });
}

std::string NodeBinder::getString(StringRef key, StringRef dflt) {
  return readOr<std::string>(*this, key, "string", dflt.str(),
                             [&](const Attr &a) { return readString(a); });
}

SmallVector<int64_t> NodeBinder::getInts(StringRef key,
                                         ArrayRef<int64_t> dflt) {
  StringRef what = spelling == Spelling::MXNetString ? "tuple of integers"
                                                     : "array of integers";
  return readOr<SmallVector<int64_t>>(
      *this, key, what, SmallVector<int64_t>(dflt),
      [&](const Attr &a) { return readInts(a); });
}

SmallVector<double> NodeBinder::getFloats(StringRef key,
                                          ArrayRef<double> dflt) {
  StringRef what = spelling == Spelling::MXNetString ? "tuple of numbers"
                                                     : "array of numbers";
  return readOr<SmallVector<double>>(
      *this, key, what, SmallVector<double>(dflt),
      [&](const Attr &a) { return readFloats(a); });
}

SmallVector<std::optional<int64_t>>
NodeBinder::getOptInts(StringRef key, ArrayRef<std::optional<int64_t>> dflt) {
  StringRef what = spelling == Spelling::MXNetString ? "tuple of integers"
                                                     : "array of integers";
  return readOr<SmallVector<std::optional<int64_t>>>(
      *this, key, what, SmallVector<std::optional<int64_t>>(dflt),
      [&](const Attr &a) { return readOptInts(a); });
}

namespace {
/// The required form of readOr: nullopt when absent (reported) or
/// malformed.
template <typename T, typename ReadFn>
std::optional<T> readRequired(NodeBinder &binder, StringRef key,
                              const NodeBinder::Attr *attr, StringRef what,
                              ReadFn read) {
  if (!attr)
    return std::nullopt;
  return readChecked<T>(binder, key, *attr, what, read);
}
} // namespace

std::optional<int64_t> NodeBinder::requireInt(StringRef key) {
  return readRequired<int64_t>(*this, key, required(key), "integer",
                               [&](const Attr &a) { return readInt(a); });
}

std::optional<double> NodeBinder::requireFloat(StringRef key) {
  return readRequired<double>(*this, key, required(key), "number",
                              [&](const Attr &a) { return readFloat(a); });
}

std::optional<bool> NodeBinder::requireBool(StringRef key) {
  StringRef what =
      spelling == Spelling::MXNetString ? "boolean (True/False)" : "boolean";
  return readRequired<bool>(*this, key, required(key), what,
                            [&](const Attr &a) { return readBool(a); });
}

std::optional<std::string> NodeBinder::requireString(StringRef key) {
  return readRequired<std::string>(
      *this, key, required(key), "string",
      [&](const Attr &a) { return readString(a); });
}

std::optional<SmallVector<int64_t>> NodeBinder::requireInts(StringRef key) {
  StringRef what = spelling == Spelling::MXNetString ? "tuple of integers"
                                                     : "array of integers";
  return readRequired<SmallVector<int64_t>>(
      *this, key, required(key), what,
      [&](const Attr &a) { return readInts(a); });
}

std::optional<SmallVector<double>> NodeBinder::requireFloats(StringRef key) {
  StringRef what = spelling == Spelling::MXNetString ? "tuple of numbers"
                                                     : "array of numbers";
  return readRequired<SmallVector<double>>(
      *this, key, required(key), what,
      [&](const Attr &a) { return readFloats(a); });
}

//===----------------------------------------------------------------------===//
// Building
//===----------------------------------------------------------------------===//

NamedAttribute NodeBinder::named(StringRef name, Attribute attr) {
  return b.getNamedAttr(name, attr);
}

NamedAttribute NodeBinder::i64(StringRef name, int64_t value) {
  return named(name, b.getI64IntegerAttr(value));
}

NamedAttribute NodeBinder::i64s(StringRef name, ArrayRef<int64_t> values) {
  return named(name, b.getDenseI64ArrayAttr(values));
}

NamedAttribute NodeBinder::f32(StringRef name, double value) {
  return named(name, b.getF32FloatAttr(value));
}

NamedAttribute NodeBinder::flag(StringRef name, bool value) {
  return named(name, b.getBoolAttr(value));
}

Value NodeBinder::fill(RankedTensorType type, double value) {
  Type element = type.getElementType();
  Attribute scalar =
      isa<FloatType>(element)
          ? Attribute(b.getFloatAttr(element, value))
          : Attribute(b.getIntegerAttr(element, static_cast<int64_t>(value)));
  return ConstantOp::create(
      b, loc, cast<ElementsAttr>(DenseElementsAttr::get(type, scalar)));
}

Value NodeBinder::splat(double value, Type elementType) {
  return fill(RankedTensorType::get({}, elementType), value);
}

Operation *NodeBinder::create(StringRef opName, ValueRange operands,
                              ArrayRef<NamedAttribute> attrs,
                              unsigned numResults) {
  Operation *op = gb.createOp(node, loc, opName, operands, attrs, numResults);
  if (!op)
    failed = true;
  return op;
}

Value NodeBinder::create1(StringRef opName, ValueRange operands,
                          ArrayRef<NamedAttribute> attrs, Type declaredType) {
  Operation *op =
      gb.createOp(node, loc, opName, operands, attrs, /*numResults=*/1,
                  declaredType ? TypeRange(declaredType) : TypeRange());
  if (!op) {
    failed = true;
    return nullptr;
  }
  return op->getResult(0);
}
