// RUN: nngraph-opt %s --nngraph-profile-kernels --split-input-file --verify-diagnostics | FileCheck %s

// Each kernel (top-level loop nest) of a graph function is bracketed
// by the runtime hooks with its id; the table labels it with the listed
// layers whose names its operations carry, in the list's order. A kernel
// that carries none is named by its id; the prepare function is not timed.

// CHECK-LABEL: module attributes {nngraph.profile_layers = [
// CHECK-SAME: {name = "conv1+relu1", op = "nngraph.conv+nngraph.relu"},
// CHECK-SAME: {name = "kernel1", op = ""}]}
// CHECK-DAG: func.func private @nngraph_profile_begin(i64)
// CHECK-DAG: func.func private @nngraph_profile_end(i64)
// CHECK-LABEL: func.func @main(
// CHECK: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @nngraph_profile_begin(%[[C0]]) : (i64) -> ()
// CHECK-NEXT: scf.for
// CHECK: call @nngraph_profile_end(%[[C0]]) : (i64) -> ()
// CHECK: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @nngraph_profile_begin(%[[C1]])
// CHECK-NEXT: scf.for
// CHECK: call @nngraph_profile_end(%[[C1]])
// CHECK-NEXT: return
// CHECK-LABEL: func.func @main_prepare(
// CHECK-NOT: nngraph_profile
// CHECK: return
module attributes {nngraph.profile_ops = [{name = "conv1", op = "nngraph.conv"}, {name = "relu1", op = "nngraph.relu"}, {name = "unused", op = "nngraph.add"}]} {
  func.func @main(%a: memref<8xf32>, %b: memref<8xf32>) attributes {nngraph.prepare = {function = @main_prepare}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %a[%i] : memref<8xf32> loc("relu1")
      memref.store %v, %b[%i] : memref<8xf32> loc(fused["conv1", "other"])
    }
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %b[%i] : memref<8xf32>
      memref.store %v, %a[%i] : memref<8xf32>
    }
    return
  }
  func.func @main_prepare(%a: memref<8xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %a[%i] : memref<8xf32> loc("conv1")
      memref.store %v, %a[%i] : memref<8xf32>
    }
    return
  }
}

// -----

// A loop that yields its accumulators (a matmul's K loop whose tile loops
// had one iteration and folded away) and the straight-line epilogue after
// it (bias, activation, store) are one kernel, labelled with both layers;
// the allocation before them is not timed, and straight-line computation
// after an allocation is a kernel of its own.
// CHECK-LABEL: module attributes {nngraph.profile_layers = [
// CHECK-SAME: {name = "fc1+relu1", op = "nngraph.gemm+nngraph.relu"},
// CHECK-SAME: {name = "relu1", op = "nngraph.relu"}]}
// CHECK-LABEL: func.func @epilogue(
// CHECK: memref.alloc
// CHECK: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @nngraph_profile_begin(%[[C0]])
// CHECK-NEXT: scf.for
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: vector.load %arg1
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: vector.store
// CHECK-NEXT: call @nngraph_profile_end(%[[C0]])
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @nngraph_profile_begin(%[[C1]])
// CHECK-NEXT: vector.store
// CHECK-NEXT: call @nngraph_profile_end(%[[C1]])
// CHECK-NEXT: return
module attributes {nngraph.profile_ops = [{name = "fc1", op = "nngraph.gemm"}, {name = "relu1", op = "nngraph.relu"}]} {
  func.func @epilogue(%x: memref<64xf32>, %b: memref<8xf32>) -> memref<8xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %out = memref.alloc() : memref<8xf32>
    %acc = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %zero) -> (vector<8xf32>) {
      %v = vector.load %x[%i] : memref<64xf32>, vector<8xf32> loc("fc1")
      %s = arith.addf %a, %v : vector<8xf32> loc("fc1")
      scf.yield %s : vector<8xf32>
    } loc("fc1")
    %bias = vector.load %b[%c0] : memref<8xf32>, vector<8xf32> loc("fc1")
    %sum = arith.addf %acc, %bias : vector<8xf32> loc("fc1")
    %r = arith.maximumf %sum, %zero : vector<8xf32> loc("relu1")
    vector.store %r, %out[%c0] : memref<8xf32>, vector<8xf32> loc("relu1")
    %other = memref.alloc() : memref<8xf32>
    vector.store %r, %other[%c0] : memref<8xf32>, vector<8xf32> loc("relu1")
    return %out : memref<8xf32>
  }
}

// -----

// The pass needs the layer list.
// expected-error @+1 {{nngraph-profile-kernels: the module has no layer list ('nngraph.profile_ops'; run nngraph-profile-layers on the graph)}}
module {
  func.func @main() {
    return
  }
}

// -----

// The hooks' names are reserved.
module attributes {nngraph.profile_ops = []} {
  // expected-error @+1 {{nngraph-profile-kernels: 'nngraph_profile_begin' is the name of a runtime hook of type '(i64) -> ()'}}
  func.func private @nngraph_profile_begin(f32)
  func.func @main() {
    return
  }
}
