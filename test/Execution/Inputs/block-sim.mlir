// The runtime of asyncpipe-lower-block: one thread block of a GPU kernel run
// on the CPU, its threads one at a time between barriers, in an order chosen
// per phase, with cp.async copies that land as late as the waits allow (or
// at once).
//
// asyncpipe-lower-block turns a kernel into a driver that calls
// @block_sim_phase at every barrier, then runs thread @block_sim_thread(k)
// for k = 0, 1, ... until it reaches the next barrier; its cp.async ops
// become calls of @block_sim_cp_async / @block_sim_commit / @block_sim_wait.
// A test picks the schedule with @block_sim_configure before it runs the
// blocks:
//   order 0: threads 0, 1, ..., n-1 in every phase;
//   order 1: n-1, ..., 1, 0;
//   order 2: a permutation drawn anew for every phase from `seed`.
//   copies 0 ("late"): a copy is recorded and lands only when a wait of its
//     own thread retires its group: a read that is not ordered after that
//     wait (and, in another thread, after a barrier) sees stale data;
//   copies 1 ("early"): a copy lands when it is issued: a copy into a buffer
//     that another thread has yet to read (no barrier between) spoils it.
// Each is an execution the GPU allows, so a correctly synchronized kernel
// computes the same in all of them.
//
// Workgroup buffers start as 0xFF bytes (NaN as f32), so a read before any
// copy landed is visibly wrong. Misuse of the model prints a message and exits
// with 1: threads that reach different barriers (divergent control flow: a
// hang or undefined behaviour on a GPU), more threads than the model holds,
// and a copy table that overflows.

llvm.mlir.global internal constant @block_sim_message_diverged("block-sim: threads of one block reached different barriers (divergent control flow)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_threads("block-sim: more threads in a block than the model holds (1024)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_room("block-sim: too many cp.async copies in flight (65536)\00") {addr_space = 0 : i32}
llvm.func @puts(!llvm.ptr) -> i32
llvm.func @exit(i32)

// Prints `message` and exits with 1 unless `ok`.
func.func private @block_sim_check(%ok: i1, %message: !llvm.ptr) {
  %true = arith.constant true
  %failed = arith.xori %ok, %true : i1
  scf.if %failed {
    %0 = llvm.call @puts(%message) : (!llvm.ptr) -> i32
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.call @exit(%one) : (i32) -> ()
  }
  return
}

// [order, seed, copies, threads]
memref.global "private" @block_sim_config : memref<4xindex> = dense<0>
// The linear congruential generator of order 2.
memref.global "private" @block_sim_rng : memref<1xi64> = dense<0>
// The current phase's order of threads.
memref.global "private" @block_sim_order : memref<1024xindex> = uninitialized
// Groups each thread has committed.
memref.global "private" @block_sim_committed : memref<1024xindex> = uninitialized
// Copies in flight, in issue order: [thread, group, dst, src, bytes, src bytes].
memref.global "private" @block_sim_pending : memref<65536x6xindex> = uninitialized
memref.global "private" @block_sim_count : memref<1xindex> = dense<0>

func.func @block_sim_configure(%order: index, %seed: index, %copies: index) {
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  memref.store %order, %config[%c0] : memref<4xindex>
  memref.store %seed, %config[%c1] : memref<4xindex>
  memref.store %copies, %config[%c2] : memref<4xindex>
  %rng = memref.get_global @block_sim_rng : memref<1xi64>
  %s = arith.index_cast %seed : index to i64
  memref.store %s, %rng[%c0] : memref<1xi64>
  return
}

// A block of `n` threads starts: no group committed, no copy in flight.
func.func @block_sim_block_begin(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %limit = arith.constant 1024 : index
  %fits = arith.cmpi ule, %n, %limit : index
  %msg = llvm.mlir.addressof @block_sim_message_threads : !llvm.ptr
  func.call @block_sim_check(%fits, %msg) : (i1, !llvm.ptr) -> ()
  %config = memref.get_global @block_sim_config : memref<4xindex>
  memref.store %n, %config[%c3] : memref<4xindex>
  %committed = memref.get_global @block_sim_committed : memref<1024xindex>
  scf.for %t = %c0 to %n step %c1 {
    memref.store %c0, %committed[%t] : memref<1024xindex>
  }
  %count = memref.get_global @block_sim_count : memref<1xindex>
  memref.store %c0, %count[%c0] : memref<1xindex>
  return
}

// The block ends: copies still in flight would land in workgroup memory that
// no longer exists; they are dropped.
func.func @block_sim_block_end() {
  %c0 = arith.constant 0 : index
  %count = memref.get_global @block_sim_count : memref<1xindex>
  memref.store %c0, %count[%c0] : memref<1xindex>
  return
}

// A new phase (the start, or every thread at a barrier): its order.
func.func @block_sim_phase(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %mode = memref.load %config[%c0] : memref<4xindex>
  %order = memref.get_global @block_sim_order : memref<1024xindex>
  %reverse = arith.cmpi eq, %mode, %c1 : index
  scf.for %k = %c0 to %n step %c1 {
    %last = arith.subi %n, %c1 : index
    %back = arith.subi %last, %k : index
    %t = arith.select %reverse, %back, %k : index
    memref.store %t, %order[%k] : memref<1024xindex>
  }
  // Order 2: Fisher-Yates with a 64-bit LCG (Knuth's MMIX constants), high bits.
  %random = arith.cmpi eq, %mode, %c2 : index
  scf.if %random {
    %rng = memref.get_global @block_sim_rng : memref<1xi64>
    %a = arith.constant 6364136223846793005 : i64
    %inc = arith.constant 1442695040888963407 : i64
    %shift = arith.constant 33 : i64
    scf.for %k = %c1 to %n step %c1 {
      %i = arith.subi %n, %k : index
      %s = memref.load %rng[%c0] : memref<1xi64>
      %m = arith.muli %s, %a : i64
      %s2 = arith.addi %m, %inc : i64
      memref.store %s2, %rng[%c0] : memref<1xi64>
      %high = arith.shrui %s2, %shift : i64
      %i1 = arith.addi %i, %c1 : index
      %bound = arith.index_cast %i1 : index to i64
      %jj = arith.remui %high, %bound : i64
      %j = arith.index_cast %jj : i64 to index
      %vi = memref.load %order[%i] : memref<1024xindex>
      %vj = memref.load %order[%j] : memref<1024xindex>
      memref.store %vj, %order[%i] : memref<1024xindex>
      memref.store %vi, %order[%j] : memref<1024xindex>
    }
  }
  return
}

// The `k`-th thread to run in this phase.
func.func @block_sim_thread(%k: index) -> index {
  %order = memref.get_global @block_sim_order : memref<1024xindex>
  %t = memref.load %order[%k] : memref<1024xindex>
  return %t : index
}

// Every thread of a phase must stop at the barrier the first one stopped at.
func.func @block_sim_same_barrier(%barrier: index, %first: index) {
  %same = arith.cmpi eq, %barrier, %first : index
  %msg = llvm.mlir.addressof @block_sim_message_diverged : !llvm.ptr
  func.call @block_sim_check(%same, %msg) : (i1, !llvm.ptr) -> ()
  return
}

// `bytes` bytes at address `at` become 0xFF.
func.func @block_sim_poison(%at: index, %bytes: index) {
  %p = func.call @block_sim_pointer(%at) : (index) -> !llvm.ptr
  %ff = llvm.mlir.constant(-1 : i8) : i8
  %n = arith.index_cast %bytes : index to i64
  "llvm.intr.memset"(%p, %ff, %n) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  return
}

func.func private @block_sim_pointer(%at: index) -> !llvm.ptr {
  %i = arith.index_cast %at : index to i64
  %p = llvm.inttoptr %i : i64 to !llvm.ptr
  return %p : !llvm.ptr
}

// A copy lands: `src_bytes` bytes from `src`, zeroes for the rest of `bytes`.
func.func private @block_sim_land(%dst: index, %src: index, %bytes: index, %src_bytes: index) {
  %d = func.call @block_sim_pointer(%dst) : (index) -> !llvm.ptr
  %s = func.call @block_sim_pointer(%src) : (index) -> !llvm.ptr
  %n = arith.index_cast %src_bytes : index to i64
  "llvm.intr.memcpy"(%d, %s, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %rest = arith.subi %bytes, %src_bytes : index
  %tail = arith.addi %dst, %src_bytes : index
  %t = func.call @block_sim_pointer(%tail) : (index) -> !llvm.ptr
  %r = arith.index_cast %rest : index to i64
  %zero = llvm.mlir.constant(0 : i8) : i8
  "llvm.intr.memset"(%t, %zero, %r) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  return
}

// cp.async of thread `thread`: lands now (copies 1) or joins the thread's
// open group (copies 0).
func.func @block_sim_cp_async(%thread: index, %dst: index, %src: index, %bytes: index, %src_bytes: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %copies = memref.load %config[%c2] : memref<4xindex>
  %early = arith.cmpi eq, %copies, %c1 : index
  scf.if %early {
    func.call @block_sim_land(%dst, %src, %bytes, %src_bytes) : (index, index, index, index) -> ()
  } else {
    %pending = memref.get_global @block_sim_pending : memref<65536x6xindex>
    %count = memref.get_global @block_sim_count : memref<1xindex>
    %n = memref.load %count[%c0] : memref<1xindex>
    %limit = arith.constant 65536 : index
    %room = arith.cmpi ult, %n, %limit : index
    %msg = llvm.mlir.addressof @block_sim_message_room : !llvm.ptr
    func.call @block_sim_check(%room, %msg) : (i1, !llvm.ptr) -> ()
    %committed = memref.get_global @block_sim_committed : memref<1024xindex>
    %group = memref.load %committed[%thread] : memref<1024xindex>
    memref.store %thread, %pending[%n, %c0] : memref<65536x6xindex>
    memref.store %group, %pending[%n, %c1] : memref<65536x6xindex>
    memref.store %dst, %pending[%n, %c2] : memref<65536x6xindex>
    memref.store %src, %pending[%n, %c3] : memref<65536x6xindex>
    memref.store %bytes, %pending[%n, %c4] : memref<65536x6xindex>
    memref.store %src_bytes, %pending[%n, %c5] : memref<65536x6xindex>
    %next = arith.addi %n, %c1 : index
    memref.store %next, %count[%c0] : memref<1xindex>
  }
  return
}

// cp.async.commit_group of thread `thread`: its open group closes.
func.func @block_sim_commit(%thread: index) {
  %committed = memref.get_global @block_sim_committed : memref<1024xindex>
  %c1 = arith.constant 1 : index
  %g = memref.load %committed[%thread] : memref<1024xindex>
  %g1 = arith.addi %g, %c1 : index
  memref.store %g1, %committed[%thread] : memref<1024xindex>
  return
}

// cp.async.wait_group `allowed` of thread `thread`: its committed groups but
// the newest `allowed` land, in issue order; everything else stays in flight.
func.func @block_sim_wait(%thread: index, %allowed: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %committed = memref.get_global @block_sim_committed : memref<1024xindex>
  %g = memref.load %committed[%thread] : memref<1024xindex>
  // Groups below `done` must have landed (done may be "negative": none).
  %enough = arith.cmpi uge, %g, %allowed : index
  %diff = arith.subi %g, %allowed : index
  %done = arith.select %enough, %diff, %c0 : index
  %pending = memref.get_global @block_sim_pending : memref<65536x6xindex>
  %count = memref.get_global @block_sim_count : memref<1xindex>
  %n = memref.load %count[%c0] : memref<1xindex>
  %kept = scf.for %i = %c0 to %n step %c1 iter_args(%j = %c0) -> (index) {
    %t = memref.load %pending[%i, %c0] : memref<65536x6xindex>
    %grp = memref.load %pending[%i, %c1] : memref<65536x6xindex>
    %mine = arith.cmpi eq, %t, %thread : index
    %old = arith.cmpi ult, %grp, %done : index
    %lands = arith.andi %mine, %old : i1
    %next = scf.if %lands -> (index) {
      %d = memref.load %pending[%i, %c2] : memref<65536x6xindex>
      %s = memref.load %pending[%i, %c3] : memref<65536x6xindex>
      %b = memref.load %pending[%i, %c4] : memref<65536x6xindex>
      %sb = memref.load %pending[%i, %c5] : memref<65536x6xindex>
      func.call @block_sim_land(%d, %s, %b, %sb) : (index, index, index, index) -> ()
      scf.yield %j : index
    } else {
      %c6 = arith.constant 6 : index
      scf.for %f = %c0 to %c6 step %c1 {
        %v = memref.load %pending[%i, %f] : memref<65536x6xindex>
        memref.store %v, %pending[%j, %f] : memref<65536x6xindex>
      }
      %j1 = arith.addi %j, %c1 : index
      scf.yield %j1 : index
    }
    scf.yield %next : index
  }
  memref.store %kept, %count[%c0] : memref<1xindex>
  return
}
