//! `par-to-scf-forall`: each `par.foreach_thread` becomes upstream's
//! `scf.forall`, so upstream transforms and lowerings
//! (`scf-forall-to-parallel`, `async-parallel-for`, `gpu-map-parallel-loops`)
//! apply; `scf-forall-to-par` is the way back.
//!
//! - thread counts become the upper bounds (a constant one static), lower
//!   bounds 0 and steps 1; the `mapping` carries over;
//! - each result's destination (the dest of slice `#n`, captured from
//!   above) becomes shared output `#n`, and the body's uses of it (reads
//!   of the shared tensor) use the output's block argument;
//! - `par.perform_concurrently` becomes `scf.forall.in_parallel`, each
//!   `par.parallel_insert_slice` a `tensor.parallel_insert_slice` into its
//!   output's block argument, with the same offsets, sizes and strides.
//!
//! A constant thread count's `arith.constant` stays (unused if nothing else
//! uses it), so that the way back reuses it and a round trip is the
//! identity.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::par::{ForeachThreadOp, ParallelInsertSliceOp, PerformConcurrentlyOp};
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::{self, par, rewrite};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::attribute::DenseI64ArrayAttribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, Region, RegionLike, Type, Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "par-to-scf-forall",
    description: "Convert each par.foreach_thread to upstream scf.forall (destinations become shared outputs, slices tensor.parallel_insert_slice)",
    anchor: None,
    options: &[],
    run,
};

/// MLIR's marker for a dynamic bound in `staticUpperBound`.
const DYNAMIC: i64 = i64::MIN;

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for foreach in par::innermost_first(root) {
        convert(foreach);
    }
    Ok(())
}

fn convert(foreach: ForeachThreadOp) {
    let op = foreach.operation();
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let counts: Vec<Value> = foreach.num_threads().collect();
    let rank = counts.len();
    let mut statics = Vec::new();
    let mut dynamic = Vec::new();
    for count in &counts {
        match ir::constant_int(*count) {
            Some(c) => statics.push(c),
            None => {
                statics.push(DYNAMIC);
                dynamic.push(*count);
            }
        }
    }
    let terminator = PerformConcurrentlyOp::cast(ir::terminator(par::body(foreach)).expect("a terminator")).expect("perform_concurrently");
    let slices: Vec<ParallelInsertSliceOp> = ir::ops(terminator.region().first_block().expect("its block")).filter_map(ParallelInsertSliceOp::cast).collect();
    let dests: Vec<Value> = slices.iter().map(|s| s.dest()).collect();
    let result_types: Vec<Type> = foreach.results().map(|r| r.r#type()).collect();
    let mut operands = dynamic.clone();
    operands.extend(dests.iter().copied());
    let ctx = b.ctx();
    let mut attributes = vec![
        (attr::OPERAND_SEGMENT_SIZES, b.segments(&[0, dynamic.len() as i32, 0, dests.len() as i32])),
        (attr::STATIC_LOWER_BOUND, DenseI64ArrayAttribute::new(ctx, &vec![0; rank]).into()),
        (attr::STATIC_UPPER_BOUND, DenseI64ArrayAttribute::new(ctx, &statics).into()),
        (attr::STATIC_STEP, DenseI64ArrayAttribute::new(ctx, &vec![1; rank]).into()),
    ];
    // The mapping, and the op's discardable attributes.
    let carried = rewrite::attributes(op);
    for (name, value) in &carried {
        attributes.push((name.as_str(), *value));
    }
    let forall = b.insert(b.build(Upstream::ScfForall, &operands, &result_types, &attributes, vec![Region::new()]), at);
    let mut arguments: Vec<(Type, melior::ir::Location)> = vec![(b.index_type(), op.location()); rank];
    arguments.extend(dests.iter().map(|d| (d.r#type(), op.location())));
    let block = forall.region(0).expect("the body").append_block(Block::new(&arguments));
    let ivs: Vec<Value> = (0..rank).filter_map(|i| block.argument_at(i).map(Value::from)).collect();
    let outputs: Vec<Value> = (rank..rank + dests.len()).filter_map(|i| block.argument_at(i).map(Value::from)).collect();
    // The terminator and its slices.
    let in_parallel = b.insert(b.build(Upstream::ScfForallInParallel, &[], &[], &[], vec![Region::new()]), Point::End(block));
    let slices_block = in_parallel.region(0).expect("in_parallel's region").append_block(Block::new(&[]));
    for (n, slice) in slices.iter().enumerate() {
        let s = slice.operation();
        let mut operands: Vec<Value> = (0..s.operand_count()).filter_map(|i| s.operand_at(i)).collect();
        operands[1] = outputs[n];
        let attributes = rewrite::attributes(s);
        let named: Vec<(&str, melior::ir::Attribute)> = attributes.iter().map(|(n, a)| (n.as_str(), *a)).collect();
        b.insert(b.build(Upstream::TensorParallelInsertSlice, &operands, &[], &named, vec![]), Point::End(slices_block));
    }
    // The body, reading the shared outputs where it read the destinations.
    par::move_body(foreach, in_parallel, &ivs);
    let first_output = |dest: Value| dests.iter().position(|d| *d == dest).map(|i| outputs[i]);
    for (n, dest) in dests.iter().enumerate() {
        if first_output(*dest) != Some(outputs[n]) {
            continue;
        }
        for (user, index) in ir::uses(*dest) {
            if ir::ancestors(user).any(|a| a == forall) && !Upstream::TensorParallelInsertSlice.is(user) {
                rewrite::set_operand(user, index, outputs[n]);
            }
        }
    }
    for (old, new) in foreach.results().zip(0..) {
        rewrite::replace_uses(old, forall.result(new).expect("a result").into());
    }
    ir::erase(op);
}
