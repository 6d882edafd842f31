//! `scf-forall-to-par`: each normalized upstream `scf.forall` (lower bounds
//! 0, steps 1) becomes a `par.foreach_thread`, so code tiled with upstream
//! transforms (`transform.structured.tile_using_forall`) continues in
//! asyncpipe (`par-verify-disjoint`, One-Shot Bufferize, `par-to-async`,
//! `par-to-gpu`). The inverse of `par-to-scf-forall`:
//!
//! - upper bounds become the thread counts (a static one an `arith.constant`,
//!   reusing an equal one earlier in the block), the `mapping` carries over;
//! - the body's uses of a shared output's block argument use the output's
//!   initial value, captured from above, which becomes the destination of
//!   the output's slice;
//! - `scf.forall.in_parallel` becomes `par.perform_concurrently`, holding
//!   one `par.parallel_insert_slice` per result, in result order.
//!
//! A forall that is not normalized, or whose output `#n` is not inserted
//! into by exactly one slice (par ties each result to one slice), is an
//! error at the op.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::par::{ForeachThreadOp, ParallelInsertSliceOp, PerformConcurrentlyOp};
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::{self, diag, rewrite, ValueKey};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::TypeLike;
use melior::ir::{Block, RegionLike, Type, Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "scf-forall-to-par",
    description: "Convert each normalized scf.forall (lower bounds 0, steps 1, one tensor.parallel_insert_slice per shared output) to par.foreach_thread",
    anchor: None,
    options: &[],
    run,
};

const DYNAMIC: i64 = i64::MIN;

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    let mut foralls: Vec<OperationRef> = ir::nested_ops(root).into_iter().filter(|op| Upstream::ScfForall.is(*op)).collect();
    foralls.reverse();
    let mut failed = false;
    for forall in foralls {
        if let Err(message) = convert(forall) {
            diag::error(forall.location(), &format!("scf-forall-to-par: {message}"));
            failed = true;
        }
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

fn convert(forall: OperationRef) -> Result<(), String> {
    let lower = ir::dense_i64_attr(forall, attr::STATIC_LOWER_BOUND).unwrap_or_default();
    let upper = ir::dense_i64_attr(forall, attr::STATIC_UPPER_BOUND).unwrap_or_default();
    let step = ir::dense_i64_attr(forall, attr::STATIC_STEP).unwrap_or_default();
    if lower.iter().any(|l| *l != 0) || step.iter().any(|s| *s != 1) {
        return Err("lower bounds must be 0 and steps 1 (normalize the loop first); the thread ids of par.foreach_thread count from 0 by 1".into());
    }
    let segments = ir::dense_i32_attr(forall, attr::OPERAND_SEGMENT_SIZES).unwrap_or_default();
    let dynamic_upper = segments.get(1).copied().unwrap_or(0).max(0) as usize;
    let first_output = segments.iter().take(3).map(|n| n.max(&0).to_owned() as usize).sum::<usize>();
    let inits: Vec<Value> = (first_output..forall.operand_count()).filter_map(|i| forall.operand_at(i)).collect();
    let rank = upper.len();
    let block = ir::region_entry(forall, 0).ok_or("a forall without a body")?;
    let ivs: Vec<Value> = (0..rank).filter_map(|i| block.argument_at(i).map(Value::from)).collect();
    let outputs: Vec<Value> = (rank..rank + inits.len()).filter_map(|i| block.argument_at(i).map(Value::from)).collect();
    let in_parallel = ir::terminator(block).filter(|t| Upstream::ScfForallInParallel.is(*t)).ok_or("a forall without its in_parallel terminator")?;
    let inserts: Vec<OperationRef> = ir::region_entry(in_parallel, 0).map(|b| ir::ops(b).collect()).unwrap_or_default();
    // One slice per output, in output order.
    let mut slice_of_output: Vec<Option<OperationRef>> = vec![None; outputs.len()];
    for insert in &inserts {
        if !Upstream::TensorParallelInsertSlice.is(*insert) {
            return Err(format!("its in_parallel holds '{}', which par.perform_concurrently cannot", ir::op_name(*insert)));
        }
        let dest = insert.operand(1).map_err(|_| "a slice without a destination")?;
        let n = outputs.iter().position(|o| ValueKey::of(*o) == ValueKey::of(dest)).ok_or("a slice that inserts into a value other than a shared output")?;
        if slice_of_output[n].replace(*insert).is_some() {
            return Err(format!("shared output #{n} is inserted into by more than one slice; par.foreach_thread ties each result to exactly one"));
        }
    }
    if let Some(n) = slice_of_output.iter().position(Option::is_none) {
        return Err(format!("shared output #{n} is inserted into by no slice; par.foreach_thread ties each result to exactly one"));
    }
    let b = Builder::new(forall.context(), forall.location());
    let at = Point::Before(forall);
    let mut dynamic = (0..dynamic_upper).filter_map(|i| forall.operand_at(i));
    let mut counts = Vec::new();
    for u in &upper {
        counts.push(if *u == DYNAMIC { dynamic.next().ok_or("a missing dynamic bound")? } else { constant_before(&b, forall, *u) });
    }
    let result_types: Vec<Type> = forall.results().map(|r| r.r#type()).collect();
    // The mapping, and the op's discardable attributes.
    let carried: Vec<(String, melior::ir::Attribute)> = rewrite::attributes(forall)
        .into_iter()
        .filter(|(name, _)| ![attr::OPERAND_SEGMENT_SIZES, attr::STATIC_LOWER_BOUND, attr::STATIC_UPPER_BOUND, attr::STATIC_STEP].contains(&name.as_str()))
        .collect();
    let mapping = carried.iter().find(|(n, _)| n == ForeachThreadOp::MAPPING).map(|(_, a)| *a);
    let foreach = b.insert(ForeachThreadOp::build(&b, &counts, &result_types, mapping), at);
    for (name, value) in carried.iter().filter(|(n, _)| n != ForeachThreadOp::MAPPING) {
        rewrite::set_attribute(foreach, name, *value);
    }
    let body = foreach.region(0).expect("the body").append_block(Block::new(&vec![(b.index_type(), forall.location()); rank]));
    let perform = b.insert(PerformConcurrentlyOp::build(&b), Point::End(body));
    let slices_block = perform.region(0).expect("its region").append_block(Block::new(&[]));
    for (n, insert) in slice_of_output.iter().enumerate() {
        let insert = insert.expect("checked above");
        // tensor.parallel_insert_slice's operands: source, dest, then its
        // dynamic offsets, sizes and strides (operandSegmentSizes).
        let operands: Vec<Value> = (0..insert.operand_count()).filter_map(|i| insert.operand_at(i)).collect();
        let segments = ir::dense_i32_attr(insert, attr::OPERAND_SEGMENT_SIZES).unwrap_or_default();
        let [_, _, offsets, sizes, strides] = segments[..] else {
            return Err("a tensor.parallel_insert_slice without its five operand groups".into());
        };
        let (offsets, sizes, strides) = (offsets.max(0) as usize, sizes.max(0) as usize, strides.max(0) as usize);
        if operands.len() != 2 + offsets + sizes + strides {
            return Err("a tensor.parallel_insert_slice whose operand groups do not add up".into());
        }
        let statics = |name: &str| ir::dense_i64_attr(insert, name).unwrap_or_default();
        let slice = ParallelInsertSliceOp::build(
            &b,
            operands[0],
            inits[n],
            &operands[2..2 + offsets],
            &operands[2 + offsets..2 + offsets + sizes],
            &operands[2 + offsets + sizes..],
            &statics(attr::STATIC_OFFSETS),
            &statics(attr::STATIC_SIZES),
            &statics(attr::STATIC_STRIDES),
        );
        let slice = b.insert(slice, Point::End(slices_block));
        // Its discardable attributes carry over, as the foreach's do.
        let inherent = [attr::OPERAND_SEGMENT_SIZES, attr::STATIC_OFFSETS, attr::STATIC_SIZES, attr::STATIC_STRIDES];
        for (name, value) in rewrite::attributes(insert).into_iter().filter(|(n, _)| !inherent.contains(&n.as_str())) {
            rewrite::set_attribute(slice, &name, value);
        }
    }
    let ids: Vec<Value> = (0..rank).filter_map(|i| body.argument_at(i).map(Value::from)).collect();
    for (iv, id) in ivs.iter().zip(&ids) {
        rewrite::replace_uses(*iv, *id);
    }
    for (output, init) in outputs.iter().zip(&inits) {
        rewrite::replace_uses(*output, *init);
    }
    let ops: Vec<OperationRef> = ir::ops(block).collect();
    for op in ops {
        if op != in_parallel {
            rewrite::move_before(op, perform);
        }
    }
    for (old, new) in forall.results().zip(0..) {
        rewrite::replace_uses(old.into(), foreach.result(new).expect("a result").into());
    }
    ir::erase(forall);
    Ok(())
}

/// An index constant `value` for `op`: an equal `arith.constant` that
/// dominates it (earlier in its block or in a block around it, up to the
/// function), else a new one just before it.
fn constant_before<'c, 'a>(b: &Builder<'c>, op: OperationRef<'c, 'a>, value: i64) -> Value<'c, 'a> {
    let mut at = Some(op);
    while let Some(current) = at {
        let mut previous = ir::previous(current);
        while let Some(p) = previous {
            if Upstream::ArithConstant.is(p) {
                if let Ok(result) = p.result(0) {
                    let result: Value = result.into();
                    if result.r#type().is_index() && ir::constant_int(result) == Some(value) {
                        return result;
                    }
                }
            }
            previous = ir::previous(p);
        }
        at = current.parent_operation().filter(|parent| !ir::is_function(*parent));
    }
    b.index_constant(value, Point::Before(op))
}
