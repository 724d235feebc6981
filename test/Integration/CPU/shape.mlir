// Shape and data-movement operations (reshape, transpose, concat, split,
// slice with positive and negative steps, the three pad modes, tile,
// expand, shape, gather, one_hot, lrn, nearest resize) compiled by
// nngraph-cpu-pipeline and run by the JIT; expected values computed with
// NumPy (np.reshape, .T, np.concatenate, np.split, y[::-1, 1::2],
// y[:, -3:100:2], np.pad, np.tile, np.broadcast_to, np.take, np.eye, the
// ONNX LRN formula, np.repeat).
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %x = nngraph.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
  %y = nngraph.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>

  %r = nngraph.reshape %x {shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %rc = tensor.cast %r : tensor<3x2xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[0,   1],
  // CHECK-NEXT: [2,   3],
  // CHECK-NEXT: [4,   5]]
  call @print(%rc) : (tensor<?x?xf32>) -> ()

  %t = nngraph.transpose %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %tc = tensor.cast %t : tensor<3x2xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[0,   3],
  // CHECK-NEXT: [1,   4],
  // CHECK-NEXT: [2,   5]]
  call @print(%tc) : (tensor<?x?xf32>) -> ()

  %b = nngraph.constant dense<[[10.0], [11.0]]> : tensor<2x1xf32>
  %c = nngraph.concat %x, %b {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %cc = tensor.cast %c : tensor<2x4xf32> to tensor<?x?xf32>
  // CHECK: sizes = [2, 4]
  // CHECK-NEXT: {{\[}}[0,   1,   2,   10],
  // CHECK-NEXT: [3,   4,   5,   11]]
  call @print(%cc) : (tensor<?x?xf32>) -> ()

  %s:2 = nngraph.split %x {axis = 1 : i64, split = array<i64: 1, 2>} : (tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x2xf32>)
  %sc = tensor.cast %s#1 : tensor<2x2xf32> to tensor<?x?xf32>
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [4,   5]]
  call @print(%sc) : (tensor<?x?xf32>) -> ()

  // y[::-1, 1::2]
  %n = nngraph.slice %y {starts = array<i64: -1, 1>, ends = array<i64: -9223372036854775808, 4>, steps = array<i64: -1, 2>} : (tensor<3x4xf32>) -> tensor<3x2xf32>
  %nc = tensor.cast %n : tensor<3x2xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[9,   11],
  // CHECK-NEXT: [5,   7],
  // CHECK-NEXT: [1,   3]]
  call @print(%nc) : (tensor<?x?xf32>) -> ()

  // y[:, -3:100:2]
  %p = nngraph.slice %y {starts = array<i64: -3>, ends = array<i64: 100>, axes = array<i64: -1>, steps = array<i64: 2>} : (tensor<3x4xf32>) -> tensor<3x2xf32>
  %pc = tensor.cast %p : tensor<3x2xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[1,   3],
  // CHECK-NEXT: [5,   7],
  // CHECK-NEXT: [9,   11]]
  call @print(%pc) : (tensor<?x?xf32>) -> ()

  %pa = nngraph.pad %x {pads = array<i64: 0, 1, 1, 2>, value = 1.5 : f32} : (tensor<2x3xf32>) -> tensor<3x6xf32>
  %pac = tensor.cast %pa : tensor<3x6xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 6]
  // CHECK-NEXT: {{\[}}[1.5,   0,   1,   2,   1.5,   1.5],
  // CHECK-NEXT: [1.5,   3,   4,   5,   1.5,   1.5],
  // CHECK-NEXT: [1.5,   1.5,   1.5,   1.5,   1.5,   1.5]]
  call @print(%pac) : (tensor<?x?xf32>) -> ()

  %pe = nngraph.pad %x {pads = array<i64: 0, 1, 1, 2>, mode = #nngraph.pad_mode<edge>} : (tensor<2x3xf32>) -> tensor<3x6xf32>
  %pec = tensor.cast %pe : tensor<3x6xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 6]
  // CHECK-NEXT: {{\[}}[0,   0,   1,   2,   2,   2],
  // CHECK-NEXT: [3,   3,   4,   5,   5,   5],
  // CHECK-NEXT: [3,   3,   4,   5,   5,   5]]
  call @print(%pec) : (tensor<?x?xf32>) -> ()

  %pr = nngraph.pad %x {pads = array<i64: 0, 1, 1, 2>, mode = #nngraph.pad_mode<reflect>} : (tensor<2x3xf32>) -> tensor<3x6xf32>
  %prc = tensor.cast %pr : tensor<3x6xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 6]
  // CHECK-NEXT: {{\[}}[1,   0,   1,   2,   1,   0],
  // CHECK-NEXT: [4,   3,   4,   5,   4,   3],
  // CHECK-NEXT: [1,   0,   1,   2,   1,   0]]
  call @print(%prc) : (tensor<?x?xf32>) -> ()

  // Wrap, pads larger than the input: the input repeated as on a torus.
  %pw = nngraph.pad %x {pads = array<i64: 1, 3, 3, 4>, mode = #nngraph.pad_mode<wrap>} : (tensor<2x3xf32>) -> tensor<6x10xf32>
  %pwc = tensor.cast %pw : tensor<6x10xf32> to tensor<?x?xf32>
  // CHECK: sizes = [6, 10]
  // CHECK-NEXT: {{\[}}[3,   4,   5,   3,   4,   5,   3,   4,   5,   3],
  // CHECK-NEXT: [0,   1,   2,   0,   1,   2,   0,   1,   2,   0],
  // CHECK-NEXT: [3,   4,   5,   3,   4,   5,   3,   4,   5,   3],
  // CHECK-NEXT: [0,   1,   2,   0,   1,   2,   0,   1,   2,   0],
  // CHECK-NEXT: [3,   4,   5,   3,   4,   5,   3,   4,   5,   3],
  // CHECK-NEXT: [0,   1,   2,   0,   1,   2,   0,   1,   2,   0]]
  call @print(%pwc) : (tensor<?x?xf32>) -> ()

  %ti = nngraph.tile %x {repeats = array<i64: 2, 1>} : (tensor<2x3xf32>) -> tensor<4x3xf32>
  %tic = tensor.cast %ti : tensor<4x3xf32> to tensor<?x?xf32>
  // CHECK: sizes = [4, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2],
  // CHECK-NEXT: [3,   4,   5],
  // CHECK-NEXT: [0,   1,   2],
  // CHECK-NEXT: [3,   4,   5]]
  call @print(%tic) : (tensor<?x?xf32>) -> ()

  %v = nngraph.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %e = nngraph.expand %v {shape = array<i64: 2, 3>} : (tensor<3xf32>) -> tensor<2x3xf32>
  %ec = tensor.cast %e : tensor<2x3xf32> to tensor<?x?xf32>
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[10,   20,   30],
  // CHECK-NEXT: [10,   20,   30]]
  call @print(%ec) : (tensor<?x?xf32>) -> ()

  %sh = nngraph.shape %y : (tensor<3x4xf32>) -> tensor<2xi64>
  %shc = tensor.cast %sh : tensor<2xi64> to tensor<*xi64>
  // CHECK: sizes = [2]
  // CHECK-NEXT: [3,  4]
  call @printMemrefI64(%shc) : (tensor<*xi64>) -> ()

  %i = nngraph.constant dense<[-1, 0]> : tensor<2xi64>
  %g = nngraph.gather %y, %i {axis = 1 : i64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %gc = tensor.cast %g : tensor<3x2xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[3,   0],
  // CHECK-NEXT: [7,   4],
  // CHECK-NEXT: [11,   8]]
  call @print(%gc) : (tensor<?x?xf32>) -> ()

  %k = nngraph.constant dense<[0, 2, -1]> : tensor<3xi64>
  %o = nngraph.one_hot %k {depth = 3 : i64} : (tensor<3xi64>) -> tensor<3x3xf32>
  %oc = tensor.cast %o : tensor<3x3xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 3]
  // CHECK-NEXT: {{\[}}[1,   0,   0],
  // CHECK-NEXT: [0,   0,   1],
  // CHECK-NEXT: [0,   0,   1]]
  call @print(%oc) : (tensor<?x?xf32>) -> ()

  %xl = nngraph.constant dense<[[[[0.0], [1.0]], [[2.0], [3.0]], [[4.0], [5.0]], [[6.0], [7.0]]]]> : tensor<1x4x2x1xf32>
  %l = nngraph.lrn %xl {size = 3 : i64, alpha = 0.1 : f32, beta = 0.75 : f32, bias = 2.0 : f32} : (tensor<1x4x2x1xf32>) -> tensor<1x4x2x1xf32>
  %lf = nngraph.reshape %l {shape = array<i64: 4, 2>} : (tensor<1x4x2x1xf32>) -> tensor<4x2xf32>
  %lc = tensor.cast %lf : tensor<4x2xf32> to tensor<?x?xf32>
  // CHECK: sizes = [4, 2]
  // CHECK-NEXT: {{\[}}[0,   0.529685],
  // CHECK-NEXT: [0.958415,   1.26377],
  // CHECK-NEXT: [1.45063,   1.54992],
  // CHECK-NEXT: [2.23398,   2.2783]]
  call @print(%lc) : (tensor<?x?xf32>) -> ()

  %z = nngraph.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>
  %up = nngraph.resize %z {scales = array<f32: 1.0, 1.0, 2.0, 3.0>, coordinate_transform = #nngraph.coordinate_transform<asymmetric>, nearest_mode = #nngraph.nearest_mode<floor>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x6xf32>
  %uf = nngraph.squeeze %up {axes = array<i64: 0, 1>} : (tensor<1x1x4x6xf32>) -> tensor<4x6xf32>
  %uc = tensor.cast %uf : tensor<4x6xf32> to tensor<?x?xf32>
  // CHECK: sizes = [4, 6]
  // CHECK-NEXT: {{\[}}[1,   1,   1,   2,   2,   2],
  // CHECK-NEXT: [1,   1,   1,   2,   2,   2],
  // CHECK-NEXT: [3,   3,   3,   4,   4,   4],
  // CHECK-NEXT: [3,   3,   3,   4,   4,   4]]
  call @print(%uc) : (tensor<?x?xf32>) -> ()
  return
}
