// Matmuls whose sizes the register tiles do not divide (M in {1, 7, 8, 9,
// 13}, N in {10, 33, 40, 67, 1000}, K odd), compiled by nngraph-cpu-pipeline
// with the host's vector width and run by the JIT: nngraph.matmul (2-D and
// batched), nngraph.gemm with trans_b, bias and a fused ReLU. Each product is
// compared with a reference contraction (a linalg.generic, which takes the
// scalar path) on small integers, so they must agree exactly: the printed
// maximum difference is 0. The sum of each result checks the reference
// itself (the expected sums were computed with NumPy when the file was
// written).
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @fc1() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %f0 = arith.constant 0.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a_e = tensor.empty() : tensor<1x3xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a_e : tensor<1x3xf32>) {
  ^bb0(%o: f32):
    %a_i0 = linalg.index 0 : index
    %a_s0 = arith.muli %a_i0, %c7 : index
    %a_i1 = linalg.index 1 : index
    %a_s1 = arith.muli %a_i1, %c3 : index
    %a_a0 = arith.addi %c1, %a_s0 : index
    %a_a1 = arith.addi %a_a0, %a_s1 : index
    %a_r = arith.remui %a_a1, %c5 : index
    %a_n = arith.index_cast %a_r : index to i32
    %a_f = arith.sitofp %a_n : i32 to f32
    %a_v = arith.subf %a_f, %f2 : f32
    linalg.yield %a_v : f32
  } -> tensor<1x3xf32>
  %b_e = tensor.empty() : tensor<1000x3xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b_e : tensor<1000x3xf32>) {
  ^bb0(%o: f32):
    %b_i0 = linalg.index 0 : index
    %b_s0 = arith.muli %b_i0, %c7 : index
    %b_i1 = linalg.index 1 : index
    %b_s1 = arith.muli %b_i1, %c3 : index
    %b_a0 = arith.addi %c2, %b_s0 : index
    %b_a1 = arith.addi %b_a0, %b_s1 : index
    %b_r = arith.remui %b_a1, %c5 : index
    %b_n = arith.index_cast %b_r : index to i32
    %b_f = arith.sitofp %b_n : i32 to f32
    %b_v = arith.subf %b_f, %f2 : f32
    linalg.yield %b_v : f32
  } -> tensor<1000x3xf32>
  %c_e = tensor.empty() : tensor<1000xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%c_e : tensor<1000xf32>) {
  ^bb0(%o: f32):
    %c_i0 = linalg.index 0 : index
    %c_s0 = arith.muli %c_i0, %c7 : index
    %c_a0 = arith.addi %c3, %c_s0 : index
    %c_r = arith.remui %c_a0, %c5 : index
    %c_n = arith.index_cast %c_r : index to i32
    %c_f = arith.sitofp %c_n : i32 to f32
    %c_v = arith.subf %c_f, %f2 : f32
    linalg.yield %c_v : f32
  } -> tensor<1000xf32>
  %g = nngraph.gemm %a, %b, %c {trans_b = true} : (tensor<1x3xf32>, tensor<1000x3xf32>, tensor<1000xf32>) -> tensor<1x1000xf32>
  %y = nngraph.relu %g : (tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %re = tensor.empty() : tensor<1x1000xf32>
  %rf = linalg.fill ins(%f0 : f32) outs(%re : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %ref0 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1x3xf32>, tensor<1000x3xf32>) outs(%rf : tensor<1x1000xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1000xf32>
  %ref = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ref0, %c : tensor<1x1000xf32>, tensor<1000xf32>) outs(%re : tensor<1x1000xf32>) {
  ^bb0(%x: f32, %bb: f32, %o: f32):
    %s = arith.addf %x, %bb : f32
    %r = arith.maximumf %s, %f0 : f32
    linalg.yield %r : f32
  } -> tensor<1x1000xf32>
  %se = tensor.empty() : tensor<f32>
  %sf = linalg.fill ins(%f0 : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %diff = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%y, %ref : tensor<1x1000xf32>, tensor<1x1000xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %r: f32, %o: f32):
    %d = arith.subf %x, %r : f32
    %ad = math.absf %d : f32
    %m = arith.maximumf %o, %ad : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%ref : tensor<1x1000xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %ud = tensor.cast %diff : tensor<f32> to tensor<*xf32>
  %us = tensor.cast %sum : tensor<f32> to tensor<*xf32>
  // fc1: gemm_t 1x1000 K=3
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [0]
  call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [1600]
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}

func.func @m1() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %f0 = arith.constant 0.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a_e = tensor.empty() : tensor<1x13xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a_e : tensor<1x13xf32>) {
  ^bb0(%o: f32):
    %a_i0 = linalg.index 0 : index
    %a_s0 = arith.muli %a_i0, %c7 : index
    %a_i1 = linalg.index 1 : index
    %a_s1 = arith.muli %a_i1, %c3 : index
    %a_a0 = arith.addi %c1, %a_s0 : index
    %a_a1 = arith.addi %a_a0, %a_s1 : index
    %a_r = arith.remui %a_a1, %c5 : index
    %a_n = arith.index_cast %a_r : index to i32
    %a_f = arith.sitofp %a_n : i32 to f32
    %a_v = arith.subf %a_f, %f2 : f32
    linalg.yield %a_v : f32
  } -> tensor<1x13xf32>
  %b_e = tensor.empty() : tensor<13x33xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b_e : tensor<13x33xf32>) {
  ^bb0(%o: f32):
    %b_i0 = linalg.index 0 : index
    %b_s0 = arith.muli %b_i0, %c7 : index
    %b_i1 = linalg.index 1 : index
    %b_s1 = arith.muli %b_i1, %c3 : index
    %b_a0 = arith.addi %c2, %b_s0 : index
    %b_a1 = arith.addi %b_a0, %b_s1 : index
    %b_r = arith.remui %b_a1, %c5 : index
    %b_n = arith.index_cast %b_r : index to i32
    %b_f = arith.sitofp %b_n : i32 to f32
    %b_v = arith.subf %b_f, %f2 : f32
    linalg.yield %b_v : f32
  } -> tensor<13x33xf32>
  %y = nngraph.matmul %a, %b : (tensor<1x13xf32>, tensor<13x33xf32>) -> tensor<1x33xf32>
  %re = tensor.empty() : tensor<1x33xf32>
  %rf = linalg.fill ins(%f0 : f32) outs(%re : tensor<1x33xf32>) -> tensor<1x33xf32>
  %ref0 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1x13xf32>, tensor<13x33xf32>) outs(%rf : tensor<1x33xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x33xf32>
  %ref = tensor.cast %ref0 : tensor<1x33xf32> to tensor<1x33xf32>
  %se = tensor.empty() : tensor<f32>
  %sf = linalg.fill ins(%f0 : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %diff = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%y, %ref : tensor<1x33xf32>, tensor<1x33xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %r: f32, %o: f32):
    %d = arith.subf %x, %r : f32
    %ad = math.absf %d : f32
    %m = arith.maximumf %o, %ad : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%ref : tensor<1x33xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %ud = tensor.cast %diff : tensor<f32> to tensor<*xf32>
  %us = tensor.cast %sum : tensor<f32> to tensor<*xf32>
  // m1: matmul 1x33 K=13
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [0]
  call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [-9]
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}

func.func @m7() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %f0 = arith.constant 0.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a_e = tensor.empty() : tensor<7x13xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a_e : tensor<7x13xf32>) {
  ^bb0(%o: f32):
    %a_i0 = linalg.index 0 : index
    %a_s0 = arith.muli %a_i0, %c7 : index
    %a_i1 = linalg.index 1 : index
    %a_s1 = arith.muli %a_i1, %c3 : index
    %a_a0 = arith.addi %c1, %a_s0 : index
    %a_a1 = arith.addi %a_a0, %a_s1 : index
    %a_r = arith.remui %a_a1, %c5 : index
    %a_n = arith.index_cast %a_r : index to i32
    %a_f = arith.sitofp %a_n : i32 to f32
    %a_v = arith.subf %a_f, %f2 : f32
    linalg.yield %a_v : f32
  } -> tensor<7x13xf32>
  %b_e = tensor.empty() : tensor<13x10xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b_e : tensor<13x10xf32>) {
  ^bb0(%o: f32):
    %b_i0 = linalg.index 0 : index
    %b_s0 = arith.muli %b_i0, %c7 : index
    %b_i1 = linalg.index 1 : index
    %b_s1 = arith.muli %b_i1, %c3 : index
    %b_a0 = arith.addi %c2, %b_s0 : index
    %b_a1 = arith.addi %b_a0, %b_s1 : index
    %b_r = arith.remui %b_a1, %c5 : index
    %b_n = arith.index_cast %b_r : index to i32
    %b_f = arith.sitofp %b_n : i32 to f32
    %b_v = arith.subf %b_f, %f2 : f32
    linalg.yield %b_v : f32
  } -> tensor<13x10xf32>
  %y = nngraph.matmul %a, %b : (tensor<7x13xf32>, tensor<13x10xf32>) -> tensor<7x10xf32>
  %re = tensor.empty() : tensor<7x10xf32>
  %rf = linalg.fill ins(%f0 : f32) outs(%re : tensor<7x10xf32>) -> tensor<7x10xf32>
  %ref0 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<7x13xf32>, tensor<13x10xf32>) outs(%rf : tensor<7x10xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<7x10xf32>
  %ref = tensor.cast %ref0 : tensor<7x10xf32> to tensor<7x10xf32>
  %se = tensor.empty() : tensor<f32>
  %sf = linalg.fill ins(%f0 : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %diff = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%y, %ref : tensor<7x10xf32>, tensor<7x10xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %r: f32, %o: f32):
    %d = arith.subf %x, %r : f32
    %ad = math.absf %d : f32
    %m = arith.maximumf %o, %ad : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%ref : tensor<7x10xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %ud = tensor.cast %diff : tensor<f32> to tensor<*xf32>
  %us = tensor.cast %sum : tensor<f32> to tensor<*xf32>
  // m7: matmul 7x10 K=13
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [0]
  call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [0]
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}

func.func @m8() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %f0 = arith.constant 0.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a_e = tensor.empty() : tensor<8x15xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a_e : tensor<8x15xf32>) {
  ^bb0(%o: f32):
    %a_i0 = linalg.index 0 : index
    %a_s0 = arith.muli %a_i0, %c7 : index
    %a_i1 = linalg.index 1 : index
    %a_s1 = arith.muli %a_i1, %c3 : index
    %a_a0 = arith.addi %c1, %a_s0 : index
    %a_a1 = arith.addi %a_a0, %a_s1 : index
    %a_r = arith.remui %a_a1, %c5 : index
    %a_n = arith.index_cast %a_r : index to i32
    %a_f = arith.sitofp %a_n : i32 to f32
    %a_v = arith.subf %a_f, %f2 : f32
    linalg.yield %a_v : f32
  } -> tensor<8x15xf32>
  %b_e = tensor.empty() : tensor<15x33xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b_e : tensor<15x33xf32>) {
  ^bb0(%o: f32):
    %b_i0 = linalg.index 0 : index
    %b_s0 = arith.muli %b_i0, %c7 : index
    %b_i1 = linalg.index 1 : index
    %b_s1 = arith.muli %b_i1, %c3 : index
    %b_a0 = arith.addi %c2, %b_s0 : index
    %b_a1 = arith.addi %b_a0, %b_s1 : index
    %b_r = arith.remui %b_a1, %c5 : index
    %b_n = arith.index_cast %b_r : index to i32
    %b_f = arith.sitofp %b_n : i32 to f32
    %b_v = arith.subf %b_f, %f2 : f32
    linalg.yield %b_v : f32
  } -> tensor<15x33xf32>
  %y = nngraph.matmul %a, %b : (tensor<8x15xf32>, tensor<15x33xf32>) -> tensor<8x33xf32>
  %re = tensor.empty() : tensor<8x33xf32>
  %rf = linalg.fill ins(%f0 : f32) outs(%re : tensor<8x33xf32>) -> tensor<8x33xf32>
  %ref0 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<8x15xf32>, tensor<15x33xf32>) outs(%rf : tensor<8x33xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x33xf32>
  %ref = tensor.cast %ref0 : tensor<8x33xf32> to tensor<8x33xf32>
  %se = tensor.empty() : tensor<f32>
  %sf = linalg.fill ins(%f0 : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %diff = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%y, %ref : tensor<8x33xf32>, tensor<8x33xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %r: f32, %o: f32):
    %d = arith.subf %x, %r : f32
    %ad = math.absf %d : f32
    %m = arith.maximumf %o, %ad : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%ref : tensor<8x33xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %ud = tensor.cast %diff : tensor<f32> to tensor<*xf32>
  %us = tensor.cast %sum : tensor<f32> to tensor<*xf32>
  // m8: matmul 8x33 K=15
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [0]
  call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [15]
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}

func.func @m9() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %f0 = arith.constant 0.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a_e = tensor.empty() : tensor<9x11xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a_e : tensor<9x11xf32>) {
  ^bb0(%o: f32):
    %a_i0 = linalg.index 0 : index
    %a_s0 = arith.muli %a_i0, %c7 : index
    %a_i1 = linalg.index 1 : index
    %a_s1 = arith.muli %a_i1, %c3 : index
    %a_a0 = arith.addi %c1, %a_s0 : index
    %a_a1 = arith.addi %a_a0, %a_s1 : index
    %a_r = arith.remui %a_a1, %c5 : index
    %a_n = arith.index_cast %a_r : index to i32
    %a_f = arith.sitofp %a_n : i32 to f32
    %a_v = arith.subf %a_f, %f2 : f32
    linalg.yield %a_v : f32
  } -> tensor<9x11xf32>
  %b_e = tensor.empty() : tensor<67x11xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b_e : tensor<67x11xf32>) {
  ^bb0(%o: f32):
    %b_i0 = linalg.index 0 : index
    %b_s0 = arith.muli %b_i0, %c7 : index
    %b_i1 = linalg.index 1 : index
    %b_s1 = arith.muli %b_i1, %c3 : index
    %b_a0 = arith.addi %c2, %b_s0 : index
    %b_a1 = arith.addi %b_a0, %b_s1 : index
    %b_r = arith.remui %b_a1, %c5 : index
    %b_n = arith.index_cast %b_r : index to i32
    %b_f = arith.sitofp %b_n : i32 to f32
    %b_v = arith.subf %b_f, %f2 : f32
    linalg.yield %b_v : f32
  } -> tensor<67x11xf32>
  %c_e = tensor.empty() : tensor<67xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%c_e : tensor<67xf32>) {
  ^bb0(%o: f32):
    %c_i0 = linalg.index 0 : index
    %c_s0 = arith.muli %c_i0, %c7 : index
    %c_a0 = arith.addi %c3, %c_s0 : index
    %c_r = arith.remui %c_a0, %c5 : index
    %c_n = arith.index_cast %c_r : index to i32
    %c_f = arith.sitofp %c_n : i32 to f32
    %c_v = arith.subf %c_f, %f2 : f32
    linalg.yield %c_v : f32
  } -> tensor<67xf32>
  %g = nngraph.gemm %a, %b, %c {trans_b = true} : (tensor<9x11xf32>, tensor<67x11xf32>, tensor<67xf32>) -> tensor<9x67xf32>
  %y = nngraph.relu %g : (tensor<9x67xf32>) -> tensor<9x67xf32>
  %re = tensor.empty() : tensor<9x67xf32>
  %rf = linalg.fill ins(%f0 : f32) outs(%re : tensor<9x67xf32>) -> tensor<9x67xf32>
  %ref0 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<9x11xf32>, tensor<67x11xf32>) outs(%rf : tensor<9x67xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<9x67xf32>
  %ref = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ref0, %c : tensor<9x67xf32>, tensor<67xf32>) outs(%re : tensor<9x67xf32>) {
  ^bb0(%x: f32, %bb: f32, %o: f32):
    %s = arith.addf %x, %bb : f32
    %r = arith.maximumf %s, %f0 : f32
    linalg.yield %r : f32
  } -> tensor<9x67xf32>
  %se = tensor.empty() : tensor<f32>
  %sf = linalg.fill ins(%f0 : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %diff = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%y, %ref : tensor<9x67xf32>, tensor<9x67xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %r: f32, %o: f32):
    %d = arith.subf %x, %r : f32
    %ad = math.absf %d : f32
    %m = arith.maximumf %o, %ad : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%ref : tensor<9x67xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %ud = tensor.cast %diff : tensor<f32> to tensor<*xf32>
  %us = tensor.cast %sum : tensor<f32> to tensor<*xf32>
  // m9: gemm_t 9x67 K=11
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [0]
  call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [2876]
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}

func.func @m13() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %f0 = arith.constant 0.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a_e = tensor.empty() : tensor<13x17xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a_e : tensor<13x17xf32>) {
  ^bb0(%o: f32):
    %a_i0 = linalg.index 0 : index
    %a_s0 = arith.muli %a_i0, %c7 : index
    %a_i1 = linalg.index 1 : index
    %a_s1 = arith.muli %a_i1, %c3 : index
    %a_a0 = arith.addi %c1, %a_s0 : index
    %a_a1 = arith.addi %a_a0, %a_s1 : index
    %a_r = arith.remui %a_a1, %c5 : index
    %a_n = arith.index_cast %a_r : index to i32
    %a_f = arith.sitofp %a_n : i32 to f32
    %a_v = arith.subf %a_f, %f2 : f32
    linalg.yield %a_v : f32
  } -> tensor<13x17xf32>
  %b_e = tensor.empty() : tensor<17x40xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b_e : tensor<17x40xf32>) {
  ^bb0(%o: f32):
    %b_i0 = linalg.index 0 : index
    %b_s0 = arith.muli %b_i0, %c7 : index
    %b_i1 = linalg.index 1 : index
    %b_s1 = arith.muli %b_i1, %c3 : index
    %b_a0 = arith.addi %c2, %b_s0 : index
    %b_a1 = arith.addi %b_a0, %b_s1 : index
    %b_r = arith.remui %b_a1, %c5 : index
    %b_n = arith.index_cast %b_r : index to i32
    %b_f = arith.sitofp %b_n : i32 to f32
    %b_v = arith.subf %b_f, %f2 : f32
    linalg.yield %b_v : f32
  } -> tensor<17x40xf32>
  %y = nngraph.matmul %a, %b : (tensor<13x17xf32>, tensor<17x40xf32>) -> tensor<13x40xf32>
  %re = tensor.empty() : tensor<13x40xf32>
  %rf = linalg.fill ins(%f0 : f32) outs(%re : tensor<13x40xf32>) -> tensor<13x40xf32>
  %ref0 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<13x17xf32>, tensor<17x40xf32>) outs(%rf : tensor<13x40xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<13x40xf32>
  %ref = tensor.cast %ref0 : tensor<13x40xf32> to tensor<13x40xf32>
  %se = tensor.empty() : tensor<f32>
  %sf = linalg.fill ins(%f0 : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %diff = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%y, %ref : tensor<13x40xf32>, tensor<13x40xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %r: f32, %o: f32):
    %d = arith.subf %x, %r : f32
    %ad = math.absf %d : f32
    %m = arith.maximumf %o, %ad : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%ref : tensor<13x40xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %ud = tensor.cast %diff : tensor<f32> to tensor<*xf32>
  %us = tensor.cast %sum : tensor<f32> to tensor<*xf32>
  // m13: matmul 13x40 K=17
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [0]
  call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [0]
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}

func.func @b3() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %f0 = arith.constant 0.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a_e = tensor.empty() : tensor<3x7x9xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%a_e : tensor<3x7x9xf32>) {
  ^bb0(%o: f32):
    %a_i0 = linalg.index 0 : index
    %a_s0 = arith.muli %a_i0, %c7 : index
    %a_i1 = linalg.index 1 : index
    %a_s1 = arith.muli %a_i1, %c3 : index
    %a_i2 = linalg.index 2 : index
    %a_s2 = arith.muli %a_i2, %c11 : index
    %a_a0 = arith.addi %c1, %a_s0 : index
    %a_a1 = arith.addi %a_a0, %a_s1 : index
    %a_a2 = arith.addi %a_a1, %a_s2 : index
    %a_r = arith.remui %a_a2, %c5 : index
    %a_n = arith.index_cast %a_r : index to i32
    %a_f = arith.sitofp %a_n : i32 to f32
    %a_v = arith.subf %a_f, %f2 : f32
    linalg.yield %a_v : f32
  } -> tensor<3x7x9xf32>
  %b_e = tensor.empty() : tensor<3x9x33xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%b_e : tensor<3x9x33xf32>) {
  ^bb0(%o: f32):
    %b_i0 = linalg.index 0 : index
    %b_s0 = arith.muli %b_i0, %c7 : index
    %b_i1 = linalg.index 1 : index
    %b_s1 = arith.muli %b_i1, %c3 : index
    %b_i2 = linalg.index 2 : index
    %b_s2 = arith.muli %b_i2, %c11 : index
    %b_a0 = arith.addi %c2, %b_s0 : index
    %b_a1 = arith.addi %b_a0, %b_s1 : index
    %b_a2 = arith.addi %b_a1, %b_s2 : index
    %b_r = arith.remui %b_a2, %c5 : index
    %b_n = arith.index_cast %b_r : index to i32
    %b_f = arith.sitofp %b_n : i32 to f32
    %b_v = arith.subf %b_f, %f2 : f32
    linalg.yield %b_v : f32
  } -> tensor<3x9x33xf32>
  %y = nngraph.matmul %a, %b : (tensor<3x7x9xf32>, tensor<3x9x33xf32>) -> tensor<3x7x33xf32>
  %re = tensor.empty() : tensor<3x7x33xf32>
  %rf = linalg.fill ins(%f0 : f32) outs(%re : tensor<3x7x33xf32>) -> tensor<3x7x33xf32>
  %ref0 = linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, k, j)>, affine_map<(b, i, j, k) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<3x7x9xf32>, tensor<3x9x33xf32>) outs(%rf : tensor<3x7x33xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x7x33xf32>
  %ref = tensor.cast %ref0 : tensor<3x7x33xf32> to tensor<3x7x33xf32>
  %se = tensor.empty() : tensor<f32>
  %sf = linalg.fill ins(%f0 : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %diff = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]} ins(%y, %ref : tensor<3x7x33xf32>, tensor<3x7x33xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %r: f32, %o: f32):
    %d = arith.subf %x, %r : f32
    %ad = math.absf %d : f32
    %m = arith.maximumf %o, %ad : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]} ins(%ref : tensor<3x7x33xf32>) outs(%sf : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %ud = tensor.cast %diff : tensor<f32> to tensor<*xf32>
  %us = tensor.cast %sum : tensor<f32> to tensor<*xf32>
  // b3: batch 3x7x33 K=9
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [0]
  call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  // CHECK: Unranked Memref {{.*}} rank = 0
  // CHECK-NEXT: [27]
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  call @fc1() : () -> ()
  call @m1() : () -> ()
  call @m7() : () -> ()
  call @m8() : () -> ()
  call @m9() : () -> ()
  call @m13() : () -> ()
  call @b3() : () -> ()
  return
}
