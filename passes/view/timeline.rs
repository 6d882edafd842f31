//! `asyncpipe-timeline{output=DIR example-trip-count=N}`: a picture of each
//! function's async work, `DIR/<function>.timeline.svg`: time (the
//! function's commits, waits and block barriers in the order one thread runs
//! them, loops unrolled: the prologue, the first iterations of the main loop,
//! a gap, its last iteration, the epilogue) across, one lane per queue, each
//! group a bar from its commit to the wait that completes it, labelled with
//! the buffers it copies into and their versions; each wait a mark with its
//! count; each barrier a line across the lanes. It is computed from the IR
//! (`analysis::async_trace`), so it shows what the code does.
//!
//! A loop whose trip count is not a constant runs `example-trip-count`
//! iterations, and the picture says so. A module with no async work to draw
//! is an error; a function without any gets no file.

use crate::passes::analysis::async_trace::{self, Event, Phase, Trace};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;
use std::fmt::Write as _;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-timeline",
    description: "Write an SVG timeline of each function's async work (groups per queue from commit to completing wait, waits with counts, barriers, buffer versions), computed from the IR",
    anchor: Some(Upstream::BuiltinModule.name()),
    options: &[
        OptionDef { name: "output", description: "the folder the pictures go into", default: "." },
        OptionDef { name: "example-trip-count", description: "the iterations a loop without a constant trip count is drawn with", default: "8" },
        OptionDef { name: "bulk-queues", description: "queues lowered to cp.async.bulk on mbarrier rings (as given to the pipeliner): their lanes are the rings", default: "" },
    ],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let folder = options.get("output").to_string();
    let assumed: i64 = options.parse(root, "example-trip-count")?;
    if assumed < 1 {
        diag::error(root.location(), &format!("asyncpipe-timeline: example-trip-count={assumed}, a loop is drawn with at least one iteration"));
        return Err(PassFailed);
    }
    let bulk: Vec<i64> = options.get("bulk-queues").split(',').filter_map(|q| q.trim().parse().ok()).collect();
    let mut drawn = 0;
    let mut quiet = Vec::new();
    for function in ir::functions(root) {
        if !async_trace::has_async_work(function) {
            quiet.push(function);
            continue;
        }
        let name = ir::symbol_name(function).unwrap_or_else(|| "function".into());
        let trace = async_trace::trace(function, assumed);
        let svg = render(&name, &trace, &bulk);
        let path = std::path::Path::new(&folder).join(format!("{name}.timeline.svg"));
        if let Err(error) = std::fs::create_dir_all(&folder).and_then(|_| std::fs::write(&path, svg)) {
            diag::error(function.location(), &format!("asyncpipe-timeline: cannot write {}: {error}", path.display()));
            return Err(PassFailed);
        }
        diag::remark(
            function.location(),
            &format!(
                "timeline of @{name}: {} groups on {}, {} waits, {} barriers: {}",
                trace.groups.len(),
                lanes(&trace),
                trace.events.iter().filter(|(e, _)| matches!(e, Event::Wait { .. })).count(),
                trace.events.iter().filter(|(e, _)| matches!(e, Event::Barrier { .. })).count(),
                path.display()
            ),
        );
        drawn += 1;
    }
    if drawn == 0 {
        diag::error(root.location(), "asyncpipe-timeline: no function here has async work to draw (asyncpipe commits or waits)");
        return Err(PassFailed);
    }
    for function in quiet {
        if ir::region_entry(function, 0).is_some() {
            diag::remark(
                function.location(),
                &format!("no timeline for @{}: it has no async work (asyncpipe commits or waits, asyncop chains, async tasks)", ir::symbol_name(function).unwrap_or_default()),
            );
        }
    }
    Ok(())
}

/// The lanes of a trace, in words.
fn lanes(trace: &Trace) -> String {
    let queues: Vec<String> = trace.queues().iter().filter(|q| **q >= 0).map(|q| q.to_string()).collect();
    let mut parts = Vec::new();
    if !queues.is_empty() {
        parts.push(format!("queue{} {}", if queues.len() == 1 { "" } else { "s" }, queues.join(", ")));
    }
    if trace.queues().contains(&async_trace::CHAINS) {
        parts.push("the asyncop chains' lane".to_string());
    }
    if trace.queues().contains(&async_trace::TASKS) {
        parts.push("the async tasks' lane".to_string());
    }
    parts.join(" and ")
}

const LEFT: usize = 90;
const COLUMN: usize = 34;
const LANE: usize = 56;
const TOP: usize = 70;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The picture of `trace`, as SVG text.
pub fn render(name: &str, trace: &Trace, bulk: &[i64]) -> String {
    let queues = trace.queues();
    let columns = trace.events.len().max(1);
    let width = LEFT + columns * COLUMN + 40;
    let height = TOP + queues.len().max(1) * LANE + 70;
    let x = |column: usize| LEFT + column * COLUMN + COLUMN / 2;
    let lane = |queue: i64| TOP + queues.iter().position(|q| *q == queue).unwrap_or(0) * LANE;
    let mut out = String::new();
    let _ = writeln!(out, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="Helvetica, Arial, sans-serif" font-size="11">"#);
    let _ = writeln!(out, r#"<rect width="{width}" height="{height}" fill="white"/>"#);
    let mut title = format!("@{name}: async groups from commit to the wait that completes them");
    if let Some((op, trips)) = trace.main_loop {
        let _ = write!(title, "; main loop ({}) of {trips} iterations", location(op));
    }
    let _ = writeln!(out, r#"<text x="10" y="18" font-size="13" font-weight="bold">{}</text>"#, escape(&title));
    if trace.truncated {
        let _ = writeln!(out, r#"<text x="10" y="48" fill="firebrick">cut: the trace stopped after {} ops; what follows is not drawn</text>"#, async_trace::BUDGET);
    }
    for (op, count) in &trace.assumed {
        let _ = writeln!(
            out,
            r#"<text x="10" y="34" fill="firebrick">assumed: the loop at {} runs {count} iterations (its trip count is not a constant)</text>"#,
            escape(&location(*op))
        );
    }
    // Phases along the top.
    let label_at = |column: usize| match trace.events.get(column) {
        Some((Event::Gap { iterations }, Phase::Loop(k))) => format!("iterations {k} to {}", k.saturating_add(*iterations).saturating_sub(1)),
        Some((_, phase)) => phase_name(Some(*phase)),
        None => String::new(),
    };
    let mut start = 0;
    for column in 0..=trace.events.len() {
        if column == trace.events.len() || label_at(column) != label_at(start) {
            if column > start {
                let label = label_at(start);
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" text-anchor="middle" fill="dimgray">{}</text>"#,
                    (x(start) + x(column - 1)) / 2,
                    TOP - 14,
                    escape(&label)
                );
                let _ = writeln!(out, r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="silver"/>"#, x(start) - COLUMN / 2, TOP - 10, x(column - 1) + COLUMN / 2, TOP - 10);
            }
            start = column;
        }
    }
    // Lanes.
    for queue in &queues {
        let y = lane(*queue);
        let name = match *queue {
            async_trace::CHAINS => "asyncop chains".to_string(),
            async_trace::TASKS => "async tasks".to_string(),
            q => format!("queue {q}"),
        };
        let _ = writeln!(out, r#"<text x="10" y="{}">{name}</text>"#, y + LANE / 2);
        if bulk.contains(queue) {
            // A bulk queue waits on one mbarrier per group: a ring as large
            // as the groups it keeps in flight at a wait, plus the one filling.
            let most = trace
                .events
                .iter()
                .enumerate()
                .filter(|(_, (e, _))| matches!(e, Event::Wait { queue: q, .. } if q == queue))
                .map(|(at, _)| trace.groups.iter().filter(|g| g.queue == *queue && g.committed < at && g.completed.is_none_or(|c| c > at)).count())
                .max()
                .unwrap_or(0);
            let _ = writeln!(out, r#"<text class="ring" x="10" y="{}" font-size="9">mbarrier ring of {}</text>"#, y + LANE / 2 + 12, most + 1);
        }
        let _ = writeln!(out, r#"<line x1="{LEFT}" y1="{}" x2="{}" y2="{}" stroke="gainsboro"/>"#, y + LANE - 4, width - 20, y + LANE - 4);
    }
    // Groups: commit to completion (to the right edge when none).
    for (index, group) in trace.groups.iter().enumerate() {
        let from = group.committed;
        let to = group.completed.unwrap_or(columns);
        if Some(from) == group.completed && matches!(trace.events.get(from), Some((Event::Gap { .. }, _))) {
            continue; // committed and completed in the gap
        }
        let y = lane(group.queue) + 8 + (index % 3) * 14;
        let x1 = x(from);
        let x2 = if to >= columns { width - 24 } else { x(to) };
        let label: Vec<String> = group
            .targets
            .iter()
            .map(|(buffer, version)| match version {
                Some(v) => format!("buf{buffer} v{v}"),
                None => format!("buf{buffer}"),
            })
            .collect();
        let _ = writeln!(
            out,
            r##"<rect class="group" x="{x1}" y="{y}" width="{}" height="11" rx="3" fill="#9ecae1" stroke="#3182bd"><title>group {index} on {}{}: committed at step {from}, {}</title></rect>"##,
            x2.saturating_sub(x1).max(4),
            match group.queue {
                async_trace::CHAINS => "the chains' lane".to_string(),
                async_trace::TASKS => "the tasks' lane".to_string(),
                q => format!("queue {q}"),
            },
            if label.is_empty() { String::new() } else { format!(" ({})", escape(&label.join(", "))) },
            // Steps are the picture's columns, the trace's events in order:
            // what overlaps reads from them, not from pixels.
            group.completed.map_or("never completed".to_string(), |c| format!("completed at step {c}"))
        );
        let _ = writeln!(out, r#"<text x="{}" y="{}" font-size="9">g{index} {}</text>"#, x1 + 3, y + 9, escape(&label.join(" ")));
    }
    // Waits, barriers, the gap.
    for (column, (event, _)) in trace.events.iter().enumerate() {
        match event {
            Event::Wait { queue, count, completes, op } => {
                let y = lane(*queue);
                let count_text = match (*queue, count) {
                    (async_trace::CHAINS, _) => "done".to_string(),
                    (async_trace::TASKS, _) => "await".to_string(),
                    (_, Some(c)) => format!("≤{c}"),
                    (_, None) => "token".to_string(),
                };
                let completed: Vec<String> = completes.iter().map(|g| format!("g{g}")).collect();
                let _ = writeln!(
                    out,
                    r##"<path class="wait" d="M{} {} l5 8 l-5 8 l-5 -8 z" fill="#de2d26"><title>wait at {}: at most {} in flight on queue {queue}; completes {}</title></path>"##,
                    x(column),
                    y + LANE - 22,
                    escape(&location(*op)),
                    count.map_or("its group".to_string(), |c| c.to_string()),
                    if completed.is_empty() { "nothing".to_string() } else { completed.join(" ") }
                );
                let _ = writeln!(out, r#"<text class="wait-count" x="{}" y="{}" text-anchor="middle" font-size="9">wait {}</text>"#, x(column), y + LANE - 26, escape(&count_text));
            }
            Event::Barrier { op } => {
                let _ = writeln!(
                    out,
                    r#"<line class="barrier" x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="black" stroke-dasharray="4 3"><title>block barrier at {3}</title></line>"#,
                    x(column),
                    TOP - 6,
                    TOP + queues.len().max(1) * LANE,
                    escape(&location(*op))
                );
                let _ = writeln!(out, r#"<text x="{}" y="{}" text-anchor="middle" font-size="9">barrier</text>"#, x(column), TOP + queues.len().max(1) * LANE + 12);
            }
            Event::Gap { iterations } => {
                let _ = writeln!(
                    out,
                    r#"<text class="gap" x="{}" y="{}" text-anchor="middle" font-size="16">…</text><text x="{}" y="{}" text-anchor="middle" font-size="9">{iterations} iterations</text>"#,
                    x(column),
                    TOP + queues.len().max(1) * LANE / 2,
                    x(column),
                    TOP + queues.len().max(1) * LANE + 24
                );
            }
            Event::Commit { .. } => {}
        }
    }
    // The buffers.
    let mut y = TOP + queues.len().max(1) * LANE + 44;
    for (index, buffer) in trace.buffers.iter().enumerate() {
        let versions = buffer.versions.map_or(String::new(), |v| format!(", {v} versions"));
        let _ = writeln!(out, r#"<text class="buffer" x="10" y="{y}" font-size="10">buf{index}: {}{versions}</text>"#, escape(&buffer.allocation.r#type().to_string()));
        y += 13;
    }
    let _ = writeln!(out, "</svg>");
    out
}

fn phase_name(phase: Option<Phase>) -> String {
    match phase {
        None => String::new(),
        Some(Phase::Prologue) => "prologue".into(),
        Some(Phase::Loop(k)) => format!("iteration {k}"),
        Some(Phase::Epilogue) => "epilogue".into(),
    }
}

fn location(op: OperationRef) -> String {
    let text = op.location().to_string();
    // loc("file.mlir":34:7) → file.mlir:34
    match (text.find('"'), text.rfind('"')) {
        (Some(a), Some(b)) if b > a => {
            let file = &text[a + 1..b];
            let line = text[b + 2..].split(':').next().unwrap_or("");
            format!("{}:{line}", std::path::Path::new(file).file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default())
        }
        _ => text,
    }
}
