//! `asyncpipe-test-print-in-flight-bounds`: the in-flight bounds analysis
//! ([`crate::passes::analysis::in_flight_bounds`], what
//! `asyncpipe-optimize-waits` and the bulk queues' ring sizes use) alone. At
//! every counting wait and every commit a remark with the bound on the
//! groups in flight on its queue just before it, over every visit: "at
//! most N", "unbounded" (some visit had no bound: a function's entry, a
//! loop's fixpoint), "more than CAP" or "never reached".
//!
//! ```text
//! asyncpipe.wait_queue 0, 2
//! remark: in flight before: at most 1
//! ```

use crate::passes::analysis::in_flight_bounds::{self, Bound};
use crate::passes::ir::asyncpipe::is_commit;
use crate::passes::ir::ods::asyncpipe::WaitQueueOp;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-in-flight-bounds",
    description: "Remark, at each counting wait and commit, the bound on the groups in flight on its queue just before it (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let bounds = in_flight_bounds::analyze(root);
    for op in ir::nested_ops(root) {
        let is_wait = WaitQueueOp::is(op) || Upstream::NvgpuDeviceAsyncWait.is(op);
        if !(is_wait || is_commit(op) || Upstream::NvgpuDeviceAsyncCreateGroup.is(op)) {
            continue;
        }
        let bound = match bounds.before(op) {
            Bound::Unreached => "never reached".to_string(),
            Bound::Unbounded => "unbounded".to_string(),
            Bound::AtMost(n) => format!("at most {n}"),
            Bound::Over(cap) => format!("more than {cap}"),
        };
        diag::remark(op.location(), &format!("in flight before: {bound}"));
    }
    Ok(())
}
