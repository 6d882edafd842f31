// The barrier-intervals analysis alone
// (asyncpipe-test-print-barrier-intervals): at each barrier, the accesses
// that may run before it in one thread while another runs past it, those
// after it, and the conflicting pair between threads it orders. The first
// barrier orders each thread's store before its neighbour's load; the
// second orders only reads (asyncpipe-eliminate-barriers removes it).
// RUN: asyncpipe-opt %s --asyncpipe-test-print-barrier-intervals -verify-diagnostics

gpu.module @k {
  gpu.func @kern(%a: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    %v = memref.load %a[%t] : memref<128xf32>
    memref.store %v, %tile[%t] : memref<128xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{before: read memref.load at line 15, write memref.store at line 16; after: read memref.load at line 21; orders a read-after-write pair between threads: the write by `memref.store` before it and the read by `memref.load` after it may touch the same element in two threads}}
    gpu.barrier
    %n = arith.addi %t, %c1 : index
    %r = arith.remui %n, %c128 : index
    %w = memref.load %tile[%r] : memref<128xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{before: read memref.load at line 21; after: read memref.load at line 24; orders no conflicting pair}}
    gpu.barrier
    %own = memref.load %tile[%t] : memref<128xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
