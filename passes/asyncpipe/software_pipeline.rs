//! `asyncpipe-software-pipeline`: software pipelining with asynchronous
//! stages (the seed's TIR software pipeline, on `scf.for`).
//!
//! The ops of an annotated loop carry `asyncpipe.stage` and
//! `asyncpipe.order`; the loop carries `asyncpipe.async_stages`. Each loop
//! becomes a prologue, a body loop and an epilogue (`emit`). Buffers written
//! in one stage and used in a later one get one version per stage of
//! distance (`schedule`, through the shim's multi-buffering). Async stages
//! run in `commit_queue` regions and their consumers wait with the largest
//! safe count: `emit` writes token-form waits on the group instances each
//! item needs (`items`), in a scope that the recount
//! (`transform::recount::to_count`, the in-flight analysis every count of
//! asyncpipe comes from) turns into counting form; the waits that can never
//! block are then removed (`transform::recount::waits`), and the scope is
//! inlined.
//!
//! Loops are pipelined innermost first. An inner pipelined loop that is
//! itself a statement of an enclosing annotated loop is wrapped in an
//! `scf.execute_region` that keeps its stage and order, so the outer
//! pipeline moves it as one op.

#[path = "software_pipeline/items.rs"]
pub mod items;
#[path = "software_pipeline/emit.rs"]
pub mod emit;
#[path = "software_pipeline/schedule.rs"]
pub mod schedule;

use crate::passes::ir::upstream::Upstream;
use crate::passes::analysis::effects;
use crate::passes::analysis::in_flight::QueueMap;
use crate::passes::analysis::in_flight_bounds::InFlightBounds;
use crate::passes::analysis::sync_state::{BulkQueues, Queue};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::attrs;
use crate::passes::ir::{self, diag, rewrite, transforms};
use crate::passes::analysis::hazards::{self, Hazard};
use crate::passes::transform::barrier_placement;
use crate::passes::transform::recount::{to_count, waits};
use crate::passes::{PassDef, PassFailed, PassOptions};
use emit::{Emitter, Trip};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Attribute, BlockRef};
use std::collections::{BTreeSet, HashMap};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-software-pipeline",
    description: "Software-pipeline scf.for loops annotated with asyncpipe.stage/order/async_stages, with async stages and exact wait counts",
    anchor: None,
    options: &[BulkQueues::OPTION],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let bulk = BulkQueues::from_options(root, options)?;
    // Innermost first: post-order over the annotated loops.
    let mut loops: Vec<OperationRef> = ir::nested_ops(root)
        .into_iter()
        .filter(|op| op.attribute(attrs::ASYNC_STAGES).is_ok())
        .collect();
    loops.reverse();
    let mut failed = false;
    for loop_op in loops {
        if pipeline(loop_op, &bulk).is_err() {
            failed = true;
        }
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

/// Pipelines one loop, or reports why not and leaves it untouched.
fn pipeline(loop_op: OperationRef, bulk: &BulkQueues) -> Result<(), PassFailed> {
    let plan = schedule::analyze(loop_op, &HashMap::new())?;
    let trip = trip_count(loop_op);
    if let Trip::Dynamic = trip {
        if ir::constant_int(loop_op.operand(2).unwrap()).is_some_and(|s| s <= 0) {
            diag::error(loop_op.location(), "cannot pipeline a loop whose step is not positive");
            return Err(PassFailed);
        }
    }
    let internal = |message: &str| {
        diag::error(loop_op.location(), &format!("internal error in the software pipeliner: {message}"));
        PassFailed
    };
    let items = plan.items.clone();
    let mut known = HashMap::new();
    for buffer in &plan.buffers {
        let new = transforms::multi_buffer(buffer.alloc, loop_op, buffer.versions, true).map_err(|message| {
            diag::error(buffer.alloc.location(), &format!("multi-buffering failed: {message}"));
            PassFailed
        })?;
        let value: melior::ir::Value = new.result(0).unwrap().into();
        known.insert(effects::root(value), buffer.versions);
    }
    // Multi-buffering made new helpers (version subviews); the statements,
    // and so the items and their waits, are the same. Without buffers to
    // version nothing changed, and the schedule stands.
    let plan = if plan.buffers.is_empty() {
        plan
    } else {
        drop(plan);
        let plan = schedule::analyze(loop_op, &known)?;
        if plan.items != items {
            return Err(internal("multi-buffering changed the schedule"));
        }
        plan
    };

    // A statement of an enclosing pipeline stays one op: wrap it.
    let at = if loop_op.attribute(attrs::STAGE).is_ok() {
        let b = Builder::new(loop_op.context(), loop_op.location());
        let attributes: Vec<(&str, Attribute)> =
            [attrs::STAGE, attrs::ORDER].into_iter().map(|name| (name, loop_op.attribute(name).unwrap())).collect();
        b.region_op(Upstream::ScfExecuteRegion, &attributes, Upstream::ScfYield, Point::Before(loop_op))
    } else {
        loop_op
    };
    let function = ir::enclosing_function(loop_op);
    // The pipelined loop is written in token form (each wait names the
    // groups its item needs) inside a scope, and counted there by the
    // recount, the engine every count of asyncpipe comes from; the drains
    // that can never block go; then the scope is inlined.
    let b = Builder::new(loop_op.context(), loop_op.location());
    let scope_end = b.region_op(Upstream::ScfExecuteRegion, &[], Upstream::ScfYield, Point::Before(at));
    let scope = scope_end.parent_operation().expect("the scope");
    let queues: BTreeSet<i64> = plan.items.iter().filter_map(|item| item.commits).collect();
    let body = Emitter::new(&plan, trip).emit(scope_end);
    drop(plan);
    ir::erase(loop_op);
    // (A loop without async stages has no wait to count.)
    if !queues.is_empty() {
        to_count::convert_within(scope, &QueueMap::default()).map_err(|_| internal("the emitted loop did not count"))?;
        // The loop's queues are its own: nothing of them is in flight at
        // the scope's entry.
        let mut entry = InFlightBounds::default();
        for &queue in &queues {
            entry.wait(Queue::Logical(queue), 0);
        }
        waits::optimize_function(scope, entry);
    }
    rewrite::inline_region_before(scope);
    ir::erase(scope);
    match function {
        Some(function) => barriers(function, body, bulk),
        None => Ok(()),
    }
}

/// In a kernel whose threads share the staged buffers (a thread reads
/// what others copied), the block barriers the pipelined loop needs
/// (`asyncpipe-place-barriers`), after moving the body's waits to its top:
/// then one barrier per iteration, after the waits and before the next
/// copies, orders both the reads of data other threads copied (their waits
/// came before it) and the copies into the version read one iteration
/// earlier (every thread's reads of it came before it). Thread-private
/// staging has no such hazard and keeps its order and no barrier. On
/// `bulk` queues the waits complete every thread's copies: the barrier
/// before the next copies stays (they overwrite what others read), the
/// epilogue's after its waits are not needed.
fn barriers(function: OperationRef, body: Option<BlockRef>, bulk: &BulkQueues) -> Result<(), PassFailed> {
    if !barrier_placement::is_kernel(function) {
        return Ok(());
    }
    // Without a hazard between threads now, the loop needs no barrier (and
    // its waits keep their place).
    // (A model that cannot finish is asked again by the placement, which
    // says so.)
    let mut budget = hazards::DEFAULT_MAX_STEPS;
    if matches!(hazards::first_hazard(function, bulk, &mut budget), Hazard::None) {
        return Ok(());
    }
    if let Some(body) = body {
        barrier_placement::hoist_waits(body);
    }
    barrier_placement::place(function, bulk).map(|_| ())
}

fn trip_count(loop_op: OperationRef) -> Trip {
    ir::static_trip_count(loop_op).map_or(Trip::Dynamic, Trip::Static)
}

