//! `asyncpipe-to-nvgpu`: asyncpipe's async copies and queues on PTX's
//! `cp.async`, through the `nvgpu` dialect.
//!
//! - `asyncpipe.copy` (global to workgroup memory) becomes
//!   `nvgpu.device_async_copy` ops of 4, 8 or 16 bytes (see [`copy`]), with
//!   `srcElements` for the partial tiles of `zero_fill` copies.
//! - A commit (`asyncpipe.commit`, the end of an `asyncpipe.commit_queue`)
//!   becomes `nvgpu.device_async_create_group`, naming the tokens of the
//!   copies it commits where they are in its block.
//! - `asyncpipe.wait_queue q, N` becomes `nvgpu.device_async_wait` with
//!   `numGroups = N`. The wait's token operand is the latest group that
//!   dominates it (any token will do: with `numGroups` the wait counts, it
//!   does not name a group), or `ub.poison` before any group.
//!
//! PTX has one cp.async group queue per thread. A function that uses one
//! logical queue keeps its counts. One that uses several, or token form, is
//! first taken to token form (`asyncpipe-count-to-token`) and back to counts
//! on the single hardware queue (`asyncpipe-token-to-count` with
//! `single-hw-queue`), then redundant waits are merged
//! (`asyncpipe-optimize-waits`): the counts are recomputed exactly, never
//! just summed.
//!
//! Functions written with upstream nvgpu ops only pass through, except that
//! their waits without `numGroups` (which `convert-nvgpu-to-nvvm` makes a
//! wait for everything) get exact counts, as `asyncpipe-token-to-count` gives.
//!
//! What cp.async cannot do is an error at the op, before anything changes:
//! async compute (`asyncpipe.async_scope`), copies that are not global to
//! shared or not of contiguous 4-byte multiples, waits whose count is not a
//! constant, and functions that mix asyncpipe queues with hand-written
//! `nvgpu` groups (they would share the hardware queue behind each other's
//! backs).

mod copy;

use super::builder::{Builder, Point};
use super::in_flight::QueueMap;
use super::sync_state::{is_token_form, wait_count};
use super::{count_to_token, diag, ir, optimize_waits, token_to_count};
use super::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::BlockRef;
use mlir_sys::{MlirOperation, MlirType, MlirValue};
use std::collections::BTreeSet;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-to-nvgpu",
    description: "Lower asyncpipe copies, commits and counting waits to nvgpu cp.async ops on the single hardware queue",
    anchor: None,
    options: &[
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
    ],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let max_bytes = options.parse::<i64>(root, "max-copy-bytes")?;
    if !matches!(max_bytes, 4 | 8 | 16) {
        diag::error(root.location(), &format!("max-copy-bytes must be 4, 8 or 16, not {max_bytes}"));
        return Err(PassFailed);
    }
    let bypass_l1 = options.parse::<bool>(root, "bypass-l1")?;
    // Every error comes before any function changes.
    let mut failed = false;
    let mut lower = Vec::new();
    for function in ir::functions(root) {
        let ops = ir::nested_ops(function);
        if ops.iter().any(|op| is_asyncpipe(*op)) {
            failed |= check(&ops, max_bytes).is_err();
            lower.push((function, needs_recount(&ops)));
        } else if ops.iter().any(|op| ir::name(*op) == "nvgpu.device_async_wait" && op.attribute("numGroups").is_err()) {
            // An upstream nvgpu kernel: its waits without numGroups (which
            // upstream makes waits for everything) get exact counts.
            failed |= token_to_count::convert(function, &QueueMap { single: true }, false).is_err();
        }
    }
    if failed {
        return Err(PassFailed);
    }
    for (function, recount) in lower {
        if recount {
            count_to_token::convert(function)?;
            token_to_count::convert(function, &QueueMap { single: true }, false)?;
            optimize_waits::optimize(function);
        }
        let builder = Builder::new(function.context(), function.location());
        let token = builder.parse_type(copy::TOKEN_TYPE);
        let mut lowering = Lowering { b: builder, max_bytes, bypass_l1, function, token, poison: None, failed: false };
        for block in ir::blocks(function) {
            lowering.block(block, None);
        }
        failed |= lowering.failed;
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}

fn is_asyncpipe(op: OperationRef) -> bool {
    ir::name(op).starts_with("asyncpipe.")
}

/// Reports, at the op, what cp.async cannot do in a function (its `ops`).
fn check(ops: &[OperationRef], max_bytes: i64) -> Result<(), PassFailed> {
    let mut failed = false;
    let mut first_asyncpipe = None;
    let mut first_nvgpu = None;
    for op in ops {
        let name = ir::name(*op);
        match name.as_str() {
            "asyncpipe.async_scope" => {
                diag::error(
                    op.location(),
                    "async compute cannot run on cp.async, which only copies global memory to workgroup memory; \
                     lower this scope with asyncpipe-lower-sequential or keep it out of async stages",
                );
                failed = true;
            }
            "asyncpipe.copy" => {
                if let Err(message) = copy::plan(*op, max_bytes) {
                    diag::error(op.location(), &message);
                    failed = true;
                }
            }
            "asyncpipe.wait_queue" if wait_count(*op).is_none() => {
                diag::error(
                    op.location(),
                    "cp.async.wait_group needs a constant in-flight count; this one is only known at run time",
                );
                failed = true;
            }
            "nvgpu.device_async_create_group" | "nvgpu.device_async_wait" => {
                first_nvgpu.get_or_insert(*op);
            }
            _ => {}
        }
        if name.starts_with("asyncpipe.") {
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

/// Whether a function's counts (its `ops`) must be recomputed for one
/// hardware queue: it uses token form, or more than one logical queue.
fn needs_recount(ops: &[OperationRef]) -> bool {
    let mut queues = BTreeSet::new();
    for op in ops {
        match ir::name(*op).as_str() {
            _ if is_token_form(*op) => return true,
            "asyncpipe.copy" | "asyncpipe.commit" | "asyncpipe.commit_queue" | "asyncpipe.wait_queue" => {
                if let Some(queue) = ir::int_attr(*op, "queue") {
                    queues.insert(queue);
                }
            }
            _ => {}
        }
    }
    queues.len() > 1
}

/// Rewrites one function whose ops [`check`] accepted.
struct Lowering<'c, 'a> {
    b: Builder<'c>,
    max_bytes: i64,
    bypass_l1: bool,
    function: OperationRef<'c, 'a>,
    /// `!nvgpu.device.async.token`.
    token: MlirType,
    /// The placeholder token for waits that no group precedes.
    poison: Option<MlirValue>,
    failed: bool,
}

/// What lowering a block tracks: the latest group that dominates the next op,
/// and the tokens of copies issued here since the last commit.
struct Scope {
    latest: Option<MlirValue>,
    pending: Vec<MlirValue>,
}

impl<'c, 'a> Lowering<'c, 'a> {
    fn block(&mut self, block: BlockRef<'c, 'a>, latest: Option<MlirValue>) {
        let mut scope = Scope { latest, pending: Vec::new() };
        for op in ir::ops(block).collect::<Vec<_>>() {
            self.op(op, &mut scope);
        }
    }

    fn op(&mut self, op: OperationRef<'c, 'a>, scope: &mut Scope) {
        self.b.location = op.location();
        let at = Point::Before(op.to_raw());
        match ir::name(op).as_str() {
            "asyncpipe.copy" => {
                let plan = copy::plan(op, self.max_bytes).expect("check() accepted this copy");
                scope.pending.extend(copy::emit(op, &plan, self.bypass_l1, &self.b));
                ir::erase(op);
            }
            "asyncpipe.commit" => {
                self.commit(scope, at);
                ir::erase(op);
            }
            "asyncpipe.commit_queue" => {
                // The body runs in place; the group closes where the region ends.
                let body = ir::region_entry(op, 0).expect("commit_queue has a body");
                let moved: Vec<OperationRef> =
                    ir::ops(body).filter(|inner| ir::name(*inner) != "asyncpipe.yield").collect();
                for inner in &moved {
                    unsafe { mlir_sys::mlirOperationMoveBefore(inner.to_raw(), op.to_raw()) };
                }
                for inner in moved {
                    self.op(inner, scope);
                }
                self.b.location = op.location();
                self.commit(scope, at);
                ir::erase(op);
            }
            "asyncpipe.wait_queue" => {
                let count = wait_count(op).expect("check() accepted this wait");
                let token = match scope.latest {
                    Some(token) => token,
                    None => self.poison(),
                };
                let num_groups = self.b.int_attr(32, count);
                self.b.op("nvgpu.device_async_wait", &[token], &[], &[("numGroups", num_groups)], at);
                ir::erase(op);
            }
            _ if is_token_form(op) => {
                // token-to-count keeps a group in token form only where
                // counting form cannot say the same thing (it says why).
                diag::error(
                    op.location(),
                    "cp.async synchronizes by counts only, and this token-form operation has no counting form",
                );
                self.failed = true;
            }
            _ => {
                for block in ir::blocks(op) {
                    self.block(block, scope.latest);
                }
            }
        }
    }

    /// `nvgpu.device_async_create_group` of the copies pending in this block.
    fn commit(&mut self, scope: &mut Scope, at: Point) {
        let tokens = std::mem::take(&mut scope.pending);
        scope.latest = Some(self.b.value("nvgpu.device_async_create_group", &tokens, self.token, &[], at));
    }

    fn poison(&mut self) -> MlirValue {
        if let Some(poison) = self.poison {
            return poison;
        }
        let entry = ir::region_entry(self.function, 0).expect("a function with a body");
        let first: MlirOperation = entry.first_operation().expect("a non-empty body").to_raw();
        let value = self.b.poison(self.token, Point::Before(first));
        self.poison = Some(value);
        value
    }
}
