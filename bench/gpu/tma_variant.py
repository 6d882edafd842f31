#!/usr/bin/env python3
"""Writes examples/tensor_core_gemm_tma.mlir (128 x 128 block tiles of 256
threads, its MMA in stage 2, at 512 x 512 x 512) with other block tiles and
MMA stage, resized to N x N x N, for the tile-shape rows of the tensor-core
benchmark (bench/gpu/prepare.sh):

  python3 bench/gpu/tma_variant.py TILE_M TILE_N MMA_STAGE N [GROUP_ROWS] < example > out.mlir

TILE_M = 64 x warpgroups (the block gets 128 threads a warpgroup), TILE_N a
multiple of 64 up to 256; GROUP_ROWS (default 8, at most N / TILE_M) the
rows of tiles a group of blocks walks down before moving right (1: row-major
order). Every substitution is checked, so an example that no longer has what
this script rewrites is an error, not a silent copy."""
import sys


def main():
    tm, tn, stage, n = (int(v) for v in sys.argv[1:5])
    group = min(int(sys.argv[5]) if len(sys.argv) > 5 else 8, n // tm)
    text = sys.stdin.read()
    threads = 128 * (tm // 64)
    edits = [
        ("%tile_m = arith.constant 128 : index", f"%tile_m = arith.constant {tm} : index"),
        ("%tile_n = arith.constant 128 : index", f"%tile_n = arith.constant {tn} : index"),
        ("known_block_size = array<i32: 256, 1, 1>", f"known_block_size = array<i32: {threads}, 1, 1>"),
        ("%blocks_n = arith.constant 4 : index", f"%blocks_n = arith.constant {n // tn} : index"),
        ("%steps = arith.constant 8 : index", f"%steps = arith.constant {n // 64} : index"),
        ("%group_rows = arith.constant 4 : index", f"%group_rows = arith.constant {group} : index"),
        ("asyncpipe.async_stages = array<i64: 0, 2>", f"asyncpipe.async_stages = array<i64: 0, {stage}>"),
        ("asyncpipe.stage = 2,", f"asyncpipe.stage = {stage},"),
        ("128x64xf16", f"{tm}x64xf16"),
        ("64x128xf16", f"64x{tn}xf16"),
        ("128x128xf32", f"{tm}x{tn}xf32"),
        ("[128, 64] [1, 1]", f"[{tm}, 64] [1, 1]"),
        ("[64, 128] [1, 1]", f"[64, {tn}] [1, 1]"),
        ("[128, 128] [1, 1]", f"[{tm}, {tn}] [1, 1]"),
        ("512x512", f"{n}x{n}"),
        ("strided<[512, 1]", f"strided<[{n}, 1]"),
    ]
    for old, new in edits:
        if old not in text:
            sys.exit(f"tma_variant: the example no longer has '{old}'")
        text = text.replace(old, new)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
