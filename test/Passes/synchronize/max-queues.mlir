// asyncpipe-synchronize=max-queues=N: a function that uses more logical
// queues (sync resources) than N has them merged onto its lowest N, in
// turn, with every count recomputed exactly for the merged queues;
// verify-sync proves each result.
// RUN: asyncpipe-opt %s --asyncpipe-synchronize=max-queues=1 --asyncpipe-verify-sync | FileCheck %s --check-prefix=ONE
// RUN: asyncpipe-opt %s --asyncpipe-synchronize=max-queues=2 --asyncpipe-verify-sync | FileCheck %s --check-prefix=TWO
// RUN: asyncpipe-opt %s --asyncpipe-synchronize=max-queues=4 --asyncpipe-verify-sync | FileCheck %s --check-prefix=FOUR

// The main example (two queues, pipelined and synchronized by hand): one
// resource merges them, with counts recomputed; two or four keep both.
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-synchronize=max-queues=1 \
// RUN:   --asyncpipe-verify-sync | FileCheck %s --check-prefix=MAIN-ONE
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-synchronize=max-queues=2 \
// RUN:   --asyncpipe-verify-sync | FileCheck %s --check-prefix=MAIN-TWO
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-synchronize=max-queues=4 \
// RUN:   --asyncpipe-verify-sync | FileCheck %s --check-prefix=MAIN-TWO
// MAIN-ONE-NOT: queue 1
// MAIN-ONE:     asyncpipe.wait_queue 0, 4
// MAIN-ONE-NOT: queue 1
// MAIN-TWO:     asyncpipe.commit_queue 1
// MAIN-TWO:     asyncpipe.wait_queue 1, 2
// The seed's pipelines with two async stages, pipelined, on 1, 2 and 4
// resources:
// RUN: asyncpipe-opt %S/../software-pipeline/two-queues.mlir --asyncpipe-software-pipeline --asyncpipe-synchronize=max-queues=1 --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %S/../software-pipeline/two-queues.mlir --asyncpipe-software-pipeline --asyncpipe-synchronize=max-queues=2 --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %S/../software-pipeline/two-queues.mlir --asyncpipe-software-pipeline --asyncpipe-synchronize=max-queues=4 --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %S/../software-pipeline/drain.mlir --asyncpipe-software-pipeline --asyncpipe-synchronize=max-queues=1 --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %S/../software-pipeline/drain.mlir --asyncpipe-software-pipeline --asyncpipe-synchronize=max-queues=2 --asyncpipe-verify-sync -o /dev/null

// Three copies on three queues, read last-first.
// ONE-LABEL: func.func @three
// ONE-NOT:     queue 1
// ONE-NOT:     queue 2
// ONE:         asyncpipe.wait_queue 0, 0
// ONE-NEXT:    memref.load
// ONE-NOT:     asyncpipe.wait_queue
// ONE:         return
// TWO-LABEL: func.func @three
// TWO:         asyncpipe.copy %{{.*}} queue 0
// TWO:         asyncpipe.copy %{{.*}} queue 1
// TWO:         asyncpipe.copy %{{.*}} queue 0
// TWO-NOT:     queue 2
// TWO:         asyncpipe.wait_queue 0, 0
// TWO:         asyncpipe.wait_queue 1, 0
// FOUR-LABEL: func.func @three
// FOUR:        asyncpipe.copy %{{.*}} queue 2
// FOUR:        asyncpipe.wait_queue 2, 0
// FOUR:        asyncpipe.wait_queue 0, 0
// FOUR:        asyncpipe.wait_queue 1, 0
func.func @three(%a: memref<8xf32>, %s0: memref<8xf32, 3>, %s1: memref<8xf32, 3>, %s2: memref<8xf32, 3>, %o: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %s0 queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.copy %a, %s1 queue 1 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.copy %a, %s2 queue 2 : memref<8xf32> to memref<8xf32, 3>
  %v2 = memref.load %s2[%c0] : memref<8xf32, 3>
  memref.store %v2, %o[%c0] : memref<8xf32>
  %v0 = memref.load %s0[%c0] : memref<8xf32, 3>
  memref.store %v0, %o[%c0] : memref<8xf32>
  %v1 = memref.load %s1[%c0] : memref<8xf32, 3>
  memref.store %v1, %o[%c0] : memref<8xf32>
  return
}
