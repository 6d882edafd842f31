//! `asyncpipe-place-barriers`: block barriers where threads share staged
//! data, and only there.
//!
//! In a kernel every thread runs the same code and shares workgroup memory,
//! but a wait completes only its own thread's async copies. So (a) a read of
//! data that other threads copied must follow their waits and then a
//! `gpu.barrier`, and (b) an async write into memory that other threads
//! read must follow a barrier that every reader has passed. Which accesses
//! meet another thread's is what `asyncpipe-verify-sync` decides at block
//! scope (thread-private staging, indices injective in the thread ids,
//! meets nothing): this pass asks it for the first such hazard in execution
//! order ([`hazards::first_hazard`]), puts a barrier right before the
//! access at the level of the function's synchronization (the statement of
//! the loop body or block that holds the waits and commits), and asks
//! again, until none is left. A barrier placed for the first hazard orders
//! every later access up to the next async write and wait, so placing them
//! in execution order places no barrier another one already makes needless
//! at that point.
//!
//! For the number of barriers per iteration, what matters is the order the
//! pipeliner emits: with its waits first in the body (wait, barrier, issue
//! the next copies, compute), one barrier after the waits orders both (a),
//! the reads of this iteration, and (b), the copies into the version read
//! one iteration earlier ([`barrier_placement::hoist_waits`]).
//!
//! On bulk queues (option `bulk-queues`, [`BulkQueues`]) a wait completes
//! every thread's copies of its groups, so (a) needs no barrier there; (b)
//! still does: an unpipelined loop gets one barrier an iteration instead of
//! two, and a pipelined one keeps its barrier before the next copies but
//! none after the epilogue's waits.
//!
//! A barrier that would sit under control flow that depends on the thread
//! (some threads would skip it: a hang), or right before an access that a
//! barrier already precedes (the hazard is inside one statement), is an
//! error at the access.

use crate::passes::analysis::hazards;
use crate::passes::analysis::sync_state::BulkQueues;
use crate::passes::ir;
use crate::passes::transform::barrier_placement;
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::OperationRef;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-place-barriers",
    description: "Place gpu.barrier where a kernel's threads share async-staged workgroup memory (reads of other threads' copies, copies over other threads' reads), and only there",
    anchor: None,
    options: &[BulkQueues::OPTION, hazards::SHARED_MAX_STEPS_OPTION],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let bulk = BulkQueues::from_options(root, options)?;
    let max_steps: u64 = options.parse(root, "max-steps")?;
    let mut failed = false;
    for function in ir::functions(root) {
        failed |= barrier_placement::place_within(function, &bulk, max_steps).is_err();
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}
