//! The asynchronous units in the Hopper model, each with its rules:
//! mbarriers (initialization, arrivals, expected bytes, phases and parity
//! waits), TMA loads and stores (with their bulk groups and proxy fences),
//! the warpgroup MMA queue and its accumulators, and plain accesses to
//! workgroup memory (their bytes from [`super::memory`]).

use crate::passes::ir::positions::OpPositions;
use super::*;

/// An mbarrier's transaction count lies in [0, 2^20 - 1] (PTX ISA,
/// mbarrier.expect_tx).
pub(super) const MAX_TX_COUNT: i64 = 1 << 20;

impl<'c, 'a> Model<'c, 'a> {
    /// [`Self::eval`] through the integer casts of the NVVM level
    /// (`llvm.trunc`, `zext`, `sext`, and the unrealized casts between
    /// `index` and `i64` that the conversion leaves): what the value was
    /// before, when the cast keeps it (a truncation of a value that fits).
    pub(super) fn eval_int(&self, value: Value<'c, 'a>) -> Option<i64> {
        if let Some(v) = self.eval(value) {
            return Some(v);
        }
        let def = ir::defining_op(value)?;
        let inner = match Upstream::of(def)? {
            // index <-> i64 (the same 64 bits), or a sign extension.
            Upstream::BuiltinUnrealizedConversionCast
                if def.operand_count() == 1
                    && def.operand_at(0).and_then(|v| symbolic::integer_bits(v.r#type())) == Some(64)
                    && symbolic::integer_bits(value.r#type()) == Some(64) =>
            {
                self.eval_int(def.operand_at(0)?)?
            }
            Upstream::LlvmSext if def.operand_count() == 1 => self.eval_int(def.operand_at(0)?)?,
            Upstream::LlvmZext => {
                let source = def.operand_at(0)?;
                let v = self.eval_int(source)?;
                // An i1 or narrower unsigned view of the bits.
                match symbolic::integer_bits(source.r#type()) {
                    Some(bits) if bits < 64 => v & ((1i64 << bits) - 1),
                    _ => v,
                }
            }
            // A memref descriptor's offset (position 2), when an unrealized
            // cast made the descriptor from a memref: the offset the
            // memref's view has from the aligned pointer ([`Self::pointer`]).
            Upstream::LlvmExtractvalue if ir::dense_i64_attr(def, attr::POSITION).as_deref() == Some(&[2]) => {
                let cast = ir::defining_op(def.operand_at(0)?).filter(|c| Upstream::BuiltinUnrealizedConversionCast.is(*c))?;
                let memref = cast.operand_at(0).filter(|m| m.r#type().is_mem_ref())?;
                self.view(memref).offset?
            }
            // A view's metadata (memref.extract_strided_metadata: base,
            // offset, sizes..., strides...): its offset in elements, or a
            // static size or stride of its type.
            Upstream::MemrefExtractStridedMetadata => {
                let memref = def.operand_at(0)?;
                let view = self.view(memref);
                let rank = view.sizes.len();
                let position = (0..def.result_count()).find(|i| def.result_at(*i).is_some_and(|r| ValueKey::of(Value::from(r)) == ValueKey::of(value)))?;
                match position {
                    1 => view.offset?,
                    p if (2..2 + rank).contains(&p) => Some(view.sizes[p - 2]).filter(|s| *s >= 0)?,
                    p if (2 + rank..2 + 2 * rank).contains(&p) => Some(view.strides[p - 2 - rank]).filter(|s| *s != i64::MIN)?,
                    _ => return None,
                }
            }
            Upstream::LlvmTrunc => {
                let v = self.eval_int(def.operand_at(0)?)?;
                let bits = symbolic::integer_bits(value.r#type())?;
                let (low, high) = symbolic::signed_range(bits);
                (i128::from(v) >= low && i128::from(v) <= high).then_some(v)?
            }
            _ => return None,
        };
        Some(inner)
    }

    /// The mbarrier the pointer operand `index` of an NVVM op points to.
    pub(super) fn nvvm_mbarrier(&mut self, op: OperationRef<'c, 'a>, index: usize) -> Option<BarrierKey> {
        let at = op.operand_at(index).and_then(|p| self.pointer(p));
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
    pub(super) fn nvvm_tma_load(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
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
        let Some((buffer, first)) = op.operand_at(0).and_then(|p| self.pointer(p)) else {
            return self.report(op, "cannot prove: where this TMA load writes is not known (its destination pointer)".into(), None);
        };
        let box_bytes = op.operand_at(1).and_then(|d| {
            tensor_map_bytes(op, d).or_else(|| self.asyncpipe_box_bytes(op, d))
        });
        if box_bytes.is_none() {
            return self.report(op, "cannot prove: the TMA box's size is not known (the descriptor's nvgpu.tensormap.descriptor type is gone)".into(), None);
        }
        self.tma_load_at(op, key, buffer, Some(first), box_bytes, threads, state);
    }

    /// `nvvm.cp.async.bulk.shared.cluster.global dst, src, mbar, size`: a
    /// bulk copy of `size` contiguous bytes into the block's shared memory
    /// at `dst`, completing on the current phase of `mbar` as a TMA load
    /// does. A copy whose addresses depend on the thread (asyncpipe's bulk
    /// queues issue one per thread, each to its own row) is "cannot prove":
    /// the block runs in lockstep, and plain accesses whose bytes depend on
    /// the thread count as their whole buffer, so the rows other threads
    /// still copy would read as races (a false alarm, not a proof).
    pub(super) fn nvvm_bulk_copy(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        if ir::dense_i32_attr(op, attr::OPERAND_SEGMENT_SIZES).as_deref() != Some(&[1, 1, 1, 1, 0, 0]) {
            return self.report(op, "cannot prove: the model follows bulk copies into the block's own memory (no multicast or cache hint)".into(), None);
        }
        let Some((buffer, first)) = op.operand_at(0).and_then(|p| self.pointer(p)) else {
            return self.report(op, "cannot prove: where this bulk copy writes is not known, or it depends on the thread (a copy per thread, which the model does not follow)".into(), None);
        };
        let Some(key) = self.nvvm_mbarrier(op, 2) else { return };
        let size = op.operand_at(3).and_then(|v| self.eval_int(v));
        self.tma_load_at(op, key, buffer, Some(first), size, threads.clone(), state);
    }

    /// The mbarrier an op names: its group (operand 0) and index.
    pub(super) fn mbarrier(&mut self, op: OperationRef<'c, 'a>, index: usize) -> Option<BarrierKey> {
        let group = op.operand_at(0)?;
        let Some(id) = op.operand_at(index).and_then(|v| self.eval(v)) else {
            self.report(op, "cannot prove: the mbarrier's index is not known here".into(), None);
            return None;
        };
        Some((Buffer::Value(ValueKey::of(group)), id))
    }

    pub(super) fn init(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let Some(threads) = self.predicated(op, Some(3).filter(|_| op.operand_count() > 3), threads) else {
            return self.report(op, "cannot prove: the predicate of this initialization is not known per thread".into(), None);
        };
        if threads.is_empty() {
            return;
        }
        let Some(key) = self.mbarrier(op, 2) else { return };
        let count = op.operand_at(1).and_then(|v| self.eval(v));
        self.init_at(op, key, count, threads, state);
    }

    /// An initialization of mbarrier `key` for `count` arrivals by `threads`.
    pub(super) fn init_at(&mut self, op: OperationRef<'c, 'a>, key: BarrierKey, count: Option<i64>, threads: Threads, state: &mut State) {
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
    pub(super) fn usable(&mut self, op: OperationRef<'c, 'a>, key: &BarrierKey, threads: &Threads, state: &State) -> bool {
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
    pub(super) fn arrive(&mut self, op: OperationRef<'c, 'a>, id: usize, tx: Option<usize>, predicate: Option<usize>, threads: &Threads, state: &mut State) {
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
    pub(super) fn arrive_at(&mut self, op: OperationRef<'c, 'a>, key: BarrierKey, tx: Option<usize>, threads: Threads, state: &mut State) {
        if !self.usable(op, &key, &threads, state) {
            return;
        }
        let bytes = match tx.map(|i| op.operand_at(i).and_then(|v| self.eval_int(v))) {
            None => 0,
            Some(Some(b)) if !(0..MAX_TX_COUNT).contains(&b) => {
                return self.report(op, format!("a transaction count of {b} bytes: PTX's mbarrier counts 0 to {} (an error in the count)", MAX_TX_COUNT - 1), None);
            }
            Some(Some(b)) => b,
            Some(None) => return self.report(op, "cannot prove: the transaction byte count is not known here".into(), None),
        };
        let Some(barrier) = state.barriers.get_mut(&key) else { return };
        barrier.current.arrivals = barrier.current.arrivals.saturating_add(threads.count());
        barrier.current.expected = barrier.current.expected.saturating_add(bytes.saturating_mul(threads.count()));
        let expected = barrier.current.expected;
        self.tx_in_range(op, key.1, expected, "expected");
        let Some(barrier) = state.barriers.get_mut(&key) else { return };
        // Reads of the arriving threads are released to the phase's waiters.
        // A read is released when every reader arrives, or when an arriving
        // thread is ordered after all of it (a warpgroup MMA's reads once
        // its wait_group returned in the whole warpgroup: one elected thread
        // of the warpgroup releases the slot for all). The phase completes
        // only after every arrival, so one arrival ordered after the read
        // orders the waiters after it; when the elected threads of several
        // warpgroups arrive together, each releases its own warpgroup's reads.
        let (released, kept): (Vec<Read>, Vec<Read>) = std::mem::take(&mut state.reads)
            .into_iter()
            .partition(|r| r.threads.is_subset(&threads) || (r.ordered == r.threads && !threads.intersect(&r.ordered).is_empty()));
        state.reads = kept;
        barrier.current.released.extend(released);
        // What the arriving threads saw land, their waiters see.
        for landed in state.landed.iter().filter(|l| l.phase.is_some() && threads.is_subset(&l.observed)) {
            let seen = (landed.op, landed.bytes.clone());
            if !barrier.current.seen.contains(&seen) {
                barrier.current.seen.push(seen);
            }
        }
        if let Some(count) = barrier.count {
            let phase = &barrier.current;
            if phase.arrivals > count {
                let arrivals = phase.arrivals;
                self.report(op, format!("{arrivals} arrivals on mbarrier {} in one phase, which its initialization counts {count}: the phase completes before some of them", key.1), None);
            } else if phase.arrivals == count && phase.issued > phase.expected {
                // The loads came before the last arrival (expect_tx, the
                // loads, then a plain arrive): their bytes beyond the
                // expected ones leave the transaction count below zero.
                let (issued, expected) = (phase.issued, phase.expected);
                self.report(
                    op,
                    format!(
                        "the TMA loads of this phase of mbarrier {} move {issued} bytes, more than the {expected} its arrivals expect: its transaction count stays below zero, and the phase never completes",
                        key.1
                    ),
                    None,
                );
            }
        }
    }

    /// `mbarrier.expect_tx` by `threads` on mbarrier `key`: each adds the
    /// transaction bytes operand `tx` of `op` to the current phase's
    /// expected bytes, without arriving.
    pub(super) fn expect_at(&mut self, op: OperationRef<'c, 'a>, key: BarrierKey, tx: usize, threads: Threads, state: &mut State) {
        if !self.usable(op, &key, &threads, state) {
            return;
        }
        let Some(bytes) = op.operand_at(tx).and_then(|v| self.eval_int(v)) else {
            return self.report(op, "cannot prove: the transaction byte count is not known here".into(), None);
        };
        if !(0..MAX_TX_COUNT).contains(&bytes) {
            return self.report(op, format!("a transaction count of {bytes} bytes: PTX's mbarrier counts 0 to {} (an error in the count)", MAX_TX_COUNT - 1), None);
        }
        let Some(barrier) = state.barriers.get_mut(&key) else { return };
        barrier.current.expected = barrier.current.expected.saturating_add(bytes.saturating_mul(threads.count()));
        let expected = barrier.current.expected;
        self.tx_in_range(op, key.1, expected, "expected");
    }

    /// A phase's transaction bytes (`what`: expected by its arrivals, or
    /// issued by its copies) must fit PTX's tx-count, which holds at most
    /// 2^20 - 1 pending bytes: a phase that expects or receives more
    /// before it completes is beyond what the hardware counts.
    pub(super) fn tx_in_range(&mut self, op: OperationRef<'c, 'a>, id: i64, total: i64, what: &str) {
        if total >= MAX_TX_COUNT {
            self.report(
                op,
                format!("the transaction bytes {what} in this phase of mbarrier {id} add up to {total}, more than the {} PTX's mbarrier tx-count holds", MAX_TX_COUNT - 1),
                None,
            );
        }
    }

    /// Whether the current phase of `barrier` completes with what was issued.
    pub(super) fn completes(barrier: &Mbarrier) -> Option<bool> {
        let count = barrier.count?;
        Some(barrier.current.arrivals == count && barrier.current.expected == barrier.current.issued)
    }

    pub(super) fn wait(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let Some(key) = self.mbarrier(op, 3) else { return };
        self.wait_at(op, key, 1, threads, state);
    }

    /// A wait of `threads` on mbarrier `key` for the parity operand
    /// `parity` of `op`.
    pub(super) fn wait_at(&mut self, op: OperationRef<'c, 'a>, key: BarrierKey, parity: usize, threads: &Threads, state: &mut State) {
        if !self.usable(op, &key, threads, state) {
            return;
        }
        let Some(parity) = op.operand_at(parity).and_then(|v| self.eval_int(v)).map(|p| p & 1 != 0) else {
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
                for (producer, bytes) in phase.seen {
                    for landed in state.landed.iter_mut().filter(|l| l.op == producer && l.bytes == bytes) {
                        landed.observed = landed.observed.union(threads);
                    }
                }
                Self::compact_reads(state);
            }
        }
    }

    /// A TMA load: its write of the destination becomes part of the
    /// current phase of its mbarrier.
    pub(super) fn tma_load(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
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
        let Some(id) = op.operand_at(id_at).and_then(|v| self.eval(v)) else {
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
    pub(super) fn tma_load_at(&mut self, op: OperationRef<'c, 'a>, key: BarrierKey, buffer: Buffer, first: Option<i64>, box_bytes: Option<i64>, threads: Threads, state: &mut State) {
        let id = key.1;
        if !self.usable(op, &key, &threads, state) {
            return;
        }
        let Some(box_bytes) = box_bytes else {
            return self.report(op, "cannot prove: the TMA box's size is not static".into(), None);
        };
        let bytes = Bytes { buffer, range: first.and_then(|f| Some((f, f.checked_add(box_bytes)?))) };
        self.write(op, &bytes, &threads, state);
        self.async_proxy_access(op, &bytes, &threads, ProxyAccess::TmaWrite, state);
        let Some(barrier) = state.barriers.get_mut(&key) else { return };
        barrier.current.issued = barrier.current.issued.saturating_add(box_bytes.saturating_mul(threads.count()));
        // Every issuing thread writes the same box.
        barrier.current.writes.push((OpKey::of(op), bytes.clone()));
        let issued = barrier.current.issued;
        self.tx_in_range(op, id, issued, "issued");
        let Some(barrier) = state.barriers.get_mut(&key) else { return };
        if barrier.current.issued > barrier.current.expected && Self::completes(barrier) != Some(true) && barrier.count.is_some_and(|c| barrier.current.arrivals >= c) {
            let (issued, expected) = (barrier.current.issued, barrier.current.expected);
            self.report(op, format!("the TMA loads of this phase of mbarrier {id} move {issued} bytes, more than the {expected} its arrivals expect: the phase completes before they land"), None);
        }
    }

    /// A write of `bytes` (by a TMA load, a store, an MMA store), issued by
    /// `threads`: against what may still use them.
    pub(super) fn write(&mut self, op: OperationRef<'c, 'a>, bytes: &Bytes, threads: &Threads, state: &State) {
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
        // Reads released by an arrival are ordered only for the threads
        // that wait for that phase: until then they count as any read.
        let released = state.barriers.values().flat_map(|b| b.current.released.iter());
        if let Some(r) = state.reads.iter().chain(released).find(|r| r.bytes.overlaps(bytes) && others(r) && !threads.is_subset(&r.ordered)) {
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

    /// Drops the reads that a later read of the same bytes by the same
    /// threads stands for (a writer ordered after the later one is after
    /// the earlier; one that is not is reported against the later), so
    /// that a loop's reads do not pile up round after round.
    pub(super) fn compact_reads(state: &mut State) {
        compact(&mut state.reads);
    }

    /// A read of `bytes` by `threads`; a synchronous one (`record`) stays in
    /// [`State::reads`] until a block barrier (a warpgroup MMA's reads are
    /// its queue's, complete at its wait).
    pub(super) fn read(&mut self, op: OperationRef<'c, 'a>, bytes: &Bytes, threads: &Threads, record: bool, state: &mut State) {
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
        // Kept in compact_reads' order: one search, not a sort per read.
        let read = Read { op: OpKey::of(op), bytes: bytes.clone(), threads: threads.clone(), ordered: Threads::none(self.block.size) };
        match state.reads.binary_search_by(|r| (&r.threads, &r.bytes).cmp(&(&read.threads, &read.bytes))) {
            Ok(i) => state.reads[i].ordered = state.reads[i].ordered.intersect(&read.ordered),
            Err(i) => state.reads.insert(i, read),
        }
    }

    pub(super) fn wgmma(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let mut reads = Vec::new();
        // The tiles it reads: its async reads (AsyncEffectOpInterface) other
        // than the accumulator, each a descriptor of a workgroup tile.
        let groups = async_effects::async_effect_groups(op).unwrap_or_default();
        let accumulator = op.operand_at(2);
        let descriptors: Vec<Value> = groups.iter().flat_map(|g| &g.accesses).filter(|e| !e.write && Some(e.value) != accumulator).map(|e| e.value).collect();
        for descriptor in descriptors {
            let descriptor = ir::defining_op(descriptor).filter(|d| Upstream::NvgpuWarpgroupGenerateDescriptor.is(*d));
            match descriptor.and_then(|d| d.operand_at(0)) {
                Some(tile) => {
                    let bytes = self.view(tile).bytes();
                    self.read(op, &bytes, threads, false, state);
                    self.async_proxy_access(op, &bytes, threads, ProxyAccess::MmaRead, state);
                    reads.push(bytes);
                }
                None => return self.report(op, "cannot prove: an operand descriptor does not come from nvgpu.warpgroup.generate.descriptor here".into(), None),
            }
        }
        // The accumulator it adds into may be pending: wgmma orders
        // accumulation into one accumulator. Any other pending register
        // operand is a read before the wait.
        let Ok(result) = op.result(0) else { return };
        for warpgroup in threads.warpgroups(self.block.size).unwrap_or_default() {
            let registers = BTreeSet::from([ValueKey::of(Value::from(result))]);
            state.wgmma.push(Wgmma { op: OpKey::of(op), threads: warpgroup, reads: reads.clone(), registers, open: false });
        }
        let keep = ir::int_attr(op, attr::WAIT_GROUP).unwrap_or(1);
        self.wgmma_wait(keep, threads, state);
    }

    /// `wgmma.wait_group keep` by the warpgroups `threads`: in each one's
    /// queue, all but the newest `keep` committed groups complete. Their
    /// tiles are read then: the threads of the warpgroup are ordered after
    /// the reads (the MMA is one operation; its wait returned), any other
    /// thread only through a block barrier or an mbarrier phase the
    /// warpgroup arrives on after its wait ([`State::reads`]).
    pub(super) fn wgmma_wait(&self, keep: i64, threads: &Threads, state: &mut State) {
        let keep = usize::try_from(keep.max(0)).unwrap_or(usize::MAX);
        for warpgroup in threads.warpgroups(self.block.size).unwrap_or_default() {
            // Committed groups only, oldest first: an open one is no group
            // yet (wherever it stands, should IR mix nvgpu's and NVVM's forms).
            let committed = state.wgmma.iter().filter(|g| !g.open && g.threads == warpgroup).count();
            let mut done = committed.saturating_sub(keep);
            let mut completed = Vec::new();
            state.wgmma.retain(|g| {
                if !g.open && g.threads == warpgroup && done > 0 {
                    done -= 1;
                    completed.push(g.clone());
                    return false;
                }
                true
            });
            for group in completed {
                for bytes in group.reads {
                    state.reads.push(Read { op: group.op, bytes, threads: warpgroup.clone(), ordered: warpgroup.clone() });
                }
            }
        }
        Self::compact_reads(state);
        Self::prune_layouts(state);
    }

    /// `nvvm.wgmma.mma_async` (the NVVM level of `nvgpu.warpgroup.mma`, as
    /// upstream's convert-nvgpu-to-nvvm writes it): joins the open group,
    /// reading what its descriptors (its i64 operands) address, each
    /// evaluated at the shared-memory pointer it packs and laid out from its
    /// fields and the wgmma's shape ([`Self::descriptor_reads`]), and
    /// writing its result. Its accumulator operand (the struct
    /// `inouts`) may be pending when it is one earlier wgmma's registers,
    /// whole and in order: wgmma orders accumulation into the same
    /// registers ([`Self::accumulate`]).
    pub(super) fn nvvm_wgmma(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let mut reads = Vec::new();
        let descriptors: Vec<Value> = op.operands().filter(|v| v.r#type().is_integer()).collect();
        if descriptors.len() != 2 {
            return self.report(op, "cannot prove: this wgmma.mma_async does not take its A and B tiles as two descriptors".into(), None);
        }
        for (which, operand) in descriptors.into_iter().enumerate() {
            let tiles = match self.descriptor_reads_of(op, operand, which, threads) {
                Ok(tiles) => tiles,
                Err(why) => return self.report(op, why, None),
            };
            for bytes in tiles {
                self.read(op, &bytes, threads, false, state);
                self.async_proxy_access(op, &bytes, threads, ProxyAccess::MmaRead, state);
                reads.push(bytes);
            }
        }
        let Some(older) = self.accumulate(op, state) else { return };
        let Ok(result) = op.result(0) else { return };
        let result = ValueKey::of(Value::from(result));
        for warpgroup in threads.warpgroups(self.block.size).unwrap_or_default() {
            match state.wgmma.iter_mut().rev().find(|g| g.threads == warpgroup).filter(|g| g.open) {
                Some(group) => {
                    group.reads.extend(reads.iter().cloned());
                    group.registers.insert(result);
                    group.registers.extend(older.iter().copied());
                }
                None => {
                    let registers: BTreeSet<ValueKey> = std::iter::once(result).chain(older.iter().copied()).collect();
                    state.wgmma.push(Wgmma { op: OpKey::of(op), threads: warpgroup, reads: reads.clone(), registers, open: true })
                }
            }
        }
    }

    /// `nvvm.wgmma.commit.group.sync.aligned` by the warpgroups `threads`:
    /// each one's open group becomes its newest committed one (an empty
    /// group when nothing is open: it still counts for wait_group).
    pub(super) fn wgmma_commit(&self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        for warpgroup in threads.warpgroups(self.block.size).unwrap_or_default() {
            match state.wgmma.iter_mut().rev().find(|g| g.threads == warpgroup).filter(|g| g.open) {
                Some(group) => group.open = false,
                None => state.wgmma.push(Wgmma { op: OpKey::of(op), threads: warpgroup, reads: Vec::new(), registers: BTreeSet::new(), open: false }),
            }
        }
    }

    /// `llvm.insertvalue` and `llvm.extractvalue` of a pending accumulator
    /// (upstream packs the wgmma results of a warpgroup MMA into a struct
    /// before its commit, and a loop carries the struct): the result is
    /// pending too, in the same groups; packing is not a read.
    pub(super) fn packs_pending(op: OperationRef<'c, 'a>, state: &mut State) -> bool {
        if !matches!(Upstream::of(op), Some(Upstream::LlvmInsertvalue | Upstream::LlvmExtractvalue)) {
            return false;
        }
        let Ok(result) = op.result(0) else { return false };
        let result = ValueKey::of(Value::from(result));
        let operands: Vec<ValueKey> = op.operands().map(ValueKey::of).collect();
        let mut pending = false;
        for group in &mut state.wgmma {
            if operands.iter().any(|o| group.registers.contains(o)) {
                group.registers.insert(result);
                pending = true;
            }
        }
        if pending {
            Self::pack_layout(op, state);
        }
        pending
    }

    pub(super) fn mma_store(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let (Ok(accumulator), Ok(dst)) = (op.operand(0), op.operand(1)) else { return };
        self.register_read(op, accumulator, threads, state);
        let bytes = self.view(dst).bytes();
        self.write(op, &bytes, threads, state);
        // To global memory (an output tile): nothing in the block reads it
        // through shared memory, and no later store of it is tracked.
        if !Self::views_workgroup(dst) {
            return;
        }
        // Plain stores of the generic proxy: a TMA store or a warpgroup
        // MMA reads them only after a fence.proxy.async.
        self.generic_write(op, bytes.clone(), threads, state);
        // Each warp stores its own rows: other warps see them after a barrier.
        let key = OpKey::of(op);
        state.landed.retain(|l| !(l.op == key && l.bytes == bytes));
        state.landed.push(Landed { op: key, bytes, phase: None, observed: Threads::none(self.block.size) });
    }

    /// A read of an accumulator value: not while a warpgroup MMA writes it.
    pub(super) fn register_read(&mut self, op: OperationRef<'c, 'a>, value: Value<'c, 'a>, threads: &Threads, state: &State) {
        let key = ValueKey::of(value);
        // Registers are a thread's own: pending only in the threads of the
        // warpgroup whose MMA writes them.
        if let Some(g) = state.wgmma.iter().find(|g| g.registers.contains(&key) && !g.threads.intersect(threads).is_empty()) {
            self.report(op, "reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it".into(), Some((g.op, "the warpgroup MMA".into())));
        }
    }

    /// Any other op: its memory accesses and register reads.
    /// `nvvm.fence.proxy` of the async proxy (`async`, or `async.shared`
    /// of the CTA): generic writes before it are the async proxy's.
    pub(super) fn fences_async(op: OperationRef) -> bool {
        op.attribute(attr::PROXY_KIND).is_ok_and(|kind| {
            let kind = kind.to_string();
            kind.contains("<async>") || kind.contains("async.shared")
        })
    }

    /// `nvgpu.tma.async.store src to desc[...]`: `threads` (those its
    /// predicate lets issue it) start reading `src` through the async
    /// proxy, until a bulk wait of their group. What they read must be
    /// complete (no TMA load pending on it) and visible to the async proxy.
    pub(super) fn tma_store(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let Ok(source) = op.operand(0) else { return };
        let bytes = self.view(source).bytes();
        self.tma_store_of(op, bytes, threads, state);
    }

    /// A TMA store (nvgpu's, or NVVM's `cp.async.bulk.tensor.global.shared.cta`)
    /// reading `bytes` of shared memory, by the threads its predicate (an
    /// i1 operand) selects.
    pub(super) fn tma_store_of(&mut self, op: OperationRef<'c, 'a>, bytes: Bytes, threads: &Threads, state: &mut State) {
        let predicate = op.operands().position(|v| v.r#type().is_integer() && symbolic::integer_bits(v.r#type()) == Some(1));
        let Some(issuing) = self.predicated(op, predicate, threads) else {
            return self.report(op, "cannot prove: which threads issue this TMA store (its predicate) is not known".into(), None);
        };
        if issuing.is_empty() {
            return;
        }
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

    /// An access of `bytes` through the async proxy (a warpgroup MMA's
    /// read, a TMA load's write) by `issuing`: what the generic proxy wrote
    /// there (plain stores) must be fenced by its writers
    /// (`fence.proxy.async`) first, and other threads' writes followed by a
    /// block barrier, else the MMA may read stale data, or the plain write
    /// land after the load's bytes (PTX orders the two proxies only through
    /// the fence).
    pub(super) fn async_proxy_access(&mut self, op: OperationRef<'c, 'a>, bytes: &Bytes, issuing: &Threads, access: ProxyAccess, state: &State) {
        let (verb, unit, consequence) = match access {
            ProxyAccess::MmaRead => ("reads", "this warpgroup MMA", "the warpgroup MMA (async proxy) may read stale data"),
            ProxyAccess::TmaWrite => ("overwrites", "this TMA load", "the write may land after the TMA load's bytes"),
        };
        if let Some(w) = state.unfenced.iter().find(|w| w.bytes.overlaps(bytes) && !w.threads.is_subset(&w.fenced)) {
            let (w_op, unfenced) = (w.op, w.threads.minus(&w.fenced));
            let message = format!("{verb} shared memory that {} wrote through the generic proxy with no fence.proxy.async after the write: {consequence}", unfenced.describe());
            self.report(op, message, Some((w_op, "the write".into())));
            return;
        }
        // Fenced, but no block barrier since: a TMA load is ordered after
        // its own threads' fenced writes; a warpgroup MMA is not (the
        // warpgroups that did not write may read before the writes are done).
        let unordered = |w: &&GenericWrite| match access {
            ProxyAccess::MmaRead => true,
            ProxyAccess::TmaWrite => !w.threads.is_subset(issuing),
        };
        if let Some(w) = state.unfenced.iter().filter(|w| w.bytes.overlaps(bytes)).find(unordered) {
            let writers = if access == ProxyAccess::MmaRead { w.threads.clone() } else { w.threads.minus(issuing) };
            let w_op = w.op;
            let message = format!("{verb} shared memory that {} wrote (and fenced) with no block barrier between their writes and {unit}", writers.describe());
            self.report(op, message, Some((w_op, "the write".into())));
        }
    }

    /// `cp.async.bulk.commit_group` by `threads`: their open stores form a
    /// group.
    pub(super) fn bulk_commit(threads: &Threads, state: &mut State) {
        let (mine, others): (Vec<BulkStore>, Vec<BulkStore>) = std::mem::take(&mut state.bulk_open).into_iter().partition(|s| s.threads.is_subset(threads));
        state.bulk_open = others;
        state.bulk_groups.push(BulkGroup { threads: threads.clone(), stores: mine });
    }

    /// `cp.async.bulk.wait_group N` (with `read` or not: either waits for
    /// the reads) by `threads`: of their groups, all but the newest `N`
    /// have read their shared memory. Other threads see that after a block
    /// barrier: until then the reads stay as theirs ([`State::reads`]).
    pub(super) fn bulk_wait(keep: i64, threads: &Threads, state: &mut State) {
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
        Self::compact_reads(state);
    }

    pub(super) fn plain(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) {
        if Upstream::of(op).is_some_and(|k| matches!(k, Upstream::ScfYield)) {
            return;
        }
        if Self::moves_registers(op, self, state) || self.private_integer(op, threads, state) {
            return;
        }
        self.forget_private(op, state);
        let effects = ir::memory_effects(op);
        // An op that takes a memref but gives something else than a memref
        // or its sizes (an unrealized cast to a descriptor struct, an
        // aligned pointer as an integer) lets its buffer escape to accesses
        // the views do not lead to: it counts as an access here.
        let escapes = !matches!(Upstream::of(op), Some(Upstream::MemrefDim | Upstream::MemrefExtractStridedMetadata))
            && op.results().any(|r| !r.r#type().is_mem_ref());
        for operand in op.operands() {
            // A thread's alloca holding accumulator registers is read by any
            // access but a register move ([`Self::moves_registers`]), through
            // any view of it (making a view is no access) or pointer.
            let touches = ir::has_effect_on(&effects, None, operand);
            let accesses = touches || (escapes && operand.r#type().is_mem_ref());
            let root = if operand.r#type().is_mem_ref() {
                (!Self::views_workgroup(operand)).then(|| self.view(operand).buffer)
            } else {
                self.register_read(op, operand, threads, state);
                self.pointer_buffer(operand).filter(|(_, shared)| !shared).map(|(buffer, _)| buffer)
            };
            if operand.r#type().is_mem_ref() && accesses {
                self.register_read(op, operand, threads, state);
            }
            match (accesses, root) {
                (true, Some(Buffer::Value(root))) => {
                    if let Some(g) = state.wgmma.iter().find(|g| g.registers.contains(&root)) {
                        self.report(op, "reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it".into(), Some((g.op, "the warpgroup MMA".into())));
                    }
                }
                // A memref the model cannot trace may be an alloca that
                // holds pending accumulator registers.
                (true, Some(Buffer::Any)) => {
                    if let Some(g) = state.wgmma.iter().find(|g| g.registers.iter().any(|r| state.register_allocas.contains(r))) {
                        self.report(
                            op,
                            "cannot prove: accesses a memref the model cannot trace to its buffer while a warpgroup MMA's accumulator kept in a thread's alloca is pending".into(),
                            Some((g.op, "the warpgroup MMA".into())),
                        );
                    }
                }
                _ => {}
            }
        }
        if op.region_count() > 0 {
            return;
        }
        let effects = ir::memory_effects(op);
        let mut accesses: Vec<(Bytes, bool, bool)> = Vec::new();
        for value in op.operands().filter(|v| Self::views_workgroup(*v)) {
            let (reads, writes) = (ir::has_effect_on(&effects, Some(MemoryEffect::Read), value), ir::has_effect_on(&effects, Some(MemoryEffect::Write), value));
            accesses.push((self.accessed(op, value), reads, writes));
        }
        match self.pointer_accesses(op) {
            Ok(through_pointers) => accesses.extend(through_pointers),
            Err(()) => {
                return self.report(
                    op,
                    "cannot prove: which shared memory this access touches is not known (the model follows pointers through getelementptr, addrspacecast, inttoptr and a memref descriptor's aligned pointer)".into(),
                    None,
                )
            }
        }
        for (bytes, reads, writes) in accesses {
            if writes {
                self.write(op, &bytes, threads, state);
                self.generic_write(op, bytes.clone(), threads, state);
            }
            if reads {
                self.read(op, &bytes, threads, true, state);
            }
        }
    }

    /// A write of shared memory through the generic proxy, in a kernel
    /// whose TMA stores or warpgroup MMAs read through the async proxy:
    /// kept until its writers fence it ([`State::unfenced`]).
    pub(super) fn generic_write(&self, op: OperationRef<'c, 'a>, bytes: Bytes, threads: &Threads, state: &mut State) {
        if !self.stores {
            return;
        }
        let write = GenericWrite { op: OpKey::of(op), bytes, threads: threads.clone(), fenced: Threads::none(self.block.size) };
        // The same write again (a loop) replaces the last one, so that a
        // loop's state can repeat.
        state.unfenced.retain(|w| !(w.op == write.op && w.bytes == write.bytes && w.threads == write.threads));
        state.unfenced.push(write);
    }
}

/// What an access through the async proxy does ([`Model::async_proxy_access`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum ProxyAccess {
    MmaRead,
    TmaWrite,
}

/// [`Model::compact_reads`] on any list of reads (a phase's released ones
/// too): one read per threads and bytes, ordered for the threads every
/// merged read was ordered for; sorted by threads and bytes, the order
/// [`Model::read`] inserts in.
pub(super) fn compact(reads: &mut Vec<Read>) {
    let mut all = std::mem::take(reads);
    all.sort_by(|a, b| (&a.threads, &a.bytes, &a.op).cmp(&(&b.threads, &b.bytes, &b.op)));
    for read in all {
        match reads.last_mut() {
            Some(other) if other.threads == read.threads && other.bytes == read.bytes => other.ordered = other.ordered.intersect(&read.ordered),
            _ => reads.push(read),
        }
    }
}
