//! What asyncpipe's ops mean beyond their ODS signature, asked in one place:
//! which queue an async op is on, which ops issue or commit, and the token
//! and group types (through the dialect's C API, not their printed text:
//! `asyncpipe_types`, re-exported here).

use crate::passes::ir::positions::OpPositions;
use super::async_effects::QueueName;
use super::ods::asyncpipe::{AsyncScopeOp, AsyncpipeOp, CommitGroupOp, CommitOp, CommitQueueOp, CopyOp, MmaOp};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

// The dialect's types, in a module of their own so that the async-effects
// layer can ask them without depending on this one (which asks it).
pub use super::asyncpipe_types::*;

/// The logical queue of `op`: the queue it names (`copy`, `async_scope`,
/// `commit`, `commit_queue`, `commit_group`, `wait_queue`); for an async op
/// without one, the queue of the nearest enclosing `commit_queue` or
/// `commit_group` in its function, or (token form) of the `commit_group`
/// that commits its token. None when nothing names one.
pub fn queue_of(op: OperationRef) -> Option<i64> {
    if let Some(queue) = named_queue(op) {
        return Some(queue);
    }
    // Async work of any op that implements AsyncEffectOpInterface on a
    // logical queue (asyncpipe's own, and other dialects').
    match super::async_effects::work_queue(op) {
        Some(QueueName::Logical(queue)) => return Some(queue),
        Some(QueueName::Enclosing) => {}
        Some(QueueName::Target) | None => return None,
    }
    let scope = super::ancestors(op)
        .take_while(|p| !super::is_function(*p))
        .find(|p| matches!(AsyncpipeOp::of(*p), Some(AsyncpipeOp::CommitQueue(_) | AsyncpipeOp::CommitGroup(_))));
    if let Some(scope) = scope {
        return super::int_attr(scope, CommitGroupOp::QUEUE);
    }
    let token = op.result_at(0)?;
    super::users(token.into()).into_iter().find_map(CommitGroupOp::cast).and_then(CommitGroupOp::queue)
}

/// The queue `op` names itself (its `queue` attribute, the same name on
/// every asyncpipe op that has one).
pub fn named_queue(op: OperationRef) -> Option<i64> {
    super::int_attr(op, CopyOp::QUEUE)
}

/// Whether `op` is another dialect's op whose work goes on one of
/// asyncpipe's logical queues (through AsyncEffectOpInterface): what the
/// analyses synchronize like asyncpipe's own ops but the passes that
/// rebuild asyncpipe's ops (lowerings, queue merging) cannot move.
pub fn is_other_dialects_async(op: OperationRef) -> bool {
    !is_async(op) && super::async_effects::issues_queued_work(op)
}

/// Whether `op` is one of asyncpipe's own async ops (`asyncpipe.copy`,
/// `asyncpipe.mma`, `asyncpipe.async_scope`): what the passes that rewrite async ops (into
/// token form and back, onto nvgpu) can rebuild. The analyses ask
/// AsyncEffectOpInterface instead
/// ([`super::async_effects::issues_queued_work`]), so that other dialects'
/// ops join them.
pub fn is_async(op: OperationRef) -> bool {
    CopyOp::is(op) || MmaOp::is(op) || AsyncScopeOp::is(op)
}

/// The swizzle `asyncpipe.swizzle` names on a tile buffer (the one
/// asyncpipe-lower-mma sets for wgmma and asyncpipe-to-nvgpu's tensor-map
/// copies write): 128-byte rows whose 16-byte chunks are permuted by the
/// row's index mod 8.
/// The attribute of a kernel whose MMAs run in threads `0 .. N` only (a
/// warp-specialized kernel's consumer warpgroups; its producer warpgroup
/// comes after them): asyncpipe-lower-mma splits the tiles over those warps.
pub const MMA_THREADS: &str = "asyncpipe.mma_threads";
/// The attribute of a warp-specialized kernel that records its roles, ring
/// and register budgets (transform::warp_specialize; scripts/gemm_ptx.sh
/// prints it).
pub const WARP_ROLES: &str = "asyncpipe.warp_roles";
/// The attribute of a GEMM kernel that records the block tile, block order
/// and stages asyncpipe-tile-gemm chose (transform::gemm_tiling), and the
/// cost model's estimate; asyncpipe-warp-specialize takes its stages.
pub const GEMM_TILING: &str = "asyncpipe.gemm_tiling";
pub const SWIZZLE_BYTES: i64 = 128;
/// The swizzle's atom: 8 rows of 128 bytes, the alignment a swizzled tile
/// needs (the hardware permutes by shared-address bits).
pub const SWIZZLE_ATOM_BYTES: i64 = 8 * SWIZZLE_BYTES;

/// Whether `op` is one of the tensor-core ops (`asyncpipe.mma`,
/// `asyncpipe.accumulator_init`, `asyncpipe.accumulator_store`, and the math
/// on register tiles, [`is_register_math`]): what only `asyncpipe-lower-mma`
/// and `asyncpipe-lower-deferred` lower.
pub fn is_tensor_core_op(op: OperationRef) -> bool {
    is_register_math(op)
        || matches!(
            AsyncpipeOp::of(op),
            Some(AsyncpipeOp::Mma(_) | AsyncpipeOp::AccumulatorInit(_) | AsyncpipeOp::AccumulatorStore(_))
        )
}

/// Whether `op` computes on register tiles in place (issue 39: attention's
/// online softmax): `asyncpipe.accumulator_map`, `accumulator_reduce`,
/// `accumulator_convert`.
pub fn is_register_math(op: OperationRef) -> bool {
    matches!(
        AsyncpipeOp::of(op),
        Some(AsyncpipeOp::AccumulatorMap(_) | AsyncpipeOp::AccumulatorReduce(_) | AsyncpipeOp::AccumulatorConvert(_))
    )
}

/// Whether `mma` reads its `a` operand from registers (a tile of
/// `!asyncpipe.accumulator`, wgmma's A from registers) rather than memory.
pub fn has_register_a(mma: MmaOp) -> bool {
    super::asyncpipe_types::is_accumulator_type(mma.a().r#type())
}

/// An MMA's product shape (M, N, K): `a` in memory or registers, `b` `K x
/// N` or (`transpose_b`) `N x K`.
pub fn mma_product_shape(mma: MmaOp) -> (i64, i64, i64) {
    let b_shape = super::shape(mma.b().r#type());
    let (k, n) = if mma.transpose_b() { (b_shape[1], b_shape[0]) } else { (b_shape[0], b_shape[1]) };
    // (The accumulator's rows: its tile's, or its array's once a CPU
    // lowering made it one.)
    let acc = mma.acc().r#type();
    let m = super::asyncpipe_types::accumulator_tile(acc).map(|t| t.rows).or_else(|| super::shape(acc).first().copied()).unwrap_or(0);
    (m, n, k)
}

/// Whether `map`'s region takes the row and column indices (two arguments
/// after the elements: the C++ op's `hasIndices`).
pub fn map_takes_indices(map: super::ods::asyncpipe::AccumulatorMapOp) -> bool {
    use melior::ir::block::BlockLike;
    use melior::ir::RegionLike;
    map.body().first_block().is_some_and(|block| block.argument_count() == map.inputs().count() + 3)
}

/// The first user of register tile `tile` (an `asyncpipe.accumulator_init`'s
/// result) that a lowering of register tiles does not take: anything but an
/// MMA into it or reading it as its operand `a`, a store of it and the math
/// on register tiles.
pub fn other_register_tile_use<'c, 'a>(tile: melior::ir::Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    super::users(tile).into_iter().find(|user| {
        !(is_register_math(*user)
            || super::ods::asyncpipe::AccumulatorStoreOp::is(*user)
            || MmaOp::cast(*user).is_some_and(|mma| mma.b() != tile))
    })
}

/// Whether every use of accumulator `acc` (an `asyncpipe.accumulator_init`'s
/// result) is an MMA into it or a store of it: the uses the GPU lowerings
/// rewrite. The first other user, if any (the register math, and an MMA
/// reading it as its operand `a`, among them).
pub fn other_accumulator_use<'c, 'a>(acc: melior::ir::Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    super::uses(acc).into_iter().map(|(user, _)| user).find(|user| {
        !(MmaOp::cast(*user).is_some_and(|mma| mma.acc() == acc && mma.a() != acc && mma.b() != acc)
            || super::ods::asyncpipe::AccumulatorStoreOp::cast(*user).is_some_and(|store| store.acc() == acc))
    })
}

/// Whether `op` is an `asyncpipe.mma` that completes at issue (no token, no
/// queue, no enclosing commit region: the form a loop body gives the
/// software pipeliner).
pub fn is_synchronous_mma(op: OperationRef) -> bool {
    MmaOp::is(op) && op.result_count() == 0 && queue_of(op).is_none()
}

/// The logical queues that asynchronous MMAs are issued on under `root`:
/// the tensor cores' queues, hardware of their own (wgmma's group queue),
/// never PTX's cp.async queue.
pub fn mma_queues(root: OperationRef) -> std::collections::BTreeSet<i64> {
    super::nested_ops(root)
        .into_iter()
        .filter(|op| MmaOp::is(*op) && !is_synchronous_mma(*op))
        .filter_map(queue_of)
        .collect()
}

/// Whether `op` commits a group, in either form (`commit`, `commit_queue`, `commit_group`).
pub fn is_commit(op: OperationRef) -> bool {
    CommitOp::is(op) || CommitQueueOp::is(op) || CommitGroupOp::is(op)
}
