//! Emitting diagnostics from Rust passes at an operation's location
//! (errors, remarks, notes), through the shim: MLIR's C API emits errors only.

use crate::ffi;
use melior::ir::Location;
use melior::StringRef;

fn emit(location: Location, severity: ffi::AsyncpipeSeverity, message: &str, note: Option<(Location, &str)>) {
    let (note_location, note_message) = match note {
        Some((l, m)) => (l.to_raw(), StringRef::new(m).to_raw()),
        None => (location.to_raw(), mlir_sys::MlirStringRef { data: std::ptr::null(), length: 0 }),
    };
    unsafe {
        ffi::asyncpipeEmitDiagnostic(
            location.to_raw(),
            severity,
            StringRef::new(message).to_raw(),
            note_location,
            note_message,
        )
    }
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
