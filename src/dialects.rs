//! asyncpipe's dialects as melior [`DialectHandle`]s, and registries that
//! hold them beside every upstream dialect.

use crate::ffi;
use melior::dialect::{DialectHandle, DialectRegistry};

/// `asyncpipe`: async copies and scopes, token and counting synchronization.
pub fn asyncpipe() -> DialectHandle {
    unsafe { DialectHandle::from_raw(ffi::mlirGetDialectHandle__asyncpipe__()) }
}

/// `par`: `foreach_thread` with explicit thread ids.
pub fn par() -> DialectHandle {
    unsafe { DialectHandle::from_raw(ffi::mlirGetDialectHandle__par__()) }
}

/// `asyncop`: generic async start/update/done.
pub fn asyncop() -> DialectHandle {
    unsafe { DialectHandle::from_raw(ffi::mlirGetDialectHandle__asyncop__()) }
}

/// Inserts asyncpipe's dialects only.
pub fn register_asyncpipe(registry: &DialectRegistry) {
    for handle in [asyncpipe(), par(), asyncop()] {
        handle.insert_dialect(registry);
    }
}

/// A registry with every upstream dialect, extension and LLVM IR translation
/// and asyncpipe's dialects: what `asyncpipe-opt` sees.
pub fn registry() -> DialectRegistry {
    let registry = DialectRegistry::new();
    unsafe { ffi::asyncpipeRegisterAllDialects(registry.to_raw()) };
    registry
}
