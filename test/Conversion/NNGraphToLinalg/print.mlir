// RUN: nngraph-opt %s --convert-nngraph-to-linalg | FileCheck %s

// nngraph.print calls the runtime's printer with the tensor (as f32,
// unranked), the message and the file name.
// CHECK: func.func private @nngraphPrintLightNet(tensor<*xf32>, tensor<?xi8>, tensor<?xi8>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @main
// CHECK: %[[F:.*]] = linalg.generic
// CHECK: arith.sitofp
// CHECK: %[[U:.*]] = tensor.cast %[[F]] : tensor<2xf32> to tensor<*xf32>
// CHECK: %[[M:.*]] = arith.constant dense<[104, 105]> : tensor<2xi8>
// CHECK: %[[MC:.*]] = tensor.cast %[[M]] : tensor<2xi8> to tensor<?xi8>
// CHECK: call @nngraphPrintLightNet(%[[U]], %[[MC]], %{{.*}}) : (tensor<*xf32>, tensor<?xi8>, tensor<?xi8>) -> ()
func.func @main(%x: tensor<2xi32>) {
  nngraph.print %x {message = "hi"} : tensor<2xi32>
  return
}
