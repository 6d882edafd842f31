// asyncpipe-synchronize's errors: an option value that is not a count, a
// group that stays in token form (here returned from the function) when
// its queue must be merged into fewer, a cooperative copy under
// thread-dependent control flow, a copy whose token escapes, an async op
// that ends a block with no terminator (in an unregistered op's region). (Another dialect's op, whose queue
// cannot be moved, and an async op with no queue: Embedding/async-effects-plugin.test.)
// RUN: not asyncpipe-opt %s -split-input-file -allow-unregistered-dialect --asyncpipe-synchronize=max-queues=-1 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: invalid value '-1' for pass option 'max-queues'
// RUN: asyncpipe-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics --asyncpipe-synchronize=max-queues=1

func.func @returned(%a: memref<8xf32>, %s: memref<8xf32, 3>, %t: !asyncpipe.token) -> !asyncpipe.group {
  // expected-error @below {{this function's groups stay in token form, so the counts of its queues cannot be recomputed to merge them into max-queues=1}}
  asyncpipe.copy %a, %s queue 1 : memref<8xf32> to memref<8xf32, 3>
  %g = asyncpipe.commit_group queue 0 (%t)
  // expected-remark @below {{groups stay in token form in this function}}
  return %g : !asyncpipe.group
}

// -----

// A cooperative copy (complete at the next block barrier) under control flow
// that depends on the thread: a barrier there would not be reached by all.
gpu.module @kernels {
  gpu.func @divergent(%g: memref<128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
    %low = arith.cmpi ult, %tid, %c64 : index
    // expected-note @below {{the thread-dependent control flow}}
    scf.if %low {
      // expected-error @below {{asyncpipe-synchronize cannot synchronize this op: its effects complete at the next block barrier, and it runs under control flow that depends on the thread, where a barrier would not be reached by every thread}}
      memref.copy %g, %tile : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
      %v = memref.load %tile[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<128xf32>
    }
    gpu.return
  }
}

// -----

// A cp.async whose token is returned: the group that holds it is committed
// and waited for by the caller, after this function's accesses that may
// need it.
func.func @escapes(%a: memref<8xf32>, %s: memref<8xf32, 3>) -> !nvgpu.device.async.token {
  %c0 = arith.constant 0 : index
  // expected-error @below {{asyncpipe-synchronize cannot synchronize this op: what completes its async effects escapes the function, so no wait here can be placed before the accesses that need them}}
  %t = nvgpu.device_async_copy %a[%c0], %s[%c0], 4 : memref<8xf32> to memref<8xf32, 3>
  // expected-note @below {{it escapes here}}
  return %t : !nvgpu.device.async.token
}

// -----

gpu.module @kernels {
  gpu.func @no_terminator(%g: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
    "test.wrap"() ({
      // expected-error @below {{asyncpipe-synchronize: this async op ends a block that has no terminator, so no wait can follow it there}}
      memref.copy %g, %tile : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    }) : () -> ()
    gpu.return
  }
}

// The fallback option's errors: not three fields, no wait function, a wait
// function that is not declared, or not () -> ().
// RUN: not asyncpipe-opt %s -split-input-file -allow-unregistered-dialect --asyncpipe-synchronize=fallback=dma_start:dma_wait 2>&1 | FileCheck %s --check-prefix=FIELDS
// FIELDS: error: asyncpipe-synchronize: fallback 'dma_start:dma_wait' is not CALLEE:INIT:WAIT
// RUN: not asyncpipe-opt %s -split-input-file -allow-unregistered-dialect "--asyncpipe-synchronize=fallback=dma_start::" 2>&1 | FileCheck %s --check-prefix=NO-WAIT
// NO-WAIT: error: asyncpipe-synchronize: fallback 'dma_start::' names no callee or no wait function
// RUN: not asyncpipe-opt %s -split-input-file -allow-unregistered-dialect --asyncpipe-synchronize=fallback=dma_start::dma_wait 2>&1 | FileCheck %s --check-prefix=UNDECLARED
// UNDECLARED: error: asyncpipe-synchronize: fallback function @dma_wait is not declared
// RUN: not asyncpipe-opt %s -split-input-file -allow-unregistered-dialect --asyncpipe-synchronize=fallback=dma_start::not_nullary 2>&1 | FileCheck %s --check-prefix=UNDECLARED-TYPE
// UNDECLARED-TYPE: error: asyncpipe-synchronize: fallback function @not_nullary takes or returns values (it must be () -> ())

// -----

func.func private @not_nullary(index)
