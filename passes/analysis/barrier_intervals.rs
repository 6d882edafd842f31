//! Which plain memory accesses of a block's threads a barrier orders.
//!
//! Threads of a block run between two block barriers in any interleaving:
//! two accesses of different threads are ordered only when a barrier lies
//! on every barrier-free path between them. A barrier `B` orders the pairs
//! `(a, b)` where `a` can reach `B` and `B` can reach `b` with no other
//! barrier on the way ([`Intervals::before`], [`Intervals::after`]), loop
//! back edges and `cf` branches included. Taking `B` out makes exactly
//! those pairs concurrent, so `B` is needed when one of them conflicts:
//! one of the two writes, their buffers may alias, and two different
//! threads may touch a common element ([`Intervals::needed`]).
//!
//! This is the part of a kernel's synchronization that involves no async
//! queue: loads, stores, vector and matrix loads, calls, ops whose effects
//! are unknown (any memory), in every memory space: workgroup, global and
//! the default space. Asynchronous accesses that the queue model of
//! `hazards` tracks per thread (counted groups into workgroup memory)
//! are left to it. A counted copy's other accesses (its read of global
//! memory) may run until its thread drains the queue (a wait that leaves
//! no group in flight): such an access is before a barrier unless, on every
//! path to it, a drain and then another barrier come between. Every other
//! asynchronous access (an mbarrier's bulk or tensor copies, an asyncop
//! chain's effects) may run until some later point this analysis does not
//! know, so it counts as before every barrier it can reach at all.
//!
//! Buffers: an allocation outside workgroup memory is each thread's own;
//! two distinct allocations (`memref.alloc`, `alloca`,
//! `get_global` of different symbols) never alias; an allocation never
//! aliases a function argument; function arguments may alias each other
//! unless one of them is marked `llvm.noalias` (CUDA's `__restrict__`);
//! a buffer the analysis cannot trace to one of those (a loop-carried
//! memref, a cast from a pointer) may alias anything. Two accesses of one
//! buffer through the buffer itself, with indices that are constants plus
//! multiples of thread ids ([`thread_scope::thread_form`]), are told apart
//! per thread ([`thread_scope::disjoint_across_threads`]): thread `t`
//! storing `smem[t]` and later loading `smem[t]` needs no barrier; loading
//! `smem[t + 1]` does.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use crate::passes::analysis::effects::{self, Root};
use crate::passes::analysis::sync_state::{self, BulkQueues, Queue, QueueEffect};
use crate::passes::analysis::thread_scope::{self, BlockShape, Span};
use crate::passes::ir::upstream::{self, attr, Upstream};
use crate::passes::ir::async_effects::QueueName;
use crate::passes::ir::{self, async_effects, MemoryEffect, MemorySpace, OpKey, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, RegionLike, TypeLike, Value, ValueLike};
use std::collections::{HashMap, HashSet};

/// What a buffer is, for aliasing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Buffer {
    /// An allocation made in the function (its root value), in workgroup
    /// memory (shared by the block's threads).
    Fresh(Root),
    /// An allocation each thread makes for itself (`memref.alloc` or
    /// `alloca` outside workgroup memory, a `gpu.func`'s private
    /// attribution) whose handle goes to no op of unknown effects: no
    /// other thread can touch it.
    Private,
    /// A global of the module, by the `memref.get_global` that names it
    /// (two such ops of one symbol are the same buffer).
    Global(u64),
    /// An argument of the function; with `llvm.noalias`, it aliases no
    /// other argument.
    Argument(Root, bool),
    /// Anything else: may be any buffer.
    Unknown,
}

impl Buffer {
    fn may_alias(self, other: Buffer) -> bool {
        use Buffer::*;
        match (self, other) {
            (Private, _) | (_, Private) => false,
            (Unknown, _) | (_, Unknown) => true,
            (Fresh(a), Fresh(b)) => a == b,
            (Global(a), Global(b)) => a == b,
            (Argument(a, noalias_a), Argument(b, noalias_b)) => a == b || !(noalias_a || noalias_b),
            _ => false,
        }
    }
}

/// One access to memory by one op.
#[derive(Clone, Debug)]
pub struct Access<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub write: bool,
    /// The buffer; None for "any memory".
    buffer: Option<Buffer>,
    /// Per dimension of the buffer, the elements one thread touches
    /// (indices that are thread forms); None when not known.
    footprint: Option<Vec<Span>>,
    /// Until when the access may run.
    until: Until,
}

/// How long an access may run after the op that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Until {
    /// It is done when the op is (a plain access).
    Op,
    /// An asynchronous access on a per-thread counted queue: done for its
    /// thread by a wait that leaves no group of the queue in flight (a
    /// partial wait is not counted on).
    Drained(Queue),
    /// Any other asynchronous access: no later point is known where it is
    /// done, so it is before every barrier it can reach.
    Unknown,
}

/// The barrier-free paths of one function.
pub struct Intervals<'c, 'a> {
    successors: Vec<Vec<usize>>,
    predecessors: Vec<Vec<usize>>,
    /// The barrier at a node (a `gpu.barrier`), if any.
    barriers: HashMap<usize, OperationRef<'c, 'a>>,
    /// The waits that leave no group of a queue in flight, and the queue.
    drains: HashMap<usize, Queue>,
    /// Barriers taken out (their nodes no longer stop a path).
    removed: HashSet<usize>,
    node_of: HashMap<OpKey, usize>,
    accesses: Vec<Vec<Access<'c, 'a>>>,
    shape: BlockShape,
    /// The queues whose drains complete every thread's groups.
    bulk: BulkQueues,
}

/// A pair of accesses of different threads that a barrier orders, and
/// that conflict ([`Intervals::needed`]).
pub struct Ordered<'c, 'a> {
    pub before: Access<'c, 'a>,
    pub after: Access<'c, 'a>,
}

impl<'c, 'a> Ordered<'c, 'a> {
    /// In words, for a remark at the barrier.
    pub fn describe(&self) -> String {
        let kind = |a: &Access| if a.write { "write" } else { "read" };
        let what = match (self.before.write, self.after.write) {
            (true, true) => "write-after-write",
            (true, false) => "read-after-write",
            _ => "write-after-read",
        };
        format!(
            "orders a {what} pair between threads: the {} by `{}` before it and the {} by `{}` after it may touch the same element in two threads",
            kind(&self.before),
            ir::op_name(self.before.op),
            kind(&self.after),
            ir::op_name(self.after.op),
        )
    }
}

impl<'c, 'a> Intervals<'c, 'a> {
    /// The graph of `function`'s ops (`ops`, all its nested ops) and the
    /// accesses at each; a drain of one of the `bulk` queues completes every
    /// thread's groups.
    pub fn of(function: OperationRef<'c, 'a>, ops: &[OperationRef<'c, 'a>], bulk: &BulkQueues) -> Self {
        let bulk = bulk.in_function(ops, &thread_scope::thread_dependent(ops));
        let mut graph = Intervals {
            successors: Vec::new(),
            predecessors: Vec::new(),
            barriers: HashMap::new(),
            drains: HashMap::new(),
            removed: HashSet::new(),
            node_of: HashMap::new(),
            accesses: Vec::new(),
            shape: BlockShape::of(function),
            bulk,
        };
        let mut buffers = Buffers::default();
        for region in function.regions() {
            graph.region(region, &mut buffers);
        }
        graph
    }

    fn node(&mut self) -> usize {
        self.successors.push(Vec::new());
        self.predecessors.push(Vec::new());
        self.accesses.push(Vec::new());
        self.successors.len() - 1
    }

    fn edge(&mut self, from: usize, to: usize) {
        if !self.successors[from].contains(&to) {
            self.successors[from].push(to);
            self.predecessors[to].push(from);
        }
    }

    /// Adds `region`'s blocks. Returns the node control enters it at (None
    /// when empty) and the nodes that leave it to its parent (terminators
    /// without successors, other than returns), whose edges the caller
    /// draws; returns end their paths.
    fn region(&mut self, region: melior::ir::RegionRef<'c, 'a>, buffers: &mut Buffers) -> (Option<usize>, Vec<usize>) {
        let blocks = ir::region_blocks(region);
        // First the blocks' ops as chains, then the edges between blocks.
        let mut entries = Vec::new();
        let mut terminators = Vec::new();
        for block in &blocks {
            let (entry, last) = self.block(*block, buffers);
            entries.push(entry);
            terminators.push(last);
        }
        let mut leaving = Vec::new();
        for last in terminators {
            let Some((node, terminator)) = last else { continue };
            if terminator.successor_count() > 0 {
                for successor in terminator.successors() {
                    if let Some(i) = blocks.iter().position(|b| *b == successor) {
                        self.edge(node, entries[i]);
                    }
                }
            } else if !matches!(Upstream::of(terminator), Some(Upstream::FuncReturn | Upstream::GpuReturn)) {
                leaving.push(node);
            }
        }
        (entries.first().copied(), leaving)
    }

    /// Adds `block`'s ops as a chain; returns the chain's first node and
    /// its last op with its node (None for an empty block).
    fn block(&mut self, block: BlockRef<'c, 'a>, buffers: &mut Buffers) -> (usize, Option<(usize, OperationRef<'c, 'a>)>) {
        let entry = self.node();
        let mut at = entry;
        let mut last = None;
        for op in ir::ops(block) {
            let node = self.op(op, at, buffers);
            at = node;
            last = Some((node, op));
        }
        (entry, last)
    }

    /// Adds `op` after node `from`; returns the node control leaves it at.
    fn op(&mut self, op: OperationRef<'c, 'a>, from: usize, buffers: &mut Buffers) -> usize {
        let exit = self.node();
        self.node_of.insert(OpKey::of(op), exit);
        if op.region_count() == 0 {
            self.edge(from, exit);
            if Upstream::GpuBarrier.is(op) {
                self.barriers.insert(exit, op);
            } else if let QueueEffect::Wait { queue, count: Some(0) } = sync_state::effect(op) {
                self.drains.insert(exit, queue);
            } else {
                self.accesses[exit] = accesses_of(op, buffers);
            }
            return exit;
        }
        let kind = Upstream::of(op);
        if matches!(kind, Some(Upstream::GpuLaunch)) {
            // The kernel body runs on the device: a unit of its own.
            for region in op.regions() {
                self.region(region, buffers);
            }
            self.edge(from, exit);
            return exit;
        }
        let regions: Vec<_> = op.regions().map(|r| self.region(r, buffers)).collect();
        match kind {
            Some(Upstream::ScfWhile) if regions.len() == 2 => {
                // before -> (condition) -> after -> before ..., or exit.
                let (before, conditions) = &regions[0];
                let (after, yields) = &regions[1];
                if let Some(before) = before {
                    self.edge(from, *before);
                    for &y in yields {
                        self.edge(y, *before);
                    }
                } else {
                    self.edge(from, exit);
                }
                for &c in conditions {
                    self.edge(c, exit);
                    if let Some(after) = after {
                        self.edge(c, *after);
                    }
                }
                if after.is_none() {
                    for &c in conditions {
                        if let Some(before) = regions[0].0 {
                            self.edge(c, before);
                        }
                    }
                }
            }
            Some(Upstream::ScfIf) => {
                for (entry, leaving) in &regions {
                    match entry {
                        Some(entry) => self.edge(from, *entry),
                        None => self.edge(from, exit),
                    }
                    for &l in leaving {
                        self.edge(l, exit);
                    }
                }
                if regions.len() < 2 {
                    self.edge(from, exit);
                }
            }
            _ => {
                // A loop, or a region op this analysis does not know: its
                // regions may run in any order, any number of times
                // (none included, unless a for loop surely runs).
                let runs = matches!(kind, Some(Upstream::ScfFor)) && ir::static_trip_count(op).is_some_and(|t| t > 0);
                let runs = runs || matches!(kind, Some(Upstream::ScfExecuteRegion));
                if !runs {
                    self.edge(from, exit);
                }
                let repeats = !matches!(kind, Some(Upstream::ScfExecuteRegion));
                let entries: Vec<usize> = regions.iter().filter_map(|r| r.0).collect();
                for &entry in &entries {
                    self.edge(from, entry);
                }
                for (_, leaving) in &regions {
                    for &l in leaving {
                        self.edge(l, exit);
                        if repeats {
                            for &entry in &entries {
                                self.edge(l, entry);
                            }
                        }
                    }
                }
            }
        }
        exit
    }

    /// The barriers of the function, in program order.
    pub fn barriers(&self) -> Vec<OperationRef<'c, 'a>> {
        let mut nodes: Vec<&usize> = self.barriers.keys().collect();
        nodes.sort();
        nodes.into_iter().map(|n| self.barriers[n]).collect()
    }

    /// Takes `barrier` out of the graph: paths pass through it.
    pub fn remove(&mut self, barrier: OperationRef) {
        if let Some(&node) = self.node_of.get(&OpKey::of(barrier)) {
            self.removed.insert(node);
        }
    }

    fn stops(&self, node: usize) -> bool {
        self.barriers.contains_key(&node) && !self.removed.contains(&node)
    }

    /// The nodes reached from `start`'s neighbours (`next`) without passing
    /// a barrier (`through_barriers`: passing them too).
    fn reach(&self, start: usize, forward: bool, through_barriers: bool) -> Vec<usize> {
        let next = |n: usize| if forward { &self.successors[n] } else { &self.predecessors[n] };
        let mut seen = vec![false; self.successors.len()];
        let mut stack: Vec<usize> = next(start).clone();
        let mut found = Vec::new();
        while let Some(n) = stack.pop() {
            if std::mem::replace(&mut seen[n], true) {
                continue;
            }
            found.push(n);
            if !through_barriers && self.stops(n) {
                continue;
            }
            stack.extend(next(n).iter().copied());
        }
        found
    }

    /// The accesses that may run before `barrier` in one thread while
    /// another thread runs what follows it: those with a barrier-free path
    /// to it; asynchronous ones on a counted queue with a path to it on
    /// which no barrier follows a drain of their queue; other asynchronous
    /// ones with any path.
    pub fn before(&self, barrier: OperationRef) -> Vec<&Access<'c, 'a>> {
        let Some(&node) = self.node_of.get(&OpKey::of(barrier)) else { return Vec::new() };
        let barrier_free: HashSet<usize> = self.reach(node, false, false).into_iter().collect();
        let mut undrained: HashMap<Queue, HashSet<usize>> = HashMap::new();
        let mut found = Vec::new();
        // Every node with a path to the barrier (barrier-free ones among them).
        for n in self.reach(node, false, true) {
            for access in &self.accesses[n] {
                let before = match access.until {
                    Until::Op => barrier_free.contains(&n),
                    Until::Unknown => true,
                    Until::Drained(queue) => {
                        undrained.entry(queue).or_insert_with(|| self.undrained_reach(node, queue)).contains(&n)
                    }
                };
                if before {
                    found.push(access);
                }
            }
        }
        found
    }

    /// The nodes from which `barrier`'s node can be reached on a path where
    /// no barrier follows a drain of `queue` (walking back from it: once a
    /// barrier is passed, a drain ends the walk; a drain of a bulk queue
    /// ends it at once).
    fn undrained_reach(&self, start: usize, queue: Queue) -> HashSet<usize> {
        let mut seen = HashSet::new();
        let mut stack: Vec<(usize, bool)> = self.predecessors[start].iter().map(|&p| (p, false)).collect();
        let mut found = HashSet::new();
        while let Some((n, passed_barrier)) = stack.pop() {
            if !seen.insert((n, passed_barrier)) {
                continue;
            }
            if (passed_barrier || self.bulk.contains(queue)) && self.drains.get(&n) == Some(&queue) {
                continue; // drained, then a barrier (or every thread's groups drained): ordered on this path
            }
            found.insert(n);
            let passed_barrier = passed_barrier || self.stops(n);
            stack.extend(self.predecessors[n].iter().map(|&p| (p, passed_barrier)));
        }
        found
    }

    /// The accesses with a barrier-free path from `barrier`.
    pub fn after(&self, barrier: OperationRef) -> Vec<&Access<'c, 'a>> {
        let Some(&node) = self.node_of.get(&OpKey::of(barrier)) else { return Vec::new() };
        self.reach(node, true, false).into_iter().flat_map(|n| &self.accesses[n]).collect()
    }

    /// A conflicting pair of accesses of different threads that `barrier`
    /// orders (None: taking it out, with the barriers removed so far, lets
    /// no two such accesses meet).
    pub fn needed(&self, barrier: OperationRef) -> Option<Ordered<'c, 'a>> {
        let before = self.before(barrier);
        let after = self.after(barrier);
        for b in &after {
            for a in &before {
                if self.conflict(a, b) {
                    return Some(Ordered { before: (*a).clone(), after: (*b).clone() });
                }
            }
        }
        None
    }

    /// Whether two threads doing `a` and `b` may touch one element, one of
    /// them writing.
    fn conflict(&self, a: &Access, b: &Access) -> bool {
        if !a.write && !b.write {
            return false;
        }
        let (Some(x), Some(y)) = (a.buffer, b.buffer) else { return true };
        if !x.may_alias(y) {
            return false;
        }
        if x != y || matches!(x, Buffer::Unknown) {
            return true;
        }
        match (&a.footprint, &b.footprint) {
            (Some(p), Some(q)) => !thread_scope::disjoint_across_threads(p, q, &self.shape),
            _ => true,
        }
    }
}

/// What the buffers of one function are, as met.
#[derive(Default)]
struct Buffers {
    globals: HashMap<String, u64>,
}

impl Buffers {
    fn of(&mut self, root: Value) -> Buffer {
        if let Some(op) = ir::defining_op(root) {
            return match Upstream::of(op) {
                Some(Upstream::MemrefAlloc | Upstream::MemrefAlloca) => fresh(root),
                Some(Upstream::MemrefGetGlobal) => {
                    let name = ir::flat_symbol(op, attr::GLOBAL_NAME).unwrap_or_default();
                    let next = self.globals.len() as u64;
                    Buffer::Global(*self.globals.entry(name).or_insert(next))
                }
                _ => Buffer::Unknown,
            };
        }
        // A block argument: the function's own (its inputs, or a gpu.func's
        // workgroup and private attributions, which are fresh), or a
        // loop's or block's (any buffer that flows there).
        let Some(block) = ir::argument_owner(root) else { return Buffer::Unknown };
        let Some(owner) = block.parent_operation() else { return Buffer::Unknown };
        let is_entry = owner.region_at(0).and_then(|r| r.first_block()) == Some(block);
        if !ir::is_function(owner) || !is_entry {
            return Buffer::Unknown;
        }
        let index = (0..block.argument_count()).position(|i| block.argument_at(i).is_some_and(|a| Value::from(a) == root));
        match index {
            Some(i) if i < ir::function_input_count(owner) => {
                Buffer::Argument(ValueKey::of(root), ir::argument_has_attr(owner, i, upstream::NOALIAS))
            }
            Some(_) => fresh(root),
            None => Buffer::Unknown,
        }
    }
}

/// An allocation made in the function: [`Buffer::Private`] or
/// [`Buffer::Fresh`].
fn fresh(root: Value) -> Buffer {
    if ir::memory_space(root.r#type()) != MemorySpace::Workgroup && !escapes(root) {
        Buffer::Private
    } else {
        Buffer::Fresh(ValueKey::of(root))
    }
}

/// Whether `buffer` or a view of it is an operand of an op whose effects
/// are unknown (a call, which might hand it to another thread).
fn escapes(buffer: Value) -> bool {
    ir::users(buffer).into_iter().any(|user| {
        if effects::is_view(user) {
            return user.results().any(|r| escapes(r.into()));
        }
        ir::memory_effects(user).is_none()
    })
}

/// The accesses `op` (an op without regions) makes.
fn accesses_of<'c, 'a>(op: OperationRef<'c, 'a>, buffers: &mut Buffers) -> Vec<Access<'c, 'a>> {
    if sync_state::orders_only(op) {
        return Vec::new(); // commits and waits declare "any memory" only to stay in place
    }
    if let Some(groups) = async_effects::async_effect_groups(op) {
        // Asynchronous work: what the queue model tracks per thread is its
        // business; the rest spans barriers.
        let mut found = Vec::new();
        for group in groups {
            let counted = group.counted_queue();
            let until = counted.and_then(|name| queue_of(op, name)).map_or(Until::Unknown, Until::Drained);
            let counted = counted.is_some();
            for effect in group.accesses {
                if !effect.value.r#type().is_mem_ref() {
                    continue; // accumulator registers
                }
                if counted && ir::memory_space(effect.value.r#type()) == MemorySpace::Workgroup {
                    continue;
                }
                let root = effects::root_value(effect.value);
                found.push(Access { op, write: effect.write, buffer: Some(buffers.of(root)), footprint: None, until });
            }
        }
        return found;
    }
    let Some(list) = ir::memory_effects(op) else {
        return vec![
            Access { op, write: true, buffer: None, footprint: None, until: Until::Op },
            Access { op, write: false, buffer: None, footprint: None, until: Until::Op },
        ];
    };
    let mut found = Vec::new();
    for (kind, value) in list {
        let write = match kind {
            MemoryEffect::Read => false,
            MemoryEffect::Write | MemoryEffect::Free => true,
            MemoryEffect::Allocate => continue,
        };
        let Some(value) = value else {
            found.push(Access { op, write, buffer: None, footprint: None, until: Until::Op });
            continue;
        };
        if !value.r#type().is_mem_ref() {
            continue;
        }
        let root = effects::root_value(value);
        let footprint = (root == value).then(|| footprint(op, value)).flatten();
        found.push(Access { op, write, buffer: Some(buffers.of(root)), footprint, until: Until::Op });
    }
    found
}

/// The queue `op`'s work on `name` goes to (an enclosing commit's for
/// [`QueueName::Enclosing`]).
fn queue_of(op: OperationRef, name: QueueName) -> Option<Queue> {
    match name {
        QueueName::Logical(q) => Some(Queue::Logical(q)),
        QueueName::Target => Some(Queue::CpAsync),
        QueueName::Enclosing => ir::ancestors(op).find_map(|p| match sync_state::effect(p) {
            QueueEffect::Commit(queue) => Some(queue),
            _ => None,
        }),
    }
}

/// The elements of `value` one thread's `op` touches, per dimension, when
/// its indices are constants plus multiples of thread ids.
fn footprint(op: OperationRef, value: Value) -> Option<Vec<Span>> {
    if upstream::is_warp_collective_access(op) {
        return None; // a lane touches the other lanes' indices
    }
    let (indices, extents) = effects::element_access(op, value)?;
    indices
        .iter()
        .zip(extents)
        .map(|(index, extent)| {
            let form = thread_scope::thread_form(*index, &|v| ir::constant_int(v))?;
            Some(Span { start: Some(form.constant), threads: form.threads, extent: Some(extent) })
        })
        .collect()
}
