// asyncpipe-lower-block's errors, each at the op it cannot model.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --convert-scf-to-cf --asyncpipe-lower-block

gpu.module @kernels {
  // expected-error @+1 {{asyncpipe-lower-block runs kernels of a known one-dimensional block size}}
  gpu.func @no_size() kernel {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{asyncpipe-lower-block runs kernels of a known one-dimensional block size}}
  gpu.func @two_dimensions() kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @buffer_in_loop(%n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{a workgroup buffer must be allocated in the kernel's entry block, with a static shape}}
      %tile = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @dynamic_buffer(%n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    // expected-error @+1 {{a workgroup buffer must be allocated in the kernel's entry block, with a static shape}}
    %tile = memref.alloc(%n) : memref<?xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @dynamic_private(%n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    // expected-error @+1 {{a thread's private buffer must have a static shape}}
    %acc = memref.alloca(%n) : memref<?xf32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @barrier_in_region() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    // (convert-scf-to-cf leaves affine loops in place.)
    affine.for %i = 0 to 2 {
      // expected-error @+1 {{needs the kernel's barriers in its body's top-level blocks: run convert-scf-to-cf first}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @mbarrier_wait_in_region(%bar: !llvm.ptr<3>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    nvvm.mbarrier.init %bar, %c1 : !llvm.ptr<3>, i32
    // (convert-scf-to-cf leaves affine loops in place.)
    affine.for %i = 0 to 2 {
      // expected-error @+1 {{needs the kernel's mbarrier waits in its body's top-level blocks (a waiting thread stops there to let the others run): run convert-scf-to-cf first}}
      nvvm.mbarrier.try_wait.parity %bar, %c0, %c1 : !llvm.ptr<3>, i32, i32
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  func.func @helper() {
    return
  }
  gpu.func @calls() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    // expected-error @+1 {{does not model this op in a kernel}}
    func.call @helper() : () -> ()
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @grid_y(%out: memref<4xindex>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    // expected-error @+1 {{runs one-dimensional grids: only block ids in x}}
    %b = gpu.block_id y
    %c0 = arith.constant 0 : index
    memref.store %b, %out[%c0] : memref<4xindex>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @vector_across(%in: memref<16xf32>, %out: memref<16xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{cannot keep this vector<4xf32> across a barrier}}
    %v = vector.load %in[%c0] : memref<16xf32>, vector<4xf32>
    gpu.barrier
    vector.store %v, %out[%c0] : memref<16xf32>, vector<4xf32>
    gpu.return
  }
}

// -----

module {
  // expected-note @+1 {{the other symbol (only a declaration of the driver may be there)}}
  func.func @clash() {
    return
  }
  gpu.module @kernels {
    // expected-error @+1 {{the block's driver @clash would clash with another symbol}}
    gpu.func @clash() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{asyncpipe-lower-block runs kernels of a known one-dimensional block size}}
  gpu.func @no_threads() kernel attributes {known_block_size = array<i32: 0, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @collective_in_region(%s: memref<16x16xf16, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    // (convert-scf-to-cf leaves affine loops in place.)
    affine.for %i = 0 to 2 {
      // expected-error @+1 {{needs the kernel's warp collectives in its body's top-level blocks (a lane stops there until its whole warp has arrived): run convert-scf-to-cf first}}
      %a = nvgpu.ldmatrix %s[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @partial_warp(%s: memref<16x16xf16, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 48, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{asyncpipe-lower-block runs warp collectives in blocks of whole warps (known_block_size a multiple of 32, at most 1024)}}
    %a = nvgpu.ldmatrix %s[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tf32(%a: vector<4x1xf32>, %b: vector<2x1xf32>, %c: vector<2x2xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    // expected-error @+1 {{asyncpipe-lower-block models mma.sync m16n8k16 on f16 or bf16 fragments accumulated in f32}}
    %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wide_elements(%s: memref<16x16xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{asyncpipe-lower-block models ldmatrix of f16 or bf16 matrices}}
    %a = nvgpu.ldmatrix %s[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
    gpu.return
  }
}

// -----

// wgmma as asyncpipe-lower-mma does not emit it (A M-major: layout col).
gpu.module @kernels {
  gpu.func @wgmma_layout(%a: i64, %b: i64) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %acc = llvm.mlir.poison : !llvm.struct<(f32, f32, f32, f32)>
    // expected-error @+1 {{asyncpipe-lower-block models wgmma.mma_async m64nNk16 (N up to 256) of f16 or bf16 into f32 with A K-major and B K-major or transposed, unscaled, as asyncpipe-lower-mma emits it}}
    %d = nvvm.wgmma.mma_async %a, %b, %acc, <m = 64, n = 8, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <col>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.return
  }
}

// -----

// wgmma in a block that is not whole warpgroups.
gpu.module @kernels {
  gpu.func @wgmma_warps(%a: i64, %b: i64) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %acc = llvm.mlir.poison : !llvm.struct<(f32, f32, f32, f32)>
    // expected-error @+1 {{asyncpipe-lower-block runs wgmma in blocks of whole warpgroups (known_block_size a multiple of 128, at most 1024)}}
    %d = nvvm.wgmma.mma_async %a, %b, %acc, <m = 64, n = 8, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.return
  }
}

// -----

// A tensor-map copy of a 3-D box.
gpu.module @kernels {
  gpu.func @tensor_copy_3d(%map: !llvm.ptr, %dst: !llvm.ptr<7>, %bar: !llvm.ptr<3>, %x: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error @+1 {{asyncpipe-lower-block models 2-D tensor-map copies into the block's own workgroup memory (two coordinates; no multicast, im2col or cache hint)}}
    nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%x, %x, %x] : !llvm.ptr<7>, !llvm.ptr
    gpu.return
  }
}

// -----

// Workgroup buffers beyond the window wgmma's descriptors address.
gpu.module @kernels {
  // expected-error @+1 {{asyncpipe-lower-block places a block's workgroup buffers in one window of 256 KiB (the shared addresses wgmma's descriptors hold); this kernel's need more}}
  gpu.func @too_much_shared() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %a = memref.alloc() : memref<40000xf32, #gpu.address_space<workgroup>>
    %b = memref.alloc() : memref<40000xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A tensor-map copy with a multicast mask (to other blocks of a cluster).
gpu.module @kernels {
  gpu.func @tensor_copy_multicast(%map: !llvm.ptr, %dst: !llvm.ptr<7>, %bar: !llvm.ptr<3>, %x: i32, %mask: i16) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error @+1 {{asyncpipe-lower-block models 2-D tensor-map copies into the block's own workgroup memory}}
    nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%x, %x] multicast_mask = %mask : !llvm.ptr<7>, !llvm.ptr
    gpu.return
  }
}

// -----

// Sizes in checked arithmetic (issue 40's audit: these overflowed).
gpu.module @kernels {
  gpu.func @huge_private() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    // expected-error @below {{asyncpipe-lower-block: the block's private buffers would take more than 1099511627776 bytes (4 threads)}}
    %p = memref.alloca() : memref<4611686018427387904xi8>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{asyncpipe-lower-block runs blocks of at most 1024 threads (as a GPU does); this kernel's has 2147483647}}
  gpu.func @huge_block() kernel attributes {known_block_size = array<i32: 2147483647, 1, 1>} {
    gpu.return
  }
}

// -----

// A global of the gpu.module: the kernel moves out of it (the reference was
// left dangling, a fuzzer finding).
gpu.module @kernels {
  memref.global "private" @tile : memref<64x8xf32, 3>
  gpu.func @global_tile() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    // expected-error @below {{asyncpipe-lower-block models workgroup buffers that memref.alloc makes in the kernel's entry block, not globals of the gpu.module}}
    %t = memref.get_global @tile : memref<64x8xf32, 3>
    gpu.return
  }
}

// -----

// Workgroup memory as a kernel argument: the model gave its views the CPU's
// address space and left the argument's (a fuzzer finding).
gpu.module @kernels {
  // expected-error @below {{asyncpipe-lower-block: argument #0 of the kernel is workgroup memory, which the block allocates itself: allocate it with memref.alloc in the kernel's entry block}}
  gpu.func @shared_argument(%s: memref<4xi8, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    gpu.return
  }
}

// -----

// gpu.dynamic_shared_memory is the GPU's: the model allocates workgroup
// buffers itself (the fuzzer found the op's type left in a space it may not
// have).
gpu.module @kernels {
  gpu.func @dynamic_shared(%v: f32) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{asyncpipe-lower-block models workgroup buffers that memref.alloc makes in the kernel's entry block, not gpu.dynamic_shared_memory}}
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %view = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
    memref.store %v, %view[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// An NVVM op the model does not run would reach the CPU's code generator
// (which aborts on it): an error here instead.
gpu.module @kernels {
  gpu.func @unmodeled_nvvm() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    // expected-error @+1 {{asyncpipe-lower-block does not model this NVVM op}}
    %lane = nvvm.read.ptx.sreg.laneid : i32
    gpu.return
  }
}

// -----

// setmaxnreg is a warpgroup's: the model runs it in whole warpgroups.
gpu.module @kernels {
  gpu.func @setmaxnreg_warps() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @+1 {{asyncpipe-lower-block runs setmaxnreg in blocks of whole warpgroups}}
    nvvm.setmaxregister  decrease 40
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @warpgroup_wait_in_region() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    affine.for %i = 0 to 2 {
      // expected-error @+1 {{needs the kernel's wgmma.wait_group and setmaxnreg in its body's top-level blocks (a thread stops there until the rest of its warpgroup lets it go on)}}
      nvvm.wgmma.wait.group.sync.aligned 0
    }
    gpu.return
  }
}

// -----

// Inline assembly other than the two forms the model runs.
gpu.module @kernels {
  gpu.func @other_asm(%x: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error @+1 {{asyncpipe-lower-block runs two forms of inline PTX: `ex2.approx.f32 $0, $1;` and wgmma.mma_async m64nNk16 of f16 or bf16 into f32 with A from registers (as asyncpipe-lower-mma writes attention's P V); not this one}}
    %y = llvm.inline_asm "lg2.approx.f32 $0, $1;", "=f,f" %x : (f32) -> f32
    gpu.return
  }
}

// -----

// Shuffles: of an f32 over the whole warp, at the top level.
gpu.module @kernels {
  gpu.func @shuffles(%x: i32, %y: f32, %c: i1) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %one = arith.constant 1 : i32
    %sixteen = arith.constant 16 : i32
    %thirty_two = arith.constant 32 : i32
    // expected-error @+1 {{asyncpipe-lower-block models gpu.shuffle of an f32 over the whole warp (width 32)}}
    %a, %va = gpu.shuffle xor %x, %one, %thirty_two : i32
    // expected-error @+1 {{asyncpipe-lower-block models gpu.shuffle of an f32 over the whole warp (width 32)}}
    %b, %vb = gpu.shuffle xor %y, %one, %sixteen : f32
    // (convert-scf-to-cf leaves affine loops in place.)
    affine.for %i = 0 to 2 {
      // expected-error @+1 {{asyncpipe-lower-block needs the kernel's shuffles in its body's top-level blocks (a lane stops there until its whole warp has arrived): run convert-scf-to-cf first}}
      %d, %vd = gpu.shuffle xor %y, %one, %thirty_two : f32
    }
    gpu.return
  }
}

// -----

// A shuffle in a block that is not whole warps.
gpu.module @kernels {
  gpu.func @shuffle_warps(%y: f32) kernel attributes {known_block_size = array<i32: 48, 1, 1>} {
    %one = arith.constant 1 : i32
    %thirty_two = arith.constant 32 : i32
    // expected-error @+1 {{asyncpipe-lower-block runs warp collectives in blocks of whole warps (known_block_size a multiple of 32, at most 1024)}}
    %d, %vd = gpu.shuffle xor %y, %one, %thirty_two : f32
    gpu.return
  }
}
