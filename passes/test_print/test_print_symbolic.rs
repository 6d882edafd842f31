//! `asyncpipe-test-print-symbolic`: the symbolic layer
//! ([`crate::passes::analysis::symbolic`]: integers as affine forms in the
//! function's integer arguments, over a case of their values, which the
//! models split when a decision needs it) alone, over the case of every
//! value. At each op with one integer or index result that is affine in the
//! arguments and not a constant, its form and its range over the case
//! ("range: not bounded" where the range overflows 128 bits).
//!
//! ```text
//! %m = arith.muli %n, %c4 : index
//! remark: form 0 + 4*argument 0, range [-36893488147419103232, 36893488147419103228]
//! ```

use crate::passes::analysis::const_eval::Bindings;
use crate::passes::analysis::symbolic::{integer_bits, Case};
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};
use std::rc::Rc;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-symbolic",
    description: "Remark, at each op with one integer or index result affine in the function's arguments, its form and range (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        let case = Rc::new(Case::of_function(function));
        let bindings = Bindings::in_case(case.clone());
        for op in ir::nested_ops(function) {
            if op.result_count() != 1 {
                continue;
            }
            let value: Value = op.result(0).expect("one result").into();
            if integer_bits(value.r#type()).is_none() {
                continue;
            }
            let Some(form) = bindings.form(value).filter(|f| f.as_constant().is_none()) else { continue };
            let range = match case.range(&form) {
                Some((lo, hi)) => format!("range [{lo}, {hi}]"),
                None => "range: not bounded".to_string(),
            };
            diag::remark(op.location(), &format!("form {}, {range}", case.describe_form(&form)));
        }
    }
    Ok(())
}
