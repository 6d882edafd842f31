//! The hazard model's state at one point of a function, and how ops change
//! it: the groups in flight per queue with the writes and reads they hold,
//! commits, waits and their completion, block barriers, joins of paths and
//! loop exits, and the growth of counts across iterations.

use super::*;

impl State {
    pub(super) fn join(&mut self, other: &State) {
        self.unpublished.extend(other.unpublished.iter().cloned());
        self.shared_reads.extend(other.shared_reads.iter().cloned());
        self.over_counts.extend(other.over_counts.iter().cloned());
        self.inexact.extend(other.inexact.iter().cloned());
        for (op, accesses) in &other.latest {
            self.latest.entry(*op).or_default().extend(accesses.iter().cloned());
        }
        let before = if self.groups.is_empty() { BTreeMap::new() } else { self.pending.clone() };
        for (pending, after) in &other.pending {
            match self.pending.get_mut(pending) {
                Some(mine) => *mine = min_after(*mine, *after),
                None => {
                    self.pending.insert(pending.clone(), *after);
                }
            }
        }
        // A wait completes an access if it does on every path where the
        // access is pending (the join above runs first: `self.pending` now
        // holds both sides, `mine` below is this side's).
        let mine = std::mem::take(&mut self.groups);
        for (group, covered) in mine {
            let Some(theirs) = other.groups.get(&group) else { continue };
            let joined = covered
                .iter()
                .filter(|p| theirs.contains(*p) || !other.pending.contains_key(*p))
                .chain(theirs.iter().filter(|p| !covered.contains(*p) && !before.contains_key(*p)))
                .cloned()
                .collect();
            self.groups.insert(group, joined);
        }
    }

    /// A counting-form commit: every uncommitted access on `queue` joins the
    /// new group. Counts stop at `cap` ([`FunctionFacts::caps`]).
    pub(super) fn commit(&mut self, queue: Queue, cap: i64) {
        for (pending, after) in self.pending.iter_mut() {
            if pending.queue == queue {
                // A lower bound: saturating keeps it one.
                *after = Some(after.map_or(0, |a| a.saturating_add(1).min(cap)));
            }
        }
    }

    /// A token-form commit of the async ops `members` as one group on
    /// `queue`, whose value is `group`, with every counting-form op
    /// (`counting`) still uncommitted on the queue: like any commit on a
    /// queue, it closes the group of those (PTX's `cp.async.commit_group`
    /// commits every copy the thread issued). Other uncommitted token-form
    /// accesses stay uncommitted.
    /// `group` is None for a group value nothing uses: nothing can wait on
    /// it, and what it covers would only tell states apart (a nest whose
    /// every level commits a group would be analyzed once per level around
    /// it).
    pub(super) fn commit_group(&mut self, queue: Queue, cap: i64, members: &HashSet<OpKey>, counting: &HashSet<OpKey>, group: Option<ValueKey>) {
        for (pending, after) in self.pending.iter_mut() {
            if pending.queue != queue {
                continue;
            }
            let member = counting.contains(&pending.producer)
                || (members.contains(&pending.producer)
                    && self.latest.get(&pending.producer).is_none_or(|latest| latest.contains(pending)));
            match after {
                Some(a) => *a = a.saturating_add(1).min(cap),
                None if member => *after = Some(0),
                None => {}
            }
        }
        if let Some(group) = group {
            self.name_group(queue, group);
        }
    }

    /// Records that a wait on `group`, just committed on `queue`, completes
    /// every access committed on the queue so far.
    pub(super) fn name_group(&mut self, queue: Queue, group: ValueKey) {
        let covered = self.pending.iter().filter(|(p, after)| p.queue == queue && after.is_some()).map(|(p, _)| p.clone());
        self.groups.insert(group, covered.collect());
    }

    pub(super) fn wait(&mut self, queue: Queue, count: i64, bulk: &BulkQueues) {
        self.complete(bulk, |pending, after| pending.queue == queue && after.is_some_and(|a| a >= count));
    }

    /// A token-form wait on `group`.
    pub(super) fn wait_group(&mut self, group: ValueKey, bulk: &BulkQueues) {
        if let Some(covered) = self.groups.get(&group).cloned() {
            self.complete(bulk, |pending, _| covered.contains(pending));
        }
    }

    /// Completes, in this thread, the pending accesses `done` selects; its
    /// shared writes stay unpublished until a barrier, except on `bulk`
    /// queues, whose wait completed every thread's copies of the group.
    pub(super) fn complete(&mut self, bulk: &BulkQueues, done: impl Fn(&Pending, &Option<i64>) -> bool) {
        let unpublished = &mut self.unpublished;
        let shared_reads = &mut self.shared_reads;
        self.pending.retain(|pending, after| {
            if !done(pending, after) {
                return true;
            }
            if pending.shared && !bulk.contains(pending.queue) {
                match pending.kind {
                    Kind::Write => {
                        unpublished.insert(pending.clone());
                    }
                    // An async read (an MMA's of its tiles) that this thread's
                    // wait completed may still go on in the other threads,
                    // which have not waited yet: until a barrier, as a read
                    // of theirs.
                    Kind::Read => {
                        shared_reads.insert(SharedRead {
                            reader: pending.producer,
                            base: pending.base,
                            slice: pending.slice.clone(),
                        });
                    }
                }
            }
            false
        });
        self.forget_completed();
    }

    /// How the group counts grew from `self` to `next`, the states at the
    /// tops of consecutive iterations, when nothing else differs: per
    /// pending access, the groups added after it (None otherwise).
    pub(super) fn growth(&self, next: &State) -> Option<Vec<(Pending, i64)>> {
        let mut same = next.clone();
        same.pending = self.pending.clone();
        if same != *self || next.pending.len() != self.pending.len() {
            return None;
        }
        self.pending
            .iter()
            .map(|(pending, before)| match (before, next.pending.get(pending)?) {
                (Some(a), Some(b)) if b >= a => Some((pending.clone(), b - a)),
                (None, None) => Some((pending.clone(), 0)),
                _ => None,
            })
            .collect()
    }

    /// Applies `growth` `times` more times, counts stopping at `cap`.
    pub(super) fn grow(&mut self, growth: &[(Pending, i64)], times: u64, cap: impl Fn(Queue) -> i64) {
        for (pending, added) in growth {
            if let Some(Some(after)) = self.pending.get_mut(pending) {
                let grown = i128::from(*after) + i128::from(*added) * i128::from(times);
                *after = i64::try_from(grown).unwrap_or(i64::MAX).min(cap(pending.queue).max(*after));
            }
        }
    }

    /// `gpu.barrier`: every thread has reached it, so what each completed
    /// before it is visible to all, and their earlier reads are done. It
    /// completes no async operation.
    pub(super) fn barrier(&mut self) {
        self.unpublished.clear();
        self.shared_reads.clear();
    }

    /// A new instance of `pending` was issued: no group covers it yet.
    pub(super) fn issue(&mut self, pending: Pending) {
        self.over_counts.remove(&pending);
        self.inexact.remove(&pending);
        for covered in self.groups.values_mut() {
            covered.remove(&pending);
        }
        self.pending.insert(pending, None);
    }

    /// Marks as [`Self::inexact`] the pending accesses issued, or left with
    /// fewer groups after them, since `entry`.
    pub(super) fn inexact_since(&mut self, entry: &State) {
        let changed: Vec<Pending> =
            self.pending.iter().filter(|(p, after)| entry.pending.get(*p) != Some(*after)).map(|(p, _)| p.clone()).collect();
        self.inexact.extend(changed);
    }

    /// Drops completed accesses from the groups (so that states that differ
    /// only in what has completed compare equal).
    pub(super) fn forget_completed(&mut self) {
        let pending = &self.pending;
        self.over_counts.retain(|p| pending.contains_key(p));
        self.inexact.retain(|p| pending.contains_key(p));
        for accesses in self.latest.values_mut() {
            accesses.retain(|p| pending.contains_key(p));
        }
        for covered in self.groups.values_mut() {
            covered.retain(|p| pending.contains_key(p));
        }
    }

    /// Copies the group of each group-typed `from` value to the `to` value
    /// at the same place (loop-carried groups, region results); a group the
    /// analysis does not know stays unknown.
    pub(super) fn forward_groups<'c, 'a>(&mut self, from: impl Iterator<Item = Value<'c, 'a>>, to: impl Iterator<Item = Value<'c, 'a>>) {
        if self.groups.is_empty() {
            return; // nothing to forward or to forget (always so outside token form)
        }
        // Read every source before writing any target: a yield may pass the
        // loop's own arguments back in another order (a swap).
        let moves: Vec<(ValueKey, Option<BTreeSet<Pending>>)> = from
            .zip(to)
            .filter(|(_, to)| is_group_like(to.r#type()))
            .map(|(from, to)| (ValueKey::of(to), self.groups.get(&ValueKey::of(from)).cloned()))
            .collect();
        for (to, covered) in moves {
            match covered {
                Some(covered) => self.groups.insert(to, covered),
                None => self.groups.remove(&to),
            };
        }
    }
}

pub(super) fn min_after(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        _ => None,
    }
}
