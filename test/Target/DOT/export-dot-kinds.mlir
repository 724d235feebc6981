// Custom operators show their source operator and format, kernel calls
// their function, regions become clusters, and names are escaped.
// RUN: nngraph-translate --export-dot %s | FileCheck %s
// RUN: not nngraph-translate --export-dot %S/Inputs/two-functions.mlir 2>&1 | FileCheck %s --check-prefix=NOMAIN

// CHECK: [shape=ellipse, label="x \"quoted\"\ninput"];
func.func @main(%x: tensor<2xf32> {nngraph.name = "x \"quoted\""}, %c: tensor<i1> {nngraph.name = "cond"}) -> tensor<*xf32> {
  // CHECK: [[K:n[0-9]+]] [label="k1\nkernel fused_add", style="rounded,filled", fillcolor="#fff2cc"];
  %k = nngraph.kernel_call "fused_add"(%x) {runtime = "tvm", num_inputs = 1 : i64, num_outputs = 1 : i64, flatten_data = false} : (tensor<2xf32>) -> tensor<2xf32> loc("k1")
  // CHECK: [[C:n[0-9]+]] [label="nms\n_contrib_box_nms (mxnet)", style="rounded,filled", fillcolor="#fff2cc"];
  // CHECK-NEXT: [[K]] -> [[C]] [label="2xf32"];
  %u = nngraph.custom "_contrib_box_nms"(%k) {domain = "mxnet"} : (tensor<2xf32>) -> tensor<*xf32> loc("nms")
  %b = tensor.extract %c[] : tensor<i1>
  // CHECK: [[IF:n[0-9]+]] [label="branch\nscf.if"];
  // CHECK: subgraph cluster_[[IF]]_0 {
  // CHECK-NEXT: label="scf.if region 0";
  // CHECK: [label="then\nrelu"];
  // CHECK: subgraph cluster_[[IF]]_1 {
  %r = scf.if %b -> tensor<2xf32> {
    %t = nngraph.relu %k : (tensor<2xf32>) -> tensor<2xf32> loc("then")
    scf.yield %t : tensor<2xf32>
  } else {
    scf.yield %k : tensor<2xf32>
  } loc("branch")
  return %u : tensor<*xf32>
}
// NOMAIN: error: dot: expected a function named 'main' or exactly one function
