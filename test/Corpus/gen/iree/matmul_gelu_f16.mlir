#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul_scale_f16(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>, %c: tensor<1024x1024xf16>) -> tensor<1024x1024xf16> {
  %cst = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<1024x1024xf16>
  %f = linalg.fill ins(%cst : f16) outs(%e : tensor<1024x1024xf16>) -> tensor<1024x1024xf16>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%f : tensor<1024x1024xf16>) -> tensor<1024x1024xf16>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%r, %c : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%e : tensor<1024x1024xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %s = arith.mulf %x, %y : f16
    linalg.yield %s : f16
  } -> tensor<1024x1024xf16>
  return %g : tensor<1024x1024xf16>
}
