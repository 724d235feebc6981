// XOC rows read in both directions: and/not of booleans export as ONNX
// And/Not, of integers as BitwiseAnd/BitwiseNot; bit_shift as BitShift with
// its direction, bitcast as BitCast with `to`; the scatters with their axis
// and reduction; einsum with its equation; grid_sample with its modes. Importing gives back the same
// operations and the file round-trips.
// RUN: nngraph-translate --export-xoc %s -o %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: nngraph-translate --import-xoc %t.json --mlir-print-debuginfo -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: nngraph-translate --export-xoc %t.mlir -o %t.2.json
// RUN: diff %t.json %t.2.json

// JSON: "name": "And"
// JSON: "name": "BitwiseAnd"
// JSON: "name": "Not"
// JSON: "name": "BitwiseNot"
// JSON: "name": "BitShift"
// JSON: "direction": "RIGHT"
// JSON: "name": "BitCast"
// JSON: "to": 1
// JSON: "name": "ScatterElements"
// JSON: "reduction": "max"
// JSON: "name": "ScatterND"
// JSON: "name": "Einsum"
// JSON: "equation": "bij,bjk->bik"
// JSON: "name": "GridSample"
// JSON: "mode": "cubic"
// JSON: "padding_mode": "reflection"

// CHECK: nngraph.and %{{.*}}, %{{.*}} {{.*}}: (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: nngraph.and %{{.*}}, %{{.*}} {{.*}}: (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
// CHECK: nngraph.not %{{.*}} {{.*}}: (tensor<4xi1>) -> tensor<4xi1>
// CHECK: nngraph.not %{{.*}} {{.*}}: (tensor<4xui8>) -> tensor<4xui8>
// CHECK: nngraph.bit_shift %{{.*}}, %{{.*}} {left = false{{.*}}} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
// CHECK: nngraph.bitcast %{{.*}} {{.*}}: (tensor<4xi32>) -> tensor<4xf32>
// CHECK: nngraph.scatter_elements {{.*}}axis = 1 : i64{{.*}}reduction = #nngraph.scatter_reduction<max>
// CHECK: nngraph.scatter_nd {{.*}}: (tensor<4x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<4x4xf32>
// CHECK: nngraph.einsum {{.*}}equation = "bij,bjk->bik"{{.*}} : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
// CHECK: nngraph.grid_sample {{.*}}mode = #nngraph.grid_sample_mode<cubic>{{.*}}padding_mode = #nngraph.grid_padding<reflection>{{.*}} : (tensor<1x2x4x3xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>

func.func @main(%p: tensor<4xi1> {nngraph.name = "p"},
                %q: tensor<4xi1> {nngraph.name = "q"},
                %x: tensor<4xui8> {nngraph.name = "x"},
                %y: tensor<4xui8> {nngraph.name = "y"},
                %i: tensor<4xi32> {nngraph.name = "i"},
                %d: tensor<4x4xf32> {nngraph.name = "d"},
                %ei: tensor<2x4xi64> {nngraph.name = "ei"},
                %eu: tensor<2x4xf32> {nngraph.name = "eu"},
                %ni: tensor<2x1xi64> {nngraph.name = "ni"},
                %m: tensor<2x4x3xf32> {nngraph.name = "m"},
                %g: tensor<1x2x2x2xf32> {nngraph.name = "g"})
    -> (tensor<4xi1>, tensor<4xui8>, tensor<4xf32>, tensor<2x4x3xf32>, tensor<1x2x2x2xf32>)
    attributes {nngraph.output_names = ["b", "u", "f", "e", "s"]} {
  %0 = nngraph.and %p, %q : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1> loc("and")
  %1 = nngraph.and %x, %y : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8> loc("band")
  %2 = nngraph.not %0 : (tensor<4xi1>) -> tensor<4xi1> loc("not")
  %3 = nngraph.not %1 : (tensor<4xui8>) -> tensor<4xui8> loc("bnot")
  %4 = nngraph.bit_shift %3, %y {left = false} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8> loc("shift")
  %5 = nngraph.bitcast %i : (tensor<4xi32>) -> tensor<4xf32> loc("bitcast")
  %6 = nngraph.scatter_elements %d, %ei, %eu {axis = 1 : i64, reduction = #nngraph.scatter_reduction<max>} : (tensor<4x4xf32>, tensor<2x4xi64>, tensor<2x4xf32>) -> tensor<4x4xf32> loc("se")
  %7 = nngraph.scatter_nd %6, %ni, %eu : (tensor<4x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<4x4xf32> loc("snd")
  %8 = nngraph.reshape %7 {shape = array<i64: 2, 2, 4>} : (tensor<4x4xf32>) -> tensor<2x2x4xf32> loc("r")
  %9 = nngraph.concat %8, %8 {axis = 1 : i64} : (tensor<2x2x4xf32>, tensor<2x2x4xf32>) -> tensor<2x4x4xf32> loc("c")
  %10 = nngraph.einsum %9, %m {equation = "bij,bjk->bik"} : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32> loc("ein")
  %11 = nngraph.reshape %10 {shape = array<i64: 1, 2, 4, 3>} : (tensor<2x4x3xf32>) -> tensor<1x2x4x3xf32> loc("r2")
  %12 = nngraph.grid_sample %11, %g {mode = #nngraph.grid_sample_mode<cubic>, padding_mode = #nngraph.grid_padding<reflection>, align_corners = true} : (tensor<1x2x4x3xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> loc("gs")
  return %2, %4, %5, %10, %12 : tensor<4xi1>, tensor<4xui8>, tensor<4xf32>, tensor<2x4x3xf32>, tensor<1x2x2x2xf32>
}
