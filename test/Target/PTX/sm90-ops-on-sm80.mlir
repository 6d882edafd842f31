// An sm_90 op (here cluster ids, from the sm90 corpus's cga_cluster kernel)
// lowered for sm_80: asyncpipe-check-nvvm-target refuses it at the op,
// where LLVM's instruction selection aborted the tool ("LLVM ERROR: Cannot
// select: intrinsic", a fuzzer finding, issue 40). For sm_90 it compiles.
// RUN: not asyncpipe-opt %s --verify-each=false --asyncpipe-to-ptx=chip=sm_80 2>&1 | FileCheck %s
// CHECK: error: 'nvvm.read.ptx.sreg.clusterid.x' needs sm_90 or newer, but gpu.module @gpumodule targets sm_80
// CHECK-NOT: LLVM ERROR
// (With --verify-each=false, as the fuzzer runs: by default upstream's NVVM
// verifier says "not supported on sm_80" after convert-gpu-to-nvvm first.)
// RUN: asyncpipe-opt %s --asyncpipe-to-ptx=chip=sm_90 | FileCheck %s --check-prefix=SM90
// SM90: gpu.binary @gpumodule
  gpu.module @gpumodule {
    gpu.func @kernel_cluster() kernel attributes {known_block_size = array<i32: 2, 2, 2>} {
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
      gpu.return
    }
  }
