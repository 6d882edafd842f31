//! The pieces of asyncpipe's lowering to nvgpu that both steps of the
//! `asyncpipe-to-nvgpu` pipeline use (`asyncpipe-hardware-queues` and
//! `asyncpipe-lower-to-nvgpu`, passes/Pipelines.cpp): the pipeline's options,
//! what the lowering can take (checked up front, errors at the op, before
//! any function changes: both steps report the same errors), whether a
//! function's counts must be recomputed for the hardware's queues, and how
//! each copy becomes nvgpu ops: [`copy`] (cp.async chunks), [`bulk`]
//! (cp.async.bulk on mbarrier rings), [`tma`] (tensor-map copies for
//! wgmma's swizzled tiles), [`uniform`] (copies every thread must issue
//! alike). The pass files ask this module; neither imports the other.

pub mod bulk;
pub mod copy;
pub mod tma;
pub mod uniform;

use crate::passes::analysis::sync_state::{is_token_form, wait_count, BulkQueues};
use crate::passes::ir::asyncpipe::{is_other_dialects_async, named_queue, queue_of};
use crate::passes::ir::ods::asyncpipe::AsyncpipeOp;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag};
use crate::passes::{OptionDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::BTreeSet;

/// The options of both steps of `asyncpipe-to-nvgpu` (each validates all of
/// them, so that a bad one is reported before anything changes).
pub const OPTIONS: &[OptionDef] = &[
        OptionDef {
            name: "max-copy-bytes",
            description: "Largest cp.async to emit: 16, 8 or 4 bytes (smaller when source rows are less aligned than their types show)",
            default: "16",
        },
        OptionDef {
            name: "bypass-l1",
            description: "Give 16-byte copies the bypassL1 hint (cp.async.cg)",
            default: "true",
        },
        OptionDef {
            name: "bulk-queues",
            description: "Logical queues (e.g. 0,2) whose copies become cp.async.bulk copies completing on mbarriers, with token waits (sm_90 and newer)",
            default: "",
        },
];

/// The error at a token-form op that reaches the lowering.
pub const TOKEN_FORM_LEFT: &str =
    "cp.async synchronizes by counts only, and this token-form operation has no counting form";

/// The values of [`OPTIONS`], checked.
pub struct Options {
    pub max_bytes: i64,
    pub bypass_l1: bool,
    pub bulk: BulkQueues,
}

impl Options {
    pub fn parse(root: OperationRef, options: &PassOptions) -> Result<Self, PassFailed> {
        let max_bytes = options.parse::<i64>(root, "max-copy-bytes")?;
        if !matches!(max_bytes, 4 | 8 | 16) {
            diag::error(root.location(), &format!("max-copy-bytes must be 4, 8 or 16, not {max_bytes}"));
            return Err(PassFailed);
        }
        let bypass_l1 = options.parse::<bool>(root, "bypass-l1")?;
        let bulk = BulkQueues::parse(root, options.get("bulk-queues"))?;
        Ok(Self { max_bytes, bypass_l1, bulk })
    }
}


/// A function and its ops, in pre-order.
pub type FunctionOps<'c, 'a> = (OperationRef<'c, 'a>, Vec<OperationRef<'c, 'a>>);

/// The functions under `root`, split into those that use asyncpipe's ops
/// and the others, the former checked for what the lowering cannot do
/// (errors at the ops). With `on_hardware`, a function must also use at most
/// one logical queue outside the bulk queues (the counts are the hardware's).
pub struct Functions<'c, 'a> {
    pub asyncpipe: Vec<FunctionOps<'c, 'a>>,
    pub others: Vec<FunctionOps<'c, 'a>>,
    pub failed: bool,
}

pub fn checked_functions<'c, 'a>(root: OperationRef<'c, 'a>, options: &Options, on_hardware: bool) -> Functions<'c, 'a> {
    let mut functions = Functions { asyncpipe: Vec::new(), others: Vec::new(), failed: false };
    for function in ir::functions(root) {
        functions.failed |= check_block_size(function).is_err();
        let ops = ir::nested_ops(function);
        if !ops.iter().any(|op| is_asyncpipe(*op)) {
            functions.others.push((function, ops));
            continue;
        }
        functions.failed |= check(&ops, options.max_bytes, options.bulk.queues()).is_err();
        // Token form cannot be lowered, and its copies' tokens are used:
        // refused here, before anything changes (the lowering met them
        // half-way and erased copies whose tokens were still in use, a
        // crash the fuzzer found).
        if on_hardware {
            for op in ops.iter().filter(|op| is_token_form(**op)) {
                diag::error(op.location(), TOKEN_FORM_LEFT);
                functions.failed = true;
            }
        }
        if let Some(second) = second_shared_queue(&ops, options.bulk.queues()).filter(|_| on_hardware) {
            diag::error(
                second.location(),
                "this function uses more than one logical queue outside bulk-queues, and PTX has one cp.async \
                 queue: run asyncpipe-hardware-queues first (asyncpipe-to-nvgpu does)",
            );
            functions.failed = true;
        }
        functions.asyncpipe.push((function, ops));
    }
    functions
}

/// A kernel's `known_block_size` must be positive in every dimension: the
/// NVVM lowering turns it into `nvvm.maxntid`, which fails on anything else
/// with an error that names no location.
fn check_block_size(function: OperationRef) -> Result<(), PassFailed> {
    match ir::known_block_size(function) {
        Some(sizes) if sizes.iter().any(|size| *size < 1) => {
            diag::error(
                function.location(),
                &format!("known_block_size must be positive in every dimension, not {sizes:?}"),
            );
            Err(PassFailed)
        }
        _ => Ok(()),
    }
}


fn is_asyncpipe(op: OperationRef) -> bool {
    AsyncpipeOp::of(op).is_some()
}

/// Reports, at the op, what cp.async (or, on bulk queues, cp.async.bulk)
/// cannot do in a function (its `ops`).
fn check(ops: &[OperationRef], max_bytes: i64, bulk: &BTreeSet<i64>) -> Result<(), PassFailed> {
    let mut failed = uniform::check(ops, bulk).is_err();
    let mut varying = None;
    let mut first_asyncpipe = None;
    let mut first_nvgpu = None;
    for op in ops {
        match AsyncpipeOp::of(*op) {
            Some(AsyncpipeOp::AsyncScope(_)) => {
                diag::error(
                    op.location(),
                    "async compute cannot run on cp.async, which only copies global memory to workgroup memory; \
                     lower this scope with asyncpipe-lower-sequential or keep it out of async stages",
                );
                failed = true;
            }
            _ if crate::passes::ir::asyncpipe::is_tensor_core_op(*op) => {
                diag::error(
                    op.location(),
                    "asyncpipe-to-nvgpu lowers copies; MMAs and accumulators go to the tensor cores first, through \
                     asyncpipe-lower-mma (asyncpipe-to-ptx runs it), or run on the CPU through asyncpipe-lower-deferred",
                );
                failed = true;
            }
            Some(AsyncpipeOp::Copy(_)) => {
                let planned = match (queue_of(*op), tma::swizzle_of(*op)) {
                    (Some(queue), Some(swizzle)) if bulk.contains(&queue) => {
                        tma::plan(*op, swizzle, varying.get_or_insert_with(|| tma::thread_dependent(ops))).map(|_| ())
                    }
                    (_, Some(swizzle)) => Err(format!(
                        "this tile is read by wgmma in the {swizzle}-byte swizzle (asyncpipe-lower-mma for sm_90a), which \
                         only a tensor-map copy writes: commit the copy to a queue in bulk-queues, whose copies complete \
                         on mbarriers"
                    )),
                    (Some(queue), None) if bulk.contains(&queue) => bulk::plan(*op).map(|_| ()),
                    _ => copy::plan(*op, max_bytes).map(|_| ()),
                };
                if let Err(message) = planned {
                    diag::error(op.location(), &message);
                    failed = true;
                }
            }
            Some(AsyncpipeOp::WaitQueue(wait)) if wait_count(*op).is_none() => {
                let message = if wait.queue().is_some_and(|q| bulk.contains(&q)) {
                    "a wait on a bulk queue needs a constant in-flight count to know which groups' mbarriers to wait \
                     on; this one is only known at run time"
                } else {
                    "cp.async.wait_group needs a constant in-flight count; this one is only known at run time"
                };
                diag::error(op.location(), message);
                failed = true;
            }
            None if matches!(Upstream::of(*op), Some(Upstream::NvgpuDeviceAsyncCreateGroup | Upstream::NvgpuDeviceAsyncWait)) => {
                first_nvgpu.get_or_insert(*op);
            }
            None if is_other_dialects_async(*op) => {
                diag::error(
                    op.location(),
                    "asyncpipe-to-nvgpu lowers asyncpipe's copies to cp.async; this op's async work \
                     (AsyncEffectOpInterface, on a logical queue) has no lowering here, and its queue's commits and \
                     waits would become cp.async's, which do not complete it",
                );
                failed = true;
            }
            _ => {}
        }
        if is_asyncpipe(*op) {
            first_asyncpipe.get_or_insert(*op);
        }
    }
    if let (Some(asyncpipe), Some(nvgpu)) = (first_asyncpipe, first_nvgpu) {
        diag::error_with_note(
            asyncpipe.location(),
            "this function mixes asyncpipe queues with nvgpu cp.async groups, which share PTX's single group queue; \
             write its synchronization in one of the two forms",
            nvgpu.location(),
            "the nvgpu group operation",
        );
        failed = true;
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}

/// Whether a function's counts (its `ops`) must be recomputed for the
/// hardware: it uses token form, or more than one logical queue that is not a
/// bulk queue (those share the cp.async queue).
pub fn needs_recount(ops: &[OperationRef], bulk: &BTreeSet<i64>) -> bool {
    ops.iter().any(|op| is_token_form(*op)) || second_shared_queue(ops, bulk).is_some()
}

/// The first op on a second logical queue outside `bulk`, if any: those
/// queues share the cp.async queue, whose counts cover them all.
fn second_shared_queue<'c, 'a>(ops: &[OperationRef<'c, 'a>], bulk: &BTreeSet<i64>) -> Option<OperationRef<'c, 'a>> {
    let mut first = None;
    for op in ops {
        if let Some(
            AsyncpipeOp::Copy(_) | AsyncpipeOp::Commit(_) | AsyncpipeOp::CommitQueue(_) | AsyncpipeOp::WaitQueue(_),
        ) = AsyncpipeOp::of(*op)
        {
            if let Some(queue) = named_queue(*op).filter(|q| !bulk.contains(q)) {
                match first {
                    None => first = Some(queue),
                    Some(q) if q != queue => return Some(*op),
                    Some(_) => {}
                }
            }
        }
    }
    None
}

