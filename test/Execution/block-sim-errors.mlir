// The block model's runtime checks: threads that stop at different barriers
// (a barrier under thread-dependent control flow: a hang or undefined
// behaviour on a GPU), a block larger than the model holds (refused by the
// pass), threads that
// wait on an mbarrier phase some thread never arrives on (a hang), an
// mbarrier used before its initialization, a phase whose bulk copies do not
// add up to the bytes it expects, and more mbarriers than the model holds
// end the run with a message and exit code 1; so do the warpgroups'
// setmaxnreg misuse, a grid the test has not set, and a view of a kernel
// argument past its end.
// RUN: split-file %s %t
// RUN: cat %t/divergent.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm \
// RUN:   | not %run-cpu 2>&1 | FileCheck %s --check-prefix=DIVERGENT
// DIVERGENT: block-sim: threads of one block reached different barriers (divergent control flow)
// A block larger than the model holds is refused by the pass itself now
// (blocks of at most 1024 threads, as on a GPU; issue 40's audit found the
// slot arithmetic of 2^31 - 1 threads overflowing); the runtime keeps its
// own check behind it.
// RUN: cat %t/large.mlir %S/Inputs/block-sim.mlir | not asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block 2>&1 | FileCheck %s --check-prefix=LARGE
// LARGE: error: asyncpipe-lower-block runs blocks of at most 1024 threads (as a GPU does); this kernel's has 2048
// RUN: cat %t/hang.mlir %t/main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm \
// RUN:   | not %run-cpu 2>&1 | FileCheck %s --check-prefix=HANG
// HANG: block-sim: threads wait for what no thread will do: an mbarrier phase, the rest of a warpgroup at a wgmma.wait_group, or registers for a setmaxnreg (a hang on the GPU)
// RUN: cat %t/uninitialized.mlir %t/main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm \
// RUN:   | not %run-cpu 2>&1 | FileCheck %s --check-prefix=UNINITIALIZED
// UNINITIALIZED: block-sim: an mbarrier used before it was initialized
// RUN: cat %t/bytes.mlir %t/main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm \
// RUN:   | not %run-cpu 2>&1 | FileCheck %s --check-prefix=BYTES
// BYTES: block-sim: an mbarrier phase's bulk copies do not add up to the bytes it expects
// RUN: cat %t/mbarriers.mlir %t/main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm \
// RUN:   | not %run-cpu 2>&1 | FileCheck %s --check-prefix=MBARRIERS
// MBARRIERS: block-sim: more mbarriers than the model holds (4096)
// The same kernels with every thread arriving, the expected bytes, and 4096
// mbarriers run to the end:
// RUN: sed -e 's/%few = arith.constant 2/%few = arith.constant 4/' %t/hang.mlir > %t/hang-fixed.mlir
// RUN: cat %t/hang-fixed.mlir %t/main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu
// RUN: sed -e 's/expect_tx %bar, %c32/expect_tx %bar, %c16/' %t/bytes.mlir > %t/bytes-fixed.mlir
// RUN: cat %t/bytes-fixed.mlir %t/main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu
// setmaxnreg (warp-specialized kernels): a warpgroup whose threads run
// different ones, an increase no other warpgroup frees registers for (a
// hang: 384 threads start with 168 registers each, and the pool is
// empty), an increase to fewer registers than the warpgroup has (160; the
// op's verifier refuses counts that are not multiples of 8), and a kernel reading
// gpu.grid_dim the test has not set; then the roles' budgets (one
// warpgroup down to 40, two up to 232) run to the end.
// RUN: cat %t/registers.mlir %t/main.mlir %S/Inputs/block-sim.mlir | sed -e '0,/decrease 40/s//decrease 48/' \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | not %run-cpu 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: block-sim: threads of one warpgroup ran different setmaxnreg (the whole warpgroup must run the same one)
// RUN: cat %t/registers.mlir %t/main.mlir %S/Inputs/block-sim.mlir | sed -e 's/%dec = arith.constant 2/%dec = arith.constant 3/' \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | not %run-cpu 2>&1 | FileCheck %s --check-prefix=HANG
// RUN: cat %t/registers.mlir %t/main.mlir %S/Inputs/block-sim.mlir | sed -e 's/increase 232/increase 160/' \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | not %run-cpu 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: block-sim: a setmaxnreg count that is not a multiple of 8 from 24 to 256, or an increase below (a decrease above) the warpgroup's registers
// RUN: cat %t/grid.mlir %t/main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm \
// RUN:   | not %run-cpu 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: block-sim: the kernel reads gpu.grid_dim, which the test has not set (block_sim_configure_grid)
// RUN: cat %t/registers.mlir %t/main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu
// A block whose view of a kernel argument reaches past its end (block 2 of
// a kernel with two blocks' worth of output) stops the run, instead of
// writing the host's memory; block 1 runs to the end.
// RUN: cat %t/view.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm \
// RUN:   | not %run-cpu 2>&1 | FileCheck %s --check-prefix=VIEW
// VIEW: block-sim: a view of a kernel argument reaches past its end (a block past the kernel's tiles, or a wrong offset)
// RUN: sed -e 's/%block = arith.constant 2 : index/%block = arith.constant 1 : index/' %t/view.mlir | cat - %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu
// RUN: sed -e 's/%c4097 = arith.constant 4097/%c4097 = arith.constant 4096/' %t/mbarriers.mlir > %t/mbarriers-fixed.mlir
// RUN: cat %t/mbarriers-fixed.mlir %t/main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu

//--- divergent.mlir
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c2 : index
    scf.if %low {
      gpu.barrier
    }
    gpu.return
  }
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c0_ = arith.constant 0 : index
  func.call @block_sim_configure(%c0, %c0, %c0_) : (index, index, index) -> ()
  func.call @k(%c0) : (index) -> ()
  return
}

//--- large.mlir
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 2048, 1, 1>} {
    gpu.return
  }
}
func.func @main() {
  %c0 = arith.constant 0 : index
  func.call @block_sim_configure(%c0, %c0, %c0) : (index, index, index) -> ()
  func.call @k(%c0) : (index) -> ()
  return
}

//--- main.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  func.call @block_sim_configure(%c0, %c0, %c0) : (index, index, index) -> ()
  func.call @k(%c0) : (index) -> ()
  return
}

//--- hang.mlir
// Thread 0 initializes an mbarrier for the block's 4 threads, but only
// threads 0 and 1 arrive: the others' wait never completes.
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    %few = arith.constant 2 : index
    %c4_i32 = arith.constant 4 : i32
    %parity = arith.constant 0 : i32
    %ticks = arith.constant 1000 : i32
    %slots = memref.alloc() : memref<1xi64, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %base = memref.extract_aligned_pointer_as_index %slots : memref<1xi64, #gpu.address_space<workgroup>> -> index
    %int = arith.index_cast %base : index to i64
    %bar = llvm.inttoptr %int : i64 to !llvm.ptr<3>
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvvm.mbarrier.init %bar, %c4_i32 : !llvm.ptr<3>, i32
    }
    gpu.barrier
    %arrives = arith.cmpi ult, %tid, %few : index
    scf.if %arrives {
      %state = nvvm.mbarrier.arrive %bar : !llvm.ptr<3> -> i64
    }
    nvvm.mbarrier.try_wait.parity %bar, %parity, %ticks : !llvm.ptr<3>, i32, i32
    gpu.return
  }
}

//--- uninitialized.mlir
// Nobody initializes the mbarrier the threads arrive on.
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %slots = memref.alloc() : memref<1xi64, #gpu.address_space<workgroup>>
    %base = memref.extract_aligned_pointer_as_index %slots : memref<1xi64, #gpu.address_space<workgroup>> -> index
    %int = arith.index_cast %base : index to i64
    %bar = llvm.inttoptr %int : i64 to !llvm.ptr<3>
    %state = nvvm.mbarrier.arrive %bar : !llvm.ptr<3> -> i64
    gpu.return
  }
}

//--- bytes.mlir
// One thread expects 32 bytes on the mbarrier but copies 16.
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %one = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %parity = arith.constant 0 : i32
    %ticks = arith.constant 1000 : i32
    %src = memref.alloc() : memref<4xf32>
    %dst = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
    %slots = memref.alloc() : memref<1xi64, #gpu.address_space<workgroup>>
    %base = memref.extract_aligned_pointer_as_index %slots : memref<1xi64, #gpu.address_space<workgroup>> -> index
    %int = arith.index_cast %base : index to i64
    %bar = llvm.inttoptr %int : i64 to !llvm.ptr<3>
    %s = memref.extract_aligned_pointer_as_index %src : memref<4xf32> -> index
    %si = arith.index_cast %s : index to i64
    %from = llvm.inttoptr %si : i64 to !llvm.ptr<1>
    %d = memref.extract_aligned_pointer_as_index %dst : memref<4xf32, #gpu.address_space<workgroup>> -> index
    %di = arith.index_cast %d : index to i64
    %to3 = llvm.inttoptr %di : i64 to !llvm.ptr<3>
    %to = llvm.addrspacecast %to3 : !llvm.ptr<3> to !llvm.ptr<7>
    nvvm.mbarrier.init %bar, %one : !llvm.ptr<3>, i32
    nvvm.mbarrier.expect_tx %bar, %c32 : !llvm.ptr<3>, i32
    nvvm.cp.async.bulk.shared.cluster.global %to, %from, %bar, %c16 : !llvm.ptr<7>, !llvm.ptr<1>
    %state = nvvm.mbarrier.arrive %bar : !llvm.ptr<3> -> i64
    nvvm.mbarrier.try_wait.parity %bar, %parity, %ticks : !llvm.ptr<3>, i32, i32
    gpu.return
  }
}

//--- mbarriers.mlir
// One thread initializes 4097 mbarriers.
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c4097 = arith.constant 4097 : index
    %one = arith.constant 1 : i32
    %slots = memref.alloc() : memref<4097xi64, #gpu.address_space<workgroup>>
    %base = memref.extract_aligned_pointer_as_index %slots : memref<4097xi64, #gpu.address_space<workgroup>> -> index
    scf.for %k = %c0 to %c4097 step %c1 {
      %offset = arith.muli %k, %c8 : index
      %address = arith.addi %base, %offset : index
      %int = arith.index_cast %address : index to i64
      %bar = llvm.inttoptr %int : i64 to !llvm.ptr<3>
      nvvm.mbarrier.init %bar, %one : !llvm.ptr<3>, i32
    }
    gpu.return
  }
}

//--- registers.mlir
// Warpgroup 2 (threads from 128 %dec) gives registers up (its threads above
// 300 through a branch of their own, which a test makes differ); warpgroups
// 0 and 1 take them.
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c128 = arith.constant 128 : index
    %dec = arith.constant 2 : index
    %first = arith.muli %c128, %dec : index
    %tid = gpu.thread_id x
    %producer = arith.cmpi uge, %tid, %first : index
    scf.if %producer {
      %odd = arith.constant 300 : index
      %wrong = arith.cmpi ugt, %tid, %odd : index
      scf.if %wrong {
        nvvm.setmaxregister  decrease 40
      } else {
        nvvm.setmaxregister  decrease 40
      }
    } else {
      nvvm.setmaxregister  increase 232
    }
    gpu.return
  }
}

//--- grid.mlir
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %grid = gpu.grid_dim x
    %blocks = memref.alloc() : memref<1xindex, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    memref.store %grid, %blocks[%c0] : memref<1xindex, #gpu.address_space<workgroup>>
    gpu.return
  }
}

//--- view.mlir
func.func private @k(memref<4xf32>, index)
gpu.module @kernels {
  gpu.func @k(%out: memref<4xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %bid = gpu.block_id x
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1.0 : f32
    %at = arith.muli %bid, %c2 : index
    %part = memref.subview %out[%at] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
    memref.store %one, %part[%c0] : memref<2xf32, strided<[1], offset: ?>>
    gpu.return
  }
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %block = arith.constant 2 : index
  %out = memref.alloc() : memref<4xf32>
  func.call @block_sim_configure(%c0, %c0, %c0) : (index, index, index) -> ()
  func.call @k(%out, %block) : (memref<4xf32>, index) -> ()
  memref.dealloc %out : memref<4xf32>
  return
}
