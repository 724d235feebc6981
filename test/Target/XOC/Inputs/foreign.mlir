// IR as another format's importer makes it (no XOC attributes): splat and
// dense constants, an MXNet-style scalar, typed ops with ONNX attributes.
module {
  func.func @main(%data: tensor<1x4xf32> {nngraph.name = "data"}) -> tensor<1x2xf32> attributes {nngraph.output_names = ["fc_output"]} {
    %w = nngraph.constant dense<[[1.0, 2.0, 3.0, 4.0], [0.5, 0.25, 0.125, 0.0625]]> : tensor<2x4xf32> loc("fc_weight")
    %s = nngraph.constant dense<2.0> : tensor<f32> loc("mul")
    %0 = nngraph.mul %data, %s : (tensor<1x4xf32>, tensor<f32>) -> tensor<1x4xf32> loc("mul")
    %1 = nngraph.gemm %0, %w {trans_b = true} : (tensor<1x4xf32>, tensor<2x4xf32>) -> tensor<1x2xf32> loc("fc")
    %2 = nngraph.leaky_relu %1 {alpha = 0.1 : f32} : (tensor<1x2xf32>) -> tensor<1x2xf32> loc("act")
    return %2 : tensor<1x2xf32>
  }
}
