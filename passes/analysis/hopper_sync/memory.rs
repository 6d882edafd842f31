//! Memory in the Hopper model, by bytes: a memref followed through its
//! views to its buffer and byte range ([`Model::view`]), and at the NVVM
//! level a pointer followed to its buffer and byte offset
//! ([`Model::pointer`]): through `getelementptr`, `addrspacecast`,
//! `inttoptr` of an address computed from one pointer, `llvm.mlir.addressof`
//! of a global, and the aligned pointer of a memref descriptor, whether an
//! unrealized cast made it from a memref or `llvm.insertvalue` built it
//! (memref's own lowering). `llvm.load`, `llvm.store` and other ops on
//! shared-memory pointers are accesses ([`Model::pointer_accesses`]).

use crate::passes::ir::positions::OpPositions;
use super::*;
use crate::passes::analysis::effects::is_view;

impl<'c, 'a> Model<'c, 'a> {
    /// Where an LLVM pointer of the NVVM level points: a buffer and a byte
    /// offset in it. Followed: `llvm.getelementptr` with one index (a
    /// constant or a value the model evaluates, times the element type's
    /// size), `llvm.addrspacecast`, the aligned pointer (position 1) of
    /// a memref descriptor made from a memref by an unrealized cast (the
    /// memref's view, without its offset: the descriptor keeps that apart),
    /// and `llvm.inttoptr` of an address computed from one of those or
    /// from `memref.extract_aligned_pointer_as_index`.
    pub(super) fn pointer(&self, value: Value<'c, 'a>) -> Option<(Buffer, i64)> {
        let def = ir::defining_op(value)?;
        match Upstream::of(def)? {
            Upstream::LlvmAddrspacecast => self.pointer(def.operand_at(0)?),
            Upstream::LlvmGetelementptr => {
                let (buffer, base) = self.pointer(def.operand_at(0)?)?;
                let raw = ir::dense_i32_attr(def, attr::RAW_CONSTANT_INDICES)?;
                // Constant zeros into an aggregate (the first element of a
                // global's array, as memref's lowering takes it) move nothing.
                if raw.len() > 1 && raw.iter().all(|i| *i == 0) {
                    return Some((buffer, base));
                }
                let [index] = raw[..] else { return None };
                let index = if index == i32::MIN { self.eval_int(def.operand_at(1)?)? } else { i64::from(index) };
                let element = def.attribute(attr::ELEM_TYPE).ok().and_then(|a| melior::ir::attribute::TypeAttribute::try_from(a).ok())?.value();
                let size = ir::scalar_bits(element).filter(|bits| bits % 8 == 0).map(|bits| i64::from(bits / 8))?;
                Some((buffer, base.checked_add(index.checked_mul(size)?)?))
            }
            Upstream::LlvmExtractvalue => match Self::aligned(def)? {
                Aligned::Memref(memref) => {
                    let view = self.view(memref);
                    Some((view.buffer, view.base?))
                }
                Aligned::Pointer(pointer) => self.pointer(pointer),
            },
            Upstream::LlvmMlirAddressof => Some((Self::addressed(def)?.0, 0)),
            // An address computed as an integer (asyncpipe's lowerings add
            // offsets to memref.extract_aligned_pointer_as_index): the
            // integer evaluated at two addresses of its one address leaf
            // must move with it, the same number of bytes past it.
            Upstream::LlvmInttoptr => {
                let integer = def.operand_at(0)?;
                let (leaf, dependence) = self.address_leaf(integer)?;
                if dependence != descriptors::Dependence::None {
                    return None;
                }
                let (buffer, base) = self.packed_address(leaf)?;
                let key = ValueKey::of(Value::from(leaf.result_at(0)?));
                let past = |address: i64| -> Option<i64> { self.packed(integer, key, address, &mut 256)?.checked_sub(address) };
                let delta = past(base)?;
                (past(base.checked_add(5 * 1024)?)? == delta).then_some(())?;
                Some((buffer, base.checked_add(delta)?))
            }
            _ => None,
        }
    }

    /// Where the aligned pointer (position 1) that `extract` takes from a
    /// memref descriptor comes from: a memref, when an unrealized cast made
    /// the descriptor from one (as upstream's conversions leave it while
    /// memrefs remain), or the pointer `llvm.insertvalue` put there (the
    /// descriptor memref's lowering builds), through casts of the struct to
    /// a memref and back.
    pub(super) fn aligned(extract: OperationRef<'c, 'a>) -> Option<Aligned<'c, 'a>> {
        if ir::dense_i64_attr(extract, attr::POSITION).as_deref() != Some(&[1]) {
            return None;
        }
        Self::descriptor_aligned(extract.operand_at(0)?)
    }

    /// Where the aligned pointer of memref descriptor `descriptor` (an LLVM
    /// struct) comes from ([`Self::aligned`]).
    pub(super) fn descriptor_aligned(descriptor: Value<'c, 'a>) -> Option<Aligned<'c, 'a>> {
        let mut descriptor = descriptor;
        // Bounded by the chain's length in the IR (SSA has no cycles
        // outside block arguments, which end the walk).
        loop {
            let def = ir::defining_op(descriptor)?;
            match Upstream::of(def)? {
                Upstream::BuiltinUnrealizedConversionCast => {
                    let memref = def.operand_at(0).filter(|m| m.r#type().is_mem_ref())?;
                    let inner = ir::defining_op(memref).filter(|c| Upstream::BuiltinUnrealizedConversionCast.is(*c) && c.operand_count() == 1);
                    match inner.and_then(|c| c.operand_at(0)) {
                        Some(structure) if !structure.r#type().is_mem_ref() => descriptor = structure,
                        _ => return Some(Aligned::Memref(memref)),
                    }
                }
                Upstream::LlvmInsertvalue => {
                    if ir::dense_i64_attr(def, attr::POSITION).as_deref() == Some(&[1]) {
                        return def.operand_at(1).map(Aligned::Pointer);
                    }
                    descriptor = def.operand_at(0)?;
                }
                _ => return None,
            }
        }
    }

    /// The buffer that `llvm.mlir.addressof` `op` names, and whether it is
    /// shared memory: a global of address space 3 with no elements is the
    /// dynamic shared memory (as `gpu.dynamic_shared_memory` lowers), any
    /// other the global by name (as `memref.get_global` names it).
    pub(super) fn addressed(op: OperationRef<'c, 'a>) -> Option<(Buffer, bool)> {
        let name = ir::flat_symbol(op, attr::ADDRESSOF_NAME)?;
        let shared = op.result_at(0).and_then(|r| ir::pointer_space(r.r#type())) == Some(3);
        let module = ir::enclosing_function(op)?.parent_operation()?;
        // Only a global itself: an alias (llvm.mlir.alias) or anything
        // else by that name is not followed.
        let global = ir::blocks(module).into_iter().flat_map(ir::ops).find(|g| ir::symbol_name(*g).as_deref() == Some(name.as_str()))?;
        if !Upstream::LlvmMlirGlobal.is(global) {
            return None;
        }
        let empty = global.attribute(attr::LLVM_GLOBAL_TYPE).ok().is_some_and(|t| t.to_string().contains("array<0 x"));
        Some((if shared && empty { Buffer::Dynamic } else { Buffer::Global(name) }, shared))
    }

    /// Where a pointer was taken from, its offset not needed: followed as
    /// [`Self::pointer`] follows it, but through `getelementptr` indices
    /// the model does not evaluate (an index that depends on the thread).
    pub(super) fn pointer_origin(&self, value: Value<'c, 'a>) -> Option<Origin<'c, 'a>> {
        let def = ir::defining_op(value)?;
        match Upstream::of(def)? {
            Upstream::LlvmAddrspacecast | Upstream::LlvmGetelementptr => self.pointer_origin(def.operand_at(0)?),
            Upstream::LlvmMlirAddressof => Some(Origin::Addressof(def)),
            Upstream::LlvmExtractvalue => match Self::aligned(def)? {
                Aligned::Memref(memref) => Some(Origin::Memref(memref)),
                Aligned::Pointer(pointer) => self.pointer_origin(pointer),
            },
            // A pointer rebuilt from an integer: where the integer's one
            // address leaf points.
            Upstream::LlvmInttoptr => {
                let (leaf, _) = self.address_leaf(def.operand_at(0)?)?;
                self.leaf_memref(leaf).map(Origin::Memref)
            }
            _ => None,
        }
    }

    /// The buffer a pointer points into ([`Self::pointer_origin`]), with
    /// whether it is shared memory.
    pub(super) fn pointer_buffer(&self, value: Value<'c, 'a>) -> Option<(Buffer, bool)> {
        match self.pointer_origin(value)? {
            Origin::Memref(memref) => Some((self.view(memref).buffer, Self::views_workgroup(memref))),
            Origin::Addressof(op) => Self::addressed(op),
        }
    }

    /// The shared memory that `op` reads or writes through LLVM pointers
    /// (the NVVM level after memref's own lowering: `llvm.load`,
    /// `llvm.store`, `nvvm.ldmatrix`, ...): for each pointer operand into
    /// shared memory that the op accesses, its bytes (a load's or store's
    /// own bytes at a pointer the model evaluates, else the whole buffer)
    /// and whether it reads and writes them. Err: a pointer into shared
    /// memory (`!llvm.ptr<3>`) that the model does not follow to a buffer.
    pub(super) fn pointer_accesses(&self, op: OperationRef<'c, 'a>) -> Result<Vec<(Bytes, bool, bool)>, ()> {
        let effects = ir::memory_effects(op);
        let mut found = Vec::new();
        for (position, value) in op.operands().enumerate() {
            let Some(space) = ir::pointer_space(value.r#type()) else { continue };
            let (reads, writes) = (ir::has_effect_on(&effects, Some(MemoryEffect::Read), value), ir::has_effect_on(&effects, Some(MemoryEffect::Write), value));
            if !reads && !writes {
                continue;
            }
            let Some((buffer, shared)) = self.pointer_buffer(value) else {
                // A global pointer, or a kernel's pointer parameter, cannot
                // point into the block's shared memory; any other pointer
                // the model does not follow (a generic one chosen, carried
                // by a loop, rebuilt from an integer) may.
                if space == 1 || Self::from_parameter(value) && space != 3 {
                    continue;
                }
                return Err(());
            };
            if !shared && space != 3 {
                continue;
            }
            let size = match Upstream::of(op) {
                Some(Upstream::LlvmLoad) => op.result_at(0).and_then(|r| type_bytes(r.r#type())),
                Some(Upstream::LlvmStore) if position == 1 => op.operand_at(0).and_then(|v| type_bytes(v.r#type())),
                _ => None,
            };
            let range = (|| {
                let (at, first) = self.pointer(value)?;
                (at == buffer).then_some(())?;
                Some((first, first.checked_add(size?)?))
            })();
            found.push((Bytes { buffer, range }, reads, writes));
        }
        Ok(found)
    }

    /// The view `value` is, followed to its buffer.
    pub(super) fn view(&self, value: Value<'c, 'a>) -> View {
        let ty = value.r#type();
        let element = ir::element_bytes(ty);
        // (A value's type is fixed: its layout, asked of MLIR, is cached.)
        let (strides, offset) = self.layouts_of_views.borrow_mut().entry(ValueKey::of(value)).or_insert_with(|| ir::strides_and_offset(ty).unwrap_or_default()).clone();
        let sizes = ir::shape(ty);
        let offset = (offset != i64::MIN).then_some(offset);
        let fresh = |buffer: Buffer| View { buffer, base: Some(0), offset, sizes: sizes.clone(), strides: strides.clone(), element };
        let Some(def) = ir::defining_op(value) else {
            // A function's argument is a buffer of its own; any other block
            // argument (a loop's carried memref, a CFG join) may be any.
            return fresh(if Self::own_argument(value) { Buffer::Value(ValueKey::of(value)) } else { Buffer::Any });
        };
        let operand = |i: usize| def.operand_at(i);
        match Upstream::of(def) {
            Some(Upstream::GpuDynamicSharedMemory) => fresh(Buffer::Dynamic),
            // A memref made back from a descriptor struct (memref's lowering
            // to LLVM, part done): the buffer its aligned pointer points into.
            Some(Upstream::BuiltinUnrealizedConversionCast) if def.operand_count() == 1 && operand(0).is_some_and(|s| !s.r#type().is_mem_ref()) => {
                let at = operand(0).and_then(Self::descriptor_aligned).and_then(|aligned| match aligned {
                    Aligned::Memref(memref) => {
                        let view = self.view(memref);
                        Some((view.buffer, view.base))
                    }
                    Aligned::Pointer(pointer) => match self.pointer(pointer) {
                        Some((buffer, base)) => Some((buffer, Some(base))),
                        None => self.pointer_buffer(pointer).map(|(buffer, _)| (buffer, None)),
                    },
                });
                match at {
                    Some((buffer, base)) => View { buffer, base, offset, sizes, strides, element },
                    None => fresh(Buffer::Any),
                }
            }
            Some(Upstream::MemrefGetGlobal) => {
                let name = ir::flat_symbol(def, attr::GLOBAL_NAME).unwrap_or_default();
                let empty = sizes.contains(&0);
                if empty && ir::memory_space(ty) == MemorySpace::Workgroup {
                    fresh(Buffer::Dynamic)
                } else {
                    fresh(Buffer::Global(name))
                }
            }
            Some(Upstream::MemrefView) => {
                let Some(source) = operand(0) else { return fresh(Buffer::Value(ValueKey::of(value))) };
                let src = self.view(source);
                let shift = operand(1).and_then(|v| self.eval(v));
                let base = (|| src.base?.checked_add(src.offset?.checked_mul(src.element)?)?.checked_add(shift?))();
                View { buffer: src.buffer, base, offset: Some(0), sizes, strides, element }
            }
            Some(Upstream::MemrefReinterpretCast) => {
                let Some(source) = operand(0) else { return fresh(Buffer::Value(ValueKey::of(value))) };
                let src = self.view(source);
                let offset = offset.or_else(|| operand(1).and_then(|v| self.eval(v)));
                View { buffer: src.buffer, base: src.base, offset, sizes, strides, element }
            }
            Some(Upstream::MemrefSubview) => {
                let Some(source) = operand(0) else { return fresh(Buffer::Value(ValueKey::of(value))) };
                let src = self.view(source);
                let statics = ir::dense_i64_attr(def, attr::STATIC_OFFSETS).unwrap_or_default();
                let mut dynamic = 1usize;
                let mut at = src.offset;
                for (d, o) in statics.iter().enumerate() {
                    let index = if *o == i64::MIN {
                        dynamic += 1;
                        operand(dynamic - 1).and_then(|v| self.eval(v))
                    } else {
                        Some(*o)
                    };
                    at = (|| at?.checked_add(index?.checked_mul(*src.strides.get(d)?)?))();
                }
                let offset = offset.or(at);
                View { buffer: src.buffer, base: src.base, offset, sizes, strides, element }
            }
            // The base buffer of a view (offset 0 from its aligned pointer).
            Some(Upstream::MemrefExtractStridedMetadata) => {
                let Some(source) = operand(0) else { return fresh(Buffer::Value(ValueKey::of(value))) };
                let src = self.view(source);
                View { buffer: src.buffer, base: src.base, offset: Some(0), sizes, strides, element }
            }
            Some(Upstream::MemrefCast | Upstream::MemrefMemorySpaceCast | Upstream::MemrefAssumeAlignment | Upstream::MemrefExpandShape | Upstream::MemrefCollapseShape) => {
                let Some(source) = operand(0) else { return fresh(Buffer::Value(ValueKey::of(value))) };
                let src = self.view(source);
                let strided = !strides.is_empty() || sizes.is_empty();
                View { buffer: src.buffer, base: src.base, offset: src.offset, sizes: if strided { sizes } else { src.sizes }, strides: if strided { strides } else { src.strides }, element }
            }
            // An allocation is a buffer of its own; a memref any other op
            // gives (a choice, a branch's or loop's result, a call's) may
            // be any.
            Some(Upstream::MemrefAlloc | Upstream::MemrefAlloca) => fresh(Buffer::Value(ValueKey::of(value))),
            _ => fresh(Buffer::Any),
        }
    }

    /// Whether pointer `value` is a kernel parameter, through casts and
    /// getelementptr (a tensor map's address, a global buffer's).
    pub(super) fn from_parameter(value: Value<'c, 'a>) -> bool {
        let mut value = value;
        while let Some(def) = ir::defining_op(value) {
            match Upstream::of(def) {
                Some(Upstream::LlvmAddrspacecast | Upstream::LlvmGetelementptr | Upstream::BuiltinUnrealizedConversionCast) if def.operand_count() >= 1 => {
                    let Ok(source) = def.operand(0) else { return false };
                    value = source;
                }
                _ => return false,
            }
        }
        Self::is_function_argument(value)
    }

    /// Whether memref argument `value` is a buffer of its own: a
    /// `gpu.func`'s workgroup attribution, or a parameter not in shared
    /// memory. Two shared-memory parameters may be one buffer (a device
    /// function called with the same tile twice).
    pub(super) fn own_argument(value: Value<'c, 'a>) -> bool {
        if !Self::is_function_argument(value) {
            return false;
        }
        if !Self::is_workgroup(value) {
            return true;
        }
        let function = ir::argument_owner(value).and_then(|b| b.parent_operation());
        let inputs = function.map_or(0, ir::function_input_count);
        function.is_some_and(|f| Upstream::GpuFunc.is(f)) && ir::argument_index(value).is_some_and(|i| i >= inputs)
    }

    /// Whether `value` is an argument of the function's entry block (a
    /// kernel parameter, a workgroup attribution).
    pub(super) fn is_function_argument(value: Value<'c, 'a>) -> bool {
        ir::argument_owner(value).is_some_and(|block| {
            block.parent_operation().is_some_and(|parent| {
                matches!(Upstream::of(parent), Some(Upstream::GpuFunc | Upstream::FuncFunc | Upstream::LlvmFunc)) && ir::region_entry(parent, 0) == Some(block)
            })
        })
    }

    /// The bytes an op reads or writes through `value`, at its indices
    /// when it is a load or store that names them.
    pub(super) fn accessed(&self, op: OperationRef<'c, 'a>, value: Value<'c, 'a>) -> Bytes {
        let view = self.view(value);
        let indexed = matches!(
            Upstream::of(op),
            Some(Upstream::MemrefLoad | Upstream::MemrefStore | Upstream::VectorLoad | Upstream::VectorStore | Upstream::VectorTransferRead | Upstream::VectorTransferWrite)
        );
        if !indexed {
            return view.bytes();
        }
        let position = op.operands().position(|v| v == value).unwrap_or(0);
        let indices: Vec<Option<i64>> = op.operands().skip(position + 1).take(view.strides.len()).map(|v| self.eval(v)).collect();
        let count = op
            .results()
            .map(|r| r.r#type())
            .chain(op.operands().map(|v| v.r#type()))
            .filter(|t| t.is_vector())
            .map(|t| ir::shape(t).iter().try_fold(1i64, |n, d| n.checked_mul(*d)).unwrap_or(i64::MAX))
            .next()
            .unwrap_or(1);
        view.element_bytes(&indices, count)
    }

    pub(super) fn is_workgroup(value: Value) -> bool {
        value.r#type().is_mem_ref() && ir::memory_space(value.r#type()) == MemorySpace::Workgroup
    }

    /// Whether memref `value` views shared memory: its own memory space,
    /// or that of a view it was made from (a `memref.memory_space_cast` to
    /// the generic space keeps pointing into shared memory).
    pub(super) fn views_workgroup(value: Value<'c, 'a>) -> bool {
        let mut value = value;
        loop {
            if Self::is_workgroup(value) {
                return true;
            }
            match Self::view_source(value) {
                Some(source) => value = source,
                None => return false,
            }
        }
    }

    /// The memref that memref `value` is a view of (the ops [`Self::view`]
    /// follows); None when it is not made by one.
    pub(super) fn view_source(value: Value<'c, 'a>) -> Option<Value<'c, 'a>> {
        let def = ir::defining_op(value).filter(|d| value.r#type().is_mem_ref() && is_view(*d))?;
        def.operand_at(0).filter(|source| source.r#type().is_mem_ref())
    }
}

/// The bytes a value of type `ty` takes in memory: a scalar, an LLVM
/// pointer (8), a vector of scalars; None for others.
fn type_bytes(ty: Type) -> Option<i64> {
    if ir::pointer_space(ty).is_some() {
        return Some(8);
    }
    let element = if ty.is_vector() { ir::element_type(ty) } else { ty };
    let bits = i64::from(ir::scalar_bits(element)?);
    let count = if ty.is_vector() { ir::shape(ty).iter().try_fold(1i64, |n, d| n.checked_mul(*d))? } else { 1 };
    bits.checked_mul(count)?.checked_add(7).map(|b| b / 8)
}

/// Where a memref descriptor's aligned pointer comes from ([`Model::aligned`]).
pub(super) enum Aligned<'c, 'a> {
    Memref(Value<'c, 'a>),
    Pointer(Value<'c, 'a>),
}

/// Where a pointer was taken from ([`Model::pointer_origin`]): a memref's
/// descriptor, or a global by its address.
pub(super) enum Origin<'c, 'a> {
    Memref(Value<'c, 'a>),
    Addressof(OperationRef<'c, 'a>),
}
