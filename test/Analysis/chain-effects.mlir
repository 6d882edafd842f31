// The chain-effects analysis alone (asyncpipe-test-print-chain-effects):
// what an asyncop chain's wrapped computation reads and writes in the
// caller's buffers. A callee's effects on its parameters become effects on
// the call's operands (matmul reads A and B, reads and writes C); a region
// that only computes on values touches nothing; a callee without a body may
// touch any memory.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-chain-effects -verify-diagnostics

func.func private @mm(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)
  return
}
func.func private @opaque(%a: memref<8x8xf32>)

func.func @chains(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>, %x: f32) {
  %s1 = asyncop.start @mm(%a, %b, %c) : (memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>) -> !asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>
  // expected-remark @below {{chain effects: reads %arg0, %arg1, %arg2; writes %arg2}}
  asyncop.done %s1 : (!asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>) -> ()
  %s2 = asyncop.start (%x) wraps {
  ^bb0(%p: f32):
    %e = math.exp %p : f32
    asyncop.yield %e : f32
  } : (f32) -> !asyncop.handle<(f32), (), none>
  // expected-remark @below {{chain effects: reads nothing; writes nothing}}
  %r = asyncop.done %s2 : (!asyncop.handle<(f32), (), none>) -> f32
  %s3 = asyncop.start @opaque(%a) : (memref<8x8xf32>) -> !asyncop.handle<(memref<8x8xf32>), (), none>
  // expected-remark @below {{chain effects: reads any memory; writes any memory}}
  asyncop.done %s3 : (!asyncop.handle<(memref<8x8xf32>), (), none>) -> ()
  return
}
