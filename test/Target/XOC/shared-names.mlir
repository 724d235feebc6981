// Names survive export -> import although XOC tensor ids must be unique:
// operations and constants of one source node share its name (as MXNet's
// importer makes them: L2Normalization's `norm + eps`), two graph inputs share
// a name, an input is returned, and one value is returned under two names.
// The exporter uniquifies the tensor ids and keeps each differing name in the
// tensor's metadata (`nngraph_name`), the output names in the graph's
// metadata (`nngraph_output_names`); the importer reads them back and does
// not keep them as metadata.
// RUN: nngraph-translate --test-graph-summary %s > %t.a.sum
// RUN: nngraph-translate --export-xoc %s -o %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: nngraph-translate --import-xoc %t.json --mlir-print-debuginfo > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: nngraph-translate --test-graph-summary %t.mlir > %t.b.sum
// RUN: diff %t.a.sum %t.b.sum
// RUN: FileCheck %s --check-prefix=SUM < %t.b.sum
// The XOC file itself round-trips unchanged.
// RUN: nngraph-translate --export-xoc %t.mlir -o %t.2.json
// RUN: diff %t.json %t.2.json

// JSON:      "id": "x",
// JSON-NEXT: "name": "input",
// JSON-NOT:  "metadata"
// JSON:      "id": "x_1",
// JSON-NEXT: "name": "input",
// JSON:      "metadata": {
// JSON-NEXT:   "layout": "NC",
// JSON-NEXT:   "nngraph_name": "x"
// JSON-NEXT: }
// JSON:      "id": "norm",
// JSON-NEXT: "name": "activation",
// JSON:      "id": "norm_1",
// JSON-NEXT: "name": "weight",
// JSON:      "metadata": {
// JSON-NEXT:   "nngraph_name": "norm",
// JSON-NEXT:   "value": [
// JSON-NEXT:     1e-10
// JSON:      "metadata": {
// JSON-NEXT:   "nngraph_output_names": [
// JSON-NEXT:     "out",
// JSON-NEXT:     "out_again",
// JSON-NEXT:     "passthrough"
// JSON-NEXT:   ]
// JSON-NEXT: }

// IR-NOT: nngraph_name
// IR-NOT: nngraph_output_names
// IR: nngraph.metadata = {layout = "NC"}
// IR: nngraph.output_names = ["out", "out_again", "passthrough"]
// IR: nngraph.constant {{.*}} loc(#[[NORM:loc[0-9]+]])
// IR: #[[NORM]] = loc("norm"

// SUM:      source x : tensor<1x4xf32>
// SUM-NEXT: source x : tensor<1x4xf32>
// SUM-NEXT: norm = nngraph.add(x, x) : tensor<1x4xf32>
// SUM-NEXT: norm = nngraph.constant() : tensor<f32>
// SUM-NEXT: norm = nngraph.add(norm, norm) : tensor<1x4xf32>
// SUM-NEXT: output out = norm : tensor<1x4xf32>
// SUM-NEXT: output out_again = norm : tensor<1x4xf32>
// SUM-NEXT: output passthrough = x : tensor<1x4xf32>

func.func @main(%a: tensor<1x4xf32> {nngraph.name = "x"},
                %b: tensor<1x4xf32> {nngraph.name = "x", nngraph.metadata = {layout = "NC"}})
    -> (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>)
    attributes {nngraph.output_names = ["out", "out_again", "passthrough"]} {
  %0 = nngraph.add %a, %b : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32> loc("norm")
  %eps = nngraph.constant dense<1.0e-10> : tensor<f32> loc("norm")
  %1 = nngraph.add %0, %eps : (tensor<1x4xf32>, tensor<f32>) -> tensor<1x4xf32> loc("norm")
  return %1, %1, %a : tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>
}
