// RUN: nngraph-opt %s --split-input-file --nngraph-outline-kernels | FileCheck %s
// RUN: nngraph-opt %s --split-input-file --nngraph-outline-kernels=min-ops=4 | FileCheck %s --check-prefix=MIN
// RUN: nngraph-opt %s --split-input-file --nngraph-outline-kernels \
// RUN:   --convert-scf-to-cf --convert-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: nngraph-opt %s --split-input-file --nngraph-outline-kernels=dedup=0 | FileCheck %s --check-prefix=NODEDUP

// Two loop nests on buffers: each moves into a private noinline function
// that takes the memrefs (and the non-constant bound) it uses, each with a
// dynamic offset (cast at the call); constants are cloned into it; the
// allocation and the plain ops stay in the caller.
// CHECK-LABEL: func.func @graph
// CHECK-SAME: (%[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<4xf32>, %[[N:.*]]: index)
// CHECK: %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[XC:.*]] = memref.cast %[[X]] : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %[[TC:.*]] = memref.cast %[[T]]
// CHECK-NEXT: call @graph_kernel_0(%[[N]], %[[XC]], %[[TC]]) : (index, memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>) -> ()
// CHECK-NEXT: %[[TC1:.*]] = memref.cast %[[T]]
// CHECK-NEXT: %[[YC:.*]] = memref.cast %[[Y]]
// CHECK-NEXT: call @graph_kernel_1(%[[TC1]], %[[YC]])
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK-NEXT: return

// CHECK: func.func private @graph_kernel_0(%[[N0:.*]]: index, %[[X0:.*]]: memref<4xf32, strided<[1], offset: ?>>, %[[T0:.*]]: memref<4xf32, strided<[1], offset: ?>>)
// CHECK-SAME: passthrough = ["noinline"]
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2.0
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[N0]] step %[[C1]]
// CHECK: memref.load %[[X0]][%[[I]]]
// CHECK: arith.mulf {{.*}}, %[[TWO]]
// CHECK: memref.store {{.*}}, %[[T0]][%[[I]]]
// CHECK: return

// CHECK: func.func private @graph_kernel_1(%[[T1:.*]]: memref<4xf32, strided<[1], offset: ?>>, %[[Y1:.*]]: memref<4xf32, strided<[1], offset: ?>>)
// CHECK-SAME: passthrough = ["noinline"]
// CHECK: linalg.copy ins(%[[T1]] : memref<4xf32, strided<[1], offset: ?>>) outs(%[[Y1]] : memref<4xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: return

// With a threshold, the small copy stays where it is.
// MIN-LABEL: func.func @graph
// MIN: call @graph_kernel_0
// MIN-NEXT: linalg.copy
// MIN: func.func private @graph_kernel_0
// MIN-NOT: func.func private @graph_kernel_1

// The kernels stay out of line in LLVM.
// LLVM: llvm.func @graph
// LLVM: llvm.call @graph_kernel_0
// LLVM: llvm.call @graph_kernel_1
// LLVM: llvm.func @graph_kernel_0
// LLVM-SAME: passthrough = ["noinline"]
func.func @graph(%x: memref<4xf32>, %y: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<4xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %t[%i] : memref<4xf32>
  }
  linalg.copy ins(%t : memref<4xf32>) outs(%y : memref<4xf32>)
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// A kernel name already taken gets another; declarations and nests that
// return values are left alone.
// CHECK-LABEL: func.func private @ext
// CHECK-LABEL: func.func @f
// CHECK: scf.for {{.*}} iter_args
// CHECK: call @f_kernel_0_0(
// CHECK: func.func private @f_kernel_0_0
// CHECK: func.func @f_kernel_0()
func.func private @ext()
func.func @f(%m: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %z) -> f32 {
    %v = memref.load %m[%i] : memref<8xf32>
    %b = arith.addf %a, %v : f32
    scf.yield %b : f32
  }
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %s, %m[%i] : memref<8xf32>
  }
  return %s : f32
}
func.func @f_kernel_0() {
  return
}

// -----

// Identical nests (the same types and body: a network's repeated blocks)
// become one kernel called twice, across functions too; a nest that differs
// in a constant keeps its own. With dedup=0, each nest has its kernel.
// CHECK-LABEL: func.func @twice
// CHECK-SAME: (%[[A:.*]]: memref<8xf32>, %[[B:.*]]: memref<8xf32>)
// CHECK: %[[AC:.*]] = memref.cast %[[A]]
// CHECK-NEXT: call @twice_kernel_0(%[[AC]]) : (memref<8xf32, strided<[1], offset: ?>>) -> ()
// CHECK-NEXT: %[[BC:.*]] = memref.cast %[[B]]
// CHECK-NEXT: call @twice_kernel_0(%[[BC]])
// CHECK-NEXT: %[[BC2:.*]] = memref.cast %[[B]]
// CHECK-NEXT: call @twice_kernel_2(%[[BC2]])
// CHECK-NEXT: return
// CHECK: func.func private @twice_kernel_0(
// CHECK: arith.constant 1.0
// CHECK: func.func private @twice_kernel_2(
// CHECK: arith.constant 2.0
// CHECK-LABEL: func.func @again
// CHECK: call @twice_kernel_0(
// CHECK-NOT: func.func private @twice_kernel_1
// CHECK-NOT: func.func private @again_kernel

// NODEDUP-LABEL: func.func @twice
// NODEDUP: call @twice_kernel_0(
// NODEDUP: call @twice_kernel_1(
// NODEDUP: call @twice_kernel_2(
// NODEDUP: func.func private @twice_kernel_0(
// NODEDUP: func.func private @twice_kernel_1(
// NODEDUP: func.func private @twice_kernel_2(
// NODEDUP-LABEL: func.func @again
// NODEDUP: call @again_kernel_0(
// NODEDUP: func.func private @again_kernel_0(
func.func @twice(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %a[%i] : memref<8xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<8xf32>
  }
  scf.for %j = %c0 to %c8 step %c1 {
    %v = memref.load %b[%j] : memref<8xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %b[%j] : memref<8xf32>
  }
  scf.for %j = %c0 to %c8 step %c1 {
    %v = memref.load %b[%j] : memref<8xf32>
    %w = arith.addf %v, %two : f32
    memref.store %w, %b[%j] : memref<8xf32>
  }
  return
}
func.func @again(%a: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %a[%i] : memref<8xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<8xf32>
  }
  return
}

// -----

// A dense block: nests that differ only in the offset of the slice they
// write (the channels of one buffer, each layer's) are one kernel, which
// takes the slice with a dynamic offset; the subview inside the nest is
// made again on the kernel's argument. A buffer that a nest passes to an
// op whose result type would show its layout (here a memref.cast) keeps
// its type.
// CHECK-LABEL: func.func @block
// CHECK-SAME: (%[[BUF:.*]]: memref<1x8x64xf32>)
// CHECK: %[[S0:.*]] = memref.subview %[[BUF]][0, 0, 0] [1, 8, 32] [1, 1, 1]
// CHECK: %[[C0:.*]] = memref.cast %[[S0]] : memref<1x8x32xf32, strided<[512, 64, 1]>> to memref<1x8x32xf32, strided<[512, 64, 1], offset: ?>>
// CHECK: call @block_kernel_0(%[[C0]])
// CHECK: %[[S1:.*]] = memref.subview %[[BUF]][0, 0, 32] [1, 8, 32] [1, 1, 1]
// CHECK: %[[C1:.*]] = memref.cast %[[S1]] : memref<1x8x32xf32, strided<[512, 64, 1], offset: 32>> to memref<1x8x32xf32, strided<[512, 64, 1], offset: ?>>
// CHECK: call @block_kernel_0(%[[C1]])
// CHECK: call @block_kernel_2(%[[BUF]]) : (memref<1x8x64xf32>) -> ()
// CHECK: func.func private @block_kernel_0(%[[ARG:.*]]: memref<1x8x32xf32, strided<[512, 64, 1], offset: ?>>)
// CHECK: %[[ROW:.*]] = memref.subview %[[ARG]]{{.*}} to memref<32xf32, strided<[1], offset: ?>>
// CHECK: vector.transfer_write {{.*}}, %[[ROW]]
// CHECK-NOT: func.func private @block_kernel_1
// CHECK: func.func private @block_kernel_2(%{{.*}}: memref<1x8x64xf32>)
// CHECK: memref.cast
func.func @block(%buf: memref<1x8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant dense<1.0> : vector<32xf32>
  %s0 = memref.subview %buf[0, 0, 0] [1, 8, 32] [1, 1, 1]
      : memref<1x8x64xf32> to memref<1x8x32xf32, strided<[512, 64, 1]>>
  scf.for %i = %c0 to %c8 step %c1 {
    %row = memref.subview %s0[0, %i, 0] [1, 1, 32] [1, 1, 1]
        : memref<1x8x32xf32, strided<[512, 64, 1]>>
          to memref<32xf32, strided<[1], offset: ?>>
    vector.transfer_write %v, %row[%c0] {in_bounds = [true]}
        : vector<32xf32>, memref<32xf32, strided<[1], offset: ?>>
  }
  %s1 = memref.subview %buf[0, 0, 32] [1, 8, 32] [1, 1, 1]
      : memref<1x8x64xf32> to memref<1x8x32xf32, strided<[512, 64, 1], offset: 32>>
  scf.for %i = %c0 to %c8 step %c1 {
    %row = memref.subview %s1[0, %i, 0] [1, 1, 32] [1, 1, 1]
        : memref<1x8x32xf32, strided<[512, 64, 1], offset: 32>>
          to memref<32xf32, strided<[1], offset: ?>>
    vector.transfer_write %v, %row[%c0] {in_bounds = [true]}
        : vector<32xf32>, memref<32xf32, strided<[1], offset: ?>>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %d = memref.cast %buf : memref<1x8x64xf32> to memref<?x8x64xf32>
    %x = memref.load %d[%c0, %i, %c0] : memref<?x8x64xf32>
    memref.store %x, %buf[%c0, %i, %c1] : memref<1x8x64xf32>
  }
  return
}
