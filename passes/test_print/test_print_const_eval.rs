//! `asyncpipe-test-print-const-eval`: the evaluator of integer and index
//! values ([`crate::passes::analysis::const_eval`], which every simulation
//! asks for branch conditions and indices) alone, with nothing bound: at
//! each op of a function with one integer or index result, the constant it
//! evaluates to, in its type's semantics (an `i8` addition wraps at 8 bits,
//! a division by zero is not a value), or "not a constant".
//!
//! ```text
//! %s = arith.addi %a, %b : i8
//! remark: constant -128
//! ```

use crate::passes::analysis::const_eval::Bindings;
use crate::passes::analysis::symbolic::integer_bits;
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-const-eval",
    description: "Remark, at each op with one integer or index result, the constant the evaluator gives it (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        let bindings = Bindings::default();
        for op in ir::nested_ops(function) {
            if op.result_count() != 1 {
                continue;
            }
            let value: Value = op.result(0).expect("one result").into();
            if integer_bits(value.r#type()).is_none() {
                continue;
            }
            let message = match bindings.eval(value) {
                Some(c) => format!("constant {c}"),
                None => "not a constant".to_string(),
            };
            diag::remark(op.location(), &message);
        }
    }
    Ok(())
}
