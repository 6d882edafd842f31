// Functions for asyncop-wrap's round trip (round-trip.test).
// RUN: asyncpipe-opt %s --asyncop-wrap="ops=arith.addf,memref.store" | FileCheck %s
// CHECK-COUNT-3: asyncop.done

func.func private @ext(f32) -> f32

func.func @arith(%a: f32, %b: f32, %i: index) -> (f32, index) {
  %x = arith.mulf %a, %b : f32
  %y = arith.addf %x, %a : f32
  %z = func.call @ext(%y) : (f32) -> f32
  %j = arith.muli %i, %i : index
  %k = arith.addi %j, %i : index
  return %z, %k : f32, index
}

func.func @memory(%m: memref<16xf32>, %n: memref<16xf32>, %i: index, %v: f32) -> f32 {
  %l = memref.load %m[%i] : memref<16xf32>
  %s = arith.addf %l, %v : f32
  memref.store %s, %n[%i] : memref<16xf32>
  memref.copy %m, %n : memref<16xf32> to memref<16xf32>
  %o = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
  %sub = memref.subview %m[%o] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  linalg.fill ins(%v : f32) outs(%sub : memref<4xf32, strided<[1], offset: ?>>)
  return %l : f32
}

func.func @loop(%m: memref<16xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %l = memref.load %m[%i] : memref<16xf32>
    %s = arith.addf %l, %v : f32
    memref.store %s, %m[%i] : memref<16xf32>
  }
  return
}
