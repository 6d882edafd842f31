// An i8 loop from -60 to 120: iv - lb reaches 179, past i8's signed range.
// The multi-buffer slot ((iv - lb) / step) mod 3 is computed as unsigned
// (divui, remui), as is the trip count of a run-time bound (ceildivui, and
// 0 when ub <= lb): with signed ops the slot turned negative from iv = 68
// on, a view before the start of the buffer. Each run (an upper bound of
// 120 or 60, chosen at run time) equals the unpipelined loop, and
// verify-sync proves the output.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --asyncpipe-verify-sync > /dev/null
// RUN: sed -e 's/@kernel/@reference/' -e 's/asyncpipe.async_stages/unpipelined/' %s > %t.ref.mlir
// RUN: cat %s %t.ref.mlir %S/../../Execution/Inputs/compare-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// Four runs (the harness's N = 64, 3, 2, 1 pick the bound: 120 when N > 2),
// each identical to the unpipelined loop.
// EXEC: data =
// EXEC-NEXT: [0,
// EXEC: data =
// EXEC-NEXT: [0,
// EXEC: data =
// EXEC-NEXT: [0,
// EXEC: data =
// EXEC-NEXT: [0,

// CHECK-LABEL: func.func @kernel
// CHECK: scf.for
// CHECK: arith.divui %{{.*}} : i8
// CHECK: arith.remui %{{.*}} : i8
func.func @kernel(%a: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {
  %lb = arith.constant -60 : i8
  %c1 = arith.constant 1 : i8
  %c2 = arith.constant 2 : index
  %c60 = arith.constant 60 : index
  %c64 = arith.constant 64 : index
  %long = arith.cmpi sgt, %n, %c2 : index
  %c120 = arith.constant 120 : i8
  %c60_i8 = arith.constant 60 : i8
  %ub = arith.select %long, %c120, %c60_i8 : i8
  %buf = memref.alloc() : memref<8xf32>
  scf.for %j = %lb to %ub step %c1 : i8 {
    %x = arith.index_cast %j : i8 to index
    %y = arith.addi %x, %c60 : index
    %i = arith.remsi %y, %c64 : index
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf, %dst {asyncpipe.stage = 2, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.dealloc %buf : memref<8xf32>
  return
}

