// RUN: nngraph-opt %s --pass-pipeline="builtin.module(gpu.module(nngraph-gpu-expand-math))" | FileCheck %s

// Math functions in a kernel become arithmetic (polynomial approximations;
// tanh and pow through exp and log; f16 computed in f32); floor and sqrt,
// which convert-gpu-to-nvvm would send to libdevice, become NVVM
// intrinsics; fabs becomes LLVM's (one PTX instruction); fma is spelled
// out as a multiply and an add, which NVPTX contracts back.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @math
    // CHECK-NOT: math.
    // CHECK-DAG: llvm.call_intrinsic "llvm.nvvm.floor.f"
    // CHECK-DAG: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
    // CHECK-DAG: llvm.intr.fabs

    // CHECK-DAG: arith.extf {{.*}} : f16 to f32
    // CHECK: gpu.return
    gpu.func @math(%x: f32, %y: f32, %h: f16, %out: memref<8xf32>, %outh: memref<1xf16>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %0 = math.exp %x : f32
      %1 = math.tanh %x : f32
      %2 = math.erf %x : f32
      %3 = math.powf %x, %y : f32
      %4 = math.floor %x : f32
      %5 = math.sqrt %x : f32
      %6 = math.absf %x : f32
      %7 = math.fma %x, %y, %x : f32
      %8 = math.log %h : f16
      memref.store %0, %out[%c0] : memref<8xf32>
      memref.store %1, %out[%c1] : memref<8xf32>
      memref.store %2, %out[%c2] : memref<8xf32>
      memref.store %3, %out[%c3] : memref<8xf32>
      memref.store %4, %out[%c4] : memref<8xf32>
      memref.store %5, %out[%c5] : memref<8xf32>
      memref.store %6, %out[%c6] : memref<8xf32>
      memref.store %7, %out[%c7] : memref<8xf32>
      memref.store %8, %outh[%c0] : memref<1xf16>
      gpu.return
    }
  }
}
