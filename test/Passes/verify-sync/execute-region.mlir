// scf.execute_region runs its region once, in control-flow order: it is no
// loop. It was analyzed as one (an op the analysis did not model: its region
// any number of times), so a read before a copy in its body met that copy
// from a "previous run" and was reported (a fuzzer's false alarm, seed 4000
// execution 218). Its results are what its exit block yields: a group
// passed out of it is waited on outside.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics

// The read comes before the copy: proven (was: "may still be writing").
func.func @read_then_copy(%a: memref<2xi8>, %b: memref<2xi8, 3>) -> i8 {
  %c0 = arith.constant 0 : index
  %v = scf.execute_region -> i8 {
    %l = memref.load %b[%c0] : memref<2xi8, 3>
    asyncpipe.copy %a, %b queue 1 : memref<2xi8> to memref<2xi8, 3>
    asyncpipe.commit 1
    scf.yield %l : i8
  }
  asyncpipe.wait_queue 1, 0
  return %v : i8
}

// -----

// The same in blocks (a CFG in the region): proven.
func.func @read_then_copy_blocks(%a: memref<2xi8>, %b: memref<2xi8, 3>, %p: i1) {
  %c0 = arith.constant 0 : index
  scf.execute_region {
    %l = memref.load %b[%c0] : memref<2xi8, 3>
    cf.cond_br %p, ^bb1, ^bb1
  ^bb1:
    asyncpipe.copy %a, %b queue 1 : memref<2xi8> to memref<2xi8, 3>
    cf.br ^bb2
  ^bb2:
    asyncpipe.commit 1
    scf.yield
  }
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// A read after the copy in the region, with no wait: reported.
func.func @copy_then_read(%a: memref<2xi8>, %b: memref<2xi8, 3>) -> i8 {
  %c0 = arith.constant 0 : index
  %v = scf.execute_region -> i8 {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %a, %b queue 1 : memref<2xi8> to memref<2xi8, 3>
    asyncpipe.commit 1
    // expected-error @below {{may still be writing}}
    %l = memref.load %b[%c0] : memref<2xi8, 3>
    scf.yield %l : i8
  }
  asyncpipe.wait_queue 1, 0
  return %v : i8
}

// -----

// Token form: the group the region yields is the one its result names; the
// wait on the result completes the copy.
func.func @group_result(%a: memref<2xi8>, %b: memref<2xi8, 3>) -> i8 {
  %c0 = arith.constant 0 : index
  %g = scf.execute_region -> !asyncpipe.group {
    %t = asyncpipe.copy %a, %b : memref<2xi8> to memref<2xi8, 3> -> !asyncpipe.token
    %g0 = asyncpipe.commit_group queue 1 (%t)
    scf.yield %g0 : !asyncpipe.group
  }
  asyncpipe.wait %g
  %l = memref.load %b[%c0] : memref<2xi8, 3>
  return %l : i8
}

// -----

// Two exit blocks yield different groups: the result is either, so a wait
// on it proves nothing about the other copy.
func.func @group_result_two_exits(%a: memref<2xi8>, %b: memref<2xi8, 3>, %c: memref<2xi8, 3>, %p: i1) -> i8 {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the asynchronous write}}
  %t1 = asyncpipe.copy %a, %c : memref<2xi8> to memref<2xi8, 3> -> !asyncpipe.token
  %g1 = asyncpipe.commit_group queue 1 (%t1)
  %t2 = asyncpipe.copy %a, %b : memref<2xi8> to memref<2xi8, 3> -> !asyncpipe.token
  %g2 = asyncpipe.commit_group queue 2 (%t2)
  %g = scf.execute_region -> !asyncpipe.group {
    cf.cond_br %p, ^bb1, ^bb2
  ^bb1:
    scf.yield %g1 : !asyncpipe.group
  ^bb2:
    scf.yield %g2 : !asyncpipe.group
  }
  asyncpipe.wait %g
  asyncpipe.wait %g2
  // expected-error @below {{may still be writing}}
  %l = memref.load %c[%c0] : memref<2xi8, 3>
  return %l : i8
}

// -----

// The same with the exits swapped: whichever group the result names, the
// other copy is still in flight.
func.func @group_result_two_exits_swapped(%a: memref<2xi8>, %b: memref<2xi8, 3>, %c: memref<2xi8, 3>, %p: i1) -> i8 {
  %c0 = arith.constant 0 : index
  %t1 = asyncpipe.copy %a, %c : memref<2xi8> to memref<2xi8, 3> -> !asyncpipe.token
  %g1 = asyncpipe.commit_group queue 1 (%t1)
  // expected-note @below {{the asynchronous write}}
  %t2 = asyncpipe.copy %a, %b : memref<2xi8> to memref<2xi8, 3> -> !asyncpipe.token
  %g2 = asyncpipe.commit_group queue 2 (%t2)
  %g = scf.execute_region -> !asyncpipe.group {
    cf.cond_br %p, ^bb1, ^bb2
  ^bb1:
    scf.yield %g1 : !asyncpipe.group
  ^bb2:
    scf.yield %g2 : !asyncpipe.group
  }
  asyncpipe.wait %g
  asyncpipe.wait %g1
  // expected-error @below {{may still be writing}}
  %l = memref.load %b[%c0] : memref<2xi8, 3>
  return %l : i8
}
