// The exporter reports every operation XOC cannot express, with its node,
// in one run, and writes nothing; constants become weight tensors with their
// values in metadata, other formats' typed operations get their ONNX names.
// RUN: not nngraph-translate --export-xoc %s --mlir-print-debuginfo 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: nngraph-translate --export-xoc %S/Inputs/foreign.mlir | FileCheck %s --check-prefix=OK

// ERR-DAG: error: {{.*}}xoc: cannot export 'nngraph.custom' (node 'box'): a custom operator of domain 'mxnet' has no XOC counterpart
// ERR-DAG: error: {{.*}}xoc: cannot export 'nngraph.kernel_call' (node 'kern'): the operation has no XOC counterpart
// ERR-NOT: "tensors"

func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = nngraph.custom "_contrib_box_nms"(%x) {domain = "mxnet"} : (tensor<4xf32>) -> tensor<4xf32> loc("box")
  %1 = nngraph.kernel_call "fused_add"(%x) {runtime = "tvm", num_inputs = 1 : i64, num_outputs = 1 : i64, flatten_data = false} : (tensor<4xf32>) -> tensor<4xf32> loc("kern")
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// OK:      "id": "fc_weight",
// OK-NEXT: "name": "weight",
// OK:      "value": [
// OK-NEXT:   1,
// OK:      "id": "mul",
// OK-NEXT: "name": "weight",
// OK-NEXT: "shape": [],
// OK:      "value": [
// OK-NEXT:   2
// OK-NEXT: ]
// OK:      "name": "Gemm",
// OK:      "attributes": {
// OK-NEXT:   "transB": 1
// OK-NEXT: }
// OK:      "name": "LeakyRelu",
// OK:      "alpha": 0.1
