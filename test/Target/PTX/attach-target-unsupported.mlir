// A gpu.module that already holds NVVM ops its chip lacks (wgmma needs
// sm_90a): asyncpipe-attach-nvvm-target says so at the module, after the
// op's own error, instead of leaving IR that does not verify (with
// --verify-each=false, as the fuzzer runs, it printed a module that NVVM's
// verifier rejects: seed 6000). For sm_90a the target is attached.
// RUN: not asyncpipe-opt %s --verify-each=false --asyncpipe-attach-nvvm-target 2>&1 | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-attach-nvvm-target=chip=sm_90a | FileCheck %s --check-prefix=SM90A
// CHECK: :[[@LINE+5]]:5: error: 'nvvm.wgmma.fence.aligned' op is not supported on sm_80
// CHECK: :[[@LINE+2]]:1: error: asyncpipe-attach-nvvm-target: this module does not verify with the attached target (chip=sm_80): see the errors above (an NVVM op the chip lacks needs another chip)
// SM90A: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90a">]
gpu.module @kernels {
  gpu.func @wait() kernel {
    nvvm.wgmma.fence.aligned
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    gpu.return
  }
}
