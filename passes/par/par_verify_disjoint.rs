//! `par-verify-disjoint`: proves that the threads of every
//! `par.foreach_thread` write disjoint parts of what they share, and
//! reports the document's internal conflicts (mlir-foreach-thread-rfc:
//! overlapping `parallel_insert_slice`s, "legitimate races that will turn
//! into side-effecting races after bufferization") as errors naming both
//! parts, before bufferization makes them races.
//!
//! It checks, over every pair of different threads (the ids of the
//! enclosing foreach_threads that the shared value is defined above, so a
//! nested foreach_thread inserting into a slice of its parent's thread
//! varies only in its own ids):
//! - the slices each `par.parallel_insert_slice` writes (tensor form);
//! - the parts of a destination the body reads through
//!   `tensor.extract_slice`, against the slices other threads insert into
//!   it: the bufferization models read the body as one thread's program,
//!   which holds only when a thread reads no part another thread writes;
//! - in buffer form, every write to a buffer defined above the op: a
//!   `memref.store` at its indices, and an op writing a subview chain of
//!   the buffer (a linalg op's `outs`, a `memref.copy` target).
//!
//! The analysis and its proof are in [`crate::passes::analysis::thread_slices`].
//! A part that cannot be described (an offset not affine in the thread ids)
//! or a pair neither proven apart nor enumerable is an error too: the pass
//! passes only programs it proves race-free in these accesses. Pairs of
//! accesses made under different sibling foreach_threads are not compared.

use crate::passes::analysis::thread_slices::{self, Access, Kind, Verdict};
use crate::passes::ir::ods::par::ForeachThreadOp;
use crate::passes::ir::{self, diag, ValueKey};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::TypeLike;
use melior::ir::ValueLike;

pub const PASS: PassDef = PassDef {
    argument: "par-verify-disjoint",
    description: "Prove that the threads of each par.foreach_thread insert and write disjoint parts of what they share; report overlaps (internal conflicts) with both parts",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let mut failed = false;
    // Each outermost foreach_thread once; its accesses include the nested ones'.
    let outermost: Vec<OperationRef> = std::iter::once(root)
        .chain(ir::nested_ops(root))
        .filter(|op| ForeachThreadOp::is(*op) && !ir::ancestors(*op).any(ForeachThreadOp::is))
        .collect();
    for foreach in outermost {
        let mut accesses = Vec::new();
        for access in thread_slices::accesses(foreach) {
            match access {
                Ok(access) => accesses.push(access),
                Err(unanalyzable) => {
                    diag::error(
                        unanalyzable.op.location(),
                        &format!(
                            "cannot tell which part of the shared value each thread of the enclosing 'par.foreach_thread' accesses here: {}",
                            unanalyzable.reason
                        ),
                    );
                    failed = true;
                }
            }
        }
        for i in 0..accesses.len() {
            for j in i..accesses.len() {
                let (a, b) = (&accesses[i], &accesses[j]);
                if (a.kind == Kind::Read && b.kind == Kind::Read) || !same_threads(a, b) {
                    continue;
                }
                // A read against the writes (the write first in the message).
                let (a, b) = if a.kind == Kind::Read { (b, a) } else { (a, b) };
                failed |= report(a, b, thread_slices::check_pair(a, b));
            }
        }
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

/// Whether `a` and `b` part the same value among the same threads.
fn same_threads(a: &Access, b: &Access) -> bool {
    ValueKey::of(a.whole) == ValueKey::of(b.whole)
        && a.ids.len() == b.ids.len()
        && a.ids.iter().zip(&b.ids).all(|(x, y)| x.key == y.key)
}

fn tuple(ids: &[i128]) -> String {
    let ids: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    format!("({})", ids.join(", "))
}

/// Emits the verdict's error, if any; whether it did.
fn report(a: &Access, b: &Access, verdict: Verdict) -> bool {
    let what = |access: &Access| match (access.kind, ir::op_name(access.op)) {
        (Kind::Read, _) => "reads",
        (Kind::Write, _) => "writes",
    };
    match verdict {
        Verdict::Disjoint => false,
        Verdict::Overlap { first, second } => {
            let message = format!(
                "threads {} and {} of 'par.foreach_thread' overlap (an internal conflict, a race): thread {} {} {} and thread {} {} {} of the same {}",
                tuple(&first),
                tuple(&second),
                tuple(&first),
                what(a),
                thread_slices::describe_part(a, &first),
                tuple(&second),
                what(b),
                thread_slices::describe_part(b, &second),
                if a.whole.r#type().is_tensor() { "tensor" } else { "buffer" },
            );
            if a.op == b.op {
                diag::error(a.op.location(), &message);
            } else {
                diag::error_with_note(a.op.location(), &message, b.op.location(), &format!("the other part, which thread {} {} here", tuple(&second), what(b)));
            }
            true
        }
        Verdict::Unproven(reason) => {
            let message = format!("cannot prove that different threads of 'par.foreach_thread' access disjoint parts here: {reason}");
            if a.op == b.op {
                diag::error(a.op.location(), &message);
            } else {
                diag::error_with_note(a.op.location(), &message, b.op.location(), "the other part is accessed here");
            }
            true
        }
    }
}
