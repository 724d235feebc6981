//===- InputShapeSpec.cpp - the command-line spelling of input shapes -----===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements parseInputShape, the one parser of the command-line
// spelling of a graph input's shape ("data=1x3x224x224", "x=2x?xf16"). It
// sits below every format library so that each command line (nngraph-run,
// the Python package, a format's translate options) parses the spelling
// into typed InputShapes once, and importers take only the typed form.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/Formats/FormatInfo.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::nngraph;

llvm::Error nngraph::parseInputShape(StringRef spec, InputShapes &shapes) {
  auto [name, shapeText] = spec.split('=');
  SmallVector<StringRef> dims;
  shapeText.split(dims, 'x');
  InputShape shape;
  bool ok = !name.empty() && !shapeText.empty();
  for (auto [i, d] : llvm::enumerate(dims)) {
    int64_t v;
    if (d == "?")
      shape.dims.push_back(ShapedType::kDynamic);
    else if (!d.getAsInteger(10, v) && v >= 0)
      shape.dims.push_back(v);
    else if (i + 1 == dims.size() && i > 0 && !d.empty())
      shape.dtype = d.str(); // The format's importer checks the name.
    else
      ok = false;
  }
  if (!ok)
    return llvm::createStringError(
        "invalid --input-shape '" + spec +
        "' (expected name=1x3x224x224, optionally with a trailing element "
        "type such as xf16)");
  shapes[name.str()] = std::move(shape);
  return llvm::Error::success();
}
