//! `mma.sync` (sm_80 and newer): each warp computes its warp tile of the
//! accumulator in `16 x 8` fragments, four f32 registers a thread.
//!
//! Thread `l` of a warp (`g = l / 4`, `t = l % 4`) holds, of fragment
//! `(fm, fn)`, elements `e = 0..4` at row `16 fm + g + 8 (e / 2)` and
//! column `8 fn + 2 t + e % 2` of its warp tile: element `e` is `c[e / 2][e
//! % 2]` of `nvgpu.mma.sync`'s `vector<2x2xf32>`. For each 16-deep step of
//! K, `ldmatrix.x4` gives a warp the A fragment of 16 rows (lane `l`
//! supplies the address of row `l % 16`, columns from `8 (l / 16)`), and
//! `ldmatrix.x2.trans` the B fragment of 8 columns from the row-major K x N
//! tile (lane `l` supplies row `l % 16`); both are the register layouts
//! `mma.sync.m16n8k16.row.col` takes.

use super::{Plan, WarpGrid};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::{AccumulatorInitOp, AccumulatorStoreOp, CommitOp, CommitQueueOp, MmaOp, WaitQueueOp};
use crate::passes::ir::upstream::{attr, cmpi, Upstream};
use crate::passes::ir::{self, asyncpipe, rewrite};
use melior::ir::attribute::{ArrayAttribute, BoolAttribute, IntegerAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{IntegerType, MemRefType};
use melior::ir::{Attribute, Type, Value, ValueLike};
use std::collections::HashMap;

/// Rewrites one kernel's accumulators, MMAs and stores (checked by
/// [`super::check`]), then drops the commits and waits of its MMA queues.
pub fn lower(plan: &Plan) {
    let mut grids: HashMap<ir::ValueKey, (Value, WarpGrid)> = HashMap::new();
    for &(init, grid) in &plan.accumulators {
        let acc = AccumulatorInitOp::cast(init).expect("an accumulator_init").acc();
        let fragments = accumulator(init, grid);
        grids.insert(ir::ValueKey::of(acc), (fragments, grid));
    }
    for &mma in &plan.mmas {
        let view = MmaOp::cast(mma).expect("an mma");
        let (fragments, grid) = grids[&ir::ValueKey::of(view.acc())];
        multiply(mma, view, fragments, grid);
        ir::erase(mma);
    }
    for &store in &plan.stores {
        let view = AccumulatorStoreOp::cast(store).expect("an accumulator_store");
        let (fragments, grid) = grids[&ir::ValueKey::of(view.acc())];
        store_fragments(store, view.dest(), fragments, grid);
        ir::erase(store);
    }
    for &(init, _) in &plan.accumulators {
        ir::erase(init);
    }
    drop_queues(plan);
}

/// The index values of a thread's place: its lane's `g` and `t`, `l % 16`
/// and `8 (l / 16)`, and its warp's row and column in the grid.
struct Lane<'c, 'a> {
    g: Value<'c, 'a>,
    t2: Value<'c, 'a>,
    row16: Value<'c, 'a>,
    col8: Value<'c, 'a>,
    warp_row: Value<'c, 'a>,
    warp_col: Value<'c, 'a>,
}

fn lane<'c, 'a>(b: &Builder<'c>, grid: WarpGrid, at: Point<'c, 'a>) -> Lane<'c, 'a> {
    let c = |v: i64| b.index_constant(v, at);
    let tid = b.value(Upstream::GpuThreadId, &[], b.index_type(), &[(attr::DIMENSION, b.gpu_dimension(0))], at);
    let lane = b.binary(Upstream::ArithRemui, tid, c(32), at);
    let warp = b.binary(Upstream::ArithDivui, tid, c(32), at);
    let g = b.binary(Upstream::ArithDivui, lane, c(4), at);
    let t = b.binary(Upstream::ArithRemui, lane, c(4), at);
    let t2 = b.binary(Upstream::ArithMuli, t, c(2), at);
    let row16 = b.binary(Upstream::ArithRemui, lane, c(16), at);
    let half = b.binary(Upstream::ArithDivui, lane, c(16), at);
    let col8 = b.binary(Upstream::ArithMuli, half, c(8), at);
    let wy = b.binary(Upstream::ArithDivui, warp, c(grid.columns), at);
    let wx = b.binary(Upstream::ArithRemui, warp, c(grid.columns), at);
    let warp_row = b.binary(Upstream::ArithMuli, wy, c(grid.tile_m), at);
    let warp_col = b.binary(Upstream::ArithMuli, wx, c(grid.tile_n), at);
    Lane { g, t2, row16, col8, warp_row, warp_col }
}

/// A register tile's home for `init` (its `memref.alloca` of type `ty`), at
/// the top of the kernel's entry block, where LLVM promotes it to registers
/// (a static alloca: before any branch, also those that later lowerings put
/// after the entry block's allocations, such as the mbarrier rings'
/// initialization), also when the init runs in a loop (a persistent kernel
/// zeroes its accumulator for each tile).
pub(super) fn home<'c, 'a>(b: &Builder<'c>, init: OperationRef<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
    let entry = ir::enclosing_function(init).and_then(|f| ir::region_entry(f, 0));
    let at = entry.map_or(Point::Before(init), |entry| Point::Before(ir::ops(entry).next().expect("a terminator at least")));
    b.value(Upstream::MemrefAlloca, &[], ty, &[(attr::OPERAND_SEGMENT_SIZES, b.segments(&[0, 0]))], at)
}

/// A thread's fragments: `memref<FM x FN x 4 x T>` (T the tile's element
/// type: f32 for an accumulator, f16 or bf16 for an sm_90a A operand),
/// zeroed.
pub(super) fn accumulator<'c, 'a>(init: OperationRef<'c, 'a>, grid: WarpGrid) -> Value<'c, 'a> {
    let b = Builder::new(init.context(), init.location());
    let at = Point::Before(init);
    let f32_type = init
        .result(0)
        .ok()
        .and_then(|r| crate::passes::ir::asyncpipe::accumulator_tile(r.r#type()))
        .map_or(Type::float32(b.ctx()), |tile| tile.element);
    let (fm, fnn) = (grid.tile_m / 16, grid.tile_n / 8);
    let ty: Type = MemRefType::new(f32_type, &[fm, fnn, 4], None, None).into();
    let fragments = home(&b, init, ty);
    let zero = b.float_constant(f32_type, 0.0, at);
    for i in 0..fm {
        for j in 0..fnn {
            for e in 0..4 {
                let index = [b.index_constant(i, at), b.index_constant(j, at), b.index_constant(e, at)];
                b.store(zero, fragments, &index, at);
            }
        }
    }
    fragments
}


/// `acc += a * b`: per 16-deep step of K, the warp's A and B fragments by
/// ldmatrix, then one mma.sync per accumulator fragment.
fn multiply<'c, 'a>(op: OperationRef<'c, 'a>, mma: MmaOp<'c, 'a>, fragments: Value<'c, 'a>, grid: WarpGrid) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let c = |v: i64| b.index_constant(v, at);
    let lane = lane(&b, grid, at);
    let (a_tile, b_tile) = (mma.a(), mma.b());
    let element = ir::element_type(a_tile.r#type());
    let k = ir::shape(a_tile.r#type())[1];
    let (fm, fnn) = (grid.tile_m / 16, grid.tile_n / 8);
    let a_type = b.vector_type(&[4, 2], element);
    let b_type = b.vector_type(&[2, 2], element);
    let c_type = b.vector_type(&[2, 2], Type::float32(b.ctx()));
    let i32_type: Type = IntegerType::new(b.ctx(), 32).into();
    let ldmatrix = |memref: Value<'c, 'a>, row: Value<'c, 'a>, col: Value<'c, 'a>, tiles: i64, transpose: bool, ty: Type<'c>| {
        let attributes: [(&str, Attribute); 2] = [
            (attr::NUM_TILES, IntegerAttribute::new(i32_type, tiles).into()),
            (attr::TRANSPOSE, BoolAttribute::new(b.ctx(), transpose).into()),
        ];
        b.value(Upstream::NvgpuLdmatrix, &[memref, row, col], ty, &attributes, at)
    };
    let i64_type: Type = IntegerType::new(b.ctx(), 64).into();
    let shape: Attribute =
        ArrayAttribute::new(b.ctx(), &[16, 8, 16].map(|v| IntegerAttribute::new(i64_type, v).into())).into();
    for step in 0..k / 16 {
        // A: rows warp_row + 16 i + l % 16, columns 16 step + 8 (l / 16).
        let a_col = b.binary(Upstream::ArithAddi, lane.col8, c(16 * step), at);
        let a_frags: Vec<Value> = (0..fm)
            .map(|i| {
                let base = b.binary(Upstream::ArithAddi, lane.warp_row, c(16 * i), at);
                let row = b.binary(Upstream::ArithAddi, base, lane.row16, at);
                ldmatrix(a_tile, row, a_col, 4, false, a_type)
            })
            .collect();
        // B: rows 16 step + l % 16, columns warp_col + 8 j.
        let b_row = b.binary(Upstream::ArithAddi, lane.row16, c(16 * step), at);
        let b_frags: Vec<Value> = (0..fnn)
            .map(|j| {
                let col = b.binary(Upstream::ArithAddi, lane.warp_col, c(8 * j), at);
                ldmatrix(b_tile, b_row, col, 2, true, b_type)
            })
            .collect();
        for (i, a_frag) in a_frags.iter().enumerate() {
            for (j, b_frag) in b_frags.iter().enumerate() {
                let index = |e: i64| [c(i as i64), c(j as i64), c(e)];
                let old: Vec<Value> = (0..4).map(|e| b.load(fragments, &index(e), at)).collect();
                let accumulated = b.value(Upstream::VectorFromElements, &old, c_type, &[], at);
                let result =
                    b.value(Upstream::NvgpuMmaSync, &[*a_frag, *b_frag, accumulated], c_type, &[(attr::MMA_SHAPE, shape)], at);
                for e in 0..4 {
                    let position = b.i64_array(&[e / 2, e % 2]);
                    let value = b.value(Upstream::VectorExtract, &[result], Type::float32(b.ctx()), &[(attr::STATIC_POSITION, position)], at);
                    b.store(value, fragments, &index(e), at);
                }
            }
        }
    }
}

/// Each thread stores its fragments into `dest` (rows and columns of the
/// tile as the fragment layout places them). A thread's two elements of a
/// fragment row are adjacent columns: where `dest`'s rows are contiguous
/// with an even stride, they go as one 8-byte `vector.store` when the tile
/// starts 8-byte aligned (checked at run time: a memref's pointer promises
/// only its element's alignment), else as two scalar stores.
pub(super) fn store_fragments<'c, 'a>(op: OperationRef<'c, 'a>, dest: Value<'c, 'a>, fragments: Value<'c, 'a>, grid: WarpGrid) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let c = |v: i64| b.index_constant(v, at);
    let lane = lane(&b, grid, at);
    let row0 = b.binary(Upstream::ArithAddi, lane.warp_row, lane.g, at);
    let col0 = b.binary(Upstream::ArithAddi, lane.warp_col, lane.t2, at);
    let element = ir::element_type(dest.r#type());
    let pairs = ir::element_bytes(dest.r#type()) == 4
        && ir::strides_and_offset(dest.r#type()).is_some_and(|(strides, _)| {
            strides.len() == 2 && strides[1] == 1 && strides[0] != ir::DYNAMIC_SIZE && strides[0] % 2 == 0
        });
    // (row, column, first element) of each pair of adjacent elements.
    let mut places = Vec::new();
    for i in 0..grid.tile_m / 16 {
        for j in 0..grid.tile_n / 8 {
            for half in 0..2 {
                let row = b.binary(Upstream::ArithAddi, row0, c(16 * i + 8 * half), at);
                let col = b.binary(Upstream::ArithAddi, col0, c(8 * j), at);
                places.push((i, j, 2 * half, row, col));
            }
        }
    }
    let scalar = |at: Point<'c, 'a>| {
        for &(i, j, e, row, col) in &places {
            for k in 0..2 {
                let value = b.load(fragments, &[b.index_constant(i, at), b.index_constant(j, at), b.index_constant(e + k, at)], at);
                let col = if k == 0 { col } else { b.binary(Upstream::ArithAddi, col, b.index_constant(1, at), at) };
                b.store(value, dest, &[row, col], at);
            }
        }
    };
    if !pairs {
        scalar(at);
        return;
    }
    let start = b.byte_address(dest, &[c(0), c(0)], 4, at);
    let misalignment = b.binary(Upstream::ArithRemui, start, c(8), at);
    let zero = c(0);
    let predicate = |p: i64| b.value(Upstream::ArithCmpi, &[misalignment, zero], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, p))], at);
    let aligned = predicate(cmpi::EQ);
    let unaligned = predicate(cmpi::NE);
    let inside = b.if_then(aligned, at);
    let pair_type = b.vector_type(&[2], element);
    for &(i, j, e, row, col) in &places {
        let values: Vec<Value> = (0..2)
            .map(|k| b.load(fragments, &[b.index_constant(i, inside), b.index_constant(j, inside), b.index_constant(e + k, inside)], inside))
            .collect();
        let pair = b.value(Upstream::VectorFromElements, &values, pair_type, &[], inside);
        b.op(Upstream::VectorStore, &[pair, dest, row, col], &[], &[(attr::VECTOR_ALIGNMENT, b.int_attr(64, 8))], inside);
    }
    scalar(b.if_then(unaligned, at));
}

/// Drops the commits and waits of the kernel's queues that hold only MMAs
/// (now complete at issue); their `commit_queue` regions are inlined.
fn drop_queues(plan: &Plan) {
    if plan.mma_queues.is_empty() {
        return;
    }
    for op in ir::nested_ops(plan.function).into_iter().rev() {
        let Some(queue) = asyncpipe::named_queue(op) else { continue };
        if !plan.mma_queues.contains(&queue) {
            continue;
        }
        if CommitQueueOp::is(op) {
            rewrite::inline_region_before(op);
            ir::erase(op);
        } else if CommitOp::is(op) || WaitQueueOp::is(op) {
            ir::erase(op);
        }
    }
}
