// nvgpu.ldmatrix on the CPU block model is warp-synchronous, as in PTX: the
// warp reads the rows its lanes point at when its last lane arrives, so a
// lane that writes those rows right after taking its own part (no barrier)
// does not change what the other lanes get. Each run of 5 fair and 3
// starving schedules: 0 of 256 elements differ from PTX's layout. (With
// each lane reading the rows when it takes its part, the model's first
// version, 114 to 134 differ: the model would call this correct kernel
// wrong.)
// RUN: cat %S/Inputs/ldmatrix-kernel.mlir %S/Inputs/ldmatrix-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// CHECK-COUNT-8: {{^0$}}
// CHECK-NOT: {{.}}
