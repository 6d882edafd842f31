// Memory the models cannot trace to where it was made is any memory, never
// a buffer of its own (from a review of the 2026-11-28 changes; each case
// was proven before). At the nvgpu level: a TMA destination read through
// a memref a loop carries, or one arith.select chooses, before the wait; a
// call, while a cp.async copy is in flight, of a function that names a
// shared global (a callee touching only its operands, or a declaration, is
// checked by its operands: test/Dialect/AsyncPipe/pipeline-multibuffer-gemm.mlir).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// After memref's lowering to LLVM, a read of shared memory through a
// pointer chosen by llvm.select, carried by a loop, or named by an
// llvm.mlir.alias of its global is "cannot prove" (Inputs/untraced-pointer.py,
// on hopper-mbarrier-tma.mlir's proven kernel):
// RUN: awk 'BEGIN{RS="// ---" "--\n"} NR==1' %S/hopper-mbarrier-tma.mlir \
// RUN:   | asyncpipe-opt --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm),finalize-memref-to-llvm)' -o %t.lowered.mlir
// RUN: asyncpipe-opt %t.lowered.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: python3 %S/Inputs/untraced-pointer.py --select < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNTRACED
// RUN: python3 %S/Inputs/untraced-pointer.py --loop < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNTRACED
// RUN: python3 %S/Inputs/untraced-pointer.py --alias < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNTRACED
// UNTRACED: error: cannot prove: which shared memory this access touches is not known

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  gpu.func @loop_carried(%a: !lhs, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-note @below {{the TMA load}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    %carried = scf.for %i = %c0 to %c1 step %c1 iter_args(%q = %lbuf) -> (memref<64x8xf32, 3>) {
      scf.yield %q : memref<64x8xf32, 3>
    }
    // expected-error @below {{reads shared memory that a TMA load may still be writing}}
    %x = memref.load %carried[%c0, %c0] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  gpu.func @chosen(%a: !lhs, %out: memref<2xf32>, %which: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-note @below {{the TMA load}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    %chosen = arith.select %which, %lbuf, %lbuf : memref<64x8xf32, 3>
    // expected-error @below {{reads shared memory that a TMA load may still be writing}}
    %x = memref.load %chosen[%c0, %c0] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  memref.global "private" @shared : memref<128x4xf32, #gpu.address_space<workgroup>>
  func.func @helper() {
    %c0 = arith.constant 0 : index
    %x = arith.constant 1.0 : f32
    %a = memref.get_global @shared : memref<128x4xf32, #gpu.address_space<workgroup>>
    memref.store %x, %a[%c0, %c0] : memref<128x4xf32, #gpu.address_space<workgroup>>
    return
  }
  gpu.func @call_in_flight(%g: memref<128x4xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %shared = memref.get_global @shared : memref<128x4xf32, #gpu.address_space<workgroup>>
    // expected-note @below {{the asynchronous work}}
    %t = nvgpu.device_async_copy %g[%tid, %c0], %shared[%tid, %c0], 4 : memref<128x4xf32> to memref<128x4xf32, #gpu.address_space<workgroup>>
    %group = nvgpu.device_async_create_group %t
    // expected-error @below {{cannot prove: 'func.call' may read or write memory that asynchronous work in flight uses}}
    func.call @helper() : () -> ()
    nvgpu.device_async_wait %group {numGroups = 0 : i32}
    gpu.return
  }
}

// -----

// From a second review: a callee that names the dynamic shared memory, one
// that reaches past the subview it is given (extract_strided_metadata and
// reinterpret_cast), and one that reads a shared global before a copy
// overwrites it (a call is "cannot prove" wherever it stands in a function
// with asynchronous work) were each proven.
gpu.module @kernels {
  func.func @helper() {
    %c0 = arith.constant 0 : index
    %x = arith.constant 1.0 : f32
    %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %v = memref.view %d[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x4xf32, #gpu.address_space<workgroup>>
    memref.store %x, %v[%c0, %c0] : memref<128x4xf32, #gpu.address_space<workgroup>>
    return
  }
  gpu.func @call_in_flight(%g: memref<128x4xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %shared = memref.view %d[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x4xf32, #gpu.address_space<workgroup>>
    // expected-note @below {{the asynchronous work}}
    %t = nvgpu.device_async_copy %g[%tid, %c0], %shared[%tid, %c0], 4 : memref<128x4xf32> to memref<128x4xf32, #gpu.address_space<workgroup>>
    %group = nvgpu.device_async_create_group %t
    // expected-error @below {{cannot prove: 'func.call' may read or write memory that asynchronous work in flight uses}}
    func.call @helper() : () -> ()
    nvgpu.device_async_wait %group {numGroups = 0 : i32}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  func.func @helper(%a: memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %x = arith.constant 1.0 : f32
    %base, %off, %size, %stride = memref.extract_strided_metadata %a : memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>> -> memref<f32, #gpu.address_space<workgroup>>, index, index, index
    %all = memref.reinterpret_cast %base to offset: [0], sizes: [512], strides: [1] : memref<f32, #gpu.address_space<workgroup>> to memref<512xf32, #gpu.address_space<workgroup>>
    %c4 = arith.constant 4 : index
    memref.store %x, %all[%c4] : memref<512xf32, #gpu.address_space<workgroup>>
    return
  }
  gpu.func @call_in_flight(%g: memref<128x4xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %shared = memref.alloc() : memref<128x4xf32, #gpu.address_space<workgroup>>
    // expected-note @below {{the asynchronous work}}
    %t = nvgpu.device_async_copy %g[%c1, %c0], %shared[%c1, %c0], 4 : memref<128x4xf32> to memref<128x4xf32, #gpu.address_space<workgroup>>
    %group = nvgpu.device_async_create_group %t
    %row0s = memref.subview %shared[0, 0][1, 4][1, 1] : memref<128x4xf32, #gpu.address_space<workgroup>> to memref<4xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %row0 = memref.cast %row0s : memref<4xf32, strided<[1]>, #gpu.address_space<workgroup>> to memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    // expected-error @below {{cannot prove: 'func.call' may read or write memory that asynchronous work in flight uses}}
    func.call @helper(%row0) : (memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
    nvgpu.device_async_wait %group {numGroups = 0 : i32}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  memref.global "private" @shared : memref<128x4xf32, #gpu.address_space<workgroup>>
  func.func @helper(%out: memref<128xf32>) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %a = memref.get_global @shared : memref<128x4xf32, #gpu.address_space<workgroup>>
    %x = memref.load %a[%c5, %c0] : memref<128x4xf32, #gpu.address_space<workgroup>>
    memref.store %x, %out[%c0] : memref<128xf32>
    return
  }
  gpu.func @k(%g: memref<128x4xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %shared = memref.get_global @shared : memref<128x4xf32, #gpu.address_space<workgroup>>
    // expected-error @below {{cannot prove: 'func.call' may read or write memory that asynchronous work in flight uses}}
    func.call @helper(%out) : (memref<128xf32>) -> ()
    %t = nvgpu.device_async_copy %g[%tid, %c0], %shared[%tid, %c0], 4 : memref<128x4xf32> to memref<128x4xf32, #gpu.address_space<workgroup>>
    %group = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %group {numGroups = 0 : i32}
    gpu.return
  }
}

// -----

// A cp.async chunk longer than the destination's last dimension runs into
// the next row (before, it was taken as a box in its row: proven).
gpu.module @kernels {
  gpu.func @k(%g: memref<128x4xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = memref.alloc() : memref<128x2xf32, #gpu.address_space<workgroup>>
    // expected-note @below {{the asynchronous write}}
    %t = nvgpu.device_async_copy %g[%c0, %c0], %s[%c0, %c0], 4 : memref<128x4xf32> to memref<128x2xf32, #gpu.address_space<workgroup>>
    %group = nvgpu.device_async_create_group %t
    // expected-error @below {{accesses memory that an asynchronous operation may still be writing, while its group may b}}
    %x = memref.load %s[%c1, %c0] : memref<128x2xf32, #gpu.address_space<workgroup>>
    memref.store %x, %out[%c0] : memref<128xf32>
    nvgpu.device_async_wait %group {numGroups = 0 : i32}
    gpu.return
  }
}

// -----

// Shared-memory parameters of a function may be one buffer passed twice
// (the Hopper model; before, two of them were apart: proven). The queue
// model keeps taking memref parameters as distinct buffers (noalias), as
// its tests and asyncpipe-synchronize's examples are written.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  func.func @dev(%a: !lhs, %lbuf: memref<64x8xf32, 3>, %alias: memref<64x8xf32, 3>, %out: memref<2xf32>) attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %tid = gpu.thread_id x
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-note @below {{the TMA load}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    // expected-error @below {{reads shared memory that a TMA load may still be writing: no wait on the mbarrier phase th}}
    %x = memref.load %alias[%c0, %c0] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    return
  }
}
