// NVVM-level cp.async whose pointers only look like the conversion's
// addressing (passes/transform/raise_nvvm.rs, from a second review: both
// were raised and proven): a getelementptr on a 0-d memref's pointer moves
// past its one element; a memref whose last dimension is not contiguous
// (strided<[1, 4]>) does not take a cp.async chunk along it; an ldmatrix
// of another shape than 8x8 b16 tiles reads other rows.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%g: memref<128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c5 = arith.constant 5 : index
      %0 = builtin.unrealized_conversion_cast %g : memref<128xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %i5 = builtin.unrealized_conversion_cast %c5 : index to i64
      %alloc = memref.alloc() : memref<8xf32, #gpu.address_space<workgroup>>
      %view = memref.subview %alloc[0][1][1] : memref<8xf32, #gpu.address_space<workgroup>> to memref<f32, strided<[]>, #gpu.address_space<workgroup>>
      %d = builtin.unrealized_conversion_cast %view : memref<f32, strided<[]>, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64)>
      %dp = llvm.extractvalue %d[1] : !llvm.struct<(ptr<3>, ptr<3>, i64)>
      %five = llvm.mlir.constant(5 : i64) : i64
      %dst = llvm.getelementptr %dp[%five] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
      %sp = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %s = llvm.getelementptr %sp[%i5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %src = llvm.addrspacecast %s : !llvm.ptr to !llvm.ptr<1>
      // expected-error @below {{cannot prove: its pointers are not a memref descriptor's aligned pointer moved by the memr}}
      nvvm.cp.async.shared.global %dst, %src, 4, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
      nvvm.cp.async.commit.group
      %x = memref.load %alloc[%c5] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%c0] : memref<128xf32>
      nvvm.cp.async.wait.group 0
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%g: memref<128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %0 = builtin.unrealized_conversion_cast %g : memref<128xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %i0 = builtin.unrealized_conversion_cast %c0 : index to i64
      %alloc = memref.alloc() : memref<4x4xf32, strided<[1, 4]>, #gpu.address_space<workgroup>>
      %d = builtin.unrealized_conversion_cast %alloc : memref<4x4xf32, strided<[1, 4]>, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
      %dp = llvm.extractvalue %d[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
      %four = llvm.mlir.constant(4 : index) : i64
      %m = llvm.mul %i0, %four : i64
      %lin = llvm.add %i0, %m : i64
      %dst = llvm.getelementptr %dp[%lin] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
      %sp = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %s = llvm.getelementptr %sp[%i0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %src = llvm.addrspacecast %s : !llvm.ptr to !llvm.ptr<1>
      // expected-error @below {{cannot prove: its pointers are not a memref descriptor's aligned pointer moved by the memr}}
      nvvm.cp.async.shared.global %dst, %src, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
      nvvm.cp.async.commit.group
      %x = memref.load %alloc[%c1, %c0] : memref<4x4xf32, strided<[1, 4]>, #gpu.address_space<workgroup>>
      memref.store %x, %out[%c0] : memref<128xf32>
      nvvm.cp.async.wait.group 0
      gpu.return
    }
  }
}

// -----

// An ldmatrix of another shape than nvgpu.ldmatrix's 8x8 b16 tiles reads
// other rows than the 16 bytes per lane the model takes: not raised.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%g: memref<128x16xi8>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %t64 = builtin.unrealized_conversion_cast %tid : index to i64
      %z64 = builtin.unrealized_conversion_cast %c0 : index to i64
      %0 = builtin.unrealized_conversion_cast %g : memref<128x16xi8> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
      %alloc = memref.alloc() : memref<128x16xi8, #gpu.address_space<workgroup>>
      %d = builtin.unrealized_conversion_cast %alloc : memref<128x16xi8, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
      %s16 = llvm.mlir.constant(16 : index) : i64
      %dp = llvm.extractvalue %d[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
      %dm = llvm.mul %t64, %s16 : i64
      %dl = llvm.add %dm, %z64 : i64
      %dst = llvm.getelementptr %dp[%dl] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
      %sp = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
      %sm = llvm.mul %t64, %s16 : i64
      %sl = llvm.add %sm, %z64 : i64
      %s = llvm.getelementptr %sp[%sl] : (!llvm.ptr, i64) -> !llvm.ptr, i8
      %src = llvm.addrspacecast %s : !llvm.ptr to !llvm.ptr<1>
      nvvm.cp.async.shared.global %dst, %src, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      gpu.barrier
      // expected-error @below {{cannot prove: this ldmatrix is not nvgpu.ldmatrix's form (8x8 tiles of b16)}}
      %r = nvvm.ldmatrix %dst {eltType = #nvvm.ld_st_matrix_elt_type<b8>, layout = #nvvm.mma_layout<col>, num = 1 : i32, shape = #nvvm.ld_st_matrix_shape<m = 16, n = 16>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
      gpu.return
    }
  }
}
