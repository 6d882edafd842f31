//! `asyncpipe-optimize-waits`: removes counting waits that can never block,
//! and merges waits that only other waits separate.
//!
//! A wait `wait_queue q, N` is a no-op when, on every path that reaches it,
//! at most `N` groups can be in flight on `q` (the seed's "the second wait
//! subsumes the first": after `wait(0, 2)` in one iteration and one commit in
//! the next, `wait(0, 3)` cannot block). The bounds come from
//! [`super::analysis::in_flight_bounds`], across loop iterations and branches. Removing
//! such a wait changes no bound anywhere (the bound after it is the same), so
//! all of them go at once. Of two waits on one queue with nothing but waits
//! between them, the looser one is dropped: the stricter one right after it
//! leaves the same state. The pass only removes waits whose effect another
//! wait already guarantees, so it never weakens synchronization. It handles
//! asyncpipe's counting form and `nvgpu.device_async_wait` with `numGroups`.

use super::analysis::in_flight_bounds::{self, Bound};
use super::ir::{self, diag};
use super::analysis::sync_state::{effect, Queue, QueueEffect};
use super::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::BTreeMap;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-optimize-waits",
    description: "Remove counting waits that can never block and merge adjacent waits",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    optimize(root);
    Ok(())
}

/// Removes the waits that can never block and merges adjacent ones in
/// `function`, entered with the groups in flight that `entry` bounds (a
/// pass that owns a queue of the function knows none of its groups come
/// from the caller).
pub fn optimize_function(function: OperationRef, entry: in_flight_bounds::InFlightBounds) {
    remove(function, &in_flight_bounds::analyze_function(function, entry));
}

/// Removes the waits that can never block and merges adjacent ones under `root`.
pub fn optimize(root: OperationRef) {
    let bounds = in_flight_bounds::analyze(root);
    remove(root, &bounds);
}

/// Removes, under `root`, the waits `bounds` shows never block, and the
/// looser of adjacent ones.
fn remove(root: OperationRef, bounds: &in_flight_bounds::Bounds) {
    if let Some(function) = bounds.exhausted().and_then(|key| ir::find_op(root, key)) {
        diag::warning(
            function.location(),
            "the analysis of groups in flight stopped at its budget (loops nested too deep to simulate): no wait is removed as never blocking",
        );
    }
    let mut order: Vec<OperationRef> = Vec::new();
    for block_owner in std::iter::once(root).chain(ir::nested_ops(root)) {
        for block in ir::blocks(block_owner) {
            optimize_block(block, bounds, &mut order);
        }
    }
    for op in order {
        ir::erase(op);
    }
}

/// Marks (in `order`) the waits of `block` that can never block, and the
/// looser of two waits on one queue separated only by waits.
fn optimize_block<'c, 'a>(
    block: melior::ir::BlockRef<'c, 'a>,
    bounds: &in_flight_bounds::Bounds,
    order: &mut Vec<OperationRef<'c, 'a>>,
) {
    let mut last: BTreeMap<Queue, (OperationRef<'c, 'a>, i64)> = BTreeMap::new();
    for op in ir::ops(block) {
        match effect(op) {
            QueueEffect::Wait { queue, count: Some(count) } => {
                if matches!(bounds.before(op), Bound::AtMost(bound) if bound <= count) {
                    order.push(op); // never blocks, so it is no barrier between others either
                    continue;
                }
                if let Some((previous, previous_count)) = last.get(&queue) {
                    if count <= *previous_count {
                        order.push(*previous);
                    }
                }
                last.insert(queue, (op, count));
            }
            _ => last.clear(),
        }
    }
}
