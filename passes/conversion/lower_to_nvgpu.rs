//! `asyncpipe-lower-to-nvgpu`: asyncpipe's async copies and queues on PTX's
//! `cp.async`, through the `nvgpu` dialect. It is the second step of the
//! `asyncpipe-to-nvgpu` pipeline (passes/Pipelines.cpp), after
//! `asyncpipe-hardware-queues` has made the counts exact for the hardware's
//! queues.
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
//! PTX has one cp.async group queue per thread: a function must use at most
//! one logical queue besides its bulk queues (what
//! `asyncpipe-hardware-queues` leaves), or this pass says to run that first.
//! Functions written with upstream nvgpu ops only pass through.
//!
//! **Bulk queues** (option `bulk-queues`, sm_90 and newer): the copies of
//! these logical queues become `cp.async.bulk` copies that complete on a ring
//! of mbarriers per queue, and their waits become phase-parity waits on the
//! groups they need (see [`bulk`]). Each bulk queue keeps its own counts; the
//! other queues share the cp.async queue as above. Bulk copies cannot
//! zero-fill, and need rows of 16-byte multiples. A copy on a bulk queue into
//! a tile that asyncpipe-lower-mma marked for wgmma (`asyncpipe.swizzle`)
//! becomes tensor-map copies (`cp.async.bulk.tensor`, issued by thread 0,
//! writing the 128-byte swizzle; see [`tma`]), and the kernel gets a
//! tensor-map argument per source and box (`asyncpipe.tensor_maps`).
//!
//! What cp.async cannot do is an error at the op, before anything changes:
//! async compute (`asyncpipe.async_scope`), copies that are not global to
//! shared or not of contiguous 4-byte multiples, waits whose count is not a
//! constant, and functions that mix asyncpipe queues with hand-written
//! `nvgpu` groups (they would share the hardware queue behind each other's
//! backs).


use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::Upstream;
use crate::passes::analysis::in_flight_bounds::{self, Bound, InFlightBounds};
use crate::passes::analysis::sync_state::{is_token_form, wait_count, Queue};
use crate::passes::ir::asyncpipe::queue_of;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::{AsyncpipeOp, CopyOp, WaitQueueOp, YieldOp};
use crate::passes::ir::{self, diag, rewrite};
use crate::passes::transform::barrier_placement;
use crate::passes::transform::nvgpu_lowering::{bulk, checked_functions, copy, tma, Options, OPTIONS, TOKEN_FORM_LEFT};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, Type, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-lower-to-nvgpu",
    description: "Lower asyncpipe copies, commits and counting waits on the hardware's queues to nvgpu cp.async ops \
                  (and mbarrier-completed bulk copies); the second step of asyncpipe-to-nvgpu",
    anchor: None,
    options: OPTIONS,
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let options = Options::parse(root, options)?;
    let Options { max_bytes, bypass_l1, ref bulk } = options;
    // Every error of the checks comes before any function changes (barrier
    // placement, next, may fail in a kernel after placing barriers in
    // another: the pass then fails as a whole).
    let functions = checked_functions(root, &options, true);
    let mut failed = functions.failed;
    for (function, ops) in &functions.asyncpipe {
        failed |= launched_with_tensor_maps(root, *function, ops).is_err();
    }
    if failed {
        return Err(PassFailed);
    }
    // Kernels whose threads share staged memory get their block barriers
    // first: code the pipeliner did not place them in (hand-written
    // staging), before its commits and waits become nvgpu ops.
    for (function, _) in &functions.asyncpipe {
        failed |= barrier_placement::place(*function, bulk).is_err();
    }
    if failed {
        return Err(PassFailed);
    }
    for (function, ops) in functions.asyncpipe {
        let builder = Builder::new(function.context(), function.location());
        let (rings, bounds) = match rings(function, bulk.queues(), &builder) {
            Ok(rings) => rings,
            Err(PassFailed) => {
                failed = true;
                continue;
            }
        };
        let token = builder.parse_type(copy::TOKEN_TYPE);
        let maps = tensor_maps(function, &ops, &builder);
        let mut lowering = Lowering {
            b: builder,
            max_bytes,
            bypass_l1,
            function,
            token,
            poison: None,
            rings,
            bounds,
            maps,
            failed: false,
        };
        for block in ir::blocks(function) {
            lowering.block(block, None);
        }
        failed |= lowering.failed;
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}

/// An error at each `gpu.launch_func` of `kernel` in `root` when the kernel
/// has tensor-map copies: their tensor maps become new kernel arguments,
/// which the host must create (once per buffer) and pass; a launch in the
/// same module would not have them.
fn launched_with_tensor_maps(root: OperationRef, kernel: OperationRef, ops: &[OperationRef]) -> Result<(), PassFailed> {
    if !ops.iter().any(|op| CopyOp::is(*op) && tma::swizzle_of(*op).is_some()) {
        return Ok(());
    }
    let Some(name) = ir::symbol_name(kernel) else { return Ok(()) };
    let suffix = format!("::@{name}");
    let mut failed = false;
    for launch in ir::nested_ops(root).into_iter().filter(|op| Upstream::GpuLaunchFunc.is(*op)) {
        let target = launch.attribute(attr::KERNEL).map(|a| a.to_string()).unwrap_or_default();
        if target.ends_with(&suffix) {
            diag::error_with_note(
                launch.location(),
                &format!(
                    "@{name} gets tensor-map arguments (its copies into swizzled tiles become tensor-map copies), which \
                     its host creates once per buffer and passes: lower the gpu.module without this launch, and launch \
                     the kernel with the maps its asyncpipe.tensor_maps names"
                ),
                kernel.location(),
                "the kernel",
            );
            failed = true;
        }
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}

// Every ring the lowering can build is sized from an exact bound.
const _: () = assert!(in_flight_bounds::CAP > bulk::MAX_RING);

/// Sets up the mbarrier ring of each bulk queue `function` uses, sized by
/// the in-flight bounds (which it also returns, for the waits). An error at
/// the op where a bound is missing.
fn rings<'c, 'a>(
    function: OperationRef<'c, 'a>,
    bulk: &BTreeSet<i64>,
    b: &Builder<'c>,
) -> Result<(BTreeMap<i64, bulk::Ring<'c, 'a>>, in_flight_bounds::Bounds), PassFailed> {
    // A queue that is only waited on gets a ring too (of one barrier), so
    // that its waits are bulk waits.
    let mut sizes: BTreeMap<i64, i64> = BTreeMap::new();
    let mut filling = Vec::new();
    for op in ir::nested_ops(function) {
        let Some(
            AsyncpipeOp::Copy(_) | AsyncpipeOp::Commit(_) | AsyncpipeOp::CommitQueue(_) | AsyncpipeOp::WaitQueue(_),
        ) = AsyncpipeOp::of(op)
        else {
            continue;
        };
        if let Some(queue) = queue_of(op).filter(|q| bulk.contains(q)) {
            sizes.entry(queue).or_insert(1);
            if !WaitQueueOp::is(op) {
                filling.push((op, queue));
            }
        }
    }
    if sizes.is_empty() {
        return Ok((BTreeMap::new(), Default::default()));
    }
    let mut entry = InFlightBounds::default();
    for queue in sizes.keys() {
        entry.wait(Queue::Logical(*queue), 0);
    }
    let bounds = in_flight_bounds::analyze_function(function, entry);
    if bounds.exhausted().is_some() {
        diag::error(
            function.location(),
            "the analysis of groups in flight stopped at its budget (loops nested too deep to simulate), so the bulk queues' mbarrier rings cannot be sized",
        );
        return Err(PassFailed);
    }
    let mut reported = BTreeSet::new();
    for (op, queue) in filling {
        match bounds.before(op) {
            Bound::AtMost(bound) if bound < bulk::MAX_RING => {
                let size = sizes.get_mut(&queue).unwrap();
                *size = (*size).max(bound + 1);
            }
            // Said once per queue, like the next case.
            Bound::AtMost(bound) if reported.insert(queue) => {
                diag::error(
                    op.location(),
                    &format!(
                        "up to {bound} groups may be in flight on bulk queue {queue} here, so its ring would need {} mbarriers \
                         (8 bytes of workgroup memory each); the lowering allows at most {}",
                        i128::from(bound) + 1,
                        bulk::MAX_RING
                    ),
                );
            }
            Bound::Over(cap) if reported.insert(queue) => {
                diag::error(
                    op.location(),
                    &format!(
                        "more than {cap} groups may be in flight on bulk queue {queue} here, so its ring would need more \
                         than {} mbarriers; the lowering allows at most {}",
                        i128::from(cap) + 1,
                        bulk::MAX_RING
                    ),
                );
            }
            // Said once per queue, at the first op that fills a group.
            Bound::Unbounded if reported.insert(queue) => {
                diag::error(
                    op.location(),
                    &format!(
                        "the groups in flight on bulk queue {queue} have no bound here, but its ring of mbarriers \
                         needs one: wait on the queue in the loop that commits to it"
                    ),
                );
            }
            Bound::AtMost(_) | Bound::Over(_) | Bound::Unbounded | Bound::Unreached => {}
        }
    }
    if !reported.is_empty() {
        return Err(PassFailed);
    }
    let queues: Vec<i64> = sizes.keys().copied().collect();
    let rings = bulk::setup(b, function, &sizes.values().copied().collect::<Vec<_>>());
    Ok((queues.into_iter().zip(rings).collect(), bounds))
}

/// Rewrites one function whose ops [`check`] accepted.
struct Lowering<'c, 'a> {
    b: Builder<'c>,
    max_bytes: i64,
    bypass_l1: bool,
    function: OperationRef<'c, 'a>,
    /// `!nvgpu.device.async.token`.
    token: Type<'c>,
    /// The placeholder token for waits that no group precedes.
    poison: Option<Value<'c, 'a>>,
    /// The mbarrier rings of the bulk queues, by queue.
    rings: BTreeMap<i64, bulk::Ring<'c, 'a>>,
    /// In-flight bounds before each wait on a bulk queue.
    bounds: in_flight_bounds::Bounds,
    /// The kernel's tensor-map copies.
    maps: Option<TensorCopies<'c, 'a>>,
    failed: bool,
}

/// Appends the tensor-map arguments that `function`'s tensor-map copies
/// (among its `ops`, which check() accepted) need, with each copy's plan.
fn tensor_maps<'c, 'a>(function: OperationRef<'c, 'a>, ops: &[OperationRef<'c, 'a>], b: &Builder<'c>) -> Option<TensorCopies<'c, 'a>> {
    if !ops.iter().any(|op| CopyOp::is(*op) && tma::swizzle_of(*op).is_some()) {
        return None;
    }
    let varying = tma::thread_dependent(ops);
    let mut plans = HashMap::new();
    for op in ops {
        let Some(swizzle) = CopyOp::is(*op).then(|| tma::swizzle_of(*op)).flatten() else { continue };
        plans.insert(ir::OpKey::of(*op), tma::plan(*op, swizzle, &varying).expect("check() accepted this copy"));
    }
    if plans.is_empty() {
        return None;
    }
    let keys: Vec<_> = plans.values().map(|plan| (plan.argument, plan.rows, plan.box_columns())).collect();
    Some(TensorCopies { maps: tma::TensorMaps::append(function, &keys, b), plans })
}

/// A kernel's tensor-map copies: its tensor-map arguments and each copy's plan.
struct TensorCopies<'c, 'a> {
    maps: tma::TensorMaps<'c, 'a>,
    plans: HashMap<ir::OpKey, tma::TmaPlan<'c, 'a>>,
}

/// What lowering a block tracks: the latest group that dominates the next op,
/// and the tokens of copies issued here since the last commit.
struct Scope<'c, 'a> {
    latest: Option<Value<'c, 'a>>,
    pending: Vec<Value<'c, 'a>>,
}

impl<'c, 'a> Lowering<'c, 'a> {
    fn block(&mut self, block: BlockRef<'c, 'a>, latest: Option<Value<'c, 'a>>) {
        let mut scope = Scope { latest, pending: Vec::new() };
        for op in ir::ops(block).collect::<Vec<_>>() {
            self.op(op, &mut scope);
        }
    }

    fn op(&mut self, op: OperationRef<'c, 'a>, scope: &mut Scope<'c, 'a>) {
        self.b.location = op.location();
        let at = Point::Before(op);
        match AsyncpipeOp::of(op) {
            Some(AsyncpipeOp::Copy(_)) => {
                let ring = queue_of(op).and_then(|q| self.rings.get(&q));
                let tensor = self.maps.as_ref().and_then(|t| t.plans.get(&ir::OpKey::of(op)).map(|plan| (&t.maps, plan)));
                if let (Some(ring), Some((maps, plan))) = (ring, tensor) {
                    ring.tensor_copy(op, plan, maps, &self.b);
                } else if let Some(ring) = ring {
                    let plan = bulk::plan(op).expect("check() accepted this copy");
                    ring.copy(op, &plan, &self.b);
                } else {
                    let plan = copy::plan(op, self.max_bytes).expect("check() accepted this copy");
                    scope.pending.extend(copy::emit(op, &plan, self.bypass_l1, &self.b));
                }
                ir::erase(op);
            }
            Some(AsyncpipeOp::Commit(commit)) => {
                self.commit(commit.queue(), scope, at);
                ir::erase(op);
            }
            Some(AsyncpipeOp::CommitQueue(commit)) => {
                // The body is lowered where it is (its copies find their
                // queue through it), then runs in place; the group closes
                // where the region ends.
                let body = ir::region_entry(op, 0).expect("commit_queue has a body");
                let body_ops = |body| ir::ops(body).filter(|inner| !YieldOp::is(*inner)).collect::<Vec<_>>();
                for inner in body_ops(body) {
                    self.op(inner, scope);
                }
                for inner in body_ops(body) {
                    rewrite::move_before(inner, op);
                }
                self.b.location = op.location();
                self.commit(commit.queue(), scope, at);
                ir::erase(op);
            }
            Some(AsyncpipeOp::WaitQueue(wait)) => {
                let count = wait_count(op).expect("check() accepted this wait");
                if let Some(ring) = wait.queue().and_then(|q| self.rings.get(&q)) {
                    match self.bounds.before(op) {
                        Bound::AtMost(bound) => ring.wait(&self.b, bound, count, at),
                        Bound::Unreached => {} // it never runs
                        Bound::Unbounded | Bound::Over(_) => {
                            diag::error(
                                op.location(),
                                "the groups in flight before this wait have no bound, so it cannot tell which \
                                 groups' mbarriers to wait on",
                            );
                            self.failed = true;
                        }
                    }
                    ir::erase(op);
                    return;
                }
                let token = match scope.latest {
                    Some(token) => token,
                    None => self.poison(),
                };
                // An i32 attribute: a larger count is clamped, which only
                // waits for more (a wait for at most 2^31 - 1 groups never
                // blocks where one for more would not).
                let num_groups = self.b.int_attr(32, count.clamp(0, i64::from(i32::MAX)));
                self.b.op(Upstream::NvgpuDeviceAsyncWait, &[token], &[], &[(attr::NUM_GROUPS, num_groups)], at);
                ir::erase(op);
            }
            _ if is_token_form(op) => {
                // token-to-count keeps a group in token form only where
                // counting form cannot say the same thing (it says why).
                diag::error(op.location(), TOKEN_FORM_LEFT);
                self.failed = true;
            }
            _ => {
                for block in ir::blocks(op) {
                    self.block(block, scope.latest);
                }
            }
        }
    }

    /// Commits `queue`: an arrival on its ring's barrier for a bulk queue,
    /// else `nvgpu.device_async_create_group` of the copies pending in this
    /// block. An empty group (no copy pending) is `nvvm.cp.async.commit.group`,
    /// what nvgpu lowers to: nvgpu's create_group without tokens prints in a
    /// form that swallows the next op's result name when parsed back. It
    /// yields no token, so later waits keep naming the latest one.
    fn commit(&mut self, queue: Option<i64>, scope: &mut Scope<'c, 'a>, at: Point<'c, 'a>) {
        if let Some(ring) = queue.and_then(|q| self.rings.get(&q)) {
            ring.commit(&self.b, at);
            return;
        }
        let tokens = std::mem::take(&mut scope.pending);
        if tokens.is_empty() {
            self.b.op(Upstream::NvvmCpAsyncCommitGroup, &[], &[], &[], at);
            return;
        }
        scope.latest = Some(self.b.value(Upstream::NvgpuDeviceAsyncCreateGroup, &tokens, self.token, &[], at));
    }

    fn poison(&mut self) -> Value<'c, 'a> {
        if let Some(poison) = self.poison {
            return poison;
        }
        let entry = ir::region_entry(self.function, 0).expect("a function with a body");
        let first = entry.first_operation().expect("a non-empty body");
        let value = self.b.poison(self.token, Point::Before(first));
        self.poison = Some(value);
        value
    }
}
