// Verifier errors of par.foreach_thread: at least one dimension, mapping size, body arguments, results tied one to one to the inserted slices, thread counts that are constants below 1.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @no_dimension() {
  // expected-error @below {{'par.foreach_thread' op needs at least one thread dimension}}
  par.foreach_thread () in () {
  }
  return
}

// -----

func.func @mapping_too_long(%n: index) {
  // expected-error @below {{'par.foreach_thread' op mapping has 2 entries but the op has 1 thread dimension}}
  par.foreach_thread (%i) in (%n) mapping = [#gpu.thread<x>, #gpu.thread<y>] {
  }
  return
}

// -----

func.func @mapping_too_short(%n: index) {
  // expected-error @below {{'par.foreach_thread' op mapping has 1 entry but the op has 3 thread dimensions}}
  par.foreach_thread (%i, %j, %k) in (%n, %n, %n) mapping = [#gpu.thread<x>] {
  }
  return
}

// -----

func.func @result_without_slice(%n: index) -> tensor<8xf32> {
  // expected-error @below {{'par.foreach_thread' op has 1 result but its perform_concurrently inserts 0 slices; result #n is tied to slice #n}}
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8xf32>) {
  }
  return %r : tensor<8xf32>
}

// -----

func.func @slice_without_result(%n: index, %c: tensor<8xf32>, %s: tensor<2xf32>) {
  // expected-error @below {{'par.foreach_thread' op has 0 results but its perform_concurrently inserts 1 slice; result #n is tied to slice #n}}
  par.foreach_thread (%i) in (%n) {
    par.perform_concurrently {
      par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return
}

// -----

func.func @result_type_mismatch(%n: index, %c: tensor<8xf32>, %s: tensor<2xf32>) -> tensor<?xf32> {
  // expected-error @below {{'par.foreach_thread' op result #0 has type 'tensor<?xf32>' but parallel_insert_slice #0 inserts into 'tensor<8xf32>'}}
  %r = par.foreach_thread (%i) in (%n) -> (tensor<?xf32>) {
    par.perform_concurrently {
      par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<?xf32>
}

// -----

// Result #n is tied to slice #n: swapped result types are rejected.
func.func @results_out_of_order(%n: index, %a: tensor<8xf32>, %b: tensor<4xi32>,
                                %sa: tensor<2xf32>, %sb: tensor<2xi32>) -> (tensor<4xi32>, tensor<8xf32>) {
  // expected-error @below {{'par.foreach_thread' op result #0 has type 'tensor<4xi32>' but parallel_insert_slice #0 inserts into 'tensor<8xf32>'}}
  %r:2 = par.foreach_thread (%i) in (%n) -> (tensor<4xi32>, tensor<8xf32>) {
    par.perform_concurrently {
      par.parallel_insert_slice %sa into %a[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
      par.parallel_insert_slice %sb into %b[%i] [2] [1] : tensor<2xi32> into tensor<4xi32>
    }
  }
  return %r#0, %r#1 : tensor<4xi32>, tensor<8xf32>
}

// -----

func.func @memref_result(%n: index) {
  // expected-error @below {{'par.foreach_thread' op result #0 must be variadic of ranked tensor of any type values, but got 'memref<4xf32>'}}
  par.foreach_thread (%i) in (%n) -> (memref<4xf32>) {
  }
  return
}

// -----

func.func @body_argument_count(%n: index) {
  // expected-error @below {{'par.foreach_thread' op body must take 1 index arguments, one thread id per dimension}}
  "par.foreach_thread"(%n) ({
  ^bb0(%i: index, %j: index):
    "par.perform_concurrently"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @body_argument_type(%n: index, %m: index) {
  // expected-error @below {{'par.foreach_thread' op body must take 2 index arguments, one thread id per dimension}}
  "par.foreach_thread"(%n, %m) ({
  ^bb0(%i: index, %j: i32):
    "par.perform_concurrently"() ({
    ^bb0:
    }) : () -> ()
  }) : (index, index) -> ()
  return
}

// -----

func.func @i32_count_generic(%n: i32) {
  // expected-error @below {{'par.foreach_thread' op operand #0 must be variadic of index, but got 'i32'}}
  "par.foreach_thread"(%n) ({
  ^bb0(%i: index):
    "par.perform_concurrently"() ({
    ^bb0:
    }) : () -> ()
  }) : (i32) -> ()
  return
}

// -----

func.func @wrong_terminator(%n: index) {
  // expected-error @below {{'par.foreach_thread' op expects regions to end with 'par.perform_concurrently', found 'llvm.unreachable'}}
  // expected-note @below {{in custom textual format, the absence of terminator implies 'par.perform_concurrently'}}
  "par.foreach_thread"(%n) ({
  ^bb0(%i: index):
    "llvm.unreachable"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @zero_threads() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-error @below {{'par.foreach_thread' op thread count #1 is 0; every dimension needs at least one thread}}
  par.foreach_thread (%i, %j) in (%c4, %c0) {
  }
  return
}

// -----

func.func @negative_threads() {
  %c-2 = arith.constant -2 : index
  // expected-error @below {{'par.foreach_thread' op thread count #0 is -2; every dimension needs at least one thread}}
  par.foreach_thread (%i) in (%c-2) {
  }
  return
}
