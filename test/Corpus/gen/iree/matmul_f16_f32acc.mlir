func.func @matmul_f16_f32acc(%a: tensor<1024x512xf16>, %b: tensor<512x1024xf16>) -> tensor<1024x1024xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x512xf16>, tensor<512x1024xf16>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
