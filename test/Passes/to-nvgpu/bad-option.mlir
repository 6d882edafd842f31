// RUN: not asyncpipe-opt %s --asyncpipe-to-nvgpu=max-copy-bytes=12 2>&1 | FileCheck %s
// CHECK: error: max-copy-bytes must be 4, 8 or 16, not 12
module {}
