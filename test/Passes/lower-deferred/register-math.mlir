// Math on register tiles on the CPU: each tile a zeroed alloca (as an
// accumulator); asyncpipe.accumulator_reduce a loop nest folding each row
// into its M x 1 tile, accumulator_map one storing the region's value at
// each element (inputs of one column read at column 0, the indices the
// loops'), accumulator_convert one rounding with arith.truncf; an MMA with
// transpose_b passes the runtime element-type code + 4, one with a register
// operand passes that tile's array as 'a'.
// RUN: asyncpipe-opt %s --asyncpipe-lower-deferred | FileCheck %s

// CHECK-LABEL: func.func @step
// CHECK: %[[S:.*]] = memref.alloca() : memref<16x8xf32>
// CHECK: %[[M:.*]] = memref.alloca() : memref<16x1xf32>
// CHECK: %[[P:.*]] = memref.alloca() : memref<16x8xf16>
// CHECK: %[[O:.*]] = memref.alloca() : memref<16x8xf32>
// CHECK: %[[TRANSPOSED:.*]] = arith.constant 4 : index
// The product is 16 x 8 (b's rows) x 16.
// CHECK: call @deferred_sim_mma(%{{.*}}, %[[TRANSPOSED]], {{.*}}, %c16{{(_[0-9]+)?}}, %c8{{(_[0-9]+)?}}, %c16{{(_[0-9]+)?}}) :
// CHECK: call @deferred_sim_wait
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[PARTIAL:.*]] = memref.load %[[M]][%[[I]], %[[ZERO:.*]]] : memref<16x1xf32>
// CHECK-NEXT: %[[X:.*]] = memref.load %[[S]][%[[I]], %[[J]]] : memref<16x8xf32>
// CHECK-NEXT: %[[MAX:.*]] = arith.maximumf %[[PARTIAL]], %[[X]] : f32
// CHECK-NEXT: memref.store %[[MAX]], %[[M]][%[[I]], %[[ZERO]]] : memref<16x1xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[X:.*]] = memref.load %[[S]][%[[I]], %[[J]]] : memref<16x8xf32>
// CHECK-NEXT: %[[MI:.*]] = memref.load %[[M]][%[[I]], %{{.*}}] : memref<16x1xf32>
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[X]], %[[MI]] : f32
// CHECK-NEXT: %[[HIDDEN:.*]] = arith.cmpi ugt, %[[J]], %[[I]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.0
// CHECK-NEXT: %[[Y:.*]] = arith.select %[[HIDDEN]], %[[Z]], %[[D]] : f32
// CHECK-NEXT: memref.store %[[Y]], %[[S]][%[[I]], %[[J]]] : memref<16x8xf32>
// CHECK: memref.load %[[S]]
// CHECK-NEXT: %[[H:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK-NEXT: memref.store %[[H]], %[[P]]
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[P]]
// CHECK: call @deferred_sim_mma_now(%{{.*}}, %{{.*}}, %strides
// CHECK: memref.copy %[[O]], %{{.*}} : memref<16x8xf32> to memref<16x8xf32>
func.func @step(%q: memref<16x16xf16>, %k: memref<8x16xf16>, %v: memref<8x8xf16>, %out: memref<16x8xf32>) {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x1xf32>
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf16>
  %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  asyncpipe.mma %q, %k, %s queue 1 transpose_b : memref<16x16xf16>, memref<8x16xf16> into !asyncpipe.accumulator<16x8xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<16x8xf32> into !asyncpipe.accumulator<16x1xf32> {
  ^bb0(%partial: f32, %x: f32):
    %r = arith.maximumf %partial, %x : f32
    asyncpipe.yield %r : f32
  }
  asyncpipe.accumulator_map %s(%m) : !asyncpipe.accumulator<16x8xf32>(!asyncpipe.accumulator<16x1xf32>) {
  ^bb0(%x: f32, %mi: f32, %i: index, %j: index):
    %d = arith.subf %x, %mi : f32
    %hidden = arith.cmpi ugt, %j, %i : index
    %zero = arith.constant 0.0 : f32
    %y = arith.select %hidden, %zero, %d : f32
    asyncpipe.yield %y : f32
  }
  asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<16x8xf32> into !asyncpipe.accumulator<16x8xf16>
  asyncpipe.mma %p, %v, %o : !asyncpipe.accumulator<16x8xf16>, memref<8x8xf16> into !asyncpipe.accumulator<16x8xf32>
  asyncpipe.accumulator_store %o, %out : !asyncpipe.accumulator<16x8xf32> to memref<16x8xf32>
  return
}
