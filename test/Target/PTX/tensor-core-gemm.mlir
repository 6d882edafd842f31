// The tensor-core GEMM (examples/tensor_core_gemm.mlir) in PTX: on sm_80
// and sm_90 its MMAs are ldmatrix (x4 for A, x2.trans for B) and
// mma.sync m16n8k16 with f16 inputs and f32 accumulators, fed by cp.async
// copies waited with exact counts, one bar.sync after each wait; the MMA
// queue leaves no wait (mma.sync completes at issue). Its 128 KiB of tiles
// (4 versions of a 128 x 64 and a 64 x 128 f16 tile) are in dynamic shared
// memory, declared as CUDA does (.extern .shared ... []). ptxas assembles it
// without spills and with one barrier. (On sm_90a the GEMM of
// examples/tensor_core_gemm_tma.mlir uses wgmma: tensor-core-gemm-tma.mlir.)
// REQUIRES: ptxas
// RUN: asyncpipe-opt %examples/tensor_core_gemm.mlir --asyncpipe-software-pipeline --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.sm_80.ptx
// RUN: FileCheck %s --input-file %t.sm_80.ptx
// RUN: %ptxas -arch=sm_80 -v %t.sm_80.ptx -o %t.sm_80.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: asyncpipe-opt %examples/tensor_core_gemm.mlir --asyncpipe-software-pipeline --asyncpipe-to-ptx=chip=sm_90 | %extract-ptx > %t.sm_90.ptx
// RUN: FileCheck %s --input-file %t.sm_90.ptx
// RUN: %ptxas -arch=sm_90 -v %t.sm_90.ptx -o %t.sm_90.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// CHECK: .extern .shared .align 1024 .b8 __dynamic_shmem__0[];
// Prologue: two K steps of copies, no barrier, no MMA.
// CHECK-NOT:  bar.sync
// CHECK-NOT:  mma.sync
// CHECK:      cp.async.cg.shared.global
// CHECK:      cp.async.commit_group;
// CHECK-NOT:  mma.sync
// CHECK:      cp.async.commit_group;
// Steady state: wait for the step two back, barrier, the next copies, then
// four K16 steps of 4 A and 4 B fragment loads and 16 MMAs a warp.
// CHECK:      cp.async.wait_group {{[[:space:]]*}}1;
// CHECK-NEXT: bar.sync {{[[:space:]]*}}0;
// CHECK:      cp.async.commit_group;
// CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// Epilogue: each wait, a barrier, the last MMAs; then the stores of C.
// CHECK:      cp.async.wait_group {{[[:space:]]*}}1;
// CHECK-NEXT: bar.sync {{[[:space:]]*}}0;
// CHECK:      mma.sync.aligned.m16n8k16
// CHECK:      cp.async.wait_group {{[[:space:]]*}}0;
// CHECK-NEXT: bar.sync {{[[:space:]]*}}0;
// CHECK:      mma.sync.aligned.m16n8k16
// CHECK-NOT:  bar.sync
// CHECK-NOT:  cp.async
// CHECK:      st.global.b32
// CHECK-NOT:  ld.local
// CHECK-NOT:  st.local

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: used 1 barriers{{$|, [0-9]+ bytes cmem}}
