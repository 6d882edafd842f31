//! The IR layer: everything that touches MLIR's raw C handles lives in this
//! folder, behind safe functions over melior's types. Passes and analyses
//! use only these and melior's safe API.
//!
//! - [`ods`]: typed views of asyncpipe's ops, generated from the ODS.
//! - [`asyncop`]: the asyncop chain (handle type, start/update/done read
//!   back from the done, what a start wraps).
//! - [`asyncpipe`]: what those ops mean (queue of an op, group and token
//!   types).
//! - [`par`]: what the par ops mean to the lowerings (thread ids, moving a
//!   body, delinearizing a thread number).
//! - [`builder`]: creating ops at an insertion point.
//! - [`rewrite`]: replacing, moving and rebuilding ops.
//! - [`diag`]: diagnostics at an op's location.
//! - [`transforms`]: asyncpipe's C++ transforms (multi-buffering).
//! - [`slices`]: the offsets, sizes and strides of subviews and slices,
//!   and `affine.apply`'s expression.
//! - [`upstream`]: the upstream ops the passes recognize or build, by name.
//! - [`positions`]: results, operands, regions, arguments by position.
//! - this module: queries melior does not provide (attributes, uses,
//!   defining ops, walks, types).

pub mod async_effects;
pub mod asyncop;
pub mod asyncpipe;
pub mod asyncpipe_types;
pub mod builder;
pub mod diag;
pub mod nvvm;
pub mod ods;
pub mod par;
pub mod positions;
pub mod rewrite;
pub mod slices;
pub mod transforms;
pub mod upstream;

use crate::passes::ir::{positions::OpPositions, upstream::{attr, Upstream}};
use melior::ir::attribute::{AttributeLike, IntegerAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{block::BlockLike, BlockRef, RegionLike, TypeLike, Value, ValueLike};

/// The operation's name, borrowed from the context (no allocation).
pub fn op_name<'c>(op: OperationRef<'c, '_>) -> &'c str {
    // An identifier's text is uniqued in, and lives as long as, its context.
    let raw = unsafe { mlir_sys::mlirIdentifierStr(mlir_sys::mlirOperationGetName(op.to_raw())) };
    let bytes: &'c [u8] = unsafe { std::slice::from_raw_parts(raw.data as *const u8, raw.length) };
    // Op names are ASCII identifiers (checked cheaply, as every pass asks
    // for every op's name); a quoted generic name may be anything, and one
    // that is not UTF-8 reads as "".
    if bytes.is_ascii() {
        unsafe { std::str::from_utf8_unchecked(bytes) }
    } else {
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}

/// The operations of `block`, in order.
pub fn ops<'c, 'a>(block: BlockRef<'c, 'a>) -> impl Iterator<Item = OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block())
}

/// The blocks of every region of `op`.
pub fn blocks<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<BlockRef<'c, 'a>> {
    op.regions().flat_map(region_blocks).collect()
}

/// The blocks of `region`, in order.
pub fn region_blocks<'c, 'a>(region: melior::ir::RegionRef<'c, 'a>) -> Vec<BlockRef<'c, 'a>> {
    let mut blocks = Vec::new();
    let mut block = region.first_block();
    while let Some(b) = block {
        blocks.push(b);
        block = b.next_in_region();
    }
    blocks
}

/// An integer attribute's value, if `op` has one named `name`.
pub fn int_attr(op: OperationRef, name: &str) -> Option<i64> {
    let attribute = op.attribute(name).ok()?;
    IntegerAttribute::try_from(attribute).ok().map(|a| a.value())
}

/// Erases `op` (it must have no uses left).
pub fn erase(op: OperationRef) {
    unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) }
}

/// The op that defines `value`, None for a block argument.
pub fn defining_op<'c, 'a, V: ValueLike<'c>>(value: V) -> Option<OperationRef<'c, 'a>> {
    unsafe {
        let raw = value.to_raw();
        if !mlir_sys::mlirValueIsAOpResult(raw) {
            return None;
        }
        Some(OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(raw)))
    }
}

/// Every op nested under `root` (not `root` itself), in pre-order.
pub fn nested_ops<'c, 'a>(root: OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut all = Vec::new();
    walk(root, &mut |op| all.push(op));
    all
}

/// Calls `visit` on every op nested under `root` (not `root` itself), in
/// pre-order, without collecting them. `visit` must not erase what is still
/// to be walked.
pub fn walk<'c, 'a>(root: OperationRef<'c, 'a>, visit: &mut impl FnMut(OperationRef<'c, 'a>)) {
    for region in root.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut child = b.first_operation();
            while let Some(c) = child {
                visit(c);
                walk(c, visit);
                child = c.next_in_block();
            }
            block = b.next_in_region();
        }
    }
}

/// A boolean attribute's value (`true`/`false` constants are `i1` integers).
pub fn bool_attr(op: OperationRef, name: &str) -> Option<bool> {
    let attribute = op.attribute(name).ok()?;
    if unsafe { mlir_sys::mlirAttributeIsABool(attribute.to_raw()) } {
        return Some(unsafe { mlir_sys::mlirBoolAttrGetValue(attribute.to_raw()) });
    }
    None
}

/// The last op of `block`: its terminator, in the verified IR the passes
/// walk. Not `mlirBlockGetTerminator` alone: it answers null for an
/// `scf.for` body whose only other op is an `asyncpipe.commit_queue`
/// holding nothing but its implicit yield (a fuzzer finding; the cause
/// inside MLIR's C API is not understood), so every pass asks here, and the
/// block is walked only when the C API has no answer (what it answers is
/// the last op).
pub fn terminator<'c, 'a>(block: BlockRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    block.terminator().or_else(|| ops(block).last())
}

/// The ops around `op`, innermost first, up to the top of the IR.
pub fn ancestors<'c, 'a>(op: OperationRef<'c, 'a>) -> impl Iterator<Item = OperationRef<'c, 'a>> {
    std::iter::successors(op.parent_operation(), |p| p.parent_operation())
}

/// The function `op` is in (a `func.func` or `gpu.func`, [`is_function`]).
pub fn enclosing_function<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    ancestors(op).find(|p| is_function(*p))
}

/// The op before `op` in its block (melior's `previous_in_block` panics: the
/// C API has no such function).
pub fn previous<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    ops(op.block()?).take_while(|o| *o != op).last()
}

/// `#gpu<dim x>`, `#gpu<dim y>`, `#gpu<dim z>`: the `dimension` attribute
/// of `gpu.thread_id` and its kin, by index. The enum has no C API; its
/// printed form is read and written here, and nowhere else.
pub const GPU_DIMENSIONS: [&str; 3] = ["#gpu<dim x>", "#gpu<dim y>", "#gpu<dim z>"];

/// The dimension (0 for x, 1 for y, 2 for z) that a `gpu.thread_id`,
/// `gpu.block_dim` or similar op names.
pub fn gpu_dimension(op: OperationRef) -> Option<usize> {
    let attribute = op.attribute(attr::DIMENSION).ok()?;
    let text = attribute.to_string();
    GPU_DIMENSIONS.iter().position(|d| *d == text)
}

/// The size of a dynamic dimension in a shaped type (`?`,
/// `ShapedType::kDynamic`).
pub const DYNAMIC_SIZE: i64 = i64::MIN;

/// A `gpu.func`'s `known_block_size` (x, y, z), if it declares one.
pub fn known_block_size(function: OperationRef) -> Option<[i64; 3]> {
    let sizes = dense_i32_attr(function, attr::KNOWN_BLOCK_SIZE)?;
    match sizes.as_slice() {
        [x, y, z] => Some([i64::from(*x), i64::from(*y), i64::from(*z)]),
        _ => None,
    }
}

/// A `DenseI64ArrayAttr`'s elements, if `op` has one named `name`.
pub fn dense_i64_attr(op: OperationRef, name: &str) -> Option<Vec<i64>> {
    dense_array(op, name, mlir_sys::mlirAttributeIsADenseI64Array, mlir_sys::mlirDenseI64ArrayGetElement)
}

/// A `DenseI32ArrayAttr`'s elements (e.g. `operandSegmentSizes`), if `op` has one named `name`.
pub fn dense_i32_attr(op: OperationRef, name: &str) -> Option<Vec<i32>> {
    dense_array(op, name, mlir_sys::mlirAttributeIsADenseI32Array, mlir_sys::mlirDenseI32ArrayGetElement)
}

fn dense_array<T>(
    op: OperationRef,
    name: &str,
    is_a: unsafe extern "C" fn(mlir_sys::MlirAttribute) -> bool,
    element: unsafe extern "C" fn(mlir_sys::MlirAttribute, isize) -> T,
) -> Option<Vec<T>> {
    let attribute = op.attribute(name).ok()?.to_raw();
    unsafe {
        if !is_a(attribute) {
            return None;
        }
        let count = mlir_sys::mlirDenseArrayGetNumElements(attribute);
        Some((0..count).map(|i| element(attribute, i)).collect())
    }
}

/// The ops that use `value` (once per use).
pub fn users<'c, 'a>(value: melior::ir::Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    uses(value).into_iter().map(|(user, _)| user).collect()
}

/// Whether `op` is a function whose body the analyses walk.
pub fn is_function(op: OperationRef) -> bool {
    matches!(upstream::Upstream::of(op), Some(upstream::Upstream::FuncFunc | upstream::Upstream::GpuFunc | upstream::Upstream::LlvmFunc))
}

/// `root` if it is a function, else every function nested under it (not
/// looking inside function bodies), in pre-order; collected up front, so
/// rewriting one does not disturb the walk.
pub fn functions<'c, 'a>(root: OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    split_at_functions(root).0
}

/// [`functions`] of `root`, and the ops under `root` that are in none of
/// them (the module-level ops around them, not the functions themselves),
/// both in pre-order.
pub fn split_at_functions<'c, 'a>(root: OperationRef<'c, 'a>) -> (Vec<OperationRef<'c, 'a>>, Vec<OperationRef<'c, 'a>>) {
    let (mut found, mut outside) = (Vec::new(), Vec::new());
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        if is_function(op) {
            found.push(op);
            continue;
        }
        if op != root {
            outside.push(op);
        }
        let mut children: Vec<OperationRef> = blocks(op).into_iter().flat_map(ops).collect();
        children.reverse();
        stack.extend(children);
    }
    (found, outside)
}

/// The first block of region `index` of `op`, if any.
pub fn region_entry<'c, 'a>(op: OperationRef<'c, 'a>, index: usize) -> Option<BlockRef<'c, 'a>> {
    op.region_at(index).and_then(|r| r.first_block())
}

/// The value of an integer `arith.constant`, if one defines `value`.
pub fn constant_int<'c, V: ValueLike<'c>>(value: V) -> Option<i64> {
    let defining: OperationRef = defining_op(value)?;
    if !upstream::Upstream::ArithConstant.is(defining) {
        return None;
    }
    int_attr(defining, attr::VALUE)
}

/// `(lb, ub, step)` of a loop when all three are `arith.constant`s.
pub fn static_bounds(op: OperationRef) -> Option<(i64, i64, i64)> {
    let constant = |index: usize| constant_int(op.operand_at(index)?);
    Some((constant(0)?, constant(1)?, constant(2)?))
}

/// The trip count `ceil((ub - lb) / step)` (0 if `ub <= lb`) of a loop with
/// constant bounds and a positive step; None when it does not fit in an i64
/// (bounds near the `index` limits: computed in 128 bits, never wrapped).
pub fn static_trip_count(op: OperationRef) -> Option<i64> {
    let (lb, ub, step) = static_bounds(op)?;
    if step <= 0 {
        return None;
    }
    if ub <= lb {
        return Some(0);
    }
    let (lb, ub, step) = (i128::from(lb), i128::from(ub), i128::from(step));
    i64::try_from((ub - lb + step - 1) / step).ok()
}

/// Where a memref lives, as the GPU lowerings tell it apart: global memory
/// (no memory space, 0, 1 or `#gpu.address_space<global>`), workgroup
/// (shared) memory (3 or `#gpu.address_space<workgroup>`), or another space,
/// printed.
#[derive(Debug, PartialEq, Eq)]
pub enum MemorySpace {
    Global,
    Workgroup,
    Other(String),
}

/// `#gpu.address_space<workgroup>`, the memory space of a block's shared
/// memory (the gpu dialect has no C API for it).
pub fn workgroup_space<'c>(context: &'c melior::Context) -> melior::ir::Attribute<'c> {
    melior::ir::Attribute::parse(context, WORKGROUP_SPACE).expect("the gpu dialect's workgroup address space")
}

const WORKGROUP_SPACE: &str = "#gpu.address_space<workgroup>";

/// The memory space of memref type `memref`; for any other type (an
/// accumulator tile: registers) `Other` with the type's text.
pub fn memory_space<'c>(memref: melior::ir::Type<'c>) -> MemorySpace {
    unsafe {
        let raw = memref.to_raw();
        let space = if mlir_sys::mlirTypeIsAMemRef(raw) {
            mlir_sys::mlirMemRefTypeGetMemorySpace(raw)
        } else if mlir_sys::mlirTypeIsAUnrankedMemRef(raw) {
            mlir_sys::mlirUnrankedMemrefGetMemorySpace(raw)
        } else {
            return MemorySpace::Other(memref.to_string());
        };
        if space.ptr.is_null() {
            return MemorySpace::Global;
        }
        if mlir_sys::mlirAttributeIsAInteger(space) {
            return match mlir_sys::mlirIntegerAttrGetValueInt(space) {
                0 | 1 => MemorySpace::Global,
                3 => MemorySpace::Workgroup,
                n => MemorySpace::Other(n.to_string()),
            };
        }
        let text = melior::ir::Attribute::from_raw(space).to_string();
        match text.as_str() {
            "#gpu.address_space<global>" => MemorySpace::Global,
            WORKGROUP_SPACE => MemorySpace::Workgroup,
            _ => MemorySpace::Other(text),
        }
    }
}

/// The sizes of a shaped type (memref, vector, tensor); a dynamic size is
/// MLIR's `ShapedType::kDynamic` (`i64::MIN`). Empty for any other type (an
/// accumulator tile is not a shaped type).
pub fn shape<'c>(ty: melior::ir::Type<'c>) -> Vec<i64> {
    unsafe {
        if !mlir_sys::mlirTypeIsAShaped(ty.to_raw()) || !mlir_sys::mlirShapedTypeHasRank(ty.to_raw()) {
            return Vec::new();
        }
        let rank = mlir_sys::mlirShapedTypeGetRank(ty.to_raw());
        (0..rank).map(|d| mlir_sys::mlirShapedTypeGetDimSize(ty.to_raw(), d as isize)).collect()
    }
}

/// An op's identity, as a map key: equal for the same op while it lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpKey(usize);

impl OpKey {
    pub fn of(op: OperationRef) -> Self {
        Self(op.to_raw().ptr as usize)
    }
}

/// A hash map keyed by [`OpKey`], [`ValueKey`] or [`TypeKey`]. The keys are
/// addresses, already unique, so a multiply spreads them well enough; the
/// default SipHash costs more than the lookups it serves in the analyses'
/// per-op paths, and its random seed would make any order read from the map
/// differ from run to run.
pub type KeyMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// The hasher of [`KeyMap`]: Fibonacci hashing of the address. The
/// product's low bits see only the address's low bits, which alignment
/// zeroes, and hashbrown picks buckets by the low bits: `finish` rotates the
/// well-mixed high bits down.
#[derive(Default)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.write_u64(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        for &byte in chunks.remainder() {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    // The analyses' states hash integers field by field (derived Hash): one
    // round each, not one per byte.
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_i32(&mut self, n: i32) {
        self.write_u64(n as u64);
    }

    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }

    fn write_i128(&mut self, n: i128) {
        self.write_u128(n as u128);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// A value's identity, as a map key: equal for the same SSA value while it lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueKey(usize);

impl ValueKey {
    pub fn of<'c>(value: impl ValueLike<'c>) -> Self {
        Self(value.to_raw().ptr as usize)
    }

    /// A key that no value has (values are at addresses past the first
    /// page), for analyses that track a quantity of their own beside the
    /// values; `index` below 4096.
    pub fn synthetic(index: usize) -> Self {
        assert!(index < 4096, "synthetic value keys stay below the first page");
        Self(index)
    }
}

/// A memory effect, as `MemoryEffectOpInterface` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryEffect {
    Read,
    Write,
    Allocate,
    Free,
}

/// Whether `effects` (from [`memory_effects`]; None: unknown) include one
/// of `kind` (None: any kind) that may be on `value`: an effect on no
/// particular value may be on any.
pub fn has_effect_on<'c, 'a>(effects: &Option<Vec<(MemoryEffect, Option<Value<'c, 'a>>)>>, kind: Option<MemoryEffect>, value: Value<'c, 'a>) -> bool {
    match effects {
        Some(effects) => effects.iter().any(|(k, on)| kind.is_none_or(|kind| *k == kind) && on.is_none_or(|v| v == value)),
        None => true,
    }
}

/// The memory effects of `op` and of everything nested in it, each with the
/// value it is on (None: no particular value); None when some op's effects
/// are unknown. Effects on non-memory resources (asyncpipe's queues) are
/// left out.
pub fn memory_effects<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<Vec<(MemoryEffect, Option<Value<'c, 'a>>)>> {
    use std::ffi::c_void;
    struct Collect {
        effects: Vec<(crate::ffi::AsyncpipeEffectKind, mlir_sys::MlirValue)>,
    }
    unsafe extern "C" fn on_effect(user: *mut c_void, kind: crate::ffi::AsyncpipeEffectKind, value: mlir_sys::MlirValue) {
        let collect = unsafe { &mut *(user as *mut Collect) };
        collect.effects.push((kind, value));
    }
    let mut collect = Collect { effects: Vec::new() };
    let known = unsafe {
        crate::ffi::asyncpipeMemoryEffects(op.to_raw(), Some(on_effect), &mut collect as *mut Collect as *mut c_void)
    };
    if !known {
        return None;
    }
    let effects = collect.effects.into_iter().filter_map(|(kind, raw)| {
        let kind = match kind {
            crate::ffi::AsyncpipeEffectRead => MemoryEffect::Read,
            crate::ffi::AsyncpipeEffectWrite => MemoryEffect::Write,
            crate::ffi::AsyncpipeEffectAllocate => MemoryEffect::Allocate,
            crate::ffi::AsyncpipeEffectFree => MemoryEffect::Free,
            _ => return None,
        };
        // The values are operands, results or block arguments of ops under `op`.
        let value = (!raw.ptr.is_null()).then(|| unsafe { Value::from_raw(raw) });
        Some((kind, value))
    });
    Some(effects.collect())
}

/// Whether `value` is defined by an op nested in `op` or by a block of one of its regions.
pub fn is_defined_inside<'c>(value: impl ValueLike<'c>, op: OperationRef) -> bool {
    let mut owner = unsafe {
        let raw = value.to_raw();
        if mlir_sys::mlirValueIsAOpResult(raw) {
            mlir_sys::mlirOpResultGetOwner(raw)
        } else {
            mlir_sys::mlirBlockGetParentOperation(mlir_sys::mlirBlockArgumentGetOwner(raw))
        }
    };
    while !owner.ptr.is_null() {
        if owner.ptr == op.to_raw().ptr {
            return true;
        }
        owner = unsafe { mlir_sys::mlirOperationGetParentOperation(owner) };
    }
    false
}

/// The block that `value` is an argument of; None for an op result.
pub fn argument_owner<'c, 'a>(value: Value<'c, 'a>) -> Option<BlockRef<'c, 'a>> {
    unsafe {
        let raw = value.to_raw();
        if !mlir_sys::mlirValueIsABlockArgument(raw) {
            return None;
        }
        BlockRef::from_option_raw(mlir_sys::mlirBlockArgumentGetOwner(raw))
    }
}

/// The position of block argument `value` in its block; None for an op result.
pub fn argument_index(value: Value) -> Option<usize> {
    unsafe {
        let raw = value.to_raw();
        if !mlir_sys::mlirValueIsABlockArgument(raw) {
            return None;
        }
        usize::try_from(mlir_sys::mlirBlockArgumentGetArgNumber(raw)).ok()
    }
}

/// The operands `terminator` passes to its successor number `k`: all of a
/// `cf.br`'s, one side of a `cf.cond_br`'s (its operand segments). None for
/// other terminators (whose forwarding this does not know).
pub fn successor_operands<'c, 'a>(terminator: OperationRef<'c, 'a>, k: usize) -> Option<Vec<Value<'c, 'a>>> {
    if Upstream::CfBr.is(terminator) {
        return (k == 0).then(|| terminator.operands().collect());
    }
    if !Upstream::CfCondBr.is(terminator) || k > 1 {
        return None;
    }
    let sizes = dense_i32_attr(terminator, attr::OPERAND_SEGMENT_SIZES)?;
    let true_count = usize::try_from(*sizes.get(1)?).ok()?;
    let count = usize::try_from(*sizes.get(1 + k)?).ok()?;
    let skip = if k == 0 { 1 } else { 1 + true_count };
    Some(terminator.operands().skip(skip).take(count).collect())
}

/// The ancestor of `op` (itself included) that is an op of `block`; None
/// when `op` is not nested in `block`.
pub fn ancestor_in<'c, 'a>(op: OperationRef<'c, 'a>, block: BlockRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut current = Some(op);
    while let Some(op) = current {
        if op.block() == Some(block) {
            return Some(op);
        }
        current = op.parent_operation();
    }
    None
}

/// The element type of a shaped type (memref, vector, tensor).
pub fn element_type<'c>(ty: melior::ir::Type<'c>) -> melior::ir::Type<'c> {
    unsafe {
        if !mlir_sys::mlirTypeIsAShaped(ty.to_raw()) {
            return ty; // a scalar, or a type with no elements
        }
        melior::ir::Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(ty.to_raw()))
    }
}

/// Whether `ty` is a floating-point type.
pub fn is_float<'c>(ty: melior::ir::Type<'c>) -> bool {
    unsafe { mlir_sys::mlirTypeIsAFloat(ty.to_raw()) }
}

/// The address space of an LLVM pointer type (`!llvm.ptr` is 0,
/// `!llvm.ptr<3>` shared memory); None for any other type.
pub fn pointer_space<'c>(ty: melior::ir::Type<'c>) -> Option<u32> {
    unsafe {
        mlir_sys::mlirTypeIsALLVMPointerType(ty.to_raw()).then(|| mlir_sys::mlirLLVMPointerTypeGetAddressSpace(ty.to_raw()))
    }
}

/// The bit width of an integer or floating-point type; None for others.
pub fn scalar_bits<'c>(ty: melior::ir::Type<'c>) -> Option<u32> {
    unsafe {
        if mlir_sys::mlirTypeIsAInteger(ty.to_raw()) {
            Some(mlir_sys::mlirIntegerTypeGetWidth(ty.to_raw()))
        } else if mlir_sys::mlirTypeIsAFloat(ty.to_raw()) {
            Some(mlir_sys::mlirFloatTypeGetWidth(ty.to_raw()))
        } else {
            None
        }
    }
}

/// The size in bytes of one element of type `ty` (a scalar, or a shaped
/// type's element): its bits over 8, at least 1.
pub fn element_bytes<'c>(ty: melior::ir::Type<'c>) -> i64 {
    let element = if ty.is_mem_ref() || ty.is_vector() || ty.is_tensor() { element_type(ty) } else { ty };
    i64::from(scalar_bits(element).unwrap_or(8) / 8).max(1)
}

/// The strides and offset of a memref type's layout, None when they are not
/// expressible (a non-strided layout).
pub fn strides_and_offset<'c>(memref: melior::ir::Type<'c>) -> Option<(Vec<i64>, i64)> {
    if !memref.is_mem_ref() {
        return None;
    }
    let rank = shape(memref).len();
    let mut strides = vec![0i64; rank];
    let mut offset = 0i64;
    let ok = unsafe { mlir_sys::mlirMemRefTypeGetStridesAndOffset(memref.to_raw(), strides.as_mut_ptr(), &mut offset) };
    (ok.value != 0).then_some((strides, offset))
}

/// A function-like op's `function_type`.
fn function_type<'c>(function: OperationRef<'c, '_>) -> Option<melior::ir::r#type::FunctionType<'c>> {
    let ty = melior::ir::attribute::TypeAttribute::try_from(function.attribute(attr::FUNCTION_TYPE).ok()?).ok()?;
    melior::ir::r#type::FunctionType::try_from(ty.value()).ok()
}

/// The number of inputs of a function-like op's `function_type`.
pub fn function_input_count(function: OperationRef) -> usize {
    function_type(function).map_or(0, |ty| ty.input_count())
}

/// The number of results of a function-like op's `function_type`.
pub fn function_result_count(function: OperationRef) -> usize {
    function_type(function).map_or(0, |ty| ty.result_count())
}

/// The elements of an array attribute (none for another attribute).
pub fn array_elements<'c>(array: melior::ir::Attribute<'c>) -> Vec<melior::ir::Attribute<'c>> {
    unsafe {
        if !mlir_sys::mlirAttributeIsAArray(array.to_raw()) {
            return Vec::new();
        }
        (0..mlir_sys::mlirArrayAttrGetNumElements(array.to_raw()))
            .map(|i| melior::ir::Attribute::from_raw(mlir_sys::mlirArrayAttrGetElement(array.to_raw(), i)))
            .collect()
    }
}

/// `memref<elementxspace>` of a memref type: the rank-0 base buffer type
/// that `memref.extract_strided_metadata` returns for it.
pub fn scalar_memref_like<'c>(memref: melior::ir::Type<'c>) -> melior::ir::Type<'c> {
    unsafe {
        let ty = memref.to_raw();
        melior::ir::Type::from_raw(mlir_sys::mlirMemRefTypeGet(
            mlir_sys::mlirShapedTypeGetElementType(ty),
            0,
            std::ptr::null(),
            mlir_sys::mlirAttributeGetNull(),
            mlir_sys::mlirMemRefTypeGetMemorySpace(ty),
        ))
    }
}

/// Whether a memref type is in the default memory space (none, or 0).
pub fn has_default_memory_space(memref: melior::ir::Type) -> bool {
    if !memref.is_mem_ref() {
        return false;
    }
    unsafe {
        let space = mlir_sys::mlirMemRefTypeGetMemorySpace(memref.to_raw());
        space.ptr.is_null() || (mlir_sys::mlirAttributeIsAInteger(space) && mlir_sys::mlirIntegerAttrGetValueInt(space) == 0)
    }
}

/// Whether the op registered as `op` declares an inherent attribute (or
/// property) named `attribute` (false when no such op is registered).
pub fn declares_attribute(context: &melior::Context, op: &str, attribute: &str) -> bool {
    unsafe {
        crate::ffi::asyncpipeOperationDeclaresAttribute(
            context.to_raw(),
            melior::StringRef::new(op).to_raw(),
            melior::StringRef::new(attribute).to_raw(),
        )
    }
}

/// The context `op` lives in, for attribute and type constructors.
pub fn context<'c>(op: OperationRef<'c, '_>) -> &'c melior::Context {
    stable_context(op.context())
}

/// A `&'c Context` for a `ContextRef<'c>` that stays valid for `'c`.
///
/// melior's `ContextRef::to_ref` returns a reference into the `ContextRef`
/// value itself, so it dangles once a local `ContextRef` goes out of scope.
/// This keeps one `ContextRef` per MLIR context for the life of the process
/// (a pointer-sized box per context ever seen), whose `to_ref` stays valid as
/// long as the context does, which `'c` guarantees.
pub fn stable_context<'c>(context: melior::ContextRef<'c>) -> &'c melior::Context {
    use once_cell::sync::Lazy;
    use std::collections::HashMap;
    use std::sync::Mutex;
    // Raw context -> address of its leaked ContextRef.
    static CONTEXTS: Lazy<Mutex<HashMap<usize, usize>>> = Lazy::new(|| Mutex::new(HashMap::new()));
    let raw = unsafe { context.to_ref() }.to_raw();
    let mut contexts = CONTEXTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let kept = *contexts.entry(raw.ptr as usize).or_insert_with(|| {
        let leaked: &'static melior::ContextRef<'static> = Box::leak(Box::new(unsafe { melior::ContextRef::from_raw(raw) }));
        leaked as *const melior::ContextRef<'static> as usize
    });
    // The box lives forever; the context it names lives for 'c.
    unsafe { (*(kept as *const melior::ContextRef<'c>)).to_ref() }
}

/// A type's identity, as a map key (types are uniqued in their context).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeKey(usize);

impl TypeKey {
    pub fn of(ty: melior::ir::Type) -> Self {
        Self(ty.to_raw().ptr as usize)
    }
}

/// The op under `root` (or `root`) whose key is `key`, if it is still there
/// (a walk: for reporting, not for hot paths).
pub fn find_op<'c, 'a>(root: OperationRef<'c, 'a>, key: OpKey) -> Option<OperationRef<'c, 'a>> {
    std::iter::once(root).chain(nested_ops(root)).find(|op| OpKey::of(*op) == key)
}

/// Runs `f` on `ops` cut into contiguous chunks, one per thread the
/// context allows (at most `max_threads`), and returns the results in chunk
/// order. `f` must only read the IR: MLIR lets threads read one module
/// together, as it runs function passes. With multithreading disabled
/// (`--mlir-disable-threading`) there is one chunk, on this thread.
pub fn read_in_parallel<'c, 'a, T: Send>(
    ops: &[OperationRef<'c, 'a>],
    max_threads: usize,
    f: impl Fn(&[OperationRef<'c, 'a>]) -> T + Sync,
) -> Vec<T> {
    in_chunks(ops, max_threads, |chunk, _| f(chunk))
}

/// Like [`read_in_parallel`], but `f` may rewrite the IR inside the ops of
/// its chunk, which must be isolated from above (functions), as MLIR's pass
/// manager runs a function pass on several functions at once: the ops it
/// creates are of dialects the pass has loaded. `f` also gets the chunk's
/// range of indices into `ops`, for data the caller keeps per op. The
/// diagnostics `f` raises are emitted after every chunk is done, chunk by
/// chunk, so they come in the order a sequential run would raise them.
pub fn rewrite_in_parallel<'c, 'a, T: Send>(
    ops: &[OperationRef<'c, 'a>],
    max_threads: usize,
    f: impl Fn(&[OperationRef<'c, 'a>], std::ops::Range<usize>) -> T + Sync,
) -> Vec<T> {
    debug_assert!(ops.iter().all(|op| is_function(*op)), "rewrite_in_parallel runs on functions");
    let parts = in_chunks(ops, max_threads, |chunk, range| diag::collect(|| f(chunk, range)));
    parts
        .into_iter()
        .map(|(result, diagnostics)| {
            diagnostics.emit();
            result
        })
        .collect()
}

/// Ops held for later work, which may pass between the threads of
/// [`read_in_parallel`] and [`rewrite_in_parallel`]: the ops of one
/// function, found while reading it and rewritten later by whichever thread
/// then owns that function (one at a time, as MLIR's pass manager shares a
/// module between function passes).
#[derive(Default)]
pub struct OpList<'c, 'a> {
    ops: Vec<usize>,
    _ir: std::marker::PhantomData<OperationRef<'c, 'a>>,
}

// Addresses only; see the type's documentation for who may use them when.
unsafe impl Send for OpList<'_, '_> {}
unsafe impl Sync for OpList<'_, '_> {}

impl<'c, 'a> OpList<'c, 'a> {
    pub fn push(&mut self, op: OperationRef<'c, 'a>) {
        self.ops.push(op.to_raw().ptr as usize);
    }

    pub fn iter(&self) -> impl Iterator<Item = OperationRef<'c, 'a>> + '_ {
        // The ops live as long as 'a: nothing erases them before their
        // owner's work on them is done.
        self.ops.iter().map(|&ptr| unsafe { OperationRef::from_raw(mlir_sys::MlirOperation { ptr: ptr as *mut _ }) })
    }
}

/// `f` on contiguous chunks of `ops` (with their ranges of indices), one per
/// thread the context allows, at most `max_threads`; results in chunk order.
fn in_chunks<'c, 'a, T: Send>(
    ops: &[OperationRef<'c, 'a>],
    max_threads: usize,
    f: impl Fn(&[OperationRef<'c, 'a>], std::ops::Range<usize>) -> T + Sync,
) -> Vec<T> {
    let threads = match ops.first() {
        Some(op) => (unsafe { mlir_sys::mlirContextGetNumThreads(mlir_sys::mlirOperationGetContext(op.to_raw())) }) as usize,
        None => 1,
    };
    let chunks = threads.clamp(1, max_threads).min(ops.len().max(1));
    if chunks <= 1 {
        return vec![f(ops, 0..ops.len())];
    }
    let size = ops.len().div_ceil(chunks);
    // Operations cross threads as addresses (OperationRef is not Send).
    let raw: Vec<usize> = ops.iter().map(|op| op.to_raw().ptr as usize).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = raw
            .chunks(size)
            .enumerate()
            .map(|(i, chunk)| {
                let f = &f;
                scope.spawn(move || {
                    let ops: Vec<OperationRef<'c, 'a>> = chunk
                        .iter()
                        .map(|&ptr| unsafe { OperationRef::from_raw(mlir_sys::MlirOperation { ptr: ptr as *mut _ }) })
                        .collect();
                    f(&ops, i * size..i * size + chunk.len())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    })
}

/// Whether anything uses `value`.
pub fn has_uses<'c, 'a>(value: melior::ir::Value<'c, 'a>) -> bool {
    unsafe { !mlir_sys::mlirValueGetFirstUse(value.to_raw()).ptr.is_null() }
}

/// The uses of `value`: each user with the operand number it is used at.
pub fn uses<'c, 'a>(value: melior::ir::Value<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, usize)> {
    let mut uses = Vec::new();
    unsafe {
        let mut use_ = mlir_sys::mlirValueGetFirstUse(value.to_raw());
        while !use_.ptr.is_null() {
            let owner = OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(use_));
            uses.push((owner, mlir_sys::mlirOpOperandGetOperandNumber(use_) as usize));
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
    }
    uses
}

/// The function a `func.call` names (its `callee`), if it is one.
pub fn callee(op: OperationRef) -> Option<String> {
    if Upstream::of(op) != Some(Upstream::FuncCall) {
        return None;
    }
    let callee = melior::ir::attribute::FlatSymbolRefAttribute::try_from(op.attribute(attr::CALLEE).ok()?).ok()?;
    Some(callee.value().to_string())
}

/// Whether argument `index` of `function` (a `func.func` or `gpu.func`)
/// carries the unit attribute `name` among its argument attributes (for
/// instance `llvm.noalias`).
pub fn argument_has_attr(function: OperationRef, index: usize, name: &str) -> bool {
    let Ok(arg_attrs) = function.attribute(upstream::attr::ARG_ATTRS) else { return false };
    let Some(dictionary) = array_elements(arg_attrs).get(index).copied() else { return false };
    unsafe {
        let raw = dictionary.to_raw();
        if !mlir_sys::mlirAttributeIsADictionary(raw) {
            return false;
        }
        let name = mlir_sys::MlirStringRef { data: name.as_ptr() as *const std::ffi::c_char, length: name.len() };
        !mlir_sys::mlirDictionaryAttrGetElementByName(raw, name).ptr.is_null()
    }
}

/// Whether `op` has no regions and no memory effects: arithmetic, views,
/// ids, what a rewrite may recompute, move or drop when unused.
pub fn is_pure(op: OperationRef) -> bool {
    op.region_count() == 0 && memory_effects(op).is_some_and(|e| e.is_empty())
}

/// The integer entry `key` of the dictionary attribute `name` of `op` (as
/// `asyncpipe.gemm_tiling`'s `stages`).
pub fn dict_int(op: OperationRef, name: &str, key: &str) -> Option<i64> {
    let dictionary = melior::ir::attribute::DictionaryAttribute::try_from(op.attribute(name).ok()?).ok()?;
    melior::ir::attribute::IntegerAttribute::try_from(dictionary.element_by_name(key)?).ok().map(|i| i.value())
}

/// The symbol a `FlatSymbolRefAttr` named `name` of `op` refers to.
pub fn flat_symbol(op: OperationRef, name: &str) -> Option<String> {
    let symbol = melior::ir::attribute::FlatSymbolRefAttribute::try_from(op.attribute(name).ok()?).ok()?;
    Some(symbol.value().to_string())
}

/// The `sym_name` of a symbol op (a function), if it has one.
pub fn symbol_name(op: OperationRef) -> Option<String> {
    let name = op.attribute(attr::SYM_NAME).ok()?;
    let name = melior::ir::attribute::StringAttribute::try_from(name).ok()?;
    Some(name.value().to_string())
}

/// Whether a memref type has the identity layout (no strides or offset).
pub fn has_identity_layout(memref: melior::ir::Type) -> bool {
    if !memref.is_mem_ref() {
        return false;
    }
    unsafe {
        let layout = mlir_sys::mlirMemRefTypeGetLayout(memref.to_raw());
        mlir_sys::mlirAttributeIsAAffineMap(layout)
            && mlir_sys::mlirAffineMapIsIdentity(mlir_sys::mlirAffineMapAttrGetValue(layout))
    }
}

/// `memref` with its memory space replaced by the integer `space` (as the
/// upstream lowering to LLVM expects: 3 for workgroup memory), or by none;
/// other types as they are.
pub fn with_integer_memory_space<'c>(memref: melior::ir::Type<'c>, space: Option<i64>) -> melior::ir::Type<'c> {
    unsafe {
        let ty = memref.to_raw();
        if !mlir_sys::mlirTypeIsAMemRef(ty) {
            return memref;
        }
        let context = mlir_sys::mlirTypeGetContext(ty);
        let space = match space {
            Some(space) => mlir_sys::mlirIntegerAttrGet(mlir_sys::mlirIntegerTypeGet(context, 64), space),
            None => mlir_sys::mlirAttributeGetNull(),
        };
        with_memory_space_raw(memref, space)
    }
}

/// `memref` with its memory space replaced by `space` (a
/// `#gpu.address_space<workgroup>`, say); other types as they are.
pub fn with_memory_space<'c>(memref: melior::ir::Type<'c>, space: melior::ir::Attribute<'c>) -> melior::ir::Type<'c> {
    if !memref.is_mem_ref() {
        return memref;
    }
    unsafe { with_memory_space_raw(memref, space.to_raw()) }
}

/// `memref` (a memref type) with memory space `space`.
unsafe fn with_memory_space_raw<'c>(memref: melior::ir::Type<'c>, space: mlir_sys::MlirAttribute) -> melior::ir::Type<'c> {
    unsafe {
        let ty = memref.to_raw();
        let shape = shape(memref);
        melior::ir::Type::from_raw(mlir_sys::mlirMemRefTypeGet(
            mlir_sys::mlirShapedTypeGetElementType(ty),
            shape.len() as isize,
            shape.as_ptr(),
            mlir_sys::mlirMemRefTypeGetLayout(ty),
            space,
        ))
    }
}


/// The `memref.alloc` that `value` is a view of, through `memref.subview`s;
/// None when it is anything else (an argument, another op's result).
pub fn allocation_of<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let op = defining_op(value)?;
    match upstream::Upstream::of(op) {
        Some(upstream::Upstream::MemrefSubview) => allocation_of(op.operand_at(0)?),
        Some(upstream::Upstream::MemrefAlloc) => Some(op),
        _ => None,
    }
}

/// Whether `value`'s offset (in elements) is a multiple of `unit`: static
/// and a multiple, or that of a `memref.subview` whose source's offset is,
/// with every offset times its source stride a multiple (a dynamic offset
/// counts when its stride is a multiple: the versions of a multi-buffered
/// tile).
pub fn starts_aligned(value: Value, unit: i64) -> bool {
    let Some((_, offset)) = strides_and_offset(value.r#type()) else { return false };
    if offset != DYNAMIC_SIZE {
        return offset % unit == 0;
    }
    let Some(subview) = defining_op(value).filter(|op| upstream::Upstream::MemrefSubview.is(*op)) else { return false };
    let Ok(source) = subview.operand(0) else { return false };
    let Some((source_strides, _)) = strides_and_offset(source.r#type()) else { return false };
    let offsets = dense_i64_attr(subview, upstream::attr::STATIC_OFFSETS).unwrap_or_default();
    starts_aligned(source, unit)
        && offsets.iter().zip(&source_strides).all(|(offset, stride)| {
            *stride != DYNAMIC_SIZE
                && (*offset == DYNAMIC_SIZE && stride % unit == 0
                    || *offset != DYNAMIC_SIZE && offset.checked_mul(*stride).is_some_and(|o| o % unit == 0))
        })
}

/// The regions of `op` and of the ops nested in it that have more than one
/// block (control flow in CFG form).
pub fn multi_block_regions<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<melior::ir::RegionRef<'c, 'a>> {
    std::iter::once(op)
        .chain(nested_ops(op))
        .flat_map(|o| (0..o.region_count()).filter_map(move |i| o.region_at(i)))
        .filter(|region| region_blocks(*region).len() > 1)
        .collect()
}
