// The XOC rows of the bitwise operators, read in both directions: and/not
// of booleans export as ONNX And/Not, of integers as BitwiseAnd/BitwiseNot;
// bit_shift as BitShift with its direction, bitcast as BitCast with `to`.
// Importing gives back the same operations and the file round-trips.
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

// CHECK: nngraph.and %{{.*}}, %{{.*}} {{.*}}: (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: nngraph.and %{{.*}}, %{{.*}} {{.*}}: (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
// CHECK: nngraph.not %{{.*}} {{.*}}: (tensor<4xi1>) -> tensor<4xi1>
// CHECK: nngraph.not %{{.*}} {{.*}}: (tensor<4xui8>) -> tensor<4xui8>
// CHECK: nngraph.bit_shift %{{.*}}, %{{.*}} {left = false{{.*}}} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
// CHECK: nngraph.bitcast %{{.*}} {{.*}}: (tensor<4xi32>) -> tensor<4xf32>

func.func @main(%p: tensor<4xi1> {nngraph.name = "p"},
                %q: tensor<4xi1> {nngraph.name = "q"},
                %x: tensor<4xui8> {nngraph.name = "x"},
                %y: tensor<4xui8> {nngraph.name = "y"},
                %i: tensor<4xi32> {nngraph.name = "i"})
    -> (tensor<4xi1>, tensor<4xui8>, tensor<4xf32>)
    attributes {nngraph.output_names = ["b", "u", "f"]} {
  %0 = nngraph.and %p, %q : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1> loc("and")
  %1 = nngraph.and %x, %y : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8> loc("band")
  %2 = nngraph.not %0 : (tensor<4xi1>) -> tensor<4xi1> loc("not")
  %3 = nngraph.not %1 : (tensor<4xui8>) -> tensor<4xui8> loc("bnot")
  %4 = nngraph.bit_shift %3, %y {left = false} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8> loc("shift")
  %5 = nngraph.bitcast %i : (tensor<4xi32>) -> tensor<4xf32> loc("bitcast")
  return %2, %4, %5 : tensor<4xi1>, tensor<4xui8>, tensor<4xf32>
}
