//! What the hazard model gathers once per function and per loop before it
//! runs: the queues and their caps, the buffers memrefs alias (through
//! views, block arguments, region results and calls), the async accesses
//! and carried groups of each loop, and packed views into one allocation.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::*;

impl FunctionFacts {
    pub(super) fn of(function: OperationRef, bulk: &BulkQueues) -> Self {
        let ops = ir::nested_ops(function);
        let aliases = aliases(function, &ops);
        let mut caps: HashMap<Queue, i64> = HashMap::new();
        let bases = |root: Root| aliases.get(&root).cloned().unwrap_or_else(|| vec![root]);
        let mut written = Some(Vec::new());
        let mut async_reads = Vec::new();
        let mut async_writes = Vec::new();
        let mut token_form = false;
        // Workgroup memory that plain ops access: at block scope their
        // reads and writes meet the other threads' ([`plain_shared`]).
        let mut plain_workgroup = Vec::new();
        let mut counting = HashSet::new();
        for &op in &ops {
            if async_effects::issues_queued_work(op) && op.result_count() == 0 {
                counting.insert(OpKey::of(op));
            }
            token_form |= sync_state::is_token_form(op) || is_nvgpu_token_wait(op);
            if let QueueEffect::Wait { queue, count } = sync_state::effect(op) {
                let cap = count.map_or(i64::MAX, |c| c.saturating_add(1));
                let entry = caps.entry(queue).or_insert(1);
                *entry = (*entry).max(cap);
            }
            for (_, value, kind) in async_accesses(op) {
                match kind {
                    Kind::Read => async_reads.extend(bases(effects::root(value))),
                    Kind::Write => async_writes.extend(bases(effects::root(value))),
                }
            }
            // Ops with regions: their nested ops are visited themselves.
            if op.region_count() > 0 || effects::is_view(op) || sync_state::orders_only(op) {
                continue;
            }
            if plain_shared(op) {
                let workgroup = op.operands().filter(|v| v.r#type().is_mem_ref() && is_workgroup(*v));
                plain_workgroup.extend(workgroup.flat_map(|v| bases(effects::root(v))));
            }
            if let Some(roots) = written.as_mut() {
                match effects::access(op).writes {
                    Some(writes) => roots.extend(writes.into_iter().flat_map(bases)),
                    None => written = None,
                }
            }
        }
        let block_scope = thread_scope::is_block_scope(function, &ops);
        if !block_scope {
            plain_workgroup.clear();
        }
        let tracked = written.as_ref().map(|written: &Vec<Root>| {
            let reads = async_reads.into_iter().filter(|root| written.contains(root));
            let mut tracked: Vec<Root> = async_writes.into_iter().chain(reads).chain(plain_workgroup).collect();
            tracked.sort();
            tracked.dedup();
            tracked
        });
        if let Some(roots) = written.as_mut() {
            roots.sort();
            roots.dedup();
        }
        let shape = BlockShape::of(function);
        let varying = if block_scope { thread_scope::thread_dependent(&ops) } else { HashSet::new() };
        let bulk = if block_scope { bulk.in_function(&ops, &varying) } else { BulkQueues::default() };
        let linear = ops
            .iter()
            .filter(|op| {
                matches!(Upstream::of(**op), Some(Upstream::MemrefCollapseShape | Upstream::MemrefExpandShape))
                    || (Upstream::MemrefReinterpretCast.is(**op) && Packed::reinterpreted(**op).is_some())
            })
            .filter_map(|op| {
                let mut source = op.operand_at(0)?;
                while let Some(def) = ir::defining_op(source).filter(|d| {
                    matches!(Upstream::of(*d), Some(Upstream::MemrefCast | Upstream::MemrefMemorySpaceCast | Upstream::MemrefCollapseShape | Upstream::MemrefExpandShape))
                }) {
                    source = def.operand_at(0)?;
                }
                Some(effects::Root::of(source))
            })
            .collect();
        let opaque_calls = if ops.iter().any(|op| async_effects::work_queue(*op).is_some()) {
            ops.iter()
                .filter(|op| matches!(Upstream::of(**op), Some(Upstream::FuncCall | Upstream::FuncCallIndirect | Upstream::LlvmCall | Upstream::LlvmInlineAsm)))
                .filter(|op| !touches_only_operands(**op))
                .map(|op| OpKey::of(*op))
                .collect()
        } else {
            HashSet::new()
        };
        let thread_values = if block_scope {
            // (The count first: melior's out-of-range `result` prints the whole
            // op into its error, regions and all.)
            ops.iter()
                .filter(|op| op.result_count() > 0)
                .filter_map(|op| Some((ValueKey::of(op.result_at(0)?), upstream::thread_position(*op)?)))
                .collect()
        } else {
            Vec::new()
        };
        FunctionFacts { written, tracked, token_form, linear, aliases, caps, block_scope, shape, varying, counting, bulk, opaque_calls, thread_values }
    }

    /// [`Self::caps`] of `queue` (1 for a queue no wait names).
    pub(super) fn cap(&self, queue: Queue) -> i64 {
        self.caps.get(&queue).copied().unwrap_or(1)
    }

    /// The buffers an access to `root` may touch.
    pub(super) fn bases(&self, root: Root) -> Vec<Root> {
        self.aliases.get(&root).cloned().unwrap_or_else(|| vec![root])
    }
}

/// [`FunctionFacts::aliases`]: for each loop-carried memref and memref
/// result of an `scf` op in `function`, the roots of the buffers it may be.
pub(super) fn aliases<'c, 'a>(function: OperationRef<'c, 'a>, ops: &[OperationRef<'c, 'a>]) -> HashMap<Root, Vec<Root>> {
    pub(super) fn yielded<'c, 'a>(block: Option<BlockRef<'c, 'a>>, i: usize) -> Option<Value<'c, 'a>> {
        block.and_then(ir::terminator).and_then(|t| t.operand_at(i))
    }
    // Each ambiguous memref, and the values that flow into it.
    let mut sources: HashMap<Root, Vec<Root>> = HashMap::new();
    let mut anything: Vec<Root> = Vec::new();
    let mut flow = |to: Value, from: Option<Value>| {
        if to.r#type().is_mem_ref() {
            let entry = sources.entry(ValueKey::of(to)).or_default();
            entry.extend(from.map(effects::root));
        }
    };
    for &op in ops {
        match Upstream::of(op) {
            Some(Upstream::ScfFor) => {
                let body = ir::region_entry(op, 0);
                for (i, result) in op.results().enumerate() {
                    let (init, next) = (op.operand_at(3 + i), yielded(body, i));
                    for to in [Some(Value::from(result)), body.and_then(|b| b.argument_at(i + 1)).map(Value::from)].into_iter().flatten() {
                        flow(to, init);
                        flow(to, next);
                    }
                }
            }
            Some(Upstream::ScfIf | Upstream::ScfExecuteRegion) => {
                for (i, result) in op.results().enumerate() {
                    for block in ir::blocks(op) {
                        flow(result.into(), yielded(Some(block), i));
                    }
                }
            }
            Some(Upstream::ScfWhile) => {
                // Before-region arguments: the inits and the after region's
                // yields; after-region arguments and results: what the
                // condition forwards (its operands after the first).
                let (before, after) = (ir::region_entry(op, 0), ir::region_entry(op, 1));
                let forwarded = |i: usize| before.and_then(ir::terminator).and_then(|t| t.operand_at(i + 1));
                for block in before.iter() {
                    for i in 0..block.argument_count() {
                        let argument: Value = block.argument(i).unwrap().into();
                        flow(argument, op.operand_at(i));
                        flow(argument, yielded(after, i));
                    }
                }
                for (i, result) in op.results().enumerate() {
                    flow(result.into(), forwarded(i));
                    if let Some(argument) = after.and_then(|b| b.argument_at(i)) {
                        flow(argument.into(), forwarded(i));
                    }
                }
            }
            Some(Upstream::MemrefAlloc | Upstream::MemrefAlloca) => {}
            _ if effects::is_view(op) => {}
            _ => {
                // Any other op that returns a memref: the yields of its
                // regions (scf.index_switch), its memref operands
                // (arith.select, a cast), or, with neither, any buffer
                // (memref.get_global, a call).
                for (i, result) in op.results().enumerate().filter(|(_, r)| r.r#type().is_mem_ref()) {
                    let result: Value = result.into();
                    if op.region_count() > 0 {
                        for block in ir::blocks(op) {
                            flow(result, yielded(Some(block), i));
                        }
                    } else if op.operands().any(|v| v.r#type().is_mem_ref()) {
                        for operand in op.operands().filter(|v| v.r#type().is_mem_ref()) {
                            flow(result, Some(operand));
                        }
                    } else {
                        anything.push(ValueKey::of(result));
                    }
                }
            }
        }
    }
    // A memref from nowhere may be any buffer of the function.
    if !anything.is_empty() {
        let mut every: Vec<Root> = Vec::new();
        for op in std::iter::once(function).chain(ops.iter().copied()) {
            for block in ir::blocks(op) {
                every.extend(block_memrefs(block).map(effects::root));
            }
            every.extend(op.results().filter(|r| r.r#type().is_mem_ref()).map(|r| effects::root(r.into())));
        }
        every.sort();
        every.dedup();
        for key in anything {
            sources.insert(key, every.iter().copied().filter(|r| *r != key).collect());
        }
    }
    // Close over chains (a loop's memref carried into an inner loop).
    let mut aliases = HashMap::new();
    for &root in sources.keys() {
        let (mut found, mut stack, mut seen) = (Vec::new(), vec![root], BTreeSet::new());
        while let Some(next) = stack.pop() {
            if !seen.insert(next) {
                continue;
            }
            match sources.get(&next) {
                Some(from) => stack.extend(from.iter().copied()),
                None => found.push(next),
            }
        }
        found.sort();
        found.dedup();
        aliases.insert(root, found);
    }
    aliases
}

impl<'c, 'a> LoopFacts<'c, 'a> {
    pub(super) fn of(op: OperationRef<'c, 'a>, function: &FunctionFacts) -> Self {
        let tracked = |value: Value| {
            let bases = function.bases(effects::root(value));
            function.tracked.as_ref().is_none_or(|roots| bases.iter().any(|b| roots.contains(b)))
        };
        let mut seen = BTreeSet::new();
        let mut facts = LoopFacts { live_ins: Vec::new(), uses: Vec::new(), inner_groups: Vec::new(), waited: BTreeSet::new() };
        if function.token_form {
            for block in ir::blocks(op) {
                facts.inner_groups.extend(block_group_arguments(block));
            }
        }
        for user in std::iter::once(op).chain(ir::nested_ops(op)) {
            for operand in user.operands() {
                let ty = operand.r#type();
                let used = ty.is_mem_ref() || ty.is_index() || ty.is_integer();
                if used && !ir::is_defined_inside(operand, op) && seen.insert(ValueKey::of(operand)) {
                    facts.live_ins.push(operand);
                }
            }
            if user == op {
                continue;
            }
            if let QueueEffect::Wait { queue, .. } = sync_state::effect(user) {
                facts.waited.insert(queue);
            }
            if function.token_form {
                let results = user.results().filter(|r| is_group_like(r.r#type())).map(ValueKey::of);
                facts.inner_groups.extend(results);
                for block in ir::blocks(user) {
                    facts.inner_groups.extend(block_group_arguments(block));
                }
            }
            match Upstream::of(user) {
                Some(Upstream::ScfIf) => facts.uses.extend(user.operand_at(0)),
                Some(Upstream::ScfFor) => facts.uses.extend(user.operands().take(3)),
                _ if WaitQueueOp::is(user) => facts.uses.extend(WaitQueueOp::cast(user).and_then(WaitQueueOp::dynamic_count)),
                Some(Upstream::MemrefSubview) if user.operand_at(0).is_some_and(tracked) => facts.uses.extend(user.operands().skip(1)),
                _ => {
                    for operand in user.operands().filter(|v| v.r#type().is_mem_ref() && tracked(*v)) {
                        if let Some((indices, _)) = effects::element_access(user, operand) {
                            facts.uses.extend(indices);
                        }
                    }
                }
            }
        }
        facts
    }
}

/// The buffers async op `op` accesses until it completes: the op that
/// accesses each (itself, or an op in an `async_scope`), the memref, and
/// whether it reads or writes it, as `AsyncEffectOpInterface` reports them
/// (`ir::async_effects`). Only the groups this analysis models: counted
/// queues (asyncpipe's, nvgpu's cp.async) and asyncpipe tokens, issued and
/// seen by one thread; not an mbarrier's bulk copies (which
/// `asyncpipe-to-nvgpu` emits after this analysis runs), cooperative copies
/// completed by a block barrier, nor `asyncop` chains. Empty for any other
/// op.
pub(super) fn async_accesses<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, Value<'c, 'a>, Kind)> {
    let Some(groups) = async_effects::async_effect_groups(op) else { return Vec::new() };
    groups
        .into_iter()
        .filter(|group| group.counted_queue().is_some())
        .flat_map(|group| group.accesses)
        .filter(|effect| is_storage(effect.value))
        .map(|effect| (effect.accessor, effect.value, if effect.write { Kind::Write } else { Kind::Read }))
        .collect()
}

impl Packed {
    /// The `memref.view` `op`, if it is one of a 1-D `i8` buffer at a
    /// shift `bindings` knows, to a static identity-layout type.
    pub(super) fn of(op: OperationRef, bindings: &Bindings) -> Option<Self> {
        if Upstream::MemrefReinterpretCast.is(op) {
            return Self::reinterpreted(op);
        }
        if !Upstream::MemrefView.is(op) {
            return None;
        }
        let source = op.operand_at(0)?;
        let source_type = source.r#type();
        if ir::shape(source_type).len() != 1 || ir::element_bytes(source_type) != 1 || !ir::has_identity_layout(source_type) {
            return None;
        }
        let result = op.result_at(0)?.r#type();
        let shape = ir::shape(result);
        if shape.iter().any(|s| *s < 0) || !ir::has_identity_layout(result) {
            return None;
        }
        let shift = bindings.eval(op.operand_at(1)?)?;
        Some(Packed { buffer: effects::Root::of(source), shift, shape, element: ir::element_bytes(result) })
    }

    /// The `memref.reinterpret_cast` `op`, if it reinterprets a buffer of
    /// static identity layout as a row-major array of the same element type
    /// at a static offset (upstream's NVVM conversion of a shared-memory
    /// global, viewed through a 0-element memref): its source's bytes, which
    /// every access to the source is placed in too ([`FunctionFacts::linear`]).
    fn reinterpreted(op: OperationRef) -> Option<Self> {
        let source = op.operand_at(0)?.r#type();
        let result = op.result_at(0)?.r#type();
        let element = ir::element_bytes(result);
        if element <= 0 || ir::element_bytes(source) != element || !ir::has_identity_layout(source) || ir::shape(source).iter().any(|s| *s < 0) {
            return None;
        }
        let [offset] = ir::dense_i64_attr(op, attr::STATIC_OFFSETS)?[..] else { return None };
        let shape = ir::dense_i64_attr(op, attr::STATIC_SIZES)?;
        let strides = ir::dense_i64_attr(op, attr::STATIC_STRIDES)?;
        if offset < 0 || offset == i64::MIN || shape.iter().any(|s| *s < 0) || strides.len() != shape.len() {
            return None;
        }
        // Row-major: each stride the product of the sizes after it.
        let mut expected = 1i64;
        for d in (0..shape.len()).rev() {
            if strides[d] != expected {
                return None;
            }
            expected = expected.checked_mul(shape[d])?;
        }
        let buffer = effects::Root::of(op.operand_at(0)?);
        Some(Packed { buffer, shift: offset.checked_mul(element)?, shape, element })
    }

    /// The bytes of the buffer that `slice` (in the view's coordinates)
    /// touches: a dimension whose start or extent is unknown spans the
    /// whole dimension; thread terms are dropped (the range covers every
    /// thread's part).
    ///
    /// A dimension whose start has thread terms keeps them, scaled to bytes:
    /// each thread's range is the same interval moved by its terms (the
    /// constant part of the start is checked against the dimension; where a
    /// thread's part leaves it, the access is out of bounds anyway).
    pub(super) fn bytes(&self, slice: &Slice) -> Slice {
        if let Some(table) = &slice.3 {
            return self.table_bytes(slice, table).unwrap_or_else(Slice::whole);
        }
        let whole = Slice::whole();
        let range = (|| {
            let (mut low, mut high, mut stride) = (0i64, 0i64, 1i64);
            let mut threads = ThreadTerms::default();
            for d in (0..self.shape.len()).rev() {
                let size = self.shape[d];
                let (lo, hi) = match slice.0.get(d) {
                    Some((Some(start), Some(extent))) if *start >= 0 && *extent >= 1 && start.checked_add(*extent)? <= size => {
                        let bytes = stride.checked_mul(self.element)?;
                        let scaled = slice.threads(d).0.map(|c| c.checked_mul(bytes));
                        threads = threads.add(&ThreadTerms([scaled[0]?, scaled[1]?, scaled[2]?]))?;
                        (*start, start + extent - 1)
                    }
                    _ => (0, size.checked_sub(1)?),
                };
                low = low.checked_add(lo.checked_mul(stride)?)?;
                high = high.checked_add(hi.checked_mul(stride)?)?;
                stride = stride.checked_mul(size)?;
            }
            let start = self.shift.checked_add(low.checked_mul(self.element)?)?;
            let extent = (high - low + 1).checked_mul(self.element)?;
            Some(Slice(vec![(Some(start), Some(extent))], vec![Some(1)], vec![threads], None))
        })();
        range.unwrap_or(whole)
    }

    /// [`Self::bytes`] of a slice evaluated per thread: each thread's first
    /// byte, and the bytes from it to its last element (its start unknown
    /// but for the table).
    fn table_bytes(&self, slice: &Slice, table: &ThreadTable) -> Option<Slice> {
        let rank = self.shape.len();
        if table.rank != rank || slice.0.len() != rank {
            return None;
        }
        let mut strides = vec![1i64; rank];
        for d in (0..rank.saturating_sub(1)).rev() {
            strides[d] = strides[d + 1].checked_mul(self.shape[d + 1])?;
        }
        let mut span = 0i64;
        for ((_, extent), stride) in slice.0.iter().zip(&strides) {
            span = span.checked_add(extent.as_ref()?.checked_sub(1)?.checked_mul(*stride)?)?;
        }
        let extent = span.checked_add(1)?.checked_mul(self.element)?;
        let starts = (0..table.threads())
            .map(|t| {
                let low = table.start(t).iter().zip(&strides).try_fold(0i64, |sum, (i, s)| sum.checked_add(i.checked_mul(*s)?))?;
                self.shift.checked_add(low.checked_mul(self.element)?)
            })
            .collect::<Option<Vec<i64>>>()?;
        let table = ThreadTable::new(1, starts);
        Some(Slice(vec![(None, Some(extent))], vec![Some(1)], vec![ThreadTerms::default()], Some(table)))
    }

    /// A buffer addressed by bytes from its start: `root`, when its type is
    /// static with an identity layout, as the view of shape `shape` (the
    /// root's own, or a reshape of it, which keeps the row-major order).
    pub(super) fn linear(root: Root, ty: Type) -> Option<Self> {
        let shape = ir::shape(ty);
        if shape.iter().any(|s| *s < 0) || !ir::has_identity_layout(ty) || ir::element_bytes(ty) <= 0 {
            return None;
        }
        Some(Packed { buffer: root, shift: 0, shape, element: ir::element_bytes(ty) })
    }
}

/// Whether call `op` touches memory only through its operands (which the
/// model checks as accesses): a `func.call` of a function whose body names
/// no other memory, or of a declaration (a device library routine: what it
/// touches it is given; the design documents' `@compute(%tile)`). Any other
/// call, and inline assembly, may touch any memory.
pub(super) fn touches_only_operands(op: OperationRef) -> bool {
    if !Upstream::FuncCall.is(op) {
        return false;
    }
    let Some(callee) = ir::flat_symbol(op, attr::CALLEE) else { return false };
    let Some(module) = ir::enclosing_function(op).and_then(|f| f.parent_operation()) else { return false };
    let found = ir::blocks(module).into_iter().flat_map(ir::ops).find(|f| Upstream::FuncFunc.is(*f) && ir::symbol_name(*f).as_deref() == Some(callee.as_str()));
    let Some(function) = found else { return false };
    // Ops that reach memory other than the part of an operand it names: a
    // buffer by name, the dynamic shared memory, the base of a view (and a
    // reinterpretation of it), an address as an integer or a pointer, a
    // call or inline assembly of its own.
    !ir::nested_ops(function).iter().any(|inner| {
        matches!(
            Upstream::of(*inner),
            Some(
                Upstream::MemrefGetGlobal
                    | Upstream::LlvmMlirAddressof
                    | Upstream::GpuDynamicSharedMemory
                    | Upstream::MemrefExtractStridedMetadata
                    | Upstream::MemrefReinterpretCast
                    | Upstream::MemrefExtractAlignedPointerAsIndex
                    | Upstream::LlvmInttoptr
                    | Upstream::BuiltinUnrealizedConversionCast
                    | Upstream::FuncCall
                    | Upstream::FuncCallIndirect
                    | Upstream::LlvmCall
                    | Upstream::LlvmInlineAsm
            )
        )
    })
}
