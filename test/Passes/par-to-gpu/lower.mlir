// par-to-gpu: without a mapping, the ids are flattened onto 1-D blocks of
// block-size threads, with a bounds check (unsigned thread number below the
// count) for the last block's extra threads; with a #gpu.block/#gpu.thread
// mapping, each dimension runs on the processor it names and the grid is
// exact. Kernels take what the body uses from above (constants are cloned
// in) and known_block_size when the block size is constant.
// RUN: asyncpipe-opt %s --par-to-gpu=block-size=64 | FileCheck %s

// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: func.func @flattened
// CHECK-SAME: (%[[X:.*]]: memref<10x100xf32>, %[[Y:.*]]: memref<10x100xf32>)
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[TOTAL:.*]] = arith.muli %[[C10]], %[[C100]] : index
// CHECK: %[[B:.*]] = arith.constant 64 : index
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %[[TOTAL]], %[[B]] : index
// CHECK: gpu.launch_func @par_kernels::@flattened_par_kernel_0 blocks in (%[[BLOCKS]], %[[ONE]], %[[ONE]]) threads in (%[[B]], %[[ONE]], %[[ONE]]) args(%[[X]] : memref<10x100xf32>, %[[Y]] : memref<10x100xf32>)
// CHECK-NOT: par.foreach_thread

// CHECK-LABEL: func.func @mapped
// CHECK-SAME: (%[[C:.*]]: memref<?x32xf32>, %[[N:.*]]: index, %[[V:.*]]: f32)
// CHECK: gpu.launch_func @par_kernels::@mapped_par_kernel_1 blocks in (%[[N]], %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) args(%[[V]] : f32, %[[C]] : memref<?x32xf32>)

// CHECK: gpu.module @par_kernels {
// CHECK: gpu.func @flattened_par_kernel_0(%[[KX:.*]]: memref<10x100xf32>, %[[KY:.*]]: memref<10x100xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[FIRST:.*]] = arith.muli %[[BID]], %{{.*}} : index
// CHECK: %[[LINEAR:.*]] = arith.addi %[[FIRST]], %[[TID]] : index
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %[[LINEAR]], %{{.*}} : index
// CHECK: scf.if %[[INSIDE]] {
// CHECK: %[[J:.*]] = arith.remui %[[LINEAR]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.divui %[[LINEAR]], %{{.*}} : index
// CHECK: memref.load %[[KX]][%[[I]], %[[J]]]
// CHECK: memref.store %{{.*}}, %[[KY]][%[[I]], %[[J]]]
// CHECK: gpu.return
// CHECK: gpu.func @mapped_par_kernel_1(%{{.*}}: f32, %{{.*}}: memref<?x32xf32>) kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
// CHECK-DAG: %[[BX:.*]] = gpu.block_id x
// CHECK-DAG: %[[TY:.*]] = gpu.thread_id y
// CHECK-DAG: %[[TX:.*]] = gpu.thread_id x
// CHECK-NOT: scf.if
// CHECK: gpu.return

func.func @flattened(%x: memref<10x100xf32>, %y: memref<10x100xf32>) {
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  par.foreach_thread (%i, %j) in (%c10, %c100) {
    %v = memref.load %x[%i, %j] : memref<10x100xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %y[%i, %j] : memref<10x100xf32>
  }
  return
}

func.func @mapped(%C: memref<?x32xf32>, %n: index, %v: f32) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  par.foreach_thread (%b, %ty, %tx) in (%n, %c8, %c32) mapping = [#gpu.block<x>, #gpu.thread<y>, #gpu.thread<x>] {
    %r = arith.muli %b, %c8 : index
    %row = arith.addi %r, %ty : index
    memref.store %v, %C[%row, %tx] : memref<?x32xf32>
  }
  return
}
