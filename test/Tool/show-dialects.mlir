// Every upstream dialect and asyncpipe's three are registered.
// RUN: asyncpipe-opt --show-dialects | FileCheck %s
// CHECK: Available Dialects:
// CHECK-SAME: asyncop
// CHECK-SAME: asyncpipe
// CHECK-SAME: nvgpu
// CHECK-SAME: par
// CHECK-SAME: scf
