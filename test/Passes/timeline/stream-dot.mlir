// asyncpipe-timeline on the main example after the pipeliner: two queues,
// the prologue's groups, the first three iterations of the 61-iteration
// loop, a gap, the last iteration and the epilogue; each group from its
// commit to the wait that completes it, with the buffer version it fills
// (4 versions of x's tile, 3 of y's), each wait with its count. Computed
// from the IR: with the loop's waits allowing one group more, the picture
// changes (the second RUN, checked against the first's counts). With the
// simulation's waits keeping one group more than their count, this test and
// the explain test fail.
// RUN: rm -rf %t && mkdir -p %t
// RUN: asyncpipe-opt %S/../../../examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-timeline=output=%t -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: timeline of @stream_dot: 128 groups on queues 0, 1, 14 waits, 0 barriers: {{.*}}stream_dot.timeline.svg
// RUN: FileCheck %s --input-file %t/stream_dot.timeline.svg
// CHECK: <svg
// CHECK-SAME: width=
// CHECK: @stream_dot: async groups from commit to the wait that completes them; main loop (stream_dot.mlir:34) of 61 iterations
// CHECK: >prologue<
// CHECK: >iteration 0<
// CHECK: >iteration 1<
// CHECK: >iteration 2<
// CHECK: >iterations 3 to 59<
// CHECK: >iteration 60<
// CHECK: >epilogue<
// CHECK: >queue 0<
// CHECK: >queue 1<
// The prologue's groups stay in flight into the loop: x's first tile until
// the loop's first wait on queue 0 (step 7), y's until its first on queue
// 1 (step 8).
// CHECK: <title>group 0 on queue 0 (buf0 v0): committed at step 0, completed at step 7</title>
// CHECK: <title>group 1 on queue 0 (buf0 v1): committed at step 1, completed at step 11</title>
// CHECK: <title>group 2 on queue 1 (buf1 v0): committed at step 2, completed at step 8</title>
// CHECK: <title>group 3 on queue 0 (buf0 v2): committed at step 3, completed at step 15</title>
// CHECK: <title>group 4 on queue 1 (buf1 v1): committed at step 4, completed at step 12</title>
// The first steady-state waits: queue 0 keeps 3 groups (completing group
// 0), queue 1 keeps 2 (completing group 2).
// CHECK: <title>wait at
// CHECK-SAME: stream_dot.mlir:34: at most 3 in flight on queue 0; completes g0</title>
// CHECK-NEXT: wait ≤3
// CHECK-NEXT: <path class="wait"
// CHECK-SAME: at most 2 in flight on queue 1; completes g2</title>
// CHECK-NEXT: wait ≤2
// CHECK: >57 iterations<
// The epilogue drains both queues.
// CHECK: at most 0 in flight on queue 0
// CHECK: at most 0 in flight on queue 1
// CHECK: buf0: memref&lt;4x128x8xf32, #gpu.address_space&lt;workgroup&gt;&gt;, 4 versions
// CHECK: buf1: memref&lt;3x128x8xf32, #gpu.address_space&lt;workgroup&gt;&gt;, 3 versions
// CHECK: </svg>
// RUN: asyncpipe-opt %S/../../../examples/stream_dot.mlir --asyncpipe-software-pipeline | sed -e 's/asyncpipe.wait_queue 0, 3/asyncpipe.wait_queue 0, 4/' | asyncpipe-opt --asyncpipe-timeline=output=%t/weak -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file %t/weak/stream_dot.timeline.svg --check-prefix=WEAK
// WEAK: <title>wait at {{.*}}: at most 4 in flight on queue 0; completes nothing</title>
// WEAK-NEXT: wait ≤4
