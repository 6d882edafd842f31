// par-to-gpu's kernels through asyncpipe-to-ptx, for sm_80 and sm_90, and
// ptxas: the flattened kernel (block-size 128, a bounds check), a mapped
// one (blocks on x, a 2-D block of threads on y and x), the tiled matmul,
// and the cooperative rows kernel.
// REQUIRES: ptxas
// RUN: asyncpipe-opt %S/../../Passes/par-to-gpu/lower.mlir --par-to-gpu --convert-linalg-to-loops --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.80.ptx
// RUN: %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin
// RUN: FileCheck %s --input-file %t.80.ptx
// RUN: asyncpipe-opt %S/../../Passes/par-to-gpu/lower.mlir --par-to-gpu --convert-linalg-to-loops --asyncpipe-to-ptx=chip=sm_90 | %extract-ptx > %t.90.ptx
// RUN: %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin
// RUN: FileCheck %s --input-file %t.90.ptx
// RUN: asyncpipe-opt %S/../../Execution/par-matmul-2d-cpu.mlir --par-to-gpu --convert-linalg-to-loops --asyncpipe-to-ptx=chip=sm_90 | %extract-ptx > %t.matmul.ptx
// RUN: %ptxas -arch=sm_90 %t.matmul.ptx -o %t.matmul.cubin
// The block-mapped op with thread-mapped ones inside: a workgroup tile,
// cp.async copies, their wait and one bar.sync between the two inner ops.
// RUN: asyncpipe-opt %S/../../Passes/par-to-gpu/block-threads.mlir --par-to-gpu --asyncpipe-eliminate-barriers --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.rows.ptx
// RUN: %ptxas -arch=sm_80 %t.rows.ptx -o %t.rows.cubin
// RUN: FileCheck %s --input-file %t.rows.ptx --check-prefix=ROWS
// ROWS: .entry rows_par_kernel_0(
// ROWS: .shared .align {{[0-9]+}} .b8 {{.*}}[1024]
// ROWS: cp.async.cg.shared.global
// ROWS: cp.async.wait_group 0
// ROWS: bar.sync 0
// ROWS-NOT: bar.sync
// CHECK: .entry flattened_par_kernel_0(
// CHECK: .maxntid 128, 1, 1
// CHECK: mov.u32 {{.*}}%ctaid.x
// CHECK: mov.u32 {{.*}}%tid.x
// CHECK: setp.{{.*}}
// CHECK: .entry mapped_par_kernel_1(
// CHECK: .maxntid 32, 8, 1
// CHECK-DAG: %tid.y
// CHECK-DAG: %tid.x
// CHECK-DAG: %ctaid.x
