//! Emitting diagnostics from Rust passes at an operation's location
//! (errors, remarks, notes), through the shim: MLIR's C API emits errors only.
//!
//! Work done on several threads at once ([`super::rewrite_in_parallel`])
//! [`collect`]s its diagnostics instead of emitting them, and the caller
//! emits them in the order the sequential code would have: MLIR's engine
//! would otherwise print them in whatever order the threads reach it.

use crate::ffi;
use melior::ir::Location;
use melior::StringRef;
use std::cell::RefCell;

/// One diagnostic, held for emission later (on any thread).
struct Held {
    location: mlir_sys::MlirLocation,
    severity: ffi::AsyncpipeSeverity,
    message: String,
    note: Option<(mlir_sys::MlirLocation, String)>,
}

/// Diagnostics [`collect`]ed on a thread, in the order they were raised.
#[derive(Default)]
pub struct Collected(Vec<Held>);

// Locations are uniqued, immutable attributes owned by the context, which
// outlives every pass: they may be read and used from any thread.
unsafe impl Send for Collected {}

impl Collected {
    /// Emits them, in order, on the calling thread; inside an enclosing
    /// [`collect`] on this thread, they join its diagnostics instead.
    pub fn emit(self) {
        let Some(held) = SINK.with(|sink| match sink.borrow_mut().as_mut() {
            Some(outer) => {
                outer.extend(self.0);
                None
            }
            None => Some(self.0),
        }) else {
            return;
        };
        for held in held {
            let (note_location, note_message) = match &held.note {
                Some((location, message)) => (*location, StringRef::new(message).to_raw()),
                None => (held.location, mlir_sys::MlirStringRef { data: std::ptr::null(), length: 0 }),
            };
            unsafe {
                ffi::asyncpipeEmitDiagnostic(
                    held.location,
                    held.severity,
                    StringRef::new(&held.message).to_raw(),
                    note_location,
                    note_message,
                )
            }
        }
    }
}

thread_local! {
    /// Where diagnostics go while [`collect`] runs on this thread.
    static SINK: RefCell<Option<Vec<Held>>> = const { RefCell::new(None) };
}

/// Runs `f`, holding the diagnostics it raises on this thread instead of
/// emitting them.
pub fn collect<R>(f: impl FnOnce() -> R) -> (R, Collected) {
    let outer = SINK.with(|sink| sink.borrow_mut().replace(Vec::new()));
    let result = f();
    let held = SINK.with(|sink| std::mem::replace(&mut *sink.borrow_mut(), outer)).unwrap_or_default();
    (result, Collected(held))
}

fn emit(location: Location, severity: ffi::AsyncpipeSeverity, message: &str, note: Option<(Location, &str)>) {
    let held = Held {
        location: location.to_raw(),
        severity,
        message: message.to_owned(),
        note: note.map(|(l, m)| (l.to_raw(), m.to_owned())),
    };
    Collected(vec![held]).emit();
}

/// An error at `location`.
pub fn error(location: Location, message: &str) {
    emit(location, ffi::AsyncpipeError, message, None);
}

/// An error at `location` with a note at `note_location`.
pub fn error_with_note(location: Location, message: &str, note_location: Location, note: &str) {
    emit(location, ffi::AsyncpipeError, message, Some((note_location, note)));
}

/// A remark at `location` (shown by mlir-opt; `expected-remark` in tests).
pub fn remark(location: Location, message: &str) {
    emit(location, ffi::AsyncpipeRemark, message, None);
}

/// A warning at `location`.
pub fn warning(location: Location, message: &str) {
    emit(location, ffi::AsyncpipeWarning, message, None);
}

/// Where `op` is, for a message: `line 12` for a file location, the
/// location's text otherwise.
pub fn line_of(op: melior::ir::operation::OperationRef) -> String {
    use melior::ir::operation::OperationLike;
    let text = op.location().to_string();
    match (text.find('"'), text.rfind('"')) {
        (Some(a), Some(b)) if b > a => format!("line {}", text[b + 2..].split(':').next().unwrap_or("?")),
        _ => text,
    }
}
