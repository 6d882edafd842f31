// asyncop-wrap wraps ops of code that runs its ops in order (a function's
// or kernel's body, structured control flow): not the scalar body of a
// linalg op (which must stay its add and mul: the wrapped batch_matmul did
// not verify), and with outline=true not ops in a gpu.module (the outlined
// function would not be in its symbol table: the start named nothing). Both
// were fuzzer findings; listed ops there are left alone. In region form a
// kernel's copy is wrapped (asyncop-to-asyncpipe makes it an asyncpipe
// copy).
// RUN: asyncpipe-opt %s --split-input-file --asyncop-wrap="ops=arith.addf,arith.mulf,memref.copy outline=true" | FileCheck %s
// RUN: asyncpipe-opt %s --split-input-file --asyncop-wrap="ops=memref.copy" | FileCheck %s --check-prefix=REGION
// REGION-LABEL: gpu.func @kernel
// REGION: asyncop.start

// CHECK-LABEL: func.func @batch_matmul
// CHECK-NOT: asyncop.start
// CHECK: linalg.batch_matmul
func.func @batch_matmul(%a: tensor<2x4x8xf32>, %b: tensor<2x8x4xf32>, %c: tensor<2x4x4xf32>) -> tensor<2x4x4xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x4xf32>) outs(%c : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}

// -----

// CHECK-LABEL: gpu.func @kernel
// CHECK-NOT: asyncop.start
// CHECK: memref.copy
gpu.module @kernels {
  gpu.func @kernel(%a: memref<8xf32>, %b: memref<8xf32>) kernel {
    memref.copy %a, %b : memref<8xf32> to memref<8xf32>
    gpu.return
  }
}

