// A vector load whose element count passes i64, in a kernel the Hopper model
// checks (issue 40's audit: the count's product overflowed): a count that
// saturates, the load after its wait proven as before.
// RUN: asyncpipe-opt %s --asyncpipe-verify-sync -o /dev/null

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  gpu.func @k(%a: !lhs, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
    nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = vector.load %lbuf[%c0, %c0] : memref<64x8xf32, 3>, vector<4294967296x4294967296xf32>
    gpu.return
  }
}
