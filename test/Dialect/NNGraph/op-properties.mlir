// RUN: nngraph-opt %s --test-nngraph-op-properties | FileCheck %s

// Passes ask the operation about its properties through NNGraphOpInterface;
// the test pass writes the answers out as attributes.

// CHECK-LABEL: func.func @properties
func.func @properties(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %v: tensor<3xf32>, %m: tensor<2x3xf32>) {
  // CHECK: nngraph.conv {{.*}}nngraph.elementwise = false, nngraph.inplace = array<i64>, nngraph.layout_sensitive = true, nngraph.shape_only = false
  %0 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  // CHECK: nngraph.relu {{.*}}nngraph.elementwise = true, nngraph.inplace = array<i64: 0, 0>, nngraph.layout_sensitive = false, nngraph.shape_only = false
  %1 = nngraph.relu %0 : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  // CHECK: nngraph.reshape {{.*}}nngraph.elementwise = false, nngraph.inplace = array<i64: 0, 0>, nngraph.layout_sensitive = false, nngraph.shape_only = true
  %2 = nngraph.reshape %1 {shape = array<i64: 4, 36>} : (tensor<1x4x6x6xf32>) -> tensor<4x36xf32>
  // A broadcasting binary op may overwrite only the operand of the result's type.
  // CHECK: nngraph.add {{.*}}nngraph.elementwise = true, nngraph.inplace = array<i64: 1, 0>
  %3 = nngraph.add %v, %m : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // A cast changes the element type, so it cannot run in place.
  // CHECK: nngraph.cast {{.*}}nngraph.elementwise = true, nngraph.inplace = array<i64>
  %4 = nngraph.cast %v : (tensor<3xf32>) -> tensor<3xf16>
  // CHECK: nngraph.max_pool {{.*}}nngraph.layout_sensitive = true
  %5 = nngraph.max_pool %x {kernel_shape = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  // CHECK: nngraph.batch_norm {{.*}}nngraph.layout_sensitive = true
  %6 = nngraph.batch_norm %x, %v, %v, %v, %v : (tensor<1x3x8x8xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x8x8xf32>
  // CHECK: nngraph.flatten {{.*}}nngraph.shape_only = true
  %7 = nngraph.flatten %x : (tensor<1x3x8x8xf32>) -> tensor<1x192xf32>
  // CHECK: nngraph.squeeze {{.*}}nngraph.shape_only = true
  %8 = nngraph.squeeze %x {axes = array<i64: 0>} : (tensor<1x3x8x8xf32>) -> tensor<3x8x8xf32>
  // CHECK: nngraph.identity {{.*}}nngraph.shape_only = true
  %9 = nngraph.identity %x : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
  // CHECK: nngraph.transpose {{.*}}nngraph.elementwise = false, nngraph.inplace = array<i64>, nngraph.layout_sensitive = false, nngraph.shape_only = false
  %10 = nngraph.transpose %m : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: nngraph.greater {{.*}}nngraph.elementwise = true, nngraph.inplace = array<i64>
  %11 = nngraph.greater %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  // CHECK: nngraph.custom "Foo"({{.*}}) {nngraph.elementwise = false, nngraph.inplace = array<i64>, nngraph.layout_sensitive = false, nngraph.shape_only = false}
  %12 = nngraph.custom "Foo"(%v) : (tensor<3xf32>) -> tensor<3xf32>
  return
}
