// `--help` lists asyncpipe's Rust passes beside the upstream ones.
// RUN: asyncpipe-opt --help | FileCheck %s
// CHECK: OVERVIEW: asyncpipe modular optimizer driver
// CHECK: --asyncpipe-optimize-waits {{.*}}Remove counting waits that can never block
// CHECK: --convert-nvgpu-to-nvvm
