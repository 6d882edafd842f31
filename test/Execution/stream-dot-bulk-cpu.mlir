// The main example with its two queues as bulk queues (sm_90's cp.async.bulk
// with mbarrier waits), run on the CPU against the mbarrier model of
// Inputs/mbarrier-sim.mlir, where each bulk copy happens only when a wait
// completes its group's phase: as late as the lowered protocol allows. The
// pipelined kernel (rings of 4 and 3 barriers) must give the unpipelined
// kernel's partial sums for 4 blocks of 128 threads.
// RUN: %gpu-kernel-to-cpu %examples/stream_dot.mlir > %t.kernel.mlir
// RUN: sed -e 's/@stream_dot/@reference/' -e 's/asyncpipe.async_stages/unpipelined/' %t.kernel.mlir > %t.reference.mlir
// RUN: cat %t.kernel.mlir %t.reference.mlir %S/stream-dot-cpu.mlir %S/Inputs/mbarrier-sim.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-software-pipeline > %t.pipelined.mlir
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-nvgpu=bulk-queues=0,1 --mlir-print-op-generic \
// RUN:   | %bulk-to-cpu | asyncpipe-opt %lower-to-llvm | %run-cpu | FileCheck %s
// CHECK: [0,  -23]

// Upstream passes keep the synchronization: in token form, canonicalize,
// CSE and LICM erase, merge and hoist no commit or wait; back
// in counting form verify-sync proves it and the model gives the same sums.
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-count-to-token --canonicalize --cse --loop-invariant-code-motion \
// RUN:   --asyncpipe-token-to-count --asyncpipe-verify-sync --asyncpipe-to-nvgpu=bulk-queues=0,1 --mlir-print-op-generic \
// RUN:   | %bulk-to-cpu | asyncpipe-opt %lower-to-llvm | %run-cpu | FileCheck %s

// y alone on a bulk queue, x on cp.async (run at once by
// asyncpipe-lower-sequential): each keeps its own counts.
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-nvgpu=bulk-queues=1 --asyncpipe-lower-sequential --mlir-print-op-generic \
// RUN:   | %bulk-to-cpu | asyncpipe-opt %lower-to-llvm | %run-cpu | FileCheck %s

// The model sees a wait that is too weak: with the steady-state wait on
// queue 0 (x) or queue 1 (y) allowing one group more in flight, or the last
// wait on x leaving one group in flight, the kernel reads tiles whose copies
// have not happened.
// RUN: sed -e 's/asyncpipe.wait_queue 0, 3$/asyncpipe.wait_queue 0, 4/' %t.pipelined.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-to-nvgpu=bulk-queues=0,1 --mlir-print-op-generic \
// RUN:   | %bulk-to-cpu | asyncpipe-opt %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=STALE
// RUN: sed -e '0,/asyncpipe.wait_queue 1, 2$/s//asyncpipe.wait_queue 1, 3/' %t.pipelined.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-to-nvgpu=bulk-queues=0,1 --mlir-print-op-generic \
// RUN:   | %bulk-to-cpu | asyncpipe-opt %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=STALE
// RUN: sed -e 's/asyncpipe.wait_queue 0, 0$/asyncpipe.wait_queue 0, 1/' %t.pipelined.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-to-nvgpu=bulk-queues=0,1 --mlir-print-op-generic \
// RUN:   | %bulk-to-cpu | asyncpipe-opt %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=STALE
// STALE: [{{[1-9][0-9]*}},
