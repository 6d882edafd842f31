//! Warp specialization of a staged tensor-core loop (sm_90a): the block's
//! threads split into a **producer** warpgroup that fills a ring of shared
//! memory slots with tensor-map copies, and **consumer** warpgroups that
//! multiply each slot with wgmma and hand it back, synchronized by two
//! mbarriers per slot. This is the structure of CUTLASS's sm90
//! "warpspecialized" mainloops and of the fast.cu H100 GEMM; the seed's
//! `foreach_thread` states the same thing as "`scf.if %tid == 0 { wait } ...
//! { signal }`".
//!
//! **Input.** A kernel (`gpu.func` with `known_block_size = [128 G, 1, 1]`,
//! G consumer warpgroups) whose body holds one loop annotated for the
//! pipeliner (`asyncpipe.async_stages`): `memref.copy`s of global tiles
//! into workgroup tiles, `asyncpipe.mma`s that read those tiles into
//! accumulators, and pure index arithmetic. After the loop come the
//! accumulators' stores. What else the loop or the kernel holds is an error
//! at the op, before anything changes.
//!
//! **Output.** The block grows by one warpgroup (`known_block_size = [128
//! (G + 1), 1, 1]`); warpgroup G is the producer, so the consumers keep
//! warpgroups `0 .. G` and the MMA lowering's rows (`thread / 128`) do not
//! move (`asyncpipe.mma_threads = 128 G` tells asyncpipe-lower-mma so).
//!
//! - **Ring.** Each tile gets `S` slots (`memref<S x R x C>`), and the ring
//!   `2 S` mbarriers (`memref<2S x i64>`): `full[s]` expects one arrival (the
//!   producer's) and the slot's bytes; `empty[s]` one arrival per consumer
//!   warpgroup. Thread 0 initializes them, fences the inits, and the block
//!   meets at a barrier before the roles split.
//! - **Producer** (its thread `128 G` issues; the warpgroup first gives
//!   registers back with `setmaxnreg.dec`): iteration `i` uses slot `s = i mod
//!   S` in round `r = i / S`; it waits for `empty[s]` to complete phase `r -
//!   1` (parity `(r + 1) mod 2`: round 0 finds every slot empty, as a fresh
//!   mbarrier's "previous" phase counts complete), adds each tile's bytes to
//!   `full[s]` and issues its boxes (see `nvgpu_lowering::tma`), and arrives
//!   on `full[s]`.
//! - **Consumers** (`setmaxnreg.inc`): wait for `full[s]` phase `r` (parity
//!   `r mod 2`), run the iteration's MMAs as one group of the tensor cores'
//!   queue, wait until at most one group is in flight (`wait_group 1`, the
//!   largest count that still proves the previous iteration's MMAs done), and
//!   then one elected thread of each warpgroup releases the previous slot on
//!   its `empty` mbarrier. The accumulators' stores move into the consumer
//!   role, after a final `wait_group 0` (their inits stay in the entry
//!   block, where LLVM keeps the lowered fragments in registers).
//!
//! **Register budgets.** At launch every thread of a block gets `R0 =
//! 65536 / threads` registers, rounded down to 8 (what ptxas allots a
//! kernel launched with at most that many, `.maxntid`, which upstream's
//! lowering derives from `known_block_size`); the producer
//! gives back down to `P` (option, default 40), and the consumers take
//! what is freed: `C = (R0 threads - 128 P) / (128 G)`, rounded down to 8,
//! at most 240 and never below `R0`. For two consumer warpgroups: 168 at launch, 40 and 232.
//! `scripts/gemm_ptx.sh` checks ptxas's figure against `R0`.
//!
//! **Persistent** (option `persistent`: true, false, or auto: what
//! `asyncpipe-tile-gemm` recorded, persistent when the kernel has more
//! tiles than the chip multiprocessors). The kernel is launched with one
//! block per SM, not one per tile: each block walks the output's tiles `bid,
//! bid + grid, ...` (their count is the static output's shape over the
//! accumulator's tile; the block's is computed once, before the roles
//! split), re-running the ops that computed its tile from `gpu.block_id x`
//! on each tile's number. Both roles' tile loops carry the ring's slot, its
//! phase and whether an iteration ran (iter_args, threaded through the K
//! loops), so that the producer fills the next tile's first slots while the
//! consumers store the last one (the epilogue overlaps the next loads).
//! Each tile zeroes its accumulators (their registers' allocas stay in the
//! entry block: asyncpipe-lower-mma puts them there) and stores them.
//!
//! **Slots.** Option `slots`, or (0) the stages `asyncpipe-tile-gemm`
//! recorded on the kernel (`asyncpipe.gemm_tiling`), or as many as fit in
//! 227 KiB of dynamic shared memory less 16 KiB (the mbarriers, alignment,
//! an epilogue's staging), at most 8: the deeper the ring, the further the producer runs
//! ahead of the consumers. A ring whose slots do not fit is an error.
//!
//! verify-sync's Hopper model proves the result (roles on mbarrier rings,
//! `passes/analysis/hopper_sync/roles.rs`) once asyncpipe-lower-mma has
//! made the MMAs wgmma.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::{attrs, AccumulatorInitOp, AccumulatorStoreOp, CommitQueueOp, MmaOp, WaitQueueOp, YieldOp};
use crate::passes::ir::upstream::{attr, cmpi, Upstream};
use crate::passes::ir::{self, asyncpipe, diag, nvvm, rewrite};
use crate::passes::transform::nvgpu_lowering::tma;
use crate::passes::PassFailed;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, BlockRef, Region, RegionLike, Type, Value, ValueLike};

use crate::passes::ir::asyncpipe::{GEMM_TILING, MMA_THREADS, WARP_ROLES};
use crate::passes::ir::nvvm::WARPGROUP_THREADS as WARPGROUP;
use crate::passes::transform::nvgpu_lowering::bulk::{self, SUSPEND_NS};
/// The dynamic shared memory one block of sm_90 may have: 227 KiB.
pub const SHARED_BYTES: i64 = 227 * 1024;
/// The most slots the default rule picks.
pub const MAX_SLOTS: i64 = 8;
/// Shared memory the default rule leaves beside the ring: the mbarriers,
/// the alignment of the ring's buffers, and room for an epilogue's staging.
pub const RESERVED_BYTES: i64 = 16 * 1024;
/// The registers of one SM's register file (sm_90).
pub const REGISTER_FILE: i64 = 65536;
/// The most registers the consumers take (CUTLASS's figure for one or two
/// consumer warpgroups; `setmaxnreg` allows 24 to 256, in steps of 8).
pub const MAX_CONSUMER_REGISTERS: i64 = 240;

/// The choices of one warp-specialized kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Budget {
    pub consumer_warpgroups: i64,
    pub slots: i64,
    pub slot_bytes: i64,
    pub launch_registers: i64,
    pub producer_registers: i64,
    pub consumer_registers: i64,
}

/// The registers per thread at launch and the consumers' budget, for
/// `threads` threads of which 128 are the producer's (see the module doc);
/// an error when the producer's budget is out of `setmaxnreg`'s range or
/// leaves the consumers fewer registers than they had.
pub fn registers(threads: i64, producer: i64) -> Result<(i64, i64), String> {
    if !(24..=256).contains(&producer) || producer % 8 != 0 {
        return Err(format!("setmaxnreg takes 24 to 256 registers in steps of 8; producer-registers is {producer}"));
    }
    let launch = (REGISTER_FILE / threads / 8 * 8).min(248);
    if producer > launch {
        return Err(format!(
            "the producer warpgroup would take registers ({producer}) above the {launch} each thread gets at launch \
             in a block of {threads} threads: setmaxnreg.dec cannot raise it (take at most {launch})"
        ));
    }
    let consumers = threads - WARPGROUP;
    let freed = launch * threads - WARPGROUP * producer;
    let consumer = (freed / consumers / 8 * 8).min(MAX_CONSUMER_REGISTERS);
    Ok((launch, consumer.max(launch)))
}

/// One loop to specialize and what it holds.
struct Plan<'c, 'a> {
    function: OperationRef<'c, 'a>,
    loop_op: OperationRef<'c, 'a>,
    /// The tile buffers (`memref.alloc`), in the order of their copies.
    tiles: Vec<OperationRef<'c, 'a>>,
    /// The ops after the loop (before the terminator), which move to the
    /// consumers.
    after: Vec<OperationRef<'c, 'a>>,
    budget: Budget,
    persistent: Option<Persistent<'c, 'a>>,
}

/// A persistent kernel's tiles: the block id the kernel computes its tile
/// from, the ops that do (pure, before the loop), and how many tiles the
/// output has.
struct Persistent<'c, 'a> {
    block_id: Value<'c, 'a>,
    tile_ops: Vec<OperationRef<'c, 'a>>,
    tiles: i64,
}

fn fail(op: OperationRef, message: &str) -> PassFailed {
    diag::error(op.location(), message);
    PassFailed
}


/// Checks `loop_op` (annotated with async stages) and its kernel; the plan,
/// or an error at the op that stands in the way.
/// Whether the kernel becomes persistent: as asked, or (`Auto`) as
/// asyncpipe-tile-gemm recorded (`asyncpipe.gemm_tiling`'s `persistent`:
/// when the kernel has more tiles than the chip multiprocessors), not
/// without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Persistence {
    No,
    Yes,
    Auto,
}

fn check<'c, 'a>(loop_op: OperationRef<'c, 'a>, slots: i64, producer: i64, persistence: Persistence) -> Result<Plan<'c, 'a>, PassFailed> {
    let function = ir::enclosing_function(loop_op)
        .filter(|f| Upstream::GpuFunc.is(*f))
        .ok_or_else(|| fail(loop_op, "warp specialization splits a GPU kernel's threads into roles: this loop is not in a gpu.func"))?;
    let entry = ir::region_entry(function, 0).expect("a kernel body");
    if loop_op.block() != Some(entry) || !Upstream::ScfFor.is(loop_op) {
        return Err(fail(
            loop_op,
            "warp specialization splits the kernel at its staged loop: the loop must be an scf.for in the kernel's \
             body (not nested in another loop or branch)",
        ));
    }
    if loop_op.result_count() != 0 {
        return Err(fail(loop_op, "warp specialization: the staged loop must not carry values (iter_args)"));
    }
    let consumer_warpgroups = match ir::known_block_size(function) {
        Some([x, 1, 1]) if x > 0 && x % WARPGROUP == 0 && x <= 3 * WARPGROUP => x / WARPGROUP,
        _ => {
            return Err(fail(
                function,
                "warp specialization needs the kernel's known_block_size = [128 G, 1, 1] with G = 1, 2 or 3 consumer \
                 warpgroups (the producer warpgroup is added to them, at most 512 threads)",
            ))
        }
    };
    let body = ir::region_entry(loop_op, 0).expect("a loop body");
    let mut tiles: Vec<OperationRef> = Vec::new();
    let mut mmas = Vec::new();
    for op in ir::ops(body) {
        if Upstream::MemrefCopy.is(op) {
            let dest = op.operand(1).expect("a copy's destination");
            let tile = ir::defining_op(dest).filter(|d| Upstream::MemrefAlloc.is(*d) && d.block() == Some(entry));
            let Some(tile) = tile.filter(|_| ir::memory_space(dest.r#type()) == ir::MemorySpace::Workgroup) else {
                return Err(fail(
                    op,
                    "warp specialization: the producer's copies fill whole workgroup tiles, each a memref.alloc in the \
                     kernel's body; this copy's destination is not one",
                ));
            };
            if tiles.contains(&tile) {
                return Err(fail(op, "warp specialization: each tile is filled by one copy an iteration; this tile has two"));
            }
            tiles.push(tile);
        } else if MmaOp::is(op) {
            mmas.push(op);
        } else if ir::terminator(body) != Some(op) && !ir::is_pure(op) {
            return Err(fail(
                op,
                "warp specialization splits the loop into copies (the producer's) and MMAs (the consumers'): the loop \
                 may hold nothing else with side effects",
            ));
        }
    }
    if tiles.is_empty() || mmas.is_empty() {
        return Err(fail(loop_op, "warp specialization: the staged loop must copy tiles (memref.copy) and multiply them (asyncpipe.mma)"));
    }
    let mut inits = Vec::new();
    for &mma in &mmas {
        let view = MmaOp::cast(mma).expect("an mma");
        if view.transpose_b() || crate::passes::ir::asyncpipe::has_register_a(view) {
            return Err(fail(mma, "warp specialization: the MMAs read A (M x K) and B (K x N) tiles the loop copies (no transpose_b, no register operand yet)"));
        }
        for operand in [view.a(), view.b()] {
            if !ir::defining_op(operand).is_some_and(|d| tiles.contains(&d)) {
                return Err(fail(mma, "warp specialization: the MMAs read the tiles the loop copies, whole"));
            }
        }
        let init = ir::defining_op(view.acc()).filter(|d| AccumulatorInitOp::is(*d) && d.block() == Some(entry));
        let Some(init) = init else {
            return Err(fail(mma, "warp specialization: an MMA's accumulator must come from an asyncpipe.accumulator_init in the kernel's body"));
        };
        if !inits.contains(&init) {
            inits.push(init);
        }
    }
    // Each tile: used by its copy and the MMAs only.
    for &tile in &tiles {
        let value: Value = tile.result(0).expect("an alloc's result").into();
        for user in ir::users(value) {
            let inside = ir::ancestors(user).any(|a| a == loop_op);
            if !(inside && (Upstream::MemrefCopy.is(user) || MmaOp::is(user)) || Upstream::MemrefDealloc.is(user)) {
                return Err(fail(user, "warp specialization gives this tile a ring of slots that only the loop's copy and MMAs may use"));
            }
        }
    }
    // The accumulators: used by the loop's MMAs and the stores after it.
    let mut after = Vec::new();
    let mut next = loop_op.next_in_block();
    while let Some(op) = next {
        next = op.next_in_block();
        if ir::terminator(entry) == Some(op) {
            break;
        }
        if !(ir::is_pure(op) || AccumulatorStoreOp::is(op) || Upstream::MemrefDealloc.is(op)) {
            return Err(fail(
                op,
                "after a warp-specialized loop come the accumulators' stores (and the index arithmetic they need): the \
                 consumer warpgroups run them, and this op would have to run in the producer too",
            ));
        }
        after.push(op);
    }
    for &init in &inits {
        let value: Value = init.result(0).expect("an accumulator").into();
        for user in ir::users(value) {
            let in_loop = ir::ancestors(user).any(|a| a == loop_op);
            if !(in_loop || after.contains(&user)) {
                return Err(fail(user, "warp specialization moves the accumulators into the consumer warpgroups: only the loop's MMAs and the stores after it may use them"));
            }
        }
    }
    let mut slot_bytes = 0i64;
    for &tile in &tiles {
        let ty = tile.result(0).expect("a result").r#type();
        let shape = ir::shape(ty);
        if shape.len() != 2 || shape.iter().any(|&d| d <= 0) || !ir::has_identity_layout(ty) {
            return Err(fail(tile, "warp specialization: a tile is a static 2-D row-major workgroup buffer"));
        }
        slot_bytes = slot_bytes.saturating_add(shape[0].saturating_mul(shape[1]).saturating_mul(ir::element_bytes(ty)));
    }
    // 0: the stages asyncpipe-tile-gemm chose, or as many as fit.
    let chosen = ir::dict_int(function, GEMM_TILING, "stages");
    let slots = match (slots, chosen) {
        (0, Some(stages)) => stages,
        (0, None) => ((SHARED_BYTES - RESERVED_BYTES) / slot_bytes).min(MAX_SLOTS),
        (slots, _) => slots,
    };
    if slots < 2 || slots.saturating_mul(slot_bytes) > SHARED_BYTES {
        let fits = SHARED_BYTES / slot_bytes;
        return Err(fail(
            loop_op,
            &format!(
                "a ring of {slots} slot(s) of {slot_bytes} bytes (one of each tile) does not fit: a ring needs at least \
                 2 slots (one filling while one is multiplied), and {SHARED_BYTES} bytes of shared memory hold {fits}"
            ),
        ));
    }
    let threads = (consumer_warpgroups + 1) * WARPGROUP;
    let (launch_registers, consumer_registers) = registers(threads, producer).map_err(|message| fail(function, &message))?;
    let persistent = match persistence {
        Persistence::Yes => true,
        Persistence::No => false,
        Persistence::Auto => ir::dict_int(function, GEMM_TILING, "persistent") == Some(1),
    };
    let persistent = if persistent { Some(check_persistent(function, loop_op, &after)?) } else { None };
    Ok(Plan {
        function,
        loop_op,
        tiles,
        after,
        budget: Budget { consumer_warpgroups, slots, slot_bytes, launch_registers, producer_registers: producer, consumer_registers },
        persistent,
    })
}

/// What a persistent kernel needs: its tile comes from `gpu.block_id x`
/// through pure ops before the loop (re-run for each tile), and its
/// accumulators' stores write tiles of a static output, which gives the
/// number of tiles the blocks walk.
fn check_persistent<'c, 'a>(
    function: OperationRef<'c, 'a>,
    loop_op: OperationRef<'c, 'a>,
    after: &[OperationRef<'c, 'a>],
) -> Result<Persistent<'c, 'a>, PassFailed> {
    let entry = ir::region_entry(function, 0).expect("a kernel body");
    let ids: Vec<OperationRef> = ir::nested_ops(function).into_iter().filter(|op| Upstream::GpuBlockId.is(*op)).collect();
    let block_id = match ids.as_slice() {
        [id] if ir::gpu_dimension(*id) == Some(0) && id.block() == Some(entry) => *id,
        _ => {
            return Err(fail(
                function,
                "a persistent kernel walks its output tiles by block: it must take its tile from one gpu.block_id x in \
                 its body (the blocks' other dimensions and ids are not tiles the pass can walk)",
            ))
        }
    };
    // The ops that compute the tile: pure, in the entry block before the
    // loop, depending on the block id.
    let mut tile_ops = Vec::new();
    let mut depends: std::collections::HashSet<ir::ValueKey> = std::collections::HashSet::new();
    depends.insert(ir::ValueKey::of(Value::from(block_id.result(0).expect("a block id"))));
    let mut next = block_id.next_in_block();
    while let Some(op) = next {
        if op == loop_op {
            break;
        }
        next = op.next_in_block();
        if op.operands().any(|v| depends.contains(&ir::ValueKey::of(v))) {
            if !ir::is_pure(op) {
                return Err(fail(op, "a persistent kernel re-runs the ops that compute its tile from the block id for each tile: they must be pure"));
            }
            for r in op.results() {
                depends.insert(ir::ValueKey::of(Value::from(r)));
            }
            tile_ops.push(op);
        }
    }
    let mut tiles = None;
    for op in after.iter().filter(|op| AccumulatorStoreOp::is(**op)) {
        let dest = op.operand(1).expect("a destination");
        let count = ir::defining_op(dest).filter(|d| Upstream::MemrefSubview.is(*d)).and_then(|view| {
            let whole = ir::shape(view.operand_at(0)?.r#type());
            let part = ir::shape(dest.r#type());
            let ok = whole.len() == 2 && part.len() == 2 && whole.iter().zip(&part).all(|(w, p)| *w > 0 && *p > 0 && w % p == 0);
            ok.then(|| (whole[0] / part[0]) * (whole[1] / part[1]))
        });
        match (count, tiles) {
            (Some(c), None) => tiles = Some(c),
            (Some(c), Some(t)) if c == t => {}
            _ => {
                return Err(fail(
                    *op,
                    "a persistent kernel walks the tiles of its output: each accumulator store must write a tile of a \
                     static 2-D output (a memref.subview whose sizes divide its source's shape), all the same count",
                ))
            }
        }
    }
    let Some(tiles) = tiles else {
        return Err(fail(function, "a persistent kernel walks the tiles of its output: it needs an accumulator store after the loop"));
    };
    Ok(Persistent { block_id: block_id.result(0).expect("a block id").into(), tile_ops, tiles })
}

/// Warp-specializes each loop of `root` annotated with async stages (see the
/// module doc). Every check comes before any change.
pub fn specialize(root: OperationRef, slots: i64, producer_registers: i64, persistent: Persistence) -> Result<(), PassFailed> {
    let loops: Vec<OperationRef> = ir::nested_ops(root).into_iter().filter(|op| op.attribute(attrs::ASYNC_STAGES).is_ok()).collect();
    let mut plans = Vec::new();
    let mut failed = false;
    for loop_op in loops {
        match check(loop_op, slots, producer_registers, persistent) {
            Ok(plan) => {
                if plans.iter().any(|p: &Plan| p.function == plan.function) {
                    diag::error(loop_op.location(), "warp specialization splits a kernel once: this kernel has a second staged loop");
                    failed = true;
                } else {
                    plans.push(plan);
                }
            }
            Err(PassFailed) => failed = true,
        }
    }
    // The copies as tensor-map copies: checked on the loop as written.
    for plan in &plans {
        let body = ir::region_entry(plan.loop_op, 0).expect("a body");
        let ops = ir::nested_ops(plan.function);
        let varying = tma::thread_dependent(&ops);
        for copy in ir::ops(body).filter(|op| Upstream::MemrefCopy.is(*op)) {
            if let Err(message) = tma::plan(copy, asyncpipe::SWIZZLE_BYTES, &varying) {
                diag::error(copy.location(), &format!("warp specialization makes this copy a tensor-map copy: {message}"));
                failed = true;
            }
        }
    }
    if failed {
        return Err(PassFailed);
    }
    plans.into_iter().for_each(rewrite_kernel);
    Ok(())
}

/// The kernel's rewrite, on a checked plan.
fn rewrite_kernel<'c, 'a>(plan: Plan<'c, 'a>) {
    let Plan { function, loop_op, tiles, after, budget, persistent } = plan;
    let inits: Vec<OperationRef> = {
        let mut inits = Vec::new();
        for op in ir::nested_ops(loop_op).into_iter().filter(|op| MmaOp::is(*op)) {
            let init = ir::defining_op(MmaOp::cast(op).expect("an mma").acc()).expect("checked: an accumulator_init");
            if !inits.contains(&init) {
                inits.push(init);
            }
        }
        inits
    };
    let b = Builder::new(function.context(), loop_op.location());
    let at = Point::Before(loop_op);
    let index = b.index_type();
    let i32_type = b.int_type(32);
    let g = budget.consumer_warpgroups;
    let s_count = budget.slots;

    // The ring: S slots of each tile, where the tile was.
    let mut rings = Vec::new();
    for &tile in &tiles {
        let ty = tile.result(0).expect("a result").r#type();
        let shape = ir::shape(ty);
        let (element, space) = element_and_space(ty);
        let ring_type = b.parse_type(&format!("memref<{s_count}x{}x{}x{element}{space}>", shape[0], shape[1]));
        let segments = (attr::OPERAND_SEGMENT_SIZES, b.parse_attr("array<i32: 0, 0>"));
        let alignment = (attr::ALIGNMENT, b.int_attr(64, asyncpipe::SWIZZLE_ATOM_BYTES));
        // Marked as asyncpipe-lower-mma marks wgmma's tiles: the producer's
        // tensor-map copies write the 128-byte swizzle.
        let swizzle = (attrs::SWIZZLE, b.int_attr(64, asyncpipe::SWIZZLE_BYTES));
        let ring = b.value(Upstream::MemrefAlloc, &[], ring_type, &[segments, alignment, swizzle], Point::Before(tile));
        let view = b.parse_type(&format!(
            "memref<{}x{}x{element}, strided<[{}, 1], offset: ?>{space}>",
            shape[0], shape[1], shape[1]
        ));
        rings.push((ring, view, [shape[0], shape[1]]));
    }
    // The mbarriers: full[0 .. S], then empty[0 .. S].
    let bars_type = b.parse_type(&format!("memref<{}xi64, #gpu.address_space<workgroup>>", 2 * s_count));
    let segments = (attr::OPERAND_SEGMENT_SIZES, b.parse_attr("array<i32: 0, 0>"));
    let bars = b.value(Upstream::MemrefAlloc, &[], bars_type, &[segments, (attr::ALIGNMENT, b.int_attr(64, 8))], at);
    let base = b.value(Upstream::MemrefExtractAlignedPointerAsIndex, &[bars], index, &[], at);
    let barrier = |number: Value<'c, 'a>, at: Point<'c, 'a>| -> Value<'c, 'a> { bulk::mbarrier_pointer(&b, base, number, at) };
    let tid = b.value(Upstream::GpuThreadId, &[], index, &[(attr::DIMENSION, b.gpu_dimension(0))], at);
    let eq = |x: Value<'c, 'a>, y: Value<'c, 'a>, at: Point<'c, 'a>| -> Value<'c, 'a> { equal(&b, x, y, at) };
    let zero = b.index_constant(0, at);
    let first = eq(tid, zero, at);
    let init = b.if_then(first, at);
    for slot in 0..2 * s_count {
        let number = b.index_constant(slot, init);
        let pointer = barrier(number, init);
        let count = b.int_constant(i32_type, if slot < s_count { 1 } else { g }, init);
        b.op(Upstream::NvvmMbarrierInit, &[pointer, count], &[], &[], init);
    }
    b.op(Upstream::NvvmFenceMbarrierInit, &[], &[], &[], init);
    b.op(Upstream::GpuBarrier, &[], &[], &[], at);

    // A persistent kernel's tile count, once for both roles.
    let counted = persistent.as_ref().map(|p| tile_count(&b, p, at));
    // The roles.
    let wg_size = b.index_constant(WARPGROUP, at);
    let wg = b.binary(Upstream::ArithDivui, tid, wg_size, at);
    let producer_wg = b.index_constant(g, at);
    let is_producer = eq(wg, producer_wg, at);
    let (producer_at, consumer_at) = if_else(&b, is_producer, at);
    let set_registers = |action: &str, count: i64, at: Point<'c, 'a>| max_registers(&b, action, count, at);

    // Producer: its first thread issues.
    set_registers("decrease", budget.producer_registers, producer_at);
    let issuer_id = b.index_constant(g * WARPGROUP, producer_at);
    let issuer = b.if_then(eq(tid, issuer_id, producer_at), producer_at);
    let (producer_at_tile, mut producer_map, producer_tile) = tile_loop(&b, persistent.as_ref().zip(counted.as_ref()), issuer);
    let producer_loop = rewrite::clone_mapped(loop_op, &mut producer_map, producer_at_tile);
    let (producer_loop, slot, parity, _, start) = ring_position(&b, producer_loop, producer_tile.as_ref(), s_count);
    {
        let body = ir::region_entry(producer_loop, 0).expect("a body");
        // Round 0 finds the slot empty: the phase before the first counts complete.
        let one = b.index_constant(1, start);
        let flipped = b.binary(Upstream::ArithXori, parity, one, start);
        let flipped = b.value(Upstream::ArithIndexCast, &[flipped], i32_type, &[], start);
        let s_const = b.index_constant(s_count, start);
        let empty_number = b.binary(Upstream::ArithAddi, slot, s_const, start);
        let empty = barrier(empty_number, start);
        let ticks = b.int_constant(i32_type, SUSPEND_NS, start);
        b.op(Upstream::NvvmMbarrierTryWaitParity, &[empty, flipped, ticks], &[], &[], start);
        let full = barrier(slot, start);
        let copies: Vec<OperationRef> = ir::ops(body).filter(|op| Upstream::MemrefCopy.is(*op)).collect();
        let keys: Vec<(usize, i64, i64)> = copies
            .iter()
            .map(|c| {
                let plan = tma::plan_tile(*c, asyncpipe::SWIZZLE_BYTES).expect("checked on the loop as written");
                (plan.argument, plan.rows, plan.box_columns())
            })
            .collect();
        let maps = tma::TensorMaps::append(function, &keys, &b);
        let mut last = None;
        for copy in &copies {
            let tile = ir::defining_op(copy.operand(1).expect("a destination")).expect("checked: an alloc");
            let k = tiles.iter().position(|t| *t == tile).expect("checked: a tile");
            let point = Point::Before(*copy);
            let dest = slot_view(&b, rings[k], slot, point);
            let plan = tma::plan_tile(*copy, asyncpipe::SWIZZLE_BYTES).expect("checked on the loop as written");
            tma::issue(dest, &plan, &maps, full, &b, point);
            last = Some(*copy);
        }
        let after_copies = Point::Before(last.expect("copies").next_in_block().expect("a terminator"));
        b.op(Upstream::NvvmMbarrierArrive, &[full], &[b.int_type(64)], &[], after_copies);
        for op in ir::ops(body).filter(|op| Upstream::MemrefCopy.is(*op) || MmaOp::is(*op)).collect::<Vec<_>>() {
            ir::erase(op);
        }
        clean(producer_loop, body);
    }

    // Consumers.
    set_registers("increase", budget.consumer_registers, consumer_at);
    // The accumulators' inits stay in the kernel's entry block: lowered,
    // they are allocas of registers, which LLVM promotes only there.
    let queue = ir::nested_ops(function).into_iter().filter_map(asyncpipe::queue_of).max().map_or(0, |q| q + 1);
    let (consumer_at_tile, mut consumer_map, consumer_tile) = tile_loop(&b, persistent.as_ref().zip(counted.as_ref()), consumer_at);
    if persistent.is_some() {
        // Each tile starts from zero: the inits run in the tile loop
        // (asyncpipe-lower-mma keeps their registers' allocas in the entry
        // block).
        for &init in &inits {
            rewrite::move_before(init, before(consumer_at_tile));
        }
    }
    let consumer_loop = rewrite::clone_mapped(loop_op, &mut consumer_map, consumer_at_tile);
    let (consumer_loop, slot, parity, started, start) = ring_position(&b, consumer_loop, consumer_tile.as_ref(), s_count);
    {
        let body = ir::region_entry(consumer_loop, 0).expect("a body");
        let parity = b.value(Upstream::ArithIndexCast, &[parity], i32_type, &[], start);
        let full = barrier(slot, start);
        let ticks = b.int_constant(i32_type, SUSPEND_NS, start);
        b.op(Upstream::NvvmMbarrierTryWaitParity, &[full, parity, ticks], &[], &[], start);
        let mmas: Vec<OperationRef> = ir::ops(body).filter(|op| MmaOp::is(*op)).collect();
        let terminator = ir::terminator(body).expect("a yield");
        let group = b.insert_with_body(CommitQueueOp::build(&b, queue), YieldOp::build(&b, &[]), Point::Before(terminator));
        for &mma in &mmas {
            let view = MmaOp::cast(mma).expect("an mma");
            for (operand, value) in [(0, view.a()), (1, view.b())] {
                let tile = ir::defining_op(value).expect("checked: an alloc");
                let k = tiles.iter().position(|t| *t == tile).expect("checked: a tile");
                let slice = slot_view(&b, rings[k], slot, Point::Before(mma));
                rewrite::set_operand(mma, operand, slice);
            }
            rewrite::move_before(mma, group);
        }
        let end = Point::Before(terminator);
        b.insert(WaitQueueOp::build(&b, None, queue, Some(1)), end);
        // The previous iteration's MMAs are done: release its slot.
        let lane_in_wg = b.binary(Upstream::ArithRemui, tid, b.index_constant(WARPGROUP, end), end);
        let elected = eq(lane_in_wg, b.index_constant(0, end), end);
        let releases = b.value(Upstream::ArithAndi, &[started, elected], b.i1_type(), &[], end);
        let release = b.if_then(releases, end);
        let back = b.index_constant(s_count - 1, release);
        let previous = b.binary(Upstream::ArithAddi, slot, back, release);
        let previous = b.binary(Upstream::ArithRemui, previous, b.index_constant(s_count, release), release);
        let empty_number = b.binary(Upstream::ArithAddi, previous, b.index_constant(s_count, release), release);
        let empty = barrier(empty_number, release);
        b.op(Upstream::NvvmMbarrierArrive, &[empty], &[b.int_type(64)], &[], release);
        for op in ir::ops(body).filter(|op| Upstream::MemrefCopy.is(*op)).collect::<Vec<_>>() {
            ir::erase(op);
        }
        clean(consumer_loop, body);
    }
    b.insert(WaitQueueOp::build(&b, None, queue, Some(0)), consumer_at_tile);
    if persistent.is_some() {
        // The stores run for each tile, on its coordinates.
        for &op in &after {
            rewrite::clone_mapped(op, &mut consumer_map, consumer_at_tile);
        }
        for &op in after.iter().rev() {
            ir::erase(op);
        }
    } else {
        for op in after {
            rewrite::move_before(op, before(consumer_at));
        }
    }
    ir::erase(loop_op);
    if let Some(p) = &persistent {
        // The tile's ops as the kernel had them serve no one now.
        for &op in p.tile_ops.iter().rev() {
            if op.results().all(|r| ir::users(r.into()).is_empty()) {
                ir::erase(op);
            }
        }
    }
    for tile in tiles {
        for user in ir::users(tile.result(0).expect("a result").into()) {
            ir::erase(user);
        }
        ir::erase(tile);
    }

    // The kernel: one more warpgroup, the MMAs' threads, the record.
    let threads = (g + 1) * WARPGROUP;
    let threads32 = i32::try_from(threads).expect("at most 512");
    let sizes = b.parse_attr(&format!("array<i32: {threads32}, 1, 1>"));
    rewrite::set_attribute(function, attr::KNOWN_BLOCK_SIZE, sizes);
    rewrite::set_attribute(function, MMA_THREADS, b.int_attr(64, g * WARPGROUP));
    // The registers the budgets start from, for ptxas (`.maxnreg`).
    rewrite::set_attribute(function, nvvm::MAXNREG, b.int_attr(32, budget.launch_registers));
    rewrite::set_attribute(
        function,
        WARP_ROLES,
        b.parse_attr(&format!(
            "{{producer = array<i64: {}, {}>, consumers = array<i64: 0, {}>, slots = {} : i64, slot_bytes = {} : i64, \
             registers = array<i64: {}, {}, {}>{}}}",
            g * WARPGROUP,
            threads,
            g * WARPGROUP,
            s_count,
            budget.slot_bytes,
            budget.launch_registers,
            budget.producer_registers,
            budget.consumer_registers,
            persistent.as_ref().map_or(String::new(), |p| format!(", tiles = {} : i64", p.tiles))
        )),
    );
}

/// A persistent kernel's tiles, computed once before the roles split: the
/// grid's size and how many tiles this block walks (`ceil((tiles - bid) /
/// grid)`, 0 when the block has none), so that both roles' tile loops run
/// from 0 by 1 to the same count (verify-sync links loops of one trip count).
struct TileCount<'c, 'a> {
    grid: Value<'c, 'a>,
    count: Value<'c, 'a>,
}

fn tile_count<'c, 'a>(b: &Builder<'c>, p: &Persistent<'c, 'a>, at: Point<'c, 'a>) -> TileCount<'c, 'a> {
    let index = b.index_type();
    let grid = b.value(Upstream::GpuGridDim, &[], index, &[(attr::DIMENSION, b.gpu_dimension(0))], at);
    let tiles = b.index_constant(p.tiles, at);
    let left = b.binary(Upstream::ArithSubi, tiles, p.block_id, at);
    let one = b.index_constant(1, at);
    let rounded = b.binary(Upstream::ArithAddi, left, b.binary(Upstream::ArithSubi, grid, one, at), at);
    let count = b.binary(Upstream::ArithDivui, rounded, grid, at);
    let has = b.value(Upstream::ArithCmpi, &[p.block_id, tiles], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, cmpi::ULT))], at);
    let zero = b.index_constant(0, at);
    let count = b.value(Upstream::ArithSelect, &[has, count, zero], index, &[], at);
    TileCount { grid, count }
}

/// A persistent kernel's tile loop at `at` (`scf.for %n = 0 to %count`,
/// tile `%t = %bid + %n * %grid`) with the tile's ops re-run on `%t`, and
/// the ring's position carried from tile to tile (iter_args: slot, phase,
/// from 0 and 0). Without `persistent`: `at` and nothing else.
fn tile_loop<'c, 'a>(
    b: &Builder<'c>,
    persistent: Option<(&Persistent<'c, 'a>, &TileCount<'c, 'a>)>,
    at: Point<'c, 'a>,
) -> (Point<'c, 'a>, Vec<(ir::ValueKey, Value<'c, 'a>)>, Option<TileLoop<'c, 'a>>) {
    let Some((p, counted)) = persistent else { return (at, Vec::new(), None) };
    let zero = b.index_constant(0, at);
    let one = b.index_constant(1, at);
    let (_, placeholder) = b.for_loop(zero, counted.count, one, at);
    let made = before(placeholder).parent_operation().expect("the loop");
    let (op, ring) = rewrite::add_loop_carried(made, &[zero, zero, zero]);
    let body = ir::region_entry(op, 0).expect("a body");
    let number: Value = body.argument(0).expect("an induction variable").into();
    let inside = Point::Before(ir::terminator(body).expect("a yield"));
    let stride = b.binary(Upstream::ArithMuli, number, counted.grid, inside);
    let tile = b.binary(Upstream::ArithAddi, p.block_id, stride, inside);
    let mut map = vec![(ir::ValueKey::of(p.block_id), tile)];
    for &op in &p.tile_ops {
        rewrite::clone_mapped(op, &mut map, inside);
    }
    (inside, map, Some(TileLoop { slot: ring[0], phase: ring[1], started: ring[2], yield_op: before(inside) }))
}

/// A persistent role's tile loop: the ring's position at the tile's start
/// (slot, phase, and 1 once an iteration ran), and the yield that passes
/// it on.
struct TileLoop<'c, 'a> {
    slot: Value<'c, 'a>,
    phase: Value<'c, 'a>,
    started: Value<'c, 'a>,
    yield_op: OperationRef<'c, 'a>,
}

/// Where a role's K loop stands in the ring at the top of its body: the slot,
/// the round's parity (index 0 or 1) and whether an earlier iteration exists
/// (an i1), and the point after their computation (before the body's first
/// op), where the role's ops go. Computed from the iteration; in a persistent kernel carried
/// (the K loop gets the slot and phase as iter_args from its tile loop,
/// passes them on advanced by one, and its results go to the tile loop's
/// yield), so that the loops' values stay periodic in every loop.
fn ring_position<'c, 'a>(
    b: &Builder<'c>,
    loop_op: OperationRef<'c, 'a>,
    tile: Option<&TileLoop<'c, 'a>>,
    slots: i64,
) -> (OperationRef<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>, Point<'c, 'a>) {
    let Some(tile) = tile else {
        let body = ir::region_entry(loop_op, 0).expect("a body");
        let start = Point::Before(ir::ops(body).next().expect("a terminator at least"));
        let (slot, parity) = slot_and_parity(b, loop_op, slots, start);
        let i = iteration(b, loop_op, start);
        let one = b.index_constant(1, start);
        let started = b.value(Upstream::ArithCmpi, &[i, one], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, cmpi::UGE))], start);
        return (loop_op, slot, parity, started, start);
    };
    let (loop_op, ring) = rewrite::add_loop_carried(loop_op, &[tile.slot, tile.phase, tile.started]);
    let body = ir::region_entry(loop_op, 0).expect("a body");
    let start = Point::Before(ir::ops(body).next().expect("a terminator at least"));
    let (slot, phase) = (ring[0], ring[1]);
    // An earlier iteration, in this tile or an earlier one: carried too (a
    // condition on the tile's and the K step's numbers would not be
    // periodic in the tile loop, whose body holds the K loop).
    let zero = b.index_constant(0, start);
    let started = b.value(Upstream::ArithCmpi, &[ring[2], zero], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, cmpi::NE))], start);
    // The next position: slot + 1, wrapping to 0 with the phase flipped.
    let terminator = ir::terminator(body).expect("a yield");
    let end = Point::Before(terminator);
    let one = b.index_constant(1, end);
    let next = b.binary(Upstream::ArithAddi, slot, one, end);
    let wraps = b.value(Upstream::ArithCmpi, &[next, b.index_constant(slots, end)], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, cmpi::EQ))], end);
    let next_slot = b.value(Upstream::ArithSelect, &[wraps, b.index_constant(0, end), next], b.index_type(), &[], end);
    let flipped = b.binary(Upstream::ArithXori, phase, one, end);
    let next_phase = b.value(Upstream::ArithSelect, &[wraps, flipped, phase], b.index_type(), &[], end);
    rewrite::append_operands(terminator, &[next_slot, next_phase, one]);
    let count = loop_op.result_count();
    let results: Vec<Value> = (count - 3..count).map(|i| loop_op.result(i).expect("the ring's results").into()).collect();
    rewrite::append_operands(tile.yield_op, &results);
    (loop_op, slot, phase, started, start)
}

fn equal<'c, 'a>(b: &Builder<'c>, x: Value<'c, 'a>, y: Value<'c, 'a>, at: Point<'c, 'a>) -> Value<'c, 'a> {
    b.value(Upstream::ArithCmpi, &[x, y], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, cmpi::EQ))], at)
}

/// `setmaxnreg.{inc,dec}` to `count` registers (`action`: increase or decrease).
fn max_registers<'c, 'a>(b: &Builder<'c>, action: &str, count: i64, at: Point<'c, 'a>) {
    b.op(
        Upstream::NvvmSetmaxregister,
        &[],
        &[],
        &[(attr::SETMAXNREG_ACTION, b.parse_attr(&format!("#nvvm<action {action}>"))), (attr::REG_COUNT, b.int_attr(32, count))],
        at,
    );
}

/// The op a `Point::Before` names.
fn before<'c, 'a>(point: Point<'c, 'a>) -> OperationRef<'c, 'a> {
    match point {
        Point::Before(op) => op,
        Point::End(_) => unreachable!("the roles' points are before their terminators"),
    }
}

/// The element type and the memory-space suffix (`, <space>`) of a tile
/// type, as written.
fn element_and_space(ty: Type) -> (String, String) {
    let element = ir::element_type(ty).to_string();
    let text = ty.to_string();
    let inner = text.strip_prefix("memref<").and_then(|t| t.strip_suffix('>')).unwrap_or(&text);
    let space = inner.split_once(", ").map(|(_, space)| format!(", {space}")).unwrap_or_default();
    (element, space)
}

/// The iteration number `(iv - lower) / step` of `loop_op` (at `at`, in its
/// body).
fn iteration<'c, 'a>(b: &Builder<'c>, loop_op: OperationRef<'c, 'a>, at: Point<'c, 'a>) -> Value<'c, 'a> {
    let body = ir::region_entry(loop_op, 0).expect("a body");
    let iv: Value = body.argument(0).expect("an induction variable").into();
    let lower = loop_op.operand(0).expect("a lower bound");
    let step = loop_op.operand(2).expect("a step");
    let from = if ir::constant_int(lower) == Some(0) { iv } else { b.binary(Upstream::ArithSubi, iv, lower, at) };
    if ir::constant_int(step) == Some(1) { from } else { b.binary(Upstream::ArithDivui, from, step, at) }
}

/// The slot `i mod S` and the round's parity `(i / S) mod 2` of the
/// iteration at `at`.
fn slot_and_parity<'c, 'a>(b: &Builder<'c>, loop_op: OperationRef<'c, 'a>, slots: i64, at: Point<'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>) {
    let i = iteration(b, loop_op, at);
    let s = b.index_constant(slots, at);
    let slot = b.binary(Upstream::ArithRemui, i, s, at);
    let round = b.binary(Upstream::ArithDivui, i, s, at);
    let two = b.index_constant(2, at);
    (slot, b.binary(Upstream::ArithRemui, round, two, at))
}

/// Slot `slot` of a ring: a rank-reducing subview.
fn slot_view<'c, 'a>(b: &Builder<'c>, ring: (Value<'c, 'a>, Type<'c>, [i64; 2]), slot: Value<'c, 'a>, at: Point<'c, 'a>) -> Value<'c, 'a> {
    let (ring, view, shape) = ring;
    b.value(
        Upstream::MemrefSubview,
        &[ring, slot],
        view,
        &[
            (attr::OPERAND_SEGMENT_SIZES, b.segments(&[1, 1, 0, 0])),
            (attr::STATIC_OFFSETS, b.parse_attr(&format!("array<i64: {}, 0, 0>", i64::MIN))),
            (attr::STATIC_SIZES, b.parse_attr(&format!("array<i64: 1, {}, {}>", shape[0], shape[1]))),
            (attr::STATIC_STRIDES, b.parse_attr("array<i64: 1, 1, 1>")),
        ],
        at,
    )
}

/// An `scf.if` with an else branch at `at`; the points before each
/// branch's terminator.
fn if_else<'c, 'a>(b: &Builder<'c>, condition: Value<'c, '_>, at: Point<'c, 'a>) -> (Point<'c, 'a>, Point<'c, 'a>) {
    let then = Region::new();
    then.append_block(Block::new(&[]));
    let otherwise = Region::new();
    otherwise.append_block(Block::new(&[]));
    let op = b.insert(b.build(Upstream::ScfIf, &[condition], &[], &[], vec![then, otherwise]), at);
    let branch = |k: usize| -> Point<'c, 'a> {
        let block: BlockRef = ir::region_entry(op, k).expect("a branch");
        Point::Before(b.op(Upstream::ScfYield, &[], &[], &[], Point::End(block)))
    };
    (branch(0), branch(1))
}

/// Drops the pipeliner's annotations from a role's loop and the pure ops of
/// its body that nothing uses any more.
fn clean(loop_op: OperationRef, body: BlockRef) {
    rewrite::remove_attribute(loop_op, attrs::ASYNC_STAGES);
    for op in ir::nested_ops(loop_op) {
        rewrite::remove_attribute(op, attrs::STAGE);
        rewrite::remove_attribute(op, attrs::ORDER);
    }
    loop {
        let dead: Vec<OperationRef> = ir::ops(body)
            .filter(|op| ir::is_pure(*op) && op.result_count() > 0 && op.results().all(|r| ir::users(r.into()).is_empty()))
            .collect();
        if dead.is_empty() {
            break;
        }
        for op in dead {
            ir::erase(op);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_follow_the_register_file() {
        // Two consumer warpgroups: CUTLASS's and fast.cu's 40 / 232.
        assert_eq!(registers(384, 40), Ok((168, 232)));
        // One: 248 at launch, already more than the 240 cap: the consumers
        // keep what they have.
        assert_eq!(registers(256, 40), Ok((248, 248)));
        // Three: 128 at launch; the producer's 24 free a little.
        assert_eq!(registers(512, 24), Ok((128, 160)));
        assert!(registers(384, 41).is_err());
        assert!(registers(384, 200).is_err());
    }
}
