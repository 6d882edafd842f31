# A gpu.module kernel as a CPU function, for execution tests of the examples
# (lit's %gpu-kernel-to-cpu) and the CPU model of the GPU benchmark
# (bench/gpu/prepare.sh): the block and thread ids become trailing index
# arguments, the gpu.module and container module wrappers go (the examples
# close them with "  }" and "}" lines), the kernel's attributes
# (known_block_size) go, and workgroup memory becomes address space 3.
/^module attributes {gpu.container_module} {$/d
/^}$/d
/^  gpu.module @kernels {$/d
/^  }$/d
s/) kernel\( attributes {[^}]*}\)\{0,1\} {$/, %bid: index, %tid: index) {/
/= gpu.block_id x$/d
/= gpu.thread_id x$/d
s/gpu.return/return/
s/gpu.func @/func.func @/
s/#gpu.address_space<workgroup>/3/g
