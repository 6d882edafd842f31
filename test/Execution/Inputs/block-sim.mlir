// The runtime of asyncpipe-lower-block: one thread block of a GPU kernel run
// on the CPU, its threads one at a time between barriers, in an order chosen
// per phase, with cp.async copies that land as late as the waits allow (or
// at once).
//
// asyncpipe-lower-block turns a kernel into a driver that runs rounds: in
// each, thread @block_sim_thread(k) for k = 0, 1, ... runs, if
// @block_sim_runnable, from where it stopped until the next barrier, or
// until an mbarrier wait whose phase is not complete (it runs again in the
// next round), and @block_sim_round_end says whether to go on. When every
// thread is at the same barrier, a new phase (and order) starts. Its
// cp.async ops become calls of @block_sim_cp_async / @block_sim_commit /
// @block_sim_wait; the bulk queues' mbarrier ops and bulk copies calls of
// @block_sim_mbarrier_init / @block_sim_expect_tx / @block_sim_bulk_copy /
// @block_sim_arrive / @block_sim_try_wait; its warp collectives
// (nvgpu.ldmatrix, nvgpu.mma.sync, gpu.shuffle, a wgmma with A from
// registers) calls of @block_sim_warp_address and
// @block_sim_ldmatrix_arrive, or @block_sim_warp_value (@block_sim_wgmma_a)
// and @block_sim_warp_arrive, a stop until
// @block_sim_warp_ready, then @block_sim_ldmatrix_value,
// @block_sim_mma_result per result element, @block_sim_warp_read (the
// shuffled value) or @block_sim_wgmma, and @block_sim_warp_done.
// A test picks the schedule with @block_sim_configure before it runs the
// blocks:
//   order 0: threads 0, 1, ..., n-1 in every phase;
//   order 1: n-1, ..., 1, 0;
//   order 2: a permutation drawn anew for every phase from `seed`;
//   order 3: as 2, and in each round every warp that ran in the previous
//     round sits this one out with probability 1/2; and a thread that has
//     just issued an async copy stops there with probability 1/4, frozen
//     for 1 to 256 rounds (lowered copies are yield points), so that warps
//     fall behind others by many steps between barriers: a race that needs
//     a thread several K steps behind another shows. A hang is then 300
//     rounds in a row without progress.
//   order 4: as 2, and the upper half of the block's warps (the last
//     warpgroup of two) runs only in a round after one in which nothing
//     moved: the other warps run as far as they can before each of its
//     steps, so that a race needing one warpgroup several steps behind
//     another (a copy into a tile it still reads, with no barrier between)
//     shows; and a thread at a wgmma.wait_group that could go on stops
//     there once first (the wgmmas complete as late as they may: see
//     block_sim_wgmma_ready). A hang is then 2 rounds in a row without
//     progress.
//   copies 0 ("late"): a copy is recorded and lands only when a wait of its
//     own thread retires its group (a bulk copy: when the first wait sees
//     its mbarrier phase complete, which needs every thread's arrival): a
//     read that is not ordered after that wait (and, for cp.async in another
//     thread, after a barrier) sees stale data;
//   copies 1 ("early"): a copy lands when it is issued: a copy into a buffer
//     that another thread has yet to read (no barrier between) spoils it.
// Each is an execution the GPU allows, so a correctly synchronized kernel
// computes the same in all of them.
//
// Workgroup buffers start as 0xFF bytes (NaN as f32), so a read before any
// copy landed is visibly wrong. Misuse of the model prints a message and exits
// with 1: threads that reach different barriers (divergent control flow: a
// hang or undefined behaviour on a GPU), more threads than the model holds,
// a copy table that overflows, threads waiting on mbarrier phases that no
// thread will complete (a hang), an mbarrier used before its initialization,
// a phase whose bulk copies do not add up to the bytes it expects, and a
// warp collective in a block that is not made of whole warps.

llvm.mlir.global internal constant @block_sim_message_diverged("block-sim: threads of one block reached different barriers (divergent control flow)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_threads("block-sim: more threads in a block than the model holds (1024)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_room("block-sim: too many cp.async copies in flight (65536)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_hang("block-sim: threads wait for what no thread will do: an mbarrier phase, the rest of a warpgroup at a wgmma.wait_group, or registers for a setmaxnreg (a hang on the GPU)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_uninitialized("block-sim: an mbarrier used before it was initialized\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_mbarriers("block-sim: more mbarriers than the model holds (4096)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_bulk_room("block-sim: too many bulk copies in flight (65536)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_warps("block-sim: a warp collective (ldmatrix, mma.sync, shuffle, wgmma with A from registers) in a block of more than 32 warps or not of whole warps\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_bytes("block-sim: an mbarrier phase's bulk copies do not add up to the bytes it expects\00") {addr_space = 0 : i32}
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
// Each thread: [state (0 runnable, 1 at a barrier, 2 ended), where it stopped].
memref.global "private" @block_sim_threads : memref<1024x2xindex> = uninitialized
// [a new phase starts, progress (arrivals, inits, stops at a barrier or the
// end), progress when the round began, mbarriers, bulk copies in flight].
memref.global "private" @block_sim_rounds : memref<5xindex> = dense<0>
// Order 4: whether the upper half of the warps sits this round out.
memref.global "private" @block_sim_slow_out : memref<1xindex> = dense<0>
// mbarriers: [address, expected arrivals, arrivals, completed phases,
// expected bytes, copied bytes] (of the phase in progress).
memref.global "private" @block_sim_mbarriers : memref<4096x6xindex> = uninitialized
// Bulk copies in flight: [mbarrier address, its phase, dst, src, bytes].
memref.global "private" @block_sim_bulk : memref<65536x5xindex> = uninitialized
// Warp collectives. Each thread counts the collectives it has passed; the
// lanes of a warp meet at each one in turn, in one of two buffers by the
// count's parity (a lane can be at most one collective ahead of another:
// it cannot pass the next until every lane has arrived there, after taking
// its results here). Per warp and buffer: [collective + 1, arrivals]; per
// lane: the address it supplies and up to 16 values.
memref.global "private" @block_sim_lane_collectives : memref<1024xindex> = uninitialized
memref.global "private" @block_sim_warp_state : memref<32x2x2xindex> = uninitialized
memref.global "private" @block_sim_warp_addresses : memref<32x2x32xindex> = uninitialized
memref.global "private" @block_sim_warp_values : memref<32x2x32x16xf32> = uninitialized
// ldmatrix: the 16 bytes each lane's address points at, read when the last
// lane of the warp arrives (the instruction reads memory once, for the
// warp, not when each lane takes its part).
memref.global "private" @block_sim_warp_rows : memref<32x2x32x16xi8> = uninitialized
// Order 3: per warp, [ran in the previous round, sits this round out];
// and the rounds in a row without progress.
memref.global "private" @block_sim_starve : memref<32x2xindex> = dense<0>
memref.global "private" @block_sim_stalled : memref<1xindex> = dense<0>
// Order 3: per thread, [the round it may run again from, stopped at its
// yield point]; and the rounds so far.
memref.global "private" @block_sim_frozen : memref<1024x2xindex> = uninitialized
memref.global "private" @block_sim_round_count : memref<1xindex> = dense<0>

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
  %c5 = arith.constant 5 : index
  %limit = arith.constant 1024 : index
  %fits = arith.cmpi ule, %n, %limit : index
  %msg = llvm.mlir.addressof @block_sim_message_threads : !llvm.ptr
  func.call @block_sim_check(%fits, %msg) : (i1, !llvm.ptr) -> ()
  %config = memref.get_global @block_sim_config : memref<4xindex>
  memref.store %n, %config[%c3] : memref<4xindex>
  %committed = memref.get_global @block_sim_committed : memref<1024xindex>
  %threads = memref.get_global @block_sim_threads : memref<1024x2xindex>
  %lanes = memref.get_global @block_sim_lane_collectives : memref<1024xindex>
  scf.for %t = %c0 to %n step %c1 {
    memref.store %c0, %committed[%t] : memref<1024xindex>
    memref.store %c0, %threads[%t, %c0] : memref<1024x2xindex>
    memref.store %c0, %threads[%t, %c1] : memref<1024x2xindex>
    memref.store %c0, %lanes[%t] : memref<1024xindex>
  }
  %warps = memref.get_global @block_sim_warp_state : memref<32x2x2xindex>
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  scf.for %w = %c0 to %c32 step %c1 {
    scf.for %p = %c0 to %c2 step %c1 {
      memref.store %c0, %warps[%w, %p, %c0] : memref<32x2x2xindex>
      memref.store %c0, %warps[%w, %p, %c1] : memref<32x2x2xindex>
    }
  }
  %starve = memref.get_global @block_sim_starve : memref<32x2xindex>
  scf.for %w = %c0 to %c32 step %c1 {
    memref.store %c0, %starve[%w, %c0] : memref<32x2xindex>
    memref.store %c0, %starve[%w, %c1] : memref<32x2xindex>
  }
  %stalled = memref.get_global @block_sim_stalled : memref<1xindex>
  memref.store %c0, %stalled[%c0] : memref<1xindex>
  %frozen = memref.get_global @block_sim_frozen : memref<1024x2xindex>
  scf.for %t = %c0 to %n step %c1 {
    memref.store %c0, %frozen[%t, %c0] : memref<1024x2xindex>
    memref.store %c0, %frozen[%t, %c1] : memref<1024x2xindex>
  }
  %round_count = memref.get_global @block_sim_round_count : memref<1xindex>
  memref.store %c0, %round_count[%c0] : memref<1xindex>
  func.call @block_sim_registers_begin(%n) : (index) -> ()
  %count = memref.get_global @block_sim_count : memref<1xindex>
  memref.store %c0, %count[%c0] : memref<1xindex>
  %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
  memref.store %c1, %rounds[%c0] : memref<5xindex>
  scf.for %k = %c1 to %c5 step %c1 {
    memref.store %c0, %rounds[%k] : memref<5xindex>
  }
  return
}

// The block ends: copies still in flight would land in workgroup memory that
// no longer exists; they are dropped.
func.func @block_sim_block_end() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %count = memref.get_global @block_sim_count : memref<1xindex>
  memref.store %c0, %count[%c0] : memref<1xindex>
  %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
  memref.store %c0, %rounds[%c4] : memref<5xindex>
  return
}

// A round starts: the order of a new phase when one starts, and the progress
// so far.
func.func @block_sim_round(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
  %new = memref.load %rounds[%c0] : memref<5xindex>
  %starts = arith.cmpi ne, %new, %c0 : index
  scf.if %starts {
    func.call @block_sim_phase(%n) : (index) -> ()
    memref.store %c0, %rounds[%c0] : memref<5xindex>
  }
  %progress = memref.load %rounds[%c1] : memref<5xindex>
  %before = memref.load %rounds[%c2] : memref<5xindex>
  memref.store %progress, %rounds[%c2] : memref<5xindex>
  // Order 4: the slow warps sit out unless the last round saw no progress.
  %config4 = memref.get_global @block_sim_config : memref<4xindex>
  %mode4 = memref.load %config4[%c0] : memref<4xindex>
  %c4 = arith.constant 4 : index
  %prioritized = arith.cmpi eq, %mode4, %c4 : index
  %moved = arith.cmpi ne, %progress, %before : index
  %slow_sits = arith.andi %prioritized, %moved : i1
  %slow_flag = arith.select %slow_sits, %c1, %c0 : index
  %slow_out = memref.get_global @block_sim_slow_out : memref<1xindex>
  memref.store %slow_flag, %slow_out[%c0] : memref<1xindex>
  %count = memref.get_global @block_sim_round_count : memref<1xindex>
  %r0 = memref.load %count[%c0] : memref<1xindex>
  %r1 = arith.addi %r0, %c1 : index
  memref.store %r1, %count[%c0] : memref<1xindex>
  // Order 3: which warps sit this round out (only those that ran in the
  // previous one, so that each runs at least every other round).
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %mode = memref.load %config[%c0] : memref<4xindex>
  %c3 = arith.constant 3 : index
  %starving = arith.cmpi eq, %mode, %c3 : index
  %starve = memref.get_global @block_sim_starve : memref<32x2xindex>
  %c32 = arith.constant 32 : index
  %c31 = arith.constant 31 : index
  %nw = arith.addi %n, %c31 : index
  %warps = arith.divui %nw, %c32 : index
  scf.for %w = %c0 to %warps step %c1 {
    %ran = memref.load %starve[%w, %c0] : memref<32x2xindex>
    %could = arith.cmpi ne, %ran, %c0 : index
    %eligible = arith.andi %starving, %could : i1
    %coin = scf.if %eligible -> (index) {
      %rng = memref.get_global @block_sim_rng : memref<1xi64>
      %a = arith.constant 6364136223846793005 : i64
      %inc = arith.constant 1442695040888963407 : i64
      %s = memref.load %rng[%c0] : memref<1xi64>
      %m = arith.muli %s, %a : i64
      %s2 = arith.addi %m, %inc : i64
      memref.store %s2, %rng[%c0] : memref<1xi64>
      %shift = arith.constant 40 : i64
      %high = arith.shrui %s2, %shift : i64
      %one = arith.constant 1 : i64
      %bit = arith.andi %high, %one : i64
      %b = arith.index_cast %bit : i64 to index
      scf.yield %b : index
    } else {
      scf.yield %c0 : index
    }
    memref.store %coin, %starve[%w, %c1] : memref<32x2xindex>
    %sat = arith.cmpi ne, %coin, %c0 : index
    %ran_now = arith.select %sat, %c0, %c1 : index
    memref.store %ran_now, %starve[%w, %c0] : memref<32x2xindex>
  }
  return
}

func.func private @block_sim_progress() {
  %c1 = arith.constant 1 : index
  %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
  %p = memref.load %rounds[%c1] : memref<5xindex>
  %p1 = arith.addi %p, %c1 : index
  memref.store %p1, %rounds[%c1] : memref<5xindex>
  return
}

// Whether thread `t` runs in this round (1: it has not reached the barrier
// that ends the phase, nor the end).
func.func @block_sim_runnable(%t: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %threads = memref.get_global @block_sim_threads : memref<1024x2xindex>
  %state = memref.load %threads[%t, %c0] : memref<1024x2xindex>
  %runnable = arith.cmpi eq, %state, %c0 : index
  // Order 3: its warp may sit this round out.
  %starve = memref.get_global @block_sim_starve : memref<32x2xindex>
  %w = arith.divui %t, %c32 : index
  %out = memref.load %starve[%w, %c1] : memref<32x2xindex>
  %sits = arith.cmpi ne, %out, %c0 : index
  %true = arith.constant true
  %plays = arith.xori %sits, %true : i1
  %frozen = memref.get_global @block_sim_frozen : memref<1024x2xindex>
  %from = memref.load %frozen[%t, %c0] : memref<1024x2xindex>
  %count = memref.get_global @block_sim_round_count : memref<1xindex>
  %round = memref.load %count[%c0] : memref<1xindex>
  %thawed = arith.cmpi uge, %round, %from : index
  %plays_now = arith.andi %plays, %thawed : i1
  // Order 4: the upper half of the warps may sit this round out.
  %slow_out = memref.get_global @block_sim_slow_out : memref<1xindex>
  %slow_flag = memref.load %slow_out[%c0] : memref<1xindex>
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %c3 = arith.constant 3 : index
  %n = memref.load %config[%c3] : memref<4xindex>
  %c31 = arith.constant 31 : index
  %c2 = arith.constant 2 : index
  %nw = arith.addi %n, %c31 : index
  %warps = arith.divui %nw, %c32 : index
  %half = arith.divui %warps, %c2 : index
  %slow = arith.cmpi uge, %w, %half : index
  %held = arith.cmpi ne, %slow_flag, %c0 : index
  %slow_held = arith.andi %slow, %held : i1
  %not_held = arith.xori %slow_held, %true : i1
  %plays_yet = arith.andi %plays_now, %not_held : i1
  %runs = arith.andi %runnable, %plays_yet : i1
  %r = arith.select %runs, %c1, %c0 : index
  return %r : index
}

// A yield point (right after an async copy): 1 to go on, 0 to stop there
// (order 3, one time in four: the thread is frozen for 1 to 256 rounds and
// then goes on from here).
func.func @block_sim_yield(%t: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %frozen = memref.get_global @block_sim_frozen : memref<1024x2xindex>
  %yielded = memref.load %frozen[%t, %c1] : memref<1024x2xindex>
  %again = arith.cmpi ne, %yielded, %c0 : index
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %mode = memref.load %config[%c0] : memref<4xindex>
  %starving = arith.cmpi eq, %mode, %c3 : index
  %go = scf.if %again -> (index) {
    memref.store %c0, %frozen[%t, %c1] : memref<1024x2xindex>
    scf.yield %c1 : index
  } else {
    %r = scf.if %starving -> (index) {
      %rng = memref.get_global @block_sim_rng : memref<1xi64>
      %a = arith.constant 6364136223846793005 : i64
      %inc = arith.constant 1442695040888963407 : i64
      %s = memref.load %rng[%c0] : memref<1xi64>
      %m = arith.muli %s, %a : i64
      %s2 = arith.addi %m, %inc : i64
      memref.store %s2, %rng[%c0] : memref<1xi64>
      %shift = arith.constant 33 : i64
      %high = arith.shrui %s2, %shift : i64
      %high_index = arith.index_cast %high : i64 to index
      %c4 = arith.constant 4 : index
      %coin = arith.remui %high_index, %c4 : index
      %stops = arith.cmpi eq, %coin, %c0 : index
      %c256 = arith.constant 256 : index
      %rest = arith.divui %high_index, %c4 : index
      %span = arith.remui %rest, %c256 : index
      %g = scf.if %stops -> (index) {
        %count = memref.get_global @block_sim_round_count : memref<1xindex>
        %round = memref.load %count[%c0] : memref<1xindex>
        %next = arith.addi %round, %c1 : index
        %until = arith.addi %next, %span : index
        memref.store %until, %frozen[%t, %c0] : memref<1024x2xindex>
        memref.store %c1, %frozen[%t, %c1] : memref<1024x2xindex>
        func.call @block_sim_progress() : () -> ()
        scf.yield %c0 : index
      } else {
        scf.yield %c1 : index
      }
      scf.yield %g : index
    } else {
      scf.yield %c1 : index
    }
    scf.yield %r : index
  }
  return %go : index
}

// Where thread `t` goes on from: 0 (the start), a barrier's number, or an
// mbarrier wait's.
func.func @block_sim_resume(%t: index) -> index {
  %c1 = arith.constant 1 : index
  %threads = memref.get_global @block_sim_threads : memref<1024x2xindex>
  %at = memref.load %threads[%t, %c1] : memref<1024x2xindex>
  return %at : index
}

// Thread `t` stopped at `stop`: 0 the end, 1 to `barriers` a barrier, and
// above an mbarrier wait whose phase is not complete (it stays runnable).
func.func @block_sim_stopped(%t: index, %stop: index, %barriers: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %threads = memref.get_global @block_sim_threads : memref<1024x2xindex>
  memref.store %stop, %threads[%t, %c1] : memref<1024x2xindex>
  %waiting = arith.cmpi ugt, %stop, %barriers : index
  scf.if %waiting {
  } else {
    %ended = arith.cmpi eq, %stop, %c0 : index
    %state = arith.select %ended, %c2, %c1 : index
    memref.store %state, %threads[%t, %c0] : memref<1024x2xindex>
    func.call @block_sim_progress() : () -> ()
  }
  return
}

// A round ended: 1 to run another (threads wait on mbarriers, or all stopped
// at one barrier and a new phase starts), 0 when every thread has ended.
// Threads waiting in a round without progress would wait forever; threads
// stopped at different barriers (or some ended) diverged.
func.func @block_sim_round_end(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %threads = memref.get_global @block_sim_threads : memref<1024x2xindex>
  %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
  %waiting = scf.for %t = %c0 to %n step %c1 iter_args(%w = %c0) -> (index) {
    %state = memref.load %threads[%t, %c0] : memref<1024x2xindex>
    %runnable = arith.cmpi eq, %state, %c0 : index
    %w1 = arith.addi %w, %c1 : index
    %w2 = arith.select %runnable, %w1, %w : index
    scf.yield %w2 : index
  }
  %some = arith.cmpi ne, %waiting, %c0 : index
  %more = scf.if %some -> (index) {
    %progress = memref.load %rounds[%c1] : memref<5xindex>
    %before = memref.load %rounds[%c2] : memref<5xindex>
    %moved = arith.cmpi ne, %progress, %before : index
    // Rounds in a row without progress: one is a hang, or 300 when threads
    // sit rounds out (order 3: a warp sits out every other round at most,
    // a frozen thread at most 256 rounds).
    %stalled = memref.get_global @block_sim_stalled : memref<1xindex>
    %s = memref.load %stalled[%c0] : memref<1xindex>
    %s1 = arith.addi %s, %c1 : index
    %now = arith.select %moved, %c0, %s1 : index
    memref.store %now, %stalled[%c0] : memref<1xindex>
    %config = memref.get_global @block_sim_config : memref<4xindex>
    %mode = memref.load %config[%c0] : memref<4xindex>
    %c3 = arith.constant 3 : index
    %starving = arith.cmpi eq, %mode, %c3 : index
    %c300 = arith.constant 300 : index
    %c4 = arith.constant 4 : index
    %prioritized = arith.cmpi eq, %mode, %c4 : index
    %c2_rounds = arith.constant 2 : index
    %plain = arith.select %prioritized, %c2_rounds, %c1 : index
    %limit = arith.select %starving, %c300, %plain : index
    %ok = arith.cmpi ult, %now, %limit : index
    %msg = llvm.mlir.addressof @block_sim_message_hang : !llvm.ptr
    func.call @block_sim_check(%ok, %msg) : (i1, !llvm.ptr) -> ()
    scf.yield %c1 : index
  } else {
    %first = memref.load %threads[%c0, %c1] : memref<1024x2xindex>
    %msg = llvm.mlir.addressof @block_sim_message_diverged : !llvm.ptr
    scf.for %t = %c1 to %n step %c1 {
      %stop = memref.load %threads[%t, %c1] : memref<1024x2xindex>
      %same = arith.cmpi eq, %stop, %first : index
      func.call @block_sim_check(%same, %msg) : (i1, !llvm.ptr) -> ()
    }
    %going = arith.cmpi ne, %first, %c0 : index
    // Every thread arrived: that is progress.
    %stalled = memref.get_global @block_sim_stalled : memref<1xindex>
    memref.store %c0, %stalled[%c0] : memref<1xindex>
    scf.if %going {
      scf.for %t = %c0 to %n step %c1 {
        memref.store %c0, %threads[%t, %c0] : memref<1024x2xindex>
      }
      memref.store %c1, %rounds[%c0] : memref<5xindex>
    }
    %r = arith.select %going, %c1, %c0 : index
    scf.yield %r : index
  }
  return %more : index
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
  // Orders 2 and 3: Fisher-Yates with a 64-bit LCG (Knuth's MMIX
  // constants), high bits.
  %random = arith.cmpi uge, %mode, %c2 : index
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

// The mbarriers of bulk queues. The runtime keeps each barrier's state in a
// table, by address, shared by every thread: the block's view of it.

// The row of the mbarrier at `bar` (one past the last when there is none).
func.func private @block_sim_mbarrier_row(%bar: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
  %table = memref.get_global @block_sim_mbarriers : memref<4096x6xindex>
  %n = memref.load %rounds[%c3] : memref<5xindex>
  %row = scf.for %k = %c0 to %n step %c1 iter_args(%found = %n) -> (index) {
    %at = memref.load %table[%k, %c0] : memref<4096x6xindex>
    %here = arith.cmpi eq, %at, %bar : index
    %f = arith.select %here, %k, %found : index
    scf.yield %f : index
  }
  return %row : index
}

// The row of the initialized mbarrier at `bar`; stops the run when there is none.
func.func private @block_sim_mbarrier(%bar: index) -> index {
  %c3 = arith.constant 3 : index
  %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
  %n = memref.load %rounds[%c3] : memref<5xindex>
  %row = func.call @block_sim_mbarrier_row(%bar) : (index) -> index
  %known = arith.cmpi ult, %row, %n : index
  %msg = llvm.mlir.addressof @block_sim_message_uninitialized : !llvm.ptr
  func.call @block_sim_check(%known, %msg) : (i1, !llvm.ptr) -> ()
  return %row : index
}

// mbarrier.init: a first phase that expects `count` arrivals.
func.func @block_sim_mbarrier_init(%thread: index, %bar: index, %count: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
  %table = memref.get_global @block_sim_mbarriers : memref<4096x6xindex>
  %n = memref.load %rounds[%c3] : memref<5xindex>
  %row = func.call @block_sim_mbarrier_row(%bar) : (index) -> index
  %new = arith.cmpi eq, %row, %n : index
  scf.if %new {
    %limit = arith.constant 4096 : index
    %room = arith.cmpi ult, %n, %limit : index
    %msg = llvm.mlir.addressof @block_sim_message_mbarriers : !llvm.ptr
    func.call @block_sim_check(%room, %msg) : (i1, !llvm.ptr) -> ()
    %n1 = arith.addi %n, %c1 : index
    memref.store %n1, %rounds[%c3] : memref<5xindex>
  }
  memref.store %bar, %table[%row, %c0] : memref<4096x6xindex>
  memref.store %count, %table[%row, %c1] : memref<4096x6xindex>
  memref.store %c0, %table[%row, %c2] : memref<4096x6xindex>
  memref.store %c0, %table[%row, %c3] : memref<4096x6xindex>
  memref.store %c0, %table[%row, %c4] : memref<4096x6xindex>
  memref.store %c0, %table[%row, %c5] : memref<4096x6xindex>
  func.call @block_sim_progress() : () -> ()
  return
}

// mbarrier.expect_tx: the phase in progress expects `bytes` more.
func.func @block_sim_expect_tx(%thread: index, %bar: index, %bytes: index) {
  %c4 = arith.constant 4 : index
  %table = memref.get_global @block_sim_mbarriers : memref<4096x6xindex>
  %row = func.call @block_sim_mbarrier(%bar) : (index) -> index
  %e = memref.load %table[%row, %c4] : memref<4096x6xindex>
  %e1 = arith.addi %e, %bytes : index
  memref.store %e1, %table[%row, %c4] : memref<4096x6xindex>
  return
}

// cp.async.bulk completing on the mbarrier at `bar`: it counts toward the
// phase in progress, and lands now (copies 1) or when the first wait sees
// that phase complete (copies 0).
func.func @block_sim_bulk_copy(%thread: index, %dst: index, %src: index, %bytes: index, %bar: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %table = memref.get_global @block_sim_mbarriers : memref<4096x6xindex>
  %row = func.call @block_sim_mbarrier(%bar) : (index) -> index
  %copied = memref.load %table[%row, %c5] : memref<4096x6xindex>
  %copied1 = arith.addi %copied, %bytes : index
  memref.store %copied1, %table[%row, %c5] : memref<4096x6xindex>
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %copies = memref.load %config[%c2] : memref<4xindex>
  %early = arith.cmpi eq, %copies, %c1 : index
  scf.if %early {
    func.call @block_sim_land(%dst, %src, %bytes, %bytes) : (index, index, index, index) -> ()
  } else {
    %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
    %bulk = memref.get_global @block_sim_bulk : memref<65536x5xindex>
    %n = memref.load %rounds[%c4] : memref<5xindex>
    %limit = arith.constant 65536 : index
    %room = arith.cmpi ult, %n, %limit : index
    %msg = llvm.mlir.addressof @block_sim_message_bulk_room : !llvm.ptr
    func.call @block_sim_check(%room, %msg) : (i1, !llvm.ptr) -> ()
    %phase = memref.load %table[%row, %c3] : memref<4096x6xindex>
    memref.store %bar, %bulk[%n, %c0] : memref<65536x5xindex>
    memref.store %phase, %bulk[%n, %c1] : memref<65536x5xindex>
    memref.store %dst, %bulk[%n, %c2] : memref<65536x5xindex>
    memref.store %src, %bulk[%n, %c3] : memref<65536x5xindex>
    memref.store %bytes, %bulk[%n, %c4] : memref<65536x5xindex>
    %n1 = arith.addi %n, %c1 : index
    memref.store %n1, %rounds[%c4] : memref<5xindex>
  }
  return
}

// mbarrier.arrive: the last expected arrival completes the phase, whose
// bulk copies must add up to the bytes it expects.
func.func @block_sim_arrive(%thread: index, %bar: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %table = memref.get_global @block_sim_mbarriers : memref<4096x6xindex>
  %row = func.call @block_sim_mbarrier(%bar) : (index) -> index
  %expected = memref.load %table[%row, %c1] : memref<4096x6xindex>
  %arrivals = memref.load %table[%row, %c2] : memref<4096x6xindex>
  %arrivals1 = arith.addi %arrivals, %c1 : index
  memref.store %arrivals1, %table[%row, %c2] : memref<4096x6xindex>
  %complete = arith.cmpi uge, %arrivals1, %expected : index
  scf.if %complete {
    %e = memref.load %table[%row, %c4] : memref<4096x6xindex>
    %copied = memref.load %table[%row, %c5] : memref<4096x6xindex>
    %adds_up = arith.cmpi eq, %e, %copied : index
    %msg = llvm.mlir.addressof @block_sim_message_bytes : !llvm.ptr
    func.call @block_sim_check(%adds_up, %msg) : (i1, !llvm.ptr) -> ()
    %phase = memref.load %table[%row, %c3] : memref<4096x6xindex>
    %phase1 = arith.addi %phase, %c1 : index
    memref.store %phase1, %table[%row, %c3] : memref<4096x6xindex>
    memref.store %c0, %table[%row, %c2] : memref<4096x6xindex>
    memref.store %c0, %table[%row, %c4] : memref<4096x6xindex>
    memref.store %c0, %table[%row, %c5] : memref<4096x6xindex>
  }
  func.call @block_sim_progress() : () -> ()
  return
}

// mbarrier.try_wait.parity: 1 when the phase of parity `parity` has
// completed (the phase in progress has the other parity), after landing the
// bulk copies of the completed phases; 0 when it has not (the thread stops
// and runs again in the next round).
func.func @block_sim_try_wait(%thread: index, %bar: index, %parity: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %table = memref.get_global @block_sim_mbarriers : memref<4096x6xindex>
  %row = func.call @block_sim_mbarrier(%bar) : (index) -> index
  %phase = memref.load %table[%row, %c3] : memref<4096x6xindex>
  %current = arith.andi %phase, %c1 : index
  %complete = arith.cmpi ne, %current, %parity : index
  scf.if %complete {
    %rounds = memref.get_global @block_sim_rounds : memref<5xindex>
    %bulk = memref.get_global @block_sim_bulk : memref<65536x5xindex>
    %n = memref.load %rounds[%c4] : memref<5xindex>
    %kept = scf.for %i = %c0 to %n step %c1 iter_args(%j = %c0) -> (index) {
      %b = memref.load %bulk[%i, %c0] : memref<65536x5xindex>
      %p = memref.load %bulk[%i, %c1] : memref<65536x5xindex>
      %mine = arith.cmpi eq, %b, %bar : index
      %done = arith.cmpi ult, %p, %phase : index
      %lands = arith.andi %mine, %done : i1
      %next = scf.if %lands -> (index) {
        %d = memref.load %bulk[%i, %c2] : memref<65536x5xindex>
        %s = memref.load %bulk[%i, %c3] : memref<65536x5xindex>
        %size = memref.load %bulk[%i, %c4] : memref<65536x5xindex>
        func.call @block_sim_land(%d, %s, %size, %size) : (index, index, index, index) -> ()
        scf.yield %j : index
      } else {
        %c5 = arith.constant 5 : index
        scf.for %f = %c0 to %c5 step %c1 {
          %v = memref.load %bulk[%i, %f] : memref<65536x5xindex>
          memref.store %v, %bulk[%j, %f] : memref<65536x5xindex>
        }
        %j1 = arith.addi %j, %c1 : index
        scf.yield %j1 : index
      }
      scf.yield %next : index
    }
    memref.store %kept, %rounds[%c4] : memref<5xindex>
  }
  %r = arith.select %complete, %c1, %c0 : index
  return %r : index
}

// Warp collectives (nvgpu.ldmatrix, nvgpu.mma.sync): every lane of a warp
// supplies its part (an address, fragment values), arrives, stops until the
// whole warp has arrived (@block_sim_warp_ready), takes its results and is
// done. The results follow PTX's fragment layouts.

// Thread `t`'s warp, lane and buffer (the parity of its collective count).
func.func private @block_sim_lane(%t: index) -> (index, index, index) {
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %w = arith.divui %t, %c32 : index
  %l = arith.remui %t, %c32 : index
  %lanes = memref.get_global @block_sim_lane_collectives : memref<1024xindex>
  %i = memref.load %lanes[%t] : memref<1024xindex>
  %p = arith.remui %i, %c2 : index
  %c0 = arith.constant 0 : index
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %c3 = arith.constant 3 : index
  %n = memref.load %config[%c3] : memref<4xindex>
  %whole = arith.remui %n, %c32 : index
  %whole_warps = arith.cmpi eq, %whole, %c0 : index
  %limit = arith.constant 1024 : index
  %fits = arith.cmpi ule, %n, %limit : index
  %ok = arith.andi %whole_warps, %fits : i1
  %msg = llvm.mlir.addressof @block_sim_message_warps : !llvm.ptr
  func.call @block_sim_check(%ok, %msg) : (i1, !llvm.ptr) -> ()
  return %w, %l, %p : index, index, index
}

// The address lane `t` supplies (ldmatrix: the row it points at).
func.func @block_sim_warp_address(%t: index, %address: index) {
  %w, %l, %p = func.call @block_sim_lane(%t) : (index) -> (index, index, index)
  %addresses = memref.get_global @block_sim_warp_addresses : memref<32x2x32xindex>
  memref.store %address, %addresses[%w, %p, %l] : memref<32x2x32xindex>
  return
}

// Value `slot` lane `t` supplies (mma.sync: its A, B and C fragments).
func.func @block_sim_warp_value(%t: index, %slot: index, %v: f32) {
  %w, %l, %p = func.call @block_sim_lane(%t) : (index) -> (index, index, index)
  %values = memref.get_global @block_sim_warp_values : memref<32x2x32x16xf32>
  memref.store %v, %values[%w, %p, %l, %slot] : memref<32x2x32x16xf32>
  return
}

// Value `slot` that lane `lane` of `t`'s warp supplied to their current
// collective (gpu.shuffle: the value lane `t` reads).
func.func @block_sim_warp_read(%t: index, %lane: index, %slot: index) -> f32 {
  %w, %l, %p = func.call @block_sim_lane(%t) : (index) -> (index, index, index)
  %values = memref.get_global @block_sim_warp_values : memref<32x2x32x16xf32>
  %v = memref.load %values[%w, %p, %lane, %slot] : memref<32x2x32x16xf32>
  return %v : f32
}

// Lane `t` has supplied its part of its warp's current collective.
func.func @block_sim_warp_arrive(%t: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w, %l, %p = func.call @block_sim_lane(%t) : (index) -> (index, index, index)
  %lanes = memref.get_global @block_sim_lane_collectives : memref<1024xindex>
  %i = memref.load %lanes[%t] : memref<1024xindex>
  %mark = arith.addi %i, %c1 : index
  %state = memref.get_global @block_sim_warp_state : memref<32x2x2xindex>
  %current = memref.load %state[%w, %p, %c0] : memref<32x2x2xindex>
  %fresh = arith.cmpi ne, %current, %mark : index
  scf.if %fresh {
    memref.store %mark, %state[%w, %p, %c0] : memref<32x2x2xindex>
    memref.store %c0, %state[%w, %p, %c1] : memref<32x2x2xindex>
  }
  %a = memref.load %state[%w, %p, %c1] : memref<32x2x2xindex>
  %a1 = arith.addi %a, %c1 : index
  memref.store %a1, %state[%w, %p, %c1] : memref<32x2x2xindex>
  func.call @block_sim_progress() : () -> ()
  return
}

// The byte address of lane `lane`'s row copy in buffer `p` of warp `w`.
func.func private @block_sim_warp_row(%w: index, %p: index, %lane: index) -> index {
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %rows = memref.get_global @block_sim_warp_rows : memref<32x2x32x16xi8>
  %base = memref.extract_aligned_pointer_as_index %rows : memref<32x2x32x16xi8> -> index
  %wp = arith.muli %w, %c2 : index
  %wpp = arith.addi %wp, %p : index
  %wl = arith.muli %wpp, %c32 : index
  %row = arith.addi %wl, %lane : index
  %offset = arith.muli %row, %c16 : index
  %at = arith.addi %base, %offset : index
  return %at : index
}

// Lane `t` has supplied its row address for an ldmatrix of `tiles` 8 x 8
// matrices (the rows lanes 0 to 8 tiles - 1 point at): when it is the
// warp's last lane to arrive, the warp reads those rows, now.
func.func @block_sim_ldmatrix_arrive(%t: index, %tiles: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  func.call @block_sim_warp_arrive(%t) : (index) -> ()
  %ready = func.call @block_sim_warp_ready(%t) : (index) -> index
  %last = arith.cmpi ne, %ready, %c0 : index
  scf.if %last {
    %w, %l, %p = func.call @block_sim_lane(%t) : (index) -> (index, index, index)
    %addresses = memref.get_global @block_sim_warp_addresses : memref<32x2x32xindex>
    %lanes = arith.muli %tiles, %c8 : index
    scf.for %lane = %c0 to %lanes step %c1 {
      %from = memref.load %addresses[%w, %p, %lane] : memref<32x2x32xindex>
      %to = func.call @block_sim_warp_row(%w, %p, %lane) : (index, index, index) -> index
      func.call @block_sim_land(%to, %from, %c16, %c16) : (index, index, index, index) -> ()
    }
  }
  return
}

// 1 when every lane of `t`'s warp has arrived at `t`'s current collective.
func.func @block_sim_warp_ready(%t: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %w, %l, %p = func.call @block_sim_lane(%t) : (index) -> (index, index, index)
  %lanes = memref.get_global @block_sim_lane_collectives : memref<1024xindex>
  %i = memref.load %lanes[%t] : memref<1024xindex>
  %mark = arith.addi %i, %c1 : index
  %state = memref.get_global @block_sim_warp_state : memref<32x2x2xindex>
  %current = memref.load %state[%w, %p, %c0] : memref<32x2x2xindex>
  %arrivals = memref.load %state[%w, %p, %c1] : memref<32x2x2xindex>
  %same = arith.cmpi eq, %current, %mark : index
  %all = arith.cmpi eq, %arrivals, %c32 : index
  %ready = arith.andi %same, %all : i1
  %r = arith.select %ready, %c1, %c0 : index
  return %r : index
}

// Lane `t` has taken its results: on to its next collective.
func.func @block_sim_warp_done(%t: index) {
  %c1 = arith.constant 1 : index
  %lanes = memref.get_global @block_sim_lane_collectives : memref<1024xindex>
  %i = memref.load %lanes[%t] : memref<1024xindex>
  %i1 = arith.addi %i, %c1 : index
  memref.store %i1, %lanes[%t] : memref<1024xindex>
  return
}

// Element `j` of matrix `i` that lane `t` receives from ldmatrix (as f32;
// `kind` 0: f16, 1: bf16): of the 8 x 8 matrix whose row r lane 8 i + r
// points at, row t/4 and column 2 (t%4) + j, or with `transpose` row
// 2 (t%4) + j and column t/4 (PTX's ldmatrix .m8n8 .b16), from the rows the
// warp read when its last lane arrived.
func.func @block_sim_ldmatrix_value(%t: index, %i: index, %j: index, %transpose: index, %kind: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %w, %l, %p = func.call @block_sim_lane(%t) : (index) -> (index, index, index)
  %q = arith.divui %l, %c4 : index
  %r4 = arith.remui %l, %c4 : index
  %r2 = arith.muli %r4, %c2 : index
  %pair = arith.addi %r2, %j : index
  %trans = arith.cmpi ne, %transpose, %c0 : index
  %row = arith.select %trans, %pair, %q : index
  %col = arith.select %trans, %q, %pair : index
  %base = arith.muli %i, %c8 : index
  %source = arith.addi %base, %row : index
  %start = func.call @block_sim_warp_row(%w, %p, %source) : (index, index, index) -> index
  %offset = arith.muli %col, %c2 : index
  %at = arith.addi %start, %offset : index
  %ptr = func.call @block_sim_pointer(%at) : (index) -> !llvm.ptr
  %is_bf16 = arith.cmpi ne, %kind, %c0 : index
  %v = scf.if %is_bf16 -> f32 {
    %h = llvm.load %ptr : !llvm.ptr -> bf16
    %x = arith.extf %h : bf16 to f32
    scf.yield %x : f32
  } else {
    %h = llvm.load %ptr : !llvm.ptr -> f16
    %x = arith.extf %h : f16 to f32
    scf.yield %x : f32
  }
  return %v : f32
}

// Element `e` of lane `t`'s D = A B + C of mma.sync m16n8k16 (row
// t/4 + 8 (e/2), column 2 (t%4) + e%2): the lanes' values 0-7 are their
// A fragments (a0..a7), 8-11 B (b0..b3), 12-15 C (c0..c3), as PTX lays
// them out; the products are added in k order.
func.func @block_sim_mma_result(%t: index, %e: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %w, %l, %p = func.call @block_sim_lane(%t) : (index) -> (index, index, index)
  %g = arith.divui %l, %c4 : index
  %tq = arith.remui %l, %c4 : index
  %e2 = arith.divui %e, %c2 : index
  %e1 = arith.remui %e, %c2 : index
  %half = arith.muli %e2, %c8 : index
  %row = arith.addi %g, %half : index
  %t2 = arith.muli %tq, %c2 : index
  %col = arith.addi %t2, %e1 : index
  %values = memref.get_global @block_sim_warp_values : memref<32x2x32x16xf32>
  %cslot = arith.addi %c12, %e : index
  %c = memref.load %values[%w, %p, %l, %cslot] : memref<32x2x32x16xf32>
  %row8 = arith.remui %row, %c8 : index
  %row_hi = arith.divui %row, %c8 : index
  %d = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %c) -> (f32) {
    %k8 = arith.remui %k, %c8 : index
    %k_hi = arith.divui %k, %c8 : index
    %k_lo = arith.remui %k, %c2 : index
    %pair = arith.divui %k8, %c2 : index
    // A[row][k]: lane (row % 8) * 4 + (k % 8) / 2, value 4 (k / 8) + 2 (row / 8) + k % 2.
    %a_lane_row = arith.muli %row8, %c4 : index
    %a_lane = arith.addi %a_lane_row, %pair : index
    %a_k = arith.muli %k_hi, %c4 : index
    %a_r = arith.muli %row_hi, %c2 : index
    %a_kr = arith.addi %a_k, %a_r : index
    %a_slot = arith.addi %a_kr, %k_lo : index
    // B[k][col]: lane col * 4 + (k % 8) / 2, value 8 + 2 (k / 8) + k % 2.
    %b_lane_col = arith.muli %col, %c4 : index
    %b_lane = arith.addi %b_lane_col, %pair : index
    %b_k = arith.muli %k_hi, %c2 : index
    %b_k8 = arith.addi %b_k, %c8 : index
    %b_slot = arith.addi %b_k8, %k_lo : index
    %x = memref.load %values[%w, %p, %a_lane, %a_slot] : memref<32x2x32x16xf32>
    %y = memref.load %values[%w, %p, %b_lane, %b_slot] : memref<32x2x32x16xf32>
    %xy = arith.mulf %x, %y : f32
    %s1 = arith.addf %s, %xy : f32
    scf.yield %s1 : f32
  }
  return %d : f32
}

// ---------------------------------------------------------------------------
// wgmma and tensor-map copies (sm_90a).
//
// The block's workgroup buffers lie in one window of 2^18 bytes, aligned to
// its size (the driver allocates them so): wgmma's matrix descriptors hold
// 18 bits of shared address, which the model adds to the window's base.
//
// A tensor-map copy (`block_sim_tensor_copy`) is the box's 16-byte chunks as
// bulk copies on the group's mbarrier, each written where the 128-byte
// swizzle puts it: the chunk at address `a` lands at `a ^ (((a >> 7) & 7) << 4)`
// (the hardware swizzles shared-address bits; the tile is aligned to 1024).
// A tensor map is, for the model, four 8-byte words the host writes: the
// address of the source's first element, its row stride in bytes, and the
// box's rows and columns (16-bit elements; the swizzle is 128 bytes).
//
// `block_sim_wgmma` is one thread's part of wgmma.mma_async.m64nNk16, f16
// or bf16 into f32 (`kind` bit 0: bf16), A K-major in the 128-byte swizzle
// or from registers (bit 1), B N-major (transposed) or K-major (bit 2) in
// the 128-byte swizzle: the thread's registers (N/2 values, handed over with
// block_sim_wgmma_in and taken back with block_sim_wgmma_out) are those of
// mma.sync's 16 x 8 fragment along N, warp w of its warpgroup holding rows
// 16 w ..; each is its own sum over k in order. The thread reads the tiles
// at issue and records a hash of every element it read; the
// wgmma.wait_group that completes it (block_sim_wgmma_wait, which retires the
// thread's groups but the newest `allowed`) reads them again: an element
// that changed in between (a tile overwritten before its MMA was waited
// for) stops the run. So reads at any time between issue and wait compute
// the same, which is what the hardware allows.
//
// The registers land late: where the lowered code keeps a wgmma's result
// (block_sim_wgmma_home: the register's home in the thread's private
// memory), NaN stands until the wait that retires its group writes the
// value; a later wgmma of the thread that reads it from there gets the
// value still in flight (the tensor cores pass it along), any other read
// the NaN. So a read of the accumulator before its wait computes a wrong C.
// Values in flight are told apart by their homes (up to 4 accumulators).
//
// A from registers (attention's P V): every lane of the warp hands in its 8
// A elements (mma.sync m16n8k16's A fragment: a0, a1 row g, columns 2 q,
// 2 q + 1; a2, a3 row g + 8; a4..a7 the same 8 columns on; g = lane / 4,
// q = lane % 4) with where each was loaded from (block_sim_wgmma_a), and
// the wgmma waits for the warp (it is .sync.aligned; a thread's rows need
// its quad's elements). Those homes must not change until the wait that
// completes the wgmma, as PTX requires of A's registers: the hash covers
// them too, so that overwriting P before the wait stops the run.
llvm.mlir.global internal constant @block_sim_message_wgmma_tile("block-sim: a tile a wgmma reads changed before the wgmma.wait_group that completes it\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_wgmma_registers("block-sim: an A register of a wgmma (its home) changed before the wgmma.wait_group that completes it\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_wgmma_room("block-sim: more wgmmas in flight in a thread than the model holds (64)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_accumulators("block-sim: more than 4 wgmma accumulators in flight in a thread, or a register past 128\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_window("block-sim: a wgmma descriptor outside the block's workgroup memory, or not in the 128-byte swizzle\00") {addr_space = 0 : i32}
// The base of the block's workgroup window.
memref.global "private" @block_sim_window : memref<1xindex> = dense<0>
// Per thread, wgmma groups committed.
memref.global "private" @block_sim_wgmma_groups : memref<1024xindex> = uninitialized
// Per thread, the groups below which its wgmmas' reads are checked.
memref.global "private" @block_sim_wgmma_retired : memref<1024xindex> = uninitialized
// Per thread, 64 wgmmas: [live, group, descriptor A, descriptor B, N, kind, hash].
memref.global "private" @block_sim_wgmma_records : memref<1024x64x7xindex> = uninitialized
// Per thread, 64 wgmmas with A from registers: where each of the thread's 8
// A elements was loaded from (0: not from memory), and the hash of what
// they held at issue, checked at retirement.
memref.global "private" @block_sim_wgmma_a_homes : memref<1024x64x9xindex> = uninitialized
// Per thread, the A homes of the wgmma being issued.
memref.global "private" @block_sim_wgmma_a_issue : memref<1024x8xindex> = uninitialized
// Order 4: per thread, whether it has stopped once at the wait it is at.
memref.global "private" @block_sim_wgmma_deferred : memref<1024xindex> = uninitialized
// The registers of the wgmma being issued.
memref.global "private" @block_sim_wgmma_values : memref<256xf32> = uninitialized
// Per thread, register and accumulator (up to 4 in flight, told apart by
// their homes), a result in flight: [live, group, home], and its value.
memref.global "private" @block_sim_wgmma_landing : memref<1024x128x4x3xindex> = uninitialized
memref.global "private" @block_sim_wgmma_in_flight : memref<1024x128x4xf32> = uninitialized

func.func @block_sim_wgmma_begin(%window: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %w = memref.get_global @block_sim_window : memref<1xindex>
  memref.store %window, %w[%c0] : memref<1xindex>
  %groups = memref.get_global @block_sim_wgmma_groups : memref<1024xindex>
  %table = memref.get_global @block_sim_wgmma_records : memref<1024x64x7xindex>
  %landing = memref.get_global @block_sim_wgmma_landing : memref<1024x128x4x3xindex>
  %c128 = arith.constant 128 : index
  %c4 = arith.constant 4 : index
  %retired = memref.get_global @block_sim_wgmma_retired : memref<1024xindex>
  %deferred = memref.get_global @block_sim_wgmma_deferred : memref<1024xindex>
  scf.for %t = %c0 to %n step %c1 {
    memref.store %c0, %groups[%t] : memref<1024xindex>
    memref.store %c0, %retired[%t] : memref<1024xindex>
    memref.store %c0, %deferred[%t] : memref<1024xindex>
    scf.for %s = %c0 to %c64 step %c1 {
      memref.store %c0, %table[%t, %s, %c0] : memref<1024x64x7xindex>
    }
    scf.for %r = %c0 to %c128 step %c1 {
      scf.for %a = %c0 to %c4 step %c1 {
        memref.store %c0, %landing[%t, %r, %a, %c0] : memref<1024x128x4x3xindex>
      }
    }
  }
  return
}

// Register `r` of thread `t`'s last wgmma lives at `home`: NaN there until
// the wait that retires the wgmma's group (the thread's open one). The
// accumulator slot is the one in flight with that home, else a free one.
func.func @block_sim_wgmma_home(%t: index, %r: index, %home: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %fits = arith.cmpi ult, %r, %c128 : index
  %msg = llvm.mlir.addressof @block_sim_message_accumulators : !llvm.ptr
  func.call @block_sim_check(%fits, %msg) : (i1, !llvm.ptr) -> ()
  %values = memref.get_global @block_sim_wgmma_values : memref<256xf32>
  %v = memref.load %values[%r] : memref<256xf32>
  %groups = memref.get_global @block_sim_wgmma_groups : memref<1024xindex>
  %open = memref.load %groups[%t] : memref<1024xindex>
  %landing = memref.get_global @block_sim_wgmma_landing : memref<1024x128x4x3xindex>
  %in_flight = memref.get_global @block_sim_wgmma_in_flight : memref<1024x128x4xf32>
  // The slot with this home in flight, else the first free one (4: none).
  %same, %free = scf.for %a = %c0 to %c4 step %c1 iter_args(%s = %c4, %f = %c4) -> (index, index) {
    %live = memref.load %landing[%t, %r, %a, %c0] : memref<1024x128x4x3xindex>
    %at = memref.load %landing[%t, %r, %a, %c2] : memref<1024x128x4x3xindex>
    %is_live = arith.cmpi ne, %live, %c0 : index
    %here = arith.cmpi eq, %at, %home : index
    %match = arith.andi %is_live, %here : i1
    %unset_s = arith.cmpi eq, %s, %c4 : index
    %take_s = arith.andi %match, %unset_s : i1
    %s1 = arith.select %take_s, %a, %s : index
    %is_free = arith.cmpi eq, %live, %c0 : index
    %unset_f = arith.cmpi eq, %f, %c4 : index
    %take_f = arith.andi %is_free, %unset_f : i1
    %f1 = arith.select %take_f, %a, %f : index
    scf.yield %s1, %f1 : index, index
  }
  %found = arith.cmpi ult, %same, %c4 : index
  %slot = arith.select %found, %same, %free : index
  %room = arith.cmpi ult, %slot, %c4 : index
  func.call @block_sim_check(%room, %msg) : (i1, !llvm.ptr) -> ()
  memref.store %c1, %landing[%t, %r, %slot, %c0] : memref<1024x128x4x3xindex>
  memref.store %open, %landing[%t, %r, %slot, %c1] : memref<1024x128x4x3xindex>
  memref.store %home, %landing[%t, %r, %slot, %c2] : memref<1024x128x4x3xindex>
  memref.store %v, %in_flight[%t, %r, %slot] : memref<1024x128x4xf32>
  %p = func.call @block_sim_pointer(%home) : (index) -> !llvm.ptr
  %nan = arith.constant 0x7FC00000 : f32
  llvm.store %nan, %p : f32, !llvm.ptr
  return
}

// The address of a descriptor's field that starts at bit `shift` (14 bits
// of 16-byte units): the start address within the window, or an offset.
func.func private @block_sim_descriptor_field(%desc: index, %shift: index) -> index {
  %mask = arith.constant 16383 : index
  %c16 = arith.constant 16 : index
  %s = arith.shrui %desc, %shift : index
  %f = arith.andi %s, %mask : index
  %bytes = arith.muli %f, %c16 : index
  return %bytes : index
}

// Where the 128-byte swizzle puts the byte at `a`.
func.func private @block_sim_swizzled(%a: index) -> index {
  %c7 = arith.constant 7 : index
  %c4 = arith.constant 4 : index
  %r = arith.shrui %a, %c7 : index
  %row = arith.andi %r, %c7 : index
  %x = arith.shli %row, %c4 : index
  %s = arith.xori %a, %x : index
  return %s : index
}

// The 16-bit element at (swizzled) address `a` as f32, and its bits.
func.func private @block_sim_half(%a: index, %kind: index) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %at = func.call @block_sim_swizzled(%a) : (index) -> index
  %p = func.call @block_sim_pointer(%at) : (index) -> !llvm.ptr
  %bits = llvm.load %p : !llvm.ptr -> i16
  %bf16_bit = arith.andi %kind, %c1 : index
  %is_bf16 = arith.cmpi ne, %bf16_bit, %c0 : index
  %v = scf.if %is_bf16 -> f32 {
    %h = arith.bitcast %bits : i16 to bf16
    %x = arith.extf %h : bf16 to f32
    scf.yield %x : f32
  } else {
    %h = arith.bitcast %bits : i16 to f16
    %x = arith.extf %h : f16 to f32
    scf.yield %x : f32
  }
  %wide = arith.extui %bits : i16 to i64
  %i = arith.index_cast %wide : i64 to index
  return %v, %i : f32, index
}

// One pass over what thread `t`'s wgmma reads: with `accumulate`, adds the
// products into block_sim_wgmma_values; returns the hash of the elements
// read through the descriptors (A from registers: the hash of its homes is
// block_sim_wgmma_a_hash's).
func.func private @block_sim_wgmma_pass(%t: index, %desc_a: index, %desc_b: index, %n: index, %kind: index, %accumulate: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c62 = arith.constant 62 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %prime = arith.constant 1000003 : index
  %window_ref = memref.get_global @block_sim_window : memref<1xindex>
  %window = memref.load %window_ref[%c0] : memref<1xindex>
  // kind: bit 1 A from registers, bit 2 B K-major.
  %a_bit = arith.andi %kind, %c2 : index
  %a_registers = arith.cmpi ne, %a_bit, %c0 : index
  %b_bit = arith.andi %kind, %c4 : index
  %b_k_major = arith.cmpi ne, %b_bit, %c0 : index
  // The descriptors in the 128-byte swizzle (mode 1 in bits 62-63).
  %mode_a = arith.shrui %desc_a, %c62 : index
  %mode_b = arith.shrui %desc_b, %c62 : index
  %ma = arith.andi %mode_a, %c3 : index
  %mb = arith.andi %mode_b, %c3 : index
  %ok_a0 = arith.cmpi eq, %ma, %c1 : index
  %ok_a = arith.ori %ok_a0, %a_registers : i1
  %ok_b = arith.cmpi eq, %mb, %c1 : index
  %ok = arith.andi %ok_a, %ok_b : i1
  %msg = llvm.mlir.addressof @block_sim_message_window : !llvm.ptr
  func.call @block_sim_check(%ok, %msg) : (i1, !llvm.ptr) -> ()
  %shift0 = arith.constant 0 : index
  %shift16 = arith.constant 16 : index
  %shift32 = arith.constant 32 : index
  %fa = func.call @block_sim_descriptor_field(%desc_a, %shift0) : (index, index) -> index
  %start_a = arith.addi %window, %fa : index
  %sbo_a = func.call @block_sim_descriptor_field(%desc_a, %shift32) : (index, index) -> index
  %fb = func.call @block_sim_descriptor_field(%desc_b, %shift0) : (index, index) -> index
  %start_b = arith.addi %window, %fb : index
  %lbo_b = func.call @block_sim_descriptor_field(%desc_b, %shift16) : (index, index) -> index
  %sbo_b = func.call @block_sim_descriptor_field(%desc_b, %shift32) : (index, index) -> index
  // The thread's place: warp w of its warpgroup, g = lane / 4, q = lane % 4.
  %in_group = arith.remui %t, %c128 : index
  %w = arith.divui %in_group, %c32 : index
  %lane = arith.remui %t, %c32 : index
  %g = arith.divui %lane, %c4 : index
  %q = arith.remui %lane, %c4 : index
  %w16 = arith.muli %w, %c16 : index
  %row0 = arith.addi %w16, %g : index
  %q2 = arith.muli %q, %c2 : index
  // A from registers: the warp's buffer of its current collective, and the
  // first lane of the thread's quad (g's row).
  %warp, %own_lane, %buffer = func.call @block_sim_lane(%t) : (index) -> (index, index, index)
  %quad = arith.muli %g, %c4 : index
  %warp_values = memref.get_global @block_sim_warp_values : memref<32x2x32x16xf32>
  %values = memref.get_global @block_sim_wgmma_values : memref<256xf32>
  %registers = arith.divui %n, %c2 : index
  %hash = scf.for %r = %c0 to %registers step %c1 iter_args(%h0 = %c0) -> (index) {
    // Register r = 4 j + e: row row0 + 8 (e / 2), column 8 j + 2 q + e % 2.
    %j = arith.divui %r, %c4 : index
    %e = arith.remui %r, %c4 : index
    %half = arith.divui %e, %c2 : index
    %down = arith.muli %half, %c8 : index
    %row = arith.addi %row0, %down : index
    %j8 = arith.muli %j, %c8 : index
    %odd = arith.remui %e, %c2 : index
    %c_base = arith.addi %j8, %q2 : index
    %col = arith.addi %c_base, %odd : index
    // A (row, k): start + (row / 8) SBO + (row % 8) 128 + 2 k.
    %rg = arith.divui %row, %c8 : index
    %rr = arith.remui %row, %c8 : index
    %ra = arith.muli %rg, %sbo_a : index
    %rb = arith.muli %rr, %c128 : index
    %a_row0 = arith.addi %start_a, %ra : index
    %a_row = arith.addi %a_row0, %rb : index
    // B (k, col), N-major: start + (col / 64) LBO + (k / 8) SBO + (k % 8) 128
    // + 2 (col % 64); K-major: start + (col / 8) SBO + (col % 8) 128 + 2 k.
    %cg = arith.divui %col, %c64 : index
    %cr = arith.remui %col, %c64 : index
    %ca = arith.muli %cg, %lbo_b : index
    %cb = arith.muli %cr, %c2 : index
    %b_col0 = arith.addi %start_b, %ca : index
    %b_col_n = arith.addi %b_col0, %cb : index
    %cg8 = arith.divui %col, %c8 : index
    %cr8 = arith.remui %col, %c8 : index
    %kca = arith.muli %cg8, %sbo_b : index
    %kcb = arith.muli %cr8, %c128 : index
    %b_col_k0 = arith.addi %start_b, %kca : index
    %b_col_k = arith.addi %b_col_k0, %kcb : index
    %acc0 = memref.load %values[%r] : memref<256xf32>
    %acc, %h = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc_k = %acc0, %h_k = %h0) -> (f32, index) {
      %k2 = arith.muli %k, %c2 : index
      %a_at = arith.addi %a_row, %k2 : index
      %kg = arith.divui %k, %c8 : index
      %kr = arith.remui %k, %c8 : index
      %ka = arith.muli %kg, %sbo_b : index
      %kb = arith.muli %kr, %c128 : index
      %b_at0 = arith.addi %b_col_n, %ka : index
      %b_at_n = arith.addi %b_at0, %kb : index
      %b_at_k = arith.addi %b_col_k, %k2 : index
      %b_at = arith.select %b_k_major, %b_at_k, %b_at_n : index
      %a, %a_bits = scf.if %a_registers -> (f32, index) {
        // Lane 4 g + (k % 8) / 2 holds A (row, k) as its element
        // 4 (k / 8) + 2 (row's half) + k % 2.
        %pair = arith.divui %kr, %c2 : index
        %from = arith.addi %quad, %pair : index
        %k_odd = arith.remui %k, %c2 : index
        %s4 = arith.muli %kg, %c4 : index
        %s2 = arith.muli %half, %c2 : index
        %s42 = arith.addi %s4, %s2 : index
        %slot = arith.addi %s42, %k_odd : index
        %x = scf.if %accumulate -> (f32) {
          %y = memref.load %warp_values[%warp, %buffer, %from, %slot] : memref<32x2x32x16xf32>
          scf.yield %y : f32
        } else {
          scf.yield %zero : f32
        }
        scf.yield %x, %c0 : f32, index
      } else {
        %x, %x_bits = func.call @block_sim_half(%a_at, %kind) : (index, index) -> (f32, index)
        scf.yield %x, %x_bits : f32, index
      }
      %b, %b_bits = func.call @block_sim_half(%b_at, %kind) : (index, index) -> (f32, index)
      %p = arith.mulf %a, %b : f32
      %sum = arith.addf %acc_k, %p : f32
      %h1 = arith.muli %h_k, %prime : index
      %h2 = arith.addi %h1, %a_bits : index
      %h3 = arith.muli %h2, %prime : index
      %h4 = arith.addi %h3, %b_bits : index
      scf.yield %sum, %h4 : f32, index
    }
    scf.if %accumulate {
      memref.store %acc, %values[%r] : memref<256xf32>
    }
    scf.yield %h : index
  }
  return %hash : index
}

// The hash of the 16-bit values at thread `t`'s A homes of its wgmma
// record `s` (A from registers; a home 0 is not from memory, and skipped).
func.func private @block_sim_wgmma_a_hash(%t: index, %s: index) -> index {
  %h = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %prime = arith.constant 1000003 : index
  %homes = memref.get_global @block_sim_wgmma_a_homes : memref<1024x64x9xindex>
  %hash = scf.for %e = %c0 to %c8 step %c1 iter_args(%h0 = %h) -> (index) {
    %home = memref.load %homes[%t, %s, %e] : memref<1024x64x9xindex>
    %loaded = arith.cmpi ne, %home, %c0 : index
    %h2 = scf.if %loaded -> (index) {
      %p = func.call @block_sim_pointer(%home) : (index) -> !llvm.ptr
      %bits = llvm.load %p : !llvm.ptr -> i16
      %wide = arith.extui %bits : i16 to i64
      %i = arith.index_cast %wide : i64 to index
      %h1 = arith.muli %h0, %prime : index
      %sum = arith.addi %h1, %i : index
      scf.yield %sum : index
    } else {
      scf.yield %h0 : index
    }
    scf.yield %h2 : index
  }
  return %hash : index
}

// A element `e` (0-7) of lane `t`, `v` as f32, loaded from `home` (0: not
// from memory), for the wgmma with A from registers it issues next.
func.func @block_sim_wgmma_a(%t: index, %e: index, %home: index, %v: f32) {
  func.call @block_sim_warp_value(%t, %e, %v) : (index, index, f32) -> ()
  %issue = memref.get_global @block_sim_wgmma_a_issue : memref<1024x8xindex>
  memref.store %home, %issue[%t, %e] : memref<1024x8xindex>
  return
}

// Register `r` of thread `t` into the wgmma being issued, read from `home`
// (0: not from memory, the value of the wgmma before it): the value in
// flight there, if a wgmma of the thread has one, else `v`.
func.func @block_sim_wgmma_in(%t: index, %r: index, %home: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %landing = memref.get_global @block_sim_wgmma_landing : memref<1024x128x4x3xindex>
  %in_flight = memref.get_global @block_sim_wgmma_in_flight : memref<1024x128x4xf32>
  %from_memory = arith.cmpi ne, %home, %c0 : index
  %register = arith.cmpi ult, %r, %c128 : index
  %look = arith.andi %from_memory, %register : i1
  %x = scf.if %look -> f32 {
    %y = scf.for %a = %c0 to %c4 step %c1 iter_args(%w = %v) -> (f32) {
      %live = memref.load %landing[%t, %r, %a, %c0] : memref<1024x128x4x3xindex>
      %at = memref.load %landing[%t, %r, %a, %c2] : memref<1024x128x4x3xindex>
      %is_live = arith.cmpi ne, %live, %c0 : index
      %here = arith.cmpi eq, %at, %home : index
      %match = arith.andi %is_live, %here : i1
      %f = memref.load %in_flight[%t, %r, %a] : memref<1024x128x4xf32>
      %z = arith.select %match, %f, %w : f32
      scf.yield %z : f32
    }
    scf.yield %y : f32
  } else {
    scf.yield %v : f32
  }
  %values = memref.get_global @block_sim_wgmma_values : memref<256xf32>
  memref.store %x, %values[%r] : memref<256xf32>
  return
}

func.func @block_sim_wgmma_out(%r: index) -> f32 {
  %values = memref.get_global @block_sim_wgmma_values : memref<256xf32>
  %v = memref.load %values[%r] : memref<256xf32>
  return %v : f32
}

// wgmma.mma_async by thread `t` (kind 0: f16, 1: bf16): its registers get
// the products now; the wgmma joins the thread's open group.
func.func @block_sim_wgmma(%t: index, %desc_a: index, %desc_b: index, %n: index, %kind: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c64 = arith.constant 64 : index
  %true = arith.constant true
  %hash = func.call @block_sim_wgmma_pass(%t, %desc_a, %desc_b, %n, %kind, %true) : (index, index, index, index, index, i1) -> index
  %table = memref.get_global @block_sim_wgmma_records : memref<1024x64x7xindex>
  %groups = memref.get_global @block_sim_wgmma_groups : memref<1024xindex>
  %group = memref.load %groups[%t] : memref<1024xindex>
  // The first free record.
  %free = scf.for %s = %c0 to %c64 step %c1 iter_args(%f = %c64) -> (index) {
    %live = memref.load %table[%t, %s, %c0] : memref<1024x64x7xindex>
    %is_free = arith.cmpi eq, %live, %c0 : index
    %unset = arith.cmpi eq, %f, %c64 : index
    %take = arith.andi %is_free, %unset : i1
    %g = arith.select %take, %s, %f : index
    scf.yield %g : index
  }
  %room = arith.cmpi ult, %free, %c64 : index
  %msg = llvm.mlir.addressof @block_sim_message_wgmma_room : !llvm.ptr
  func.call @block_sim_check(%room, %msg) : (i1, !llvm.ptr) -> ()
  memref.store %c1, %table[%t, %free, %c0] : memref<1024x64x7xindex>
  memref.store %group, %table[%t, %free, %c1] : memref<1024x64x7xindex>
  memref.store %desc_a, %table[%t, %free, %c2] : memref<1024x64x7xindex>
  memref.store %desc_b, %table[%t, %free, %c3] : memref<1024x64x7xindex>
  memref.store %n, %table[%t, %free, %c4] : memref<1024x64x7xindex>
  memref.store %kind, %table[%t, %free, %c5] : memref<1024x64x7xindex>
  // A from registers: the record keeps the homes the lane handed in.
  %homes = memref.get_global @block_sim_wgmma_a_homes : memref<1024x64x9xindex>
  %issue = memref.get_global @block_sim_wgmma_a_issue : memref<1024x8xindex>
  %a_bit = arith.andi %kind, %c2 : index
  %a_registers = arith.cmpi ne, %a_bit, %c0 : index
  %c8 = arith.constant 8 : index
  scf.for %e = %c0 to %c8 step %c1 {
    %home = memref.load %issue[%t, %e] : memref<1024x8xindex>
    %kept = arith.select %a_registers, %home, %c0 : index
    memref.store %kept, %homes[%t, %free, %e] : memref<1024x64x9xindex>
  }
  %a_hash = func.call @block_sim_wgmma_a_hash(%t, %free) : (index, index) -> index
  memref.store %a_hash, %homes[%t, %free, %c8] : memref<1024x64x9xindex>
  memref.store %hash, %table[%t, %free, %c6] : memref<1024x64x7xindex>
  return
}

// wgmma.commit_group by thread `t`.
func.func @block_sim_wgmma_commit(%t: index) {
  %groups = memref.get_global @block_sim_wgmma_groups : memref<1024xindex>
  %g = memref.load %groups[%t] : memref<1024xindex>
  %c1 = arith.constant 1 : index
  %g1 = arith.addi %g, %c1 : index
  memref.store %g1, %groups[%t] : memref<1024xindex>
  // (The rest of its warpgroup may wait for it.)
  func.call @block_sim_progress() : () -> ()
  return
}

// wgmma.wait_group `allowed` by thread `t` may go on (1) when every thread
// of its warpgroup has committed the groups it waits for (all of `t`'s but
// the newest `allowed`, the open group counting as the newest): a wgmma is
// the warpgroup's operation, which cannot complete before every warp has
// issued it. (So a warp that waits holds the warpgroup's other warps to
// the same wgmmas, as on the GPU.)
//
// Order 4 completes a wgmma as late as the hardware may: a thread whose wait
// could go on stops there once first (the tensor cores may still be
// reading), so that every other thread that can run does before the
// groups complete; a tile overwritten meanwhile stops the run.
func.func @block_sim_wgmma_ready(%t: index, %allowed: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %groups = memref.get_global @block_sim_wgmma_groups : memref<1024xindex>
  %committed = memref.load %groups[%t] : memref<1024xindex>
  %need = func.call @block_sim_wgmma_need(%committed, %allowed) : (index, index) -> index
  %first, %end = func.call @block_sim_warpgroup(%t) : (index) -> (index, index)
  %ready = scf.for %u = %first to %end step %c1 iter_args(%all = %c1) -> (index) {
    %g = memref.load %groups[%u] : memref<1024xindex>
    %has = arith.cmpi uge, %g, %need : index
    %r = arith.select %has, %all, %c0 : index
    scf.yield %r : index
  }
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %mode = memref.load %config[%c0] : memref<4xindex>
  %c4 = arith.constant 4 : index
  %late = arith.cmpi eq, %mode, %c4 : index
  %could = arith.cmpi ne, %ready, %c0 : index
  %may_defer = arith.andi %late, %could : i1
  %deferred = memref.get_global @block_sim_wgmma_deferred : memref<1024xindex>
  %go = scf.if %may_defer -> (index) {
    %once = memref.load %deferred[%t] : memref<1024xindex>
    %stopped = arith.cmpi ne, %once, %c0 : index
    %next = arith.select %stopped, %c0, %c1 : index
    memref.store %next, %deferred[%t] : memref<1024xindex>
    scf.if %stopped {
    } else {
      func.call @block_sim_progress() : () -> ()
    }
    %r = arith.select %stopped, %c1, %c0 : index
    scf.yield %r : index
  } else {
    scf.yield %ready : index
  }
  return %go : index
}

// The groups below which a wait allowing `allowed` of `committed` completes.
func.func private @block_sim_wgmma_need(%committed: index, %allowed: index) -> index {
  %c0 = arith.constant 0 : index
  %some = arith.cmpi ugt, %committed, %allowed : index
  %d = arith.subi %committed, %allowed : index
  %need = arith.select %some, %d, %c0 : index
  return %need : index
}

// The threads [first, end) of thread `t`'s warpgroup.
func.func private @block_sim_warpgroup(%t: index) -> (index, index) {
  %c128 = arith.constant 128 : index
  %c3 = arith.constant 3 : index
  %w = arith.divui %t, %c128 : index
  %first = arith.muli %w, %c128 : index
  %last = arith.addi %first, %c128 : index
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %n = memref.load %config[%c3] : memref<4xindex>
  %end = arith.minui %last, %n : index
  return %first, %end : index, index
}

// wgmma.wait_group `allowed` by thread `t` (once block_sim_wgmma_ready): the
// groups it waits for complete for the whole warpgroup (every thread's
// wgmmas in them; what each read must not have changed since it was
// issued), and `t`'s registers of those groups land (another thread's land
// at its own wait: reading them before is a wrong C, as on the GPU).
func.func @block_sim_wgmma_wait(%t: index, %allowed: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c64 = arith.constant 64 : index
  %false = arith.constant false
  %table = memref.get_global @block_sim_wgmma_records : memref<1024x64x7xindex>
  %groups = memref.get_global @block_sim_wgmma_groups : memref<1024xindex>
  %retired = memref.get_global @block_sim_wgmma_retired : memref<1024xindex>
  %committed = memref.load %groups[%t] : memref<1024xindex>
  %need = func.call @block_sim_wgmma_need(%committed, %allowed) : (index, index) -> index
  %msg = llvm.mlir.addressof @block_sim_message_wgmma_tile : !llvm.ptr
  %msg_registers = llvm.mlir.addressof @block_sim_message_wgmma_registers : !llvm.ptr
  %a_homes = memref.get_global @block_sim_wgmma_a_homes : memref<1024x64x9xindex>
  %c8 = arith.constant 8 : index
  %first, %end = func.call @block_sim_warpgroup(%t) : (index) -> (index, index)
  scf.for %u = %first to %end step %c1 {
    // (Each thread's records below `retired` were checked by an earlier wait.)
    %done = memref.load %retired[%u] : memref<1024xindex>
    %behind = arith.cmpi ult, %done, %need : index
    scf.if %behind {
      scf.for %s = %c0 to %c64 step %c1 {
        %live = memref.load %table[%u, %s, %c0] : memref<1024x64x7xindex>
        %group = memref.load %table[%u, %s, %c1] : memref<1024x64x7xindex>
        %is_live = arith.cmpi ne, %live, %c0 : index
        %old = arith.cmpi ult, %group, %need : index
        %retire = arith.andi %is_live, %old : i1
        scf.if %retire {
          %desc_a = memref.load %table[%u, %s, %c2] : memref<1024x64x7xindex>
          %desc_b = memref.load %table[%u, %s, %c3] : memref<1024x64x7xindex>
          %n = memref.load %table[%u, %s, %c4] : memref<1024x64x7xindex>
          %kind = memref.load %table[%u, %s, %c5] : memref<1024x64x7xindex>
          %hash = memref.load %table[%u, %s, %c6] : memref<1024x64x7xindex>
          %again = func.call @block_sim_wgmma_pass(%u, %desc_a, %desc_b, %n, %kind, %false) : (index, index, index, index, index, i1) -> index
          %same = arith.cmpi eq, %again, %hash : index
          func.call @block_sim_check(%same, %msg) : (i1, !llvm.ptr) -> ()
          %a_then = memref.load %a_homes[%u, %s, %c8] : memref<1024x64x9xindex>
          %a_now = func.call @block_sim_wgmma_a_hash(%u, %s) : (index, index) -> index
          %a_same = arith.cmpi eq, %a_now, %a_then : index
          func.call @block_sim_check(%a_same, %msg_registers) : (i1, !llvm.ptr) -> ()
          memref.store %c0, %table[%u, %s, %c0] : memref<1024x64x7xindex>
        }
      }
      memref.store %need, %retired[%u] : memref<1024xindex>
    }
  }
  // The retired groups' registers land.
  %landing = memref.get_global @block_sim_wgmma_landing : memref<1024x128x4x3xindex>
  %in_flight = memref.get_global @block_sim_wgmma_in_flight : memref<1024x128x4xf32>
  %c128 = arith.constant 128 : index
  scf.for %r = %c0 to %c128 step %c1 {
    scf.for %a = %c0 to %c4 step %c1 {
      %live = memref.load %landing[%t, %r, %a, %c0] : memref<1024x128x4x3xindex>
      %group = memref.load %landing[%t, %r, %a, %c1] : memref<1024x128x4x3xindex>
      %is_live = arith.cmpi ne, %live, %c0 : index
      %kept = arith.addi %group, %allowed : index
      %old = arith.cmpi ult, %kept, %committed : index
      %land = arith.andi %is_live, %old : i1
      scf.if %land {
        %home = memref.load %landing[%t, %r, %a, %c2] : memref<1024x128x4x3xindex>
        %v = memref.load %in_flight[%t, %r, %a] : memref<1024x128x4xf32>
        %p = func.call @block_sim_pointer(%home) : (index) -> !llvm.ptr
        llvm.store %v, %p : f32, !llvm.ptr
        memref.store %c0, %landing[%t, %r, %a, %c0] : memref<1024x128x4x3xindex>
      }
    }
  }
  return
}

// cp.async.bulk.tensor.2d of a box at column x, row y of the tensor map at
// `map` into `dst` (aligned to 1024), completing on `bar`: each 16-byte
// chunk a bulk copy, to its swizzled place.
func.func @block_sim_tensor_copy(%t: index, %dst: index, %map: index, %x: index, %y: index, %bar: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c128 = arith.constant 128 : index
  %word = func.call @block_sim_pointer(%map) : (index) -> !llvm.ptr
  %base64 = llvm.load %word : !llvm.ptr -> i64
  %at8 = arith.addi %map, %c8 : index
  %w8 = func.call @block_sim_pointer(%at8) : (index) -> !llvm.ptr
  %stride64 = llvm.load %w8 : !llvm.ptr -> i64
  %at16 = arith.addi %map, %c16 : index
  %w16 = func.call @block_sim_pointer(%at16) : (index) -> !llvm.ptr
  %rows64 = llvm.load %w16 : !llvm.ptr -> i64
  %at24 = arith.addi %map, %c24 : index
  %w24 = func.call @block_sim_pointer(%at24) : (index) -> !llvm.ptr
  %columns64 = llvm.load %w24 : !llvm.ptr -> i64
  %base = arith.index_cast %base64 : i64 to index
  %stride = arith.index_cast %stride64 : i64 to index
  %rows = arith.index_cast %rows64 : i64 to index
  %columns = arith.index_cast %columns64 : i64 to index
  %row_bytes = arith.muli %columns, %c2 : index
  %chunks = arith.divui %row_bytes, %c16 : index
  %x_bytes = arith.muli %x, %c2 : index
  scf.for %r = %c0 to %rows step %c1 {
    %gy = arith.addi %y, %r : index
    %line0 = arith.muli %gy, %stride : index
    %line1 = arith.addi %base, %line0 : index
    %line = arith.addi %line1, %x_bytes : index
    %place0 = arith.muli %r, %c128 : index
    %place = arith.addi %dst, %place0 : index
    scf.for %c = %c0 to %chunks step %c1 {
      %off = arith.muli %c, %c16 : index
      %src = arith.addi %line, %off : index
      %to0 = arith.addi %place, %off : index
      %to = func.call @block_sim_swizzled(%to0) : (index) -> index
      func.call @block_sim_bulk_copy(%t, %to, %src, %c16, %bar) : (index, index, index, index, index) -> ()
    }
  }
  return
}

// ---------------------------------------------------------------------------
// setmaxnreg and the grid (warp-specialized and persistent kernels).
//
// setmaxnreg.{inc,dec}.sync.aligned is the warpgroup's: every thread of it
// runs the same one (same direction and count, else the run stops), and
// the warpgroup changes its registers once all have arrived. A decrease
// gives the registers it frees to the block's pool; an increase takes them
// from the pool and waits (its threads stop) until the pool holds them, so
// a warpgroup that asks for registers no other one releases hangs, as on
// the GPU. Every warpgroup starts with the registers ptxas allots a kernel
// of the block's size (65536 / threads rounded down to 8, at most 248:
// the kernel's `.maxnreg`, which scripts/gemm_ptx.sh checks ptxas
// reports), the pool
// with none. Counts must be multiples of 8 from 24 to 256, an increase not
// below the warpgroup's count and a decrease not above it (PTX's rules).
llvm.mlir.global internal constant @block_sim_message_setmaxnreg_same("block-sim: threads of one warpgroup ran different setmaxnreg (the whole warpgroup must run the same one)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_setmaxnreg_count("block-sim: a setmaxnreg count that is not a multiple of 8 from 24 to 256, or an increase below (a decrease above) the warpgroup's registers\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_setmaxnreg_block("block-sim: setmaxnreg in a block that is not made of whole warpgroups\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_view("block-sim: a view of a kernel argument reaches past its end (a block past the kernel's tiles, or a wrong offset)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @block_sim_message_grid("block-sim: the kernel reads gpu.grid_dim, which the test has not set (block_sim_configure_grid)\00") {addr_space = 0 : i32}
// Per warpgroup: [requests granted, arrivals at the next one, its direction
// (1: increase), its count, registers per thread now]; the block's pool.
memref.global "private" @block_sim_registers : memref<8x5xindex> = uninitialized
memref.global "private" @block_sim_register_pool : memref<1xindex> = dense<0>
// Per thread, the setmaxnreg it has run.
memref.global "private" @block_sim_register_requests : memref<1024xindex> = uninitialized
// The grid's size (0: not set).
memref.global "private" @block_sim_grid : memref<1xindex> = dense<0>

func.func @block_sim_configure_grid(%blocks: index) {
  %c0 = arith.constant 0 : index
  %grid = memref.get_global @block_sim_grid : memref<1xindex>
  memref.store %blocks, %grid[%c0] : memref<1xindex>
  return
}

// A view of a kernel argument whose last element is at `last` in a
// dimension of `extent` elements.
func.func @block_sim_view(%last: index, %extent: index) {
  %inside = arith.cmpi ult, %last, %extent : index
  %msg = llvm.mlir.addressof @block_sim_message_view : !llvm.ptr
  func.call @block_sim_check(%inside, %msg) : (i1, !llvm.ptr) -> ()
  return
}

// gpu.grid_dim x.
func.func @block_sim_grid_dim() -> index {
  %c0 = arith.constant 0 : index
  %grid = memref.get_global @block_sim_grid : memref<1xindex>
  %blocks = memref.load %grid[%c0] : memref<1xindex>
  %set = arith.cmpi ne, %blocks, %c0 : index
  %msg = llvm.mlir.addressof @block_sim_message_grid : !llvm.ptr
  func.call @block_sim_check(%set, %msg) : (i1, !llvm.ptr) -> ()
  return %blocks : index
}

func.func private @block_sim_registers_begin(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c248 = arith.constant 248 : index
  %file = arith.constant 65536 : index
  %per = arith.divui %file, %n : index
  %units = arith.divui %per, %c8 : index
  %rounded = arith.muli %units, %c8 : index
  %start = arith.minui %rounded, %c248 : index
  %table = memref.get_global @block_sim_registers : memref<8x5xindex>
  scf.for %w = %c0 to %c8 step %c1 {
    scf.for %k = %c0 to %c4 step %c1 {
      memref.store %c0, %table[%w, %k] : memref<8x5xindex>
    }
    memref.store %start, %table[%w, %c4] : memref<8x5xindex>
  }
  %pool = memref.get_global @block_sim_register_pool : memref<1xindex>
  memref.store %c0, %pool[%c0] : memref<1xindex>
  %requests = memref.get_global @block_sim_register_requests : memref<1024xindex>
  scf.for %t = %c0 to %n step %c1 {
    memref.store %c0, %requests[%t] : memref<1024xindex>
  }
  return
}

// setmaxnreg by thread `t` (`increase` 1: .inc, 0: .dec) to `count`
// registers: it arrives at its warpgroup's next request.
func.func @block_sim_setmaxnreg(%t: index, %increase: index, %count: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %config = memref.get_global @block_sim_config : memref<4xindex>
  %n = memref.load %config[%c3] : memref<4xindex>
  %rest = arith.remui %n, %c128 : index
  %whole = arith.cmpi eq, %rest, %c0 : index
  %msg_block = llvm.mlir.addressof @block_sim_message_setmaxnreg_block : !llvm.ptr
  func.call @block_sim_check(%whole, %msg_block) : (i1, !llvm.ptr) -> ()
  %w = arith.divui %t, %c128 : index
  %requests = memref.get_global @block_sim_register_requests : memref<1024xindex>
  %r = memref.load %requests[%t] : memref<1024xindex>
  %r1 = arith.addi %r, %c1 : index
  memref.store %r1, %requests[%t] : memref<1024xindex>
  %table = memref.get_global @block_sim_registers : memref<8x5xindex>
  %arrivals = memref.load %table[%w, %c1] : memref<8x5xindex>
  %first = arith.cmpi eq, %arrivals, %c0 : index
  scf.if %first {
    memref.store %increase, %table[%w, %c2] : memref<8x5xindex>
    memref.store %count, %table[%w, %c3] : memref<8x5xindex>
  } else {
    %d = memref.load %table[%w, %c2] : memref<8x5xindex>
    %k = memref.load %table[%w, %c3] : memref<8x5xindex>
    %same_d = arith.cmpi eq, %d, %increase : index
    %same_k = arith.cmpi eq, %k, %count : index
    %same = arith.andi %same_d, %same_k : i1
    %msg = llvm.mlir.addressof @block_sim_message_setmaxnreg_same : !llvm.ptr
    func.call @block_sim_check(%same, %msg) : (i1, !llvm.ptr) -> ()
  }
  %a1 = arith.addi %arrivals, %c1 : index
  memref.store %a1, %table[%w, %c1] : memref<8x5xindex>
  func.call @block_sim_progress() : () -> ()
  return
}

// Grants warpgroup `w`'s request when all its threads have arrived and,
// for an increase, the pool holds the registers.
func.func private @block_sim_setmaxnreg_grant(%w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c24 = arith.constant 24 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %table = memref.get_global @block_sim_registers : memref<8x5xindex>
  %arrivals = memref.load %table[%w, %c1] : memref<8x5xindex>
  %all = arith.cmpi eq, %arrivals, %c128 : index
  scf.if %all {
    %increase = memref.load %table[%w, %c2] : memref<8x5xindex>
    %count = memref.load %table[%w, %c3] : memref<8x5xindex>
    %now = memref.load %table[%w, %c4] : memref<8x5xindex>
    %up = arith.cmpi ne, %increase, %c0 : index
    %low = arith.andi %count, %c7 : index
    %aligned = arith.cmpi eq, %low, %c0 : index
    %above = arith.cmpi uge, %count, %c24 : index
    %below = arith.cmpi ule, %count, %c256 : index
    %grows = arith.cmpi uge, %count, %now : index
    %shrinks = arith.cmpi ule, %count, %now : index
    %direction = arith.select %up, %grows, %shrinks : i1
    %in_range = arith.andi %above, %below : i1
    %ok1 = arith.andi %aligned, %in_range : i1
    %ok = arith.andi %ok1, %direction : i1
    %msg = llvm.mlir.addressof @block_sim_message_setmaxnreg_count : !llvm.ptr
    func.call @block_sim_check(%ok, %msg) : (i1, !llvm.ptr) -> ()
    %pool = memref.get_global @block_sim_register_pool : memref<1xindex>
    %free = memref.load %pool[%c0] : memref<1xindex>
    // The pool after the request (a decrease adds, an increase takes).
    %more = arith.subi %count, %now : index
    %fewer = arith.subi %now, %count : index
    %taken = arith.muli %more, %c128 : index
    %given = arith.muli %fewer, %c128 : index
    %enough = arith.cmpi uge, %free, %taken : index
    %grant = arith.select %up, %enough, %up : i1
    %true = arith.constant true
    %decrease = arith.xori %up, %true : i1
    %granted = arith.ori %grant, %decrease : i1
    scf.if %granted {
      %after_up = arith.subi %free, %taken : index
      %after_down = arith.addi %free, %given : index
      %after = arith.select %up, %after_up, %after_down : index
      memref.store %after, %pool[%c0] : memref<1xindex>
      memref.store %count, %table[%w, %c4] : memref<8x5xindex>
      %g = memref.load %table[%w, %c0] : memref<8x5xindex>
      %g1 = arith.addi %g, %c1 : index
      memref.store %g1, %table[%w, %c0] : memref<8x5xindex>
      memref.store %c0, %table[%w, %c1] : memref<8x5xindex>
      func.call @block_sim_progress() : () -> ()
    }
  }
  return
}

// 1 when thread `t`'s last setmaxnreg has been granted to its warpgroup.
func.func @block_sim_setmaxnreg_ready(%t: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %w = arith.divui %t, %c128 : index
  func.call @block_sim_setmaxnreg_grant(%w) : (index) -> ()
  %table = memref.get_global @block_sim_registers : memref<8x5xindex>
  %granted = memref.load %table[%w, %c0] : memref<8x5xindex>
  %requests = memref.get_global @block_sim_register_requests : memref<1024xindex>
  %r = memref.load %requests[%t] : memref<1024xindex>
  %done = arith.cmpi uge, %granted, %r : index
  %answer = arith.select %done, %c1, %c0 : index
  return %answer : index
}
