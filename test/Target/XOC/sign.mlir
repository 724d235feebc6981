// The XOC row of `nngraph.sign` (ONNX `Sign`), read in both directions: a
// float and an integer sign export as `Sign` nodes and import back as
// nngraph.sign with the same types; the XOC file round-trips unchanged.
// RUN: nngraph-translate --export-xoc %s -o %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: nngraph-translate --import-xoc %t.json --mlir-print-debuginfo -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: nngraph-translate --export-xoc %t.mlir -o %t.2.json
// RUN: diff %t.json %t.2.json

// JSON: "name": "Sign"
// JSON: "name": "Sign"

// CHECK: nngraph.sign %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: nngraph.sign %{{.*}} : (tensor<4xi32>) -> tensor<4xi32>

func.func @main(%x: tensor<2x3xf32> {nngraph.name = "x"},
                %i: tensor<4xi32> {nngraph.name = "i"})
    -> (tensor<2x3xf32>, tensor<4xi32>)
    attributes {nngraph.output_names = ["y", "j"]} {
  %0 = nngraph.sign %x : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("sx")
  %1 = nngraph.sign %i : (tensor<4xi32>) -> tensor<4xi32> loc("si")
  return %0, %1 : tensor<2x3xf32>, tensor<4xi32>
}
