// Errors of par.perform_concurrently: only parallel_insert_slice ops inside, only as the terminator of par.foreach_thread, single block.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @non_slice_op(%n: index, %x: f32) {
  par.foreach_thread (%i) in (%n) {
    par.perform_concurrently {
      // expected-error @below {{'arith.addf' op cannot appear in 'par.perform_concurrently', which holds only 'par.parallel_insert_slice' ops}}
      %y = arith.addf %x, %x : f32
    }
  }
  return
}

// -----

// Computation of the inserted value belongs in the body, not in the terminator.
func.func @extract_in_terminator(%n: index, %c: tensor<8xf32>) -> tensor<8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{'tensor.extract_slice' op cannot appear in 'par.perform_concurrently', which holds only 'par.parallel_insert_slice' ops}}
      %s = tensor.extract_slice %c[%i] [2] [1] : tensor<8xf32> to tensor<2xf32>
      par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @outside_foreach_thread() {
  // expected-error @below {{'par.perform_concurrently' op expects parent op 'par.foreach_thread'}}
  par.perform_concurrently {
  }
  return
}

// -----

func.func @in_scf_region(%n: index) {
  par.foreach_thread (%i) in (%n) {
    scf.execute_region {
      // expected-error @below {{'par.perform_concurrently' op expects parent op 'par.foreach_thread'}}
      par.perform_concurrently {
      }
      scf.yield
    }
  }
  return
}

// -----

func.func @not_last(%n: index) {
  par.foreach_thread (%i) in (%n) {
    // expected-error @below {{'par.perform_concurrently' op must be the last operation in the parent block}}
    par.perform_concurrently {
    }
    %c = arith.constant 0 : index
  }
  return
}

// -----

func.func @two_blocks(%n: index) {
  "par.foreach_thread"(%n) ({
  ^bb0(%i: index):
    // expected-error @below {{'par.perform_concurrently' op expects region #0 to have 0 or 1 blocks}}
    "par.perform_concurrently"() ({
    ^bb0:
    ^bb1:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @no_block(%n: index) {
  "par.foreach_thread"(%n) ({
  ^bb0(%i: index):
    // expected-error @below {{'par.perform_concurrently' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
    "par.perform_concurrently"() ({
    }) : () -> ()
  }) : (index) -> ()
  return
}
