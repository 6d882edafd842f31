// Corpus kernel: sm90/cga_cluster.mlir
// Origin: llvm-project mlir/test/Integration/GPU/CUDA/sm90/cga_cluster.mlir (stored version at commit 578e726c8b0d43c96ec994bf27e749849678241c; Apache-2.0 WITH LLVM-exception): the gpu.module as written (a gpu.func kernel already); the host func.func @main (gpu.launch_func with clusters 2x2x1, blocks 4x4x1, threads 1x1x1) dropped; updated to LLVM 22: gpu.known_block_size -> known_block_size, gpu.printf takes a comma before its arguments, and gpu.known_grid_size = [2, 2, 1] dropped (it contradicts the 4x4 launch and would make the block-id test %bidX == 3 dead)
// What: hand-written sm_90a cluster test, one thread per block: prints cluster id/dims and block id from block (3, 3)
// truth: race-free (one thread per block, no memory accesses besides gpu.printf)
// barriers-needed: 0
//
// The kernel has no gpu.barrier.
// (barriers are numbered in program order.)
module attributes {gpu.container_module} {
  gpu.module @gpumodule {
    gpu.func @kernel_cluster() kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      %cidX = gpu.cluster_id  x
      %cidY = gpu.cluster_id  y
      %cidZ = gpu.cluster_id  z
      %cdimX = gpu.cluster_dim  x
      %cdimY = gpu.cluster_dim  y
      %cdimZ = gpu.cluster_dim  z
      %bidX = gpu.block_id  x
      %bidY = gpu.block_id  y
      %bidZ = gpu.block_id  z
      %cidX_i32 = index.casts %cidX : index to i32
      %cidY_i32 = index.casts %cidY : index to i32
      %cidZ_i32 = index.casts %cidZ : index to i32
      %cdimX_i32 = index.casts %cdimX : index to i32
      %cdimY_i32 = index.casts %cdimY : index to i32
      %cdimZ_i32 = index.casts %cdimZ : index to i32
      %bidX_i32 = index.casts %bidX : index to i32
      %bidY_i32 = index.casts %bidY : index to i32
      %bidZ_i32 = index.casts %bidZ : index to i32

      %c3 = arith.constant 3 : index
      %cnd1 =  arith.cmpi eq, %bidX, %c3 : index
      %cnd2 =  arith.cmpi eq, %bidY, %c3 : index
      scf.if %cnd1 {
        scf.if %cnd2 {
          gpu.printf "clusterIdx: (%d, %d, %d) in Cluster Dimension: (%d, %d, %d) blockIdx: (%d, %d, %d) \n", 
            %cidX_i32,
            %cidY_i32,
            %cidZ_i32,
            %cdimX_i32,
            %cdimY_i32,
            %cdimZ_i32,
            %bidX_i32,
            %bidY_i32,
            %bidZ_i32      
            : 
            i32, i32, i32, i32, i32, i32, i32, i32, i32
        }
      }
      
      gpu.return
    }
  }
}
