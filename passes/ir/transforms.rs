//! asyncpipe's C++ transforms, called from Rust: the multi-buffering of an
//! allocation for a loop (upstream's `memref::multiBuffer`, wrapped by the
//! shim so that it can first check without rewriting).

use melior::ir::operation::OperationRef;

/// Multi-buffers `alloc` for `loop_op` and returns the new allocation (or,
/// with `apply` false, checks that it can and returns `alloc`).
pub fn multi_buffer<'c, 'a>(
    alloc: OperationRef<'c, 'a>,
    loop_op: OperationRef<'c, 'a>,
    versions: u32,
    apply: bool,
) -> Result<OperationRef<'c, 'a>, String> {
    unsafe extern "C" fn on_message(user: *mut std::ffi::c_void, message: mlir_sys::MlirStringRef) {
        let out = unsafe { &mut *(user as *mut String) };
        let bytes = unsafe { std::slice::from_raw_parts(message.data as *const u8, message.length) };
        *out = String::from_utf8_lossy(bytes).into_owned();
    }
    let mut reason = String::new();
    let mut new_alloc = alloc.to_raw();
    let ok = unsafe {
        crate::ffi::asyncpipeMultiBuffer(
            alloc.to_raw(),
            loop_op.to_raw(),
            versions,
            apply,
            &mut new_alloc,
            Some(on_message),
            &mut reason as *mut String as *mut std::ffi::c_void,
        )
    };
    if ok {
        Ok(unsafe { OperationRef::from_raw(new_alloc) })
    } else {
        Err(reason)
    }
}
