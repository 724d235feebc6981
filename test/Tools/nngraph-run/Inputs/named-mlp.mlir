// A two-layer MLP whose operations carry node names (as imported models'
// do), for dump-intermediates.test.
func.func @main(%x: tensor<2x3xf32> {nngraph.name = "x"},
                %w: tensor<4x3xf32> {nngraph.name = "w", nngraph.role = "weight"})
    -> tensor<2x4xf32> attributes {nngraph.output_names = ["y"]} {
  %g = nngraph.gemm %x, %w {trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32> loc("fc0")
  %r = nngraph.relu %g : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("relu0")
  %s = nngraph.sigmoid %r : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("sigmoid0")
  return %s : tensor<2x4xf32>
}
