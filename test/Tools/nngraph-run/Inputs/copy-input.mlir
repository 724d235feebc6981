// copy-only.test: the output is the input.
func.func @main(%x: tensor<2x3xf32> {nngraph.name = "x"}) -> tensor<2x3xf32>
    attributes {nngraph.output_names = ["y"]} {
  return %x : tensor<2x3xf32>
}
