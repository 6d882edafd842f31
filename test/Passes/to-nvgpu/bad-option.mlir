// RUN: not asyncpipe-opt %s --asyncpipe-to-nvgpu=max-copy-bytes=12 2>&1 | FileCheck %s
// CHECK: error: max-copy-bytes must be 4, 8 or 16, not 12
module {}
// RUN: not asyncpipe-opt %s --asyncpipe-to-nvgpu=bulk-queues=0,x 2>&1 | FileCheck %s --check-prefix=QUEUES
// QUEUES: error: invalid value '0,x' for pass option 'bulk-queues': expected queue numbers such as 0,1
// RUN: not asyncpipe-opt %s --asyncpipe-to-nvgpu=bulk-queues=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: invalid value '-1' for pass option 'bulk-queues'
