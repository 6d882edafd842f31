func.func @softmax_f32(%a: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %e = tensor.empty() : tensor<64x1024xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<64x1024xf32>) outs(%e : tensor<64x1024xf32>) -> tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}
