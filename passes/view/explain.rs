//! `asyncpipe-explain`: remarks a user can act on, from the same trace of
//! the IR as `asyncpipe-timeline` (`analysis::async_trace`), off unless run:
//! - at each wait: the count it leaves in flight, the group it completes
//!   (where it was committed, what it copies into) and the newer groups
//!   the count lets stay in flight;
//! - at each multi-buffered allocation: its version count, and how many of
//!   its groups are in flight at once (a version is read while the others
//!   are being filled);
//! - at each block barrier: the hazard it orders, the completion of other
//!   threads' copies before reads (after a wait) or the reads of a version
//!   before a copy overwrites it (before a copy).

use crate::passes::analysis::async_trace::{self, Event, Phase, Trace};
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-explain",
    description: "Remark, at each wait, multi-buffered allocation and block barrier, why it is there: the group a wait completes and the groups its count leaves in flight, the groups in flight per buffer, the hazard a barrier orders",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        if !async_trace::has_async_work(function) {
            continue;
        }
        let trace = async_trace::trace(function, 8);
        if trace.truncated {
            // The remarks below cover the ops walked; say where that stops.
            diag::remark(
                function.location(),
                &format!("the trace stopped after {} ops: waits, buffers and barriers reached only later are not explained", async_trace::BUDGET),
            );
        }
        explain_waits(&trace);
        explain_buffers(&trace);
        explain_barriers(&trace);
    }
    Ok(())
}

fn location(op: OperationRef) -> String {
    diag::line_of(op)
}

/// Where and when (prologue, iteration, epilogue) a group was committed.
fn committed(trace: &Trace, group: usize) -> String {
    let g = &trace.groups[group];
    let when = match trace.events.get(g.committed).map(|(_, p)| *p) {
        Some(Phase::Prologue) => "in the prologue".to_string(),
        Some(Phase::Loop(k)) => format!("in iteration {k}"),
        Some(Phase::Epilogue) => "in the epilogue".to_string(),
        None => String::new(),
    };
    format!("{} {when}", location(g.commit_op))
}

fn targets(trace: &Trace, group: usize) -> String {
    let targets: Vec<String> = trace.groups[group]
        .targets
        .iter()
        .map(|(buffer, version)| match version {
            Some(v) => format!("version {v} of buf{buffer}"),
            None => format!("buf{buffer}"),
        })
        .collect();
    if targets.is_empty() {
        "nothing".into()
    } else {
        targets.join(", ")
    }
}

/// Each wait op once: its first instance in the main loop's second
/// iteration (the steady state), else its first.
fn explain_waits(trace: &Trace) {
    let mut seen: Vec<OperationRef> = Vec::new();
    let mut order: Vec<usize> = (0..trace.events.len()).collect();
    order.sort_by_key(|i| !matches!(trace.events[*i].1, Phase::Loop(1)));
    for index in order {
        let (Event::Wait { queue, count, completes, op }, _) = &trace.events[index] else { continue };
        if seen.contains(op) {
            continue;
        }
        seen.push(*op);
        let flying: Vec<usize> = trace
            .groups
            .iter()
            .enumerate()
            .filter(|(_, g)| g.queue == *queue && g.committed < index && g.completed.is_none_or(|c| c > index))
            .map(|(i, _)| i)
            .collect();
        let count_text = match count {
            Some(c) => format!("waits until at most {c} group{} in flight on queue {queue}", if *c == 1 { " is" } else { "s are" }),
            None => format!("waits for its group on queue {queue}"),
        };
        let newest = completes.iter().max();
        let message = match newest {
            Some(g) => {
                let group = &trace.groups[*g];
                let stay: Vec<String> = flying.iter().map(|i| format!("{} ({})", committed(trace, *i), targets(trace, *i))).collect();
                let _ = group;
                format!(
                    "{count_text}: here it completes the group committed at {} ({}){}{}",
                    committed(trace, *g),
                    targets(trace, *g),
                    if completes.len() > 1 { format!(" and {} older", completes.len() - 1) } else { String::new() },
                    if stay.is_empty() {
                        ", and none stays in flight".to_string()
                    } else {
                        format!("; the newer group{} committed at {} may stay in flight", if stay.len() == 1 { "" } else { "s" }, stay.join(", "))
                    }
                )
            }
            None => format!("{count_text}: here no group is older than that, it completes none"),
        };
        diag::remark(op.location(), &message);
    }
}

fn explain_buffers(trace: &Trace) {
    for (index, buffer) in trace.buffers.iter().enumerate() {
        let Some(versions) = buffer.versions else { continue };
        // The most of its groups in flight at once (at a wait).
        let mut most = 0;
        for (at, (event, _)) in trace.events.iter().enumerate() {
            if !matches!(event, Event::Wait { .. }) {
                continue;
            }
            let open = trace
                .groups
                .iter()
                .filter(|g| g.targets.iter().any(|(b, _)| *b == index) && g.committed < at && g.completed.is_none_or(|c| c >= at))
                .count();
            most = most.max(open);
        }
        let Some(op) = ir::defining_op(buffer.allocation) else { continue };
        diag::remark(
            op.location(),
            &format!(
                "buf{index}: {versions} versions: up to {most} of its groups are in flight at once, each filling its own version, while the wait before a read completes the oldest; a version is refilled only after it was read"
            ),
        );
    }
}

fn explain_barriers(trace: &Trace) {
    let mut seen: Vec<OperationRef> = Vec::new();
    for (index, (event, _)) in trace.events.iter().enumerate() {
        let Event::Barrier { op } = event else { continue };
        if seen.contains(op) {
            continue;
        }
        seen.push(*op);
        let before = trace.events[..index].iter().rev().find_map(|(e, _)| match e {
            Event::Wait { completes, op, .. } if !completes.is_empty() => Some((completes.clone(), *op)),
            Event::Barrier { .. } => Some((Vec::new(), *op)),
            _ => None,
        });
        let after = trace.events[index + 1..].iter().find_map(|(e, _)| match e {
            Event::Commit { group } => Some(*group),
            _ => None,
        });
        let message = match (before, after) {
            (Some((completes, wait)), _) if !completes.is_empty() => format!(
                "orders the completion of every thread's copies into {} (each thread's wait at {}) before any thread reads them: a wait completes only its own thread's copies",
                targets(trace, *completes.iter().max().expect("not empty")),
                location(wait)
            ),
            (_, Some(group)) => format!(
                "orders every thread's reads of {} before the copy committed at {} overwrites it in some thread",
                targets(trace, group),
                committed(trace, group)
            ),
            _ => "orders nothing the trace shows: no wait completes copies before it and no copy follows it".to_string(),
        };
        diag::remark(op.location(), &message);
    }
}
