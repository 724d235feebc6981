func.func @main(%x: tensor<2x3xf32> {nngraph.name = "x"}, %w: tensor<4x3xf32> {nngraph.name = "w", nngraph.role = "weight"}) -> tensor<2x4xf32> attributes {nngraph.output_names = ["y"]} {
  %g = nngraph.gemm %x, %w {trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  %r = nngraph.relu %g : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
