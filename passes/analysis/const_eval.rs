//! Evaluates index and integer SSA values that are constant at one point of
//! an analysis: `arith.constant`s, and arithmetic on induction variables whose
//! value is known while a loop with a static trip count is being simulated.
//! Analyses use it to take only the feasible branch of an `scf.if`.

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, Value};
use std::collections::HashMap;

/// Known values of induction variables.
#[derive(Clone, Debug, Default)]
pub struct Bindings(HashMap<ValueKey, i64>);

impl Bindings {
    pub fn bind(&mut self, value: Value, constant: i64) {
        self.0.insert(ValueKey::of(value), constant);
    }

    pub fn unbind(&mut self, value: Value) {
        self.0.remove(&ValueKey::of(value));
    }

    /// The bindings, in key order (for keying memoized results on them).
    pub fn snapshot(&self) -> Vec<(ValueKey, i64)> {
        let mut all: Vec<(ValueKey, i64)> = self.0.iter().map(|(k, v)| (*k, *v)).collect();
        all.sort();
        all
    }

    /// For an `scf.if` whose condition is constant given the bindings, the
    /// index of the region that runs (0: then, 1: else).
    /// Whether some `scf.if` under `body` has a condition that is constant
    /// once the induction variable is known (here: bound to `value`) but not
    /// without it: then iterations may take different branches, and two
    /// equal states at the top of iterations do not make a steady state.
    pub fn depends_on_induction(&mut self, body: BlockRef, induction: Value, value: i64) -> bool {
        let conditions: Vec<Value> = body
            .parent_operation()
            .map(ir::nested_ops)
            .unwrap_or_default()
            .into_iter()
            .filter(|op| Upstream::ScfIf.is(*op))
            .filter_map(|op| op.operand(0).ok())
            .collect();
        let unbound: Vec<bool> = conditions.iter().map(|c| self.eval(*c).is_some()).collect();
        self.bind(induction, value);
        let bound: Vec<bool> = conditions.iter().map(|c| self.eval(*c).is_some()).collect();
        self.unbind(induction);
        unbound.iter().zip(bound).any(|(u, b)| b && !u)
    }

    pub fn taken_branch(&self, if_op: OperationRef) -> Option<usize> {
        let condition = self.eval(if_op.operand(0).ok()?)?;
        Some(if condition != 0 { 0 } else { 1 })
    }

    /// The value of `value`, if it is constant given the bindings.
    pub fn eval(&self, value: Value) -> Option<i64> {
        self.eval_depth(value, 8)
    }

    /// The ops evaluated here are those `periodicity::period` models: keep
    /// the two in step.
    fn eval_depth(&self, value: Value, depth: usize) -> Option<i64> {
        if let Some(v) = self.0.get(&ValueKey::of(value)) {
            return Some(*v);
        }
        if depth == 0 {
            return None;
        }
        let op = ir::defining_op(value)?;
        let kind = Upstream::of(op)?;
        if kind == Upstream::ArithConstant {
            return ir::int_attr(op, attr::VALUE).or_else(|| ir::bool_attr(op, attr::VALUE).map(i64::from));
        }
        let operand = |i: usize| -> Option<i64> { self.eval_depth(op.operand(i).ok()?, depth - 1) };
        match kind {
            Upstream::ArithIndexCast | Upstream::ArithIndexCastui | Upstream::ArithExtsi | Upstream::ArithExtui => operand(0),
            Upstream::ArithAddi => Some(operand(0)?.wrapping_add(operand(1)?)),
            Upstream::ArithSubi => Some(operand(0)?.wrapping_sub(operand(1)?)),
            Upstream::ArithMuli => Some(operand(0)?.wrapping_mul(operand(1)?)),
            Upstream::ArithDivui | Upstream::ArithDivsi => operand(0)?.checked_div(operand(1)?),
            Upstream::ArithRemui | Upstream::ArithRemsi => operand(0)?.checked_rem(operand(1)?),
            Upstream::ArithAndi => Some(operand(0)? & operand(1)?),
            Upstream::ArithOri => Some(operand(0)? | operand(1)?),
            Upstream::ArithXori => Some(operand(0)? ^ operand(1)?),
            Upstream::ArithCmpi => {
                let (a, b) = (operand(0)?, operand(1)?);
                // arith::CmpIPredicate: eq ne slt sle sgt sge ult ule ugt uge
                let result = match ir::int_attr(op, attr::PREDICATE)? {
                    0 => a == b,
                    1 => a != b,
                    2 => a < b,
                    3 => a <= b,
                    4 => a > b,
                    5 => a >= b,
                    6 => (a as u64) < (b as u64),
                    7 => (a as u64) <= (b as u64),
                    8 => (a as u64) > (b as u64),
                    9 => (a as u64) >= (b as u64),
                    _ => return None,
                };
                Some(i64::from(result))
            }
            _ => None,
        }
    }
}

/// Runs an `scf.if` over an abstract state: the branch `taken` when the
/// condition is known (see [`Bindings::taken_branch`]), otherwise both
/// branches from the same state, joined with `join`.
pub fn visit_if<'c, 'a, S: Clone>(
    op: OperationRef<'c, 'a>,
    taken: Option<usize>,
    state: &mut S,
    run: &mut dyn FnMut(BlockRef<'c, 'a>, &mut S),
    join: impl FnOnce(&mut S, &S),
) {
    if let Some(index) = taken {
        if let Some(block) = ir::region_entry(op, index) {
            run(block, state);
        }
        return;
    }
    let mut else_state = state.clone();
    if let Some(block) = ir::region_entry(op, 0) {
        run(block, state);
    }
    if let Some(block) = ir::region_entry(op, 1) {
        run(block, &mut else_state);
    }
    join(state, &else_state);
}

/// The states at the top of the iterations of a loop simulated so far, to
/// find the cycle the loop's state enters: an iteration that starts from a
/// state seen before repeats what followed it (when no branch depends on
/// the induction variable, [`Bindings::depends_on_induction`]), so the rest
/// of the loop costs nothing whatever its trip count.
pub struct Cycle<S>(Vec<S>);

impl<S: Clone + PartialEq> Cycle<S> {
    pub fn new() -> Self {
        Self(Vec::new())
    }

    /// Records `state`, at the top of the next iteration; returns true, and
    /// records nothing, when it repeats an earlier one.
    pub fn repeats(&mut self, state: &S) -> bool {
        if self.0.contains(state) {
            return true;
        }
        self.0.push(state.clone());
        false
    }

    /// After `repeats(state)` was true: the state at the top of iteration
    /// `trips` (its place in the cycle from the first `state` to now).
    pub fn state_at(mut self, state: &S, trips: u64) -> S {
        let first = self.0.iter().position(|s| s == state).expect("the state repeats") as u64;
        let length = self.0.len() as u64 - first;
        self.0.swap_remove((first + (trips - first) % length) as usize)
    }
}
