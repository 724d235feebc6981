// A build with every kernel timed (nngraph-cpu-pipeline's
// `profile`) computes what the plain build computes, bit for bit: the
// convolution/pooling and more-ops programs print the same with and
// without profiling (but for the buffers' addresses). Under mlir-runner no
// record is set, so the runtime's hooks return at once.
// RUN: nngraph-opt %S/conv-pool.mlir --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | sed 's/base@ = [0-9a-fx]*//' > %t.plain
// RUN: nngraph-opt %S/conv-pool.mlir --nngraph-cpu-pipeline="profile=1" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%nngraph_runtime \
// RUN: | sed 's/base@ = [0-9a-fx]*//' > %t.profiled
// RUN: diff %t.plain %t.profiled
// RUN: nngraph-opt %S/more-ops.mlir --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | sed 's/base@ = [0-9a-fx]*//' > %t.plain2
// RUN: nngraph-opt %S/more-ops.mlir --nngraph-cpu-pipeline="profile=1" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%nngraph_runtime \
// RUN: | sed 's/base@ = [0-9a-fx]*//' > %t.profiled2
// RUN: diff %t.plain2 %t.profiled2
// RUN: FileCheck %s < %t.profiled

// The files print something (the diff is not of two empty outputs).
// CHECK: Unranked Memref
