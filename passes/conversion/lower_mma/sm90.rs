//! `wgmma` (sm_90a): each warpgroup (4 consecutive warps, 128 threads)
//! multiplies its 64 rows of the block's tile with one
//! `wgmma.mma_async.m64nNk16` per 16-deep step of K, reading A and B from
//! workgroup memory through matrix descriptors, and the MMA queue is
//! wgmma's own group queue: `wgmma.commit_group` closes a group,
//! `wgmma.wait_group N` waits until at most `N` are in flight.
//!
//! **Registers.** wgmma's accumulator layout is mma.sync's `16 x 8`
//! fragment repeated along N: warp `w` of the block holds rows `16 w ..
//! 16 w + 15` (so warpgroup `w / 4` holds rows `64 (w / 4) ..`), thread `l`
//! of it holds, of each 8 columns `8 j ..`, elements `e = 0..4` at row
//! `l / 4 + 8 (e / 2)` and column `8 j + 2 (l % 4) + e % 2`: register
//! `d[4 j + e]`. That is the grid of [`super::sm80`] with one column of
//! warp tiles of 16 rows, so the accumulator's zeroing and store are
//! shared; `d[4 j + e]` is fragment `(0, j)`'s element `e`.
//!
//! **Operand layout.** wgmma reads its tiles in TMA's 128-byte swizzle: a
//! tile is made of 128-byte rows whose eight 16-byte chunks are permuted by
//! the row's index mod 8 (chunk `c` of row `r` at chunk `c ^ (r % 8)`), in
//! atoms of 8 rows (1024 bytes, aligned to 1024). A (`M x 64`, K-major) is
//! one column of atoms: 64 elements of K a row. B (`64 x N`, row-major, so
//! N-major) is `N / 64` regions of 64 columns, each `64 x 64` (8 KiB), one
//! after the other. The lowering marks both tiles' buffers
//! (`asyncpipe.swizzle = 128`, aligned to 1024 bytes), and
//! `asyncpipe-to-nvgpu` fills them with tensor-map copies that write that
//! layout; nothing else may read or write them.
//!
//! **Descriptors** (PTX's matrix descriptor: start address, leading and
//! stride byte offsets, all in 16-byte units, and the swizzle mode 1 =
//! 128 bytes in bits 62-63). A: stride offset 1024 (8 rows), the leading
//! offset unused (K fits in the swizzle's width), step `k` starts `32 k`
//! bytes into the row; warpgroup `g`'s rows start `8192 g` bytes in.
//! B (transposed, N-major): leading offset 8192 (from one 64-column region
//! to the next), stride offset 1024 (8 rows of K), step `k` starts
//! `2048 k` bytes in (16 rows of K).

use super::registers;
use super::sm80;
use super::{Plan, WarpGrid};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::{
    AccumulatorInitOp, AccumulatorStoreOp, CommitOp, CommitQueueOp, MmaOp, WaitQueueOp,
};
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::{self, asyncpipe, rewrite};
use melior::ir::operation::{OperationLike, OperationRef};
use crate::passes::ir::nvvm::{Wgmma, WGMMA_K, WGMMA_M};
use melior::ir::{Type, TypeLike, Value, ValueLike};
use std::collections::HashMap;

pub use crate::passes::ir::asyncpipe::{SWIZZLE_ATOM_BYTES as ATOM_BYTES, SWIZZLE_BYTES};
/// The swizzle mode of a descriptor: 1 = 128 bytes, in bits 62-63.
const DESCRIPTOR_SWIZZLE_128: i64 = 1 << 62;

/// The warp grid of an `m x n` accumulator split over `warps` warps in
/// warpgroups: one column of `16 x n` warp tiles. None unless every
/// warpgroup gets 64 rows.
pub fn grid(m: i64, n: i64, warps: i64) -> Option<WarpGrid> {
    (warps % 4 == 0 && m == 16 * warps).then_some(WarpGrid { rows: warps, columns: 1, tile_m: 16, tile_n: n })
}

/// Rewrites one kernel's accumulators, MMAs and stores (checked by
/// [`super::check`]), its MMA queues' commits and waits, and marks the
/// operand tiles' buffers for tensor-map copies.
pub fn lower(plan: &Plan) {
    let mut homes: registers::Homes = HashMap::new();
    let mut grids: HashMap<ir::ValueKey, WarpGrid> = HashMap::new();
    for &(init, grid) in &plan.accumulators {
        let acc = AccumulatorInitOp::cast(init).expect("an accumulator_init").acc();
        let tile = asyncpipe::accumulator_tile(acc.r#type()).expect("an accumulator");
        let home = if tile.columns == 1 {
            registers::Home { memref: registers::rows(init, tile.element), fragments: 0 }
        } else {
            registers::Home { memref: sm80::accumulator(init, grid), fragments: tile.columns / 8 }
        };
        homes.insert(ir::ValueKey::of(acc), home);
        grids.insert(ir::ValueKey::of(acc), grid);
    }
    for &op in &plan.register_ops {
        registers::lower(op, &homes);
    }
    for &mma in &plan.mmas {
        let view = MmaOp::cast(mma).expect("an mma");
        let grid = grids[&ir::ValueKey::of(view.acc())];
        multiply(mma, view, &homes, grid);
        if asyncpipe::is_synchronous_mma(mma) {
            // Complete at once: a group of its own, waited for.
            let b = Builder::new(mma.context(), mma.location());
            commit(&b, Point::Before(mma));
            wait(&b, 0, Point::Before(mma));
        }
        ir::erase(mma);
    }
    for &store in &plan.stores {
        let view = AccumulatorStoreOp::cast(store).expect("an accumulator_store");
        let fragments = homes[&ir::ValueKey::of(view.acc())].memref;
        let grid = grids[&ir::ValueKey::of(view.acc())];
        sm80::store_fragments(store, view.dest(), fragments, grid);
        ir::erase(store);
    }
    for &(init, _) in &plan.accumulators {
        ir::erase(init);
    }
    for root in &plan.swizzled {
        mark_swizzled(*root);
    }
    lower_queues(plan);
}

/// Marks a tile buffer (a `memref.alloc`) as read in the 128-byte swizzle
/// and aligns it to a swizzle atom.
fn mark_swizzled(alloc: OperationRef) {
    let b = Builder::new(alloc.context(), alloc.location());
    let alignment = ir::int_attr(alloc, attr::ALIGNMENT).unwrap_or(0).max(ATOM_BYTES);
    rewrite::set_attribute(alloc, attr::ALIGNMENT, b.int_attr(64, alignment));
    rewrite::set_attribute(alloc, ir::ods::asyncpipe::attrs::SWIZZLE, b.int_attr(64, SWIZZLE_BYTES));
}

fn commit<'c, 'a>(b: &Builder<'c>, at: Point<'c, 'a>) {
    b.op(Upstream::NvvmWgmmaCommitGroupSyncAligned, &[], &[], &[], at);
}

fn wait<'c, 'a>(b: &Builder<'c>, count: i64, at: Point<'c, 'a>) {
    b.op(Upstream::NvvmWgmmaWaitGroupSyncAligned, &[], &[], &[(attr::GROUP, b.int_attr(64, count))], at);
}

/// The commits of the kernel's MMA queues become `wgmma.commit_group` (a
/// `commit_queue` region runs in place, then commits), their waits
/// `wgmma.wait_group N`.
fn lower_queues(plan: &Plan) {
    for op in ir::nested_ops(plan.function).into_iter().rev() {
        let Some(queue) = asyncpipe::named_queue(op) else { continue };
        if !plan.mma_queues.contains(&queue) {
            continue;
        }
        let b = Builder::new(op.context(), op.location());
        if CommitQueueOp::is(op) {
            rewrite::inline_region_before(op);
            commit(&b, Point::Before(op));
            ir::erase(op);
        } else if CommitOp::is(op) {
            commit(&b, Point::Before(op));
            ir::erase(op);
        } else if let Some(view) = WaitQueueOp::cast(op) {
            let count = super::wait_count(view).expect("check() accepted this wait");
            wait(&b, count, Point::Before(op));
            ir::erase(op);
        }
    }
}

/// `acc += a * b`: the accumulator's registers into wgmma's struct, a fence
/// (registers written by other instructions before wgmma reads them), one
/// `wgmma.mma_async` per 16-deep step of K, and the struct back into the
/// registers (which LLVM keeps in place: wgmma reads and writes them). B
/// is read N-major (a row-major `K x N` tile) or, with `transpose_b`,
/// K-major (a row-major `N x K` tile, in the layout of A); A from workgroup
/// memory, or from registers ([`registers::a_registers`], one
/// `llvm.inline_asm` a step).
fn multiply<'c, 'a>(op: OperationRef<'c, 'a>, mma: MmaOp<'c, 'a>, homes: &registers::Homes<'c, 'a>, grid: WarpGrid) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let c = |v: i64| b.index_constant(v, at);
    let i64_type = b.int_type(64);
    let f32_type = Type::float32(b.ctx());
    let fragments = homes[&ir::ValueKey::of(mma.acc())].memref;
    let registers = grid.tile_n / 2;
    let struct_type = b.llvm_struct(&vec![f32_type; registers as usize]);
    let (_, _, k) = asyncpipe::mma_product_shape(mma);
    let k_major = mma.transpose_b();
    let form = Wgmma { n: grid.tile_n, bf16: ir::element_type(mma.b().r#type()).is_bf16(), b_k_major: k_major };
    let register_a = asyncpipe::has_register_a(mma).then(|| homes[&ir::ValueKey::of(mma.a())]);

    // Warpgroup g's rows of A start 64 g rows of 128 bytes in: rows of the
    // swizzled layout, one region of 64 columns (not of the row-major
    // memref, whose rows are longer when K > 64).
    let a_descriptor = register_a.is_none().then(|| {
        let tid = b.value(Upstream::GpuThreadId, &[], b.index_type(), &[(attr::DIMENSION, b.gpu_dimension(0))], at);
        let group = b.binary(Upstream::ArithDivui, tid, c(128), at);
        let offset = b.binary(Upstream::ArithMuli, group, c(WGMMA_M * SWIZZLE_BYTES), at);
        let base = b.byte_address(mma.a(), &[c(0), c(0)], 2, at);
        let a_start = b.binary(Upstream::ArithAddi, base, offset, at);
        descriptor(&b, a_start, 16, ATOM_BYTES, at)
    });
    let b_start = b.byte_address(mma.b(), &[c(0), c(0)], 2, at);
    // N-major B: regions of 64 columns, K rows of 128 bytes each; K-major B:
    // rows of 64 elements of K, as A.
    let b_descriptor = if k_major {
        descriptor(&b, b_start, 16, ATOM_BYTES, at)
    } else {
        descriptor(&b, b_start, k * SWIZZLE_BYTES, ATOM_BYTES, at)
    };

    let mut inputs = Vec::new();
    for j in 0..grid.tile_n / 8 {
        for e in 0..4 {
            inputs.push(b.load(fragments, &[c(0), c(j), c(e)], at));
        }
    }
    let mut value = b.value(Upstream::LlvmPoison, &[], struct_type, &[], at);
    for (r, register) in inputs.iter().enumerate() {
        let position = b.i64_array(&[r as i64]);
        value = b.value(Upstream::LlvmInsertvalue, &[value, *register], struct_type, &[(attr::POSITION, position)], at);
    }
    // A's registers for every step, before the fence: wgmma reads
    // registers written before the fence (ptxas otherwise injects a
    // warpgroup.arrive before each wgmma, serializing them).
    let a_steps: Vec<[Value; 4]> = match register_a {
        Some(operand) => (0..k / WGMMA_K).map(|step| registers::a_registers(&b, operand, step, at)).collect(),
        None => Vec::new(),
    };
    b.op(Upstream::NvvmWgmmaFenceAligned, &[], &[], &[], at);
    let attributes = form.attributes(&b);
    let a_rows = ir::shape(mma.a().r#type()).first().copied().unwrap_or(0);
    let b_rows = ir::shape(mma.b().r#type()).first().copied().unwrap_or(0);
    for step in 0..k / WGMMA_K {
        // 16-byte units. A K-major tile (A, or B with transpose_b) moves 32
        // bytes along its rows a step; past K = 64 it is 64-column regions,
        // one after the other (as the tensor-map copy writes it): step `kk`
        // is 32 bytes into region `kk / 4`, a region `rows x 128` bytes on.
        // An N-major B moves 16 rows of 128 bytes a step.
        let k_major_step = |rows: i64| (step / 4) * rows * SWIZZLE_BYTES / 16 + 2 * (step % 4);
        let a_step = a_descriptor.map(|d| b.binary(Upstream::ArithAddi, d, b.int_constant(i64_type, k_major_step(a_rows), at), at));
        let b_step = if k_major { k_major_step(b_rows) } else { 128 * step };
        let bd = b.binary(Upstream::ArithAddi, b_descriptor, b.int_constant(i64_type, b_step, at), at);
        value = match (a_step, register_a) {
            (Some(a), _) => b.value(Upstream::NvvmWgmmaMmaAsync, &[value, a, bd], struct_type, &attributes, at),
            (None, Some(_)) => {
                let mut operands: Vec<Value> = (0..registers)
                    .map(|r| {
                        let position = b.i64_array(&[r]);
                        b.value(Upstream::LlvmExtractvalue, &[value], f32_type, &[(attr::POSITION, position)], at)
                    })
                    .collect();
                operands.extend(a_steps[step as usize]);
                operands.push(bd);
                operands.push(b.int_constant(b.int_type(32), 1, at));
                let (text, constraints) = registers::wgmma_register_a(grid.tile_n, form.bf16, !k_major);
                b.value(
                    Upstream::LlvmInlineAsm,
                    &operands,
                    struct_type,
                    &[
                        (attr::ASM_STRING, b.string_attr(&text)),
                        (attr::ASM_CONSTRAINTS, b.string_attr(&constraints)),
                        (attr::ASM_SIDE_EFFECTS, b.unit_attr()),
                    ],
                    at,
                )
            }
            (None, None) => unreachable!("A is memory or registers"),
        };
    }
    for j in 0..grid.tile_n / 8 {
        for e in 0..4 {
            let position = b.i64_array(&[4 * j + e]);
            let register = b.value(Upstream::LlvmExtractvalue, &[value], f32_type, &[(attr::POSITION, position)], at);
            b.store(register, fragments, &[c(0), c(j), c(e)], at);
        }
    }
}

/// A matrix descriptor (an `i64`) of the 128-byte-swizzled tile at shared
/// address `start` (`index`), with leading and stride byte offsets.
fn descriptor<'c, 'a>(b: &Builder<'c>, start: Value<'c, 'a>, leading: i64, stride: i64, at: Point<'c, 'a>) -> Value<'c, 'a> {
    let i64_type = b.int_type(64);
    let address = b.value(Upstream::ArithIndexCast, &[start], i64_type, &[], at);
    // 18 bits of shared address, in 16-byte units: 14 bits.
    let masked = b.binary(Upstream::ArithAndi, address, b.int_constant(i64_type, 0x3ffff, at), at);
    let units = b.binary(Upstream::ArithShrui, masked, b.int_constant(i64_type, 4, at), at);
    let fields = (leading >> 4) << 16 | (stride >> 4) << 32 | DESCRIPTOR_SWIZZLE_128;
    b.binary(Upstream::ArithOri, units, b.int_constant(i64_type, fields, at), at)
}
