//! The Rust library API: contexts, parsing, pipelines, diagnostics as errors,
//! and Rust passes registered by a library user.

use asyncpipe::passes::ir::diag;
use asyncpipe::passes::OptionDef;
use asyncpipe::{Context, Error, PassDef, PassFailed, PassOptions, Severity};
use melior::ir::operation::{OperationLike, OperationRef};

const WAITS: &str = r#"
func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.wait_queue 0, 1
  asyncpipe.wait_queue 0, 2
  return
}
"#;

#[test]
fn dialects_are_loaded() {
    let context = Context::new();
    for op in ["asyncpipe.wait_queue", "par.foreach_thread", "asyncop.start", "nvgpu.device_async_wait"] {
        assert!(context.mlir().is_registered_operation(op), "{op} is not registered");
    }
}

#[test]
fn parse_print_round_trip() {
    let context = Context::new();
    let module = context.parse(WAITS, "waits.mlir").unwrap();
    let text = module.as_operation().to_string();
    assert!(text.contains("asyncpipe.wait_queue 0, 2"), "{text}");
    let again = context.parse(&text, "printed.mlir").unwrap();
    assert_eq!(again.as_operation().to_string(), text);
}

#[test]
fn syntax_error_has_file_line_col() {
    let context = Context::new();
    let error = context.parse("func.func @f() {\n  asyncpipe.wait_queue 0,\n}\n", "bad.mlir").unwrap_err();
    let diagnostic = &error.diagnostics()[0];
    assert_eq!(diagnostic.severity, Severity::Error);
    let location = diagnostic.location.as_ref().expect("a location");
    assert_eq!((location.file.as_str(), location.line), ("bad.mlir", 3));
    assert!(error.to_string().starts_with("bad.mlir:3:1: error: "), "{error}");
}

#[test]
fn verifier_error_has_location_and_message() {
    let context = Context::new();
    let source = "func.func @f() {\n  asyncpipe.wait_queue 1, -3\n  return\n}\n";
    let error = context.parse(source, "neg.mlir").unwrap_err();
    let text = error.to_string();
    assert!(text.contains("neg.mlir:2:3: error: 'asyncpipe.wait_queue' op in-flight count must be non-negative, got -3"), "{text}");
}

#[test]
fn missing_file_is_io_error() {
    let context = Context::new();
    let result = context.parse_file("/nonexistent/x.mlir");
    match result {
        Err(Error::Io { path, .. }) => assert_eq!(path, "/nonexistent/x.mlir"),
        other => panic!("expected an I/O error, got {:?}", other.err()),
    };
}

#[test]
fn pipelines_bare_and_anchored() {
    let context = Context::new();
    for pipeline in ["asyncpipe-optimize-waits", "builtin.module(asyncpipe-optimize-waits,canonicalize)"] {
        let mut module = context.parse(WAITS, "waits.mlir").unwrap();
        context.run_pipeline(&mut module, pipeline).unwrap();
        let text = module.as_operation().to_string();
        assert!(text.contains("asyncpipe.wait_queue 0, 1"), "{pipeline}: {text}");
        assert!(!text.contains("asyncpipe.wait_queue 0, 2"), "{pipeline}: {text}");
    }
}

#[test]
fn invalid_pipeline_is_reported() {
    let context = Context::new();
    let mut module = context.parse(WAITS, "waits.mlir").unwrap();
    match context.run_pipeline(&mut module, "asyncpipe-no-such-pass") {
        Err(Error::Pipeline { message, .. }) => assert!(message.contains("asyncpipe-no-such-pass"), "{message}"),
        other => panic!("expected a pipeline error, got {other:?}"),
    }
}

/// A user pass with an option: remarks on every op with the given name.
fn count_ops(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let name = options.get("op").to_string();
    let mut count = 0;
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str() == Ok(name.as_str()) {
            count += 1;
            diag::remark(op.location(), &format!("found {name}"));
        }
        melior::ir::operation::WalkResult::Advance
    });
    if count == 0 {
        diag::error(root.location(), &format!("no '{name}' found"));
        return Err(PassFailed);
    }
    Ok(())
}

static COUNT_OPS: PassDef = PassDef {
    argument: "test-count-ops",
    description: "Remark on each op with a given name",
    anchor: Some("builtin.module"),
    options: &[OptionDef { name: "op", description: "op name", default: "func.func" }],
    run: count_ops,
};

#[test]
fn user_pass_with_option_remarks_and_failure() {
    asyncpipe::register_pass(&COUNT_OPS);
    let context = Context::new();
    let mut module = context.parse(WAITS, "waits.mlir").unwrap();
    context
        .run_pipeline(&mut module, "builtin.module(test-count-ops{op=asyncpipe.wait_queue})")
        .unwrap();
    let remarks = context.take_diagnostics();
    assert_eq!(remarks.len(), 2, "{remarks:?}");
    assert_eq!(remarks[0].severity, Severity::Remark);
    assert_eq!(remarks[0].location.as_ref().unwrap().line, 6);

    let error = context
        .run_pipeline(&mut module, "test-count-ops{op=asyncpipe.wait}")
        .unwrap_err();
    assert!(error.to_string().contains("no 'asyncpipe.wait' found"), "{error}");
}

fn panics(_: OperationRef, _: &PassOptions) -> Result<(), PassFailed> {
    panic!("deliberate failure");
}

static PANICS: PassDef = PassDef {
    argument: "test-panic",
    description: "Panics",
    anchor: None,
    options: &[],
    run: panics,
};

#[test]
fn panic_in_pass_becomes_error_diagnostic() {
    asyncpipe::register_pass(&PANICS);
    let context = Context::new();
    let mut module = context.parse(WAITS, "waits.mlir").unwrap();
    let error = context.run_pipeline(&mut module, "test-panic").unwrap_err();
    assert!(
        error.to_string().contains("internal error in pass 'test-panic': deliberate failure"),
        "{error}"
    );
}
