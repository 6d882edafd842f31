//! Small IR helpers that melior does not provide.

use melior::ir::attribute::{AttributeLike, IntegerAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::RegionLike;
use melior::ir::{BlockRef, ValueLike};

/// The operation's name, e.g. `asyncpipe.wait_queue`.
pub fn name(op: OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_string()
}

/// The operations of `block`, in order.
pub fn ops<'c, 'a>(block: BlockRef<'c, 'a>) -> impl Iterator<Item = OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block())
}

/// The blocks of every region of `op`.
pub fn blocks<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<BlockRef<'c, 'a>> {
    let mut blocks = Vec::new();
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            blocks.push(b);
            block = b.next_in_region();
        }
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
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        let mut children = Vec::new();
        for block in blocks(op) {
            children.extend(ops(block));
        }
        for child in children.into_iter().rev() {
            stack.push(child);
        }
        if op != root {
            all.push(op);
        }
    }
    all
}

/// A boolean attribute's value (`true`/`false` constants are `i1` integers).
pub fn bool_attr(op: OperationRef, name: &str) -> Option<bool> {
    let attribute = op.attribute(name).ok()?;
    if unsafe { mlir_sys::mlirAttributeIsABool(attribute.to_raw()) } {
        return Some(unsafe { mlir_sys::mlirBoolAttrGetValue(attribute.to_raw()) });
    }
    None
}

/// A `DenseI64ArrayAttr`'s elements, if `op` has one named `name`.
pub fn dense_i64_attr(op: OperationRef, name: &str) -> Option<Vec<i64>> {
    let attribute = op.attribute(name).ok()?.to_raw();
    unsafe {
        if !mlir_sys::mlirAttributeIsADenseI64Array(attribute) {
            return None;
        }
        let count = mlir_sys::mlirDenseArrayGetNumElements(attribute);
        Some((0..count).map(|i| mlir_sys::mlirDenseI64ArrayGetElement(attribute, i)).collect())
    }
}

/// A `DenseI32ArrayAttr`'s elements (e.g. `operandSegmentSizes`), if `op` has one named `name`.
pub fn dense_i32_attr(op: OperationRef, name: &str) -> Option<Vec<i32>> {
    let attribute = op.attribute(name).ok()?.to_raw();
    unsafe {
        if !mlir_sys::mlirAttributeIsADenseI32Array(attribute) {
            return None;
        }
        let count = mlir_sys::mlirDenseArrayGetNumElements(attribute);
        Some((0..count).map(|i| mlir_sys::mlirDenseI32ArrayGetElement(attribute, i)).collect())
    }
}

/// The ops that use `value`.
pub fn users<'c, 'a>(value: melior::ir::Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut users = Vec::new();
    unsafe {
        let mut use_ = mlir_sys::mlirValueGetFirstUse(value.to_raw());
        while !use_.ptr.is_null() {
            users.push(OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(use_)));
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
    }
    users
}

/// Whether `op` is a function whose body the analyses walk.
pub fn is_function(op: OperationRef) -> bool {
    matches!(name(op).as_str(), "func.func" | "gpu.func" | "llvm.func")
}

/// `root` if it is a function, else every function nested under it (not
/// looking inside function bodies), in pre-order; collected up front, so
/// rewriting one does not disturb the walk.
pub fn functions<'c, 'a>(root: OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        if is_function(op) {
            found.push(op);
            continue;
        }
        let mut children: Vec<OperationRef> = blocks(op).into_iter().flat_map(ops).collect();
        children.reverse();
        stack.extend(children);
    }
    found
}

/// The first block of region `index` of `op`, if any.
pub fn region_entry<'c, 'a>(op: OperationRef<'c, 'a>, index: usize) -> Option<BlockRef<'c, 'a>> {
    op.region(index).ok().and_then(|r| r.first_block())
}

/// The value of an integer `arith.constant`, if one defines `value`.
pub fn constant_int<'c, V: ValueLike<'c>>(value: V) -> Option<i64> {
    let defining: OperationRef = defining_op(value)?;
    if name(defining) != "arith.constant" {
        return None;
    }
    int_attr(defining, "value")
}

/// `(lb, ub, step)` of a loop when all three are `arith.constant`s.
pub fn static_bounds(op: OperationRef) -> Option<(i64, i64, i64)> {
    let constant = |index: usize| constant_int(op.operand(index).ok()?);
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

/// The memory space of memref type `memref`.
pub fn memory_space(memref: mlir_sys::MlirType) -> MemorySpace {
    unsafe {
        let space = mlir_sys::mlirMemRefTypeGetMemorySpace(memref);
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
            "#gpu.address_space<workgroup>" => MemorySpace::Workgroup,
            _ => MemorySpace::Other(text),
        }
    }
}

/// The sizes of a shaped type (memref, vector, tensor); a dynamic size is
/// MLIR's `ShapedType::kDynamic` (`i64::MIN`).
pub fn shape(ty: mlir_sys::MlirType) -> Vec<i64> {
    unsafe {
        let rank = mlir_sys::mlirShapedTypeGetRank(ty);
        (0..rank).map(|d| mlir_sys::mlirShapedTypeGetDimSize(ty, d as isize)).collect()
    }
}
