//! The NVVM level's cp.async raised back to nvgpu, on a copy of a function,
//! so that the hazard model (which reads memrefs at indices) checks kernels
//! that upstream's `convert-nvgpu-to-nvvm` has lowered.
//!
//! The conversion turns `nvgpu.device_async_copy %dst[%i, %j], %src[...]`
//! into `nvvm.cp.async.shared.global %dp, %sp, <bytes>` whose pointers it
//! computes as MLIR's `getStridedElementPtr` does: the aligned pointer
//! (field 1) of the memref's descriptor, moved by `offset + i * s0 + j * s1
//! + ...` elements, an `llvm.add` chain of `llvm.mul`s by the memref type's
//! strides (a stride of 1 not multiplied, an offset of 0 not added, a
//! dynamic one read from the descriptor). Raising reads that chain back: a
//! pointer is raised only when it is exactly that sum over its memref's own
//! strides, so the raised copy touches the same elements; anything else is
//! "cannot prove" at the copy. `nvvm.ldmatrix` is raised the same way (an
//! `nvgpu.ldmatrix` beside it, which the model reads as the warp's 16-byte
//! rows). The cp.async queue's `nvvm.cp.async.commit.group` and
//! `wait.group` stay as they are: the queue model knows them.
//!
//! Raising changes only the copy it is given (`rewrite::on_detached_copy`):
//! the function verify-sync reports on is untouched. An op that still
//! reads or writes shared memory through a pointer after raising (an
//! `llvm.load` of memref's own lowering) makes the kernel "not modeled":
//! the hazard model would not see that access.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::upstream::{attr, Upstream, CP_ASYNC_SIZE};
use crate::passes::ir::{self, MemorySpace, ValueKey};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::block::BlockLike;
use melior::ir::{Location, TypeLike, Value, ValueLike};

/// Whether `function` has ops that [`raise`] is for.
pub fn needs_raising(function: OperationRef) -> bool {
    ir::nested_ops(function).iter().any(|op| Upstream::NvvmCpAsyncSharedGlobal.is(*op))
}

/// Where raising stopped, and why.
pub struct Unraised<'c> {
    pub at: Location<'c>,
    pub message: String,
}

/// Raises the cp.async copies and ldmatrix reads of `function` (a copy no
/// one else sees) to their nvgpu forms in place.
pub fn raise<'c: 'a, 'a>(function: OperationRef<'c, 'a>) -> Result<(), Unraised<'c>> {
    // The ops built below are nvgpu's: the dialect is registered wherever
    // its conversion ran, but may not be loaded.
    ir::stable_context(function.context()).get_or_load_dialect(Upstream::NvgpuDeviceAsyncCopy.dialect());
    for op in ir::nested_ops(function) {
        match Upstream::of(op) {
            Some(Upstream::NvvmCpAsyncSharedGlobal) => raise_copy(op)?,
            Some(Upstream::NvvmLdmatrix) => shadow_ldmatrix(op)?,
            _ if through_shared_pointer(op) => {
                return Err(Unraised {
                    at: op.location(),
                    message: format!(
                        "not modeled: '{}' accesses shared memory through a pointer, which the cp.async queue model does not follow (it reads upstream's convert-nvgpu-to-nvvm output, before memref's own lowering); the kernel is not proven",
                        ir::op_name(op)
                    ),
                })
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether `op` may read or write memory through a pointer operand that
/// may point into shared memory: `!llvm.ptr<3>`, or a generic or other
/// pointer (only `!llvm.ptr<1>` is surely global); pointer arithmetic has
/// no memory effects.
fn through_shared_pointer(op: OperationRef) -> bool {
    let mut shared = op.operands().filter(|v| ir::pointer_space(v.r#type()).is_some_and(|space| space != 1)).peekable();
    if shared.peek().is_none() {
        return false;
    }
    let known = ir::memory_effects(op);
    shared.any(|pointer| ir::has_effect_on(&known, None, pointer))
}

/// `nvvm.cp.async.shared.global dst, src, bytes` as
/// `nvgpu.device_async_copy src[...], dst[...], bytes / element`.
fn raise_copy<'c: 'a, 'a>(op: OperationRef<'c, 'a>) -> Result<(), Unraised<'c>> {
    let cannot = |why: &str| Unraised { at: op.location(), message: format!("cannot prove: {why}") };
    let (Ok(dst), Ok(src)) = (op.operand(0), op.operand(1)) else { return Err(cannot("this cp.async has no pointers")) };
    let pattern = "its pointers are not a memref descriptor's aligned pointer moved by the memref's own strides, as convert-nvgpu-to-nvvm computes them, so where it copies is not known";
    let (Some((dst_memref, dst_indices)), Some((src_memref, src_indices))) = (lift(dst), lift(src)) else { return Err(cannot(pattern)) };
    // A copy from global to shared memory, as the op says: not a pointer
    // cast across spaces to make it look like one.
    if ir::memory_space(dst_memref.r#type()) != MemorySpace::Workgroup || ir::memory_space(src_memref.r#type()) == MemorySpace::Workgroup {
        return Err(cannot("its destination is not a workgroup memref, or its source is one"));
    }
    let element = ir::element_bytes(dst_memref.r#type());
    let bytes = ir::int_attr(op, CP_ASYNC_SIZE).unwrap_or(0);
    if element <= 0 || bytes <= 0 || bytes % element != 0 || ir::element_bytes(src_memref.r#type()) != element {
        return Err(cannot("this cp.async's size is not a whole number of its memrefs' elements"));
    }
    let b = Builder::new(op.context(), op.location());
    let point = Point::Before(op);
    let mut operands = vec![dst_memref];
    operands.extend(dst_indices.iter().map(|i| as_index(*i, &b, point)));
    operands.push(src_memref);
    operands.extend(src_indices.iter().map(|i| as_index(*i, &b, point)));
    let segments = format!("array<i32: 1, {}, 1, {}, 0>", dst_indices.len(), src_indices.len());
    let attributes = [
        (attr::DST_ELEMENTS, b.parse_attr(&format!("{} : index", bytes / element))),
        (attr::OPERAND_SEGMENT_SIZES, b.parse_attr(&segments)),
    ];
    b.value(Upstream::NvgpuDeviceAsyncCopy, &operands, b.parse_type("!nvgpu.device.async.token"), &attributes, point);
    ir::erase(op);
    Ok(())
}

/// An `nvgpu.ldmatrix` of the memref and indices `op`'s lane pointer
/// comes from, beside `op` (its result unused: the model reads only what
/// it touches).
fn shadow_ldmatrix<'c: 'a, 'a>(op: OperationRef<'c, 'a>) -> Result<(), Unraised<'c>> {
    let Some((memref, indices)) = op.operand_at(0).and_then(lift).filter(|(m, _)| ir::memory_space(m.r#type()) == MemorySpace::Workgroup) else {
        return Err(Unraised {
            at: op.location(),
            message: "cannot prove: this ldmatrix's pointer is not a memref descriptor's aligned pointer moved by the memref's own strides, so what it reads is not known".into(),
        });
    };
    // nvgpu.ldmatrix's form only: 8x8 tiles of b16, a 16-byte row per lane
    // whatever the memref's element (other shapes and element types read
    // other rows).
    let shape_ok = op.attribute(attr::LDMATRIX_SHAPE).map_or(true, |a| a.to_string().contains("m = 8, n = 8"));
    let element_ok = op.attribute(attr::LDMATRIX_ELEMENT).map_or(true, |a| a.to_string().contains("b16"));
    if !shape_ok || !element_ok {
        return Err(Unraised {
            at: op.location(),
            message: "cannot prove: this ldmatrix is not nvgpu.ldmatrix's form (8x8 tiles of b16), whose rows the model reads".into(),
        });
    }
    let b = Builder::new(op.context(), op.location());
    let point = Point::Before(op);
    let tiles = ir::int_attr(op, attr::LDMATRIX_NUM).unwrap_or(4);
    let transposed = op.attribute(attr::LDMATRIX_LAYOUT).is_ok_and(|l| l.to_string().contains("col"));
    let mut operands = vec![memref];
    operands.extend(indices.iter().map(|i| as_index(*i, &b, point)));
    let element = ir::element_type(memref.r#type());
    let per_lane = (4 / ir::element_bytes(memref.r#type()).max(1)).max(1);
    let result = b.vector_type(&[tiles, per_lane], element);
    let attributes = [
        (attr::NUM_TILES, b.parse_attr(&format!("{tiles} : i32"))),
        (attr::TRANSPOSE, b.parse_attr(if transposed { "true" } else { "false" })),
    ];
    b.value(Upstream::NvgpuLdmatrix, &operands, result, &attributes, point);
    Ok(())
}

/// Whether i64 `value` is one of the nvgpu op's own indices as the
/// conversion carries them: an `index` behind an unrealized cast, or a
/// loop's induction variable or carried value that the conversion retyped
/// from `index` to i64, whose bounds, initial and yielded values are such
/// indices too. Only those are raised: the raised op then takes the very
/// indices the nvgpu op had, and memref semantics (each index inside its
/// dimension) hold of them as they did there; an index computed in LLVM
/// integers could step out of its dimension into the next row, or wrap.
fn is_source_index(value: Value, seen: &mut Vec<ValueKey>) -> bool {
    if !is_i64(value) {
        return false;
    }
    if let Some(def) = ir::defining_op(value) {
        return Upstream::BuiltinUnrealizedConversionCast.is(def)
            && def.operand_count() == 1
            && def.operand_at(0).is_some_and(|index| index.r#type().is_index());
    }
    if seen.contains(&ValueKey::of(value)) {
        return true;
    }
    seen.push(ValueKey::of(value));
    let (Some(block), Some(position)) = (ir::argument_owner(value), ir::argument_index(value)) else { return false };
    let Some(owner) = block.parent_operation().filter(|o| Upstream::ScfFor.is(*o)) else { return false };
    let operands: Vec<Value> = owner.operands().collect();
    let yielded: Vec<Value> = block.terminator().map(|t| t.operands().collect()).unwrap_or_default();
    let mut inputs: Vec<Value> = Vec::new();
    if position == 0 {
        // The induction variable: from its lower bound by its step.
        inputs.extend(operands.iter().take(3).copied());
    } else {
        inputs.extend(operands.get(3 + position - 1).copied());
        inputs.extend(yielded.get(position - 1).copied());
        if inputs.len() != 2 {
            return false;
        }
    }
    inputs.into_iter().all(|v| is_source_index(v, seen))
}

/// `value` (a raised index) as the `index` the raised op takes: the value
/// behind its unrealized cast, or an unrealized cast back to `index` (as
/// the conversion leaves them, and the analyses read through).
fn as_index<'c: 'a, 'a>(value: Value<'c, 'a>, b: &Builder<'c>, point: Point<'c, 'a>) -> Value<'c, 'a> {
    if let Some(def) = ir::defining_op(value).filter(|d| Upstream::BuiltinUnrealizedConversionCast.is(*d)) {
        if let Ok(index) = def.operand(0) {
            return index;
        }
    }
    b.value(Upstream::BuiltinUnrealizedConversionCast, &[value], b.index_type(), &[], point)
}

/// The memref and the indices (i64) that pointer `pointer` addresses:
/// `getelementptr` of the aligned pointer of the memref's descriptor by
/// `offset + sum(index_k * stride_k)` exactly as the memref type gives
/// them, through `addrspacecast`s. None for anything else.
fn lift<'c: 'a, 'a>(pointer: Value<'c, 'a>) -> Option<(Value<'c, 'a>, Vec<Value<'c, 'a>>)> {
    let mut pointer = pointer;
    while let Some(cast) = ir::defining_op(pointer).filter(|d| Upstream::LlvmAddrspacecast.is(*d)) {
        pointer = cast.operand_at(0)?;
    }
    let def = ir::defining_op(pointer)?;
    let (base, linear) = if Upstream::LlvmGetelementptr.is(def) {
        if ir::dense_i32_attr(def, attr::RAW_CONSTANT_INDICES)? != [i32::MIN] || def.operand_count() != 2 {
            return None;
        }
        let element = def.attribute(attr::ELEM_TYPE).ok().and_then(|a| melior::ir::attribute::TypeAttribute::try_from(a).ok())?.value();
        (def.operand_at(0)?, Some((def.operand_at(1)?, element)))
    } else {
        (pointer, None)
    };
    let extract = ir::defining_op(base).filter(|d| Upstream::LlvmExtractvalue.is(*d))?;
    if ir::dense_i64_attr(extract, attr::POSITION).as_deref() != Some(&[1]) {
        return None;
    }
    let descriptor = extract.operand_at(0)?;
    let cast = ir::defining_op(descriptor).filter(|d| Upstream::BuiltinUnrealizedConversionCast.is(*d) && d.operand_count() == 1)?;
    let memref = cast.operand_at(0).filter(|m| m.r#type().is_mem_ref())?;
    let ty = memref.r#type();
    let (strides, offset) = ir::strides_and_offset(ty)?;
    let rank = strides.len();
    let Some((linear, element)) = linear else {
        // No getelementptr: no index and no offset to add.
        return (rank == 0 && offset == 0).then_some((memref, Vec::new()));
    };
    // A getelementptr on a 0-d memref moves past its one element; and the
    // raised op reads its chunk along the last dimension, which must be
    // contiguous (nvgpu's own rule for cp.async and ldmatrix).
    if rank == 0 || strides.last() != Some(&1) {
        return None;
    }
    // Strides that tell the dimensions apart (two equal strides would let
    // a sum's terms be read back in either dimension); a dimension of size
    // 1 has the one index 0.
    let sizes = ir::shape(ty);
    let mut known: Vec<i64> = strides.iter().zip(&sizes).filter(|(s, size)| **s != i64::MIN && **size != 1).map(|(s, _)| *s).collect();
    known.sort_unstable();
    if known.iter().any(|s| *s <= 0) || known.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    if element != ir::element_type(ty) {
        return None;
    }
    let field = |value: Value, position: &[i64]| -> bool {
        ir::defining_op(value).is_some_and(|d| {
            Upstream::LlvmExtractvalue.is(d) && d.operand_at(0) == Some(descriptor) && ir::dense_i64_attr(d, attr::POSITION).as_deref() == Some(position)
        })
    };
    let constant = |value: Value| ir::defining_op(value).filter(|d| Upstream::LlvmMlirConstant.is(*d)).and_then(|d| ir::int_attr(d, attr::LLVM_CONSTANT_VALUE));
    let mut rest = Some(linear);
    let mut indices = vec![linear; rank];
    for k in (0..rank).rev() {
        let term = if k == 0 && offset == 0 {
            rest.take()?
        } else {
            let add = ir::defining_op(rest?).filter(|d| Upstream::LlvmAdd.is(*d))?;
            rest = Some(add.operand_at(0)?);
            add.operand_at(1)?
        };
        indices[k] = if strides[k] == 1 {
            term
        } else {
            let mul = ir::defining_op(term).filter(|d| Upstream::LlvmMul.is(*d))?;
            let stride = mul.operand_at(1)?;
            let matches = if strides[k] == i64::MIN { field(stride, &[4, k as i64]) } else { constant(stride) == Some(strides[k]) };
            if !matches {
                return None;
            }
            mul.operand_at(0)?
        };
    }
    if offset != 0 {
        let at = rest?;
        let matches = if offset == i64::MIN { field(at, &[2]) } else { constant(at) == Some(offset) };
        if !matches {
            return None;
        }
    }
    // 64-bit arithmetic on the nvgpu op's own indices only (see
    // [`source_index`]).
    if !is_i64(linear) || !indices.iter().all(|i| is_source_index(*i, &mut Vec::new())) {
        return None;
    }
    Some((memref, indices))
}

/// Whether `value` is an i64 (the index width the conversion computes in).
fn is_i64(value: Value) -> bool {
    value.r#type().is_integer() && ir::scalar_bits(value.r#type()) == Some(64)
}
