//! The schedule of an annotated loop: its statements, the async groups they
//! form, what each waits for, and which buffers need versions.
//!
//! Everything here is analysis; nothing is rewritten. A bad annotation is
//! reported at the op and the whole loop is left alone.

use crate::passes::ir::upstream::{is_nvgpu_async, Upstream};
use super::items::{Item, Need};
use crate::passes::analysis::effects::{self, Access, Root};
use crate::passes::ir::ods::asyncpipe::{self, attrs, CopyOp, MmaOp, YieldOp};
use crate::passes::ir::{self, diag, transforms, OpKey, ValueKey};
use crate::passes::PassFailed;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, Value};
use std::collections::{BTreeSet, HashMap, HashSet};

/// The largest stage an annotation may give: a pipeline of `L` stages has
/// `L` prologue and `L` epilogue steps, and the analyses size tables by it.
pub const MAX_STAGE: i64 = 1 << 16;

/// The largest `asyncpipe.first_queue`: the stages' queues (and a nested
/// loop's after them) stay far inside i64.
pub const MAX_FIRST_QUEUE: i64 = 1 << 40;

/// A value an op reads from the loop body: the induction variable, a
/// statement's result, or a helper's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    Iv,
    Stmt(usize),
    Helper(usize),
}

/// An annotated op of the loop body.
pub struct Stmt<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub stage: usize,
    pub order: i64,
    /// Position in the body, for "program order" of memory accesses.
    pub position: usize,
    pub is_async: bool,
    pub is_copy: bool,
    /// The statements whose results it reads (through helpers too).
    pub uses: BTreeSet<usize>,
    /// Memory it touches, its helpers' reads included.
    pub access: Access,
}

/// A buffer to multi-buffer.
pub struct Versioned<'c, 'a> {
    pub alloc: OperationRef<'c, 'a>,
    pub versions: u32,
}

pub struct Schedule<'c, 'a> {
    pub loop_op: OperationRef<'c, 'a>,
    pub body: BlockRef<'c, 'a>,
    pub stmts: Vec<Stmt<'c, 'a>>,
    /// Top-level body ops without annotations.
    pub helpers: Vec<OperationRef<'c, 'a>>,
    /// Every top-level body op as a statement or a helper.
    pub index: HashMap<OpKey, Source>,
    /// The last stage (`L`).
    pub last: usize,
    /// The items of a step, in order: a synchronous statement, or an async
    /// group (`commits` is its queue); what they wait for.
    pub items: Vec<Item>,
    /// The statements of each item, in order.
    pub members: Vec<Vec<usize>>,
    pub buffers: Vec<Versioned<'c, 'a>>,
    /// Whether some op of each stage reads the induction variable.
    pub stage_uses_iv: Vec<bool>,
}

/// Classifies the values from the loop body that `op` (and ops nested in
/// it) read, in order of first use.
pub fn sources<'c, 'a>(
    op: OperationRef<'c, 'a>,
    body: BlockRef<'c, 'a>,
    index: &HashMap<OpKey, Source>,
) -> Vec<(Value<'c, 'a>, Source)> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for inner in std::iter::once(op).chain(ir::nested_ops(op)) {
        for operand in inner.operands() {
            if !seen.insert(ValueKey::of(operand)) {
                continue;
            }
            if let Some(source) = classify(operand, op, body, index) {
                out.push((operand, source));
            }
        }
    }
    out
}

fn classify(value: Value, within: OperationRef, body: BlockRef, index: &HashMap<OpKey, Source>) -> Option<Source> {
    let Some(def) = ir::defining_op(value) else {
        return (ir::argument_owner(value) == Some(body)).then_some(Source::Iv);
    };
    // The top-level body op that (transitively) holds the definition.
    let owner = ir::ancestor_in(def, body)?;
    if owner == within {
        return None;
    }
    index.get(&OpKey::of(owner)).copied()
}

fn key(stmt: &Stmt) -> (usize, i64) {
    (stmt.stage, stmt.order)
}

/// Reads and checks the annotations of `loop_op`: the phases below, in
/// order; the first that fails has reported why at the op.
/// `known` gives the versions of buffers already multi-buffered for this loop
/// (by root); other buffers that need versions are listed in `buffers`.
pub fn analyze<'c, 'a>(
    loop_op: OperationRef<'c, 'a>,
    known: &HashMap<Root, u32>,
) -> Result<Schedule<'c, 'a>, PassFailed> {
    let (body, async_list) = annotated_loop(loop_op)?;
    let Statements { mut stmts, helpers, index } = statements(loop_op, body)?;
    let last = stmts.iter().map(|s| s.stage).max().expect("statements() returns at least one");
    let helper_access = helper_effects(&helpers)?;
    let stage_uses_iv = link_uses(&mut stmts, &helpers, &helper_access, body, &index, last);
    mark_async_stages(loop_op, &mut stmts, &async_list, last)?;
    check_use_order(&stmts)?;
    let Buffers { roots, versions, buffers } = buffers(loop_op, &stmts, known)?;
    let needs = needs(&stmts, &roots, &versions);
    let (members, item_of) = groups(&stmts, &needs);
    check_async_results(&stmts, &members, &item_of)?;
    let items = items(&stmts, &members, &item_of, &needs, first_queue(loop_op));
    Ok(Schedule { loop_op, body, stmts, helpers, index, last, items, members, buffers, stage_uses_iv })
}

fn fail(op: OperationRef, message: &str) -> PassFailed {
    diag::error(op.location(), message);
    PassFailed
}

/// Phase 1: the loop is an `scf.for` without iter_args whose
/// `asyncpipe.async_stages` lists stages; its body and that list.
fn annotated_loop<'c, 'a>(loop_op: OperationRef<'c, 'a>) -> Result<(BlockRef<'c, 'a>, Vec<i64>), PassFailed> {
    if !Upstream::ScfFor.is(loop_op) {
        return Err(fail(loop_op, &format!("{} is only supported on scf.for", attrs::ASYNC_STAGES)));
    }
    let Some(async_list) = ir::dense_i64_attr(loop_op, attrs::ASYNC_STAGES) else {
        return Err(fail(loop_op, &format!("{} must be an array<i64: ...> of stages", attrs::ASYNC_STAGES)));
    };
    if loop_op.result_count() > 0 {
        return Err(fail(
            loop_op,
            "cannot pipeline a loop with loop-carried values (iter_args); carry them through memory",
        ));
    }
    Ok((ir::region_entry(loop_op, 0).expect("scf.for has a body"), async_list))
}

/// The body's ops, sorted into statements and helpers.
pub struct Statements<'c, 'a> {
    pub stmts: Vec<Stmt<'c, 'a>>,
    pub helpers: Vec<OperationRef<'c, 'a>>,
    pub index: HashMap<OpKey, Source>,
}

/// Phase 2: every top-level body op with `asyncpipe.stage` and
/// `asyncpipe.order` is a statement (orders unique, stages not negative);
/// an op with neither is a helper; there is at least one statement.
pub fn statements<'c, 'a>(loop_op: OperationRef<'c, 'a>, body: BlockRef<'c, 'a>) -> Result<Statements<'c, 'a>, PassFailed> {
    if let Some(queue) = ir::int_attr(loop_op, attrs::FIRST_QUEUE).filter(|q| !(0..=MAX_FIRST_QUEUE).contains(q)) {
        return Err(fail(
            loop_op,
            &format!("{} {queue} is outside 0 to {MAX_FIRST_QUEUE}: the loop's stages number queues from it", attrs::FIRST_QUEUE),
        ));
    }
    let mut stmts: Vec<Stmt> = Vec::new();
    let mut helpers = Vec::new();
    let mut index: HashMap<OpKey, Source> = HashMap::new();
    let mut orders: HashMap<i64, OperationRef> = HashMap::new();
    for (position, op) in ir::ops(body).enumerate() {
        if Upstream::ScfYield.is(op) {
            continue;
        }
        let stage = ir::int_attr(op, attrs::STAGE);
        let order = ir::int_attr(op, attrs::ORDER);
        match (stage, order) {
            (Some(stage), Some(order)) => {
                if stage < 0 {
                    return Err(fail(op, &format!("{} must not be negative", attrs::STAGE)));
                }
                if stage > MAX_STAGE {
                    return Err(fail(
                        op,
                        &format!("{} {stage} is past {MAX_STAGE}: the prologue and the epilogue would have {stage} steps each", attrs::STAGE),
                    ));
                }
                if let Some(first) = orders.get(&order) {
                    diag::error_with_note(
                        op.location(),
                        &format!("{} {order} is repeated", attrs::ORDER),
                        first.location(),
                        "first used here",
                    );
                    return Err(PassFailed);
                }
                orders.insert(order, op);
                index.insert(OpKey::of(op), Source::Stmt(stmts.len()));
                stmts.push(Stmt {
                    op,
                    stage: stage as usize,
                    order,
                    position,
                    is_async: false,
                    is_copy: CopyOp::is(op) || Upstream::MemrefCopy.is(op),
                    uses: BTreeSet::new(),
                    access: Access::none(),
                });
            }
            (Some(_), None) => {
                return Err(fail(op, &format!("op has {} but no {}", attrs::STAGE, attrs::ORDER)));
            }
            (None, Some(_)) => {
                return Err(fail(op, &format!("op has {} but no {}", attrs::ORDER, attrs::STAGE)));
            }
            (None, None) => {
                index.insert(OpKey::of(op), Source::Helper(helpers.len()));
                helpers.push(op);
            }
        }
    }
    if stmts.is_empty() {
        return Err(fail(
            loop_op,
            &format!("no op of the loop body carries {} and {}", attrs::STAGE, attrs::ORDER),
        ));
    }
    Ok(Statements { stmts, helpers, index })
}

/// Phase 3: helpers are recomputed before each use, so they must not write
/// memory; their effects.
pub fn helper_effects(helpers: &[OperationRef]) -> Result<Vec<Access>, PassFailed> {
    let mut helper_access = Vec::new();
    for helper in helpers {
        let access = effects::access(*helper);
        if access.writes_anything() {
            return Err(fail(
                *helper,
                &format!("op without {} writes memory; give it a stage and an order", attrs::STAGE),
            ));
        }
        helper_access.push(access);
    }
    Ok(helper_access)
}

/// Phase 4: which statements each statement reads, through helpers, and the
/// memory it touches with its helpers; returns which stages read the
/// induction variable.
pub fn link_uses<'c, 'a>(
    stmts: &mut [Stmt<'c, 'a>],
    helpers: &[OperationRef<'c, 'a>],
    helper_access: &[Access],
    body: BlockRef<'c, 'a>,
    index: &HashMap<OpKey, Source>,
    last: usize,
) -> Vec<bool> {
    let mut stage_uses_iv = vec![false; last + 1];
    for stmt in stmts.iter_mut() {
        let mut uses = BTreeSet::new();
        let mut access = effects::access(stmt.op);
        let mut stack: Vec<OperationRef> = vec![stmt.op];
        let mut visited = HashSet::new();
        while let Some(op) = stack.pop() {
            for (_, source) in sources(op, body, index) {
                match source {
                    Source::Iv => stage_uses_iv[stmt.stage] = true,
                    Source::Stmt(j) => {
                        uses.insert(j);
                    }
                    Source::Helper(h) => {
                        if visited.insert(h) {
                            access.merge(&helper_access[h]);
                            stack.push(helpers[h]);
                        }
                    }
                }
            }
        }
        stmt.uses = uses;
        stmt.access = access;
    }
    stage_uses_iv
}

/// Phase 5: the listed async stages exist and write memory; their
/// statements are marked async, hold no async ops or synchronization of
/// their own, and have known effects.
pub fn mark_async_stages(loop_op: OperationRef, stmts: &mut [Stmt], async_list: &[i64], last: usize) -> Result<(), PassFailed> {
    let mut async_stages = BTreeSet::new();
    for &stage in async_list {
        if stage < 0 || stage as usize > last || !stmts.iter().any(|s| s.stage == stage as usize) {
            return Err(fail(loop_op, &format!("async stage {stage} has no op")));
        }
        if !stmts.iter().any(|s| s.stage == stage as usize && s.access.writes_anything()) {
            return Err(fail(
                loop_op,
                &format!("async stage {stage} has nothing asynchronous in it: none of its ops writes memory"),
            ));
        }
        async_stages.insert(stage as usize);
    }
    for stmt in stmts.iter_mut() {
        stmt.is_async = async_stages.contains(&stmt.stage);
    }
    // An MMA is written synchronous in the loop: its stage's place in
    // async_stages is what makes it async, on the stage's queue.
    for stmt in stmts.iter() {
        if MmaOp::is(stmt.op) && !crate::passes::ir::asyncpipe::is_synchronous_mma(stmt.op) {
            return Err(fail(
                stmt.op,
                "an MMA in a pipelined loop is written synchronous (no queue, no token): the stage's place in \
                 async_stages makes it async, on the stage's queue",
            ));
        }
    }
    for stmt in stmts.iter().filter(|s| s.is_async) {
        if let Some(sync) = ir::nested_ops(stmt.op).into_iter().find(|op| {
            let is_asyncpipe = asyncpipe::AsyncpipeOp::of(*op).is_some() && !YieldOp::is(*op);
            is_asyncpipe || is_nvgpu_async(*op)
        }) {
            diag::error_with_note(
                stmt.op.location(),
                "op of an async stage contains asynchronous operations or synchronization of its own",
                sync.location(),
                "this one",
            );
            return Err(PassFailed);
        }
    }
    for stmt in stmts.iter() {
        if stmt.is_async && stmt.access.writes.is_none() {
            return Err(fail(
                stmt.op,
                "op of an async stage has unknown memory effects: what it writes must be known to wait for it",
            ));
        }
    }
    Ok(())
}

/// Phase 6: SSA uses do not go back in the schedule.
pub fn check_use_order(stmts: &[Stmt]) -> Result<(), PassFailed> {
    for stmt in stmts {
        for def in stmt.uses.iter().map(|&j| &stmts[j]) {
            let message = if def.stage > stmt.stage {
                format!("op in stage {} uses a value defined in a later stage ({})", stmt.stage, def.stage)
            } else if def.stage == stmt.stage && def.order > stmt.order {
                format!(
                    "op with {} {} uses a value defined by an op ordered after it ({}) in the same stage",
                    attrs::ORDER,
                    stmt.order,
                    def.order
                )
            } else {
                continue;
            };
            diag::error_with_note(stmt.op.location(), &message, def.op.location(), "defined here");
            return Err(PassFailed);
        }
    }
    Ok(())
}

/// The buffers the statements write and their versions.
pub struct Buffers<'c, 'a> {
    /// In the order the statements first write them.
    pub roots: Vec<Root>,
    pub versions: HashMap<Root, u32>,
    /// The allocations to multi-buffer.
    pub buffers: Vec<Versioned<'c, 'a>>,
}

/// Phase 7: every buffer some statement writes; the program order of
/// conflicting accesses to it is kept; how many versions it needs (one per
/// stage of distance between its first write and its last use, plus one
/// for an async read), checked against the multi-buffering transform.
pub fn buffers<'c, 'a>(
    loop_op: OperationRef<'c, 'a>,
    stmts: &[Stmt<'c, 'a>],
    known: &HashMap<Root, u32>,
) -> Result<Buffers<'c, 'a>, PassFailed> {
    let mut roots: Vec<Root> = Vec::new();
    let mut root_values: HashMap<Root, Value> = HashMap::new();
    for stmt in stmts {
        for op in std::iter::once(stmt.op).chain(ir::nested_ops(stmt.op)) {
            for operand in op.operands() {
                let root = effects::root(operand);
                root_values.entry(root).or_insert_with(|| effects::root_value(operand));
            }
        }
        if let Some(writes) = &stmt.access.writes {
            for r in writes {
                if !roots.contains(r) {
                    roots.push(*r);
                }
            }
        }
    }
    let mut versions: HashMap<Root, u32> = HashMap::new();
    let mut buffers = Vec::new();
    for &root in &roots {
        let mut touchers: Vec<usize> = (0..stmts.len())
            .filter(|&i| stmts[i].access.reads_root(root) || stmts[i].access.writes_root(root))
            .collect();
        touchers.sort_by_key(|&i| stmts[i].position);
        // Program order of conflicting accesses is kept within an iteration.
        for (a, &x) in touchers.iter().enumerate() {
            for &y in &touchers[a + 1..] {
                if stmts[x].access.conflict_on(&stmts[y].access, root) && key(&stmts[y]) < key(&stmts[x]) {
                    diag::error_with_note(
                        stmts[y].op.location(),
                        &format!(
                            "op (stage {}, order {}) is scheduled before an op it follows in the loop body and shares memory with (stage {}, order {})",
                            stmts[y].stage, stmts[y].order, stmts[x].stage, stmts[x].order
                        ),
                        stmts[x].op.location(),
                        "the earlier op",
                    );
                    return Err(PassFailed);
                }
            }
        }
        if let Some(&count) = known.get(&root) {
            versions.insert(root, count);
            continue;
        }
        let stages: BTreeSet<usize> = touchers.iter().map(|&i| stmts[i].stage).collect();
        let stage_list = || stages.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
        if stages.len() <= 1 {
            versions.insert(root, 1);
            continue;
        }
        let first = touchers[0];
        if !stmts[first].access.writes_root(root) {
            diag::error(
                stmts[first].op.location(),
                &format!(
                    "op reads a buffer before the iteration writes it (a value carried across iterations through memory), but stages {} touch it: it cannot be multi-buffered",
                    stage_list()
                ),
            );
            return Err(PassFailed);
        }
        // Only allocations can take versions; other buffers (function
        // arguments, like the seed's output D[i]) are taken to be indexed by
        // the iteration, as TVM does.
        let Some(alloc) = ir::defining_op(root_values[&root])
            .filter(|op| matches!(Upstream::of(*op), Some(Upstream::MemrefAlloc | Upstream::MemrefAlloca)))
        else {
            versions.insert(root, 1);
            continue;
        };
        let base = stmts[first].stage;
        let count = touchers
            .iter()
            .map(|&t| {
                let s = &stmts[t];
                let async_read = s.is_async && t != first && s.access.reads_root(root);
                (s.stage - base + 1 + usize::from(async_read)) as u32
            })
            .max()
            .unwrap();
        versions.insert(root, count);
        if let Err(reason) = transforms::multi_buffer(alloc, loop_op, count, false) {
            diag::error(
                stmts[first].op.location(),
                &format!(
                    "buffer written here is used in stages {} and needs {count} versions, but cannot be multi-buffered: {reason}",
                    stage_list()
                ),
            );
            return Err(PassFailed);
        }
        buffers.push(Versioned { alloc, versions: count });
    }
    Ok(Buffers { roots, versions, buffers })
}

/// Phase 8: what each statement must wait for: the async statements it
/// conflicts with, in the same iteration (if they run first, distance 0)
/// and `versions` iterations back (the last use of the same version).
pub fn needs(stmts: &[Stmt], roots: &[Root], versions: &HashMap<Root, u32>) -> Vec<BTreeSet<(usize, i64)>> {
    let mut needs: Vec<BTreeSet<(usize, i64)>> = vec![BTreeSet::new(); stmts.len()];
    for &root in roots {
        let v = versions[&root] as i64;
        for (a, producer) in stmts.iter().enumerate() {
            if !producer.is_async {
                continue;
            }
            for (t, consumer) in stmts.iter().enumerate() {
                if !producer.access.conflict_on(&consumer.access, root) || chained_accumulation(producer, consumer, root) {
                    continue;
                }
                if t != a && key(producer) < key(consumer) {
                    needs[t].insert((a, 0));
                }
                needs[t].insert((a, v));
            }
        }
    }
    needs
}

/// Whether `consumer` and `producer` are MMAs of one stage (so on one
/// queue) into the same accumulator `root`: the hardware orders them
/// (wgmma's chained accumulation), so the consumer needs no wait for it.
fn chained_accumulation(producer: &Stmt, consumer: &Stmt, root: Root) -> bool {
    let accumulator = |stmt: &Stmt| MmaOp::cast(stmt.op).map(|mma| effects::root(mma.acc()));
    producer.stage == consumer.stage && accumulator(producer) == Some(root) && accumulator(consumer) == Some(root)
}

/// Phase 9: the items of a step. Async groups are maximal runs of one
/// stage's async statements in order, split where a member waits for an
/// earlier member; every other statement is an item of its own. Returns
/// the members of each item and the item of each statement.
pub fn groups(stmts: &[Stmt], needs: &[BTreeSet<(usize, i64)>]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut by_order: Vec<usize> = (0..stmts.len()).collect();
    by_order.sort_by_key(|&i| stmts[i].order);
    let mut members: Vec<Vec<usize>> = Vec::new();
    let mut item_of = vec![usize::MAX; stmts.len()];
    for &i in &by_order {
        let stmt = &stmts[i];
        let joins = stmt.is_async
            && members.last().is_some_and(|group| {
                let first = &stmts[group[0]];
                first.is_async && first.stage == stmt.stage && !group.iter().any(|m| needs[i].contains(&(*m, 0)))
            });
        if joins {
            members.last_mut().unwrap().push(i);
        } else {
            members.push(vec![i]);
        }
        item_of[i] = members.len() - 1;
    }
    (members, item_of)
}

/// Phase 10: results of async statements are only used inside their async
/// scope (a run of non-copy statements of one group).
pub fn check_async_results(stmts: &[Stmt], members: &[Vec<usize>], item_of: &[usize]) -> Result<(), PassFailed> {
    for (i, stmt) in stmts.iter().enumerate() {
        for &j in &stmt.uses {
            let def = &stmts[j];
            if !def.is_async {
                continue;
            }
            let same_scope = item_of[j] == item_of[i]
                && !stmt.is_copy
                && !def.is_copy
                && !members[item_of[j]]
                    .iter()
                    .any(|&m| stmts[m].is_copy && stmts[m].order > def.order && stmts[m].order < stmt.order);
            if !same_scope {
                diag::error_with_note(
                    stmt.op.location(),
                    "op uses a result of an asynchronous op outside its async scope; pass it through memory",
                    def.op.location(),
                    "asynchronous op defined here",
                );
                return Err(PassFailed);
            }
        }
    }
    Ok(())
}

/// Phase 11: the items as `counts` sees them: stage, queue of an async
/// group (`first_queue` + stage), and the groups each waits for.
pub fn items(
    stmts: &[Stmt],
    members: &[Vec<usize>],
    item_of: &[usize],
    needs: &[BTreeSet<(usize, i64)>],
    first_queue: i64,
) -> Vec<Item> {
    members
        .iter()
        .map(|group| {
            let first = &stmts[group[0]];
            let mut item_needs: Vec<Need> = Vec::new();
            for &m in group {
                for &(producer, distance) in &needs[m] {
                    let need = Need { group: item_of[producer], distance };
                    if !item_needs.contains(&need) {
                        item_needs.push(need);
                    }
                }
            }
            Item {
                stage: first.stage,
                // (statements() keeps first_queue + MAX_STAGE within i64.)
                commits: first.is_async.then(|| first_queue + first.stage as i64),
                needs: item_needs,
            }
        })
        .collect()
}

/// The first queue of a loop: `asyncpipe.first_queue` if given; inside
/// another annotated loop, the queue after the enclosing loop's last one (so
/// nested pipelines never share a queue); else 0.
fn first_queue(loop_op: OperationRef) -> i64 {
    if let Some(q) = ir::int_attr(loop_op, attrs::FIRST_QUEUE) {
        return q;
    }
    let mut parent = loop_op.parent_operation();
    while let Some(op) = parent {
        if op.attribute(attrs::ASYNC_STAGES).is_ok() {
            // Async stages are stages of the loop: its queues end at its last stage.
            let outer_last = ir::region_entry(op, 0)
                .and_then(|b| ir::ops(b).filter_map(|o| ir::int_attr(o, attrs::STAGE)).max())
                .unwrap_or(0);
            return first_queue(op).saturating_add(outer_last.max(0)).saturating_add(1);
        }
        parent = op.parent_operation();
    }
    0
}

/// One test per phase of [`analyze`], each on a small loop parsed from
/// text: what the phase computes on a good loop, and that it rejects what it
/// must (the lit tests in `test/Passes/software-pipeline/invalid.mlir` check
/// the messages).
#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;
    use melior::ir::Module;

    /// A two-stage copy pipeline: a global row is copied into `%buf`
    /// (stage 0, async), then out of it (stage 1); `{extra}` goes at the end
    /// of the body, `{attrs}` on the loop.
    fn two_stage(extra: &str, attrs: &str) -> String {
        format!(
            r#"
func.func @kernel(%a: memref<64x8xf32>, %out: memref<64x8xf32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %buf = memref.alloc() : memref<8xf32, 3>
  scf.for %i = %c0 to %c64 step %c1 {{
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {{asyncpipe.stage = 0, asyncpipe.order = 0}} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf, %dst {{asyncpipe.stage = 1, asyncpipe.order = 1}} : memref<8xf32, 3> to memref<8xf32, strided<[1], offset: ?>>
    {extra}
  }} {attrs}
  return
}}"#
        )
    }

    const ASYNC_0: &str = "{asyncpipe.async_stages = array<i64: 0>}";

    fn parse<'c>(context: &'c Context, source: &str) -> Module<'c> {
        context.parse(source, "schedule-test.mlir").expect("the test input parses")
    }

    fn loop_of<'c, 'a>(module: &'a Module<'c>) -> OperationRef<'c, 'a> {
        ir::nested_ops(module.as_operation()).into_iter().find(|op| Upstream::ScfFor.is(*op)).unwrap()
    }

    fn statements_of<'c, 'a>(loop_op: OperationRef<'c, 'a>) -> Statements<'c, 'a> {
        let (body, _) = annotated_loop(loop_op).unwrap();
        statements(loop_op, body).unwrap()
    }

    #[test]
    fn annotated_loop_reads_the_async_stages() {
        let context = Context::new();
        let module = parse(&context, &two_stage("", "{asyncpipe.async_stages = array<i64: 0, 1>}"));
        let (_, stages) = annotated_loop(loop_of(&module)).unwrap();
        assert_eq!(stages, vec![0, 1]);
        let module = parse(&context, &two_stage("", "{asyncpipe.async_stages = 0 : i64}"));
        assert!(annotated_loop(loop_of(&module)).is_err());
    }

    #[test]
    fn statements_and_helpers() {
        let context = Context::new();
        let module = parse(&context, &two_stage("", ASYNC_0));
        let Statements { stmts, helpers, index } = statements_of(loop_of(&module));
        assert_eq!(stmts.iter().map(|s| (s.stage, s.order)).collect::<Vec<_>>(), vec![(0, 0), (1, 1)]);
        assert!(stmts.iter().all(|s| s.is_copy));
        // The two subviews are helpers; every body op but the yield is indexed.
        assert_eq!(helpers.len(), 2);
        assert_eq!(index.len(), 4);
        let module = parse(&context, &two_stage("", ASYNC_0).replace("asyncpipe.order = 1", "asyncpipe.order = 0"));
        let (body, _) = annotated_loop(loop_of(&module)).unwrap();
        assert!(statements(loop_of(&module), body).is_err(), "a repeated order");
    }

    #[test]
    fn helpers_must_not_write() {
        let context = Context::new();
        let store = "%z = arith.constant 0.0 : f32\n    memref.store %z, %buf[%c0] : memref<8xf32, 3>";
        let module = parse(&context, &two_stage(store, ASYNC_0));
        let s = statements_of(loop_of(&module));
        assert!(helper_effects(&s.helpers).is_err());
        let module = parse(&context, &two_stage("", ASYNC_0));
        let s = statements_of(loop_of(&module));
        assert!(helper_effects(&s.helpers).unwrap().iter().all(|a| !a.writes_anything()));
    }

    /// Phases 1 to 4 on `loop_op`: its statements, linked; its async stages;
    /// which stages read the induction variable.
    fn linked<'c, 'a>(loop_op: OperationRef<'c, 'a>) -> (Vec<Stmt<'c, 'a>>, Vec<i64>, Vec<bool>) {
        let (body, stages) = annotated_loop(loop_op).unwrap();
        let Statements { mut stmts, helpers, index } = statements(loop_op, body).unwrap();
        let access = helper_effects(&helpers).unwrap();
        let last = stmts.iter().map(|s| s.stage).max().unwrap();
        let uses_iv = link_uses(&mut stmts, &helpers, &access, body, &index, last);
        (stmts, stages, uses_iv)
    }

    /// A load of `%buf` (stage 0, async) whose value a stage-1 store uses.
    const LOAD_THEN_STORE: &str = "%v = memref.load %buf[%c0] {asyncpipe.stage = 0, asyncpipe.order = 2} : memref<8xf32, 3>\n    \
                                   memref.store %v, %buf[%c1] {asyncpipe.stage = 1, asyncpipe.order = 3} : memref<8xf32, 3>";

    #[test]
    fn uses_and_induction_variable() {
        let context = Context::new();
        let module = parse(&context, &two_stage("", ASYNC_0));
        let (stmts, _, uses_iv) = linked(loop_of(&module));
        // Both stages read %i through their subviews; neither reads the other.
        assert_eq!(uses_iv, vec![true, true]);
        assert!(stmts.iter().all(|s| s.uses.is_empty()));
        // Each copy touches %buf, with its helper's read of %a or %out.
        let buf = stmts[0].access.writes.clone().unwrap();
        assert_eq!(buf.len(), 1);
        assert!(stmts[1].access.reads_root(buf[0]));
        // The store uses the load's value.
        let module = parse(&context, &two_stage(LOAD_THEN_STORE, ASYNC_0));
        let (stmts, _, _) = linked(loop_of(&module));
        assert_eq!(stmts[3].uses.iter().copied().collect::<Vec<_>>(), vec![2]);
    }

    #[test]
    fn async_stages_are_marked_and_checked() {
        let context = Context::new();
        let module = parse(&context, &two_stage("", ASYNC_0));
        let (mut stmts, stages, _) = linked(loop_of(&module));
        mark_async_stages(loop_of(&module), &mut stmts, &stages, 1).unwrap();
        assert_eq!(stmts.iter().map(|s| s.is_async).collect::<Vec<_>>(), vec![true, false]);
        assert!(mark_async_stages(loop_of(&module), &mut stmts, &[2], 1).is_err(), "a stage with no op");
    }

    #[test]
    fn uses_do_not_go_back() {
        let context = Context::new();
        let module = parse(&context, &two_stage(LOAD_THEN_STORE, ASYNC_0));
        let (stmts, _, _) = linked(loop_of(&module));
        assert!(check_use_order(&stmts).is_ok());
        let backwards = LOAD_THEN_STORE.replace("stage = 0, asyncpipe.order = 2", "stage = 2, asyncpipe.order = 2");
        let module = parse(&context, &two_stage(&backwards, ASYNC_0));
        let (stmts, _, _) = linked(loop_of(&module));
        assert!(check_use_order(&stmts).is_err());
    }

    fn marked<'c, 'a>(loop_op: OperationRef<'c, 'a>) -> Vec<Stmt<'c, 'a>> {
        let (mut stmts, stages, _) = linked(loop_op);
        let last = stmts.iter().map(|s| s.stage).max().unwrap();
        mark_async_stages(loop_op, &mut stmts, &stages, last).unwrap();
        stmts
    }

    #[test]
    fn buffers_needs_groups_and_items() {
        let context = Context::new();
        let module = parse(&context, &two_stage("", ASYNC_0));
        let loop_op = loop_of(&module);
        let stmts = marked(loop_op);
        // %buf is written in stage 0 and read in 1: two versions of it.
        let Buffers { roots, versions, buffers: allocs } = buffers(loop_op, &stmts, &HashMap::new()).unwrap();
        assert_eq!(allocs.len(), 1);
        assert_eq!(allocs[0].versions, 2);
        let buf = stmts[0].access.writes.clone().unwrap()[0];
        assert_eq!(versions[&buf], 2);
        // The reader waits for the copy of its iteration (distance 0) and
        // the copy two iterations back (the same version).
        let needs = needs(&stmts, &roots, &versions);
        assert_eq!(needs[1].iter().copied().collect::<Vec<_>>(), vec![(0, 0), (0, 2)]);
        let (members, item_of) = groups(&stmts, &needs);
        assert_eq!(members, vec![vec![0], vec![1]]);
        assert_eq!(item_of, vec![0, 1]);
        assert!(check_async_results(&stmts, &members, &item_of).is_ok());
        let items = items(&stmts, &members, &item_of, &needs, 3);
        assert_eq!(items[0].commits, Some(3), "first queue + stage");
        assert_eq!(items[1].commits, None);
        assert_eq!(items[1].needs, vec![Need { group: 0, distance: 0 }, Need { group: 0, distance: 2 }]);
        // Already multi-buffered: the known versions are kept, no allocation.
        let known: HashMap<Root, u32> = [(buf, 2)].into_iter().collect();
        assert!(buffers(loop_op, &stmts, &known).unwrap().buffers.is_empty());
    }

    #[test]
    fn async_results_stay_in_their_scope() {
        let context = Context::new();
        let module = parse(&context, &two_stage(LOAD_THEN_STORE, ASYNC_0));
        let loop_op = loop_of(&module);
        let stmts = marked(loop_op);
        let Buffers { roots, versions, .. } = buffers(loop_op, &stmts, &HashMap::new()).unwrap();
        let needs = needs(&stmts, &roots, &versions);
        let (members, item_of) = groups(&stmts, &needs);
        // The load's result (async, stage 0) is used by the stage-1 store.
        assert!(check_async_results(&stmts, &members, &item_of).is_err());
    }

    #[test]
    fn first_queue_follows_the_enclosing_pipeline() {
        let context = Context::new();
        let module = parse(&context, &two_stage("", "{asyncpipe.async_stages = array<i64: 0>, asyncpipe.first_queue = 5 : i64}"));
        assert_eq!(first_queue(loop_of(&module)), 5);
        let module = parse(&context, &two_stage("", ASYNC_0));
        assert_eq!(first_queue(loop_of(&module)), 0);
    }
}
