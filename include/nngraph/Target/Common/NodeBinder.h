//===- NodeBinder.h - what an operator handler sees of a node ---*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares NodeBinder, the one binder every importer's operator
// handlers use: the node's name, JSON path and source operator, typed
// accessors of its attributes that report a bad value with its JSON path and
// the node's name, small attribute and constant makers, and operation
// creation through GraphBuilder::createOp. Formats derive from it to add how
// they resolve a node's inputs and record its results.
//
// Attribute values come in two spellings: native JSON (LightNet params, XOC
// and RelayViz attributes) and MXNet/NNVM strings in Python literal syntax
// ("(3, 3)", "True"). The accessors read both, so a handler does not care.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_COMMON_NODEBINDER_H
#define NNGRAPH_TARGET_COMMON_NODEBINDER_H

#include "nngraph/Target/Common/GraphBuilder.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>

namespace mlir {
namespace nngraph {

class NodeBinder {
public:
  /// How a format spells attribute values.
  enum class Spelling {
    /// Native JSON values; JSON null counts as absent.
    JSON,
    /// MXNet/NNVM strings: "64", "0.5", "True", "(3, 3)", "(2, None)".
    MXNetString,
  };

  /// One attribute of the node: its value and JSON path.
  struct Attr {
    /// The value (JSON spelling), or null.
    const llvm::json::Value *json = nullptr;
    /// The text (MXNet spelling), or null.
    const std::string *text = nullptr;
    std::string path;
  };

  NodeBinder(GraphBuilder &gb, GraphBuilder::NodeRef node, Location loc,
             Spelling spelling = Spelling::JSON);
  virtual ~NodeBinder();

  /// Declares attribute `key` of the node. `attrsPath` (set once) is where
  /// missing attributes are reported; `noun` names them ("param").
  void addAttr(llvm::StringRef key, const llvm::json::Value *value,
               std::string path);
  void addAttr(llvm::StringRef key, const std::string *text, std::string path);
  /// Adds every member of `attrs`, with paths `<attrsPath>.<key>`.
  void addAttrs(const llvm::json::Object &object, llvm::StringRef objectPath);
  void setAttrsPath(std::string path) { attrsPath = std::move(path); }
  void setAttrNoun(llvm::StringRef noun) { attrNoun = noun.str(); }
  /// Integer lists may be given as one integer (Relay: `strides: 2`).
  void setScalarAsList(bool allow) { scalarAsList = allow; }
  /// JSON null is a value like any other, reported as malformed ("expected
  /// integer, got null"), instead of an absent attribute (LightNet params).
  void setNullIsValue(bool isValue) { nullIsValue = isValue; }

  //===--------------------------------------------------------------------===//
  // Diagnostics
  //===--------------------------------------------------------------------===//

  /// "<format>: <message> at <path> (node '<name>')"; marks the node failed.
  void error(llvm::StringRef path, const llvm::Twine &message);
  /// "expected <what> at <attr path>, got <value>".
  void badAttr(llvm::StringRef key, llvm::StringRef what);
  /// The JSON path of attribute `key` (where it is, or would be).
  std::string attrPath(llvm::StringRef key) const;
  /// Reports and returns false unless `value` is one of `allowed`.
  bool checkEnum(llvm::StringRef key, llvm::StringRef value,
                 llvm::ArrayRef<llvm::StringRef> allowed);
  /// Reports (badAttr: "expected <what>") and returns false unless the
  /// integer list `values` of attribute `key` has `count` items, each at
  /// least `least`. Callers check every attribute before returning, so that
  /// one run reports all of a node's malformed ones.
  bool checkInts(llvm::StringRef key, llvm::ArrayRef<int64_t> values,
                 int64_t count, int64_t least, llvm::StringRef what);

  //===--------------------------------------------------------------------===//
  // Attributes
  //===--------------------------------------------------------------------===//

  const Attr *findAttr(llvm::StringRef key) const;
  /// Present and not JSON null.
  bool has(llvm::StringRef key) const;

  /// `dflt` when absent; reported and `dflt` when malformed.
  int64_t getInt(llvm::StringRef key, int64_t dflt);
  double getFloat(llvm::StringRef key, double dflt);
  bool getBool(llvm::StringRef key, bool dflt);
  std::string getString(llvm::StringRef key, llvm::StringRef dflt);
  SmallVector<int64_t> getInts(llvm::StringRef key,
                               llvm::ArrayRef<int64_t> dflt);
  SmallVector<double> getFloats(llvm::StringRef key,
                                llvm::ArrayRef<double> dflt);
  /// Integer lists whose items may be unknown (MXNet `None`, JSON null).
  SmallVector<std::optional<int64_t>>
  getOptInts(llvm::StringRef key, llvm::ArrayRef<std::optional<int64_t>> dflt);

  /// As above for a required attribute: "missing <noun> '<key>'" at the
  /// attributes' path when absent; nullopt when absent or malformed.
  std::optional<int64_t> requireInt(llvm::StringRef key);
  std::optional<double> requireFloat(llvm::StringRef key);
  std::optional<bool> requireBool(llvm::StringRef key);
  std::optional<std::string> requireString(llvm::StringRef key);
  std::optional<SmallVector<int64_t>> requireInts(llvm::StringRef key);
  std::optional<SmallVector<double>> requireFloats(llvm::StringRef key);

  //===--------------------------------------------------------------------===//
  // Building
  //===--------------------------------------------------------------------===//

  NamedAttribute named(llvm::StringRef name, Attribute attr);
  NamedAttribute i64(llvm::StringRef name, int64_t value);
  NamedAttribute i64s(llvm::StringRef name, llvm::ArrayRef<int64_t> values);
  NamedAttribute f32(llvm::StringRef name, double value);
  NamedAttribute flag(llvm::StringRef name, bool value);

  /// A constant of `type` with every element equal to `value`.
  Value fill(RankedTensorType type, double value);
  /// A rank-0 constant of `elementType` holding `value`.
  Value splat(double value, Type elementType);

  /// Creates a typed operation at the node (GraphBuilder::createOp); marks
  /// the node failed and returns null when it cannot be built.
  Operation *create(llvm::StringRef opName, ValueRange operands,
                    llvm::ArrayRef<NamedAttribute> attrs = {},
                    unsigned numResults = 1);
  template <typename OpTy>
  Value create1(ValueRange operands,
                llvm::ArrayRef<NamedAttribute> attrs = {}) {
    Operation *op = create(OpTy::getOperationName(), operands, attrs);
    return op ? op->getResult(0) : Value();
  }
  /// The single result of operation `opName`, or null. `declaredType` is
  /// the result type of an operation whose type is chosen, not implied
  /// (cast, one_hot, constant); operations that infer theirs ignore it.
  Value create1(llvm::StringRef opName, ValueRange operands,
                llvm::ArrayRef<NamedAttribute> attrs = {},
                Type declaredType = {});

  GraphBuilder &gb;
  OpBuilder &b;
  GraphBuilder::NodeRef node;
  Location loc;
  /// Set once anything about the node was reported.
  bool failed = false;

private:
  std::optional<int64_t> readInt(const Attr &attr);
  std::optional<double> readFloat(const Attr &attr);
  std::optional<bool> readBool(const Attr &attr);
  std::optional<std::string> readString(const Attr &attr);
  /// `allowNull`: null items are unknown (else reported in order).
  std::optional<SmallVector<std::optional<int64_t>>>
  readOptInts(const Attr &attr, bool allowNull = true);
  std::optional<SmallVector<int64_t>> readInts(const Attr &attr);
  std::optional<SmallVector<double>> readFloats(const Attr &attr);
  /// The attribute when present, else reports it missing.
  const Attr *required(llvm::StringRef key);

  Spelling spelling;
  llvm::SmallVector<std::pair<std::string, Attr>, 8> attrs;
  std::string attrsPath;
  std::string attrNoun = "attribute";
  bool scalarAsList = false;
  bool nullIsValue = false;
};

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_COMMON_NODEBINDER_H
