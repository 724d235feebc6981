// RUN: nngraph-opt %s --split-input-file --nngraph-plan-buffers | FileCheck %s
// RUN: nngraph-opt %s --split-input-file \
// RUN:   --nngraph-plan-buffers=arena-argument=1 | FileCheck %s --check-prefix=ARG

// A chain: %a and %b are live together (the copy from %a to %b), so they
// get distinct bytes; %c is made after %a's last use, so it reuses %a's.
// The deallocs go (the arena is freed instead). Without an arena argument
// the function allocates its arena (64-byte aligned) at entry.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[IN:.*]]: memref<16xf32>, %[[OUT:.*]]: memref<16xf32>)
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT: memref.copy %[[IN]], %[[A]]
// CHECK-NEXT: %[[O1:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[B:.*]] = memref.view %[[ARENA]][%[[O1]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[B]]
// CHECK-NEXT: %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C:.*]] = memref.view %[[ARENA]][%[[O2]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT: memref.copy %[[B]], %[[C]]
// CHECK-NEXT: memref.copy %[[C]], %[[OUT]]
// CHECK-NEXT: return
// CHECK-NOT: memref.dealloc
// ARG-LABEL: func.func @chain
// ARG-SAME: (%{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>, %[[ARENA:.*]]: memref<128xi8>)
// ARG-SAME: attributes {nngraph.arena_size = 128 : i64}
// ARG-NOT: memref.alloc
// ARG: memref.view %[[ARENA]]
func.func @chain(%in: memref<16xf32>, %out: memref<16xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %b, %c : memref<16xf32> to memref<16xf32>
  memref.copy %c, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return
}

// -----

// An alias keeps its buffer alive: %a's last direct use is the
// collapse_shape, but %flat is read after %b is written, so %b must not
// reuse %a's bytes. Offsets are 64-byte aligned: %a has 40 bytes.
// CHECK-LABEL: func.func @alias
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.view %{{.*}}[%[[O0]]][] : memref<128xi8> to memref<2x5xf32>
// CHECK: memref.collapse_shape
// CHECK-NEXT: %[[O1:.*]] = arith.constant 64 : index
// CHECK-NEXT: memref.view %{{.*}}[%[[O1]]][] : memref<128xi8> to memref<10xf32>
func.func @alias(%in: memref<2x5xf32>, %out: memref<10xf32>, %out2: memref<10xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2x5xf32>
  memref.copy %in, %a : memref<2x5xf32> to memref<2x5xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<2x5xf32> into memref<10xf32>
  %b = memref.alloc() : memref<10xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<10xf32>)
  memref.copy %flat, %out : memref<10xf32> to memref<10xf32>
  memref.copy %b, %out2 : memref<10xf32> to memref<10xf32>
  return
}

// -----

// A use inside a loop counts at the loop: %a is read by the loop after %b
// is filled, so they overlap. The loop's own scratch (allocated per
// iteration) is not planned.
// CHECK-LABEL: func.func @loop
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.view {{.*}} to memref<16xf32>
// CHECK: arith.constant 64 : index
// CHECK-NEXT: memref.view {{.*}} to memref<16xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.alloc() : memref<4xf32>
func.func @loop(%in: memref<16xf32>, %out: memref<16xf32>, %out2: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  %cst = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<16xf32>)
  scf.for %i = %c0 to %c16 step %c1 {
    %t = memref.alloc() : memref<4xf32>
    %v = memref.load %a[%i] : memref<16xf32>
    memref.store %v, %t[%c0] : memref<4xf32>
    %w = memref.load %t[%c0] : memref<4xf32>
    memref.store %w, %out[%i] : memref<16xf32>
    memref.dealloc %t : memref<4xf32>
  }
  memref.copy %b, %out2 : memref<16xf32> to memref<16xf32>
  return
}

// -----

// Largest first, best fit: %l (256 bytes) dies early and %m (128) lives
// throughout; %b (192) takes %l's place at 0 once %l is dead; %m goes
// above both (256); %s (64) fits the gap between %b and %m (192).
// CHECK-LABEL: func.func @best_fit
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<384xi8>
// CHECK: arith.constant 0 : index
// CHECK-NEXT: memref.view {{.*}} to memref<64xf32>
// CHECK: arith.constant 256 : index
// CHECK-NEXT: memref.view {{.*}} to memref<32xf32>
// CHECK: arith.constant 0 : index
// CHECK-NEXT: memref.view {{.*}} to memref<48xf32>
// CHECK: arith.constant 192 : index
// CHECK-NEXT: memref.view {{.*}} to memref<16xf32>
func.func @best_fit(%x: memref<64xf32>, %y: memref<32xf32>, %z: memref<48xf32>, %w: memref<16xf32>) {
  %l = memref.alloc() : memref<64xf32>
  memref.copy %x, %l : memref<64xf32> to memref<64xf32>
  %m = memref.alloc() : memref<32xf32>
  memref.copy %y, %m : memref<32xf32> to memref<32xf32>
  memref.copy %l, %x : memref<64xf32> to memref<64xf32>
  %b = memref.alloc() : memref<48xf32>
  memref.copy %z, %b : memref<48xf32> to memref<48xf32>
  %s = memref.alloc() : memref<16xf32>
  memref.copy %w, %s : memref<16xf32> to memref<16xf32>
  memref.copy %b, %z : memref<48xf32> to memref<48xf32>
  memref.copy %s, %w : memref<16xf32> to memref<16xf32>
  memref.copy %m, %y : memref<32xf32> to memref<32xf32>
  return
}

// -----

// Not planned: a buffer the function returns (through a cast), a dynamic
// one, one with a larger alignment than the arena's. The others are.
// CHECK-LABEL: func.func @unplanned
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK: %[[R:.*]] = memref.alloc() : memref<16xf32>
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() {alignment = 128 : i64} : memref<16xf32>
// CHECK: memref.view {{.*}} to memref<16xf32>
// CHECK: %[[CAST:.*]] = memref.cast %[[R]]
// CHECK: return %[[CAST]]
func.func @unplanned(%in: memref<16xf32>, %n: index) -> memref<?xf32> {
  %r = memref.alloc() : memref<16xf32>
  memref.copy %in, %r : memref<16xf32> to memref<16xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %big = memref.alloc() {alignment = 128 : i64} : memref<16xf32>
  memref.copy %in, %big : memref<16xf32> to memref<16xf32>
  %t = memref.alloc() : memref<16xf32>
  memref.copy %r, %t : memref<16xf32> to memref<16xf32>
  %cast = memref.cast %r : memref<16xf32> to memref<?xf32>
  return %cast : memref<?xf32>
}

// -----

// With arena-argument, only entry points (public, with a body, called by
// nothing in the module) take the arena; a private or called function
// allocates its own at entry. Nothing to plan: no arena.
// ARG-LABEL: func.func @entry
// ARG-SAME: (%{{.*}}: memref<16xf32>, %[[ARENA:.*]]: memref<64xi8>) attributes {nngraph.arena_size = 64 : i64}
// ARG: memref.view %[[ARENA]]
// ARG: call @called
// ARG: call @helper
// ARG-LABEL: func.func @called
// ARG-SAME: (%{{.*}}: memref<16xf32>) {
// ARG-NEXT: memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// ARG-LABEL: func.func private @helper
// ARG-SAME: (%{{.*}}: memref<16xf32>) {
// ARG-NEXT: memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// ARG-LABEL: func.func @nothing
// ARG-SAME: (%{{.*}}: memref<16xf32>) {
// ARG-NEXT: return
func.func @entry(%x: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %x, %a : memref<16xf32> to memref<16xf32>
  call @called(%a) : (memref<16xf32>) -> ()
  call @helper(%a) : (memref<16xf32>) -> ()
  return
}
func.func @called(%x: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %x, %a : memref<16xf32> to memref<16xf32>
  return
}
func.func private @helper(%x: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %x, %a : memref<16xf32> to memref<16xf32>
  return
}
func.func @nothing(%x: memref<16xf32>) {
  return
}

// -----

// A loop that carries a buffer returns an alias of it; a buffer only read
// in the loop dies with the loop. %n may take %r's bytes, not %acc's
// (read through %res after %n is made).
// CHECK-LABEL: func.func @carried
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.view
// CHECK: arith.constant 64 : index
// CHECK-NEXT: memref.view
// CHECK: scf.for
// CHECK: arith.constant 0 : index
// CHECK-NEXT: memref.view
func.func @carried(%in: memref<16xf32>, %out: memref<16xf32>) {
  %r = memref.alloc() : memref<16xf32>
  memref.copy %in, %r : memref<16xf32> to memref<16xf32>
  %acc = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %res = scf.for %i = %c0 to %c16 step %c1 iter_args(%a = %acc) -> (memref<16xf32>) {
    %v = memref.load %r[%i] : memref<16xf32>
    memref.store %v, %a[%i] : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  %n = memref.alloc() : memref<16xf32>
  memref.copy %res, %n : memref<16xf32> to memref<16xf32>
  memref.copy %n, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// A buffer yielded from a region lives as long as the op's result: %x and
// %y are both live through %sel, so %z takes neither's bytes.
// CHECK-LABEL: func.func @yielded
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64} : memref<192xi8>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.view
// CHECK: arith.constant 64 : index
// CHECK-NEXT: memref.view
// CHECK: scf.if
// CHECK: arith.constant 128 : index
// CHECK-NEXT: memref.view
func.func @yielded(%in: memref<16xf32>, %out: memref<16xf32>, %cond: i1) {
  %x = memref.alloc() : memref<16xf32>
  memref.copy %in, %x : memref<16xf32> to memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  memref.copy %in, %y : memref<16xf32> to memref<16xf32>
  %sel = scf.if %cond -> (memref<16xf32>) {
    scf.yield %x : memref<16xf32>
  } else {
    scf.yield %y : memref<16xf32>
  }
  %z = memref.alloc() : memref<16xf32>
  memref.copy %in, %z : memref<16xf32> to memref<16xf32>
  memref.copy %sel, %out : memref<16xf32> to memref<16xf32>
  memref.copy %z, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// A buffer allocated and viewed early but first accessed late (a concat
// buffer, which nngraph-fuse-elementwise allocates first in the function
// and slices): its live range starts at the first access, not at the
// alloc or the subview, so it reuses the bytes of %a, whose last use is
// before that access.
// CHECK-LABEL: func.func @late_first_access
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[CAT:.*]] = memref.view %{{.*}}[%[[O0]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT: memref.subview %[[CAT]]
// CHECK-NEXT: %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.view %{{.*}}[%[[O1]]][] : memref<128xi8> to memref<16xf32>
// CHECK: %[[O2:.*]] = arith.constant 64 : index
// CHECK-NEXT: memref.view %{{.*}}[%[[O2]]][] : memref<128xi8> to memref<16xf32>
func.func @late_first_access(%in: memref<16xf32>, %out: memref<16xf32>) {
  %cat = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %half = memref.subview %cat[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  %part = memref.subview %b[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  memref.copy %part, %half : memref<8xf32, strided<[1]>> to memref<8xf32, strided<[1], offset: 8>>
  memref.copy %cat, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %cat : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
