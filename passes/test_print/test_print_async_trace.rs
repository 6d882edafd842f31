//! `asyncpipe-test-print-async-trace`: the async trace
//! ([`crate::passes::analysis::async_trace`]: a function's commits, waits
//! and barriers as one thread runs them, loops unrolled, with the wait that
//! completes each group; what `asyncpipe-timeline` draws and
//! `asyncpipe-explain` tells) alone. At each commit, the groups it commits
//! in the trace's order and the wait that completes each (or "never
//! completed"); at each wait, the groups it completes. Loops without a
//! constant trip count run `assumed-trips` times.
//!
//! ```text
//! asyncpipe.commit 0
//! remark: trace: group 0 on queue 0 (prologue), completed by the wait at line 9
//! ```

use crate::passes::analysis::async_trace::{self, Event, Phase};
use crate::passes::ir::{self, diag, OpKey};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::BTreeMap;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-async-trace",
    description: "Remark, at each commit and wait, the groups of the function's async trace and the wait that completes each (test printer)",
    anchor: None,
    options: &[OptionDef {
        name: "assumed-trips",
        description: "Iterations to run a loop whose trip count is not a constant, as asyncpipe-timeline's option",
        default: "4",
    }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let assumed = options.parse::<i64>(root, "assumed-trips")?;
    for function in ir::functions(root) {
        if !async_trace::has_async_work(function) {
            continue;
        }
        let trace = async_trace::trace(function, assumed);
        // (op, line) in trace order, grouped per op below.
        let mut found = Vec::new();
        for (event, phase) in &trace.events {
            let phase = match phase {
                Phase::Prologue => "prologue".to_string(),
                Phase::Loop(i) => format!("iteration {i}"),
                Phase::Epilogue => "epilogue".to_string(),
            };
            match event {
                Event::Commit { group } => {
                    let g = &trace.groups[*group];
                    let completed = match g.completed.and_then(|e| trace.events.get(e)) {
                        Some((Event::Wait { op, .. }, _)) => format!("completed by the wait at {}", diag::line_of(*op)),
                        _ => "never completed".to_string(),
                    };
                    found.push((g.commit_op, format!("group {group} on queue {} ({phase}), {completed}", g.queue)));
                }
                Event::Wait { completes, op, .. } => {
                    let groups: Vec<String> = completes.iter().map(|g| g.to_string()).collect();
                    let what = if groups.is_empty() { "no group".to_string() } else { format!("groups {}", groups.join(", ")) };
                    found.push((*op, format!("completes {what} ({phase})")));
                }
                Event::Barrier { .. } | Event::Gap { .. } => {}
            }
        }
        let mut order: Vec<OpKey> = Vec::new();
        let mut lines: BTreeMap<usize, (OperationRef, Vec<String>)> = BTreeMap::new();
        for (op, line) in found {
            let key = OpKey::of(op);
            let index = order.iter().position(|k| *k == key).unwrap_or_else(|| {
                order.push(key);
                order.len() - 1
            });
            lines.entry(index).or_insert_with(|| (op, Vec::new())).1.push(line);
        }
        for (op, texts) in lines.into_values() {
            diag::remark(op.location(), &format!("trace: {}", texts.join("; ")));
        }
        if trace.truncated {
            diag::remark(function.location(), "trace: stopped at its budget");
        }
    }
    Ok(())
}
