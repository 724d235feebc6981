//===- JSONSupport.h - JSON helpers shared by the importers -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what every JSON importer needs before it knows any
// semantics: reading a file into an llvm::json::Value with a clean diagnostic,
// an error list that collects every structural problem of a file with its
// JSON path, and the decoders of MXNet's string-encoded attribute values
// ("(3, 3)", "True", "2e-05", "None", "[5L, 5L]").
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_COMMON_JSONSUPPORT_H
#define NNGRAPH_TARGET_COMMON_JSONSUPPORT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class Attribute;
class MLIRContext;
class Location;

namespace nngraph {

/// The deepest nesting of arrays and objects a JSON file may have. The
/// formats need fewer than 10 levels; the bound keeps the recursive parser
/// off the stack limit.
inline constexpr unsigned kMaxJSONDepth = 512;

/// Parses the main buffer of `sourceMgr` as JSON. On a syntax error emits
/// "<format>: invalid JSON: [line:col, byte=N]: <reason>" and returns nullopt;
/// nesting deeper than kMaxJSONDepth is such an error, found before parsing.
std::optional<llvm::json::Value>
parseJSONBuffer(llvm::StringRef format, const llvm::SourceMgr &sourceMgr,
                MLIRContext *context);

/// Returns the location of the main buffer of `sourceMgr` (line 1, column 1).
Location getBufferLoc(const llvm::SourceMgr &sourceMgr, MLIRContext *context);

/// Builds JSON paths in the form llvm::json::Path prints: `$.nodes[3].op`.
std::string jsonPath(llvm::StringRef parent, llvm::StringRef field);
std::string jsonPath(llvm::StringRef parent, size_t index);

/// Every problem found in a file, in order, each with its JSON path. The
/// decoders keep going after an error so that one run reports them all.
class JSONErrors {
public:
  /// Records "expected <what> at <path>" (optionally ", got <got>").
  void expected(llvm::StringRef path, llvm::StringRef what,
                llvm::StringRef got = "");
  /// Records a free-form message about `path`.
  void report(llvm::StringRef path, const llvm::Twine &message);
  bool empty() const { return messages.empty(); }
  size_t size() const { return messages.size(); }
  /// Emits one error per problem at `loc`, each prefixed with "<format>: ".
  void emit(llvm::StringRef format, Location loc) const;

private:
  std::vector<std::string> messages;
};

/// The most elements a tensor described by a file may have: 2^40, far above
/// any real model and far below where int64 sizes overflow.
inline constexpr int64_t kMaxTensorElements = int64_t(1) << 40;

/// Checks the sizes of a shape read from a file before any type or buffer is
/// made from it: negative sizes (the unknown marker; callers reject other
/// negative values) are skipped, zero sizes too, and the product of the rest
/// must stay at most kMaxTensorElements. Returns nullopt when it does, else
/// the message "shape [a, b] has more than 2^40 elements".
std::optional<std::string> checkElementCount(llvm::ArrayRef<int64_t> dims);

/// Short description of a JSON value's kind for messages ("string", "array").
llvm::StringRef describeKind(const llvm::json::Value &value);

//===----------------------------------------------------------------------===//
// MXNet/NNVM attribute strings
//===----------------------------------------------------------------------===//

/// "64", "-1". Rejects trailing junk and out-of-range values.
FailureOr<int64_t> parseMXInt(llvm::StringRef text);
/// "0.0001", "2e-05", "1", "-inf" (as strtod).
FailureOr<double> parseMXFloat(llvm::StringRef text);
/// "True"/"False", "true"/"false", "1"/"0".
FailureOr<bool> parseMXBool(llvm::StringRef text);
/// "(3, 3)", "(3,3)", "(2,)", "()", "(-1)", "[5L, 5L]", bare "1"; `None` items
/// become std::nullopt.
FailureOr<SmallVector<std::optional<int64_t>>>
parseMXTuple(llvm::StringRef text);

/// Converts a native JSON value into an attribute that keeps it exactly:
/// integers become i64, other numbers f64, booleans BoolAttr, strings
/// StringAttr, arrays ArrayAttr, objects DictionaryAttr (keys sorted, as
/// MLIR keeps them), null UnitAttr. Used for source attributes of formats
/// with native JSON values (LightNet params, XOC attributes, Relay attrs).
Attribute jsonToAttribute(MLIRContext *context, const llvm::json::Value &value);

/// The inverse of jsonToAttribute; other attributes (typed arrays, dense
/// elements) become the closest JSON value, nullopt if there is none.
std::optional<llvm::json::Value> attributeToJSON(Attribute attr);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_COMMON_JSONSUPPORT_H
