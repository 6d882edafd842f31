// A stage that consumes one queue's groups and produces another's: the
// MMA stage of Inputs/mma-gemm.mlir waits, inside its commit region, for the
// tiles on queue 0 and commits to queue 1 (the tensor cores'). The timeline
// follows the waits inside commit regions: each tile group completes before
// the MMA group that reads it is committed, and the first MMA group (into
// the accumulator, buf2) completes only when the copy into the tile version
// it read waits for it, two K steps later. (Before the waits in commit
// regions were followed, the tile groups never completed.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: asyncpipe-opt %S/../../Execution/Inputs/mma-gemm.mlir --asyncpipe-software-pipeline --asyncpipe-timeline=output=%t -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: timeline of @gemm: 16 groups on queues 0, 1, 10 waits, 0 barriers
// RUN: FileCheck %s --input-file %t/gemm.timeline.svg
// CHECK: <title>group 0 on queue 0 (buf0 v0, buf1 v0): committed at step 0, completed at step 3</title>
// CHECK: <title>group 1 on queue 0 (buf0 v1, buf1 v1): committed at step 2, completed at step 7</title>
// CHECK: <title>group 2 on queue 1 (buf2): committed at step 4, completed at step 9</title>
// CHECK: <title>group 3 on queue 0 (buf0 v2, buf1 v2): committed at step 6, completed at step 11</title>

// An MMA group names its accumulator in either form: committed by a
// commit_group naming its token (token form), or issued on its queue and
// committed by asyncpipe.commit (after token-to-count). (Before, only a
// commit_queue region's MMA was named.)
// RUN: asyncpipe-opt %S/../token-to-count/mma.mlir --asyncpipe-timeline=output=%t -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file %t/chain.timeline.svg --check-prefix=NAMED
// RUN: rm -rf %t && mkdir -p %t
// RUN: asyncpipe-opt %S/../token-to-count/mma.mlir --asyncpipe-token-to-count --asyncpipe-timeline=output=%t -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file %t/chain.timeline.svg --check-prefix=NAMED
// NAMED: <title>group 2 on queue 1 (buf2): committed at step 3, completed at step 6</title>
// NAMED: <title>group 3 on queue 1 (buf2): committed at step 5, completed at step 8</title>
