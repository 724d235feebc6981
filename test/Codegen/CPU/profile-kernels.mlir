// RUN: nngraph-opt %s --nngraph-profile-kernels --split-input-file --verify-diagnostics | FileCheck %s

// Each kernel (top-level op with regions) of a graph function is bracketed
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
