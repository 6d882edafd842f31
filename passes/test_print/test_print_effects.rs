//! `asyncpipe-test-print-effects`: the memory-effects analysis
//! ([`crate::passes::analysis::effects`]: what an op reads and writes, as
//! the buffers its memrefs are views of) alone. At every op of a function
//! that touches memory, a remark with the roots it reads and writes, each
//! named by the value that allocates or passes it in (`%argN`, `memref.alloc
//! at line L`), or "any memory" when the op's effects are not bounded.
//!
//! ```text
//! memref.copy %sub, %b : ...
//! remark: effects: reads %arg0; writes memref.alloc at line 5
//! ```

use super::value_names;
use crate::passes::analysis::effects::{self, Access, Root};
use crate::passes::ir::{self, diag, ValueKey};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::HashMap;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-effects",
    description: "Remark, at each op that touches memory, the buffers (roots of its memref views) it reads and writes (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        let names = value_names(function);
        for op in ir::nested_ops(function) {
            let access = effects::access(op);
            if access.reads.as_ref().is_some_and(Vec::is_empty) && access.writes.as_ref().is_some_and(Vec::is_empty) {
                continue;
            }
            diag::remark(op.location(), &describe(&access, &names));
        }
    }
    Ok(())
}

fn describe(access: &Access, names: &HashMap<ValueKey, String>) -> String {
    let list = |roots: &Option<Vec<Root>>| match roots {
        None => "any memory".to_string(),
        Some(roots) if roots.is_empty() => "nothing".to_string(),
        Some(roots) => {
            let mut named: Vec<String> =
                roots.iter().map(|r| names.get(r).cloned().unwrap_or_else(|| "a buffer defined elsewhere".into())).collect();
            named.sort();
            named.dedup();
            named.join(", ")
        }
    };
    format!("effects: reads {}; writes {}", list(&access.reads), list(&access.writes))
}
