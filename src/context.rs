//! [`Context`]: an MLIR context with every dialect and pass registered, whose
//! operations report failures as [`Error`]s carrying MLIR's diagnostics.

use crate::diagnostics::{Diagnostic, Error};
use crate::{dialects, registration};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Location, Module, Operation};
use melior::pass::PassManager;
use melior::StringRef;
use mlir_sys::{mlirOpPassManagerAddPipeline, mlirOperationCreateParse, MlirStringRef};
use std::cell::RefCell;
use std::ffi::c_void;
use std::path::Path;
use std::rc::Rc;

/// An MLIR context for asyncpipe: every upstream dialect plus `asyncpipe`,
/// `par` and `asyncop` are loaded, every upstream and asyncpipe pass is in the
/// global registry, and diagnostics are collected instead of printed.
pub struct Context {
    // Drop order: the handler's storage must outlive the context.
    mlir: melior::Context,
    diagnostics: Rc<RefCell<Vec<Diagnostic>>>,
}

impl Context {
    /// Creates a context with everything registered and loaded.
    pub fn new() -> Self {
        registration::register_passes();
        let mlir = melior::Context::new_with_registry(&dialects::registry(), false);
        mlir.load_all_available_dialects();
        let diagnostics = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&diagnostics);
        mlir.attach_diagnostic_handler(move |diagnostic| {
            sink.borrow_mut().push(Diagnostic::from_mlir(&diagnostic));
            true
        });
        Self { mlir, diagnostics }
    }

    /// The underlying melior context, for building IR with melior directly.
    pub fn mlir(&self) -> &melior::Context {
        &self.mlir
    }

    /// Parses (and verifies) `source`; `filename` is used in locations.
    pub fn parse(&self, source: &str, filename: &str) -> Result<Module<'_>, Error> {
        self.diagnostics.borrow_mut().clear();
        let raw = unsafe {
            mlirOperationCreateParse(
                self.mlir.to_raw(),
                StringRef::new(source).to_raw(),
                StringRef::new(filename).to_raw(),
            )
        };
        if raw.ptr.is_null() {
            return Err(self.failure());
        }
        let operation = unsafe { Operation::from_raw(raw) };
        // A source with a single top-level op that is not a module parses to
        // that op: wrap it, as mlir-opt does.
        if operation.name().as_string_ref().as_str() == Ok("builtin.module") {
            return Ok(Module::from_operation(operation).expect("checked to be a module"));
        }
        let module = Module::new(Location::new(&self.mlir, filename, 1, 1));
        module.body().append_operation(operation);
        Ok(module)
    }

    /// Reads and parses a file.
    pub fn parse_file(&self, path: impl AsRef<Path>) -> Result<Module<'_>, Error> {
        let path = path.as_ref();
        let source = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.display().to_string(),
            source,
        })?;
        self.parse(&source, &path.display().to_string())
    }

    /// Runs a textual pass pipeline on `module`, as `--pass-pipeline` does:
    /// either anchored (`builtin.module(func.func(canonicalize))`) or a bare
    /// list of module passes (`asyncpipe-optimize-waits,cse`). The IR is
    /// verified after each pass.
    pub fn run_pipeline(&self, module: &mut Module, pipeline: &str) -> Result<(), Error> {
        self.diagnostics.borrow_mut().clear();
        let manager = PassManager::new(&self.mlir);
        let trimmed = pipeline.trim();
        let inner = trimmed
            .strip_prefix("builtin.module(")
            .and_then(|rest| rest.strip_suffix(')'))
            .unwrap_or(trimmed);
        let mut message = String::new();
        let parsed = unsafe {
            mlirOpPassManagerAddPipeline(
                manager.as_operation_pass_manager().to_raw(),
                StringRef::new(inner).to_raw(),
                Some(append_to_string),
                &mut message as *mut String as *mut c_void,
            )
        };
        if parsed.value == 0 {
            return Err(Error::Pipeline {
                pipeline: pipeline.to_string(),
                message: message.trim().to_string(),
            });
        }
        manager.run(module).map_err(|_| self.failure())
    }

    /// Diagnostics that did not make an operation fail (remarks, warnings)
    /// since the last call to `parse` or `run_pipeline`.
    pub fn take_diagnostics(&self) -> Vec<Diagnostic> {
        std::mem::take(&mut *self.diagnostics.borrow_mut())
    }

    fn failure(&self) -> Error {
        Error::Diagnostics(self.take_diagnostics())
    }
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

unsafe extern "C" fn append_to_string(text: MlirStringRef, user_data: *mut c_void) {
    let string = unsafe { &mut *(user_data as *mut String) };
    let bytes = unsafe { std::slice::from_raw_parts(text.data as *const u8, text.length) };
    string.push_str(&String::from_utf8_lossy(bytes));
}
