//! `asyncpipe-verify-sync`: reports every access to memory that an
//! asynchronous operation may still be writing (or reading, for a write),
//! with a note at the async op, and every wait on work no group committed.
//! The model is the hazard analysis ([`hazards`]: pending accesses, queues,
//! loops simulated to their cycle, cases of the run-time arguments); Hopper's
//! mbarrier phases, TMA and warpgroup MMA are [`hopper_sync`]'s; uncommitted
//! waits are the in-flight analysis's ([`in_flight`]), so that verify-sync
//! and token-to-count say the same of the same waits.

use crate::passes::analysis::hazards::{self, Race};
use crate::passes::analysis::hopper_sync;
use crate::passes::analysis::in_flight::{self, QueueMap};
use crate::passes::analysis::sync_state::BulkQueues;
use crate::passes::ir::ods::asyncpipe::WaitOp;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag, rewrite};
use crate::passes::transform::{cfg_to_scf, raise_nvvm};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-verify-sync",
    description: "Check that every access to asynchronously written memory follows a wait that covers its group",
    anchor: None,
    options: &[
        OptionDef {
            name: "max-steps",
            description: "Work budget per function (ops visited, loop values keyed); past it the function is reported as not proven",
            default: "1000000", // hazards::DEFAULT_MAX_STEPS
        },
        BulkQueues::OPTION,
        OptionDef {
            name: "ordered-writes",
            description: "Also report an asynchronous write to memory that an earlier asynchronous write may still be writing (two writes in flight land in either order)",
            default: "false",
        },
    ],
    run,
};


fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let max_steps = options.parse(root, "max-steps")?;
    let bulk = BulkQueues::from_options(root, options)?;
    let ordered_writes = options.parse(root, "ordered-writes")?;
    let mut errors = Vec::new();
    for function in ir::functions(root) {
        // CFG form around Hopper work (the Hopper model follows scf.for and
        // scf.if; the queue model walks blocks itself) and the NVVM level's
        // cp.async (whose indices raising follows through scf.for's carried
        // values): checked on a copy where they are raised back (the same
        // ops, at the same locations). The copy sits beside the function,
        // so that it names the same globals.
        let nvvm = raise_nvvm::needs_raising(function);
        let cfg = cfg_to_scf::needs_raising(function) && (nvvm || ir::nested_ops(function).iter().any(|op| hopper_sync::is_hopper_op(*op)));
        if !cfg && !nvvm {
            errors.extend(check_function(function, max_steps, &bulk, ordered_writes));
            continue;
        }
        errors.extend(rewrite::on_sibling_copy(function, |copy| {
            if cfg {
                cfg_to_scf::raise(copy);
            }
            if nvvm {
                if let Err(unraised) = raise_nvvm::raise(copy) {
                    return vec![Race { access: unraised.at, message: unraised.message, note: None, between_threads: None }];
                }
            }
            check_function(copy, max_steps, &bulk, ordered_writes)
        }));
    }
    if errors.is_empty() {
        return Ok(());
    }
    for error in errors {
        match error.note {
            Some((location, note)) => diag::error_with_note(error.access, &error.message, location, &note),
            None => diag::error(error.access, &error.message),
        }
    }
    Err(PassFailed)
}

/// Every finding of the models on `function`: uncommitted waits, the
/// hazard model's races, the Hopper model's findings.
fn check_function<'c>(function: OperationRef<'c, '_>, max_steps: u64, bulk: &BulkQueues, ordered_writes: bool) -> Vec<Race<'c>> {
    let mut found = uncommitted_waits(function);
    found.extend(hazards::races(function, max_steps, bulk, ordered_writes));
    // Hopper's mbarrier phases, TMA loads and warpgroup MMA queue.
    found.extend(hopper_sync::check(function).into_iter().map(|finding| Race {
        access: finding.at,
        message: finding.message,
        note: finding.note,
        between_threads: None,
    }));
    found
}

/// The waits of `function` on work that no group committed on some path
/// (an `nvgpu.device_async_copy` token passed to a wait, directly or
/// through loop-carried values, branch results and block arguments), as
/// the in-flight analysis that token-to-count converts with finds them:
/// no in-flight count can complete such work, and the two passes say so
/// for the same waits.
fn uncommitted_waits<'c>(function: OperationRef<'c, '_>) -> Vec<Race<'c>> {
    let ops = ir::nested_ops(function);
    let waits: Vec<OperationRef> = ops.iter().copied().filter(|op| Upstream::NvgpuDeviceAsyncWait.is(*op) || WaitOp::is(*op)).collect();
    if waits.is_empty() {
        return Vec::new();
    }
    let queues = QueueMap::default();
    let mut analyzer = in_flight::Analyzer::new(&queues);
    analyzer.function(function);
    let flight = analyzer.finish();
    waits
        .into_iter()
        .filter_map(|wait| {
            let producer = ir::find_op(function, flight.wait(wait)?.uncommitted?)?;
            Some(Race {
                access: wait.location(),
                message: "waits on a copy that no group committed (on some path): no in-flight count can complete it".into(),
                note: Some((producer.location(), "the uncommitted copy".into())),
                between_threads: None,
            })
        })
        .collect()
}
