// What tensor-map copies (TMA, cp.async.bulk.tensor) cannot do: one error per
// case, at the copy. A copy becomes a tensor-map copy when its destination is
// a view of a workgroup buffer marked asyncpipe.swizzle (wgmma reads it in
// the 128-byte swizzle; asyncpipe-lower-mma for sm_90a sets the mark, here it
// is written by hand). Queue 0 is the bulk queue. Every kernel is otherwise
// the valid shape: a 128 x 64 f16 tile of a static 2-D kernel argument,
// copied (subview of the argument, block-uniform offsets) into a view of the
// swizzled buffer, committed to queue 0; each case breaks one thing.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-to-nvgpu=bulk-queues=0

// The swizzled tile is copied on queue 1, which is not a bulk queue: cp.async
// cannot write the swizzled layout.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_bulk_queue(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 1 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        // expected-error @below {{this tile is read by wgmma in the 128-byte swizzle (asyncpipe-lower-mma for sm_90a), which only a tensor-map copy writes: commit the copy to a queue in bulk-queues, whose copies complete on mbarriers}}
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 1, 0
      gpu.return
    }
  }
}

// -----

// An f32 tile: tensor-map copies move 16-bit elements only.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @f32_tile(%A: memref<512x512xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x32xf32, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 32] [1, 1] : memref<512x512xf32> to memref<128x32xf32, strided<[512, 1], offset: ?>>
        // expected-error @below {{this tile is read by wgmma in the 128-byte swizzle, so a tensor-map copy fills it; asyncpipe's tensor-map copies move 16-bit elements (f16, bf16), not f32}}
        asyncpipe.copy %src, %As : memref<128x32xf32, strided<[512, 1], offset: ?>> to memref<128x32xf32, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// A 1-D tile: a tensor-map copy fills rows x columns.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @one_dimensional(%A: memref<65536xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<8192xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid] [8192] [1] : memref<65536xf16> to memref<8192xf16, strided<[1], offset: ?>>
        // expected-error @below {{a tensor-map copy fills a 2-D tile (rows x columns); this destination is not 2-D}}
        asyncpipe.copy %src, %As : memref<8192xf16, strided<[1], offset: ?>> to memref<8192xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// 512 rows: a box has at most 256.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @too_many_rows(%A: memref<1024x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<512x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [512, 64] [1, 1] : memref<1024x512xf16> to memref<512x64xf16, strided<[512, 1], offset: ?>>
        // expected-error @below {{a tensor-map copy with a 128-byte swizzle moves boxes of up to 256 rows of 64 columns: the tile needs static rows (1 to 256) and a multiple of 64 columns}}
        asyncpipe.copy %src, %As : memref<512x64xf16, strided<[512, 1], offset: ?>> to memref<512x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// 96 columns: not a whole number of 64-column (128-byte) boxes.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @partial_box(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x96xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 96] [1, 1] : memref<512x512xf16> to memref<128x96xf16, strided<[512, 1], offset: ?>>
        // expected-error @below {{a tensor-map copy with a 128-byte swizzle moves boxes of up to 256 rows of 64 columns: the tile needs static rows (1 to 256) and a multiple of 64 columns}}
        asyncpipe.copy %src, %As : memref<128x96xf16, strided<[512, 1], offset: ?>> to memref<128x96xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// A run-time number of rows: a box's rows are static.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dynamic_rows(%A: memref<512x512xf16>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [%n, 64] [1, 1] : memref<512x512xf16> to memref<?x64xf16, strided<[512, 1], offset: ?>>
        %dst = memref.subview %As[0, 0] [%n, 64] [1, 1] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<?x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
        // expected-error @below {{a tensor-map copy with a 128-byte swizzle moves boxes of up to 256 rows of 64 columns: the tile needs static rows (1 to 256)}}
        asyncpipe.copy %src, %dst : memref<?x64xf16, strided<[512, 1], offset: ?>> to memref<?x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The destination is the left half of a 128 x 128 buffer (row stride 128,
// not 64): a tensor-map copy writes the whole tile, contiguously.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_contiguous(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        %dst = memref.subview %As[0, 0] [128, 64] [1, 1] : memref<128x128xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
        // expected-error @below {{a tensor-map copy writes the whole tile: the destination must be row-major and contiguous}}
        asyncpipe.copy %src, %dst : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// 256 x 2048 f16 passes the box check (256 rows, 32 boxes of 64 columns) but
// is 2^20 bytes, one more than an mbarrier phase counts.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @too_many_bytes(%A: memref<512x4096xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<256x2048xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [256, 2048] [1, 1] : memref<512x4096xf16> to memref<256x2048xf16, strided<[4096, 1], offset: ?>>
        // expected-error @below {{the copy moves 1048576 bytes, but an mbarrier phase counts at most 1048575 bytes}}
        asyncpipe.copy %src, %As : memref<256x2048xf16, strided<[4096, 1], offset: ?>> to memref<256x2048xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The source is the kernel argument itself, not a subview of it.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @source_argument(%A: memref<128x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        // expected-error @below {{a tensor-map copy reads a tile of a kernel argument: the source must be a memref.subview of one}}
        asyncpipe.copy %A, %As : memref<128x64xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The source is a subview of a buffer the kernel allocates, which no tensor
// map (encoded by the host) describes.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @source_local(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %local = memref.alloc() : memref<512x512xf16>
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %local[%bid, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        // expected-error @below {{a tensor-map copy reads a tile of a kernel argument: the source must be a memref.subview of one}}
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The source is a subview of a subview of the argument: only one subview,
// directly of the argument, is followed.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @source_nested_view(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      %half = memref.subview %A[0, 0] [256, 512] [1, 1] : memref<512x512xf16> to memref<256x512xf16, strided<[512, 1]>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %half[%bid, 0] [128, 64] [1, 1] : memref<256x512xf16, strided<[512, 1]>> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        // expected-error @below {{a tensor-map copy reads a tile of a kernel argument: the source must be a memref.subview of one}}
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The kernel argument has a run-time number of rows: a tensor map describes
// a static buffer.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dynamic_argument(%A: memref<?x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<?x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        // expected-error @below {{a tensor map describes a static row-major 2-D buffer: the kernel argument the copy reads must be one}}
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The kernel argument is a strided view (rows 1024 elements apart), not the
// identity layout.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @strided_argument(%A: memref<512x512xf16, strided<[1024, 1]>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<512x512xf16, strided<[1024, 1]>> to memref<128x64xf16, strided<[1024, 1], offset: ?>>
        // expected-error @below {{a tensor map describes a static row-major 2-D buffer: the kernel argument the copy reads must be one}}
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[1024, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The argument's rows are 100 x f16 = 200 bytes: a tensor map's row stride
// is a multiple of 16 bytes.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @row_stride(%A: memref<256x100xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<256x100xf16> to memref<128x64xf16, strided<[100, 1], offset: ?>>
        // expected-error @below {{a tensor map's row stride is a multiple of 16 bytes; the source's rows are 200 bytes}}
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[100, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The source subview takes every other column: a box is dense.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @strided_source(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 2] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 2], offset: ?>>
        // expected-error @below {{a tensor-map copy reads a dense box: the source subview's strides must be 1}}
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[512, 2], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The source's row offset is the thread id: one thread issues the copy for
// the whole block, so its tile must be the same in every thread.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @thread_source(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%tid, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        // expected-error @below {{a tensor-map copy is issued once for the whole block, so its tiles must be the same in every thread: this copy's source or destination depends on the thread id}}
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// The destination's buffer (of two) depends on the thread id.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @thread_destination(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c2 = arith.constant 2 : index
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %slot = arith.remui %tid, %c2 : index
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<2x128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        %dst = memref.subview %As[%slot, 0, 0] [1, 128, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        // expected-error @below {{a tensor-map copy is issued once for the whole block, so its tiles must be the same in every thread: this copy's source or destination depends on the thread id}}
        asyncpipe.copy %src, %dst : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// A swizzle other than the 128 bytes wgmma reads.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @swizzle_64(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 64 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        // expected-error @below {{asyncpipe's tensor-map copies write the 128-byte swizzle that wgmma reads; this tile's buffer asks for asyncpipe.swizzle = 64}}
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// A copy only some threads run (thread 0 among those that skip it): the tile would never be copied.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @under_thread_condition(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      %c64 = arith.constant 64 : index
      %upper = arith.cmpi uge, %tid, %c64 : index
      asyncpipe.commit_queue 0 {
        scf.if %upper {
          %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
          // expected-error @below {{a tensor-map copy is issued by thread 0 for the whole block, so every thread must run it: this one is under a condition that may differ between the threads}}
          asyncpipe.copy %src, %As : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
        }
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// A tile 128 bytes into its buffer: not on a swizzle atom.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unaligned_tile(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<129x64xf16, #gpu.address_space<workgroup>>
      %tile = memref.subview %As[1, 0] [128, 64] [1, 1] : memref<129x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        // expected-error @below {{a tensor-map copy writes the swizzle's 1024-byte atoms: the destination must start on a 1024-byte boundary of its buffer}}
        asyncpipe.copy %src, %tile : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}

// -----

// A kernel with tensor-map copies launched in the same module: the launch
// would lack the tensor maps.
module attributes {gpu.container_module} {
  func.func @host(%A: memref<512x512xf16>) {
    %c1 = arith.constant 1 : index
    // expected-error @below {{@launched gets tensor-map arguments (its copies into swizzled tiles become tensor-map copies), which its host creates once per buffer and passes: lower the gpu.module without this launch, and launch the kernel with the maps its asyncpipe.tensor_maps names}}
    gpu.launch_func @kernels::@launched blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<512x512xf16>)
    return
  }
  gpu.module @kernels {
    // expected-note @below {{the kernel}}
    gpu.func @launched(%A: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %As = memref.alloc() {asyncpipe.swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %src = memref.subview %A[%bid, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        asyncpipe.copy %src, %As : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}
