//! `asyncpipe-workgroup-attributions`: workgroup-memory allocations at the
//! top of a `gpu.func` become its workgroup attributions.
//!
//! asyncpipe's passes (the pipeliner's multi-buffering above all) work on
//! `memref.alloc`s; a kernel's shared memory is a workgroup attribution of
//! its `gpu.func`, one buffer per thread block. An allocation of workgroup
//! memory (address space 3 or `#gpu.address_space<workgroup>`) in the entry
//! block of a `gpu.func` means that buffer. Upstream `convert-gpu-to-nvvm`
//! would otherwise put it on each thread's stack. The attribution is
//! 16-byte aligned (or as its allocation asks: 1024 for a tile wgmma reads
//! swizzled), so that 16-byte `cp.async` copies into it are legal, and
//! the allocation's `memref.dealloc`s go away with it.
//!
//! Static shared memory is limited to 48 KiB a block. When a kernel's
//! buffers need more (a 128 x 128 GEMM tile pipelined over 3 stages), they
//! become views, 128-byte aligned (1024 where the allocation asks; the
//! base is aligned to 1024 by asyncpipe-extern-dynamic-shared), of its
//! dynamic shared memory (`gpu.dynamic_shared_memory`) instead, and the
//! kernel carries
//! `asyncpipe.dynamic_shared_bytes`: what a launch must give it (on NVIDIA
//! GPUs also as the kernel's max dynamic shared size attribute).
//!
//! An allocation inside control flow, or with a dynamic size, cannot be a
//! workgroup buffer: that is an error at the allocation.

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::ods::asyncpipe::attrs;
use crate::passes::ir::{self, diag, rewrite};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::TypeLike;
use melior::ir::{Attribute, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-workgroup-attributions",
    description: "Turn workgroup-memory allocations at the top of gpu.func kernels into 16-byte aligned workgroup attributions",
    anchor: None,
    options: &[],
    run,
};

/// cp.async's largest copy.
const ALIGNMENT: i64 = 16;
/// The most static shared memory a block has (48 KiB).
const STATIC_LIMIT: i64 = 48 * 1024;
/// The least alignment of a buffer in dynamic shared memory (more where its
/// allocation asks, up to BASE_ALIGNMENT).
const DYNAMIC_ALIGNMENT: i64 = 128;
/// The alignment of the dynamic shared memory's base (TMA's and wgmma's
/// 128-byte swizzle atom), and the most a buffer in it gets.
const BASE_ALIGNMENT: i64 = 1024;

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let mut failed = false;
    for function in ir::functions(root).into_iter().filter(|f| Upstream::GpuFunc.is(*f)) {
        failed |= convert(function).is_err();
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}

fn convert(function: OperationRef) -> Result<(), PassFailed> {
    let entry = ir::region_entry(function, 0).expect("a gpu.func has a body");
    let mut failed = false;
    let mut allocs = Vec::new();
    let ops = ir::nested_ops(function);
    // The first asyncpipe.copy into each allocation (through views).
    let mut copies_into = std::collections::HashMap::new();
    for op in &ops {
        if let Some(alloc) = crate::passes::ir::ods::asyncpipe::CopyOp::cast(*op).and_then(|copy| ir::allocation_of(copy.dest())) {
            copies_into.entry(ir::OpKey::of(alloc)).or_insert(*op);
        }
    }
    for op in ops {
        if !matches!(Upstream::of(op), Some(Upstream::MemrefAlloc | Upstream::MemrefAlloca)) {
            continue;
        }
        let ty = op.result(0).unwrap().r#type();
        if !ty.is_mem_ref() || ir::memory_space(ty) != ir::MemorySpace::Workgroup {
            continue;
        }
        if op.block() != Some(entry) {
            diag::error(
                op.location(),
                "a workgroup buffer is allocated once per thread block: allocate it in the entry block of the \
                 gpu.func, not inside control flow",
            );
            failed = true;
        } else if op.operand_count() > 0 {
            diag::error(op.location(), "a workgroup buffer needs a static size: this allocation has dynamic sizes");
            failed = true;
        } else if let Some(copy) = copies_into.get(&ir::OpKey::of(op)).filter(|_| ir::int_attr(op, attrs::SWIZZLE).is_some()) {
            diag::error_with_note(
                op.location(),
                "this buffer is read by wgmma in the 128-byte swizzle (asyncpipe.swizzle) and still filled by \
                 asyncpipe.copy: run asyncpipe-to-nvgpu first, which makes those copies tensor-map copies that write \
                 the swizzle (asyncpipe-to-ptx runs the two in that order)",
                copy.location(),
                "a copy into it",
            );
            failed = true;
        } else {
            allocs.push(op);
        }
    }
    if failed {
        return Err(PassFailed);
    }
    if allocs.is_empty() {
        return Ok(());
    }
    // (Buffers whose size is not known here stay static attributions, as
    // before: only a known total over the limit moves them.)
    let sizes: Option<Vec<i64>> = allocs.iter().map(|alloc| buffer_bytes(alloc.result(0).unwrap().r#type())).collect();
    if let Some(sizes) = sizes.filter(|sizes| sizes.iter().try_fold(0i64, |sum, s| sum.checked_add(*s)).is_some_and(|t| t > STATIC_LIMIT)) {
        return dynamic(function, entry, &allocs, &sizes);
    }
    let inputs = ir::function_input_count(function) as i64;
    let existing = ir::int_attr(function, attr::WORKGROUP_ATTRIBUTIONS).unwrap_or(0);
    // One dictionary per attribution: keep the existing ones.
    let mut dictionaries: Vec<String> = match function.attribute(attr::WORKGROUP_ATTRIB_ATTRS) {
        Ok(array) => ir::array_elements(array).iter().map(|a| a.to_string()).collect(),
        Err(_) => vec!["{}".to_string(); existing as usize],
    };
    for (i, alloc) in allocs.iter().enumerate() {
        let result = alloc.result(0).unwrap();
        let position = (inputs + existing + i as i64) as usize;
        let argument = rewrite::insert_argument(entry, position, result.r#type(), alloc.location());
        let alignment = ir::int_attr(*alloc, attr::ALIGNMENT).unwrap_or(0).max(ALIGNMENT);
        dictionaries.push(format!("{{llvm.align = {alignment} : i64}}"));
        for user in ir::users(result.into()) {
            if Upstream::MemrefDealloc.is(user) {
                ir::erase(user);
            }
        }
        rewrite::replace_uses(result.into(), argument);
        ir::erase(*alloc);
    }
    let context = ir::context(function);
    let count = Attribute::parse(context, &format!("{} : i64", existing + allocs.len() as i64)).unwrap();
    let attrs = Attribute::parse(context, &format!("[{}]", dictionaries.join(", "))).unwrap();
    rewrite::set_attribute(function, attr::WORKGROUP_ATTRIBUTIONS, count);
    rewrite::set_attribute(function, attr::WORKGROUP_ATTRIB_ATTRS, attrs);
    Ok(())
}

/// The bytes of a static identity-layout buffer; None otherwise.
fn buffer_bytes(ty: melior::ir::Type) -> Option<i64> {
    if !ir::has_identity_layout(ty) {
        return None;
    }
    ir::shape(ty).iter().try_fold(ir::element_bytes(ty), |size, d| (*d >= 0).then_some(()).and_then(|_| size.checked_mul(*d)))
}

/// The buffers as views of the kernel's dynamic shared memory, each aligned
/// to `DYNAMIC_ALIGNMENT` or what its allocation asks (up to
/// `BASE_ALIGNMENT`), and the total on the kernel.
fn dynamic(function: OperationRef, entry: melior::ir::BlockRef, allocs: &[OperationRef], sizes: &[i64]) -> Result<(), PassFailed> {
    use crate::passes::ir::builder::{Builder, Point};
    use melior::ir::block::BlockLike;
    // The layout first, in checked arithmetic: the padding may pass i64
    // where the sizes alone did not.
    let round = |offset: i64, alignment: i64| offset.checked_add(alignment - 1).map(|o| o / alignment * alignment);
    let mut offsets = Vec::new();
    let mut end = Some(0i64);
    for (alloc, size) in allocs.iter().zip(sizes) {
        let alignment = ir::int_attr(*alloc, attr::ALIGNMENT).unwrap_or(0).clamp(DYNAMIC_ALIGNMENT, BASE_ALIGNMENT);
        let offset = end.and_then(|e| round(e, alignment));
        offsets.push(offset.unwrap_or(0));
        end = offset.and_then(|o| o.checked_add(*size));
    }
    let Some(total) = end.and_then(|e| round(e, DYNAMIC_ALIGNMENT)) else {
        diag::error(function.location(), "the kernel's workgroup buffers take more bytes than a 64-bit size holds");
        return Err(PassFailed);
    };
    let first = entry.first_operation().expect("allocations in the entry block");
    let b = Builder::new(function.context(), function.location());
    let at = Point::Before(first);
    let bytes_type = b.workgroup_bytes();
    let base = b.value(Upstream::GpuDynamicSharedMemory, &[], bytes_type, &[], at);
    // Each at least DYNAMIC_ALIGNMENT, more where the allocation asks (a
    // tile wgmma reads swizzled: 1024); the base is aligned to 1024
    // (asyncpipe-extern-dynamic-shared).
    for (alloc, offset) in allocs.iter().zip(offsets) {
        let result = alloc.result(0).unwrap();
        let shift = b.index_constant(offset, Point::Before(*alloc));
        // A view keeps its base's memory space: an allocation in another
        // spelling of workgroup memory (the integer 3) gets it back by a
        // memory_space_cast (the fuzzer found the view left invalid).
        let wanted = result.r#type();
        let in_base_space = ir::with_memory_space(wanted, ir::workgroup_space(b.ctx()));
        let mut view = b.value(Upstream::MemrefView, &[base, shift], in_base_space, &[], Point::Before(*alloc));
        if in_base_space != wanted {
            view = b.value(Upstream::MemrefMemorySpaceCast, &[view], wanted, &[], Point::Before(*alloc));
        }
        for user in ir::users(result.into()) {
            if Upstream::MemrefDealloc.is(user) {
                ir::erase(user);
            }
        }
        rewrite::replace_uses(result.into(), view);
        ir::erase(*alloc);
    }
    rewrite::set_attribute(function, attrs::DYNAMIC_SHARED_BYTES, b.int_attr(64, total));
    Ok(())
}
