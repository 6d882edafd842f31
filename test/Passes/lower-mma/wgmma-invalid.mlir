// What wgmma (sm_90a) cannot take: one error per case, at the op, naming
// what is allowed.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-lower-mma=chip=sm_90a
// A warpgroup takes 64 rows: 128 threads cannot hold a 128 x 64 tile.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @rows(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-error @below {{wgmma (sm_90a) gives each warpgroup of 4 warps 64 rows of the accumulator, up to 256 columns: with the block's 4 warps a tile is 64 x N, N a multiple of 64 up to 256 (B's tile in 64-column swizzled regions); this one is 128x64}}
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
      asyncpipe.mma %as, %bs, %acc : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x64xf32>
      gpu.return
    }
  }
}

// -----

// N must be a multiple of 64 (B's swizzled regions).
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @columns(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x32xf16, #gpu.address_space<workgroup>>
      // expected-error @below {{this one is 64x32}}
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
      asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x32xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x32xf32>
      gpu.return
    }
  }
}

// -----

// Two warps are no warpgroup.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @half_group(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-error @below {{wgmma (sm_90a) runs in warpgroups of 4 warps: the block's 2 warps are not whole warpgroups (known_block_size a multiple of 128)}}
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      gpu.return
    }
  }
}

// -----

// f16 accumulators.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @f16_acc(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-error @below {{on sm_90a tensor cores asyncpipe accumulates in f32 (wgmma m64nNk16); this tile holds f16}}
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf16>
      asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf16>
      gpu.return
    }
  }
}

// -----

// f32 inputs.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @f32_inputs(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      // expected-error @below {{wgmma (sm_90a) in asyncpipe multiplies f16 or bf16 tiles into f32; these hold f32}}
      asyncpipe.mma %as, %bs, %acc : memref<64x64xf32, #gpu.address_space<workgroup>>, memref<64x64xf32, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      gpu.return
    }
  }
}

// -----

// K of 32: A's rows would be 64 bytes, not the swizzle's 128.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k32(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x32xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<32x64xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      // expected-error @below {{wgmma (sm_90a) reads a K-major tile (A, or B with transpose_b) in 128-byte swizzled regions of 64 columns: K must be 64, 128, 192 or 256 (f16 or bf16); this MMA's K is 32}}
      asyncpipe.mma %as, %bs, %acc : memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      gpu.return
    }
  }
}

// -----

// A tile in global memory.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @global_tile(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      // expected-error @below {{wgmma (sm_90a) reads its tiles from workgroup (shared) memory as whole row-major tiles (strides [64, 1]): tile 'a' is not one}}
      asyncpipe.mma %A, %bs, %acc : memref<64x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      gpu.return
    }
  }
}

// -----

// A tile whose rows are not contiguous (every other row of a wider buffer).
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @strided_tile(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %wide = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %as = memref.subview %wide[0, 0] [64, 64] [1, 1] : memref<64x128xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      // expected-error @below {{tile 'a' is not one}}
      asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      gpu.return
    }
  }
}

// -----

// A tile starting 128 bytes into its buffer: not on a swizzle atom.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @unaligned_tile(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tall = memref.alloc() : memref<65x64xf16, #gpu.address_space<workgroup>>
      %as = memref.subview %tall[1, 0] [64, 64] [1, 1] : memref<65x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      // expected-error @below {{wgmma (sm_90a) reads tiles in 1024-byte swizzle atoms: tile 'a' must start on a 1024-byte boundary}}
      asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      gpu.return
    }
  }
}

// -----

// A tile that is a kernel argument, whose buffer the lowering cannot mark.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @argument_tile(%S: memref<64x64xf16, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      // expected-error @below {{wgmma (sm_90a): tile 'a' must be a view of a workgroup memref.alloc in this kernel}}
      asyncpipe.mma %S, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      gpu.return
    }
  }
}

// -----

// A tile also read by a plain load, which would see the swizzled layout.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @other_access(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      %c0 = arith.constant 0 : index
      // expected-error @below {{this op accesses a tile that wgmma (sm_90a) reads in TMA's 128-byte swizzled layout: only asyncpipe.copy into it (which becomes a tensor-map copy) and asyncpipe.mma may}}
      %x = memref.load %as[%c0, %c0] : memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-note @below {{the MMA that reads the tile}}
      asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      gpu.return
    }
  }
}

// -----

// A wait on the MMA queue with a count known only at run time.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @dynamic_wait(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      asyncpipe.commit_queue 1 {
        asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      }
      %n = gpu.block_id x
      // expected-error @below {{wgmma.wait_group takes a constant count: this wait on an MMA queue needs a constant in-flight count}}
      asyncpipe.wait_queue 1, %n
      gpu.return
    }
  }
}

// -----

// B filled by two copies of 32 rows: its swizzled regions would land 4096
// bytes apart, where the MMA's descriptor reads them 8192 apart.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @half_tiles(%A: memref<64x64xf16>, %B: memref<64x128xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x128xf32>
      %top = memref.subview %bs[0, 0] [32, 128] [1, 1] : memref<64x128xf16, #gpu.address_space<workgroup>> to memref<32x128xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
      %gt = memref.subview %B[0, 0] [32, 128] [1, 1] : memref<64x128xf16> to memref<32x128xf16, strided<[128, 1]>>
      // expected-error @below {{a copy into a tile that wgmma (sm_90a) reads swizzled must fill one whole 64x128 tile, as the MMA reads it, starting on a 1024-byte boundary: the tensor-map copy it becomes writes the swizzled regions the MMA's descriptors expect}}
      asyncpipe.copy %gt, %top {queue = 0} : memref<32x128xf16, strided<[128, 1]>> to memref<32x128xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
      // expected-note @below {{the MMA that reads the tile}}
      asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x128xf32>
      gpu.return
    }
  }
}

// -----

// An MMA sharing its queue with copies: wgmma's group queue holds only wgmmas.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @shared_queue(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      asyncpipe.commit_queue 0 {
        %ga = memref.subview %A[0, 0] [64, 64] [1, 1] : memref<64x64xf16> to memref<64x64xf16, strided<[64, 1]>>
        asyncpipe.copy %ga, %as : memref<64x64xf16, strided<[64, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      asyncpipe.commit_queue 0 {
        // expected-error @below {{queue 0 holds both MMAs and other async ops: wgmma's group queue (wgmma.commit_group, wgmma.wait_group) holds only wgmmas, so the MMAs need a queue of their own}}
        asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// Attention's register tiles on wgmma: a value per row is f32, one per row
// of the block's warps (16 a warp).
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @rows_tile() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      // expected-error @below {{wgmma (sm_90a) gives each warpgroup of 4 warps 64 rows of a register tile: with the block's 4 warps a tile is 64 x 1 (f32, a value per row) or 64 x N (N a multiple of 64 up to 256); this one is 64x1 of f16}}
      %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x1xf16>
      asyncpipe.accumulator_map %m : !asyncpipe.accumulator<64x1xf16> {
      ^bb0(%x: f16):
        asyncpipe.yield %x : f16
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @rows_count() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      // expected-error @below {{this one is 128x1 of f32}}
      %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      asyncpipe.accumulator_map %m : !asyncpipe.accumulator<128x1xf32> {
      ^bb0(%x: f32):
        asyncpipe.yield %x : f32
      }
      gpu.return
    }
  }
}
