// asyncpipe-lower-block on a bulk queue's mbarrier protocol: the mbarrier
// ops and the bulk copy become calls of the runtime (which keeps the
// block's mbarriers), and each mbarrier wait becomes a stop: a block of its
// own that asks the runtime whether the phase is complete, goes on when it
// is, and otherwise returns its number (after the barriers': here 3), from
// which the thread resumes in the next round.
// RUN: asyncpipe-opt %s --convert-scf-to-cf --asyncpipe-lower-block | FileCheck %s
// RUN: asyncpipe-opt %s --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bulk(%in: memref<4xf32>, %out: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %four = arith.constant 4 : i32
      %c16 = arith.constant 16 : i32
      %parity = arith.constant 0 : i32
      %ticks = arith.constant 1000 : i32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
      %slots = memref.alloc() : memref<1xi64, #gpu.address_space<workgroup>>
      %base = memref.extract_aligned_pointer_as_index %slots : memref<1xi64, #gpu.address_space<workgroup>> -> index
      %int = arith.index_cast %base : index to i64
      %bar = llvm.inttoptr %int : i64 to !llvm.ptr<3>
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        nvvm.mbarrier.init %bar, %four : !llvm.ptr<3>, i32
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      scf.if %first {
        %s = memref.extract_aligned_pointer_as_index %in : memref<4xf32> -> index
        %si = arith.index_cast %s : index to i64
        %from = llvm.inttoptr %si : i64 to !llvm.ptr<1>
        %d = memref.extract_aligned_pointer_as_index %tile : memref<4xf32, #gpu.address_space<workgroup>> -> index
        %di = arith.index_cast %d : index to i64
        %to3 = llvm.inttoptr %di : i64 to !llvm.ptr<3>
        %to = llvm.addrspacecast %to3 : !llvm.ptr<3> to !llvm.ptr<7>
        nvvm.mbarrier.expect_tx %bar, %c16 : !llvm.ptr<3>, i32
        nvvm.cp.async.bulk.shared.cluster.global %to, %from, %bar, %c16 : !llvm.ptr<7>, !llvm.ptr<1>
      }
      %state = nvvm.mbarrier.arrive %bar : !llvm.ptr<3> -> i64
      nvvm.mbarrier.try_wait.parity %bar, %parity, %ticks : !llvm.ptr<3>, i32, i32
      %v = memref.load %tile[%tid] : memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<4xf32>
      gpu.barrier
      gpu.return
    }
  }
}

// CHECK-LABEL: func.func private @bulk.thread(
// CHECK-SAME:    %[[TID:[^:]*]]: index, %[[RESUME:[^:]*]]: index) -> index {
// The entry dispatches on the resume point: 1 and 2 after the barriers, 3
// the wait.
// CHECK:         arith.cmpi eq, %[[RESUME]], %c1
// CHECK:         arith.cmpi eq, %[[RESUME]], %c2
// CHECK:         %[[AT_WAIT:.*]] = arith.cmpi eq, %[[RESUME]], %c3
// CHECK:         cf.cond_br %[[AT_WAIT]], ^[[ASK:bb[0-9]+]], ^
// CHECK-NOT:     nvvm.
// CHECK:         call @block_sim_mbarrier_init(%[[TID]], %{{.*}}, %{{.*}})
// CHECK:         return %c1{{(_[0-9]+)?}} : index
// CHECK:         call @block_sim_expect_tx(%[[TID]], %{{.*}}, %{{.*}})
// CHECK:         call @block_sim_bulk_copy(%[[TID]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:         call @block_sim_arrive(%[[TID]], %{{.*}})
// CHECK:         cf.br ^[[ASK]]
// CHECK:       ^[[ASK]]:
// CHECK:         %[[DONE:.*]] = call @block_sim_try_wait(%[[TID]], %{{.*}}, %{{.*}}) : (index, index, index) -> index
// CHECK:         %[[COMPLETE:.*]] = arith.cmpi ne, %[[DONE]], %c0
// CHECK:         cf.cond_br %[[COMPLETE]], ^[[GO_ON:bb[0-9]+]], ^[[STOP:bb[0-9]+]]
// CHECK:       ^[[STOP]]:
// CHECK-NEXT:    %[[CODE:.*]] = arith.constant 3 : index
// CHECK-NEXT:    return %[[CODE]] : index
// CHECK:       ^[[GO_ON]]:
// CHECK:         memref.load
// CHECK-NOT:     nvvm.
// CHECK-LABEL: func.func @bulk(
// CHECK:         %[[BARRIERS:.*]] = arith.constant 2 : index
// CHECK:         func.call @block_sim_stopped(%{{.*}}, %{{.*}}, %[[BARRIERS]])
