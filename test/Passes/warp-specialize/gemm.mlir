// asyncpipe-warp-specialize on the main job's sm_90a GEMM as written
// (examples/tensor_core_gemm_tma.mlir: two warpgroups, 128 x 128 tiles, K
// steps of 64, the MMA in async stage 2): one more warpgroup (2, threads
// 256-383) becomes the producer, whose thread 256 fills a ring of slots
// with tensor-map copies; warpgroups 0-1 stay the consumers (the MMA's rows
// do not move). Full mbarriers count one arrival (the producer's) and the
// slot's bytes; empty ones one elected arrival per consumer warpgroup.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize=slots=4 | FileCheck %s
// The default rule: as many 32 KiB slots as fit in 227 KiB less 16 KiB.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize | FileCheck %s --check-prefix=RULE
// RULE: slot_bytes = 32768 : i64, slots = 6 : i64
// RULE: memref<6x128x64xf16
// The budgets follow the producer's registers: 168 at launch for 384
// threads; 24 given back frees room for 240 (the most asyncpipe takes).
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize=producer-registers=24 | FileCheck %s --check-prefix=P24
// P24: registers = array<i64: 168, 24, 240>
// P24: nvvm.setmaxregister decrease 24
// P24: nvvm.setmaxregister increase 240
// Persistent: a block walks tiles bid, bid + grid, ... of the 16; its ring's
// slot, phase and whether an iteration ran are carried from tile to tile;
// each tile zeroes its accumulator and stores it.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize="persistent=true slots=4" | FileCheck %s --check-prefix=PERSISTENT
// PERSISTENT: tiles = 16 : i64
// PERSISTENT: %[[BID:.*]] = gpu.block_id x
// PERSISTENT: %[[GRID:.*]] = gpu.grid_dim x
// PERSISTENT: %[[LEFT:.*]] = arith.subi %c16, %[[BID]]
// PERSISTENT: %[[COUNT:.*]] = arith.divui %{{.*}}, %[[GRID]]
// PERSISTENT: %[[HAS:.*]] = arith.cmpi ult, %[[BID]], %c16
// PERSISTENT: %[[N:.*]] = arith.select %[[HAS]], %[[COUNT]], %c0
// PERSISTENT: nvvm.setmaxregister decrease 40
// PERSISTENT: scf.for %[[T:.*]] = %c0{{.*}} to %[[N]] step %c1{{.*}} iter_args(%[[S:.*]] = %c0{{.*}}, %[[P:.*]] = %c0{{.*}}, %[[R:.*]] = %c0{{.*}}) -> (index, index, index) {
// PERSISTENT: %[[STRIDE:.*]] = arith.muli %[[T]], %[[GRID]]
// PERSISTENT: arith.addi %[[BID]], %[[STRIDE]]
// PERSISTENT: %[[RING:.*]]:3 = scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args(%{{.*}} = %[[S]], %{{.*}} = %[[P]], %{{.*}} = %[[R]]) -> (index, index, index) {
// PERSISTENT: scf.yield %[[RING]]#0, %[[RING]]#1, %[[RING]]#2
// PERSISTENT: nvvm.setmaxregister increase 232
// PERSISTENT: scf.for
// PERSISTENT: asyncpipe.accumulator_init
// PERSISTENT: scf.for
// PERSISTENT: asyncpipe.wait_queue 0, 1
// PERSISTENT: asyncpipe.wait_queue 0, 0
// PERSISTENT: asyncpipe.accumulator_store
// PERSISTENT-NEXT: scf.yield

// CHECK-LABEL: gpu.func @tensor_core_gemm_tma(
// CHECK-SAME: %[[MAPA:[a-z0-9]+]]: !llvm.ptr, %[[MAPB:[a-z0-9]+]]: !llvm.ptr) kernel attributes
// CHECK-SAME: asyncpipe.mma_threads = 256 : i64
// CHECK-SAME: asyncpipe.tensor_maps = [array<i64: 0, 128, 64, 128>, array<i64: 1, 64, 64, 128>]
// CHECK-SAME: asyncpipe.warp_roles = {consumers = array<i64: 0, 256>, producer = array<i64: 256, 384>, registers = array<i64: 168, 40, 232>, slot_bytes = 32768 : i64, slots = 4 : i64}
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK: %[[RA:.*]] = memref.alloc() {alignment = 1024 : i64, asyncpipe.swizzle = 128 : i64} : memref<4x128x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[RB:.*]] = memref.alloc() {alignment = 1024 : i64, asyncpipe.swizzle = 128 : i64} : memref<4x64x128xf16, #gpu.address_space<workgroup>>
// The accumulator stays in the entry block (its registers, once lowered).
// CHECK: %[[ACC:.*]] = asyncpipe.accumulator_init
// CHECK: memref.alloc() {alignment = 8 : i64} : memref<8xi64, #gpu.address_space<workgroup>>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// Thread 0 initializes full[0..4) for 1 arrival and empty[0..4) for 2.
// CHECK: scf.if
// CHECK-COUNT-4: nvvm.mbarrier.init %{{[0-9]+}}, %c1_i32
// CHECK-COUNT-4: nvvm.mbarrier.init %{{[0-9]+}}, %c2_i32
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// CHECK: %[[WG:.*]] = arith.divui %[[TID]], %c128
// CHECK: %[[PRODUCER:.*]] = arith.cmpi eq, %[[WG]], %c2
// CHECK: scf.if %[[PRODUCER]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK: arith.cmpi eq, %[[TID]], %c256
// Producer: slot k mod 4, round k / 4; wait for the slot to be empty
// (parity of the round flipped), then expect each tile's 16 KiB and issue.
// CHECK: scf.for %[[K:.*]] = %c0 to %c8 step %c1 {
// CHECK: %[[SLOT:.*]] = arith.remui %[[K]], %c4
// CHECK: %[[ROUND:.*]] = arith.divui %[[K]], %c4
// CHECK: %[[PAR:.*]] = arith.remui %[[ROUND]], %c2
// CHECK: %[[FLIP:.*]] = arith.xori %[[PAR]], %c1
// CHECK: %[[EPAR:.*]] = arith.index_cast %[[FLIP]] : index to i32
// CHECK: arith.addi %[[SLOT]], %c4
// CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %[[EPAR]]
// CHECK: %[[FULL:.*]] = llvm.inttoptr
// CHECK: memref.subview %[[RA]][%[[SLOT]], 0, 0] [1, 128, 64]
// CHECK: nvvm.mbarrier.expect_tx %[[FULL]], %c16384_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPA]], %[[FULL]], box
// CHECK: memref.subview %[[RB]][%[[SLOT]], 0, 0] [1, 64, 128]
// CHECK: nvvm.mbarrier.expect_tx %[[FULL]], %c16384_i32
// CHECK-COUNT-2: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPB]], %[[FULL]], box
// CHECK: nvvm.mbarrier.arrive %[[FULL]]
// CHECK-NOT: asyncpipe.mma
// CHECK: } else {
// Consumers: wait for the slot to be full (parity of the round), multiply
// it as one group of the MMA queue, keep one group in flight, and release
// the previous slot from one thread of each warpgroup.
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK: scf.for %[[CK:.*]] = %c0 to %c8 step %c1 {
// CHECK: %[[CSLOT:.*]] = arith.remui %[[CK]], %c4
// CHECK: %[[CROUND:.*]] = arith.divui %[[CK]], %c4
// CHECK: %[[CPAR:.*]] = arith.remui %[[CROUND]], %c2
// CHECK: %[[STARTED:.*]] = arith.cmpi uge, %[[CK]], %c1
// CHECK: %[[CPAR32:.*]] = arith.index_cast %[[CPAR]] : index to i32
// CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %[[CPAR32]]
// CHECK: %[[SA:.*]] = memref.subview %[[RA]][%[[CSLOT]], 0, 0]
// CHECK: %[[SB:.*]] = memref.subview %[[RB]][%[[CSLOT]], 0, 0]
// CHECK: asyncpipe.commit_queue 0 {
// CHECK-NEXT: asyncpipe.mma %[[SA]], %[[SB]], %[[ACC]]
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK: %[[LANE:.*]] = arith.remui %[[TID]], %c128
// CHECK: %[[ELECTED:.*]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK: %[[RELEASES:.*]] = arith.andi %[[STARTED]], %[[ELECTED]]
// CHECK: scf.if %[[RELEASES]] {
// CHECK: %[[BACK:.*]] = arith.addi %[[CSLOT]], %c3
// CHECK: %[[PREV:.*]] = arith.remui %[[BACK]], %c4
// CHECK: arith.addi %[[PREV]], %c4
// CHECK: nvvm.mbarrier.arrive
// CHECK-NOT: memref.copy
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK: asyncpipe.accumulator_store %[[ACC]]
// CHECK: }
// CHECK-NEXT: gpu.return
