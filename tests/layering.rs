//! The layering rules of the Rust code, checked on its sources:
//!
//! - raw MLIR handles (`unsafe`, `mlir_sys::`, `transmute`, pointer casts as
//!   identity keys) only in the IR layer `passes/ir/` and the crate's C
//!   boundary in `src/` (the generated `ffi`, registration of the passes,
//!   the context, dialect handles, diagnostics and PTX extraction), and
//!   every module of `passes/` but `ir` declared `#[forbid(unsafe_code)]`
//!   in `passes/mod.rs`, so that the compiler enforces it too;
//! - no op name or attribute name of asyncpipe's dialects, and no name of an
//!   upstream op or attribute the passes use, as a string literal in
//!   `passes/` outside `passes/ir/`: passes use the typed views generated
//!   from the ODS (`passes::ir::ods`), `passes::ir::upstream::Upstream` and
//!   `passes::ir::upstream::attr`, whose names are the ones checked here;
//! - asyncpipe's own ops (asyncpipe, par, asyncop) built only through their
//!   typed builders (`XOp::build`, generated from the ODS), never by name
//!   and positional operands, so that a missing operand or attribute is a
//!   compile error. `rewrite::rebuild*` stays allowed: it turns one op into
//!   another keeping its regions and attributes, which no builder can;
//! - no `.ok()` or `.is_ok_and(` on melior's position getters (`result`,
//!   `operand`, `region`, `argument`) in `passes/` and `src/`: their error
//!   for a position out of range holds the whole op or block printed, so a
//!   probe of every op cost a print of every loop (`passes::ir::positions`
//!   asks the count first: `result_at`, `operand_at`, ...).

use asyncpipe::passes::ir::ods::{asyncop, asyncpipe as ap, par};
use asyncpipe::passes::ir::upstream::{self, Upstream};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Source lines of `file` with their numbers, comments dropped.
fn code_lines(file: &Path) -> Vec<(usize, String)> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .map(|(i, line)| (i + 1, line.to_string()))
        .collect()
}

/// The string literals of a line (no escapes in the names checked).
fn literals(line: &str) -> Vec<&str> {
    line.split('"').skip(1).step_by(2).collect()
}

const RAW: [&str; 4] = ["unsafe", "mlir_sys::", "transmute", "ptr as usize"];

/// Files allowed to hold raw handles: the IR layer and the C boundary.
fn may_use_raw(relative: &Path) -> bool {
    relative.starts_with("passes/ir")
        || [
            "src/ffi.rs",
            "src/registration.rs",
            "src/context.rs",
            "src/dialects.rs",
            "src/diagnostics.rs",
            "src/ptx.rs",
            "src/bin/asyncpipe-opt.rs",
        ]
        .iter()
        .any(|allowed| relative == Path::new(allowed))
}

/// The Rust sources of `passes/` and `src/`: each file's path, and its
/// path relative to the crate's root.
fn sources() -> Vec<(PathBuf, PathBuf)> {
    let mut files = Vec::new();
    rust_files(&root().join("passes"), &mut files);
    rust_files(&root().join("src"), &mut files);
    files.into_iter().map(|file| (file.strip_prefix(root()).unwrap().to_path_buf(), file)).collect()
}

fn violations_of_raw_handles() -> Vec<String> {
    let mut found = Vec::new();
    for (relative, file) in sources() {
        if may_use_raw(&relative) {
            continue;
        }
        for (number, line) in code_lines(&file) {
            let code: String = line.split('"').step_by(2).collect::<Vec<_>>().join("\"\"").replace("#[forbid(unsafe_code)]", "");
            if let Some(word) = RAW.iter().find(|w| code.contains(*w)) {
                found.push(format!("{}:{number}: `{word}` outside the IR layer: {}", relative.display(), line.trim()));
            }
        }
    }
    found
}

fn violations_of_names() -> Vec<String> {
    // par's slice attributes are upstream's OffsetSizeAndStrideOpInterface
    // names (memref.subview has them too), so only its op names count.
    let mut names: Vec<&str> = Vec::new();
    for list in [ap::OP_NAMES, par::OP_NAMES, asyncop::OP_NAMES, ap::ATTRIBUTE_NAMES, asyncop::ATTRIBUTE_NAMES] {
        names.extend(list);
    }
    names.extend(ap::attrs::ALL);
    names.extend(asyncop::attrs::ALL);
    // Upstream ops too: passes name them as `Upstream::*`.
    names.extend(Upstream::ALL.iter().map(|op| op.name()));
    // And upstream attributes, as `upstream::attr::*`.
    names.extend(upstream::ATTRIBUTES.iter().map(|(_, name)| *name));
    let mut files = Vec::new();
    rust_files(&root().join("passes"), &mut files);
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(root()).unwrap().to_path_buf();
        if relative.starts_with("passes/ir") {
            continue;
        }
        for (number, line) in code_lines(&file) {
            for literal in literals(&line) {
                if names.contains(&literal) {
                    found.push(format!("{}:{number}: \"{literal}\" spelled out: {}", relative.display(), line.trim()));
                }
            }
        }
    }
    found
}

/// Calls that build an op from a name (`b.build(X::NAME, ..)`, `b.op(..)`,
/// `b.value(..)`, `b.region_op(..)`, `OperationBuilder::new(..)`) whose name
/// is a generated op view's `NAME`, in `text` (comments removed first).
fn untyped_builds(text: &str) -> Vec<String> {
    let code: String = text.lines().map(|l| l.split("//").next().unwrap()).collect::<Vec<_>>().join("\n");
    let mut found = Vec::new();
    for call in [".build(", ".op(", ".value(", ".region_op(", "OperationBuilder::new("] {
        for (i, _) in code.match_indices(call) {
            let rest = code[i + call.len()..].trim_start();
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            if name.ends_with("Op::NAME") {
                found.push(format!("{call}{name}"));
            }
        }
    }
    found
}

fn violations_of_untyped_builds() -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root().join("passes"), &mut files);
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(root()).unwrap().to_path_buf();
        if relative.starts_with("passes/ir") {
            continue;
        }
        for call in untyped_builds(&std::fs::read_to_string(&file).unwrap()) {
            found.push(format!("{}: {call} (use the op's typed XOp::build)", relative.display()));
        }
    }
    found
}

/// Probes of melior's position getters on `line`: `.result(0).ok()`,
/// `.operand(k).is_ok_and(`, ...
fn printing_probes(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    for getter in ["result", "operand", "region", "argument"] {
        let mut rest = line;
        let open = format!(".{getter}(");
        while let Some(at) = rest.find(&open) {
            let after = &rest[at + open.len()..];
            let Some(close) = after.find(')') else { break };
            let tail = &after[close + 1..];
            if !after[..close].contains('(') && (tail.starts_with(".ok()") || tail.starts_with(".is_ok_and(")) {
                found.push(format!("{open}{}){}", &after[..close], if tail.starts_with(".ok()") { ".ok()" } else { ".is_ok_and(" }));
            }
            rest = after;
        }
    }
    found
}

fn violations_of_printing_probes() -> Vec<String> {
    let mut found = Vec::new();
    for (relative, file) in sources() {
        // (The checked getters themselves.)
        if relative == Path::new("passes/ir/positions.rs") {
            continue;
        }
        for (number, line) in code_lines(&file) {
            for probe in printing_probes(&line) {
                found.push(format!("{}:{number}: {probe} (use passes::ir::positions)", relative.display()));
            }
        }
    }
    found
}

#[test]
fn position_probes_ask_the_count_first() {
    let found = violations_of_printing_probes();
    assert!(found.is_empty(), "melior position getters probed (their error prints the whole op):\n{}", found.join("\n"));
}

#[test]
fn own_ops_are_built_through_their_typed_builders() {
    let found = violations_of_untyped_builds();
    assert!(found.is_empty(), "asyncpipe ops built by name:\n{}", found.join("\n"));
}

#[test]
fn raw_handles_stay_in_the_ir_layer() {
    let found = violations_of_raw_handles();
    assert!(found.is_empty(), "raw MLIR handles outside passes/ir and the C boundary:\n{}", found.join("\n"));
}

/// The modules of `passes/mod.rs` (`pub mod X;`) not preceded by
/// `#[forbid(unsafe_code)]`, other than the IR layer.
fn modules_allowed_unsafe(mod_rs: &str) -> Vec<String> {
    let mut previous = "";
    let mut found = Vec::new();
    for line in mod_rs.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("//")) {
        if let Some(name) = line.strip_prefix("pub mod ").or_else(|| line.strip_prefix("mod ")).and_then(|r| r.strip_suffix(';')) {
            if name != "ir" && previous != "#[forbid(unsafe_code)]" {
                found.push(name.to_string());
            }
        }
        previous = line;
    }
    found
}

#[test]
fn the_compiler_forbids_unsafe_outside_the_ir_layer() {
    let mod_rs = std::fs::read_to_string(root().join("passes/mod.rs")).unwrap();
    let found = modules_allowed_unsafe(&mod_rs);
    assert!(found.is_empty(), "modules of passes/mod.rs without #[forbid(unsafe_code)]: {found:?}");
}

#[test]
fn passes_name_ops_through_the_ods_views() {
    let found = violations_of_names();
    assert!(found.is_empty(), "asyncpipe op or attribute names as string literals:\n{}", found.join("\n"));
}

/// The checks see what they look for: the generated lists hold the names,
/// and a line of the kind they reject is rejected.
#[test]
fn the_checks_can_fail() {
    assert!(ap::OP_NAMES.contains(&"asyncpipe.commit_group"));
    assert!(ap::ATTRIBUTE_NAMES.contains(&"queue"));
    assert!(ap::attrs::ALL.contains(&"asyncpipe.stage"));
    assert!(asyncop::attrs::ALL.contains(&"asyncop.wrap"));
    assert!(Upstream::ALL.iter().any(|op| op.name() == "scf.for"));
    assert!(upstream::ATTRIBUTES.iter().any(|(_, name)| *name == "numGroups"));
    assert_eq!(literals(r#"if ir::op_name(op) == "asyncpipe.copy" {"#), vec!["asyncpipe.copy"]);
    let code: String = r#"let x = unsafe { f("unsafe") };"#.split('"').step_by(2).collect::<Vec<_>>().join("\"\"");
    assert!(code.contains("unsafe"));
    assert!(!may_use_raw(Path::new("passes/asyncpipe/verify_sync.rs")));
    assert_eq!(untyped_builds("let op = b.op(\n    WaitQueueOp::NAME, &[], &[], &a, at); // b.build(CopyOp::NAME"), vec![".op(WaitQueueOp::NAME"]);
    assert!(untyped_builds("b.insert(WaitQueueOp::build(&b, None, 0, Some(1)), at); b.op(Upstream::ScfYield, &[], &[], &[], at)").is_empty());
    assert_eq!(modules_allowed_unsafe("pub mod ir;\n#[forbid(unsafe_code)]\npub mod a;\npub mod b;\n"), vec!["b"]);
    assert_eq!(printing_probes("let r = op.result(0).ok()?; b.argument(k + 1).is_ok_and(|a| a)"), vec![".result(0).ok()", ".argument(k + 1).is_ok_and("]);
    assert!(printing_probes("op.result_at(0); op.operand(f(x)).unwrap(); op.region(0).expect(\"a body\")").is_empty());
}
