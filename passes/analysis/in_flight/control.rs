//! Control flow in the in-flight analysis: `scf.for` simulated or taken to
//! a fixpoint with its distances as bounds in the loop's entry, `scf.if`
//! joined over its branches, `scf.while`, and region ops it does not know
//! (whose groups become unknown); applying a region op's summary.

use crate::passes::ir::positions::OpPositions;
use super::*;

impl Analysis<'_> {
    pub(super) fn for_loop(&mut self, op: OperationRef, state: &mut State) {
        let body = op.region(0).unwrap().first_block().unwrap();
        let inits: Vec<Option<Distance>> =
            op.operands().skip(3).map(|v| state.0.get(&raw_key(v)).cloned()).collect();
        let iter_args: Vec<Key> = (1..body.argument_count()).map(|i| raw_key(body.argument(i).unwrap())).collect();
        let results: Vec<Key> = op.results().map(raw_key).collect();
        let trip_count = ir::static_trip_count(op);
        let bounds = ir::static_bounds(op);
        let induction: melior::ir::Value = body.argument(0).unwrap().into();

        let mut x = state.clone();
        self.bind(&mut x, iter_args.clone(), &inits);
        if trip_count == Some(0) {
            self.bind(state, results, &inits);
            return;
        }
        let iterate = |this: &mut Self, entry: &State| -> State {
            let mut y = entry.clone();
            this.block(body, &mut y);
            let yielded = this.yielded(body, &y);
            this.bind(&mut y, iter_args.clone(), &yielded);
            y
        };
        let exit = match trip_count {
            Some(t) if self.steps < STEP_BUDGET => {
                let varies = match bounds {
                    Some((lb, _, _)) => self.bindings.depends_on_induction(body, induction, lb),
                    None => false,
                };
                // How much the previous simulated iteration grew the distances.
                let mut last_delta: Option<BTreeMap<(Key, Queue), Vec<i64>>> = None;
                let mut k = 0;
                let mut done = None;
                while k < t.min(SIMULATION_BUDGET) {
                    if let Some((lb, _, step)) = bounds {
                        self.bindings.bind_iteration(induction, lb, k, step);
                    }
                    let y = iterate(self, &x);
                    self.bindings.unbind(induction);
                    k += 1;
                    // Steady state: every later iteration is the same, unless a
                    // condition on the induction variable could change it.
                    if y == x && !varies {
                        done = Some(y);
                        break;
                    }
                    let delta = y.delta(&x);
                    if let (Some(last), Some(d)) = (&last_delta, &delta) {
                        if last == d && k < t && !varies {
                            // Growing by the same amount each iteration: the
                            // waits inside saw their minimum already.
                            let mut z = y.clone();
                            z.advance(d, t - k);
                            done = Some(z);
                            break;
                        }
                    }
                    last_delta = delta;
                    x = y;
                }
                match done {
                    Some(exit) => exit,
                    None if k == t => x,
                    None => self.fixpoint(&x, &iterate),
                }
            }
            _ => self.fixpoint(&x, &iterate),
        };
        let values: Vec<Option<Distance>> = iter_args.iter().map(|k| exit.0.get(k).cloned()).collect();
        *state = exit;
        self.bind(state, results, &values);
    }

    /// Kleene iteration of `H = join(H, body(H))` from `entry`: the join over
    /// every number of iterations, zero included.
    pub(super) fn fixpoint(&mut self, entry: &State, body: &dyn Fn(&mut Self, &State) -> State) -> State {
        let mut h = entry.clone();
        loop {
            let y = body(self, &h);
            let mut joined = h.clone();
            joined.join(&y);
            if joined == h {
                return h;
            }
            h = joined;
        }
    }

    pub(super) fn if_op(&mut self, op: OperationRef, state: &mut State) {
        let results: Vec<Key> = op.results().map(raw_key).collect();
        if let Some(index) = self.bindings.taken_branch(op) {
            // Only the feasible branch (a condition constant in this iteration).
            let block = op.region_at(index).and_then(|r| r.first_block());
            self.region_blocks(op, index, state);
            if let Some(block) = block {
                let values = self.yielded(block, state);
                self.bind(state, results, &values);
            }
            return;
        }
        let mut then_state = state.clone();
        self.region_blocks(op, 0, &mut then_state);
        let then_values = op.region_at(0).and_then(|r| r.first_block()).map(|b| self.yielded(b, &then_state)).unwrap_or_default();
        let mut else_state = state.clone();
        let else_block = op.region_at(1).and_then(|r| r.first_block());
        self.region_blocks(op, 1, &mut else_state);
        let else_values = else_block.map(|b| self.yielded(b, &else_state)).unwrap_or_default();
        then_state.join(&else_state);
        *state = then_state;
        for (i, key) in results.into_iter().enumerate() {
            let mut value: Option<Distance> = then_values.get(i).cloned().flatten();
            if let Some(other) = else_values.get(i).cloned().flatten() {
                match &mut value {
                    Some(v) => v.join(&other),
                    None => value = Some(other),
                }
            }
            if let Some(value) = value {
                state.set(key, value);
            }
        }
    }

    pub(super) fn while_loop(&mut self, op: OperationRef, state: &mut State) {
        let before = op.region(0).unwrap().first_block().unwrap();
        let after = op.region(1).unwrap().first_block().unwrap();
        let before_args: Vec<Key> = (0..before.argument_count()).map(|i| raw_key(before.argument(i).unwrap())).collect();
        let after_args: Vec<Key> = (0..after.argument_count()).map(|i| raw_key(after.argument(i).unwrap())).collect();
        let inits: Vec<Option<Distance>> = op.operands().map(|v| state.0.get(&raw_key(v)).cloned()).collect();
        let mut h = state.clone();
        self.bind(&mut h, before_args.clone(), &inits);
        // One trip around: before, then after, back to before's arguments.
        let around = |this: &mut Self, entry: &State| -> State {
            let mut y = entry.clone();
            this.block(before, &mut y);
            let forwarded: Vec<Option<Distance>> = this.yielded(before, &y).into_iter().skip(1).collect();
            this.bind(&mut y, after_args.clone(), &forwarded);
            this.block(after, &mut y);
            let back = this.yielded(after, &y);
            this.bind(&mut y, before_args.clone(), &back);
            y
        };
        let h = self.fixpoint(&h, &around);
        let mut exit = h.clone();
        self.block(before, &mut exit);
        let forwarded: Vec<Option<Distance>> = self.yielded(before, &exit).into_iter().skip(1).collect();
        let results: Vec<Key> = op.results().map(raw_key).collect();
        *state = exit;
        self.bind(state, results, &forwarded);
    }

    /// An op with regions the analysis does not know: its regions may run any
    /// number of times, zero included.
    pub(super) fn opaque_region_op(&mut self, op: OperationRef, state: &mut State) {
        let count = op.region_count();
        let body = |this: &mut Self, entry: &State| -> State {
            let mut y = entry.clone();
            for index in 0..count {
                this.region_blocks(op, index, &mut y);
            }
            y
        };
        *state = self.fixpoint(state, &body);
    }
}

/// [`Analysis::apply`]'s effect on the state: values defined outside the
/// region op shifted, values it defines set to what the summary says.
pub(super) fn apply_state(summary: &Summary, info: &RegionOpInfo, state: &mut State) {
    let env = entry_values(info, state);
    let base = summary.base;
    let lookup = |var: Var| var.checked_sub(base).and_then(|i| env.get(usize::try_from(i).ok()?)).cloned();
    let defined: Vec<Option<Distance>> = summary.defined.iter().map(|d| d.as_ref().map(|d| d.substitute(&lookup))).collect();
    if !summary.shift.queues.is_empty() {
        for (key, distance) in state.0.iter_mut() {
            if info.defined.binary_search(key).is_ok() {
                continue;
            }
            for (queue, shift) in summary.shift.queues.iter() {
                if let (Some(d), Some(shift)) = (distance.queues.get_mut(queue), shift.as_constant()) {
                    d.add(shift);
                }
            }
        }
    }
    // A value the op does not set keeps what it had (the summary starts
    // from the live-ins alone, so "not set" is not "absent"; the op's
    // own results are set by the caller after it).
    for (key, value) in info.defined.iter().zip(defined) {
        if let Some(value) = value {
            state.set(*key, value);
        }
    }
}

/// The values of a summary's variables at `entry`: the live-ins' distances
/// on their queues, in the order [`Analysis::summarize`] numbered them.
pub(super) fn entry_values(info: &RegionOpInfo, entry: &State) -> Vec<Bound> {
    info.live_ins
        .iter()
        .filter_map(|key| entry.0.get(key))
        .flat_map(|distance| distance.queues.iter().map(|(_, b)| b.clone()))
        .collect()
}

/// What the waits inside a summarized region op see when it is entered
/// from `entry`.
pub(super) fn instantiated_waits(summary: &Summary, info: &RegionOpInfo, entry: &State) -> Vec<(OpKey, WaitBounds)> {
    let env = entry_values(info, entry);
    let base = summary.base;
    let lookup = |var: Var| var.checked_sub(base).and_then(|i| env.get(usize::try_from(i).ok()?)).cloned();
    summary.waits.iter().map(|(wait, seen)| (*wait, seen.substitute(&lookup))).collect()
}

pub(super) fn unknown(origin: UnknownOrigin) -> Distance {
    Distance { unknown: Some(origin), ..Distance::default() }
}
