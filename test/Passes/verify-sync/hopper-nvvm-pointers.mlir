// At the NVVM level a TMA store reads the box its tensor map names from its
// source pointer on, wherever getelementptr has moved the pointer: not the
// memref whose descriptor the pointer came from. Two 2 KB tiles are views
// of the dynamic shared memory; thread 0 stores the first with TMA while
// every thread writes the second, then waits for the store's read.
// Proven as written, at the nvgpu level and after upstream's
// convert-nvgpu-to-nvvm:
// RUN: asyncpipe-opt %s --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %s --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm))' | asyncpipe-opt --asyncpipe-verify-sync -o /dev/null
// With the store's source pointer moved 512 floats on (Inputs/store-source-offset.py:
// a getelementptr onto the second tile) the store reads the tile the
// threads are writing. (Taking the pointer's memref, the first tile, as
// what the store reads, the model proved it.)
// RUN: asyncpipe-opt %s --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm))' | python3 %S/Inputs/store-source-offset.py \
// RUN:   | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: overwrites shared memory that a TMA store may still be reading: no cp.async.bulk.wait_group.read of its group comes before
// A pointer moved by an index the model cannot evaluate (a kernel
// argument) is "cannot prove":
// RUN: asyncpipe-opt %s --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm))' | python3 %S/Inputs/store-source-offset.py --unknown \
// RUN:   | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: cannot prove: which shared memory this TMA store reads is not known

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  gpu.func @two_tiles(%d: !desc, %v: f32, %n: i64) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c2048 = arith.constant 2048 : index
    %tid = gpu.thread_id x
    %row = arith.divui %tid, %c8 : index
    %col = arith.remui %tid, %c8 : index
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %tile = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x8xf32, #gpu.address_space<workgroup>>
    %next = memref.view %dyn[%c2048][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x8xf32, #gpu.address_space<workgroup>>
    %first = arith.cmpi eq, %tid, %c0 : index
    memref.store %v, %tile[%row, %col] : memref<64x8xf32, #gpu.address_space<workgroup>>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      nvgpu.tma.async.store %tile to %d[%c0, %c0] : memref<64x8xf32, #gpu.address_space<workgroup>> -> !desc
      nvvm.cp.async.bulk.commit.group
    }
    memref.store %v, %next[%row, %col] : memref<64x8xf32, #gpu.address_space<workgroup>>
    scf.if %first {
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.return
  }
}
