// Token form reaching asyncpipe-lower-to-nvgpu (which asyncpipe-to-nvgpu
// runs after recounting; alone, it lowers counting form only): an error at
// every token-form op before anything changes. The lowering used to meet
// them half-way and erase copies whose tokens were still in use, and the
// freed ops crashed the tool when the module was destroyed (a fuzzer
// finding, issue 40).
// RUN: asyncpipe-opt %s --verify-diagnostics --asyncpipe-lower-to-nvgpu
gpu.module @kernels {
  gpu.func @token_form(%a: memref<8xf32>, %cond: i1) kernel {
    %b = memref.alloc() : memref<8xf32, #gpu.address_space<workgroup>>
    // expected-error @below {{cp.async synchronizes by counts only}}
    %t = asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, #gpu.address_space<workgroup>> -> !asyncpipe.token
    // expected-error @below {{cp.async synchronizes by counts only, and this token-form operation has no counting form}}
    %g = asyncpipe.commit_group queue 0 (%t)
    scf.execute_region {
      cf.cond_br %cond, ^bb1, ^bb2
    ^bb1:
      // expected-error @below {{cp.async synchronizes by counts only}}
      asyncpipe.wait %g
      cf.br ^bb2
    ^bb2:
      scf.yield
    }
    gpu.return
  }
}
