//! Puts asyncpipe's Rust passes into MLIR's global pass registry, through the
//! C++ bridge in `cmake/shim/ExternalPass.cpp`, so that `asyncpipe-opt
//! --asyncpipe-...`, `--pass-pipeline` and the library's pipelines all find
//! them. A panic in a pass is caught here and becomes an error diagnostic at
//! the operation the pass ran on: no unwinding crosses into C++.

use crate::ffi;
use crate::passes::{self, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use mlir_sys::{MlirOperation, MlirStringRef};
use std::ffi::{c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

/// Registers every upstream pass, every asyncpipe pass and asyncpipe's
/// pipelines (`asyncpipe-to-ptx`) (idempotent).
pub fn register_passes() {
    unsafe { ffi::asyncpipeRegisterUpstreamPasses() };
    register_asyncpipe_passes();
}

/// Registers asyncpipe's passes and pipelines only: what a host that has
/// its own upstream passes (a stock mlir-opt, a C++ tool) adds (idempotent).
pub fn register_asyncpipe_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for def in passes::all() {
            register_pass(def);
        }
        unsafe { ffi::asyncpipeRegisterPipelines() };
    });
}

/// `asyncpipeRegisterPasses` (asyncpipe-c/Passes.h), exported by
/// libasyncpipe.so for C and C++ embedders and the mlir-opt plugin. A panic
/// must not unwind into C: it is reported and registration stops.
#[unsafe(no_mangle)]
pub extern "C" fn asyncpipeRegisterPasses() {
    if let Err(panic) = catch_unwind(register_asyncpipe_passes) {
        eprintln!("asyncpipe: internal error while registering passes: {}", panic_message(&*panic));
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Registers one Rust pass in MLIR's global registry (asyncpipe's own are
/// registered by [`register_passes`]); library users can add their own.
/// Registering an argument that is already registered does nothing.
pub fn register_pass(def: &'static PassDef) {
    // The C++ side copies every string, so these may be dropped afterwards.
    let c = |s: &str| CString::new(s).expect("pass strings have no NUL");
    let argument = c(def.argument);
    let description = c(def.description);
    let anchor = def.anchor.map(c);
    let names: Vec<CString> = def.options.iter().map(|o| c(o.name)).collect();
    let descriptions: Vec<CString> = def.options.iter().map(|o| c(o.description)).collect();
    let defaults: Vec<CString> = def.options.iter().map(|o| c(o.default)).collect();
    let pointers = |v: &[CString]| v.iter().map(|s| s.as_ptr()).collect::<Vec<_>>();
    let (names_p, descriptions_p, defaults_p) =
        (pointers(&names), pointers(&descriptions), pointers(&defaults));
    let info = ffi::AsyncpipeExternalPassInfo {
        argument: argument.as_ptr(),
        description: description.as_ptr(),
        anchor: anchor.as_ref().map_or(std::ptr::null(), |a| a.as_ptr()),
        numOptions: def.options.len(),
        optionNames: names_p.as_ptr(),
        optionDescriptions: descriptions_p.as_ptr(),
        optionDefaults: defaults_p.as_ptr(),
        run: Some(run_pass),
        userData: def as *const PassDef as *mut c_void,
    };
    unsafe { ffi::asyncpipeRegisterExternalPass(&info) };
}

unsafe extern "C" fn run_pass(
    user_data: *mut c_void,
    op: MlirOperation,
    option_values: *const MlirStringRef,
    num_options: usize,
) -> bool {
    let def = unsafe { &*(user_data as *const PassDef) };
    let values: Vec<String> = (0..num_options)
        .map(|i| {
            let value = unsafe { *option_values.add(i) };
            let bytes = unsafe { std::slice::from_raw_parts(value.data as *const u8, value.length) };
            String::from_utf8_lossy(bytes).into_owned()
        })
        .collect();
    let op = unsafe { OperationRef::from_raw(op) };
    let result = catch_unwind(AssertUnwindSafe(|| {
        let options = PassOptions::new(def, op, values);
        options.and_then(|options| (def.run)(op, &options))
    }));
    match result {
        Ok(Ok(())) => true,
        Ok(Err(PassFailed)) => false,
        Err(panic) => {
            crate::passes::ir::diag::error(
                op.location(),
                &format!("internal error in pass '{}': {}", def.argument, panic_message(&*panic)),
            );
            false
        }
    }
}
