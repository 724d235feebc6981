// A graph input without a ranked type is reported once, as the graph input,
// and the operations that read it are not reported again for it; their own
// problems (a custom operator of another domain) still are. Nothing is
// written.
// RUN: not nngraph-translate --export-xoc %s 2>&1 | FileCheck %s

// CHECK-DAG: error: {{.*}}xoc: cannot export graph input 'w': tensor 'w' of type tensor<*xf32> has no XOC shape and dtype
// CHECK-DAG: error: {{.*}}xoc: cannot export 'nngraph.custom' (node 'q'): a custom operator of domain 'mxnet' has no XOC counterpart
// CHECK-NOT: operand is not a tensor
// CHECK-NOT: "tensors"

func.func @main(%x: tensor<1x4xf32> {nngraph.name = "x"},
                %w: tensor<*xf32> {nngraph.name = "w"}) -> tensor<1x4xf32> {
  %0 = nngraph.custom "QAdd"(%x, %w) {domain = "xoc"} : (tensor<1x4xf32>, tensor<*xf32>) -> tensor<1x4xf32> loc("add")
  %1 = nngraph.relu %0 : (tensor<1x4xf32>) -> tensor<1x4xf32> loc("relu")
  %2 = nngraph.custom "QActivation"(%1) {domain = "mxnet"} : (tensor<1x4xf32>) -> tensor<1x4xf32> loc("q")
  return %2 : tensor<1x4xf32>
}

// The metadata keys of the name extension are reserved.
// RUN: not nngraph-translate --export-xoc %S/Inputs/reserved.mlir 2>&1 | FileCheck %s --check-prefix=RESERVED
// RESERVED-DAG: error: {{.*}}xoc: cannot export graph input 'x': metadata key 'nngraph_name' is reserved for the nngraph name extension
// RESERVED-DAG: error: {{.*}}xoc: cannot export constant 'c': metadata key 'nngraph_name' is reserved for the nngraph name extension
// RESERVED-DAG: error: {{.*}}xoc: cannot export the graph: metadata key 'nngraph_output_names' is reserved for the nngraph name extension
