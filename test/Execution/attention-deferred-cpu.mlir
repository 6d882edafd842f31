// Attention (examples/attention.mlir: the full kernel and the causal one at
// head dim 64, the full one at 128) as
// the pipeliner leaves it and verify-sync proves it, run by
// asyncpipe-lower-deferred against softmax(Q K^T / sqrt(d)) V in f32, with
// copies and MMAs that land as late as the waits allow, that read their
// sources when issued, and that complete at once: the register tiles (S, P,
// O, the row maxima and sums) become arrays the MMAs read and write when
// their groups retire, the math on them loops over their elements.
// RUN: %gpu-kernel-to-cpu %examples/attention.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   | sed -e '/^module {$/d' -e '/^}$/d' > %t.mlir
// RUN: cat %t.mlir %S/Inputs/attention-deferred-main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/deferred-sim.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s < %t.out
// Every wait is needed (attention-deferred-mutants-cpu.mlir, a long test:
// without any one, or with any one allowing one group more in flight,
// verify-sync rejects the program and the model computes another O).
// RUN: asyncpipe-opt %examples/attention.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync 2>&1 >/dev/null | FileCheck %s --allow-empty --check-prefix=BLOCK
// RUN: asyncpipe-opt %examples/attention.mlir --asyncpipe-software-pipeline | sed -e '/gpu.barrier/d' \
// RUN:   | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=NO-BARRIER

// The full kernel, the causal one, the full one at head dim 128; late,
// reads early, early: the largest error, then 1 (within the tolerance,
// 0.001).
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}

// In the kernel (block scope: the pipeliner places the K step's barriers,
// and the causal kernel's trip count, from the block id, is followed over
// cases of the id), verify-sync proves both; without the barriers a tile
// version is overwritten while other threads' MMAs may still read it.
// BLOCK-NOT: error
// NO-BARRIER: error: writes workgroup memory that other threads may still be reading: no barrier since their read
