//! `asyncpipe-test-print-barrier-intervals`: the barrier-intervals analysis
//! ([`crate::passes::analysis::barrier_intervals`], what
//! `asyncpipe-eliminate-barriers` asks) alone. At each `gpu.barrier` of a
//! function, the plain and asynchronous accesses that may run before it in
//! one thread while another thread runs past it, those after it, and
//! whether it orders a conflicting pair (the pair, in words) or none (the
//! barrier could go).
//!
//! ```text
//! gpu.barrier
//! remark: before: memref.store at line 8; after: memref.load at line 10; orders a read-after-write pair ...
//! ```

use crate::passes::analysis::barrier_intervals::{Access, Intervals};
use crate::passes::analysis::sync_state::BulkQueues;
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-barrier-intervals",
    description: "Remark, at each block barrier, the accesses before and after it and the conflicting pair between threads it orders, if any (test printer)",
    anchor: None,
    options: &[BulkQueues::OPTION],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let bulk = BulkQueues::from_options(root, options)?;
    for function in ir::functions(root) {
        let ops = ir::nested_ops(function);
        let intervals = Intervals::of(function, &ops, &bulk);
        for barrier in intervals.barriers() {
            let list = |accesses: Vec<&Access>| {
                let mut named: Vec<String> = accesses
                    .iter()
                    .map(|a| format!("{} {} at {}", if a.write { "write" } else { "read" }, ir::op_name(a.op), diag::line_of(a.op)))
                    .collect();
                named.sort();
                named.dedup();
                if named.is_empty() { "nothing".to_string() } else { named.join(", ") }
            };
            let verdict = match intervals.needed(barrier) {
                Some(pair) => pair.describe(),
                None => "orders no conflicting pair".to_string(),
            };
            let message = format!("before: {}; after: {}; {verdict}", list(intervals.before(barrier)), list(intervals.after(barrier)));
            diag::remark(barrier.location(), &message);
        }
    }
    Ok(())
}
