//! Which commits to a bulk queue may not be executed by every thread of a
//! block.
//!
//! A bulk queue's mbarriers expect one arrival per thread of the block for
//! every group (see [`super::bulk`]); a thread that skips a commit leaves the
//! group's phase open forever, and every thread that waits for it hangs. So a
//! commit to a bulk queue must not sit under an `scf.if` condition, or inside
//! an `scf.for` whose bounds, depend on the thread: on `gpu.thread_id`,
//! `gpu.lane_id` or the NVVM thread and lane registers, through any chain of
//! ops. Values that travel through memory are not followed: the check finds
//! the usual mistakes (`if %tid == 0 { commit }`), not every one.

use crate::passes::analysis::sync_state::{divergent_commits, DivergentCommit};
use crate::passes::analysis::thread_scope::{self, Divergence};
use crate::passes::ir::diag;
use crate::passes::PassFailed;
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::BTreeSet;

/// Errors at the commits to `bulk` queues among `ops` (a function's ops, in
/// pre-order) that some threads of a block may skip.
pub fn check(ops: &[OperationRef], bulk: &BTreeSet<i64>) -> Result<(), PassFailed> {
    if bulk.is_empty() {
        return Ok(());
    }
    let varying = thread_scope::thread_dependent(ops);
    let mut failed = false;
    for DivergentCommit { commit, queue, divergent, divergence } in divergent_commits(ops, bulk, &varying) {
        let what = match divergence {
            Divergence::Condition => "condition depends",
            _ => "bounds depend",
        };
        diag::error_with_note(
            commit.location(),
            &format!(
                "every thread of the block must commit the same groups to bulk queue {queue}, whose \
                 mbarriers wait for one arrival per thread; this commit is under an op whose {what} on the \
                 thread id"
            ),
            divergent.location(),
            &format!("the op whose {what} on the thread id"),
        );
        failed = true;
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}
