//! `par-to-async`: runs each `par.foreach_thread` (buffer form) on the
//! upstream `async` dialect, the document's lowering to nested async
//! groups: a group sized for its tasks, an `async.execute` per thread (or
//! per chunk of `chunk` consecutive threads, in the order the last
//! dimension varies fastest), each added to the group, and an
//! `async.await_all` on the group before the code after the op.
//!
//! ```mlir
//! %group = async.create_group %tasks : !async.group
//! scf.for %task = %c0 to %tasks step %c1 {
//!   %token = async.execute {
//!     // ids of the task's thread(s), then the body
//!     async.yield
//!   }
//!   %index = async.add_to_group %token, %group : !async.token
//! }
//! async.await_all %group
//! ```
//!
//! A nested foreach_thread becomes a nested group inside its parent's task
//! (it is lowered first): the task calls a private function that spawns the
//! inner tasks and returns their group, and awaits it. The spawning loop
//! cannot stay in the task itself: `async-to-async-runtime` turns a task
//! into a coroutine and does not lower async ops inside its `scf` loops;
//! the coroutine's `async.await_all` suspends the task instead of blocking
//! a worker thread of the runtime's pool. With `async-to-async-runtime` and
//! `convert-async-to-llvm` the tasks run on the async runtime's thread pool
//! (`libmlir_async_runtime.so`): threads of one chunk run one after the
//! other; threads of different chunks run concurrently, so a body whose
//! threads wait for each other needs them in different chunks.

use crate::passes::ir::positions::BlockPositions;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::ods::par::ForeachThreadOp;
use crate::passes::ir::{self, diag, par, rewrite};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, Region, RegionLike, Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "par-to-async",
    description: "Lower each par.foreach_thread (buffer form) to async.execute tasks in an async group (one per thread or per chunk of threads) and await the group",
    anchor: None,
    options: &[OptionDef {
        name: "chunk",
        description: "consecutive threads per task (at least 1)",
        default: "1",
    }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let chunk: i64 = options.parse(root, "chunk")?;
    if chunk < 1 {
        diag::error(root.location(), &format!("par-to-async: chunk={chunk}, a task needs at least one thread"));
        return Err(PassFailed);
    }
    let mut failed = false;
    let mut spawned = 0;
    for foreach in par::innermost_first(root) {
        if !par::expect_buffer_form(foreach, "par-to-async") {
            failed = true;
            continue;
        }
        let op = foreach.operation();
        let b = Builder::new(op.context(), op.location());
        let nested = ir::ancestors(op).any(ForeachThreadOp::is);
        if !nested {
            let at = Point::Before(op);
            let group = spawn(foreach, chunk, at);
            b.op(Upstream::AsyncAwaitAll, &[group], &[], &[], at);
            ir::erase(op);
            continue;
        }
        // Inside what becomes its parent's task (a coroutine), the spawning
        // loop goes into a function of its own: the coroutine calls it and
        // suspends on the group it returns.
        let Some(function) = ir::enclosing_function(op) else { continue };
        let name = format!("{}_par_group_{spawned}", ir::symbol_name(function).unwrap_or_default());
        spawned += 1;
        let captured = par::captured_values(op);
        let group_type = b.async_group_type();
        let types: Vec<_> = captured.iter().map(|v| v.r#type()).collect();
        let outlined = b.function(&name, &types, &[group_type], true, Point::Before(function));
        let region = outlined.region(0).expect("the function's body");
        let entry = region.append_block(Block::new(&types.iter().map(|t| (*t, op.location())).collect::<Vec<_>>()));
        let arguments: Vec<Value> = (0..captured.len()).filter_map(|i| entry.argument_at(i).map(Value::from)).collect();
        let call = b.call(&name, &captured, &[group_type], Point::Before(op));
        let awaited: Value = call.result(0).expect("the group").into();
        b.op(Upstream::AsyncAwaitAll, &[awaited], &[], &[], Point::Before(op));
        let returned = b.op(Upstream::FuncReturn, &[], &[], &[], Point::End(entry));
        rewrite::move_before(op, returned);
        par::replace_uses_inside(op, &captured, &arguments);
        let group = spawn(foreach, chunk, Point::Before(op));
        rewrite::append_operands(returned, &[group]);
        ir::erase(op);
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

/// Creates the group of `foreach`'s tasks at `at` and the loop that starts
/// them, moving the body into the tasks; returns the group.
fn spawn<'c, 'a>(foreach: ForeachThreadOp<'c, 'a>, chunk: i64, at: Point<'c, 'a>) -> Value<'c, 'a> {
    let op = foreach.operation();
    let b = Builder::new(op.context(), op.location());
    let counts: Vec<Value> = foreach.num_threads().collect();
    let zero = b.index_constant(0, at);
    let one = b.index_constant(1, at);
    let total = par::product(&b, &counts, at);
    // tasks = ceil(total / chunk)
    let tasks = if chunk == 1 {
        total
    } else {
        let k = b.index_constant(chunk, at);
        b.binary(Upstream::ArithCeildivui, total, k, at)
    };
    let group_type = b.async_group_type();
    let token_type = b.async_token_type();
    let group = b.value(Upstream::AsyncCreateGroup, &[tasks], group_type, &[], at);
    let (task, in_loop) = b.for_loop(zero, tasks, one, at);
    let segments = b.segments(&[0, 0]);
    let execute = b.insert(
        b.build(Upstream::AsyncExecute, &[], &[token_type], &[(attr::OPERAND_SEGMENT_SIZES, segments)], vec![Region::new()]),
        in_loop,
    );
    let region = execute.region(0).expect("async.execute's body");
    let block = region.append_block(Block::new(&[]));
    let yield_op = b.op(Upstream::AsyncYield, &[], &[], &[], Point::End(block));
    let in_task = Point::Before(yield_op);
    let token: Value = execute.result(0).expect("the task's token").into();
    b.op(Upstream::AsyncAddToGroup, &[token, group], &[b.index_type()], &[], in_loop);
    // The thread(s) of this task, then the body.
    let (ids, body_point) = if chunk == 1 {
        (par::delinearize(&b, task, &counts, in_task), in_task)
    } else {
        let k = b.index_constant(chunk, in_task);
        let first = b.binary(Upstream::ArithMuli, task, k, in_task);
        let end = b.binary(Upstream::ArithAddi, first, k, in_task);
        let last = b.binary(Upstream::ArithMinui, end, total, in_task);
        let step = b.index_constant(1, in_task);
        let (linear, in_chunk) = b.for_loop(first, last, step, in_task);
        (par::delinearize(&b, linear, &counts, in_chunk), in_chunk)
    };
    let Point::Before(body_end) = body_point else { unreachable!("ids are computed before a terminator") };
    par::move_body(foreach, body_end, &ids);
    group
}
