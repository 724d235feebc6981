//===- JSONSupport.cpp - JSON helpers shared by the importers ---*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements JSON reading with diagnostics, the JSON path error
// list, and the decoders of MXNet's string-encoded attribute values.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/Common/JSONSupport.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SourceMgr.h"
#include <cerrno>
#include <cstdlib>

using namespace mlir;
using namespace mlir::nngraph;

Location nngraph::getBufferLoc(const llvm::SourceMgr &sourceMgr,
                               MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  // Line 0 (unknown): diagnostics name the file but do not echo its first
  // line, which in minified JSON is the whole model.
  return FileLineColLoc::get(context, buffer->getBufferIdentifier(), 0, 0);
}

/// Returns the offset of the first '[' or '{' that opens level
/// kMaxJSONDepth + 1 of `text`, or npos. Brackets inside strings do not
/// count; the scan needs no valid JSON (the parser reports the rest).
static size_t findTooDeepNesting(StringRef text) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJSONDepth)
        return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return StringRef::npos;
}

std::optional<llvm::json::Value>
nngraph::parseJSONBuffer(StringRef format, const llvm::SourceMgr &sourceMgr,
                         MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  // llvm::json::parse (and the json::Value destructor) recurse once per
  // level: bound the nesting before parsing so that hostile input cannot
  // overflow the stack.
  StringRef text = buffer->getBuffer();
  size_t tooDeep = findTooDeepNesting(text);
  if (tooDeep != StringRef::npos) {
    StringRef before = text.take_front(tooDeep);
    size_t lineStart = before.rfind('\n');
    lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
    // The position as llvm::json prints it: 1-based line, 0-based column.
    emitError(getBufferLoc(sourceMgr, context))
        << format << ": invalid JSON: [" << before.count('\n') + 1 << ":"
        << tooDeep - lineStart << ", byte=" << tooDeep
        << "]: nesting deeper than " << kMaxJSONDepth << " levels";
    return std::nullopt;
  }
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  if (value)
    return std::move(*value);
  std::string message = llvm::toString(value.takeError());
  emitError(getBufferLoc(sourceMgr, context))
      << format << ": invalid JSON: " << message;
  return std::nullopt;
}

std::string nngraph::jsonPath(StringRef parent, StringRef field) {
  return (parent + "." + field).str();
}

std::string nngraph::jsonPath(StringRef parent, size_t index) {
  return (parent + "[" + llvm::Twine(index) + "]").str();
}

void JSONErrors::expected(StringRef path, StringRef what, StringRef got) {
  std::string message = ("expected " + what + " at " + path).str();
  if (!got.empty())
    message += (", got " + got).str();
  messages.push_back(std::move(message));
}

void JSONErrors::report(StringRef path, const llvm::Twine &message) {
  messages.push_back((message + " at " + path).str());
}

void JSONErrors::emit(StringRef format, Location loc) const {
  for (const std::string &message : messages)
    emitError(loc) << format << ": " << message;
}

std::optional<std::string> nngraph::checkElementCount(ArrayRef<int64_t> dims) {
  int64_t product = 1;
  bool tooMany = false;
  for (int64_t d : dims) {
    if (d <= 0)
      continue;
    if (llvm::MulOverflow(product, d, product) ||
        product > kMaxTensorElements) {
      tooMany = true;
      break;
    }
  }
  if (!tooMany)
    return std::nullopt;
  std::string message = "shape [";
  llvm::raw_string_ostream os(message);
  llvm::interleaveComma(dims, os);
  os << "] has more than 2^40 elements";
  return message;
}

StringRef nngraph::describeKind(const llvm::json::Value &value) {
  switch (value.kind()) {
  case llvm::json::Value::Null:
    return "null";
  case llvm::json::Value::Boolean:
    return "boolean";
  case llvm::json::Value::Number:
    return "number";
  case llvm::json::Value::String:
    return "string";
  case llvm::json::Value::Array:
    return "array";
  case llvm::json::Value::Object:
    return "object";
  }
  return "value";
}

//===----------------------------------------------------------------------===//
// MXNet/NNVM attribute strings
//===----------------------------------------------------------------------===//

FailureOr<int64_t> nngraph::parseMXInt(StringRef text) {
  text = text.trim();
  // Python 2 longs: "64L".
  if (text.ends_with("L") || text.ends_with("l"))
    text = text.drop_back();
  int64_t value;
  if (text.empty() || text.getAsInteger(10, value))
    return failure();
  return value;
}

FailureOr<double> nngraph::parseMXFloat(StringRef text) {
  std::string s = text.trim().str();
  if (s.empty())
    return failure();
  char *end = nullptr;
  errno = 0;
  double value = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || errno == ERANGE)
    return failure();
  return value;
}

FailureOr<bool> nngraph::parseMXBool(StringRef text) {
  text = text.trim();
  if (text == "True" || text == "true" || text == "1")
    return true;
  if (text == "False" || text == "false" || text == "0")
    return false;
  return failure();
}

FailureOr<SmallVector<std::optional<int64_t>>>
nngraph::parseMXTuple(StringRef text) {
  text = text.trim();
  SmallVector<std::optional<int64_t>> items;
  bool bracketed = (text.starts_with("(") && text.ends_with(")")) ||
                   (text.starts_with("[") && text.ends_with("]"));
  if (bracketed)
    text = text.drop_front().drop_back().trim();
  if (text.empty()) {
    if (!bracketed)
      return failure();
    return items;
  }
  SmallVector<StringRef> parts;
  text.split(parts, ',');
  // One trailing comma is allowed: "(2,)".
  if (parts.size() > 1 && parts.back().trim().empty())
    parts.pop_back();
  for (StringRef part : parts) {
    part = part.trim();
    if (part == "None") {
      items.push_back(std::nullopt);
      continue;
    }
    FailureOr<int64_t> value = parseMXInt(part);
    if (failed(value))
      return failure();
    items.push_back(*value);
  }
  return items;
}

//===----------------------------------------------------------------------===//
// Native JSON values as attributes
//===----------------------------------------------------------------------===//

Attribute nngraph::jsonToAttribute(MLIRContext *context,
                                   const llvm::json::Value &value) {
  Builder b(context);
  switch (value.kind()) {
  case llvm::json::Value::Null:
    return b.getUnitAttr();
  case llvm::json::Value::Boolean:
    return b.getBoolAttr(*value.getAsBoolean());
  case llvm::json::Value::Number:
    if (std::optional<int64_t> i = value.getAsInteger())
      return b.getI64IntegerAttr(*i);
    return b.getF64FloatAttr(*value.getAsNumber());
  case llvm::json::Value::String:
    return b.getStringAttr(*value.getAsString());
  case llvm::json::Value::Array: {
    SmallVector<Attribute> items;
    for (const llvm::json::Value &item : *value.getAsArray())
      items.push_back(jsonToAttribute(context, item));
    return b.getArrayAttr(items);
  }
  case llvm::json::Value::Object: {
    SmallVector<NamedAttribute> fields;
    for (const auto &[key, item] : *value.getAsObject())
      fields.push_back(b.getNamedAttr(key, jsonToAttribute(context, item)));
    return b.getDictionaryAttr(fields);
  }
  }
  return b.getUnitAttr();
}

std::optional<llvm::json::Value> nngraph::attributeToJSON(Attribute attr) {
  if (isa<UnitAttr>(attr))
    return llvm::json::Value(nullptr);
  if (auto v = dyn_cast<BoolAttr>(attr))
    return llvm::json::Value(v.getValue());
  if (auto v = dyn_cast<IntegerAttr>(attr)) {
    if (v.getType().isInteger(1))
      return llvm::json::Value(v.getValue().getBoolValue());
    return llvm::json::Value(v.getInt());
  }
  if (auto v = dyn_cast<FloatAttr>(attr))
    return llvm::json::Value(v.getValueAsDouble());
  if (auto v = dyn_cast<StringAttr>(attr))
    return llvm::json::Value(v.str());
  if (auto v = dyn_cast<DenseI64ArrayAttr>(attr)) {
    llvm::json::Array a;
    for (int64_t x : v.asArrayRef())
      a.push_back(x);
    return llvm::json::Value(std::move(a));
  }
  if (auto v = dyn_cast<DenseF32ArrayAttr>(attr)) {
    llvm::json::Array a;
    for (float x : v.asArrayRef())
      a.push_back(static_cast<double>(x));
    return llvm::json::Value(std::move(a));
  }
  if (auto v = dyn_cast<ArrayAttr>(attr)) {
    llvm::json::Array a;
    for (Attribute item : v) {
      std::optional<llvm::json::Value> j = attributeToJSON(item);
      if (!j)
        return std::nullopt;
      a.push_back(std::move(*j));
    }
    return llvm::json::Value(std::move(a));
  }
  if (auto v = dyn_cast<DictionaryAttr>(attr)) {
    llvm::json::Object o;
    for (NamedAttribute field : v) {
      std::optional<llvm::json::Value> j = attributeToJSON(field.getValue());
      if (!j)
        return std::nullopt;
      o[field.getName().str()] = std::move(*j);
    }
    return llvm::json::Value(std::move(o));
  }
  return std::nullopt;
}
