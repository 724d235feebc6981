// Metadata that uses the keys of the nngraph name extension (export-unranked.mlir).
module attributes {nngraph.metadata = {nngraph_output_names = ["y"]}} {
  func.func @main(%x: tensor<2xf32> {nngraph.name = "x", nngraph.metadata = {nngraph_name = "z"}}) -> tensor<2xf32> {
    %c = nngraph.constant {nngraph.metadata = {nngraph_name = "d"}} dense<1.0> : tensor<f32> loc("c")
    %0 = nngraph.add %x, %c : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32> loc("add")
    return %0 : tensor<2xf32>
  }
}
