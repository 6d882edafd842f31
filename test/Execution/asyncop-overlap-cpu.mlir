// Two independent matmuls marked asyncop.wrap (bench/asyncop_overlap.py's
// program at n = 32), wrapped, scheduled (both in flight) and run on the
// async runtime's threads, and with max-in-flight=1, and synchronously:
// each computes the product exactly (largest error 0).
// UNSUPPORTED: plugin
// RUN: python3 %S/../../bench/asyncop_overlap.py --bin %bin/asyncpipe-opt --n 32 --repeat 1 | FileCheck %s
// CHECK: | synchronous (asyncop-wrap, asyncop-unwrap) | 0 |
// CHECK: | async, max-in-flight=1 | 0 |
// CHECK: | async, max-in-flight=2 (both matmuls in flight) | 0 |
