//! How a bulk queue lowers to `cp.async.bulk` and mbarriers (sm_90).
//!
//! A copy on a bulk queue becomes bulk copies
//! (`cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes`): one
//! per row of the tile, or one for the whole tile when both sides are
//! contiguous. A bulk copy completes on an mbarrier, not on cp.async's group
//! queue, so every bulk queue keeps hardware of its own, and a wait names the
//! groups it needs: a token wait, by phase parity.
//!
//! **The ring.** Each bulk queue of a function owns `K` mbarriers in
//! workgroup memory, used in turn: the group with (biased, see below) number
//! `g` uses slot `g mod K`, and `try_wait.parity` tells its phase by parity.
//! A per-thread counter, in a private variable that LLVM keeps in a register,
//! holds the number of the open group.
//! - a copy adds its bytes to the open group's transaction count
//!   (`mbarrier.expect_tx`) and issues the bulk copies on that barrier;
//! - a commit arrives on it (`mbarrier.arrive`) and moves the counter on;
//! - `wait_queue q, N`, where the bound analysis says at most `H` groups may be
//!   in flight before it, waits for groups `c-H .. c-N-1` (`c` the open group),
//!   oldest first; with `H <= N` it cannot block and goes away.
//!
//! **Ring size.** `K` is one more than the largest number of groups that may
//! be in flight while a group is filled (at its copies and its commit). So
//! when group `g` first touches slot `g mod K`, the slot's previous group
//! `g-K` has been waited for and its phase is over; and a group a wait names
//! is at most `H <= K` groups old, so its slot has not been reused.
//!
//! **The bias.** The counter starts at `K`, not 0: group numbers below `K`
//! stand for groups before the first. Their parity is that of the phase
//! before a fresh barrier's first, which `try_wait.parity` reports complete;
//! so a wait whose bound counts groups that were never committed (an
//! over-approximation on some path) needs no test.
//!
//! **The block.** An mbarrier lives in shared memory: one thread initializes
//! the ring at the function's entry with an arrival count of the block's
//! size, and every thread of the block arrives once per group. A wait then
//! waits for the group of every thread, which includes the thread's own
//! copies. Every thread must therefore commit the same groups: a commit to a
//! bulk queue under a condition or loop bound that depends on the thread id
//! is an error.

use crate::passes::ir::upstream::{attr, cmpi};
use crate::passes::ir::upstream::Upstream;
use super::copy::{
    common_checks, extent, row_bytes, rows_aligned, shape, strides_and_offset, type_text, Layout, DYNAMIC, MAX_TX_BYTES,
};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir;
use crate::passes::ir::ods::asyncpipe::CopyOp;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, Value, ValueLike};

/// cp.async.bulk's granule: sizes and addresses are multiples of 16 bytes.
const GRANULE: i64 = 16;


/// Static tiles of at most this many rows are unrolled.
const UNROLL_LIMIT: i64 = 32;

/// Suspend-time hint of `mbarrier.try_wait.parity`, in nanoseconds.
pub const SUSPEND_NS: i64 = 10_000_000;

/// What the lowering needs to know about one bulk copy, checked up front.
pub struct BulkPlan {
    /// The tile's shape; `DYNAMIC` where not static (outer dimensions only).
    shape: Vec<i64>,
    /// Element bytes.
    e: i64,
    /// One bulk copy moves the whole tile (both sides contiguous).
    whole: bool,
}

impl BulkPlan {
    /// Bytes of one bulk copy.
    fn copy_bytes(&self) -> i64 {
        let row = self.shape.last().copied().unwrap_or(1) * self.e;
        if self.whole { self.shape.iter().product::<i64>() * self.e } else { row }
    }
}

/// Checks that cp.async.bulk can perform `copy`; the error says why not.
pub fn plan(copy: OperationRef) -> Result<BulkPlan, String> {
    let (e, layouts) = common_checks(copy, "cp.async.bulk")?;
    if CopyOp::cast(copy).is_some_and(CopyOp::zero_fill) {
        return Err("cp.async.bulk has no source size, so it cannot zero-fill a partial tile; commit this copy to a \
                    queue that is not in bulk-queues (cp.async)"
            .into());
    }
    let dest = copy.operand(1).unwrap().r#type();
    let tile = shape(dest);
    let row = tile.last().copied().unwrap_or(1);
    if row == DYNAMIC {
        return Err("the innermost extent of the destination is dynamic, but cp.async.bulk needs rows of a static \
                    multiple of 16 bytes; make the innermost extent static"
            .into());
    }
    let row_bytes = row_bytes(row, e)?;
    if row_bytes % GRANULE != 0 {
        let element = ir::element_type(dest);
        return Err(format!(
            "a row of the tile is {row} x {} = {row_bytes} bytes, but cp.async.bulk copies multiples of 16 bytes; \
             commit this copy to a queue that is not in bulk-queues (cp.async)",
            type_text(element)
        ));
    }
    if let Some(layout) = layouts.iter().find(|layout| !rows_aligned(layout, e, GRANULE)) {
        return Err(format!(
            "the rows of the {} are not 16-byte aligned (static offset or stride), but cp.async.bulk addresses \
             must be",
            layout.0
        ));
    }
    let whole = tile.iter().all(|&d| d != DYNAMIC) && layouts.iter().all(|layout| contiguous(layout, &tile));
    let plan = BulkPlan { shape: tile, e, whole };
    // Each bulk copy's size (a row, or the whole tile) is an i32 operand, and
    // a phase counts at most MAX_TX_BYTES: the row alone when the outer
    // extents are dynamic (the run-time total is the hardware's to count).
    if !plan.whole && plan.copy_bytes() > MAX_TX_BYTES {
        return Err(format!(
            "one bulk copy would move {} bytes, but an mbarrier phase counts at most {MAX_TX_BYTES} bytes; copy \
             the tile in parts, committed as separate groups",
            plan.copy_bytes()
        ));
    }
    if plan.shape.iter().all(|&d| d != DYNAMIC) {
        let bytes = plan.shape.iter().product::<i64>() * e;
        if bytes > MAX_TX_BYTES {
            return Err(format!(
                "the copy moves {bytes} bytes, but an mbarrier phase counts at most {MAX_TX_BYTES} bytes; copy the \
                 tile in parts, committed as separate groups"
            ));
        }
    }
    Ok(plan)
}

/// Whether a layout with static strides is the row-major layout of `tile`.
fn contiguous((_, strides, _): &Layout, tile: &[i64]) -> bool {
    let mut expected = 1;
    for (d, &stride) in strides.iter().enumerate().rev() {
        if tile[d] != 1 && stride != expected {
            return false;
        }
        expected *= tile[d];
    }
    true
}

/// The per-function state of one bulk queue.
#[derive(Clone, Copy)]
pub struct Ring<'c, 'a> {
    /// Slots.
    size: i64,
    /// The address of slot 0 (`index`).
    base: Value<'c, 'a>,
    /// `memref<index>`: the biased number of the open group.
    counter: Value<'c, 'a>,
    t: Types<'c>,
}

/// The types the emitted code uses, made once per function.
#[derive(Clone, Copy)]
struct Types<'c> {
    i32: Type<'c>,
    i64: Type<'c>,
    shared: Type<'c>,
    cluster: Type<'c>,
    global: Type<'c>,
    generic: Type<'c>,
}

fn types<'c>(b: &Builder<'c>) -> Types<'c> {
    Types {
        i32: b.int_type(32),
        i64: b.int_type(64),
        shared: b.llvm_pointer(3),
        cluster: b.llvm_pointer(7),
        global: b.llvm_pointer(1),
        generic: b.llvm_pointer(0),
    }
}

impl<'c> Types<'c> {
    fn i32_constant<'a>(&self, b: &Builder<'c>, value: i64, point: Point<'c, 'a>) -> Value<'c, 'a> {
        b.value(Upstream::ArithConstant, &[], self.i32, &[(attr::VALUE, b.int_attr(32, value))], point)
    }

    /// A pointer of type `ty` to the address `address` (`index`).
    fn pointer<'a>(&self, b: &Builder<'c>, address: Value<'c, 'a>, ty: Type<'c>, point: Point<'c, 'a>) -> Value<'c, 'a> {
        let as_i64 = index_to(b, address, self.i64, point);
        b.value(Upstream::LlvmInttoptr, &[as_i64], ty, &[], point)
    }
}

fn index_to<'c, 'a>(b: &Builder<'c>, value: Value<'c, 'a>, ty: Type<'c>, point: Point<'c, 'a>) -> Value<'c, 'a> {
    b.value(Upstream::ArithIndexCast, &[value], ty, &[], point)
}

/// The shared-memory pointer to mbarrier `number` (`index`) of an array of
/// them (8 bytes each) whose address is `base` (`index`).
pub fn mbarrier_pointer<'c, 'a>(b: &Builder<'c>, base: Value<'c, 'a>, number: Value<'c, 'a>, point: Point<'c, 'a>) -> Value<'c, 'a> {
    let t = types(b);
    let eight = b.index_constant(8, point);
    let offset = b.binary(Upstream::ArithMuli, number, eight, point);
    let address = b.binary(Upstream::ArithAddi, base, offset, point);
    t.pointer(b, address, t.shared, point)
}

/// The most mbarriers a queue's ring may have: 8 KiB of workgroup memory,
/// far more groups than any pipeline keeps in flight.
pub const MAX_RING: i64 = 1024;

/// Allocates and initializes the rings of a function's bulk queues (`sizes`,
/// in queue order) in its entry block, after the allocations and pure ops
/// it starts with (so that the kernel's workgroup buffers stay allocated
/// in the entry block, before any branch): thread (0, 0, 0) inits every
/// slot for the block's threads, fences the inits, and the block meets at a
/// barrier before any thread uses them.
pub fn setup<'c, 'a>(b: &Builder<'c>, function: OperationRef<'c, 'a>, sizes: &[i64]) -> Vec<Ring<'c, 'a>> {
    let entry = ir::region_entry(function, 0).expect("a function with a body");
    let quiet = |op: &OperationRef| {
        matches!(Upstream::of(*op), Some(Upstream::MemrefAlloc | Upstream::MemrefAlloca))
            || (op.region_count() == 0 && ir::memory_effects(*op).is_some_and(|e| e.is_empty()) && op.next_in_block().is_some())
    };
    let first = ir::ops(entry).find(|op| !quiet(op)).expect("a body ends with its terminator");
    let at = Point::Before(first);
    let t = types(b);
    let index = b.index_type();
    let mut rings = Vec::new();
    for &size in sizes {
        let memref = b.parse_type(&format!("memref<{size}xi64, #gpu.address_space<workgroup>>"));
        let slots = b.value(Upstream::MemrefAlloc, &[], memref, &[(attr::OPERAND_SEGMENT_SIZES, b.parse_attr("array<i32: 0, 0>"))], at);
        let base = b.value(Upstream::MemrefExtractAlignedPointerAsIndex, &[slots], index, &[], at);
        let counter = b.value(
            Upstream::MemrefAlloca,
            &[],
            b.parse_type("memref<index>"),
            &[(attr::OPERAND_SEGMENT_SIZES, b.parse_attr("array<i32: 0, 0>"))],
            at,
        );
        let start = b.index_constant(size, at);
        b.op(Upstream::MemrefStore, &[start, counter], &[], &[], at);
        rings.push(Ring { size, base, counter, t });
    }
    let zero = b.index_constant(0, at);
    let mut first_thread = None;
    let mut threads = None;
    for dim in 0..3 {
        let dimension = [(attr::DIMENSION, b.gpu_dimension(dim))];
        let id = b.value(Upstream::GpuThreadId, &[], index, &dimension, at);
        let is_zero = b.value(Upstream::ArithCmpi, &[id, zero], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, cmpi::EQ))], at);
        first_thread = Some(match first_thread {
            None => is_zero,
            Some(all) => b.value(Upstream::ArithAndi, &[all, is_zero], b.i1_type(), &[], at),
        });
        let extent = b.value(Upstream::GpuBlockDim, &[], index, &dimension, at);
        threads = Some(match threads {
            None => extent,
            Some(product) => b.binary(Upstream::ArithMuli, product, extent, at),
        });
    }
    let count = index_to(b, threads.unwrap(), t.i32, at);
    let inside = b.if_then(first_thread.unwrap(), at);
    for ring in &rings {
        for slot in 0..ring.size {
            let address = Term::Value(ring.base).add(Term::Known(slot * 8), b, inside).value(b, inside);
            let barrier = t.pointer(b, address, t.shared, inside);
            b.op(Upstream::NvvmMbarrierInit, &[barrier, count], &[], &[], inside);
        }
    }
    b.op(Upstream::NvvmFenceMbarrierInit, &[], &[], &[], inside);
    b.op(Upstream::GpuBarrier, &[], &[], &[], at);
    rings
}

impl<'c, 'a> Ring<'c, 'a> {
    /// The biased number of the open group.
    fn open(&self, b: &Builder<'c>, point: Point<'c, 'a>) -> Value<'c, 'a> {
        b.value(Upstream::MemrefLoad, &[self.counter], b.index_type(), &[], point)
    }

    /// The barrier of group `group` (`index`), as a shared-memory pointer.
    fn barrier(&self, b: &Builder<'c>, group: Value<'c, 'a>, point: Point<'c, 'a>) -> Value<'c, 'a> {
        let size = b.index_constant(self.size, point);
        let slot = b.binary(Upstream::ArithRemui, group, size, point);
        mbarrier_pointer(b, self.base, slot, point)
    }

    /// Emits `copy`'s bulk copies on the open group's barrier, before it.
    pub fn copy(&self, copy: OperationRef<'c, 'a>, plan: &BulkPlan, b: &Builder<'c>) {
        let point = Point::Before(copy);
        let t = &self.t;
        let group = self.open(b, point);
        let barrier = self.barrier(b, group, point);
        let source = copy.operand(0).unwrap();
        let dest = copy.operand(1).unwrap();
        // The bytes this thread adds to the group: static, or rows x row bytes.
        let rank = plan.shape.len();
        let row_bytes = plan.shape.last().copied().unwrap_or(1) * plan.e;
        let mut bytes = Term::Known(row_bytes);
        for (d, &size) in plan.shape.iter().enumerate().take(rank.saturating_sub(1)) {
            let rows = if size == DYNAMIC { Term::Value(extent(b, dest, size, d, point)) } else { Term::Known(size) };
            bytes = bytes.mul(rows, b, point);
        }
        let tx = index_to(b, bytes.value(b, point), t.i32, point);
        b.op(Upstream::NvvmMbarrierExpectTx, &[barrier, tx], &[], &[], point);
        let source_address = Address::new(b, source, plan.e, point);
        let dest_address = Address::new(b, dest, plan.e, point);
        let size = t.i32_constant(b, plan.copy_bytes(), point);
        let issue = |index: &[Term], at: Point<'c, 'a>| {
            let from = source_address.pointer(b, t, index, at);
            let to = dest_address.pointer(b, t, index, at);
            let segments = b.parse_attr("array<i32: 1, 1, 1, 1, 0, 0>");
            b.op(
                Upstream::NvvmCpAsyncBulkSharedClusterGlobal,
                &[to, from, barrier, size],
                &[],
                &[(attr::OPERAND_SEGMENT_SIZES, segments)],
                at,
            );
        };
        // The rows: every index but the innermost, which stays 0.
        let outer: Vec<i64> = if plan.whole || rank == 0 { Vec::new() } else { plan.shape[..rank - 1].to_vec() };
        let count = outer.iter().all(|&d| d != DYNAMIC).then(|| outer.iter().product::<i64>());
        match count {
            Some(count) if count <= UNROLL_LIMIT => {
                for flat in 0..count {
                    let mut rest = flat;
                    let mut index = vec![Term::Known(0); rank];
                    for d in (0..outer.len()).rev() {
                        index[d] = Term::Known(rest % outer[d]);
                        rest /= outer[d];
                    }
                    issue(&index, point);
                }
            }
            _ => {
                let mut index = vec![Term::Known(0); rank];
                let mut at = point;
                for (d, &size) in outer.iter().enumerate() {
                    let lower = b.index_constant(0, at);
                    let upper = extent(b, dest, size, d, at);
                    let step = b.index_constant(1, at);
                    let (iv, body) = b.for_loop(lower, upper, step, at);
                    index[d] = Term::Value(iv);
                    at = body;
                }
                issue(&index, at);
            }
        }
    }

    /// Emits `copy` as tensor-map copies (see [`super::tma`]) on the open
    /// group's barrier, before it.
    pub fn tensor_copy(
        &self,
        copy: OperationRef<'c, 'a>,
        plan: &super::tma::TmaPlan<'c, 'a>,
        maps: &super::tma::TensorMaps<'c, 'a>,
        b: &Builder<'c>,
    ) {
        let point = Point::Before(copy);
        let group = self.open(b, point);
        let barrier = self.barrier(b, group, point);
        super::tma::emit(copy, plan, maps, barrier, b);
    }

    /// Commits the open group: this thread arrives on its barrier.
    pub fn commit(&self, b: &Builder<'c>, point: Point<'c, 'a>) {
        let group = self.open(b, point);
        let barrier = self.barrier(b, group, point);
        b.op(Upstream::NvvmMbarrierArrive, &[barrier], &[self.t.i64], &[], point);
        let one = b.index_constant(1, point);
        let next = b.binary(Upstream::ArithAddi, group, one, point);
        b.op(Upstream::MemrefStore, &[next, self.counter], &[], &[], point);
    }

    /// Waits until at most `count` groups are in flight, where at most
    /// `bound` may be before the wait: groups `open - bound .. open - count - 1`.
    pub fn wait(&self, b: &Builder<'c>, bound: i64, count: i64, point: Point<'c, 'a>) {
        if bound <= count {
            return;
        }
        let open = self.open(b, point);
        let size = b.index_constant(self.size, point);
        let one = b.index_constant(1, point);
        let ticks = self.t.i32_constant(b, SUSPEND_NS, point);
        for age in (count + 1..=bound).rev() {
            let back = b.index_constant(age, point);
            let group = b.binary(Upstream::ArithSubi, open, back, point);
            let barrier = self.barrier(b, group, point);
            // Use n of a slot (n = group / K - 1, for the bias) has parity n & 1.
            let turn = b.binary(Upstream::ArithDivui, group, size, point);
            let flipped = b.binary(Upstream::ArithAddi, turn, one, point);
            let parity = b.binary(Upstream::ArithAndi, flipped, one, point);
            let parity = index_to(b, parity, self.t.i32, point);
            b.op(Upstream::NvvmMbarrierTryWaitParity, &[barrier, parity, ticks], &[], &[], point);
        }
    }
}

/// The address arithmetic of one side of a copy.
struct Address<'c, 'a> {
    aligned: Value<'c, 'a>,
    offset: Term<'c, 'a>,
    strides: Vec<Term<'c, 'a>>,
    e: i64,
    space: Space,
}

/// Where one side of a copy lives, as its memref type tells.
#[derive(PartialEq, Eq)]
enum Space {
    /// Workgroup memory: the copy takes a shared::cluster pointer.
    Shared,
    /// Global memory, explicitly.
    Global,
    /// The default memory space: a generic address of global memory.
    Generic,
}

impl<'c, 'a> Address<'c, 'a> {
    fn new(b: &Builder<'c>, memref: Value<'c, 'a>, e: i64, point: Point<'c, 'a>) -> Self {
        let ty = memref.r#type();
        let index = b.index_type();
        let aligned = b.value(Upstream::MemrefExtractAlignedPointerAsIndex, &[memref], index, &[], point);
        let (static_strides, static_offset) = strides_and_offset(ty).expect("plan() checked the layout");
        let rank = static_strides.len();
        // Dynamic parts come from the strided metadata; static ones are constants.
        let metadata = (static_offset == DYNAMIC || static_strides.contains(&DYNAMIC)).then(|| {
            let mut results = vec![ir::scalar_memref_like(ty)];
            results.extend(std::iter::repeat_n(index, 1 + 2 * rank));
            let op = b.op(Upstream::MemrefExtractStridedMetadata, &[memref], &results, &[], point);
            move |i: usize| -> Value<'c, 'a> { op.result(i).expect("a metadata result").into() }
        });
        let pick = |value: i64, result: usize| match (&metadata, value) {
            (Some(get), DYNAMIC) => Term::Value(get(result)),
            _ => Term::Known(value),
        };
        let offset = pick(static_offset, 1);
        let strides = (0..rank).map(|d| pick(static_strides[d], 2 + rank + d)).collect();
        let default = ir::has_default_memory_space(ty);
        let space = match ir::memory_space(ty) {
            ir::MemorySpace::Workgroup => Space::Shared,
            _ if default => Space::Generic,
            _ => Space::Global,
        };
        Self { aligned, offset, strides, e, space }
    }

    /// The pointer the bulk copy takes to the element at `index`.
    fn pointer(&self, b: &Builder<'c>, t: &Types<'c>, index: &[Term<'c, 'a>], point: Point<'c, 'a>) -> Value<'c, 'a> {
        let mut element = self.offset;
        for (i, stride) in index.iter().zip(&self.strides) {
            element = element.add(i.mul(*stride, b, point), b, point);
        }
        let bytes = element.mul(Term::Known(self.e), b, point);
        let address = Term::Value(self.aligned).add(bytes, b, point).value(b, point);
        match self.space {
            // The destination operand is a shared::cluster address (PTX 8.0);
            // the CTA's own shared window is part of that space.
            Space::Shared => {
                let shared = t.pointer(b, address, t.shared, point);
                b.value(Upstream::LlvmAddrspacecast, &[shared], t.cluster, &[], point)
            }
            Space::Generic => {
                let generic = t.pointer(b, address, t.generic, point);
                b.value(Upstream::LlvmAddrspacecast, &[generic], t.global, &[], point)
            }
            Space::Global => t.pointer(b, address, t.global, point),
        }
    }
}

/// An `index` quantity of address arithmetic: known when static, so that
/// constants fold as the address is built and only what varies is emitted.
#[derive(Clone, Copy)]
enum Term<'c, 'a> {
    Known(i64),
    Value(Value<'c, 'a>),
}

impl<'c, 'a> Term<'c, 'a> {
    fn value(self, b: &Builder<'c>, point: Point<'c, 'a>) -> Value<'c, 'a> {
        match self {
            Term::Known(k) => b.index_constant(k, point),
            Term::Value(v) => v,
        }
    }

    fn add(self, other: Self, b: &Builder<'c>, point: Point<'c, 'a>) -> Self {
        match (self, other) {
            // (Checked: past i64 the sum is the IR's, which wraps as the
            // hardware's address arithmetic does.)
            (Term::Known(x), Term::Known(y)) if x.checked_add(y).is_some() => Term::Known(x + y),
            (Term::Known(0), t) | (t, Term::Known(0)) => t,
            (x, y) => Term::Value(b.binary(Upstream::ArithAddi, x.value(b, point), y.value(b, point), point)),
        }
    }

    fn mul(self, other: Self, b: &Builder<'c>, point: Point<'c, 'a>) -> Self {
        match (self, other) {
            (Term::Known(x), Term::Known(y)) if x.checked_mul(y).is_some() => Term::Known(x * y),
            (Term::Known(0), _) | (_, Term::Known(0)) => Term::Known(0),
            (Term::Known(1), t) | (t, Term::Known(1)) => t,
            (x, y) => Term::Value(b.binary(Upstream::ArithMuli, x.value(b, point), y.value(b, point), point)),
        }
    }
}
