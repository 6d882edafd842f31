func.func @batch_matmul_f16(%a: tensor<4x256x512xf16>, %b: tensor<4x512x256xf16>) -> tensor<4x256x256xf16> {
  %cst = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<4x256x256xf16>
  %f = linalg.fill ins(%cst : f16) outs(%e : tensor<4x256x256xf16>) -> tensor<4x256x256xf16>
  %r = linalg.batch_matmul ins(%a, %b : tensor<4x256x512xf16>, tensor<4x512x256xf16>) outs(%f : tensor<4x256x256xf16>) -> tensor<4x256x256xf16>
  return %r : tensor<4x256x256xf16>
}
