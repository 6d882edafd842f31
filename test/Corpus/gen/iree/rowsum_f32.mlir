func.func @rowsum_f32(%a: tensor<128x4096xf32>) -> tensor<128xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<128xf32>) -> tensor<128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<128x4096xf32>) outs(%f : tensor<128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<128xf32>
  return %r : tensor<128xf32>
}
