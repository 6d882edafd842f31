//! `asyncpipe-eliminate-barriers`: async-aware barrier elimination.
//!
//! Upstream `-gpu-eliminate-barriers` removes a `gpu.barrier` when the
//! memory effects on either side of it cannot conflict. It cannot know that
//! a wait completes only its own thread's copies, so it reads every wait as
//! "touches any memory" and keeps the barriers around it, needed or not.
//! This pass asks the block-scope model instead
//! ([`verify_sync::first_hazard`], the one `asyncpipe-place-barriers` asks):
//! in program order, each barrier is taken out, and put back if the kernel
//! then has a hazard between threads that it did not have. What is left is
//! a set where every barrier orders something (taking any one out races);
//! barriers on thread-private staging go.
//!
//! With option `bulk-queues` ([`BulkQueues`]) the model knows that a wait
//! on those queues completes every thread's copies: the barriers that only
//! published copies (read-after-write) go, those before a copy over other
//! threads' reads stay.
//!
//! The model does not see races between plain loads and stores of
//! different threads, so a kernel that writes workgroup memory with plain
//! stores (or calls what might) keeps all its barriers, and so does a kernel
//! that already has a hazard (nothing can be judged against it).

use super::analysis::sync_state::BulkQueues;
use super::analysis::{effects, sync_state, thread_scope};
use super::ir::upstream::Upstream;
use super::ir::{self, async_effects, builder::Builder, builder::Point, MemoryEffect, MemorySpace};
use super::verify_sync::{self, Hazard};
use super::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-eliminate-barriers",
    description: "Remove the gpu.barrier ops of a kernel that order nothing, given async effects and thread scope (each barrier whose removal leaves no hazard between threads)",
    anchor: None,
    options: &[BulkQueues::OPTION],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let bulk = BulkQueues::from_options(root, options)?;
    for function in ir::functions(root) {
        eliminate(function, &bulk);
    }
    Ok(())
}

/// Removes the barriers of `function` that order nothing, waits on `bulk`
/// queues completing every thread's copies; returns how many.
pub fn eliminate(function: OperationRef, bulk: &BulkQueues) -> usize {
    let ops = ir::nested_ops(function);
    if !thread_scope::is_block_scope(function, &ops) || writes_workgroup_plainly(&ops) {
        return 0;
    }
    if !matches!(verify_sync::first_hazard(function, bulk), Hazard::None) {
        return 0;
    }
    let barriers: Vec<OperationRef> = ops.into_iter().filter(|op| Upstream::GpuBarrier.is(*op)).collect();
    let mut removed = 0;
    for barrier in barriers {
        // A barrier is never a block's last op (the terminator is).
        let Some(next) = barrier.next_in_block() else { continue };
        let location = barrier.location();
        ir::erase(barrier);
        if matches!(verify_sync::first_hazard(function, bulk), Hazard::None) {
            removed += 1;
        } else {
            let builder = Builder::new(function.context(), location);
            builder.insert(builder.build(Upstream::GpuBarrier, &[], &[], &[], vec![]), Point::Before(next));
        }
    }
    removed
}

/// Whether an op of `ops` may write workgroup memory other than through an
/// async copy: a store, or an op whose effects are not known.
fn writes_workgroup_plainly(ops: &[OperationRef]) -> bool {
    ops.iter().any(|&op| {
        if op.region_count() > 0 || effects::is_view(op) || async_effects::issues_counted_work(op) {
            return false; // nested ops are visited themselves; async writes are modeled
        }
        if Upstream::GpuBarrier.is(op) || sync_state::orders_only(op) {
            return false; // commits and waits declare "any memory" only to stay in place
        }
        match ir::memory_effects(op) {
            None => true,
            Some(effects) => effects.iter().any(|(effect, value)| {
                *effect == MemoryEffect::Write
                    && value.is_none_or(|v| ir::memory_space(v.r#type()) == MemorySpace::Workgroup)
            }),
        }
    })
}
