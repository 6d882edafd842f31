//! `asyncpipe-lower-mma`: asyncpipe's MMAs and accumulator tiles in GPU
//! kernels on the chip's tensor cores, through upstream's `nvgpu` ops. The
//! first step of `asyncpipe-to-ptx`, before `asyncpipe-to-nvgpu` lowers the
//! copies that feed the tiles.
//!
//! In a kernel an MMA and its accumulator belong to the whole block: every
//! thread runs them (uniform control flow, as for a block barrier), and the
//! `M x N` tile is split over the block's warps, a `rows x columns` grid of
//! warp tiles (chosen as square as the shape allows), each a grid of
//! `16 x 8` fragments held in four registers of each of its 32 threads (PTX's
//! `mma.m16n8k16` accumulator layout: thread `l` holds rows `l/4` and
//! `l/4 + 8`, columns `2(l%4)` and `2(l%4) + 1`).
//!
//! sm_80 and newer (`mma.sync`, see [`sm80`]):
//! - `asyncpipe.accumulator_init` becomes a zeroed `memref.alloca` of each
//!   thread's fragments (registers once LLVM promotes it: every access has
//!   constant indices);
//! - `asyncpipe.mma` becomes, per 16-deep step of K, `nvgpu.ldmatrix` of the
//!   warp's A fragments (x4) and B fragments (x2, transposed from the
//!   row-major K x N tile) and `nvgpu.mma.sync` (m16n8k16) per fragment;
//! - `asyncpipe.accumulator_store` stores each thread's fragments.
//!
//! `mma.sync` is synchronous: an MMA on a queue completes at issue, so the
//! commits and waits of a queue that holds only MMAs go (its `commit_queue`
//! regions are inlined). A queue that also holds copies is an error: cp.async
//! cannot hold an MMA.
//!
//! sm_90a (`wgmma`, see [`sm90`]): each warpgroup multiplies its 64 rows of
//! the tile with `wgmma.mma_async`, reading A and B from workgroup memory in
//! the 128-byte swizzle through matrix descriptors, and the MMA queue is
//! wgmma's group queue: a commit becomes `wgmma.commit_group`, `wait_queue
//! q, N` becomes `wgmma.wait_group N` (the pipeliner's counts, unchanged). The
//! operand tiles' buffers are marked (`asyncpipe.swizzle`) for
//! `asyncpipe-to-nvgpu`, which fills them with tensor-map copies; any other
//! access to them is an error at that op. (Plain `sm_90` gets `mma.sync`.)
//!
//! Attention's forms (issue 39), on sm_90a only: the math on register
//! tiles (`asyncpipe.accumulator_map`, `_reduce`, `_convert`) per thread in
//! the accumulator layout, an MMA reading its `a` from registers (inline
//! `wgmma.mma_async` with A from registers) and one with `transpose_b` (a
//! K-major B); see [`registers`]. On other chips they are an error at the
//! op.
//!
//! What the tensor cores cannot take is an error at the op that names what
//! is allowed, before anything changes: element types other than f16 or
//! bf16 into f32, a K that is not a multiple of 16, a tile that no grid of
//! the block's warps splits into 16 x 8 fragments, input tiles outside
//! workgroup memory or whose rows ldmatrix cannot read (not contiguous, or
//! not 16-byte aligned), an MMA outside a kernel with a known block size of
//! whole warps, chips before sm_80, and accumulators used by other ops.

#[path = "lower_mma/sm80.rs"]
mod sm80;
#[path = "lower_mma/sm90.rs"]
pub mod sm90;
#[path = "lower_mma/registers.rs"]
mod registers;

use crate::passes::ir::positions::OpPositions;
use crate::passes::analysis::in_flight::QueueMap;
use crate::passes::analysis::sync_state;
use crate::passes::transform::recount;
use crate::passes::ir::asyncpipe::{self, accumulator_tile};
use crate::passes::ir::ods::asyncpipe::{AccumulatorInitOp, AsyncpipeOp, CopyOp, MmaOp, WaitQueueOp};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag, MemorySpace};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, TypeLike, ValueLike};
use std::collections::{BTreeMap, BTreeSet};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-lower-mma",
    description: "Lower asyncpipe MMAs and accumulator tiles in GPU kernels to the tensor cores (ldmatrix and \
                  mma.sync on sm_80 and sm_90; wgmma on sm_90a, its tiles marked for tensor-map copies); the first \
                  step of asyncpipe-to-ptx",
    anchor: None,
    options: &[OptionDef {
        name: "chip",
        description: "Target SM (sm_80, sm_90, ...; sm_90a: wgmma fed by tensor-map copies)",
        default: "sm_80",
    }],
    run,
};

/// The most m16n8 fragments a warp's part of an accumulator may have on
/// sm_80 (4 f32 registers each a thread: 1024, past what a thread holds
/// without spilling; the lowering unrolls them all).
const MAX_FRAGMENTS: i64 = 256;

/// The deepest K an MMA may have (the lowerings unroll it in steps of 16).
const MAX_K: i64 = 1 << 12;

/// How an accumulator tile is split over a block's warps: a `rows x
/// columns` grid of warp tiles of `tile_m x tile_n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WarpGrid {
    pub rows: i64,
    pub columns: i64,
    pub tile_m: i64,
    pub tile_n: i64,
}

impl WarpGrid {
    /// The grid of `warps` warp tiles, each a whole number of `frag_m x
    /// frag_n` fragments, that covers an `m x n` tile with the squarest warp
    /// tiles (the fewest bytes of A and B a warp reads per MMA); None when
    /// there is none.
    pub fn of(m: i64, n: i64, warps: i64, frag_m: i64, frag_n: i64) -> Option<Self> {
        (1..=warps)
            .filter(|rows| warps % rows == 0)
            .map(|rows| (rows, warps / rows))
            .filter(|(rows, columns)| m % (frag_m * rows) == 0 && n % (frag_n * columns) == 0)
            .map(|(rows, columns)| WarpGrid { rows, columns, tile_m: m / rows, tile_n: n / columns })
            .min_by_key(|g| (g.tile_m - g.tile_n).abs())
    }
}

/// Whether `op` is one of attention's forms, which only wgmma (sm_90a)
/// takes: math on register tiles, an MMA reading registers or a transposed
/// `b`.
fn attention_form(op: OperationRef) -> bool {
    asyncpipe::is_register_math(op) || MmaOp::cast(op).is_some_and(|mma| asyncpipe::has_register_a(mma) || mma.transpose_b())
}

/// Whether `init` makes one of attention's register tiles rather than an
/// f32 accumulator: a value per row (`M x 1`), or f16/bf16 (an A operand).
fn is_register_tile(init: AccumulatorInitOp) -> bool {
    let acc = init.acc();
    let accumulates = ir::users(acc).into_iter().any(|u| MmaOp::cast(u).is_some_and(|mma| mma.acc() == acc));
    accumulator_tile(acc.r#type()).is_some_and(|t| t.columns == 1 || (!t.element.is_f32() && !accumulates))
}

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let chip = options.get("chip");
    let sm = chip.strip_prefix("sm_").map(|v| v.trim_end_matches('a')).and_then(|v| v.parse::<u32>().ok());
    let ops = ir::nested_ops(root);
    let uses_mma = ops.iter().any(|op| asyncpipe::is_tensor_core_op(*op));
    if !uses_mma {
        return Ok(());
    }
    let Some(sm) = sm else {
        diag::error(root.location(), &format!("asyncpipe-lower-mma: chip '{chip}' is not an SM name such as sm_80 or sm_90a"));
        return Err(PassFailed);
    };
    // wgmma exists on sm_90a only (the arch-specific target).
    let wgmma = chip == "sm_90a";
    let mut plans = check(&ops, sm, wgmma)?;
    if wgmma && plans.iter().any(|plan| plan.mma_queues.len() > 1) {
        // Several MMA queues share wgmma's one group counter: their waits'
        // counts are recomputed for it (exact, and waits that the merged
        // counter already satisfies removed), then the plans made again on
        // the recounted functions.
        for plan in plans.iter().filter(|plan| plan.mma_queues.len() > 1) {
            let first = *plan.mma_queues.first().expect("two or more queues");
            let merged = plan.mma_queues.iter().map(|q| (*q, first)).collect();
            recount::recount(plan.function, &QueueMap { merged, ..QueueMap::default() })?;
        }
        plans = check(&ir::nested_ops(root), sm, wgmma)?;
    }
    for plan in plans {
        if wgmma {
            sm90::lower(&plan);
        } else {
            sm80::lower(&plan);
        }
    }
    Ok(())
}

/// What one kernel's MMAs lower to: its accumulators, each with its warp
/// grid, and the queues that hold only MMAs.
pub struct Plan<'c, 'a> {
    pub function: OperationRef<'c, 'a>,
    pub accumulators: Vec<(OperationRef<'c, 'a>, WarpGrid)>,
    pub mmas: Vec<OperationRef<'c, 'a>>,
    pub stores: Vec<OperationRef<'c, 'a>>,
    pub mma_queues: BTreeSet<i64>,
    /// wgmma: the buffers (`memref.alloc`) of its operand tiles, which it
    /// reads in the 128-byte swizzle.
    pub swizzled: Vec<OperationRef<'c, 'a>>,
    /// sm_90a: the math on register tiles (attention's).
    pub register_ops: Vec<OperationRef<'c, 'a>>,
}

/// A wait's constant in-flight count, if it has one (below 0: 0, as it
/// waits).
pub fn wait_count(wait: WaitQueueOp) -> Option<i64> {
    wait.count().or_else(|| wait.dynamic_count().and_then(ir::constant_int)).map(|count| count.max(0))
}

/// Reports, at the op, what the tensor cores cannot take; the plan of each
/// kernel otherwise.
fn check<'c, 'a>(ops: &[OperationRef<'c, 'a>], sm: u32, wgmma: bool) -> Result<Vec<Plan<'c, 'a>>, PassFailed> {
    let mut failed = false;
    let mut fail = |op: OperationRef, message: &str| {
        diag::error(op.location(), message);
        failed = true;
    };
    let mut tiles_failed = false;
    let mut plans: BTreeMap<ir::OpKey, Plan> = BTreeMap::new();
    // Queues, per kernel, holding MMAs and holding anything else.
    let mut mma_queues: BTreeMap<ir::OpKey, BTreeSet<i64>> = BTreeMap::new();
    let mut other_queues: BTreeMap<ir::OpKey, BTreeSet<i64>> = BTreeMap::new();
    for op in ops {
        let is_mma_op = asyncpipe::is_tensor_core_op(*op);
        let function = ir::enclosing_function(*op);
        if is_mma_op && sync_state::is_token_form(*op) {
            fail(*op, "asyncpipe-lower-mma expects counting form: run asyncpipe-token-to-count first");
            continue;
        }
        if attention_form(*op) && !wgmma {
            fail(
                *op,
                &format!(
                    "math on register tiles, register operands and transpose_b lower to wgmma (sm_90a) only: the chip \
                     is sm_{sm} (asyncpipe-lower-deferred runs them on the CPU)"
                ),
            );
            continue;
        }
        if !is_mma_op {
            if let (Some(function), true) = (function, asyncpipe::is_async(*op) || crate::passes::ir::async_effects::issues_queued_work(*op)) {
                if let Some(queue) = asyncpipe::queue_of(*op) {
                    other_queues.entry(ir::OpKey::of(function)).or_default().insert(queue);
                }
            }
            continue;
        }
        let kernel = function.filter(|f| Upstream::GpuFunc.is(*f));
        let Some(kernel) = kernel else {
            fail(*op, "tensor cores run MMAs in GPU kernels (gpu.func); asyncpipe-lower-deferred runs this one on the CPU");
            continue;
        };
        // A warp-specialized kernel runs its MMAs in its consumer warpgroups,
        // threads 0 .. asyncpipe.mma_threads (transform::warp_specialize).
        let mma_threads = ir::int_attr(kernel, asyncpipe::MMA_THREADS);
        let warps = match (mma_threads, ir::known_block_size(kernel)) {
            (Some(x), Some([all, 1, 1])) if x > 0 && x % 32 == 0 && x <= all => x / 32,
            (None, Some([x, 1, 1])) if x > 0 && x % 32 == 0 => x / 32,
            _ => {
                fail(
                    *op,
                    "an MMA's tile is split over the block's warps: its kernel needs known_block_size = [32 k, 1, 1]",
                );
                continue;
            }
        };
        let plan = plans.entry(ir::OpKey::of(kernel)).or_insert_with(|| Plan {
            function: kernel,
            accumulators: Vec::new(),
            mmas: Vec::new(),
            stores: Vec::new(),
            mma_queues: BTreeSet::new(),
            swizzled: Vec::new(),
            register_ops: Vec::new(),
        });
        match AsyncpipeOp::of(*op) {
            // sm_90a: attention's register tiles (a value per row, or an
            // f16/bf16 A operand) beside accumulators.
            Some(AsyncpipeOp::AccumulatorInit(init)) if wgmma && is_register_tile(init) => {
                let tile = accumulator_tile(init.acc().r#type()).expect("a register tile");
                let rows = tile.columns == 1;
                let fits = if rows { tile.element.is_f32() } else { tile.columns % 64 == 0 && tile.columns <= 256 };
                match sm90::grid(tile.rows, 8, warps).filter(|_| fits) {
                    Some(grid) => plan.accumulators.push((*op, WarpGrid { tile_n: tile.columns, ..grid })),
                    None => fail(
                        *op,
                        &format!(
                            "wgmma (sm_90a) gives each warpgroup of 4 warps 64 rows of a register tile: with the \
                             block's {warps} warps a tile is {} x 1 (f32, a value per row) or {} x N (N a multiple of \
                             64 up to 256); this one is {}x{} of {}",
                            16 * warps,
                            16 * warps,
                            tile.rows,
                            tile.columns,
                            tile.element
                        ),
                    ),
                }
                if let Some(user) = asyncpipe::other_register_tile_use(init.acc()) {
                    fail(user, "on sm_90a a register tile is used by asyncpipe.mma, accumulator_store and the math on register tiles only");
                }
            }
            // Before sm_90a attention's forms are errors at their ops; their
            // tiles are not judged again.
            Some(AsyncpipeOp::AccumulatorInit(init)) if !wgmma && ir::users(init.acc()).into_iter().any(attention_form) => {}
            Some(AsyncpipeOp::AccumulatorMap(_) | AsyncpipeOp::AccumulatorReduce(_) | AsyncpipeOp::AccumulatorConvert(_)) => {
                let from_init = op.operands().filter(|v| asyncpipe::is_accumulator_type(v.r#type())).all(|v| {
                    ir::defining_op(v).and_then(AccumulatorInitOp::cast).is_some_and(|init| ir::enclosing_function(init.operation()) == Some(kernel))
                });
                if !from_init {
                    fail(*op, "on tensor cores the math runs on register tiles asyncpipe.accumulator_init makes in the same kernel");
                    continue;
                }
                plan.register_ops.push(*op);
            }
            Some(AsyncpipeOp::AccumulatorInit(init)) => {
                let tile = accumulator_tile(init.acc().r#type()).expect("an accumulator");
                if !tile.element.is_f32() {
                    let how = if wgmma { "on sm_90a tensor cores asyncpipe accumulates in f32 (wgmma m64nNk16)" } else { "on sm_80 tensor cores asyncpipe accumulates in f32 (mma.sync m16n8k16)" };
                    fail(*op, &format!("{how}; this tile holds {}", tile.element));
                    continue;
                }
                if wgmma && warps % 4 != 0 {
                    fail(
                        *op,
                        &format!(
                            "wgmma (sm_90a) runs in warpgroups of 4 warps: the block's {warps} warps are not whole \
                             warpgroups (known_block_size a multiple of 128)"
                        ),
                    );
                } else if wgmma {
                    match sm90::grid(tile.rows, tile.columns, warps) {
                        Some(grid) if tile.columns % 64 == 0 && tile.columns <= 256 => plan.accumulators.push((*op, grid)),
                        _ => fail(
                            *op,
                            &format!(
                                "wgmma (sm_90a) gives each warpgroup of 4 warps 64 rows of the accumulator, up to 256 \
                                 columns: with the block's {warps} warps a tile is {} x N, N a multiple of 64 up to 256 \
                                 (B's tile in 64-column swizzled regions); this one is {}x{}",
                                16 * warps,
                                tile.rows,
                                tile.columns
                            ),
                        ),
                    }
                } else { match WarpGrid::of(tile.rows, tile.columns, warps, 16, 8) {
                    Some(grid) if (grid.tile_m / 16) * (grid.tile_n / 8) > MAX_FRAGMENTS => fail(
                        *op,
                        &format!(
                            "a warp's part of this accumulator is {}x{}: {} m16n8 fragments of 4 registers a thread, \
                             more than the {MAX_FRAGMENTS} the lowering unrolls; use more warps or a smaller tile",
                            grid.tile_m,
                            grid.tile_n,
                            (grid.tile_m / 16) * (grid.tile_n / 8)
                        ),
                    ),
                    Some(grid) => plan.accumulators.push((*op, grid)),
                    None => fail(
                        *op,
                        &format!(
                            "a {}x{} accumulator cannot be split over the block's {warps} warps: no grid of rows x columns \
                             warps divides its rows by 16 rows and its columns by 8 columns (mma.sync's m16n8 fragments)",
                            tile.rows, tile.columns
                        ),
                    ),
                } }
                let other = if wgmma {
                    asyncpipe::other_register_tile_use(init.acc())
                } else {
                    asyncpipe::other_accumulator_use(init.acc())
                };
                if let Some(user) = other {
                    fail(user, "on tensor cores an accumulator is used by asyncpipe.mma, asyncpipe.accumulator_store and (sm_90a) the math on register tiles only");
                }
            }
            Some(AsyncpipeOp::Mma(mma)) => {
                if sm < 80 {
                    fail(*op, &format!("tensor-core MMAs need sm_80 or newer (mma.sync m16n8k16); the chip is sm_{sm}"));
                    continue;
                }
                let input = ir::element_type(mma.b().r#type());
                if !wgmma && !(input.is_f16() || input.is_bf16()) {
                    fail(*op, &format!("on sm_80 tensor cores asyncpipe multiplies f16 or bf16 tiles into f32 (mma.sync m16n8k16); these hold {input}"));
                    continue;
                }
                let (_, _, k) = asyncpipe::mma_product_shape(mma);
                if k > MAX_K {
                    fail(*op, &format!("K = {k}: the lowering unrolls K in steps of 16 up to {MAX_K}; split the MMA along K"));
                    continue;
                }
                if wgmma {
                    tiles_failed |= check_wgmma_tiles(*op, mma, &mut plan.swizzled).is_err();
                } else if k % 16 != 0 {
                    fail(*op, &format!("K = {k} is not a multiple of 16, the depth of mma.sync m16n8k16"));
                }
                for (what, value) in [("a", mma.a()), ("b", mma.b())].into_iter().filter(|_| !wgmma) {
                    let ty: Type = value.r#type();
                    if ir::memory_space(ty) != MemorySpace::Workgroup {
                        fail(*op, &format!("ldmatrix reads workgroup (shared) memory; tile '{what}' is not in it"));
                    } else if !rows_for_ldmatrix(ty) {
                        fail(
                            *op,
                            &format!(
                                "ldmatrix reads 16-byte rows: tile '{what}' needs contiguous rows (innermost stride 1) \
                                 whose starts are 16 bytes apart (a static row stride of a multiple of 8 elements)"
                            ),
                        );
                    } else if !ir::starts_aligned(value, 8) {
                        fail(
                            *op,
                            &format!(
                                "ldmatrix reads 16-byte rows: tile '{what}' must start on a 16-byte boundary (an offset \
                                 of a multiple of 8 elements, static or made of subview offsets times such strides)"
                            ),
                        );
                    }
                }
                if ir::defining_op(mma.acc()).and_then(AccumulatorInitOp::cast).is_none() {
                    fail(*op, "on tensor cores an MMA accumulates into a tile asyncpipe.accumulator_init makes in the same kernel");
                }
                if !asyncpipe::is_synchronous_mma(*op) {
                    if let Some(queue) = asyncpipe::queue_of(*op) {
                        mma_queues.entry(ir::OpKey::of(kernel)).or_default().insert(queue);
                    }
                }
                plan.mmas.push(*op);
            }
            Some(AsyncpipeOp::AccumulatorStore(store)) => {
                if ir::defining_op(store.acc()).and_then(AccumulatorInitOp::cast).is_none() {
                    fail(*op, "on tensor cores an accumulator stored is a tile asyncpipe.accumulator_init makes in the same kernel");
                } else if accumulator_tile(store.acc().r#type()).is_some_and(|t| !t.element.is_f32() || t.columns == 1) {
                    fail(*op, "on tensor cores asyncpipe stores f32 accumulator tiles (M x N); this one is a register operand or a value per row");
                }
                plan.stores.push(*op);
            }
            _ => {}
        }
    }
    for (kernel, queues) in &mma_queues {
        let others = other_queues.get(kernel).cloned().unwrap_or_default();
        if let Some(shared) = queues.intersection(&others).next() {
            let plan = &plans[kernel];
            let at = plan.mmas.iter().find(|m| asyncpipe::queue_of(**m) == Some(*shared)).copied().unwrap_or(plan.function);
            fail(
                at,
                &format!(
                    "queue {shared} holds both MMAs and other async ops: {}, so the MMAs need a queue of their own",
                    if wgmma {
                        "wgmma's group queue (wgmma.commit_group, wgmma.wait_group) holds only wgmmas"
                    } else {
                        "mma.sync completes at issue and cp.async cannot hold an MMA"
                    }
                ),
            );
        }
    }
    if wgmma {
        // wgmma.wait_group takes a constant.
        for op in ops {
            let Some(wait) = WaitQueueOp::cast(*op) else { continue };
            let Some(kernel) = ir::enclosing_function(*op) else { continue };
            let on_mma_queue = wait.queue().is_some_and(|q| mma_queues.get(&ir::OpKey::of(kernel)).is_some_and(|s| s.contains(&q)));
            if on_mma_queue && wait_count(wait).is_none() {
                fail(*op, "wgmma.wait_group takes a constant count: this wait on an MMA queue needs a constant in-flight count");
            }
        }
    }
    if failed || tiles_failed {
        return Err(PassFailed);
    }
    Ok(plans
        .into_iter()
        .map(|(key, mut plan)| {
            plan.mma_queues = mma_queues.remove(&key).unwrap_or_default();
            plan
        })
        .collect())
}

/// Checks that wgmma can read `mma`'s tiles in the 128-byte swizzle (see
/// [`sm90`]) and adds their buffers to `swizzled`; errors at the op
/// otherwise.
fn check_wgmma_tiles<'c, 'a>(op: OperationRef<'c, 'a>, mma: MmaOp<'c, 'a>, swizzled: &mut Vec<OperationRef<'c, 'a>>) -> Result<(), PassFailed> {
    let error = |at: OperationRef, message: &str| {
        diag::error(at.location(), message);
        Err(PassFailed)
    };
    let input = ir::element_type(mma.b().r#type());
    if !(input.is_f16() || input.is_bf16()) {
        return error(op, &format!("wgmma (sm_90a) in asyncpipe multiplies f16 or bf16 tiles into f32; these hold {input}"));
    }
    let (a_shape, b_shape) = (ir::shape(mma.a().r#type()), ir::shape(mma.b().r#type()));
    let (_, _, k) = asyncpipe::mma_product_shape(mma);
    let register_a = asyncpipe::has_register_a(mma);
    // A tile read K-major (A in memory, B with transpose_b) has rows of K
    // elements, one 128-byte swizzled row each.
    // (Past 64, such a tile is regions of 64 columns: attention's head dim
    // 128, for Q and K.)
    let region = sm90::SWIZZLE_BYTES / 2;
    if (!register_a || mma.transpose_b()) && (k % region != 0 || k > 4 * region) {
        return error(
            op,
            &format!(
                "wgmma (sm_90a) reads a K-major tile (A, or B with transpose_b) in 128-byte swizzled regions of 64 \
                 columns: K must be 64, 128, 192 or 256 (f16 or bf16); this MMA's K is {k}"
            ),
        );
    }
    if k % 16 != 0 {
        return error(op, &format!("K = {k} is not a multiple of 16, the depth of wgmma m64nNk16"));
    }
    let tiles = [("a", mma.a(), &a_shape), ("b", mma.b(), &b_shape)];
    for (what, value, shape) in tiles.into_iter().filter(|(what, _, _)| !(register_a && *what == "a")) {
        let ty: Type = value.r#type();
        let row_major = ir::strides_and_offset(ty).is_some_and(|(strides, _)| strides == [shape[1], 1]);
        if ir::memory_space(ty) != MemorySpace::Workgroup || !row_major {
            return error(
                op,
                &format!(
                    "wgmma (sm_90a) reads its tiles from workgroup (shared) memory as whole row-major tiles (strides \
                     [{}, 1]): tile '{what}' is not one",
                    shape[1]
                ),
            );
        }
        if !ir::starts_aligned(value, sm90::ATOM_BYTES / 2) {
            return error(
                op,
                &format!(
                    "wgmma (sm_90a) reads tiles in 1024-byte swizzle atoms: tile '{what}' must start on a 1024-byte \
                     boundary (an offset of a multiple of 512 elements, static or made of subview offsets times such strides)"
                ),
            );
        }
        let Some(root) = ir::allocation_of(value) else {
            return error(op, &format!("wgmma (sm_90a): tile '{what}' must be a view of a workgroup memref.alloc in this kernel"));
        };
        // Each copy into the buffer fills one whole tile as the MMA reads it,
        // on an atom boundary: the tensor-map copy then writes the swizzled
        // regions (64 columns each, `rows x 128` bytes apart) the descriptors
        // expect.
        let mut copies = Vec::new();
        collect_copies(root.result(0).unwrap().into(), &mut copies);
        for copy in copies {
            let dest = copy.operand(1).expect("a copy's destination");
            if ir::shape(dest.r#type()) != *shape || !ir::starts_aligned(dest, sm90::ATOM_BYTES / 2) {
                diag::error_with_note(
                    copy.location(),
                    &format!(
                        "a copy into a tile that wgmma (sm_90a) reads swizzled must fill one whole {}x{} tile, as the \
                         MMA reads it, starting on a 1024-byte boundary: the tensor-map copy it becomes writes the \
                         swizzled regions the MMA's descriptors expect",
                        shape[0], shape[1]
                    ),
                    op.location(),
                    "the MMA that reads the tile",
                );
                return Err(PassFailed);
            }
        }
        // A buffer already marked swizzled is filled by tensor-map copies that
        // a pass wrote (the warp-specialized producer's): their address
        // arithmetic is no access.
        let marked = ir::int_attr(root, ir::ods::asyncpipe::attrs::SWIZZLE) == Some(sm90::SWIZZLE_BYTES);
        if let Some(user) = other_tile_access(root.result(0).unwrap().into(), marked) {
            diag::error_with_note(
                user.location(),
                "this op accesses a tile that wgmma (sm_90a) reads in TMA's 128-byte swizzled layout: only asyncpipe.copy \
                 into it (which becomes a tensor-map copy) and asyncpipe.mma may",
                op.location(),
                "the MMA that reads the tile",
            );
            return Err(PassFailed);
        }
        if !swizzled.iter().any(|r| *r == root) {
            swizzled.push(root);
        }
    }
    Ok(())
}

/// A user of `buffer` (through subviews) other than a copy into it, an MMA
/// reading it or its dealloc (or, in a buffer `marked` swizzled by the pass
/// that fills it, the address of a tensor-map copy's destination).
fn other_tile_access<'c, 'a>(buffer: melior::ir::Value<'c, 'a>, marked: bool) -> Option<OperationRef<'c, 'a>> {
    for (user, index) in ir::uses(buffer) {
        let fine = match Upstream::of(user) {
            Some(Upstream::MemrefSubview) => {
                if let Some(inner) = other_tile_access(user.result_at(0)?.into(), marked) {
                    return Some(inner);
                }
                index == 0
            }
            Some(Upstream::MemrefDealloc) => true,
            Some(Upstream::MemrefExtractStridedMetadata | Upstream::MemrefExtractAlignedPointerAsIndex) => marked,
            _ => CopyOp::is(user) && index == 1 || MmaOp::cast(user).is_some_and(|m| m.acc() != buffer && index < 2),
        };
        if !fine {
            return Some(user);
        }
    }
    None
}

/// The `asyncpipe.copy`s into `buffer` or a view of it.
fn collect_copies<'c, 'a>(buffer: melior::ir::Value<'c, 'a>, copies: &mut Vec<OperationRef<'c, 'a>>) {
    for (user, index) in ir::uses(buffer) {
        if Upstream::MemrefSubview.is(user) && index == 0 {
            collect_copies(user.result(0).expect("a subview's result").into(), copies);
        } else if CopyOp::is(user) && index == 1 {
            copies.push(user);
        }
    }
}

/// Whether ldmatrix can read a tile of type `ty`: contiguous rows whose
/// starts are 16 bytes apart (a static row stride of a multiple of 8
/// two-byte elements).
fn rows_for_ldmatrix(ty: Type) -> bool {
    match ir::strides_and_offset(ty) {
        Some((strides, _)) if strides.len() == 2 => strides[1] == 1 && strides[0] > 0 && strides[0] % 8 == 0,
        _ => false,
    }
}
