// token -> count -> token -> count gives the same counting form as token ->
// count: the recovered token form waits for the same groups, up to FIFO order
// (waiting for a group also completes the older groups of its queue).
// RUN: asyncpipe-opt %S/../token-to-count/interleaved.mlir --asyncpipe-token-to-count 2>/dev/null > %t.a
// RUN: asyncpipe-opt %t.a --asyncpipe-count-to-token --asyncpipe-token-to-count 2>/dev/null | diff %t.a -
// RUN: asyncpipe-opt %S/../token-to-count/three-stage.mlir --asyncpipe-token-to-count 2>/dev/null > %t.b
// RUN: asyncpipe-opt %t.b --asyncpipe-count-to-token --asyncpipe-token-to-count 2>/dev/null | diff %t.b -
// RUN: asyncpipe-opt %S/../token-to-count/straight-line.mlir --asyncpipe-token-to-count 2>/dev/null > %t.c
// RUN: asyncpipe-opt %t.c --asyncpipe-count-to-token --asyncpipe-token-to-count 2>/dev/null | diff %t.c -
// RUN: asyncpipe-opt %S/../token-to-count/iteration-conditions.mlir --asyncpipe-token-to-count 2>/dev/null > %t.d
// RUN: asyncpipe-opt %t.d --asyncpipe-count-to-token --asyncpipe-token-to-count 2>/dev/null | diff %t.d -
// RUN: asyncpipe-opt %S/../token-to-count/counting-form.mlir --asyncpipe-token-to-count 2>/dev/null > %t.e
// RUN: asyncpipe-opt %t.e --asyncpipe-count-to-token --asyncpipe-token-to-count 2>/dev/null | diff %t.e -
// RUN: asyncpipe-opt %S/../token-to-count/gemm-4x-buffered.mlir --asyncpipe-token-to-count 2>/dev/null > %t.f
// RUN: asyncpipe-opt %t.f --asyncpipe-count-to-token --asyncpipe-token-to-count 2>/dev/null | diff %t.f -
// And the canonical token form is a fixed point of count -> token.
// RUN: asyncpipe-opt %t.f --asyncpipe-count-to-token 2>/dev/null > %t.g
// RUN: asyncpipe-opt %t.g --asyncpipe-token-to-count --asyncpipe-count-to-token 2>/dev/null | diff %t.g -
