//! `asyncpipe-optimize-waits`: removes counting waits that cannot block.
//!
//! A wait `wait_queue q, N` is a no-op when at most `N` groups can be in
//! flight on `q` where it stands: an earlier wait allowed at most `M` and only
//! `k` commits to `q` happened since, with `M + k <= N` (the seed's "the
//! second wait subsumes the first"). Of two waits on one queue with nothing
//! but waits between them, the looser one is dropped (the waits merge into
//! the stricter one). The pass only removes waits that are implied by others,
//! so it never weakens synchronization.
//!
//! Bounds flow forward through each block, into regions that run once on
//! entry (`scf.if`, `scf.execute_region`, asyncpipe commit and async scopes),
//! and out of any region op with the queues it may commit to forgotten. Loop
//! bodies and function bodies start with no bound: the whole-path
//! (fixed-point) version is the token-to-count analysis's job.
//! It handles asyncpipe's counting form and `nvgpu.device_async_wait` with
//! `numGroups`.

use super::ir;
use super::sync_state::{effect, InFlightBounds, Queue, QueueEffect};
use super::{PassDef, PassFailed, PassOptions};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::RegionLike;
use melior::ir::BlockRef;
use std::collections::BTreeMap;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-optimize-waits",
    description: "Remove counting waits implied by earlier waits and merge adjacent waits",
    anchor: None,
    options: &[],
    run,
};

/// Ops whose regions run once, entered from the op's own position.
const SINGLE_ENTRY: &[&str] = &[
    "scf.if",
    "scf.execute_region",
    "asyncpipe.commit_queue",
    "asyncpipe.commit_group",
    "asyncpipe.async_scope",
];

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let mut redundant = Vec::new();
    for block in ir::blocks(root) {
        optimize_block(block, InFlightBounds::default(), &mut redundant);
    }
    for op in redundant {
        ir::erase(op);
    }
    Ok(())
}

fn optimize_block<'c, 'a>(
    block: BlockRef<'c, 'a>,
    mut bounds: InFlightBounds,
    redundant: &mut Vec<OperationRef<'c, 'a>>,
) -> InFlightBounds {
    // The last wait on each queue, while only waits have followed it.
    let mut last_wait: BTreeMap<Queue, (OperationRef<'c, 'a>, i64)> = BTreeMap::new();
    for op in ir::ops(block) {
        match effect(op) {
            QueueEffect::Wait { queue, count: Some(count) } => {
                if bounds.get(queue).is_some_and(|bound| bound <= count) {
                    redundant.push(op);
                    continue;
                }
                if let Some((previous, previous_count)) = last_wait.get(&queue) {
                    if count < *previous_count {
                        redundant.push(*previous);
                    }
                }
                bounds.wait(queue, count);
                last_wait.insert(queue, (op, count));
                continue;
            }
            QueueEffect::Wait { count: None, .. } => {}
            QueueEffect::Opaque => bounds.clear(),
            QueueEffect::Commit(_) | QueueEffect::None => {}
        }
        last_wait.clear();
        if op.region_count() > 0 {
            let single_entry = SINGLE_ENTRY.contains(&ir::name(op).as_str());
            for region in op.regions() {
                let mut block = region.first_block();
                let mut entry = true;
                while let Some(b) = block {
                    let start = if single_entry && entry { bounds.clone() } else { InFlightBounds::default() };
                    optimize_block(b, start, redundant);
                    entry = false;
                    block = b.next_in_region();
                }
            }
            forget_nested_commits(op, &mut bounds);
        }
        if let QueueEffect::Commit(queue) = effect(op) {
            bounds.commit(queue);
        }
    }
    bounds
}

/// After a region op, queues committed to inside it have unknown bounds.
fn forget_nested_commits(op: OperationRef, bounds: &mut InFlightBounds) {
    for block in ir::blocks(op) {
        for nested in ir::ops(block) {
            match effect(nested) {
                QueueEffect::Commit(queue) => bounds.forget(queue),
                QueueEffect::Opaque => bounds.clear(),
                _ => {}
            }
            if nested.region_count() > 0 {
                forget_nested_commits(nested, bounds);
            }
        }
    }
}
