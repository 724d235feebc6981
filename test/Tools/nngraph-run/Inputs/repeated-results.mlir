// A graph that returns one value twice, and empty splits (one tensor.empty
// after CSE) three times; uint8 arithmetic that reads the values.
func.func @main(%x: tensor<4xui8> {nngraph.name = "x"}, %e: tensor<0xf32> {nngraph.name = "e"})
    -> (tensor<4xui8>, tensor<4xui8>, tensor<0xf32>, tensor<0xf32>, tensor<0xf32>)
    attributes {nngraph.output_names = ["q", "q_1", "s0", "s1", "s2"]} {
  %two = nngraph.constant dense<2> : tensor<ui8>
  %q = nngraph.div %x, %two : (tensor<4xui8>, tensor<ui8>) -> tensor<4xui8>
  %s:3 = nngraph.split %e {split = array<i64: 0, 0, 0>} : (tensor<0xf32>) -> (tensor<0xf32>, tensor<0xf32>, tensor<0xf32>)
  return %q, %q, %s#0, %s#1, %s#2 : tensor<4xui8>, tensor<4xui8>, tensor<0xf32>, tensor<0xf32>, tensor<0xf32>
}
