//! `asyncpipe-test-print-thread-slices`: the thread-slices analysis
//! ([`crate::passes::analysis::thread_slices`], what `par-verify-disjoint`
//! asks) alone. At each access of a shared value inside a
//! `par.foreach_thread`: the part it touches for the first two threads
//! (thread ids 0 and 1 along the first varying dimension, the others 0),
//! and whether the parts of two different threads are disjoint (the two
//! threads that overlap, or why it is not proven); "not analyzable" with
//! the reason where the part is not known.
//!
//! ```text
//! par.parallel_insert_slice %s into %out[%i, 0] [1, 8] [1, 1] : ...
//! remark: write: thread 0 [0, 0] extents [1, 8]; thread 1 [1, 0] extents [1, 8]; disjoint across threads
//! ```

use crate::passes::analysis::thread_slices::{self, Kind, Verdict};
use crate::passes::ir::ods::par::ForeachThreadOp;
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-thread-slices",
    description: "Remark, at each access of a shared value in a par.foreach_thread, the parts two threads touch and whether threads are disjoint (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let outermost: Vec<OperationRef> = std::iter::once(root)
        .chain(ir::nested_ops(root))
        .filter(|op| ForeachThreadOp::is(*op) && !ir::ancestors(*op).any(ForeachThreadOp::is))
        .collect();
    for foreach in outermost {
        for access in thread_slices::accesses(foreach) {
            let access = match access {
                Ok(access) => access,
                Err(unanalyzable) => {
                    diag::remark(unanalyzable.op.location(), &format!("not analyzable: {}", unanalyzable.reason));
                    continue;
                }
            };
            let first = vec![0i128; access.ids.len()];
            let mut second = first.clone();
            if let Some(k) = access.ids.iter().position(|id| id.count != Some(1)) {
                second[k] = 1;
            }
            let verdict = match thread_slices::check_pair(&access, &access) {
                Verdict::Disjoint => "disjoint across threads".to_string(),
                Verdict::Overlap { first, second } => format!("threads {first:?} and {second:?} overlap"),
                Verdict::Unproven(reason) => format!("not proven disjoint: {reason}"),
            };
            let kind = if access.kind == Kind::Write { "write" } else { "read" };
            let message = format!(
                "{kind}: thread {first:?} {}; thread {second:?} {}; {verdict}",
                thread_slices::describe_part(&access, &first),
                thread_slices::describe_part(&access, &second),
            );
            diag::remark(access.op.location(), &message);
        }
    }
    Ok(())
}
