//! `AsyncEffectOpInterface` (`dialects/AsyncPipe/AsyncEffectOpInterface.td`),
//! read through the dialect's C API: the effects of an op that complete
//! after it returns, grouped by what completes them and which threads see
//! it. asyncpipe's async ops implement it in ODS; upstream ops asyncpipe
//! knows (nvgpu's cp.async, NVVM's bulk copy) through external models. The
//! passes ask it instead of naming op kinds (`docs/design/async-effects.md`).

use crate::ffi;
use melior::ir::operation::OperationRef;
use melior::ir::{Value, ValueLike};

/// Which queue a counted group goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueName {
    /// A logical queue the op names.
    Logical(i64),
    /// The queue of the op's enclosing commit region (counting form without
    /// a queue of its own).
    Enclosing,
    /// The target's one hardware group queue (PTX's cp.async queue).
    Target,
}

/// What completes a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsyncSync<'c, 'a> {
    /// Counted groups on a per-thread queue: a commit closes the group, a
    /// wait leaving at most N in flight completes the older ones. The
    /// value, when there is one, is the token a commit names.
    Queue(QueueName, Option<Value<'c, 'a>>),
    /// A wait on this value (the op's token, or a group committing it).
    Token(Value<'c, 'a>),
    /// The phase of this barrier object (arrivals and transferred bytes).
    MBarrier(Value<'c, 'a>),
    /// The next block barrier, for every thread.
    BlockBarrier,
}

/// Which threads see a group complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsyncScope {
    /// The issuing thread only (a wait completes its own thread's copies).
    Thread,
    /// Every thread of the block that observes the completion.
    Block,
}

/// One asynchronous read or write: of `value`, by `accessor` (the op, or
/// an op nested in its region).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsyncEffect<'c, 'a> {
    pub write: bool,
    pub value: Value<'c, 'a>,
    pub accessor: OperationRef<'c, 'a>,
}

/// Effects that complete together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsyncEffectGroup<'c, 'a> {
    pub accesses: Vec<AsyncEffect<'c, 'a>>,
    pub sync: AsyncSync<'c, 'a>,
    pub scope: AsyncScope,
}

/// Whether `op` issues work on one of asyncpipe's logical queues, the
/// async work the counting and token forms synchronize: a group of effects,
/// seen by the issuing thread, that a counted queue (a queue it names, or
/// its enclosing commit's) or an `!asyncpipe.token` completes. asyncpipe's
/// `copy` and `async_scope`, and any op of another dialect whose model says
/// so; not nvgpu's cp.async (the target's queue), bulk copies, cooperative
/// copies or `asyncop` chains.
pub fn issues_queued_work(op: OperationRef) -> bool {
    async_effect_groups(op).is_some_and(|groups| {
        groups.iter().any(|group| {
            group.scope == AsyncScope::Thread
                && match group.sync {
                    AsyncSync::Queue(QueueName::Logical(_) | QueueName::Enclosing, _) => true,
                    AsyncSync::Token(token) => super::asyncpipe::is_token_type(token.r#type()),
                    _ => false,
                }
        })
    })
}

/// The per-thread counted queue `op`'s async work goes on, seen by the
/// issuing thread: a logical queue ([`issues_queued_work`]) or the
/// target's hardware queue (nvgpu's cp.async); None for other ops.
pub fn work_queue(op: OperationRef) -> Option<QueueName> {
    async_effect_groups(op)?.into_iter().find_map(|group| match group.sync {
        _ if group.scope != AsyncScope::Thread => None,
        AsyncSync::Queue(queue, _) => Some(queue),
        AsyncSync::Token(token) if super::asyncpipe::is_token_type(token.r#type()) => Some(QueueName::Enclosing),
        _ => None,
    })
}

/// Whether `op` issues async work on a per-thread counted queue or an
/// asyncpipe token ([`work_queue`]): the async ops the analyses of counted
/// synchronization model, nvgpu's cp.async included.
pub fn issues_counted_work(op: OperationRef) -> bool {
    work_queue(op).is_some()
}

/// The logical queue `op`'s queued work names itself (None: none, or the
/// queue of its enclosing commit).
pub fn named_queue(op: OperationRef) -> Option<i64> {
    async_effect_groups(op)?.into_iter().find_map(|group| match group.sync {
        AsyncSync::Queue(QueueName::Logical(queue), _) => Some(queue),
        _ => None,
    })
}

/// Whether `op` implements the interface.
pub fn has_async_effects(op: OperationRef) -> bool {
    unsafe { ffi::asyncpipeOperationHasAsyncEffects(op.to_raw()) }
}

/// The groups of async effects of `op`, in the op's order; None when `op`
/// does not implement the interface (its effects are synchronous).
pub fn async_effect_groups<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<Vec<AsyncEffectGroup<'c, 'a>>> {
    use std::ffi::c_void;
    if !has_async_effects(op) {
        return None;
    }
    unsafe extern "C" fn on_effect(effect: ffi::AsyncpipeAsyncEffect, user: *mut c_void) {
        let collect = unsafe { &mut *(user as *mut Vec<ffi::AsyncpipeAsyncEffect>) };
        collect.push(effect);
    }
    let mut raw: Vec<ffi::AsyncpipeAsyncEffect> = Vec::new();
    let count = unsafe {
        ffi::asyncpipeOperationWalkAsyncEffects(op.to_raw(), Some(on_effect), &mut raw as *mut _ as *mut c_void)
    };
    // The values and ops are operands, results and ops under `op`, owned by
    // its context like `op` itself.
    let value = |raw: mlir_sys::MlirValue| (!raw.ptr.is_null()).then(|| unsafe { Value::from_raw(raw) });
    let mut groups: Vec<AsyncEffectGroup> = (0..count)
        .map(|_| AsyncEffectGroup { accesses: Vec::new(), sync: AsyncSync::BlockBarrier, scope: AsyncScope::Thread })
        .collect();
    // A group's sync and scope come with each of its effects; a group with
    // no effect keeps the defaults, which nothing reads.
    for effect in raw {
        let Some(group) = usize::try_from(effect.group).ok().and_then(|g| groups.get_mut(g)) else { continue };
        let Some(target) = value(effect.value) else { continue };
        group.scope = if effect.scope == ffi::ASYNCPIPE_ASYNC_SCOPE_BLOCK { AsyncScope::Block } else { AsyncScope::Thread };
        let handle = value(effect.handle);
        group.sync = match effect.sync {
            ffi::ASYNCPIPE_ASYNC_SYNC_QUEUE => {
                let queue = match effect.queue {
                    q if q == i64::from(ffi::ASYNCPIPE_TARGET_QUEUE) => QueueName::Target,
                    q if q < 0 => QueueName::Enclosing,
                    q => QueueName::Logical(q),
                };
                AsyncSync::Queue(queue, handle)
            }
            ffi::ASYNCPIPE_ASYNC_SYNC_TOKEN => handle.map_or(AsyncSync::BlockBarrier, AsyncSync::Token),
            ffi::ASYNCPIPE_ASYNC_SYNC_MBARRIER => handle.map_or(AsyncSync::BlockBarrier, AsyncSync::MBarrier),
            _ => AsyncSync::BlockBarrier,
        };
        let accessor = unsafe { OperationRef::from_raw(effect.accessor) };
        group.accesses.push(AsyncEffect { write: effect.write, value: target, accessor });
    }
    Some(groups)
}
