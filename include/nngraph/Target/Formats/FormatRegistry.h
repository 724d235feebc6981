//===- FormatRegistry.h - the model formats nngraph knows -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the format registry: the list of FormatInfo rows (one
// per format folder) and everything that picks a format by name or by
// content: detection, model loading (with MLIR text and bytecode as a
// pseudo-format), export by name, weights files and translation
// registration. Tools, the Python package and InitAll read formats from here
// only; adding a format adds a folder and one row to getFormats().
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_FORMATS_FORMATREGISTRY_H
#define NNGRAPH_TARGET_FORMATS_FORMATREGISTRY_H

#include "nngraph/Target/Formats/FormatInfo.h"

#include "llvm/Support/Error.h"

namespace mlir {
namespace nngraph {

/// The name of the pseudo-format of MLIR text and bytecode files.
inline constexpr llvm::StringLiteral kMLIRFormatName = "mlir";

/// Every format row, in the order lists show them.
llvm::ArrayRef<const FormatInfo *> getFormats();

/// The row named `name`, or null.
const FormatInfo *lookupFormat(llvm::StringRef name);

/// The row whose exporter writes `exportName`, or null (also for "mlir").
const FormatInfo *lookupExportFormat(llvm::StringRef exportName);

/// The formats loadModel reads: the rows with an importer, then "mlir".
std::vector<std::string> getModelFormats();

/// The names exportModel writes: every row's export names, then "mlir".
std::vector<std::string> getExportFormats();

/// "a, b, c or d" (`lastSeparator` " or "), for messages and help text.
std::string joinNames(llvm::ArrayRef<std::string> names,
                      llvm::StringRef lastSeparator = " or ");

/// Scans the top-level keys of the JSON object in `text` (see TopLevelKeys)
/// without building a DOM and without recursion: deep or malformed text
/// just ends the scan.
TopLevelKeys scanTopLevelKeys(llvm::StringRef text);

/// The format of a model file from its path and content: "mlir" for MLIR,
/// a row's name, or "" when the content is JSON of none of the formats.
std::string detectModelFormat(llvm::StringRef path, llvm::StringRef text);

struct LoadOptions {
  /// One of getModelFormats(); empty: detected from the content.
  std::string format;
  ModelImportOptions import;
};

/// Imports the model in `sourceMgr`'s main buffer with the row of its
/// format (or parses it as MLIR). Returns null after reporting diagnostics.
OwningOpRef<ModuleOp> loadModel(llvm::SourceMgr &sourceMgr,
                                MLIRContext *context,
                                const LoadOptions &options);

/// Writes `module` as `exportName` (one of getExportFormats()). An unknown
/// name or weights asked of a format that writes none are errors at the
/// module's location.
LogicalResult exportModel(ModuleOp module, llvm::StringRef exportName,
                          llvm::raw_ostream &os,
                          const ModelExportOptions &options);

/// Reads the weights file `path` with the reader of `format` when it has
/// one, else with the first row that reads weights files. Reports problems
/// as errors at `loc`; null after errors.
std::unique_ptr<WeightFile> readWeightFile(llvm::StringRef path, Location loc,
                                           llvm::StringRef format = "");

/// Registers the translations of every row with nngraph-translate.
void registerFormatTranslations();

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_FORMATS_FORMATREGISTRY_H
