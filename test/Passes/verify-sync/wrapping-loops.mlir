// A loop whose increment wraps below its constant bound (i32 from 2^31 - 2
// to 2^31 - 1 by 2: 2^31 - 2 + 2 wraps to -2^31, still below the bound).
// As an scf.for it has one trip (upstream's trip count: proven). In CFG form
// (convert-scf-to-cf's plain add wraps) it never ends, and its second round
// reads what the first round's copy may still be writing: the loop is not
// raised to scf.for there (passes/transform/cfg_to_scf.rs may_wrap; a review
// found it raised, counted as one trip and proven when the kernel also had
// Hopper work), and the queue model's walk of its blocks reports the race.
// RUN: asyncpipe-opt %s --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %s --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf),canonicalize,cse)' | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=CFG
// CFG: error: accesses memory that an asynchronous operation may still be writing
gpu.module @m {
  gpu.func @wrapping(%src: memref<8xf32>, %dst: memref<8xf32, #gpu.address_space<workgroup>>, %out: memref<8xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %lb = arith.constant 2147483646 : i32
    %ub = arith.constant 2147483647 : i32
    %st = arith.constant 2 : i32
    // An mbarrier (unused) makes this a kernel with Hopper work, whose CFG
    // verify-sync raises for the Hopper model.
    %mb = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    scf.for %i = %lb to %ub step %st : i32 {
      %v = memref.load %dst[%c0] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%c0] : memref<8xf32>
      gpu.barrier
      asyncpipe.copy %src, %dst queue 0 : memref<8xf32> to memref<8xf32, #gpu.address_space<workgroup>>
      asyncpipe.commit 0
    }
    asyncpipe.wait_queue 0, 0
    gpu.return
  }
}
