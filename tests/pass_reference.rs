//! `docs/passes.md` is generated: every registered pass and
//! pipeline of `asyncpipe-opt` with its options (Rust passes: from their
//! `PassDef`, with defaults, source file and the file's module doc; C++
//! passes and pipelines: from `asyncpipe-opt --help`), so the reference
//! cannot drift from the code.
//! This test fails when the file differs from what the code says;
//! `ASYNCPIPE_BLESS=1 cargo test --test pass_reference` rewrites it.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The section of `docs/pass-guide.md` that documents `argument`, when one does
/// (its heading names the flag).
fn guide_section(guide: &str, argument: &str) -> Option<String> {
    let heading = guide.lines().find(|l| l.starts_with("## ") && l.contains(&format!("`{argument}`")))?;
    // GitHub's anchor: lower case, punctuation but '-' and '_' dropped,
    // spaces to '-'.
    let anchor: String = heading[3..]
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect();
    Some(format!("pass-guide.md#{anchor}"))
}

/// `--asyncpipe-*` entries of `asyncpipe-opt --help`: name, description,
/// options (name, description).
fn help_entries() -> BTreeMap<String, (String, Vec<(String, String)>)> {
    let output = Command::new(env!("CARGO_BIN_EXE_asyncpipe-opt")).arg("--help").output().expect("asyncpipe-opt --help");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let mut entries = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        // Options of one letter print with one dash (`-O <uint>`).
        let Some(rest) = trimmed.strip_prefix("--").or_else(|| trimmed.strip_prefix('-').filter(|_| indent == 8)) else {
            continue;
        };
        let (flag, description) = match rest.split_once(" - ") {
            Some((flag, description)) => (flag.trim().to_string(), description.trim().to_string()),
            None => (rest.trim().to_string(), String::new()),
        };
        if indent == 6 && flag.starts_with("asyncpipe-") {
            entries.insert(flag.clone(), (description, Vec::new()));
            current = Some(flag);
        } else if indent == 8 {
            if let Some(entry) = current.as_ref().and_then(|c| entries.get_mut(c)) {
                let name = flag.split(['=', ' ']).next().unwrap_or(&flag).to_string();
                entry.1.push((name, description));
            }
        } else {
            current = None;
        }
    }
    entries
}

/// The folders of `passes/` that hold Rust passes, one role each, in the
/// order the reference lists them.
const ROLES: &[&str] = &["asyncpipe", "asyncop", "par", "gpu", "conversion", "cpu_model", "view", "test_print"];

/// The role folder of pass module `module` (`verify_sync` -> `asyncpipe`).
fn role_of(module: &str) -> Option<&'static str> {
    ROLES.iter().copied().find(|role| root().join(format!("passes/{role}/{module}.rs")).exists())
}

/// The leading `//!` lines of `file`, as markdown.
fn leading_doc(file: &str) -> String {
    let source = std::fs::read_to_string(root().join(file)).unwrap_or_default();
    let mut doc = String::new();
    for line in source.lines().take_while(|l| l.starts_with("//!")) {
        let text = line.trim_start_matches("//!");
        doc.push_str(text.strip_prefix(' ').unwrap_or(text));
        doc.push('\n');
    }
    doc
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

fn render() -> String {
    let guide = std::fs::read_to_string(root().join("docs/pass-guide.md")).unwrap();
    let mut out = String::new();
    out.push_str("# Passes\n\n");
    out.push_str("Generated from the pass definitions by `tests/pass_reference.rs` (do not edit:\n");
    out.push_str("`ASYNCPIPE_BLESS=1 cargo test --test pass_reference` rewrites it; the test\n");
    out.push_str("fails when it is out of date). Each Rust pass with its description, source,\n");
    out.push_str("module doc and options; the guide with examples and tests per pass:\n");
    out.push_str("[pass-guide.md](pass-guide.md).\n\n");
    out.push_str("## Rust passes, by role\n\n");
    out.push_str("Each folder of `passes/` holds the passes of one role; what they share is\n");
    out.push_str("in `passes/analysis/` (read-only analyses), `passes/transform/` (shared\n");
    out.push_str("rewrites) and `passes/ir/` (the IR layer).\n\n");
    let mut rust: Vec<_> = asyncpipe::passes::all().iter().collect();
    rust.sort_by_key(|d| d.argument);
    for role in ROLES {
        out.push_str(&format!("### `passes/{role}/`\n\n{}\n", leading_doc(&format!("passes/{role}/mod.rs"))));
        for def in rust.iter().filter(|d| role_of(&d.argument.trim_start_matches("asyncpipe-").replace('-', "_")) == Some(role)) {
            let module = def.argument.trim_start_matches("asyncpipe-").replace('-', "_");
            let file = format!("passes/{role}/{module}.rs");
            out.push_str(&format!("#### `--{}`\n\n{}.\n\n", def.argument, def.description.trim_end_matches('.')));
            out.push_str(&format!("Source: `{file}`"));
            if let Some(anchor) = def.anchor {
                out.push_str(&format!("; runs on `{anchor}`"));
            }
            if let Some(section) = guide_section(&guide, def.argument) {
                out.push_str(&format!("; guide: [{}]({section})", def.argument));
            }
            out.push_str(".\n\n");
            let doc = leading_doc(&file);
            assert!(!doc.is_empty(), "{file} has no module doc (//!) saying what the pass does and why");
            out.push_str(&doc);
            out.push('\n');
            if !def.options.is_empty() {
                out.push_str("| option | default | meaning |\n|---|---|---|\n");
                for option in def.options {
                    let default = if option.default.is_empty() { "(empty)".to_string() } else { format!("`{}`", option.default) };
                    out.push_str(&format!("| `{}` | {} | {} |\n", option.name, default, cell(option.description)));
                }
                out.push('\n');
            }
        }
    }
    for def in &rust {
        let module = def.argument.trim_start_matches("asyncpipe-").replace('-', "_");
        assert!(role_of(&module).is_some(), "{} has no source file in a role folder of passes/", def.argument);
    }
    out.push_str("## C++ passes and pipelines\n\n");
    out.push_str("(from `asyncpipe-opt --help`; their sources are `passes/Pipelines.cpp`,\n`passes/nvvm/` and `passes/async/`.)\n\n");
    let rust_names: Vec<&str> = rust.iter().map(|d| d.argument).collect();
    for (name, (description, options)) in help_entries() {
        if rust_names.contains(&name.as_str()) {
            continue;
        }
        out.push_str(&format!("### `--{name}`\n\n{}.\n\n", description.trim_end_matches('.')));
        if let Some(section) = guide_section(&guide, &name) {
            out.push_str(&format!("Guide: [{name}]({section}).\n\n"));
        }
        if !options.is_empty() {
            out.push_str("| option | meaning |\n|---|---|\n");
            for (option, meaning) in options {
                out.push_str(&format!("| `{option}` | {} |\n", cell(&meaning)));
            }
            out.push('\n');
        }
    }
    out
}

#[test]
fn pass_reference_is_generated() {
    let path = root().join("docs/passes.md");
    let rendered = render();
    if std::env::var_os("ASYNCPIPE_BLESS").is_some() {
        std::fs::write(&path, &rendered).unwrap();
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == rendered,
        "docs/passes.md is out of date with the pass definitions: run ASYNCPIPE_BLESS=1 cargo test --test pass_reference"
    );
}

/// The `max-steps` defaults the option tables spell out as strings are the
/// budget the analysis uses.
#[test]
fn max_steps_defaults_agree() {
    use asyncpipe::passes::analysis::hazards::{DEFAULT_MAX_STEPS, SHARED_MAX_STEPS_OPTION};
    assert_eq!(SHARED_MAX_STEPS_OPTION.default, DEFAULT_MAX_STEPS.to_string());
    for def in asyncpipe::passes::all() {
        for option in def.options.iter().filter(|o| o.name == "max-steps") {
            assert_eq!(option.default, DEFAULT_MAX_STEPS.to_string(), "{}'s max-steps", def.argument);
        }
    }
}
