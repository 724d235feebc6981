// nngraph-cpu-winograd: 3x3 stride-1 convolutions with weight-only filters
// as Winograd's F(m x m, 3 x 3): the filter transform a matmul by a
// constant (weight-only: prepared once), the input and output transforms
// loops over tiles x channel vectors, the products one batch_matmul; the
// accumulator and the epilogue evaluated in the output transform.
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-winograd=vector-width=8 --canonicalize --cse | FileCheck %s
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-winograd="vector-width=8 output-tile=2" --canonicalize --cse | FileCheck %s --check-prefix=F2
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-winograd=vector-width=8 --nngraph-lift-weight-transforms | FileCheck %s --check-prefix=LIFT
// RUN: not nngraph-opt %s -split-input-file --nngraph-cpu-winograd=output-tile=3 2>&1 | FileCheck %s --check-prefix=BAD

// A ResNet block's second convolution: bias accumulator, residual add and
// ReLU. 14x14 outputs are 4x4 tiles of 4x4 (the last row and column
// computed on zeros and sliced off): the input pad grows to 18x18.
// CHECK-LABEL: func.func @block(
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x14x14x16xf32> {{.*}}, %[[W:[^:]*]]: tensor<3x3x16x32xf32> {{.*}}, %[[B:[^:]*]]: tensor<32xf32> {{.*}}, %[[R:[^:]*]]: tensor<1x14x14x32xf32>
// CHECK: %[[GG:.*]] = arith.constant dense<{{.*}}> : tensor<36x9xf32>
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 3, 3, 0]
// CHECK: } : tensor<1x14x14x16xf32> to tensor<1x18x18x16xf32>
// CHECK: %[[W9:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0, 1], [2, 3]] : tensor<3x3x16x32xf32> into tensor<9x512xf32>
// CHECK: %[[U:.*]] = linalg.matmul ins(%[[GG]], %[[W9]] : tensor<36x9xf32>, tensor<9x512xf32>)
// CHECK: %[[U3:.*]] = tensor.expand_shape %[[U]] {{\[\[}}0], [1, 2]] output_shape [36, 16, 32]
// The input transform: 16 tiles x 2 vectors of 8 channels; one read of
// the padded input and one write per tile.
// CHECK: %[[V:.*]] = scf.forall (%[[T:.*]], %[[C:.*]]) = (0, 0) to (16, 16) step (1, 8) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<36x16x16xf32>)
// One read of the tile's 6x6 window, one write of its 36 transformed vectors:
// bufferization's analysis is quadratic in the reads and writes of a buffer.
// CHECK: vector.transfer_read %[[P]]{{.*}} {in_bounds = [true, true, true]} : tensor<1x18x18x16xf32>, vector<6x6x8xf32>
// CHECK-NOT: vector.transfer_read
// CHECK: vector.transfer_write {{.*}} {in_bounds = [true, true, true]} : vector<36x1x8xf32>, tensor<36x1x8xf32>
// CHECK-NOT: vector.transfer_write
// CHECK: tensor.parallel_insert_slice %{{.*}} into %{{.*}}[0, %[[T]], %[[C]]] [36, 1, 8] [1, 1, 1]
// CHECK: %[[M:.*]] = linalg.batch_matmul ins(%[[V]], %[[U3]] : tensor<36x16x16xf32>, tensor<36x16x32xf32>)
// The output transform: 36 reads of the products, then per output vector
// the bias, the residual and the epilogue's body; the tiles of the last
// row and column (14 = 3 x 4 + 2) write only their pixels inside the
// output, straight into it: one write, masked along H and W (their reads
// clamped to the image).
// CHECK: %[[Y:.*]] = scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (16, 32) step (1, 8) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<1x14x14x32xf32>)
// CHECK: vector.transfer_read %[[M]]{{.*}} : tensor<36x16x32xf32>, vector<36x1x8xf32>
// CHECK-NOT: vector.transfer_read %[[M]]
// CHECK: %[[HS:.*]] = affine.min
// CHECK: %[[WS:.*]] = affine.min
// CHECK: vector.transfer_read %[[B]]
// CHECK: vector.transfer_read %[[R]]
// CHECK: arith.maximumf {{.*}} : vector<8xf32>
// CHECK: %[[S:.*]] = tensor.extract_slice {{.*}} [1, %[[HS]], %[[WS]], 8] [1, 1, 1, 1] : tensor<1x14x14x32xf32> to tensor<1x?x?x8xf32>
// CHECK: vector.transfer_write {{.*}}, %[[S]][{{.*}}] {in_bounds = [false, false, true]} : vector<4x4x8xf32>, tensor<1x?x?x8xf32>
// CHECK-NOT: vector.transfer_write
// CHECK: tensor.parallel_insert_slice %{{.*}} [1, %[[HS]], %[[WS]], 8] [1, 1, 1, 1] : tensor<1x?x?x8xf32> into tensor<1x14x14x32xf32>
// CHECK: return %[[Y]]
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: linalg.generic
// F(2x2, 3x3): 7x7 tiles of 4x4 inputs, 16 products.
// F2-LABEL: func.func @block(
// F2: arith.constant dense<{{.*}}> : tensor<16x9xf32>
// F2: scf.forall ({{.*}}) = (0, 0) to (49, 16) step (1, 8) {{.*}} -> (tensor<16x49x16xf32>)
// F2: vector.transfer_read {{.*}} : tensor<1x16x16x16xf32>, vector<4x4x8xf32>
// F2-NOT: vector.transfer_read
// F2: linalg.batch_matmul ins({{.*}} : tensor<16x49x16xf32>, tensor<16x16x32xf32>)
// F2: scf.forall ({{.*}}) = (0, 0) to (49, 32) step (1, 8) {{.*}} -> (tensor<1x14x14x32xf32>)
// F2: vector.transfer_read {{.*}} : tensor<16x49x32xf32>, vector<16x1x8xf32>
// F2-NOT: affine.min
// F2: vector.transfer_write {{.*}} {in_bounds = [true, true, true]} : vector<2x2x8xf32>, tensor<1x2x2x8xf32>
// F2: return
// The filter transform goes to the prepare function; the transforms of
// the activations stay.
// LIFT-LABEL: func.func @block(
// LIFT-SAME: %{{.*}}: tensor<36x512xf32> {bufferization.writable = false})
// LIFT-NOT: linalg.matmul
// LIFT: scf.forall
// LIFT: linalg.batch_matmul
// LIFT: scf.forall
// LIFT-LABEL: func.func @block_prepare(
// LIFT: linalg.matmul
// BAD: error: nngraph-cpu-winograd: output-tile must be 2 or 4, not 3
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @block(%x: tensor<1x14x14x16xf32> {nngraph.role = "input"},
                 %w: tensor<3x3x16x32xf32> {nngraph.role = "weight"},
                 %bias: tensor<32xf32> {nngraph.role = "weight"},
                 %res: tensor<1x14x14x32xf32> {nngraph.role = "input"}) -> tensor<1x14x14x32xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x14x14x16xf32> to tensor<1x16x16x16xf32>
  %e = tensor.empty() : tensor<1x14x14x32xf32>
  %acc = linalg.generic {indexing_maps = [#ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bias : tensor<32xf32>) outs(%e : tensor<1x14x14x32xf32>) {
  ^bb0(%b: f32, %o: f32):
    linalg.yield %b : f32
  } -> tensor<1x14x14x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x16x16x16xf32>, tensor<3x3x16x32xf32>) outs(%acc : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %res : tensor<1x14x14x32xf32>, tensor<1x14x14x32xf32>) outs(%e : tensor<1x14x14x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x14x14x32xf32>
  return %r : tensor<1x14x14x32xf32>
}

// -----

// Left alone: a stride-2 convolution, one with 4 tiles of 4x4 and 9 of
// 2x2 (below min-tiles), a filter that is an input (its transform would
// run at every call), and 12 channels (no 8-lane vector divides them).
// CHECK-LABEL: func.func @left(
// CHECK-NOT: scf.forall
// CHECK-NOT: linalg.batch_matmul
// CHECK-COUNT-4: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: scf.forall
func.func @left(%x: tensor<1x16x16x16xf32> {nngraph.role = "input"},
                %w: tensor<3x3x16x16xf32> {nngraph.role = "weight"},
                %wi: tensor<3x3x16x16xf32> {nngraph.role = "input"},
                %x12: tensor<1x16x16x12xf32> {nngraph.role = "input"},
                %w12: tensor<3x3x12x16xf32> {nngraph.role = "weight"},
                %x8: tensor<1x8x8x16xf32> {nngraph.role = "input"})
    -> (tensor<1x7x7x16xf32>, tensor<1x14x14x16xf32>, tensor<1x14x14x16xf32>, tensor<1x6x6x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e7 = tensor.empty() : tensor<1x7x7x16xf32>
  %a7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  %s2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x16x16x16xf32>, tensor<3x3x16x16xf32>) outs(%a7 : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  %e14 = tensor.empty() : tensor<1x14x14x16xf32>
  %a14 = linalg.fill ins(%zero : f32) outs(%e14 : tensor<1x14x14x16xf32>) -> tensor<1x14x14x16xf32>
  %in = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %wi : tensor<1x16x16x16xf32>, tensor<3x3x16x16xf32>) outs(%a14 : tensor<1x14x14x16xf32>) -> tensor<1x14x14x16xf32>
  %c12 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x12, %w12 : tensor<1x16x16x12xf32>, tensor<3x3x12x16xf32>) outs(%a14 : tensor<1x14x14x16xf32>) -> tensor<1x14x14x16xf32>
  %e6 = tensor.empty() : tensor<1x6x6x16xf32>
  %a6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  %few = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x8, %w : tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>) outs(%a6 : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  return %s2, %in, %c12, %few : tensor<1x7x7x16xf32>, tensor<1x14x14x16xf32>, tensor<1x14x14x16xf32>, tensor<1x6x6x16xf32>
}

// -----

// The tile: with F(4x4) ResNet's 14x14 stage with 256 channels would be 16
// tiles reading a 9.4 MB transformed filter (streaming weights); F(2x2)
// makes 49 tiles of a 4.2 MB one. At 7x7 with 512 channels neither pays
// (F(2x2): 16 tiles, 16.8 MB): direct.
// CHECK-LABEL: func.func @choose(
// CHECK: linalg.batch_matmul ins({{.*}} : tensor<16x49x256xf32>, tensor<16x256x256xf32>)
// CHECK-NOT: linalg.batch_matmul
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x7x7x512xf32>
// CHECK-NOT: linalg.batch_matmul
func.func @choose(%x: tensor<1x16x16x256xf32> {nngraph.role = "input"},
                  %w: tensor<3x3x256x256xf32> {nngraph.role = "weight"},
                  %x7: tensor<1x9x9x512xf32> {nngraph.role = "input"},
                  %w7: tensor<3x3x512x512xf32> {nngraph.role = "weight"})
    -> (tensor<1x14x14x256xf32>, tensor<1x7x7x512xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x256xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x16x16x256xf32>, tensor<3x3x256x256xf32>) outs(%a : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %e7 = tensor.empty() : tensor<1x7x7x512xf32>
  %a7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  %c7 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x7, %w7 : tensor<1x9x9x512xf32>, tensor<3x3x512x512xf32>) outs(%a7 : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  return %c, %c7 : tensor<1x14x14x256xf32>, tensor<1x7x7x512xf32>
}

// -----

// An epilogue operand of another element type is read as vectors of its
// own type, and the epilogue's body is applied to them as it is.
// CHECK-LABEL: func.func @mixed_types(
// CHECK: scf.forall
// CHECK: scf.forall
// CHECK: %[[S:.*]] = vector.transfer_read %arg2{{.*}} : tensor<16xf16>, vector<8xf16>
// CHECK: %[[E:.*]] = arith.extf %[[S]] : vector<8xf16> to vector<8xf32>
// CHECK: arith.mulf {{.*}}%[[E]]{{.*}} : vector<8xf32>
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @mixed_types(%x: tensor<1x18x18x16xf32> {nngraph.role = "input"},
                       %w: tensor<3x3x16x16xf32> {nngraph.role = "weight"},
                       %scale: tensor<16xf16> {nngraph.role = "weight"}) -> tensor<1x16x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x18x18x16xf32>, tensor<3x3x16x16xf32>) outs(%acc : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %scale : tensor<1x16x16x16xf32>, tensor<16xf16>) outs(%e : tensor<1x16x16x16xf32>) {
  ^bb0(%a: f32, %s: f16, %o: f32):
    %s32 = arith.extf %s : f16 to f32
    %m = arith.mulf %a, %s32 : f32
    linalg.yield %m : f32
  } -> tensor<1x16x16x16xf32>
  return %r : tensor<1x16x16x16xf32>
}

// -----

// An accumulator written as a generic that yields a value captured from
// outside its body (a fill of 1.0 after canonicalization, as a quantized
// convolution's zero bias gives): broadcast per output vector (this
// crashed).
// CHECK-LABEL: func.func @captured_fill(
// CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<8xf32>
// CHECK: linalg.batch_matmul
// CHECK: arith.addf %{{.*}}, %[[ONE]] : vector<8xf32>
func.func @captured_fill(%x: tensor<1x14x14x16xf32> {nngraph.role = "input"},
                         %w: tensor<3x3x16x16xf32> {nngraph.role = "weight"})
    -> tensor<1x12x12x16xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<1x12x12x16xf32>
  %acc = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<1x12x12x16xf32>) {
  ^bb0(%out: f32):
    linalg.yield %one : f32
  } -> tensor<1x12x12x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x14x14x16xf32>, tensor<3x3x16x16xf32>) outs(%acc : tensor<1x12x12x16xf32>) -> tensor<1x12x12x16xf32>
  return %y : tensor<1x12x12x16xf32>
}
