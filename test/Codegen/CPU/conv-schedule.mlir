// RUN: nngraph-opt %s --split-input-file --nngraph-cpu-tile-and-vectorize=vector-width=8 --canonicalize --cse | FileCheck %s
// RUN: nngraph-opt %s --split-input-file --nngraph-cpu-tile-and-vectorize=vector-width=16 --canonicalize --cse | FileCheck %s --check-prefix=AVX512

// A 3x3 convolution with a bias accumulator and a ReLU epilogue: the ReLU is
// the root of an scf.forall over (OH, F) by output rows and 16 channels (two
// vectors), the bias and the convolution are fused into it. With 16
// registers (vector-width 8) the register tile is 6 pixels x 16 channels
// (12 accumulators, two weight vectors and a broadcast: 15 registers), so
// the row of 28 is an scf.for over 4 tiles of 6 and a peeled last tile of
// 4, both static. The reductions (KH, KW, C by 8) are scf.for loops
// carrying the accumulator vector, and the inner step is one contraction
// 6x8 x 8x16 (4x8 x 8x16 in the peeled tile). With 16 lanes (AVX-512) the
// channel tile is two vectors, the whole 32, and 7 pixels divide the row.
// CHECK-LABEL: func.func @conv_bias_relu
// CHECK: scf.forall ({{.*}}) = (0, 0) to (28, 32) step (1, 16)
// CHECK: scf.for {{.*}} = %c0 to %c24 step %c6 iter_args({{.*}}) -> (tensor<1x1x28x16xf32>)
// CHECK: %[[BIAS:.*]] = vector.transfer_read %arg2{{.*}} : tensor<32xf32>, vector<16xf32>
// CHECK: vector.broadcast %[[BIAS]] : vector<16xf32> to vector<1x6x16xf32>
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<1x6x16xf32>)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<1x6x16xf32>)
// CHECK: scf.for {{.*}} step %c8 iter_args({{.*}}) -> (vector<1x6x16xf32>)
// CHECK: vector.transfer_read %arg0{{.*}} : tensor<1x30x30x16xf32>, vector<6x8xf32>
// CHECK: vector.transfer_read %arg1{{.*}} : tensor<3x3x16x32xf32>, vector<8x16xf32>
// CHECK: vector.contract {{.*}} : vector<6x8xf32>, vector<8x16xf32> into vector<6x16xf32>
// CHECK: arith.maximumf {{.*}} : vector<6x16xf32>
// CHECK: vector.transfer_write {{.*}} : vector<6x16xf32>, tensor<1x1x28x16xf32>
// The peeled tile: pixels 24-27.
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<1x4x16xf32>)
// CHECK: vector.contract {{.*}} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// CHECK: arith.maximumf {{.*}} : vector<4x16xf32>
// CHECK: vector.transfer_write {{.*}}[%c0, %c0, %c24, %c0] {{.*}} : vector<4x16xf32>, tensor<1x1x28x16xf32>
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.conv_2d
// CHECK-NOT: linalg.generic
// AVX512-LABEL: func.func @conv_bias_relu
// AVX512: scf.forall ({{.*}}) = (0, 0) to (28, 28) step (1, 7)
// AVX512: vector.contract {{.*}} : vector<7x8xf32>, vector<8x32xf32> into vector<7x32xf32>
#map_bias = affine_map<(d0, d1, d2, d3) -> (d3)>
#map_id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @conv_bias_relu(%x: tensor<1x30x30x16xf32>, %w: tensor<3x3x16x32xf32>, %b: tensor<32xf32>) -> tensor<1x28x28x32xf32> {
  %e = tensor.empty() : tensor<1x28x28x32xf32>
  %acc = linalg.generic {indexing_maps = [#map_bias, #map_id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<32xf32>) outs(%e : tensor<1x28x28x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x28x28x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x30x30x16xf32>, tensor<3x3x16x32xf32>) outs(%acc : tensor<1x28x28x32xf32>) -> tensor<1x28x28x32xf32>
  %r = linalg.generic {indexing_maps = [#map_id, #map_id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x28x28x32xf32>) outs(%e : tensor<1x28x28x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x28x28x32xf32>
  return %r : tensor<1x28x28x32xf32>
}

// -----

// Sizes that do not divide the preferred tile: F 24, which two vectors do
// not divide, takes three, split into one convolution per vector so that
// each accumulator is a vector<8> of its own (a loop-carried vector<24> is
// scalarised by LLVM); 3 pixels (9 accumulators and the 3 broadcasts that
// the split convolutions share: 4 pixels spilled) per tile along OW 13
// (prime), the last pixel peeled; C 3 one channel a step (the largest
// power of two that divides it: 3 channels a step were loaded as 2 + 1 and
// shuffled); stride 2 reads every other column of the 5 the tile's window
// spans.
// CHECK-LABEL: func.func @conv_odd
// CHECK: scf.forall ({{.*}}) in (13)
// CHECK: scf.for {{.*}} = %c0 to %c12 step %c3
// CHECK: scf.for {{.*}} -> (vector<1x3x8xf32>, vector<1x3x8xf32>, vector<1x3x8xf32>)
// CHECK: scf.for {{.*}} = %c0 to %c3 step %c1
// CHECK: scf.for {{.*}} = %c0 to %c3 step %c1
// CHECK: vector.transfer_read %arg0{{.*}} : tensor<1x27x27x3xf32>, vector<5x1xf32>
// CHECK-COUNT-9: vector.contract {{.*}} : vector<1xf32>, vector<1x8xf32> into vector<8xf32>
// The peeled pixel 12: three accumulators of one pixel.
// CHECK: scf.for {{.*}} -> (vector<1x1x8xf32>, vector<1x1x8xf32>, vector<1x1x8xf32>)
// CHECK-COUNT-3: vector.contract {{.*}} : vector<1xf32>, vector<1x8xf32> into vector<8xf32>
// CHECK-NOT: vector<24xf32>
// CHECK-NOT: linalg.conv_2d
func.func @conv_odd(%x: tensor<1x27x27x3xf32>, %w: tensor<3x3x3x24xf32>) -> tensor<1x13x13x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x13x13x24xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x13x13x24xf32>) -> tensor<1x13x13x24xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x27x27x3xf32>, tensor<3x3x3x24xf32>) outs(%acc : tensor<1x13x13x24xf32>) -> tensor<1x13x13x24xf32>
  return %c : tensor<1x13x13x24xf32>
}

// -----

// The row tile with 16 registers minimises the row's cost (sum over tiles
// of max(accumulators, 8)): a row of 14 takes 5 + 5 + 4 pixels x 16
// channels, a row of 7 takes 4 + 3 (a tile of 6 would leave one pixel in a
// tile as slow as a tile of 4). 1x1 convolutions; the second has more
// weights than image, so its channel tiles go outermost.
// CHECK-LABEL: func.func @conv_rows
// CHECK: scf.forall ({{.*}}) = (0, 0) to (14, 64) step (1, 16)
// CHECK: scf.for {{.*}} = %c0 to %c10 step %c5
// CHECK: vector.contract {{.*}} : vector<5x8xf32>, vector<8x16xf32> into vector<5x16xf32>
// CHECK: vector.contract {{.*}} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// CHECK: scf.forall ({{.*}}) = (0, 0) to (64, 7) step (16, 1)
// CHECK: vector.contract {{.*}} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// CHECK: vector.contract {{.*}} : vector<3x8xf32>, vector<8x16xf32> into vector<3x16xf32>
// CHECK-NOT: linalg.conv_2d
func.func @conv_rows(%x: tensor<1x14x14x32xf32>, %y: tensor<1x7x7x32xf32>, %w: tensor<1x1x32x64xf32>) -> (tensor<1x14x14x64xf32>, tensor<1x7x7x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x14x14x32xf32>, tensor<1x1x32x64xf32>) outs(%acc : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %e7 = tensor.empty() : tensor<1x7x7x64xf32>
  %acc7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %c7 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%y, %w : tensor<1x7x7x32xf32>, tensor<1x1x32x64xf32>) outs(%acc7 : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  return %c, %c7 : tensor<1x14x14x64xf32>, tensor<1x7x7x64xf32>
}

// -----

// Depthwise: channels in the vector lanes, the whole 3-wide window in one
// 1-D depthwise step (KH tiled by 1): 9 input columns read once, three
// FMAs of vector<7x8> (one per KW). With 16 registers one vector of
// channels (two vectors x 7 pixels spilled); 7 pixels divide the row.
// CHECK-LABEL: func.func @depthwise
// CHECK: scf.forall ({{.*}}) = (0, 0, 0) to (14, 14, 32) step (1, 7, 8)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<1x7x8xf32>)
// CHECK: vector.transfer_read %arg0{{.*}} : tensor<1x16x16x32xf32>, vector<9x8xf32>
// CHECK-COUNT-3: vector.fma {{.*}} : vector<7x8xf32>
// CHECK-NOT: linalg.depthwise_conv
func.func @depthwise(%x: tensor<1x16x16x32xf32>, %w: tensor<3x3x32xf32>) -> tensor<1x14x14x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x16x16x32xf32>, tensor<3x3x32xf32>) outs(%acc : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  return %c : tensor<1x14x14x32xf32>
}

// -----

// Dynamic shapes have no schedule: the convolution is left as it is.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: scf.forall
// CHECK: linalg.conv_2d_nhwc_hwcf
func.func @dynamic(%x: tensor<?x10x10x8xf32>, %w: tensor<3x3x8x16xf32>, %acc: tensor<?x8x8x16xf32>) -> tensor<?x8x8x16xf32> {
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<?x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%acc : tensor<?x8x8x16xf32>) -> tensor<?x8x8x16xf32>
  return %c : tensor<?x8x8x16xf32>
}

// -----

// AVX-512 (32 registers): F 24 is no multiple of 16, and a 24-wide
// accumulator is no power of two (LLVM scalarised it: 24 floats and
// spills), so the tile takes half-vectors of 8 and as many pixels as the
// 26 accumulators allow: 14 of OW 56. With F 64 the tile keeps two
// vectors of 16 and 7 pixels (the whole row; 13 would fit); the weights
// outweigh the image, so channel tiles go outside the rows.
// AVX512-LABEL: func.func @conv_narrow_channels
// AVX512: scf.forall ({{.*}}) = (0, 0, 0) to (56, 56, 24) step (1, 14, 8)
// AVX512: scf.for {{.*}} iter_args({{.*}}) -> (vector<1x14x8xf32>)
// AVX512: vector.contract {{.*}} : vector<14x8xf32>, vector<8x8xf32> into vector<14x8xf32>
// AVX512-LABEL: func.func @conv_wide_channels
// AVX512: scf.forall ({{.*}}) = (0, 0) to (64, 7) step (32, 1)
// AVX512: scf.for {{.*}} iter_args({{.*}}) -> (vector<1x7x32xf32>)
func.func @conv_narrow_channels(%x: tensor<1x56x56x144xf32>, %w: tensor<1x1x144x24xf32>) -> tensor<1x56x56x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x56x56x24xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x56x56x24xf32>) -> tensor<1x56x56x24xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x56x56x144xf32>, tensor<1x1x144x24xf32>) outs(%acc : tensor<1x56x56x24xf32>) -> tensor<1x56x56x24xf32>
  return %c : tensor<1x56x56x24xf32>
}
func.func @conv_wide_channels(%x: tensor<1x7x7x96xf32>, %w: tensor<1x1x96x64xf32>) -> tensor<1x7x7x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x7x7x96xf32>, tensor<1x1x96x64xf32>) outs(%acc : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  return %c : tensor<1x7x7x64xf32>
}

// -----

// A 1x1 projection to 24 channels with a bias and a residual add
// (MobileNet-v2's): three vectors x 3 pixels, the accumulators three
// vector<1x3x8> iteration arguments of the reduction loop, each updated by
// its own contraction of the same input vector; the epilogue adds the
// residual to the 24 channels once, after the loop. The row of 56: 18
// tiles and 2 pixels peeled. (4 pixels, 12 accumulators: LLVM keeps the 4
// broadcasts that the three contractions share live and spilled an
// accumulator; 0.53 against 0.25 ms in MobileNet-v2.)
// CHECK-LABEL: func.func @conv_three_vectors
// CHECK: scf.forall ({{.*}}) in (56)
// CHECK: scf.for {{.*}} = %c0 to %c54 step %c3
// CHECK: scf.for {{.*}} = %c0 to %c144 step %c8 iter_args({{.*}}) -> (vector<1x3x8xf32>, vector<1x3x8xf32>, vector<1x3x8xf32>)
// CHECK: %[[IN:.*]] = vector.transfer_read %arg0{{.*}} : tensor<1x56x56x144xf32>, vector<3x8xf32>
// CHECK: vector.contract {{.*}} %[[IN]], {{.*}} : vector<3x8xf32>, vector<8x8xf32> into vector<3x8xf32>
// CHECK: vector.contract {{.*}} %[[IN]], {{.*}} : vector<3x8xf32>, vector<8x8xf32> into vector<3x8xf32>
// CHECK: vector.contract {{.*}} %[[IN]], {{.*}} : vector<3x8xf32>, vector<8x8xf32> into vector<3x8xf32>
// CHECK: scf.yield
// CHECK: arith.addf {{.*}} : vector<3x24xf32>
// CHECK: scf.for {{.*}} -> (vector<1x2x8xf32>, vector<1x2x8xf32>, vector<1x2x8xf32>)
// CHECK: arith.addf {{.*}} : vector<2x24xf32>
// CHECK-NOT: linalg.conv_2d
// AVX512-LABEL: func.func @conv_three_vectors
// AVX512: vector.contract {{.*}} : vector<{{[0-9]+}}x8xf32>, vector<8x8xf32> into vector<{{[0-9]+}}x8xf32>
// AVX512-NOT: vector<1x3x8xf32>, vector<1x3x8xf32>
func.func @conv_three_vectors(%x: tensor<1x56x56x144xf32>, %w: tensor<1x1x144x24xf32>, %b: tensor<24xf32>, %r: tensor<1x56x56x24xf32>) -> tensor<1x56x56x24xf32> {
  %e = tensor.empty() : tensor<1x56x56x24xf32>
  %acc = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<24xf32>) outs(%e : tensor<1x56x56x24xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x56x56x24xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x56x56x144xf32>, tensor<1x1x144x24xf32>) outs(%acc : tensor<1x56x56x24xf32>) -> tensor<1x56x56x24xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %r : tensor<1x56x56x24xf32>, tensor<1x56x56x24xf32>) outs(%e : tensor<1x56x56x24xf32>) {
  ^bb0(%a: f32, %s: f32, %out: f32):
    %t = arith.addf %a, %s : f32
    linalg.yield %t : f32
  } -> tensor<1x56x56x24xf32>
  return %y : tensor<1x56x56x24xf32>
}

// -----

// A classifier as a 1x1 convolution on one pixel (1000 channels, which
// two vectors do not divide): five vectors of channels per tile (40), five
// independent accumulators instead of one chain of dependent FMAs.
// CHECK-LABEL: func.func @conv_one_pixel
// CHECK: scf.forall ({{.*}}) = (0) to (1000) step (40)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<1x1x8xf32>, vector<1x1x8xf32>, vector<1x1x8xf32>, vector<1x1x8xf32>, vector<1x1x8xf32>)
// CHECK-COUNT-5: vector.contract
// CHECK: scf.yield
func.func @conv_one_pixel(%x: tensor<1x1x1x256xf32>, %w: tensor<1x1x256x1000xf32>) -> tensor<1x1x1x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x1x1000xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x1x1000xf32>) -> tensor<1x1x1x1000xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x1x1x256xf32>, tensor<1x1x256x1000xf32>) outs(%acc : tensor<1x1x1x1000xf32>) -> tensor<1x1x1x1000xf32>
  return %c : tensor<1x1x1x1000xf32>
}
