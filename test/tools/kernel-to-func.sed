# A gpu.module kernel as a func.func with the same body, for upstream passes
# anchored on func.func (-gpu-eliminate-barriers), and back
# (func-to-kernel.sed): the function op, its terminator and its kernel
# attributes change; the ops, thread ids and barriers stay.
s/^  gpu.module @kernels {$/  module @kernels {/
s/gpu.func @\(.*\)) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {$/func.func @\1) {/
s/gpu.return/return/
