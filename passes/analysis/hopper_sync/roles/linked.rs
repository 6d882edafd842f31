//! Loops of one trip count in different roles, linked ([`Group`]): the
//! counter abstraction that lets one finite exploration stand for every
//! trip count (the module doc of [`super`] says when it is sound). Here:
//! the group a loop joins or starts ([`Model::link`]), its period and the
//! exact zones its conditions need ([`Model::zones`]), and the re-basing
//! on the slowest role after each step, which chooses among the counts a
//! configuration may stand for ([`Model::normalize`]).

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::*;

/// Iterations from a linked loop's ends within which its conditions may
/// change.
const ZONE_LIMIT: i64 = 32;

/// An iteration count of a linked loop: exact, or only its residue modulo
/// the group's period beyond the exact zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Count {
    Near(i64),
    Far(i64),
}

/// Loops of one trip count in different roles, and where the slowest role
/// in them stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Group {
    pub(super) trips: Affine,
    /// The trip count when it is a constant.
    pub(super) exact: Option<i64>,
    pub(super) period: i64,
    /// Iterations counted exactly from the start (where the bodies'
    /// conditions change) and from the end (those too, and the roles' lead
    /// over the slowest).
    pub(super) near_start: i64,
    pub(super) near_end: i64,
    /// The waiting loops of this trip count in the kernel, and those a role
    /// has entered: until every one has been, the slowest role's iteration
    /// is counted exactly (a role entering late starts at 0).
    pub(super) members: BTreeSet<OpKey>,
    pub(super) entered: BTreeSet<OpKey>,
    /// The iterations of the loops around these (outermost first) in the
    /// role that entered first: a loop nested in another waiting loop is
    /// linked per instance, with the roles in the same iteration of the
    /// loops around it (a persistent kernel's K loops of one tile). Linked
    /// iterations here are offsets in their own groups, moved with them.
    pub(super) instance: Vec<Iteration>,
    /// The slowest role's iteration (from the start).
    pub(super) base: Count,
    /// Iterations from the slowest role's to the trip count (when far: the
    /// residue of the trip count itself); None until chosen.
    pub(super) rest: Option<Count>,
}

impl Group {
    /// A representative of the slowest role's iteration.
    pub(super) fn base_value(&self) -> i64 {
        match self.base {
            Count::Near(b) => b,
            Count::Far(r) => self.near_start + (r - self.near_start).rem_euclid(self.period),
        }
    }

    /// A representative of the trip count, with the base's.
    pub(super) fn trips_value(&self) -> Option<i64> {
        if let Some(n) = self.exact {
            return Some(n);
        }
        let base = self.base_value();
        Some(match self.rest? {
            Count::Near(r) => base + r,
            Count::Far(n) => base + self.near_end + (n - base - self.near_end).rem_euclid(self.period),
        })
    }

    /// The residue of the trip count modulo the period.
    pub(super) fn trips_residue(&self) -> Option<i64> {
        Some(match self.rest? {
            Count::Near(r) => (self.base_value() + r).rem_euclid(self.period),
            Count::Far(n) => n,
        })
    }

    /// The trip counts a configuration stands for, for a finding's message.
    pub(super) fn describe_trips(&self) -> String {
        match (self.base, self.rest) {
            (Count::Near(b), Some(Count::Near(r))) if b + r == 1 => " (when the loops run once)".to_string(),
            (Count::Near(b), Some(Count::Near(r))) => format!(" (when the loops run {} times)", b + r),
            (_, Some(_)) => format!(
                " (when the loops run a number of times that is {} modulo {}, and more than {})",
                self.trips_residue().unwrap_or(0),
                self.period,
                self.near_start + self.near_end
            ),
            _ => String::new(),
        }
    }

    /// Whether the slowest role's iteration must stay exact.
    pub(super) fn open(&self) -> bool {
        self.entered.len() < self.members.len()
    }
}


impl<'c, 'a> Model<'c, 'a> {
    /// The period of the values loop `op` computes (with its conditions when
    /// they are periodic too; thresholds are checked apart).
    fn loop_period(&mut self, op: OperationRef<'c, 'a>, lb: i64, step: i64, trips: &Affine, exact: Option<i64>) -> Option<i64> {
        let inputs = self.loop_inputs_of(op);
        let (uses, conditions) = &*inputs;
        let lower = Affine::constant(i128::from(lb));
        let exact = exact.and_then(|n| u64::try_from(n).ok());
        let all: Vec<Value> = uses.iter().chain(conditions.iter()).copied().collect();
        periodicity::period(op, &lower, step, exact, Some(trips), &self.bindings, &all, CarriedIntegers::Keyed)
            .or_else(|| periodicity::period(op, &lower, step, exact, Some(trips), &self.bindings, uses, CarriedIntegers::Keyed))
            .and_then(|p| i64::try_from(p).ok())
    }

    /// The linked group of trip count `trips` for a loop: joined at offset
    /// `-base` when some role is in its loops, else a new one whose
    /// remaining count [`Self::normalize`] chooses.
    ///
    /// `instance` is the entering role's iterations of the waiting loops
    /// around this one: a group is joined only by roles in the same
    /// iterations of those (the same tile's K loop), and another instance
    /// starts a group of its own, freed when its last role leaves
    /// ([`Self::free_groups`]). (Joining is sound whatever the instance, the
    /// trip counts being equal; keeping instances apart is what lets a role
    /// start the next tile's loop while the others finish this one's.)
    pub(super) fn link(&mut self, config: &mut Config<'c, 'a>, looping: &Looping<'c, 'a>, trips: Affine, exact: Option<i64>, instance: Vec<Iteration>) -> Option<Iteration> {
        let op = looping.op;
        let Some(period) = self.loop_period(op, looping.lb, looping.step, &trips, exact) else {
            self.report(op, "cannot prove: the slots, parities or shared-memory offsets this role's loop computes are not periodic in its iteration".into(), None);
            self.stopped = true;
            return None;
        };
        if let Some(g) = config.groups.iter().position(|g| g.as_ref().is_some_and(|g| g.trips == trips && g.instance == instance)) {
            let group = config.groups[g].as_mut().expect("found above");
            if group.period % period != 0 {
                let message = format!("cannot prove: this role's loop computes values of period {period}, the loops it is linked with (of the same trip count) of period {}", group.period);
                self.report(op, message, None);
                self.stopped = true;
                return None;
            }
            let Count::Near(base) = group.base else {
                self.report(op, "cannot prove: this role enters its loop after the roles in the loops of the same trip count have left the iterations the model counts exactly".into(), None);
                self.stopped = true;
                return None;
            };
            group.entered.insert(OpKey::of(op));
            return Some(Iteration::Linked(g, -base));
        }
        // Every waiting loop of this trip count in the kernel links with
        // this group (other roles' loops enter later): the common period,
        // and the zones their conditions need.
        let mut members = BTreeSet::from([OpKey::of(op)]);
        let mut loops = vec![(op, looping.lb, looping.step, looping.induction)];
        let depth = self.waiting_depth(op);
        if let Some(kernel) = ir::enclosing_function(op) {
            for other in ir::nested_ops(kernel).into_iter().filter(|o| Upstream::ScfFor.is(*o) && *o != op && self.blocks(*o) && self.waiting_depth(*o) == depth) {
                let (Some(lb), Some(step)) = (other.operand_at(0).and_then(|v| self.eval(v)), other.operand_at(2).and_then(|v| self.eval(v))) else { continue };
                let Some(induction) = ir::region_entry(other, 0).and_then(|b| b.argument_at(0)) else { continue };
                if step <= 0 {
                    continue;
                }
                // (As [`Model::enter_loop`] counts it.)
                let count = self.bindings.watch(|b| match periodicity::trip_count(b, other.operand_at(1), &Affine::constant(i128::from(lb)), step) {
                    Trips::Exact(n) => Some(Affine::constant(i128::from(n))),
                    Trips::Symbolic { trips, .. } => Some(trips),
                    Trips::Unknown => Self::uniform_bound(other, lb, step).and_then(|ub| b.case()?.trips_form(ub)),
                });
                if count.0.as_ref() == Some(&trips) {
                    members.insert(OpKey::of(other));
                    loops.push((other, lb, step, induction.into()));
                }
            }
        }
        let mut period = period;
        for (other, lb, step, _) in &loops[1..] {
            if let Some(p) = self.loop_period(*other, *lb, *step, &trips, exact) {
                period = lcm(period, p);
            }
        }
        let lead = members.iter().filter_map(|m| self.leads.get(m)).copied().max().unwrap_or(1);
        let (mut near_start, mut near_end) = (0, (period + 2).max(lead + 2));
        for (other, lb, step, induction) in loops {
            let Some((start, end)) = self.zones(other, lb, step, induction, period) else {
                self.report(other, "cannot prove: a branch in this role's loop depends on its iteration further than 32 iterations from the loop's ends, and not periodically".into(), None);
                self.stopped = true;
                return None;
            };
            near_start = near_start.max(start);
            near_end = near_end.max(end);
        }
        let entered = BTreeSet::from([OpKey::of(op)]);
        let group = Group { trips, exact, period, near_start, near_end, members, entered, instance, base: Count::Near(0), rest: None };
        let g = match config.groups.iter().position(Option::is_none) {
            Some(g) => {
                config.groups[g] = Some(group);
                g
            }
            None => {
                config.groups.push(Some(group));
                config.groups.len() - 1
            }
        };
        Some(Iteration::Linked(g, 0))
    }

    /// How many iterations from the start and from the end of loop `op`
    /// must be counted exactly: beyond them, its branch conditions take the
    /// value they take far inside the loop at an iteration of the same
    /// residue modulo `period` (so that the far range, counted only by
    /// residue, is uniform). Each condition must be periodic, or built from
    /// comparisons monotone in the iteration ([`periodicity::period_with_thresholds`],
    /// with the trip count a large representative); each such comparison
    /// changes at most once, found by bisection, and that change must lie
    /// within [`ZONE_LIMIT`] iterations of an end. None otherwise (a branch
    /// on `k == 1000`, or `k < n / 2`).
    fn zones(&mut self, op: OperationRef<'c, 'a>, lb: i64, step: i64, induction: Value<'c, 'a>, period: i64) -> Option<(i64, i64)> {
        let conditions = self.loop_inputs_of(op).1.clone();
        if conditions.is_empty() {
            return Some((0, 0));
        }
        let mut bindings = self.bindings.clone();
        let trips = 4 * FAR_SAMPLE;
        if let Some(ub) = op.operand_at(1).filter(|v| ir::constant_int(*v).is_none()) {
            bindings.bind(ub, i64::try_from(i128::from(lb) + i128::from(trips) * i128::from(step)).ok()?);
        }
        let (_, thresholds) = periodicity::period_with_thresholds(op, lb, step, trips as u64, &bindings, &[], &conditions, CarriedIntegers::Keyed)?;
        let (mut start, mut end) = (0i64, 0i64);
        for threshold in thresholds {
            let mut at = |k: i64| {
                bindings.bind_iteration(induction, lb, k, step);
                bindings.watch(|b| b.eval(threshold)).0
            };
            let first = at(0);
            if at(trips - 1) == first {
                continue;
            }
            // Monotone: one change, at the first k whose value differs.
            let (mut low, mut high) = (0i64, trips - 1);
            while high - low > 1 {
                let mid = low + (high - low) / 2;
                if at(mid) == first {
                    low = mid;
                } else {
                    high = mid;
                }
            }
            if high <= ZONE_LIMIT {
                start = start.max(high);
            } else if trips - high <= ZONE_LIMIT {
                end = end.max(trips - high + 1);
            } else {
                return None;
            }
        }
        // And, as a check of the above, the conditions beyond the zones
        // against the far range's, over a window.
        let mut values = |k: i64| -> Vec<Option<i64>> {
            bindings.bind_iteration(induction, lb, k, step);
            bindings.watch(|b| conditions.iter().map(|c| b.eval(*c)).collect()).0
        };
        let far: Vec<Vec<Option<i64>>> = (0..period).map(|res| values(FAR_SAMPLE + (res - FAR_SAMPLE).rem_euclid(period))).collect();
        for d in 0..2 * ZONE_LIMIT + 2 * period {
            for k in [start + d, trips - 1 - end - d] {
                if values(k) != far[k.rem_euclid(period) as usize] {
                    return None;
                }
            }
        }
        Some((start, end))
    }

    /// Re-bases the linked groups on their slowest roles. A group whose
    /// count is not yet chosen, or whose slowest role leaves the exact zone
    /// at the start, is split into a configuration per count it may have.
    pub(super) fn normalize(&mut self, config: Config<'c, 'a>) -> Step<'c, 'a> {
        let mut done = Vec::new();
        let mut work = vec![config];
        'configs: while let Some(config) = work.pop() {
            for g in 0..config.groups.len() {
                let Some(group) = config.groups[g].clone() else { continue };
                let offsets = config.offsets(g);
                let Some(&low) = offsets.iter().min() else { continue };
                let high = offsets.iter().copied().max().unwrap_or(low);
                if group.rest.is_none() {
                    for rest in self.trip_counts(&group) {
                        let mut split = config.clone();
                        split.groups[g] = Some(Group { rest: Some(rest), ..group.clone() });
                        self.restart_linked(&mut split, g);
                        work.push(split);
                    }
                    continue 'configs;
                }
                if high - low > group.near_end - 2 {
                    if high - low <= LEAD_LIMIT && group.members.iter().any(|m| self.leads.get(m).copied().unwrap_or(1) < high - low) {
                        self.widen = Some((group.members.iter().copied().collect(), high - low));
                        self.stopped = true;
                        return Step::Moved(Vec::new());
                    }
                    let in_group = |f: &Frame<'c, 'a>| f.linked().is_some_and(|(h, _)| h == g);
                    if let Some(op) = config.roles.iter().flat_map(|r| r.frames.iter()).filter(|f| in_group(f)).find_map(|f| f.looping.as_ref().map(|l| l.looping.op)) {
                        let message = format!("cannot prove: one role runs {} iterations ahead of another in loops of the same trip count (the model follows up to {})", high - low, group.near_end - 2);
                        self.report(op, message, None);
                    }
                    self.stopped = true;
                    return Step::Moved(Vec::new());
                }
                if low == 0 {
                    continue;
                }
                // Shift by `low` (below zero: a role entered late).
                let base = match group.base {
                    Count::Near(b) if b + low < 0 || (group.open() && b + low > OPEN_LIMIT) => {
                        if let Some(op) = config.roles.iter().flat_map(|r| r.frames.iter()).find_map(|f| f.looping.as_ref().map(|l| l.looping.op)) {
                            self.report(op, format!("cannot prove: a role runs {OPEN_LIMIT} iterations before another enters a loop of the same trip count"), None);
                        }
                        self.stopped = true;
                        return Step::Moved(Vec::new());
                    }
                    Count::Near(b) if group.open() || b + low < group.near_start => Count::Near(b + low),
                    Count::Near(b) => Count::Far((b + low).rem_euclid(group.period)),
                    Count::Far(res) => Count::Far((res + low).rem_euclid(group.period)),
                };
                let moved = Group { base, ..group.clone() };
                let residue = group.trips_residue().unwrap_or(0);
                let rests: Vec<Count> = match group.rest {
                    Some(Count::Near(r)) if r - low < group.near_end => vec![Count::Near(r - low)],
                    Some(Count::Near(_)) => vec![Count::Far(residue)],
                    _ => {
                        // Far from the end: still far, or now near, at a
                        // count of the trip count's residue that every role
                        // in the loops is still below.
                        let mut rests = vec![Count::Far(residue)];
                        let top = offsets.iter().map(|o| o - low).max().unwrap_or(0);
                        for r in (group.near_end - low).max(top + 1).max(0)..group.near_end {
                            let fits = match (group.exact, moved.base) {
                                (Some(n), Count::Near(b)) => b + r == n,
                                _ => (moved.base_value() + r - residue).rem_euclid(group.period) == 0,
                            };
                            if fits {
                                rests.push(Count::Near(r));
                            }
                        }
                        rests
                    }
                };
                for rest in rests {
                    let mut shifted = config.clone();
                    shifted.groups[g] = Some(Group { rest: Some(rest), ..moved.clone() });
                    for frame in shifted.roles.iter_mut().flat_map(|r| r.frames.iter_mut()) {
                        if let Some(LoopFrame { iteration: Iteration::Linked(h, o), .. }) = &mut frame.looping {
                            if *h == g {
                                *o -= low;
                            }
                        }
                    }
                    // The instances of the loops nested in this group's
                    // name their iteration of it as an offset too.
                    for inner in shifted.groups.iter_mut().flatten() {
                        for it in &mut inner.instance {
                            if let Iteration::Linked(h, o) = it {
                                if *h == g {
                                    *o -= low;
                                }
                            }
                        }
                    }
                    work.push(shifted);
                }
                continue 'configs;
            }
            let mut config = config;
            Self::free_groups(&mut config);
            done.push(config);
        }
        Step::Moved(done)
    }

    /// Frees the groups of nested loops no role is in and every member of
    /// which has been entered: an inner loop's instance once the last role
    /// has left it (the next instance starts a group of its own), so that
    /// the explored state does not grow with the outer loop's iterations.
    /// (A loop around no other waiting loop is entered once per role: its
    /// group stays, for a role that enters after the others left.) Then
    /// numbers the groups left in one order (outer before inner, by
    /// instance and trip count), so that configurations that differ only in
    /// where a freed group's number was are one.
    fn free_groups(config: &mut Config<'c, 'a>) {
        for g in 0..config.groups.len() {
            if config.groups[g].as_ref().is_some_and(|group| !group.instance.is_empty() && !group.open()) && config.offsets(g).is_empty() {
                let nested_in_it = config.groups.iter().flatten().any(|inner| inner.instance.iter().any(|it| matches!(it, Iteration::Linked(h, _) if *h == g)));
                if !nested_in_it {
                    config.groups[g] = None;
                }
            }
        }
        // New numbers, level by level: a group's key names the groups
        // around it by their new numbers.
        let mut renumber: HashMap<usize, usize> = HashMap::new();
        let mut order: Vec<usize> = Vec::new();
        let deepest = config.groups.iter().flatten().map(|g| g.instance.len()).max().unwrap_or(0);
        for depth in 0..=deepest {
            let mut level: Vec<((Vec<Iteration>, &Affine), usize)> = Vec::new();
            for (g, group) in config.groups.iter().enumerate() {
                let Some(group) = group.as_ref().filter(|group| group.instance.len() == depth) else { continue };
                let instance: Vec<Iteration> = group.instance.iter().map(|it| Self::renumbered(*it, &renumber)).collect();
                level.push(((instance, &group.trips), g));
            }
            level.sort();
            for (_, g) in level {
                renumber.insert(g, order.len());
                order.push(g);
            }
        }
        if order.iter().enumerate().all(|(new, old)| new == *old) && order.len() == config.groups.len() {
            return;
        }
        let mut groups: Vec<Option<Group>> = order.iter().map(|g| config.groups[*g].take()).collect();
        for group in groups.iter_mut().flatten() {
            for it in &mut group.instance {
                *it = Self::renumbered(*it, &renumber);
            }
        }
        config.groups = groups;
        for frame in config.roles.iter_mut().flat_map(|r| r.frames.iter_mut()) {
            if let Some(lf) = &mut frame.looping {
                lf.iteration = Self::renumbered(lf.iteration, &renumber);
            }
        }
    }

    fn renumbered(iteration: Iteration, renumber: &HashMap<usize, usize>) -> Iteration {
        match iteration {
            Iteration::Linked(g, o) => Iteration::Linked(renumber.get(&g).copied().unwrap_or(g), o),
            exact => exact,
        }
    }

    /// The waiting loops around `op` (a loop nested in another links per
    /// instance of the outer one).
    fn waiting_depth(&self, op: OperationRef<'c, 'a>) -> usize {
        ir::ancestors(op).skip(1).filter(|a| Upstream::ScfFor.is(*a) && self.blocks(*a)).count()
    }

    /// The remaining counts a new group may start with: its constant count,
    /// or each count in its exact zone the case allows and each residue of
    /// a larger one.
    fn trip_counts(&self, group: &Group) -> Vec<Count> {
        if let Some(n) = group.exact {
            return vec![if n < group.near_end { Count::Near(n) } else { Count::Far(n.rem_euclid(group.period)) }];
        }
        let (low, high) = self.bindings.case().and_then(|c| c.range(&group.trips)).unwrap_or((0, i128::from(i64::MAX)));
        let mut counts: Vec<Count> = (low.max(0)..=high.min(i128::from(group.near_end - 1))).filter_map(|n| i64::try_from(n).ok()).map(Count::Near).collect();
        if high >= i128::from(group.near_end) {
            counts.extend((0..group.period).map(Count::Far));
        }
        counts
    }

    /// After a new group's count is chosen: the roles in its loops rebind
    /// their iteration (a zero count leaves at once).
    fn restart_linked(&mut self, config: &mut Config<'c, 'a>, g: usize) {
        for r in 0..config.roles.len() {
            if config.roles[r].frames.last().and_then(Frame::linked).is_none_or(|(h, _)| h != g) {
                continue;
            }
            std::mem::swap(&mut self.bindings, &mut config.roles[r].bindings);
            if !self.begin_iteration(config, r) {
                self.leave_loop(config, r);
            }
            std::mem::swap(&mut self.bindings, &mut config.roles[r].bindings);
        }
    }
}

fn lcm(a: i64, b: i64) -> i64 {
    let g = symbolic::gcd(i128::from(a), i128::from(b)) as i64;
    (a / g.max(1)).saturating_mul(b)
}
