// The block model's pipeline, asyncpipe-block-model: its check refuses, at
// each op and before convert-scf-to-cf runs, what no pass before the model
// makes runnable. Without the check, convert-scf-to-cf turned the loop in
// @commit_region's commit_queue into blocks, which that op's region cannot
// hold: IR that did not verify (a fuzzer finding, issue 40).
// (An error at the outermost such op: not at the copies of a commit scope.)
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-block-model
// The check alone changes nothing where it accepts:
// RUN: not asyncpipe-opt %s --split-input-file --asyncpipe-lower-block=check-only=true 2>/dev/null | FileCheck %s --check-prefix=ONLY
// ONLY-NOT: .thread
// ONLY: gpu.func @runs(%arg0: memref<4xf32>) kernel
// ONLY-NOT: .thread

gpu.module @kernels {
  gpu.func @commit_region(%g: memref<4xf32>, %n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %s = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @below {{asyncpipe-lower-block runs kernels at the nvgpu and NVVM level, and 'asyncpipe.commit_queue' is above it: lower it first (asyncpipe-to-nvgpu, asyncpipe-lower-mma; par-to-gpu; the asyncop lowerings)}}
    asyncpipe.commit_queue 0 {
      scf.for %i = %c0 to %n step %c1 {
        asyncpipe.copy %g, %s : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
      }
    }
    // expected-error @below {{'asyncpipe.wait_queue' is above it}}
    asyncpipe.wait_queue 0, 0
    gpu.return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @launched(%g: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
  }
  func.func @host(%g: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @below {{asyncpipe-lower-block replaces kernel @kernels::@launched by CPU functions, so it cannot be launched: call its block driver instead (func.call with the kernel's arguments and the block id, once per block)}}
    gpu.launch_func @kernels::@launched blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%g : memref<4xf32>)
    return
  }
}

// -----

gpu.module @kernels {
  gpu.func @runs(%g: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    gpu.return
  }
}
