// RUN: nngraph-opt %s --nngraph-cpu-pipeline="vector-width=8 lower-to-llvm=0" | FileCheck %s

// A concat of two convolutions (SqueezeNet's fire module) through the CPU
// pipeline: the concat is channels-last, and each convolution's tile loop
// writes its part of the concatenated buffer in place (empty-tensor
// elimination before bufferization), so there is no copy into the concat.
// CHECK-LABEL: func.func @fire
// CHECK: %[[CAT:.*]] = memref.view {{.*}} to memref<1x9x9x16xf32>
// CHECK: %[[LO:.*]] = memref.subview %[[CAT]][0, 0, 0, 0] [1, 9, 9, 8] [1, 1, 1, 1]
// CHECK: %[[ROW:.*]] = memref.subview %[[LO]][0, %{{.*}}, 0, 0] [1, 1, 9, 8]
// CHECK: vector.store {{.*}}, %[[ROW]]
// CHECK: %[[HI:.*]] = memref.subview %[[CAT]][0, 0, 0, 8] [1, 9, 9, 8] [1, 1, 1, 1]
// CHECK: %[[ROW2:.*]] = memref.subview %[[HI]][0, %{{.*}}, 0, 0] [1, 1, 9, 8]
// CHECK: vector.store {{.*}}, %[[ROW2]]
// CHECK-NOT: memref.copy
// CHECK: return
func.func @fire(%x: tensor<1x4x9x9xf32>, %w1: tensor<8x4x1x1xf32>, %w2: tensor<8x4x3x3xf32>, %w3: tensor<16x16x1x1xf32>) -> tensor<1x16x9x9xf32> {
  %0 = nngraph.conv %x, %w1 : (tensor<1x4x9x9xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x9x9xf32>
  %1 = nngraph.relu %0 : (tensor<1x8x9x9xf32>) -> tensor<1x8x9x9xf32>
  %2 = nngraph.conv %x, %w2 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x9x9xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x9x9xf32>
  %3 = nngraph.relu %2 : (tensor<1x8x9x9xf32>) -> tensor<1x8x9x9xf32>
  %4 = nngraph.concat %1, %3 {axis = 1 : i64} : (tensor<1x8x9x9xf32>, tensor<1x8x9x9xf32>) -> tensor<1x16x9x9xf32>
  %5 = nngraph.conv %4, %w3 : (tensor<1x16x9x9xf32>, tensor<16x16x1x1xf32>) -> tensor<1x16x9x9xf32>
  return %5 : tensor<1x16x9x9xf32>
}

// The same with weights (role "weight"), 8 squeeze channels and 13x13
// pixels: the 3x3 convolution runs as Winograd F(4x4, 3x3) (16 tiles, the
// last row and column partial), and its output transform writes its half
// of the concat in place too.
// CHECK-LABEL: func.func @fire_winograd
// CHECK: %[[CAT:.*]] = memref.view {{.*}} to memref<1x13x13x32xf32>
// CHECK: memref.subview %[[CAT]][0, 0, 0, 0] [1, 13, 13, 16] [1, 1, 1, 1]
// CHECK: %[[HI:.*]] = memref.subview %[[CAT]][0, 0, 0, 16] [1, 13, 13, 16] [1, 1, 1, 1]
// CHECK: scf.for {{.*}} to %c16 step %c1
// CHECK: memref.subview %[[HI]][{{.*}}] [1, %{{.*}}, %{{.*}}, 8] [1, 1, 1, 1]
// CHECK-NOT: memref.copy
// CHECK: return
func.func @fire_winograd(%x: tensor<1x8x13x13xf32>,
    %w1: tensor<16x8x1x1xf32> {nngraph.role = "weight"},
    %w2: tensor<16x8x3x3xf32> {nngraph.role = "weight"},
    %w3: tensor<16x32x1x1xf32> {nngraph.role = "weight"}) -> tensor<1x16x13x13xf32> {
  %0 = nngraph.conv %x, %w1 : (tensor<1x8x13x13xf32>, tensor<16x8x1x1xf32>) -> tensor<1x16x13x13xf32>
  %1 = nngraph.relu %0 : (tensor<1x16x13x13xf32>) -> tensor<1x16x13x13xf32>
  %2 = nngraph.conv %x, %w2 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x13x13xf32>, tensor<16x8x3x3xf32>) -> tensor<1x16x13x13xf32>
  %3 = nngraph.relu %2 : (tensor<1x16x13x13xf32>) -> tensor<1x16x13x13xf32>
  %4 = nngraph.concat %1, %3 {axis = 1 : i64} : (tensor<1x16x13x13xf32>, tensor<1x16x13x13xf32>) -> tensor<1x32x13x13xf32>
  %5 = nngraph.conv %4, %w3 : (tensor<1x32x13x13xf32>, tensor<16x32x1x1xf32>) -> tensor<1x16x13x13xf32>
  return %5 : tensor<1x16x13x13xf32>
}

// Two layers of a dense block (DenseNet): each concat holds the previous
// one and a 3x3 convolution's features, and a batch norm + ReLU reads
// each. Both concats live in one channels-last buffer (the second one's):
// the first is its slice of 24 channels, each convolution writes its
// slice in place, and nothing is copied.
// CHECK-LABEL: func.func @dense_block
// CHECK: %[[CAT:.*]] = memref.view {{.*}} to memref<1x8x8x32xf32>
// CHECK: %[[CAT0:.*]] = memref.subview %[[CAT]][0, 0, 0, 0] [1, 8, 8, 24] [1, 1, 1, 1]
// CHECK: memref.subview %[[CAT0]][0, 0, 0, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// CHECK: memref.subview %[[CAT0]][0, 0, 0, 16] [1, 8, 8, 8] [1, 1, 1, 1]
// CHECK: vector.load %[[CAT0]]
// CHECK: memref.subview %[[CAT]][0, 0, 0, 24] [1, 8, 8, 8] [1, 1, 1, 1]
// CHECK-NOT: memref.copy
// CHECK: return
func.func @dense_block(%x: tensor<1x16x8x8xf32>,
    %w0: tensor<16x16x1x1xf32> {nngraph.role = "weight"},
    %w1: tensor<8x16x3x3xf32> {nngraph.role = "weight"},
    %w2: tensor<8x24x3x3xf32> {nngraph.role = "weight"},
    %w3: tensor<8x32x1x1xf32> {nngraph.role = "weight"},
    %s16: tensor<16xf32> {nngraph.role = "weight"},
    %s24: tensor<24xf32> {nngraph.role = "weight"},
    %s32: tensor<32xf32> {nngraph.role = "weight"}) -> tensor<1x8x8x8xf32> {
  %a = nngraph.conv %x, %w0 : (tensor<1x16x8x8xf32>, tensor<16x16x1x1xf32>) -> tensor<1x16x8x8xf32>
  %b0 = nngraph.batch_norm %a, %s16, %s16, %s16, %s16 : (tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x8x8xf32>
  %r0 = nngraph.relu %b0 : (tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %0 = nngraph.conv %r0, %w1 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x8x8xf32>, tensor<8x16x3x3xf32>) -> tensor<1x8x8x8xf32>
  %c0 = nngraph.concat %a, %0 {axis = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x24x8x8xf32>
  %b1 = nngraph.batch_norm %c0, %s24, %s24, %s24, %s24 : (tensor<1x24x8x8xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<1x24x8x8xf32>
  %r1 = nngraph.relu %b1 : (tensor<1x24x8x8xf32>) -> tensor<1x24x8x8xf32>
  %1 = nngraph.conv %r1, %w2 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x24x8x8xf32>, tensor<8x24x3x3xf32>) -> tensor<1x8x8x8xf32>
  %c1 = nngraph.concat %c0, %1 {axis = 1 : i64} : (tensor<1x24x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x32x8x8xf32>
  %b2 = nngraph.batch_norm %c1, %s32, %s32, %s32, %s32 : (tensor<1x32x8x8xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<1x32x8x8xf32>
  %r2 = nngraph.relu %b2 : (tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
  %2 = nngraph.conv %r2, %w3 : (tensor<1x32x8x8xf32>, tensor<8x32x1x1xf32>) -> tensor<1x8x8x8xf32>
  return %2 : tensor<1x8x8x8xf32>
}
