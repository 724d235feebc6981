// What LightNet cannot express is reported, every operation in one run,
// with the node name and the reason, and nothing is written.
// RUN: not nngraph-translate --export-lightnet %s 2>&1 | FileCheck %s
// CHECK-NOT: "ops"

func.func @main(%x: tensor<1x3x8x8xf32> {nngraph.name = "data"}, %a: tensor<2x3xf32> {nngraph.name = "a"}, %b: tensor<3x4xf32> {nngraph.name = "b"}, %c: tensor<1x3xf32> {nngraph.name = "c"}, %p: i1) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<*xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK: error: {{.*}}lightnet: cannot export graph input 'arg4': LightNet needs a static shape
  // CHECK: error: {{.*}}lightnet: cannot export 'nngraph.matmul' (node 'mm'): the operation has no LightNet counterpart
  %m = nngraph.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("mm")
  // CHECK: error: {{.*}}lightnet: cannot export 'nngraph.kernel_call' (node 'k'): the operation has no LightNet counterpart
  %k = nngraph.kernel_call "fused_dense"(%a, %b) {runtime = "tvm", num_inputs = 2 : i64, num_outputs = 1 : i64, flatten_data = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("k")
  // CHECK: error: {{.*}}lightnet: cannot export 'nngraph.custom' (node 'nms'): custom operator '_contrib_box_nms' of domain 'mxnet' has no LightNet counterpart
  %t = nngraph.custom "_contrib_box_nms"(%a) {domain = "mxnet"} : (tensor<2x3xf32>) -> tensor<*xf32> loc("nms")
  // CHECK: error: {{.*}}lightnet: cannot export 'nngraph.add' (node 'bcast'): LightNet elew needs operands of equal shape (no broadcasting)
  %s = nngraph.add %a, %c : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32> loc("bcast")
  // CHECK: error: {{.*}}lightnet: cannot export 'scf.if' (node 'branch'): LightNet has no control flow
  %r = scf.if %p -> tensor<2x3xf32> {
    scf.yield %a : tensor<2x3xf32>
  } else {
    scf.yield %s : tensor<2x3xf32>
  } loc("branch")
  return %m, %k, %t, %s, %r : tensor<2x4xf32>, tensor<2x4xf32>, tensor<*xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
