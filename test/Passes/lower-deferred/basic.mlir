// asyncpipe-lower-deferred: copies become one deferred_sim_copy per row,
// MMAs deferred_sim_mma (deferred_sim_mma_now when synchronous) on byte
// addresses and row strides, commits and waits calls on dense queue numbers
// (queue 4 is the model's 0, queue 7 its 1), an accumulator a zeroed alloca.
// RUN: asyncpipe-opt %s --asyncpipe-lower-deferred | FileCheck %s

// CHECK: func.func private @deferred_sim_zero(index, index)
// CHECK: func.func private @deferred_sim_copy(index, index, index, index)
// CHECK: func.func private @deferred_sim_mma(index, index, index, index, index, index, index, index, index, index, index)
// CHECK: func.func private @deferred_sim_mma_now(index, index, index, index, index, index, index, index, index, index)
// CHECK: func.func private @deferred_sim_commit(index)
// CHECK: func.func private @deferred_sim_wait(index, index)

// CHECK-LABEL: func.func @gemm_step
// CHECK-SAME: (%[[G:.*]]: memref<16x32xf16, strided<[64, 1], offset: ?>>, %[[A:.*]]: memref<16x32xf16, 3>, %[[B:.*]]: memref<32x8xbf16, 3>, %[[BF:.*]]: memref<16x32xbf16, 3>, %[[C:.*]]: memref<16x8xf32>, %[[N:.*]]: index)
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<16x8xf32>
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[ACC]]
// CHECK: %[[BYTES:.*]] = arith.constant 512 : index
// CHECK: call @deferred_sim_zero(%[[P]], %[[BYTES]])
// The copy: a loop over its 16 rows of 64 bytes.
// CHECK: %[[Q0:.*]] = arith.constant 0 : index
// CHECK: %{{.*}}, %{{.*}}, %[[SIZES:[a-z0-9_]+]]:2, %{{.*}}:2 = memref.extract_strided_metadata %[[A]]
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %[[SIZES]]#0 step
// CHECK: %[[ROWBYTES:.*]] = arith.muli %[[SIZES]]#1, %{{.*}} : index
// CHECK-NEXT: call @deferred_sim_copy(%[[Q0]], %{{.*}}, %{{.*}}, %[[ROWBYTES]])
// CHECK-NEXT: }
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: call @deferred_sim_commit(%[[C0]])
// CHECK: %[[W0:.*]] = arith.constant 0 : index
// CHECK: call @deferred_sim_wait(%[[W0]], %[[N]])
// bf16 into f32 (element types 1), on the model's queue 1, m n k = 16 8 32.
// CHECK: %[[Q1:.*]] = arith.constant 1 : index
// CHECK: %[[TYPES:.*]] = arith.constant 1 : index
// CHECK: %[[M:.*]] = arith.constant 16 : index
// CHECK: %[[NN:.*]] = arith.constant 8 : index
// CHECK: %[[K:.*]] = arith.constant 32 : index
// CHECK: call @deferred_sim_mma(%[[Q1]], %[[TYPES]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[M]], %[[NN]], %[[K]])
// CHECK: call @deferred_sim_commit
// CHECK: call @deferred_sim_wait
// CHECK: call @deferred_sim_mma_now(
// CHECK: memref.copy %[[ACC]], %[[C]] : memref<16x8xf32> to memref<16x8xf32>
// CHECK-NOT: asyncpipe.
func.func @gemm_step(%g: memref<16x32xf16, strided<[64, 1], offset: ?>>, %a: memref<16x32xf16, 3>, %b: memref<32x8xbf16, 3>, %bf: memref<16x32xbf16, 3>, %c: memref<16x8xf32>, %n: index) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  asyncpipe.commit_queue 4 {
    asyncpipe.copy %g, %a : memref<16x32xf16, strided<[64, 1], offset: ?>> to memref<16x32xf16, 3>
  }
  asyncpipe.wait_queue 4, %n
  asyncpipe.mma %bf, %b, %acc queue 7 : memref<16x32xbf16, 3>, memref<32x8xbf16, 3> into !asyncpipe.accumulator<16x8xf32>
  asyncpipe.commit 7
  asyncpipe.wait_queue 7, 0
  asyncpipe.mma %bf, %b, %acc : memref<16x32xbf16, 3>, memref<32x8xbf16, 3> into !asyncpipe.accumulator<16x8xf32>
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<16x8xf32>
  return
}
