//! `asyncpipe-lower-deferred`: runs asyncpipe's counting-form async ops on
//! a CPU with completion as late as the waits allow, so that a test sees
//! what a missing or too weak wait does. `asyncpipe-lower-sequential`
//! completes every op when it is issued, one execution the semantics
//! allows, in which no wait matters; here each copy and MMA is recorded on
//! its queue when issued and performed when a wait retires its group (or,
//! as the test chooses when the program runs, reads its sources when issued
//! and writes when retired, or completes at once): the runtime is
//! `test/Execution/Inputs/deferred-sim.mlir`, functions `deferred_sim_*`.
//!
//! - `asyncpipe.copy` becomes one `deferred_sim_copy(queue, dst, src,
//!   bytes)` per contiguous row (a loop over its outer dimensions);
//! - `asyncpipe.mma` becomes `deferred_sim_mma(queue, element types, a,
//!   lda, b, ldb, acc, ldacc, m, n, k)` (`deferred_sim_mma_now` when it is
//!   synchronous), on byte addresses and row strides in elements (the
//!   element types' code plus 4 for `transpose_b`; a register operand `a` is
//!   its tile's array);
//! - `asyncpipe.commit_queue` is inlined and followed by
//!   `deferred_sim_commit(queue)`, as is `asyncpipe.commit`;
//!   `asyncpipe.wait_queue q, N` becomes `deferred_sim_wait(q, N)`;
//! - a register tile (`asyncpipe.accumulator_init`) becomes a zeroed
//!   `memref.alloca` of its tile, and `asyncpipe.accumulator_store` a
//!   `memref.copy` of it;
//! - the math on register tiles runs at once (it is synchronous): an
//!   `asyncpipe.accumulator_map` is a loop nest over the tile with the
//!   region's ops cloned into it, an `accumulator_reduce` one folding each
//!   row in column order, an `accumulator_convert` one of `arith.truncf`.
//!
//! Queues are numbered densely in the order the module first names them (the
//! runtime holds 64). What the model cannot run is an error at the op before
//! anything changes: token form (run `asyncpipe-token-to-count` first), an
//! `asyncpipe.async_scope` (a region cannot be deferred), `zero_fill`
//! copies, other dialects' async ops, tiles whose rows are not contiguous,
//! and a register tile not made in the function or used by anything but
//! asyncpipe's tensor-core ops.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::upstream::Upstream;
use crate::passes::analysis::sync_state::is_token_form;
use crate::passes::ir::asyncpipe::{self, accumulator_tile, AccumulatorTile};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::{AccumulatorInitOp, AccumulatorMapOp, AsyncpipeOp, MmaOp};
use crate::passes::ir::upstream::attr;
use crate::passes::ir::{self, diag, rewrite};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::MemRefType;
use melior::ir::{RegionRef, Type, TypeLike, Value, ValueLike};
use std::collections::BTreeMap;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-lower-deferred",
    description: "Run asyncpipe's counting-form copies and MMAs on the CPU, completing as late as the waits allow \
                  (deferred_sim runtime)",
    anchor: None,
    options: &[],
    run,
};

/// The runtime's functions the lowered code calls: name and number of index
/// arguments (none returns anything).
const RUNTIME: &[(&str, usize)] = &[(ZERO, 2), (COPY, 4), (MMA, 11), (MMA_NOW, 10), (COMMIT, 1), (WAIT, 2)];
const ZERO: &str = "deferred_sim_zero";
const COPY: &str = "deferred_sim_copy";
const MMA: &str = "deferred_sim_mma";
const MMA_NOW: &str = "deferred_sim_mma_now";
const COMMIT: &str = "deferred_sim_commit";
const WAIT: &str = "deferred_sim_wait";
/// Queues the runtime holds.
const QUEUES: usize = 64;

/// The largest accumulator tile the model allocates (on the stack).
const MAX_ACCUMULATOR_BYTES: i64 = 1 << 24;

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let ops = ir::nested_ops(root);
    check(&ops)?;
    // Dense queue numbers, in the order the module names them.
    let mut queues: BTreeMap<i64, i64> = BTreeMap::new();
    let mut order = Vec::new();
    for op in &ops {
        if let Some(queue) = asyncpipe::queue_of(*op).filter(|_| AsyncpipeOp::of(*op).is_some()) {
            if !queues.contains_key(&queue) {
                queues.insert(queue, order.len() as i64);
                order.push(*op);
            }
        }
    }
    if queues.len() > QUEUES {
        diag::error(order[QUEUES].location(), &format!("the deferred model holds {QUEUES} queues; this op names one more"));
        return Err(PassFailed);
    }
    // In the nearest module of every op that calls it (a nested module is a
    // symbol table of its own).
    let mut modules: Vec<OperationRef> = Vec::new();
    for op in ops.iter().filter(|op| AsyncpipeOp::of(**op).is_some()) {
        if let Some(module) = ir::ancestors(*op).find(|p| Upstream::BuiltinModule.is(*p)) {
            if !modules.contains(&module) {
                modules.push(module);
            }
        }
    }
    for module in modules {
        declare_runtime(module);
    }
    // Accumulators first: the MMAs and stores that use them read their
    // memrefs.
    let (inits, ops): (Vec<OperationRef>, Vec<OperationRef>) = ops.into_iter().partition(|op| AccumulatorInitOp::is(*op));
    for op in inits {
        accumulator(op, AccumulatorInitOp::cast(op).expect("an accumulator_init").acc());
    }
    let dense = |op: OperationRef| queues[&asyncpipe::queue_of(op).expect("an async op knows its queue")];
    for op in ops.into_iter().rev() {
        let b = Builder::new(op.context(), op.location());
        let at = Point::Before(op);
        match AsyncpipeOp::of(op) {
            Some(AsyncpipeOp::Copy(copy)) => {
                let queue = b.index_constant(dense(op), at);
                copy_rows(&b, queue, copy.source(), copy.dest(), at);
            }
            Some(AsyncpipeOp::Mma(mma)) => {
                let queue = (!asyncpipe::is_synchronous_mma(op)).then(|| b.index_constant(dense(op), at));
                call_mma(&b, queue, mma, at);
            }
            Some(AsyncpipeOp::CommitQueue(_)) => {
                // The body, then the commit.
                rewrite::inline_region_before(op);
                let queue = b.index_constant(dense(op), at);
                b.call(COMMIT, &[queue], &[], at);
            }
            Some(AsyncpipeOp::Commit(_)) => {
                let queue = b.index_constant(dense(op), at);
                b.call(COMMIT, &[queue], &[], at);
            }
            Some(AsyncpipeOp::WaitQueue(wait)) => {
                let queue = b.index_constant(dense(op), at);
                let count = match (wait.dynamic_count(), wait.count()) {
                    (Some(count), _) => count,
                    (None, count) => b.index_constant(count.unwrap_or(0), at),
                };
                b.call(WAIT, &[queue, count], &[], at);
            }
            Some(AsyncpipeOp::AccumulatorStore(store)) => {
                b.op(Upstream::MemrefCopy, &[store.acc(), store.dest()], &[], &[], at);
            }
            Some(AsyncpipeOp::AccumulatorMap(map)) => elementwise(&b, map, at),
            Some(AsyncpipeOp::AccumulatorReduce(reduce)) => {
                fold_rows(&b, reduce.source(), reduce.dest(), reduce.body(), at);
            }
            Some(AsyncpipeOp::AccumulatorConvert(convert)) => {
                convert_tile(&b, convert.source(), convert.dest(), at);
            }
            _ => continue,
        }
        ir::erase(op);
    }
    Ok(())
}

/// Reports, at the op, what the model cannot run.
/// Whether `op` is in a `func.func` that no `gpu.module` holds.
fn in_cpu_function(op: OperationRef) -> bool {
    ir::ancestors(op).any(|p| Upstream::FuncFunc.is(p)) && !ir::ancestors(op).any(|p| Upstream::GpuModule.is(p))
}

fn check(ops: &[OperationRef]) -> Result<(), PassFailed> {
    let mut failed = false;
    let mut fail = |op: OperationRef, message: &str| {
        diag::error(op.location(), message);
        failed = true;
    };
    for op in ops {
        if is_token_form(*op) {
            fail(*op, "asyncpipe-lower-deferred expects counting form: run asyncpipe-token-to-count first");
            continue;
        }
        // Calls of the runtime need its declarations in reach, and
        // accumulators an allocation scope: a func.func outside any
        // gpu.module, which is what the model runs on the CPU.
        if AsyncpipeOp::of(*op).is_some() && !in_cpu_function(*op) {
            fail(
                *op,
                "asyncpipe-lower-deferred runs the async ops of func.func functions on the CPU, and this op is not in \
                 one outside a gpu.module: lower a kernel with asyncpipe-to-nvgpu and run it on asyncpipe-lower-block, \
                 or turn it into a func.func first (test/tools/kernel-to-func.sed)",
            );
            continue;
        }
        match AsyncpipeOp::of(*op) {
            Some(AsyncpipeOp::AsyncScope(_)) => fail(
                *op,
                "asyncpipe-lower-deferred cannot defer a region of async compute; asyncpipe-lower-sequential runs it at issue",
            ),
            Some(AsyncpipeOp::Copy(copy)) if copy.zero_fill() => {
                fail(*op, "asyncpipe-lower-deferred does not lower zero_fill copies")
            }
            Some(AsyncpipeOp::Copy(copy)) => {
                for (what, value) in [("source", copy.source()), ("destination", copy.dest())] {
                    if !contiguous_rows(value.r#type()) {
                        fail(*op, &format!("the copy's {what} rows are not contiguous (innermost stride 1): the model copies rows"));
                    }
                }
            }
            Some(AsyncpipeOp::Mma(mma)) => {
                for (what, value) in [("a", mma.a()), ("b", mma.b())].into_iter().filter(|(_, v)| v.r#type().is_mem_ref()) {
                    if !contiguous_rows(value.r#type()) {
                        fail(*op, &format!("tile '{what}' has rows that are not contiguous (innermost stride 1)"));
                    }
                }
                if !register_tiles(*op).all(from_init) {
                    fail(*op, FROM_INIT);
                }
            }
            Some(_) if !register_tiles(*op).all(from_init) => fail(*op, FROM_INIT),
            Some(AsyncpipeOp::AccumulatorInit(init))
                if accumulator_tile(init.acc().r#type()).is_some_and(|tile| {
                    tile.rows.checked_mul(tile.columns).and_then(|n| n.checked_mul(ir::element_bytes(tile.element))).is_none_or(|b| b > MAX_ACCUMULATOR_BYTES)
                }) =>
            {
                fail(*op, &format!("asyncpipe-lower-deferred models accumulators of at most {MAX_ACCUMULATOR_BYTES} bytes (a thread's stack)"))
            }
            Some(AsyncpipeOp::AccumulatorInit(init)) => {
                if let Some(user) = asyncpipe::other_register_tile_use(init.acc()) {
                    fail(
                        user,
                        "asyncpipe-lower-deferred models register tiles used by asyncpipe's tensor-core ops only \
                         (asyncpipe.mma, accumulator_store, accumulator_map, accumulator_reduce, accumulator_convert)",
                    );
                }
            }
            None if asyncpipe::is_other_dialects_async(*op) => fail(
                *op,
                "asyncpipe-lower-deferred runs asyncpipe's async ops; this op's async work (AsyncEffectOpInterface) \
                 it cannot, and without its queue's commits and waits nothing would complete it",
            ),
            _ => {}
        }
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

/// Whether a memref type's innermost dimension is contiguous.
fn contiguous_rows(ty: Type) -> bool {
    ir::strides_and_offset(ty).is_some_and(|(strides, _)| strides.last().is_none_or(|s| *s == 1))
}

const FROM_INIT: &str = "asyncpipe-lower-deferred models register tiles that asyncpipe.accumulator_init makes in the same function";

/// The register tiles (`!asyncpipe.accumulator` values) `op` takes.
fn register_tiles<'c, 'a>(op: OperationRef<'c, 'a>) -> impl Iterator<Item = Value<'c, 'a>> {
    (0..op.operand_count()).filter_map(move |k| op.operand_at(k)).filter(|v| asyncpipe::is_accumulator_type(v.r#type()))
}

/// Whether accumulator `acc` is made by an `asyncpipe.accumulator_init`.
fn from_init(acc: Value) -> bool {
    ir::defining_op(acc).is_some_and(AccumulatorInitOp::is)
}

/// The runtime's code for an MMA's element types: 0 f16 into f32, 1 bf16
/// into f32, 2 f32 into f32, 3 f16 into f16 (every pair the op's verifier
/// allows).
fn element_types(mma: MmaOp) -> Option<i64> {
    let input = ir::element_type(mma.b().r#type());
    let tile = accumulator_tile(mma.acc().r#type()).or_else(|| memref_tile(mma.acc()))?;
    let acc = tile.element;
    let types = match () {
        _ if input.is_f16() && acc.is_f32() => 0,
        _ if input.is_bf16() && acc.is_f32() => 1,
        _ if input.is_f32() && acc.is_f32() => 2,
        _ if input.is_f16() && acc.is_f16() => 3,
        _ => return None,
    };
    // b stored N x K: the runtime indexes it by (column, k).
    Some(if mma.transpose_b() { types + 4 } else { types })
}

/// The tile of an accumulator already lowered to its memref.
fn memref_tile<'c>(value: Value<'c, '_>) -> Option<AccumulatorTile<'c>> {
    let shape = ir::shape(value.r#type());
    (shape.len() == 2).then(|| AccumulatorTile { rows: shape[0], columns: shape[1], element: ir::element_type(value.r#type()) })
}

/// `asyncpipe.accumulator_init` as a zeroed `memref.alloca` of its tile,
/// which every use of the accumulator reads instead.
fn accumulator<'c, 'a>(op: OperationRef<'c, 'a>, acc: Value<'c, 'a>) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let tile = accumulator_tile(acc.r#type()).expect("an accumulator");
    let ty: Type = MemRefType::new(tile.element, &[tile.rows, tile.columns], None, None).into();
    let memory = b.value(Upstream::MemrefAlloca, &[], ty, &[(attr::OPERAND_SEGMENT_SIZES, b.segments(&[0, 0]))], at);
    let address = b.strided_metadata(memory, at).pointer;
    // (check() bounded the tile's bytes.)
    let bytes = b.index_constant(tile.rows * tile.columns * ir::element_bytes(tile.element), at);
    b.call(ZERO, &[address, bytes], &[], at);
    rewrite::replace_uses(acc, memory);
    ir::erase(op);
}

/// A copy as one `deferred_sim_copy` per contiguous row: loops over the
/// outer dimensions.
fn copy_rows<'c, 'a>(b: &Builder<'c>, queue: Value<'c, 'a>, source: Value<'c, 'a>, dest: Value<'c, 'a>, at: Point<'c, 'a>) {
    let ty = dest.r#type();
    let rank = ir::shape(ty).len();
    let bytes_each = ir::element_bytes(ir::element_type(ty));
    let sizes = b.strided_metadata(dest, at).sizes;
    let zero = b.index_constant(0, at);
    let one = b.index_constant(1, at);
    let mut point = at;
    let mut index = Vec::new();
    for size in sizes.iter().take(rank.saturating_sub(1)) {
        let (iv, inner) = b.for_loop(zero, *size, one, point);
        index.push(iv);
        point = inner;
    }
    index.push(zero);
    let index = &index[..rank];
    let dst = b.byte_address(dest, index, bytes_each, point);
    let src = b.byte_address(source, index, bytes_each, point);
    let row = match sizes.last() {
        Some(size) => {
            let width = b.index_constant(bytes_each, point);
            b.binary(Upstream::ArithMuli, *size, width, point)
        }
        None => b.index_constant(bytes_each, point),
    };
    b.call(COPY, &[queue, dst, src, row], &[], point);
}

/// An MMA as a call of the runtime, on byte addresses and row strides.
fn call_mma<'c, 'a>(b: &Builder<'c>, queue: Option<Value<'c, 'a>>, mma: MmaOp<'c, 'a>, at: Point<'c, 'a>) {
    let types = b.index_constant(element_types(mma).expect("asyncpipe.mma's verifier allows these element types only"), at);
    let (m, n, k) = asyncpipe::mma_product_shape(mma);
    let mut operands: Vec<Value> = queue.into_iter().collect();
    operands.push(types);
    for tile in [mma.a(), mma.b(), mma.acc()] {
        let metadata = b.strided_metadata(tile, at);
        let width = b.index_constant(ir::element_bytes(ir::element_type(tile.r#type())), at);
        let offset = b.binary(Upstream::ArithMuli, metadata.offset, width, at);
        operands.push(b.binary(Upstream::ArithAddi, metadata.pointer, offset, at));
        operands.push(metadata.strides[0]);
    }
    for size in [m, n, k] {
        operands.push(b.index_constant(size, at));
    }
    b.call(if queue.is_some() { MMA } else { MMA_NOW }, &operands, &[], at);
}

/// The loops over a register tile's rows and columns (its memref now), at
/// `at`: the row and column indices and the point inside both.
fn tile_loops<'c, 'a>(b: &Builder<'c>, tile: Value<'c, 'a>, at: Point<'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>, Point<'c, 'a>) {
    let shape = ir::shape(tile.r#type());
    let zero = b.index_constant(0, at);
    let one = b.index_constant(1, at);
    let rows = b.index_constant(shape[0], at);
    let columns = b.index_constant(shape[1], at);
    let (i, inner) = b.for_loop(zero, rows, one, at);
    let (j, inner) = b.for_loop(zero, columns, one, inner);
    (i, j, inner)
}

/// `asyncpipe.accumulator_map` as loops over `dest`'s elements: each
/// element, each input's at its row and column (column 0 for a value per
/// row), and the indices when the region takes them, into the region's ops.
fn elementwise<'c, 'a>(b: &Builder<'c>, map: AccumulatorMapOp<'c, 'a>, at: Point<'c, 'a>) {
    let (dest, inputs): (Value, Vec<Value>) = (map.dest(), map.inputs().collect());
    let zero = b.index_constant(0, at);
    let (i, j, inner) = tile_loops(b, dest, at);
    let mut arguments = vec![b.load(dest, &[i, j], inner)];
    for input in &inputs {
        let column = if ir::shape(input.r#type()).get(1) == Some(&1) { zero } else { j };
        arguments.push(b.load(*input, &[i, column], inner));
    }
    if asyncpipe::map_takes_indices(map) {
        arguments.extend([i, j]);
    }
    let result = rewrite::inline_yielding(map.body(), &arguments, inner, |_, _| None);
    b.store(result, dest, &[i, j], inner);
}

/// `asyncpipe.accumulator_reduce` as loops: each element of a row of
/// `source`, in column order, folded into the row's value in `dest`.
fn fold_rows<'c, 'a>(b: &Builder<'c>, source: Value<'c, 'a>, dest: Value<'c, 'a>, body: RegionRef<'c, 'a>, at: Point<'c, 'a>) {
    let zero = b.index_constant(0, at);
    let (i, j, inner) = tile_loops(b, source, at);
    let partial = b.load(dest, &[i, zero], inner);
    let element = b.load(source, &[i, j], inner);
    let result = rewrite::inline_yielding(body, &[partial, element], inner, |_, _| None);
    b.store(result, dest, &[i, zero], inner);
}

/// `asyncpipe.accumulator_convert` as loops: each element rounded
/// (`arith.truncf`, to nearest even) or copied.
fn convert_tile<'c, 'a>(b: &Builder<'c>, source: Value<'c, 'a>, dest: Value<'c, 'a>, at: Point<'c, 'a>) {
    let (i, j, inner) = tile_loops(b, source, at);
    let element = b.load(source, &[i, j], inner);
    let to = ir::element_type(dest.r#type());
    let value = if element.r#type() == to { element } else { b.value(Upstream::ArithTruncf, &[element], to, &[], inner) };
    b.store(value, dest, &[i, j], inner);
}

/// Declares the runtime's functions `module` does not define.
fn declare_runtime(root: OperationRef) {
    let Some(first) = ir::region_entry(root, 0).and_then(|body| body.first_operation()) else { return };
    let b = Builder::new(root.context(), root.location());
    let functions: Vec<(&str, Vec<Type>, Vec<Type>)> =
        RUNTIME.iter().map(|(name, inputs)| (*name, vec![b.index_type(); *inputs], Vec::new())).collect();
    b.declare_missing(first, &functions);
}

