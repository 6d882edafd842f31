//! `scf.for` in the Hopper model: loops of constant trip count run
//! iteration by iteration and skip ahead once their state cycles (the
//! period of the values they compute, monotone thresholds checked at both
//! ends of the skip); the values a loop's period is taken of; registers
//! carried through iterations. Loops of run-time trip count are
//! [`super::run_time_loops`]'.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::*;
use crate::passes::analysis::symbolic::Affine;

impl<'c, 'a> Model<'c, 'a> {
    pub(super) fn for_op(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let bounds = (|| Some((self.eval(op.operand_at(0)?)?, self.eval(op.operand_at(1)?)?, self.eval(op.operand_at(2)?)?)))();
        let Some((lb, ub, step)) = bounds.filter(|(_, _, step)| *step > 0) else {
            if self.holding.contains(&OpKey::of(op)) {
                if self.bindings.case().is_some() {
                    return self.run_time_loop(op, threads, state);
                }
                self.run_time_loop = true;
                self.report(op, "cannot prove: a loop with bounds not known at compile time around mbarrier, TMA or warpgroup MMA work (phases are tracked through loops of known trip count, and of a trip count known at run time when its lower bound and step are constants)".into(), None);
            } else {
                self.opaque_regions(op, threads, state);
            }
            return;
        };
        let trips = if ub <= lb { 0 } else { ((i128::from(ub) - i128::from(lb) - 1) / i128::from(step) + 1) as u64 };
        self.counted_loop(op, lb, step, trips, threads, state);
    }

    /// `scf.for` `op` of `trips` iterations from `lb` by `step`.
    pub(super) fn counted_loop(&mut self, op: OperationRef<'c, 'a>, lb: i64, step: i64, trips: u64, threads: &Threads, state: &mut State) {
        let Some(body) = ir::region_entry(op, 0) else { return };
        self.bindings.unbind_inside(op);
        let Ok(induction) = body.argument(0) else { return };
        let induction: Value = induction.into();
        let inits: Vec<Value> = op.operands().skip(3).collect();
        let arguments: Vec<Value> = (1..body.argument_count()).filter_map(|i| body.argument_at(i).map(Into::into)).collect();
        let yields: Vec<Value> = ir::terminator(body).map(|t| t.operands().collect()).unwrap_or_default();
        let inputs = self.loop_inputs_of(op);
        let (uses, conditions) = &*inputs;
        let periodic = periodicity::period_with_thresholds(op, lb, step, trips, &self.bindings, uses, conditions, periodicity::CarriedIntegers::Keyed);
        let (period, thresholds) = match periodic.filter(|_| !self.loads_private(op, state)) {
            Some(found) => (Some(found.0), found.1),
            None => (None, Vec::new()),
        };
        let integers = LoopIntegers::of(op, body);
        let mut carried = self.forms(&integers.inits);
        let mut cycle: Cycle<(u64, State, Vec<Option<Affine>>)> = Cycle::new();
        // The iteration at which `cycle` started recording.
        let mut recorded_from = 0u64;
        let mut simulated = 0u64;
        let mut k = 0u64;
        let mut incoming = inits.clone();
        while k < trips {
            Self::carry(state, &incoming, &arguments);
            self.bind_forms(&integers.arguments, &carried);
            if let Some(period) = period {
                let key = (k % period, state.clone(), carried.clone());
                if cycle.repeats(&key) {
                    // Iterations `first..k` left the state as they found it;
                    // so do the iterations up to any `first + m * length`
                    // through which no monotone comparison changes.
                    let (first, length) = cycle.span(&key);
                    let first = recorded_from + first;
                    let mut at = |k: u64| self.at_iteration(induction, lb, step, k, &thresholds);
                    let reference = at(first);
                    let same = |m: u64, at: &mut dyn FnMut(u64) -> Option<Vec<i64>>| reference.is_some() && at(first + m * length - 1) == reference;
                    let (mut low, mut high) = ((k - first) / length, (trips - first) / length);
                    if same(low, &mut at) {
                        while low < high {
                            let mid = low + (high - low).div_ceil(2);
                            if same(mid, &mut at) {
                                low = mid;
                            } else {
                                high = mid - 1;
                            }
                        }
                        let end = first + low * length;
                        (_, *state, carried) = std::mem::replace(&mut cycle, Cycle::new()).state_at(&key, end - recorded_from);
                        recorded_from = end;
                        k = end;
                        continue;
                    }
                    // The new cycle starts at this iteration: its state is
                    // index 0 (repeats() recorded nothing for it).
                    cycle = Cycle::new();
                    recorded_from = k;
                    cycle.repeats(&key);
                }
            }
            simulated += 1;
            self.iterations += 1;
            if simulated > LOOP_BUDGET {
                self.report(op, format!("cannot prove: {trips} iterations whose state does not settle into a cycle within {LOOP_BUDGET} (of the period of the values the model evaluates)"), None);
                // What follows would be judged from a wrong state.
                self.stopped = true;
                return;
            }
            // (k is below the trip count, at most 2^64 - 1 iterations of an
            // i64 loop: bound from lb + k * step in i128.)
            let Ok(k_i64) = i64::try_from(k) else {
                self.report(op, format!("cannot prove: iteration {k} of a loop is past what the model binds"), None);
                self.stopped = true;
                return;
            };
            self.bindings.bind_iteration(induction, lb, k_i64, step);
            self.block_ops(body, threads, state);
            carried = self.forms(&integers.yields);
            self.bindings.unbind(induction);
            incoming = yields.clone();
            k += 1;
        }
        let results: Vec<Value> = op.results().map(Into::into).collect();
        let last = if trips == 0 { &inits } else { &yields };
        Self::carry(state, last, &results);
        integers.exit(self, &carried);
    }

    /// The forms of `values` under the bindings (None where unknown).
    pub(super) fn forms(&self, values: &[Value<'c, 'a>]) -> Vec<Option<Affine>> {
        values.iter().map(|v| self.bindings.form(*v)).collect()
    }

    /// Binds each of `values` to its form (unbinds it where None).
    pub(super) fn bind_forms(&mut self, values: &[Value<'c, 'a>], forms: &[Option<Affine>]) {
        for (value, form) in values.iter().zip(forms) {
            match form {
                Some(form) => self.bindings.bind_form(*value, form.clone()),
                None => self.bindings.unbind(*value),
            }
        }
    }

    /// The values loop `op`'s period is taken of and its branch conditions
    /// ([`Self::inputs`]), gathered once per loop.
    #[allow(clippy::type_complexity)]
    pub(super) fn loop_inputs_of(&mut self, op: OperationRef<'c, 'a>) -> Rc<(Vec<Value<'c, 'a>>, Vec<Value<'c, 'a>>)> {
        self.loop_inputs
            .entry(OpKey::of(op))
            .or_insert_with(|| {
                let nested = ir::nested_ops(op);
                // A branch on the alignment of a global address (an
                // accumulator store choosing vector or scalar stores): the
                // model never knows such an address, so it runs both sides
                // of the branch in every iteration and requires them to leave
                // the same state ([`Model::if_op`]); its condition need not
                // be periodic.
                let conditions = nested
                    .iter()
                    .filter(|o| Upstream::ScfIf.is(**o))
                    .filter_map(|o| o.operand_at(0))
                    .filter(|c| !Self::on_global_address(*c, 16))
                    .collect();
                let uses = nested.iter().filter(|o| !Upstream::ScfIf.is(**o)).flat_map(|o| Self::inputs(*o)).collect();
                Rc::new((uses, conditions))
            })
            .clone()
    }

    /// Whether `value` is computed (by pure integer ops, within `depth`)
    /// from the address of memory other than the workgroup's, which the
    /// model never evaluates.
    fn on_global_address(value: Value<'c, 'a>, depth: usize) -> bool {
        if depth == 0 {
            return false;
        }
        let Some(op) = ir::defining_op(value) else { return false };
        match Upstream::of(op) {
            Some(Upstream::MemrefExtractAlignedPointerAsIndex | Upstream::MemrefExtractStridedMetadata) => {
                op.operand_at(0).is_some_and(|m| !Self::views_workgroup(m))
            }
            Some(kind) if symbolic::is_evaluated(kind) => op.operands().any(|v| Self::on_global_address(v, depth - 1)),
            _ => false,
        }
    }

    /// The values of `thresholds` at iteration `k` of a loop.
    pub(super) fn at_iteration(&mut self, induction: Value<'c, 'a>, lb: i64, step: i64, k: u64, thresholds: &[Value<'c, 'a>]) -> Option<Vec<i64>> {
        self.bindings.bind_iteration(induction, lb, i64::try_from(k).ok()?, step);
        let values = thresholds.iter().map(|t| self.bindings.eval(*t)).collect();
        self.bindings.unbind(induction);
        values
    }

    /// The values of `op` the model evaluates: conditions, bounds, mbarrier
    /// indices, parities and byte counts, offsets and indices into workgroup
    /// memory; not a TMA load's coordinates in the global tensor, nor
    /// indices into other memory (which change every iteration without
    /// changing what the model tracks).
    pub(super) fn inputs(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
        // Integers only: buffers are followed through their views' integer
        // operands, and accumulators and descriptors are not evaluated.
        let operands: Vec<Value> = op.operands().filter(|v| v.r#type().is_index() || v.r#type().is_integer()).collect();
        match Upstream::of(op) {
            Some(Upstream::NvgpuTmaAsyncLoad) => {
                let segments = ir::dense_i32_attr(op, attr::OPERAND_SEGMENT_SIZES).unwrap_or_default();
                let coordinates = segments.get(3).copied().unwrap_or(0) as usize;
                let all: Vec<Value> = op.operands().collect();
                all.iter().enumerate().filter(|(i, _)| *i < 3 || *i >= 3 + coordinates).map(|(_, v)| *v).filter(|v| operands.contains(v)).collect()
            }
            Some(Upstream::MemrefLoad | Upstream::MemrefStore | Upstream::VectorLoad | Upstream::VectorStore | Upstream::VectorTransferRead | Upstream::VectorTransferWrite) => {
                if op.operands().any(Self::views_workgroup) {
                    operands
                } else {
                    Vec::new()
                }
            }
            // The NVVM level's TMA load: dstMem, tmaDescriptor,
            // coordinates..., mbar, ...: its coordinates likewise.
            Some(Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal) => {
                let coordinates = tma_coordinates(op);
                op.operands().enumerate().filter(|(i, v)| !coordinates.contains(i) && operands.contains(v)).map(|(_, v)| v).collect()
            }
            // An integer cast whose every use is a TMA load's coordinate
            // (the NVVM level truncates `k * 64` to i32): not evaluated.
            Some(Upstream::LlvmTrunc | Upstream::LlvmZext | Upstream::LlvmSext)
                if op.result_at(0).is_some_and(|r| {
                    let r: Value = r.into();
                    ir::uses(r).iter().all(|(user, at)| Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal.is(*user) && tma_coordinates(*user).contains(at))
                }) =>
            {
                Vec::new()
            }
            // Views of memory other than the workgroup's (an output tile of
            // global memory chosen by the tile loop's variable): their
            // indices are not what the model tracks.
            Some(Upstream::MemrefSubview | Upstream::MemrefView | Upstream::MemrefReinterpretCast) if !op.operands().any(Self::views_workgroup) => Vec::new(),
            // A cast between the memref and LLVM levels computes nothing:
            // its users' walk follows it where they count.
            Some(Upstream::BuiltinUnrealizedConversionCast) => Vec::new(),
            // Operands of what the evaluator computes are followed by the
            // period's own walk from the values that use them.
            // Descriptors (i64 at the NVVM level) pack addresses the model
            // follows to their tiles' views, whose indices count instead.
            Some(Upstream::NvvmWgmmaMmaAsync) => Vec::new(),
            Some(kind) if symbolic::is_evaluated(kind) => Vec::new(),
            _ => operands,
        }
    }

    /// Loop-carried accumulators: `to[i]` is pending in the groups
    /// `from[i]` is.
    pub(super) fn carry(state: &mut State, from: &[Value], to: &[Value]) {
        let targets: Vec<ValueKey> = to.iter().map(|t| ValueKey::of(*t)).collect();
        let sources: Vec<Vec<ValueKey>> = from.iter().map(|f| vec![ValueKey::of(*f)]).collect();
        Self::carry_layouts(state, &targets, &sources);
        for group in &mut state.wgmma {
            for (f, t) in from.iter().zip(to) {
                let (f, t) = (ValueKey::of(*f), ValueKey::of(*t));
                if f == t {
                    continue;
                }
                if group.registers.contains(&f) {
                    group.registers.insert(t);
                } else {
                    group.registers.remove(&t);
                }
            }
        }
    }
}

/// The integers an `scf.for` carries (its iter_args of index or integer
/// type: slots rotated round a ring, a phase bit flipped each round): bound
/// at the top of each iteration to what the one before yielded (the inits
/// first), and part of the loop's cycle key, so that a ring comes back to a
/// key it had once its slots and phases come round, whatever the trip
/// count (`periodicity::CarriedIntegers::Keyed`). The loop's results are
/// bound to their values at the exit.
pub(super) struct LoopIntegers<'c, 'a> {
    pub(super) arguments: Vec<Value<'c, 'a>>,
    pub(super) inits: Vec<Value<'c, 'a>>,
    pub(super) yields: Vec<Value<'c, 'a>>,
    pub(super) results: Vec<Value<'c, 'a>>,
}

impl<'c, 'a> LoopIntegers<'c, 'a> {
    pub(super) fn of(op: OperationRef<'c, 'a>, body: BlockRef<'c, 'a>) -> Self {
        let yields: Vec<Value> = ir::terminator(body).map(|t| t.operands().collect()).unwrap_or_default();
        let mut integers = Self { arguments: Vec::new(), inits: Vec::new(), yields: Vec::new(), results: Vec::new() };
        for i in 1..body.argument_count() {
            let Ok(argument) = body.argument(i) else { continue };
            let argument: Value = argument.into();
            let ty = argument.r#type();
            if !(ty.is_index() || ty.is_integer()) {
                continue;
            }
            let (Ok(init), Some(yielded), Ok(result)) = (op.operand(2 + i), yields.get(i - 1), op.result(i - 1)) else { continue };
            integers.arguments.push(argument);
            integers.inits.push(init);
            integers.yields.push(*yielded);
            integers.results.push(result.into());
        }
        integers
    }

    /// After the loop: its arguments unbound, its results bound to the
    /// values `carried` at the exit.
    pub(super) fn exit(&self, model: &mut Model<'c, 'a>, carried: &[Option<Affine>]) {
        for argument in &self.arguments {
            model.bindings.unbind(*argument);
        }
        model.bind_forms(&self.results, carried);
    }
}

/// The operand positions of the NVVM level's TMA load
/// (`nvvm.cp.async.bulk.tensor.shared.cluster.global`: dstMem,
/// tmaDescriptor, coordinates..., mbar, ...) that are its coordinates in
/// the global tensor.
fn tma_coordinates(op: OperationRef) -> std::ops::Range<usize> {
    let segments = ir::dense_i32_attr(op, attr::OPERAND_SEGMENT_SIZES).unwrap_or_default();
    2..2 + segments.get(2).copied().map_or(0, |n| usize::try_from(n).unwrap_or(0))
}
