// RUN: nngraph-opt %s --nngraph-gpu-pipeline="lower-to-llvm=0 results-to-out-params=1" --split-input-file | FileCheck %s

// The mapping stage: after outlining, each op is a kernel of one thread per
// output element (the parallel dimensions collapsed into a 1-D grid of
// 256-thread blocks), its reduction dimensions a loop of the thread; all
// kernels in one gpu.module.

// A matmul: the fill and the product, one thread per output, K a loop.
// CHECK-LABEL: func.func @matmul
// CHECK-COUNT-2: gpu.launch_func @matmul_kernel::@matmul_kernel{{(_[0-9]+)?}} blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @matmul_kernel
// CHECK: gpu.func @matmul_kernel_0({{.*}}) kernel attributes {known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 1, 1, 1>}
// CHECK: scf.if
// CHECK: scf.for %{{.*}} = %{{.*}} to %c64
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @matmul(%a: tensor<8x64xf32>, %b: tensor<64x16xf32>) -> tensor<8x16xf32> {
  %0 = nngraph.matmul %a, %b : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// An elementwise chain (add, relu, mul) is one kernel.
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.func @chain_kernel
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: arith.mulf
func.func @chain(%a: tensor<4x1000xf32>, %b: tensor<4x1000xf32>) -> tensor<4x1000xf32> {
  %0 = nngraph.add %a, %b : (tensor<4x1000xf32>, tensor<4x1000xf32>) -> tensor<4x1000xf32>
  %1 = nngraph.relu %0 : (tensor<4x1000xf32>) -> tensor<4x1000xf32>
  %2 = nngraph.mul %1, %b : (tensor<4x1000xf32>, tensor<4x1000xf32>) -> tensor<4x1000xf32>
  return %2 : tensor<4x1000xf32>
}

// -----

// A convolution (channels-last inside, as on the CPU) and a depthwise one:
// the 1x16x14x14 output is 13 blocks of 256 threads; the filter window and
// the input channels are loops of each thread.
// CHECK-LABEL: func.func @conv
// CHECK: %[[C13:.*]] = arith.constant 13 : index
// CHECK: gpu.launch_func @conv_kernel::{{.*}} blocks in (%[[C13]],
// CHECK: gpu.module @conv_kernel
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
func.func @conv(%x: tensor<1x8x14x14xf32>, %w: tensor<16x8x3x3xf32>, %dw: tensor<16x1x3x3xf32>) -> tensor<1x16x14x14xf32> {
  %0 = nngraph.conv %x, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x14x14xf32>, tensor<16x8x3x3xf32>) -> tensor<1x16x14x14xf32>
  %1 = nngraph.conv %0, %dw {group = 16 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x14x14xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x14x14xf32>
  return %1 : tensor<1x16x14x14xf32>
}

// -----

// Max pooling: one thread per output, the window a loop; a softmax: the
// row maximum and sum are a loop of one thread per row, the exponentials
// and the division one thread per element.
// CHECK-LABEL: func.func @pool_softmax
// CHECK: gpu.launch_func
// CHECK: gpu.module @pool_softmax_kernel
// CHECK: arith.maximumf
// CHECK: math.exp
func.func @pool_softmax(%x: tensor<1x4x8x8xf32>) -> tensor<1x64xf32> {
  %0 = nngraph.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  %1 = nngraph.reshape %0 {shape = array<i64: 1, 64>} : (tensor<1x4x4x4xf32>) -> tensor<1x64xf32>
  %2 = nngraph.softmax %1 {axis = 1 : i64} : (tensor<1x64xf32>) -> tensor<1x64xf32>
  return %2 : tensor<1x64xf32>
}
