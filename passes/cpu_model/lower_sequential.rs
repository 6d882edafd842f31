//! `asyncpipe-lower-sequential`: executes asyncpipe's async operations
//! synchronously, in issue order, so that counting-form programs run on a CPU
//! (`mlir-runner`) with upstream lowerings only.
//!
//! Completing every async op as soon as it is issued is one of the executions
//! the asynchronous semantics allows, so the lowered program computes what the
//! pipelined one computes whenever its synchronization is right (which
//! `asyncpipe-verify-sync` proves statically):
//! - `asyncpipe.copy %src, %dst` becomes `memref.copy`;
//! - `asyncpipe.async_scope` and `asyncpipe.commit_queue` are inlined;
//! - commits and counting waits disappear;
//! - upstream cp.async ops too: `nvgpu.device_async_copy` becomes a loop of
//!   loads and stores of its elements (zeroes past `srcElements`), and
//!   `nvgpu.device_async_create_group` / `nvgpu.device_async_wait` (and the
//!   `nvvm.cp.async.commit.group` of an empty group) go away
//!   (a group token still used, say by a loop, becomes `ub.poison`).
//!
//! It expects counting form (run `asyncpipe-token-to-count` first): a token,
//! group or `zero_fill` copy left in the input is an error at the op.

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::{DeviceAsyncCopy, Upstream};
use crate::passes::analysis::sync_state::is_token_form;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::{AsyncpipeOp, CopyOp};
use crate::passes::ir::{self, asyncpipe, diag, rewrite};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::{Block, Region, RegionLike, Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-lower-sequential",
    description: "Run asyncpipe's async ops synchronously in issue order (for CPU execution of counting-form IR)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let ops = ir::nested_ops(root);
    let mut failed = false;
    for op in &ops {
        if is_token_form(*op) {
            diag::error(op.location(), "asyncpipe-lower-sequential expects counting form: run asyncpipe-token-to-count first");
            failed = true;
        } else if CopyOp::cast(*op).is_some_and(CopyOp::zero_fill) {
            diag::error(op.location(), "asyncpipe-lower-sequential does not lower zero_fill copies yet");
            failed = true;
        } else if asyncpipe::is_tensor_core_op(*op) {
            diag::error(
                op.location(),
                "asyncpipe-lower-sequential does not run MMAs or accumulators; asyncpipe-lower-deferred does \
                 (deferred_sim_configure(2) completes every op at issue)",
            );
            failed = true;
        } else if asyncpipe::is_other_dialects_async(*op) {
            diag::error(
                op.location(),
                "asyncpipe-lower-sequential runs asyncpipe's async ops synchronously; this op's async work \
                 (AsyncEffectOpInterface, on a logical queue) it cannot, and without its queue's commits and waits \
                 nothing would complete it",
            );
            failed = true;
        }
    }
    if failed {
        return Err(PassFailed);
    }
    // Innermost first, so that inlined bodies are already lowered.
    for op in ops.into_iter().rev() {
        match AsyncpipeOp::of(op) {
            Some(AsyncpipeOp::Copy(copy)) => {
                let operands = [copy.source(), copy.dest()];
                let copy = OperationBuilder::new(Upstream::MemrefCopy.name(), op.location()).add_operands(&operands).build().unwrap();
                op.block().unwrap().insert_operation_before(op, copy);
                ir::erase(op);
                continue;
            }
            Some(AsyncpipeOp::AsyncScope(_) | AsyncpipeOp::CommitQueue(_)) => {
                rewrite::inline_region_before(op);
                ir::erase(op);
                continue;
            }
            Some(AsyncpipeOp::Commit(_) | AsyncpipeOp::WaitQueue(_)) => {
                ir::erase(op);
                continue;
            }
            _ => {}
        }
        match Upstream::of(op) {
            Some(Upstream::NvgpuDeviceAsyncWait | Upstream::NvvmCpAsyncCommitGroup) => ir::erase(op),
            Some(Upstream::NvgpuDeviceAsyncCopy) => {
                cp_async(op);
                rewrite::poison_and_erase(op);
            }
            Some(Upstream::NvgpuDeviceAsyncCreateGroup) => rewrite::poison_and_erase(op),
            _ => {}
        }
    }
    Ok(())
}

/// The elements of one `nvgpu.device_async_copy`, copied in a loop:
/// `dst[..., j + e] = e < srcElements ? src[..., i + e] : 0`.
fn cp_async<'c, 'a>(op: OperationRef<'c, 'a>) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let copy = DeviceAsyncCopy::of(op).expect("an nvgpu.device_async_copy");
    let (dst, dst_index, src, src_index) = (copy.dst, &copy.dst_indices[..], copy.src, &copy.src_indices[..]);
    let (src_elements, count) = (copy.src_elements, copy.dst_elements);
    let element = ir::element_type(dst.r#type());
    let zero_text = if ir::is_float(element) { "0.0" } else { "0" };
    let element_text = element.to_string();

    let lower = b.index_constant(0, at);
    let upper = b.index_constant(count, at);
    let step = b.index_constant(1, at);
    let (e, inner) = b.for_loop(lower, upper, step, at);
    let shifted = |index: &[Value<'c, 'a>]| {
        let mut index = index.to_vec();
        if let Some(last) = index.last_mut() {
            *last = b.binary(Upstream::ArithAddi, *last, e, inner);
        }
        index
    };
    let mut load_operands = vec![src];
    load_operands.extend(shifted(src_index));
    let load = |point: Point<'c, 'a>| b.value(Upstream::MemrefLoad, &load_operands, element, &[], point);
    let value = match src_elements {
        None => load(inner),
        Some(n) => {
            let predicate = b.int_attr(64, 2); // slt
            let reads = b.value(Upstream::ArithCmpi, &[e, n], b.i1_type(), &[(attr::PREDICATE, predicate)], inner);
            let (then_region, else_region) = (Region::new(), Region::new());
            then_region.append_block(Block::new(&[]));
            else_region.append_block(Block::new(&[]));
            let if_op = b.insert(b.build(Upstream::ScfIf, &[reads], &[element], &[], vec![then_region, else_region]), inner);
            let then_end = Point::End(ir::region_entry(if_op, 0).expect("then block"));
            let loaded = load(then_end);
            b.op(Upstream::ScfYield, &[loaded], &[], &[], then_end);
            let zero = b.parse_attr(&format!("{zero_text} : {element_text}"));
            let else_end = Point::End(ir::region_entry(if_op, 1).expect("else block"));
            let zero = b.value(Upstream::ArithConstant, &[], element, &[(attr::VALUE, zero)], else_end);
            b.op(Upstream::ScfYield, &[zero], &[], &[], else_end);
            if_op.result(0).expect("the scf.if result").into()
        }
    };
    let mut store_operands = vec![value, dst];
    store_operands.extend(shifted(dst_index));
    b.op(Upstream::MemrefStore, &store_operands, &[], &[], inner);
}
