//! `asyncpipe-count-to-token`: recovers, for each counting wait, the group it
//! completes, and rewrites the IR to token form (the seed's "speculative"
//! direction).
//!
//! Groups of a queue complete in FIFO order, so `wait_queue q, N` (all but the
//! `N` most recent groups of `q` complete) is the same as waiting for the
//! `(N + 1)`-th most recent group of `q`. The pass walks each function keeping,
//! per queue, a window of the last `D` group values (`D` is one more than the
//! largest count that waits on the queue):
//! - `commit_queue q { ... }` becomes `%g = commit_group queue q { ... }`, and
//!   a commit point `commit q` becomes `%g = commit_group queue q (%t...)` over
//!   the async ops issued to `q` since the previous commit in its block (they
//!   get tokens); `%g` enters the window;
//! - `wait_queue q, N` becomes `wait %w` for the window's entry `N`;
//! - a loop that commits carries the window in iter_args (the seed's "circular
//!   buffer of tokens"), and an `scf.if` whose branches leave different
//!   windows yields the entries that differ.
//!
//! Window entries with no group yet are `asyncpipe.completed`: a function is
//! assumed to start with no group in flight (true of kernels). A wait that
//! only names such a placeholder completes nothing; the pass says so with a
//! remark. Dynamic counts, and groups that would have to cross an
//! `scf.while` or an unknown region op, are errors at the op.

use crate::passes::transform::recount::to_token;
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::OperationRef;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-count-to-token",
    description: "Turn counting waits into token waits on the groups they complete",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    to_token::convert(root)
}
