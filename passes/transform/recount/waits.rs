//! The transformation behind `asyncpipe-optimize-waits` (the pass,
//! `passes/asyncpipe/optimize_waits.rs`, documents what it does); other passes call it too.
use crate::passes::analysis::in_flight_bounds::{self, Bound};
use crate::passes::ir::{self, diag};
use crate::passes::analysis::sync_state::{effect, Queue, QueueEffect};
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::BTreeMap;



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
