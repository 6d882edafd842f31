//! Loops around mbarrier, TMA and warpgroup MMA work whose trip count is
//! known only at run time (`scf.for %k = %c0 to %K step %c1`, `%K` an
//! argument of the kernel): the model runs inside a case of the function's
//! integer arguments ([`super::over_cases`]), and the loop is followed in
//! three parts, each decided for every value of the case:
//!
//! 1. **Iterations from the start**, one by one with the induction
//!    variable bound (`k = lb + i * step`), as long as the case says the
//!    loop runs them (otherwise the case is split at `trips == i`, and the
//!    part that ends there leaves the loop).
//! 2. **The steady part**: once the state repeats (`Cycle`, with the
//!    iteration's place in the period of the values the body computes, as
//!    for constant trip counts), every later iteration up to the last `J`
//!    repeats the cycle, when every *threshold* (a comparison monotone in
//!    the iteration, such as the prefetch guard `k + 1 < K`) has the same
//!    value at the cycle's start and at iteration `trips - J`: monotone,
//!    it has that value at every iteration between. The state at iteration
//!    `trips - J + 1` is the cycle's state at `(trips - J + 1 - first) mod
//!    length`, which the case settles (a split by the count's residue).
//! 3. **The last `J - 1` iterations**, one by one with the induction
//!    variable bound to a form in the arguments (`k = K - 1`), where the
//!    thresholds take their other values; the slots and parities they
//!    compute are settled by the case (a split by residue again).
//!
//! Phases and parities thus stay concrete in every case, and the cases are
//! finitely many: the count's values below the cycle's start, times its
//! residues modulo the cycle's length and the slots' periods.
//!
//! A loop whose trip count is not such a form (a persistent kernel's walk
//! over tiles from the block's id by the grid's size) is followed the same
//! way when nothing the model evaluates depends on its induction variable
//! ([`Model::depends_on_induction`]), no loop encloses it
//! ([`Model::entered_once`]) and its bounds are the same in every thread
//! ([`Model::uniform`]): its trip count becomes a parameter of the case of
//! its own (`Refinement::Trips`, any count from 0 up), and its iterations
//! run with the induction variable unbound.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::loops::LoopIntegers;
use super::{Model, State, Threads, LOOP_BUDGET};
use crate::passes::analysis::const_eval::Cycle;
use crate::passes::analysis::periodicity::{self, Trips};
use crate::passes::analysis::symbolic::{self, Affine, Refinement};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Value;

/// Iterations before a run-time count's end through which the model looks
/// for the thresholds' steady values (part 2): a prefetch guard of a ring of
/// `S` slots changes `S - 1` iterations before the end.
const TAIL: u64 = 16;

/// Where the steady part ends, for every value of the case.
enum Steady {
    /// Every threshold keeps its value from the cycle's start through
    /// iteration `trips - J`.
    Through(u64),
    /// The case's counts are too short for a steady part after the cycle's
    /// start: simulate on.
    TooShort,
    /// The run stops (a refinement is asked for, or the model gave up).
    Stop,
}

impl<'c, 'a> Model<'c, 'a> {
    /// `scf.for` `op` whose bounds are not constants, inside a case.
    pub(super) fn run_time_loop(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let Some(body) = ir::region_entry(op, 0) else { return self.give_up(op, "cannot prove: a loop without a body") };
        self.bindings.unbind_inside(op);
        let Ok(induction) = body.argument(0) else { return self.give_up(op, "cannot prove: a loop without an induction variable") };
        let induction: Value = induction.into();
        let bound = |i: usize| op.operand_at(i).and_then(|v| self.eval(v));
        // The trip count as a form in the case's parameters, and the
        // constant lower bound and step that bind the induction variable.
        let counted = match (bound(0), bound(2).filter(|s| *s > 0)) {
            (Some(lb), Some(step)) => match periodicity::trip_count(&self.bindings, op.operand_at(1), &Affine::constant(i128::from(lb)), step) {
                Trips::Exact(trips) => return self.counted_loop(op, lb, step, trips, threads, state),
                Trips::Symbolic { trips, .. } => Some((trips, Some((lb, step)))),
                Trips::Unknown if self.bindings.refinement().is_some() => return,
                Trips::Unknown => None,
            },
            _ => None,
        };
        let (trips, steps) = match counted {
            Some(counted) => counted,
            // Bounds the evaluation cannot express (a persistent loop over
            // tiles from the block's id by the grid's size): followed when
            // nothing the model evaluates depends on the induction
            // variable, with its trip count a parameter of the case.
            None if Self::entered_once(op) && (0..3).all(|i| op.operand_at(i).is_some_and(|v| Self::uniform(v, 32))) && !self.depends_on_induction(op, induction) => {
                let Some(case) = self.bindings.case() else { return self.undecided(op) };
                match case.trips_form(ValueKey::of(induction)) {
                    Some(trips) => (trips, None),
                    None => {
                        let label = format!("the trip count of the loop at {}", diag::line_of(op));
                        self.bindings.ask(Refinement::Trips { value: ValueKey::of(induction), label });
                        return;
                    }
                }
            }
            None => {
                return self.give_up(op, "cannot prove: a loop around mbarrier, TMA or warpgroup MMA work whose trip count is not affine in the kernel's integer arguments (or whose lower bound or step is not a constant), and whose slots, parities, conditions or shared-memory indices depend on its induction variable, or whose bounds may differ between threads, or that is entered more than once (inside another loop)");
            }
        };
        let inits: Vec<Value> = op.operands().skip(3).collect();
        let arguments: Vec<Value> = (1..body.argument_count()).filter_map(|i| body.argument_at(i).map(Into::into)).collect();
        let yields: Vec<Value> = ir::terminator(body).map(|t| t.operands().collect()).unwrap_or_default();
        let results: Vec<Value> = op.results().map(Into::into).collect();
        let inputs = self.loop_inputs_of(op);
        let (uses, conditions) = &*inputs;
        let most = self.bindings.case().and_then(|c| c.range(&trips)).map_or(0, |(_, max)| u64::try_from(max).unwrap_or(u64::MAX));
        let most = most.min(periodicity::RUN_TIME_TRIPS as u64);
        // (A loop followed without its induction variable: nothing the
        // period is taken of depends on it, any nominal bounds will do.)
        let (lb, step) = steps.unwrap_or((0, 1));
        let periodic = periodicity::period_with_thresholds(op, lb, step, most, &self.bindings, uses, conditions, periodicity::CarriedIntegers::Keyed).filter(|_| !self.loads_private(op, state));
        let Some((period, thresholds)) = periodic else {
            return self.give_up(op, "cannot prove: a loop of run-time trip count around mbarrier, TMA or warpgroup MMA work whose slots, parities or conditions are not periodic in the iteration");
        };
        let integers = LoopIntegers::of(op, body);
        let mut carried = self.forms(&integers.inits);
        let mut cycle: Cycle<(u64, State, Vec<Option<Affine>>)> = Cycle::new();
        let mut recorded_from = 0u64;
        let mut k = 0u64;
        let mut incoming = inits.clone();
        loop {
            Self::carry(state, &incoming, &arguments);
            self.bind_forms(&integers.arguments, &carried);
            // Part 1: does iteration k run, for every value of the case?
            match self.ends_before(&trips, k) {
                Some(true) => break,
                Some(false) => {}
                None => return self.undecided(op),
            }
            let key = (k % period, state.clone(), carried.clone());
            if cycle.repeats(&key) {
                let (first, length) = cycle.span(&key);
                let first = recorded_from + first;
                match self.steady(induction, steps, &trips, first, &thresholds) {
                    Steady::Through(tail) => {
                        // Part 2: the state at the top of iteration trips - tail + 1.
                        let Some(since) = trips.offset(1 - i128::from(tail) - i128::from(first)) else { return self.undecided(op) };
                        let Some(case) = self.bindings.case() else { return self.undecided(op) };
                        let Some(residue) = self.bindings.settle(case.residue(&since, i128::from(length))) else { return self.undecided(op) };
                        let Ok(residue) = u64::try_from(residue) else { return self.undecided(op) };
                        let at = first + residue - recorded_from;
                        (_, *state, carried) = std::mem::replace(&mut cycle, Cycle::new()).state_at(&key, at);
                        // Part 3: the last tail - 1 iterations, their
                        // induction values forms in the arguments.
                        for j in 0..tail - 1 {
                            if j > 0 {
                                Self::carry(state, &yields, &arguments);
                            }
                            let iteration = trips.offset(1 - i128::from(tail) + i128::from(j));
                            let value = match steps {
                                Some((lb, step)) => iteration.and_then(|i| i.scale(i128::from(step))).and_then(|v| v.offset(i128::from(lb))),
                                None => None,
                            };
                            if value.is_none() && steps.is_some() {
                                return self.undecided(op);
                            }
                            self.iterations += 1;
                            self.bind_forms(&integers.arguments, &carried);
                            match value {
                                Some(value) => self.bindings.bind_form(induction, value),
                                None => self.bindings.unbind(induction),
                            }
                            self.block_ops(body, threads, state);
                            carried = self.forms(&integers.yields);
                            self.bindings.unbind(induction);
                            if self.stopped || self.bindings.refinement().is_some() {
                                return;
                            }
                        }
                        if tail > 1 {
                            Self::carry(state, &yields, &arguments);
                        }
                        Self::carry(state, &yields, &results);
                        integers.exit(self, &carried);
                        return;
                    }
                    Steady::TooShort => {
                        // The new cycle starts at this iteration: its state is
                        // index 0 (repeats() recorded nothing for it).
                        cycle = Cycle::new();
                        recorded_from = k;
                        cycle.repeats(&key);
                    }
                    // A refinement asked for, or a decision the case cannot
                    // make: never a silent exit from the loop.
                    Steady::Stop => return self.undecided(op),
                }
            }
            if k >= LOOP_BUDGET {
                return self.give_up(op, &format!("cannot prove: a loop of run-time trip count whose state does not settle into a cycle within {LOOP_BUDGET} iterations"));
            }
            self.iterations += 1;
            let Ok(k_i64) = i64::try_from(k) else { return self.undecided(op) };
            match steps {
                Some((lb, step)) => self.bindings.bind_iteration(induction, lb, k_i64, step),
                None => self.bindings.unbind(induction),
            }
            self.block_ops(body, threads, state);
            carried = self.forms(&integers.yields);
            self.bindings.unbind(induction);
            if self.stopped || self.bindings.refinement().is_some() {
                return;
            }
            incoming = yields.clone();
            k += 1;
        }
        let last = if k == 0 { &inits } else { &yields };
        Self::carry(state, last, &results);
        integers.exit(self, &carried);
    }

    /// Whether the loop of `trips` iterations ends before iteration `k`,
    /// for every value of the case (None: a refinement is asked for, or
    /// the case cannot tell).
    fn ends_before(&self, trips: &Affine, k: u64) -> Option<bool> {
        let case = self.bindings.case()?;
        let rest = trips.offset(-i128::from(k) - 1)?;
        self.bindings.settle(case.is_negative(&rest))
    }

    /// Part 2's test: the least `J` in `1..=TAIL` such that every threshold
    /// has at iteration `trips - J` the value it has at iteration `first`,
    /// with `trips - J >= first` for every value of the case.
    fn steady(&mut self, induction: Value<'c, 'a>, steps: Option<(i64, i64)>, trips: &Affine, first: u64, thresholds: &[Value<'c, 'a>]) -> Steady {
        let Ok(first_i64) = i64::try_from(first) else { return Steady::Stop };
        // Without its bounds the induction variable is unknown (nothing the
        // thresholds compute depends on it then: there are none).
        let (lb, step) = steps.unwrap_or((0, 1));
        self.bindings.bind_iteration(induction, lb, first_i64, step);
        let reference: Vec<Option<i64>> = thresholds.iter().map(|t| self.bindings.eval(*t)).collect();
        self.bindings.unbind(induction);
        if self.bindings.refinement().is_some() {
            return Steady::Stop;
        }
        for tail in 1..=TAIL {
            let Some(last) = trips.offset(-i128::from(tail)) else { return Steady::Stop };
            match self.ends_before(&last, first) {
                // trips - tail < first + 1 - 1: the steady part would end
                // before the cycle's start.
                Some(true) => return Steady::TooShort,
                Some(false) => {}
                None => return Steady::Stop,
            }
            let Some(value) = last.scale(i128::from(step)).and_then(|v| v.offset(i128::from(lb))) else { return Steady::Stop };
            self.bindings.bind_form(induction, value);
            let values: Vec<Option<i64>> = thresholds.iter().map(|t| self.bindings.eval(*t)).collect();
            self.bindings.unbind(induction);
            if self.bindings.refinement().is_some() {
                return Steady::Stop;
            }
            if values == reference && values.iter().all(Option::is_some) {
                return Steady::Through(tail);
            }
        }
        Steady::TooShort
    }

    /// A run-time count whose decisions the case cannot settle and that
    /// asked for no refinement: the loop cannot be followed.
    fn undecided(&mut self, op: OperationRef<'c, 'a>) {
        if self.bindings.refinement().is_none() {
            self.give_up(op, "cannot prove: where this loop of run-time trip count ends, or where its cycle stands there, depends on several of the kernel's arguments at once");
        }
    }

    /// Reports `message` at `op` and stops the run: what follows would be
    /// judged from a state the model does not know.
    fn give_up(&mut self, op: OperationRef<'c, 'a>, message: &str) {
        self.report(op, message.into(), None);
        self.stopped = true;
    }

    /// Whether a value the model evaluates in loop `op` (its inputs and
    /// branch conditions, [`Self::loop_inputs_of`]) depends on the loop's
    /// `induction` variable: through the ops that use it, and through every
    /// value of a region op that takes such a value (an inner loop's bounds,
    /// a branch's condition).
    fn depends_on_induction(&mut self, op: OperationRef<'c, 'a>, induction: Value<'c, 'a>) -> bool {
        let mut tainted: std::collections::HashSet<ValueKey> = std::collections::HashSet::new();
        tainted.insert(ValueKey::of(induction));
        // Ops in program order: a value is defined before its uses, but a
        // region op's results and block arguments follow its operands.
        let nested = ir::nested_ops(op);
        loop {
            let before = tainted.len();
            for inner in &nested {
                if !inner.operands().any(|v| tainted.contains(&ValueKey::of(v))) {
                    continue;
                }
                // A terminator (scf.yield) passes the value on to its
                // parent's results and carried arguments.
                let parent = if inner.next_in_block().is_none() { inner.parent_operation() } else { None };
                for holder in std::iter::once(*inner).chain(parent) {
                    tainted.extend(holder.results().map(|r| ValueKey::of(Value::from(r))));
                    for block in ir::blocks(holder) {
                        tainted.extend((0..block.argument_count()).filter_map(|i| block.argument_at(i)).map(|a| ValueKey::of(Value::from(a))));
                    }
                }
            }
            if tainted.len() == before {
                break;
            }
        }
        let inputs = self.loop_inputs_of(op);
        let (uses, conditions) = &*inputs;
        uses.iter().chain(conditions).any(|v| tainted.contains(&ValueKey::of(*v)))
    }

    /// Whether loop `op` runs at most once per run of the kernel: no loop
    /// (nor any region that may run many times) encloses it, so one trip
    /// count parameter describes it (a persistent loop inside another loop
    /// may run a different count each time it is entered).
    fn entered_once(op: OperationRef<'c, 'a>) -> bool {
        let Some(function) = ir::enclosing_function(op) else { return false };
        let mut current = op.parent_operation();
        while let Some(ancestor) = current {
            if ancestor == function {
                return true;
            }
            if !matches!(Upstream::of(ancestor), Some(Upstream::ScfIf | Upstream::ScfExecuteRegion | Upstream::GpuLaunch)) {
                return false;
            }
            current = ancestor.parent_operation();
        }
        false
    }

    /// Whether `value` is the same in every thread of the block: computed,
    /// by the arithmetic the evaluator knows, from constants, the kernel's
    /// arguments, the block's id and the block's and grid's sizes (a
    /// block-stride loop from the thread's id runs a different count in
    /// each thread, which one trip count parameter would not describe).
    pub(super) fn uniform(value: Value<'c, 'a>, depth: usize) -> bool {
        if depth == 0 {
            return false;
        }
        let Some(op) = ir::defining_op(value) else {
            let Some(block) = ir::argument_owner(value) else { return false };
            let Some(owner) = block.parent_operation() else { return false };
            return match Upstream::of(owner) {
                // A gpu.launch body's arguments: block ids, thread ids
                // (3 to 5), grid and block sizes.
                Some(Upstream::GpuLaunch) => ir::argument_index(value).is_some_and(|i| !(3..6).contains(&i)),
                _ => ir::is_function(owner) && ir::region_entry(owner, 0) == Some(block),
            };
        };
        match Upstream::of(op) {
            Some(Upstream::GpuBlockId | Upstream::GpuBlockDim | Upstream::GpuGridDim) => true,
            Some(kind) if symbolic::is_evaluated(kind) => op.operands().all(|v| Self::uniform(v, depth - 1)),
            _ => false,
        }
    }
}
