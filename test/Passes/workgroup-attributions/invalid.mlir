// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-workgroup-attributions

gpu.module @kernels {
  gpu.func @in_loop(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{a workgroup buffer is allocated once per thread block: allocate it in the entry block}}
      %a = memref.alloc() : memref<4xf32, 3>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @dynamic(%n: index) kernel {
    // expected-error @below {{a workgroup buffer needs a static size}}
    %a = memref.alloc(%n) : memref<?xf32, 3>
    gpu.return
  }
}

// -----

// A buffer wgmma reads swizzled, still filled by asyncpipe.copy: moving it
// first would lose the mark the copy's lowering (a tensor-map copy) needs.
gpu.module @kernels {
  gpu.func @swizzled_before_copies(%A: memref<64x64xf16>) kernel {
    // expected-error @below {{this buffer is read by wgmma in the 128-byte swizzle (asyncpipe.swizzle) and still filled by asyncpipe.copy: run asyncpipe-to-nvgpu first, which makes those copies tensor-map copies that write the swizzle (asyncpipe-to-ptx runs the two in that order)}}
    %t = memref.alloc() {alignment = 1024 : i64, asyncpipe.swizzle = 128 : i64} : memref<64x64xf16, 3>
    // expected-note @below {{a copy into it}}
    asyncpipe.copy %A, %t {queue = 0} : memref<64x64xf16> to memref<64x64xf16, 3>
    gpu.return
  }
}

// -----

// The layout's padding in checked arithmetic (issue 40's audit).
gpu.module @m {
  // expected-error @below {{the kernel's workgroup buffers take more bytes than a 64-bit size holds}}
  gpu.func @k() kernel {
    %a = memref.alloc() : memref<9223372036854775807xi8, #gpu.address_space<workgroup>>
    gpu.return
  }
}
