// The document's signal/wait example (mlir-foreach-thread-rfc: "this form
// allows representing the simple signal/wait construct, for which ...
// scf.parallel is not expressive enough"): thread 0 waits for a flag that
// thread 1 sets. It completes only if the two threads run concurrently.
//
// How a deadlock is detected instead of hanging: the wait spins on an
// atomic read of the flag and gives up after 2 seconds of wall-clock time
// (rtclock from the runner's C utilities), recording whether it saw the
// signal. The program prints [thread 0 saw the signal, thread 1 signalled].
// (It is a race by design, so par-verify-disjoint rejects it: the flag is
// one element every thread may write.)
// On the async runtime's threads, one task per thread: both run at once.
// RUN: asyncpipe-opt %s --par-to-async %lower-async %lower-to-llvm | %run-async | FileCheck %s --check-prefix=CONCURRENT
// CONCURRENT: data =
// CONCURRENT-NEXT: [1, 1]
// Sequentially (par-to-scf), or with both threads in one task, thread 0
// waits for a signal that comes only after it: the wait times out.
// RUN: asyncpipe-opt %s --par-to-scf %lower-to-llvm | %run-async | FileCheck %s --check-prefix=SEQUENTIAL
// RUN: asyncpipe-opt %s --par-to-async=chunk=2 %lower-async %lower-to-llvm | %run-async | FileCheck %s --check-prefix=SEQUENTIAL
// SEQUENTIAL: data =
// SEQUENTIAL-NEXT: [0, 1]
// RUN: not asyncpipe-opt %s --par-verify-disjoint -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: threads (0) and (1) of 'par.foreach_thread' overlap

func.func private @printMemrefI32(memref<*xi32>)
func.func private @rtclock() -> f64

func.func @signal_wait(%flag: memref<1xi32>, %out: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %false = arith.constant false
  %true = arith.constant true
  %limit = arith.constant 2.0 : f64
  par.foreach_thread (%t) in (%c2) {
    %is0 = arith.cmpi eq, %t, %c0 : index
    scf.if %is0 {
      // wait(): spin on the flag, at most 2 s.
      %start = func.call @rtclock() : () -> f64
      %seen = scf.while (%s = %false) : (i1) -> i1 {
        %v = memref.atomic_rmw addi %zero, %flag[%c0] : (i32, memref<1xi32>) -> i32
        %set = arith.cmpi eq, %v, %one : i32
        %now = func.call @rtclock() : () -> f64
        %elapsed = arith.subf %now, %start : f64
        %late = arith.cmpf ogt, %elapsed, %limit : f64
        %stop = arith.ori %set, %late : i1
        %go = arith.xori %stop, %true : i1
        scf.condition(%go) %set : i1
      } do {
      ^bb0(%x: i1):
        scf.yield %x : i1
      }
      %recorded = arith.extui %seen : i1 to i32
      memref.store %recorded, %out[%c0] : memref<2xi32>
    }
    %is1 = arith.cmpi eq, %t, %c1 : index
    scf.if %is1 {
      // signal()
      %old = memref.atomic_rmw assign %one, %flag[%c0] : (i32, memref<1xi32>) -> i32
      memref.store %one, %out[%c1] : memref<2xi32>
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %flag = memref.alloc() : memref<1xi32>
  %out = memref.alloc() : memref<2xi32>
  linalg.fill ins(%zero : i32) outs(%flag : memref<1xi32>)
  linalg.fill ins(%zero : i32) outs(%out : memref<2xi32>)
  call @signal_wait(%flag, %out) : (memref<1xi32>, memref<2xi32>) -> ()
  %p = memref.cast %out : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%p) : (memref<*xi32>) -> ()
  return
}
