// Threads without the OpenMP runtime, or a bad NNGRAPH_NUM_THREADS, are
// clear errors, never a crash; one thread needs no runtime.
// RUN: not nngraph-run %S/Inputs/forall-kernel.mlir --threads 2 --openmp-lib=%t.missing/libomp.so 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: nngraph-run %S/Inputs/forall-kernel.mlir --threads 1 --openmp-lib=%t.missing/libomp.so | FileCheck %s --check-prefix=ONE
// RUN: env NNGRAPH_NUM_THREADS=1 nngraph-run %S/Inputs/forall-kernel.mlir --openmp-lib=%t.missing/libomp.so | FileCheck %s --check-prefix=ONE
// RUN: env NNGRAPH_NUM_THREADS=two not nngraph-run %S/Inputs/forall-kernel.mlir 2>&1 | FileCheck %s --check-prefix=ENV-TWO
// RUN: env NNGRAPH_NUM_THREADS=0 not nngraph-run %S/Inputs/forall-kernel.mlir 2>&1 | FileCheck %s --check-prefix=ENV-ZERO

// MISSING: error: running parallel loops on 2 threads needs the OpenMP runtime (libomp), but '{{.*}}.missing/libomp.so' does not exist: install libomp-22-dev (utils/setup.sh) and reconfigure, or compile with 1 thread
// ONE: output output0: float32 [64, 64]
// ENV-TWO: error: NNGRAPH_NUM_THREADS must be a positive integer, got 'two'
// ENV-ZERO: error: NNGRAPH_NUM_THREADS must be a positive integer, got '0'
