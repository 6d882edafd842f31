//! A GEMM kernel re-tiled to the block tile and block order the cost model
//! (`analysis::gemm_cost`) chooses, or the ones asked for.
//!
//! **Input.** A kernel (`gpu.func`, `known_block_size = [2 TM, 1, 1]`: one
//! warpgroup per 64 rows) that computes `C = A B` one `TM x TN` tile of C per
//! block, in the form of the sm_90a example
//! (`examples/tensor_core_gemm_tma.mlir`):
//! - arguments `A: memref<M x K x f16|bf16>`, `B: memref<K x N x ..>`,
//!   `C: memref<M x N x f32>` (identity layouts; more may follow);
//! - in its entry block: `gpu.block_id x`, two workgroup tiles
//!   (`memref.alloc`, `TM x TK` and `TK x TN`), an
//!   `asyncpipe.accumulator_init` (`TM x TN`), pure index arithmetic;
//! - one loop annotated for the pipeliner (`asyncpipe.async_stages`) whose
//!   body copies `A[r, k][TM, TK]` and `B[k, c][TK, TN]` (subviews with
//!   dynamic offsets) into the tiles and multiplies them into the
//!   accumulator (`asyncpipe.mma`), with pure index arithmetic;
//! - the accumulator's store into `C[r, c][TM, TN]`, and `gpu.return`.
//!
//! What it computes is checked by evaluating it, not read from its shape:
//! for every block `b` of the `(M / TM) (N / TN)` a launch has, the store's
//! offsets `(r, c)` are a tile of C, no two blocks' the same (so the blocks
//! cover C), and in step `s` of the loop (static bounds, `K / TK` steps) the
//! copies read `A[r, s TK]` and `B[s TK, c]`, in order (the sums keep their
//! order, so C is the same to the bit). Anything else is an error at the
//! op, before anything changes; so is a check that would evaluate more than
//! 2^22 (block, step) pairs.
//!
//! **Output.** The same kernel with tiles of `TM' x TN'` (`TK` kept), its
//! blocks walking C's tiles in groups of `g` tile rows (block `b`: group `b /
//! (g tiles_n)`, then down the group's rows and right), `known_block_size =
//! [2 TM', 1, 1]`, and the choice recorded on the kernel
//! (`asyncpipe.gemm_tiling`: the tile, the group, the stages, the number of
//! tiles (a launch's grid, unless persistent), whether a persistent kernel
//! gains (more tiles than multiprocessors: with fewer, each block has one
//! tile and walking tiles gains nothing), the model's estimate). The
//! tiles' allocations, the accumulator, the three subviews change shape in
//! place; the tile's offsets come from the new order; the old order's index
//! arithmetic, left unused, goes. The loop keeps its stages and its K step.
//! `asyncpipe-warp-specialize` takes the recorded stages as its ring's
//! slots.

use crate::passes::analysis::const_eval::Bindings;
use crate::passes::analysis::gemm_cost::{self, Choice, Machine, Problem};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::types::AccumulatorType;
use crate::passes::ir::ods::asyncpipe::{attrs, AccumulatorInitOp, AccumulatorStoreOp, MmaOp};
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::asyncpipe::GEMM_TILING;
use crate::passes::ir::slices::{Mixed, Slice};
use crate::passes::ir::{self, diag, rewrite};
use crate::passes::PassFailed;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, TypeLike, Value, ValueLike};

/// The most (block, step) pairs the check evaluates.
const MAX_EVALUATIONS: i64 = 1 << 22;

/// What the caller asks for: 0 for the model's choice of each.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub sms: i64,
    pub tile_m: i64,
    pub tile_n: i64,
    pub group_rows: i64,
}

/// One recognized GEMM kernel.
struct Gemm<'c, 'a> {
    function: OperationRef<'c, 'a>,
    block_id: OperationRef<'c, 'a>,
    loop_op: OperationRef<'c, 'a>,
    tiles: [OperationRef<'c, 'a>; 2],
    init: OperationRef<'c, 'a>,
    /// The subviews of A and B the copies read, and of C the store writes.
    views: [OperationRef<'c, 'a>; 3],
    problem: Problem,
    element: Type<'c>,
    tile: [i64; 3],
    steps: i64,
}

fn fail(op: OperationRef, message: &str) -> PassFailed {
    diag::error(op.location(), &format!("asyncpipe-tile-gemm: {message}"));
    PassFailed
}


/// Re-tiles every kernel of `root` that holds a staged GEMM loop.
pub fn tile(root: OperationRef, request: Request) -> Result<(), PassFailed> {
    let loops: Vec<OperationRef> =
        ir::nested_ops(root).into_iter().filter(|op| op.attribute(attrs::ASYNC_STAGES).is_ok()).collect();
    let mut plans = Vec::new();
    for loop_op in loops {
        let gemm = recognize(loop_op)?;
        check_blocks(&gemm)?;
        let choice = choose(&gemm, request)?;
        plans.push((gemm, choice));
    }
    for (gemm, choice) in plans {
        retile(&gemm, &choice, request.sms);
    }
    Ok(())
}

/// The subview `value` comes from, its source a function argument, with two
/// dynamic offsets (its operands 1 and 2, which the rewrite replaces) and
/// unit strides, and its sizes.
fn argument_view<'c, 'a>(value: Value<'c, 'a>, function: OperationRef<'c, 'a>) -> Option<(OperationRef<'c, 'a>, usize, [i64; 2])> {
    let view = ir::defining_op(value)?;
    let (source, slice) = Slice::of(view)?;
    let index = ir::argument_index(source).filter(|_| ir::argument_owner(source).and_then(|b| b.parent_operation()) == Some(function))?;
    match (slice.offsets.as_slice(), slice.sizes.as_slice(), slice.strides.as_slice()) {
        (
            [Mixed::Dynamic(_), Mixed::Dynamic(_)],
            [Mixed::Static(rows), Mixed::Static(columns)],
            [Mixed::Static(1), Mixed::Static(1)],
        ) if Upstream::MemrefSubview.is(view) => Some((view, index, [*rows, *columns])),
        _ => None,
    }
}

/// The 2-D static shape of a memref with an identity layout.
fn matrix(ty: Type) -> Option<[i64; 2]> {
    let shape = ir::shape(ty);
    (ty.is_mem_ref() && ir::has_identity_layout(ty) && shape.len() == 2 && shape.iter().all(|d| *d > 0)).then(|| [shape[0], shape[1]])
}

fn recognize<'c, 'a>(loop_op: OperationRef<'c, 'a>) -> Result<Gemm<'c, 'a>, PassFailed> {
    let not_gemm = |op: OperationRef, what: &str| {
        fail(op, &format!("re-tiles a kernel that is one GEMM in the sm_90a example's form (see its pass doc); {what}"))
    };
    let function = loop_op.parent_operation().filter(|p| Upstream::GpuFunc.is(*p)).ok_or_else(|| {
        not_gemm(loop_op, "the staged loop must be in a gpu.func's body")
    })?;
    let entry = ir::region_entry(function, 0).expect("a gpu.func has a body");
    if loop_op.block() != Some(entry) || ir::blocks(function).len() != 1 {
        return Err(not_gemm(loop_op, "the kernel must be one block holding the loop"));
    }
    let body = ir::region_entry(loop_op, 0).expect("a loop body");
    let (mut copies, mut mmas) = (Vec::new(), Vec::new());
    for op in ir::ops(body) {
        if Upstream::MemrefCopy.is(op) {
            copies.push(op);
        } else if MmaOp::is(op) {
            mmas.push(op);
        } else if ir::terminator(body) != Some(op) && !ir::is_pure(op) {
            return Err(not_gemm(op, "the loop may hold its two tile copies, one asyncpipe.mma and pure index arithmetic only"));
        }
    }
    let ([copy_a, copy_b], [mma]) = (copies.as_slice(), mmas.as_slice()) else {
        return Err(not_gemm(loop_op, "the loop must copy two tiles (memref.copy) and multiply them (one asyncpipe.mma)"));
    };
    let view = MmaOp::cast(*mma).expect("an mma");
    if view.transpose_b() || crate::passes::ir::asyncpipe::has_register_a(view) {
        return Err(not_gemm(*mma, "the MMA must read A (M x K) and B (K x N) from the tiles the loop copies: no transpose_b, no register operand"));
    }
    // Each copy fills the tile the MMA reads as its A or B operand.
    let mut ordered = [None, None];
    for copy in [*copy_a, *copy_b] {
        let dst = copy.operand(1).expect("a copy's target");
        let slot = [view.a(), view.b()].iter().position(|o| *o == dst);
        match slot {
            Some(k) if ordered[k].is_none() => ordered[k] = Some(copy),
            _ => return Err(not_gemm(copy, "each copy must fill the tile the MMA reads as A or as B")),
        }
    }
    let [Some(copy_a), Some(copy_b)] = ordered else { unreachable!("two copies, two distinct slots") };
    let mut tiles = Vec::new();
    for operand in [view.a(), view.b()] {
        let alloc = ir::defining_op(operand).filter(|d| Upstream::MemrefAlloc.is(*d) && d.block() == Some(entry) && d.operand_count() == 0);
        let Some(alloc) = alloc else { return Err(not_gemm(*mma, "the MMA's tiles must be memref.allocs of the kernel's body")) };
        if ir::users(operand).len() != 2 {
            return Err(not_gemm(alloc, "a tile may be used by its copy and the MMA only"));
        }
        tiles.push(alloc);
    }
    let init = ir::defining_op(view.acc()).filter(|d| AccumulatorInitOp::is(*d) && d.block() == Some(entry));
    let Some(init) = init else { return Err(not_gemm(*mma, "the accumulator must come from an asyncpipe.accumulator_init in the kernel's body")) };
    let acc_users = ir::users(view.acc());
    let store = acc_users.iter().copied().find(|u| AccumulatorStoreOp::is(*u));
    let Some(store) = store.filter(|_| acc_users.len() == 2) else {
        return Err(not_gemm(init, "the accumulator must be used by the MMA and one asyncpipe.accumulator_store after the loop"));
    };
    // Every other op of the body: the block id, pure arithmetic, the return.
    let mut block_id = None;
    for op in ir::ops(entry) {
        let known = op == loop_op || op == init || op == store || tiles.contains(&op) || Upstream::GpuReturn.is(op);
        if Upstream::GpuBlockId.is(op) && ir::gpu_dimension(op) == Some(0) && block_id.is_none() {
            block_id = Some(op);
        } else if !known && !ir::is_pure(op) {
            return Err(not_gemm(op, "the kernel may hold its tiles, accumulator, loop, store, one gpu.block_id x and pure index arithmetic only"));
        }
    }
    let Some(block_id) = block_id else { return Err(not_gemm(function, "the kernel must take its tile from gpu.block_id x")) };
    let views = [copy_a.operand(0).unwrap(), copy_b.operand(0).unwrap(), store.operand(1).unwrap()].map(|v| argument_view(v, function));
    let [Some((view_a, arg_a, size_a)), Some((view_b, arg_b, size_b)), Some((view_c, arg_c, size_c))] = views else {
        return Err(not_gemm(store, "the copies and the store must read and write subviews of the kernel's arguments (two dynamic offsets, unit strides)"));
    };
    let argument = |k: usize| entry.argument(k).expect("an argument").r#type();
    let (Some([m, k]), Some([k2, n]), Some([m2, n2])) = (matrix(argument(arg_a)), matrix(argument(arg_b)), matrix(argument(arg_c))) else {
        return Err(not_gemm(function, "A, B and C must be 2-D memrefs of static shapes and identity layouts"));
    };
    let element = ir::element_type(argument(arg_a));
    let f32 = Type::float32(ir::context(function));
    let half = element == Type::float16(ir::context(function)) || element == Type::bfloat16(ir::context(function));
    if (k, m, n) != (k2, m2, n2) || !half || ir::element_type(argument(arg_b)) != element || ir::element_type(argument(arg_c)) != f32 {
        return Err(not_gemm(function, "A (M x K) and B (K x N) must be f16 or bf16 alike, and C (M x N) f32"));
    }
    let [tm, tk] = size_a;
    let tn = size_c[1];
    let tile_types_agree = size_b == [tk, tn]
        && size_c == [tm, tn]
        && ir::shape(tiles[0].result(0).unwrap().r#type()) == [tm, tk]
        && ir::shape(tiles[1].result(0).unwrap().r#type()) == [tk, tn];
    if !tile_types_agree || tm <= 0 || tn <= 0 || tk <= 0 || m % tm != 0 || n % tn != 0 {
        return Err(not_gemm(store, "the tiles must be TM x TK of A, TK x TN of B and TM x TN of C, dividing M and N"));
    }
    if ir::known_block_size(function) != Some([2 * tm, 1, 1]) {
        return Err(not_gemm(function, &format!("a block has one warpgroup per 64 rows of its tile: known_block_size [{}, 1, 1]", 2 * tm)));
    }
    let Some((lower, upper, step)) = ir::static_bounds(loop_op) else {
        return Err(not_gemm(loop_op, "the loop must have static bounds"));
    };
    let steps = ir::static_trip_count(loop_op).unwrap_or(0);
    if steps.checked_mul(tk) != Some(k) || lower.checked_add(steps.checked_mul(step).unwrap_or(i64::MAX)).is_none() || upper < lower {
        return Err(not_gemm(loop_op, &format!("the loop's {steps} steps of {tk} must walk K ({k})")));
    }
    Ok(Gemm {
        function,
        block_id,
        loop_op,
        tiles: [tiles[0], tiles[1]],
        init,
        views: [view_a, view_b, view_c],
        problem: Problem { m, n, k, element_bytes: 2 },
        element,
        tile: [tm, tn, tk],
        steps,
    })
}

/// Evaluates every block's tile and every step's offsets (module doc).
fn check_blocks(g: &Gemm) -> Result<(), PassFailed> {
    let [tm, tn, tk] = g.tile;
    let (rows, columns) = (g.problem.m / tm, g.problem.n / tn);
    let blocks = rows * columns;
    if blocks.checked_mul(g.steps).is_none_or(|pairs| pairs > MAX_EVALUATIONS) {
        return Err(fail(
            g.loop_op,
            &format!("checking what the kernel computes would evaluate {blocks} blocks x {} steps, more than {MAX_EVALUATIONS}", g.steps),
        ));
    }
    let (lower, _, step) = ir::static_bounds(g.loop_op).expect("checked");
    let iv: Value = ir::region_entry(g.loop_op, 0).unwrap().argument(0).unwrap().into();
    let bid: Value = g.block_id.result(0).unwrap().into();
    let [view_a, view_b, view_c] = g.views;
    let offset = |b: &Bindings, view: OperationRef, k: usize| b.eval(view.operand(k).unwrap());
    let mut owner = vec![None; blocks as usize];
    let mut bindings = Bindings::default();
    for block in 0..blocks {
        bindings.bind(bid, block);
        let (Some(r), Some(c)) = (offset(&bindings, view_c, 1), offset(&bindings, view_c, 2)) else {
            return Err(fail(view_c, &format!("block {block}'s tile of C is not a constant of its block id")));
        };
        if r < 0 || c < 0 || r % tm != 0 || c % tn != 0 || r >= g.problem.m || c >= g.problem.n {
            return Err(fail(view_c, &format!("block {block} stores at ({r}, {c}), which is not a {tm} x {tn} tile of C")));
        }
        let tile = (r / tm * columns + c / tn) as usize;
        if let Some(other) = owner[tile] {
            return Err(fail(view_c, &format!("blocks {other} and {block} both store the tile at ({r}, {c}): the blocks do not cover C")));
        }
        owner[tile] = Some(block);
        for s in 0..g.steps {
            bindings.bind_iteration(iv, lower, s, step);
            let k0 = s * tk;
            let got = [offset(&bindings, view_a, 1), offset(&bindings, view_a, 2), offset(&bindings, view_b, 1), offset(&bindings, view_b, 2)];
            if got != [Some(r), Some(k0), Some(k0), Some(c)] {
                let at = if got[..2] != [Some(r), Some(k0)] { view_a } else { view_b };
                let shown = |v: Option<i64>| v.map_or("?".to_string(), |v| v.to_string());
                return Err(fail(
                    at,
                    &format!(
                        "in block {block}, step {s} reads A at ({}, {}) and B at ({}, {}); C = A B needs A at ({r}, {k0}) and B at ({k0}, {c})",
                        shown(got[0]),
                        shown(got[1]),
                        shown(got[2]),
                        shown(got[3])
                    ),
                ));
            }
        }
        bindings.unbind(iv);
    }
    Ok(())
}

fn choose(g: &Gemm, request: Request) -> Result<Choice, PassFailed> {
    let machine = Machine::sm90a(request.sms);
    if request.tile_m != 0 && (!(64..=192).contains(&request.tile_m) || request.tile_m % 64 != 0) {
        return Err(fail(
            g.function,
            &format!("tile-m = {}: a block tile has 64 to 192 rows in steps of 64 (one to three consumer warpgroups)", request.tile_m),
        ));
    }
    if request.tile_n != 0 && (!(64..=256).contains(&request.tile_n) || request.tile_n % 64 != 0) {
        return Err(fail(
            g.function,
            &format!("tile-n = {}: a block tile has 64 to 256 columns in steps of 64 (wgmma's N, the tensor maps' boxes)", request.tile_n),
        ));
    }
    let choice = gemm_cost::choose(g.problem, &machine, request.tile_m, request.tile_n, request.group_rows);
    choice.filter(|c| c.tile_k == g.tile[2]).ok_or_else(|| {
        fail(
            g.function,
            &format!(
                "no tile fits a {} x {} x {} GEMM (the model's tiles are 128 x 64, 128, 256 with K steps of {}, dividing M, N and K; a group of tile rows must divide the rows)",
                g.problem.m,
                g.problem.n,
                g.problem.k,
                gemm_cost::TILE_K
            ),
        )
    })
}

fn retile(g: &Gemm, choice: &Choice, sms: i64) {
    let b = Builder::new(g.function.context(), g.function.location());
    let (tm, tn, tk) = (choice.tile_m, choice.tile_n, g.tile[2]);
    let (k, n) = (g.problem.k, g.problem.n);
    let element = g.element.to_string();
    let workgroup = |rows: i64, columns: i64| b.parse_type(&format!("memref<{rows}x{columns}x{element}, #gpu.address_space<workgroup>>"));
    rewrite::set_type(g.tiles[0].result(0).unwrap().into(), workgroup(tm, tk));
    rewrite::set_type(g.tiles[1].result(0).unwrap().into(), workgroup(tk, tn));
    let accumulator = AccumulatorType::get(ir::context(g.function), &[tm, tn], Type::float32(ir::context(g.function))).expect("an f32 tile");
    rewrite::set_type(g.init.result(0).unwrap().into(), accumulator.r#type());
    // The new order's tile offsets, right after the block id.
    let at = Point::Before(g.block_id.next_in_block().expect("the block id is not the terminator"));
    let bid: Value = g.block_id.result(0).unwrap().into();
    let columns = n / tn;
    let constant = |v: i64| b.index_constant(v, at);
    let per_group = b.binary(Upstream::ArithDivui, bid, constant(choice.group_rows * columns), at);
    let in_group = b.binary(Upstream::ArithRemui, bid, constant(choice.group_rows * columns), at);
    let first_row = b.binary(Upstream::ArithMuli, per_group, constant(choice.group_rows), at);
    let row_in_group = b.binary(Upstream::ArithRemui, in_group, constant(choice.group_rows), at);
    let tile_row = b.binary(Upstream::ArithAddi, first_row, row_in_group, at);
    let tile_column = b.binary(Upstream::ArithDivui, in_group, constant(choice.group_rows), at);
    let row0 = b.binary(Upstream::ArithMuli, tile_row, constant(tm), at);
    let col0 = b.binary(Upstream::ArithMuli, tile_column, constant(tn), at);
    let [view_a, view_b, view_c] = g.views;
    let resize = |view: OperationRef, sizes: [i64; 2], row_stride: i64| {
        rewrite::set_attribute(view, attr::STATIC_SIZES, b.parse_attr(&format!("array<i64: {}, {}>", sizes[0], sizes[1])));
        let ty = b.parse_type(&format!("memref<{}x{}x{}, strided<[{row_stride}, 1], offset: ?>>", sizes[0], sizes[1], ir::element_type(view.result(0).unwrap().r#type())));
        rewrite::set_type(view.result(0).unwrap().into(), ty);
    };
    resize(view_a, [tm, tk], k);
    rewrite::set_operand(view_a, 1, row0);
    resize(view_b, [tk, tn], n);
    rewrite::set_operand(view_b, 2, col0);
    resize(view_c, [tm, tn], n);
    rewrite::set_operand(view_c, 1, row0);
    rewrite::set_operand(view_c, 2, col0);
    rewrite::set_attribute(g.function, attr::KNOWN_BLOCK_SIZE, b.parse_attr(&format!("array<i32: {}, 1, 1>", 2 * tm)));
    let record = format!(
        "{{tile = array<i64: {tm}, {tn}, {tk}>, group_rows = {} : i64, stages = {} : i64, tiles = {} : i64, persistent = {} : i64, estimate = \"{:.1} us, {:.0} TFLOP/s, bound by {}\"}}",
        choice.group_rows,
        choice.stages,
        choice.tiles,
        i64::from(choice.tiles > sms),
        choice.seconds * 1e6,
        choice.tflops,
        choice.bound
    );
    rewrite::set_attribute(g.function, GEMM_TILING, b.parse_attr(&record));
    // The old order's arithmetic, now unused (innermost first).
    let entry = ir::region_entry(g.function, 0).expect("a body");
    let body = ir::region_entry(g.loop_op, 0).expect("a loop body");
    loop {
        let dead: Vec<OperationRef> = ir::ops(body)
            .chain(ir::ops(entry))
            .filter(|op| ir::is_pure(*op) && op.result_count() > 0 && (0..op.result_count()).all(|r| !ir::has_uses(op.result(r).unwrap().into())))
            .collect();
        if dead.is_empty() {
            break;
        }
        for op in dead {
            ir::erase(op);
        }
    }
}
