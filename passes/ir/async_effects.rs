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
    /// One of a limited set of numbered sync objects (a DMA semaphore, an
    /// mbarrier slot): initialized before use, waited on once per
    /// completion. None while a pass is to choose it (the interface's
    /// createInit binds it).
    BarrierSlot(Option<i64>),
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

impl AsyncEffectGroup<'_, '_> {
    /// The per-thread counted queue this group is synchronized on, as the
    /// analyses of counting and token form model it: seen by the issuing
    /// thread, completed by a wait on a queue (its own, its enclosing
    /// commit's, or the target's hardware queue) or on an `!asyncpipe.token`
    /// (whose commit names the queue: [`QueueName::Enclosing`]). None for
    /// mbarrier, block-barrier and other tokens' groups (`asyncop` chains).
    pub fn counted_queue(&self) -> Option<QueueName> {
        match self.sync {
            _ if self.scope != AsyncScope::Thread => None,
            AsyncSync::Queue(queue, _) => Some(queue),
            AsyncSync::Token(token) if super::asyncpipe_types::is_token_type(token.r#type()) => Some(QueueName::Enclosing),
            _ => None,
        }
    }
}

/// The counted queue `op`'s async work goes on
/// ([`AsyncEffectGroup::counted_queue`] of its first such group): a logical
/// queue, or the target's hardware queue (nvgpu's cp.async); None for ops
/// with no such work.
pub fn work_queue(op: OperationRef) -> Option<QueueName> {
    async_effect_groups(op)?.iter().find_map(AsyncEffectGroup::counted_queue)
}

/// Whether `op` issues async work on a counted queue ([`work_queue`]): the
/// async ops the analyses of counted synchronization model, nvgpu's
/// cp.async included.
pub fn issues_counted_work(op: OperationRef) -> bool {
    work_queue(op).is_some()
}

/// Whether `op` issues work on one of asyncpipe's logical queues (one it
/// names, or its enclosing commit's): asyncpipe's `copy` and `async_scope`,
/// and any op of another dialect whose model says so; not nvgpu's cp.async
/// (the target's queue).
pub fn issues_queued_work(op: OperationRef) -> bool {
    matches!(work_queue(op), Some(QueueName::Logical(_) | QueueName::Enclosing))
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
    // A group's sync and scope come with each of its effects (a group with
    // none comes once, with no value).
    for effect in raw {
        let Some(group) = usize::try_from(effect.group).ok().and_then(|g| groups.get_mut(g)) else { continue };
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
            ffi::ASYNCPIPE_ASYNC_SYNC_BARRIER_SLOT => AsyncSync::BarrierSlot((effect.queue >= 0).then_some(effect.queue)),
            _ => AsyncSync::BlockBarrier,
        };
        let Some(target) = value(effect.value) else { continue };
        let accessor = unsafe { OperationRef::from_raw(effect.accessor) };
        group.accesses.push(AsyncEffect { write: effect.write, value: target, accessor });
    }
    Some(groups)
}

/// The interface's builders and tests for group `group` of `op` (the
/// async-side-effects document's createInit, doesInitialize, createWait,
/// doesSync, and the fill of its loose ends). Each builder inserts before
/// `before` and returns the op it created; None when the group needs none
/// (for a wait: when the op cannot say).
pub mod sync {
    use crate::ffi;
    use melior::ir::operation::OperationRef;

    fn created<'c, 'a>(raw: mlir_sys::MlirOperation) -> Option<OperationRef<'c, 'a>> {
        // Inserted into `before`'s block, owned by its context.
        (!raw.ptr.is_null()).then(|| unsafe { OperationRef::from_raw(raw) })
    }

    fn raw_or_null(op: Option<OperationRef>) -> mlir_sys::MlirOperation {
        op.map_or(mlir_sys::MlirOperation { ptr: std::ptr::null_mut() }, |o| o.to_raw())
    }

    fn index(group: usize) -> isize {
        isize::try_from(group).unwrap_or(isize::MAX)
    }

    /// Prepares sync resource `resource` (a slot number) for the group and
    /// binds `op` to it.
    pub fn create_init<'c, 'a>(
        op: OperationRef<'c, 'a>,
        group: usize,
        resource: i64,
        before: OperationRef<'c, 'a>,
    ) -> Option<OperationRef<'c, 'a>> {
        created(unsafe { ffi::asyncpipeOperationCreateAsyncInit(op.to_raw(), index(group), resource, before.to_raw()) })
    }

    /// An op that blocks until the group is complete.
    pub fn create_wait<'c, 'a>(op: OperationRef<'c, 'a>, group: usize, before: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
        created(unsafe { ffi::asyncpipeOperationCreateAsyncWait(op.to_raw(), index(group), before.to_raw()) })
    }

    /// What completes the group's resource with no work, so that a wait
    /// moved to a loop's top passes on the first iteration.
    pub fn create_fill<'c, 'a>(op: OperationRef<'c, 'a>, group: usize, before: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
        created(unsafe { ffi::asyncpipeOperationCreateAsyncFill(op.to_raw(), index(group), before.to_raw()) })
    }

    /// Whether `other` initializes the group's resource (None: whether the
    /// group needs no initialization).
    pub fn does_initialize(op: OperationRef, group: usize, other: Option<OperationRef>) -> bool {
        unsafe { ffi::asyncpipeOperationDoesAsyncInitialize(op.to_raw(), index(group), raw_or_null(other)) }
    }

    /// Whether `other` is certain to complete the group once it is issued.
    pub fn does_sync(op: OperationRef, group: usize, other: OperationRef) -> bool {
        unsafe { ffi::asyncpipeOperationDoesAsyncSync(op.to_raw(), index(group), other.to_raw()) }
    }
}
