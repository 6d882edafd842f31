// The thread-scope analysis alone (asyncpipe-test-print-thread-scope):
// which functions run as a block of threads, and which values differ
// between its threads: thread ids and affine forms of them, and what is
// computed from them (loaded, or through a division the form does not
// follow).
// RUN: asyncpipe-opt %s --asyncpipe-test-print-thread-scope -verify-diagnostics

// expected-remark @below {{thread scope: one thread}}
func.func @host(%a: memref<8xf32>) {
  return
}

gpu.module @k {
  // expected-remark @below {{thread scope: a block of threads}}
  gpu.func @kernel(%a: memref<128xf32>) kernel {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    // expected-remark @below {{thread form: 0 + 1*x}}
    %t = gpu.thread_id x
    // expected-remark @below {{thread form: 0 + 1*y}}
    %ty = gpu.thread_id y
    // expected-remark @below {{thread form: 0 + 2*x}}
    %u = arith.muli %t, %c2 : index
    // expected-remark @below {{thread form: 1 + 2*x}}
    %w = arith.addi %u, %c1 : index
    // expected-remark @below {{thread form: 1 + 2*x + 1*y}}
    %w2 = arith.addi %w, %ty : index
    // expected-remark @below {{varies across threads}}
    %h = arith.divui %t, %c2 : index
    // expected-remark @below {{varies across threads}}
    %x = memref.load %a[%h] : memref<128xf32>
    %same = arith.addi %c1, %c2 : index
    gpu.return
  }
}
