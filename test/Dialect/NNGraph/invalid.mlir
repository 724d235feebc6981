// RUN: nngraph-opt %s -split-input-file -verify-diagnostics

func.func @custom_empty_type(%x: tensor<2xf32>) {
  // expected-error @below {{'nngraph.custom' op expects a non-empty 'op_type'}}
  %0 = nngraph.custom ""(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @kernel_call_empty_name(%x: tensor<2xf32>) {
  // expected-error @below {{'nngraph.kernel_call' op expects a non-empty 'func_name'}}
  %0 = nngraph.kernel_call ""(%x) {runtime = "tvm", num_inputs = 1 : i64, num_outputs = 1 : i64, flatten_data = false} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @kernel_call_storage_ids(%x: tensor<2xf32>) {
  // expected-error @below {{'nngraph.kernel_call' op expects one 'storage_ids' entry per result (1), got 2}}
  %0 = nngraph.kernel_call "f"(%x) {runtime = "tvm", num_inputs = 1 : i64, num_outputs = 1 : i64, flatten_data = false, storage_ids = array<i64: 1, 2>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error @below {{failed to verify that all of {value, output} have same type}}
  %0 = "nngraph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return
}

// -----

func.func @dropout_ratio(%x: tensor<2xf32>) {
  // expected-error @below {{'nngraph.dropout' op expects 'ratio' in [0, 1), got 1.5}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.dropout %x {ratio = 1.5 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @cast_shape(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.cast' op expects the result shape 3x2 to match the input shape 2x3}}
  %0 = nngraph.cast %x : (tensor<2x3xf32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @unary_wrong_result(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.relu' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.relu %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @unary_float_on_int(%x: tensor<4xi32>) {
  // expected-error @below {{'nngraph.sigmoid' op operand #0 must be ranked tensor of floating-point values}}
  %0 = nngraph.sigmoid %x : (tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @unranked(%x: tensor<*xf32>) {
  // expected-error @below {{'nngraph.relu' op operand #0 must be ranked tensor}}
  %0 = nngraph.relu %x : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @broadcast(%x: tensor<2x3xf32>, %y: tensor<4xf32>) {
  // expected-error @below {{'nngraph.add' op operands of shapes 2x3 and 4 are not broadcast-compatible}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.add %x, %y : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @compare_result(%x: tensor<2xf32>, %y: tensor<2xf32>) {
  // expected-error @below {{'nngraph.less' op result #0 must be ranked tensor of 1-bit signless integer values}}
  %0 = nngraph.less %x, %y : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @prelu_slope(%x: tensor<1x3x4x4xf32>, %s: tensor<5xf32>) {
  // expected-error @below {{'nngraph.prelu' op expects 'slope' of shape 5 to broadcast to the input shape 1x3x4x4}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.prelu %x, %s : (tensor<1x3x4x4xf32>, tensor<5xf32>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @where_types(%c: tensor<2xi1>, %x: tensor<2xf32>, %y: tensor<2xi32>) {
  // expected-error @below {{'nngraph.where' op expects 'x' and 'y' of the same element type}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.where %c, %x, %y : (tensor<2xi1>, tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @where_shapes(%c: tensor<3xi1>, %x: tensor<2xf32>, %y: tensor<2xf32>) {
  // expected-error @below {{'nngraph.where' op operands of shapes 3, 2 and 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.where %c, %x, %y : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @conv_rank(%x: tensor<3x8xf32>, %w: tensor<4x3xf32>) {
  // expected-error @below {{'nngraph.conv' op expects an input of rank >= 3 (N x C x spatial...), got rank 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w : (tensor<3x8xf32>, tensor<4x3xf32>) -> tensor<3x8xf32>
  return
}

// -----

func.func @conv_weight_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) {
  // expected-error @below {{'nngraph.conv' op expects a weight of rank 4 like the input, got rank 3}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_group(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @below {{'nngraph.conv' op expects 'group' >= 1, got 0}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w {group = 0 : i64} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_group_channels(%x: tensor<1x3x8x8xf32>, %w: tensor<4x1x3x3xf32>) {
  // expected-error @below {{'nngraph.conv' op expects input channels 3 to be divisible by 'group' 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w {group = 2 : i64} : (tensor<1x3x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_weight_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @below {{'nngraph.conv' op expects weight dimension 1 (3) times 'group' (1)}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w : (tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_filters_group(%x: tensor<1x4x8x8xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @below {{'nngraph.conv' op expects output channels 3 to be divisible by 'group' 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w {group = 2 : i64} : (tensor<1x4x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @conv_pads_and_auto_pad(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @below {{'nngraph.conv' op expects no 'pads' when 'auto_pad' is set}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w {pads = array<i64: 1, 1, 1, 1>, auto_pad = #nngraph.auto_pad<same_upper>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

// -----

func.func @conv_strides_length(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @below {{'nngraph.conv' op expects 2 values in 'strides', got 3}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w {strides = array<i64: 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @below {{'nngraph.conv' op expects 'bias' of shape 4, got 3}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w, %b : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_kernel_too_big(%x: tensor<1x3x2x2xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @below {{'nngraph.conv' op kernel of size 3 (dilation 1)}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w : (tensor<1x3x2x2xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x1x1xf32>
  return
}

// -----

func.func @conv_transpose_output_padding(%x: tensor<1x8x4x4xf32>, %w: tensor<8x4x2x2xf32>) {
  // expected-error @below {{'nngraph.conv_transpose' op expects 'output_padding' smaller than the stride or the dilation on spatial axis}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv_transpose %x, %w {strides = array<i64: 2, 2>, output_padding = array<i64: 2, 2>} : (tensor<1x8x4x4xf32>, tensor<8x4x2x2xf32>) -> tensor<1x4x10x10xf32>
  return
}

// -----

func.func @conv_transpose_channels(%x: tensor<1x8x4x4xf32>, %w: tensor<6x4x2x2xf32>) {
  // expected-error @below {{'nngraph.conv_transpose' op expects weight dimension 0 (6)}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv_transpose %x, %w : (tensor<1x8x4x4xf32>, tensor<6x4x2x2xf32>) -> tensor<1x4x5x5xf32>
  return
}

// -----

func.func @gemm_rank(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @below {{'nngraph.gemm' op expects 2-D operands A and B, got shapes 2x3x4 and 4x5}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.gemm %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @gemm_inner(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @below {{'nngraph.gemm' op expects matching inner dimensions, got 3 (A) and 4 (B)}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.gemm %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @gemm_c(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>, %c: tensor<4xf32>) {
  // expected-error @below {{'nngraph.gemm' op expects C of shape 4 to broadcast to 2x5}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.gemm %a, %b, %c : (tensor<2x3xf32>, tensor<3x5xf32>, tensor<4xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @matmul_inner(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @below {{'nngraph.matmul' op expects matching inner dimensions, got shapes 2x3 and 4x5}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.matmul %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @matmul_batch(%a: tensor<2x2x3xf32>, %b: tensor<3x3x5xf32>) {
  // expected-error @below {{'nngraph.matmul' op expects broadcast-compatible batch dimensions, got shapes 2x2x3 and 3x3x5}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.matmul %a, %b : (tensor<2x2x3xf32>, tensor<3x3x5xf32>) -> tensor<2x2x5xf32>
  return
}

// -----

func.func @batch_norm_rank(%x: tensor<4xf32>, %s: tensor<4xf32>) {
  // expected-error @below {{'nngraph.batch_norm' op expects an input of rank >= 2 (N x C x ...), got rank 1}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.batch_norm %x, %s, %s, %s, %s : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @batch_norm_params(%x: tensor<1x4x2x2xf32>, %s: tensor<4xf32>, %m: tensor<3xf32>) {
  // expected-error @below {{'nngraph.batch_norm' op expects 'mean' of shape 4, got 3}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.batch_norm %x, %s, %s, %m, %s : (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<1x4x2x2xf32>
  return
}

// -----

func.func @layer_norm_scale(%x: tensor<2x4xf32>, %s: tensor<3xf32>) {
  // expected-error @below {{'nngraph.layer_norm' op expects scale and bias to broadcast to the normalized shape}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.layer_norm %x, %s : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @instance_norm_rank(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error @below {{'nngraph.instance_norm' op expects an input of rank >= 3 (N x C x spatial...), got rank 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.instance_norm %x, %s, %s : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @lrn_size(%x: tensor<1x4x2x2xf32>) {
  // expected-error @below {{'nngraph.lrn' op expects 'size' >= 1, got 0}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.lrn %x {size = 0 : i64} : (tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  return
}

// -----

func.func @pool_kernel(%x: tensor<1x4x8x8xf32>) {
  // expected-error @below {{'nngraph.max_pool' op expects 2 values in 'kernel_shape', got 1}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.max_pool %x {kernel_shape = array<i64: 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  return
}

// -----

func.func @pool_output(%x: tensor<1x4x8x8xf32>) {
  // expected-error @below {{'nngraph.avg_pool' op inferred type(s) 'tensor<1x4x4x4xf32>' are incompatible with return type(s) of operation 'tensor<1x4x5x5xf32>'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.avg_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x5x5xf32>
  return
}

// -----

func.func @global_pool_rank(%x: tensor<4x4xf32>) {
  // expected-error @below {{'nngraph.global_avg_pool' op expects an input of rank >= 3}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.global_avg_pool %x : (tensor<4x4xf32>) -> tensor<4x1xf32>
  return
}

// -----

func.func @softmax_axis(%x: tensor<2x4xf32>) {
  // expected-error @below {{'nngraph.softmax' op axis 2 is out of range for rank 2 (expected [-2, 1])}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.softmax %x {axis = 2 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @reshape_two_inferred(%x: tensor<2x3x4xf32>) {
  // expected-error @below {{'nngraph.reshape' op expects at most one -1 in 'shape'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.reshape %x {shape = array<i64: -1, -1>} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return
}

// -----

func.func @reshape_negative(%x: tensor<2x3x4xf32>) {
  // expected-error @below {{'nngraph.reshape' op expects 'shape' values >= -1, got [-2, 12]}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.reshape %x {shape = array<i64: -2, 12>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return
}

// -----

func.func @reshape_copy_beyond(%x: tensor<24xf32>) {
  // expected-error @below {{'nngraph.reshape' op uses 0 (copy) at position 1 beyond the input rank 1}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.reshape %x {shape = array<i64: 24, 0>} : (tensor<24xf32>) -> tensor<24x1xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<2x3x4xf32>) {
  // expected-error @below {{'nngraph.reshape' op cannot reshape 2x3x4 (24 elements) into 5x5 (25 elements)}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.reshape %x {shape = array<i64: 5, 5>} : (tensor<2x3x4xf32>) -> tensor<5x5xf32>
  return
}

// -----

func.func @reshape_infer_count(%x: tensor<2x3x4xf32>) {
  // expected-error @below {{'nngraph.reshape' op cannot reshape 2x3x4 into [5, -1]}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.reshape %x {shape = array<i64: 5, -1>} : (tensor<2x3x4xf32>) -> tensor<5x5xf32>
  return
}

// -----

func.func @flatten_axis(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.flatten' op axis 3 is out of range}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.flatten %x {axis = 3 : i64} : (tensor<2x3xf32>) -> tensor<6x1xf32>
  return
}

// -----

func.func @squeeze_non_one(%x: tensor<2x1xf32>) {
  // expected-error @below {{'nngraph.squeeze' op cannot squeeze axis 0 of size 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.squeeze %x {axes = array<i64: 0>} : (tensor<2x1xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @squeeze_twice(%x: tensor<1x1xf32>) {
  // expected-error @below {{'nngraph.squeeze' op axis 0 appears twice in 'axes'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.squeeze %x {axes = array<i64: 0, -2>} : (tensor<1x1xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @unsqueeze_twice(%x: tensor<2xf32>) {
  // expected-error @below {{'nngraph.unsqueeze' op axis 0 appears twice in 'axes'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.unsqueeze %x {axes = array<i64: 0, 0>} : (tensor<2xf32>) -> tensor<1x1x2xf32>
  return
}

// -----

func.func @transpose_perm(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.transpose' op expects 'perm' to be a permutation of [0, 2), got [0, 0]}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.transpose %x {perm = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @concat_empty() {
  // expected-error @below {{'nngraph.concat' op expected 1 or more operands, but found 0}}
  %0 = nngraph.concat {axis = 0 : i64} : () -> tensor<2xf32>
  return
}

// -----

func.func @concat_rank(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  // expected-error @below {{'nngraph.concat' op expects inputs of equal rank, input 1 has rank 1 instead of 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.concat %x, %y {axis = 0 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @concat_shape(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) {
  // expected-error @below {{'nngraph.concat' op expects input 1 of shape 2x4 to match the others outside axis 0}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.concat %x, %y {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @split_empty(%x: tensor<4xf32>) {
  // expected-error @below {{'nngraph.split' op expects a non-empty 'split'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.split %x {split = array<i64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @split_negative(%x: tensor<4xf32>) {
  // expected-error @below {{'nngraph.split' op expects non-negative 'split' sizes, got [5, -1]}}
  // expected-error @below {{failed to infer returned types}}
  %0:2 = nngraph.split %x {split = array<i64: 5, -1>} : (tensor<4xf32>) -> (tensor<5xf32>, tensor<1xf32>)
  return
}

// -----

func.func @split_sum(%x: tensor<4xf32>) {
  // expected-error @below {{'nngraph.split' op expects 'split' sizes [1, 2] to add up to dimension 0}}
  // expected-error @below {{failed to infer returned types}}
  %0:2 = nngraph.split %x {split = array<i64: 1, 2>} : (tensor<4xf32>) -> (tensor<1xf32>, tensor<2xf32>)
  return
}

// -----

func.func @slice_lengths(%x: tensor<4xf32>) {
  // expected-error @below {{'nngraph.slice' op expects 'starts' and 'ends' of equal length, got 1 and 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.slice %x {starts = array<i64: 0>, ends = array<i64: 1, 2>} : (tensor<4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @slice_axes(%x: tensor<4xf32>) {
  // expected-error @below {{'nngraph.slice' op expects 'axes' and 'steps' to have one value per start}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.slice %x {starts = array<i64: 0>, ends = array<i64: 1>, axes = array<i64: 0, 0>} : (tensor<4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @slice_twice(%x: tensor<4x4xf32>) {
  // expected-error @below {{'nngraph.slice' op axis 0 appears twice in 'axes'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.slice %x {starts = array<i64: 0, 0>, ends = array<i64: 1, 1>, axes = array<i64: 0, -2>} : (tensor<4x4xf32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @slice_step(%x: tensor<4xf32>) {
  // expected-error @below {{'nngraph.slice' op expects non-zero 'steps'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.slice %x {starts = array<i64: 0>, ends = array<i64: 1>, steps = array<i64: 0>} : (tensor<4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @pad_length(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.pad' op expects 4 values in 'pads', got 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.pad %x {pads = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @tile_repeats(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.tile' op expects every value in 'repeats' to be >= 0, got [1, -1]}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.tile %x {repeats = array<i64: 1, -1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @expand_negative(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.expand' op expects non-negative 'shape' values, got [-1, 3]}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.expand %x {shape = array<i64: -1, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @expand_incompatible(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.expand' op cannot broadcast 2x3 to [4, 3]}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.expand %x {shape = array<i64: 4, 3>} : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @gather_axis(%x: tensor<2x3xf32>, %i: tensor<4xi64>) {
  // expected-error @below {{'nngraph.gather' op axis 2 is out of range for rank 2 (expected [-2, 1])}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.gather %x, %i {axis = 2 : i64} : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_nd_batch(%x: tensor<2x3xf32>, %i: tensor<2x1xi64>) {
  // expected-error @below {{'nngraph.gather_nd' op expects 'batch_dims' 2 below the ranks of data and indices}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.gather_nd %x, %i {batch_dims = 2 : i64} : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_first_batch(%x: tensor<2x3xf32>, %i: tensor<1x2xi64>) {
  // expected-error @below {{'nngraph.gather_nd' op expects 'batch_dims' 0 with 'tuples_first', got 1}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.gather_nd %x, %i {batch_dims = 1 : i64, tuples_first = true} : (tensor<2x3xf32>, tensor<1x2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_first_depth(%x: tensor<2x3xf32>, %i: tensor<3x2xi64>) {
  // expected-error @below {{'nngraph.gather_nd' op expects the first indices dimension to be static and at most the data rank minus 'batch_dims', got 3x2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.gather_nd %x, %i {tuples_first = true} : (tensor<2x3xf32>, tensor<3x2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_depth(%x: tensor<2x3xf32>, %i: tensor<2x3xi64>) {
  // expected-error @below {{'nngraph.gather_nd' op expects the last indices dimension to be static and at most the data rank minus 'batch_dims', got 2x3}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.gather_nd %x, %i : (tensor<2x3xf32>, tensor<2x3xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @resize_both(%x: tensor<1x1x2x2xf32>) {
  // expected-error @below {{'nngraph.resize' op expects exactly one of 'scales' and 'sizes'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.resize %x : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_scales(%x: tensor<1x1x2x2xf32>) {
  // expected-error @below {{'nngraph.resize' op expects 4 values in 'scales', got 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.resize %x {scales = array<f32: 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_scale_sign(%x: tensor<1x1x2x2xf32>) {
  // expected-error @below {{'nngraph.resize' op expects positive 'scales'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.resize %x {scales = array<f32: 1.0, 1.0, 0.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @one_hot_depth(%i: tensor<4xi64>) {
  // expected-error @below {{'nngraph.one_hot' op expects 'depth' >= 1, got 0}}
  %0 = nngraph.one_hot %i {depth = 0 : i64} : (tensor<4xi64>) -> tensor<4x0xf32>
  return
}

// -----

func.func @one_hot_shape(%i: tensor<4xi64>) {
  // expected-error @below {{'nngraph.one_hot' op expects result shape 4x10, got 10x4}}
  %0 = nngraph.one_hot %i {depth = 10 : i64} : (tensor<4xi64>) -> tensor<10x4xf32>
  return
}

// -----

func.func @topk_k(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.topk' op expects 'k' in [1, 3], got 4}}
  // expected-error @below {{failed to infer returned types}}
  %0:2 = nngraph.topk %x {k = 4 : i64} : (tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>)
  return
}

// -----

func.func @reduce_axis(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.reduce_sum' op axis -3 is out of range for rank 2 (expected [-2, 1])}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.reduce_sum %x {axes = array<i64: -3>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @reduce_twice(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.reduce_max' op axis 1 appears twice in 'axes'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.reduce_max %x {axes = array<i64: 1, -1>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @argmax_axis(%x: tensor<2x3xf32>) {
  // expected-error @below {{'nngraph.argmax' op axis 5 is out of range for rank 2 (expected [-2, 1])}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.argmax %x {axis = 5 : i64} : (tensor<2x3xf32>) -> tensor<2x1xi64>
  return
}

// -----

func.func @pool_window(%x: tensor<1x4x2x2xf32>) {
  // expected-error @below {{'nngraph.max_pool' op window of size 3 does not fit spatial axis 0 of size 2}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.max_pool %x {kernel_shape = array<i64: 3, 3>} : (tensor<1x4x2x2xf32>) -> tensor<1x4x1x1xf32>
  return
}

// -----

func.func @pool_stride(%x: tensor<1x4x8x8xf32>) {
  // expected-error @below {{'nngraph.avg_pool' op expects every value in 'strides' to be >= 1, got [0, 1]}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.avg_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 0, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x7x7xf32>
  return
}

// -----

func.func @enum_value(%x: tensor<2xf32>) {
  // expected-error @below {{expected ::mlir::nngraph::GeluApproximation to be one of: none, tanh}}
  // expected-error @below {{failed to parse NNGraph_GeluApproximationAttr parameter 'value'}}
  %0 = nngraph.gelu %x {approximate = #nngraph.gelu_approximation<exact>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @conv_element_types(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf16>) {
  // expected-error @below {{'nngraph.conv' op expects input and weight of the same element type}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf16>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_transpose_negative(%x: tensor<1x8x1x1xf32>, %w: tensor<8x4x1x1xf32>) {
  // expected-error @below {{'nngraph.conv_transpose' op computes a non-positive output size}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.conv_transpose %x, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x1x1xf32>, tensor<8x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  return
}

// -----

func.func @matmul_scalar(%a: tensor<f32>, %b: tensor<3xf32>) {
  // expected-error @below {{'nngraph.matmul' op expects operands of rank >= 1}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.matmul %a, %b : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @gather_elements_rank(%d: tensor<2x4xf32>, %i: tensor<3xi64>) -> tensor<3xf32> {
  // expected-error @below {{'nngraph.gather_elements' op expects indices of the data's rank (2), got rank 1}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.gather_elements %d, %i : (tensor<2x4xf32>, tensor<3xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @and_on_floats(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'nngraph.and' op operand #0 must be ranked tensor of signless integer or unsigned integer values}}
  %0 = nngraph.and %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @scatter_elements_shapes(%d: tensor<3x3xf32>, %i: tensor<2x2xi64>, %u: tensor<2x3xf32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{'nngraph.scatter_elements' op expects indices and updates of one shape and the rank of data, got 2x2 and 2x3 for data 3x3}}
  %0 = nngraph.scatter_elements %d, %i, %u : (tensor<3x3xf32>, tensor<2x2xi64>, tensor<2x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @scatter_nd_updates(%d: tensor<4x5xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) -> tensor<4x5xf32> {
  // expected-error@+1 {{'nngraph.scatter_nd' op expects updates of shape 2x5, got 2x4}}
  %0 = nngraph.scatter_nd %d, %i, %u : (tensor<4x5xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @bitcast_width(%x: tensor<4xf32>) -> tensor<4xi16> {
  // expected-error@+1 {{'nngraph.bitcast' op expects element types of one width, got 'f32' and 'i16'}}
  %0 = nngraph.bitcast %x : (tensor<4xf32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @einsum_terms(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @below {{'nngraph.einsum' op equation 'ij,jk->ik' has 2 operand terms for 1 operands}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.einsum %x {equation = "ij,jk->ik"} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @einsum_rank(%x: tensor<2x3x4xf32>) -> tensor<3x2xf32> {
  // expected-error @below {{'nngraph.einsum' op equation 'ij->ji' names 2 axes of operand 0 of rank 3}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.einsum %x {equation = "ij->ji"} : (tensor<2x3x4xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @einsum_result_label(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @below {{'nngraph.einsum' op equation 'ij->k' names 'k' in the result, which no operand names or it repeats}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.einsum %x {equation = "ij->k"} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @einsum_sizes(%x: tensor<2x3xf32>, %y: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @below {{'nngraph.einsum' op equation 'ij,jk->ik' gives one axis the sizes 3 and 4}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.einsum %x, %y {equation = "ij,jk->ik"} : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @grid_sample_cubic_3d(%x: tensor<1x1x4x4x4xf32>, %g: tensor<1x2x2x2x3xf32>) -> tensor<1x1x2x2x2xf32> {
  // expected-error @below {{'nngraph.grid_sample' op expects cubic sampling of 2-D inputs only}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.grid_sample %x, %g {mode = #nngraph.grid_sample_mode<cubic>} : (tensor<1x1x4x4x4xf32>, tensor<1x2x2x2x3xf32>) -> tensor<1x1x2x2x2xf32>
  return %0 : tensor<1x1x2x2x2xf32>
}

// -----

func.func @grid_sample_grid(%x: tensor<1x1x4x4xf32>, %g: tensor<1x3x5x3xf32>) -> tensor<1x1x3x5xf32> {
  // expected-error @below {{'nngraph.grid_sample' op expects an input of rank 4 or 5 and a grid of its rank ending in the spatial rank, got 1x1x4x4 and 1x3x5x3}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.grid_sample %x, %g : (tensor<1x1x4x4xf32>, tensor<1x3x5x3xf32>) -> tensor<1x1x3x5xf32>
  return %0 : tensor<1x1x3x5xf32>
}

// -----

func.func @box_nms_rank(%x: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @below {{'nngraph.box_nms' op expects boxes of rank 2 or more (... x boxes x values), got 6}}
  %0 = nngraph.box_nms %x : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @box_nms_coords(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @below {{'nngraph.box_nms' op expects 'coord_start' + 0..3 within the 5 values of a box, got 2}}
  %0 = nngraph.box_nms %x : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @box_nms_score(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @below {{'nngraph.box_nms' op expects 'score_index' within the 6 values of a box and outside its coordinates, got 3}}
  %0 = nngraph.box_nms %x {score_index = 3 : i64} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @box_nms_id(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @below {{'nngraph.box_nms' op expects 'id_index' within the 6 values of a box and apart from the score and coordinates, got 1}}
  %0 = nngraph.box_nms %x {id_index = 1 : i64} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @roi_align_rois(%x: tensor<1x4x8x8xf32>, %r: tensor<5x5xf32>, %i: tensor<5xi64>) -> tensor<5x4x1x1xf32> {
  // expected-error @below {{'nngraph.roi_align' op expects an N x C x H x W input and R x 4 rois with R batch indices (or R x 5 rois without), got 1x4x8x8, 5x5 and 5}}
  // expected-error @below {{failed to infer returned types}}
  %0 = nngraph.roi_align %x, %r, %i : (tensor<1x4x8x8xf32>, tensor<5x5xf32>, tensor<5xi64>) -> tensor<5x4x1x1xf32>
  return %0 : tensor<5x4x1x1xf32>
}
