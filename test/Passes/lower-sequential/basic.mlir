// Async ops run at issue: copies become memref.copy, scopes are inlined,
// commits and counting waits disappear. Token form is an error.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-lower-sequential -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @counting_form
// CHECK-NOT: asyncpipe.
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4xf32> to memref<4xf32, 3>
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.store
// CHECK-NEXT: memref.copy
// CHECK-NEXT: return
func.func @counting_form(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.async_scope {
      %v = memref.load %a[%c0] : memref<4xf32>
      memref.store %v, %b[%c0] : memref<4xf32, 3>
    }
  }
  asyncpipe.copy %a, %b queue 1 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 1
  asyncpipe.wait_queue 0, 0
  return
}

// -----

func.func @token_form(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // expected-error @below {{expects counting form}}
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // expected-error @below {{asyncpipe-lower-sequential expects counting form: run asyncpipe-token-to-count first}}
  asyncpipe.wait %g
  return
}
