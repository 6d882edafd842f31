// The fuzzer's reproducer (a generated program): loops of 2^63 - 1 and 7
// iterations holding waits. The timeline labels the iterations it does not
// draw as one gap; the label's last iteration overflowed (a panic) before;
// its arithmetic now saturates.
// RUN: rm -rf %t && mkdir -p %t
// RUN: asyncpipe-opt %s "--asyncpipe-timeline=output=%t example-trip-count=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file %t/f0.timeline.svg
// REMARK: remark: timeline of @f0
// CHECK: iterations 3 to 9223372036854775805<
func.func @f0(%a: memref<8xi8>, %a2: memref<8xi8>, %b: memref<8xi8, 3>, %b2: memref<8xi8, 3>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %k0_index = arith.constant 0 : index
  %k1_index = arith.constant 9223372036854775807 : index
  %k2_index = arith.constant 1 : index
  %k3_index = arith.constant -3 : index
  %k4_index = arith.constant 4 : index
  scf.for %i1 = %k0_index to %k1_index step %k2_index {
    scf.for %i2 = %k3_index to %k4_index step %k2_index {
      asyncpipe.wait_queue 1, 0
      %v3 = memref.load %b2[%k0_index] : memref<8xi8, 3>
      asyncpipe.wait_queue 1, 0
    }
    asyncpipe.wait_queue 1, 3
  }
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 3
  asyncpipe.wait_queue 1, 1
  asyncpipe.wait_queue 1, %n
  asyncpipe.wait_queue 1, 64
  return
}
