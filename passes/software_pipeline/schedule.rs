//! The schedule of an annotated loop: its statements, the async groups they
//! form, what each waits for, and which buffers need versions.
//!
//! Everything here is analysis; nothing is rewritten. A bad annotation is
//! reported at the op and the whole loop is left alone.

use super::counts::{Item, Need};
use crate::passes::diag;
use crate::passes::effects::{self, Access, Root};
use crate::passes::ir;
use crate::passes::PassFailed;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, Value, ValueLike};
use std::collections::{BTreeSet, HashMap, HashSet};

pub const STAGE: &str = "asyncpipe.stage";
pub const ORDER: &str = "asyncpipe.order";
pub const ASYNC_STAGES: &str = "asyncpipe.async_stages";
pub const FIRST_QUEUE: &str = "asyncpipe.first_queue";

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
    /// Every top-level body op (by raw pointer) as a statement or a helper.
    pub index: HashMap<usize, Source>,
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
    index: &HashMap<usize, Source>,
) -> Vec<(Value<'c, 'a>, Source)> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for inner in std::iter::once(op).chain(ir::nested_ops(op)) {
        for operand in inner.operands() {
            let raw = operand.to_raw().ptr as usize;
            if !seen.insert(raw) {
                continue;
            }
            if let Some(source) = classify(operand, op, body, index) {
                out.push((operand, source));
            }
        }
    }
    out
}

fn classify(value: Value, within: OperationRef, body: BlockRef, index: &HashMap<usize, Source>) -> Option<Source> {
    unsafe {
        let raw = value.to_raw();
        if !mlir_sys::mlirValueIsAOpResult(raw) {
            let block = mlir_sys::mlirBlockArgumentGetOwner(raw);
            return (block.ptr == body.to_raw().ptr).then_some(Source::Iv);
        }
        // The top-level body op that (transitively) holds the definition.
        let mut owner = mlir_sys::mlirOpResultGetOwner(raw);
        loop {
            if owner.ptr.is_null() {
                return None;
            }
            let block = mlir_sys::mlirOperationGetBlock(owner);
            if block.ptr == body.to_raw().ptr {
                break;
            }
            owner = mlir_sys::mlirOperationGetParentOperation(owner);
        }
        if owner.ptr == within.to_raw().ptr {
            return None;
        }
        index.get(&(owner.ptr as usize)).copied()
    }
}

fn key(stmt: &Stmt) -> (usize, i64) {
    (stmt.stage, stmt.order)
}

/// Reads and checks the annotations of `loop_op`.
/// `known` gives the versions of buffers already multi-buffered for this loop
/// (by root); other buffers that need versions are listed in `buffers`.
pub fn analyze<'c, 'a>(
    loop_op: OperationRef<'c, 'a>,
    known: &HashMap<Root, u32>,
) -> Result<Schedule<'c, 'a>, PassFailed> {
    let fail = |op: OperationRef, message: &str| {
        diag::error(op.location(), message);
        PassFailed
    };
    if ir::name(loop_op) != "scf.for" {
        return Err(fail(loop_op, "asyncpipe.async_stages is only supported on scf.for"));
    }
    let Some(async_list) = ir::dense_i64_attr(loop_op, ASYNC_STAGES) else {
        return Err(fail(loop_op, "asyncpipe.async_stages must be an array<i64: ...> of stages"));
    };
    if loop_op.result_count() > 0 {
        return Err(fail(
            loop_op,
            "cannot pipeline a loop with loop-carried values (iter_args); carry them through memory",
        ));
    }
    let body = ir::region_entry(loop_op, 0).expect("scf.for has a body");

    // Statements and helpers.
    let mut stmts: Vec<Stmt> = Vec::new();
    let mut helpers = Vec::new();
    let mut index: HashMap<usize, Source> = HashMap::new();
    let mut orders: HashMap<i64, OperationRef> = HashMap::new();
    for (position, op) in ir::ops(body).enumerate() {
        if ir::name(op) == "scf.yield" {
            continue;
        }
        let stage = ir::int_attr(op, STAGE);
        let order = ir::int_attr(op, ORDER);
        match (stage, order) {
            (Some(stage), Some(order)) => {
                if stage < 0 {
                    return Err(fail(op, "asyncpipe.stage must not be negative"));
                }
                if let Some(first) = orders.get(&order) {
                    diag::error_with_note(
                        op.location(),
                        &format!("asyncpipe.order {order} is repeated"),
                        first.location(),
                        "first used here",
                    );
                    return Err(PassFailed);
                }
                orders.insert(order, op);
                index.insert(op.to_raw().ptr as usize, Source::Stmt(stmts.len()));
                stmts.push(Stmt {
                    op,
                    stage: stage as usize,
                    order,
                    position,
                    is_async: false,
                    is_copy: matches!(ir::name(op).as_str(), "asyncpipe.copy" | "memref.copy"),
                    uses: BTreeSet::new(),
                    access: Access::none(),
                });
            }
            (Some(_), None) => return Err(fail(op, "op has asyncpipe.stage but no asyncpipe.order")),
            (None, Some(_)) => return Err(fail(op, "op has asyncpipe.order but no asyncpipe.stage")),
            (None, None) => {
                index.insert(op.to_raw().ptr as usize, Source::Helper(helpers.len()));
                helpers.push(op);
            }
        }
    }
    if stmts.is_empty() {
        return Err(fail(loop_op, "no op of the loop body carries asyncpipe.stage and asyncpipe.order"));
    }
    let last = stmts.iter().map(|s| s.stage).max().unwrap();

    // Helpers are recomputed before each use; they must not write memory.
    let mut helper_access = Vec::new();
    for helper in &helpers {
        let access = effects::access(*helper);
        if access.writes_anything() {
            return Err(fail(
                *helper,
                "op without asyncpipe.stage writes memory; give it a stage and an order",
            ));
        }
        helper_access.push(access);
    }

    // Which statements each statement reads, through helpers; and which
    // stages read the induction variable.
    let mut stage_uses_iv = vec![false; last + 1];
    for i in 0..stmts.len() {
        let mut uses = BTreeSet::new();
        let mut access = effects::access(stmts[i].op);
        let mut stack: Vec<OperationRef> = vec![stmts[i].op];
        let mut visited = HashSet::new();
        while let Some(op) = stack.pop() {
            for (_, source) in sources(op, body, &index) {
                match source {
                    Source::Iv => stage_uses_iv[stmts[i].stage] = true,
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
        stmts[i].uses = uses;
        stmts[i].access = access;
    }

    // Async stages.
    let mut async_stages = BTreeSet::new();
    for &stage in &async_list {
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
    for stmt in &mut stmts {
        stmt.is_async = async_stages.contains(&stmt.stage);
    }
    for stmt in &stmts {
        if !stmt.is_async {
            continue;
        }
        if let Some(sync) = ir::nested_ops(stmt.op).into_iter().find(|op| {
            let name = ir::name(*op);
            name.starts_with("asyncpipe.") && name != "asyncpipe.yield" || name.starts_with("nvgpu.device_async")
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

    for stmt in &stmts {
        if stmt.is_async && stmt.access.writes.is_none() {
            return Err(fail(
                stmt.op,
                "op of an async stage has unknown memory effects: what it writes must be known to wait for it",
            ));
        }
    }

    // SSA uses must not go back in the schedule.
    for stmt in &stmts {
        for def in stmt.uses.iter().map(|&j| &stmts[j]) {
            let message = if def.stage > stmt.stage {
                format!("op in stage {} uses a value defined in a later stage ({})", stmt.stage, def.stage)
            } else if def.stage == stmt.stage && def.order > stmt.order {
                format!(
                    "op with asyncpipe.order {} uses a value defined by an op ordered after it ({}) in the same stage",
                    stmt.order, def.order
                )
            } else {
                continue;
            };
            diag::error_with_note(stmt.op.location(), &message, def.op.location(), "defined here");
            return Err(PassFailed);
        }
    }

    // Buffers: every root some statement writes.
    let mut roots: BTreeSet<Root> = BTreeSet::new();
    let mut root_values: HashMap<Root, Value> = HashMap::new();
    for stmt in &stmts {
        for op in std::iter::once(stmt.op).chain(ir::nested_ops(stmt.op)) {
            for operand in op.operands() {
                let root = effects::root(operand);
                root_values.entry(root).or_insert_with(|| effects::root_value(operand));
            }
        }
        if let Some(writes) = &stmt.access.writes {
            for r in writes {
                roots.insert(*r);
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
            .filter(|op| matches!(ir::name(*op).as_str(), "memref.alloc" | "memref.alloca"))
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
        if let Err(reason) = multi_buffer(alloc, loop_op, count, false) {
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

    // What each statement must wait for: the async statements it conflicts
    // with, in the same iteration (if they run first) and `versions`
    // iterations back (the last use of the same version).
    let mut needs: Vec<BTreeSet<(usize, i64)>> = vec![BTreeSet::new(); stmts.len()];
    for &root in &roots {
        let v = versions[&root] as i64;
        for (a, producer) in stmts.iter().enumerate() {
            if !producer.is_async {
                continue;
            }
            for (t, consumer) in stmts.iter().enumerate() {
                if !producer.access.conflict_on(&consumer.access, root) {
                    continue;
                }
                if t != a && key(producer) < key(consumer) {
                    needs[t].insert((a, 0));
                }
                needs[t].insert((a, v));
            }
        }
    }
    // SSA uses of async results stay within one async scope (checked below).

    // Items: async groups are maximal runs of one stage's async statements
    // in order, split where a member waits for an earlier member.
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

    // Results of async statements are only usable inside their async scope.
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

    let first_queue = first_queue(loop_op);
    let items = members
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
                commits: first.is_async.then(|| first_queue + first.stage as i64),
                needs: item_needs,
            }
        })
        .collect();

    Ok(Schedule { loop_op, body, stmts, helpers, index, last, items, members, buffers, stage_uses_iv })
}

/// The first queue of a loop: `asyncpipe.first_queue` if given; inside
/// another annotated loop, the queue after the enclosing loop's last one (so
/// nested pipelines never share a queue); else 0.
fn first_queue(loop_op: OperationRef) -> i64 {
    if let Some(q) = ir::int_attr(loop_op, FIRST_QUEUE) {
        return q;
    }
    let mut parent = loop_op.parent_operation();
    while let Some(op) = parent {
        if op.attribute(ASYNC_STAGES).is_ok() {
            // Async stages are stages of the loop: its queues end at its last stage.
            let outer_last = ir::region_entry(op, 0)
                .and_then(|b| ir::ops(b).filter_map(|o| ir::int_attr(o, STAGE)).max())
                .unwrap_or(0);
            return first_queue(op) + outer_last + 1;
        }
        parent = op.parent_operation();
    }
    0
}

/// Multi-buffers `alloc` for `loop_op` and returns the new allocation (or,
/// with `apply` false, checks that it can and returns `alloc`).
pub fn multi_buffer<'c, 'a>(
    alloc: OperationRef<'c, 'a>,
    loop_op: OperationRef<'c, 'a>,
    versions: u32,
    apply: bool,
) -> Result<OperationRef<'c, 'a>, String> {
    unsafe extern "C" fn on_message(user: *mut std::ffi::c_void, message: mlir_sys::MlirStringRef) {
        let out = unsafe { &mut *(user as *mut String) };
        let bytes = unsafe { std::slice::from_raw_parts(message.data as *const u8, message.length) };
        *out = String::from_utf8_lossy(bytes).into_owned();
    }
    let mut reason = String::new();
    let mut new_alloc = alloc.to_raw();
    let ok = unsafe {
        crate::ffi::asyncpipeMultiBuffer(
            alloc.to_raw(),
            loop_op.to_raw(),
            versions,
            apply,
            &mut new_alloc,
            on_message,
            &mut reason as *mut String as *mut std::ffi::c_void,
        )
    };
    if ok {
        Ok(unsafe { OperationRef::from_raw(new_alloc) })
    } else {
        Err(reason)
    }
}
