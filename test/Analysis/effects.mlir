// The memory-effects analysis alone (asyncpipe-test-print-effects): what
// each op reads and writes, as the buffers its memref views come from. A
// view reads and writes its root (the subview's reads go to the alloc);
// a call and the queue ops touch any memory as the analysis sees them
// (their effects are not bounded to a buffer).
// RUN: asyncpipe-opt %s --asyncpipe-test-print-effects -verify-diagnostics

func.func @f(%a: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<8xf32, 3>
  %s = memref.subview %b[0] [4] [1] : memref<8xf32, 3> to memref<4xf32, strided<[1]>, 3>
  // expected-remark @below {{effects: reads %arg0; writes memref.alloc at line 10}}
  asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
  // expected-remark @below {{effects: reads nothing; writes any memory}}
  asyncpipe.commit 0
  // expected-remark @below {{effects: reads any memory; writes any memory}}
  asyncpipe.wait_queue 0, 0
  // expected-remark @below {{effects: reads memref.alloc at line 10; writes nothing}}
  %v = memref.load %s[%c0] : memref<4xf32, strided<[1]>, 3>
  // expected-remark @below {{effects: reads nothing; writes %arg0}}
  memref.store %v, %a[%c0] : memref<8xf32>
  // expected-remark @below {{effects: reads %arg0; writes memref.alloc at line 10}}
  memref.copy %a, %b : memref<8xf32> to memref<8xf32, 3>
  // expected-remark @below {{effects: reads any memory; writes any memory}}
  func.call @g() : () -> ()
  %x = arith.addf %v, %v : f32
  return
}
func.func private @g()
