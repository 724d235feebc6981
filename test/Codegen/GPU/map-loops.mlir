// RUN: nngraph-opt %s --nngraph-gpu-map-loops="block-size=128" --canonicalize --split-input-file --verify-diagnostics | FileCheck %s

// A 2-D parallel loop becomes one launch of ceil(12 * 20 / 128) = 2 blocks
// of 128 threads; each thread with a linear id below 240 recovers (i, j)
// row-major (j fastest) and runs the body. The reduction loop inside stays
// a loop of the thread.
// CHECK-LABEL: func.func @parallel
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C240:.*]] = arith.constant 240 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%[[BD:.*]] = %[[C128]],
// CHECK: %[[BASE:.*]] = arith.muli %[[BX]], %[[BD]]
// CHECK: %[[ID:.*]] = arith.addi %[[BASE]], %[[TX]]
// CHECK: %[[IN:.*]] = arith.cmpi slt, %[[ID]], %[[C240]]
// CHECK: scf.if %[[IN]] {
// CHECK: arith.remsi %[[ID]]
// CHECK: arith.divsi %[[ID]]
// CHECK: scf.for
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK-NOT: scf.parallel
func.func @parallel(%a: memref<12x8xf32>, %b: memref<8x20xf32>, %c: memref<12x20xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c20 = arith.constant 20 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c12, %c20) step (%c1, %c1) {
    scf.for %k = %c0 to %c8 step %c1 {
      %x = memref.load %a[%i, %k] : memref<12x8xf32>
      %y = memref.load %b[%k, %j] : memref<8x20xf32>
      %z = memref.load %c[%i, %j] : memref<12x20xf32>
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      memref.store %s, %c[%i, %j] : memref<12x20xf32>
    }
    scf.reduce
  }
  return
}

// -----

// A sequential op (a loop nest without parallel dimensions) runs on one
// thread of one block; views and index arithmetic stay on the host.
// CHECK-LABEL: func.func @sequential
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: memref.subview
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[ONE]], {{.*}} = %[[ONE]], {{.*}} = %[[ONE]]) threads({{.*}}) in ({{.*}} = %[[ONE]], {{.*}} = %[[ONE]], {{.*}} = %[[ONE]])
// CHECK-NEXT: scf.for
func.func @sequential(%a: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = memref.subview %a[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  scf.for %i = %c1 to %c8 step %c1 {
    %p = arith.subi %i, %c1 : index
    %x = memref.load %v[%p] : memref<8xf32, strided<[1], offset: 8>>
    %y = memref.load %v[%i] : memref<8xf32, strided<[1], offset: 8>>
    %s = arith.addf %x, %y : f32
    memref.store %s, %v[%i] : memref<8xf32, strided<[1], offset: 8>>
  }
  return
}

// -----

// A sequential op whose result (a count) the next loop reads: both go into
// one launch, so the count never reaches the host; the buffer allocated
// between them is allocated before the launch.
// CHECK-LABEL: func.func @count_then_loop
// CHECK: gpu.alloc
// CHECK: gpu.launch
// CHECK: %[[N:.*]] = scf.for
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]]
// CHECK: gpu.terminator
// CHECK: gpu.dealloc
func.func @count_then_loop(%a: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %n = scf.for %i = %c0 to %c16 step %c1 iter_args(%k = %c0) -> (index) {
    %x = memref.load %a[%i] : memref<16xf32>
    %pos = arith.cmpf ogt, %x, %zero : f32
    %k1 = arith.addi %k, %c1 : index
    %k2 = arith.select %pos, %k1, %k : index
    scf.yield %k2 : index
  }
  %tmp = gpu.alloc () : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<16xf32>
    memref.store %x, %tmp[%i] : memref<16xf32>
    memref.store %x, %out[%i] : memref<16xf32>
  }
  gpu.dealloc %tmp : memref<16xf32>
  return
}

// -----

func.func @host_reads_device(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'memref.load' op defines values that the host would read (through func.return); nngraph-gpu-pipeline cannot run it on the device}}
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
}
