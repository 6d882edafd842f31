//! Regions and CFG blocks in the hazard model: a region's blocks walked
//! along the paths the case decides (a branch it cannot decide joins the
//! paths), natural loops in CFG form, and regions that may run in any
//! order or any number of times.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::*;

impl<'c, 'a> Checker<'c, 'a> {
    /// One region: its block, or its blocks in control-flow order, each
    /// from the join of what its predecessors leave (a block revisited by a
    /// back edge makes the slices inexact); the state after it joins the
    /// blocks that leave the region.
    pub(super) fn region(&mut self, region: RegionRef<'c, 'a>, state: &mut State) {
        let blocks = ir::region_blocks(region);
        if blocks.len() <= 1 {
            for block in blocks {
                self.block(block, state);
            }
            return;
        }
        if let Some(exit) = self.region_path(&blocks, state) {
            *state = exit;
            return;
        }
        let exact = self.exact;
        let mut entry: Vec<Option<State>> = vec![None; blocks.len()];
        entry[0] = Some(state.clone());
        let mut visits = vec![0usize; blocks.len()];
        let mut work = vec![0usize];
        let mut exit: Option<State> = None;
        while let Some(i) = work.pop() {
            visits[i] += 1;
            if visits[i] > 1 {
                self.exact = false;
            }
            if visits[i] > 64 {
                // Does not settle: spend the budget (reported as not proven).
                self.steps = self.max_steps;
                break;
            }
            let mut out = entry[i].clone().expect("queued blocks have an entry state");
            self.block(blocks[i], &mut out);
            let successors: Vec<BlockRef> = ir::terminator(blocks[i]).map(|t| t.successors().collect()).unwrap_or_default();
            if successors.is_empty() {
                match exit.as_mut() {
                    Some(e) => e.join(&out),
                    None => exit = Some(out.clone()),
                }
            }
            for successor in successors {
                let Some(j) = blocks.iter().position(|b| *b == successor) else { continue };
                let changed = match entry[j].as_mut() {
                    None => {
                        entry[j] = Some(out.clone());
                        true
                    }
                    Some(old) => {
                        let mut joined = old.clone();
                        joined.join(&out);
                        let changed = joined != *old;
                        *old = joined;
                        changed
                    }
                };
                if changed && !work.contains(&j) {
                    work.push(j);
                }
            }
        }
        self.exact = exact;
        if let Some(exit) = exit {
            *state = exit;
        }
    }

    /// A region in CFG form (after `convert-scf-to-cf`: loops are blocks
    /// whose arguments carry the induction variable, rotated slots and
    /// groups) run as it executes, when every branch on the way is decided
    /// by the bindings: each block from the state its predecessor left,
    /// the integers it passes bound to the successor's arguments and the
    /// groups forwarded, as an `scf.for` is simulated iteration by
    /// iteration. None when a branch is undecided or the path is longer
    /// than [`PATH_BUDGET`] blocks: the caller joins over every path then.
    pub(super) fn region_path(&mut self, blocks: &[BlockRef<'c, 'a>], state: &State) -> Option<State> {
        let mut at = 0usize;
        let mut x = state.clone();
        let mut bound: Vec<Value<'c, 'a>> = Vec::new();
        let mut result = None;
        for _ in 0..PATH_BUDGET {
            if self.bindings.refinement().is_some() || self.steps >= self.max_steps {
                break;
            }
            let block = blocks[at];
            for op in ir::ops(block) {
                if Upstream::CfBr.is(op) || Upstream::CfCondBr.is(op) {
                    break;
                }
                self.op(op, &mut x);
            }
            let Some(terminator) = ir::terminator(block) else { break };
            if !matches!(Upstream::of(terminator), Some(Upstream::CfBr | Upstream::CfCondBr)) {
                // Any other terminator without successors leaves the region.
                if terminator.successors().next().is_none() {
                    result = Some(x);
                }
                break;
            }
            let Some((successor, operands)) = self.taken_edge(terminator) else { break };
            let arguments: Vec<Value> = (0..successor.argument_count()).filter_map(|i| successor.argument_at(i).map(Into::into)).collect();
            // Read every operand before binding any argument (a back edge
            // may pass the arguments back in another order).
            let forms: Vec<Option<Affine>> = operands.iter().map(|v| self.bindings.form(*v)).collect();
            for (argument, form) in arguments.iter().zip(forms) {
                match form {
                    Some(form) if argument.r#type().is_index() || argument.r#type().is_integer() => {
                        self.bindings.bind_form(*argument, form);
                        bound.push(*argument);
                    }
                    _ => self.bindings.unbind(*argument),
                }
            }
            x.forward_groups(operands.into_iter(), arguments.into_iter());
            let Some(next) = blocks.iter().position(|b| *b == successor) else { break };
            at = next;
        }
        for argument in bound {
            self.bindings.unbind(argument);
        }
        result
    }

    /// The successor a `cf.br` or `cf.cond_br` goes to under the bindings,
    /// with the operands it passes; None when the condition is not known.
    pub(super) fn taken_edge(&self, terminator: OperationRef<'c, 'a>) -> Option<(BlockRef<'c, 'a>, Vec<Value<'c, 'a>>)> {
        let taken = if Upstream::CfBr.is(terminator) {
            0
        } else {
            let condition = self.bindings.eval(terminator.operand_at(0)?)?;
            usize::from(condition == 0)
        };
        Some((terminator.successors().nth(taken)?, ir::successor_operands(terminator, taken)?))
    }

    /// The regions of `op`, an op the analysis does not model: each may run
    /// any number of times, in any order, or not at all (the cases of an
    /// `scf.index_switch`, a loop it cannot simulate): the least state above the entry that running any
    /// one of them keeps below itself. Slices inside are not exact (errors
    /// say so). A state that does not settle within 64 rounds spends the
    /// function's budget (reported as not proven).
    pub(super) fn any_order(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let exact = self.exact;
        self.exact = false;
        let regions: Vec<_> = (0..op.region_count()).filter_map(|i| op.region_at(i)).collect();
        let mut h = state.clone();
        let mut settled = false;
        for _ in 0..64 {
            let mut next = h.clone();
            for &region in &regions {
                let mut y = h.clone();
                self.region(region, &mut y);
                next.join(&y);
            }
            if next == h {
                settled = true;
                break;
            }
            h = next;
        }
        if !settled {
            self.steps = self.max_steps;
        }
        self.exact = exact;
        *state = h;
    }
}
