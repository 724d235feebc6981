// A parallel tile loop as the tiling schedules emit it: y = exp(x / 2) + 1
// on 64x64, in 8 blocks of 8 rows (threads.mlir runs it with nngraph-run).
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %init = tensor.empty() : tensor<64x64xf32>
  %r = scf.forall (%b) in (8) shared_outs(%o = %init) -> tensor<64x64xf32> {
    %i = affine.apply affine_map<(d0) -> (d0 * 8)>(%b)
    %xs = tensor.extract_slice %x[%i, 0] [8, 64] [1, 1] : tensor<64x64xf32> to tensor<8x64xf32>
    %os = tensor.extract_slice %o[%i, 0] [8, 64] [1, 1] : tensor<64x64xf32> to tensor<8x64xf32>
    %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
        ins(%xs : tensor<8x64xf32>) outs(%os : tensor<8x64xf32>) {
    ^bb0(%a: f32, %unused: f32):
      %half = arith.constant 0.5 : f32
      %one = arith.constant 1.0 : f32
      %h = arith.mulf %a, %half : f32
      %e = math.exp %h : f32
      %s = arith.addf %e, %one : f32
      linalg.yield %s : f32
    } -> tensor<8x64xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i, 0] [8, 64] [1, 1] : tensor<8x64xf32> into tensor<64x64xf32>
    }
  }
  return %r : tensor<64x64xf32>
}
