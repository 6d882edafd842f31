//! Hopper's asynchronous units at the nvgpu level (and, for mbarriers and
//! TMA loads, at the NVVM level that upstream's `convert-nvgpu-to-nvvm`
//! leaves: pointers followed through `getelementptr`, `addrspacecast` and
//! memref descriptors, the box from the tensor map's type), as one block of
//! threads runs them: mbarrier objects (init, arrivals, expected transaction bytes,
//! phases and their parities), TMA loads that complete on an mbarrier's
//! phase, and the warpgroup MMA queue (`nvgpu.warpgroup.mma` with its
//! implied `wgmma.wait_group`, `nvvm.wgmma.wait.group.sync.aligned`).
//! `asyncpipe-verify-sync` asks it for every function that uses them and
//! reports what it finds beside its own queue model.
//!
//! The model runs the function once for the whole block, in program order,
//! with a *set of threads* executing each op: an `scf.if` on a thread id
//! (`tid == 0`, `tid / 128 == 1`, `tid < 32`, ...) runs its then-region
//! with the threads that take it and its else-region with the others, one
//! after the other; the condition is evaluated for each thread of the
//! block's known size (`known_block_size`), so any index arithmetic the
//! constant evaluator knows decides it. Arrivals are counted in threads: an
//! `arrive` executed by 127 threads is 127 arrivals. A phase completes when
//! its arrivals reach the count the mbarrier was initialized with and the
//! transaction bytes issued on it (the TMA loads' boxes) equal the bytes
//! expected (`arrive.expect_tx`); `try_wait.parity p` waits for the phase
//! of parity `p` (returning at once when the current phase has the other
//! parity: the previous phase, of parity `p`, is complete). Reading the
//! block in program order is the *lockstep* assumption: the threads that
//! arrive before a wait in program order have arrived when it is reached.
//! Kernels whose roles wait for arrivals later in program order (warp
//! specialization) are outside it and get "cannot prove".
//!
//! Rules, each an error at the op with a note at the other side:
//! - an mbarrier is initialized by one thread, before any use, and a block
//!   barrier publishes its initialization before another thread uses it;
//!   it is not re-initialized while a phase has arrivals;
//! - a phase gets no more arrivals than its count, and no more transaction
//!   bytes than were expected (either completes it early);
//! - a wait whose phase cannot complete (arrivals or bytes missing) hangs;
//! - a TMA destination is not read or written before a wait on the phase
//!   its bytes complete, by the threads that read it (or a block barrier
//!   after such a wait); a TMA load does not overwrite bytes that another
//!   load, a warpgroup MMA, or other threads' reads may still be using;
//! - a warpgroup MMA's operand tiles are not written, and its accumulator
//!   is not read (except by the next MMA into it), before the
//!   `wgmma.wait_group` that completes it; the tiles it reads are complete
//!   (their TMA phase waited for) when it is issued;
//! - accumulator fragments that `nvgpu.warpgroup.mma.store` writes to
//!   shared memory (each warp its own rows) are read or overwritten only
//!   after a block barrier;
//! - a TMA store (`nvgpu.tma.async.store`) reads its tile through the async
//!   proxy: what it reads was made visible by a `fence.proxy.async` of its
//!   writers after their writes (and a block barrier, for other threads'
//!   writes); the tile is not overwritten before a
//!   `cp.async.bulk.wait_group` of the issuing threads leaves its group
//!   complete (`commit_group` groups a thread's stores, `wait_group N`
//!   keeps the newest N pending), nor by other threads before a block
//!   barrier after that wait; the kernel does not end with a store's read
//!   pending.
//!
//! Memory is compared by bytes: every view (subview, `memref.view`,
//! `reinterpret_cast`, casts, reshapes) is followed to its buffer with its
//! byte range; `gpu.dynamic_shared_memory` and the zero-sized workgroup
//! globals that hand-written kernels use as its base are one buffer.
//! Loops with constant bounds are run iteration by iteration with their
//! induction variable bound, and a loop whose state repeats in a cycle of
//! the period of the values it computes skips to its end, so the cost does
//! not grow with the trip count. A loop whose trip count is known only at
//! run time is followed over cases of the kernel's integer arguments
//! ([`over_cases`], [`run_time_loops`]).

use super::const_eval::{Bindings, Cycle};
use super::periodicity;
use super::symbolic::{self, Case, Refinement};
use crate::passes::ir::async_effects::{self, AsyncSync};
use crate::passes::ir::upstream::{self, attr, Upstream};
use crate::passes::ir::{self, MemoryEffect, MemorySpace, OpKey, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, Location, Type, TypeLike, Value, ValueLike};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;

mod run_time_loops;

/// Iterations run before a loop without a period is given up on. Each
/// iteration runs the block's threads in lockstep and keeps its state for
/// the cycle test: at 4096, a 128-thread wgmma GEMM whose state never
/// settles took 13 s in release and 35 s in debug before saying so (a
/// fuzzer's timeout, 100k campaign); the test suite's and corpus's loops
/// settle within a few periods.
const LOOP_BUDGET: u64 = 512;

/// Threads of a block past which thread sets are not enumerated.
const MAX_THREADS: i64 = 1024;

/// What the model found.
#[derive(Clone, Debug)]
pub struct Finding<'c> {
    pub at: Location<'c>,
    pub message: String,
    pub note: Option<(Location<'c>, String)>,
}

/// Whether `op` is one of the ops this model is for.
pub fn is_hopper_op(op: OperationRef) -> bool {
    matches!(
        Upstream::of(op),
        Some(
            Upstream::NvgpuMbarrierCreate
                | Upstream::NvgpuTmaAsyncLoad
                | Upstream::NvgpuTmaAsyncStore
                | Upstream::NvvmMbarrierInit
                | Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal
                | Upstream::NvgpuWarpgroupMma
                | Upstream::NvgpuWarpgroupMmaStore
        )
    )
}

/// NVVM-level asynchronous ops whose effects the model does not know: a
/// kernel that has them is reported as not proven, never proven silently.
pub fn unmodeled(op: OperationRef) -> bool {
    if matches!(Upstream::of(op), Some(Upstream::NvvmCpAsyncCommitGroup | Upstream::NvvmCpAsyncWaitGroup)) {
        // The queue model knows them (sync_state: a commit and a wait on
        // the cp.async queue).
        return false;
    }
    if matches!(
        Upstream::of(op),
        Some(
            Upstream::NvvmCpAsyncBulkCommitGroup
                | Upstream::NvvmCpAsyncBulkWaitGroup
                | Upstream::NvvmMbarrierInit
                | Upstream::NvvmMbarrierArrive
                | Upstream::NvvmMbarrierArriveExpectTx
                | Upstream::NvvmMbarrierTryWaitParity
                | Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal
        )
    ) {
        // This model knows them: the bulk groups of TMA stores, and the
        // mbarriers and TMA loads of the NVVM level (upstream's
        // convert-nvgpu-to-nvvm), whose pointers it follows to their
        // buffers ([`Model::pointer`]).
        return false;
    }
    upstream::is_nvvm_async_family(op)
        || matches!(
            Upstream::of(op),
            Some(
                Upstream::NvvmWgmmaMmaAsync
                    | Upstream::NvvmWgmmaCommitGroupSyncAligned
                    | Upstream::NvgpuMbarrierArriveNocomplete
                    | Upstream::NvgpuMbarrierTestWait
            )
        )
}

/// The findings for `function` (empty: proven, within the model).
pub fn check<'c, 'a>(function: OperationRef<'c, 'a>) -> Vec<Finding<'c>> {
    let ops = ir::nested_ops(function);
    let mut findings = Vec::new();
    if let Some(&op) = ops.iter().find(|op| unmodeled(**op)) {
        let others = ops.iter().filter(|o| unmodeled(**o)).count() - 1;
        findings.push(Finding {
            at: op.location(),
            message: format!(
                "not modeled: verify-sync does not know the asynchronous effects of '{}'{}; the kernel is not proven (run verify-sync before the NVVM lowering, on nvgpu or asyncpipe ops)",
                ir::op_name(op),
                if others > 0 { format!(" (nor of {others} more such ops here)") } else { String::new() }
            ),
            note: None,
        });
        return findings;
    }
    if !ops.iter().any(|op| is_hopper_op(*op)) {
        return findings;
    }
    // Each gpu.launch body with Hopper work is a kernel of its own (its
    // block size from its operands, its thread ids its region's arguments);
    // otherwise the function is the kernel (a gpu.func, known_block_size).
    let launches: Vec<OperationRef> =
        ops.iter().copied().filter(|op| Upstream::GpuLaunch.is(*op) && ir::nested_ops(*op).iter().any(|o| is_hopper_op(*o))).collect();
    if !launches.is_empty() {
        for launch in launches {
            let Some(body) = ir::region_entry(launch, 0) else { continue };
            match launch_shape(launch) {
                Some(shape) => {
                    let argument = |i: usize| body.argument(i).ok().map(Value::from);
                    let threads: Vec<(Value, usize)> = (0..3).filter_map(|d| Some((argument(3 + d)?, d))).collect();
                    let dims: Vec<(Value, usize)> = (0..3).filter_map(|d| Some((argument(9 + d)?, d))).collect();
                    let nested = ir::nested_ops(launch);
                    findings.extend(over_cases(function, body, || Block::of(shape, &nested, threads.clone(), dims.clone())));
                }
                None => findings.push(Finding {
                    at: launch.location(),
                    message: "cannot prove: mbarrier arrivals are counted in threads, and this launch's block size is not a constant".into(),
                    note: None,
                }),
            }
        }
        return findings;
    }
    let Some(body) = ir::region_entry(function, 0) else { return findings };
    match ir::known_block_size(function) {
        Some(shape) => findings.extend(over_cases(function, body, || Block::of(shape, &ops, Vec::new(), Vec::new()))),
        None => findings.push(Finding {
            at: function.location(),
            message: "cannot prove: mbarrier arrivals are counted in threads, and the block's size is not known (give the kernel known_block_size)".into(),
            note: None,
        }),
    }
    findings
}

/// The bytes of the box of a tensor map descriptor at the NVVM level: its
/// `!nvgpu.tensormap.descriptor<tensor = memref<...>, ...>` type, on the
/// unrealized cast the conversion left (or on the value itself).
fn tensor_map_bytes(op: OperationRef, descriptor: Value) -> Option<i64> {
    let mut value = descriptor;
    for _ in 0..4 {
        let text = value.r#type().to_string();
        if let Some(rest) = text.split("tensor = ").nth(1) {
            // The memref type, to its matching '>'.
            let mut depth = 0usize;
            let end = rest.char_indices().find_map(|(i, c)| {
                match c {
                    '<' => depth += 1,
                    '>' => {
                        depth = depth.checked_sub(1)?;
                        if depth == 0 {
                            return Some(i);
                        }
                    }
                    _ => {}
                }
                None
            })?;
            let ty = Type::parse(ir::context(op), &rest[..=end])?;
            return ir::shape(ty).iter().try_fold(ir::element_bytes(ty), |a, s| if *s < 0 { None } else { a.checked_mul(*s) });
        }
        let cast = ir::defining_op(value).filter(|c| Upstream::BuiltinUnrealizedConversionCast.is(*c))?;
        value = cast.operand(0).ok()?;
    }
    None
}

/// The constant block size of a `gpu.launch` (its `blockSize` operands).
fn launch_shape(launch: OperationRef) -> Option<[i64; 3]> {
    let segments = ir::dense_i32_attr(launch, attr::OPERAND_SEGMENT_SIZES)?;
    let start = usize::try_from(segments.get(..4)?.iter().sum::<i32>()).ok()?;
    let bindings = Bindings::default();
    let size = |d: usize| bindings.eval(launch.operand(start + d).ok()?);
    Some([size(0)?, size(1)?, size(2)?])
}

/// Analyses of one kernel past which its cases of run-time arguments are
/// not split further ([`over_cases`]): the loop stays "cannot prove".
const CASE_BUDGET: usize = 128;

/// Loop iterations over all the cases of one kernel past which no case is
/// split further: each case runs from the kernel's entry, so a count that
/// splits at every iteration of a loop whose state does not settle would
/// cost the square of [`LOOP_BUDGET`].
const CASE_ITERATIONS: u64 = 4 * LOOP_BUDGET;

/// The model over `body`. Once, with the function's integer arguments
/// unknown; where that meets a loop around mbarrier, TMA or MMA work whose
/// trip count is known only at run time, again over cases of those
/// arguments (as verify-sync's queue model does, [`symbolic::Case`]): they
/// start as symbols over their whole range, and a decision a case does not
/// settle (does iteration 3 run, is the count odd, where does the cycle of
/// slots stand at the loop's end) splits it, each part analyzed in turn
/// ([`run_time_loops`]). A finding holds for the values of its case, which
/// it names.
fn over_cases<'c, 'a>(function: OperationRef<'c, 'a>, body: BlockRef<'c, 'a>, block: impl Fn() -> Option<Block<'c, 'a>>) -> Vec<Finding<'c>> {
    let once = run(body, block(), Bindings::default());
    if !once.run_time_loop {
        return once.findings;
    }
    let mut work = vec![Case::of_function(function)];
    let (mut runs, mut iterations) = (0, 0);
    while let Some(case) = work.pop() {
        if runs == CASE_BUDGET || iterations > CASE_ITERATIONS {
            let mut findings = once.findings;
            findings.push(Finding {
                at: function.location(),
                message: if runs == CASE_BUDGET {
                    format!("cannot prove: the cases of the kernel's run-time arguments took more than {CASE_BUDGET} analyses")
                } else {
                    format!("cannot prove: the cases of the kernel's run-time arguments took more than {CASE_ITERATIONS} loop iterations in all")
                },
                note: None,
            });
            return findings;
        }
        runs += 1;
        let case = Rc::new(case);
        let outcome = run(body, block(), Bindings::in_case(case.clone()));
        iterations += outcome.iterations;
        if let Some(refinement) = outcome.refinement {
            work.extend(case.refine(&refinement).into_iter().rev());
            continue;
        }
        if !outcome.findings.is_empty() {
            let mut findings = outcome.findings;
            if let Some(values) = case.describe() {
                for finding in &mut findings {
                    finding.message.push_str(&format!(" (for {values})"));
                }
            }
            return findings;
        }
    }
    Vec::new()
}

/// What one run of the model found.
struct Outcome<'c> {
    findings: Vec<Finding<'c>>,
    /// The refinement of the case a decision asked for: the run stopped
    /// there, and its findings do not count.
    refinement: Option<Refinement>,
    /// A loop around mbarrier, TMA or MMA work had bounds the run did not
    /// know (outside a case).
    run_time_loop: bool,
    /// Loop iterations the run simulated.
    iterations: u64,
}

/// The model run over `body` as a block of `block`'s threads.
fn run<'c, 'a>(body: BlockRef<'c, 'a>, block: Option<Block<'c, 'a>>, bindings: Bindings) -> Outcome<'c> {
    let Some(block) = block else {
        let at = body.parent_operation().map(|op| op.location());
        let findings = at
            .map(|at| Finding { at, message: format!("cannot prove: the block has more than {MAX_THREADS} threads, or none"), note: None })
            .into_iter()
            .collect();
        return Outcome { findings, refinement: None, run_time_loop: false, iterations: 0 };
    };
    // The region ops around each sync op, up to the kernel.
    let kernel = body.parent_operation();
    let mut holding = HashSet::new();
    for op in kernel.map(ir::nested_ops).unwrap_or_default() {
        if is_hopper_op(op) || Model::is_sync(op) {
            holding.extend(ir::ancestors(op).take_while(|a| Some(*a) != kernel).map(OpKey::of));
        }
    }
    let stores = kernel.map(ir::nested_ops).unwrap_or_default().iter().any(|op| Upstream::NvgpuTmaAsyncStore.is(*op));
    let mut model = Model {
        block,
        bindings,
        findings: Vec::new(),
        reported: BTreeSet::new(),
        stopped: false,
        holding,
        loop_inputs: HashMap::new(),
        stores,
        run_time_loop: false,
        iterations: 0,
    };
    // The block's sizes are the same for every thread.
    for (value, d) in &model.block.block_dims {
        model.bindings.bind(*value, model.block.shape[*d]);
    }
    let all = Threads::all(model.block.size);
    let mut state = State::default();
    model.block_ops(body, &all, &mut state);
    let refinement = model.bindings.refinement();
    // Shared memory ends with the block: a TMA store must have read it.
    if !model.stopped && refinement.is_none() {
        let pending = state.bulk_open.iter().chain(state.bulk_groups.iter().flat_map(|g| g.stores.iter())).next().map(|s| s.op);
        if let (Some(store), Some(end)) = (pending, ir::terminator(body)) {
            model.report(
                end,
                "the kernel ends while a TMA store may still read shared memory: wait for it (cp.async.bulk.wait_group.read 0) before returning".into(),
                Some((store, "the TMA store".into())),
            );
        }
    }
    Outcome { findings: model.findings, refinement, run_time_loop: model.run_time_loop, iterations: model.iterations }
}

/// The block: its size and the thread-id ops to bind when a condition is
/// evaluated per thread.
struct Block<'c, 'a> {
    shape: [i64; 3],
    size: i64,
    /// The values that are a thread id (of a dimension), a block size and a
    /// lane id.
    thread_ids: Vec<(Value<'c, 'a>, usize)>,
    block_dims: Vec<(Value<'c, 'a>, usize)>,
    lane_ids: Vec<Value<'c, 'a>>,
    /// `nvvm.elect.sync`: true in lane 0 of each warp (the lowest lane of
    /// a converged warp, which elect.sync requires).
    elects: Vec<OperationRef<'c, 'a>>,
    /// `nvvm.shfl.sync idx` from a constant lane: the value that lane of
    /// the warp computes (a warp id broadcast from lane 0).
    shuffles: Vec<OperationRef<'c, 'a>>,
}

impl<'c, 'a> Block<'c, 'a> {
    /// A block of `shape` running `ops`, whose thread ids and block sizes
    /// are their `gpu.thread_id` and `gpu.block_dim` ops and the values
    /// `threads` and `dims` name (a launch region's arguments).
    fn of(
        shape: [i64; 3],
        ops: &[OperationRef<'c, 'a>],
        mut threads: Vec<(Value<'c, 'a>, usize)>,
        mut dims: Vec<(Value<'c, 'a>, usize)>,
    ) -> Option<Self> {
        let size = shape.iter().try_fold(1i64, |a, b| a.checked_mul(*b))?;
        if !(1..=MAX_THREADS).contains(&size) || shape.iter().any(|s| *s < 1) {
            return None;
        }
        let of_kind = |kind: Upstream| -> Vec<(Value<'c, 'a>, usize)> {
            ops.iter().filter(|o| kind.is(**o)).filter_map(|o| Some((Value::from(o.result(0).ok()?), ir::gpu_dimension(*o)?))).collect()
        };
        threads.extend(of_kind(Upstream::GpuThreadId));
        dims.extend(of_kind(Upstream::GpuBlockDim));
        Some(Block {
            shape,
            size,
            thread_ids: threads,
            block_dims: dims,
            lane_ids: ops.iter().filter(|o| Upstream::GpuLaneId.is(**o)).filter_map(|o| o.result(0).ok().map(Value::from)).collect(),
            elects: ops.iter().copied().filter(|o| Upstream::NvvmElectSync.is(*o)).collect(),
            shuffles: ops
                .iter()
                .copied()
                .filter(|o| Upstream::NvvmShflSync.is(*o) && o.attribute(attr::SHUFFLE_KIND).is_ok_and(|k| k.to_string().contains("idx")))
                .collect(),
        })
    }

    /// Binds the thread ids of linear thread `t`, and what its warp's
    /// elections and shuffles give it.
    fn bind(&self, bindings: &mut Bindings, t: i64) {
        // A shuffle's value is its source lane's: evaluated as that thread.
        let warp = t - t % 32;
        let shuffled: Vec<Option<i64>> = self
            .shuffles
            .iter()
            .map(|op| {
                let lane = bindings.eval(op.operand(2).ok()?)? & 31;
                self.bind_ids(bindings, warp + lane);
                bindings.eval(op.operand(1).ok()?)
            })
            .collect();
        self.bind_ids(bindings, t);
        for (op, value) in self.shuffles.iter().zip(shuffled) {
            if let (Ok(result), Some(value)) = (op.result(0), value) {
                bindings.bind(result.into(), value);
            }
        }
        for op in &self.elects {
            if let Ok(result) = op.result(0) {
                bindings.bind(result.into(), i64::from(t % 32 == 0));
            }
        }
    }

    fn bind_ids(&self, bindings: &mut Bindings, t: i64) {
        let id = [t % self.shape[0], (t / self.shape[0]) % self.shape[1], t / (self.shape[0] * self.shape[1])];
        for (value, d) in &self.thread_ids {
            bindings.bind(*value, id[*d]);
        }
        for value in &self.lane_ids {
            bindings.bind(*value, t % 32);
        }
    }

    fn unbind(&self, bindings: &mut Bindings) {
        for value in self.thread_ids.iter().map(|(v, _)| v).chain(&self.lane_ids) {
            bindings.unbind(*value);
        }
        for op in self.elects.iter().chain(&self.shuffles) {
            if let Ok(v) = op.result(0) {
                bindings.unbind(v.into());
            }
        }
    }
}

/// A set of the block's threads (linear ids), as a bit set.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Threads(Vec<u64>);

impl Threads {
    fn all(size: i64) -> Self {
        let mut bits = vec![0u64; (size as usize).div_ceil(64)];
        for t in 0..size as usize {
            bits[t / 64] |= 1 << (t % 64);
        }
        Threads(bits)
    }

    fn none(size: i64) -> Self {
        Threads(vec![0; (size as usize).div_ceil(64)])
    }

    fn count(&self) -> i64 {
        self.0.iter().map(|w| i64::from(w.count_ones())).sum()
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    fn contains(&self, t: usize) -> bool {
        self.0.get(t / 64).is_some_and(|w| w & (1 << (t % 64)) != 0)
    }

    fn insert(&mut self, t: usize) {
        if let Some(w) = self.0.get_mut(t / 64) {
            *w |= 1 << (t % 64);
        }
    }

    fn union(&self, other: &Threads) -> Threads {
        Threads(self.0.iter().zip(&other.0).map(|(a, b)| a | b).collect())
    }

    fn intersect(&self, other: &Threads) -> Threads {
        Threads(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }

    /// The empty set of the same block.
    fn cleared(&self) -> Threads {
        Threads(vec![0; self.0.len()])
    }

    fn minus(&self, other: &Threads) -> Threads {
        Threads(self.0.iter().zip(&other.0).map(|(a, b)| a & !b).collect())
    }

    fn is_subset(&self, other: &Threads) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.0.len() * 64).filter(|t| self.contains(*t))
    }

    /// "thread 0", "threads 0-127", "32 threads".
    fn describe(&self) -> String {
        let ids: Vec<usize> = self.iter().collect();
        match ids[..] {
            [] => "no thread".into(),
            [one] => format!("thread {one}"),
            [first, .., last] if last - first + 1 == ids.len() => format!("threads {first}-{last}"),
            _ => format!("{} threads", ids.len()),
        }
    }
}

/// A buffer: the block's dynamic shared memory (with the zero-sized
/// workgroup globals based on it), a global by name, or a value (an
/// allocation, an argument, an op the model does not follow).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Buffer {
    Dynamic,
    Global(String),
    Value(ValueKey),
}

/// An mbarrier: the buffer holding it and its index there (nvgpu: the
/// group and the index; NVVM: the 8-byte slot its pointer is at).
type BarrierKey = (Buffer, i64);

/// Bytes of a buffer: `[lo, hi)`, or all of it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Bytes {
    buffer: Buffer,
    range: Option<(i64, i64)>,
}

impl Bytes {
    fn overlaps(&self, other: &Bytes) -> bool {
        if self.buffer != other.buffer {
            return false;
        }
        match (self.range, other.range) {
            (Some((a, b)), Some((c, d))) => a < d && c < b,
            _ => true,
        }
    }
}

/// A view, followed to its buffer: the byte address of its base pointer
/// (None: unknown), its offset in elements, sizes and strides.
#[derive(Clone, Debug)]
struct View {
    buffer: Buffer,
    base: Option<i64>,
    offset: Option<i64>,
    sizes: Vec<i64>,
    strides: Vec<i64>,
    element: i64,
}

impl View {
    fn bytes(&self) -> Bytes {
        let range = (|| {
            let first = self.base?.checked_add(self.offset?.checked_mul(self.element)?)?;
            let mut last = 0i64;
            for (size, stride) in self.sizes.iter().zip(&self.strides) {
                if *size <= 0 {
                    return (*size == 0).then_some((first, first));
                }
                last = last.checked_add((size - 1).checked_mul(stride.checked_abs()?)?)?;
            }
            let end = first.checked_add(last.checked_add(1)?.checked_mul(self.element)?)?;
            Some((first, end))
        })();
        Bytes { buffer: self.buffer.clone(), range }
    }

    /// The bytes of `count` consecutive elements at `indices`.
    fn element_bytes(&self, indices: &[Option<i64>], count: i64) -> Bytes {
        let range = (|| {
            let mut at = self.offset?;
            for (index, stride) in indices.iter().zip(&self.strides) {
                at = at.checked_add(index.as_ref()?.checked_mul(*stride)?)?;
            }
            let first = self.base?.checked_add(at.checked_mul(self.element)?)?;
            Some((first, first.checked_add(count.checked_mul(self.element)?)?))
        })();
        match range {
            Some(_) if indices.len() == self.strides.len() => Bytes { buffer: self.buffer.clone(), range },
            _ => self.bytes(),
        }
    }
}

/// One phase's work on an mbarrier.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Phase {
    arrivals: i64,
    expected: i64,
    issued: i64,
    /// TMA writes that complete with the phase.
    writes: Vec<(OpKey, Bytes)>,
    /// Reads of threads that arrived after them: ordered before whoever
    /// waits for the phase.
    released: Vec<Read>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Mbarrier {
    count: Option<i64>,
    init: OpKey,
    init_threads: Threads,
    /// A block barrier came after the initialization.
    published: bool,
    parity: bool,
    current: Phase,
}

/// Threads' reads of workgroup memory since the last block barrier (a write
/// by other threads, a TMA load among them, may not overwrite them).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Read {
    op: OpKey,
    bytes: Bytes,
    threads: Threads,
    /// Threads ordered after the read (they waited for a phase the readers
    /// arrived on after it).
    ordered: Threads,
}

/// A write that some threads have not synchronized with.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Landed {
    op: OpKey,
    bytes: Bytes,
    /// The mbarrier and the parity of the phase it completed in (None: the
    /// fragments of a warpgroup MMA store, published by a block barrier only).
    phase: Option<(BarrierKey, bool)>,
    observed: Threads,
}

/// A committed warpgroup MMA group.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Wgmma {
    op: OpKey,
    reads: Vec<Bytes>,
    /// The accumulator values it writes (its result, and where loops carry it).
    registers: BTreeSet<ValueKey>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct State {
    barriers: BTreeMap<BarrierKey, Mbarrier>,
    landed: Vec<Landed>,
    reads: Vec<Read>,
    wgmma: Vec<Wgmma>,
    /// TMA stores not yet committed to a bulk group (PTX's
    /// cp.async.bulk.commit_group commits the issuing thread's).
    bulk_open: Vec<BulkStore>,
    /// Committed bulk groups, oldest first: their stores may still read
    /// shared memory until a `cp.async.bulk.wait_group` of their threads
    /// leaves fewer groups pending.
    bulk_groups: Vec<BulkGroup>,
    /// Kernels with TMA stores: shared memory written through the generic
    /// proxy (plain stores) that the async proxy, which TMA stores read
    /// through, may not see yet.
    unfenced: Vec<GenericWrite>,
}

/// A TMA store's read of shared memory.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct BulkStore {
    op: OpKey,
    bytes: Bytes,
    threads: Threads,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct BulkGroup {
    threads: Threads,
    stores: Vec<BulkStore>,
}

/// A write of shared memory through the generic proxy, and the threads of
/// its writers that have run `fence.proxy.async` since. Written bytes are
/// visible to a TMA store when every writer has fenced and, for a store
/// another thread issues, a block barrier has followed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct GenericWrite {
    op: OpKey,
    bytes: Bytes,
    threads: Threads,
    fenced: Threads,
}

struct Model<'c, 'a> {
    block: Block<'c, 'a>,
    bindings: Bindings,
    findings: Vec<Finding<'c>>,
    /// Ops already reported (one finding an op, not one per iteration).
    reported: BTreeSet<OpKey>,
    /// The model gave up on a loop: nothing after it is judged.
    stopped: bool,
    /// The ops whose regions hold mbarrier, TMA, warpgroup MMA or barrier
    /// ops (from one walk of the kernel).
    holding: HashSet<OpKey>,
    /// Per loop, the values the period is taken of and its branch
    /// conditions ([`Model::inputs`]), gathered once.
    loop_inputs: HashMap<OpKey, Rc<(Vec<Value<'c, 'a>>, Vec<Value<'c, 'a>>)>>,
    /// The kernel issues TMA stores: generic writes of shared memory are
    /// tracked until fenced ([`State::unfenced`]).
    stores: bool,
    /// A loop around mbarrier, TMA or MMA work had bounds this run did not
    /// know ([`over_cases`] then runs the kernel over cases).
    run_time_loop: bool,
    /// Loop iterations simulated ([`CASE_ITERATIONS`]).
    iterations: u64,
}

impl<'c, 'a> Model<'c, 'a> {
    fn report(&mut self, op: OperationRef<'c, 'a>, message: String, note: Option<(OpKey, String)>) {
        if !self.reported.insert(OpKey::of(op)) {
            return;
        }
        let note = note.and_then(|(key, text)| {
            let function = ir::enclosing_function(op)?;
            Some((ir::find_op(function, key)?.location(), text))
        });
        self.findings.push(Finding { at: op.location(), message, note });
    }

    fn block_ops(&mut self, block: BlockRef<'c, 'a>, threads: &Threads, state: &mut State) {
        for op in ir::ops(block) {
            self.op(op, threads, state);
        }
    }

    fn eval(&self, value: Value<'c, 'a>) -> Option<i64> {
        self.bindings.eval(value)
    }

    /// [`Self::eval`] through the integer casts of the NVVM level
    /// (`llvm.trunc`, `zext`, `sext`, and the unrealized casts between
    /// `index` and `i64` that the conversion leaves): what the value was
    /// before, when the cast keeps it (a truncation of a value that fits).
    fn eval_int(&self, value: Value<'c, 'a>) -> Option<i64> {
        if let Some(v) = self.eval(value) {
            return Some(v);
        }
        let def = ir::defining_op(value)?;
        let inner = match Upstream::of(def)? {
            Upstream::BuiltinUnrealizedConversionCast | Upstream::LlvmSext if def.operand_count() == 1 => self.eval_int(def.operand(0).ok()?)?,
            Upstream::LlvmZext => {
                let source = def.operand(0).ok()?;
                let v = self.eval_int(source)?;
                // An i1 or narrower unsigned view of the bits.
                match symbolic::integer_bits(source.r#type()) {
                    Some(bits) if bits < 64 => v & ((1i64 << bits) - 1),
                    _ => v,
                }
            }
            Upstream::LlvmTrunc => {
                let v = self.eval_int(def.operand(0).ok()?)?;
                let bits = symbolic::integer_bits(value.r#type())?;
                let (low, high) = symbolic::signed_range(bits);
                (i128::from(v) >= low && i128::from(v) <= high).then_some(v)?
            }
            _ => return None,
        };
        Some(inner)
    }

    /// Where an LLVM pointer of the NVVM level points: a buffer and a byte
    /// offset in it. Followed: `llvm.getelementptr` with one index (a
    /// constant or a value the model evaluates, times the element type's
    /// size), `llvm.addrspacecast`, and the aligned pointer (position 1) of
    /// a memref descriptor made from a memref by an unrealized cast (the
    /// memref's view, without its offset: the descriptor keeps that apart).
    fn pointer(&self, value: Value<'c, 'a>) -> Option<(Buffer, i64)> {
        let def = ir::defining_op(value)?;
        match Upstream::of(def)? {
            Upstream::LlvmAddrspacecast => self.pointer(def.operand(0).ok()?),
            Upstream::LlvmGetelementptr => {
                let (buffer, base) = self.pointer(def.operand(0).ok()?)?;
                let raw = ir::dense_i32_attr(def, attr::RAW_CONSTANT_INDICES)?;
                let [index] = raw[..] else { return None };
                let index = if index == i32::MIN { self.eval_int(def.operand(1).ok()?)? } else { i64::from(index) };
                let element = def.attribute(attr::ELEM_TYPE).ok().and_then(|a| melior::ir::attribute::TypeAttribute::try_from(a).ok())?.value();
                let size = ir::scalar_bits(element).filter(|bits| bits % 8 == 0).map(|bits| i64::from(bits / 8))?;
                Some((buffer, base.checked_add(index.checked_mul(size)?)?))
            }
            Upstream::LlvmExtractvalue => {
                if ir::dense_i64_attr(def, attr::POSITION).as_deref() != Some(&[1]) {
                    return None;
                }
                let cast = ir::defining_op(def.operand(0).ok()?).filter(|c| Upstream::BuiltinUnrealizedConversionCast.is(*c))?;
                let memref = cast.operand(0).ok().filter(|m| m.r#type().is_mem_ref())?;
                let view = self.view(memref);
                Some((view.buffer, view.base?))
            }
            _ => None,
        }
    }

    /// The mbarrier the pointer operand `index` of an NVVM op points to.
    fn nvvm_mbarrier(&mut self, op: OperationRef<'c, 'a>, index: usize) -> Option<BarrierKey> {
        let at = op.operand(index).ok().and_then(|p| self.pointer(p));
        match at {
            Some((buffer, offset)) if offset % 8 == 0 => Some((buffer, offset / 8)),
            _ => {
                self.report(op, "cannot prove: which mbarrier this pointer points to is not known (the model follows getelementptr, addrspacecast and the aligned pointer of a memref descriptor, with indices it evaluates)".into(), None);
                None
            }
        }
    }

    /// `nvvm.cp.async.bulk.tensor.shared.cluster.global`: a TMA load at the
    /// NVVM level. Its box's bytes come from the tensor map's type, which
    /// the conversion leaves on the unrealized cast of the descriptor.
    fn nvvm_tma_load(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        // dst, descriptor, coordinates..., mbar, im2col..., multicast, cache hint, predicate.
        let segments = ir::dense_i32_attr(op, attr::OPERAND_SEGMENT_SIZES).unwrap_or_default();
        let at = |segment: usize| -> Option<usize> {
            let start: i32 = segments.get(..segment)?.iter().sum();
            (segments.get(segment).copied()? > 0).then_some(start as usize)
        };
        if segments.len() != 8 || segments[4..7].iter().any(|n| *n != 0) {
            return self.report(op, "cannot prove: the model follows tile-mode TMA loads into the block's own memory (no im2col, multicast or cache hint)".into(), None);
        }
        let Some(threads) = self.predicated(op, at(7), threads) else {
            return self.report(op, "cannot prove: the predicate of this TMA load is not known per thread".into(), None);
        };
        if threads.is_empty() {
            return;
        }
        let Some(mbar) = at(3) else { return };
        let Some(key) = self.nvvm_mbarrier(op, mbar) else { return };
        let Some((buffer, first)) = op.operand(0).ok().and_then(|p| self.pointer(p)) else {
            return self.report(op, "cannot prove: where this TMA load writes is not known (its destination pointer)".into(), None);
        };
        let box_bytes = op.operand(1).ok().and_then(|d| tensor_map_bytes(op, d));
        if box_bytes.is_none() {
            return self.report(op, "cannot prove: the TMA box's size is not known (the descriptor's nvgpu.tensormap.descriptor type is gone)".into(), None);
        }
        self.tma_load_at(op, key, buffer, Some(first), box_bytes, threads, state);
    }

    /// The threads of `threads` for which `condition` is true, and those
    /// for which it is false; None when it is unknown for some.
    fn split(&mut self, condition: Value<'c, 'a>, threads: &Threads) -> Option<(Threads, Threads)> {
        if let Some(c) = self.eval(condition) {
            return Some(if c != 0 { (threads.clone(), Threads::none(self.block.size)) } else { (Threads::none(self.block.size), threads.clone()) });
        }
        let mut yes = Threads::none(self.block.size);
        let mut bindings = self.bindings.clone();
        for t in threads.iter() {
            self.block.bind(&mut bindings, t as i64);
            match bindings.eval(condition) {
                Some(0) => {}
                Some(_) => yes.insert(t),
                None => return None,
            }
        }
        self.block.unbind(&mut bindings);
        Some((yes.clone(), threads.minus(&yes)))
    }

    /// The threads that run an op with an optional `predicate` operand.
    fn predicated(&mut self, op: OperationRef<'c, 'a>, predicate: Option<usize>, threads: &Threads) -> Option<Threads> {
        match predicate.and_then(|i| op.operand(i).ok()) {
            Some(p) => self.split(p, threads).map(|(yes, _)| yes),
            None => Some(threads.clone()),
        }
    }

    fn op(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        // A decision the case does not settle stops the run ([`over_cases`]).
        if threads.is_empty() || self.stopped || self.bindings.refinement().is_some() {
            return;
        }
        let Some(kind) = Upstream::of(op) else {
            return self.plain(op, threads, state);
        };
        match kind {
            Upstream::ScfIf => self.if_op(op, threads, state),
            Upstream::ScfFor => self.for_op(op, threads, state),
            Upstream::GpuBarrier => Self::barrier(state),
            Upstream::NvgpuMbarrierCreate | Upstream::NvgpuWarpgroupGenerateDescriptor | Upstream::NvgpuTmaPrefetchDescriptor => {}
            Upstream::NvgpuWarpgroupMmaInitAccumulator | Upstream::NvvmWgmmaFenceAligned => {}
            Upstream::NvgpuMbarrierInit => self.init(op, threads, state),
            Upstream::NvgpuMbarrierArrive => self.arrive(op, 1, None, None, threads, state),
            Upstream::NvgpuMbarrierArriveExpectTx => self.arrive(op, 2, Some(1), Some(3), threads, state),
            Upstream::NvgpuMbarrierTryWaitParity => self.wait(op, threads, state),
            Upstream::NvgpuTmaAsyncLoad => self.tma_load(op, threads, state),
            Upstream::NvgpuWarpgroupMma => self.wgmma(op, threads, state),
            Upstream::NvvmWgmmaWaitGroupSyncAligned => {
                let keep = ir::int_attr(op, attr::GROUP).unwrap_or(0);
                Self::wgmma_wait(keep, state);
            }
            Upstream::NvgpuWarpgroupMmaStore => self.mma_store(op, threads, state),
            Upstream::NvgpuTmaAsyncStore => self.tma_store(op, threads, state),
            Upstream::NvvmMbarrierInit => {
                let Some(threads) = self.predicated(op, Some(2).filter(|_| op.operand_count() > 2), threads) else {
                    return self.report(op, "cannot prove: the predicate of this initialization is not known per thread".into(), None);
                };
                if threads.is_empty() {
                    return;
                }
                let Some(key) = self.nvvm_mbarrier(op, 0) else { return };
                let count = op.operand(1).ok().and_then(|v| self.eval_int(v));
                self.init_at(op, key, count, threads, state);
            }
            Upstream::NvvmMbarrierArrive | Upstream::NvvmMbarrierArriveExpectTx => {
                let expect = kind == Upstream::NvvmMbarrierArriveExpectTx;
                let predicate = Some(2).filter(|p| expect && op.operand_count() > *p);
                let Some(threads) = self.predicated(op, predicate, threads) else {
                    return self.report(op, "cannot prove: the predicate of this arrival is not known per thread".into(), None);
                };
                if threads.is_empty() {
                    return;
                }
                let Some(key) = self.nvvm_mbarrier(op, 0) else { return };
                self.arrive_at(op, key, expect.then_some(1), threads, state);
            }
            Upstream::NvvmMbarrierTryWaitParity => {
                let Some(key) = self.nvvm_mbarrier(op, 0) else { return };
                self.wait_at(op, key, 1, threads, state);
            }
            Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal => self.nvvm_tma_load(op, threads, state),
            Upstream::NvvmCpAsyncBulkCommitGroup => Self::bulk_commit(threads, state),
            Upstream::NvvmCpAsyncBulkWaitGroup => {
                let keep = ir::int_attr(op, attr::BULK_WAIT_GROUP).unwrap_or(0);
                Self::bulk_wait(keep, threads, state);
            }
            Upstream::NvvmFenceProxy if Self::fences_async(op) => {
                for write in &mut state.unfenced {
                    write.fenced = write.fenced.union(&threads.intersect(&write.threads));
                }
            }
            _ if self.holding.contains(&OpKey::of(op)) => {
                self.report(op, format!("cannot prove: '{}' holds mbarrier, TMA or warpgroup MMA work in regions the model does not follow (scf.for and scf.if are)", ir::op_name(op)), None);
            }
            _ if op.region_count() > 0 => self.opaque_regions(op, threads, state),
            _ => self.plain(op, threads, state),
        }
    }

    /// The regions of an op with no mbarrier, TMA or MMA work in them, whose
    /// iterations the model does not follow (a loop whose bounds depend on
    /// the thread): each region twice, its induction values unknown (so its
    /// accesses touch whole views), for every thread.
    fn opaque_regions(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        self.plain(op, threads, state);
        for _ in 0..2 {
            for block in ir::blocks(op) {
                self.block_ops(block, threads, state);
            }
        }
    }

    fn is_sync(op: OperationRef) -> bool {
        matches!(
            Upstream::of(op),
            Some(
                Upstream::NvgpuMbarrierInit
                    | Upstream::NvgpuMbarrierArrive
                    | Upstream::NvgpuMbarrierArriveExpectTx
                    | Upstream::NvgpuMbarrierTryWaitParity
                    | Upstream::NvvmMbarrierInit
                    | Upstream::NvvmMbarrierArrive
                    | Upstream::NvvmMbarrierArriveExpectTx
                    | Upstream::NvvmMbarrierTryWaitParity
                    | Upstream::GpuBarrier
            )
        )
    }

    /// A block barrier: every thread's reads and writes so far are ordered
    /// before every thread's next ones; initializations are published.
    fn barrier(state: &mut State) {
        state.reads.clear();
        state.landed.clear();
        // Fenced writes are the async proxy's for every thread after it.
        state.unfenced.retain(|w| !w.threads.is_subset(&w.fenced));
        for barrier in state.barriers.values_mut() {
            barrier.published = true;
            barrier.current.released.clear();
        }
    }

    fn if_op(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let Ok(condition) = op.operand(0) else { return };
        let Some((yes, no)) = self.split(condition, threads) else {
            // Uniform but unknown: either region, for every thread.
            let mut other = state.clone();
            if let Some(b) = ir::region_entry(op, 0) {
                self.block_ops(b, threads, state);
            }
            if let Some(b) = ir::region_entry(op, 1) {
                self.block_ops(b, threads, &mut other);
            }
            if *state != other {
                self.report(op, "cannot prove: the two sides of this branch (on a value the analysis does not know) leave mbarrier phases, TMA or warpgroup MMA work in different states".into(), None);
            }
            return;
        };
        // Threads that take the then-region run it, the others the else-region;
        // in program order (lockstep), one after the other.
        if let Some(b) = ir::region_entry(op, 0) {
            if !yes.is_empty() {
                self.block_ops(b, &yes, state);
            }
        }
        if let Some(b) = ir::region_entry(op, 1) {
            if !no.is_empty() {
                self.block_ops(b, &no, state);
            }
        }
    }

    fn for_op(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let bounds = (|| Some((self.eval(op.operand(0).ok()?)?, self.eval(op.operand(1).ok()?)?, self.eval(op.operand(2).ok()?)?)))();
        let Some((lb, ub, step)) = bounds.filter(|(_, _, step)| *step > 0) else {
            if self.holding.contains(&OpKey::of(op)) {
                if self.bindings.case().is_some() {
                    return self.run_time_loop(op, threads, state);
                }
                self.run_time_loop = true;
                self.report(op, "cannot prove: a loop with bounds not known at compile time around mbarrier, TMA or warpgroup MMA work (phases are tracked through loops of known trip count, and of a trip count known at run time when its lower bound and step are constants)".into(), None);
            } else {
                self.opaque_regions(op, threads, state);
            }
            return;
        };
        let trips = if ub <= lb { 0 } else { ((i128::from(ub) - i128::from(lb) - 1) / i128::from(step) + 1) as u64 };
        self.counted_loop(op, lb, step, trips, threads, state);
    }

    /// `scf.for` `op` of `trips` iterations from `lb` by `step`.
    fn counted_loop(&mut self, op: OperationRef<'c, 'a>, lb: i64, step: i64, trips: u64, threads: &Threads, state: &mut State) {
        let Some(body) = ir::region_entry(op, 0) else { return };
        let Ok(induction) = body.argument(0) else { return };
        let induction: Value = induction.into();
        let inits: Vec<Value> = op.operands().skip(3).collect();
        let arguments: Vec<Value> = (1..body.argument_count()).filter_map(|i| body.argument(i).ok().map(Into::into)).collect();
        let yields: Vec<Value> = ir::terminator(body).map(|t| t.operands().collect()).unwrap_or_default();
        let inputs = self.loop_inputs_of(op);
        let (uses, conditions) = &*inputs;
        let periodic = periodicity::period_with_thresholds(op, lb, step, trips, &self.bindings, uses, conditions);
        let (period, thresholds) = match periodic {
            Some(found) => (Some(found.0), found.1),
            None => (None, Vec::new()),
        };
        let mut cycle: Cycle<(u64, State)> = Cycle::new();
        // The iteration at which `cycle` started recording.
        let mut recorded_from = 0u64;
        let mut simulated = 0u64;
        let mut k = 0u64;
        let mut incoming = inits.clone();
        while k < trips {
            Self::carry(state, &incoming, &arguments);
            if let Some(period) = period {
                let key = (k % period, state.clone());
                if cycle.repeats(&key) {
                    // Iterations `first..k` left the state as they found it;
                    // so do the iterations up to any `first + m * length`
                    // through which no monotone comparison changes.
                    let (first, length) = cycle.span(&key);
                    let first = recorded_from + first;
                    let mut at = |k: u64| self.at_iteration(induction, lb, step, k, &thresholds);
                    let reference = at(first);
                    let same = |m: u64, at: &mut dyn FnMut(u64) -> Option<Vec<i64>>| reference.is_some() && at(first + m * length - 1) == reference;
                    let (mut low, mut high) = ((k - first) / length, (trips - first) / length);
                    if same(low, &mut at) {
                        while low < high {
                            let mid = low + (high - low).div_ceil(2);
                            if same(mid, &mut at) {
                                low = mid;
                            } else {
                                high = mid - 1;
                            }
                        }
                        let end = first + low * length;
                        *state = std::mem::replace(&mut cycle, Cycle::new()).state_at(&key, end - recorded_from).1;
                        recorded_from = end;
                        k = end;
                        continue;
                    }
                    cycle = Cycle::new();
                    recorded_from = k;
                }
            }
            simulated += 1;
            self.iterations += 1;
            if simulated > LOOP_BUDGET {
                self.report(op, format!("cannot prove: {trips} iterations whose state does not settle into a cycle within {LOOP_BUDGET} (of the period of the values the model evaluates)"), None);
                // What follows would be judged from a wrong state.
                self.stopped = true;
                return;
            }
            // (k is below the trip count, at most 2^64 - 1 iterations of an
            // i64 loop: bound from lb + k * step in i128.)
            let Ok(k_i64) = i64::try_from(k) else {
                self.report(op, format!("cannot prove: iteration {k} of a loop is past what the model binds"), None);
                self.stopped = true;
                return;
            };
            self.bindings.bind_iteration(induction, lb, k_i64, step);
            self.block_ops(body, threads, state);
            self.bindings.unbind(induction);
            incoming = yields.clone();
            k += 1;
        }
        let results: Vec<Value> = op.results().map(Into::into).collect();
        let last = if trips == 0 { &inits } else { &yields };
        Self::carry(state, last, &results);
    }

    /// The values loop `op`'s period is taken of and its branch conditions
    /// ([`Self::inputs`]), gathered once per loop.
    #[allow(clippy::type_complexity)]
    fn loop_inputs_of(&mut self, op: OperationRef<'c, 'a>) -> Rc<(Vec<Value<'c, 'a>>, Vec<Value<'c, 'a>>)> {
        self.loop_inputs
            .entry(OpKey::of(op))
            .or_insert_with(|| {
                let nested = ir::nested_ops(op);
                let conditions = nested.iter().filter(|o| Upstream::ScfIf.is(**o)).filter_map(|o| o.operand(0).ok()).collect();
                let uses = nested.iter().filter(|o| !Upstream::ScfIf.is(**o)).flat_map(|o| Self::inputs(*o)).collect();
                Rc::new((uses, conditions))
            })
            .clone()
    }

    /// The values of `thresholds` at iteration `k` of a loop.
    fn at_iteration(&mut self, induction: Value<'c, 'a>, lb: i64, step: i64, k: u64, thresholds: &[Value<'c, 'a>]) -> Option<Vec<i64>> {
        self.bindings.bind_iteration(induction, lb, i64::try_from(k).ok()?, step);
        let values = thresholds.iter().map(|t| self.bindings.eval(*t)).collect();
        self.bindings.unbind(induction);
        values
    }

    /// The values of `op` the model evaluates: conditions, bounds, mbarrier
    /// indices, parities and byte counts, offsets and indices into workgroup
    /// memory; not a TMA load's coordinates in the global tensor, nor
    /// indices into other memory (which change every iteration without
    /// changing what the model tracks).
    fn inputs(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
        // Integers only: buffers are followed through their views' integer
        // operands, and accumulators and descriptors are not evaluated.
        let operands: Vec<Value> = op.operands().filter(|v| v.r#type().is_index() || v.r#type().is_integer()).collect();
        match Upstream::of(op) {
            Some(Upstream::NvgpuTmaAsyncLoad) => {
                let segments = ir::dense_i32_attr(op, attr::OPERAND_SEGMENT_SIZES).unwrap_or_default();
                let coordinates = segments.get(3).copied().unwrap_or(0) as usize;
                let all: Vec<Value> = op.operands().collect();
                all.iter().enumerate().filter(|(i, _)| *i < 3 || *i >= 3 + coordinates).map(|(_, v)| *v).filter(|v| operands.contains(v)).collect()
            }
            Some(Upstream::MemrefLoad | Upstream::MemrefStore | Upstream::VectorLoad | Upstream::VectorStore | Upstream::VectorTransferRead | Upstream::VectorTransferWrite) => {
                if op.operands().any(|v| Self::is_workgroup(v)) {
                    operands
                } else {
                    Vec::new()
                }
            }
            // Operands of what the evaluator computes are followed by the
            // period's own walk from the values that use them.
            Some(kind) if symbolic::is_evaluated(kind) => Vec::new(),
            _ => operands,
        }
    }

    /// Loop-carried accumulators: `to[i]` is pending in the groups
    /// `from[i]` is.
    fn carry(state: &mut State, from: &[Value], to: &[Value]) {
        for group in &mut state.wgmma {
            for (f, t) in from.iter().zip(to) {
                let (f, t) = (ValueKey::of(*f), ValueKey::of(*t));
                if f == t {
                    continue;
                }
                if group.registers.contains(&f) {
                    group.registers.insert(t);
                } else {
                    group.registers.remove(&t);
                }
            }
        }
    }

    /// The mbarrier an op names: its group (operand 0) and index.
    fn mbarrier(&mut self, op: OperationRef<'c, 'a>, index: usize) -> Option<BarrierKey> {
        let group = op.operand(0).ok()?;
        let Some(id) = op.operand(index).ok().and_then(|v| self.eval(v)) else {
            self.report(op, "cannot prove: the mbarrier's index is not known here".into(), None);
            return None;
        };
        Some((Buffer::Value(ValueKey::of(group)), id))
    }

    fn init(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let Some(threads) = self.predicated(op, Some(3).filter(|_| op.operand_count() > 3), threads) else {
            return self.report(op, "cannot prove: the predicate of this initialization is not known per thread".into(), None);
        };
        if threads.is_empty() {
            return;
        }
        let Some(key) = self.mbarrier(op, 2) else { return };
        let count = op.operand(1).ok().and_then(|v| self.eval(v));
        self.init_at(op, key, count, threads, state);
    }

    /// An initialization of mbarrier `key` for `count` arrivals by `threads`.
    fn init_at(&mut self, op: OperationRef<'c, 'a>, key: BarrierKey, count: Option<i64>, threads: Threads, state: &mut State) {
        if threads.count() > 1 {
            self.report(op, format!("{} initialize the same mbarrier: one thread should (scf.if on a thread id), then a block barrier before any other thread uses it; a late initialization resets a phase other threads may already have arrived on", threads.describe()), None);
        }
        if let Some(old) = state.barriers.get(&key) {
            if old.current.arrivals > 0 || old.current.issued > 0 {
                self.report(op, "re-initializes an mbarrier whose current phase has arrivals or transaction bytes pending".into(), Some((old.init, "the earlier initialization".into())));
            }
        }
        state.barriers.insert(
            key,
            Mbarrier { count, init: OpKey::of(op), init_threads: threads, published: false, parity: false, current: Phase::default() },
        );
    }

    /// The mbarrier `key` as `threads` use it at `op`: initialized, and
    /// published to them.
    fn usable(&mut self, op: OperationRef<'c, 'a>, key: &BarrierKey, threads: &Threads, state: &State) -> bool {
        let Some(barrier) = state.barriers.get(key) else {
            self.report(op, format!("uses mbarrier {} before it is initialized", key.1), None);
            return false;
        };
        if !barrier.published && !threads.is_subset(&barrier.init_threads) {
            let init = barrier.init;
            self.report(
                op,
                format!("{} use mbarrier {} with no block barrier after its initialization by other threads", threads.describe(), key.1),
                Some((init, "initialized here".into())),
            );
        }
        true
    }

    /// An arrival (with expected transaction bytes for `arrive.expect_tx`).
    fn arrive(&mut self, op: OperationRef<'c, 'a>, id: usize, tx: Option<usize>, predicate: Option<usize>, threads: &Threads, state: &mut State) {
        let predicate = predicate.filter(|p| op.operand_count() > *p);
        let Some(threads) = self.predicated(op, predicate, threads) else {
            return self.report(op, "cannot prove: the predicate of this arrival is not known per thread".into(), None);
        };
        if threads.is_empty() {
            return;
        }
        let Some(key) = self.mbarrier(op, id) else { return };
        self.arrive_at(op, key, tx, threads, state);
    }

    /// An arrival of `threads` on mbarrier `key`, with the transaction bytes
    /// operand `tx` of `op` (for `arrive.expect_tx`).
    fn arrive_at(&mut self, op: OperationRef<'c, 'a>, key: BarrierKey, tx: Option<usize>, threads: Threads, state: &mut State) {
        if !self.usable(op, &key, &threads, state) {
            return;
        }
        let bytes = match tx.map(|i| op.operand(i).ok().and_then(|v| self.eval_int(v))) {
            None => 0,
            Some(Some(b)) => b,
            Some(None) => return self.report(op, "cannot prove: the transaction byte count is not known here".into(), None),
        };
        let Some(barrier) = state.barriers.get_mut(&key) else { return };
        barrier.current.arrivals = barrier.current.arrivals.saturating_add(threads.count());
        barrier.current.expected = barrier.current.expected.saturating_add(bytes.saturating_mul(threads.count()));
        // Reads of the arriving threads are released to the phase's waiters.
        let (released, kept): (Vec<Read>, Vec<Read>) = std::mem::take(&mut state.reads).into_iter().partition(|r| r.threads.is_subset(&threads));
        state.reads = kept;
        barrier.current.released.extend(released);
        if let Some(count) = barrier.count {
            if barrier.current.arrivals > count {
                let arrivals = barrier.current.arrivals;
                self.report(op, format!("{arrivals} arrivals on mbarrier {} in one phase, which its initialization counts {count}: the phase completes before some of them", key.1), None);
            }
        }
    }

    /// Whether the current phase of `barrier` completes with what was issued.
    fn completes(barrier: &Mbarrier) -> Option<bool> {
        let count = barrier.count?;
        Some(barrier.current.arrivals == count && barrier.current.expected == barrier.current.issued)
    }

    fn wait(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let Some(key) = self.mbarrier(op, 3) else { return };
        self.wait_at(op, key, 1, threads, state);
    }

    /// A wait of `threads` on mbarrier `key` for the parity operand
    /// `parity` of `op`.
    fn wait_at(&mut self, op: OperationRef<'c, 'a>, key: BarrierKey, parity: usize, threads: &Threads, state: &mut State) {
        if !self.usable(op, &key, threads, state) {
            return;
        }
        let Some(parity) = op.operand(parity).ok().and_then(|v| self.eval_int(v)).map(|p| p & 1 != 0) else {
            return self.report(op, "cannot prove: the parity this wait targets is not known here".into(), None);
        };
        let Some(barrier) = state.barriers.get(&key).cloned() else { return };
        if barrier.parity != parity {
            // The previous phase (of this parity) is complete: what landed
            // in it is seen by these threads now.
            for landed in &mut state.landed {
                if landed.phase.as_ref() == Some(&(key.clone(), parity)) {
                    landed.observed = landed.observed.union(threads);
                }
            }
            let size = self.block.size;
            state.landed.retain(|l| l.observed.count() < size);
            return;
        }
        match Self::completes(&barrier) {
            None => self.report(op, format!("cannot prove: mbarrier {}'s arrival count is not known", key.1), Some((barrier.init, "initialized here".into()))),
            Some(false) => {
                let phase = &barrier.current;
                let count = barrier.count.unwrap_or_default();
                let why = if phase.arrivals < count {
                    format!("gets only {} of its {count} arrivals before the wait in program order: the wait may never return", phase.arrivals)
                } else if phase.arrivals > count {
                    format!("gets {} arrivals where its initialization counts {count}: the phase completes before some of them", phase.arrivals)
                } else if phase.expected > phase.issued {
                    format!("gets only {} of the {} transaction bytes expected: the wait may never return", phase.issued, phase.expected)
                } else {
                    format!("gets {} transaction bytes where its arrivals expect {}: the phase completes before the rest land", phase.issued, phase.expected)
                };
                self.report(
                    op,
                    format!("waits for the phase of parity {} of mbarrier {}, which {why}", u8::from(parity), key.1),
                    Some((barrier.init, "initialized here".into())),
                );
            }
            Some(true) => {
                let barrier = state.barriers.get_mut(&key).expect("looked up above");
                let phase = std::mem::take(&mut barrier.current);
                barrier.parity = !barrier.parity;
                // Landed data of two phases ago can no longer be waited for
                // by parity; only a block barrier publishes it now.
                for (producer, bytes) in phase.writes {
                    // A later landing of the same load's box replaces the
                    // earlier (which it was checked against when issued);
                    // what every thread observed needs no more tracking.
                    state.landed.retain(|l| !(l.op == producer && l.bytes == bytes));
                    if threads.count() < self.block.size {
                        state.landed.push(Landed { op: producer, bytes, phase: Some((key.clone(), parity)), observed: threads.clone() });
                    }
                }
                for mut read in phase.released {
                    read.ordered = read.ordered.union(threads);
                    state.reads.push(read);
                }
            }
        }
    }

    /// The view `value` is, followed to its buffer.
    fn view(&self, value: Value<'c, 'a>) -> View {
        let ty = value.r#type();
        let element = ir::element_bytes(ty);
        let (strides, offset) = ir::strides_and_offset(ty).unwrap_or_default();
        let sizes = ir::shape(ty);
        let offset = (offset != i64::MIN).then_some(offset);
        let fresh = |buffer: Buffer| View { buffer, base: Some(0), offset, sizes: sizes.clone(), strides: strides.clone(), element };
        let Some(def) = ir::defining_op(value) else { return fresh(Buffer::Value(ValueKey::of(value))) };
        let operand = |i: usize| def.operand(i).ok();
        match Upstream::of(def) {
            Some(Upstream::GpuDynamicSharedMemory) => fresh(Buffer::Dynamic),
            Some(Upstream::MemrefGetGlobal) => {
                let name = ir::flat_symbol(def, attr::GLOBAL_NAME).unwrap_or_default();
                let empty = sizes.contains(&0);
                if empty && ir::memory_space(ty) == MemorySpace::Workgroup {
                    fresh(Buffer::Dynamic)
                } else {
                    fresh(Buffer::Global(name))
                }
            }
            Some(Upstream::MemrefView) => {
                let Some(source) = operand(0) else { return fresh(Buffer::Value(ValueKey::of(value))) };
                let src = self.view(source);
                let shift = operand(1).and_then(|v| self.eval(v));
                let base = (|| src.base?.checked_add(src.offset?.checked_mul(src.element)?)?.checked_add(shift?))();
                View { buffer: src.buffer, base, offset: Some(0), sizes, strides, element }
            }
            Some(Upstream::MemrefReinterpretCast) => {
                let Some(source) = operand(0) else { return fresh(Buffer::Value(ValueKey::of(value))) };
                let src = self.view(source);
                let offset = offset.or_else(|| operand(1).and_then(|v| self.eval(v)));
                View { buffer: src.buffer, base: src.base, offset, sizes, strides, element }
            }
            Some(Upstream::MemrefSubview) => {
                let Some(source) = operand(0) else { return fresh(Buffer::Value(ValueKey::of(value))) };
                let src = self.view(source);
                let statics = ir::dense_i64_attr(def, attr::STATIC_OFFSETS).unwrap_or_default();
                let mut dynamic = 1usize;
                let mut at = src.offset;
                for (d, o) in statics.iter().enumerate() {
                    let index = if *o == i64::MIN {
                        dynamic += 1;
                        operand(dynamic - 1).and_then(|v| self.eval(v))
                    } else {
                        Some(*o)
                    };
                    at = (|| at?.checked_add(index?.checked_mul(*src.strides.get(d)?)?))();
                }
                let offset = offset.or(at);
                View { buffer: src.buffer, base: src.base, offset, sizes, strides, element }
            }
            Some(Upstream::MemrefCast | Upstream::MemrefAssumeAlignment | Upstream::MemrefExpandShape | Upstream::MemrefCollapseShape) => {
                let Some(source) = operand(0) else { return fresh(Buffer::Value(ValueKey::of(value))) };
                let src = self.view(source);
                let strided = !strides.is_empty() || sizes.is_empty();
                View { buffer: src.buffer, base: src.base, offset: src.offset, sizes: if strided { sizes } else { src.sizes }, strides: if strided { strides } else { src.strides }, element }
            }
            _ => fresh(Buffer::Value(ValueKey::of(value))),
        }
    }

    /// The bytes an op reads or writes through `value`, at its indices
    /// when it is a load or store that names them.
    fn accessed(&self, op: OperationRef<'c, 'a>, value: Value<'c, 'a>) -> Bytes {
        let view = self.view(value);
        let indexed = matches!(
            Upstream::of(op),
            Some(Upstream::MemrefLoad | Upstream::MemrefStore | Upstream::VectorLoad | Upstream::VectorStore | Upstream::VectorTransferRead | Upstream::VectorTransferWrite)
        );
        if !indexed {
            return view.bytes();
        }
        let position = op.operands().position(|v| v == value).unwrap_or(0);
        let indices: Vec<Option<i64>> = op.operands().skip(position + 1).take(view.strides.len()).map(|v| self.eval(v)).collect();
        let count = op
            .results()
            .map(|r| Type::from(r.r#type()))
            .chain(op.operands().map(|v| v.r#type()))
            .filter(|t| t.is_vector())
            .map(|t| ir::shape(t).iter().try_fold(1i64, |n, d| n.checked_mul(*d)).unwrap_or(i64::MAX))
            .next()
            .unwrap_or(1);
        view.element_bytes(&indices, count)
    }

    fn is_workgroup(value: Value) -> bool {
        value.r#type().is_mem_ref() && ir::memory_space(value.r#type()) == MemorySpace::Workgroup
    }

    /// A TMA load: its write of the destination becomes part of the
    /// current phase of its mbarrier.
    fn tma_load(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        // Operands: dst, barriers, descriptor, coordinates..., mbarId, [mask], [predicate].
        let segments = ir::dense_i32_attr(op, attr::OPERAND_SEGMENT_SIZES).unwrap_or_default();
        let at = |segment: usize| -> Option<usize> {
            let start: i32 = segments.get(..segment)?.iter().sum();
            (segments.get(segment).copied()? > 0).then_some(start as usize)
        };
        let Some(threads) = self.predicated(op, at(6), threads) else {
            return self.report(op, "cannot prove: the predicate of this TMA load is not known per thread".into(), None);
        };
        if threads.is_empty() {
            return;
        }
        // What it writes and which mbarrier completes it, as its
        // AsyncEffectOpInterface model says.
        let groups = async_effects::async_effect_groups(op).unwrap_or_default();
        let Some((group, dst)) = groups.iter().find_map(|g| match g.sync {
            AsyncSync::MBarrier(barriers) => Some((barriers, g.accesses.iter().find(|e| e.write)?.value)),
            _ => None,
        }) else {
            return self.report(op, "cannot prove: no mbarrier-completed write in this TMA load's async effects".into(), None);
        };
        let Some(id_at) = at(4) else { return };
        let Some(id) = op.operand(id_at).ok().and_then(|v| self.eval(v)) else {
            return self.report(op, "cannot prove: the mbarrier's index is not known here".into(), None);
        };
        let key = (Buffer::Value(ValueKey::of(group)), id);
        let box_bytes = ir::shape(dst.r#type()).iter().try_fold(ir::element_bytes(dst.r#type()), |a, s| if *s < 0 { None } else { a.checked_mul(*s) });
        // TMA writes the box contiguously from the destination's first
        // element, whatever the strides of the memref that names it (the
        // NVVM lowering passes only its address).
        let view = self.view(dst);
        let first = (|| view.base?.checked_add(view.offset?.checked_mul(view.element)?))();
        self.tma_load_at(op, key, view.buffer, first, box_bytes, threads, state);
    }

    /// A TMA load by `threads` of `box_bytes` bytes into `buffer` from byte
    /// `first` on, completing on mbarrier `key`.
    #[allow(clippy::too_many_arguments)]
    fn tma_load_at(&mut self, op: OperationRef<'c, 'a>, key: BarrierKey, buffer: Buffer, first: Option<i64>, box_bytes: Option<i64>, threads: Threads, state: &mut State) {
        let id = key.1;
        if !self.usable(op, &key, &threads, state) {
            return;
        }
        let Some(box_bytes) = box_bytes else {
            return self.report(op, "cannot prove: the TMA box's size is not static".into(), None);
        };
        let bytes = Bytes { buffer, range: first.and_then(|f| Some((f, f.checked_add(box_bytes)?))) };
        self.write(op, &bytes, &threads, state);
        let Some(barrier) = state.barriers.get_mut(&key) else { return };
        barrier.current.issued = barrier.current.issued.saturating_add(box_bytes.saturating_mul(threads.count()));
        // Every issuing thread writes the same box.
        barrier.current.writes.push((OpKey::of(op), bytes.clone()));
        if barrier.current.issued > barrier.current.expected && Self::completes(barrier) != Some(true) && barrier.count.is_some_and(|c| barrier.current.arrivals >= c) {
            let (issued, expected) = (barrier.current.issued, barrier.current.expected);
            self.report(op, format!("the TMA loads of this phase of mbarrier {id} move {issued} bytes, more than the {expected} its arrivals expect: the phase completes before they land"), None);
        }
    }

    /// A write of `bytes` (by a TMA load, a store, an MMA store), issued by
    /// `threads`: against what may still use them.
    fn write(&mut self, op: OperationRef<'c, 'a>, bytes: &Bytes, threads: &Threads, state: &State) {
        let storing = state.bulk_open.iter().chain(state.bulk_groups.iter().flat_map(|g| g.stores.iter()));
        if let Some(store) = storing.clone().find(|s| s.bytes.overlaps(bytes)) {
            return self.report(
                op,
                "overwrites shared memory that a TMA store may still be reading: no cp.async.bulk.wait_group.read of its group comes before".into(),
                Some((store.op, "the TMA store".into())),
            );
        }
        if let Some(g) = state.wgmma.iter().find(|g| g.reads.iter().any(|r| r.overlaps(bytes))) {
            return self.report(op, "overwrites shared memory that a warpgroup MMA may still read: no wgmma.wait_group completes it before".into(), Some((g.op, "the warpgroup MMA".into())));
        }
        for barrier in state.barriers.values() {
            if let Some((producer, _)) = barrier.current.writes.iter().find(|(_, b)| b.overlaps(bytes)) {
                let producer = *producer;
                return self.report(op, "writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for)".into(), Some((producer, "the TMA load".into())));
            }
        }
        // Readers and writers that are not the same threads: a reader other
        // than the writers, or a writer other than the readers (who may
        // still be reading when it writes). The same set of threads is its
        // own order (byte ranges are not per thread here).
        let others = |r: &Read| !r.threads.minus(threads).is_empty() || !threads.minus(&r.threads).is_empty();
        if let Some(r) = state.reads.iter().find(|r| r.bytes.overlaps(bytes) && others(r) && !threads.is_subset(&r.ordered)) {
            return self.report(op, format!("overwrites shared memory that {} may still be reading (no block barrier, nor a wait on a phase they arrived on after reading)", r.threads.describe()), Some((r.op, "the read".into())));
        }
        if let Some(l) = state.landed.iter().find(|l| l.bytes.overlaps(bytes) && !threads.is_subset(&l.observed)) {
            let (message, note) = match l.phase {
                None => ("overwrites warpgroup MMA fragments other warps stored, with no block barrier between", "the fragments' store"),
                Some(_) => ("overwrites what a TMA load wrote, in threads that did not wait for its phase (nor pass a block barrier after a thread that did)", "the TMA load"),
            };
            return self.report(op, message.into(), Some((l.op, note.into())));
        }
    }

    /// A read of `bytes` by `threads`; a synchronous one (`record`) stays in
    /// [`State::reads`] until a block barrier (a warpgroup MMA's reads are
    /// its queue's, complete at its wait).
    fn read(&mut self, op: OperationRef<'c, 'a>, bytes: &Bytes, threads: &Threads, record: bool, state: &mut State) {
        for barrier in state.barriers.values() {
            if let Some((producer, _)) = barrier.current.writes.iter().find(|(_, b)| b.overlaps(bytes)) {
                let producer = *producer;
                return self.report(op, "reads shared memory that a TMA load may still be writing: no wait on the mbarrier phase that completes it comes before".into(), Some((producer, "the TMA load".into())));
            }
        }
        if let Some(l) = state.landed.iter().find(|l| l.bytes.overlaps(bytes) && !threads.is_subset(&l.observed)) {
            let message = match l.phase {
                Some(((_, id), parity)) => format!(
                    "{} read what a TMA load wrote without waiting for its phase (parity {} of mbarrier {id}) and with no block barrier after a thread that did",
                    threads.minus(&l.observed).describe(),
                    u8::from(parity)
                ),
                None => "reads accumulator fragments that other warps stored (nvgpu.warpgroup.mma.store) with no block barrier between".into(),
            };
            let note = Some((l.op, if l.phase.is_some() { "the TMA load".into() } else { "the fragments' store".into() }));
            return self.report(op, message, note);
        }
        if !record {
            return;
        }
        state.reads.push(Read { op: OpKey::of(op), bytes: bytes.clone(), threads: threads.clone(), ordered: Threads::none(self.block.size) });
        state.reads.sort();
        state.reads.dedup();
    }

    fn wgmma(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let mut reads = Vec::new();
        // The tiles it reads: its async reads (AsyncEffectOpInterface) other
        // than the accumulator, each a descriptor of a workgroup tile.
        let groups = async_effects::async_effect_groups(op).unwrap_or_default();
        let accumulator = op.operand(2).ok();
        let descriptors: Vec<Value> = groups.iter().flat_map(|g| &g.accesses).filter(|e| !e.write && Some(e.value) != accumulator).map(|e| e.value).collect();
        for descriptor in descriptors {
            let descriptor = ir::defining_op(descriptor).filter(|d| Upstream::NvgpuWarpgroupGenerateDescriptor.is(*d));
            match descriptor.and_then(|d| d.operand(0).ok()) {
                Some(tile) => {
                    let bytes = self.view(tile).bytes();
                    self.read(op, &bytes, threads, false, state);
                    reads.push(bytes);
                }
                None => return self.report(op, "cannot prove: an operand descriptor does not come from nvgpu.warpgroup.generate.descriptor here".into(), None),
            }
        }
        // The accumulator it adds into may be pending: wgmma orders
        // accumulation into one accumulator. Any other pending register
        // operand is a read before the wait.
        let Ok(result) = op.result(0) else { return };
        state.wgmma.push(Wgmma { op: OpKey::of(op), reads, registers: BTreeSet::from([ValueKey::of(Value::from(result))]) });
        let keep = ir::int_attr(op, attr::WAIT_GROUP).unwrap_or(1);
        Self::wgmma_wait(keep, state);
    }

    /// `wgmma.wait_group keep`: all but the newest `keep` groups complete.
    fn wgmma_wait(keep: i64, state: &mut State) {
        let keep = usize::try_from(keep.max(0)).unwrap_or(usize::MAX);
        let done = state.wgmma.len().saturating_sub(keep);
        state.wgmma.drain(..done);
    }

    fn mma_store(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let (Ok(accumulator), Ok(dst)) = (op.operand(0), op.operand(1)) else { return };
        self.register_read(op, accumulator, state);
        let bytes = self.view(dst).bytes();
        self.write(op, &bytes, threads, state);
        // Each warp stores its own rows: other warps see them after a barrier.
        state.landed.push(Landed { op: OpKey::of(op), bytes, phase: None, observed: Threads::none(self.block.size) });
    }

    /// A read of an accumulator value: not while a warpgroup MMA writes it.
    fn register_read(&mut self, op: OperationRef<'c, 'a>, value: Value<'c, 'a>, state: &State) {
        let key = ValueKey::of(value);
        if let Some(g) = state.wgmma.iter().find(|g| g.registers.contains(&key)) {
            self.report(op, "reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it".into(), Some((g.op, "the warpgroup MMA".into())));
        }
    }

    /// Any other op: its memory accesses and register reads.
    /// `nvvm.fence.proxy` of the async proxy (`async`, or `async.shared`
    /// of the CTA): generic writes before it are the async proxy's.
    fn fences_async(op: OperationRef) -> bool {
        op.attribute(attr::PROXY_KIND).is_ok_and(|kind| {
            let kind = kind.to_string();
            kind.contains("<async>") || kind.contains("async.shared")
        })
    }

    /// `nvgpu.tma.async.store src to desc[...]`: `threads` (those its
    /// predicate lets issue it) start reading `src` through the async
    /// proxy, until a bulk wait of their group. What they read must be
    /// complete (no TMA load pending on it) and visible to the async proxy.
    fn tma_store(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let predicate = op.operands().position(|v| v.r#type().is_integer() && symbolic::integer_bits(v.r#type()) == Some(1));
        let Some(issuing) = self.predicated(op, predicate, threads) else {
            return self.report(op, "cannot prove: which threads issue this TMA store (its predicate) is not known".into(), None);
        };
        if issuing.is_empty() {
            return;
        }
        let Ok(source) = op.operand(0) else { return };
        let bytes = self.view(source).bytes();
        self.read(op, &bytes, &issuing, false, state);
        if let Some(w) = state.unfenced.iter().find(|w| w.bytes.overlaps(&bytes)) {
            let (w_op, writers, fenced) = (w.op, w.threads.clone(), w.fenced.clone());
            if !writers.is_subset(&fenced) {
                return self.report(
                    op,
                    format!(
                        "reads shared memory that {} wrote through the generic proxy with no fence.proxy.async after the write: the TMA store (async proxy) may read stale data",
                        writers.minus(&fenced).describe()
                    ),
                    Some((w_op, "the write".into())),
                );
            }
            if !writers.is_subset(&issuing) {
                return self.report(
                    op,
                    format!(
                        "reads shared memory that {} wrote (and fenced) with no block barrier between their writes and this TMA store",
                        writers.minus(&issuing).describe()
                    ),
                    Some((w_op, "the write".into())),
                );
            }
        }
        state.bulk_open.push(BulkStore { op: OpKey::of(op), bytes, threads: issuing });
    }

    /// `cp.async.bulk.commit_group` by `threads`: their open stores form a
    /// group.
    fn bulk_commit(threads: &Threads, state: &mut State) {
        let (mine, others): (Vec<BulkStore>, Vec<BulkStore>) = std::mem::take(&mut state.bulk_open).into_iter().partition(|s| s.threads.is_subset(threads));
        state.bulk_open = others;
        state.bulk_groups.push(BulkGroup { threads: threads.clone(), stores: mine });
    }

    /// `cp.async.bulk.wait_group N` (with `read` or not: either waits for
    /// the reads) by `threads`: of their groups, all but the newest `N`
    /// have read their shared memory. Other threads see that after a block
    /// barrier: until then the reads stay as theirs ([`State::reads`]).
    fn bulk_wait(keep: i64, threads: &Threads, state: &mut State) {
        let keep = usize::try_from(keep.max(0)).unwrap_or(usize::MAX);
        let mine: Vec<usize> = (0..state.bulk_groups.len()).filter(|&i| state.bulk_groups[i].threads.is_subset(threads)).collect();
        let done: Vec<usize> = mine.iter().copied().take(mine.len().saturating_sub(keep)).collect();
        for &i in done.iter().rev() {
            let group = state.bulk_groups.remove(i);
            for store in group.stores {
                let ordered = store.threads.cleared();
                state.reads.push(Read { op: store.op, bytes: store.bytes, threads: store.threads, ordered });
            }
        }
    }

    fn plain(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        if Upstream::of(op).is_some_and(|k| matches!(k, Upstream::ScfYield)) {
            return;
        }
        for operand in op.operands() {
            if !operand.r#type().is_mem_ref() {
                self.register_read(op, operand, state);
            }
        }
        if op.region_count() > 0 {
            return;
        }
        let effects = ir::memory_effects(op);
        let memrefs: Vec<Value> = op.operands().filter(|v| Self::is_workgroup(*v)).collect();
        for value in memrefs {
            let (reads, writes) = match &effects {
                Some(effects) => {
                    let on = |kind: MemoryEffect| effects.iter().any(|(k, v)| *k == kind && v.is_none_or(|v| v == value));
                    (on(MemoryEffect::Read), on(MemoryEffect::Write))
                }
                None => (true, true),
            };
            let bytes = self.accessed(op, value);
            if writes {
                self.write(op, &bytes, threads, state);
                if self.stores {
                    state.unfenced.push(GenericWrite { op: OpKey::of(op), bytes: bytes.clone(), threads: threads.clone(), fenced: Threads::none(self.block.size) });
                }
            }
            if reads {
                self.read(op, &bytes, threads, true, state);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_sets() {
        let all = Threads::all(128);
        assert_eq!(all.count(), 128);
        let mut one = Threads::none(128);
        one.insert(0);
        assert_eq!(one.describe(), "thread 0");
        assert_eq!(all.minus(&one).describe(), "threads 1-127");
        assert!(one.is_subset(&all));
        assert!(!all.is_subset(&one));
    }

    #[test]
    fn byte_ranges() {
        let a = Bytes { buffer: Buffer::Dynamic, range: Some((0, 16)) };
        let b = Bytes { buffer: Buffer::Dynamic, range: Some((16, 32)) };
        let c = Bytes { buffer: Buffer::Dynamic, range: None };
        assert!(!a.overlaps(&b));
        assert!(a.overlaps(&c));
        assert!(!a.overlaps(&Bytes { buffer: Buffer::Global("g".into()), range: Some((0, 16)) }));
    }
}
