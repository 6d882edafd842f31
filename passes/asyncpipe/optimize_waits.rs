//! `asyncpipe-optimize-waits`: removes counting waits that can never block,
//! and merges waits that only other waits separate.
//!
//! A wait `wait_queue q, N` is a no-op when, on every path that reaches it,
//! at most `N` groups can be in flight on `q` (the seed's "the second wait
//! subsumes the first": after `wait(0, 2)` in one iteration and one commit in
//! the next, `wait(0, 3)` cannot block). The bounds come from
//! [`crate::passes::analysis::in_flight_bounds`], across loop iterations and branches. Removing
//! such a wait changes no bound anywhere (the bound after it is the same), so
//! all of them go at once. Of two waits on one queue with nothing but waits
//! between them, the looser one is dropped: the stricter one right after it
//! leaves the same state. The pass only removes waits whose effect another
//! wait already guarantees, so it never weakens synchronization. It handles
//! asyncpipe's counting form and `nvgpu.device_async_wait` with `numGroups`.

use crate::passes::transform::recount::waits;
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::OperationRef;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-optimize-waits",
    description: "Remove counting waits that can never block and merge adjacent waits",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    waits::optimize(root);
    Ok(())
}
