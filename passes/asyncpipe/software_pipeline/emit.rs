//! Emits the pipelined loop: prologue, body loop and epilogue, before the
//! original loop, which is then erased.
//!
//! Each step clones the loop's items in `order`; an item of stage `s` works
//! on iteration `k = g - s`. Helpers (unannotated ops) are recomputed before
//! each clone that needs them. Values that cross stages are carried by the
//! body loop's iter_args, `d` steps deep for a distance of `d` stages.
//! Async groups become `commit_group` regions (queue = first queue + stage;
//! `commit_queue` once counted), and every item is preceded by a token-form wait on the group instances
//! it needs (`items`), which the recount counts once the loop is emitted.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::cmpi::{SGT, UGT};
use crate::passes::ir::upstream::Upstream;
use super::items::{Need, Step};
use super::schedule::{self, Schedule, Source};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::asyncpipe::group_type;
use crate::passes::ir::ods::asyncpipe::{attrs, AsyncScopeOp, CommitGroupOp, CompletedOp, CopyOp, MmaOp, WaitOp, WaitQueueOp, YieldOp};
use crate::passes::ir::{self, rewrite, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, BlockRef, Region, RegionLike, Type, Value, ValueLike};
use std::collections::{BTreeMap, HashMap};


/// The trip count, known or computed at run time.
#[derive(Clone, Copy)]
pub enum Trip {
    Static(i64),
    Dynamic,
}

/// What the items of one step see: the active stages and their induction
/// variables.
struct StepContext<'c, 'a> {
    step: Step,
    ivs: HashMap<usize, Value<'c, 'a>>,
}

pub struct Emitter<'s, 'c, 'a> {
    s: &'s Schedule<'c, 'a>,
    /// Builds ops at the loop's location.
    b: Builder<'c>,
    /// What each statement and helper reads from the loop body: computed
    /// once, used by every clone.
    sources: HashMap<ir::OpKey, Vec<(Value<'c, 'a>, Source)>>,
    lb: Value<'c, 'a>,
    ub: Value<'c, 'a>,
    step: Value<'c, 'a>,
    /// The induction variable's type (index or an integer type): the bounds,
    /// the trip count and every induction value the emitter makes have it.
    iv_type: Type<'c>,
    lb_const: Option<i64>,
    step_const: Option<i64>,
    trip: Trip,
    /// The run-time trip count N, for a dynamic trip count.
    n: Option<Value<'c, 'a>>,
    produced: HashMap<(Step, ValueKey), Value<'c, 'a>>,
    carried: HashMap<(ValueKey, usize), Value<'c, 'a>>,
    before_epilogue: HashMap<(ValueKey, usize), Value<'c, 'a>>,
    /// Token form: the group each async item committed in a step (the
    /// prologue's and epilogue's steps, and the body loop's own step).
    groups: HashMap<(Step, usize), Value<'c, 'a>>,
    /// In the body loop: the group item `G` committed `d` steps before
    /// (`(G, d)`, an iter_arg); after it, the same as the epilogue sees it.
    carried_groups: HashMap<(usize, usize), Value<'c, 'a>>,
    groups_before_epilogue: HashMap<(usize, usize), Value<'c, 'a>>,
    /// The items of each stage, in program order: a step visits only the
    /// stages that run in it, so that the prologue and epilogue cost what
    /// they emit, not stages times steps.
    items_of_stage: Vec<Vec<usize>>,
}

impl<'s, 'c, 'a> Emitter<'s, 'c, 'a> {
    pub fn new(s: &'s Schedule<'c, 'a>, trip: Trip) -> Self {
        let context = s.loop_op.context();
        let sources = s
            .stmts
            .iter()
            .map(|stmt| stmt.op)
            .chain(s.helpers.iter().copied())
            .map(|op| {
                (ir::OpKey::of(op), schedule::sources(op, s.body, &s.index))
            })
            .collect();
        let operand = |i: usize| s.loop_op.operand(i).unwrap();
        Self {
            s,
            b: Builder::new(context, s.loop_op.location()),
            sources,
            lb: operand(0),
            iv_type: operand(0).r#type(),
            ub: operand(1),
            step: operand(2),
            lb_const: ir::constant_int(operand(0)),
            step_const: ir::constant_int(operand(2)),
            trip,
            n: None,
            produced: HashMap::new(),
            carried: HashMap::new(),
            before_epilogue: HashMap::new(),
            groups: HashMap::new(),
            carried_groups: HashMap::new(),
            groups_before_epilogue: HashMap::new(),
            items_of_stage: {
                let mut of_stage = vec![Vec::new(); s.last + 1];
                for (item, it) in s.items.iter().enumerate() {
                    of_stage[it.stage].push(item);
                }
                of_stage
            },
        }
    }

    /// Emits everything before `at` (the original loop or a wrapper's
    /// terminator); returns the body loop's block, if there is a body loop.
    /// With a run-time trip count N, the pipelined form runs when N > L (so
    /// every prologue and epilogue op runs, and the counts are those of a
    /// long loop); otherwise the original loop runs, without its
    /// annotations, synchronously.
    pub fn emit(mut self, at: OperationRef<'c, 'a>) -> Option<BlockRef<'c, 'a>> {
        let mut point = Point::Before(at);
        let last = self.s.last;
        if let Trip::Dynamic = self.trip {
            // N = ub > lb ? ceil((ub - lb) / step) : 0, with ub - lb read as
            // unsigned: it can pass the signed range of the induction
            // variable's type (an i32 loop from -3 to 2^31 - 1), never the
            // unsigned one. N itself is compared unsigned.
            let predicate = |p: i64| [(attr::PREDICATE, self.b.int_attr(64, p))];
            let i1 = self.b.i1_type();
            let distance = self.b.binary(Upstream::ArithSubi, self.ub, self.lb, point);
            let ceil = self.b.binary(Upstream::ArithCeildivui, distance, self.step, point);
            let runs = self.b.value(Upstream::ArithCmpi, &[self.ub, self.lb], i1, &predicate(SGT), point);
            let zero = self.b.int_constant(self.iv_type, 0, point);
            let n = self.b.value(Upstream::ArithSelect, &[runs, ceil, zero], self.iv_type, &[], point);
            let l = self.b.int_constant(self.iv_type, last as i64, point);
            let long = self.b.value(Upstream::ArithCmpi, &[n, l], i1, &predicate(UGT), point);
            self.n = Some(n);
            let (then, otherwise) = (Region::new(), Region::new());
            then.append_block(Block::new(&[]));
            otherwise.append_block(Block::new(&[]));
            let if_op = self.b.insert(self.b.build(Upstream::ScfIf, &[long], &[], &[], vec![then, otherwise]), point);
            let block = |i| ir::region_entry(if_op, i).expect("scf.if blocks");
            let (then_block, else_block) = (block(0), block(1));
            let fallback = self.clone_op(self.s.loop_op, &HashMap::new(), Point::End(else_block));
            strip_annotations(fallback);
            self.async_copies_waited(fallback);
            self.b.insert(self.b.build(Upstream::ScfYield, &[], &[], &[], vec![]), Point::End(else_block));
            point = Point::Before(self.b.insert(self.b.build(Upstream::ScfYield, &[], &[], &[], vec![]), Point::End(then_block)));
        }
        for g in 0..last {
            self.emit_step(Step::Prologue(g), point);
        }
        // Values carried from step to step by the body loop, in the order
        // of their statements and results (never of their addresses: the
        // body loop's iter_args must not depend on the allocator).
        let mut depth: BTreeMap<(usize, usize), (ValueKey, usize, Type<'c>)> = BTreeMap::new();
        for stmt in &self.s.stmts {
            for &j in &stmt.uses {
                let distance = stmt.stage - self.s.stmts[j].stage;
                if distance == 0 {
                    continue;
                }
                for (r, result) in self.s.stmts[j].op.results().enumerate() {
                    let value: Value = result.into();
                    let entry = depth.entry((j, r)).or_insert((ValueKey::of(value), 0, value.r#type()));
                    entry.1 = entry.1.max(distance);
                }
            }
        }
        let carried: Vec<(ValueKey, usize, Type<'c>)> =
            depth.values().flat_map(|(v, d, t)| (1..=*d).map(move |d| (*v, d, *t))).collect();
        let mut inits = Vec::new();
        for &(v, d, t) in &carried {
            // Missing only for a static trip count with no body loop.
            let init = self.produced.get(&(Step::Prologue(last - d), v)).copied();
            inits.push(init.unwrap_or_else(|| self.b.poison(t, point)));
        }
        // Groups the body's waits need from earlier steps, carried as
        // deep as the farthest need: (item, steps back), in item order.
        let mut group_depth: BTreeMap<usize, usize> = BTreeMap::new();
        for (item, it) in self.s.items.iter().enumerate() {
            for need in &it.needs {
                if let Some(delta) = self.steps_back(item, need).filter(|d| *d > 0) {
                    let depth = group_depth.entry(need.group).or_insert(0);
                    *depth = (*depth).max(delta);
                }
            }
        }
        let carried_groups: Vec<(usize, usize)> = group_depth.iter().flat_map(|(&g, &d)| (1..=d).map(move |d| (g, d))).collect();
        let mut group_inits = Vec::new();
        let mut completed = None;
        for &(g, d) in &carried_groups {
            // A group from before the loop's first iteration needs no wait:
            // an already completed group stands for it.
            let init = last.checked_sub(d).and_then(|step| self.groups.get(&(Step::Prologue(step), g)).copied());
            let init = init.unwrap_or_else(|| {
                *completed.get_or_insert_with(|| {
                    let op = self.b.insert(CompletedOp::build(&self.b), point);
                    op.result(0).expect("a group").into()
                })
            });
            group_inits.push(init);
        }
        let has_body = match self.trip {
            Trip::Static(n) => n > last as i64,
            Trip::Dynamic => true,
        };
        let mut body = None;
        if has_body {
            let (results, block) = self.emit_body(&carried, &inits, &carried_groups, &group_inits, point);
            body = Some(block);
            for (i, &(v, d, _)) in carried.iter().enumerate() {
                self.before_epilogue.insert((v, d), results[i]);
            }
            for (i, &(g, d)) in carried_groups.iter().enumerate() {
                self.groups_before_epilogue.insert((g, d), results[carried.len() + i]);
            }
        } else {
            for (i, &(v, d, _)) in carried.iter().enumerate() {
                self.before_epilogue.insert((v, d), inits[i]);
            }
            for (i, &(g, d)) in carried_groups.iter().enumerate() {
                self.groups_before_epilogue.insert((g, d), group_inits[i]);
            }
        }
        for e in 0..last {
            self.emit_step(Step::Epilogue(e), point);
        }
        // Every queue the loop commits to is drained after it (the
        // original loop's copies were complete after it); the recount then
        // removes the drains that can never block, where every group of
        // the queue was already awaited.
        let mut queues: Vec<i64> = self.s.items.iter().filter_map(|item| item.commits).collect();
        queues.sort_unstable();
        queues.dedup();
        for queue in queues {
            self.wait(queue, 0, point);
        }
        body
    }

    fn emit_body(
        &mut self,
        carried: &[(ValueKey, usize, Type<'c>)],
        inits: &[Value<'c, 'a>],
        carried_groups: &[(usize, usize)],
        group_inits: &[Value<'c, 'a>],
        point: Point<'c, 'a>,
    ) -> (Vec<Value<'c, 'a>>, BlockRef<'c, 'a>) {
        let lb = self.iteration_value(self.s.last as i64, point);
        let group = group_type(self.s.loop_op.context());
        let mut types: Vec<Type> = carried.iter().map(|c| c.2).collect();
        types.extend(carried_groups.iter().map(|_| group));
        let mut arguments = vec![(self.iv_type, self.b.location)];
        arguments.extend(types.iter().map(|t| (*t, self.b.location)));
        let region = Region::new();
        region.append_block(Block::new(&arguments));
        let mut operands = vec![lb, self.ub, self.step];
        operands.extend_from_slice(inits);
        operands.extend_from_slice(group_inits);
        let for_op = self.b.insert(self.b.build(Upstream::ScfFor, &operands, &types, &[], vec![region]), point);
        let block = ir::region_entry(for_op, 0).expect("the loop body");
        self.carried.clear();
        for (i, &(v, d, _)) in carried.iter().enumerate() {
            self.carried.insert((v, d), block.argument(i + 1).expect("a loop-carried value").into());
        }
        self.carried_groups.clear();
        for (i, &(g, d)) in carried_groups.iter().enumerate() {
            self.carried_groups.insert((g, d), block.argument(carried.len() + i + 1).expect("a loop-carried group").into());
        }
        let body_point = Point::End(block);
        self.emit_step(Step::Body, body_point);
        let mut yields: Vec<Value> = carried
            .iter()
            .map(|&(v, d, _)| if d == 1 { self.produced[&(Step::Body, v)] } else { self.carried[&(v, d - 1)] })
            .collect();
        yields.extend(
            carried_groups
                .iter()
                .map(|&(g, d)| if d == 1 { self.groups[&(Step::Body, g)] } else { self.carried_groups[&(g, d - 1)] }),
        );
        self.b.insert(self.b.build(Upstream::ScfYield, &yields, &[], &[], vec![]), body_point);
        (for_op.results().map(Value::from).collect(), block)
    }

    /// Whether stage `stage` runs in `step` (the pipelined form of a
    /// run-time trip count only runs when N > L, where all of them do).
    fn active(&self, step: Step, stage: usize) -> bool {
        let last = self.s.last as i64;
        let s = stage as i64;
        let n = match self.trip {
            Trip::Static(n) => n,
            Trip::Dynamic => i64::MAX,
        };
        match step {
            Step::Body => true,
            Step::Prologue(g) => s <= g as i64 && (g as i64 - s) < n,
            Step::Epilogue(e) => s > e as i64 && last + e as i64 - s < n,
        }
    }

    /// The stages that run in `step`: those [`Self::active`] accepts, which
    /// are contiguous (a step runs iterations `g - s` of the stages `s`, and
    /// the iterations that exist are a range).
    fn active_stages(&self, step: Step) -> std::ops::Range<usize> {
        let last = self.s.last as i64;
        let n = match self.trip {
            Trip::Static(n) => n,
            Trip::Dynamic => i64::MAX,
        };
        // Each bound is within [-i64::MAX, last + 1]: no overflow.
        let (first, end) = match step {
            Step::Body => (0, last + 1),
            Step::Prologue(g) => ((g as i64 - n + 1).max(0), (g as i64).min(last) + 1),
            Step::Epilogue(e) => ((e as i64 + 1).max(last + e as i64 - n + 1), last + 1),
        };
        let first = first.max(0) as usize;
        first..(end.max(first as i64) as usize)
    }

    fn emit_step(&mut self, step: Step, point: Point<'c, 'a>) {
        let stages = self.active_stages(step);
        debug_assert!(
            stages.clone().all(|stage| self.active(step, stage))
                && (stages.start == 0 || !self.active(step, stages.start - 1))
                && (stages.end > self.s.last || !self.active(step, stages.end)),
            "the active stages are a range"
        );
        let mut ctx = StepContext { step, ivs: HashMap::new() };
        for stage in stages.clone() {
            if self.s.stage_uses_iv[stage] {
                let iv = self.induction_variable(step, stage, point);
                ctx.ivs.insert(stage, iv);
            }
        }
        // The active stages' items, in program order.
        let mut items: Vec<usize> = stages.flat_map(|stage| self.items_of_stage[stage].iter().copied()).collect();
        items.sort_unstable();
        for item in items {
            self.emit_item(item, &ctx, point);
        }
    }

    /// `lb + k * step` for the iteration stage `stage` runs in `step`.
    fn induction_variable(&mut self, step: Step, stage: usize, point: Point<'c, 'a>) -> Value<'c, 'a> {
        let last = self.s.last as i64;
        let s = stage as i64;
        let k = match (step, self.trip) {
            (Step::Body, _) => {
                let iv0 = self.body_iv(point);
                if s == 0 {
                    return iv0;
                }
                let offset = match self.step_const.and_then(|step| s.checked_mul(step)) {
                    Some(offset) => self.b.int_constant(self.iv_type, offset, point),
                    None => {
                        let c = self.b.int_constant(self.iv_type, s, point);
                        self.b.binary(Upstream::ArithMuli, c, self.step, point)
                    }
                };
                return self.b.binary(Upstream::ArithSubi, iv0, offset, point);
            }
            (Step::Prologue(g), _) => Ok(g as i64 - s),
            // An active epilogue item has s > e: subtracting first cannot overflow.
            (Step::Epilogue(e), Trip::Static(n)) => Ok(n.max(last) - (s - e as i64)),
            (Step::Epilogue(e), Trip::Dynamic) => Err(e as i64 - s),
        };
        match k {
            Ok(k) => self.iteration_value(k, point),
            Err(offset) => {
                let c = self.b.int_constant(self.iv_type, offset, point);
                let k = self.b.binary(Upstream::ArithAddi, self.n.unwrap(), c, point);
                let scaled = self.b.binary(Upstream::ArithMuli, k, self.step, point);
                self.b.binary(Upstream::ArithAddi, self.lb, scaled, point)
            }
        }
    }

    /// `lb + k * step`, the induction value of iteration `k`: a constant when
    /// the bounds are and it fits in 64 bits, otherwise computed at run time
    /// with the loop's own arithmetic.
    fn iteration_value(&mut self, k: i64, point: Point<'c, 'a>) -> Value<'c, 'a> {
        let folded = match (self.lb_const, self.step_const) {
            (Some(lb), Some(step)) => k.checked_mul(step).and_then(|offset| offset.checked_add(lb)),
            _ => None,
        };
        if let Some(value) = folded {
            return self.b.int_constant(self.iv_type, value, point);
        }
        let k = self.b.int_constant(self.iv_type, k, point);
        let scaled = self.b.binary(Upstream::ArithMuli, k, self.step, point);
        self.b.binary(Upstream::ArithAddi, self.lb, scaled, point)
    }

    /// The body loop's induction variable (the block argument of the block `point` is in).
    fn body_iv(&self, point: Point<'c, 'a>) -> Value<'c, 'a> {
        point.block().argument(0).expect("the body loop's induction variable").into()
    }

    /// How many steps before an instance of `item` the instance of the
    /// group `need` names was committed: `need.group`'s instance for
    /// iteration `k - distance` runs `stage(item) + distance - stage(group)`
    /// steps earlier. None for a need on a later group (never one the
    /// schedule makes).
    fn steps_back(&self, item: usize, need: &Need) -> Option<usize> {
        let s = self.s.items[item].stage as i64;
        let g = self.s.items[need.group].stage as i64;
        usize::try_from(s.checked_add(need.distance)?.checked_sub(g)?).ok()
    }

    /// The group value `need` names for `item` in `step`; None when that
    /// group instance does not exist (its iteration is before the first or
    /// after the last) or comes later, where there is nothing to wait for.
    fn needed_group(&self, step: Step, item: usize, need: &Need) -> Option<Value<'c, 'a>> {
        let delta = self.steps_back(item, need)?;
        let g = need.group;
        match step {
            _ if delta == 0 => self.groups.get(&(step, g)).copied(),
            Step::Prologue(p) => p.checked_sub(delta).and_then(|a| self.groups.get(&(Step::Prologue(a), g)).copied()),
            Step::Body => self.carried_groups.get(&(g, delta)).copied(),
            Step::Epilogue(e) if e >= delta => self.groups.get(&(Step::Epilogue(e - delta), g)).copied(),
            Step::Epilogue(e) => self.groups_before_epilogue.get(&(g, delta - e)).copied(),
        }
    }

    /// Before `item` in `step`: one token-form wait on the groups its needs
    /// name ([`super::items`]' model of what each item needs); the recount
    /// gives it its count once the loop is emitted.
    fn wait_for_needs(&mut self, step: Step, item: usize, point: Point<'c, 'a>) {
        let mut groups: Vec<Value<'c, 'a>> = Vec::new();
        for need in &self.s.items[item].needs {
            if let Some(group) = self.needed_group(step, item, need) {
                if !groups.iter().any(|g| ValueKey::of(*g) == ValueKey::of(group)) {
                    groups.push(group);
                }
            }
        }
        if !groups.is_empty() {
            self.b.insert(WaitOp::build(&self.b, &groups), point);
        }
    }

    fn emit_item(&mut self, item: usize, ctx: &StepContext<'c, 'a>, point: Point<'c, 'a>) {
        let members = &self.s.members[item];
        let Some(queue) = self.s.items[item].commits else {
            self.wait_for_needs(ctx.step, item, point);
            self.emit_stmt(members[0], ctx, point);
            return;
        };
        // An async group's waits go first in its region, before its work.
        let terminator = self.b.insert_with_body(CommitGroupOp::build(&self.b, &[], queue), YieldOp::build(&self.b, &[]), point);
        let group = Point::Before(terminator);
        self.wait_for_needs(ctx.step, item, group);
        let commit = terminator.parent_operation().expect("the commit_group");
        self.groups.insert((ctx.step, item), commit.result(0).expect("a group").into());
        // Copies and MMAs go in directly (an MMA in a commit region is
        // async); runs of other ops share an async_scope.
        let mut scope: Option<Point> = None;
        for &m in members {
            if self.s.stmts[m].is_copy || MmaOp::is(self.s.stmts[m].op) {
                scope = None;
                self.emit_stmt(m, ctx, group);
            } else {
                let at = match scope {
                    Some(at) => at,
                    None => {
                        let terminator = self.b.insert_with_body(AsyncScopeOp::build(&self.b, false, None), YieldOp::build(&self.b, &[]), group);
                        *scope.insert(Point::Before(terminator))
                    }
                };
                self.emit_stmt(m, ctx, at);
            }
        }
    }

    /// Clones statement `m` for the iteration its stage runs in `ctx.step`.
    fn emit_stmt(&mut self, m: usize, ctx: &StepContext<'c, 'a>, point: Point<'c, 'a>) -> OperationRef<'c, 'a> {
        let stmt = &self.s.stmts[m];
        let op = stmt.op;
        let stage = stmt.stage;
        let mut map = HashMap::new();
        self.materialize(op, stage, ctx, point, &mut map);
        if stmt.is_async && stmt.is_copy {
            // Inside its commit_queue: an asyncpipe.copy without a queue of its own.
            let operands: Vec<Value> =
                op.operands().take(2).map(|v| map.get(&ValueKey::of(v)).copied().unwrap_or(v)).collect();
            let zero_fill = CopyOp::cast(op).is_some_and(CopyOp::zero_fill);
            return self.b.insert(CopyOp::build(&self.b, operands[0], operands[1], false, zero_fill, None), point);
        }
        let clone = self.clone_op(op, &map, point);
        for name in [attrs::STAGE, attrs::ORDER] {
            rewrite::remove_attribute(clone, name);
        }
        for (result, value) in op.results().zip(clone.results()) {
            self.produced.insert((ctx.step, ValueKey::of(result)), value.into());
        }
        clone
    }

    /// Fills `map` with the new values of what `op` reads from the loop body,
    /// recomputing helpers at `point`.
    fn materialize(
        &mut self,
        op: OperationRef<'c, 'a>,
        stage: usize,
        ctx: &StepContext<'c, 'a>,
        point: Point<'c, 'a>,
        map: &mut HashMap<ValueKey, Value<'c, 'a>>,
    ) {
        for (value, source) in self.sources[&ir::OpKey::of(op)].clone() {
            let key = ValueKey::of(value);
            if map.contains_key(&key) {
                continue;
            }
            let new = match source {
                Source::Iv => ctx.ivs[&stage],
                Source::Stmt(j) => self.lookup(value, j, stage, ctx, point),
                Source::Helper(h) => {
                    let helper = self.s.helpers[h];
                    self.materialize(helper, stage, ctx, point, map);
                    let clone = self.clone_op(helper, map, point);
                    for (result, new) in helper.results().zip(clone.results()) {
                        map.insert(ValueKey::of(result), new.into());
                    }
                    continue;
                }
            };
            map.insert(key, new);
        }
    }

    /// The value of statement `j`'s result `value` for the iteration that
    /// stage `stage` runs in `ctx.step`.
    fn lookup(
        &mut self,
        value: Value<'c, 'a>,
        j: usize,
        stage: usize,
        ctx: &StepContext<'c, 'a>,
        point: Point<'c, 'a>,
    ) -> Value<'c, 'a> {
        let v = ValueKey::of(value);
        let distance = stage - self.s.stmts[j].stage;
        let found = match ctx.step {
            step if distance == 0 => self.produced.get(&(step, v)).copied(),
            Step::Prologue(g) => self.produced.get(&(Step::Prologue(g - distance), v)).copied(),
            Step::Body => self.carried.get(&(v, distance)).copied(),
            Step::Epilogue(e) if e >= distance => self.produced.get(&(Step::Epilogue(e - distance), v)).copied(),
            Step::Epilogue(e) => self.before_epilogue.get(&(v, distance - e)).copied(),
        };
        // Missing only where the producer never runs (a static trip count
        // shorter than the stages); then neither does this consumer.
        found.unwrap_or_else(|| self.b.poison(value.r#type(), point))
    }

    fn clone_op(
        &self,
        op: OperationRef<'c, 'a>,
        map: &HashMap<ValueKey, Value<'c, 'a>>,
        point: Point<'c, 'a>,
    ) -> OperationRef<'c, 'a> {
        let clone = self.b.insert(rewrite::clone(op), point);
        for inner in std::iter::once(clone).chain(ir::nested_ops(clone)) {
            for i in 0..inner.operand_count() {
                let operand = inner.operand(i).unwrap();
                if let Some(new) = map.get(&ValueKey::of(operand)) {
                    rewrite::set_operand(inner, i, *new);
                }
            }
        }
        clone
    }

    fn wait(&mut self, queue: i64, count: i64, point: Point<'c, 'a>) {
        self.b.insert(WaitQueueOp::build(&self.b, None, queue, Some(count)), point);
    }
}

impl<'c, 'a> Emitter<'_, 'c, 'a> {
    /// In the original loop kept for short trip counts, each copy of an
    /// async stage as the pipelined loop issues it (an `asyncpipe.copy` in
    /// a group of the stage's queue), waited for at once: the same
    /// synchronous meaning as the `memref.copy` it replaces, in the form the
    /// lowerings take (on sm_90a a tile wgmma reads is filled only by copies
    /// that become tensor-map copies; a `memref.copy` there is an error).
    fn async_copies_waited(&mut self, fallback: OperationRef<'c, 'a>) {
        let Some(body) = ir::region_entry(fallback, 0) else { return };
        let ops: Vec<OperationRef<'c, 'a>> = ir::ops(body).collect();
        // Each async copy's position in the body and queue.
        let mut copies: Vec<(usize, i64)> = Vec::new();
        for (item, members) in self.s.members.iter().enumerate() {
            let Some(queue) = self.s.items[item].commits else { continue };
            for &m in members {
                let stmt = &self.s.stmts[m];
                if stmt.is_async && stmt.is_copy && stmt.position < ops.len() {
                    copies.push((stmt.position, queue));
                }
            }
        }
        copies.sort();
        use crate::passes::analysis::effects::{self, Root};
        let roots = |op: OperationRef<'c, 'a>| -> Option<(Root, Root)> {
            Some((effects::root(op.operand_at(0)?), effects::root(op.operand_at(1)?)))
        };
        // The buffers the copies since the last wait read and write.
        let (mut run_reads, mut run_writes): (Vec<Root>, Vec<Root>) = (Vec::new(), Vec::new());
        for (k, &(position, queue)) in copies.iter().enumerate() {
            let copy = ops[position];
            let (Ok(source), Ok(dest)) = (copy.operand(0), copy.operand(1)) else { continue };
            if let Some((read, written)) = roots(copy) {
                run_reads.push(read);
                run_writes.push(written);
            }
            let at = Point::Before(copy);
            let terminator = self.b.insert_with_body(CommitGroupOp::build(&self.b, &[], queue), YieldOp::build(&self.b, &[]), at);
            let zero_fill = CopyOp::cast(copy).is_some_and(CopyOp::zero_fill);
            self.b.insert(CopyOp::build(&self.b, source, dest, false, zero_fill, None), Point::Before(terminator));
            // One wait after a run of copies on one queue, with nothing but
            // views and index arithmetic between them, none touching a
            // buffer another copy of the run writes (groups of a queue
            // complete in order: the last one's wait completes them all).
            let next_in_run = copies.get(k + 1).is_some_and(|&(next, q)| {
                let quiet = ops[position + 1..next].iter().all(|op| effects::is_view(*op) || ir::memory_effects(*op).is_some_and(|e| e.is_empty()));
                let independent = roots(ops[next]).is_some_and(|(read, written)| {
                    !run_writes.contains(&read) && !run_writes.contains(&written) && !run_reads.contains(&written)
                });
                q == queue && quiet && independent
            });
            if !next_in_run {
                run_reads.clear();
                run_writes.clear();
                let group: Value = terminator.parent_operation().expect("the commit_group").result(0).expect("a group").into();
                self.b.insert(WaitOp::build(&self.b, &[group]), at);
            }
            ir::erase(copy);
        }
    }
}

/// Removes the pipelining annotations from a copy of the original loop.
fn strip_annotations(loop_op: OperationRef) {
    rewrite::remove_attribute(loop_op, attrs::ASYNC_STAGES);
    if let Some(body) = ir::region_entry(loop_op, 0) {
        for op in ir::ops(body) {
            for name in [attrs::STAGE, attrs::ORDER] {
                rewrite::remove_attribute(op, name);
            }
        }
    }
}
