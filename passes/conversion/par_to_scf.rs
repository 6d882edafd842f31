//! `par-to-scf`: runs each `par.foreach_thread` (buffer form) as a nest of
//! `scf.for` loops, one thread after the other, outermost dimension
//! outermost.
//!
//! One of the schedules the op allows, and the reference the concurrent
//! lowerings are checked and timed against: a race-free foreach_thread
//! (`par-verify-disjoint`) computes the same here as on any number of CPU
//! threads or GPU threads. A body whose threads wait for each other (the
//! document's signal/wait example) deadlocks here; only `par-to-async` (one
//! task per thread) and `par-to-gpu` run it.

use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::{self, par};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "par-to-scf",
    description: "Lower each par.foreach_thread (buffer form) to a sequential nest of scf.for loops, one iteration per thread",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let mut failed = false;
    for foreach in par::innermost_first(root) {
        if !par::expect_buffer_form(foreach, "par-to-scf") {
            failed = true;
            continue;
        }
        let op = foreach.operation();
        let b = Builder::new(op.context(), op.location());
        let at = Point::Before(op);
        let zero = b.index_constant(0, at);
        let one = b.index_constant(1, at);
        let mut ids = Vec::new();
        let mut point = at;
        for count in foreach.num_threads() {
            let (iv, inner) = b.for_loop(zero, count, one, point);
            ids.push(iv);
            point = inner;
        }
        let Point::Before(yield_op) = point else { unreachable!("for_loop returns the point before its yield") };
        par::move_body(foreach, yield_op, &ids);
        ir::erase(op);
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}
