// Calls a private @kernel with a run-time trip count fixed to constants, so
// that after --inline --canonicalize asyncpipe-verify-sync can check each
// instance of a dynamic-trip-count pipeline (it reasons about concrete
// indices).
func.func @trip_1(%a: memref<64x8xf32>, %out: memref<64x8xf32>) {
  %n = arith.constant 1 : index
  call @kernel(%a, %out, %n) : (memref<64x8xf32>, memref<64x8xf32>, index) -> ()
  return
}
func.func @trip_3(%a: memref<64x8xf32>, %out: memref<64x8xf32>) {
  %n = arith.constant 3 : index
  call @kernel(%a, %out, %n) : (memref<64x8xf32>, memref<64x8xf32>, index) -> ()
  return
}
func.func @trip_4(%a: memref<64x8xf32>, %out: memref<64x8xf32>) {
  %n = arith.constant 4 : index
  call @kernel(%a, %out, %n) : (memref<64x8xf32>, memref<64x8xf32>, index) -> ()
  return
}
func.func @trip_64(%a: memref<64x8xf32>, %out: memref<64x8xf32>) {
  %n = arith.constant 64 : index
  call @kernel(%a, %out, %n) : (memref<64x8xf32>, memref<64x8xf32>, index) -> ()
  return
}
