// IR from other importers: what RelayViz cannot express is reported, every
// operation in one run, with its node name and the reason; nothing is written.
// RUN: not nngraph-translate --export-relayviz %s 2>&1 | FileCheck %s
// CHECK-NOT: "format"

func.func @main(%a: tensor<2x3xf32> {nngraph.name = "a"}, %b: tensor<3x4xf32> {nngraph.name = "b"}) -> (tensor<2x4xf32>, tensor<*xf32>, tensor<2x4xf32>) {
  // CHECK: error: {{.*}}relayviz: cannot export 'nngraph.kernel_call' (node 'k'): a precompiled kernel call has no Relay counterpart
  %k = nngraph.kernel_call "fused_dense"(%a, %b) {runtime = "tvm", num_inputs = 2 : i64, num_outputs = 1 : i64, flatten_data = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("k")
  // CHECK: error: {{.*}}relayviz: cannot export 'nngraph.custom' (node 'nms'): custom operator '_contrib_box_nms' of domain 'mxnet' has no RelayViz counterpart
  %c = nngraph.custom "_contrib_box_nms"(%a) {domain = "mxnet"} : (tensor<2x3xf32>) -> tensor<*xf32> loc("nms")
  // CHECK: error: {{.*}}relayviz: cannot export 'nngraph.gemm' (node 'g'): only gemm with trans_b (and alpha = beta = 1) is nn.dense
  %g = nngraph.gemm %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("g")
  // CHECK: error: {{.*}}relayviz: cannot export 'nngraph.print' (node 'p'): no RelayViz counterpart
  nngraph.print %a {message = "a"} : tensor<2x3xf32> loc("p")
  return %k, %c, %g : tensor<2x4xf32>, tensor<*xf32>, tensor<2x4xf32>
}
