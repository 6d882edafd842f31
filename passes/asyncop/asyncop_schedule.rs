//! `asyncop-schedule{max-in-flight=N}`: latency hiding for asyncop chains.
//! Each start moves up as far as its operands and memory allow, each done
//! down to just before the first use of its results (or the first op that
//! must not overlap the wrapped computation), so that the wrapped
//! computation overlaps the code between them; at most `N` chains are open
//! (started and not done) at any point, the resource limit of a real async
//! engine.
//!
//! Within a block, a start does not move above
//! - the op defining one of its operands,
//! - an op whose memory accesses conflict with the wrapped computation's
//!   (`analysis::chain_effects`: one of them writes what the other reads or
//!   writes; the ops of another chain count with that chain's wrapped
//!   accesses),
//! - a done, when the chains open there would exceed `N`;
//! and a done does not move below an op using one of its results (in it or
//! in its regions), a conflicting op, a start beyond `N`, or the block's
//! terminator. Starts keep their order among themselves, and dones theirs. Nothing crosses a region boundary: a chain whose ops are
//! not all in one block is left where it is, and an op with regions is
//! passed (or not) as a whole. Starts move first, in program order, then
//! dones, in reverse; a move that would break a rule stops where it is.
//!
//! Then, across the iterations of an `scf.for` ([`rotate`]): a chain in the
//! loop's body starts for iteration `i + 1` before the done of iteration
//! `i`, with the first start before the loop and the last iteration peeled
//! after it, when that is legal.

mod rotate;

use crate::passes::ir::positions::OpPositions;
use crate::passes::analysis::chain_effects::{chain_access, conflict};
use crate::passes::analysis::effects::{self, Access};
use crate::passes::ir::asyncop::Chain;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag, rewrite, ValueKey};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, Value};

pub const PASS: PassDef = PassDef {
    argument: "asyncop-schedule",
    description: "Move each asyncop.start as early and each asyncop.done as late as operands, uses and memory effects allow, with at most max-in-flight chains open at once",
    anchor: None,
    options: &[OptionDef {
        name: "max-in-flight",
        description: "the most chains open (started, not done) at any point (at least 1)",
        default: "2",
    }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let limit: i64 = options.parse(root, "max-in-flight")?;
    if limit < 1 {
        diag::error(root.location(), &format!("asyncop-schedule: max-in-flight={limit}, at least one chain must be able to run"));
        return Err(PassFailed);
    }
    // Chains by block, the ones whose ops share one block.
    let mut by_block: Vec<(BlockRef, Vec<Chain>)> = Vec::new();
    for chain in Chain::all(root) {
        let ops = chain.ops();
        let Some(block) = ops[0].block() else { continue };
        if ops.iter().any(|op| op.block() != Some(block)) {
            continue;
        }
        match by_block.iter_mut().find(|(b, _)| *b == block) {
            Some((_, chains)) => chains.push(chain),
            None => by_block.push((block, vec![chain])),
        }
    }
    for (block, chains) in by_block {
        schedule(block, &chains, limit as usize);
    }
    // Across iterations, innermost loops first.
    let mut loops: Vec<OperationRef> = ir::nested_ops(root).into_iter().filter(|op| Upstream::ScfFor.is(*op)).collect();
    loops.reverse();
    for for_op in loops {
        rotate::rotate(for_op, limit as usize);
    }
    Ok(())
}

fn schedule(block: BlockRef, chains: &[Chain], limit: usize) {
    let accesses: Vec<Access> = chains.iter().map(chain_access).collect();
    // The chain each start, update and done belongs to.
    let owner: Vec<(OperationRef, usize)> = chains.iter().enumerate().flat_map(|(k, c)| c.ops().into_iter().map(move |op| (op, k))).collect();
    let access_of = |op: OperationRef| -> Access {
        match owner.iter().find(|(o, _)| *o == op) {
            Some((_, k)) => accesses[*k].clone(),
            None => effects::access(op),
        }
    };
    for (k, chain) in chains.iter().enumerate() {
        let start = chain.start.operation();
        let operands: Vec<ValueKey> = chain.start.args().map(ValueKey::of).collect();
        while let Some(previous) = ir::previous(start) {
            let defines = previous.results().any(|r| operands.contains(&ValueKey::of(Value::from(r))));
            // Starts keep their order (passing one gains nothing).
            let a_start = chains.iter().any(|c| c.start.operation() == previous);
            if defines || a_start || conflict(&accesses[k], &access_of(previous)) {
                break;
            }
            rewrite::move_before(start, previous);
            // Only passing another chain's done opens more at once: the
            // sequence of starts and dones is otherwise the same.
            let a_done = chains.iter().any(|c| c.done.operation() == previous);
            if a_done && most_open(block, chains) > limit {
                rewrite::move_before(previous, start); // back after it
                break;
            }
        }
    }
    for (k, chain) in chains.iter().enumerate().rev() {
        let done = chain.done.operation();
        let results: Vec<ValueKey> = chain.done.outputs().map(ValueKey::of).collect();
        while let Some(next) = done.next_in_block() {
            // Dones keep their order too.
            let a_done = chains.iter().any(|c| c.done.operation() == next);
            if Some(next) == ir::terminator(block) || a_done || uses_any(next, &results) || conflict(&accesses[k], &access_of(next)) {
                break;
            }
            rewrite::move_before(next, done);
            // Only passing another chain's start opens more at once.
            let a_start = chains.iter().any(|c| c.start.operation() == next);
            if a_start && most_open(block, chains) > limit {
                rewrite::move_before(done, next); // back before it
                break;
            }
        }
    }
}

/// Whether `op` or an op nested in it uses one of `values`.
fn uses_any(op: OperationRef, values: &[ValueKey]) -> bool {
    std::iter::once(op)
        .chain(ir::nested_ops(op))
        .any(|user| (0..user.operand_count()).filter_map(|i| user.operand_at(i)).any(|v| values.contains(&ValueKey::of(v))))
}

/// The most chains open at once along `block`.
fn most_open(block: BlockRef, chains: &[Chain]) -> usize {
    let starts: Vec<OperationRef> = chains.iter().map(|c| c.start.operation()).collect();
    let dones: Vec<OperationRef> = chains.iter().map(|c| c.done.operation()).collect();
    let mut open = 0usize;
    let mut most = 0usize;
    for op in ir::ops(block) {
        if starts.contains(&op) {
            open += 1;
            most = most.max(open);
        } else if dones.contains(&op) {
            open = open.saturating_sub(1);
        }
    }
    most
}
