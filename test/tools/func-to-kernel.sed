# Undoes kernel-to-func.sed (the kernels of its tests declare 128x1x1 blocks).
s/^  module @kernels {$/  gpu.module @kernels {/
s/func.func @\(.*\)) {$/gpu.func @\1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {/
s/^\( *\)return$/\1gpu.return/
