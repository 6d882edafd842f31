//! `asyncpipe-hardware-queues`: the counts of each function, made exact for
//! the queues PTX has, before `asyncpipe-lower-to-nvgpu` (the first step of
//! the `asyncpipe-to-nvgpu` pipeline, passes/Pipelines.cpp).
//!
//! PTX has one cp.async group queue per thread, and an mbarrier ring per bulk
//! queue (option `bulk-queues`). A function that uses one logical queue
//! outside the bulk queues keeps its counts. One that uses several, or token
//! form, is taken to token form (count-to-token's conversion) and back to
//! counts on the hardware's queues (token-to-count's, with every logical
//! queue but the bulk ones on the single cp.async queue); then redundant
//! waits are merged (optimize-waits'): the counts are recomputed exactly,
//! never just summed.
//!
//! Functions written with upstream nvgpu ops only get exact counts on their
//! waits without `numGroups` (which `convert-nvgpu-to-nvvm` makes a wait for
//! everything), as `asyncpipe-token-to-count` gives.
//!
//! What the lowering cannot do is reported first, at the op, before any
//! function changes (the lowering's own check, with the same options); a
//! group that must stay in token form (token-to-count says why) is an error
//! after its function's recount, since cp.async only counts.

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::Upstream;
use crate::passes::analysis::in_flight::QueueMap;
use crate::passes::analysis::sync_state::is_token_form;
use crate::passes::ir::{self, diag};
use crate::passes::transform::nvgpu_lowering::{self, checked_functions, needs_recount, Options};
use crate::passes::transform::recount::{self, to_count};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-hardware-queues",
    description: "Recount each function's waits for PTX's queues (one cp.async queue, a ring per bulk queue): \
                  the first step of asyncpipe-to-nvgpu",
    anchor: None,
    options: nvgpu_lowering::OPTIONS,
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let options = Options::parse(root, options)?;
    let hardware = QueueMap { single: true, separate: options.bulk.queues().clone(), ..QueueMap::default() };
    // Every error comes before any function changes.
    let functions = checked_functions(root, &options, false);
    let mut failed = functions.failed;
    for (function, ops) in &functions.others {
        if ops.iter().any(|op| Upstream::NvgpuDeviceAsyncWait.is(*op) && op.attribute(attr::NUM_GROUPS).is_err()) {
            failed |= to_count::convert(*function, &QueueMap::single(), false).is_err();
        }
    }
    if failed {
        return Err(PassFailed);
    }
    let to_recount = functions
        .asyncpipe
        .into_iter()
        .filter(|(_, ops)| needs_recount(ops, options.bulk.queues()))
        .map(|(function, _)| function);
    for function in to_recount {
        recount::recount(function, &hardware)?;
        // token-to-count keeps a group in token form only where counting
        // form cannot say the same thing (it has said why, just above).
        for op in ir::nested_ops(function).into_iter().filter(|op| is_token_form(*op)) {
            diag::error(op.location(), nvgpu_lowering::TOKEN_FORM_LEFT);
            failed = true;
        }
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}
