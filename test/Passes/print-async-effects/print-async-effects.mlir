// AsyncEffectOpInterface, as asyncpipe-print-async-effects reports it: for
// each op that implements it (asyncpipe's async ops in ODS; nvgpu's cp.async,
// TMA load and warpgroup MMA and NVVM's bulk copy through external models), its groups of effects that
// complete after it returns, what completes each, which threads see it, and
// what it reads and writes (and through which op). Other ops get no remark.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-print-async-effects

func.func @counting(%g: memref<8xf32>, %s: memref<8xf32, 3>) {
  // expected-remark @below {{async effects: group 0, completed by a wait on queue 2, seen by the issuing thread: reads memref<8xf32> (asyncpipe.copy), writes memref<8xf32, 3> (asyncpipe.copy)}}
  asyncpipe.copy %g, %s queue 2 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 2
  asyncpipe.wait_queue 2, 0
  return
}

// -----

func.func @enclosing(%g: memref<8xf32>, %s: memref<8xf32, 3>) {
  asyncpipe.commit_queue 0 {
    // expected-remark @below {{async effects: group 0, completed by a wait on the queue of its enclosing commit, seen by the issuing thread: reads memref<8xf32> (asyncpipe.copy), writes memref<8xf32, 3> (asyncpipe.copy)}}
    asyncpipe.copy %g, %s : memref<8xf32> to memref<8xf32, 3>
  }
  asyncpipe.wait_queue 0, 0
  return
}

// -----

func.func @token(%g: memref<8xf32>, %s: memref<8xf32, 3>) {
  // expected-remark @below {{async effects: group 0, completed by a wait on its token, seen by the issuing thread: reads memref<8xf32> (asyncpipe.copy), writes memref<8xf32, 3> (asyncpipe.copy)}}
  %t = asyncpipe.copy %g, %s : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
  %group = asyncpipe.commit_group queue 0 (%t)
  asyncpipe.wait %group
  return
}

// -----

// An async scope's effects are its ops', each named: the load reads, the
// store writes, the subview (a view) touches no memory, and memref.dim
// reads none.
func.func @scope(%a: memref<16xf32>, %b: memref<4xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  asyncpipe.commit_queue 1 {
    // expected-remark @below {{async effects: group 0, completed by a wait on the queue of its enclosing commit, seen by the issuing thread: reads memref<16xf32> (memref.load), writes memref<2xf32, strided<[1], offset: ?>> (memref.store)}}
    asyncpipe.async_scope {
      %v = memref.load %a[%i] : memref<16xf32>
      %part = memref.subview %b[%i] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
      %n = memref.dim %part, %c0 : memref<2xf32, strided<[1], offset: ?>>
      memref.store %v, %part[%c0] : memref<2xf32, strided<[1], offset: ?>>
    }
  }
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// nvgpu's cp.async (external model): the target's one group queue.
func.func @nvgpu(%g: memref<8xf32>, %s: memref<8xf32, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  // expected-remark @below {{async effects: group 0, completed by a wait on the target's group queue, seen by the issuing thread: reads memref<8xf32> (nvgpu.device_async_copy), writes memref<8xf32, #gpu.address_space<workgroup>> (nvgpu.device_async_copy)}}
  %t = nvgpu.device_async_copy %g[%c0], %s[%c0], 4 : memref<8xf32> to memref<8xf32, #gpu.address_space<workgroup>>
  %group = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %group {numGroups = 0 : i32}
  return
}

// -----

// NVVM's bulk copy (external model): an mbarrier's phase, seen by every
// thread that waits for it.
func.func @bulk(%to: !llvm.ptr<7>, %from: !llvm.ptr<1>, %bar: !llvm.ptr<3>) {
  %bytes = arith.constant 16 : i32
  // expected-remark @below {{async effects: group 0, completed by the phase of its mbarrier, seen by every thread of the block: reads !llvm.ptr<1> (nvvm.cp.async.bulk.shared.cluster.global), writes !llvm.ptr<7> (nvvm.cp.async.bulk.shared.cluster.global)}}
  nvvm.cp.async.bulk.shared.cluster.global %to, %from, %bar, %bytes : !llvm.ptr<7>, !llvm.ptr<1>
  return
}

// -----

// asyncop.start (external model): the wrapped op's effects on the
// parameters the start binds, completed at the chain's done; a parameter an
// update binds later is not the start's to report. Through a callee, every
// memref the start binds is read and written.
func.func private @fill(memref<4xf32>)
func.func @start(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-remark @below {{async effects: group 0, completed by a wait on its token, seen by the issuing thread: writes memref<4xf32> (memref.copy)}}
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: memref<4xf32>, %y: memref<4xf32>):
    // (A memref.copy outside SPMD code is synchronous.)
    // expected-remark @below {{async effects: none}}
    memref.copy %y, %x : memref<4xf32> to memref<4xf32>
    asyncop.yield
  } : (memref<4xf32>) -> !asyncop.handle<(memref<4xf32>), (), i32>
  %u = asyncop.update %s(%b) : (!asyncop.handle<(memref<4xf32>), (), i32>, memref<4xf32>) -> !asyncop.handle<(memref<4xf32>, memref<4xf32>), (), i32>
  asyncop.done %u : (!asyncop.handle<(memref<4xf32>, memref<4xf32>), (), i32>) -> ()
  // expected-remark @below {{async effects: group 0, completed by a wait on its token, seen by the issuing thread: reads memref<4xf32> (asyncop.start), writes memref<4xf32> (asyncop.start)}}
  %t = asyncop.start @fill(%a) : (memref<4xf32>) -> !asyncop.handle<(memref<4xf32>), (), i32>
  asyncop.done %t : (!asyncop.handle<(memref<4xf32>), (), i32>) -> ()
  return
}

// -----

// memref.copy into workgroup memory in a kernel (external model): the
// block's threads share it, and every thread sees all of it after the next
// block barrier. Into other memory, or outside SPMD code, it is synchronous.
gpu.module @kernels {
  gpu.func @cooperative(%g: memref<64xf32>, %h: memref<64xf32>) kernel {
    %tile = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{async effects: group 0, completed by the next block barrier, seen by every thread of the block: reads memref<64xf32> (memref.copy), writes memref<64xf32, #gpu.address_space<workgroup>> (memref.copy)}}
    memref.copy %g, %tile : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    // expected-remark @below {{async effects: none}}
    memref.copy %g, %h : memref<64xf32> to memref<64xf32>
    gpu.return
  }
}
func.func @host(%g: memref<64xf32>, %tile: memref<64xf32, #gpu.address_space<workgroup>>) {
  // expected-remark @below {{async effects: none}}
  memref.copy %g, %tile : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// A group with no memory effect still says what completes it.
func.func @empty_scope() {
  asyncpipe.commit_queue 5 {
    // expected-remark @below {{async effects: group 0, completed by a wait on the queue of its enclosing commit, seen by the issuing thread: no memory}}
    asyncpipe.async_scope {
    }
  }
  asyncpipe.wait_queue 5, 0
  return
}

// -----

// Async compute: an MMA's group reads its tiles and reads and writes its
// accumulator (registers, named by the !asyncpipe.accumulator value); a
// synchronous MMA has no async effects.
func.func @mma(%a: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  // expected-remark @below {{async effects: group 0, completed by a wait on queue 1, seen by the issuing thread: reads memref<64x16xf16, 3> (asyncpipe.mma), reads memref<16x64xf16, 3> (asyncpipe.mma), reads !asyncpipe.accumulator<64x64xf32> (asyncpipe.mma), writes !asyncpipe.accumulator<64x64xf32> (asyncpipe.mma)}}
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  // expected-remark @below {{async effects: none}}
  asyncpipe.mma %a, %b, %acc : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  return
}

// -----

// Hopper at the nvgpu level: a TMA load completes on a phase of its
// mbarrier, for every thread that waits for it; a warpgroup MMA reads its
// descriptors' tiles and its accumulator until a wgmma.wait_group.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @hopper(%a: !lhs, %buf: memref<64x8xf32, 3>, %descA: !lhsMap, %descB: !rhsMap, %ta: memref<128x64xf16, 3>, %tb: memref<64x128xf16, 3>) {
  %c0 = arith.constant 0 : index
  %mb = nvgpu.mbarrier.create -> !bar
  // expected-remark @below {{async effects: group 0, completed by the phase of its mbarrier, seen by every thread of the block: writes memref<64x8xf32, 3> (nvgpu.tma.async.load)}}
  nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %buf : !lhs, !bar -> memref<64x8xf32, 3>
  %dA = nvgpu.warpgroup.generate.descriptor %ta, %descA : memref<128x64xf16, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
  %dB = nvgpu.warpgroup.generate.descriptor %tb, %descB : memref<64x128xf16, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
  %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
  // expected-remark @below {{async effects: group 0, completed by a wait on its token, seen by the issuing thread: reads !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>> (nvgpu.warpgroup.mma), reads !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>> (nvgpu.warpgroup.mma), reads !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>> (nvgpu.warpgroup.mma), writes !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>> (nvgpu.warpgroup.mma)}}
  %d = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
  return
}
