//===- FormatRegistry.cpp - the model formats nngraph knows -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the format registry's table and format detection:
// the one list of rows (each contributed by its format folder), lookups by
// name, the name lists that tools and the Python package show, and the
// non-recursive scan of a file's top-level JSON keys that each row's
// `detect` predicate reads.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/Formats/FormatRegistry.h"
#include "nngraph/Target/DOT/DOTFormat.h"
#include "nngraph/Target/LightNet/LightNetFormat.h"
#include "nngraph/Target/NNVM/NNVMFormat.h"
#include "nngraph/Target/RelayViz/RelayVizFormat.h"
#include "nngraph/Target/XOC/XOCFormat.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::nngraph;

//===----------------------------------------------------------------------===//
// The rows
//===----------------------------------------------------------------------===//

ArrayRef<const FormatInfo *> nngraph::getFormats() {
  // One row per format folder. Adding a format: a folder with its
  // <Format>Format.cpp, and its row here.
  static const FormatInfo *const rows[] = {
      &nnvm::getNNVMFormat(), &lightnet::getLightNetFormat(),
      &xoc::getXOCFormat(),   &relayviz::getRelayVizFormat(),
      &dot::getDOTFormat(),
  };
  return rows;
}

const FormatInfo *nngraph::lookupFormat(StringRef name) {
  for (const FormatInfo *f : getFormats())
    if (f->name == name)
      return f;
  return nullptr;
}

const FormatInfo *nngraph::lookupExportFormat(StringRef exportName) {
  for (const FormatInfo *f : getFormats())
    if (f->exportModel && llvm::is_contained(f->exportNames, exportName))
      return f;
  return nullptr;
}

std::vector<std::string> nngraph::getModelFormats() {
  std::vector<std::string> names;
  for (const FormatInfo *f : getFormats())
    if (f->importModel)
      names.push_back(f->name.str());
  names.push_back(kMLIRFormatName.str());
  return names;
}

std::vector<std::string> nngraph::getExportFormats() {
  std::vector<std::string> names;
  for (const FormatInfo *f : getFormats())
    if (f->exportModel)
      for (StringRef name : f->exportNames)
        names.push_back(name.str());
  names.push_back(kMLIRFormatName.str());
  return names;
}

std::string nngraph::joinNames(ArrayRef<std::string> names,
                               StringRef lastSeparator) {
  std::string s;
  for (auto [i, name] : llvm::enumerate(names)) {
    if (i)
      s += i + 1 == names.size() ? lastSeparator.str() : std::string(", ");
    s += name;
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Detection
//===----------------------------------------------------------------------===//

TopLevelKeys nngraph::scanTopLevelKeys(StringRef text) {
  // The importer parses the file afterwards (once, with its nesting bound):
  // detection must not parse it first. Stops at the end of the top-level
  // object; malformed text just ends it.
  TopLevelKeys result;
  unsigned depth = 0, graphDepth = 0;
  bool graphNext = false;
  auto isKeyDepth = [&] {
    return depth == 1 || (graphDepth && depth == graphDepth);
  };
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '{' || c == '[') {
      ++depth;
      if (graphNext && c == '{' && depth == 2)
        graphDepth = depth;
      graphNext = false;
    } else if (c == '}' || c == ']') {
      if (depth == graphDepth)
        graphDepth = 0;
      if (depth <= 1)
        return result;
      --depth;
    } else if (c == '"') {
      size_t begin = ++i;
      while (i < e && text[i] != '"')
        i += text[i] == '\\' ? 2 : 1;
      if (i >= e)
        return result;
      StringRef str = text.slice(begin, i);
      size_t next = text.find_first_not_of(" \t\r\n", i + 1);
      bool isKey = next != StringRef::npos && text[next] == ':';
      if (!isKey || !isKeyDepth())
        continue;
      result.keys.insert(str);
      graphNext = depth == 1 && str == "graph";
      if (str == "format") {
        size_t v = text.find_first_not_of(" \t\r\n", next + 1);
        if (v != StringRef::npos && text[v] == '"')
          result.formatValue = text.slice(v + 1, text.find('"', v + 1)).str();
      }
    }
  }
  return result;
}

std::string nngraph::detectModelFormat(StringRef path, StringRef text) {
  if (path.ends_with(".mlir") || path.ends_with(".mlirbc"))
    return kMLIRFormatName.str();
  StringRef head = text.ltrim();
  // MLIR text starts with a module, a function or an attribute alias; a
  // JSON array is none of the formats. Other text that is not a JSON object
  // goes to the rows with no keys: the fallback row's importer reports the
  // syntax error (or strips comments in lenient mode).
  if (head.starts_with("module") || head.starts_with("func.func") ||
      head.starts_with("#") || head.starts_with("//"))
    return kMLIRFormatName.str();
  if (head.starts_with("["))
    return "";
  TopLevelKeys keys;
  if (head.starts_with("{"))
    keys = scanTopLevelKeys(head);
  SmallVector<const FormatInfo *> rows;
  for (const FormatInfo *f : getFormats())
    if (f->detect)
      rows.push_back(f);
  llvm::stable_sort(rows, [](const FormatInfo *a, const FormatInfo *b) {
    return a->detectOrder < b->detectOrder;
  });
  for (const FormatInfo *f : rows)
    if (f->detect(keys))
      return f->name.str();
  return "";
}
