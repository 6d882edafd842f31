//! `asyncpipe-eliminate-barriers`: async-aware barrier elimination.
//!
//! Upstream `-gpu-eliminate-barriers` removes a `gpu.barrier` when the
//! memory effects on either side of it cannot conflict. It cannot know that
//! a wait completes only its own thread's copies, so it reads every wait as
//! "touches any memory" and keeps the barriers around it, needed or not.
//!
//! This pass asks two models, in program order, for each barrier:
//! - the plain accesses of the block's threads, in every memory space
//!   ([`barrier_intervals`]): the barrier stays when some access before it
//!   and some access after it, with no other barrier between, may touch one
//!   element in two threads, one of them writing (loads, stores, vector and
//!   matrix loads, calls and ops of unknown effects, on workgroup, global
//!   and default-space buffers, aliasing through views and arguments);
//! - the queue model of asynchronous copies ([`hazards::first_hazard`],
//!   the one `asyncpipe-place-barriers` asks): the barrier is taken out and
//!   put back if the kernel then has a hazard between threads that it did
//!   not have.
//!
//! What is left is a set where every barrier orders something; barriers on
//! thread-private staging go. With option `explain`, each barrier kept gets
//! a remark saying what it orders.
//!
//! With option `bulk-queues` ([`BulkQueues`]) the queue model knows that a
//! wait on those queues completes every thread's copies: the barriers that
//! only published copies (read-after-write) go, those before a copy over
//! other threads' reads stay.
//!
//! A kernel in which the queue model already finds a hazard keeps every
//! barrier that the queue model would be asked about (nothing can be judged
//! against it); the plain model still judges each.

use crate::passes::analysis::barrier_intervals::Intervals;
use crate::passes::analysis::sync_state::BulkQueues;
use crate::passes::analysis::thread_scope;
use crate::passes::ir::{self, diag, rewrite};
use crate::passes::analysis::hazards::{self, Hazard};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-eliminate-barriers",
    description: "Remove the gpu.barrier ops of a kernel that order nothing between threads, given plain accesses in every memory space, async effects and thread scope",
    anchor: None,
    options: &[
        BulkQueues::OPTION,
        OptionDef {
            name: "explain",
            description: "Emit a remark at each barrier kept, naming what it orders",
            default: "false",
        },
        hazards::SHARED_MAX_STEPS_OPTION,
    ],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let bulk = BulkQueues::from_options(root, options)?;
    let say_why: bool = options.parse(root, "explain")?;
    let max_steps: u64 = options.parse(root, "max-steps")?;
    for function in ir::functions(root) {
        eliminate(function, &bulk, say_why, max_steps);
    }
    Ok(())
}

/// Why a barrier stays ([`eliminate`]).
#[derive(Clone)]
enum Kept {
    /// It orders a pair of plain accesses of different threads.
    Plain(String),
    /// Without it, the queue model finds a hazard between threads.
    Queue,
    /// The queue model finds a hazard with every barrier in place.
    AlreadyHazard,
    /// The queue model could not finish.
    Unknown(String),
}

/// Removes the barriers of `function` that order nothing, waits on `bulk`
/// queues completing every thread's copies; returns how many. With
/// `say_why`, a remark at each barrier kept. The queue model's work over
/// all its questions (one per barrier) is bounded by `max_steps`; once it
/// is spent, the remaining barriers are kept.
pub fn eliminate(function: OperationRef, bulk: &BulkQueues, say_why: bool, max_steps: u64) -> usize {
    let ops = ir::nested_ops(function);
    if !thread_scope::is_block_scope(function, &ops) {
        return 0;
    }
    let mut intervals = Intervals::of(function, &ops, bulk);
    // One budget for every question to the queue model (one per barrier).
    let mut budget = max_steps;
    let queue_clean = match hazards::first_hazard(function, bulk, &mut budget) {
        Hazard::None => Ok(()),
        Hazard::BetweenThreads(_) => Err(Kept::AlreadyHazard),
        Hazard::Unknown(message) => Err(Kept::Unknown(message)),
    };
    let mut removed = 0;
    for barrier in intervals.barriers() {
        let kept = if let Some(pair) = intervals.needed(barrier) {
            Some(Kept::Plain(pair.describe()))
        } else if let Err(reason) = &queue_clean {
            Some(reason.clone())
        } else {
            match queue_allows_removal(function, barrier, bulk, &mut budget) {
                Hazard::None => None,
                Hazard::BetweenThreads(_) => Some(Kept::Queue),
                Hazard::Unknown(message) => Some(Kept::Unknown(message)),
            }
        };
        match kept {
            None => {
                intervals.remove(barrier);
                ir::erase(barrier);
                removed += 1;
            }
            Some(reason) if say_why => {
                let message = match reason {
                    Kept::Plain(pair) => format!("barrier kept: it {pair}"),
                    Kept::Queue => "barrier kept: without it, an asynchronous copy's data meets another thread's access (asyncpipe-verify-sync reports it)".into(),
                    Kept::AlreadyHazard => "barrier kept: the kernel has a hazard between threads with every barrier in place (asyncpipe-verify-sync reports it), so no barrier is judged unneeded against it".into(),
                    Kept::Unknown(message) => format!("barrier kept: the asynchronous model could not finish: {message}"),
                };
                diag::remark(barrier.location(), &message);
            }
            Some(_) => {}
        }
    }
    removed
}

/// What the queue model finds with `barrier` taken out (Hazard::None: it
/// may go); the IR is as before when it returns.
fn queue_allows_removal(function: OperationRef, barrier: OperationRef, bulk: &BulkQueues, budget: &mut u64) -> Hazard {
    if *budget == 0 {
        // Spent: no walk of the function per remaining barrier.
        return Hazard::Unknown("its budget (option max-steps) is spent".into());
    }
    // A barrier is never a block's last op (the terminator is).
    if barrier.next_in_block().is_none() {
        return Hazard::Unknown("a barrier that ends its block is not judged".into());
    }
    rewrite::without(barrier, || hazards::first_hazard(function, bulk, budget))
}
