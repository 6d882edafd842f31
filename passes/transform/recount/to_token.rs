//! The transformation behind `asyncpipe-count-to-token` (the pass,
//! `passes/asyncpipe/count_to_token.rs`, documents what it does); other passes call it too.
use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::upstream::Upstream;
use crate::passes::analysis::sync_state::wait_count;
use crate::passes::ir::asyncpipe::{group_type, is_async, is_commit, named_queue, token_type};
use crate::passes::ir::ods::asyncpipe::{AsyncpipeOp, CommitGroupOp, CompletedOp, WaitOp, WaitQueueOp};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::{self, diag, rewrite};
use crate::passes::PassFailed;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{BlockRef, RegionLike, Value};
use std::collections::{BTreeMap, BTreeSet};


/// The largest window carried through loops, per queue.
const MAX_WINDOW: i64 = 64;


/// Converts every function at or under `root` to token form.
pub fn convert(root: OperationRef) -> Result<(), PassFailed> {
    let mut failed = false;
    for function in ir::functions(root) {
        failed |= convert_function(function).is_err();
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}

/// Per queue, the most recent groups first; None: no group yet.
type Window<'c, 'a> = BTreeMap<i64, Vec<Option<Value<'c, 'a>>>>;

struct Converter<'c, 'a> {
    depth: BTreeMap<i64, usize>,
    entry: BlockRef<'c, 'a>,
    completed: Option<Value<'c, 'a>>,
    group_type: Option<Type<'c>>,
    failed: bool,
}

fn convert_function(function: OperationRef) -> Result<(), PassFailed> {
    let Some(entry) = function.region_at(0).and_then(|r| r.first_block()) else { return Ok(()) };
    let mut depth: BTreeMap<i64, usize> = BTreeMap::new();
    let mut failed = false;
    for op in ir::nested_ops(function) {
        let Some(wait) = WaitQueueOp::cast(op) else { continue };
        let queue = wait.queue().unwrap_or(0);
        match wait_count(op) {
            Some(count) if count < MAX_WINDOW => {
                let d = depth.entry(queue).or_insert(0);
                *d = (*d).max(count as usize + 1);
            }
            Some(count) => {
                diag::error(
                    op.location(),
                    &format!("count-to-token: naming the group of a count of {count} would carry {} groups through loops; at most {MAX_WINDOW} are supported", i128::from(count) + 1),
                );
                failed = true;
            }
            None => {
                diag::error(op.location(), "count-to-token needs a constant in-flight count to know which group the wait completes");
                failed = true;
            }
        }
    }
    if failed {
        return Err(PassFailed);
    }
    let mut window: Window = depth.iter().map(|(q, d)| (*q, vec![None; *d])).collect();
    let mut converter = Converter { depth, entry, completed: None, group_type: None, failed: false };
    converter.block(entry, &mut window);
    if converter.failed { Err(PassFailed) } else { Ok(()) }
}

impl<'c, 'a> Converter<'c, 'a> {
    fn push(&self, window: &mut Window<'c, 'a>, queue: i64, group: Value<'c, 'a>) {
        if let Some(entries) = window.get_mut(&queue) {
            entries.insert(0, Some(group));
            entries.truncate(self.depth[&queue]);
        }
    }

    /// The value of a window entry, creating the function's placeholder
    /// (`asyncpipe.completed`, at the top of the entry block) when needed.
    fn materialize(&mut self, entry: Option<Value<'c, 'a>>, location: melior::ir::Location<'c>) -> Value<'c, 'a> {
        if let Some(value) = entry {
            return value;
        }
        if let Some(value) = self.completed {
            return value;
        }
        let op = CompletedOp::build(&Builder::new(self.entry.parent_operation().expect("a block of an op").context(), location));
        let op = match self.entry.first_operation() {
            Some(first) => self.entry.insert_operation_before(first, op),
            None => self.entry.append_operation(op),
        };
        let value: Value = op.result(0).unwrap().into();
        self.completed = Some(value);
        value
    }

    fn group_type(&mut self, location: melior::ir::Location<'c>) -> Type<'c> {
        *self.group_type.get_or_insert_with(|| group_type(location.context()))
    }

    fn block(&mut self, block: BlockRef<'c, 'a>, window: &mut Window<'c, 'a>) {
        let ops: Vec<OperationRef> = ir::ops(block).collect();
        for op in ops {
            self.op(op, window);
        }
    }

    fn op(&mut self, op: OperationRef<'c, 'a>, window: &mut Window<'c, 'a>) {
        if self.failed {
            return; // the function has an error: leave the rest as it is
        }
        let queue = named_queue(op).unwrap_or(0);
        match AsyncpipeOp::of(op) {
            Some(AsyncpipeOp::CommitQueue(_)) => {
                // Counting-form ops issued before it on its queue are in its
                // group too: they become a group of their own just before.
                if !self.commit_separately(op, &[queue]) {
                    return; // reported
                }
                let group = self.group_type(op.location());
                let new = rewrite::rebuild_keeping_attributes(op, CommitGroupOp::NAME, &[], &[(group, usize::MAX)], 1);
                self.push(window, queue, new.result(0).unwrap().into());
                return;
            }
            Some(AsyncpipeOp::Commit(_)) => {
                if let Some(group) = self.commit_point(op, queue) {
                    self.push(window, queue, group);
                }
                return;
            }
            Some(AsyncpipeOp::CommitGroup(commit)) => {
                if self.commit_separately(op, &[queue]) {
                    self.push(window, queue, commit.group());
                }
                return;
            }
            Some(AsyncpipeOp::WaitQueue(_)) => {
                let Some(count) = wait_count(op) else { return }; // reported before the walk
                let count = count as usize;
                let entry = window.get(&queue).and_then(|w| w.get(count)).copied().flatten();
                if entry.is_none() {
                    diag::remark(
                        op.location(),
                        "this wait completes no group committed in this function (a function is assumed to start with no group in flight)",
                    );
                }
                let value = self.materialize(entry, op.location());
                let block = op.block().unwrap();
                let builder = Builder::new(op.context(), op.location());
                block.insert_operation_before(op, WaitOp::build(&builder, &[value]));
                ir::erase(op);
                return;
            }
            _ => {}
        }
        let name = ir::op_name(op);
        match Upstream::named(name) {
            Some(region_op @ (Upstream::ScfFor | Upstream::ScfIf)) => {
                if !self.commit_separately(op, &touched_queues(op)) {
                    return; // reported
                }
                match region_op {
                    Upstream::ScfFor => self.for_loop(op, window),
                    _ => self.if_op(op, window),
                }
            }
            _ if op.region_count() > 0 => {
                if self.commits_or_waits(op) {
                    diag::error(
                        op.location(),
                        &format!("count-to-token cannot carry groups through '{name}': commits and waits inside it must be in scf.for and scf.if"),
                    );
                    self.failed = true;
                }
            }
            _ => {}
        }
    }

    fn commits_or_waits(&self, op: OperationRef) -> bool {
        ir::nested_ops(op).into_iter().any(|o| is_commit(o) || WaitQueueOp::is(o))
    }

    /// `commit q`: the async ops issued to `q` since the previous commit in
    /// this block get tokens, and one `commit_group` commits them.
    fn commit_point(&mut self, commit: OperationRef<'c, 'a>, queue: i64) -> Option<Value<'c, 'a>> {
        let issued = self.uncommitted(commit, queue, "async ops committed by this commit point")?;
        let tokens = self.with_tokens(issued);
        let group = self.group_type(commit.location());
        let new = rewrite::rebuild_keeping_attributes(commit, CommitGroupOp::NAME, &tokens, &[(group, usize::MAX)], 1);
        // commit_group's optional region stays empty in token form.
        Some(new.result(0).unwrap().into())
    }

    /// The counting-form async ops issued to `queue` in `at`'s block since
    /// the previous commit on it, in issue order. None when some of them are
    /// issued inside a region op the walk does not enter (their group cannot
    /// be named): an error at `at`, whose message names them as `what`.
    fn uncommitted(&mut self, at: OperationRef<'c, 'a>, queue: i64, what: &str) -> Option<Vec<OperationRef<'c, 'a>>> {
        let mut issued = Vec::new();
        let before: Vec<OperationRef> = ir::ops(at.block().unwrap()).take_while(|o| *o != at).collect();
        for op in before.into_iter().rev() {
            let same_queue = named_queue(op) == Some(queue);
            if same_queue && is_commit(op) {
                break;
            }
            if is_counting_async(op, queue) {
                issued.push(op);
            } else if ir::nested_ops(op).into_iter().any(|n| is_counting_async(n, queue)) {
                diag::error_with_note(
                    at.location(),
                    &format!("count-to-token: {what} are issued inside '{}'; their group cannot be named", ir::op_name(op)),
                    op.location(),
                    "issued in here",
                );
                self.failed = true;
                return None;
            }
        }
        issued.reverse();
        Some(issued)
    }

    /// Rebuilds counting-form async ops `issued` with tokens; returns them.
    fn with_tokens(&mut self, issued: Vec<OperationRef<'c, 'a>>) -> Vec<Value<'c, 'a>> {
        let mut tokens = Vec::new();
        for op in issued {
            let token_type = token_type(op.context());
            let mut attributes = rewrite::attributes(op);
            attributes.retain(|(n, _)| n != WaitQueueOp::QUEUE);
            let named: Vec<(&str, melior::ir::Attribute)> = attributes.iter().map(|(n, a)| (n.as_str(), *a)).collect();
            let operands: Vec<Value> = op.operands().collect();
            let regions = op.region_count();
            let name = ir::op_name(op);
            let new = rewrite::rebuild(op, name, &operands, &[(token_type, usize::MAX)], &named, regions);
            tokens.push(new.result(0).unwrap().into());
        }
        tokens
    }

    /// Async ops still uncommitted where control enters or leaves a region
    /// (before an `scf.for` or `scf.if` that issues or commits on their
    /// queue, or at the end of a loop or branch body) are committed by a
    /// commit the walk of this block never reaches: the loop's first
    /// iteration, the next iteration, or a commit after the branch; and
    /// those before a `commit_queue` or `commit_group` on their queue are
    /// committed by it, but cannot join its region or its tokens. They
    /// become a group of their own, `before` that point, which no wait names
    /// directly. That is exact: in the original they share a group with the
    /// ops of the next commit, and the new group is committed right before
    /// that one, so every wait on that commit's group or a later one
    /// completes them (groups complete in order) and every wait on an
    /// earlier one leaves them in flight, as before. False when that cannot
    /// be done (reported).
    fn commit_separately(&mut self, before: OperationRef<'c, 'a>, queues: &[i64]) -> bool {
        for &queue in queues {
            let what = "async ops still uncommitted where control enters or leaves this region";
            let Some(issued) = self.uncommitted(before, queue, what) else { return false };
            if issued.is_empty() {
                continue;
            }
            let tokens = self.with_tokens(issued);
            let location = before.location();
            let builder = Builder::new(before.context(), location);
            builder.insert(CommitGroupOp::build(&builder, &tokens, queue), Point::Before(before));
        }
        true
    }

    /// [`Self::block`] for a loop or branch body: what it leaves
    /// uncommitted becomes a group of its own ([`Self::commit_separately`]).
    fn body(&mut self, block: BlockRef<'c, 'a>, window: &mut Window<'c, 'a>) {
        self.block(block, window);
        if let Some(terminator) = ir::terminator(block) {
            if !self.failed {
                let issuing = ir::ops(block).filter(|o| is_async(*o) && o.result_count() == 0).filter_map(named_queue);
                self.commit_separately(terminator, &sorted(issuing));
            }
        }
    }

    /// Queues that `op` commits to (at any depth).
    fn committed_queues(&self, op: OperationRef) -> Vec<i64> {
        let commits = ir::nested_ops(op).into_iter().filter(|o| is_commit(*o)).filter_map(named_queue);
        sorted(commits.filter(|q| self.depth.contains_key(q)))
    }

    fn for_loop(&mut self, op: OperationRef<'c, 'a>, window: &mut Window<'c, 'a>) {
        let carried = self.committed_queues(op);
        if carried.is_empty() {
            // The window is the same on every iteration.
            let body = op.region(0).unwrap().first_block().unwrap();
            let mut inner = window.clone();
            self.body(body, &mut inner);
            return;
        }
        let location = op.location();
        let mut inits = Vec::new();
        for queue in &carried {
            for entry in window[queue].clone() {
                inits.push(self.materialize(entry, location));
            }
        }
        let old_results = op.result_count();
        let (new, arguments) = rewrite::add_loop_carried(op, &inits);
        let body = new.region(0).unwrap().first_block().unwrap();
        let mut inner = window.clone();
        let mut k = 0;
        for queue in &carried {
            for slot in inner.get_mut(queue).unwrap().iter_mut() {
                *slot = Some(arguments[k]);
                k += 1;
            }
        }
        self.body(body, &mut inner);
        let mut yielded = Vec::new();
        for queue in &carried {
            for entry in inner[queue].clone() {
                yielded.push(self.materialize(entry, location));
            }
        }
        rewrite::append_operands(ir::terminator(body).unwrap(), &yielded);
        let mut k = old_results;
        for queue in &carried {
            for slot in window.get_mut(queue).unwrap().iter_mut() {
                *slot = Some(new.result(k).unwrap().into());
                k += 1;
            }
        }
    }

    fn if_op(&mut self, op: OperationRef<'c, 'a>, window: &mut Window<'c, 'a>) {
        let mut then_window = window.clone();
        if let Some(block) = op.region_at(0).and_then(|r| r.first_block()) {
            self.body(block, &mut then_window);
        }
        let mut else_window = window.clone();
        if let Some(block) = op.region_at(1).and_then(|r| r.first_block()) {
            self.body(block, &mut else_window);
        }
        let location = op.location();
        let mut differing = Vec::new();
        let (mut then_values, mut else_values) = (Vec::new(), Vec::new());
        for (queue, entries) in &then_window {
            for (i, entry) in entries.iter().enumerate() {
                let other = else_window[queue][i];
                if *entry != other {
                    differing.push((*queue, i));
                    then_values.push(self.materialize(*entry, location));
                    else_values.push(self.materialize(other, location));
                }
            }
        }
        if differing.is_empty() {
            *window = then_window;
            return;
        }
        let old_results = op.result_count();
        let new = rewrite::add_if_results(op, &then_values, &else_values);
        *window = then_window;
        for (k, (queue, i)) in differing.into_iter().enumerate() {
            window.get_mut(&queue).unwrap()[i] = Some(new.result(old_results + k).unwrap().into());
        }
    }
}

/// Whether `op` is a counting-form async op (no token) issued to `queue`.
fn is_counting_async(op: OperationRef, queue: i64) -> bool {
    is_async(op) && op.result_count() == 0 && named_queue(op) == Some(queue)
}

/// Queues that region op `op` issues to or commits on (at any depth).
fn touched_queues(op: OperationRef) -> Vec<i64> {
    sorted(ir::nested_ops(op).into_iter().filter(|o| is_commit(*o) || is_async(*o)).filter_map(named_queue))
}

/// `queues` in order, each once.
fn sorted(queues: impl Iterator<Item = i64>) -> Vec<i64> {
    queues.collect::<BTreeSet<i64>>().into_iter().collect()
}
