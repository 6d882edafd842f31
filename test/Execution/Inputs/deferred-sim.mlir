// The runtime of asyncpipe-lower-deferred: asyncpipe's async copies and
// MMAs on the CPU, completing as late as the waits allow.
//
// asyncpipe-lower-deferred turns each counting-form async op into a call
// that records it on its queue (@deferred_sim_copy: one contiguous row of a
// copy; @deferred_sim_mma: a tile multiply-accumulate), each commit into
// @deferred_sim_commit and each wait into @deferred_sim_wait, which performs
// the queue's retired groups in issue order. A test picks when an async op
// touches memory with @deferred_sim_configure before it runs the program:
//   0 ("late"): an op reads and writes when a wait retires its group: a
//     write into a buffer it still reads (no wait between) spoils its input,
//     and a read of what it writes, not ordered after the wait, sees stale
//     data;
//   1 ("reads early"): an op reads its sources when issued (a snapshot) and
//     writes when its group is retired: a read of what another async op has
//     not written yet (its group not waited for) sees stale data, though
//     that op's own group may be retired by the time this one's is;
//   2 ("early"): an op completes when issued.
// Each is an execution the hardware allows (an MMA's reads happen between
// its issue and its completion, and MMAs of one queue into one accumulator
// happen in order), so a correctly synchronized program computes the same
// in all three. Misuse of the model prints a message and exits with 1: a
// table or snapshot arena that overflows, a queue number past the model's.

llvm.func @puts(!llvm.ptr) -> i32
llvm.func @exit(i32)

llvm.mlir.global internal constant @deferred_sim_message_room("deferred-sim: too many async ops in flight (65536)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @deferred_sim_message_arena("deferred-sim: the snapshots of ops in flight exceed the arena (16 MiB)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @deferred_sim_message_queue("deferred-sim: a queue number past the model's (64 queues)\00") {addr_space = 0 : i32}

// Prints `message` and exits with 1 unless `ok`.
func.func private @deferred_sim_check(%ok: i1, %message: !llvm.ptr) {
  %true = arith.constant true
  %failed = arith.xori %ok, %true : i1
  scf.if %failed {
    %0 = llvm.call @puts(%message) : (!llvm.ptr) -> i32
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.call @exit(%one) : (i32) -> ()
  }
  return
}

// [landing, snapshot bytes in use]
memref.global "private" @deferred_sim_config : memref<2xindex> = dense<0>
// Groups each queue has committed.
memref.global "private" @deferred_sim_committed : memref<64xindex> = dense<0>
// Async ops in flight, in issue order: [queue, group, kind, p0 .. p8];
// kind 0, a row copy: p0 dst, p1 src, p2 bytes; kind 1, an MMA: p0 element
// types, p1 a, p2 lda, p3 b, p4 ldb, p5 acc, p6 ldacc, p7 m, p8 n, and k in
// column 12.
memref.global "private" @deferred_sim_pending : memref<65536x13xindex> = uninitialized
memref.global "private" @deferred_sim_count : memref<1xindex> = dense<0>
// Snapshots of sources read early.
memref.global "private" @deferred_sim_arena : memref<16777216xi8> = uninitialized

// Starts a run: nothing in flight, no group committed, `landing` as above.
func.func @deferred_sim_configure(%landing: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %config = memref.get_global @deferred_sim_config : memref<2xindex>
  memref.store %landing, %config[%c0] : memref<2xindex>
  memref.store %c0, %config[%c1] : memref<2xindex>
  %count = memref.get_global @deferred_sim_count : memref<1xindex>
  memref.store %c0, %count[%c0] : memref<1xindex>
  %committed = memref.get_global @deferred_sim_committed : memref<64xindex>
  scf.for %q = %c0 to %c64 step %c1 {
    memref.store %c0, %committed[%q] : memref<64xindex>
  }
  return
}

func.func private @deferred_sim_landing() -> index {
  %c0 = arith.constant 0 : index
  %config = memref.get_global @deferred_sim_config : memref<2xindex>
  %landing = memref.load %config[%c0] : memref<2xindex>
  return %landing : index
}

func.func private @deferred_sim_pointer(%at: index) -> !llvm.ptr {
  %i = arith.index_cast %at : index to i64
  %p = llvm.inttoptr %i : i64 to !llvm.ptr
  return %p : !llvm.ptr
}

// `bytes` zero bytes at `at` (a new accumulator).
func.func @deferred_sim_zero(%at: index, %bytes: index) {
  %p = func.call @deferred_sim_pointer(%at) : (index) -> !llvm.ptr
  %zero = llvm.mlir.constant(0 : i8) : i8
  %n = arith.index_cast %bytes : index to i64
  "llvm.intr.memset"(%p, %zero, %n) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  return
}

func.func private @deferred_sim_memcpy(%dst: index, %src: index, %bytes: index) {
  %d = func.call @deferred_sim_pointer(%dst) : (index) -> !llvm.ptr
  %s = func.call @deferred_sim_pointer(%src) : (index) -> !llvm.ptr
  %n = arith.index_cast %bytes : index to i64
  "llvm.intr.memcpy"(%d, %s, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  return
}

// Copies `rows` rows of `bytes` bytes, `stride` bytes apart, from `src` into
// the snapshot arena, and returns where they start (rows `bytes` apart).
func.func private @deferred_sim_snapshot(%src: index, %rows: index, %bytes: index, %stride: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %config = memref.get_global @deferred_sim_config : memref<2xindex>
  %used = memref.load %config[%c1] : memref<2xindex>
  %size = arith.muli %rows, %bytes : index
  %end = arith.addi %used, %size : index
  %limit = arith.constant 16777216 : index
  %fits = arith.cmpi ule, %end, %limit : index
  %msg = llvm.mlir.addressof @deferred_sim_message_arena : !llvm.ptr
  func.call @deferred_sim_check(%fits, %msg) : (i1, !llvm.ptr) -> ()
  memref.store %end, %config[%c1] : memref<2xindex>
  %arena = memref.get_global @deferred_sim_arena : memref<16777216xi8>
  %base = memref.extract_aligned_pointer_as_index %arena : memref<16777216xi8> -> index
  %at = arith.addi %base, %used : index
  scf.for %r = %c0 to %rows step %c1 {
    %from_offset = arith.muli %r, %stride : index
    %from = arith.addi %src, %from_offset : index
    %to_offset = arith.muli %r, %bytes : index
    %to = arith.addi %at, %to_offset : index
    func.call @deferred_sim_memcpy(%to, %from, %bytes) : (index, index, index) -> ()
  }
  return %at : index
}

// A new entry of the table, for queue `queue`'s open group; returns its row.
func.func private @deferred_sim_record(%queue: index, %kind: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %known = arith.cmpi ult, %queue, %c64 : index
  %qmsg = llvm.mlir.addressof @deferred_sim_message_queue : !llvm.ptr
  func.call @deferred_sim_check(%known, %qmsg) : (i1, !llvm.ptr) -> ()
  %pending = memref.get_global @deferred_sim_pending : memref<65536x13xindex>
  %count = memref.get_global @deferred_sim_count : memref<1xindex>
  %n = memref.load %count[%c0] : memref<1xindex>
  %limit = arith.constant 65536 : index
  %room = arith.cmpi ult, %n, %limit : index
  %msg = llvm.mlir.addressof @deferred_sim_message_room : !llvm.ptr
  func.call @deferred_sim_check(%room, %msg) : (i1, !llvm.ptr) -> ()
  %committed = memref.get_global @deferred_sim_committed : memref<64xindex>
  %group = memref.load %committed[%queue] : memref<64xindex>
  memref.store %queue, %pending[%n, %c0] : memref<65536x13xindex>
  memref.store %group, %pending[%n, %c1] : memref<65536x13xindex>
  memref.store %kind, %pending[%n, %c2] : memref<65536x13xindex>
  %next = arith.addi %n, %c1 : index
  memref.store %next, %count[%c0] : memref<1xindex>
  return %n : index
}

// A row copy of `bytes` bytes from `src` to `dst` on queue `queue`.
func.func @deferred_sim_copy(%queue: index, %dst: index, %src: index, %bytes: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %landing = func.call @deferred_sim_landing() : () -> index
  %now = arith.cmpi eq, %landing, %c2 : index
  scf.if %now {
    func.call @deferred_sim_memcpy(%dst, %src, %bytes) : (index, index, index) -> ()
  } else {
    %snapshot = arith.cmpi eq, %landing, %c1 : index
    %from = scf.if %snapshot -> (index) {
      %at = func.call @deferred_sim_snapshot(%src, %c1, %bytes, %bytes) : (index, index, index, index) -> index
      scf.yield %at : index
    } else {
      scf.yield %src : index
    }
    %kind = arith.constant 0 : index
    %row = func.call @deferred_sim_record(%queue, %kind) : (index, index) -> index
    %pending = memref.get_global @deferred_sim_pending : memref<65536x13xindex>
    memref.store %dst, %pending[%row, %c3] : memref<65536x13xindex>
    memref.store %from, %pending[%row, %c4] : memref<65536x13xindex>
    memref.store %bytes, %pending[%row, %c5] : memref<65536x13xindex>
  }
  return
}

// Element types of an MMA (`types`): 0 f16 into f32, 1 bf16 into f32, 2 f32
// into f32, 3 f16 into f16; plus 4 when b is stored N x K (transpose_b).
// The inputs' element size in bytes.
func.func private @deferred_sim_input_bytes(%types_b: index) -> index {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %types = arith.remui %types_b, %c4 : index
  %f32 = arith.cmpi eq, %types, %c2 : index
  %bytes = arith.select %f32, %c4, %c2 : index
  return %bytes : index
}

// Input element `i` of a tile at `at` (types as above), as f32.
func.func private @deferred_sim_input(%types_b: index, %at: index) -> f32 {
  %c4 = arith.constant 4 : index
  %types = arith.remui %types_b, %c4 : index
  %p = func.call @deferred_sim_pointer(%at) : (index) -> !llvm.ptr
  %v = scf.index_switch %types -> f32
  case 1 {
    %h = llvm.load %p : !llvm.ptr -> bf16
    %x = arith.extf %h : bf16 to f32
    scf.yield %x : f32
  }
  case 2 {
    %x = llvm.load %p : !llvm.ptr -> f32
    scf.yield %x : f32
  }
  default {
    %h = llvm.load %p : !llvm.ptr -> f16
    %x = arith.extf %h : f16 to f32
    scf.yield %x : f32
  }
  return %v : f32
}

// acc[m x n] += a[m x k] * b[k x n] (row strides lda, ldb, ldacc elements;
// b stored n x k when `types` says transpose_b), now, one product at a time
// in k order, as linalg.matmul adds them.
func.func @deferred_sim_mma_now(%types: index, %a: index, %lda: index, %b: index, %ldb: index, %acc: index, %ldacc: index, %m: index, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %in = func.call @deferred_sim_input_bytes(%types) : (index) -> index
  %transposed = arith.cmpi uge, %types, %c4 : index
  // b[kk][j] is at kk * sk + j * sj elements.
  %sk = arith.select %transposed, %c1, %ldb : index
  %sj = arith.select %transposed, %ldb, %c1 : index
  %base = arith.remui %types, %c4 : index
  %half = arith.cmpi eq, %base, %c3 : index
  %out = arith.select %half, %c2, %c4 : index
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %ci = arith.muli %i, %ldacc : index
      %cij = arith.addi %ci, %j : index
      %coff = arith.muli %cij, %out : index
      %cat = arith.addi %acc, %coff : index
      %cp = func.call @deferred_sim_pointer(%cat) : (index) -> !llvm.ptr
      scf.if %half {
        %s0 = llvm.load %cp : !llvm.ptr -> f16
        %s = scf.for %kk = %c0 to %k step %c1 iter_args(%s = %s0) -> (f16) {
          %ai = arith.muli %i, %lda : index
          %aik = arith.addi %ai, %kk : index
          %aoff = arith.muli %aik, %in : index
          %aat = arith.addi %a, %aoff : index
          %bk = arith.muli %kk, %sk : index
          %bj = arith.muli %j, %sj : index
          %bkj = arith.addi %bk, %bj : index
          %boff = arith.muli %bkj, %in : index
          %bat = arith.addi %b, %boff : index
          %x = func.call @deferred_sim_input(%types, %aat) : (index, index) -> f32
          %y = func.call @deferred_sim_input(%types, %bat) : (index, index) -> f32
          %x16 = arith.truncf %x : f32 to f16
          %y16 = arith.truncf %y : f32 to f16
          %p = arith.mulf %x16, %y16 : f16
          %t = arith.addf %s, %p : f16
          scf.yield %t : f16
        }
        llvm.store %s, %cp : f16, !llvm.ptr
      } else {
        %s0 = llvm.load %cp : !llvm.ptr -> f32
        %s = scf.for %kk = %c0 to %k step %c1 iter_args(%s = %s0) -> (f32) {
          %ai = arith.muli %i, %lda : index
          %aik = arith.addi %ai, %kk : index
          %aoff = arith.muli %aik, %in : index
          %aat = arith.addi %a, %aoff : index
          %bk = arith.muli %kk, %sk : index
          %bj = arith.muli %j, %sj : index
          %bkj = arith.addi %bk, %bj : index
          %boff = arith.muli %bkj, %in : index
          %bat = arith.addi %b, %boff : index
          %x = func.call @deferred_sim_input(%types, %aat) : (index, index) -> f32
          %y = func.call @deferred_sim_input(%types, %bat) : (index, index) -> f32
          %p = arith.mulf %x, %y : f32
          %t = arith.addf %s, %p : f32
          scf.yield %t : f32
        }
        llvm.store %s, %cp : f32, !llvm.ptr
      }
    }
  }
  return
}

// An MMA on queue `queue` (arguments as @deferred_sim_mma_now).
func.func @deferred_sim_mma(%queue: index, %types: index, %a: index, %lda: index, %b: index, %ldb: index, %acc: index, %ldacc: index, %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %landing = func.call @deferred_sim_landing() : () -> index
  %now = arith.cmpi eq, %landing, %c2 : index
  scf.if %now {
    func.call @deferred_sim_mma_now(%types, %a, %lda, %b, %ldb, %acc, %ldacc, %m, %n, %k) : (index, index, index, index, index, index, index, index, index, index) -> ()
  } else {
    %in = func.call @deferred_sim_input_bytes(%types) : (index) -> index
    %snapshot = arith.cmpi eq, %landing, %c1 : index
    %from:4 = scf.if %snapshot -> (index, index, index, index) {
      %abytes = arith.muli %k, %in : index
      %astride = arith.muli %lda, %in : index
      %sa = func.call @deferred_sim_snapshot(%a, %m, %abytes, %astride) : (index, index, index, index) -> index
      // b's rows: k of n elements, or n of k when transposed; the
      // snapshot's row stride is a row's length.
      %c4s = arith.constant 4 : index
      %transposed = arith.cmpi uge, %types, %c4s : index
      %brows = arith.select %transposed, %n, %k : index
      %bcols = arith.select %transposed, %k, %n : index
      %bbytes = arith.muli %bcols, %in : index
      %bstride = arith.muli %ldb, %in : index
      %sb = func.call @deferred_sim_snapshot(%b, %brows, %bbytes, %bstride) : (index, index, index, index) -> index
      scf.yield %sa, %k, %sb, %bcols : index, index, index, index
    } else {
      scf.yield %a, %lda, %b, %ldb : index, index, index, index
    }
    %kind = arith.constant 1 : index
    %row = func.call @deferred_sim_record(%queue, %kind) : (index, index) -> index
    %pending = memref.get_global @deferred_sim_pending : memref<65536x13xindex>
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    memref.store %types, %pending[%row, %c3] : memref<65536x13xindex>
    memref.store %from#0, %pending[%row, %c4] : memref<65536x13xindex>
    memref.store %from#1, %pending[%row, %c5] : memref<65536x13xindex>
    memref.store %from#2, %pending[%row, %c6] : memref<65536x13xindex>
    memref.store %from#3, %pending[%row, %c7] : memref<65536x13xindex>
    memref.store %acc, %pending[%row, %c8] : memref<65536x13xindex>
    memref.store %ldacc, %pending[%row, %c9] : memref<65536x13xindex>
    memref.store %m, %pending[%row, %c10] : memref<65536x13xindex>
    memref.store %n, %pending[%row, %c11] : memref<65536x13xindex>
    memref.store %k, %pending[%row, %c12] : memref<65536x13xindex>
  }
  return
}

// Queue `queue` closes its open group.
func.func @deferred_sim_commit(%queue: index) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %known = arith.cmpi ult, %queue, %c64 : index
  %qmsg = llvm.mlir.addressof @deferred_sim_message_queue : !llvm.ptr
  func.call @deferred_sim_check(%known, %qmsg) : (i1, !llvm.ptr) -> ()
  %committed = memref.get_global @deferred_sim_committed : memref<64xindex>
  %g = memref.load %committed[%queue] : memref<64xindex>
  %g1 = arith.addi %g, %c1 : index
  memref.store %g1, %committed[%queue] : memref<64xindex>
  return
}

// A wait for at most `allowed` groups in flight on `queue`: the queue's
// committed groups but the newest `allowed` complete, in issue order. An
// `allowed` below 0 waits as 0 does (asyncpipe.wait_queue's semantics).
func.func @deferred_sim_wait(%queue: index, %given: index) {
  %c0 = arith.constant 0 : index
  %below = arith.cmpi slt, %given, %c0 : index
  %allowed = arith.select %below, %c0, %given : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c13 = arith.constant 13 : index
  %c64 = arith.constant 64 : index
  %known = arith.cmpi ult, %queue, %c64 : index
  %qmsg = llvm.mlir.addressof @deferred_sim_message_queue : !llvm.ptr
  func.call @deferred_sim_check(%known, %qmsg) : (i1, !llvm.ptr) -> ()
  %committed = memref.get_global @deferred_sim_committed : memref<64xindex>
  %g = memref.load %committed[%queue] : memref<64xindex>
  %enough = arith.cmpi uge, %g, %allowed : index
  %diff = arith.subi %g, %allowed : index
  %done = arith.select %enough, %diff, %c0 : index
  %pending = memref.get_global @deferred_sim_pending : memref<65536x13xindex>
  %count = memref.get_global @deferred_sim_count : memref<1xindex>
  %n = memref.load %count[%c0] : memref<1xindex>
  %kept = scf.for %i = %c0 to %n step %c1 iter_args(%j = %c0) -> (index) {
    %q = memref.load %pending[%i, %c0] : memref<65536x13xindex>
    %grp = memref.load %pending[%i, %c1] : memref<65536x13xindex>
    %mine = arith.cmpi eq, %q, %queue : index
    %old = arith.cmpi ult, %grp, %done : index
    %lands = arith.andi %mine, %old : i1
    %next = scf.if %lands -> (index) {
      func.call @deferred_sim_land(%i) : (index) -> ()
      scf.yield %j : index
    } else {
      scf.for %f = %c0 to %c13 step %c1 {
        %v = memref.load %pending[%i, %f] : memref<65536x13xindex>
        memref.store %v, %pending[%j, %f] : memref<65536x13xindex>
      }
      %j1 = arith.addi %j, %c1 : index
      scf.yield %j1 : index
    }
    scf.yield %next : index
  }
  memref.store %kept, %count[%c0] : memref<1xindex>
  // With nothing in flight, no snapshot is needed any more.
  %empty = arith.cmpi eq, %kept, %c0 : index
  scf.if %empty {
    %config = memref.get_global @deferred_sim_config : memref<2xindex>
    memref.store %c0, %config[%c1] : memref<2xindex>
  }
  return
}

// Entry `row` of the table completes.
func.func private @deferred_sim_land(%row: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %pending = memref.get_global @deferred_sim_pending : memref<65536x13xindex>
  %kind = memref.load %pending[%row, %c2] : memref<65536x13xindex>
  %p0 = memref.load %pending[%row, %c3] : memref<65536x13xindex>
  %p1 = memref.load %pending[%row, %c4] : memref<65536x13xindex>
  %p2 = memref.load %pending[%row, %c5] : memref<65536x13xindex>
  %c0 = arith.constant 0 : index
  %copy = arith.cmpi eq, %kind, %c0 : index
  scf.if %copy {
    func.call @deferred_sim_memcpy(%p0, %p1, %p2) : (index, index, index) -> ()
  } else {
    %p3 = memref.load %pending[%row, %c6] : memref<65536x13xindex>
    %p4 = memref.load %pending[%row, %c7] : memref<65536x13xindex>
    %p5 = memref.load %pending[%row, %c8] : memref<65536x13xindex>
    %p6 = memref.load %pending[%row, %c9] : memref<65536x13xindex>
    %p7 = memref.load %pending[%row, %c10] : memref<65536x13xindex>
    %p8 = memref.load %pending[%row, %c11] : memref<65536x13xindex>
    %k = memref.load %pending[%row, %c12] : memref<65536x13xindex>
    func.call @deferred_sim_mma_now(%p0, %p1, %p2, %p3, %p4, %p5, %p6, %p7, %p8, %k) : (index, index, index, index, index, index, index, index, index, index) -> ()
  }
  return
}
