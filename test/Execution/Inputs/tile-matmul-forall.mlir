// Transform script: tile the tensor linalg.matmul (not the harness's reference
// on buffers) into 16x16 tiles of its output
// with scf.forall (upstream's tile_using_forall).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} filter_result_type = tensor<64x48xf32> in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %matmul tile_sizes [16, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
