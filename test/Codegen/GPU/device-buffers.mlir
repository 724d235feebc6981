// RUN: nngraph-opt %s --nngraph-gpu-device-buffers --split-input-file --verify-diagnostics | FileCheck %s

// The function's allocations go to device memory, a constant global is
// copied to a device buffer where it is read (freed before the return),
// copies become linalg.copy (kernels), a clone a device buffer filled by
// linalg.copy. The allocation inside the loop (scratch of a sequential
// kernel) stays.
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
// CHECK-LABEL: func.func @buffers
// CHECK: %[[T:.*]] = gpu.alloc () : memref<4xf32>
// CHECK-NOT: memref.alloc()
// CHECK: %[[G:.*]] = memref.get_global @table
// CHECK: %[[D:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.memcpy %[[D]], %[[G]]
// CHECK: linalg.copy ins(%[[D]] : memref<4xf32>) outs(%[[T]] : memref<4xf32>)
// CHECK: %[[C:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: linalg.copy ins(%[[T]] : memref<4xf32>) outs(%[[C]] : memref<4xf32>)
// CHECK: scf.for
// CHECK: memref.alloc() : memref<2xf32>
// CHECK: gpu.dealloc %[[T]]
// CHECK: gpu.dealloc %[[C]]
// CHECK: gpu.dealloc %[[D]]
// CHECK-NEXT: return
func.func @buffers(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %g = memref.get_global @table : memref<4xf32>
  memref.copy %g, %t : memref<4xf32> to memref<4xf32>
  %c = bufferization.clone %t : memref<4xf32> to memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %s = memref.alloc() : memref<2xf32>
    %x = memref.load %c[%i] : memref<4xf32>
    memref.store %x, %s[%c0] : memref<2xf32>
    %y = memref.load %s[%c0] : memref<2xf32>
    memref.store %y, %out[%i] : memref<4xf32>
    memref.dealloc %s : memref<2xf32>
  }
  memref.dealloc %t : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return
}

// -----

func.func private @consume(memref<4xf32>)

func.func @call(%a: memref<4xf32>) {
  // expected-error @below {{'func.call' op passes a buffer to @consume, which would read GPU memory on the host: calls are not supported by nngraph-gpu-pipeline}}
  func.call @consume(%a) : (memref<4xf32>) -> ()
  return
}
