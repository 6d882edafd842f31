//! Accesses in the hazard model: each read or write checked against the
//! pending async writes and reads of this thread and, at block scope, of
//! other threads; the slice of its buffer an access touches (resolved
//! through subviews, views and reshapes to its root, per thread).

use crate::passes::ir::positions::OpPositions;
use super::*;

impl<'c, 'a> Checker<'c, 'a> {
    /// A synchronous access of `kind` to `value` now: it races with every
    /// pending write it may overlap, and, if it writes, with every pending
    /// read. Returns the access at block scope ([`Self::shared_access`]).
    pub(super) fn check_access(&mut self, access: OperationRef<'c, 'a>, value: Value, kind: Kind, state: &State) -> Option<(Root, Slice)> {
        self.check_against(access, value, state, |pending| pending == Kind::Write || kind == Kind::Write);
        let shared = self.shared_access(access, value)?;
        self.check_other_threads(access, shared.0, &shared.1, kind, true, state);
        Some(shared)
    }

    /// [`Self::check_access`] for a synchronous op (not an async op's
    /// access): at block scope a read is recorded in
    /// [`State::shared_reads`], and a `plain` write (a store, which other
    /// threads see after a barrier) in [`State::unpublished`].
    pub(super) fn sync_access(&mut self, access: OperationRef<'c, 'a>, value: Value, kind: Kind, plain: bool, state: &mut State) {
        if let Some((root, slice)) = self.check_access(access, value, kind, state) {
            match kind {
                Kind::Read => self.record_shared_read(access, root, slice, state),
                Kind::Write if plain => self.record_plain_write(access, root, slice, state),
                Kind::Write => {}
            }
        }
    }

    /// Block scope: records a plain write of `slice` of workgroup buffer
    /// `root`, which other threads' accesses must not meet before a
    /// barrier. A store whose operands are the same in every thread writes
    /// the same value to the same element everywhere: reading it is no
    /// race (writing over it is).
    fn record_plain_write(&mut self, op: OperationRef<'c, 'a>, root: Root, slice: Slice, state: &mut State) {
        let uniform = op.operands().all(|v| !self.function.varying.contains(&ValueKey::of(v)));
        self.unpublish(op, root, slice, uniform, Writer::Plain, state);
    }

    /// An async op's write to `value`, issued now: it races with the pending
    /// reads it may overlap (it could land before they are done).
    pub(super) fn check_async_write(&mut self, access: OperationRef<'c, 'a>, value: Value, state: &State) {
        let ordered = self.ordered_writes;
        self.check_against(access, value, state, |pending| pending == Kind::Read || (ordered && pending == Kind::Write));
        if let Some((root, slice)) = self.shared_access(access, value) {
            self.check_other_threads(access, root, &slice, Kind::Write, false, state);
        }
    }

    /// At block scope, the root and slice of an access to workgroup memory
    /// `value` (which the block's other threads share); None otherwise.
    pub(super) fn shared_access(&self, access: OperationRef, value: Value) -> Option<(Root, Slice)> {
        (self.function.block_scope && is_workgroup(value)).then(|| self.accessed(access, value))
    }

    /// Block scope: an access of kind `kind` to `slice` of workgroup buffer
    /// `root` by one thread, against what the block's other threads may be
    /// doing there (every thread runs the same code, so what is pending or
    /// unpublished here is there too). A read or write meets another
    /// thread's async write unless that thread's wait and then a barrier
    /// came between (`against_writes`: false for an async write, which, as
    /// in one thread, is ordered only against reads); a write meets other
    /// threads' reads unless a barrier came after them. Slices that
    /// [`thread_scope::disjoint_across_threads`] proves apart never meet.
    pub(super) fn check_other_threads(&mut self, access: OperationRef<'c, 'a>, root: Root, slice: &Slice, kind: Kind, against_writes: bool, state: &State) {
        if self.only_between_threads && !self.errors.is_empty() {
            return;
        }
        let bases = self.function.bases(root);
        let meets = |base: &Root, other: &Slice| bases.contains(base) && !self.apart(slice, other);
        let order = |key: &OpKey| self.producers.get(key).map_or(usize::MAX, |p| p.0);
        let racing = state.pending.keys().filter(|p| p.shared && meets(&p.base, &p.slice));
        let mut found: Option<(OpKey, &str, &str)> = None;
        if against_writes {
            // A uniform copy writes, in every thread, the bytes this thread's
            // own copy wrote: a read of it is not a race (a write is).
            let matters = |p: &&Pending| !(p.uniform && kind == Kind::Read);
            if let Some(p) = racing.clone().filter(|p| p.kind == Kind::Write).filter(matters).min_by_key(|p| order(&p.producer)) {
                found = Some((
                    p.producer,
                    "accesses workgroup memory that another thread's asynchronous write may still be writing: a wait completes only its own thread's copies, so that thread's wait and then a barrier must come first",
                    "the asynchronous write (in another thread)",
                ));
            } else if let Some(p) = state.unpublished.iter().filter(|p| meets(&p.base, &p.slice)).filter(matters).min_by_key(|p| order(&p.producer)) {
                found = Some(match p.writer {
                    Writer::Plain => (
                        p.producer,
                        "accesses workgroup memory that another thread wrote, with no barrier since the write",
                        "the write (in another thread)",
                    ),
                    Writer::Cooperative => (
                        p.producer,
                        "accesses workgroup memory that a cooperative operation writes, with no barrier since: its effects are complete for every thread only at the next block barrier",
                        "the cooperative write",
                    ),
                    Writer::Async => (
                        p.producer,
                        "accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait that completed the write there (a wait completes only its own thread's copies)",
                        "the asynchronous write (in another thread)",
                    ),
                });
            }
        }
        if found.is_none() && kind == Kind::Write {
            if let Some(p) = racing.filter(|p| p.kind == Kind::Read).min_by_key(|p| order(&p.producer)) {
                found = Some((p.producer, "writes workgroup memory that another thread's asynchronous read may still be reading", "the asynchronous read (in another thread)"));
            } else if let Some(r) = state.shared_reads.iter().filter(|r| meets(&r.base, &r.slice)).min_by_key(|r| order(&r.reader)) {
                found = Some((r.reader, "writes workgroup memory that other threads may still be reading: no barrier since their read", "the read (in other threads)"));
            }
        }
        if let Some((other, message, note)) = found {
            let proof = if self.exact { "" } else { " (the loop's slices could not be computed exactly; the access could not be proven safe)" };
            self.report(Race {
                access: access.location(),
                message: format!("{message}{proof}"),
                note: Some((self.producers[&other].1, note.into())),
                between_threads: Some(OpKey::of(access)),
            });
        }
    }

    /// Records `error`: every race of a function, one an access (an access
    /// in a loop is reported once, not once an iteration); only the first
    /// hazard between threads when only those are asked for.
    pub(super) fn report(&mut self, error: Race<'c>) {
        if self.only_between_threads {
            if self.errors.is_empty() && error.between_threads.is_some() {
                self.errors.push(error);
            }
            return;
        }
        if !self.errors.iter().any(|e| e.access == error.access) {
            self.errors.push(error);
        }
    }

    /// Whether `op` is a copy that every thread of the block issues alike:
    /// none of its operands depends on the thread.
    pub(super) fn is_uniform_copy(&self, op: OperationRef) -> bool {
        let copy = CopyOp::is(op) || Upstream::NvgpuDeviceAsyncCopy.is(op);
        copy && op.operands().all(|v| !self.function.varying.contains(&ValueKey::of(v)))
    }

    /// Block scope: records a synchronous read of `slice` of workgroup
    /// buffer `root` that async ops write, which a write by another thread
    /// must not meet before a barrier.
    pub(super) fn record_shared_read(&mut self, op: OperationRef<'c, 'a>, root: Root, slice: Slice, state: &mut State) {
        for base in self.function.bases(root) {
            if self.function.tracked.as_ref().is_some_and(|tracked| !tracked.contains(&base)) {
                continue;
            }
            self.register(op);
            state.shared_reads.insert(SharedRead { reader: OpKey::of(op), base, slice: slice.clone() });
        }
    }

    /// Gives `op` (an async op, or a read other threads may race with) its
    /// place in the order errors are reported in, and its location for notes.
    pub(super) fn register(&mut self, op: OperationRef<'c, 'a>) {
        let order = self.producers.len();
        self.producers.entry(OpKey::of(op)).or_insert_with(|| (order, op.location()));
    }

    /// An index as a start: its value, or at block scope a constant plus
    /// thread ids ([`thread_scope::thread_form`]); None where unknown.
    pub(super) fn index_form(&self, index: Value) -> (Option<i64>, ThreadTerms) {
        if let Some(value) = self.bindings.eval(index) {
            return (Some(value), ThreadTerms::default());
        }
        if !self.function.block_scope {
            return (None, ThreadTerms::default());
        }
        match thread_scope::thread_form(index, &|v| self.bindings.eval(v)) {
            Some(form) => (Some(form.constant), form.threads),
            None => (None, ThreadTerms::default()),
        }
    }

    pub(super) fn check_against(&mut self, access: OperationRef<'c, 'a>, value: Value, state: &State, races: impl Fn(Kind) -> bool) {
        if self.only_between_threads {
            return; // a race within one thread is not reported then
        }
        let bases = self.function.bases(effects::root(value));
        if !state.pending.keys().any(|pending| bases.contains(&pending.base)) {
            return;
        }
        let (_, slice) = self.accessed(access, value);
        // Of the accesses it races with, the one whose producer the analysis
        // met first (pending accesses are ordered by op address, which is
        // not the same from run to run).
        let chained = self.chained;
        let first = state
            .pending
            .iter()
            .filter(|(pending, _)| !chained.is_some_and(|(q, acc)| pending.accumulates && pending.queue == q && pending.base == acc))
            .filter(|(pending, _)| bases.contains(&pending.base) && races(pending.kind) && pending.slice.overlaps(&slice))
            // Of one producer's, its write first (an MMA reads and writes its
            // accumulator; the write is what makes any access race).
            .min_by_key(|(pending, _)| (self.producers[&pending.producer].0, pending.kind != Kind::Write));
        if let Some((pending, after)) = first {
            let status = match after {
                None => "before the group holding it is committed".to_string(),
                Some(a) if *a >= self.function.cap(pending.queue) => {
                    format!("while its group may be in flight: no wait on {} followed it", pending.queue)
                }
                Some(a) => format!(
                    "while its group may be in flight: only {a} group(s) were committed after it and no wait on {} allowed at most that many",
                    pending.queue
                ),
            };
            let proof = if !self.exact {
                " (the loop's slices could not be computed exactly; the access could not be proven safe)"
            } else if state.over_counts.contains(pending) {
                " (left by a loop with a run-time trip count, for some trip count; the access could not be proven safe)"
            } else if state.inexact.contains(pending) {
                " (left by a loop the analysis could not simulate, or a branch it could not decide; the access could not be proven safe)"
            } else {
                ""
            };
            let (message, note) = match pending.kind {
                Kind::Write if is_accumulator(value) => (
                    "accesses an accumulator that an asynchronous MMA may still be writing",
                    "the asynchronous MMA into the accumulator",
                ),
                Kind::Write => ("accesses memory that an asynchronous operation may still be writing", "the asynchronous write"),
                Kind::Read if is_accumulator(value) => (
                    "overwrites registers that an asynchronous MMA may still be reading as its operand",
                    "the asynchronous MMA reading them",
                ),
                Kind::Read => ("writes memory that an asynchronous operation may still be reading", "the asynchronous read"),
            };
            self.report(Race {
                access: access.location(),
                message: format!("{message}, {status}{proof}"),
                note: Some((self.producers[&pending.producer].1, note.into())),
                between_threads: None,
            });
        }
    }

    /// The root buffer and slice that `op` touches through `value`: the
    /// view's slice, narrowed to one element for loads and stores with
    /// known indices.
    pub(super) fn accessed(&self, op: OperationRef, value: Value) -> (Root, Slice) {
        let mut view = self.resolve(value);
        let packed = view.packed.take();
        let (root, slice) = self.accessed_in(op, value, view);
        match packed {
            Some(packed) => (packed.buffer, packed.bytes(&slice)),
            None => (root, slice),
        }
    }

    /// [`Self::accessed`] in the coordinates of `view`'s root.
    pub(super) fn accessed_in(&self, op: OperationRef, value: Value, view: View) -> (Root, Slice) {
        let Some((indices, extents)) = effects::element_access(op, value) else { return (view.root, view.slice) };
        let collective = upstream::is_warp_collective_access(op);
        let values = indices.clone();
        let (indices, threads): (Vec<Option<i64>>, Vec<ThreadTerms>) = indices
            .into_iter()
            .map(|i| match self.index_form(i) {
                // The lanes of a warp collective touch each other's
                // indices: a dimension whose index differs between threads
                // is any index there.
                (_, terms) if collective && !terms.is_zero() => (None, ThreadTerms::default()),
                form => form,
            })
            .unzip();
        let count = indices.len();
        // Starts that are no thread form, of an access that is not a warp
        // collective's: evaluated per thread.
        let forms: Vec<(Option<i64>, ThreadTerms)> = indices.iter().copied().zip(threads.iter().copied()).collect();
        let table = || (!collective && indices.iter().any(Option::is_none)).then(|| self.thread_table(&values, &forms)).flatten();
        let element = match view.indexing {
            // An access of the root buffer itself.
            Indexing::Root => {
                let table = table();
                Slice(indices.into_iter().zip(extents).map(|(i, e)| (i, Some(e))).collect(), vec![Some(1); count], threads, table)
            }
            Indexing::Subview if view.slice.0.len() == count && view.slice.1.iter().all(|s| *s == Some(1)) => {
                // The view's offsets, when constant, move every thread's
                // indices alike.
                let offsets: Option<Vec<i64>> =
                    view.slice.0.iter().enumerate().map(|(d, (o, _))| o.filter(|_| view.slice.threads(d).is_zero())).collect();
                let table = offsets.zip(table()).and_then(|(offsets, table)| {
                    let starts = table.starts.iter().enumerate().map(|(i, s)| s.checked_add(offsets[i % count])).collect::<Option<Vec<i64>>>()?;
                    Some(ThreadTable::new(count, starts))
                });
                let starts = view.slice.0.iter().zip(indices).map(|((o, _), i)| o.zip(i).and_then(|(o, i)| o.checked_add(i)));
                let sums = threads.iter().enumerate().map(|(d, t)| view.slice.threads(d).add(t));
                // A sum of thread terms that overflows leaves the start unknown.
                let (starts, threads): (Vec<Option<i64>>, Vec<ThreadTerms>) =
                    starts.zip(sums).map(|(start, sum)| match sum {
                        Some(sum) => (start, sum),
                        None => (None, ThreadTerms::default()),
                    }).unzip();
                Slice(starts.into_iter().zip(extents).map(|(start, e)| (start, Some(e))).collect(), vec![Some(1); count], threads, table)
            }
            Indexing::Subview | Indexing::Opaque => view.slice,
        };
        (view.root, element)
    }

    /// The root buffer of a memref value and the slice of it that the value
    /// covers, through `memref.subview`s and casts. Through any other view
    /// (a reshape, a transpose, a reinterpretation) the coordinates are not
    /// the root's: the whole buffer; so for a memref that may be one of
    /// several buffers ([`FunctionFacts::aliases`]).
    pub(super) fn resolve(&self, value: Value) -> View {
        // The slice is that of the subview applied to the root buffer: a
        // subview of a subview covers part of it, so it is a sound bound in
        // the root's coordinates (e.g. a version of a multi-buffer, then a
        // tile of it). Through more than one subview, element accesses only
        // know that bound (strides unknown).
        let mut current = value;
        let mut slice = Slice::whole();
        let mut subviews = 0;
        let mut chain = Vec::new();
        let mut opaque = false;
        let mut packed = None;
        // The reshape nearest `value` (its result type), when the chain to
        // the root below it has casts and reshapes only: the slice above it
        // is in its coordinates, and a reshape of an identity layout keeps
        // the elements' order, so its byte ranges are the root's.
        let mut reshaped: Option<Type> = None;
        let mut below_reshape_ok = true;
        while let Some(def) = ir::defining_op(current) {
            let reshape = matches!(Upstream::of(def), Some(Upstream::MemrefCollapseShape | Upstream::MemrefExpandShape));
            if reshape && !opaque {
                if reshaped.is_none() {
                    reshaped = def.result_at(0).map(|r| Value::from(r).r#type());
                }
            } else if reshaped.is_some()
                && effects::is_view(def)
                && def.operand_count() > 0
                && !matches!(Upstream::of(def), Some(Upstream::MemrefCast | Upstream::MemrefMemorySpaceCast))
            {
                // A subview or another view below the reshape moves its
                // coordinates: the whole buffer.
                below_reshape_ok = false;
                opaque = true;
            } else if Upstream::MemrefSubview.is(def) {
                slice = self.subview_slice(def);
                subviews += 1;
                chain.push(def);
            } else if let Some(view) = Packed::of(def, &self.bindings).filter(|_| !opaque) {
                // The view is the root of what is above it; its bytes are
                // placed in the packed buffer at the end.
                packed = Some(view);
                break;
            } else if effects::is_view(def) && def.operand_count() > 0 {
                opaque |= !matches!(Upstream::of(def), Some(Upstream::MemrefCast | Upstream::MemrefMemorySpaceCast));
            } else {
                break;
            }
            current = def.operand(0).unwrap();
        }
        let root = effects::Root::of(current);
        if opaque || !below_reshape_ok || self.function.aliases.contains_key(&root) {
            return View { root, slice: Slice::whole(), indexing: Indexing::Opaque, packed: None };
        }
        if packed.is_none() && self.function.linear.contains(&root) {
            // A root some reshape views: every access to it is placed in
            // bytes, through the reshape or not, so that both compare.
            let ty = reshaped.unwrap_or_else(|| current.r#type());
            match (Packed::linear(root, current.r#type()), Packed::linear(root, ty)) {
                (Some(_), Some(view)) => packed = Some(view),
                _ => return View { root, slice: Slice::whole(), indexing: Indexing::Opaque, packed: None },
            }
        } else if reshaped.is_some() && packed.is_none() {
            return View { root, slice: Slice::whole(), indexing: Indexing::Opaque, packed: None };
        }
        if subviews > 1 {
            match self.composed(&chain) {
                Some(composed) => slice = composed,
                None => {
                    let count = slice.1.len();
                    slice.1 = vec![None; count];
                }
            }
        }
        let indexing = if subviews == 0 { Indexing::Root } else { Indexing::Subview };
        View { root, slice, indexing, packed }
    }

    /// The slice of the root that a chain of subviews (innermost first)
    /// covers, when every one has unit strides and drops no dimension or
    /// exactly its unit ones (so which root dimension each of its
    /// dimensions is, is known): starts add up, thread terms too, and the
    /// innermost sizes stay (a version of a multi-buffer, then a thread's
    /// row of it). None otherwise.
    pub(super) fn composed(&self, chain: &[OperationRef]) -> Option<Slice> {
        let kept = |subview: OperationRef| -> Option<Vec<usize>> {
            let sizes = ir::dense_i64_attr(subview, attr::STATIC_SIZES)?;
            let rank = ir::shape(subview.result_at(0)?.r#type()).len();
            if sizes.len() == rank {
                return Some((0..rank).collect());
            }
            let kept: Vec<usize> = (0..sizes.len()).filter(|&d| sizes[d] != 1).collect();
            (kept.len() == rank).then_some(kept)
        };
        let unit = |slice: &Slice| slice.1.iter().all(|s| *s == Some(1));
        let mut views = chain.iter().rev();
        let outer = *views.next()?;
        let mut slice = self.subview_slice(outer);
        if !unit(&slice) {
            return None;
        }
        slice.2.resize(slice.0.len(), ThreadTerms::default());
        // Root dimension of each dimension of the current view.
        let mut dims: Vec<usize> = kept(outer)?;
        for &view in views {
            let inner = self.subview_slice(view);
            if !unit(&inner) || inner.0.len() != dims.len() {
                return None;
            }
            for (j, &d) in dims.iter().enumerate() {
                let start = slice.0[d].0.zip(inner.0[j].0).and_then(|(a, b)| a.checked_add(b));
                let threads = slice.threads(d).add(&inner.threads(j))?;
                slice.0[d] = (start, inner.0[j].1);
                slice.2[d] = threads;
            }
            let next = kept(view)?;
            dims = next.into_iter().map(|j| dims[j]).collect();
        }
        Some(slice)
    }

    pub(super) fn subview_slice(&self, subview: OperationRef) -> Slice {
        let offsets = ir::dense_i64_attr(subview, attr::STATIC_OFFSETS).unwrap_or_default();
        let sizes = ir::dense_i64_attr(subview, attr::STATIC_SIZES).unwrap_or_default();
        // Dynamic entries (i64::MIN) take the next dynamic operand, in order:
        // operand 0 is the source, then offsets, sizes, strides. Offsets may
        // depend on thread ids; sizes and strides are values.
        let mut operand = 1;
        let mut next = |e: i64| -> Option<Option<Value>> {
            (e == i64::MIN).then(|| {
                operand += 1;
                subview.operand_at(operand - 1)
            })
        };
        let (offsets, offset_threads): (Vec<Option<i64>>, Vec<ThreadTerms>) = offsets
            .iter()
            .map(|&e| match next(e) {
                Some(value) => value.map_or((None, ThreadTerms::default()), |v| self.index_form(v)),
                None => (Some(e), ThreadTerms::default()),
            })
            .unzip();
        let mut resolve = |entries: &[i64]| -> Vec<Option<i64>> {
            entries
                .iter()
                .map(|&e| match next(e) {
                    Some(value) => value.and_then(|v| self.bindings.eval(v)),
                    None => Some(e),
                })
                .collect()
        };
        let sizes = resolve(&sizes);
        let strides = resolve(&ir::dense_i64_attr(subview, attr::STATIC_STRIDES).unwrap_or_default());
        let extents = sizes
            .iter()
            .zip(&strides)
            .map(|(size, stride)| size.zip(*stride).and_then(|(n, s)| extent(n, s)))
            .collect::<Vec<_>>();
        // A negative stride walks down from the offset: the slice starts
        // (size - 1) * |stride| below it.
        let starts = offsets.iter().zip(&sizes).zip(&strides).map(|((offset, size), stride)| match (offset, size, stride) {
            (Some(o), Some(n), Some(s)) if *s < 0 && *n > 0 => (n - 1).checked_mul(*s).and_then(|down| o.checked_add(down)),
            (_, _, None) => None,
            _ => *offset,
        });
        Slice(starts.zip(extents).collect(), strides, offset_threads, None)
    }
}
