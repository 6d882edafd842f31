//! `docs/design/architecture.dot`, the picture of docs/design/architecture.md,
//! checked against the sources: every Rust pass and analysis is a node, the
//! edges between them are exactly the module uses found in `passes/`, every
//! registered pass is drawn, and each pipeline's edges list its steps in the
//! order `passes/Pipelines.cpp` runs them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `(nodes, edges)` of the dot file; an edge's label is kept when it has one.
fn parse_dot(text: &str) -> (BTreeSet<String>, Vec<(String, String, Option<String>)>) {
    let mut nodes = BTreeSet::new();
    let mut edges = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.starts_with("//")) {
        let quoted: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        if line.contains("->") && quoted.len() >= 2 {
            let label = line.split("label=\"").nth(1).and_then(|rest| rest.split('"').next()).map(String::from);
            edges.push((quoted[0].to_string(), quoted[1].to_string(), label));
            nodes.insert(quoted[0].to_string());
            nodes.insert(quoted[1].to_string());
        } else if line.starts_with('"') {
            // Node statements: `"a"; "b" [label=...];`
            for statement in line.split(';') {
                if let Some(name) = statement.trim().strip_prefix('"').and_then(|s| s.split('"').next()) {
                    nodes.insert(name.to_string());
                }
            }
        }
    }
    (nodes, edges)
}

/// Module names: `.rs` files of `dir` but `mod.rs`.
fn modules(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "rs") && !p.ends_with("mod.rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The identifiers of a Rust file's code (comments and string literals left out).
fn identifiers(file: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap();
        let code: String = code.split('"').step_by(2).collect::<Vec<_>>().join(" ");
        for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !word.is_empty() {
                found.insert(word.to_string());
            }
        }
    }
    found
}

/// The `.rs` files under the folders `dirs` (those that exist), at any depth.
fn rust_files_under(dirs: impl IntoIterator<Item = PathBuf>) -> Vec<PathBuf> {
    let mut stack: Vec<PathBuf> = dirs.into_iter().filter(|d| d.is_dir()).collect();
    let mut files = Vec::new();
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// The folders of `passes/` that hold passes, one role each (issue 37): a
/// newcomer reads them as a map. Transforms within one dialect, conversions
/// (one source-to-target pair a file), the CPU simulators, the viewers.
const PASS_FOLDERS: &[&str] = &["asyncpipe", "asyncop", "par", "gpu", "conversion", "cpu_model", "view", "test_print"];

/// The other folders of `passes/`: what passes share (analyses, shared
/// rewrites, the IR layer) and the C++ passes.
const SHARED_FOLDERS: &[&str] = &["analysis", "transform", "ir", "nvvm", "async"];

/// The Rust passes: `(name, path without .rs)`, from the role folders.
fn pass_modules() -> Vec<(String, PathBuf)> {
    let mut found = Vec::new();
    for folder in PASS_FOLDERS {
        let dir = root().join("passes").join(folder);
        for name in modules(&dir) {
            let path = dir.join(&name);
            found.push((name, path));
        }
    }
    found.sort();
    found
}

/// A module's files: `module.rs` and those of its folder.
fn files_of(module: &Path) -> Vec<PathBuf> {
    let mut files = vec![module.with_extension("rs")];
    files.extend(rust_files_under([module.to_path_buf()]));
    files
}

/// The uses between Rust passes, analyses and shared transformations, from
/// the sources.
fn module_edges() -> BTreeSet<(String, String)> {
    let (passes, pass_paths): (Vec<String>, Vec<PathBuf>) = pass_modules().into_iter().unzip();
    let analyses = modules(&root().join("passes/analysis"));
    let transforms = modules(&root().join("passes/transform"));
    let node = |name: &str| {
        if analyses.iter().any(|a| a == name) {
            format!("analysis:{name}")
        } else if transforms.iter().any(|t| t == name) {
            format!("transform:{name}")
        } else {
            format!("pass:{name}")
        }
    };
    let mut edges = BTreeSet::new();
    let owners = passes
        .iter()
        .cloned()
        .zip(pass_paths)
        .chain(analyses.iter().map(|a| (a.clone(), root().join("passes/analysis").join(a))))
        .chain(transforms.iter().map(|t| (t.clone(), root().join("passes/transform").join(t))));
    for (owner, path) in owners {
        let used: BTreeSet<String> = files_of(&path).iter().flat_map(|f| identifiers(f)).collect();
        for target in passes.iter().chain(&analyses).chain(&transforms) {
            if *target != owner && used.contains(target) {
                edges.insert((node(&owner), node(target)));
            }
        }
    }
    edges
}

/// Each pipeline `passes/Pipelines.cpp` registers, with the asyncpipe
/// passes and pipelines its builder names, in order.
fn pipelines() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(root().join("passes/Pipelines.cpp")).unwrap();
    let mut found = Vec::new();
    for registration in text.split("PassPipelineRegistration<").skip(1) {
        let Some(name) = registration.split('"').nth(1) else { continue };
        // The builder's code, after the name and the description.
        let Some(builder) = registration.split("OpPassManager &pm").nth(1) else { continue };
        let mut steps = Vec::new();
        for line in builder.lines() {
            for literal in line.split('"').skip(1).step_by(2) {
                let mut rest = literal;
                while let Some(start) = rest.find("asyncpipe-") {
                    let step: String = rest[start..].chars().take_while(|c| c.is_alphanumeric() || *c == '-').collect();
                    rest = &rest[start + step.len()..];
                    if step != name && !step.ends_with('-') {
                        steps.push(step);
                    }
                }
            }
        }
        found.push((name.to_string(), steps));
    }
    found
}

fn dot() -> (BTreeSet<String>, Vec<(String, String, Option<String>)>) {
    parse_dot(&std::fs::read_to_string(root().join("docs/design/architecture.dot")).unwrap())
}

#[test]
fn every_pass_and_analysis_is_drawn() {
    let (nodes, _) = dot();
    for (name, _) in pass_modules() {
        assert!(nodes.contains(&format!("pass:{name}")), "pass {name} is not in architecture.dot");
    }
    for name in modules(&root().join("passes/analysis")) {
        assert!(nodes.contains(&format!("analysis:{name}")), "analysis {name} is not in architecture.dot");
    }
    for name in modules(&root().join("passes/transform")) {
        assert!(nodes.contains(&format!("transform:{name}")), "transformation {name} is not in architecture.dot");
    }
    // Every registered Rust pass is one of the pass modules.
    for def in asyncpipe::passes::all() {
        let module = def.argument.trim_start_matches("asyncpipe-").replace('-', "_");
        assert!(nodes.contains(&format!("pass:{module}")), "{} is not in architecture.dot", def.argument);
    }
}

/// Every pass is in a folder by role: `passes/` itself holds only `mod.rs`
/// (and the C++ pipelines), and every folder is a role or a shared layer.
#[test]
fn passes_live_in_folders_by_role() {
    let loose = modules(&root().join("passes"));
    assert!(loose.is_empty(), "Rust files directly in passes/ (put each in its role's folder): {loose:?}");
    for entry in std::fs::read_dir(root().join("passes")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() {
            assert!(
                PASS_FOLDERS.contains(&name.as_str()) || SHARED_FOLDERS.contains(&name.as_str()),
                "passes/{name}/ is neither a role folder nor a shared layer (add it to tests/architecture.rs)"
            );
        }
    }
    // Every registered Rust pass is a file of a role folder, named after its flag.
    let found: BTreeSet<String> = pass_modules().into_iter().map(|(name, _)| name).collect();
    for def in asyncpipe::passes::all() {
        let module = def.argument.trim_start_matches("asyncpipe-").replace('-', "_");
        assert!(found.contains(&module), "{} has no file in a role folder", def.argument);
    }
    assert!(pass_modules().iter().any(|(name, path)| name == "verify_sync" && path.ends_with("asyncpipe/verify_sync")));
}

/// Every analysis has its test printer (`passes/test_print/test_print_<analysis>.rs`,
/// flag `asyncpipe-test-print-<analysis>`) and lit tests through it
/// (`test/Analysis/<analysis>.mlir`, dashes for underscores), so that each
/// is tested alone, apart from the passes that act on its results.
#[test]
fn every_analysis_has_a_test_printer() {
    let registered: BTreeSet<&str> = asyncpipe::passes::all().iter().map(|d| d.argument).collect();
    let mut missing = Vec::new();
    for name in modules(&root().join("passes/analysis")) {
        let printer = root().join(format!("passes/test_print/test_print_{name}.rs"));
        let flag = format!("asyncpipe-test-print-{}", name.replace('_', "-"));
        let test = root().join(format!("test/Analysis/{}.mlir", name.replace('_', "-")));
        if !printer.exists() || !registered.contains(flag.as_str()) {
            missing.push(format!("{name}: no registered printer {flag} in {}", printer.strip_prefix(root()).unwrap().display()));
        }
        match std::fs::read_to_string(&test) {
            Ok(text) if text.contains(&format!("--{flag}")) => {}
            _ => missing.push(format!("{name}: no test {} running --{flag}", test.strip_prefix(root()).unwrap().display())),
        }
    }
    assert!(missing.is_empty(), "analyses without a test printer or its tests:\n{}", missing.join("\n"));
}

#[test]
fn edges_are_the_module_uses() {
    let (_, edges) = dot();
    let drawn: BTreeSet<(String, String)> = edges
        .iter()
        .filter(|(a, b, _)| [a, b].iter().all(|n| ["pass:", "analysis:", "transform:"].iter().any(|k| n.starts_with(k))))
        .map(|(a, b, _)| (a.clone(), b.clone()))
        .collect();
    let actual = module_edges();
    let missing: Vec<_> = actual.difference(&drawn).collect();
    let stale: Vec<_> = drawn.difference(&actual).collect();
    assert!(missing.is_empty() && stale.is_empty(), "architecture.dot is out of date:\nmissing {missing:?}\nstale {stale:?}");
}

#[test]
fn the_pipelines_are_drawn_in_order() {
    let (_, edges) = dot();
    let rust: Vec<&str> = asyncpipe::passes::all().iter().map(|d| d.argument).collect();
    let registered = pipelines();
    let names: Vec<&str> = registered.iter().map(|(n, _)| n.as_str()).collect();
    assert!(names.contains(&"asyncpipe-to-ptx") && names.contains(&"asyncpipe-to-nvgpu"), "{names:?}");
    for (name, steps) in &registered {
        let node = format!("pipeline:{name}");
        let mut drawn: Vec<(usize, String)> = edges
            .iter()
            .filter(|(a, _, _)| *a == node)
            .map(|(_, b, label)| (label.as_deref().unwrap_or("0").parse().unwrap(), b.clone()))
            .collect();
        drawn.sort();
        let expected: Vec<String> = steps
            .iter()
            .map(|arg| {
                if rust.contains(&arg.as_str()) {
                    format!("pass:{}", arg.trim_start_matches("asyncpipe-").replace('-', "_"))
                } else if names.contains(&arg.as_str()) {
                    format!("pipeline:{arg}")
                } else {
                    format!("cpp:{arg}")
                }
            })
            .collect();
        assert!(!expected.is_empty(), "{name} names no asyncpipe step");
        assert_eq!(drawn.into_iter().map(|(_, b)| b).collect::<Vec<_>>(), expected, "pipeline {name}");
    }
}

/// The parsers see what they must: a stale edge is found.
#[test]
fn the_checks_can_fail() {
    let (nodes, edges) = parse_dot("digraph g {\n  \"pass:a\"; \"analysis:b\" [label=\"x\"];\n  \"pass:a\" -> \"analysis:b\" [label=\"1\"];\n}");
    assert!(nodes.contains("pass:a") && nodes.contains("analysis:b"));
    assert_eq!(edges, vec![("pass:a".into(), "analysis:b".into(), Some("1".into()))]);
    assert!(pipelines().iter().any(|(name, steps)| name == "asyncpipe-to-ptx" && steps.contains(&"asyncpipe-to-nvgpu".to_string())));
}

/// No pass file imports another pass file (issue 37): what two passes share
/// is an analysis in `passes/analysis/` (the hazard model moved there from
/// verify_sync.rs, which four passes imported) or a transformation in
/// `passes/transform/` (the recount and barrier placement, which five passes
/// called in three other pass files). The imports still to move
/// are listed; a new one fails, and so does a listed one that is gone (the
/// list stays exact, so it only shrinks).
#[test]
fn passes_do_not_import_passes() {
    // None left: hardware-queues and lower-to-nvgpu, the two steps of
    // asyncpipe-to-nvgpu, share transform::nvgpu_lowering (issue 37 moved
    // the last pass-to-pass import there).
    const LEFT: &[(&str, &str)] = &[];
    let left: BTreeSet<(String, String)> = LEFT.iter().map(|(a, b)| (format!("pass:{a}"), format!("pass:{b}"))).collect();
    let actual: BTreeSet<(String, String)> =
        module_edges().into_iter().filter(|(a, b)| a.starts_with("pass:") && b.starts_with("pass:")).collect();
    let new: Vec<_> = actual.difference(&left).collect();
    let gone: Vec<_> = left.difference(&actual).collect();
    assert!(new.is_empty(), "a pass imports another pass (move what they share into passes/analysis/): {new:?}");
    // Analyses and shared transformations never reach up into a pass.
    let upward: Vec<_> = module_edges().into_iter().filter(|(a, b)| !a.starts_with("pass:") && b.starts_with("pass:")).collect();
    assert!(upward.is_empty(), "an analysis or transformation imports a pass: {upward:?}");
    assert!(gone.is_empty(), "these pass-to-pass imports are gone: remove them from the list: {gone:?}");
}

/// The uses between the sibling modules of folder `dir` (its `.rs` files,
/// each with its subfolder): `a` uses `b` when `a`'s code names `super::b`
/// (also inside a `super::{...}` list) or `crate::<path of dir>::b`.
fn sibling_edges(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let names = modules(dir);
    let path = dir.strip_prefix(root()).unwrap().to_string_lossy().replace('/', "::");
    let mut edges = BTreeMap::new();
    for name in &names {
        let text: String = files_of(&dir.join(name))
            .iter()
            .filter(|f| f.exists())
            .flat_map(|f| std::fs::read_to_string(f).unwrap().lines().map(|l| l.split("//").next().unwrap().to_string()).collect::<Vec<_>>())
            .collect::<Vec<_>>()
            .join("\n");
        let uses: BTreeSet<String> = names.iter().filter(|other| *other != name && names_module(&text, &path, other)).cloned().collect();
        edges.insert(name.clone(), uses);
    }
    edges
}

/// Whether `code` names module `module` of the folder at crate path `path`.
fn names_module(code: &str, path: &str, module: &str) -> bool {
    let word_after = |prefix: &str| {
        code.match_indices(prefix).any(|(i, _)| {
            let rest = &code[i + prefix.len()..];
            rest.starts_with(module) && !rest[module.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        })
    };
    let crate_path = format!("crate::{}::", path.strip_prefix("passes").map(|p| format!("passes{p}")).unwrap_or_default());
    if word_after("super::") || word_after(&crate_path) {
        return true;
    }
    // super::{a, b::c, ...}
    code.match_indices("super::{").any(|(i, _)| {
        let list = &code[i + 8..];
        let list = &list[..list.find('}').unwrap_or(list.len())];
        list.split(',').any(|item| item.trim().split("::").next() == Some(module))
    })
}

/// Modules of one folder that import each other in a circle, as the strongly
/// connected components of more than one module.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reaches = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for m in edges.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let mut found: Vec<Vec<String>> = Vec::new();
    for a in edges.keys() {
        let from_a = reaches(a);
        let component: Vec<String> = edges.keys().filter(|b| *b == a || (from_a.contains(*b) && reaches(b).contains(a))).cloned().collect();
        if component.len() > 1 && !found.contains(&component) {
            found.push(component);
        }
    }
    found
}

/// No two modules of a folder import each other, directly or through others
/// (issue 37 broke the last two: `ir/async_effects` <-> `ir/asyncpipe`, whose
/// types moved to `ir/asyncpipe_types`, and `lower_to_nvgpu/bulk` <-> `tma`,
/// whose shared limit moved to `copy`): a circle makes the two one module in
/// all but name.
#[test]
fn no_import_circles() {
    let mut dirs = vec![root().join("passes")];
    let mut found = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            if entry.path().is_dir() {
                dirs.push(entry.path());
            }
        }
        for circle in circles(&sibling_edges(&dir)) {
            found.push(format!("{}: {}", dir.strip_prefix(root()).unwrap().display(), circle.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "modules that import each other in a circle:\n{}", found.join("\n"));
    // The check sees a circle, and the uses it is made of.
    let mut edges = BTreeMap::new();
    edges.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    edges.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    edges.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    edges.insert("d".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(circles(&edges), vec![vec!["a".to_string(), "b".to_string(), "c".to_string()]]);
    assert!(names_module("use super::{copy::shape, bulk};", "passes::x", "bulk"));
    assert!(names_module("x = crate::passes::ir::asyncpipe::f();", "passes::ir", "asyncpipe"));
    assert!(!names_module("use super::asyncpipe_types::f;", "passes::ir", "asyncpipe"));
}

/// The Rust files of the tree over `limit` lines.
fn files_over(limit: usize) -> Vec<String> {
    let mut files = rust_files_under(["passes", "src", "tests", "dialects", "examples", "bench"].iter().map(|d| root().join(d)));
    files.push(root().join("build.rs"));
    let mut over: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).ok()?.lines().count();
            (lines > limit).then(|| format!("{}: {lines} lines", f.strip_prefix(root()).unwrap().display()))
        })
        .collect();
    over.sort();
    over
}

/// No Rust file over 1,000 lines (issue 37): a file a newcomer can read in
/// one sitting; a larger analysis or pass is a folder of parts (as
/// `passes/analysis/hazards/` and `hopper_sync/` are: the entry and state
/// in the file, control flow, accesses and units in the folder).
#[test]
fn no_rust_file_over_a_thousand_lines() {
    let over = files_over(1000);
    assert!(over.is_empty(), "Rust files over 1,000 lines (split them into a folder of parts):\n{}", over.join("\n"));
    // The check sees large files: passes/ has files over 500 lines.
    assert!(!files_over(500).is_empty());
}
