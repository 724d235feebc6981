// RUN: nngraph-opt %s --nngraph-gpu-collect-kernels | FileCheck %s

// The kernels of gpu-kernel-outlining's modules move into the first module
// under their module's name; the launches follow.
// CHECK-LABEL: func.func @f
// CHECK: gpu.launch_func @f_kernel::@f_kernel blocks
// CHECK: gpu.launch_func @f_kernel::@f_kernel_0 blocks
// CHECK: gpu.module @f_kernel {
// CHECK: gpu.func @f_kernel(
// CHECK: gpu.func @f_kernel_0(
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  func.func @f(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @f_kernel::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    gpu.launch_func @f_kernel_0::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
  gpu.module @f_kernel {
    gpu.func @f_kernel(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @f_kernel_0 {
    gpu.func @f_kernel(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
}
