//===- Diagnostics.cpp - MLIR diagnostics as Python exceptions --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the diagnostic capture of the nngraph._nngraph
// extension declared in Diagnostics.h.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <nanobind/nanobind.h>

namespace nb = nanobind;
using namespace mlir;
using namespace mlir::nngraph::py;

std::string mlir::nngraph::py::formatLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().strref() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (auto name = dyn_cast<NameLoc>(loc)) {
    std::string child = isa<UnknownLoc>(name.getChildLoc())
                            ? std::string()
                            : " (" + formatLocation(name.getChildLoc()) + ")";
    return name.getName().str() + child;
  }
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    std::string s;
    for (Location l : fused.getLocations())
      s += (s.empty() ? "" : ", ") + formatLocation(l);
    return s;
  }
  if (isa<UnknownLoc>(loc))
    return "";
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

static const char *severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

DiagnosticCapture::DiagnosticCapture(MLIRContext *context) : context(context) {
  id = context->getDiagEngine().registerHandler([this](Diagnostic &diag) {
    std::vector<std::tuple<std::string, std::string, std::string>> notes;
    for (Diagnostic &note : diag.getNotes())
      notes.emplace_back(severityName(note.getSeverity()),
                         formatLocation(note.getLocation()), note.str());
    records.emplace_back(severityName(diag.getSeverity()),
                         formatLocation(diag.getLocation()), diag.str(),
                         std::move(notes));
    return success();
  });
}

DiagnosticCapture::~DiagnosticCapture() {
  context->getDiagEngine().eraseHandler(id);
}

void DiagnosticCapture::addError(llvm::StringRef location,
                                 llvm::StringRef message) {
  records.emplace_back(
      "error", location.str(), message.str(),
      std::vector<std::tuple<std::string, std::string, std::string>>{});
}

void DiagnosticCapture::fail(llvm::StringRef what) {
  size_t errors = 0;
  for (const DiagTuple &d : records)
    errors += std::get<0>(d) == "error";
  std::string summary = what.str();
  if (errors == 0)
    summary += " (no diagnostic was reported)";
  else {
    summary +=
        ": " + std::to_string(errors) + (errors == 1 ? " error" : " errors");
    for (const DiagTuple &d : records) {
      if (std::get<0>(d) != "error")
        continue;
      summary += "\n  ";
      if (!std::get<1>(d).empty())
        summary += std::get<1>(d) + ": ";
      summary += std::get<2>(d);
    }
  }
  throw DiagnosticFailure{summary, std::move(records)};
}

void DiagnosticCapture::finish() {
  for (const DiagTuple &d : records) {
    if (std::get<0>(d) != "warning")
      continue;
    std::string text = std::get<1>(d).empty()
                           ? std::get<2>(d)
                           : std::get<1>(d) + ": " + std::get<2>(d);
    if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 2) < 0)
      throw nb::python_error();
  }
  records.clear();
}
