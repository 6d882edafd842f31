//! The pipelined loop as items and steps: what the schedule
//! (`schedule.rs`) hands the emitter (`emit.rs`).
//!
//! The emitted loop is a fixed skeleton: prologue steps `g = 0 .. L-1`, a
//! body step repeated while every stage is active, and epilogue steps
//! `e = 0 .. L-1` (`L` is the last stage). Each step runs the loop's items
//! (synchronous ops and async groups) in order; an item of stage `s` in step
//! `g` works on iteration `k = g - s`.
//!
//! An item's needs name the group instances that must be complete before it
//! runs: group `G` of iteration `k - distance`. The emitter writes each need
//! as a token-form wait on that instance's group value (carried through the
//! body loop's iter_args as far back as the farthest need), and the recount
//! (`transform::recount::to_count`, the in-flight analysis) gives every wait
//! its count: the largest that still completes what it names. There is no
//! count engine here: the pipeliner's counts and every other pass's come
//! from the same analysis. (Until 2026-11-28 this file simulated the
//! emitted trace to count; every pipeliner test keeps its counts.)

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
