func.func @matmul_f16_big(%a: tensor<2048x2048xf16>, %b: tensor<2048x2048xf16>) -> tensor<2048x2048xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048x2048xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
