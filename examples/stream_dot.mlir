// A streaming dot product on the GPU, software-pipelined with async copies.
//
// Each of the 128 threads of a block walks 64 tiles of x and y. Tile t of a
// thread is 8 consecutive floats (32 bytes) of each input, staged through
// workgroup (shared) memory with cp.async: x is fetched three tiles ahead on
// queue 0 (async stage 0), y two tiles ahead on queue 1 (async stage 1), and
// stage 3 multiplies and accumulates the tile in registers. Each block
// writes one partial sum per thread; the host adds the partials.
//
//   asyncpipe-opt stream_dot.mlir --asyncpipe-software-pipeline \
//     --asyncpipe-count-to-token --asyncpipe-token-to-count=single-hw-queue=true \
//     --asyncpipe-to-ptx=chip=sm_80
//
// (scripts/demo.sh runs these steps through the Rust API and writes the PTX.)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stream_dot(%x: memref<4194304xf32>, %y: memref<4194304xf32>, %partial: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %xs = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
      %ys = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
      %acc = memref.alloca() : memref<8xf32>
      scf.for %j = %c0 to %c8 step %c1 {
        memref.store %zero, %acc[%j] : memref<8xf32>
      }
      // This thread's first float: ((bid * 64 + t) * 128 + tid) * 8.
      %block_base = arith.muli %bid, %c64 : index
      scf.for %t = %c0 to %c64 step %c1 {
        %tile = arith.addi %block_base, %t : index
        %row = arith.muli %tile, %c128 : index
        %slot = arith.addi %row, %tid : index
        %first = arith.muli %slot, %c8 : index
        %xg = memref.subview %x[%first] [8] [1] : memref<4194304xf32> to memref<8xf32, strided<[1], offset: ?>>
        %xl = memref.subview %xs[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %xg, %xl {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        %yg = memref.subview %y[%first] [8] [1] : memref<4194304xf32> to memref<8xf32, strided<[1], offset: ?>>
        %yl = memref.subview %ys[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %yg, %yl {asyncpipe.stage = 1, asyncpipe.order = 1} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        scf.for %j = %c0 to %c8 step %c1 {
          %a = memref.load %xl[%j] : memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
          %b = memref.load %yl[%j] : memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
          %s = memref.load %acc[%j] : memref<8xf32>
          %p = arith.mulf %a, %b : f32
          %n = arith.addf %s, %p : f32
          memref.store %n, %acc[%j] : memref<8xf32>
        } {asyncpipe.stage = 3, asyncpipe.order = 2}
      } {asyncpipe.async_stages = array<i64: 0, 1>}
      %sum = scf.for %j = %c0 to %c8 step %c1 iter_args(%s = %zero) -> (f32) {
        %v = memref.load %acc[%j] : memref<8xf32>
        %n = arith.addf %s, %v : f32
        scf.yield %n : f32
      }
      %out_base = arith.muli %bid, %c128 : index
      %out = arith.addi %out_base, %tid : index
      memref.store %sum, %partial[%out] : memref<65536xf32>
      gpu.return
    }
  }
}
