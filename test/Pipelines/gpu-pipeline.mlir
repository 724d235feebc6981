// RUN: nngraph-opt %s --nngraph-gpu-pipeline | FileCheck %s
// RUN: nngraph-opt %s --nngraph-gpu-pipeline="chip=sm_90 features=+ptx80 results-to-out-params=1" | FileCheck %s --check-prefix=SM90
// RUN: nngraph-opt %s --nngraph-gpu-pipeline="serialize=0" | FileCheck %s --check-prefix=NVVM

// A convolution with bias and ReLU, a pooling, a matmul and a softmax
// through the whole GPU pipeline: the kernels are one gpu.binary of PTX for
// the chip, and the host function is LLVM dialect code that makes a stream,
// allocates the intermediates on the device and launches the kernels (the
// launches become mgpu* calls when the module is translated to LLVM IR).
// CHECK-LABEL: llvm.func @net
// CHECK: llvm.call @mgpuStreamCreate
// CHECK: llvm.call @mgpuMemAlloc
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @net_kernel::@net_kernel
// CHECK: llvm.call @mgpuMemFree
// CHECK: llvm.call @mgpuStreamSynchronize
// CHECK: llvm.call @mgpuStreamDestroy
// CHECK-NOT: gpu.module
// CHECK: gpu.binary @net_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">, {{.*}}assembly = "{{.*}}.target sm_80
// CHECK-NOT: __nv_
// SM90-LABEL: llvm.func @net
// SM90: gpu.binary @net_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, {{.*}}.target sm_90
// NVVM: gpu.module @net_kernel [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">]
// NVVM: llvm.func @net_kernel({{.*}}) attributes {gpu.kernel, {{.*}}nvvm.kernel
// NVVM: nvvm.read.ptx.sreg.ctaid.x
// NVVM: nvvm.read.ptx.sreg.tid.x
// NVVM-NOT: llvm.call @__nv_
func.func @net(%x: tensor<1x8x16x16xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>, %fw: tensor<1024x10xf32>) -> tensor<1x10xf32> {
  %0 = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x16x16xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<1x16x16x16xf32>
  %1 = nngraph.relu %0 : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %2 = nngraph.max_pool %1 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x16x16x16xf32>) -> tensor<1x16x8x8xf32>
  %3 = nngraph.reshape %2 {shape = array<i64: 1, 1024>} : (tensor<1x16x8x8xf32>) -> tensor<1x1024xf32>
  %4 = nngraph.matmul %3, %fw : (tensor<1x1024xf32>, tensor<1024x10xf32>) -> tensor<1x10xf32>
  %5 = nngraph.softmax %4 {axis = 1 : i64} : (tensor<1x10xf32>) -> tensor<1x10xf32>
  return %5 : tensor<1x10xf32>
}
