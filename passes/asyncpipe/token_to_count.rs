//! `asyncpipe-token-to-count`: gives every token wait the largest safe
//! in-flight count (see [`crate::passes::analysis::in_flight`] for the analysis).
//!
//! - `asyncpipe.wait %g...` becomes one `asyncpipe.wait_queue q, N` per
//!   hardware queue its groups may be on. With `single-hw-queue`, every
//!   logical queue maps to queue 0, as on PTX, so counts include the other
//!   queues' commits; a queue of `asyncpipe.mma`s keeps its own (the tensor
//!   cores' group queue is not cp.async's).
//! - `nvgpu.device_async_wait` gets `numGroups = N`, so the result drops into
//!   `--convert-nvgpu-to-nvvm`. A `numGroups` already present is kept when it
//!   is at most N (safe) and is an error otherwise.
//! - A wait on work that no group committed (an `nvgpu.device_async_copy`
//!   token passed straight to a wait) is an error at the wait: no count covers
//!   work that is not in the queue.
//! - A count of 0 drains the queue; the pass says why at the wait (a remark).
//!
//! Once every wait counts, the group values serve no purpose: they are
//! dropped from loops and branches and the commits take counting form (see
//! `counting_form`), except where counting form cannot say the same thing,
//! which stays in (valid) token form with a remark saying why.

use crate::passes::analysis::in_flight::QueueMap;
use crate::passes::transform::recount::to_count;
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::OperationRef;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-token-to-count",
    description: "Turn token waits into counting waits with the largest safe in-flight count",
    anchor: None,
    options: &[OptionDef {
        name: "single-hw-queue",
        description: "Map every logical asyncpipe queue onto one hardware queue (PTX has a single cp.async group queue); queues of MMAs keep their own (the tensor cores')",
        default: "false",
    }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    // MMAs' queues are the tensor cores', not cp.async's: they keep their own.
    let separate = crate::passes::ir::asyncpipe::mma_queues(root);
    let queues = QueueMap { single: options.parse::<bool>(root, "single-hw-queue")?, separate, ..QueueMap::default() };
    to_count::convert(root, &queues, true)
}
