// RUN: nngraph-opt %s --split-input-file --nngraph-elide-copies | FileCheck %s

// A dense block's concats on buffers: %c0 (24 channels) is filled, read,
// then copied into the first 24 channels of %c1, whose last 8 channels a
// convolution wrote meanwhile (disjoint bytes). %c0 becomes that slice of
// %c1 (its alloc moves first), its writers write there, and the copy goes.
// CHECK-LABEL: func.func @dense_block
// CHECK: %[[C1:.*]] = memref.alloc() : memref<1x8x8x32xf32>
// CHECK-NEXT: %[[C0:.*]] = memref.subview %[[C1]][0, 0, 0, 0] [1, 8, 8, 24] [1, 1, 1, 1] : memref<1x8x8x32xf32> to memref<1x8x8x24xf32, strided<[2048, 256, 32, 1]>>
// CHECK-NEXT: %[[LO:.*]] = memref.subview %[[C0]][0, 0, 0, 0] [1, 8, 8, 16] [1, 1, 1, 1] : memref<1x8x8x24xf32, strided<[2048, 256, 32, 1]>> to memref<1x8x8x16xf32, strided<[2048, 256, 32, 1]>>
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[LO]] :
// CHECK-NEXT: %[[HI:.*]] = memref.subview %[[C0]][0, 0, 0, 16] [1, 8, 8, 8]
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[HI]] :
// CHECK-NEXT: %[[NEW:.*]] = memref.subview %[[C1]][0, 0, 0, 24] [1, 8, 8, 8]
// CHECK-NEXT: linalg.copy ins(%[[C0]] : {{.*}}) outs(%[[OUT0:.*]] :
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[NEW]] :
// CHECK-NEXT: linalg.copy ins(%[[C1]] : memref<1x8x8x32xf32>)
// CHECK-NEXT: return
func.func @dense_block(%out0: memref<1x8x8x24xf32>, %out1: memref<1x8x8x32xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %c0 = memref.alloc() : memref<1x8x8x24xf32>
  %lo = memref.subview %c0[0, 0, 0, 0] [1, 8, 8, 16] [1, 1, 1, 1] : memref<1x8x8x24xf32> to memref<1x8x8x16xf32, strided<[1536, 192, 24, 1]>>
  linalg.fill ins(%one : f32) outs(%lo : memref<1x8x8x16xf32, strided<[1536, 192, 24, 1]>>)
  %hi = memref.subview %c0[0, 0, 0, 16] [1, 8, 8, 8] [1, 1, 1, 1] : memref<1x8x8x24xf32> to memref<1x8x8x8xf32, strided<[1536, 192, 24, 1], offset: 16>>
  linalg.fill ins(%two : f32) outs(%hi : memref<1x8x8x8xf32, strided<[1536, 192, 24, 1], offset: 16>>)
  %c1 = memref.alloc() : memref<1x8x8x32xf32>
  %new = memref.subview %c1[0, 0, 0, 24] [1, 8, 8, 8] [1, 1, 1, 1] : memref<1x8x8x32xf32> to memref<1x8x8x8xf32, strided<[2048, 256, 32, 1], offset: 24>>
  linalg.copy ins(%c0 : memref<1x8x8x24xf32>) outs(%out0 : memref<1x8x8x24xf32>)
  linalg.fill ins(%two : f32) outs(%new : memref<1x8x8x8xf32, strided<[2048, 256, 32, 1], offset: 24>>)
  %prefix = memref.subview %c1[0, 0, 0, 0] [1, 8, 8, 24] [1, 1, 1, 1] : memref<1x8x8x32xf32> to memref<1x8x8x24xf32, strided<[2048, 256, 32, 1]>>
  memref.copy %c0, %prefix : memref<1x8x8x24xf32> to memref<1x8x8x24xf32, strided<[2048, 256, 32, 1]>>
  linalg.copy ins(%c1 : memref<1x8x8x32xf32>) outs(%out1 : memref<1x8x8x32xf32>)
  return
}

// -----

// The source is read after the copy: it stays, and so does the copy.
// CHECK-LABEL: func.func @source_used_after
// CHECK: memref.alloc() : memref<8xf32>
// CHECK: memref.copy
func.func @source_used_after(%out: memref<8xf32>, %out2: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  %b = memref.alloc() : memref<16xf32>
  %s = memref.subview %b[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  memref.copy %a, %s : memref<8xf32> to memref<8xf32, strided<[1]>>
  linalg.copy ins(%a : memref<8xf32>) outs(%out : memref<8xf32>)
  linalg.copy ins(%b : memref<16xf32>) outs(%out2 : memref<16xf32>)
  return
}

// -----

// The target's slice is read while the source is live (between its first
// use and the copy): sharing the bytes would change what that read sees.
// CHECK-LABEL: func.func @slice_read_in_between
// CHECK: memref.alloc() : memref<8xf32>
// CHECK: memref.copy
func.func @slice_read_in_between(%out: memref<4xf32>, %out2: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%b : memref<16xf32>)
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  %part = memref.subview %b[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  linalg.copy ins(%part : memref<4xf32, strided<[1], offset: 4>>) outs(%out : memref<4xf32>)
  %s = memref.subview %b[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  memref.copy %a, %s : memref<8xf32> to memref<8xf32, strided<[1]>>
  linalg.copy ins(%b : memref<16xf32>) outs(%out2 : memref<16xf32>)
  return
}

// -----

// A use of the source whose result type depends on its layout (a
// collapse_shape): it stays.
// CHECK-LABEL: func.func @layout_sensitive_use
// CHECK: memref.alloc() : memref<2x4xf32>
// CHECK: memref.copy
func.func @layout_sensitive_use(%out: memref<8xf32>, %out2: memref<2x8xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2x4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<2x4xf32>)
  %flat = memref.collapse_shape %a [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  linalg.copy ins(%flat : memref<8xf32>) outs(%out : memref<8xf32>)
  %b = memref.alloc() : memref<2x8xf32>
  %s = memref.subview %b[0, 0] [2, 4] [1, 1] : memref<2x8xf32> to memref<2x4xf32, strided<[8, 1]>>
  memref.copy %a, %s : memref<2x4xf32> to memref<2x4xf32, strided<[8, 1]>>
  linalg.copy ins(%b : memref<2x8xf32>) outs(%out2 : memref<2x8xf32>)
  return
}
