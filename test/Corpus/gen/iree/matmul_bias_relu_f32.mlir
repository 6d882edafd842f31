#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @matmul_bias_relu_f32(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %bias: tensor<512xf32>) -> tensor<512x512xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  %g = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<512x512xf32>, tensor<512xf32>) outs(%e : tensor<512x512xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %cst : f32
    linalg.yield %m : f32
  } -> tensor<512x512xf32>
  return %g : tensor<512x512xf32>
}
