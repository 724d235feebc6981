// Bool results in memory: a comparison written out as a graph output, and
// reductions over booleans (max is "or", min is "and").
func.func @main(%x: tensor<3x16xf32> {nngraph.name = "x"},
                %y: tensor<3x16xf32> {nngraph.name = "y"})
    -> (tensor<3x16xi1>, tensor<3xi1>, tensor<3xi1>)
    attributes {nngraph.output_names = ["gt", "any", "all"]} {
  %gt = nngraph.greater %x, %y : (tensor<3x16xf32>, tensor<3x16xf32>) -> tensor<3x16xi1>
  %any = nngraph.reduce_max %gt {axes = array<i64: 1>, keepdims = false} : (tensor<3x16xi1>) -> tensor<3xi1>
  %all = nngraph.reduce_min %gt {axes = array<i64: 1>, keepdims = false} : (tensor<3x16xi1>) -> tensor<3xi1>
  return %gt, %any, %all : tensor<3x16xi1>, tensor<3xi1>, tensor<3xi1>
}
