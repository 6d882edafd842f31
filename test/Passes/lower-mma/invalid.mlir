// What the tensor cores cannot take: one error per case, at the op, naming
// what is allowed.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-lower-mma=chip=sm_80

func.func @host(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>) {
  // expected-error @below {{tensor cores run MMAs in GPU kernels (gpu.func); asyncpipe-lower-deferred runs this one on the CPU}}
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  // expected-error @below {{tensor cores run MMAs in GPU kernels}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @partial_warp(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 48, 1, 1>} {
      // expected-error @below {{an MMA's tile is split over the block's warps: its kernel needs known_block_size = [32 k, 1, 1]}}
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{its kernel needs known_block_size}}
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @half_accumulator(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-error @below {{on sm_80 tensor cores asyncpipe accumulates in f32 (mma.sync m16n8k16); this tile holds f16}}
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf16>
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf16>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @tf32(%a: memref<16x16xf32, 3>, %b: memref<16x8xf32, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{on sm_80 tensor cores asyncpipe multiplies f16 or bf16 tiles into f32 (mma.sync m16n8k16); these hold f32}}
      asyncpipe.mma %a, %b, %acc : memref<16x16xf32, 3>, memref<16x8xf32, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @shallow(%a: memref<16x8xf16, 3>, %b: memref<8x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{K = 8 is not a multiple of 16, the depth of mma.sync m16n8k16}}
      asyncpipe.mma %a, %b, %acc : memref<16x8xf16, 3>, memref<8x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @too_small(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      // expected-error @below {{a 16x8 accumulator cannot be split over the block's 2 warps: no grid of rows x columns warps divides its rows by 16 rows and its columns by 8 columns (mma.sync's m16n8 fragments)}}
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @global_tiles(%a: memref<16x16xf16>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{ldmatrix reads workgroup (shared) memory; tile 'a' is not in it}}
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @unaligned_rows(%a: memref<16x16xf16, strided<[20, 1]>, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{ldmatrix reads 16-byte rows: tile 'a' needs contiguous rows (innermost stride 1) whose starts are 16 bytes apart (a static row stride of a multiple of 8 elements)}}
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16, strided<[20, 1]>, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    func.func private @consume(!asyncpipe.accumulator<16x8xf32>)
    gpu.func @escapes(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{on tensor cores an accumulator is used by asyncpipe.mma, asyncpipe.accumulator_store and (sm_90a) the math on register tiles only}}
      func.call @consume(%acc) : (!asyncpipe.accumulator<16x8xf32>) -> ()
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @argument(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>, %acc: !asyncpipe.accumulator<16x8xf32>, %c: memref<16x8xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-error @below {{on tensor cores an MMA accumulates into a tile asyncpipe.accumulator_init makes in the same kernel}}
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{on tensor cores an accumulator stored is a tile asyncpipe.accumulator_init makes in the same kernel}}
      asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<16x8xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @shared_queue(%g: memref<16x16xf16>, %a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      asyncpipe.copy %g, %a queue 0 : memref<16x16xf16> to memref<16x16xf16, 3>
      // expected-error @below {{queue 0 holds both MMAs and other async ops: mma.sync completes at issue and cp.async cannot hold an MMA, so the MMAs need a queue of their own}}
      asyncpipe.mma %a, %b, %acc queue 0 : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @token_form(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{asyncpipe-lower-mma expects counting form: run asyncpipe-token-to-count first}}
      %t = asyncpipe.mma %a, %b, %acc : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32> -> !asyncpipe.token
      %g = asyncpipe.commit_group queue 1 (%t)
      asyncpipe.wait %g
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @misaligned(%a: memref<16x16xf16, strided<[16, 1], offset: 4>, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{ldmatrix reads 16-byte rows: tile 'a' must start on a 16-byte boundary (an offset of a multiple of 8 elements, static or made of subview offsets times such strides)}}
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16, strided<[16, 1], offset: 4>, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @unknown_offset(%a: memref<16x16xf16, strided<[16, 1], offset: ?>, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{tile 'a' must start on a 16-byte boundary}}
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16, strided<[16, 1], offset: ?>, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @odd_row(%buf: memref<20x32xf16, 3>, %b: memref<16x8xf16, 3>, %r: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      %a16 = memref.subview %buf[%r, 0] [16, 16] [1, 1] : memref<20x32xf16, 3> to memref<16x16xf16, strided<[32, 1], offset: ?>, 3>
      // From column 4 of row r: 8 bytes into a 16-byte unit, whatever r is.
      %odd = memref.subview %buf[%r, 4] [16, 16] [1, 1] : memref<20x32xf16, 3> to memref<16x16xf16, strided<[32, 1], offset: ?>, 3>
      // expected-error @below {{tile 'a' must start on a 16-byte boundary}}
      asyncpipe.mma %odd, %b, %acc : memref<16x16xf16, strided<[32, 1], offset: ?>, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      // From column 0 of row r: offset 32 r, aligned whatever r is.
      asyncpipe.mma %a16, %b, %acc : memref<16x16xf16, strided<[32, 1], offset: ?>, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

// The lowering unrolls a warp's fragments and K's steps: past its limits
// an error, not minutes of unrolling (a 65536x65536 tile on one warp took
// longer than the fuzzer's timeout; issue 40).
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @huge_tile(%a: memref<65536x16xf16, 3>, %b: memref<16x65536xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-error @below {{a warp's part of this accumulator is 65536x65536: 33554432 m16n8 fragments of 4 registers a thread, more than the 256 the lowering unrolls; use more warps or a smaller tile}}
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<65536x65536xf32>
      asyncpipe.mma %a, %b, %acc queue 1 : memref<65536x16xf16, 3>, memref<16x65536xf16, 3> into !asyncpipe.accumulator<65536x65536xf32>
      gpu.return
    }
    gpu.func @deep_k(%a: memref<16x65536xf16, 3>, %b: memref<65536x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{K = 65536: the lowering unrolls K in steps of 16 up to 4096; split the MMA along K}}
      asyncpipe.mma %a, %b, %acc queue 1 : memref<16x65536xf16, 3>, memref<65536x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}

// -----

// Attention's forms lower to wgmma only (sm_90a): on sm_80, an error at
// each op.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @attention_forms() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf16>
      // expected-error @below {{math on register tiles, register operands and transpose_b lower to wgmma (sm_90a) only: the chip is sm_80 (asyncpipe-lower-deferred runs them on the CPU)}}
      asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<64x64xf32> into !asyncpipe.accumulator<64x64xf16>
      gpu.return
    }
  }
}
