//! Hopper's asynchronous units at the nvgpu level (and at the NVVM level
//! that upstream's `convert-nvgpu-to-nvvm` leaves, memrefs lowered by
//! `finalize-memref-to-llvm` or not: pointers followed through
//! `getelementptr`, `addrspacecast`, `inttoptr`, `llvm.mlir.addressof` and
//! memref descriptors, whether an unrealized cast or `llvm.insertvalue`
//! built them; `llvm.load` and `llvm.store` of shared memory as accesses;
//! the box from the tensor map's type), as one block of
//! threads runs them: mbarrier objects (init, arrivals, expected transaction bytes,
//! phases and their parities), TMA loads that complete on an mbarrier's
//! phase, and the warpgroup MMA queue (`nvgpu.warpgroup.mma` with its
//! implied `wgmma.wait_group`, `nvvm.wgmma.wait.group.sync.aligned`; at
//! the NVVM level `nvvm.wgmma.mma_async` and `commit.group`, descriptors
//! followed back to their tiles).
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
//! specialization: a branch on the thread id holding a loop that waits)
//! are run as roles instead, over every interleaving ([`roles`]).
//!
//! Rules, each an error at the op with a note at the other side:
//! - an mbarrier is initialized by one thread, before any use, and a block
//!   barrier publishes its initialization before another thread uses it;
//!   it is not re-initialized while a phase has arrivals;
//! - a phase gets no more arrivals than its count, and no more transaction
//!   bytes than were expected (either completes it early); the bytes it
//!   expects, and those issued on it, fit PTX's tx-count (2^20 - 1);
//! - a wait whose phase cannot complete (arrivals or bytes missing) hangs;
//! - a TMA destination is not read or written before a wait on the phase
//!   its bytes complete, by the threads that read it (or a block barrier
//!   after such a wait); a TMA load does not overwrite bytes that another
//!   load, a warpgroup MMA, or other threads' reads may still be using;
//! - a warpgroup MMA's operand tiles are not written, and its accumulator
//!   is not read (except by the next MMA into it), before the
//!   `wgmma.wait_group` that completes it; the tiles it reads are complete
//!   (their TMA phase waited for) when it is issued. Each warpgroup has its
//!   own MMA queue (commits and waits count the executing threads'
//!   groups): a wait completes its warpgroup's groups, whose tiles other
//!   threads may overwrite only after a block barrier or a phase the
//!   warpgroup arrives on after the wait; registers are pending only in
//!   the threads of the MMA's warpgroup;
//! - accumulator fragments that `nvgpu.warpgroup.mma.store` writes to
//!   shared memory (each warp its own rows) are read or overwritten only
//!   after a block barrier;
//! - a TMA load writes through the async proxy: plain writes of the bytes
//!   it overwrites are fenced (`fence.proxy.async`) by their writers first,
//!   and other threads' writes are followed by a block barrier;
//! - a TMA store (`nvgpu.tma.async.store`) or a warpgroup MMA reads its
//!   tile through the async proxy: what it reads was made visible by a
//!   `fence.proxy.async` of its writers after their writes (plain stores,
//!   and `warpgroup.mma.store`'s fragments), and a block barrier, for other
//!   threads' writes; a TMA store's tile is not overwritten before a
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
//! induction variable and carried integers bound (a ring's slot and phase
//! kept in iter_args), and a loop whose state and carried integers repeat
//! in a cycle of the period of the values it computes skips to its end, so
//! the cost does not grow with the trip count. Kernels in CFG form are
//! checked after verify-sync raises their blocks back to `scf.for` and
//! `scf.if` (`transform::cfg_to_scf`); blocks left over are "cannot prove". A loop whose trip count is known only at
//! run time is followed over cases of the kernel's integer arguments
//! ([`kernels`], [`run_time_loops`]).
//!
//! Parts: this file (the state, the ops' dispatch and control flow),
//! [`kernels`] (the entry: kernels, block shapes, the runs over cases),
//! [`threads`] (the block and sets of threads), [`loops`] (loops of constant
//! trip count), [`run_time_loops`], [`units`] (mbarriers, TMA, warpgroup
//! MMA, bulk stores, plain accesses), [`roles`] (warp-specialized
//! kernels), [`memory`] (memory by bytes, through
//! views and pointers), [`descriptors`] (what a
//! wgmma's shared-memory descriptors address), [`accumulators`] (which
//! registers a pending accumulator holds), [`private`] (a thread's integers
//! kept in memory).

use crate::passes::ir::positions::OpPositions;
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

mod accumulators;
pub(super) mod descriptors;
mod kernels;
mod loops;
mod memory;
mod private;
mod roles;
mod run_time_loops;
mod threads;
mod units;

pub use kernels::{check, check_with_roles};
pub use roles::RolesSummary;
use kernels::tensor_map_bytes;
use memory::Origin;

/// Iterations run before a loop without a period is given up on. Each
/// iteration runs the block's threads in lockstep and keeps its state for
/// the cycle test: at 4096, a 128-thread wgmma GEMM whose state never
/// settles took 13 s in release and 35 s in debug before saying so (a
/// fuzzer's timeout, 100k campaign); the test suite's and corpus's loops
/// settle within a few periods.
const LOOP_BUDGET: u64 = 512;

/// Ops reported with one finding (message and other side) before the rest
/// are only counted.
const SIMILAR_FINDINGS: usize = 4;

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
                | Upstream::NvvmCpAsyncBulkSharedClusterGlobal
                | Upstream::NvvmCpAsyncBulkTensorGlobalSharedCta
                | Upstream::NvgpuWarpgroupMma
                | Upstream::NvgpuWarpgroupMmaStore
                | Upstream::NvvmWgmmaMmaAsync
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
                | Upstream::NvvmMbarrierExpectTx
                | Upstream::NvvmFenceMbarrierInit
                | Upstream::NvvmMbarrierTryWaitParity
                | Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal
                | Upstream::NvvmCpAsyncBulkSharedClusterGlobal
                | Upstream::NvvmCpAsyncBulkTensorGlobalSharedCta
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
                Upstream::NvgpuMbarrierArriveNocomplete
                    | Upstream::NvgpuMbarrierTestWait
            )
        )
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

/// A set of the block's threads (linear ids), as a bit set.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Threads(Vec<u64>);

/// A buffer: the block's dynamic shared memory (with the zero-sized
/// workgroup globals based on it), a global by name, a value (an
/// allocation, an argument of the function), or any of them (a memref or
/// pointer the model cannot trace to where it was made: a loop's carried
/// value, a choice, a descriptor it cannot read), which overlaps every
/// buffer.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Buffer {
    Dynamic,
    Global(String),
    Value(ValueKey),
    Any,
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
        if self.buffer == Buffer::Any || other.buffer == Buffer::Any {
            return true;
        }
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
    /// TMA writes that the arriving threads had seen land (waited for
    /// their phase): seen by whoever waits for this phase too.
    seen: Vec<(OpKey, Bytes)>,
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

/// A warpgroup MMA group of one warpgroup's queue (each warpgroup has its
/// own: `wgmma.commit_group` and `wait_group` count the executing
/// threads' groups): committed (`nvgpu.warpgroup.mma`, or the NVVM level's
/// `wgmma.commit_group`), or the open one that collects the NVVM level's
/// `wgmma.mma_async` ops not yet committed (its warpgroup's last).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Wgmma {
    op: OpKey,
    /// The warpgroup whose queue it is in.
    threads: Threads,
    reads: Vec<Bytes>,
    /// The accumulator values it writes (its result, and where loops carry
    /// it or structs pack it).
    registers: BTreeSet<ValueKey>,
    open: bool,
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
    /// The NVVM level's pending accumulator structs, field by field
    /// ([`accumulators`]).
    layouts: Rc<BTreeMap<ValueKey, Rc<accumulators::Layout>>>,
    /// The allocas that pending accumulator registers were moved into
    /// ([`accumulators`]).
    register_allocas: BTreeSet<ValueKey>,
    /// Thread-private integers in memory, by alloca and indices
    /// ([`private`]).
    scalars: BTreeMap<(ValueKey, Vec<i64>), symbolic::Affine>,
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
    /// The kernel issues TMA stores or warpgroup MMAs, which read shared
    /// memory through the async proxy: generic writes of shared memory are
    /// tracked until fenced ([`State::unfenced`]).
    stores: bool,
    /// A loop around mbarrier, TMA or MMA work had bounds this run did not
    /// know ([`over_cases`] then runs the kernel over cases).
    run_time_loop: bool,
    /// A branch whose regions wait, on a value the same in every thread,
    /// was not settled ([`over_cases`] then takes the block's id as a
    /// parameter too).
    uniform_branch: bool,
    /// Loop iterations simulated ([`CASE_ITERATIONS`]).
    iterations: u64,
    /// Per finding's message and other side: how many ops had it, and the
    /// last one reported ([`SIMILAR_FINDINGS`]).
    similar: HashMap<(String, Option<OpKey>), (usize, usize)>,
    /// Whether a uniform store of a known integer to a thread's alloca
    /// records it ([`private`]): not inside regions run any number of
    /// times ([`Model::opaque_regions`]).
    record_private: bool,
    /// A kernel run in roles ([`roles`]): what the exploration saw.
    roles_summary: Option<RolesSummary>,
    /// The region ops holding an mbarrier wait or a block barrier
    /// ([`roles::waiting_regions`]).
    waiting: HashSet<OpKey>,
    /// Per linked loop, the lead of one role over another that its exact
    /// zones admit ([`roles`]; 1 when not here): widened, and the
    /// exploration started again, when a role runs further ahead.
    leads: HashMap<OpKey, i64>,
    /// A memref value's strides and offset ([`Model::view`]).
    layouts_of_views: std::cell::RefCell<HashMap<ValueKey, (Vec<i64>, i64)>>,
    /// Whether an op is pure ([`ir::is_pure`]), by op.
    pure_ops: HashMap<OpKey, bool>,
    /// The leads the last exploration needed beyond [`Model::leads`].
    widen: Option<(Vec<OpKey>, i64)>,
}

impl<'c, 'a> Model<'c, 'a> {
    fn report(&mut self, op: OperationRef<'c, 'a>, message: String, note: Option<(OpKey, String)>) {
        if !self.reported.insert(OpKey::of(op)) {
            return;
        }
        // The same finding against the same other side at many ops (the
        // NVVM level stores a warpgroup's fragments with one store per
        // register): the first few are reported, the last of them counts
        // the rest.
        let similar = self.similar.entry((message.clone(), note.as_ref().map(|(key, _)| *key))).or_insert((0, 0));
        similar.0 += 1;
        if similar.0 > SIMILAR_FINDINGS {
            return;
        }
        similar.1 = self.findings.len();
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
        match predicate.and_then(|i| op.operand_at(i)) {
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
            // Each warpgroup has its own MMA queue, worked on by all its
            // threads (the ops are warpgroup-wide and .aligned): work by
            // part of a warpgroup is not followed.
            Upstream::NvgpuWarpgroupMma | Upstream::NvvmWgmmaMmaAsync | Upstream::NvvmWgmmaCommitGroupSyncAligned | Upstream::NvvmWgmmaWaitGroupSyncAligned
                if threads.warpgroups(self.block.size).is_none() =>
            {
                self.report(op, format!("cannot prove: warpgroup MMA work by {}, not whole warpgroups (128 threads each)", threads.describe()), None);
                self.stopped = true;
            }
            Upstream::NvgpuWarpgroupMma => self.wgmma(op, threads, state),
            Upstream::NvvmWgmmaMmaAsync => self.nvvm_wgmma(op, threads, state),
            Upstream::NvvmWgmmaCommitGroupSyncAligned => self.wgmma_commit(op, threads, state),
            Upstream::LlvmInsertvalue | Upstream::LlvmExtractvalue if Self::packs_pending(op, state) => {}
            Upstream::NvvmWgmmaWaitGroupSyncAligned => {
                let keep = ir::int_attr(op, attr::GROUP).unwrap_or(0);
                self.wgmma_wait(keep, threads, state);
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
                let count = op.operand_at(1).and_then(|v| self.eval_int(v));
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
            Upstream::NvvmMbarrierExpectTx => {
                // addr, txcount, [predicate]: more bytes for the current
                // phase, no arrival (asyncpipe's bulk queues expect before
                // their copies and arrive once per thread after).
                let predicate = Some(2).filter(|p| op.operand_count() > *p);
                let Some(threads) = self.predicated(op, predicate, threads) else {
                    return self.report(op, "cannot prove: the predicate of this expect_tx is not known per thread".into(), None);
                };
                if threads.is_empty() {
                    return;
                }
                let Some(key) = self.nvvm_mbarrier(op, 0) else { return };
                self.expect_at(op, key, 1, threads, state);
            }
            // fence.mbarrier_init orders the initializations for the
            // cluster; within the block the barrier after them publishes
            // them ([`Self::barrier`]).
            Upstream::NvvmFenceMbarrierInit => {}
            Upstream::NvvmMbarrierTryWaitParity => {
                let Some(key) = self.nvvm_mbarrier(op, 0) else { return };
                self.wait_at(op, key, 1, threads, state);
            }
            Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal => self.nvvm_tma_load(op, threads, state),
            Upstream::NvvmCpAsyncBulkSharedClusterGlobal => self.nvvm_bulk_copy(op, threads, state),
            Upstream::NvvmCpAsyncBulkTensorGlobalSharedCta => {
                // tmaDescriptor, srcMem, coordinates..., l2 cache hint, predicate:
                // the box's bytes from the source pointer.
                let source = op.operand_at(1).and_then(|p| self.pointer(p));
                let box_bytes = op.operand_at(0).and_then(|d| tensor_map_bytes(op, d));
                match (source, box_bytes) {
                    (Some((buffer, first)), Some(size)) => match first.checked_add(size) {
                        Some(end) => self.tma_store_of(op, Bytes { buffer, range: Some((first, end)) }, threads, state),
                        None => self.report(op, "cannot prove: this TMA store's box overflows the address range".into(), None),
                    },
                    (None, _) => self.report(op, "cannot prove: which shared memory this TMA store reads is not known (its source pointer is followed through getelementptr with indices the model evaluates, addrspacecast and a memref descriptor's aligned pointer)".into(), None),
                    (_, None) => self.report(op, "cannot prove: the TMA box's size is not known (the descriptor's nvgpu.tensormap.descriptor type is gone)".into(), None),
                }
            }
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
        // Its regions may run any number of times, for any threads: the
        // private integers they write are not known inside them (a load
        // before the store may see any earlier run's value) nor after
        // them; those they do not write keep their values.
        let nested = ir::nested_ops(op);
        for inner in &nested {
            self.forget_private(*inner, state);
        }
        let recording = std::mem::replace(&mut self.record_private, false);
        for _ in 0..2 {
            for block in ir::blocks(op) {
                self.block_ops(block, threads, state);
            }
        }
        self.record_private = recording;
        for inner in &nested {
            self.forget_private(*inner, state);
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
            Self::if_results(op, &[0], state);
            Self::if_results(op, &[1], &mut other);
            self.bind_if_integers(op, &[0, 1]);
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
        let taken: Vec<usize> = [(0, &yes), (1, &no)].into_iter().filter(|(_, t)| !t.is_empty()).map(|(r, _)| r).collect();
        Self::if_results(op, &taken, state);
        self.bind_if_integers(op, &taken);
    }

    /// The integer results of the `scf.if` `op` after its regions `taken`
    /// ran (a ring's next slot or phase chosen by a branch): bound to what
    /// they yield when every region that ran yields the same form, unknown
    /// otherwise (threads that took different sides hold different values).
    fn bind_if_integers(&mut self, op: OperationRef<'c, 'a>, taken: &[usize]) {
        for (i, result) in op.results().enumerate() {
            let result: Value = result.into();
            if !(result.r#type().is_index() || result.r#type().is_integer()) {
                continue;
            }
            let forms: Vec<Option<symbolic::Affine>> = taken
                .iter()
                .map(|r| ir::region_entry(op, *r).and_then(|b| b.terminator()).and_then(|t| t.operand_at(i)).and_then(|v| self.bindings.form(v)))
                .collect();
            match forms.first() {
                Some(Some(form)) if forms.iter().all(|f| f.as_ref() == Some(form)) => self.bindings.bind_form(result, form.clone()),
                _ => self.bindings.unbind(result),
            }
        }
    }

    /// The results of the `scf.if` `op` after its regions `taken` ran: a
    /// result is pending in each warpgroup MMA group that a value yielded
    /// to it by one of those regions is pending in (an MMA inside the
    /// branch, its accumulator yielded out), and in no other.
    fn if_results(op: OperationRef<'c, 'a>, taken: &[usize], state: &mut State) {
        let yielded: Vec<Vec<ValueKey>> = taken
            .iter()
            .filter_map(|r| ir::region_entry(op, *r).and_then(|b| b.terminator()))
            .map(|t| t.operands().map(ValueKey::of).collect())
            .collect();
        let results: Vec<ValueKey> = op.results().map(|r| ValueKey::of(Value::from(r))).collect();
        let candidates: Vec<Vec<ValueKey>> = (0..results.len()).map(|i| yielded.iter().filter_map(|values| values.get(i).copied()).collect()).collect();
        Self::carry_layouts(state, &results, &candidates);
        for (i, result) in op.results().enumerate() {
            let result = ValueKey::of(Value::from(result));
            for group in &mut state.wgmma {
                if yielded.iter().any(|values| values.get(i).is_some_and(|v| group.registers.contains(v))) {
                    group.registers.insert(result);
                } else {
                    group.registers.remove(&result);
                }
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
        assert!(a.overlaps(&Bytes { buffer: Buffer::Any, range: Some((64, 80)) }));
    }
}
