//! The block model's runner around a lowered kernel: values kept across
//! barriers in per-thread slots (the runner re-enters a thread after each
//! yield), the driver that runs the block's threads in rounds, and the
//! runtime functions it declares.

use super::*;

/// A value a thread keeps across barriers, in the slots: value by value,
/// thread t's copy at byte `base + t * size`.
pub(super) struct Slot<'c> {
    base: i64,
    size: i64,
    ty: Type<'c>,
}

/// Makes every value used in another block than its own reach its uses from
/// any entry of the runner: recomputed there (constants, pure ops on
/// memrefs) or stored in the thread's slot where it is defined and loaded
/// where it is used. Returns the slot bytes a block needs.
pub(super) fn keep_across_barriers<'c, 'a>(
    runner: OperationRef<'c, 'a>,
    blocks: &[BlockRef<'c, 'a>],
    slots: Value<'c, 'a>,
    tid: Value<'c, 'a>,
    threads: i64,
) -> Result<i64, PassFailed> {
    let mut keeper = Keeper { runner, slots, tid, threads, kept: HashMap::new(), bytes: 0, failed: false };
    // The values first, so that the loads and recomputations added below are
    // not visited again.
    let mut values: Vec<Value<'c, 'a>> = Vec::new();
    for block in blocks {
        values.extend((0..block.argument_count()).map(|k| Value::from(block.argument(k).unwrap())));
        for op in ir::ops(*block) {
            values.extend((0..op.result_count()).map(|k| Value::from(op.result(k).unwrap())));
        }
    }
    for value in values {
        let Some((home, _)) = keeper.home(value) else { continue };
        for (user, operand) in ir::uses(value) {
            let Some(anchor) = keeper.top(user) else { continue };
            if anchor.block() == Some(home) {
                continue;
            }
            if let Some(replacement) = keeper.reach(value, anchor) {
                rewrite::set_operand(user, operand, replacement);
            }
        }
    }
    if keeper.failed { Err(PassFailed) } else { Ok(keeper.bytes) }
}

pub(super) struct Keeper<'c, 'a> {
    runner: OperationRef<'c, 'a>,
    slots: Value<'c, 'a>,
    tid: Value<'c, 'a>,
    threads: i64,
    kept: HashMap<ValueKey, Slot<'c>>,
    bytes: i64,
    failed: bool,
}

impl<'c, 'a> Keeper<'c, 'a> {
    /// The op of the runner's body (top level) that `op` is or is nested in.
    pub(super) fn top(&self, op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
        std::iter::once(op).chain(ir::ancestors(op)).find(|a| a.parent_operation() == Some(self.runner))
    }

    /// The top-level block that defines `value` and the point right after
    /// the definition; None for the runner's arguments (available
    /// everywhere) and values defined inside regions (used only there).
    pub(super) fn home(&self, value: Value<'c, 'a>) -> Option<(BlockRef<'c, 'a>, Point<'c, 'a>)> {
        if let Some(op) = ir::defining_op(value) {
            let block = op.block()?;
            if op.parent_operation() != Some(self.runner) {
                return None;
            }
            return Some((block, op.next_in_block().map(Point::Before).unwrap_or(Point::End(block))));
        }
        let block = ir::argument_owner(value)?;
        let is_entry = ir::region_entry(self.runner, 0) == Some(block);
        if is_entry || block.parent_operation() != Some(self.runner) {
            return None;
        }
        Some((block, Point::Before(block.first_operation()?)))
    }

    /// `value` made available before `anchor`, a top-level op of another
    /// block than the value's.
    pub(super) fn reach(&mut self, value: Value<'c, 'a>, anchor: OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
        let (home, after) = self.home(value)?;
        let definer = ir::defining_op(value).filter(|op| op.region_count() == 0);
        let recompute = definer.filter(|op| {
            let pure = ir::memory_effects(*op).is_some_and(|e| e.is_empty());
            pure && (op.operand_count() == 0 || !storable(value.r#type()))
        });
        if let Some(op) = recompute {
            let copy = anchor.block().unwrap().insert_operation_before(anchor, rewrite::clone(op));
            // Its operands may come from other blocks too.
            for k in 0..copy.operand_count() {
                let operand = copy.operand(k).unwrap();
                if self.home(operand).is_some_and(|(b, _)| Some(b) != anchor.block()) {
                    if let Some(replacement) = self.reach(operand, copy) {
                        rewrite::set_operand(copy, k, replacement);
                    }
                }
            }
            let index = (0..op.result_count()).find(|k| Value::from(op.result(*k).unwrap()) == value).unwrap_or(0);
            return Some(copy.result(index).unwrap().into());
        }
        let ty = value.r#type();
        let Some(size) = scalar_bytes(ty) else {
            let location = definer.map(|op| op.location()).unwrap_or_else(|| anchor.location());
            diag::error(
                location,
                &format!(
                    "asyncpipe-lower-block cannot keep this {ty} across a barrier: only integers, floats, indices \
                     and memrefs computed by pure ops are kept"
                ),
            );
            self.failed = true;
            return None;
        };
        let key = ValueKey::of(value);
        if !self.kept.contains_key(&key) {
            let base = self.bytes;
            // (At most 16 bytes a value and MAX_THREADS threads: no
            // overflow short of 2^50 values.)
            self.bytes = self.bytes.saturating_add(round_up(size.saturating_mul(self.threads), SLOT_ALIGN).unwrap_or(i64::MAX));
            let slot = Slot { base, size, ty };
            let location = definer.map(|op| op.location()).unwrap_or_else(|| home.parent_operation().unwrap().location());
            let view = self.slot(&slot, after, location);
            Builder::new(ty.context(), location).op(Upstream::MemrefStore, &[value, view], &[], &[], after);
            self.kept.insert(key, slot);
        }
        let view = self.slot(&self.kept[&key], Point::Before(anchor), anchor.location());
        Some(Builder::new(ty.context(), anchor.location()).value(Upstream::MemrefLoad, &[view], ty, &[], Point::Before(anchor)))
    }

    /// The thread's slot of a kept value, as a 0-d memref, at `at`.
    pub(super) fn slot(&self, slot: &Slot<'c>, at: Point<'c, 'a>, location: Location<'c>) -> Value<'c, 'a> {
        let b = Builder::new(self.tid.r#type().context(), location);
        let width = b.index_constant(slot.size, at);
        let shift = b.binary(Upstream::ArithMuli, self.tid, width, at);
        let base = b.index_constant(slot.base, at);
        let shift = b.binary(Upstream::ArithAddi, shift, base, at);
        b.value(Upstream::MemrefView, &[self.slots, shift], b.scalar_memref(slot.ty), &[], at)
    }
}

pub(super) fn storable(ty: Type) -> bool {
    scalar_bytes(ty).is_some()
}

/// The bytes of a slot for an index, integer or float; None for other types.
pub(super) fn scalar_bytes(ty: Type) -> Option<i64> {
    if ty.is_index() {
        return Some(8);
    }
    ir::scalar_bits(ty).map(|bits| (i64::from(bits) + 7) / 8)
}

/// The driver `@K(args, bid)`: allocates the block's memory and runs rounds
/// until every thread has returned 0:
///
/// ```text
/// entry:   buffers (poisoned), private memory, slots; begin(n); br round
/// round:   round(n)  (a new phase's order when every thread was at a barrier)
///          for k in 0..n: t = thread(k)
///            if runnable(t): stopped(t, K.thread(..., t, resume(t)), barriers)
///          cond_br round_end(n) != 0, round, done
/// done:    end; free; return
/// ```
///
/// A phase (from barrier to barrier) takes one round, or more when threads
/// stop at mbarrier waits: those run again in the next round. The runtime
/// checks that every thread stops at the same barrier and that a round
/// with waiting threads made progress.
pub(super) fn insert_driver<'c, 'a>(kernel: OperationRef<'c, 'a>, info: &Kernel<'c, 'a>, slot_bytes: i64, barriers: usize) {
    let module = kernel.parent_operation().expect("a gpu.module");
    let b = Builder::new(kernel.context(), kernel.location());
    let index = b.index_type();
    let mut inputs = info.arguments.clone();
    inputs.push(index);
    let driver = b.function(&info.name, &inputs, &[], false, Point::Before(module));
    let region = driver.region(0).expect("a function body");
    let arguments: Vec<(Type, Location)> = inputs.iter().map(|t| (*t, b.location)).collect();
    let entry = region.append_block(Block::new(&arguments));
    let round = region.append_block(Block::new(&[]));
    let done = region.append_block(Block::new(&[]));

    let at = Point::End(entry);
    let zero = b.index_constant(0, at);
    let one = b.index_constant(1, at);
    let threads = b.index_constant(info.threads, at);
    let alignment = b.int_attr(64, SLOT_ALIGN);
    let mut operands: Vec<Value> = (0..inputs.len()).map(|k| entry.argument(k).unwrap().into()).collect();
    let mut allocations = Vec::new();
    let one_size = b.segments(&[1, 0]);
    // The workgroup buffers: views of one window (see WINDOW), allocated in
    // the default memory space (the lowering cannot free address space 3),
    // then cast.
    let (offsets, window_bytes) = window_layout(&info.shared);
    let size = b.index_constant(window_bytes.max(1), at);
    let window_alignment = b.int_attr(64, WINDOW);
    let window = b.value(Upstream::MemrefAlloc, &[size], b.byte_buffer(), &[(attr::ALIGNMENT, window_alignment), (attr::OPERAND_SEGMENT_SIZES, one_size)], at);
    let window_base = b.value(Upstream::MemrefExtractAlignedPointerAsIndex, &[window], index, &[], at);
    b.call(POISON, &[window_base, size], &[], at);
    allocations.push(window);
    for (shared, offset) in info.shared.iter().zip(offsets) {
        let host = ir::with_integer_memory_space(shared.ty, None);
        let shift = b.index_constant(offset, at);
        let buffer = b.value(Upstream::MemrefView, &[window, shift], host, &[], at);
        let cast = b.value(Upstream::MemrefMemorySpaceCast, &[buffer], shared.ty, &[], at);
        operands.push(cast);
    }
    for bytes in [info.private_bytes * info.threads, slot_bytes] {
        let size = b.index_constant(bytes, at);
        let buffer = b.value(Upstream::MemrefAlloc, &[size], b.byte_buffer(), &[(attr::ALIGNMENT, alignment), (attr::OPERAND_SEGMENT_SIZES, one_size)], at);
        allocations.push(buffer);
        operands.push(buffer);
    }
    let barrier_count = b.index_constant(barriers as i64, at);
    b.call(BLOCK_BEGIN, &[threads], &[], at);
    b.call(WGMMA_BEGIN, &[window_base, threads], &[], at);
    b.branch(round, &[], at);

    let at = Point::End(round);
    let name = runner_name(info);
    let results = [index];
    let not_zero = |value: Value<'c, 'a>, at: Point<'c, 'a>| -> Value<'c, 'a> {
        let predicate = b.int_attr(64, ir::upstream::cmpi::NE);
        b.value(Upstream::ArithCmpi, &[value, zero], b.i1_type(), &[(attr::PREDICATE, predicate)], at)
    };
    b.call(ROUND, &[threads], &[], at);
    let (k, body) = b.for_loop(zero, threads, one, at);
    let tid: Value = b.call(THREAD, &[k], &results, body).result(0).unwrap().into();
    let runnable = b.call(RUNNABLE, &[tid], &results, body).result(0).unwrap().into();
    let run = b.if_then(not_zero(runnable, body), body);
    let resume = b.call(RESUME, &[tid], &results, run).result(0).unwrap().into();
    let mut arguments = operands.clone();
    arguments.extend([tid, resume]);
    let stopped = b.call(&name, &arguments, &results, run).result(0).unwrap().into();
    b.call(STOPPED, &[tid, stopped, barrier_count], &[], run);
    let more = b.call(ROUND_END, &[threads], &results, at).result(0).unwrap().into();
    b.cond_branch(not_zero(more, at), (round, &[]), (done, &[]), at);

    let at = Point::End(done);
    b.call(BLOCK_END, &[], &[], at);
    for buffer in allocations {
        b.op(Upstream::MemrefDealloc, &[buffer], &[], &[], at);
    }
    b.op(Upstream::FuncReturn, &[], &[], &[], at);

    if let Some(declaration) = info.declaration {
        ir::erase(declaration);
    }
    declare_runtime(module);
}

/// Declares the runtime functions the module does not define.
pub(super) fn declare_runtime<'c, 'a>(before: OperationRef<'c, 'a>) {
    let b = Builder::new(before.context(), before.location());
    let (index, f32_type) = (b.index_type(), Type::float32(b.ctx()));
    let mut functions: Vec<(&str, Vec<Type>, Vec<Type>)> =
        RUNTIME.iter().map(|(name, inputs, results)| (*name, vec![index; *inputs], vec![index; *results])).collect();
    for (name, inputs, float_argument, float_result) in FLOAT_RUNTIME {
        let mut arguments = vec![index; *inputs];
        if *float_argument {
            arguments.push(f32_type);
        }
        functions.push((*name, arguments, if *float_result { vec![f32_type] } else { Vec::new() }));
    }
    b.declare_missing(before, &functions);
}
