//! Control flow in CFG form raised back to `scf.if` and `scf.for`, on a
//! copy of a function, so that the Hopper model (which follows structured
//! loops and branches) checks kernels after upstream's `convert-scf-to-cf`:
//! real pipelines reach the NVVM level in that form
//! (`gpu-lower-to-nvvm-pipeline` runs it before the LLVM conversions).
//!
//! Raising undoes the conversion's shapes, each rule removing at least one
//! block, until every region has one block:
//! - **straight line**: a block whose only successor (`cf.br`) has no other
//!   predecessor absorbs it, the branch operands replacing its arguments;
//! - **branch**: `cf.cond_br %c, ^then, ^else` whose sides are blocks of
//!   one predecessor that branch to a common join (or one side goes there
//!   directly: an `scf.if` without else) becomes an `scf.if %c` yielding
//!   what the sides pass to the join, followed by a branch to the join;
//! - **counted loop**: a header entered from one block and from one body
//!   block (its latch), whose only ops are pure, ending in `cf.cond_br` on
//!   `arith.cmpi slt %iv, %ub` (or the same comparison written the other
//!   way round or negated, with the successors swapped), the latch passing
//!   `%iv + %step` for the header's argument `%iv`, with `%ub` and `%step`
//!   defined outside the loop, a step that is not a non-positive constant
//!   and an add that cannot wrap below the bound ([`may_wrap`]), becomes
//!   `scf.for %iv = %lb to %ub step %step` carrying the header's other
//!   arguments; the exit takes the loop's results.
//!
//! These are exactly the inverses of what the conversion emits for
//! `scf.if` and `scf.for`, so the raised function runs the same ops in the
//! same order on every path, and each op keeps its location: findings
//! land on the ops of the function verify-sync reports on. Anything else
//! (an `scf.while`'s loop, a `cf.switch`, early exits, loops with several
//! latches) stays in CFG form, which the Hopper model reports as "cannot
//! prove" at its first branch (never proven).
//!
//! Raising changes only the copy it is given (`rewrite::on_sibling_copy`).

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::upstream::{attr, cmpi, Upstream};
use crate::passes::analysis::symbolic;
use crate::passes::ir::{self, rewrite};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, BlockRef, Location, Region, RegionLike, RegionRef, Type, Value, ValueLike};

/// Whether some region of `function` (its body, or a region nested in it)
/// has more than one block.
pub fn needs_raising(function: OperationRef) -> bool {
    !ir::multi_block_regions(function).is_empty()
}

/// Raises the regions of `function` (a copy no one else sees) toward one
/// block each, as far as the rules go.
pub fn raise<'c: 'a, 'a>(function: OperationRef<'c, 'a>) {
    // The ops built here are scf's, which the conversion may have left
    // registered but not loaded.
    ir::stable_context(function.context()).get_or_load_dialect(Upstream::ScfFor.dialect());
    for region in ir::multi_block_regions(function) {
        raise_region(region);
    }
}

/// The first branch left in a region of more than one block of
/// `function`, after [`raise`]: where control flow stays in CFG form.
pub fn first_branch<'c, 'a>(function: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    ir::multi_block_regions(function).into_iter().flat_map(ir::region_blocks).filter_map(ir::terminator).find(|t| t.successors().next().is_some())
}


fn raise_region<'c: 'a, 'a>(region: RegionRef<'c, 'a>) {
    split_critical_edges(region);
    // Each rule that applies removes a block (and none makes a critical
    // edge): at most one round per block.
    while ir::region_blocks(region).len() > 1 {
        let blocks = ir::region_blocks(region);
        if !blocks.iter().any(|b| straight_line(*b) || branch(*b) || counted_loop(*b)) {
            return;
        }
    }
}

/// Gives every edge of a `cf.cond_br` to a block of several predecessors
/// a block of its own that jumps on (as the conversion's own blocks do
/// before canonicalize folds them away: a loop entered from its outer
/// loop's condition, an `scf.if` without else), so that the rules see
/// one shape.
fn split_critical_edges<'c: 'a, 'a>(region: RegionRef<'c, 'a>) {
    for block in ir::region_blocks(region) {
        let Some(Branch::Cond(terminator, condition, edges)) = branch_of(block) else { continue };
        if edges.iter().all(|(target, _)| predecessors(*target).len() <= 1) {
            continue;
        }
        let b = Builder::new(terminator.context(), terminator.location());
        let edges: Vec<(BlockRef, Vec<Value>)> = edges
            .into_iter()
            .map(|(target, operands)| {
                if predecessors(target).len() <= 1 {
                    return (target, operands);
                }
                let middle = region.insert_block_before(target, Block::new(&[]));
                b.branch(target, &operands, Point::End(middle));
                (middle, Vec::new())
            })
            .collect();
        b.cond_branch(condition, (edges[0].0, &edges[0].1), (edges[1].0, &edges[1].1), Point::Before(terminator));
        ir::erase(terminator);
    }
}

/// A block's terminator, when it is a `cf.br` or `cf.cond_br`.
enum Branch<'c, 'a> {
    Jump(BlockRef<'c, 'a>, Vec<Value<'c, 'a>>),
    Cond(OperationRef<'c, 'a>, Value<'c, 'a>, [(BlockRef<'c, 'a>, Vec<Value<'c, 'a>>); 2]),
}

fn branch_of<'c, 'a>(block: BlockRef<'c, 'a>) -> Option<Branch<'c, 'a>> {
    let terminator = ir::terminator(block)?;
    let edge = |k: usize| Some((terminator.successor(k).ok()?, ir::successor_operands(terminator, k)?));
    match Upstream::of(terminator)? {
        Upstream::CfBr => {
            let (target, operands) = edge(0)?;
            Some(Branch::Jump(target, operands))
        }
        Upstream::CfCondBr => Some(Branch::Cond(terminator, terminator.operand_at(0)?, [edge(0)?, edge(1)?])),
        _ => None,
    }
}

fn arguments<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    (0..block.argument_count()).filter_map(|i| block.argument_at(i).map(Into::into)).collect()
}

fn predecessors<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<BlockRef<'c, 'a>> {
    (0..block.predecessor_count()).filter_map(|i| block.predecessor(i).ok()).collect()
}

/// Whether `value` is defined in one of `blocks` (an argument of one, or a
/// result of an op nested in one).
fn defined_in(value: Value, blocks: &[BlockRef]) -> bool {
    if let Some(owner) = ir::argument_owner(value) {
        return blocks.contains(&owner) || owner.parent_operation().is_some_and(|op| blocks.iter().any(|b| ir::ancestor_in(op, *b).is_some()));
    }
    ir::defining_op(value).is_some_and(|op| blocks.iter().any(|b| ir::ancestor_in(op, *b).is_some()))
}

/// Whether a value defined in `blocks` is used outside them.
fn escapes(blocks: &[BlockRef]) -> bool {
    blocks.iter().any(|block| {
        let values = arguments(*block).into_iter().chain(ir::ops(*block).flat_map(|op| {
            std::iter::once(op).chain(ir::nested_ops(op)).flat_map(|o| o.results().map(Value::from).collect::<Vec<_>>())
        }));
        values.into_iter().any(|v| ir::uses(v).iter().any(|(user, _)| !blocks.iter().any(|b| ir::ancestor_in(*user, *b).is_some())))
    })
}

/// Moves the ops of `from`, but its terminator, to the end of `to`.
fn move_body(from: BlockRef, to: BlockRef) {
    let ops: Vec<OperationRef> = ir::ops(from).filter(|op| op.next_in_block().is_some()).collect();
    for op in ops {
        rewrite::move_to_end(op, to);
    }
}

/// `block` branches (`cf.br`) to a block of no other predecessor: the two
/// are one block.
fn straight_line(block: BlockRef) -> bool {
    let Some(Branch::Jump(next, operands)) = branch_of(block) else { return false };
    if next == block || predecessors(next).len() != 1 {
        return false;
    }
    for (argument, operand) in arguments(next).into_iter().zip(operands) {
        rewrite::replace_uses(argument, operand);
    }
    if let Some(terminator) = ir::terminator(block) {
        ir::erase(terminator);
    }
    let ops: Vec<OperationRef> = ir::ops(next).collect();
    for op in ops {
        rewrite::move_to_end(op, block);
    }
    rewrite::erase_block(next);
    true
}

/// `block` ends in a `cf.cond_br` whose sides meet again: an `scf.if`.
fn branch<'c: 'a, 'a>(block: BlockRef<'c, 'a>) -> bool {
    let Some(Branch::Cond(terminator, condition, [(then, then_operands), (otherwise, else_operands)])) = branch_of(block) else {
        return false;
    };
    // A side: a block of this one predecessor that jumps on to its join.
    let side = |b: BlockRef<'c, 'a>| -> Option<BlockRef<'c, 'a>> {
        if b == block || predecessors(b).len() != 1 {
            return None;
        }
        match branch_of(b)? {
            Branch::Jump(join, _) if join != b && join != block => Some(join),
            _ => None,
        }
    };
    let (then_side, else_side, join) = match (side(then), side(otherwise)) {
        (Some(a), Some(b)) if a == b && then != otherwise => (Some(then), Some(otherwise), a),
        (Some(a), _) if a == otherwise => (Some(then), None, otherwise),
        (_, Some(b)) if b == then => (None, Some(otherwise), then),
        _ => return false,
    };
    let sides: Vec<BlockRef> = [then_side, else_side].into_iter().flatten().collect();
    if escapes(&sides) {
        return false;
    }
    let types: Vec<Type> = arguments(join).iter().map(|a| a.r#type()).collect();
    let b = Builder::new(terminator.context(), terminator.location());
    let regions = vec![one_block_region(&[]), one_block_region(&[])];
    let if_op = b.insert(b.build(Upstream::ScfIf, &[condition], &types, &[], regions), Point::Before(terminator));
    for (index, (side, passed)) in [(then_side, then_operands), (else_side, else_operands)].into_iter().enumerate() {
        // (Past this point the rewrite has begun: what was checked above
        // holds, and a broken invariant is an internal error, never a
        // half-rewritten function.)
        let body = ir::region_entry(if_op, index).expect("the scf.if built with two blocks");
        let yielded = match side {
            Some(side) => {
                for (argument, operand) in arguments(side).into_iter().zip(passed) {
                    rewrite::replace_uses(argument, operand);
                }
                move_body(side, body);
                match branch_of(side) {
                    Some(Branch::Jump(_, operands)) => operands,
                    _ => unreachable!("a side ends in the cf.br checked above"),
                }
            }
            // This edge goes to the join itself, with these operands.
            None => passed,
        };
        b.op(Upstream::ScfYield, &yielded, &[], &[], Point::End(body));
    }
    // As the conversion reads it: an else that only yields is no else.
    rewrite::drop_empty_else(if_op);
    // The branch first: a block is erased only when nothing branches to it.
    ir::erase(terminator);
    for side in sides {
        rewrite::erase_block(side);
    }
    let results: Vec<Value> = if_op.results().map(Into::into).collect();
    b.branch(join, &results, Point::End(block));
    true
}

fn one_block_region<'c>(arguments: &[(Type<'c>, Location<'c>)]) -> Region<'c> {
    let region = Region::new();
    region.append_block(Block::new(arguments));
    region
}

/// `header` is a counted loop's header (see the module doc): an `scf.for`.
fn counted_loop<'c: 'a, 'a>(header: BlockRef<'c, 'a>) -> bool {
    let Some(Branch::Cond(terminator, condition, [(then, then_operands), (otherwise, else_operands)])) = branch_of(header) else {
        return false;
    };
    let entries = predecessors(header);
    if entries.len() != 2 {
        return false;
    }
    // The latch: the body, a block of this one predecessor jumping back.
    let is_latch = |b: BlockRef<'c, 'a>| b != header && predecessors(b) == vec![header] && matches!(branch_of(b), Some(Branch::Jump(h, _)) if h == header);
    let (body, body_operands, exit, exit_operands, body_on_true) = if is_latch(then) {
        (then, then_operands, otherwise, else_operands, true)
    } else if is_latch(otherwise) {
        (otherwise, else_operands, then, then_operands, false)
    } else {
        return false;
    };
    let Some(&preheader) = entries.iter().find(|p| **p != body) else { return false };
    let (Some(Branch::Jump(_, inits)), Some(Branch::Jump(_, yields))) = (branch_of(preheader), branch_of(body)) else { return false };
    if preheader == header || exit == header || exit == body {
        return false;
    }
    let in_loop = [header, body];
    let header_arguments = arguments(header);
    // The condition: `iv < ub` on the body's side.
    let Some(compare) = ir::defining_op(condition).filter(|c| Upstream::ArithCmpi.is(*c) && c.block() == Some(header)) else { return false };
    // Inside the loop the condition is known (CSE may share it with a
    // branch in the body: `scf.if %i < %n` of a loop to %n).
    let in_header_or_body = |user: OperationRef| [header, body].iter().any(|b| ir::ancestor_in(user, *b).is_some());
    if !ir::uses(condition).iter().all(|(user, _)| in_header_or_body(*user)) {
        return false;
    }
    let (Ok(lhs), Ok(rhs), Some(predicate)) = (compare.operand(0), compare.operand(1), ir::int_attr(compare, attr::PREDICATE)) else { return false };
    let index_of = |v: Value| header_arguments.iter().position(|a| *a == v);
    let (iv, upper) = match (index_of(lhs), index_of(rhs), predicate, body_on_true) {
        (Some(i), None, cmpi::SLT, true) | (Some(i), None, cmpi::SGE, false) => (i, rhs),
        (None, Some(i), cmpi::SGT, true) | (None, Some(i), cmpi::SLE, false) => (i, lhs),
        _ => return false,
    };
    if defined_in(upper, &in_loop) {
        return false;
    }
    // The latch passes `iv + step`.
    let Some(next) = yields.get(iv).and_then(|v| ir::defining_op(*v)).filter(|n| Upstream::ArithAddi.is(*n)) else { return false };
    let iv_value = header_arguments[iv];
    let step = match (next.operand(0), next.operand(1)) {
        (Ok(a), Ok(s)) if a == iv_value => s,
        (Ok(s), Ok(a)) if a == iv_value => s,
        _ => return false,
    };
    if defined_in(step, &in_loop) || ir::constant_int(step).is_some_and(|s| s <= 0) {
        return false;
    }
    let Some(&lower) = inits.get(iv) else { return false };
    let ty = iv_value.r#type();
    if lower.r#type() != ty || upper.r#type() != ty || step.r#type() != ty || inits.len() != header_arguments.len() || yields.len() != header_arguments.len() {
        return false;
    }
    if may_wrap(next, upper, step, ty) {
        return false;
    }
    // The header's other ops are pure arithmetic (they run once more on
    // the exit edge; moved into the body, they run once less) and used in
    // the loop only.
    let header_ops: Vec<OperationRef> = ir::ops(header).filter(|op| *op != terminator && *op != compare).collect();
    let pure = |op: &OperationRef| op.region_count() == 0 && Upstream::of(*op).is_some_and(symbolic::is_evaluated);
    if !header_ops.iter().all(pure) {
        return false;
    }
    // No value of the loop is used after it but the header's carried
    // arguments (the loop's results), the induction variable not at all.
    let in_loop_use = |user: OperationRef| in_loop.iter().any(|b| ir::ancestor_in(user, *b).is_some());
    let escaping = |v: Value| ir::uses(v).iter().any(|(user, _)| !in_loop_use(*user));
    let header_results = header_ops.iter().flat_map(|op| op.results().map(Value::from).collect::<Vec<_>>());
    let body_values = ir::ops(body).flat_map(|op| std::iter::once(op).chain(ir::nested_ops(op)).flat_map(|o| o.results().map(Value::from).collect::<Vec<_>>()).collect::<Vec<_>>());
    if escaping(iv_value) || header_results.chain(body_values).chain(arguments(body)).any(escaping) {
        return false;
    }
    // What the exit edge passes: a carried argument is the loop's result.
    let carried: Vec<usize> = (0..header_arguments.len()).filter(|k| *k != iv).collect();
    let exit_sources: Option<Vec<Result<usize, Value>>> = exit_operands
        .iter()
        .map(|v| match index_of(*v) {
            Some(k) if k == iv => None,
            Some(k) => Some(Ok(carried.iter().position(|c| *c == k)?)),
            None if defined_in(*v, &in_loop) => None,
            None => Some(Err(*v)),
        })
        .collect();
    let Some(exit_sources) = exit_sources else { return false };
    let Some(enter) = ir::terminator(preheader) else { return false };

    let location = terminator.location();
    let b = Builder::new(terminator.context(), location);
    let carried_types: Vec<Type> = carried.iter().map(|k| header_arguments[*k].r#type()).collect();
    let block_arguments: Vec<(Type, Location)> = std::iter::once(ty).chain(carried_types.iter().copied()).map(|t| (t, location)).collect();
    let mut operands = vec![lower, upper, step];
    operands.extend(carried.iter().map(|k| inits[*k]));
    let for_op = b.insert(b.build(Upstream::ScfFor, &operands, &carried_types, &[], vec![one_block_region(&block_arguments)]), Point::Before(enter));
    let for_body = ir::region_entry(for_op, 0).expect("the scf.for built with a body");
    let loop_arguments = arguments(for_body);
    let results: Vec<Value> = for_op.results().map(Into::into).collect();
    // The body's arguments are what the header passes it (its own
    // arguments among them, mapped below).
    for (argument, operand) in arguments(body).into_iter().zip(body_operands) {
        rewrite::replace_uses(argument, operand);
    }
    // Inside the loop the header's arguments are the body's; after it, a
    // carried argument is the loop's result (the induction variable is not
    // used there).
    for (k, argument) in header_arguments.iter().enumerate() {
        let position = carried.iter().position(|c| *c == k);
        let inner = position.map_or(loop_arguments[0], |p| loop_arguments[1 + p]);
        for (user, index) in ir::uses(*argument) {
            match position {
                _ if in_loop_use(user) => rewrite::set_operand(user, index, inner),
                Some(p) => rewrite::set_operand(user, index, results[p]),
                None => {}
            }
        }
    }
    let other_uses: Vec<(OperationRef, usize)> = ir::uses(condition).into_iter().filter(|(user, _)| *user != terminator).collect();
    if !other_uses.is_empty() {
        let known = b.int_constant(b.i1_type(), i64::from(body_on_true), Point::End(for_body));
        for (user, index) in other_uses {
            rewrite::set_operand(user, index, known);
        }
    }
    for op in header_ops {
        rewrite::move_to_end(op, for_body);
    }
    move_body(body, for_body);
    let Some(Branch::Jump(_, yields)) = branch_of(body) else { unreachable!("the latch ends in the cf.br checked above") };
    let carried_yields: Vec<Value> = carried.iter().map(|k| yields[*k]).collect();
    b.op(Upstream::ScfYield, &carried_yields, &[], &[], Point::End(for_body));
    // The increment is the loop's own now.
    if next.result_at(0).is_some_and(|r| ir::uses(r.into()).len() == 1) {
        ir::erase(ir::terminator(body).expect("the latch's branch"));
        ir::erase(next);
    }
    let exit_values: Vec<Value> = exit_sources.into_iter().map(|s| s.map_or_else(|v| v, |r| results[r])).collect();
    // The loop's blocks go (the branches to a block before it); the
    // preheader goes on to the exit.
    ir::erase(terminator);
    ir::erase(compare);
    ir::erase(enter);
    rewrite::erase_block(body);
    rewrite::erase_block(header);
    b.branch(exit, &exit_values, Point::End(preheader));
    true
}

/// Whether the latch's `iv + step` (`next`) may wrap before the header's
/// `iv < ub` stops the loop: then the CFG loop may run on past the trip
/// count an `scf.for` of the same bounds is read with (the models count
/// `ceil((ub - lb) / step)`), and it is not raised. It cannot when the add
/// is `overflow<nsw>`, when the step is 1 (`iv < ub <= max`), or when `ub`
/// and `step` are constants with `ub - 1 + step` within the type. (With
/// run-time bounds and another step, the loop is raised and read as
/// `scf.for` is: the models' documented assumption that an induction
/// variable does not pass its type's maximum.)
fn may_wrap(next: OperationRef, upper: Value, step: Value, ty: Type) -> bool {
    if next.attribute(attr::OVERFLOW_FLAGS).ok().is_some_and(|flags| flags.to_string().contains("nsw")) {
        return false;
    }
    let Some(bits) = symbolic::integer_bits(ty) else { return true };
    let (_, max) = symbolic::signed_range(bits);
    match (ir::constant_int(upper), ir::constant_int(step)) {
        (_, Some(1)) => false,
        (Some(ub), Some(s)) => i128::from(ub) - 1 + i128::from(s) > max,
        _ => false,
    }
}
