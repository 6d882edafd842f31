//! Control flow in the hazard model: `scf.if` (one branch when the case
//! decides it, else both joined), `scf.while`, `scf.execute_region`, and
//! `scf.for` simulated iteration by iteration, skipping ahead once the
//! state cycles (constant and run-time trip counts, carried groups and
//! integers), or joined over any number of iterations when nothing repeats.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::*;
use crate::passes::analysis::periodicity::CarriedIntegers;

impl<'c, 'a> Checker<'c, 'a> {
    pub(super) fn if_op(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let (taken, undecided) = self.bindings.watch(|b| b.taken_branch(op));
        if taken.is_none() && undecided {
            // A condition on the arguments the analysis cannot decide (a
            // division by an argument): either branch may be infeasible, so
            // what they leave is not proven.
            let entry = state.clone();
            let exact = self.exact;
            self.exact = false;
            self.if_branches(op, None, state);
            self.exact = exact;
            state.inexact_since(&entry);
            return;
        }
        self.if_branches(op, taken, state);
    }

    pub(super) fn if_branches(&mut self, op: OperationRef<'c, 'a>, taken: Option<usize>, state: &mut State) {
        let token_form = self.function.token_form;
        let run = &mut |block: BlockRef<'c, 'a>, s: &mut State| {
            self.block(block, s);
            if token_form {
                if let Some(yield_op) = ir::terminator(block) {
                    s.forward_groups(yield_op.operands(), op.results().map(Into::into));
                }
            }
        };
        visit_if(op, taken, state, run, |a, b| a.join(b));
        self.bind_if_results(op, taken);
    }

    /// `scf.while`: the before region runs first and at every iteration; the
    /// loop leaves right after it (where its condition is false), and the
    /// after region runs only after it. The state at the top of the before
    /// region is the least fixpoint above the entry of "before, then after";
    /// the state after the loop joins the before region's exits over every
    /// iteration. (It was analyzed as an op the analysis does not model:
    /// either region any number of times in any order, so an after region's
    /// copy met a read after the loop that its before region's wait
    /// completed.) Groups follow the loop's values: the inits and the after
    /// region's yields into the before region's arguments, the condition's
    /// operands into the after region's arguments and the results. Slices
    /// inside are not exact (iterations are joined, not simulated); a state
    /// that does not settle within 64 rounds spends the budget.
    pub(super) fn while_loop(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let (Some(before), Some(after)) = (ir::region_entry(op, 0), ir::region_entry(op, 1)) else {
            return self.unknown_loop(op, state);
        };
        let (Some(condition), Some(yield_op)) = (ir::terminator(before), ir::terminator(after)) else {
            return self.unknown_loop(op, state);
        };
        let arguments = |block: BlockRef<'c, 'a>| (0..block.argument_count()).filter_map(move |i| block.argument_at(i)).map(Value::from);
        // The loop's integers are unknown in it (each iteration may differ)
        // and after it.
        let values: Vec<Value> = arguments(before).chain(arguments(after)).chain(op.results().map(Into::into)).collect();
        for value in &values {
            self.bindings.unbind(*value);
        }
        let exact = self.exact;
        self.exact = false;
        let entry = state.clone();
        let mut top = state.clone();
        top.forward_groups(op.operands(), arguments(before));
        let mut exits: Option<State> = None;
        let mut settled = false;
        for _ in 0..64 {
            let mut ran = top.clone();
            self.block(before, &mut ran);
            let mut out = ran.clone();
            out.forward_groups(condition.operands().skip(1), op.results().map(Into::into));
            match exits.as_mut() {
                Some(e) => e.join(&out),
                None => exits = Some(out),
            }
            ran.forward_groups(condition.operands().skip(1), arguments(after));
            self.block(after, &mut ran);
            ran.forward_groups(yield_op.operands(), arguments(before));
            let mut next = top.clone();
            next.join(&ran);
            if next == top || self.steps >= self.max_steps {
                settled = next == top;
                break;
            }
            top = next;
        }
        if !settled {
            self.steps = self.max_steps;
        }
        self.exact = exact;
        let mut result = exits.unwrap_or(entry.clone());
        result.inexact_since(&entry);
        for value in values {
            self.bindings.unbind(value);
        }
        *state = result;
    }

    /// `scf.execute_region` runs its region once, in control-flow order (it
    /// is no loop: analyzed as one, a read before a copy in its body met
    /// that copy from a previous "iteration"). Its results are what its one
    /// exit block yields (groups forwarded, integers bound); with several
    /// exit blocks they are unknown (a group lost completes nothing).
    pub(super) fn execute_region(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let Ok(region) = op.region(0) else { return };
        self.region(region, state);
        let exits: Vec<OperationRef> =
            ir::region_blocks(region).into_iter().filter_map(ir::terminator).filter(|t| Upstream::ScfYield.is(*t)).collect();
        match exits[..] {
            [yield_op] => {
                if self.function.token_form {
                    state.forward_groups(yield_op.operands(), op.results().map(Into::into));
                }
                for (k, result) in op.results().enumerate() {
                    let result: Value = result.into();
                    match yield_op.operand_at(k).and_then(|v| self.bindings.form(v)) {
                        Some(form) if result.r#type().is_index() || result.r#type().is_integer() => self.bindings.bind_form(result, form),
                        _ => self.bindings.unbind(result),
                    }
                }
            }
            _ => {
                for result in op.results() {
                    state.groups.remove(&ValueKey::of(result));
                    self.bindings.unbind(result.into());
                }
            }
        }
    }

    /// Binds the integer results of `scf.if` `op` to what the branch that
    /// ran yields (`taken`), or to what both yield when they agree; unbinds
    /// them otherwise (a slot chosen by a branch, as a rotated ring's next
    /// slot is).
    pub(super) fn bind_if_results(&mut self, op: OperationRef<'c, 'a>, taken: Option<usize>) {
        let yielded = |index: usize| ir::region_entry(op, index).and_then(ir::terminator);
        let branches: Vec<OperationRef> = match taken {
            Some(index) => yielded(index).into_iter().collect(),
            None => [yielded(0), yielded(1)].into_iter().collect::<Option<Vec<_>>>().unwrap_or_default(),
        };
        for (k, result) in op.results().enumerate() {
            let result: Value = result.into();
            if !(result.r#type().is_index() || result.r#type().is_integer()) {
                continue;
            }
            let forms: Vec<Option<Affine>> = branches.iter().map(|y| y.operand_at(k).and_then(|v| self.bindings.form(v))).collect();
            match forms.first() {
                Some(Some(form)) if forms.iter().all(|f| f.as_ref() == Some(form)) => self.bindings.bind_form(result, form.clone()),
                _ => self.bindings.unbind(result),
            }
        }
    }

    /// [`Self::for_loop`], or the state it left when it last ran with the
    /// same [`LoopKey`]. Any error it found then was recorded then (only the
    /// first of a function is kept).
    pub(super) fn memoized_loop(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let facts = self.facts_of(op);
        // Keying and the period walk the loop's values: count them as work.
        self.steps += (facts.live_ins.len() + facts.uses.len()) as u64;
        let live_ins = facts
            .live_ins
            .iter()
            .map(|value| {
                if value.r#type().is_mem_ref() {
                    let mut view = self.resolve(*value);
                    match view.packed.take() {
                        Some(packed) => LiveIn::Memref(packed.buffer, packed.bytes(&view.slice)),
                        None => LiveIn::Memref(view.root, view.slice),
                    }
                } else {
                    LiveIn::Integer(self.bindings.peek(*value))
                }
            })
            .collect();
        let key = LoopKey { op: OpKey::of(op), entry: state.clone(), exact: self.exact, live_ins };
        if let Some((exit, results)) = self.loops.get(&key).cloned() {
            *state = exit;
            self.bind_results(op, &results);
            return;
        }
        self.for_loop(op, state);
        if self.loops.len() >= MEMO_LIMIT {
            self.loops.clear();
        }
        let results: Vec<Option<Affine>> = op.results().map(|r| self.bindings.peek(r.into())).collect();
        self.loops.insert(key, (state.clone(), results));
    }

    /// Binds (or unbinds, for None) each integer result of `op` to a form.
    pub(super) fn bind_results(&mut self, op: OperationRef<'c, 'a>, forms: &[Option<Affine>]) {
        for (result, form) in op.results().zip(forms) {
            match form {
                Some(form) => self.bindings.bind_form(result.into(), form.clone()),
                None => self.bindings.unbind(result.into()),
            }
        }
    }

    pub(super) fn facts_of(&mut self, op: OperationRef<'c, 'a>) -> Rc<LoopFacts<'c, 'a>> {
        let function = &self.function;
        self.loop_facts.entry(OpKey::of(op)).or_insert_with(|| Rc::new(LoopFacts::of(op, function))).clone()
    }

    /// Simulates `scf.for` `op` from `state`. The integers it carries (slot
    /// indices rotated through iter_args) are bound iteration by iteration;
    /// its integer results are bound to their values when the exit is known
    /// exactly, and unknown otherwise.
    pub(super) fn for_loop(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let Some(body) = op.region_at(0).and_then(|r| r.first_block()) else { return };
        let integers = carried_integers(op, body);
        // Nothing is known of them, nor of any value inside the loop, from
        // an earlier visit.
        self.release(op, &integers);
        self.bindings.unbind_inside(op);
        let exit = self.simulate_for(op, body, &integers, state);
        self.release(op, &integers);
        if let Some(values) = exit {
            // Each carried integer's value to its own result (the loop may
            // carry other values, tokens and floats, before it).
            let mut results: Vec<Option<Affine>> = vec![None; op.result_count()];
            for ((argument, _, _), value) in integers.iter().zip(values) {
                let index = ir::argument_index(*argument).and_then(|i| i.checked_sub(1));
                if let Some(slot) = index.and_then(|i| results.get_mut(i)) {
                    *slot = value;
                }
            }
            self.bind_results(op, &results);
        }
    }

    /// [`Self::for_loop`]'s simulation: the carried integers' values at the
    /// exit, when the exit iteration is known.
    pub(super) fn simulate_for(&mut self, op: OperationRef<'c, 'a>, body: BlockRef<'c, 'a>, integers: &[CarriedInteger<'c, 'a>], state: &mut State) -> Option<Vec<Option<Affine>>> {
        let induction: Value = body.argument(0).unwrap().into();
        let bounds = (op.operand_at(0).and_then(|v| self.bindings.form(v)), op.operand_at(2).and_then(|v| self.bindings.eval(v)));
        let (Some(lb), Some(step)) = bounds else {
            // A loop whose upper bound is not above its lower bound runs no
            // iteration, whatever its step.
            if self.runs_no_iteration(op) {
                // Its results are its inits.
                state.forward_groups(op.operands().skip(3), op.results().map(Into::into));
                return Some(integers.iter().map(|(_, init, _)| self.bindings.form(*init)).collect());
            }
            self.unknown_loop(op, state);
            return None;
        };
        let mut trips = periodicity::trip_count(&self.bindings, op.operand_at(1), &lb, step);
        let upper = trips.exact();
        let facts = self.facts_of(op);
        let carried = Carried { inner: &facts.inner_groups };
        let mut exits = state.clone(); // zero iterations, for a dynamic trip count
        exits.forward_groups(op.operands().skip(3), op.results().map(Into::into));
        // A state at the top of an iteration that repeats the one a whole
        // number of periods earlier starts a cycle: the iterations in
        // between see the same slices and conditions (periodicity::period).
        // Without a period, a loop is simulated to its end within the
        // budget, or analyzed with unknown slices.
        // The carried integers are in the cycle's key (CarriedIntegers::Keyed):
        // a repeated key (phase, state, carried values) repeats what
        // follows, so a ring of slots rotated through iter_args is a cycle
        // once its slots come round, whatever the trip count.
        let period = periodicity::period(op, &lb, step, trips.bound(), trips.symbolic(), &self.bindings, &facts.uses, CarriedIntegers::Keyed);
        if period.is_none() && upper.is_none_or(|trips| trips > SIMULATION_BUDGET as u64) {
            self.unknown_loop(op, state);
            return None;
        }
        let mut carried_values: Vec<Option<Affine>> = integers.iter().map(|(_, init, _)| self.bindings.form(*init)).collect();
        let mut cycle = Cycle::new();
        let mut x = state.clone();
        x.forward_groups(op.operands().skip(3), carried.arguments(body));
        // The last iteration's growth of the counts (State::growth).
        let mut last_growth: Option<Vec<(Pending, i64)>> = None;
        for k in 0..=SIMULATION_BUDGET as u64 {
            if self.bindings.refinement().is_some() {
                return None;
            }
            for ((argument, _, _), value) in integers.iter().zip(&carried_values) {
                match value {
                    Some(form) => self.bindings.bind_form(*argument, form.clone()),
                    None => self.bindings.unbind(*argument),
                }
            }
            if upper == Some(k) {
                *state = carried.exit(op, body, x);
                return Some(carried_values);
            }
            if k == SIMULATION_BUDGET as u64 {
                break;
            }
            if let Some(period) = period {
                let phase = (k % period, x, carried_values);
                if cycle.repeats(&phase) {
                    let exit = match &trips {
                        Trips::Exact(trips) => Some(*trips),
                        Trips::Symbolic { trips, .. } => self.exit_iteration(trips, cycle.span(&phase)),
                        Trips::Unknown => None,
                    };
                    return match exit {
                        Some(trips) => {
                            let (_, at_exit, values) = cycle.state_at(&phase, trips);
                            *state = carried.exit(op, body, at_exit);
                            Some(values)
                        }
                        None => {
                            exits.over_counts.extend(exits.pending.keys().cloned());
                            *state = exits;
                            None
                        }
                    };
                }
                (_, x, carried_values) = phase;
            }
            // A run-time trip count: every value of the case runs this
            // iteration, or the case is split where the loop ends before it
            // (so that no error is reported for a trip count that stops
            // short of it). Undecided without a case: the join over every
            // count ([`State::over_counts`]).
            if let Trips::Symbolic { trips: count, .. } = &trips {
                let ends = count.offset(-i128::from(k) - 1).and_then(|t| self.bindings.case().map(|c| c.is_negative(&t)));
                match ends.and_then(|ends| self.bindings.settle(ends)) {
                    Some(true) => {
                        *state = carried.exit(op, body, x);
                        return Some(carried_values);
                    }
                    Some(false) => {}
                    None if self.bindings.refinement().is_some() => return None,
                    // Undecided (a count of several arguments): some values
                    // may end here, so the count is no longer known.
                    None => trips = Trips::Unknown,
                }
            }
            // An iteration whose induction value would pass its type's range
            // for every value of the case cannot run (the upper bound is
            // below it): the loop has ended. Where only some values would,
            // the iteration is analyzed for all (more runs, never fewer).
            let value = i128::from(k).checked_mul(i128::from(step)).and_then(|offset| lb.offset(offset));
            let (_, type_max) = symbolic::signed_range(symbolic::integer_bits(induction.r#type()).unwrap_or(64));
            let in_range = |v: &Affine| match self.bindings.case() {
                Some(case) => case.range(v).is_some_and(|(min, _)| min <= type_max),
                None => v.as_constant().is_some_and(|v| v <= type_max),
            };
            let Some(value) = value.filter(in_range) else {
                return match upper {
                    Some(_) => {
                        *state = carried.exit(op, body, x);
                        Some(carried_values)
                    }
                    None => {
                        *state = exits;
                        None
                    }
                };
            };
            self.bindings.bind_form(induction, value);
            self.steps += x.pending.len() as u64;
            let top = x.clone();
            self.block(body, &mut x);
            // The next iteration's carried integers: what this one yields.
            let before = std::mem::take(&mut carried_values);
            carried_values = integers.iter().map(|(_, _, yielded)| yielded.and_then(|v| self.bindings.form(v))).collect();
            self.bindings.unbind(induction);
            carried.next_iteration(body, &mut x);
            exits.join(&carried.exit(op, body, x.clone()));
            // Counts that grow by the same amount in two iterations that
            // see the same slices and conditions (period 1), on queues no
            // wait inside names, grow so in every later one: the state at
            // the exit of a loop of known trip count is that growth applied
            // to the rest (a closed form instead of a walk per iteration,
            // which would not reach the counts' cap within the budget).
            // (The carried integers must not change either: with them keyed,
            // period 1 does not mean that every iteration sees the same
            // slices, as a ring of slots rotated through iter_args does not.)
            let growth = top.growth(&x).filter(|g| g.iter().all(|(p, added)| *added == 0 || !facts.waited.contains(&p.queue))).filter(|_| carried_values == before);
            if let (Some(trips), Some(1), Some(g)) = (upper, period, &growth) {
                if last_growth.as_ref() == Some(g) {
                    let function = &self.function;
                    x.grow(g, trips - (k + 1), |queue| function.cap(queue));
                    *state = carried.exit(op, body, x);
                    // The carried integers at the exit are known when they
                    // no longer change.
                    return (carried_values == before).then_some(carried_values);
                }
            }
            last_growth = growth;
        }
        // No steady state within the budget: analyze with unknown slices.
        self.unknown_loop(op, state);
        None
    }

    /// Unbinds the carried integers of loop `op` and its results (they are
    /// unknown after it unless its exit binds them).
    pub(super) fn release(&mut self, op: OperationRef<'c, 'a>, integers: &[CarriedInteger<'c, 'a>]) {
        for (argument, _, _) in integers {
            self.bindings.unbind(*argument);
        }
        for result in op.results() {
            self.bindings.unbind(result.into());
        }
    }

    /// Whether `ub <= lb` for loop `op` over the whole case.
    pub(super) fn runs_no_iteration(&self, op: OperationRef) -> bool {
        let bound = |i: usize| op.operand_at(i).and_then(|v| self.bindings.form(v));
        let Some(span) = bound(0).and_then(|lb| bound(1)?.add(&lb.negate()?)) else { return false };
        match span.as_constant() {
            Some(span) => span <= 0,
            None => self.bindings.case().is_some_and(|case| {
                span.offset(-1).and_then(|s| self.bindings.settle(case.is_negative(&s))) == Some(true)
            }),
        }
    }

    /// For a run-time trip count `trips` (every value past the cycle's
    /// start, see the check in [`Self::for_loop`]), the iteration of the
    /// cycle `(first, length)` at which the loop ends: `first + (trips -
    /// first) mod length`, once the case fixes the count modulo the length
    /// (a refinement asks for it).
    pub(super) fn exit_iteration(&self, trips: &Affine, (first, length): (u64, u64)) -> Option<u64> {
        let case = self.bindings.case()?;
        let since = trips.offset(-i128::from(first))?;
        let residue = self.bindings.settle(case.residue(&since, i128::from(length)))?;
        u64::try_from(residue).ok().and_then(|r| r.checked_add(first))
    }

    /// Regions that may run any number of times, with nothing known of the
    /// values inside: iterate the union of pending writes to a fixpoint.
    pub(super) fn unknown_loop(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let mut h = state.clone();
        self.any_order(op, &mut h);
        // What the loop issued, or left with fewer groups after it, is known
        // only as the join over its iterations.
        h.inexact_since(state);
        let facts = self.facts_of(op);
        for key in facts.inner_groups.iter().copied().chain(op.results().map(ValueKey::of)) {
            h.groups.remove(&key);
        }
        *state = h;
    }
}

/// An integer or index value an `scf.for` carries: the body's argument, its
/// initial value, and what the body yields for it.
pub(super) type CarriedInteger<'c, 'a> = (Value<'c, 'a>, Value<'c, 'a>, Option<Value<'c, 'a>>);

/// The integer and index values `scf.for` `op` carries.
pub(super) fn carried_integers<'c, 'a>(op: OperationRef<'c, 'a>, body: BlockRef<'c, 'a>) -> Vec<CarriedInteger<'c, 'a>> {
    let terminator = ir::terminator(body);
    (1..body.argument_count())
        .filter_map(|i| {
            let argument: Value = body.argument_at(i)?.into();
            let ty = argument.r#type();
            if !(ty.is_index() || ty.is_integer()) {
                return None;
            }
            Some((argument, op.operand_at(2 + i)?, terminator.and_then(|t| t.operand_at(i - 1))))
        })
        .collect()
}

/// Token form: the groups a loop carries from one iteration to the next,
/// and the group values that go out of scope at the end of an iteration.
pub(super) struct Carried<'f> {
    inner: &'f [ValueKey],
}

impl Carried<'_> {
    /// The loop-carried values of `body` (its arguments after the induction variable).
    pub(super) fn arguments<'c, 'a>(&self, body: BlockRef<'c, 'a>) -> impl Iterator<Item = Value<'c, 'a>> {
        (1..body.argument_count()).filter_map(move |i| body.argument_at(i).map(Into::into))
    }

    /// After an iteration: what its `scf.yield` passes becomes the next
    /// iteration's arguments; the iteration's own values go out of scope.
    pub(super) fn next_iteration(&self, body: BlockRef, state: &mut State) {
        if self.inner.is_empty() {
            return;
        }
        if let Some(yield_op) = ir::terminator(body) {
            state.forward_groups(yield_op.operands(), self.arguments(body));
        }
        let arguments: Vec<ValueKey> = self.arguments(body).map(ValueKey::of).collect();
        state.groups.retain(|key, _| !self.inner.contains(key) || arguments.contains(key));
    }

    /// The state after the loop, from the state at the top of the iteration
    /// that does not run: the loop's results are its arguments there.
    pub(super) fn exit(&self, op: OperationRef, body: BlockRef, mut state: State) -> State {
        if self.inner.is_empty() {
            return state;
        }
        state.forward_groups(self.arguments(body), op.results().map(Into::into));
        state.groups.retain(|key, _| !self.inner.contains(key));
        state
    }
}
