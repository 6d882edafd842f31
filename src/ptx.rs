//! The objects of `gpu.binary` ops, as `gpu-module-to-binary` (the last step
//! of `asyncpipe-to-ptx`) leaves them: PTX text with `format=isa`.

use crate::ffi;
use crate::passes::ir;
use melior::ir::attribute::AttributeLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Attribute, Module};

/// One object of one `gpu.binary`.
#[derive(Debug, Clone)]
pub struct GpuObject {
    /// The `gpu.binary`'s symbol (the name of the `gpu.module` it came from).
    pub binary: String,
    /// The target attribute, e.g. `#nvvm.target<chip = "sm_80">`.
    pub target: String,
    /// The object's contents: PTX text for `format=isa`.
    pub contents: Vec<u8>,
}

/// Every object of every `gpu.binary` in `module`, in order.
pub fn objects(module: &Module) -> Vec<GpuObject> {
    let mut found = Vec::new();
    for op in ir::nested_ops(module.as_operation()) {
        if ir::op_name(op) != "gpu.binary" {
            continue;
        }
        let binary = op
            .attribute("sym_name")
            .ok()
            .map(|a| a.to_string().trim_matches('"').to_string())
            .unwrap_or_default();
        let Ok(array) = op.attribute("objects") else { continue };
        let array = array.to_raw();
        for i in 0..unsafe { mlir_sys::mlirArrayAttrGetNumElements(array) } {
            let object = unsafe { mlir_sys::mlirArrayAttrGetElement(array, i) };
            if !unsafe { ffi::mlirAttributeIsAGPUObjectAttr(object) } {
                continue;
            }
            let target = unsafe { Attribute::from_raw(ffi::mlirGPUObjectAttrGetTarget(object)) }.to_string();
            let data = unsafe { ffi::mlirGPUObjectAttrGetObject(object) };
            let contents = unsafe { std::slice::from_raw_parts(data.data as *const u8, data.length) }.to_vec();
            found.push(GpuObject { binary: binary.clone(), target, contents });
        }
    }
    found
}
