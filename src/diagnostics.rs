//! MLIR diagnostics as Rust values: [`Diagnostic`] with its `file:line:col`
//! and notes, and the crate's [`Error`] type.

use melior::diagnostic::{Diagnostic as MlirDiagnostic, DiagnosticSeverity};
use melior::ir::Location;
use mlir_sys::{
    mlirIdentifierStr, mlirLocationCallSiteGetCallee, mlirLocationFileLineColRangeGetFilename,
    mlirLocationFileLineColRangeGetStartColumn, mlirLocationFileLineColRangeGetStartLine,
    mlirLocationFusedGetLocations, mlirLocationFusedGetNumLocations, mlirLocationIsACallSite,
    mlirLocationIsAFileLineColRange, mlirLocationIsAFused, mlirLocationIsAName,
    mlirLocationNameGetChildLoc, MlirLocation,
};
use std::fmt;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Note,
    Remark,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        })
    }
}

/// A source position: the first file/line/column found in an MLIR location
/// (looking through names, call sites and fused locations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLocation {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// One diagnostic reported by MLIR, with its notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// None when the IR carries no file location (e.g. `loc(unknown)`).
    pub location: Option<SourceLocation>,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(location) => write!(f, "{location}: ")?,
            None => f.write_str("<unknown>: ")?,
        }
        write!(f, "{}: {}", self.severity, self.message)?;
        for note in &self.notes {
            write!(f, "\n{note}")?;
        }
        Ok(())
    }
}

impl Diagnostic {
    pub(crate) fn from_mlir(diagnostic: &MlirDiagnostic) -> Self {
        let notes = (0..diagnostic.note_count())
            .filter_map(|i| diagnostic.note(i).ok())
            .map(|note| Self::from_mlir(&note))
            .collect();
        Self {
            severity: match diagnostic.severity() {
                DiagnosticSeverity::Error => Severity::Error,
                DiagnosticSeverity::Warning => Severity::Warning,
                DiagnosticSeverity::Note => Severity::Note,
                DiagnosticSeverity::Remark => Severity::Remark,
            },
            location: source_location(diagnostic.location()),
            message: diagnostic.to_string(),
            notes,
        }
    }
}

/// The first file:line:col inside `location`.
pub fn source_location(location: Location) -> Option<SourceLocation> {
    find_file_location(location.to_raw())
}

fn find_file_location(raw: MlirLocation) -> Option<SourceLocation> {
    unsafe {
        if mlirLocationIsAFileLineColRange(raw) {
            let name = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(raw));
            let bytes = std::slice::from_raw_parts(name.data as *const u8, name.length);
            return Some(SourceLocation {
                file: String::from_utf8_lossy(bytes).into_owned(),
                line: mlirLocationFileLineColRangeGetStartLine(raw) as u32,
                column: mlirLocationFileLineColRangeGetStartColumn(raw) as u32,
            });
        }
        if mlirLocationIsAName(raw) {
            return find_file_location(mlirLocationNameGetChildLoc(raw));
        }
        if mlirLocationIsACallSite(raw) {
            return find_file_location(mlirLocationCallSiteGetCallee(raw));
        }
        if mlirLocationIsAFused(raw) {
            let count = mlirLocationFusedGetNumLocations(raw) as usize;
            let mut locations = vec![MlirLocation { ptr: std::ptr::null_mut() }; count];
            mlirLocationFusedGetLocations(raw, locations.as_mut_ptr());
            return locations.into_iter().find_map(|l| find_file_location(l));
        }
        None
    }
}

/// Errors of the asyncpipe library API.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// MLIR rejected the input or a pass failed; the diagnostics say where.
    #[error("{}", render(.0))]
    Diagnostics(Vec<Diagnostic>),
    /// The textual pass pipeline could not be parsed.
    #[error("invalid pass pipeline '{pipeline}': {message}")]
    Pipeline { pipeline: String, message: String },
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

impl Error {
    /// The diagnostics of a [`Error::Diagnostics`], empty otherwise.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Error::Diagnostics(diagnostics) => diagnostics,
            _ => &[],
        }
    }
}

fn render(diagnostics: &[Diagnostic]) -> String {
    if diagnostics.is_empty() {
        return "MLIR reported a failure without a diagnostic".into();
    }
    diagnostics.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
}
