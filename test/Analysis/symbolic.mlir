// The symbolic layer alone (asyncpipe-test-print-symbolic): integers as
// affine forms in the function's integer arguments, with their range over
// every value of the arguments. A form that could leave its type's range
// is not affine (the evaluator wraps): 4 * an index argument, or an i32
// sum of two i32 arguments, get no form.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-symbolic -verify-diagnostics

func.func @f(%k: i32, %n: index) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{form 0 + 1*argument 0, range [-2147483648, 2147483647]}}
  %kk = arith.index_cast %k : i32 to index
  // expected-remark @below {{form 0 + 4*argument 0, range [-8589934592, 8589934588]}}
  %m = arith.muli %kk, %c4 : index
  // expected-remark @below {{form 3 + 4*argument 0, range [-8589934589, 8589934591]}}
  %p = arith.addi %m, %c3 : index
  // expected-remark @below {{form 3 + 3*argument 0, range [-6442450941, 6442450944]}}
  %q = arith.subi %p, %kk : index
  %w = arith.muli %n, %c4 : index
  %k2 = arith.addi %k, %k : i32
  return
}
