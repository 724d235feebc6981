// RUN: nngraph-opt %s --split-input-file --nngraph-copy-repeated-results | FileCheck %s

// The second and third returns of one value are copies; the first return
// and other values stay.
// CHECK-LABEL: func.func @twice
// CHECK: %[[R:.*]] = linalg.generic
// CHECK: %[[C1:.*]] = bufferization.alloc_tensor() copy(%[[R]]) : tensor<3xf32>
// CHECK: %[[C2:.*]] = bufferization.alloc_tensor() copy(%[[R]]) : tensor<3xf32>
// CHECK: return %[[R]], %arg0, %[[C1]], %[[C2]]
#map = affine_map<(d0) -> (d0)>
func.func @twice(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<3xf32>
  return %r, %x, %r, %r : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// Nothing repeats: nothing changes.
// CHECK-LABEL: func.func @distinct
// CHECK-NOT: alloc_tensor
func.func @distinct(%x: tensor<3xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  return %x, %y : tensor<3xf32>, tensor<3xf32>
}
