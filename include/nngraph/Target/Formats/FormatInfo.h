//===- FormatInfo.h - one row of the format registry ------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what a model format contributes to the format registry:
// a FormatInfo row (name, detection from the top-level JSON keys, import,
// export, a weights-file reader, translation registration) and the
// format-neutral types those entry points take: typed import and export
// options, the scanned top-level keys and the tensors of a weights file.
// Each format folder defines its row (lib/Target/<Format>/<Format>Format.cpp)
// from this header alone; the registry (FormatRegistry.h) lists the rows.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_FORMATS_FORMATINFO_H
#define NNGRAPH_TARGET_FORMATS_FORMATINFO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace mlir {
namespace nngraph {

/// What format detection knows of a file: the keys of its top-level JSON
/// object and of that object's "graph" object, and the string value of a
/// "format" key. Read by one scan that builds no DOM (FormatRegistry.cpp).
struct TopLevelKeys {
  llvm::StringSet<> keys;
  std::string formatValue;

  bool contains(llvm::StringRef key) const { return keys.contains(key); }
};

/// The shape (and optionally element type) of one graph input that a file
/// leaves open. ShapedType::kDynamic marks an unknown size.
struct InputShape {
  llvm::SmallVector<int64_t> dims;
  /// Element type as written after the dims ("f16", "float16"); empty for
  /// the format's default.
  std::string dtype;
};

/// Input shapes by input name, in the order given.
using InputShapes =
    llvm::MapVector<std::string, InputShape, llvm::StringMap<unsigned>>;

/// Parses a command-line input shape, "name=1x3x224x224" with `?` for an
/// unknown size and an optional trailing element type ("...xf16"), into
/// `shapes`. The only parser of that spelling, which every command line
/// (nngraph-run, the Python package, a format's translate options) calls;
/// defined below the formats, in NNGraphTargetCommon (InputShapeSpec.cpp).
llvm::Error parseInputShape(llvm::StringRef spec, InputShapes &shapes);

/// Import options every format row understands; each row maps them to its
/// importer's own options and ignores the ones that do not apply.
struct ModelImportOptions {
  /// Unknown operators are errors instead of `nngraph.custom`.
  bool strict = false;
  /// Strip comments and trailing commas before parsing (LightNet).
  bool lenient = false;
  /// Tensors used but never defined become graph inputs (LightNet).
  bool undefinedAsInputs = false;
  /// Shapes of graph inputs the file leaves open.
  InputShapes inputShapes;
  /// A weights file whose values become constants at import; empty: the
  /// weights stay graph inputs, bound at run time.
  std::string weightsPath;
};

/// Export options every format row understands.
struct ModelExportOptions {
  /// Where to write the weights, for rows that write weights files; empty:
  /// none.
  std::string weightsPath;
};

/// One tensor of a weights file: a view of the file's data.
struct WeightTensor {
  /// The variable name in the graph (file-specific prefixes dropped) and
  /// the tensor's key in the file ("arg:fc_weight"), for messages.
  std::string name;
  std::string key;
  /// nngraph's dtype name ("float32").
  std::string dtype;
  llvm::SmallVector<int64_t> shape;
  llvm::ArrayRef<char> data;
};

/// The tensors of a weights file, by variable name. Keeps the file's
/// storage alive.
class WeightFile {
public:
  WeightFile(std::vector<WeightTensor> tensors,
             std::shared_ptr<const void> owner)
      : tensors(std::move(tensors)), owner(std::move(owner)) {
    for (auto [i, t] : llvm::enumerate(this->tensors))
      byName[t.name] = i;
  }

  const WeightTensor *lookup(llvm::StringRef name) const {
    auto it = byName.find(name);
    return it == byName.end() ? nullptr : &tensors[it->second];
  }
  llvm::ArrayRef<WeightTensor> getTensors() const { return tensors; }

private:
  std::vector<WeightTensor> tensors;
  std::shared_ptr<const void> owner;
  llvm::StringMap<size_t> byName;
};

/// One row of the format registry. Entry points a format lacks are null: an
/// export-only format (DOT) has no `detect` and no `importModel`.
struct FormatInfo {
  /// The name `--format` and `load(format=...)` take ("nnvm").
  llvm::StringRef name;
  /// The name in messages and help text ("NNVM").
  llvm::StringRef title;
  /// One line for help text.
  llvm::StringRef description;

  /// Whether a file with these top-level keys is of this format. Rows are
  /// asked in increasing `detectOrder`; the first that says yes wins.
  bool (*detect)(const TopLevelKeys &keys) = nullptr;
  unsigned detectOrder = 0;

  /// Imports the main buffer of `sourceMgr`; null after diagnostics.
  OwningOpRef<ModuleOp> (*importModel)(
      llvm::SourceMgr &sourceMgr, MLIRContext *context,
      const ModelImportOptions &options) = nullptr;
  /// Whether the importer uses ModelImportOptions::inputShapes.
  bool takesInputShapes = false;

  /// The names export accepts (a format family may write several
  /// flavours: "mxnet", "nnvm", "tvm"), and the exporter, which gets the
  /// name it was asked for.
  llvm::ArrayRef<llvm::StringRef> exportNames;
  LogicalResult (*exportModel)(ModuleOp module, llvm::StringRef exportName,
                               llvm::raw_ostream &os,
                               const ModelExportOptions &options) = nullptr;

  /// Reads a weights file of this format (null: the format has none);
  /// reports problems as errors at `loc`. `weightsExtension` names the
  /// files in help text (".params").
  std::unique_ptr<WeightFile> (*readWeights)(llvm::StringRef path,
                                             Location loc) = nullptr;
  llvm::StringRef weightsExtension;
  /// Whether the exporter writes ModelExportOptions::weightsPath.
  bool writesWeights = false;

  /// Registers the format's nngraph-translate translations and options.
  void (*registerTranslations)() = nullptr;
};

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_FORMATS_FORMATINFO_H
