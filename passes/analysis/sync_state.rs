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
use crate::passes::ir::{diag, ValueKey};
use crate::passes::{OptionDef, PassFailed, PassOptions};
use crate::passes::analysis::thread_scope;
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::{BTreeSet, HashSet};
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

/// The logical queues that `asyncpipe-to-nvgpu` lowers to rings of
/// mbarriers (its option `bulk-queues`), as the block-scope analyses see
/// them.
///
/// A cp.async wait completes only its own thread's copies, so another
/// thread reads them only after that thread's wait and then a block
/// barrier. A bulk queue's mbarrier is initialized with one expected
/// arrival per thread of the block, and each thread arrives once per group:
/// its phase completes when every thread has committed the group and every
/// byte of every thread's copies has landed, and a wait that sees the phase
/// complete acquires them. So a wait on a bulk queue completes the group of
/// every thread for the thread that waits: a read of another thread's copy
/// needs no barrier after it (read-after-write). Nothing tells the block
/// that a thread has finished *reading* a buffer, so a copy over memory
/// that other threads read still needs a barrier after their reads
/// (write-after-read).
///
/// That holds only when every thread commits the same groups (what
/// `asyncpipe-to-nvgpu` requires of a bulk queue): a queue with a commit
/// that some threads may skip ([`thread_scope::divergent_ancestor`]) is
/// analyzed as a per-thread queue ([`Self::in_function`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BulkQueues(BTreeSet<i64>);

impl BulkQueues {
    /// The pass option of the analyses and rewrites that place, check and
    /// remove block barriers: the same as `asyncpipe-to-nvgpu`'s.
    pub const OPTION: OptionDef = OptionDef {
        name: "bulk-queues",
        description: "Logical queues (e.g. 0,1) that asyncpipe-to-nvgpu will lower to mbarrier rings (its bulk-queues): a wait on one completes every thread's copies of the group, so reading them needs no block barrier",
        default: "",
    };

    /// Option [`Self::OPTION`] of a pass that declares it.
    pub fn from_options(root: OperationRef, options: &PassOptions) -> Result<Self, PassFailed> {
        Self::parse(root, options.get(Self::OPTION.name))
    }

    /// A comma-separated list of queue numbers ("" for none); an error at
    /// `root` otherwise.
    pub fn parse(root: OperationRef, text: &str) -> Result<Self, PassFailed> {
        let mut queues = BTreeSet::new();
        for item in text.split(',').map(str::trim).filter(|item| !item.is_empty()) {
            match item.parse::<i64>() {
                Ok(queue) if queue >= 0 => {
                    queues.insert(queue);
                }
                _ => {
                    diag::error(
                        root.location(),
                        &format!("invalid value '{text}' for pass option 'bulk-queues': expected queue numbers such as 0,1"),
                    );
                    return Err(PassFailed);
                }
            }
        }
        Ok(Self(queues))
    }

    /// The queue numbers.
    pub fn queues(&self) -> &BTreeSet<i64> {
        &self.0
    }

    /// Whether a wait on `queue` completes every thread's groups.
    pub fn contains(&self, queue: Queue) -> bool {
        matches!(queue, Queue::Logical(q) if self.0.contains(&q))
    }

    /// These queues less those with a commit among `ops` (a function's ops)
    /// that some threads may skip (`varying`: the thread-dependent values):
    /// such a queue's groups are not the block's.
    pub fn in_function(&self, ops: &[OperationRef], varying: &HashSet<ValueKey>) -> Self {
        let mut queues = self.0.clone();
        for divergent in divergent_commits(ops, &self.0, varying) {
            queues.remove(&divergent.queue);
        }
        Self(queues)
    }
}

/// A commit to one of a set of queues that some threads of a block may
/// skip, and the op whose condition or bounds depend on the thread.
pub struct DivergentCommit<'c, 'a> {
    pub commit: OperationRef<'c, 'a>,
    pub queue: i64,
    pub divergent: OperationRef<'c, 'a>,
    pub divergence: thread_scope::Divergence,
}

/// The commits among `ops` (a function's ops) to one of `queues` that are
/// under an `scf.if` or `scf.for` whose condition or bounds depend on the
/// thread (`varying`: [`thread_scope::thread_dependent`]): the check of
/// bulk queues' uniform commits, and the bulk queues the block-scope model
/// can trust ([`BulkQueues::in_function`]).
pub fn divergent_commits<'c, 'a>(
    ops: &[OperationRef<'c, 'a>],
    queues: &BTreeSet<i64>,
    varying: &HashSet<ValueKey>,
) -> Vec<DivergentCommit<'c, 'a>> {
    ops.iter()
        .filter_map(|&commit| match effect(commit) {
            QueueEffect::Commit(Queue::Logical(queue)) if queues.contains(&queue) => {
                let (divergent, divergence) = thread_scope::divergent_ancestor(commit, varying, false)?;
                Some(DivergentCommit { commit, queue, divergent, divergence })
            }
            _ => None,
        })
        .collect()
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
        Some(Upstream::NvvmCpAsyncWaitGroup) => {
            QueueEffect::Wait { queue: Queue::CpAsync, count: ir::int_attr(op, attr::WAIT_GROUP_COUNT) }
        }
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
        Some(AsyncpipeOp::Copy(_) | AsyncpipeOp::Mma(_) | AsyncpipeOp::AsyncScope(_)) => op.result_count() > 0,
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
/// operand when an `arith.constant` defines it (below 0: 0, as it waits).
fn constant_count(wait: WaitQueueOp) -> Option<i64> {
    wait.count().or_else(|| ir::constant_int(wait.dynamic_count()?)).map(|count| count.max(0))
}
