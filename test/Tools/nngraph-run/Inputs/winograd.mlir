func.func @main(%x: tensor<1x16x16x16xf32> {nngraph.name = "x"},
                %w: tensor<16x16x3x3xf32> {nngraph.name = "w", nngraph.role = "weight"},
                %b: tensor<16xf32> {nngraph.name = "b", nngraph.role = "weight"})
    -> tensor<1x16x16x16xf32> attributes {nngraph.output_names = ["y"]} {
  %c = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x16x16xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>) -> tensor<1x16x16x16xf32>
  %r = nngraph.relu %c : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %r : tensor<1x16x16x16xf32>
}
