// The async trace alone (asyncpipe-test-print-async-trace): the groups of
// one thread's run, loops unrolled (a loop whose trip count is not a
// constant runs assumed-trips times), and the wait that completes each:
// the wait in the loop completes the group of the iteration before, the
// drain after the loop the last one. asyncpipe-timeline draws this trace.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-async-trace -verify-diagnostics
// RUN: asyncpipe-opt %s --asyncpipe-test-print-async-trace=assumed-trips=2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: remark: trace: group 1 on queue 0 (iteration 0), completed by the wait at line [[WAIT:[0-9]+]]; group 2 on queue 0 (iteration 1), completed by the wait at line {{[0-9]+}}
// TWO: remark: trace: completes groups 0 (iteration 0); completes groups 1 (iteration 1)
// TWO: remark: trace: completes groups 2 (epilogue)

func.func @ring(%a: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %buf = memref.alloc() : memref<3x8xf32, 3>
  %first = memref.subview %buf[0, 0] [1, 8] [1, 1] : memref<3x8xf32, 3> to memref<8xf32, strided<[1]>, 3>
  asyncpipe.copy %a, %first queue 0 : memref<8xf32> to memref<8xf32, strided<[1]>, 3>
  // expected-remark @below {{trace: group 0 on queue 0 (prologue), completed by the wait at line 29}}
  asyncpipe.commit 0
  scf.for %i = %c0 to %n step %c1 {
    %next = arith.addi %i, %c1 : index
    %slot = arith.remui %next, %c3 : index
    %v = memref.subview %buf[%slot, 0] [1, 8] [1, 1] : memref<3x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    asyncpipe.copy %a, %v queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>, 3>
    // expected-remark @below {{trace: group 1 on queue 0 (iteration 0), completed by the wait at line 29; group 2 on queue 0 (iteration 1), completed by the wait at line 29; group 3 on queue 0 (iteration 2), completed by the wait at line 29; group 4 on queue 0 (iteration 3), completed by the wait at line 35}}
    asyncpipe.commit 0
    // expected-remark @below {{trace: completes groups 0 (iteration 0); completes groups 1 (iteration 1); completes groups 2 (iteration 2); completes groups 3 (iteration 3)}}
    asyncpipe.wait_queue 0, 1
    %cur = arith.remui %i, %c3 : index
    %w = memref.subview %buf[%cur, 0] [1, 8] [1, 1] : memref<3x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    %x = memref.load %w[%c0] : memref<8xf32, strided<[1], offset: ?>, 3>
  }
  // expected-remark @below {{trace: completes groups 4 (epilogue)}}
  asyncpipe.wait_queue 0, 0
  return
}
