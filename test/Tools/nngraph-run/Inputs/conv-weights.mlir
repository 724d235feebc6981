func.func @main(%x: tensor<1x3x6x6xf32> {nngraph.name = "x"},
                %w: tensor<4x3x3x3xf32> {nngraph.name = "w", nngraph.role = "weight"},
                %b: tensor<4xf32> {nngraph.name = "b", nngraph.role = "weight"},
                %wd: tensor<4x1x3x3xf32> {nngraph.name = "wd", nngraph.role = "weight"})
    -> (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) attributes {nngraph.output_names = ["y", "z"]} {
  %c = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %r = nngraph.relu %c : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %d = nngraph.conv %r, %wd {group = 4 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %r, %d : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>
}
