//! Thread scope: which threads of a block may touch the elements an access
//! touches.
//!
//! In a kernel every thread of a block runs the same code, and threads share
//! workgroup memory. An async copy's wait (`cp.async.wait_group`) covers
//! only the copies of the thread that issued them, and a block barrier does
//! not complete anyone's copies: data one thread copied is visible to another
//! only after the copying thread's covering wait *and* a barrier (the
//! async-side-effects document's point). Whether an access needs that
//! depends on whether another thread may touch its elements.
//!
//! An index is a [`ThreadForm`]: a constant plus a multiple of each thread
//! id (`gpu.thread_id x/y/z`), the other values it depends on (loop
//! induction variables) being fixed by the analysis that asks. Two threads
//! `t != t'` touch disjoint slices when, in some dimension, both slices use
//! the same thread coefficients `c` and `c . (t - t')` moves one slice past
//! the other for every such pair ([`disjoint_across_threads`]): thread `t`
//! copying row `t` and reading row `t` is thread-private; reading row
//! `t + 1` is not. Anything the forms do not show is shared.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::upstream::reads_thread_id;
use crate::passes::ir::{self, slices, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, Value};
use std::collections::HashSet;

/// The coefficients of thread ids x, y and z in an index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ThreadTerms(pub [i64; 3]);

impl ThreadTerms {
    pub fn is_zero(&self) -> bool {
        self.0 == [0; 3]
    }

    pub fn add(&self, other: &Self) -> Option<Self> {
        let mut sum = [0; 3];
        for k in 0..3 {
            sum[k] = self.0[k].checked_add(other.0[k])?;
        }
        Some(ThreadTerms(sum))
    }

    fn scale(&self, factor: i64) -> Option<Self> {
        let mut scaled = [0; 3];
        for k in 0..3 {
            scaled[k] = self.0[k].checked_mul(factor)?;
        }
        Some(ThreadTerms(scaled))
    }
}

/// `constant + Σ c_k * thread_id_k`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreadForm {
    pub constant: i64,
    pub threads: ThreadTerms,
}

impl ThreadForm {
    fn add(self, other: Self) -> Option<Self> {
        Some(ThreadForm { constant: self.constant.checked_add(other.constant)?, threads: self.threads.add(&other.threads)? })
    }

    fn scale(self, factor: i64) -> Option<Self> {
        Some(ThreadForm { constant: self.constant.checked_mul(factor)?, threads: self.threads.scale(factor)? })
    }
}

/// How deep [`thread_form`] follows an index's definitions.
const DEPTH: usize = 16;

/// `value` as a [`ThreadForm`]: `known` gives the values the caller fixes
/// (constants, bound induction variables); thread ids, sums, differences,
/// products by a known factor and index casts of those are followed. None
/// for anything else (then the index is unknown, and the access shared).
pub fn thread_form(value: Value, known: &impl Fn(Value) -> Option<i64>) -> Option<ThreadForm> {
    form_at(value, known, DEPTH)
}

fn form_at(value: Value, known: &impl Fn(Value) -> Option<i64>, depth: usize) -> Option<ThreadForm> {
    if let Some(constant) = known(value) {
        return Some(ThreadForm { constant, threads: ThreadTerms::default() });
    }
    let op = ir::defining_op(value)?;
    if depth == 0 {
        return None;
    }
    let operand = |i: usize| op.operand_at(i).and_then(|v| form_at(v, known, depth - 1));
    match Upstream::of(op)? {
        Upstream::GpuThreadId => {
            let mut threads = [0; 3];
            threads[ir::gpu_dimension(op)?] = 1;
            Some(ThreadForm { constant: 0, threads: ThreadTerms(threads) })
        }
        Upstream::ArithAddi => operand(0)?.add(operand(1)?),
        Upstream::ArithSubi => operand(0)?.add(operand(1)?.scale(-1)?),
        Upstream::ArithMuli => {
            let (a, b) = (operand(0)?, operand(1)?);
            match (a.threads.is_zero(), b.threads.is_zero()) {
                (true, _) => b.scale(a.constant),
                (_, true) => a.scale(b.constant),
                _ => None,
            }
        }
        Upstream::AffineApply => {
            let (expr, dims, values) = slices::affine_apply(op)?;
            let operands: Vec<Option<ThreadForm>> = values.iter().map(|v| form_at(*v, known, depth - 1)).collect();
            expr.evaluate(&ThreadForms, dims, &operands)
        }
        // Thread ids are small and non-negative: these casts keep them.
        Upstream::ArithIndexCast | Upstream::ArithIndexCastui | Upstream::IndexCasts | Upstream::IndexCastu | Upstream::ArithExtsi | Upstream::ArithExtui => operand(0),
        _ => None,
    }
}

/// Affine maps over thread forms: sums and products by constants; `mod`
/// and divisions only of constants (of a thread id they are no multiple of
/// it).
struct ThreadForms;

impl slices::AffineDomain for ThreadForms {
    type Value = ThreadForm;

    fn constant(&self, value: i128) -> Option<ThreadForm> {
        Some(ThreadForm { constant: i64::try_from(value).ok()?, threads: ThreadTerms::default() })
    }

    fn as_constant(&self, value: &ThreadForm) -> Option<i128> {
        value.threads.is_zero().then_some(i128::from(value.constant))
    }

    fn add(&self, a: &ThreadForm, b: &ThreadForm) -> Option<ThreadForm> {
        a.add(*b)
    }

    fn scale(&self, a: &ThreadForm, factor: i128) -> Option<ThreadForm> {
        a.scale(i64::try_from(factor).ok()?)
    }

    fn divide(&self, _: &ThreadForm, _: slices::Division, _: i128) -> Option<ThreadForm> {
        None
    }
}

/// The block's size in x, y and z where it is known (`known_block_size` on
/// a `gpu.func`); None: it may be anything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockShape(pub [Option<i64>; 3]);

impl BlockShape {
    /// The shape `function` declares (a `gpu.func`'s `known_block_size`).
    pub fn of(function: OperationRef) -> Self {
        match ir::known_block_size(function) {
            Some(sizes) => BlockShape([Some(sizes[0]), Some(sizes[1]), Some(sizes[2])]),
            None => BlockShape::default(),
        }
    }

    /// Whether two threads of the block may differ in dimension `k`.
    fn varies(&self, k: usize) -> bool {
        self.0[k] != Some(1)
    }
}

/// One dimension of a slice: its first index (with the thread terms of
/// that index) and its extent, None where unknown.
#[derive(Clone, Copy, Debug)]
pub struct Span {
    pub start: Option<i64>,
    pub threads: ThreadTerms,
    pub extent: Option<i64>,
}

/// Whether slice `a` as thread `t` touches it and slice `b` as thread
/// `t'` touches it are disjoint for every `t != t'` of a block of `shape`.
/// A dimension where both use the same thread coefficients `c` separates
/// the pairs that differ in a thread id `c` uses, when `|c . (t - t')|` is
/// at least the smallest coefficient (the coefficients form a mixed radix
/// over the block's known sizes) and that shift always moves the slices
/// apart; a dimension without thread terms separates every pair when its
/// spans are disjoint. Every thread id the block may vary in must be
/// separated by some dimension. Slices of different ranks, or with any
/// unknown, are not disjoint (an empty list is the whole buffer).
pub fn disjoint_across_threads(a: &[Span], b: &[Span], shape: &BlockShape) -> bool {
    if a.len() != b.len() || a.is_empty() {
        return false;
    }
    let mut separated = [false; 3];
    for (x, y) in a.iter().zip(b) {
        let (Some(o1), Some(e1), Some(o2), Some(e2)) = (x.start, x.extent, y.start, y.extent) else { continue };
        if x.threads != y.threads {
            continue;
        }
        let (o1, e1, o2, e2) = (i128::from(o1), i128::from(e1), i128::from(o2), i128::from(e2));
        // Thread ids the block does not vary in are 0 for every thread.
        let varying = ThreadTerms([0, 1, 2].map(|k| if shape.varies(k) { x.threads.0[k] } else { 0 }));
        if varying.is_zero() {
            if o1 + e1 <= o2 || o2 + e2 <= o1 {
                return true; // disjoint for every pair of threads
            }
            continue;
        }
        let Some(spacing) = spacing(&varying, shape) else { continue };
        // Thread t's span shifted by x = c . (t - t'), |x| >= spacing, never
        // meets thread t''s: the shifts that would, (o2 - o1 - e1, o2 - o1 +
        // e2), all lie strictly inside (-spacing, spacing).
        if o2 - o1 - e1 >= -spacing && o2 - o1 + e2 <= spacing {
            for k in 0..3 {
                separated[k] |= varying.0[k] != 0;
            }
        }
    }
    (0..3).all(|k| separated[k] || !shape.varies(k))
}

/// For thread coefficients `c`, the least `|c . d|` over thread
/// differences `d` that are nonzero in some dimension `c` uses: the
/// smallest `|c_k|`, when sorted by size each coefficient is at least the
/// previous one times its dimension's (known) size. None when `c` is zero
/// or that cannot be shown.
fn spacing(c: &ThreadTerms, shape: &BlockShape) -> Option<i128> {
    let mut used: Vec<(i128, usize)> = (0..3).filter(|&k| c.0[k] != 0).map(|k| (i128::from(c.0[k]).abs(), k)).collect();
    used.sort();
    let smallest = used.first()?.0;
    for pair in used.windows(2) {
        let ((a, k), (b, _)) = (pair[0], pair[1]);
        let size = i128::from(shape.0[k]?);
        if b < a.checked_mul(size)? {
            return None;
        }
    }
    Some(smallest)
}

/// The values that may differ between the threads of a block: those
/// computed, through any chain of ops, from a thread id (`gpu.thread_id`,
/// `gpu.lane_id`, the NVVM thread and lane registers), including loop
/// arguments and results that such values flow into. Values that travel
/// through memory are not followed (a load at a thread-invariant address
/// is the same in every thread).
/// What makes the control around an op depend on the thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Divergence {
    /// An `scf.if` condition.
    Condition,
    /// An `scf.for`'s bounds or step.
    Bounds,
    /// An `scf.while` (its condition is computed in its region; not followed).
    While,
}

/// The innermost op around `op`, inside its function, under which some
/// threads of a block may run `op` and others not: an `scf.if` whose
/// condition or an `scf.for` whose bounds or step are in `varying`
/// ([`thread_dependent`]), or, when `while_diverges`, any `scf.while`.
pub fn divergent_ancestor<'c, 'a>(
    op: OperationRef<'c, 'a>,
    varying: &HashSet<ValueKey>,
    while_diverges: bool,
) -> Option<(OperationRef<'c, 'a>, Divergence)> {
    let varies = |op: OperationRef, operands: std::ops::Range<usize>| {
        operands.into_iter().any(|i| op.operand_at(i).is_some_and(|v| varying.contains(&ValueKey::of(v))))
    };
    ir::ancestors(op).take_while(|p| !ir::is_function(*p)).find_map(|p| {
        let divergence = match Upstream::of(p) {
            Some(Upstream::ScfIf) if varies(p, 0..1) => Divergence::Condition,
            Some(Upstream::ScfFor) if varies(p, 0..3) => Divergence::Bounds,
            Some(Upstream::ScfWhile) if while_diverges => Divergence::While,
            _ => return None,
        };
        Some((p, divergence))
    })
}

pub fn thread_dependent(ops: &[OperationRef]) -> HashSet<ValueKey> {
    let mut varying = HashSet::new();
    let key = |v: Value| ValueKey::of(v);
    // To a fixpoint: loops carry values back to their tops.
    loop {
        let before = varying.len();
        for op in ops {
            let from_operands = op.operands().any(|v| varying.contains(&key(v)));
            if reads_thread_id(*op) || from_operands {
                for result in op.results() {
                    varying.insert(key(result.into()));
                }
            }
            match Upstream::of(*op) {
                // Iteration arguments follow their initial values.
                Some(Upstream::ScfFor) => {
                    if let Some(body) = op.region_at(0).and_then(|r| r.first_block()) {
                        for (i, init) in op.operands().enumerate().skip(3) {
                            if varying.contains(&key(init)) {
                                if let Ok(argument) = body.argument(i - 2) {
                                    varying.insert(key(argument.into()));
                                }
                            }
                        }
                    }
                }
                // ...and what a loop yields back (and an if's results).
                Some(Upstream::ScfYield) => {
                    let Some(parent) = op.parent_operation() else { continue };
                    for (i, value) in op.operands().enumerate() {
                        if !varying.contains(&key(value)) {
                            continue;
                        }
                        if let Ok(result) = parent.result(i) {
                            varying.insert(key(result.into()));
                        }
                        if Upstream::ScfFor.is(parent) {
                            if let Some(argument) =
                                parent.region_at(0).and_then(|r| r.first_block()).and_then(|b| b.argument_at(i + 1))
                            {
                                varying.insert(key(argument.into()));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if varying.len() == before {
            return varying;
        }
    }
}

/// Whether `function`, whose nested ops are `ops`, runs as a block of
/// threads: a `gpu.func`, or a body that reads thread ids, launches a grid
/// or synchronizes a block.
pub fn is_block_scope(function: OperationRef, ops: &[OperationRef]) -> bool {
    Upstream::GpuFunc.is(function)
        || ops.iter().any(|&op| reads_thread_id(op) || matches!(Upstream::of(op), Some(Upstream::GpuBarrier | Upstream::GpuLaunch)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(start: i64, threads: [i64; 3], extent: i64) -> Span {
        Span { start: Some(start), threads: ThreadTerms(threads), extent: Some(extent) }
    }

    /// Brute force over a small block: whether some t != t' overlap.
    fn overlap_somewhere(a: &[Span], b: &[Span], sizes: [i64; 3]) -> bool {
        let threads: Vec<[i64; 3]> = (0..sizes[0])
            .flat_map(|x| (0..sizes[1]).flat_map(move |y| (0..sizes[2]).map(move |z| [x, y, z])))
            .collect();
        let at = |s: &Span, t: &[i64; 3]| s.start.unwrap() + (0..3).map(|k| s.threads.0[k] * t[k]).sum::<i64>();
        threads.iter().any(|t| {
            threads.iter().any(|u| {
                t != u && a.iter().zip(b).all(|(x, y)| {
                    let (p, q) = (at(x, t), at(y, u));
                    p < q + y.extent.unwrap() && q < p + x.extent.unwrap()
                })
            })
        })
    }

    /// Every "disjoint" answer agrees with enumeration, on random slices.
    #[test]
    fn disjointness_is_sound() {
        let mut seed: u64 = 0x9e3779b97f4a7c15;
        let mut next = |n: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as i64
        };
        let mut proved = 0;
        for _ in 0..20000 {
            let sizes = [1 + next(4), 1 + next(3), 1 + next(2)];
            let known = next(2) == 0;
            let shape = BlockShape(if known { sizes.map(Some) } else { [None; 3] });
            let rank = 1 + next(2) as usize;
            let mut a = Vec::new();
            let mut b = Vec::new();
            for _ in 0..rank {
                let threads = [next(5) - 1, next(3) * next(2), next(2) * 4];
                let other = if next(4) == 0 { [next(3), 0, 0] } else { threads };
                a.push(span(next(6), threads, 1 + next(3)));
                b.push(span(next(6), other, 1 + next(3)));
            }
            if disjoint_across_threads(&a, &b, &shape) {
                proved += 1;
                assert!(!overlap_somewhere(&a, &b, sizes), "{a:?} {b:?} {shape:?}");
            }
        }
        assert!(proved > 1000, "the check proves something ({proved})");
    }

    #[test]
    fn rows_per_thread() {
        let row = |start| vec![span(start, [1, 0, 0], 1), span(0, [0; 3], 8)];
        let shape = BlockShape::default();
        assert!(!disjoint_across_threads(&row(0), &row(0), &shape), "threads that differ in y share a row");
        let shape = BlockShape([None, Some(1), Some(1)]);
        assert!(disjoint_across_threads(&row(0), &row(0), &shape));
        assert!(!disjoint_across_threads(&row(0), &row(1), &shape), "row t + 1 is another thread's");
        // y must be separated too when the block may vary in it.
        let linear = |start| vec![span(start, [1, 32, 0], 1)];
        assert!(!disjoint_across_threads(&linear(0), &linear(0), &BlockShape::default()), "x = 32 meets y = 1");
        let shape = BlockShape([Some(32), Some(4), Some(1)]);
        assert!(disjoint_across_threads(&linear(0), &linear(0), &shape));
        let shape = BlockShape([Some(33), Some(4), Some(1)]);
        assert!(!disjoint_across_threads(&linear(0), &linear(0), &shape), "x = 32 meets y = 1");
    }
}
