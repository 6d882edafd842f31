//! The transformation behind `asyncpipe-token-to-count` (the pass,
//! `passes/asyncpipe/token_to_count.rs`, documents what it does); other passes call it too.
mod counting_form;

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::Upstream;
use crate::passes::analysis::in_flight::{self, InFlight, QueueMap, WaitResult};
use crate::passes::analysis::sync_state::Queue;
use crate::passes::ir::ods::asyncpipe::{AsyncpipeOp, WaitQueueOp};
use crate::passes::ir::{self, diag, rewrite};
use crate::passes::PassFailed;
use melior::ir::attribute::IntegerAttribute;
use crate::passes::ir::builder::{Builder, Point};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;



/// Converts every token wait at or under `root`; with `remarks`, says at each
/// wait of count 0 why it drains its queue.
///
/// Functions are analyzed and rewritten on the context's threads, each on
/// its own, in three steps: analyze each function and list its waits (while
/// it is in cache: on large modules the walks over the IR cost more in
/// memory latency than in work), give the waits their counts, and, once
/// every wait has one, turn to counting form the functions that have
/// anything to turn. Diagnostics come in the order of a sequential run.
/// Waits outside every function, which nothing analyzes, come last.
pub fn convert(root: OperationRef, queues: &QueueMap, remarks: bool) -> Result<(), PassFailed> {
    let (functions, outside) = ir::split_at_functions(root);
    let parts = ir::read_in_parallel(&functions, 8, |functions| {
        let mut analyzer = in_flight::Analyzer::new(queues);
        let scans: Vec<Scan> = functions
            .iter()
            .map(|function| {
                analyzer.function(*function);
                Scan::of(*function)
            })
            .collect();
        (analyzer.finish(), scans)
    });
    let mut scans: Vec<Scan> = Vec::with_capacity(functions.len());
    let analysis = InFlight::merge(parts.into_iter().map(|(part, part_scans)| {
        scans.extend(part_scans);
        part
    }));
    let converted = ir::rewrite_in_parallel(&functions, 8, |chunk, range| {
        let mut ok = true;
        for (function, scan) in chunk.iter().zip(&scans[range]) {
            for wait in scan.waits.iter() {
                ok &= convert_wait(*function, wait, &analysis, remarks).is_ok();
            }
        }
        ok
    });
    let mut failed = converted.contains(&false);
    for wait in outside.into_iter().filter(|op| is_token_wait(*op)) {
        failed |= convert_wait(root, wait, &analysis, remarks).is_err();
    }
    if failed {
        return Err(PassFailed);
    }
    let to_count: Vec<OperationRef> =
        functions.iter().zip(&scans).filter(|(_, scan)| scan.counting_form).map(|(function, _)| *function).collect();
    ir::rewrite_in_parallel(&to_count, 8, |chunk, _| {
        for function in chunk {
            counting_form::convert(*function, queues);
        }
    });
    Ok(())
}

/// [`convert`] for the code under `scope` alone: an op whose first region
/// holds it (the software pipeliner's emitted loop, in an
/// `scf.execute_region`), analyzed as a function that starts with no group
/// in flight. The counts are exact for code whose waits await only groups
/// committed inside it (a group committed before the scope on the same
/// queue does not change how many were committed after an awaited one).
/// The pipeliner writes its waits in token form and has them counted here,
/// so that one engine (the in-flight analysis) gives every count.
pub fn convert_within(scope: OperationRef, queues: &QueueMap) -> Result<(), PassFailed> {
    let mut analyzer = in_flight::Analyzer::new(queues);
    analyzer.function(scope);
    let analysis = analyzer.finish();
    let scan = Scan::of(scope);
    let mut failed = false;
    for wait in scan.waits.iter() {
        failed |= convert_wait(scope, wait, &analysis, false).is_err();
    }
    if failed {
        return Err(PassFailed);
    }
    if scan.counting_form {
        counting_form::convert(scope, queues);
    }
    Ok(())
}

/// What one walk over a function finds before it is rewritten.
struct Scan<'c, 'a> {
    /// Its token waits, in program order.
    waits: ir::OpList<'c, 'a>,
    /// Whether [`counting_form::convert`] has anything to do: it rewrites
    /// asyncpipe's ops (the waits' replacements among them) and `scf.if`s.
    counting_form: bool,
}

impl<'c, 'a> Scan<'c, 'a> {
    fn of(function: OperationRef<'c, 'a>) -> Self {
        let mut scan = Scan { waits: ir::OpList::default(), counting_form: false };
        ir::walk(function, &mut |op| {
            let name = ir::op_name(op);
            let asyncpipe = AsyncpipeOp::of_named(op, name);
            if is_token_wait_named(asyncpipe, name) {
                scan.waits.push(op);
            }
            scan.counting_form |= asyncpipe.is_some() || name == Upstream::ScfIf.name();
        });
        scan
    }
}

fn is_token_wait(op: OperationRef) -> bool {
    let name = ir::op_name(op);
    is_token_wait_named(AsyncpipeOp::of_named(op, name), name)
}

/// Whether an op, already looked up by `name`, waits on tokens or groups.
fn is_token_wait_named(asyncpipe: Option<AsyncpipeOp>, name: &str) -> bool {
    matches!(asyncpipe, Some(AsyncpipeOp::Wait(_))) || name == Upstream::NvgpuDeviceAsyncWait.name()
}

/// `scope`: an op the wait's producers are under, for reporting them.
fn convert_wait(scope: OperationRef, wait: OperationRef, analysis: &InFlight, remarks: bool) -> Result<(), PassFailed> {
    // An unreachable wait (e.g. in a function nothing analyzes) keeps count 0.
    let default = WaitResult::default();
    let result = analysis.wait(wait).unwrap_or(&default);
    if let Some(producer) = result.uncommitted {
        let producer = ir::find_op(scope, producer).expect("the analysis saw the producer in the wait's function");
        diag::error_with_note(
            wait.location(),
            "waits on async work that no group committed: no in-flight count can cover it; commit it first",
            producer.location(),
            "the uncommitted async operation",
        );
        return Err(PassFailed);
    }
    if Upstream::NvgpuDeviceAsyncWait.is(wait) {
        let count = count_for(wait, result, Queue::CpAsync, remarks);
        return set_num_groups(wait, count, result.unknown.map(|origin| origin.describe().to_string()));
    }
    // asyncpipe.wait: one counting wait per hardware queue.
    let mut queues: Vec<Queue> = result.counts.keys().copied().collect();
    // A wait the analysis never reached (none should be) drains every
    // queue, as one on a group of unknown origin does: erasing it with no
    // replacement would drop synchronization.
    let reached = analysis.wait(wait).is_some();
    if result.unknown.is_some() || !reached {
        // A group of unknown origin may be on any queue: drain each one the
        // code commits to.
        queues.extend(analysis.queues.iter().filter(|q| matches!(q, Queue::Logical(_))));
        queues.sort();
        queues.dedup();
        if queues.is_empty() {
            queues.push(Queue::Logical(0));
        }
    }
    for queue in queues {
        let count = count_for(wait, result, queue, remarks);
        let Queue::Logical(q) = queue else { unreachable!("asyncpipe groups are on logical queues") };
        let builder = Builder::new(wait.context(), wait.location());
        builder.insert(WaitQueueOp::build(&builder, None, q, Some(count)), Point::Before(wait));
    }
    ir::erase(wait);
    Ok(())
}

/// The count for `queue`, with a remark when it is 0.
fn count_for(wait: OperationRef, result: &WaitResult, queue: Queue, remarks: bool) -> i64 {
    if let Some(origin) = result.unknown {
        if remarks {
            diag::remark(
                wait.location(),
                &format!("in-flight count 0 on {queue}: an awaited group is {}", origin.describe()),
            );
        }
        return 0;
    }
    let count = result.counts.get(&queue).copied().unwrap_or(0);
    if count == 0 && remarks {
        diag::remark(
            wait.location(),
            &format!(
                "in-flight count 0 on {queue}: on some path no group is committed to it after the awaited one, so no group may stay in flight"
            ),
        );
    }
    count
}

/// Sets the wait's `numGroups` to `count`, or checks the one it has. With
/// `lost` (where an awaited group was committed is not known: the count is
/// 0 for safety, not because a group is known to be the newest), a larger
/// existing count is "cannot prove", not "unsafe".
fn set_num_groups(wait: OperationRef, count: i64, lost: Option<String>) -> Result<(), PassFailed> {
    if let Some(existing) = ir::int_attr(wait, attr::NUM_GROUPS) {
        if let (Some(origin), true) = (lost, existing > count) {
            diag::error(
                wait.location(),
                &format!("cannot prove numGroups = {existing}: an awaited group is {origin}, so the groups committed after it are not known"),
            );
            return Err(PassFailed);
        }
        if existing > count {
            diag::error(
                wait.location(),
                &format!(
                    "numGroups = {existing} is unsafe: on some path only {count} group(s) are committed after the awaited one, so it may still be in flight"
                ),
            );
            return Err(PassFailed);
        }
        return Ok(()); // safe (possibly stricter than needed): kept
    }
    let attribute = IntegerAttribute::new(IntegerType::new(ir::context(wait), 32).into(), count);
    rewrite::set_attribute(wait, attr::NUM_GROUPS, attribute.into());
    Ok(())
}


