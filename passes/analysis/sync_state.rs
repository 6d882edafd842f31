//! What an operation does to the async queues, for the analyses of the
//! synchronization passes: commit a group, wait for an in-flight count, or
//! something opaque (a call) after which nothing is known.
//!
//! asyncpipe's logical queues and the single `cp.async` group queue of the
//! `nvgpu` dialect are distinct queues here.

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir;
use crate::passes::ir::ods::asyncpipe::{AsyncpipeOp, WaitOp, WaitQueueOp};
use melior::ir::operation::{OperationLike, OperationRef};
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
    let name = ir::op_name(op);
    let typed = AsyncpipeOp::of_named(op, name);
    let upstream = if typed.is_some() { None } else { Upstream::named(name) };
    effect_of(op, typed, upstream)
}

/// [`effect`] of an op the caller has already looked up as an asyncpipe op
/// (`typed`) and in the upstream table (`upstream`, needed only when
/// `typed` is None).
pub fn effect_of(op: OperationRef, typed: Option<AsyncpipeOp>, upstream: Option<Upstream>) -> QueueEffect {
    let logical = |queue: Option<i64>| Queue::Logical(queue.unwrap_or(0));
    match typed {
        Some(AsyncpipeOp::Commit(commit)) => return QueueEffect::Commit(logical(commit.queue())),
        Some(AsyncpipeOp::CommitQueue(commit)) => return QueueEffect::Commit(logical(commit.queue())),
        Some(AsyncpipeOp::CommitGroup(commit)) => return QueueEffect::Commit(logical(commit.queue())),
        Some(AsyncpipeOp::WaitQueue(wait)) => {
            return QueueEffect::Wait { queue: logical(wait.queue()), count: constant_count(wait) }
        }
        Some(_) => return QueueEffect::None,
        None => {}
    }
    match upstream {
        // An empty cp.async group is the NVVM op itself (asyncpipe-to-nvgpu:
        // nvgpu's create_group without tokens does not parse back).
        Some(Upstream::NvgpuDeviceAsyncCreateGroup | Upstream::NvvmCpAsyncCommitGroup) => QueueEffect::Commit(Queue::CpAsync),
        Some(Upstream::NvgpuDeviceAsyncWait) => QueueEffect::Wait {
            queue: Queue::CpAsync,
            count: Some(ir::int_attr(op, attr::NUM_GROUPS).unwrap_or(0)),
        },
        Some(Upstream::FuncCall | Upstream::FuncCallIndirect | Upstream::LlvmCall) => QueueEffect::Opaque,
        _ => QueueEffect::None,
    }
}

/// Whether `op` is a commit or a wait, in either form: the memory effects it
/// declares ("any memory") only keep other ops on their side of it; it
/// reads and writes no data itself.
pub fn orders_only(op: OperationRef) -> bool {
    matches!(effect(op), QueueEffect::Commit(_) | QueueEffect::Wait { .. }) || WaitOp::is(op)
}

/// Whether `op` belongs to token form: groups (`commit_group`, `completed`),
/// waits on groups, and async operations that yield a token.
pub fn is_token_form(op: OperationRef) -> bool {
    match AsyncpipeOp::of(op) {
        Some(AsyncpipeOp::CommitGroup(_) | AsyncpipeOp::Wait(_) | AsyncpipeOp::Completed(_)) => true,
        Some(AsyncpipeOp::Copy(_) | AsyncpipeOp::AsyncScope(_)) => op.result_count() > 0,
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
fn constant_count(wait: WaitQueueOp) -> Option<i64> {
    wait.count().or_else(|| ir::constant_int(wait.dynamic_count()?))
}
