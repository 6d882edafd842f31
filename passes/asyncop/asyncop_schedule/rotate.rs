//! Across loop iterations: the start of iteration `i + 1` before the done
//! of iteration `i`, so that a chain in an `scf.for` body overlaps the rest
//! of its iteration and the beginning of the next, the way a software
//! pipeline keeps a load in flight.
//!
//! ```text
//! for i:  P(i); h = start(x(i)); M(i); v = done(h); T(i, v)
//! // becomes, for n >= 2 iterations
//! P(lb); h0 = start(x(lb))
//! hn = for i in [lb, ub - step) iter_args(h = h0):
//!   P(i); M(i); P(i + step); h' = start(x(i + step)); v = done(h); T(i, v); yield h'
//! P(last); M(last); v = done(hn); T(last, v)          // the last iteration
//! ```
//!
//! Legal when: the loop has constant bounds and at least two iterations;
//! its body holds one chain (a start and a done, no update, at most one
//! result) and no other asyncop op; the start's operands are loop-invariant,
//! the induction variable, or computed before it in the body by ops `P`
//! without regions that only read memory no op of the loop writes (they
//! are recomputed for the next iteration); and the wrapped computation
//! conflicts neither with itself (in two iterations at once) nor with any
//! other op of the body (which it now overlaps in the neighboring
//! iteration). Two chains are then in flight at once, so `max-in-flight`
//! must be at least 2. Otherwise the loop is left as it is.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use crate::passes::analysis::chain_effects::{chain_access, conflict};
use crate::passes::analysis::effects;
use crate::passes::ir::asyncop::Chain;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncop::{DoneOp, StartOp, UpdateOp};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, rewrite, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Value;

/// Rotates the chain of `for_op`'s body when legal; whether it did.
pub fn rotate(for_op: OperationRef, limit: usize) -> bool {
    let Some(plan) = plan(for_op, limit) else { return false };
    apply(for_op, plan);
    true
}

struct Plan<'c, 'a> {
    chain: Chain<'c, 'a>,
    /// The ops computing the start's operands in the body, in order.
    prefix: Vec<OperationRef<'c, 'a>>,
    lb: i64,
    ub: i64,
    step: i64,
}

fn plan<'c, 'a>(for_op: OperationRef<'c, 'a>, limit: usize) -> Option<Plan<'c, 'a>> {
    if limit < 2 {
        return None;
    }
    let (lb, ub, step) = ir::static_bounds(for_op)?;
    if ir::static_trip_count(for_op)? < 2 {
        return None;
    }
    let body = ir::region_entry(for_op, 0)?;
    // The rotation builds index constants and steps: index loops only (an
    // i32 loop got index bounds, which its scf.for refuses).
    if !body.argument_at(0).is_some_and(|iv| melior::ir::r#type::TypeLike::is_index(&melior::ir::ValueLike::r#type(&iv))) {
        return None;
    }
    let nested = ir::nested_ops(for_op);
    let starts: Vec<StartOp> = nested.iter().filter_map(|op| StartOp::cast(*op)).collect();
    let dones: Vec<DoneOp> = nested.iter().filter_map(|op| DoneOp::cast(*op)).collect();
    if starts.len() != 1 || dones.len() != 1 || nested.iter().any(|op| UpdateOp::is(*op)) {
        return None;
    }
    let chain = Chain::of(dones[0])?;
    if chain.start.operation().block() != Some(body) || chain.done.operation().block() != Some(body) || chain.result_types().len() > 1 {
        return None;
    }
    let access = chain_access(&chain);
    if conflict(&access, &access) {
        return None;
    }
    // What the loop writes, for the prefix's reads.
    let chain_ops = chain.ops();
    let mut written = effects::Access::none();
    for op in ir::ops(body) {
        if !chain_ops.contains(&op) {
            written.merge(&effects::access(op));
        }
    }
    written.merge(&access);
    // The prefix: the body ops the start's operands come from.
    let iv: Value = body.argument_at(0)?.into();
    let mut prefix: Vec<OperationRef> = Vec::new();
    let mut pending: Vec<Value> = chain.start.args().collect();
    while let Some(value) = pending.pop() {
        if ValueKey::of(value) == ValueKey::of(iv) || !ir::is_defined_inside(value, for_op) {
            continue;
        }
        let op = ir::defining_op(value)?;
        if op.block() != Some(body) || op.region_count() > 0 {
            return None;
        }
        let reads = effects::access(op);
        let only_reads_stable = reads.writes.as_ref().is_some_and(|w| w.is_empty())
            && reads.reads.as_ref().is_some_and(|r| r.iter().all(|root| !written.writes_root(*root)));
        if !only_reads_stable {
            return None;
        }
        if !prefix.contains(&op) {
            prefix.push(op);
            pending.extend((0..op.operand_count()).filter_map(|i| op.operand_at(i)));
        }
    }
    prefix.sort_by_key(|op| ir::ops(body).position(|o| o == *op));
    // The rest of the body must not conflict with the wrapped computation.
    for op in ir::ops(body) {
        if chain_ops.contains(&op) || prefix.contains(&op) || Some(op) == ir::terminator(body) {
            continue;
        }
        if conflict(&access, &effects::access(op)) {
            return None;
        }
    }
    Some(Plan { chain, prefix, lb, ub, step })
}

fn apply(for_op: OperationRef, plan: Plan) {
    let b = Builder::new(for_op.context(), for_op.location());
    let body = ir::region_entry(for_op, 0).expect("a loop body");
    let iv: Value = body.argument(0).expect("the induction variable").into();
    let start = plan.chain.start.operation();
    let done = plan.chain.done.operation();
    // Prologue: the first iteration's prefix and start.
    let before = Point::Before(for_op);
    let first = b.index_constant(plan.lb, before);
    let mut map = vec![(ValueKey::of(iv), first)];
    for op in &plan.prefix {
        rewrite::clone_mapped(*op, &mut map, before);
    }
    let first_start = rewrite::clone_mapped(start, &mut map, before);
    let first_handle: Value = first_start.result(0).expect("a handle").into();
    // The loop runs one iteration fewer and carries the next handle.
    // (In i128: ub - lb may not fit an i64 where the trip count does; the
    // last iteration's value lies between lb and ub, so it does.)
    let (lb, ub, step) = (i128::from(plan.lb), i128::from(plan.ub), i128::from(plan.step));
    let last_iv = i64::try_from(ub - (ub - lb - 1).rem_euclid(step) - 1).expect("an iteration's value is between the bounds");
    let new_ub = b.index_constant(last_iv, before);
    rewrite::set_operand(for_op, 1, new_ub);
    let (for_op, carried) = rewrite::add_loop_carried(for_op, &[first_handle]);
    let carried = carried[0];
    let body = ir::region_entry(for_op, 0).expect("a loop body");
    let iv: Value = body.argument(0).expect("the induction variable").into();
    // In the body: the next iteration's prefix and start before the done.
    let at = Point::Before(done);
    let step = b.index_constant(plan.step, at);
    let next_iv = b.binary(Upstream::ArithAddi, iv, step, at);
    let mut next_map = vec![(ValueKey::of(iv), next_iv)];
    let mut next_ops = vec![ir::defining_op(step).expect("a constant"), ir::defining_op(next_iv).expect("an add")];
    for op in &plan.prefix {
        next_ops.push(rewrite::clone_mapped(*op, &mut next_map, at));
    }
    let next_start = rewrite::clone_mapped(start, &mut next_map, at);
    next_ops.push(next_start);
    let next_handle: Value = next_start.result(0).expect("a handle").into();
    rewrite::set_operand(done, 0, carried);
    ir::erase(start);
    let yield_op = ir::terminator(body).expect("a loop body ends in its yield");
    rewrite::append_operands(yield_op, &[next_handle]);
    // Epilogue: the last iteration, without a next start.
    let after = for_op.next_in_block().expect("a loop is followed by its block's terminator at least");
    let at = Point::Before(after);
    let last = b.index_constant(last_iv, at);
    let results: Vec<Value> = for_op.results().map(Value::from).collect();
    let arguments: Vec<Value> = (1..body.argument_count()).filter_map(|i| body.argument_at(i).map(Value::from)).collect();
    let mut map: Vec<(ValueKey, Value)> = vec![(ValueKey::of(iv), last)];
    map.extend(arguments.iter().zip(&results).map(|(a, r)| (ValueKey::of(*a), *r)));
    let ops: Vec<OperationRef> = ir::ops(body).collect();
    for op in ops {
        if op == yield_op || next_ops.contains(&op) {
            continue;
        }
        rewrite::clone_mapped(op, &mut map, at);
    }
    // After the loop, its old results are the last iteration's yields.
    let yielded: Vec<Value> = (0..yield_op.operand_count()).filter_map(|i| yield_op.operand_at(i)).collect();
    let last_values: Vec<Value> =
        yielded.iter().map(|v| map.iter().find(|(k, _)| *k == ValueKey::of(*v)).map(|(_, n)| *n).unwrap_or(*v)).collect();
    for (k, result) in results.iter().enumerate().take(results.len() - 1) {
        for (user, index) in ir::uses(*result) {
            // Uses inside the epilogue read the loop's own result.
            if ir::ancestors(user).any(|a| a == for_op) || is_epilogue(user, after, for_op) {
                continue;
            }
            rewrite::set_operand(user, index, last_values[k]);
        }
    }
}

/// Whether `user` is one of the epilogue's ops (between the loop and `after`).
fn is_epilogue(user: OperationRef, after: OperationRef, for_op: OperationRef) -> bool {
    let mut op = for_op.next_in_block();
    while let Some(current) = op {
        if current == after {
            return false;
        }
        if current == user || ir::ancestors(user).any(|a| a == current) {
            return true;
        }
        op = current.next_in_block();
    }
    false
}
