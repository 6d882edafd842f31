//! Which part of a shared tensor or buffer each thread of a
//! `par.foreach_thread` writes, and whether the parts of different threads
//! are disjoint.
//!
//! An access is a box: per dimension of the whole value, an offset that is
//! affine in the thread ids ([`Form`]: constants, values that are the same
//! for every thread, and products of a thread id with one such value) and
//! an extent (how many elements from the offset the access can touch,
//! `(size - 1) * stride + 1`). Two threads `t != t'` are proven apart when
//! some dimension separates them: its offset is `Σ a_k * t_k + c` with the
//! coefficients spaced so that no two id tuples come closer than the
//! extent (a mixed radix: the smallest `|a|` at least the extent, each next
//! at least the span of the ones below plus the extent), or, for one id, a
//! coefficient that is the (symbolic) size itself. When that proof fails and
//! every count and coefficient is a constant, the threads are enumerated (up
//! to [`MAX_ENUMERATED`]), which finds the first overlapping pair or shows
//! there is none.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use crate::passes::ir::ods::par::{ForeachThreadOp, ParallelInsertSliceOp};
use crate::passes::ir::slices::{self, Mixed, Slice};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, MemoryEffect, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::TypeLike;
use melior::ir::{RegionLike, Value, ValueLike};
use std::collections::BTreeMap;

/// The most threads (all ids of a pair of accesses together) the exact
/// check enumerates pairwise.
pub const MAX_ENUMERATED: i128 = 4096;

/// What a [`Form`] sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Atom {
    /// Thread id number `k` of the access's ids.
    Thread(usize),
    /// A value that is the same in every thread.
    Symbol(ValueKey),
    /// A thread id times such a value.
    Scaled(usize, ValueKey),
    /// The induction variable of an `scf.for` inside the body, with
    /// constant bounds: folded into the offset and the extent (the box
    /// covering every iteration) when the access is built.
    Loop { key: ValueKey, first: i128, last: i128 },
}

/// `constant + Σ coefficient * atom`, without zero coefficients.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Form {
    pub constant: i128,
    pub terms: BTreeMap<Atom, i128>,
}

impl Form {
    fn constant(c: i128) -> Self {
        Form { constant: c, terms: BTreeMap::new() }
    }

    fn atom(atom: Atom) -> Self {
        Form { constant: 0, terms: BTreeMap::from([(atom, 1)]) }
    }

    fn as_constant(&self) -> Option<i128> {
        self.terms.is_empty().then_some(self.constant)
    }

    fn add(&self, other: &Form) -> Option<Form> {
        let mut sum = self.clone();
        sum.constant = sum.constant.checked_add(other.constant)?;
        for (atom, c) in &other.terms {
            let entry = sum.terms.entry(*atom).or_insert(0);
            *entry = entry.checked_add(*c)?;
            if *entry == 0 {
                sum.terms.remove(atom);
            }
        }
        Some(sum)
    }

    fn scale(&self, factor: i128) -> Option<Form> {
        if factor == 0 {
            return Some(Form::default());
        }
        let mut scaled = Form::constant(self.constant.checked_mul(factor)?);
        for (atom, c) in &self.terms {
            scaled.terms.insert(*atom, c.checked_mul(factor)?);
        }
        Some(scaled)
    }

    fn mul(&self, other: &Form) -> Option<Form> {
        if let Some(c) = other.as_constant() {
            return self.scale(c);
        }
        if let Some(c) = self.as_constant() {
            return other.scale(c);
        }
        // (k * s) * (Σ a_t * t + c) with s the same in every thread.
        let single_symbol = |f: &Form| match (f.constant, f.terms.iter().collect::<Vec<_>>().as_slice()) {
            (0, [(Atom::Symbol(s), k)]) => Some((*s, **k)),
            _ => None,
        };
        let threads_only = |f: &Form| f.terms.keys().all(|a| matches!(a, Atom::Thread(_)));
        if self.terms.keys().chain(other.terms.keys()).any(|a| matches!(a, Atom::Loop { .. })) {
            return None;
        }
        let (symbol, k, threads) = match (single_symbol(self), single_symbol(other)) {
            (Some((s, k)), _) if threads_only(other) => (s, k, other),
            (_, Some((s, k))) if threads_only(self) => (s, k, self),
            _ => return None,
        };
        let mut product = Form::default();
        if threads.constant != 0 {
            product.terms.insert(Atom::Symbol(symbol), threads.constant.checked_mul(k)?);
        }
        for (atom, a) in &threads.terms {
            let Atom::Thread(t) = atom else { return None };
            product.terms.insert(Atom::Scaled(*t, symbol), a.checked_mul(k)?);
        }
        Some(product)
    }

    /// The part that depends on the thread ids.
    fn thread_part(&self) -> BTreeMap<Atom, i128> {
        self.terms.iter().filter(|(a, _)| matches!(a, Atom::Thread(_) | Atom::Scaled(..))).map(|(a, c)| (*a, *c)).collect()
    }

    /// The value for constant thread ids, when nothing else varies.
    fn at(&self, ids: &[i128]) -> Option<i128> {
        let mut value = self.constant;
        for (atom, c) in &self.terms {
            match atom {
                Atom::Thread(k) => value = value.checked_add(c.checked_mul(*ids.get(*k)?)?)?,
                _ => return None,
            }
        }
        Some(value)
    }
}

/// One thread id that varies for an access: the foreach_thread, which of
/// its dimensions, and its count when constant.
#[derive(Clone, Copy, Debug)]
pub struct ThreadId<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub dimension: usize,
    pub key: ValueKey,
    pub count: Option<i128>,
}

/// Whether an access reads or writes its part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Write,
    Read,
}

/// The part of `whole` one thread accesses at `op`, per dimension of `whole`.
#[derive(Clone, Debug)]
pub struct Access<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub kind: Kind,
    pub whole: Value<'c, 'a>,
    pub offsets: Vec<Form>,
    /// `None` for an extent that is not constant or a thread-free form.
    pub extents: Vec<Form>,
    /// The ids that vary for this access, outermost first: those of the
    /// enclosing foreach_threads that `whole` is defined above.
    pub ids: Vec<ThreadId<'c, 'a>>,
}

/// Why an access could not be described.
#[derive(Clone, Debug)]
pub struct Unanalyzable<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub reason: String,
}

/// The enclosing foreach_threads of `op` whose threads share `whole`,
/// innermost first.
fn sharing_foreach_threads<'c, 'a>(op: OperationRef<'c, 'a>, whole: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    ir::ancestors(op)
        .filter(|a| ForeachThreadOp::is(*a))
        .take_while(|f| !ir::is_defined_inside(whole, *f))
        .collect()
}

struct Linearizer<'c, 'a> {
    ids: Vec<ThreadId<'c, 'a>>,
    /// The outermost foreach_thread whose ids vary: values defined above it
    /// are the same in every thread.
    outermost: Option<OperationRef<'c, 'a>>,
    /// A form was given up because it passed its type's width (the program
    /// wraps around there; the forms do not).
    wrapped: std::cell::Cell<bool>,
}

impl<'c, 'a> Linearizer<'c, 'a> {
    fn new(sharing: &[OperationRef<'c, 'a>]) -> Self {
        let mut ids = Vec::new();
        for op in sharing.iter().rev() {
            let foreach = ForeachThreadOp::cast(*op).expect("a foreach_thread");
            let counts: Vec<Value> = foreach.num_threads().collect();
            let Some(block) = foreach.body().first_block() else { continue };
            for d in 0..block.argument_count() {
                let Ok(argument) = block.argument(d) else { continue };
                ids.push(ThreadId {
                    op: *op,
                    dimension: d,
                    key: ValueKey::of(argument),
                    count: counts.get(d).and_then(|c| ir::constant_int(*c)).map(i128::from),
                });
            }
        }
        Linearizer { ids, outermost: sharing.last().copied(), wrapped: std::cell::Cell::new(false) }
    }

    /// Why `what` #`d` has no form: it wraps around, or it is not affine.
    fn why(&self, what: &str, d: usize) -> String {
        if self.wrapped.replace(false) {
            format!("{what} #{d} is computed past its type's width (the program wraps around there, the analysis does not)")
        } else {
            format!("{what} #{d} is not affine in the thread ids")
        }
    }

    fn is_shared(&self, value: Value<'c, 'a>) -> bool {
        self.outermost.is_none_or(|f| !ir::is_defined_inside(value, f))
    }

    fn mixed(&self, mixed: Mixed<'c, 'a>) -> Option<Form> {
        match mixed {
            Mixed::Static(c) => Some(Form::constant(c.into())),
            Mixed::Dynamic(v) => self.form(v, 0),
        }
    }

    /// A size: its form, or for an `affine.min` of which some result is a
    /// constant (the tile size of a partial tile, `min(16, n - 16 * t)`),
    /// that constant, an upper bound of the size (the part lies inside the
    /// box of that size).
    fn size(&self, mixed: Mixed<'c, 'a>) -> Option<Form> {
        if let Some(form) = self.mixed(mixed) {
            return Some(form);
        }
        let Mixed::Dynamic(value) = mixed else { return None };
        let op = ir::defining_op(value).filter(|op| Upstream::AffineMin.is(*op))?;
        let (results, dims, operands) = slices::affine_min(op)?;
        let forms: Vec<Option<Form>> = operands.iter().map(|v| self.form(*v, 1)).collect();
        results
            .iter()
            .filter_map(|expr| expr.evaluate(&Forms, dims, &forms).and_then(|f| f.as_constant()))
            .min()
            .map(|c| Form::constant(c.max(0)))
    }

    /// `value` as a form in the ids; None when it is not affine in them.
    fn form(&self, value: Value<'c, 'a>, depth: usize) -> Option<Form> {
        if depth > 64 {
            return None;
        }
        let key = ValueKey::of(value);
        if let Some(k) = self.ids.iter().position(|id| id.key == key) {
            return Some(Form::atom(Atom::Thread(k)));
        }
        if let Some(c) = ir::constant_int(value) {
            return Some(Form::constant(c.into()));
        }
        if self.is_shared(value) {
            return Some(Form::atom(Atom::Symbol(key)));
        }
        if let Some((first, last)) = loop_range(value) {
            return Some(Form::atom(Atom::Loop { key, first, last }));
        }
        let op = ir::defining_op(value)?;
        let operand = |i: usize| op.operand_at(i).and_then(|v| self.form(v, depth + 1));
        // Arithmetic wraps at the type's width: a form whose coefficients
        // or constant do not fit it is not what the program computes (a
        // product past 2^64 wraps), so it is unknown.
        let bits = crate::passes::analysis::symbolic::integer_bits(value.r#type()).unwrap_or(64);
        let limit = 1i128 << (bits.clamp(1, 64) - 1);
        let fits = |form: &Form| {
            (-limit..limit).contains(&form.constant) && form.terms.values().all(|c| (-limit..limit).contains(c))
        };
        let computed = self.arith(op, value, depth, &operand)?;
        if !fits(&computed) {
            self.wrapped.set(true);
            return None;
        }
        Some(computed)
    }

    /// [`Self::form`] of an op's result, before the width check.
    fn arith(&self, op: OperationRef<'c, 'a>, value: Value<'c, 'a>, depth: usize, operand: &dyn Fn(usize) -> Option<Form>) -> Option<Form> {
        let key = ValueKey::of(value);
        match Upstream::of(op)? {
            Upstream::ArithAddi => operand(0)?.add(&operand(1)?),
            Upstream::ArithSubi => operand(0)?.add(&operand(1)?.scale(-1)?),
            Upstream::ArithMuli => operand(0)?.mul(&operand(1)?),
            Upstream::ArithIndexCast | Upstream::ArithIndexCastui => operand(0),
            Upstream::AffineApply => {
                let (expr, dims, operands) = slices::affine_apply(op)?;
                let forms: Vec<Option<Form>> = operands.iter().map(|v| self.form(*v, depth + 1)).collect();
                expr.evaluate(&Forms, dims, &forms)
            }
            // A value computed inside from shared values only (a dim of a
            // captured tensor) is the same in every thread.
            Upstream::TensorDim | Upstream::MemrefDim => {
                let operands: Vec<Value> = (0..op.operand_count()).filter_map(|i| op.operand_at(i)).collect();
                operands
                    .iter()
                    .all(|v| self.form(*v, depth + 1).is_some_and(|f| f.thread_part().is_empty()))
                    .then(|| Form::atom(Atom::Symbol(key)))
            }
            _ => None,
        }
    }
}

/// Affine maps over forms in the ids: sums and products as [`Form`]
/// has them; `mod` and divisions only of constants.
struct Forms;

impl slices::AffineDomain for Forms {
    type Value = Form;

    fn constant(&self, value: i128) -> Option<Form> {
        Some(Form::constant(value))
    }

    fn as_constant(&self, value: &Form) -> Option<i128> {
        value.as_constant()
    }

    fn add(&self, a: &Form, b: &Form) -> Option<Form> {
        a.add(b)
    }

    fn scale(&self, a: &Form, factor: i128) -> Option<Form> {
        a.scale(factor)
    }

    fn product(&self, a: &Form, b: &Form) -> Option<Form> {
        a.mul(b)
    }

    fn divide(&self, _: &Form, _: slices::Division, _: i128) -> Option<Form> {
        None
    }
}

/// The values an `scf.for` induction variable takes, `[first, last]`, when
/// its bounds and step are constants and it runs at least once.
fn loop_range(value: Value) -> Option<(i128, i128)> {
    let block = ir::argument_owner(value)?;
    let for_op = block.parent_operation().filter(|op| Upstream::ScfFor.is(*op))?;
    if block.argument_at(0).map(ValueKey::of) != Some(ValueKey::of(value)) {
        return None;
    }
    let (lb, ub, step) = ir::static_bounds(for_op)?;
    let (lb, ub, step) = (i128::from(lb), i128::from(ub), i128::from(step));
    if step <= 0 || ub <= lb {
        return None;
    }
    let trips = (ub - lb + step - 1) / step;
    Some((lb, lb + step * (trips - 1)))
}

/// Folds the loop atoms of `offset` into it and `extent`: the box that
/// every iteration's part lies in.
fn widen_over_loops(offset: &mut Form, extent: &mut Form) -> Option<()> {
    let loops: Vec<(Atom, i128)> = offset.terms.iter().filter(|(a, _)| matches!(a, Atom::Loop { .. })).map(|(a, c)| (*a, *c)).collect();
    for (atom, c) in loops {
        offset.terms.remove(&atom);
        let Atom::Loop { first, last, .. } = atom else { continue };
        let (low, high) = if c >= 0 { (c.checked_mul(first)?, c.checked_mul(last)?) } else { (c.checked_mul(last)?, c.checked_mul(first)?) };
        offset.constant = offset.constant.checked_add(low)?;
        if extent.as_constant() == Some(0) {
            continue;
        }
        extent.constant = extent.constant.checked_add(high.checked_sub(low)?)?;
    }
    Some(())
}

/// The extent of one dimension: `(size - 1) * stride + 1`, or the size
/// itself for a unit stride.
fn extent(size: &Form, stride: &Form) -> Option<Form> {
    if !size.thread_part().is_empty() {
        return None;
    }
    match (size.as_constant(), stride.as_constant()) {
        (Some(0), _) => Some(Form::constant(0)),
        (_, Some(1)) => Some(size.clone()),
        (Some(s), Some(st)) => Some(Form::constant(s.checked_sub(1)?.checked_mul(st.checked_abs()?)?.checked_add(1)?)),
        _ => None,
    }
}

/// The part of its destination a `par.parallel_insert_slice` writes, or a
/// `tensor.extract_slice` reads.
fn slice_access<'c, 'a>(op: OperationRef<'c, 'a>, kind: Kind) -> Result<Access<'c, 'a>, Unanalyzable<'c, 'a>> {
    let fail = |reason: String| Unanalyzable { op, reason };
    let (whole, slice) = Slice::of(op).ok_or_else(|| fail("names no slice".into()))?;
    let sharing = sharing_foreach_threads(op, whole);
    let lin = Linearizer::new(&sharing);
    let mut offsets = Vec::new();
    let mut extents = Vec::new();
    for d in 0..slice.offsets.len() {
        let offset = lin
            .mixed(slice.offsets[d])
            .ok_or_else(|| fail(lin.why("offset", d)))?;
        let size = lin.size(slice.sizes[d]).ok_or_else(|| fail(lin.why("size", d)))?;
        let stride = lin
            .mixed(slice.strides[d])
            .ok_or_else(|| fail(lin.why("stride", d)))?;
        let extent = extent(&size, &stride).ok_or_else(|| {
            fail(format!("size #{d} and stride #{d} vary with the thread ids or give no extent (a dynamic size needs a unit stride)"))
        })?;
        let (mut offset, mut extent) = (offset, extent);
        widen_over_loops(&mut offset, &mut extent).ok_or_else(|| fail(format!("offset #{d} overflows over its loop")))?;
        offsets.push(offset);
        extents.push(extent);
    }
    Ok(Access { op, kind, whole, offsets, extents, ids: lin.ids })
}

/// The part of the buffer at the root of `value`'s chain of subviews that
/// `value` covers (the whole of it for no subview), accessed at `op`.
fn buffer_access<'c, 'a>(
    op: OperationRef<'c, 'a>,
    value: Value<'c, 'a>,
    indices: Option<Vec<Value<'c, 'a>>>,
) -> Result<Access<'c, 'a>, Unanalyzable<'c, 'a>> {
    let fail = |reason: String| Unanalyzable { op, reason };
    // The chain, innermost first.
    let mut chain = Vec::new();
    let mut root = value;
    while let Some(subview) = ir::defining_op(root).filter(|d| Upstream::MemrefSubview.is(*d)) {
        let (source, slice) = Slice::of(subview).ok_or_else(|| fail("a subview without offsets".into()))?;
        chain.push(slice);
        root = source;
    }
    let sharing = sharing_foreach_threads(op, root);
    let lin = Linearizer::new(&sharing);
    let rank = ir::shape(root.r#type()).len();
    // Start with the whole root: offsets 0, extents its shape (unknown
    // extents only matter if they are compared).
    let mut offsets: Vec<Form> = vec![Form::constant(0); rank];
    let mut extents: Vec<Option<Form>> = ir::shape(root.r#type())
        .into_iter()
        .map(|n| (n >= 0).then(|| Form::constant(n.into())))
        .collect();
    let mut strides: Vec<i128> = vec![1; rank];
    for slice in chain.iter().rev() {
        if slice.offsets.len() != offsets.len() {
            return Err(fail("a subview of a rank-reducing subview".into()));
        }
        let mut next_offsets = Vec::new();
        let mut next_extents = Vec::new();
        let mut next_strides = Vec::new();
        for d in 0..offsets.len() {
            let offset = lin.mixed(slice.offsets[d]).ok_or_else(|| fail(lin.why("offset", d)))?;
            let size = lin.size(slice.sizes[d]).ok_or_else(|| fail(lin.why("size", d)))?;
            let stride = lin
                .mixed(slice.strides[d])
                .and_then(|s| s.as_constant())
                .ok_or_else(|| fail(format!("stride #{d} is not a constant")))?;
            let total_stride = strides[d].checked_mul(stride).ok_or_else(|| fail("stride overflows".into()))?;
            next_offsets.push(
                offsets[d]
                    .add(&offset.scale(strides[d]).ok_or_else(|| fail("offset overflows".into()))?)
                    .ok_or_else(|| fail("offset overflows".into()))?,
            );
            next_extents.push(extent(&size, &Form::constant(total_stride)));
            next_strides.push(total_stride);
        }
        offsets = next_offsets;
        extents = next_extents;
        strides = next_strides;
    }
    // A store writes one element at its indices, in the innermost view.
    if let Some(indices) = indices {
        if indices.len() != offsets.len() {
            return Err(fail("a store into a rank-reducing subview".into()));
        }
        for d in 0..offsets.len() {
            let index = lin.form(indices[d], 0).ok_or_else(|| fail(lin.why("index", d)))?;
            offsets[d] = offsets[d]
                .add(&index.scale(strides[d]).ok_or_else(|| fail("index overflows".into()))?)
                .ok_or_else(|| fail("index overflows".into()))?;
            extents[d] = Some(Form::constant(1));
        }
    }
    let extents: Option<Vec<Form>> = extents.into_iter().collect();
    let mut extents = extents.ok_or_else(|| fail("the written part has a size that varies with the thread ids or a dynamic stride".into()))?;
    for d in 0..offsets.len() {
        widen_over_loops(&mut offsets[d], &mut extents[d]).ok_or_else(|| fail(format!("offset #{d} overflows over its loop")))?;
    }
    Ok(Access { op, kind: Kind::Write, whole: root, offsets, extents, ids: lin.ids })
}

/// Every access of a shared value inside `foreach` (and the foreach_threads
/// nested in it) that the disjointness check covers: the slices each
/// `par.parallel_insert_slice` writes; the parts of a destination that the
/// body reads through `tensor.extract_slice`; and, in buffer form, every
/// write to a buffer (or a subview chain of one) defined above the op. An op
/// that writes a shared buffer in a way the analysis cannot describe is
/// reported as [`Unanalyzable`].
pub fn accesses<'c, 'a>(foreach: OperationRef<'c, 'a>) -> Vec<Result<Access<'c, 'a>, Unanalyzable<'c, 'a>>> {
    let mut found = Vec::new();
    let mut destinations: Vec<ValueKey> = Vec::new();
    for op in ir::nested_ops(foreach) {
        if let Some(insert) = ParallelInsertSliceOp::cast(op) {
            destinations.push(ValueKey::of(insert.dest()));
            found.push(slice_access(op, Kind::Write));
        }
    }
    for op in ir::nested_ops(foreach) {
        if Upstream::TensorExtractSlice.is(op) {
            if op.operand_at(0).is_some_and(|s| destinations.contains(&ValueKey::of(s))) {
                found.push(slice_access(op, Kind::Read));
            }
            continue;
        }
        // Control flow: the ops inside are visited themselves.
        if ParallelInsertSliceOp::is(op)
            || ForeachThreadOp::is(op)
            || matches!(Upstream::of(op), Some(Upstream::ScfFor | Upstream::ScfIf | Upstream::ScfWhile | Upstream::ScfExecuteRegion))
        {
            continue;
        }
        if Upstream::MemrefStore.is(op) {
            let (Ok(target), operands) = (op.operand(1), op.operand_count()) else { continue };
            let indices: Vec<Value> = (2..operands).filter_map(|i| op.operand_at(i)).collect();
            if !sharing_foreach_threads(op, subview_root(target)).is_empty() {
                found.push(buffer_access(op, target, Some(indices)));
            }
            continue;
        }
        let Some(reported) = ir::memory_effects(op) else { continue };
        for (effect, value) in reported {
            let Some(value) = value else { continue };
            if effect != MemoryEffect::Write || !value.r#type().is_mem_ref() {
                continue;
            }
            if !sharing_foreach_threads(op, subview_root(value)).is_empty() {
                found.push(buffer_access(op, value, None));
            }
        }
    }
    found
}

fn subview_root<'c: 'a, 'a>(mut value: Value<'c, 'a>) -> Value<'c, 'a> {
    while let Some(subview) = ir::defining_op(value).filter(|d| Upstream::MemrefSubview.is(*d)) {
        match subview.operand(0) {
            Ok(source) => value = source,
            Err(_) => break,
        }
    }
    value
}

/// The verdict on a pair of accesses (or one access with itself) over
/// pairs of different threads.
#[derive(Clone, Debug)]
pub enum Verdict {
    Disjoint,
    /// Two threads whose parts overlap, with the first part's thread first.
    Overlap { first: Vec<i128>, second: Vec<i128> },
    /// Neither proven nor enumerable; the reason.
    Unproven(String),
}

/// Whether the accesses `a` of thread `t` and `b` of thread `t'` are apart
/// for every `t != t'` (`a` and `b` share their whole value and ids).
pub fn check_pair(a: &Access, b: &Access) -> Verdict {
    let varying: Vec<usize> = (0..a.ids.len()).filter(|k| a.ids[*k].count != Some(1)).collect();
    if varying.is_empty() || a.ids.iter().any(|id| id.count == Some(0)) {
        return Verdict::Disjoint;
    }
    if a.offsets.len() != b.offsets.len() {
        return Verdict::Unproven("the two parts have different ranks".into());
    }
    // An empty part overlaps nothing.
    if a.extents.iter().chain(&b.extents).any(|e| e.as_constant() == Some(0)) {
        return Verdict::Disjoint;
    }
    let same = a.offsets == b.offsets && a.extents == b.extents;
    let proof = if same { prove(a, &varying) } else { Err("the two parts are not the same function of the thread ids".into()) };
    match proof {
        Ok(()) => Verdict::Disjoint,
        Err(reason) => enumerate(a, b).unwrap_or(Verdict::Unproven(reason)),
    }
}

/// The mixed-radix proof for one access against itself.
fn prove(a: &Access, varying: &[usize]) -> Result<(), String> {
    let mut separated = vec![false; a.ids.len()];
    for d in 0..a.offsets.len() {
        let part = a.offsets[d].thread_part();
        if part.is_empty() {
            continue;
        }
        let extent = &a.extents[d];
        // One id, scaled by the (symbolic) extent or more.
        let ids: Vec<usize> = part
            .keys()
            .map(|atom| match atom {
                Atom::Thread(k) | Atom::Scaled(k, _) => *k,
                Atom::Symbol(_) | Atom::Loop { .. } => unreachable!("thread_part has only thread terms"),
            })
            .collect();
        let mut distinct = ids.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() == 1 {
            let k = distinct[0];
            let coefficient = Form {
                constant: part.get(&Atom::Thread(k)).copied().unwrap_or(0),
                terms: part
                    .iter()
                    .filter_map(|(atom, c)| match atom {
                        Atom::Scaled(_, s) => Some((Atom::Symbol(*s), *c)),
                        _ => None,
                    })
                    .collect(),
            };
            if at_least(&coefficient, extent) {
                separated[k] = true;
            }
            continue;
        }
        // Several ids, constant coefficients and extent: a mixed radix.
        let Some(e) = extent.as_constant() else { continue };
        let mut coefficients: Vec<(i128, usize)> = Vec::new();
        let mut constant = true;
        for (atom, c) in &part {
            match atom {
                Atom::Thread(k) => coefficients.push((c.abs(), *k)),
                _ => constant = false,
            }
        }
        if !constant {
            continue;
        }
        coefficients.sort();
        let mut span = e;
        let mut ok = true;
        for (i, (c, k)) in coefficients.iter().enumerate() {
            if *c < span {
                ok = false;
                break;
            }
            if i + 1 < coefficients.len() {
                let Some(n) = a.ids[*k].count else {
                    ok = false;
                    break;
                };
                match c.checked_mul(n - 1).and_then(|v| v.checked_add(span)) {
                    Some(s) => span = s,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
        }
        if ok {
            for (_, k) in coefficients {
                separated[k] = true;
            }
        }
    }
    match varying.iter().find(|k| !separated[**k]) {
        None => Ok(()),
        Some(k) => {
            let id = &a.ids[*k];
            let depth = a.ids.iter().filter(|other| other.op != id.op).map(|other| other.op).collect::<Vec<_>>();
            let which = if depth.is_empty() { "its 'par.foreach_thread'".to_string() } else { format!("the 'par.foreach_thread' at {}", id.op.location()) };
            Err(format!(
                "no dimension's offset separates the threads that differ in thread id #{} of {which} (an offset needs a coefficient of that id at least the part's extent)",
                id.dimension
            ))
        }
    }
}

/// Whether `coefficient` (thread-free) is at least `extent` for every value
/// of the symbols (sizes are not negative).
fn at_least(coefficient: &Form, extent: &Form) -> bool {
    match (coefficient.as_constant(), extent.as_constant()) {
        (Some(c), Some(e)) => c.abs() >= e,
        _ => {
            // k * s against s: |k| >= 1 suffices.
            let sign = if coefficient.constant < 0 || coefficient.terms.values().any(|c| *c < 0) { -1 } else { 1 };
            let Some(magnitude) = coefficient.scale(sign) else { return false };
            magnitude.constant >= extent.constant
                && extent.terms.iter().all(|(atom, e)| magnitude.terms.get(atom).is_some_and(|c| c >= e))
                && magnitude.terms.values().all(|c| *c >= 0)
        }
    }
}

/// Every pair of different threads, when the counts, offsets and extents
/// are constants (symbols common to both parts cancel) and there are at
/// most [`MAX_ENUMERATED`] threads.
fn enumerate(a: &Access, b: &Access) -> Option<Verdict> {
    let counts: Option<Vec<i128>> = a.ids.iter().map(|id| id.count).collect();
    let counts = counts?;
    let total = counts.iter().try_fold(1i128, |p, n| p.checked_mul(*n))?;
    if total > MAX_ENUMERATED || total <= 0 {
        return None;
    }
    // Symbols must cancel: the same symbol terms in both parts.
    let symbols = |f: &Form| -> BTreeMap<Atom, i128> { f.terms.iter().filter(|(a, _)| matches!(a, Atom::Symbol(_))).map(|(a, c)| (*a, *c)).collect() };
    let strip = |f: &Form| Form { constant: f.constant, terms: f.thread_part() };
    let mut a_offsets = Vec::new();
    let mut b_offsets = Vec::new();
    for d in 0..a.offsets.len() {
        if symbols(&a.offsets[d]) != symbols(&b.offsets[d]) {
            return None;
        }
        a_offsets.push(strip(&a.offsets[d]));
        b_offsets.push(strip(&b.offsets[d]));
    }
    let a_extents: Option<Vec<i128>> = a.extents.iter().map(|e| e.as_constant()).collect();
    let b_extents: Option<Vec<i128>> = b.extents.iter().map(|e| e.as_constant()).collect();
    let (a_extents, b_extents) = (a_extents?, b_extents?);
    let tuple = |mut n: i128| -> Vec<i128> {
        let mut ids = vec![0; counts.len()];
        for k in (0..counts.len()).rev() {
            ids[k] = n % counts[k];
            n /= counts[k];
        }
        ids
    };
    let boxes = |offsets: &[Form]| -> Option<Vec<Vec<i128>>> {
        (0..total).map(|n| offsets.iter().map(|f| f.at(&tuple(n))).collect()).collect()
    };
    let (a_boxes, b_boxes) = (boxes(&a_offsets)?, boxes(&b_offsets)?);
    for (i, x) in a_boxes.iter().enumerate() {
        for (j, y) in b_boxes.iter().enumerate() {
            if i == j {
                continue;
            }
            // (Saturating: a box past i128 reaches to its end.)
            let overlap = (0..x.len())
                .all(|d| x[d] < y[d].saturating_add(b_extents[d]) && y[d] < x[d].saturating_add(a_extents[d]));
            if overlap {
                return Some(Verdict::Overlap { first: tuple(i as i128), second: tuple(j as i128) });
            }
        }
    }
    Some(Verdict::Disjoint)
}

/// The part `access` names for thread `ids`, as `[offsets] [extents]`.
pub fn describe_part(access: &Access, ids: &[i128]) -> String {
    let offsets: Vec<String> = access.offsets.iter().map(|f| f.at(ids).map_or("?".into(), |v| v.to_string())).collect();
    let extents: Vec<String> = access.extents.iter().map(|f| f.as_constant().map_or("?".into(), |v| v.to_string())).collect();
    format!("[{}] extents [{}]", offsets.join(", "), extents.join(", "))
}
