//! `asyncpipe-test-print-thread-scope`: the thread-scope analysis
//! ([`crate::passes::analysis::thread_scope`]) alone. At each function,
//! whether it runs as a block of threads; at each op of a block-scope
//! function whose index result is `c + a*tid.x + b*tid.y + d*tid.z`, that
//! form (what tells two threads' accesses apart); at each other op whose
//! results differ between threads, "varies across threads".
//!
//! ```text
//! %r = arith.addi %tid, %c1 : index
//! remark: thread form: 1 + 1*x
//! ```

use crate::passes::analysis::thread_scope::{self, ThreadForm};
use crate::passes::ir::{self, diag, ValueKey};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Value;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-thread-scope",
    description: "Remark whether each function runs as a block of threads, and which values vary across its threads and how (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        let ops = ir::nested_ops(function);
        if !thread_scope::is_block_scope(function, &ops) {
            diag::remark(function.location(), "thread scope: one thread");
            continue;
        }
        diag::remark(function.location(), "thread scope: a block of threads");
        let varying = thread_scope::thread_dependent(&ops);
        for op in &ops {
            let Some(result) = op.results().next() else { continue };
            let value: Value = result.into();
            if !varying.contains(&ValueKey::of(value)) {
                continue;
            }
            let message = match thread_scope::thread_form(value, &|v| ir::constant_int(v)) {
                Some(form) if !form.threads.is_zero() => format!("thread form: {}", describe(form)),
                _ => "varies across threads".to_string(),
            };
            diag::remark(op.location(), &message);
        }
    }
    Ok(())
}

fn describe(form: ThreadForm) -> String {
    let mut text = form.constant.to_string();
    for (k, axis) in ["x", "y", "z"].iter().enumerate() {
        let c = form.threads.0[k];
        if c != 0 {
            text += &format!(" + {c}*{axis}");
        }
    }
    text
}
