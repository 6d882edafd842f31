//! `asyncop-to-asyncpipe{queue=Q}`: asyncop chains in GPU kernels become
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

use super::ir::asyncop::{Chain, Wrapped};
use super::ir::builder::{Builder, Point};
use super::ir::ods::asyncpipe::{CommitGroupOp, CopyOp, WaitOp};
use super::ir::upstream::Upstream;
use super::ir::{self, asyncop, asyncpipe, diag, MemorySpace, ValueKey};
use super::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Region, Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "asyncop-to-asyncpipe",
    description: "Lower asyncop chains in GPU kernels that wrap a memref.copy into workgroup memory to asyncpipe.copy, a commit_group on a queue and a wait at the done",
    anchor: None,
    options: &[OptionDef { name: "queue", description: "the logical queue of the copies' groups", default: "0" }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let queue: i64 = options.parse(root, "queue")?;
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
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

fn lower(chain: &Chain, queue: i64) -> Result<(), String> {
    let copy = match chain.wrapped() {
        Some(Wrapped::Op(op)) if Upstream::MemrefCopy.is(op) => op,
        Some(Wrapped::Op(op)) => {
            return Err(format!("a GPU thread cannot run '{}' asynchronously; it can copy into workgroup memory (memref.copy, then cp.async)", ir::op_name(op)))
        }
        _ => return Err("a GPU thread cannot run a call asynchronously; it can copy into workgroup memory (memref.copy, then cp.async)".into()),
    };
    // The copy's source and target, as the bound operands.
    let bound: Vec<Value> = chain.bound().into_iter().map(|(v, _)| v).collect();
    let parameters: Vec<ValueKey> = asyncop::parameters(chain.start).into_iter().map(ValueKey::of).collect();
    let operand = |i: usize| -> Option<Value> {
        let v = copy.operand(i).ok()?;
        parameters.iter().position(|p| *p == ValueKey::of(v)).and_then(|k| bound.get(k).copied())
    };
    // The verifier makes the wrapped op take only the region's parameters.
    let (Some(source), Some(target)) = (operand(0), operand(1)) else { return Ok(()) };
    if ir::memory_space(target.r#type()) != MemorySpace::Workgroup {
        return Err("the wrapped memref.copy writes global memory; a GPU thread copies asynchronously only into workgroup memory (cp.async)".into());
    }
    let ready = chain.bound().into_iter().map(|(_, at)| at).last().unwrap_or(chain.start.operation());
    let done = chain.done.operation();
    let b = Builder::new(done.context(), chain.start.operation().location());
    // The op binding the last operand is followed by the rest of its chain.
    let Some(after_ready) = ready.next_in_block() else { return Ok(()) };
    let at = Point::Before(after_ready);
    let token_type = asyncpipe::token_type(done.context());
    let group_type = asyncpipe::group_type(done.context());
    let token = b.value(CopyOp::NAME, &[source, target], token_type, &[], at);
    let group = b.insert(b.build(CommitGroupOp::NAME, &[token], &[group_type], &[(CommitGroupOp::QUEUE, b.int_attr(64, queue))], vec![Region::new()]), at);
    let group: Value = group.result(0).expect("the group").into();
    b.op(WaitOp::NAME, &[group], &[], &[], Point::Before(done));
    for op in chain.ops().into_iter().rev() {
        ir::erase(op);
    }
    Ok(())
}
