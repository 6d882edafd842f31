// A CPU model of the mbarrier protocol that asyncpipe-to-nvgpu emits for
// bulk queues, with bulk copies that complete as late as the protocol allows.
// test/tools/bulk-to-cpu.py turns the NVVM ops into calls of these
// functions; each simulated thread is alone in its block (arrival count 1).
//
// A barrier's 8 bytes hold its state: bit 0 the parity of its current phase,
// bit 1 whether the phase has had its arrival, bits 32 and up the bytes the
// phase expects (expect_tx). A bulk copy is only recorded; it happens when a
// wait completes its barrier's phase. So a wait that is missing, or that
// names another group, leaves the data stale, and the kernel's result wrong.
// Protocol errors print a message and stop the run with exit code 1: waiting on a phase nobody
// arrived on (a hang on the GPU), a second arrival or a copy on a phase that
// already had its arrival (a ring too small), and a phase whose copies do
// not add up to the bytes it expects (a hang or an early completion).

llvm.mlir.global internal constant @sim_message_alone("sim: a simulated thread is alone in its block\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @sim_message_expect("sim: expect_tx on a phase that already had its arrival (the ring is too small)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @sim_message_copy("sim: bulk copy on a phase that already had its arrival (the ring is too small)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @sim_message_room("sim: too many bulk copies in flight\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @sim_message_arrive("sim: a second arrival on one phase (the ring is too small)\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @sim_message_hang("sim: a wait on a phase that no thread has arrived on would hang\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @sim_message_bytes("sim: a phase's bulk copies do not add up to the bytes it expects\00") {addr_space = 0 : i32}
llvm.func @puts(!llvm.ptr) -> i32
llvm.func @exit(i32)

// Prints `message` and exits with 1 unless `ok` (exit, unlike abort, flushes
// the output that came before).
func.func private @sim_check(%ok: i1, %message: !llvm.ptr) {
  %true = arith.constant true
  %failed = arith.xori %ok, %true : i1
  scf.if %failed {
    %0 = llvm.call @puts(%message) : (!llvm.ptr) -> i32
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.call @exit(%one) : (i32) -> ()
  }
  return
}

memref.global "private" @sim_pending : memref<4096x4xi64> = uninitialized
memref.global "private" @sim_count : memref<1xindex> = dense<0>

func.func private @sim_state(%bar: !llvm.ptr<3>) -> (!llvm.ptr, i64) {
  %int = llvm.ptrtoint %bar : !llvm.ptr<3> to i64
  %p = llvm.inttoptr %int : i64 to !llvm.ptr
  %s = llvm.load %p : !llvm.ptr -> i64
  return %p, %s : !llvm.ptr, i64
}

func.func private @sim_mbarrier_init(%bar: !llvm.ptr<3>, %count: i32) {
  %one = arith.constant 1 : i32
  %alone = arith.cmpi eq, %count, %one : i32
  %msg_alone = llvm.mlir.addressof @sim_message_alone : !llvm.ptr
  func.call @sim_check(%alone, %msg_alone) : (i1, !llvm.ptr) -> ()
  %p, %s = func.call @sim_state(%bar) : (!llvm.ptr<3>) -> (!llvm.ptr, i64)
  %zero = arith.constant 0 : i64
  llvm.store %zero, %p : i64, !llvm.ptr
  return
}

func.func private @sim_open(%s: i64) -> i1 {
  %two = arith.constant 2 : i64
  %arrived = arith.andi %s, %two : i64
  %zero = arith.constant 0 : i64
  %open = arith.cmpi eq, %arrived, %zero : i64
  return %open : i1
}

func.func private @sim_expect_tx(%bar: !llvm.ptr<3>, %bytes: i32) {
  %p, %s = func.call @sim_state(%bar) : (!llvm.ptr<3>) -> (!llvm.ptr, i64)
  %open = func.call @sim_open(%s) : (i64) -> i1
  %msg_expect = llvm.mlir.addressof @sim_message_expect : !llvm.ptr
  func.call @sim_check(%open, %msg_expect) : (i1, !llvm.ptr) -> ()
  %b = arith.extui %bytes : i32 to i64
  %c32 = arith.constant 32 : i64
  %shifted = arith.shli %b, %c32 : i64
  %n = arith.addi %s, %shifted : i64
  llvm.store %n, %p : i64, !llvm.ptr
  return
}

func.func private @sim_bulk_copy(%dst: !llvm.ptr<7>, %src: !llvm.ptr<1>, %bar: !llvm.ptr<3>, %bytes: i32) {
  %p, %s = func.call @sim_state(%bar) : (!llvm.ptr<3>) -> (!llvm.ptr, i64)
  %open = func.call @sim_open(%s) : (i64) -> i1
  %msg_copy = llvm.mlir.addressof @sim_message_copy : !llvm.ptr
  func.call @sim_check(%open, %msg_copy) : (i1, !llvm.ptr) -> ()
  %pending = memref.get_global @sim_pending : memref<4096x4xi64>
  %count = memref.get_global @sim_count : memref<1xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = memref.load %count[%c0] : memref<1xindex>
  %limit = arith.constant 4096 : index
  %room = arith.cmpi ult, %n, %limit : index
  %msg_room = llvm.mlir.addressof @sim_message_room : !llvm.ptr
  func.call @sim_check(%room, %msg_room) : (i1, !llvm.ptr) -> ()
  %b = llvm.ptrtoint %bar : !llvm.ptr<3> to i64
  %d = llvm.ptrtoint %dst : !llvm.ptr<7> to i64
  %f = llvm.ptrtoint %src : !llvm.ptr<1> to i64
  %size = arith.extui %bytes : i32 to i64
  memref.store %b, %pending[%n, %c0] : memref<4096x4xi64>
  memref.store %d, %pending[%n, %c1] : memref<4096x4xi64>
  memref.store %f, %pending[%n, %c2] : memref<4096x4xi64>
  memref.store %size, %pending[%n, %c3] : memref<4096x4xi64>
  %next = arith.addi %n, %c1 : index
  memref.store %next, %count[%c0] : memref<1xindex>
  return
}

func.func private @sim_arrive(%bar: !llvm.ptr<3>) -> i64 {
  %p, %s = func.call @sim_state(%bar) : (!llvm.ptr<3>) -> (!llvm.ptr, i64)
  %open = func.call @sim_open(%s) : (i64) -> i1
  %msg_arrive = llvm.mlir.addressof @sim_message_arrive : !llvm.ptr
  func.call @sim_check(%open, %msg_arrive) : (i1, !llvm.ptr) -> ()
  %two = arith.constant 2 : i64
  %n = arith.ori %s, %two : i64
  llvm.store %n, %p : i64, !llvm.ptr
  return %s : i64
}

// Completes the barrier's current phase if `parity` names it: performs and
// drops its pending copies, checks their bytes, and moves to the next phase.
func.func private @sim_try_wait_parity(%bar: !llvm.ptr<3>, %parity: i32, %ticks: i32) {
  %p, %s = func.call @sim_state(%bar) : (!llvm.ptr<3>) -> (!llvm.ptr, i64)
  %one = arith.constant 1 : i64
  %phase = arith.andi %s, %one : i64
  %want = arith.extui %parity : i32 to i64
  %current = arith.cmpi eq, %phase, %want : i64
  scf.if %current {
    %true = arith.constant true
    %open = func.call @sim_open(%s) : (i64) -> i1
    %arrived = arith.xori %open, %true : i1
    %msg_hang = llvm.mlir.addressof @sim_message_hang : !llvm.ptr
    func.call @sim_check(%arrived, %msg_hang) : (i1, !llvm.ptr) -> ()
    %pending = memref.get_global @sim_pending : memref<4096x4xi64>
    %count = memref.get_global @sim_count : memref<1xindex>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %n = memref.load %count[%c0] : memref<1xindex>
    %b = llvm.ptrtoint %bar : !llvm.ptr<3> to i64
    %zero = arith.constant 0 : i64
    // Copies of this barrier happen; the others move down the table.
    %kept, %done = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0, %sum = %zero) -> (index, i64) {
      %slot = memref.load %pending[%i, %c0] : memref<4096x4xi64>
      %d = memref.load %pending[%i, %c1] : memref<4096x4xi64>
      %f = memref.load %pending[%i, %c2] : memref<4096x4xi64>
      %size = memref.load %pending[%i, %c3] : memref<4096x4xi64>
      %mine = arith.cmpi eq, %slot, %b : i64
      %r:2 = scf.if %mine -> (index, i64) {
        %dp = llvm.inttoptr %d : i64 to !llvm.ptr
        %fp = llvm.inttoptr %f : i64 to !llvm.ptr
        "llvm.intr.memcpy"(%dp, %fp, %size) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
        %s2 = arith.addi %sum, %size : i64
        scf.yield %k, %s2 : index, i64
      } else {
        memref.store %slot, %pending[%k, %c0] : memref<4096x4xi64>
        memref.store %d, %pending[%k, %c1] : memref<4096x4xi64>
        memref.store %f, %pending[%k, %c2] : memref<4096x4xi64>
        memref.store %size, %pending[%k, %c3] : memref<4096x4xi64>
        %k2 = arith.addi %k, %c1 : index
        scf.yield %k2, %sum : index, i64
      }
      scf.yield %r#0, %r#1 : index, i64
    }
    memref.store %kept, %count[%c0] : memref<1xindex>
    %c32 = arith.constant 32 : i64
    %expected = arith.shrui %s, %c32 : i64
    %same = arith.cmpi eq, %expected, %done : i64
    %msg_bytes = llvm.mlir.addressof @sim_message_bytes : !llvm.ptr
    func.call @sim_check(%same, %msg_bytes) : (i1, !llvm.ptr) -> ()
    %next = arith.xori %phase, %one : i64
    llvm.store %next, %p : i64, !llvm.ptr
  }
  return
}
