// Host code for examples/tensor_core_gemm_tma.mlir lowered for sm_90a (128 x
// 128 block tiles: 16 blocks, in groups of 4 tile rows) on the CPU block
// model of asyncpipe-lower-block: integer-valued f16 A and B (every product
// and sum is exact in f32), the reference C from linalg.matmul (f16 inputs,
// f32 accumulation), the two tensor maps the kernel takes (for the model:
// the source's address, its row stride in bytes, the box's rows and
// columns; block_sim_tensor_copy), made once per buffer, and runs of the
// kernel's blocks under several schedules. Each run prints how many of its
// outputs differ from linalg.matmul's. @main's %grid is 0 for a kernel
// that computes the 128 x 128 tile t (rows t % 4, columns t / 4) in block
// t; a test substitutes its grid for a persistent kernel (its blocks walk
// the tiles) or one re-tiled (asyncpipe-tile-gemm: the blocks its tiles
// need), and C is then checked element by element.

func.func private @printI64(i64)
func.func private @printNewline()
// The block driver asyncpipe-lower-block makes of the kernel.
func.func private @tensor_core_gemm_tma(memref<512x512xf16>, memref<512x512xf16>, memref<512x512xf32>, !llvm.ptr, !llvm.ptr, index)

// A tensor map of `m` (512 x 512 f16) with boxes of `rows` x 64.
func.func @tensor_map(%m: memref<512x512xf16>, %rows: i64) -> !llvm.ptr {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %map = memref.alloc() : memref<4xi64>
  %base = memref.extract_aligned_pointer_as_index %m : memref<512x512xf16> -> index
  %b = arith.index_cast %base : index to i64
  %stride = arith.constant 1024 : i64
  %columns = arith.constant 64 : i64
  memref.store %b, %map[%c0] : memref<4xi64>
  memref.store %stride, %map[%c1] : memref<4xi64>
  memref.store %rows, %map[%c2] : memref<4xi64>
  memref.store %columns, %map[%c3] : memref<4xi64>
  %at = memref.extract_aligned_pointer_as_index %map : memref<4xi64> -> index
  %i = arith.index_cast %at : index to i64
  %p = llvm.inttoptr %i : i64 to !llvm.ptr
  return %p : !llvm.ptr
}

// Blocks first, first + stride, ... under one schedule, below 16 (`grid`
// 0: block t computes the 128 x 128 tile t), or below `grid` (a persistent
// kernel on that grid, or one whose own tiles and order the test does not
// know): returns how many outputs of those blocks' tiles differ from
// `ref`; with `grid`, how many of C's elements do (after a run of every
// block), or of those the run wrote (not NaN).
func.func @run(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %ref: memref<512x512xf32>, %map_a: !llvm.ptr, %map_b: !llvm.ptr,
               %order: index, %seed: index, %copies: index, %first: index, %stride: index, %grid: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %nan = arith.constant 0x7FC00000 : f32
  %C = memref.alloc() : memref<512x512xf32>
  linalg.fill ins(%nan : f32) outs(%C : memref<512x512xf32>)
  func.call @block_sim_configure(%order, %seed, %copies) : (index, index, index) -> ()
  %by_grid = arith.cmpi ne, %grid, %c0 : index
  %blocks = arith.select %by_grid, %grid, %c16 : index
  func.call @block_sim_configure_grid(%blocks) : (index) -> ()
  scf.for %bid = %first to %blocks step %stride {
    func.call @tensor_core_gemm_tma(%A, %B, %C, %map_a, %map_b, %bid) : (memref<512x512xf16>, memref<512x512xf16>, memref<512x512xf32>, !llvm.ptr, !llvm.ptr, index) -> ()
  }
  %bad = scf.if %by_grid -> (index) {
    // Element by element: every one after a run of every block, those the
    // run wrote (not NaN) after a run of some.
    %every = arith.cmpi eq, %first, %c0 : index
    %one_by_one = arith.cmpi eq, %stride, %c1 : index
    %full = arith.andi %every, %one_by_one : i1
    %c512 = arith.constant 512 : index
    %all = scf.for %i = %c0 to %c512 step %c1 iter_args(%k = %c0) -> (index) {
      %line = scf.for %j = %c0 to %c512 step %c1 iter_args(%l = %k) -> (index) {
        %got = memref.load %C[%i, %j] : memref<512x512xf32>
        %want = memref.load %ref[%i, %j] : memref<512x512xf32>
        %differs = arith.cmpf une, %got, %want : f32
        %written = arith.cmpf ord, %got, %got : f32
        %counts = arith.ori %full, %written : i1
        %wrong = arith.andi %differs, %counts : i1
        %one = arith.select %wrong, %c1, %c0 : index
        %l2 = arith.addi %l, %one : index
        scf.yield %l2 : index
      }
      scf.yield %line : index
    }
    scf.yield %all : index
  } else {
    %tiles = scf.for %t = %c0 to %c16 step %c1 iter_args(%n = %c0) -> (index) {
      // Block t's tile, if it ran: rows t % 4, columns t / 4.
      %after = arith.cmpi uge, %t, %first : index
      %d = arith.subi %t, %first : index
      %m = arith.remui %d, %stride : index
      %on = arith.cmpi eq, %m, %c0 : index
      %ran = arith.andi %after, %on : i1
      %counted = scf.if %ran -> (index) {
        %bm = arith.remui %t, %c4 : index
        %bn = arith.divui %t, %c4 : index
        %row0 = arith.muli %bm, %c128 : index
        %col0 = arith.muli %bn, %c128 : index
        %tile = scf.for %i = %c0 to %c128 step %c1 iter_args(%k = %n) -> (index) {
          %row = arith.addi %row0, %i : index
          %line = scf.for %j = %c0 to %c128 step %c1 iter_args(%l = %k) -> (index) {
            %col = arith.addi %col0, %j : index
            %got = memref.load %C[%row, %col] : memref<512x512xf32>
            %want = memref.load %ref[%row, %col] : memref<512x512xf32>
            %same = arith.cmpf oeq, %got, %want : f32
            %one = arith.select %same, %c0, %c1 : index
            %l2 = arith.addi %l, %one : index
            scf.yield %l2 : index
          }
          scf.yield %line : index
        }
        scf.yield %tile : index
      } else {
        scf.yield %n : index
      }
      scf.yield %counted : index
    }
    scf.yield %tiles : index
  }
  memref.dealloc %C : memref<512x512xf32>
  %r = arith.index_cast %bad : index to i64
  return %r : i64
}

func.func @print(%v: i64) {
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c512 = arith.constant 512 : index
  %zero = arith.constant 0.0 : f32
  // 0: block t computes the 128 x 128 tile t; a test substitutes the grid
  // of a persistent or re-tiled kernel.
  %grid = arith.constant 0 : index
  %A = memref.alloc() : memref<512x512xf16>
  %B = memref.alloc() : memref<512x512xf16>
  %ref = memref.alloc() : memref<512x512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    scf.for %j = %c0 to %c512 step %c1 {
      // A[i][j] = (3i + 5j) mod 7 - 3, B[i][j] = (2i + 3j) mod 5 - 2: neither
      // is symmetric in i and j (a fragment read transposed shows).
      %i3 = arith.muli %i, %c3 : index
      %j5 = arith.muli %j, %c5 : index
      %x = arith.addi %i3, %j5 : index
      %xm = arith.remui %x, %c7 : index
      %xa = arith.subi %xm, %c3 : index
      %i2 = arith.muli %i, %c2 : index
      %j3 = arith.muli %j, %c3 : index
      %y = arith.addi %i2, %j3 : index
      %ym = arith.remui %y, %c5 : index
      %yb = arith.subi %ym, %c2 : index
      %xi = arith.index_cast %xa : index to i64
      %yi = arith.index_cast %yb : index to i64
      %xf = arith.sitofp %xi : i64 to f16
      %yf = arith.sitofp %yi : i64 to f16
      memref.store %xf, %A[%i, %j] : memref<512x512xf16>
      memref.store %yf, %B[%i, %j] : memref<512x512xf16>
    }
  }
  linalg.fill ins(%zero : f32) outs(%ref : memref<512x512xf32>)
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%ref : memref<512x512xf32>)
  %rows_a = arith.constant 128 : i64
  %rows_b = arith.constant 64 : i64
  %map_a = func.call @tensor_map(%A, %rows_a) : (memref<512x512xf16>, i64) -> !llvm.ptr
  %map_b = func.call @tensor_map(%B, %rows_b) : (memref<512x512xf16>, i64) -> !llvm.ptr
  // Every block, threads in order, copies late.
  %all = func.call @run(%A, %B, %ref, %map_a, %map_b, %c0, %c0, %c0, %c0, %c1, %grid) : (memref<512x512xf16>, memref<512x512xf16>, memref<512x512xf32>, !llvm.ptr, !llvm.ptr, index, index, index, index, index, index) -> i64
  func.call @print(%all) : (i64) -> ()
  // Blocks 0 and 10 (tiles (0, 0) and (2, 2)) under orders forward, reverse and three
  // seeded random ones, copies late then early.
  scf.for %copies = %c0 to %c2 step %c1 {
    scf.for %k = %c0 to %c5 step %c1 {
      %random = arith.cmpi uge, %k, %c2 : index
      %order = arith.select %random, %c2, %k : index
      %bad = func.call @run(%A, %B, %ref, %map_a, %map_b, %order, %k, %copies, %c0, %c10, %grid) : (memref<512x512xf16>, memref<512x512xf16>, memref<512x512xf32>, !llvm.ptr, !llvm.ptr, index, index, index, index, index, index) -> i64
      func.call @print(%bad) : (i64) -> ()
    }
  }
  // The same blocks under the starving order (3) with 5 seeds, copies late
  // then early: warps sit rounds out and threads freeze after their copies,
  // so that one falls K steps behind another. (A test may substitute order
  // 4 for `%starving = arith.constant 3`: the upper half of the warps held
  // back while the others can run.)
  %starving = arith.constant 3 : index
  scf.for %copies = %c0 to %c2 step %c1 {
    scf.for %k = %c0 to %c5 step %c1 {
      %bad = func.call @run(%A, %B, %ref, %map_a, %map_b, %starving, %k, %copies, %c0, %c10, %grid) : (memref<512x512xf16>, memref<512x512xf16>, memref<512x512xf32>, !llvm.ptr, !llvm.ptr, index, index, index, index, index, index) -> i64
      func.call @print(%bad) : (i64) -> ()
    }
  }
  return
}
