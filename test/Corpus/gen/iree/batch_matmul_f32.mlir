func.func @batch_matmul_f32(%a: tensor<8x128x256xf32>, %b: tensor<8x256x128xf32>) -> tensor<8x128x128xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x128x128xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<8x128x128xf32>) -> tensor<8x128x128xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<8x128x256xf32>, tensor<8x256x128xf32>) outs(%f : tensor<8x128x128xf32>) -> tensor<8x128x128xf32>
  return %r : tensor<8x128x128xf32>
}
