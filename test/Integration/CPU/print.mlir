// nngraph.print through the runtime library: LightNet's layout for 1-D,
// 2-D and 3-D tensors, integer tensors converted, and fprint's file. The
// output is compared byte for byte (LightNet's layout is all whitespace).
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%nngraph_runtime > %t.out
// RUN: diff %S/Inputs/print.expected %t.out
// RUN: diff %S/Inputs/print-file.expected %t.d/printed.txt

func.func @main() {
  %v = nngraph.constant dense<[1.5, -2.25]> : tensor<2xf32>
  nngraph.print %v {message = "vector:"} : tensor<2xf32>
  // No message: only the tensor; integers are printed as floats.
  %i = nngraph.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi32>
  nngraph.print %i {message = ""} : tensor<2x2x2xi32>
  %m = nngraph.constant dense<[[0.5, 1.0]]> : tensor<1x2xf32>
  nngraph.print %m {message = "to file:", file = "printed.txt"} : tensor<1x2xf32>
  return
}
