//! `asyncop-to-asyncpipe{group-queue=Q}`: asyncop chains in GPU kernels become
//! asyncpipe's async copies. A chain wrapping a `memref.copy` into
//! workgroup memory is a copy a GPU thread can run asynchronously
//! (`cp.async`): the start becomes `asyncpipe.copy` with its token
//! committed as a group on queue `Q` (token form) where the last operand is
//! bound, and the done a wait on that group:
//!
//! ```mlir
//! %t = asyncpipe.copy %src, %dst : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
//! %g = asyncpipe.commit_group queue 0 (%t)
//! ...
//! asyncpipe.wait %g
//! ```
//!
//! `asyncpipe-token-to-count` then computes the count the wait needs and
//! `asyncpipe-to-ptx` emits `cp.async` and `cp.async.wait_group`. A chain
//! in a kernel that wraps anything else (compute, a copy out of workgroup
//! memory, a call) is an error at its start: a GPU thread has no engine to
//! run it asynchronously. Chains outside `gpu.func`s are left for
//! `asyncop-to-async`.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::asyncop::{Chain, Wrapped};
use crate::passes::ir::ods::asyncop::{DoneOp, StartOp};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::{CommitGroupOp, CopyOp, WaitOp};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, asyncop, asyncpipe, diag, MemorySpace, ValueKey};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "asyncop-to-asyncpipe",
    description: "Lower asyncop chains in GPU kernels that wrap a memref.copy into workgroup memory to asyncpipe.copy, a commit_group on a queue and a wait at the done",
    anchor: None,
    options: &[OptionDef { name: "group-queue", description: "the logical queue the copies' groups are committed to", default: "0" }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let queue: i64 = options.parse(root, "group-queue")?;
    let mut failed = false;
    for chain in Chain::all(root) {
        if !ir::ancestors(chain.start.operation()).any(|a| Upstream::GpuFunc.is(a)) {
            continue;
        }
        if let Err(message) = lower(&chain, queue) {
            diag::error(chain.start.operation().location(), &format!("asyncop-to-asyncpipe: {message}"));
            failed = true;
        }
    }
    // Chains an scf.for carries across iterations (asyncop-schedule's
    // rotated loops): the loops carry the copy's group, and each done waits
    // for it.
    for start in asyncop::carried_starts(root) {
        if !ir::ancestors(start.operation()).any(|a| Upstream::GpuFunc.is(a)) {
            continue;
        }
        match copy_operands(start, &start.args().collect::<Vec<_>>()) {
            Ok((source, target)) => {
                let Some(after) = start.operation().next_in_block() else { continue };
                let group = issue(start.operation(), source, target, queue, after);
                asyncop::replace_carried(start, group);
                ir::erase(start.operation());
            }
            Err(message) => {
                diag::error(start.operation().location(), &format!("asyncop-to-asyncpipe: {message}"));
                failed = true;
            }
        }
    }
    for done in ir::nested_ops(root).into_iter().filter_map(DoneOp::cast) {
        if asyncpipe::is_group_type(done.handle().r#type()) {
            let b = Builder::new(done.operation().context(), done.operation().location());
            b.insert(WaitOp::build(&b, &[done.handle()]), Point::Before(done.operation()));
            ir::erase(done.operation());
        }
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

fn lower(chain: &Chain, queue: i64) -> Result<(), String> {
    let bound: Vec<Value> = chain.bound().into_iter().map(|(v, _)| v).collect();
    let (source, target) = copy_operands(chain.start, &bound)?;
    let ready = chain.bound().into_iter().map(|(_, at)| at).last().unwrap_or(chain.start.operation());
    let done = chain.done.operation();
    // The op binding the last operand is followed by the rest of its chain.
    let Some(after_ready) = ready.next_in_block() else { return Ok(()) };
    let group = issue(chain.start.operation(), source, target, queue, after_ready);
    let b = Builder::new(done.context(), done.location());
    b.insert(WaitOp::build(&b, &[group]), Point::Before(done));
    for op in chain.ops().into_iter().rev() {
        ir::erase(op);
    }
    Ok(())
}

/// The source and target of the workgroup copy `start` wraps, as the
/// values `bound` binds to its parameters; an error for anything else.
fn copy_operands<'c, 'a>(start: StartOp<'c, 'a>, bound: &[Value<'c, 'a>]) -> Result<(Value<'c, 'a>, Value<'c, 'a>), String> {
    let copy = match asyncop::wrapped(start) {
        Some(Wrapped::Op(op)) if Upstream::MemrefCopy.is(op) => op,
        Some(Wrapped::Op(op)) => {
            return Err(format!("a GPU thread cannot run '{}' asynchronously; it can copy into workgroup memory (memref.copy, then cp.async)", ir::op_name(op)))
        }
        _ => return Err("a GPU thread cannot run a call asynchronously; it can copy into workgroup memory (memref.copy, then cp.async)".into()),
    };
    let parameters: Vec<ValueKey> = asyncop::parameters(start).into_iter().map(ValueKey::of).collect();
    let operand = |i: usize| -> Option<Value> {
        let v = copy.operand_at(i)?;
        parameters.iter().position(|p| *p == ValueKey::of(v)).and_then(|k| bound.get(k).copied())
    };
    // The verifier makes the wrapped op take only the region's parameters.
    let (Some(source), Some(target)) = (operand(0), operand(1)) else {
        return Err("the wrapped copy's operands are not all bound".into());
    };
    if ir::memory_space(target.r#type()) != MemorySpace::Workgroup {
        return Err("the wrapped memref.copy writes global memory; a GPU thread copies asynchronously only into workgroup memory (cp.async)".into());
    }
    Ok((source, target))
}

/// The copy as `asyncpipe.copy` committed as a group on `queue`, before
/// `before`; the group.
fn issue<'c, 'a>(anchor: OperationRef<'c, 'a>, source: Value<'c, 'a>, target: Value<'c, 'a>, queue: i64, before: OperationRef<'c, 'a>) -> Value<'c, 'a> {
    let b = Builder::new(anchor.context(), anchor.location());
    let at = Point::Before(before);
    let copy = b.insert(CopyOp::build(&b, source, target, true, false, None), at);
    let token: Value = copy.result(0).expect("the token").into();
    let group = b.insert(CommitGroupOp::build(&b, &[token], queue), at);
    group.result(0).expect("the group").into()
}
