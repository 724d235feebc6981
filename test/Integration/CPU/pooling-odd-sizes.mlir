// Pooling on odd sizes (7x7 and 14x14 inputs, 8 channels: one vector of
// channels with vector-width=8): max and average, strided, padded,
// ceil_mode, average with and without the padding counted; compiled by
// nngraph-cpu-pipeline with and without the vector schedules and run by the
// JIT. Each pool prints sum(y) and sum(y * p) for a fixed pattern p, so any
// misplaced element shows; expected values computed with NumPy by direct
// loops over each window (the count without padding clips the window to
// the input, with padding to the padded input, never the ceil_mode extra).
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="vector-width=8" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="vectorize=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

// x[0, c, h, w] = (37c + 11h + 7w) mod 17 - 8
func.func @input(%e: tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<1x8x?x?xf32>) {
  ^bb0(%o: f32):
    %c = linalg.index 1 : index
    %h = linalg.index 2 : index
    %w = linalg.index 3 : index
    %c37 = arith.constant 37 : index
    %c11 = arith.constant 11 : index
    %c7 = arith.constant 7 : index
    %c17 = arith.constant 17 : index
    %c8 = arith.constant 8 : index
    %a = arith.muli %c, %c37 : index
    %b = arith.muli %h, %c11 : index
    %d = arith.muli %w, %c7 : index
    %s0 = arith.addi %a, %b : index
    %s1 = arith.addi %s0, %d : index
    %m = arith.remui %s1, %c17 : index
    %v = arith.subi %m, %c8 : index
    %i = arith.index_cast %v : index to i64
    %f = arith.sitofp %i : i64 to f32
    linalg.yield %f : f32
  } -> tensor<1x8x?x?xf32>
  return %r : tensor<1x8x?x?xf32>
}

// p[0, c, h, w] = (3c + 5h + w) mod 7 + 1
func.func @pattern(%e: tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<1x8x?x?xf32>) {
  ^bb0(%o: f32):
    %c = linalg.index 1 : index
    %h = linalg.index 2 : index
    %w = linalg.index 3 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    %a = arith.muli %c, %c3 : index
    %b = arith.muli %h, %c5 : index
    %s0 = arith.addi %a, %b : index
    %s1 = arith.addi %s0, %w : index
    %m = arith.remui %s1, %c7 : index
    %v = arith.addi %m, %c1 : index
    %i = arith.index_cast %v : index to i64
    %f = arith.sitofp %i : i64 to f32
    linalg.yield %f : f32
  } -> tensor<1x8x?x?xf32>
  return %r : tensor<1x8x?x?xf32>
}

func.func @checksum1(%y: tensor<1x8x1x1xf32>) {
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%c1, %c1) : tensor<1x8x?x?xf32>
  %pd = call @pattern(%e) : (tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32>
  %p = tensor.cast %pd : tensor<1x8x?x?xf32> to tensor<1x8x1x1xf32>
  %s1 = nngraph.reduce_sum %y {keepdims = false} : (tensor<1x8x1x1xf32>) -> tensor<f32>
  %yp = nngraph.mul %y, %p : (tensor<1x8x1x1xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %s2 = nngraph.reduce_sum %yp {keepdims = false} : (tensor<1x8x1x1xf32>) -> tensor<f32>
  %u1 = tensor.cast %s1 : tensor<f32> to tensor<*xf32>
  %u2 = tensor.cast %s2 : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}

func.func @checksum4(%y: tensor<1x8x4x4xf32>) {
  %c4 = arith.constant 4 : index
  %e = tensor.empty(%c4, %c4) : tensor<1x8x?x?xf32>
  %pd = call @pattern(%e) : (tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32>
  %p = tensor.cast %pd : tensor<1x8x?x?xf32> to tensor<1x8x4x4xf32>
  %s1 = nngraph.reduce_sum %y {keepdims = false} : (tensor<1x8x4x4xf32>) -> tensor<f32>
  %yp = nngraph.mul %y, %p : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %s2 = nngraph.reduce_sum %yp {keepdims = false} : (tensor<1x8x4x4xf32>) -> tensor<f32>
  %u1 = tensor.cast %s1 : tensor<f32> to tensor<*xf32>
  %u2 = tensor.cast %s2 : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}

func.func @checksum7(%y: tensor<1x8x7x7xf32>) {
  %c7 = arith.constant 7 : index
  %e = tensor.empty(%c7, %c7) : tensor<1x8x?x?xf32>
  %pd = call @pattern(%e) : (tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32>
  %p = tensor.cast %pd : tensor<1x8x?x?xf32> to tensor<1x8x7x7xf32>
  %s1 = nngraph.reduce_sum %y {keepdims = false} : (tensor<1x8x7x7xf32>) -> tensor<f32>
  %yp = nngraph.mul %y, %p : (tensor<1x8x7x7xf32>, tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %s2 = nngraph.reduce_sum %yp {keepdims = false} : (tensor<1x8x7x7xf32>) -> tensor<f32>
  %u1 = tensor.cast %s1 : tensor<f32> to tensor<*xf32>
  %u2 = tensor.cast %s2 : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}

func.func @checksum8(%y: tensor<1x8x8x8xf32>) {
  %c8 = arith.constant 8 : index
  %e = tensor.empty(%c8, %c8) : tensor<1x8x?x?xf32>
  %pd = call @pattern(%e) : (tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32>
  %p = tensor.cast %pd : tensor<1x8x?x?xf32> to tensor<1x8x8x8xf32>
  %s1 = nngraph.reduce_sum %y {keepdims = false} : (tensor<1x8x8x8xf32>) -> tensor<f32>
  %yp = nngraph.mul %y, %p : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %s2 = nngraph.reduce_sum %yp {keepdims = false} : (tensor<1x8x8x8xf32>) -> tensor<f32>
  %u1 = tensor.cast %s1 : tensor<f32> to tensor<*xf32>
  %u2 = tensor.cast %s2 : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c7 = arith.constant 7 : index
  %c14 = arith.constant 14 : index
  %e7 = tensor.empty(%c7, %c7) : tensor<1x8x?x?xf32>
  %d7 = call @input(%e7) : (tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32>
  %x7 = tensor.cast %d7 : tensor<1x8x?x?xf32> to tensor<1x8x7x7xf32>
  %e14 = tensor.empty(%c14, %c14) : tensor<1x8x?x?xf32>
  %d14 = call @input(%e14) : (tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32>
  %x14 = tensor.cast %d14 : tensor<1x8x?x?xf32> to tensor<1x8x14x14xf32>

  // max_k3s2p1_14: sum 2785.0, weighted sum 11144.0
  %max_k3s2p1_14 = nngraph.max_pool %x14 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x14x14xf32>) -> tensor<1x8x7x7xf32>
  // CHECK: {{\[}}2785]
  // CHECK: {{\[}}11144]
  call @checksum7(%max_k3s2p1_14) : (tensor<1x8x7x7xf32>) -> ()

  // max_k3s2_ceil_14: sum 2806.0, weighted sum 11229.0
  %max_k3s2_ceil_14 = nngraph.max_pool %x14 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x8x14x14xf32>) -> tensor<1x8x7x7xf32>
  // CHECK: {{\[}}2806]
  // CHECK: {{\[}}11229]
  call @checksum7(%max_k3s2_ceil_14) : (tensor<1x8x7x7xf32>) -> ()

  // max_k2s2_ceil_7: sum 623.0, weighted sum 2502.0
  %max_k2s2_ceil_7 = nngraph.max_pool %x7 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x8x7x7xf32>) -> tensor<1x8x4x4xf32>
  // CHECK: {{\[}}623]
  // CHECK: {{\[}}2502]
  call @checksum4(%max_k2s2_ceil_7) : (tensor<1x8x4x4xf32>) -> ()

  // avg_k3s1p1_excl_7: sum -3.0, weighted sum -35.138888888888886
  %avg_k3s1p1_excl_7 = nngraph.avg_pool %x7 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  // CHECK: {{\[}}-3]
  // CHECK: {{\[}}-35.13{{[0-9]*}}]
  call @checksum7(%avg_k3s1p1_excl_7) : (tensor<1x8x7x7xf32>) -> ()

  // avg_k3s1p1_incl_7: sum -1.2222222222222232, weighted sum -18.555555555555543
  %avg_k3s1p1_incl_7 = nngraph.avg_pool %x7 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  // CHECK: {{\[}}-1.222{{[0-9]*}}]
  // CHECK: {{\[}}-18.55{{[0-9]*}}]
  call @checksum7(%avg_k3s1p1_incl_7) : (tensor<1x8x7x7xf32>) -> ()

  // avg_k2s2_ceil_7: sum -0.25, weighted sum 9.75
  %avg_k2s2_ceil_7 = nngraph.avg_pool %x7 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x8x7x7xf32>) -> tensor<1x8x4x4xf32>
  // CHECK: {{\[}}-0.25]
  // CHECK: {{\[}}9.75]
  call @checksum4(%avg_k2s2_ceil_7) : (tensor<1x8x4x4xf32>) -> ()

  // avg_k3s2p1_ceil_incl_14: sum -12.638888888888886, weighted sum -47.05555555555553
  %avg_k3s2p1_ceil_incl_14 = nngraph.avg_pool %x14 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = true, count_include_pad = true} : (tensor<1x8x14x14xf32>) -> tensor<1x8x8x8xf32>
  // CHECK: {{\[}}-12.63{{[0-9]*}}]
  // CHECK: {{\[}}-47.05{{[0-9]*}}]
  call @checksum8(%avg_k3s2p1_ceil_incl_14) : (tensor<1x8x8x8xf32>) -> ()

  // avg_k7_7: sum -0.06122448979591835, weighted sum -3.653061224489796
  %avg_k7_7 = nngraph.avg_pool %x7 {kernel_shape = array<i64: 7, 7>, strides = array<i64: 1, 1>} : (tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32>
  // CHECK: {{\[}}-0.06122{{[0-9]*}}]
  // CHECK: {{\[}}-3.653{{[0-9]*}}]
  call @checksum1(%avg_k7_7) : (tensor<1x8x1x1xf32>) -> ()

  %g = nngraph.global_avg_pool %x7 : (tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32>
  %ug = tensor.cast %g : tensor<1x8x1x1xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[\[}}-0.1428{{[0-9]*}}]],
  // CHECK-NEXT: {{\[\[}}0.08163{{[0-9]*}}]],
  // CHECK-NEXT: {{\[\[}}-0.3877{{[0-9]*}}]],
  // CHECK-NEXT: {{\[\[}}0.1836{{[0-9]*}}]],
  // CHECK-NEXT: {{\[\[}}-0.2857{{[0-9]*}}]],
  // CHECK-NEXT: {{\[\[}}0.2857{{[0-9]*}}]],
  // CHECK-NEXT: {{\[\[}}-0.1836{{[0-9]*}}]],
  // CHECK-NEXT: {{\[\[}}0.3877{{[0-9]*}}]]]]
  call @printMemrefF32(%ug) : (tensor<*xf32>) -> ()
  return
}
