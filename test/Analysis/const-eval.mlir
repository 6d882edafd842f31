// The integer evaluator alone (asyncpipe-test-print-const-eval), nothing
// bound: constants in their type's semantics. An i8 addition wraps at 8
// bits; a division by zero is not a value; an argument, a load and
// anything computed from them are not constants.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-const-eval -verify-diagnostics

func.func @f(%n: index, %a: memref<?xf32>, %b: memref<?xindex>) {
  // expected-remark @below {{constant 4}}
  %c4 = arith.constant 4 : index
  // expected-remark @below {{constant 127}}
  %big = arith.constant 127 : i8
  // expected-remark @below {{constant 1}}
  %one = arith.constant 1 : i8
  // expected-remark @below {{constant -128}}
  %wrap = arith.addi %big, %one : i8
  // expected-remark @below {{constant 128}}
  %u = arith.extui %wrap : i8 to i32
  // expected-remark @below {{constant 0}}
  %z = arith.constant 0 : index
  // expected-remark @below {{not a constant}}
  %div = arith.divui %c4, %z : index
  // expected-remark @below {{constant 1}}
  %one_index = arith.constant 1 : index
  // expected-remark @below {{constant 8}}
  %sh = arith.shli %c4, %one_index : index
  // expected-remark @below {{not a constant}}
  %m = arith.muli %n, %c4 : index
  // expected-remark @below {{not a constant}}
  %ld = memref.load %b[%c4] : memref<?xindex>
  return
}
