//===- Diagnostics.h - MLIR diagnostics as Python exceptions ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares how the nngraph._nngraph extension collects the MLIR
// diagnostics of a call: DiagnosticCapture records them while alive, raises
// them as a DiagnosticFailure (which the module's exception translator turns
// into nngraph.DiagnosticError) or turns warnings into Python warnings.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_PYTHON_DIAGNOSTICS_H
#define NNGRAPH_PYTHON_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <tuple>
#include <vector>

namespace mlir {
namespace nngraph {
namespace py {

/// One diagnostic as Python sees it: (severity, location, message, notes).
using DiagTuple =
    std::tuple<std::string, std::string, std::string,
               std::vector<std::tuple<std::string, std::string, std::string>>>;

/// Thrown to unwind to the binding layer, which turns it into
/// nngraph.DiagnosticError.
struct DiagnosticFailure {
  std::string summary;
  std::vector<DiagTuple> diagnostics;
};

/// "file:line:col", "node (file:line:col)", ... ("" for unknown).
std::string formatLocation(Location loc);

/// Collects every diagnostic of `context` while alive. `fail` raises them;
/// `finish` turns the warnings of a successful call into Python warnings.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(MLIRContext *context);
  ~DiagnosticCapture();

  /// Adds an error that did not come through the context (llvm::Error).
  void addError(llvm::StringRef location, llvm::StringRef message);

  /// Throws DiagnosticFailure: `what`, then every error recorded.
  [[noreturn]] void fail(llvm::StringRef what);

  /// Issues the recorded warnings as Python UserWarnings.
  void finish();

private:
  MLIRContext *context;
  DiagnosticEngine::HandlerID id;
  std::vector<DiagTuple> records;
};

} // namespace py
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_PYTHON_DIAGNOSTICS_H
