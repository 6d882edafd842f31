//! `asyncpipe-opt`: mlir-opt with asyncpipe's dialects and passes.
//!
//! Registration happens here in Rust (the passes are Rust functions); the
//! driver itself is MLIR's `MlirOptMain`, so every mlir-opt flag works.

use std::ffi::{c_char, CString};

fn main() {
    asyncpipe::register_passes();
    let args: Vec<CString> = std::env::args_os()
        .map(|a| CString::new(a.into_encoded_bytes()).expect("arguments contain no NUL"))
        .collect();
    let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    argv.push(std::ptr::null_mut());
    let code = unsafe { asyncpipe::ffi::asyncpipeOptMain(args.len() as i32, argv.as_mut_ptr()) };
    std::process::exit(code);
}
