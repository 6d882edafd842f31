// Kernels with bulk queues for ptxas (see ../ptxas.mlir): strided rows with a
// dynamic offset, a dynamic number of rows, a bulk queue next to a cp.async
// queue, and token form.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rows(%g: memref<1024x64xf32>, %out: memref<1024xf32>) kernel {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %s = memref.alloc() : memref<4x32xf32, #gpu.address_space<workgroup>>
      %src = memref.subview %g[%tid, 32] [4, 32] [1, 1] : memref<1024x64xf32> to memref<4x32xf32, strided<[64, 1], offset: ?>>
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        asyncpipe.copy %src, %s queue 2 : memref<4x32xf32, strided<[64, 1], offset: ?>> to memref<4x32xf32, #gpu.address_space<workgroup>>
      }
      asyncpipe.commit 2
      asyncpipe.wait_queue 2, 0
      %v = memref.load %s[%c0, %tid] : memref<4x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<1024xf32>
      gpu.return
    }
    gpu.func @dynamic_rows(%g: memref<?x32xf32>, %n: index, %out: memref<1024xf32>) workgroup(%s: memref<8x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %part = memref.subview %s[0, 0] [%n, 32] [1, 1] : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<?x32xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      %src = memref.subview %g[0, 0] [%n, 32] [1, 1] : memref<?x32xf32> to memref<?x32xf32, strided<[32, 1]>>
      asyncpipe.copy %src, %part queue 2 : memref<?x32xf32, strided<[32, 1]>> to memref<?x32xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      asyncpipe.commit 2
      asyncpipe.wait_queue 2, 0
      %v = memref.load %s[%c0, %tid] : memref<8x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<1024xf32>
      gpu.return
    }
    gpu.func @mixed(%g: memref<64xf32>, %h: memref<64xf32>, %out: memref<64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        asyncpipe.copy %g, %a : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
      }
      asyncpipe.commit_queue 1 {
        asyncpipe.copy %h, %b : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      asyncpipe.wait_queue 1, 0
      %x = memref.load %a[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      %y = memref.load %b[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %x, %y : f32
      memref.store %s, %out[%c0] : memref<64xf32>
      gpu.return
    }
    gpu.func @tokens(%g: memref<64xf32>, %out: memref<64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      %t0 = asyncpipe.copy %g, %a : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>> -> !asyncpipe.token
      %g0 = asyncpipe.commit_group queue 1 (%t0)
      %t1 = asyncpipe.copy %g, %b : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>> -> !asyncpipe.token
      %g1 = asyncpipe.commit_group queue 1 (%t1)
      asyncpipe.wait %g1
      %x = memref.load %a[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      %y = memref.load %b[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %x, %y : f32
      memref.store %s, %out[%c0] : memref<64xf32>
      gpu.return
    }
  }
}
