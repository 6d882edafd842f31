//! `asyncpipe-test-print-periodicity`: loop trip counts and periods
//! ([`crate::passes::analysis::periodicity`], how the models follow a loop
//! for any trip count: once the values its body uses repeat with a period,
//! iterations a period apart behave alike) alone. At each `scf.for` of a
//! function: its trip count (a constant, an affine form in the function's
//! arguments with its largest value, or unknown) and the period of the
//! indices its body's memory accesses use (1 when none depends on the
//! iteration), or "no period" when some index does not repeat.
//!
//! ```text
//! scf.for %i = %c0 to %n step %c1 { ... %s = arith.remui %i, %c3 ... }
//! remark: trips 0 + 1*argument 0 (at most 9223372036854775807); period 3
//! ```

use crate::passes::ir::positions::OpPositions;
use crate::passes::analysis::const_eval::Bindings;
use crate::passes::analysis::effects;
use crate::passes::analysis::periodicity::{self, CarriedIntegers, Trips};
use crate::passes::analysis::symbolic::Case;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Value;
use std::rc::Rc;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-periodicity",
    description: "Remark, at each scf.for, its trip count and the period of the indices its body's memory accesses use (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        let case = Rc::new(Case::of_function(function));
        let bindings = Bindings::in_case(case.clone());
        for op in ir::nested_ops(function).into_iter().filter(|op| Upstream::ScfFor.is(*op)) {
            let (Some(lb), Some(ub), Some(step)) = (op.operand_at(0), op.operand_at(1), op.operand_at(2)) else { continue };
            let (Some(lower), Some(step)) = (bindings.form(lb), bindings.eval(step)) else {
                diag::remark(op.location(), "trips unknown (a lower bound or step not known)");
                continue;
            };
            let trips = periodicity::trip_count(&bindings, Some(ub), &lower, step);
            let trips_text = match &trips {
                Trips::Exact(n) => format!("trips {n}"),
                Trips::Symbolic { trips, max } => format!("trips {} (at most {max})", case.describe_form(trips)),
                Trips::Unknown => "trips unknown".to_string(),
            };
            // The indices of the memory accesses in the body (its own ops,
            // not those of inner loops, which have periods of their own).
            let uses: Vec<Value> = ir::nested_ops(op)
                .into_iter()
                .filter(|inner| inner.parent_operation() == Some(op))
                .filter(|inner| {
                    let access = effects::access(*inner);
                    !(access.reads.as_ref().is_some_and(Vec::is_empty) && access.writes.as_ref().is_some_and(Vec::is_empty))
                })
                .flat_map(|inner| inner.operands().skip(1).collect::<Vec<_>>())
                .collect();
            let period = periodicity::period(op, &lower, step, trips.bound(), trips.symbolic(), &bindings, &uses, CarriedIntegers::Keyed);
            let period_text = match period {
                Some(p) => format!("period {p}"),
                None => "no period".to_string(),
            };
            diag::remark(op.location(), &format!("{trips_text}; {period_text}"));
        }
    }
    Ok(())
}
