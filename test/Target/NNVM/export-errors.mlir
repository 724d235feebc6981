// What a flavour cannot express is reported, every operation in one run,
// with the node name and the reason, and nothing is written.
// RUN: not nngraph-translate --export-nnvm --nnvm-flavor=mxnet %s 2>&1 | FileCheck %s --check-prefix=MXNET
// RUN: not nngraph-translate --export-nnvm --nnvm-flavor=tvm %s 2>&1 | FileCheck %s --check-prefix=TVM

func.func @main(%x: tensor<1x3x8x8xf32> {nngraph.name = "data"}, %w: tensor<4x3x3x3xf32> {nngraph.name = "w"}, %a: tensor<2x3xf32> {nngraph.name = "a"}, %b: tensor<3x4xf32> {nngraph.name = "b"}) -> (tensor<1x4x7x7xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<*xf32>) {
  // MXNET: error: {{.*}}mxnet: cannot export 'nngraph.conv' (node 'asym'): asymmetric pads have no MXNet Convolution form
  %c = nngraph.conv %x, %w {pads = array<i64: 0, 0, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x7x7xf32> loc("asym")
  // MXNET: error: {{.*}}mxnet: cannot export 'nngraph.gemm' (node 'scaled'): only Gemm with trans_b and alpha = beta = 1 is an MXNet FullyConnected
  %g = nngraph.gemm %a, %b {alpha = 2.0 : f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("scaled")
  // MXNET: error: {{.*}}mxnet: cannot export kernel call 'fused_dense' (node 'k') as mxnet: only TVM graph-executor JSON calls kernels
  %k = nngraph.kernel_call "fused_dense"(%a, %b) {runtime = "tvm", num_inputs = 2 : i64, num_outputs = 1 : i64, flatten_data = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("k")
  // MXNET: error: {{.*}}mxnet: cannot export custom operator 'TopK' of format 'onnx' (node 'topk'): it is not an MXNet/NNVM operator
  %t = nngraph.custom "TopK"(%a) {domain = "onnx"} : (tensor<2x3xf32>) -> tensor<*xf32> loc("topk")
  // TVM: error: {{.*}}tvm-graph: cannot export 'nngraph.conv' (node 'asym'): TVM graph-executor JSON only calls compiled kernels (tvm_op); compile the model with TVM first
  // TVM: error: {{.*}}tvm-graph: cannot export 'nngraph.gemm' (node 'scaled')
  // TVM-NOT: fused_dense
  // TVM: error: {{.*}}tvm-graph: cannot export custom operator 'TopK' of format 'onnx'
  return %c, %g, %k, %t : tensor<1x4x7x7xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<*xf32>
}
