// nngraph-cpu-pipeline's threads option: a parallel tile loop (scf.forall,
// as the tiling schedules emit it) and a plain scf.parallel run on OpenMP
// threads with threads > 1, and become sequential loops with 0 or 1.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="threads=2" | FileCheck %s --check-prefix=OMP
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="threads=2 lower-to-llvm=false vectorize=false" | FileCheck %s --check-prefix=PAR
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="threads=1" | FileCheck %s --check-prefix=SEQ
// RUN: nngraph-opt %s --nngraph-cpu-pipeline | FileCheck %s --check-prefix=SEQ
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="threads=1 lower-to-llvm=false" | FileCheck %s --check-prefix=FOR
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="threads=2 lower-to-llvm=false" | FileCheck %s --check-prefix=VEC

// Both loops become an OpenMP parallel region of 2 threads around a
// work-shared loop, with LLVM types.
// OMP-LABEL: llvm.func @forall
// OMP: %[[N:.*]] = llvm.mlir.constant(2 : i32) : i32
// OMP: omp.parallel num_threads(%[[N]] : i32) {
// OMP-NEXT: omp.wsloop {
// OMP-NEXT: omp.loop_nest (%{{.*}}) : i64 = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// OMP: llvm.intr.exp
// OMP: omp.yield
// OMP: omp.terminator
// OMP-LABEL: llvm.func @parallel
// OMP: omp.parallel num_threads
// OMP: omp.wsloop
// OMP-NOT: scf.
// OMP-NOT: memref.

// Before the LLVM stage, the forall is an scf.parallel on buffers.
// PAR-LABEL: func.func @forall
// PAR-NOT: scf.forall
// PAR: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// PAR: math.exp
// PAR: scf.reduce

// A large elementwise op: the elementwise schedule (vectorize, the default)
// tiles it into an scf.forall that becomes the scf.parallel, on vectors;
// without the schedules it stays a sequential loop nest.
// VEC-LABEL: func.func @large
// VEC: scf.parallel
// VEC: arith.maximumf {{.*}} : vector<{{[0-9]+}}xf32>
// VEC: scf.reduce
// PAR-LABEL: func.func @large
// PAR-NOT: scf.parallel
// PAR: arith.maximumf

// Sequential: no OpenMP, the same arithmetic.
// SEQ-LABEL: llvm.func @forall
// SEQ-NOT: omp.
// SEQ: llvm.intr.exp
// SEQ-LABEL: llvm.func @parallel
// SEQ-NOT: omp.
// SEQ: llvm.store

// SEQ-LABEL: llvm.func @large
// SEQ-NOT: omp.
// SEQ: llvm.intr.maximum

// FOR-LABEL: func.func @forall
// FOR-NOT: scf.forall
// FOR-NOT: scf.parallel
// FOR: scf.for
// FOR: math.exp

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @forall(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %init = tensor.empty() : tensor<4x8xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> tensor<4x8xf32> {
    %xs = tensor.extract_slice %x[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
    %os = tensor.extract_slice %o[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
    %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
        ins(%xs : tensor<1x8xf32>) outs(%os : tensor<1x8xf32>) {
    ^bb0(%a: f32, %b: f32):
      %e = math.exp %a : f32
      linalg.yield %e : f32
    } -> tensor<1x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<4x8xf32>
    }
  }
  return %r : tensor<4x8xf32>
}

func.func @parallel(%m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    memref.store %f, %m[%i] : memref<8xf32>
    scf.reduce
  }
  return
}

func.func @large(%x: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %r = nngraph.relu %x : (tensor<64x1024xf32>) -> tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}
