// The main example end to end: examples/stream_dot.mlir pipelined (x three
// tiles ahead on queue 0, y two ahead on queue 1), lowered to nvgpu (the two
// queues recounted on PTX's single cp.async queue) and to PTX for sm_80 and
// sm_90. Each wait_group in the PTX carries a count the passes computed.
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline -o %t.pipelined.mlir
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-nvgpu -o %t.nvgpu.mlir
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.sm_80.ptx
// RUN: FileCheck %s --input-file %t.sm_80.ptx --check-prefixes=CHECK,SM80
// RUN: %check-wait-groups %t.nvgpu.mlir %t.sm_80.ptx
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-ptx="chip=sm_90 features=+ptx80" | %extract-ptx > %t.sm_90.ptx
// RUN: FileCheck %s --input-file %t.sm_90.ptx --check-prefixes=CHECK,SM90
// RUN: %check-wait-groups %t.nvgpu.mlir %t.sm_90.ptx

// SM80: .target sm_80
// SM90: .version 8.0
// SM90: .target sm_90
// CHECK: .shared .align 16 .b8 {{.*}}[16384];
// CHECK: .shared .align 16 .b8 {{.*}}[12288];
// Prologue: five 32-byte tiles, each two 16-byte cp.async.cg and a commit.
// CHECK-COUNT-2: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// CHECK-NEXT: cp.async.commit_group;
// CHECK: cp.async.commit_group;
// CHECK: cp.async.commit_group;
// CHECK: cp.async.commit_group;
// CHECK: cp.async.commit_group;
// The steady state: x(t+3) and y(t+2) issued, then x(t) and y(t) awaited
// with 4 groups still in flight.
// CHECK: $L__BB0_[[LOOP:[0-9]+]]:
// CHECK: cp.async.commit_group;
// CHECK: cp.async.commit_group;
// CHECK-NEXT: cp.async.wait_group 4;
// CHECK: bra{{.*}} $L__BB0_[[LOOP]];
// The epilogue drains: 3, 1, 0.
// CHECK: cp.async.commit_group;
// CHECK-NEXT: cp.async.wait_group 3;
// CHECK: cp.async.wait_group 1;
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: cp.async
// CHECK: st.global.b32
