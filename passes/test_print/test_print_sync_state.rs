//! `asyncpipe-test-print-sync-state`: what each op does to the async queues
//! ([`crate::passes::analysis::sync_state`], the classification every
//! queue analysis starts from): commits a group to a queue, waits until at
//! most N groups are in flight on one, or is opaque (a call, after which
//! nothing is known). A remark at every op with an effect, and at every
//! token-form op.
//!
//! ```text
//! asyncpipe.wait_queue 0, 2
//! remark: queue effect: waits on queue 0 for at most 2
//! ```

use crate::passes::analysis::sync_state::{self, QueueEffect};
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-sync-state",
    description: "Remark, at each op that commits, waits or is opaque to the async queues, its queue effect (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for op in ir::nested_ops(root) {
        let effect = match sync_state::effect(op) {
            QueueEffect::None => None,
            QueueEffect::Commit(queue) => Some(format!("commits a group to {queue}")),
            QueueEffect::Wait { queue, count: Some(count) } => Some(format!("waits on {queue} for at most {count}")),
            QueueEffect::Wait { queue, count: None } => Some(format!("waits on {queue} for a count not known here")),
            QueueEffect::Opaque => Some("opaque (may commit or wait on any queue)".into()),
        };
        let token = sync_state::is_token_form(op).then_some("token form");
        let parts: Vec<String> = effect.into_iter().chain(token.map(String::from)).collect();
        if !parts.is_empty() {
            diag::remark(op.location(), &format!("queue effect: {}", parts.join("; ")));
        }
    }
    Ok(())
}
