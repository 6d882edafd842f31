//! `asyncpipe-lower-sequential`: executes asyncpipe's async operations
//! synchronously, in issue order, so that counting-form programs run on a CPU
//! (`mlir-runner`) with upstream lowerings only.
//!
//! Completing every async op as soon as it is issued is one of the executions
//! the asynchronous semantics allows, so the lowered program computes what the
//! pipelined one computes whenever its synchronization is right (which
//! `asyncpipe-verify-sync` proves statically):
//! - `asyncpipe.copy %src, %dst` becomes `memref.copy`;
//! - `asyncpipe.async_scope` and `asyncpipe.commit_queue` are inlined;
//! - commits and counting waits disappear.
//!
//! It expects counting form (run `asyncpipe-token-to-count` first): a token,
//! group or `zero_fill` copy left in the input is an error at the op.

use super::{diag, ir, PassDef, PassFailed, PassOptions};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::{RegionLike, Value};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-lower-sequential",
    description: "Run asyncpipe's async ops synchronously in issue order (for CPU execution of counting-form IR)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let ops = ir::nested_ops(root);
    let mut failed = false;
    for op in &ops {
        let name = ir::name(*op);
        let token_form = matches!(name.as_str(), "asyncpipe.wait" | "asyncpipe.commit_group" | "asyncpipe.completed")
            || (matches!(name.as_str(), "asyncpipe.copy" | "asyncpipe.async_scope") && op.result_count() > 0);
        if token_form {
            diag::error(op.location(), "asyncpipe-lower-sequential expects counting form: run asyncpipe-token-to-count first");
            failed = true;
        } else if name == "asyncpipe.copy" && op.has_attribute("zero_fill") {
            diag::error(op.location(), "asyncpipe-lower-sequential does not lower zero_fill copies yet");
            failed = true;
        }
    }
    if failed {
        return Err(PassFailed);
    }
    // Innermost first, so that inlined bodies are already lowered.
    for op in ops.into_iter().rev() {
        match ir::name(op).as_str() {
            "asyncpipe.copy" => {
                let operands: Vec<Value> = op.operands().collect();
                let copy = OperationBuilder::new("memref.copy", op.location()).add_operands(&operands).build().unwrap();
                op.block().unwrap().insert_operation_before(op, copy);
                ir::erase(op);
            }
            "asyncpipe.async_scope" | "asyncpipe.commit_queue" => inline_body(op),
            "asyncpipe.commit" | "asyncpipe.wait_queue" => ir::erase(op),
            _ => {}
        }
    }
    Ok(())
}

/// Moves the ops of `op`'s single-block region (but its terminator) before
/// `op`, then erases `op`.
fn inline_body(op: OperationRef) {
    if let Some(block) = op.region(0).ok().and_then(|r| r.first_block()) {
        let body: Vec<OperationRef> = ir::ops(block).collect();
        for nested in body {
            if ir::name(nested) == "asyncpipe.yield" {
                continue;
            }
            unsafe { mlir_sys::mlirOperationMoveBefore(nested.to_raw(), op.to_raw()) };
        }
    }
    ir::erase(op);
}
