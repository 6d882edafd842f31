//! What an operation does to the async queues, for the analyses of the
//! synchronization passes: commit a group, wait for an in-flight count, or
//! something opaque (a call) after which nothing is known.
//!
//! asyncpipe's logical queues and the single `cp.async` group queue of the
//! `nvgpu` dialect are distinct queues here.

use super::ir;
use melior::ir::operation::OperationRef;
use std::collections::BTreeMap;
use std::fmt;

/// A queue that groups are committed to and waited on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Queue {
    /// An asyncpipe queue (`asyncpipe.commit q`, `asyncpipe.wait_queue q, N`).
    Logical(i64),
    /// PTX's cp.async group queue (`nvgpu.device_async_create_group`).
    CpAsync,
}

impl fmt::Display for Queue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Queue::Logical(q) => write!(f, "queue {q}"),
            Queue::CpAsync => f.write_str("the cp.async queue"),
        }
    }
}

/// The effect of one operation on the queues, ignoring its regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueEffect {
    /// Commits one group to the queue (for region ops: when the region ends).
    Commit(Queue),
    /// Waits until at most `count` groups are in flight (None: not a constant).
    Wait { queue: Queue, count: Option<i64> },
    /// May commit or wait on any queue (calls).
    Opaque,
    /// No effect on any queue.
    None,
}

/// Classifies `op`.
pub fn effect(op: OperationRef) -> QueueEffect {
    let name = ir::name(op);
    let logical = || Queue::Logical(ir::int_attr(op, "queue").unwrap_or(0));
    match name.as_str() {
        "asyncpipe.commit" | "asyncpipe.commit_queue" | "asyncpipe.commit_group" => {
            QueueEffect::Commit(logical())
        }
        "asyncpipe.wait_queue" => QueueEffect::Wait {
            queue: logical(),
            count: constant_count(op),
        },
        // An empty cp.async group is the NVVM op itself (asyncpipe-to-nvgpu:
        // nvgpu's create_group without tokens does not parse back).
        "nvgpu.device_async_create_group" | "nvvm.cp.async.commit.group" => QueueEffect::Commit(Queue::CpAsync),
        "nvgpu.device_async_wait" => QueueEffect::Wait {
            queue: Queue::CpAsync,
            count: Some(ir::int_attr(op, "numGroups").unwrap_or(0)),
        },
        "func.call" | "func.call_indirect" | "llvm.call" => QueueEffect::Opaque,
        _ => QueueEffect::None,
    }
}

/// Whether `op` is a commit or a wait, in either form: the memory effects it
/// declares ("any memory") only keep other ops on their side of it; it
/// reads and writes no data itself.
pub fn orders_only(op: OperationRef) -> bool {
    matches!(effect(op), QueueEffect::Commit(_) | QueueEffect::Wait { .. }) || ir::name(op) == "asyncpipe.wait"
}

/// Whether `op` belongs to token form: groups (`commit_group`, `completed`),
/// waits on groups, and async operations that yield a token.
pub fn is_token_form(op: OperationRef) -> bool {
    use melior::ir::operation::OperationLike;
    match ir::name(op).as_str() {
        "asyncpipe.commit_group" | "asyncpipe.wait" | "asyncpipe.completed" => true,
        "asyncpipe.copy" | "asyncpipe.async_scope" => op.result_count() > 0,
        _ => false,
    }
}

/// The in-flight count a wait leaves (`asyncpipe.wait_queue`'s count,
/// `nvgpu.device_async_wait`'s numGroups); None for other ops and for counts
/// known only at run time.
pub fn wait_count(op: OperationRef) -> Option<i64> {
    match effect(op) {
        QueueEffect::Wait { count, .. } => count,
        _ => None,
    }
}

/// The in-flight count of an `asyncpipe.wait_queue`: its attribute, or its
/// operand when an `arith.constant` defines it.
fn constant_count(op: OperationRef) -> Option<i64> {
    if let Some(count) = ir::int_attr(op, "count") {
        return Some(count);
    }
    use melior::ir::operation::OperationLike;
    ir::constant_int(op.operand(0).ok()?)
}

/// Known upper bounds on the number of groups in flight per queue; a queue
/// that is absent has no known bound.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InFlightBounds(BTreeMap<Queue, i64>);

impl InFlightBounds {
    pub fn get(&self, queue: Queue) -> Option<i64> {
        self.0.get(&queue).copied()
    }

    /// After a wait for at most `count` groups on `queue`.
    pub fn wait(&mut self, queue: Queue, count: i64) {
        let bound = self.get(queue).map_or(count, |b| b.min(count));
        self.0.insert(queue, bound);
    }

    /// After one more group is committed to `queue`.
    pub fn commit(&mut self, queue: Queue) {
        if let Some(bound) = self.0.get(&queue) {
            // An upper bound past i64 is no bound.
            match bound.checked_add(1) {
                Some(next) => self.0.insert(queue, next),
                None => self.0.remove(&queue),
            };
        }
    }

    /// Forget every bound.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The queues with a bound, and their bounds.
    pub fn known(&self) -> impl Iterator<Item = (Queue, i64)> + '_ {
        self.0.iter().map(|(q, b)| (*q, *b))
    }
}
