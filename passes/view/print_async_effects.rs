//! `asyncpipe-print-async-effects`: a remark at every op that implements
//! `AsyncEffectOpInterface`, saying what it reports: each group of effects
//! that complete after the op returns, what completes the group and which
//! threads see it, and each effect (read or write, the value's type, and the
//! op that performs it). It changes nothing. It is how the interface is
//! tested, and how a user checks the model of an op of their own.
//!
//! ```text
//! asyncpipe.copy %g, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
//! remark: async effects: group 0, completed by a wait on queue 0, seen by
//!   the issuing thread: reads memref<8xf32> (asyncpipe.copy), writes
//!   memref<8xf32, 3> (asyncpipe.copy)
//! ```

use crate::passes::ir::async_effects::{self, AsyncScope, AsyncSync, QueueName};
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-print-async-effects",
    description: "Remark, at each op implementing AsyncEffectOpInterface, its groups of asynchronous effects: what completes each, which threads see it, what it reads and writes",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for op in std::iter::once(root).chain(ir::nested_ops(root)) {
        let Some(groups) = async_effects::async_effect_groups(op) else { continue };
        let described: Vec<String> = groups
            .iter()
            .enumerate()
            .map(|(k, group)| {
                let sync = match group.sync {
                    AsyncSync::Queue(QueueName::Logical(q), _) => format!("a wait on queue {q}"),
                    AsyncSync::Queue(QueueName::Enclosing, _) => "a wait on the queue of its enclosing commit".into(),
                    AsyncSync::Queue(QueueName::Target, _) => "a wait on the target's group queue".into(),
                    AsyncSync::Token(_) => "a wait on its token".into(),
                    AsyncSync::MBarrier(_) => "the phase of its mbarrier".into(),
                    AsyncSync::BlockBarrier => "the next block barrier".into(),
                    AsyncSync::BarrierSlot(Some(slot)) => format!("a wait on barrier slot {slot}"),
                    AsyncSync::BarrierSlot(None) => "a wait on a barrier slot not yet assigned".into(),
                };
                let scope = match group.scope {
                    AsyncScope::Thread => "the issuing thread",
                    AsyncScope::Block => "every thread of the block",
                };
                let accesses: Vec<String> = group
                    .accesses
                    .iter()
                    .map(|e| {
                        let verb = if e.write { "writes" } else { "reads" };
                        format!("{verb} {} ({})", e.value.r#type(), ir::op_name(e.accessor))
                    })
                    .collect();
                let accesses = if accesses.is_empty() { "no memory".to_string() } else { accesses.join(", ") };
                format!("group {k}, completed by {sync}, seen by {scope}: {accesses}")
            })
            .collect();
        let message = if described.is_empty() { "async effects: none".to_string() } else { format!("async effects: {}", described.join("; ")) };
        diag::remark(op.location(), &message);
    }
    Ok(())
}
