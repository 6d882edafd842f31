//! What the `par` ops mean to the lowerings: a foreach_thread's ids and
//! counts, moving its body to where each thread runs, and the ids of a
//! thread from its linear number.

use crate::passes::ir::positions::BlockPositions;
use super::builder::{Builder, Point};
use super::ods::par::ForeachThreadOp;
use super::upstream::Upstream;
use super::{diag, rewrite};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, RegionLike, Value};
use super::ValueKey;

/// The body block of a foreach_thread.
pub fn body<'c, 'a>(foreach: ForeachThreadOp<'c, 'a>) -> BlockRef<'c, 'a> {
    foreach.body().first_block().expect("a verified foreach_thread has its body")
}

/// The thread ids (the body's arguments), outermost dimension first.
pub fn thread_ids<'c, 'a>(foreach: ForeachThreadOp<'c, 'a>) -> Vec<Value<'c, 'a>> {
    let block = body(foreach);
    (0..block.argument_count()).filter_map(|i| block.argument_at(i).map(Value::from)).collect()
}

/// An error at `foreach` unless it is in buffer form (no results): the
/// lowerings run after bufferization.
pub fn expect_buffer_form(foreach: ForeachThreadOp, pass: &str) -> bool {
    if foreach.results().next().is_none() {
        return true;
    }
    diag::error(
        foreach.operation().location(),
        &format!("{pass} lowers 'par.foreach_thread' in buffer form: bufferize its results first (-one-shot-bufferize)"),
    );
    false
}

/// Moves the body of `foreach` (all but its terminator) to before
/// `before`, with `ids` in place of its thread ids.
pub fn move_body<'c, 'a>(foreach: ForeachThreadOp<'c, 'a>, before: OperationRef<'c, 'a>, ids: &[Value<'c, 'a>]) {
    let block = body(foreach);
    for (old, new) in thread_ids(foreach).into_iter().zip(ids) {
        rewrite::replace_uses(old, *new);
    }
    let terminator = super::terminator(block);
    let ops: Vec<OperationRef> = super::ops(block).collect();
    for op in ops {
        if Some(op) != terminator {
            rewrite::move_before(op, before);
        }
    }
}

/// The product of `counts` (the number of threads), at `point`.
pub fn product<'c, 'a>(b: &Builder<'c>, counts: &[Value<'c, 'a>], point: Point<'c, 'a>) -> Value<'c, 'a> {
    let mut total = counts[0];
    for count in &counts[1..] {
        total = b.binary(Upstream::ArithMuli, total, *count, point);
    }
    total
}

/// The ids of thread number `linear` (the last dimension varies fastest).
pub fn delinearize<'c, 'a>(b: &Builder<'c>, linear: Value<'c, 'a>, counts: &[Value<'c, 'a>], point: Point<'c, 'a>) -> Vec<Value<'c, 'a>> {
    let mut ids = vec![linear; counts.len()];
    let mut rest = linear;
    for d in (0..counts.len()).rev() {
        if d == 0 {
            ids[0] = rest;
        } else {
            ids[d] = b.binary(Upstream::ArithRemui, rest, counts[d], point);
            rest = b.binary(Upstream::ArithDivui, rest, counts[d], point);
        }
    }
    ids
}

/// The foreach_threads under `root`, innermost first (a lowering that
/// moves a body moves only lowered ops).
pub fn innermost_first<'c, 'a>(root: OperationRef<'c, 'a>) -> Vec<ForeachThreadOp<'c, 'a>> {
    let mut all: Vec<ForeachThreadOp> = super::nested_ops(root).into_iter().filter_map(ForeachThreadOp::cast).collect();
    all.reverse();
    all
}

/// The values `op` and the ops nested in it use that are defined outside
/// it, each once, in order of first use.
pub fn captured_values<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    let mut seen = Vec::new();
    let mut captured = Vec::new();
    for user in std::iter::once(op).chain(super::nested_ops(op)) {
        for i in 0..user.operand_count() {
            let Ok(value) = user.operand(i) else { continue };
            let key = ValueKey::of(value);
            if !super::is_defined_inside(value, op) && !seen.contains(&key) {
                seen.push(key);
                captured.push(value);
            }
        }
    }
    captured
}

/// Replaces, in `op` and the ops nested in it only, each use of `old[i]`
/// with `new[i]`.
pub fn replace_uses_inside<'c, 'a>(op: OperationRef<'c, 'a>, old: &[Value<'c, 'a>], new: &[Value<'c, 'a>]) {
    for (from, to) in old.iter().zip(new) {
        for (user, index) in super::uses(*from) {
            if user == op || super::ancestors(user).any(|a| a == op) {
                rewrite::set_operand(user, index, *to);
            }
        }
    }
}
