//! `asyncpipe-test-print-version-slices`: the version-slices analysis
//! ([`crate::passes::analysis::version_slices`]: which rows of a
//! multi-buffered buffer's leading dimension a view selects, as `(a*x + b)
//! mod m` in one unknown, which `asyncpipe-synchronize` asks to keep the
//! versions of a buffer apart) alone. At each `memref.subview` whose rows it
//! knows, a remark with the form, the unknown named by the value it is
//! (`block argument 0 at line 12` for a loop's counter).
//!
//! ```text
//! %v = memref.subview %buf[%slot, 0] [1, 8] [1, 1] : ...
//! remark: rows (1*(block argument 0 at line 9) + 1) mod 3, 1 row
//! ```

use super::value_names;
use crate::passes::analysis::version_slices;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag, ValueKey};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Value;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-version-slices",
    description: "Remark, at each memref.subview, the rows of its buffer's leading dimension it selects as (a*x + b) mod m (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        let names = value_names(function);
        for op in ir::nested_ops(function).into_iter().filter(|op| Upstream::MemrefSubview.is(*op)) {
            let Some(result) = op.results().next() else { continue };
            let name = |x: Value| names.get(&ValueKey::of(x)).cloned().unwrap_or_else(|| "a value defined elsewhere".into());
            let message = match version_slices::rows(result.into()) {
                Some(rows) => rows.describe(name),
                None => "rows: not known".to_string(),
            };
            diag::remark(op.location(), &message);
        }
    }
    Ok(())
}
