// A start naming an llvm.func (the dialect allows any callable symbol): the
// lowerings call a start's callee with func.call, which names func.funcs
// only, so they refuse it at the start instead of emitting a call that
// names nothing (a fuzzer finding on test/Dialect/AsyncOp/start-symbol.mlir).
// RUN: asyncpipe-opt %s --verify-diagnostics --asyncop-to-async
// RUN: asyncpipe-opt %s --verify-diagnostics --asyncop-unwrap
func.func @llvm_callee(%p: i64) {
  // expected-error @below {{calls a start's callee with func.call, which names a func.func of the module; this callee is not one (an llvm.func, or missing)}}
  %t = asyncop.start @llvm_sink(%p) : (i64) -> !asyncop.handle<(i64), (), i32>
  asyncop.done %t : (!asyncop.handle<(i64), (), i32>) -> ()
  return
}

llvm.func @llvm_sink(i64)
