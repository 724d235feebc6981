// The graph ABI (GraphABI.h) and the dtype table (DTypes.h) as
// --test-graph-abi reads them: input names from `nngraph.name`, else the
// location, else "arg<i>"; roles, storage plan, metadata and LightNet
// attributes of graph inputs; output names from `nngraph.output_names`, else
// the producer's location, else "output<i>"; and every spelling of each
// element type, each of which reads back to the same row.
// RUN: nngraph-translate --test-graph-abi %s | FileCheck %s

// CHECK:      source_format xoc
// CHECK-NEXT: mxnet_version 10901
// CHECK-NEXT: input 0 'data' role=input weight=0 : float32 <f4 onnx=1 mxnet=0 dlpack=2:32 lightnet=TL_FLOAT bytes=4
// CHECK-NEXT: input 1 'w_loc' role=weight weight=1 storage_id=3 device_index=1 : float64 <f8 onnx=11 mxnet=1 dlpack=2:64 lightnet=TL_DOUBLE bytes=8
// CHECK-NEXT: input 2 'arg2' role=- weight=0 : float16 <f2 onnx=10 mxnet=2 dlpack=2:16 lightnet=- bytes=2
// CHECK-NEXT: input 3 'undef' role=undefined weight=0 : bfloat16 - onnx=16 mxnet=12 dlpack=4:16 lightnet=- bytes=2
// CHECK-NEXT: input 4 'flag' role=- weight=0 metadata : bool |b1 onnx=9 mxnet=7 dlpack=1:1 lightnet=TL_BOOL bytes=1
// CHECK-NEXT: input 5 'bytes' role=weight weight=1 lightnet_op=make_bytes lightnet_params : uint8 |u1 onnx=2 mxnet=3 dlpack=1:8 lightnet=TL_UINT8 bytes=1
// CHECK-NEXT: input 6 'i8' role=- weight=0 : int8 |i1 onnx=3 mxnet=5 dlpack=0:8 lightnet=TL_INT8 bytes=1
// CHECK-NEXT: input 7 'si8' role=- weight=0 : int8 |i1 onnx=3 mxnet=5 dlpack=0:8 lightnet=TL_INT8 bytes=1
// CHECK-NEXT: input 8 'i16' role=- weight=0 : int16 <i2 onnx=5 mxnet=8 dlpack=0:16 lightnet=TL_INT16 bytes=2
// CHECK-NEXT: input 9 'i32' role=- weight=0 : int32 <i4 onnx=6 mxnet=4 dlpack=0:32 lightnet=TL_INT32 bytes=4
// CHECK-NEXT: input 10 'i64' role=- weight=0 : int64 <i8 onnx=7 mxnet=6 dlpack=0:64 lightnet=TL_INT64 bytes=8
// CHECK-NEXT: input 11 'f8' role=- weight=0 : none
// CHECK-NEXT: input 12 'ui16' role=- weight=0 : int16 <i2 onnx=5 mxnet=8 dlpack=0:16 lightnet=TL_INT16 bytes=2
// CHECK-NEXT: output 0 'out0' : float32
// CHECK-NEXT: output 1 'w_loc' : float64
// CHECK-NEXT: output 2 'output2' : float16
// CHECK-NEXT: output 3 'c' : float32
// CHECK-NEXT: op 'c' nngraph.metadata
// CHECK-NEXT: op 'c' nngraph.result_names
// CHECK-NOT: {{.}}
module attributes {nngraph.mxnet_version = 10901 : i64, nngraph.source_format = "xoc"} {
  func.func @main(
      %a: tensor<1xf32> {nngraph.name = "data", nngraph.role = "input"},
      %b: tensor<2xf64> {nngraph.role = "weight", nngraph.storage_id = 3 : i64, nngraph.device_index = 1 : i64} loc("w_loc"),
      %c: tensor<f16>,
      %d: tensor<bf16> {nngraph.name = "undef", nngraph.role = "undefined"},
      %e: tensor<i1> {nngraph.name = "flag", nngraph.metadata = {k = 1 : i64}},
      %f: tensor<ui8> {nngraph.name = "bytes", nngraph.role = "weight", nngraph.lightnet_op = "make_bytes", nngraph.lightnet_params = []},
      %g: tensor<i8> {nngraph.name = "i8"},
      %h: tensor<si8> {nngraph.name = "si8"},
      %i: tensor<i16> {nngraph.name = "i16"},
      %j: tensor<i32> {nngraph.name = "i32"},
      %k: tensor<i64> {nngraph.name = "i64"},
      %l: tensor<f8E4M3FN> {nngraph.name = "f8"},
      %m: tensor<ui16> {nngraph.name = "ui16"})
      -> (tensor<1xf32>, tensor<2xf64>, tensor<f16>, tensor<f32>)
      attributes {nngraph.output_names = ["out0"]} {
    %cst = nngraph.constant {nngraph.metadata = {x = 1 : i64}, nngraph.result_names = ["t"]} dense<1.0> : tensor<f32> loc("c")
    return %a, %b, %c, %cst : tensor<1xf32>, tensor<2xf64>, tensor<f16>, tensor<f32>
  }
}
