//! `asyncpipe-workgroup-attributions`: workgroup-memory allocations at the
//! top of a `gpu.func` become its workgroup attributions.
//!
//! asyncpipe's passes (the pipeliner's multi-buffering above all) work on
//! `memref.alloc`s; a kernel's shared memory is a workgroup attribution of
//! its `gpu.func`, one buffer per thread block. An allocation of workgroup
//! memory (address space 3 or `#gpu.address_space<workgroup>`) in the entry
//! block of a `gpu.func` means that buffer. Upstream `convert-gpu-to-nvvm`
//! would otherwise put it on each thread's stack. The attribution is
//! 16-byte aligned, so that 16-byte `cp.async` copies into it are legal, and
//! the allocation's `memref.dealloc`s go away with it.
//!
//! An allocation inside control flow, or with a dynamic size, cannot be a
//! workgroup buffer: that is an error at the allocation.

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::Upstream;
use super::ir::{self, diag, rewrite};
use super::{PassDef, PassFailed, PassOptions};
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
    for op in ir::nested_ops(function) {
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
