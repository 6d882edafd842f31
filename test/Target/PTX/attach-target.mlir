// asyncpipe-attach-nvvm-target gives a target to the gpu.modules without
// one and keeps the others' targets; an empty gpu.module, where no NVVM op
// has loaded the NVVM dialect, gets one too (this crashed in upstream's
// nvvm-attach-target, whose attribute dialect was not loaded).
// RUN: asyncpipe-opt %s --asyncpipe-attach-nvvm-target='chip=sm_90 features=+ptx80' | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-to-ptx | FileCheck %s --check-prefix=PTX

// CHECK: gpu.module @empty [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
// CHECK: gpu.module @targeted [#nvvm.target<chip = "sm_80">]
// PTX: gpu.binary @empty [#gpu.object<#nvvm.target<O = 3, chip = "sm_80">
// PTX-SAME: .target sm_80
// PTX: gpu.binary @targeted
module attributes {gpu.container_module} {
  gpu.module @empty {
  }
  gpu.module @targeted [#nvvm.target<chip = "sm_80">] {
  }
}
