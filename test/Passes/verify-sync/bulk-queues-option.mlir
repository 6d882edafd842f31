// Option bulk-queues takes queue numbers; anything else is an error at the
// module, in every pass that takes it.
// RUN: not asyncpipe-opt %s --asyncpipe-verify-sync=bulk-queues=0,x 2>&1 | FileCheck %s
// RUN: not asyncpipe-opt %s --asyncpipe-place-barriers=bulk-queues=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not asyncpipe-opt %s --asyncpipe-eliminate-barriers=bulk-queues=a 2>&1 | FileCheck %s --check-prefix=LETTER
// RUN: not asyncpipe-opt %s --asyncpipe-software-pipeline=bulk-queues=1.5 2>&1 | FileCheck %s --check-prefix=FRACTION
// CHECK: bulk-queues-option.mlir:[[# @LINE + 4]]:1: error: invalid value '0,x' for pass option 'bulk-queues': expected queue numbers such as 0,1
// NEGATIVE: error: invalid value '-1' for pass option 'bulk-queues': expected queue numbers such as 0,1
// LETTER: error: invalid value 'a' for pass option 'bulk-queues': expected queue numbers such as 0,1
// FRACTION: error: invalid value '1.5' for pass option 'bulk-queues': expected queue numbers such as 0,1
module {
}
