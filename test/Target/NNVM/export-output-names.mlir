// Output names that are not MXNet's "<node>_output" (a graph from another
// format) are kept in the graph attribute "nngraph_output_names", which the
// importer reads back; conventional names add nothing.
// RUN: nngraph-translate --export-nnvm %s | FileCheck %s --check-prefix=JSON
// RUN: nngraph-translate --export-nnvm %s | nngraph-translate --import-nnvm | FileCheck %s

// JSON: "nngraph_output_names": [
// JSON-NEXT: "list_str",
// JSON-NEXT: [
// JSON-NEXT: "probabilities",
// JSON-NEXT: "features"
// CHECK: nngraph.output_names = ["probabilities", "features"]
func.func @main(%x: tensor<2x3xf32> {nngraph.name = "x"}) -> (tensor<2x3xf32>, tensor<2x3xf32>) attributes {nngraph.output_names = ["probabilities", "features"]} {
  %r = nngraph.relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("relu")
  %s = nngraph.softmax %r {axis = -1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("sm")
  return %s, %r : tensor<2x3xf32>, tensor<2x3xf32>
}
