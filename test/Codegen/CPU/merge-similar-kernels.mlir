// RUN: nngraph-opt %s --split-input-file --nngraph-merge-similar-kernels | FileCheck %s
// RUN: nngraph-opt %s --split-input-file --nngraph-merge-similar-kernels=max-parameters=1 | FileCheck %s --check-prefix=MAX1

// Three kernels of one family: a loop to a bound (128, 160, 192) over a
// buffer with a row stride (128, 160, 192 again: the same column of values,
// so one argument) and a step of 4 (the same in all: it stays a constant).
// The third kernel's constants are placed and shared differently (its
// bound and the zero happen to be separate ops in another order): that
// does not matter. Every call passes its kernel's value; the other two
// kernels are erased.
// CHECK-LABEL: llvm.func @graph(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK-NEXT: llvm.call @graph_kernel_0(%[[P]], %[[C128]]) : (!llvm.ptr, i64) -> ()
// CHECK-NEXT: %[[C160:.*]] = llvm.mlir.constant(160 : i64) : i64
// CHECK-NEXT: llvm.call @graph_kernel_0(%[[P]], %[[C160]]) : (!llvm.ptr, i64) -> ()
// CHECK-NEXT: %[[C192:.*]] = llvm.mlir.constant(192 : i64) : i64
// CHECK-NEXT: llvm.call @graph_kernel_0(%[[P]], %[[C192]]) : (!llvm.ptr, i64) -> ()
// CHECK-NEXT: %[[C128B:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK-NEXT: llvm.call @graph_kernel_0(%[[P]], %[[C128B]]) : (!llvm.ptr, i64) -> ()
// CHECK-NEXT: llvm.return

// CHECK: llvm.func @graph_kernel_0(%[[B:.*]]: !llvm.ptr, %[[N:.*]]: i64)
// CHECK-SAME: passthrough = ["noinline"]
// CHECK-SAME: sym_visibility = "private"
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NOT: llvm.mlir.constant(128
// CHECK: llvm.br ^bb1(%[[C0]] : i64)
// CHECK: ^bb1(%[[I:.*]]: i64):
// CHECK-NEXT: llvm.icmp "slt" %[[I]], %[[N]] : i64
// CHECK: llvm.mul %[[I]], %[[N]] : i64
// CHECK: llvm.add %[[I]], %[[C4]] : i64
// CHECK-NOT: llvm.func @graph_kernel_1
// CHECK-NOT: llvm.func @graph_kernel_2

// With room for no argument at all (MAX1 allows one: the family needs
// exactly one), the same merge.
// MAX1-LABEL: llvm.func @graph(
// MAX1-COUNT-4: llvm.call @graph_kernel_0(
// MAX1-NOT: llvm.func @graph_kernel_1

module {
  llvm.func @graph(%p: !llvm.ptr) {
    llvm.call @graph_kernel_0(%p) : (!llvm.ptr) -> ()
    llvm.call @graph_kernel_1(%p) : (!llvm.ptr) -> ()
    llvm.call @graph_kernel_2(%p) : (!llvm.ptr) -> ()
    llvm.call @graph_kernel_0(%p) : (!llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @graph_kernel_0(%b: !llvm.ptr) attributes {passthrough = ["noinline"], sym_visibility = "private"} {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c4 = llvm.mlir.constant(4 : i64) : i64
    %n = llvm.mlir.constant(128 : i64) : i64
    llvm.br ^bb1(%c0 : i64)
  ^bb1(%i: i64):
    %lt = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %lt, ^bb2, ^bb3
  ^bb2:
    %row = llvm.mul %i, %n : i64
    %g = llvm.getelementptr %b[%row] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %g : !llvm.ptr -> f32
    llvm.store %v, %b : f32, !llvm.ptr
    %next = llvm.add %i, %c4 : i64
    llvm.br ^bb1(%next : i64)
  ^bb3:
    llvm.return
  }
  llvm.func @graph_kernel_1(%b: !llvm.ptr) attributes {passthrough = ["noinline"], sym_visibility = "private"} {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c4 = llvm.mlir.constant(4 : i64) : i64
    %n = llvm.mlir.constant(160 : i64) : i64
    llvm.br ^bb1(%c0 : i64)
  ^bb1(%i: i64):
    %lt = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %lt, ^bb2, ^bb3
  ^bb2:
    %row = llvm.mul %i, %n : i64
    %g = llvm.getelementptr %b[%row] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %g : !llvm.ptr -> f32
    llvm.store %v, %b : f32, !llvm.ptr
    %next = llvm.add %i, %c4 : i64
    llvm.br ^bb1(%next : i64)
  ^bb3:
    llvm.return
  }
  llvm.func @graph_kernel_2(%b: !llvm.ptr) attributes {passthrough = ["noinline"], sym_visibility = "private"} {
    %n = llvm.mlir.constant(192 : i64) : i64
    %c4 = llvm.mlir.constant(4 : i64) : i64
    %c0 = llvm.mlir.constant(0 : i64) : i64
    llvm.br ^bb1(%c0 : i64)
  ^bb1(%i: i64):
    %lt = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %lt, ^bb2, ^bb3
  ^bb2:
    %n2 = llvm.mlir.constant(192 : i64) : i64
    %row = llvm.mul %i, %n2 : i64
    %g = llvm.getelementptr %b[%row] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %g : !llvm.ptr -> f32
    llvm.store %v, %b : f32, !llvm.ptr
    %next = llvm.add %i, %c4 : i64
    llvm.br ^bb1(%next : i64)
  ^bb3:
    llvm.return
  }
}

// -----

// What keeps kernels apart: a different divisor (a division by a constant
// is a multiplication; by a value, a slow division), a different vector
// lane, a different non-integer constant, a different operation; a public
// function, one whose address is taken and one that calls another
// private function are not touched at all.
// CHECK-LABEL: llvm.func @apart(
// CHECK-NEXT: llvm.call @div_a(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @div_b(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @lane_a(%{{.*}}) : (vector<4xf32>) -> f32
// CHECK-NEXT: llvm.call @lane_b(%{{.*}}) : (vector<4xf32>) -> f32
// CHECK-NEXT: llvm.call @float_a(%{{.*}}) : (f32) -> f32
// CHECK-NEXT: llvm.call @float_b(%{{.*}}) : (f32) -> f32
// CHECK-NEXT: llvm.call @op_a(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @op_b(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @public_a(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @public_b(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @taken_a(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @taken_b(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @caller_a(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @caller_b(%{{.*}}) : (i64) -> i64
// CHECK: llvm.func @div_a(
// CHECK: llvm.func @div_b(
// CHECK: llvm.func @lane_a(
// CHECK: llvm.func @lane_b(
// CHECK: llvm.func @float_a(
// CHECK: llvm.func @float_b(
// CHECK: llvm.func @op_a(
// CHECK: llvm.func @op_b(
// CHECK: llvm.func @public_a(
// CHECK: llvm.func @public_b(
// CHECK: llvm.func @taken_a(
// CHECK: llvm.func @taken_b(
// CHECK: llvm.func @caller_a(
// CHECK: llvm.func @caller_b(
module {
  llvm.func @apart(%x: i64, %v: vector<4xf32>, %f: f32) {
    %0 = llvm.call @div_a(%x) : (i64) -> i64
    %1 = llvm.call @div_b(%x) : (i64) -> i64
    %2 = llvm.call @lane_a(%v) : (vector<4xf32>) -> f32
    %3 = llvm.call @lane_b(%v) : (vector<4xf32>) -> f32
    %4 = llvm.call @float_a(%f) : (f32) -> f32
    %5 = llvm.call @float_b(%f) : (f32) -> f32
    %6 = llvm.call @op_a(%x) : (i64) -> i64
    %7 = llvm.call @op_b(%x) : (i64) -> i64
    %8 = llvm.call @public_a(%x) : (i64) -> i64
    %9 = llvm.call @public_b(%x) : (i64) -> i64
    %10 = llvm.call @taken_a(%x) : (i64) -> i64
    %11 = llvm.call @taken_b(%x) : (i64) -> i64
    %12 = llvm.call @caller_a(%x) : (i64) -> i64
    %13 = llvm.call @caller_b(%x) : (i64) -> i64
    %addr = llvm.mlir.addressof @taken_b : !llvm.ptr
    llvm.return
  }
  llvm.func @div_a(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(14 : i64) : i64
    %r = llvm.sdiv %x, %c : i64
    llvm.return %r : i64
  }
  llvm.func @div_b(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(7 : i64) : i64
    %r = llvm.sdiv %x, %c : i64
    llvm.return %r : i64
  }
  llvm.func @lane_a(%v: vector<4xf32>) -> f32 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(1 : i64) : i64
    %r = llvm.extractelement %v[%c : i64] : vector<4xf32>
    llvm.return %r : f32
  }
  llvm.func @lane_b(%v: vector<4xf32>) -> f32 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(2 : i64) : i64
    %r = llvm.extractelement %v[%c : i64] : vector<4xf32>
    llvm.return %r : f32
  }
  llvm.func @float_a(%f: f32) -> f32 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(2.0 : f32) : f32
    %r = llvm.fmul %f, %c : f32
    llvm.return %r : f32
  }
  llvm.func @float_b(%f: f32) -> f32 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(3.0 : f32) : f32
    %r = llvm.fmul %f, %c : f32
    llvm.return %r : f32
  }
  llvm.func @op_a(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(3 : i64) : i64
    %r = llvm.add %x, %c : i64
    llvm.return %r : i64
  }
  llvm.func @op_b(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(3 : i64) : i64
    %r = llvm.sub %x, %c : i64
    llvm.return %r : i64
  }
  llvm.func @public_a(%x: i64) -> i64 {
    %c = llvm.mlir.constant(3 : i64) : i64
    %r = llvm.add %x, %c : i64
    llvm.return %r : i64
  }
  llvm.func @public_b(%x: i64) -> i64 {
    %c = llvm.mlir.constant(5 : i64) : i64
    %r = llvm.add %x, %c : i64
    llvm.return %r : i64
  }
  llvm.func @taken_a(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(3 : i64) : i64
    %r = llvm.xor %x, %c : i64
    llvm.return %r : i64
  }
  llvm.func @taken_b(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(5 : i64) : i64
    %r = llvm.xor %x, %c : i64
    llvm.return %r : i64
  }
  llvm.func @caller_a(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(3 : i64) : i64
    %y = llvm.call @div_a(%x) : (i64) -> i64
    %r = llvm.or %y, %c : i64
    llvm.return %r : i64
  }
  llvm.func @caller_b(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(5 : i64) : i64
    %y = llvm.call @div_a(%x) : (i64) -> i64
    %r = llvm.or %y, %c : i64
    llvm.return %r : i64
  }
}

// -----

// Kernels that came out identical after the lowering merge with no
// argument added.
// CHECK-LABEL: llvm.func @same(
// CHECK-NEXT: llvm.call @same_kernel_0(%{{.*}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @same_kernel_0(%{{.*}}) : (i64) -> i64
// CHECK: llvm.func @same_kernel_0(%{{.*}}: i64) -> i64
// CHECK-NOT: @same_kernel_1
module {
  llvm.func @same(%x: i64) {
    %a = llvm.call @same_kernel_0(%x) : (i64) -> i64
    %b = llvm.call @same_kernel_1(%x) : (i64) -> i64
    llvm.return
  }
  llvm.func @same_kernel_0(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(3 : i64) : i64
    %r = llvm.ashr %x, %c : i64
    llvm.return %r : i64
  }
  llvm.func @same_kernel_1(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c = llvm.mlir.constant(3 : i64) : i64
    %r = llvm.ashr %x, %c : i64
    llvm.return %r : i64
  }
}

// -----

// A family that would need two arguments (two independent columns of
// values: a bound and a stride) merges with max-parameters=2 and up, not
// with 1; a kernel returning a value keeps it through the new call. The
// same divisor in both (7) does not keep them apart.
// CHECK-LABEL: llvm.func @two(
// CHECK: %[[A:.*]] = llvm.call @two_kernel_0(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> i64
// CHECK: %[[B:.*]] = llvm.call @two_kernel_0(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> i64
// CHECK: llvm.add %[[A]], %[[B]]
// CHECK-NOT: @two_kernel_1
// MAX1-LABEL: llvm.func @two(
// MAX1: llvm.call @two_kernel_0(%{{.*}}) : (i64) -> i64
// MAX1: llvm.call @two_kernel_1(%{{.*}}) : (i64) -> i64
module {
  llvm.func @two(%x: i64) -> i64 {
    %a = llvm.call @two_kernel_0(%x) : (i64) -> i64
    %b = llvm.call @two_kernel_1(%x) : (i64) -> i64
    %s = llvm.add %a, %b : i64
    llvm.return %s : i64
  }
  llvm.func @two_kernel_0(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c7 = llvm.mlir.constant(7 : i64) : i64
    %m = llvm.mlir.constant(28 : i64) : i64
    %s = llvm.mlir.constant(512 : i64) : i64
    %d = llvm.sdiv %x, %c7 : i64
    %y = llvm.mul %d, %s : i64
    %z = llvm.intr.smin(%y, %m) : (i64, i64) -> i64
    llvm.return %z : i64
  }
  llvm.func @two_kernel_1(%x: i64) -> i64 attributes {sym_visibility = "private"} {
    %c7 = llvm.mlir.constant(7 : i64) : i64
    %m = llvm.mlir.constant(14 : i64) : i64
    %s = llvm.mlir.constant(1024 : i64) : i64
    %d = llvm.sdiv %x, %c7 : i64
    %y = llvm.mul %d, %s : i64
    %z = llvm.intr.smin(%y, %m) : (i64, i64) -> i64
    llvm.return %z : i64
  }
}
