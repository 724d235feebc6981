// LeNet-5 as an importer hands it over: input shape fixed, every other shape
// still `?`, an identity and a dropout left over from training, and a
// reshape/flatten chain. Run:
//   build/bin/nngraph-opt examples/lenet.mlir --nngraph-infer-shapes --canonicalize
func.func @lenet(%data: tensor<1x1x28x28xf32>,
                 %conv1_weight: tensor<6x1x5x5xf32>, %conv1_bias: tensor<6xf32>,
                 %conv2_weight: tensor<16x6x5x5xf32>, %conv2_bias: tensor<16xf32>,
                 %fc1_weight: tensor<120x400xf32>, %fc1_bias: tensor<120xf32>,
                 %fc2_weight: tensor<84x120xf32>, %fc2_bias: tensor<84xf32>,
                 %fc3_weight: tensor<10x84xf32>, %fc3_bias: tensor<10xf32>) -> tensor<?x?xf32> {
  %0 = nngraph.conv %data, %conv1_weight, %conv1_bias {pads = array<i64: 2, 2, 2, 2>} : (tensor<1x1x28x28xf32>, tensor<6x1x5x5xf32>, tensor<6xf32>) -> tensor<?x?x?x?xf32> loc("conv1")
  %1 = nngraph.relu %0 : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> loc("relu1")
  %2 = nngraph.max_pool %1 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> loc("pool1")
  %3 = nngraph.conv %2, %conv2_weight, %conv2_bias : (tensor<?x?x?x?xf32>, tensor<16x6x5x5xf32>, tensor<16xf32>) -> tensor<?x?x?x?xf32> loc("conv2")
  %4 = nngraph.relu %3 : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> loc("relu2")
  %5 = nngraph.max_pool %4 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> loc("pool2")
  %6 = nngraph.identity %5 : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> loc("copy")
  %7 = nngraph.reshape %6 {shape = array<i64: 1, 16, 25>} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?xf32> loc("reshape")
  %8 = nngraph.flatten %7 : (tensor<?x?x?xf32>) -> tensor<?x?xf32> loc("flatten")
  %9 = nngraph.gemm %8, %fc1_weight, %fc1_bias {trans_b = true} : (tensor<?x?xf32>, tensor<120x400xf32>, tensor<120xf32>) -> tensor<?x?xf32> loc("fc1")
  %10 = nngraph.relu %9 : (tensor<?x?xf32>) -> tensor<?x?xf32> loc("relu3")
  %11 = nngraph.dropout %10 {ratio = 0.5 : f32} : (tensor<?x?xf32>) -> tensor<?x?xf32> loc("drop")
  %12 = nngraph.gemm %11, %fc2_weight, %fc2_bias {trans_b = true} : (tensor<?x?xf32>, tensor<84x120xf32>, tensor<84xf32>) -> tensor<?x?xf32> loc("fc2")
  %13 = nngraph.relu %12 : (tensor<?x?xf32>) -> tensor<?x?xf32> loc("relu4")
  %14 = nngraph.gemm %13, %fc3_weight, %fc3_bias {trans_b = true} : (tensor<?x?xf32>, tensor<10x84xf32>, tensor<10xf32>) -> tensor<?x?xf32> loc("fc3")
  %15 = nngraph.softmax %14 : (tensor<?x?xf32>) -> tensor<?x?xf32> loc("softmax")
  return %15 : tensor<?x?xf32>
}
