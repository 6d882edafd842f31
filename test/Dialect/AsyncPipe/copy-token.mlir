// Round trip of asyncpipe.copy in token form: plain, zero_fill partial tiles, extra attributes.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @full_tile
// CHECK-SAME: (%[[G:[a-z0-9_]+]]: memref<4x8xf32>, %[[S:[a-z0-9_]+]]: memref<4x8xf32, 3>)
// GENERIC-LABEL: sym_name = "full_tile"
func.func @full_tile(%g: memref<4x8xf32>, %s: memref<4x8xf32, 3>) -> !asyncpipe.group {
  // CHECK: %[[T:.*]] = asyncpipe.copy %[[G]], %[[S]] : memref<4x8xf32> to memref<4x8xf32, 3> -> !asyncpipe.token
  // CHECK-NEXT: %[[TG:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
  // CHECK-NEXT: return %[[TG]] : !asyncpipe.group
  // GENERIC: %[[T:.*]] = "asyncpipe.copy"(%{{.*}}, %{{.*}}) : (memref<4x8xf32>, memref<4x8xf32, 3>) -> !asyncpipe.token
  // GENERIC-NOT: queue
  // GENERIC: "asyncpipe.commit_group"(%[[T]])
  %t = asyncpipe.copy %g, %s : memref<4x8xf32> to memref<4x8xf32, 3> -> !asyncpipe.token
  %tg = asyncpipe.commit_group queue 0 (%t)
  return %tg : !asyncpipe.group
}

// A partial tile at the edge of the matrix: the source is smaller than the
// shared-memory tile, the rest of the tile is zero-filled (cp.async src-size).
// CHECK-LABEL: func.func @partial_tile
// CHECK-SAME: (%[[G:[a-z0-9_]+]]: memref<3x5xf16>, %[[S:[a-z0-9_]+]]: memref<4x8xf16, 3>)
// GENERIC-LABEL: sym_name = "partial_tile"
func.func @partial_tile(%g: memref<3x5xf16>, %s: memref<4x8xf16, 3>) -> !asyncpipe.group {
  // CHECK: %[[T:.*]] = asyncpipe.copy %[[G]], %[[S]] zero_fill : memref<3x5xf16> to memref<4x8xf16, 3> -> !asyncpipe.token
  // CHECK-NEXT: %[[TG:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
  // CHECK-NEXT: return %[[TG]] : !asyncpipe.group
  // GENERIC: "asyncpipe.copy"(%{{.*}}, %{{.*}}) <{zero_fill}> : (memref<3x5xf16>, memref<4x8xf16, 3>) -> !asyncpipe.token
  %t = asyncpipe.copy %g, %s zero_fill : memref<3x5xf16> to memref<4x8xf16, 3> -> !asyncpipe.token
  %tg = asyncpipe.commit_group queue 0 (%t)
  return %tg : !asyncpipe.group
}

// A dynamically sized source is allowed with zero_fill (the dest is static).
// CHECK-LABEL: func.func @dynamic_source
// CHECK-SAME: (%[[G:[a-z0-9_]+]]: memref<?x?xf32>, %[[S:[a-z0-9_]+]]: memref<16x16xf32, 3>)
func.func @dynamic_source(%g: memref<?x?xf32>, %s: memref<16x16xf32, 3>) -> !asyncpipe.group {
  // CHECK: %[[T:.*]] = asyncpipe.copy %[[G]], %[[S]] zero_fill {note = "edge"} : memref<?x?xf32> to memref<16x16xf32, 3> -> !asyncpipe.token
  %t = asyncpipe.copy %g, %s zero_fill {note = "edge"} : memref<?x?xf32> to memref<16x16xf32, 3> -> !asyncpipe.token
  // CHECK-NEXT: %[[GR:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
  // CHECK-NEXT: return %[[GR]] : !asyncpipe.group
  %grp = asyncpipe.commit_group queue 0 (%t)
  return %grp : !asyncpipe.group
}

// Dynamic dims on both sides without zero_fill are not checked statically;
// rank-3 and 1-D copies, two tokens committed as one group.
// CHECK-LABEL: func.func @dynamic_both
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<2x?x4xi8>, %[[B:[a-z0-9_]+]]: memref<2x8x?xi8, 3>, %[[C:[a-z0-9_]+]]: memref<128xi8>, %[[D:[a-z0-9_]+]]: memref<128xi8, 3>)
func.func @dynamic_both(%a: memref<2x?x4xi8>, %b: memref<2x8x?xi8, 3>,
                        %c: memref<128xi8>, %d: memref<128xi8, 3>) {
  // CHECK: %[[T0:.*]] = asyncpipe.copy %[[A]], %[[B]] : memref<2x?x4xi8> to memref<2x8x?xi8, 3> -> !asyncpipe.token
  // CHECK: %[[T1:.*]] = asyncpipe.copy %[[C]], %[[D]] : memref<128xi8> to memref<128xi8, 3> -> !asyncpipe.token
  // CHECK: %[[GR:.*]] = asyncpipe.commit_group queue 2 (%[[T0]], %[[T1]])
  // CHECK: asyncpipe.wait %[[GR]]
  %t0 = asyncpipe.copy %a, %b : memref<2x?x4xi8> to memref<2x8x?xi8, 3> -> !asyncpipe.token
  %t1 = asyncpipe.copy %c, %d : memref<128xi8> to memref<128xi8, 3> -> !asyncpipe.token
  %grp = asyncpipe.commit_group queue 2 (%t0, %t1)
  asyncpipe.wait %grp
  return
}
