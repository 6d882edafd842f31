//! Exact wait counts for a pipelined loop, from a simulated trace.
//!
//! The emitted loop is a fixed skeleton: prologue steps `g = 0 .. L-1`, a
//! body step repeated while every stage is active, and epilogue steps
//! `e = 0 .. L-1` (`L` is the last stage). Each step runs the loop's items
//! (synchronous ops and async groups) in order; an item of stage `s` in step
//! `g` works on iteration `k = g - s` and is guarded by `0 <= k < N`.
//!
//! A wait before an item must complete the groups it needs: group instance
//! `(G, k - distance)` on `G`'s queue. Queues complete in FIFO order, so the
//! largest safe count is the number of groups committed to that queue after
//! the needed one. The count of a wait site is the minimum over every time
//! it runs: over all body iterations, and, for a trip count unknown at
//! compile time, over every trip count the pipelined form runs for (N > L;
//! the pattern repeats once `N > 2L`, so trip counts up to `2L + 3` cover
//! every case).
//!
//! Waits already implied by earlier waits are then dropped, one at a time
//! (dropping two at once could remove a pair that each relied on the other).

use std::collections::{BTreeMap, HashMap};

/// One item of a step: an async group or a synchronous op.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub stage: usize,
    /// The queue it commits to, for an async group.
    pub commits: Option<i64>,
    pub needs: Vec<Need>,
}

/// Group instance `(item, k - distance)` must be complete before the item
/// runs for iteration `k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need {
    pub group: usize,
    pub distance: i64,
}

/// Where a step sits in the emitted code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    Prologue(usize),
    Body,
    Epilogue(usize),
}

/// A wait: before `item` in `step`, on `queue`.
pub type Site = (Step, usize, i64);

/// The waits to emit: site -> count, and the queues to drain after the
/// epilogue.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Waits {
    pub counts: BTreeMap<Site, i64>,
    /// Queues on which groups of the loop may still be in flight after the
    /// epilogue (no later item waited for them: an async stage whose results
    /// no later stage reads). The original loop's copies were complete after
    /// it, so the pipelined code waits for them there, with count 0.
    pub drain: Vec<i64>,
}

impl Waits {
    /// The waits before `item` in `step`, as (queue, count).
    pub fn before(&self, step: Step, item: usize) -> Vec<(i64, i64)> {
        self.counts
            .range((step, item, i64::MIN)..=(step, item, i64::MAX))
            .map(|((_, _, q), c)| (*q, *c))
            .collect()
    }
}

/// The trip counts to simulate: one with the known trip count's counts, or
/// every distinct pattern.
pub fn trip_counts(items: &[Item], known: Option<i64>, last: usize) -> Vec<i64> {
    match known {
        Some(n) => vec![n.clamp(0, settled_trip_count(items, last))],
        // The pipelined form of a run-time trip count runs only when N > L.
        None => (last as i64 + 1..=2 * last as i64 + 3).collect(),
    }
}

/// A trip count past which the counts no longer change: after `2L + 3 + D`
/// iterations (`D` the largest need distance) every further body iteration
/// repeats the one before it in the positions of the groups it needs, and
/// the epilogue sees the same last iterations. Simulating it instead of a
/// larger known trip count keeps the pipeliner's cost independent of the
/// trip count (`larger_trip_counts_settle` checks the claim).
fn settled_trip_count(items: &[Item], last: usize) -> i64 {
    let distance = items.iter().flat_map(|item| &item.needs).map(|need| need.distance).max().unwrap_or(0);
    (2 * last as i64 + 3).saturating_add(distance.max(0))
}

/// Calls `visit(step, item, k)` for every active item instance, in program order.
pub fn trace(items: &[Item], last: usize, n: i64, mut visit: impl FnMut(Step, usize, i64)) {
    let l = last as i64;
    for g in 0..l {
        for (index, item) in items.iter().enumerate() {
            let k = g - item.stage as i64;
            if k >= 0 && k < n {
                visit(Step::Prologue(g as usize), index, k);
            }
        }
    }
    for g in l..n {
        for (index, item) in items.iter().enumerate() {
            visit(Step::Body, index, g - item.stage as i64);
        }
    }
    for e in 0..l {
        for (index, item) in items.iter().enumerate() {
            let stage = item.stage as i64;
            let k = n.max(l) + e - stage;
            if stage > e && k < n {
                visit(Step::Epilogue(e as usize), index, k);
            }
        }
    }
}

/// A need of one item instance, resolved in a simulated run: the queue and
/// the position of the needed group among that queue's commits (None if it
/// was never committed).
struct Resolved {
    queue: i64,
    position: Option<usize>,
}

/// Simulates the emitted code for trip count `n`, calling `visit(step,
/// item, needs, committed)` before each active item instance commits its own
/// group; `committed(queue)` is the number of groups committed so far.
fn replay(items: &[Item], last: usize, n: i64, mut visit: impl FnMut(Step, usize, &[Resolved], &dyn Fn(i64) -> usize)) {
    // Per queue, how many groups were committed; and where the latest group
    // of each item instance is among them (a map, not a search of the
    // list: the list grows with stages times trip count).
    let mut committed: HashMap<i64, usize> = HashMap::new();
    let mut latest: HashMap<(i64, usize, i64), usize> = HashMap::new();
    trace(items, last, n, |step, index, k| {
        let item = &items[index];
        let needs: Vec<Resolved> = item
            .needs
            .iter()
            .filter(|need| k >= need.distance)
            .map(|need| {
                let queue = items[need.group].commits.expect("a need names an async group");
                let wanted = k - need.distance;
                Resolved { queue, position: latest.get(&(queue, need.group, wanted)).copied() }
            })
            .collect();
        visit(step, index, &needs, &|queue| committed.get(&queue).copied().unwrap_or(0));
        if let Some(queue) = item.commits {
            let count = committed.entry(queue).or_default();
            latest.insert((queue, index, k), *count);
            *count += 1;
        }
    });
}

/// Computes the exact waits. Fails with a message if a needed group is
/// never committed before its consumer (a scheduling bug, not user error).
pub fn compute(items: &[Item], last: usize, known_trip_count: Option<i64>) -> Result<Waits, String> {
    compute_for(items, last, &trip_counts(items, known_trip_count, last))
}

/// `compute` over the given trip counts.
fn compute_for(items: &[Item], last: usize, trips: &[i64]) -> Result<Waits, String> {

    // Phase 1: the largest safe count of every site.
    let mut waits = Waits::default();
    let mut error = None;
    for &n in trips {
        replay(items, last, n, |step, index, needs, committed| {
            for need in needs {
                let Some(position) = need.position else {
                    error.get_or_insert(format!("item {index} in {step:?} needs a group that is not committed before it"));
                    continue;
                };
                let count = (committed(need.queue) - 1 - position) as i64;
                let entry = waits.counts.entry((step, index, need.queue)).or_insert(count);
                *entry = (*entry).min(count);
            }
        });
    }
    if let Some(error) = error {
        return Err(error);
    }

    // Phase 2: drop the waits that earlier kept waits already imply.
    while let Some(site) = first_redundant(items, last, trips, &waits) {
        waits.counts.remove(&site);
    }

    // Phase 3: what no kept wait completes by the end.
    waits.drain = in_flight_at_end(items, last, trips, &waits);
    Ok(waits)
}

/// Per queue, whether some trip count leaves a group that no kept wait
/// completed in flight after the epilogue.
fn in_flight_at_end(items: &[Item], last: usize, trips: &[i64], waits: &Waits) -> Vec<i64> {
    let mut queues = std::collections::BTreeSet::new();
    for &n in trips {
        let mut complete: HashMap<i64, usize> = HashMap::new();
        let mut committed: HashMap<i64, usize> = HashMap::new();
        replay(items, last, n, |step, index, _, count| {
            run_waits(waits, step, index, count, &mut complete);
            if let Some(queue) = items[index].commits {
                committed.insert(queue, count(queue) + 1);
            }
        });
        for (queue, total) in committed {
            if total > complete.get(&queue).copied().unwrap_or(0) {
                queues.insert(queue);
            }
        }
    }
    queues.into_iter().collect()
}

/// A kept wait whose needs are complete every time it runs, if any.
fn first_redundant(items: &[Item], last: usize, trips: &[i64], waits: &Waits) -> Option<Site> {
    let mut needed: HashMap<Site, bool> = waits.counts.keys().map(|s| (*s, false)).collect();
    for &n in trips {
        // Per queue, how many of its first groups are known complete.
        let mut complete: HashMap<i64, usize> = HashMap::new();
        replay(items, last, n, |step, index, needs, committed| {
            for need in needs {
                let position = need.position.expect("phase 1 found every group");
                if position >= *complete.get(&need.queue).unwrap_or(&0) {
                    needed.insert((step, index, need.queue), true);
                }
            }
            run_waits(waits, step, index, committed, &mut complete);
        });
    }
    needed.into_iter().filter(|(_, n)| !n).map(|(s, _)| s).min()
}

/// Runs the kept waits before `index` in `step`: per queue, how many of its
/// first groups are known complete (`committed(queue)` so far).
fn run_waits(waits: &Waits, step: Step, index: usize, committed: &dyn Fn(i64) -> usize, complete: &mut HashMap<i64, usize>) {
    for (queue, count) in waits.before(step, index) {
        let entry = complete.entry(queue).or_insert(0);
        *entry = (*entry).max(committed(queue).saturating_sub(count as usize));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(stage: usize, queue: i64, needs: Vec<Need>) -> Item {
        Item { stage, commits: Some(queue), needs }
    }
    fn sync(stage: usize, needs: Vec<Need>) -> Item {
        Item { stage, commits: None, needs }
    }
    fn need(group: usize) -> Need {
        Need { group, distance: 0 }
    }

    /// The seed's interleaved producers: A (stage 0), consumer (stage 3), B (stage 0).
    #[test]
    fn interleaved_count_is_five() {
        let items = vec![group(0, 0, vec![]), sync(3, vec![need(0), need(2)]), group(0, 0, vec![])];
        let waits = compute(&items, 3, Some(16)).unwrap();
        assert_eq!(waits.before(Step::Body, 1), vec![(0, 5)]);
        // Two groups per iteration stay in flight until the queue drains.
        assert_eq!(waits.before(Step::Epilogue(0), 1), vec![(0, 4)]);
        assert_eq!(waits.before(Step::Epilogue(1), 1), vec![(0, 2)]);
        assert_eq!(waits.before(Step::Epilogue(2), 1), vec![(0, 0)]);
    }

    /// Two stages; the epilogue waits for the last group with count 0.
    #[test]
    fn two_stages() {
        let items = vec![group(0, 0, vec![]), sync(1, vec![need(0)])];
        let waits = compute(&items, 1, Some(8)).unwrap();
        assert_eq!(waits.before(Step::Prologue(0), 1), vec![]);
        assert_eq!(waits.before(Step::Body, 1), vec![(0, 1)]);
        assert_eq!(waits.before(Step::Epilogue(0), 1), vec![(0, 0)]);
    }

    /// A dynamic trip count takes the minimum over trip counts.
    #[test]
    fn dynamic_trip_count_is_safe_for_all() {
        let items = vec![group(0, 0, vec![]), sync(2, vec![need(0)])];
        let waits = compute(&items, 2, None).unwrap();
        assert_eq!(waits.before(Step::Body, 1), vec![(0, 2)]);
        // The pipelined form runs for N > 2 only: the counts of a long loop.
        assert_eq!(waits.before(Step::Epilogue(0), 1), vec![(0, 1)]);
        assert_eq!(waits.before(Step::Epilogue(1), 1), vec![(0, 0)]);
    }

    /// Simulating the settled trip count gives the counts of every larger
    /// one, for random schedules (stages, queues, needs across iterations).
    #[test]
    fn larger_trip_counts_settle() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        let mut checked = 0;
        for _ in 0..200 {
            let last = 1 + next(4) as usize;
            let count = 2 + next(5) as usize;
            let mut items: Vec<Item> = Vec::new();
            for index in 0..count {
                let stage = next(last as u64 + 1) as usize;
                let groups: Vec<usize> = (0..index).filter(|&g| items[g].commits.is_some() && items[g].stage <= stage).collect();
                let mut needs = Vec::new();
                if !groups.is_empty() && next(2) == 0 {
                    let group = groups[next(groups.len() as u64) as usize];
                    needs.push(Need { group, distance: next(3) as i64 });
                }
                let commits = if next(2) == 0 { Some(next(2) as i64) } else { None };
                items.push(Item { stage, commits, needs });
            }
            let settled = settled_trip_count(&items, last);
            let Ok(expected) = compute_for(&items, last, &[settled]) else { continue };
            for n in settled..settled + 12 {
                assert_eq!(compute_for(&items, last, &[n]), Ok(expected.clone()), "{items:?}, last {last}, n {n}");
            }
            assert_eq!(compute(&items, last, Some(i64::MAX)), Ok(expected));
            checked += 1;
        }
        assert!(checked >= 100, "only {checked} random schedules were valid");
    }

    /// An async stage that no later stage reads leaves its groups in flight:
    /// the pipelined code drains its queue after the epilogue. Consumers that
    /// wait with count 0 at the end leave nothing to drain.
    #[test]
    fn unconsumed_groups_are_drained() {
        let items = vec![group(0, 0, vec![])];
        assert_eq!(compute(&items, 0, Some(64)).unwrap().drain, vec![0]);
        let items = vec![group(0, 1, vec![]), group(0, 0, vec![]), sync(1, vec![need(1)])];
        assert_eq!(compute(&items, 1, Some(64)).unwrap().drain, vec![1]);
        let items = vec![group(0, 0, vec![]), sync(2, vec![need(0)])];
        assert_eq!(compute(&items, 2, None).unwrap().drain, Vec::<i64>::new());
    }

    /// A later wait with a smaller count makes the earlier one redundant only
    /// when it comes first.
    #[test]
    fn redundant_waits_are_dropped() {
        // Two consumers of the same group in stage 1; the second needs nothing new.
        let items = vec![group(0, 0, vec![]), sync(1, vec![need(0)]), sync(1, vec![need(0)])];
        let waits = compute(&items, 1, Some(8)).unwrap();
        assert_eq!(waits.before(Step::Body, 1), vec![(0, 1)]);
        assert_eq!(waits.before(Step::Body, 2), vec![]);
    }
}
