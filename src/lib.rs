//! asyncpipe: MLIR dialects and Rust passes for asynchrony inside device code.
//!
//! The dialects (`asyncpipe`, `par`, `asyncop`) are defined in ODS under
//! `dialects/` and built by `build.rs` through the CMake project in `cmake/`;
//! they reach Rust through their C API as melior dialect handles
//! ([`dialects`]). The passes are Rust ([`passes`]) and are registered in
//! MLIR's global registry through a small C++ bridge ([`register_passes`]).
//!
//! ```no_run
//! let context = asyncpipe::Context::new();
//! let mut module = context.parse_file("input.mlir")?;
//! context.run_pipeline(&mut module, "asyncpipe-optimize-waits")?;
//! println!("{}", module.as_operation());
//! # Ok::<(), asyncpipe::Error>(())
//! ```

pub mod context;
pub mod diagnostics;
pub mod dialects;
pub mod ffi;
#[path = "../passes/mod.rs"]
pub mod passes;
pub mod ptx;
mod registration;

pub use context::Context;
pub use diagnostics::{Diagnostic, Error, Severity, SourceLocation};
pub use passes::{PassDef, PassFailed, PassOptions};
pub use registration::{register_asyncpipe_passes, register_pass, register_passes};
