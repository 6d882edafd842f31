// count -> token -> count is the identity on counting-form programs whose
// counts are exact: the seed's example kernel, pipelines with two queues and
// with branches, commit scopes and commit points.
// RUN: asyncpipe-opt %s > %t.original
// RUN: asyncpipe-opt %s --asyncpipe-count-to-token --asyncpipe-token-to-count 2>/dev/null > %t.round
// RUN: diff %t.original %t.round
// The same for the example in examples/ and the seed pipelines of verify-sync.
// RUN: asyncpipe-opt %S/../../../examples/tvm_gemm_pipeline.mlir --asyncpipe-token-to-count 2>/dev/null > %t.gemm
// RUN: asyncpipe-opt %t.gemm --asyncpipe-count-to-token --asyncpipe-token-to-count 2>/dev/null | diff %t.gemm -
// RUN: asyncpipe-opt %S/../verify-sync/seed-pipelines.mlir --asyncpipe-token-to-count 2>/dev/null > %t.seed
// RUN: asyncpipe-opt %t.seed --asyncpipe-count-to-token --asyncpipe-token-to-count 2>/dev/null | diff %t.seed -

func.func @two_queues(%a: memref<16xf32>, %b: memref<2xf32>, %c: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c14 = arith.constant 14 : index
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  asyncpipe.wait_queue 0, 1
  asyncpipe.commit_queue 1 {
    asyncpipe.copy %b, %c : memref<2xf32> to memref<2xf32>
  }
  scf.for %i = %c0 to %c14 step %c1 {
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
    }
    asyncpipe.wait_queue 0, 1
    asyncpipe.commit_queue 1 {
      asyncpipe.copy %b, %c : memref<2xf32> to memref<2xf32>
    }
    asyncpipe.wait_queue 1, 1
  }
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  return
}

func.func @branches(%cond: i1, %a: memref<16xf32>) {
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  scf.if %cond {
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
    }
  }
  asyncpipe.copy %a, %a queue 0 : memref<16xf32> to memref<16xf32>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 1
  return
}
