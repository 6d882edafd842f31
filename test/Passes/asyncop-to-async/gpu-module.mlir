// A start written in a GPU kernel: the async runtime runs on the host, so
// asyncop-to-async refuses it before anything changes (its async.execute
// became functions outside the gpu.module after async-to-async-runtime:
// IR that did not verify, a fuzzer finding).
// RUN: asyncpipe-opt %s --verify-diagnostics --asyncop-to-async
gpu.module @kernels {
  gpu.func @compute(%x: f32) kernel {
    // expected-error @below {{asyncop-to-async lowers to the host's async runtime, and this asyncop.start is in a gpu.module: lower it with asyncop-unwrap (run in place) or asyncop-to-asyncpipe (a copy on an asyncpipe queue)}}
    %s = asyncop.start (%x) wraps {
    ^bb0(%p: f32):
      %e = math.exp %p : f32
      asyncop.yield %e : f32
    } : (f32) -> !asyncop.handle<(f32), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    gpu.return
  }
}
