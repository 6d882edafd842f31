//! Declarations of the C API that `cmake/` builds: dialect registration
//! (`dialects/include/asyncpipe-c/`) and the shim in `cmake/shim/`.

#![allow(non_snake_case, missing_docs)]

use mlir_sys::{
    MlirDialectHandle, MlirDialectRegistry, MlirLocation, MlirOperation, MlirStringRef,
    MlirValue,
};
use std::ffi::{c_char, c_int, c_void};

/// Runs an external pass on `op`; `option_values` holds each declared
/// option's current value, in declaration order. Returns false on failure.
pub type RunPassFn = unsafe extern "C" fn(
    user_data: *mut c_void,
    op: MlirOperation,
    option_values: *const MlirStringRef,
    num_options: usize,
) -> bool;

/// Mirrors `AsyncpipeExternalPassInfo` in `asyncpipe-c/Registration.h`.
#[repr(C)]
pub struct ExternalPassInfo {
    pub argument: *const c_char,
    pub description: *const c_char,
    pub anchor: *const c_char,
    pub num_options: usize,
    pub option_names: *const *const c_char,
    pub option_descriptions: *const *const c_char,
    pub option_defaults: *const *const c_char,
    pub run: RunPassFn,
    pub user_data: *mut c_void,
}

/// Mirrors `AsyncpipeSeverity`.
pub const SEVERITY_ERROR: c_int = 0;
pub const SEVERITY_WARNING: c_int = 1;
pub const SEVERITY_REMARK: c_int = 2;

unsafe extern "C" {
    pub fn mlirGetDialectHandle__asyncpipe__() -> MlirDialectHandle;
    pub fn mlirGetDialectHandle__par__() -> MlirDialectHandle;
    pub fn mlirGetDialectHandle__asyncop__() -> MlirDialectHandle;

    pub fn asyncpipeTypeIsAToken(ty: mlir_sys::MlirType) -> bool;
    pub fn asyncpipeTokenTypeGet(ctx: mlir_sys::MlirContext) -> mlir_sys::MlirType;
    pub fn asyncpipeTypeIsAGroup(ty: mlir_sys::MlirType) -> bool;
    pub fn asyncpipeGroupTypeGet(ctx: mlir_sys::MlirContext) -> mlir_sys::MlirType;

    pub fn asyncpipeRegisterDialects(registry: MlirDialectRegistry);
    pub fn asyncpipeRegisterAllDialects(registry: MlirDialectRegistry);
    pub fn asyncpipeRegisterUpstreamPasses();
    pub fn asyncpipeRegisterPipelines();
    pub fn asyncpipeRegisterExternalPass(info: *const ExternalPassInfo);
    pub fn asyncpipeEmitDiagnostic(
        loc: MlirLocation,
        severity: c_int,
        message: MlirStringRef,
        note_loc: MlirLocation,
        note_message: MlirStringRef,
    );
    pub fn asyncpipeOptMain(argc: c_int, argv: *mut *mut c_char) -> c_int;

    // Upstream's GPU C API (not in mlir-sys's bindings).
    pub fn mlirAttributeIsAGPUObjectAttr(attr: mlir_sys::MlirAttribute) -> bool;
    pub fn mlirGPUObjectAttrGetTarget(attr: mlir_sys::MlirAttribute) -> mlir_sys::MlirAttribute;
    pub fn mlirGPUObjectAttrGetObject(attr: mlir_sys::MlirAttribute) -> MlirStringRef;

    pub fn asyncpipeMemoryEffects(op: MlirOperation, f: EffectFn, user_data: *mut c_void) -> bool;
    pub fn asyncpipeMultiBuffer(
        alloc: MlirOperation,
        loop_op: MlirOperation,
        versions: std::ffi::c_uint,
        apply: bool,
        new_alloc: *mut MlirOperation,
        why: MessageFn,
        user_data: *mut c_void,
    ) -> bool;
}

/// Mirrors `AsyncpipeEffectKind` in `asyncpipe-c/Transforms.h`.
pub const EFFECT_READ: c_int = 0;
pub const EFFECT_WRITE: c_int = 1;
pub const EFFECT_ALLOCATE: c_int = 2;
pub const EFFECT_FREE: c_int = 3;

/// Receives one memory effect (`asyncpipeMemoryEffects`).
pub type EffectFn = unsafe extern "C" fn(user_data: *mut c_void, kind: c_int, value: MlirValue);
/// Receives a message (`asyncpipeMultiBuffer`'s reason).
pub type MessageFn = unsafe extern "C" fn(user_data: *mut c_void, message: MlirStringRef);
