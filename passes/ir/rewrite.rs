//! Structural rewrites that melior does not provide: rebuilding an op with
//! fewer results (and, for loops, fewer loop-carried values), and recreating
//! an op under another name while keeping its regions.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir;
use crate::passes::ir::upstream::Upstream;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::attribute::AttributeLike;
use melior::ir::{Attribute, Identifier, Region, RegionLike, Type, Value, ValueLike};

/// Rebuilds `op` as a new op named `name` with `operands`, `results`,
/// `attributes` and `regions` regions, taking over the bodies of the first
/// `regions` regions of `op`. Uses of the kept results (`result_map[new] = old index`) move to
/// the new op; the old op is erased, so its other results must be unused.
pub fn rebuild<'c, 'a>(
    op: OperationRef<'c, 'a>,
    name: &str,
    operands: &[Value<'c, 'a>],
    results: &[(Type<'c>, usize)],
    attributes: &[(&str, Attribute<'c>)],
    regions: usize,
) -> OperationRef<'c, 'a> {
    let context = op.context();
    let context = unsafe { context.to_ref() };
    let named: Vec<(Identifier, Attribute)> =
        attributes.iter().map(|(n, a)| (Identifier::new(context, n), *a)).collect();
    let builder = OperationBuilder::new(name, op.location())
        .add_operands(operands)
        .add_results(&results.iter().map(|(t, _)| *t).collect::<Vec<_>>())
        .add_attributes(&named);
    let new = builder
        .add_regions_vec((0..regions).map(|_| Region::new()).collect())
        .build().expect("a well-formed rebuilt op");
    let block = op.block().expect("op in a block");
    let new = block.insert_operation_before(op, new);
    for index in 0..regions.min(op.region_count()) {
        unsafe {
            mlir_sys::mlirRegionTakeBody(new.region(index).unwrap().to_raw(), op.region(index).unwrap().to_raw());
        }
    }
    for (new_index, (_, old_index)) in results.iter().enumerate() {
        if *old_index >= op.result_count() {
            continue; // a new result: no uses to take over
        }
        let old: Value = op.result(*old_index).unwrap().into();
        let replacement: Value = new.result(new_index).unwrap().into();
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), replacement.to_raw()) };
    }
    ir::erase(op);
    new
}

/// [`rebuild`], keeping every attribute of `op`.
pub fn rebuild_keeping_attributes<'c, 'a>(
    op: OperationRef<'c, 'a>,
    name: &str,
    operands: &[Value<'c, 'a>],
    results: &[(Type<'c>, usize)],
    regions: usize,
) -> OperationRef<'c, 'a> {
    let attributes = attributes(op);
    let named: Vec<(&str, Attribute)> = attributes.iter().map(|(n, a)| (n.as_str(), *a)).collect();
    rebuild(op, name, operands, results, &named, regions)
}

/// The results of `op` other than those at `drop`, as `rebuild` wants them.
fn kept_results<'c>(op: OperationRef<'c, '_>, drop: &[usize]) -> Vec<(Type<'c>, usize)> {
    op.results().enumerate().filter(|(i, _)| !drop.contains(i)).map(|(i, r)| (r.r#type(), i)).collect()
}

/// The discardable and inherent attributes of `op`, to carry over.
pub fn attributes<'c>(op: OperationRef<'c, '_>) -> Vec<(String, Attribute<'c>)> {
    op.attributes().map(|(name, value)| (name.as_string_ref().as_str().unwrap_or_default().to_string(), value)).collect()
}

/// Removes operands `drop` (ascending indices) of `op` in place.
pub fn drop_operands(op: OperationRef, drop: &[usize]) {
    let kept: Vec<_> = op.operands().enumerate().filter(|(i, _)| !drop.contains(i)).map(|(_, v)| v.to_raw()).collect();
    unsafe { mlir_sys::mlirOperationSetOperands(op.to_raw(), kept.len() as isize, kept.as_ptr()) };
}

/// Rebuilds an `scf.for` without the loop-carried values at `drop` (indices
/// into its iter_args, ascending). The body's yield must already have lost
/// those operands, and their results and block arguments must be unused.
pub fn drop_loop_carried<'c, 'a>(op: OperationRef<'c, 'a>, drop: &[usize]) -> OperationRef<'c, 'a> {
    let body = op.region(0).unwrap().first_block().unwrap();
    for index in drop.iter().rev() {
        unsafe { mlir_sys::mlirBlockEraseArgument(body.to_raw(), (*index + 1) as u32) };
    }
    let operands: Vec<Value> = op
        .operands()
        .enumerate()
        .filter(|(i, _)| *i < 3 || !drop.contains(&(i - 3)))
        .map(|(_, v)| v)
        .collect();
    rebuild_keeping_attributes(op, Upstream::ScfFor.name(), &operands, &kept_results(op, drop), 1)
}

/// Rebuilds an `scf.if` without the results at `drop` (ascending). Its yields
/// must already have lost those operands, and the results must be unused.
pub fn drop_if_results<'c, 'a>(op: OperationRef<'c, 'a>, drop: &[usize]) -> OperationRef<'c, 'a> {
    let operands: Vec<Value> = op.operands().collect();
    rebuild_keeping_attributes(op, Upstream::ScfIf.name(), &operands, &kept_results(op, drop), 2)
}

/// Removes the else block of an `scf.if` without results when it only
/// yields: it says nothing.
pub fn drop_empty_else(op: OperationRef) {
    if op.result_count() != 0 {
        return;
    }
    if let Some(block) = op.region_at(1).and_then(|r| r.first_block()) {
        let only_yield = block.first_operation().is_some_and(|o| o.next_in_block().is_none() && o.operand_count() == 0);
        if only_yield {
            erase_block(block);
        }
    }
}

/// Appends `values` to the operands of `op` in place.
pub fn append_operands<'c, 'a>(op: OperationRef<'c, 'a>, values: &[Value<'c, 'a>]) {
    let all: Vec<_> = op.operands().chain(values.iter().copied()).map(|v| v.to_raw()).collect();
    unsafe { mlir_sys::mlirOperationSetOperands(op.to_raw(), all.len() as isize, all.as_ptr()) };
}

/// Rebuilds an `scf.for` with `inits` appended to its loop-carried values: the
/// body gets one new block argument per init (returned, in order) and the op
/// one new result per init. The caller appends the yielded values.
pub fn add_loop_carried<'c, 'a>(
    op: OperationRef<'c, 'a>,
    inits: &[Value<'c, 'a>],
) -> (OperationRef<'c, 'a>, Vec<Value<'c, 'a>>) {
    let operands: Vec<Value> = op.operands().chain(inits.iter().copied()).collect();
    let mut results = kept_results(op, &[]);
    let body = op.region(0).unwrap().first_block().unwrap();
    let arguments: Vec<Value> = inits.iter().map(|v| body.add_argument(v.r#type(), v.location())).collect();
    // New results have no uses to take over: index them past the old ones.
    results.extend(inits.iter().enumerate().map(|(k, v)| (v.r#type(), usize::MAX - k)));
    let new = rebuild_keeping_attributes(op, Upstream::ScfFor.name(), &operands, &results, 1);
    (new, arguments)
}

/// Rebuilds an `scf.if` with new results: `then_values` and `else_values`
/// are appended to its yields (an else block is created if it has none).
pub fn add_if_results<'c, 'a>(
    op: OperationRef<'c, 'a>,
    then_values: &[Value<'c, 'a>],
    else_values: &[Value<'c, 'a>],
) -> OperationRef<'c, 'a> {
    let then_block = op.region(0).unwrap().first_block().unwrap();
    append_operands(ir::terminator(then_block).unwrap(), then_values);
    let else_region = op.region(1).unwrap();
    match else_region.first_block() {
        Some(block) => append_operands(ir::terminator(block).unwrap(), else_values),
        None => {
            let block = else_region.append_block(melior::ir::Block::new(&[]));
            block.append_operation(
                OperationBuilder::new(Upstream::ScfYield.name(), op.location()).add_operands(else_values).build().unwrap(),
            );
        }
    }
    let operands: Vec<Value> = op.operands().collect();
    let mut results = kept_results(op, &[]);
    results.extend(then_values.iter().enumerate().map(|(k, v)| (v.r#type(), usize::MAX - k)));
    rebuild_keeping_attributes(op, Upstream::ScfIf.name(), &operands, &results, 2)
}

/// Runs `f` on a copy of `op` and everything nested in it that belongs to
/// no block (a trial run of a rewrite that may fail after it started
/// changing what it rewrites; an analysis of a rewritten form that must
/// leave `op` as it is); the copy is destroyed after. What `f` returns may
/// live as long as the context (locations, diagnostics' texts), not the
/// copy.
pub fn on_detached_copy<'c, R>(op: OperationRef<'c, '_>, f: impl for<'b> FnOnce(OperationRef<'c, 'b>) -> R) -> R {
    let copy = clone(op);
    // The copy is owned here and outlives the reference handed to `f`.
    let copy_ref = unsafe { OperationRef::from_raw(copy.to_raw()) };
    let result = f(copy_ref);
    drop(copy);
    result
}

/// Runs `f` on a copy of `op` placed right after it in its block (so that
/// the copy sees the same symbols: the globals a function's
/// `llvm.mlir.addressof` names), then erases the copy. Like
/// [`on_detached_copy`], for analyses of a rewritten form that must leave
/// `op` as it is; the caller runs nothing between the two that reads the
/// symbol table as a whole (the copy has `op`'s name while it lives).
pub fn on_sibling_copy<'c, R>(op: OperationRef<'c, '_>, f: impl for<'b> FnOnce(OperationRef<'c, 'b>) -> R) -> R {
    let Some(block) = op.block() else {
        return on_detached_copy(op, f);
    };
    let copy = block.insert_operation_after(op, clone(op));
    let result = f(copy);
    ir::erase(copy);
    result
}

/// Moves `op` (with its regions) to the end of `block`.
pub fn move_to_end(op: OperationRef, block: melior::ir::BlockRef) {
    unsafe {
        mlir_sys::mlirOperationRemoveFromParent(op.to_raw());
        mlir_sys::mlirBlockAppendOwnedOperation(block.to_raw(), op.to_raw());
    }
}

/// Erases `block` and its ops: nothing may branch to it, and nothing
/// outside it may use its arguments or its ops' results.
pub fn erase_block(block: melior::ir::BlockRef) {
    let ops: Vec<OperationRef> = ir::ops(block).collect();
    for op in ops.into_iter().rev() {
        ir::erase(op);
    }
    unsafe {
        mlir_sys::mlirBlockDetach(block.to_raw());
        mlir_sys::mlirBlockDestroy(block.to_raw());
    }
}

pub fn clone<'c>(op: OperationRef<'c, '_>) -> melior::ir::operation::Operation<'c> {
    unsafe { melior::ir::operation::Operation::from_raw(mlir_sys::mlirOperationClone(op.to_raw())) }
}

/// Sets operand `index` of `op` to `value`.
pub fn set_operand<'c>(op: OperationRef<'c, '_>, index: usize, value: Value<'c, '_>) {
    unsafe { mlir_sys::mlirOperationSetOperand(op.to_raw(), index as isize, value.to_raw()) }
}

/// Sets (or replaces) the attribute `name` of `op`.
pub fn set_attribute<'c>(op: OperationRef<'c, '_>, name: &str, value: Attribute<'c>) {
    unsafe {
        mlir_sys::mlirOperationSetAttributeByName(op.to_raw(), melior::StringRef::new(name).to_raw(), value.to_raw())
    }
}

/// Removes the attribute `name` of `op`, if it has one.
pub fn remove_attribute(op: OperationRef, name: &str) {
    unsafe {
        mlir_sys::mlirOperationRemoveAttributeByName(op.to_raw(), melior::StringRef::new(name).to_raw());
    }
}

/// Replaces every use of `old` with `new`.
pub fn replace_uses<'c>(old: Value<'c, '_>, new: Value<'c, '_>) {
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), new.to_raw()) }
}

/// Moves `op` (with its regions) to just before `before`.
pub fn move_before(op: OperationRef, before: OperationRef) {
    unsafe { mlir_sys::mlirOperationMoveBefore(op.to_raw(), before.to_raw()) }
}

/// Runs `f` with `op` taken out of its block (not destroyed), then puts
/// it back where it was: for asking an analysis about the IR without an
/// op whose handle the caller keeps. `op` must not be its block's last op
/// (a terminator is), and `f` must leave the op after it in place.
pub fn without<R>(op: OperationRef, f: impl FnOnce() -> R) -> R {
    let next = op.next_in_block().expect("an op that is not its block's last");
    let block = op.block().expect("an op in a block");
    unsafe { mlir_sys::mlirOperationRemoveFromParent(op.to_raw()) };
    let result = f();
    unsafe { mlir_sys::mlirBlockInsertOwnedOperationBefore(block.to_raw(), next.to_raw(), op.to_raw()) };
    result
}

/// Inserts a block argument of type `ty` at `position` of `block`.
pub fn insert_argument<'c, 'a>(
    block: melior::ir::BlockRef<'c, 'a>,
    position: usize,
    ty: Type<'c>,
    location: melior::ir::Location<'c>,
) -> Value<'c, 'a> {
    use melior::ir::TypeLike;
    unsafe {
        Value::from_raw(mlir_sys::mlirBlockInsertArgument(
            block.to_raw(),
            position as isize,
            ty.to_raw(),
            location.to_raw(),
        ))
    }
}

/// Moves every block of `from` into `into`, whose own blocks are dropped.
pub fn take_body(into: melior::ir::RegionRef, from: melior::ir::RegionRef) {
    unsafe { mlir_sys::mlirRegionTakeBody(into.to_raw(), from.to_raw()) }
}

/// Erases argument `index` of `block` (it must have no uses left).
pub fn erase_argument(block: melior::ir::BlockRef, index: usize) {
    unsafe { mlir_sys::mlirBlockEraseArgument(block.to_raw(), index as u32) }
}

/// Splits `op`'s block after `op`: the ops that follow it move, in order, to
/// a new block placed right after it in the region, which is returned.
pub fn split_after<'c, 'a>(op: OperationRef<'c, 'a>) -> melior::ir::BlockRef<'c, 'a> {
    move_to_new_block(op, op.next_in_block())
}

/// Moves `op` and the ops after it into a new block right after `op`'s
/// block, and returns it (the old block is left without a terminator).
pub fn split_before<'c, 'a>(op: OperationRef<'c, 'a>) -> melior::ir::BlockRef<'c, 'a> {
    move_to_new_block(op, Some(op))
}

/// Moves `first` and the ops after it out of `op`'s block into a new block
/// after it.
fn move_to_new_block<'c, 'a>(op: OperationRef<'c, 'a>, first: Option<OperationRef<'c, 'a>>) -> melior::ir::BlockRef<'c, 'a> {
    use melior::ir::RegionLike;
    let block = op.block().expect("an op in a block");
    let region = block.parent_region().expect("a block in a region");
    let tail = region.insert_block_after(block, melior::ir::Block::new(&[]));
    let mut next = first;
    while let Some(moving) = next {
        next = moving.next_in_block();
        move_to_end(moving, tail);
    }
    tail
}

/// Gives `value` the type `ty` in place (the caller keeps the IR valid).
pub fn set_type<'c>(value: Value<'c, '_>, ty: Type<'c>) {
    unsafe { mlir_sys::mlirValueSetType(value.to_raw(), melior::ir::TypeLike::to_raw(&ty)) }
}

/// Replaces the op's first result (a token), where it is still used, by
/// `ub.poison` of its type, and erases the op: for lowerings that run an
/// async op at once, where nothing reads its token any more.
pub fn poison_and_erase(op: OperationRef) {
    let result = op.result(0).expect("an op with a result");
    if !ir::users(result.into()).is_empty() {
        let b = super::builder::Builder::new(op.context(), op.location());
        let value = b.poison(result.r#type(), super::builder::Point::Before(op));
        replace_uses(result.into(), value);
    }
    ir::erase(op);
}

/// Clones `op` (with its regions) to `point`, with every operand of the
/// clone and of the ops nested in it that `map` names replaced by its
/// value there; adds the clone's results to `map` as the values of `op`'s.
pub fn clone_mapped<'c, 'a>(
    op: OperationRef<'c, '_>,
    map: &mut Vec<(ir::ValueKey, Value<'c, 'a>)>,
    point: crate::passes::ir::builder::Point<'c, 'a>,
) -> OperationRef<'c, 'a> {
    use crate::passes::ir::builder::Point;
    let clone = match point {
        Point::Before(before) => point.block().insert_operation_before(before, self::clone(op)),
        Point::End(block) => block.append_operation(self::clone(op)),
    };
    for user in std::iter::once(clone).chain(ir::nested_ops(clone)) {
        for i in 0..user.operand_count() {
            let Ok(value) = user.operand(i) else { continue };
            if let Some((_, new)) = map.iter().find(|(key, _)| *key == ir::ValueKey::of(value)) {
                set_operand(user, i, *new);
            }
        }
    }
    for (old, new) in op.results().zip(clone.results()) {
        map.push((ir::ValueKey::of(Value::from(old)), Value::from(new)));
    }
    clone
}

/// The ops of `body` (a single block ending in a terminator that yields one
/// value, as `asyncpipe.accumulator_map`'s and `_reduce`'s) cloned at
/// `point`, its arguments bound to `arguments`; the value the terminator
/// yields there. `replace` may take an op over: given the op and its
/// operands as mapped, it returns the value that stands for its result (the
/// op is then not cloned).
pub fn inline_yielding<'c, 'a>(
    body: melior::ir::RegionRef<'c, 'a>,
    arguments: &[Value<'c, 'a>],
    point: crate::passes::ir::builder::Point<'c, 'a>,
    replace: impl Fn(OperationRef<'c, 'a>, &[Value<'c, 'a>]) -> Option<Value<'c, 'a>>,
) -> Value<'c, 'a> {
    let block = body.first_block().expect("a verified region has its block");
    let mut map: Vec<(ir::ValueKey, Value<'c, 'a>)> = arguments
        .iter()
        .enumerate()
        .map(|(k, v)| (ir::ValueKey::of(Value::from(block.argument(k).expect("the verifier counted them"))), *v))
        .collect();
    let mapped = |map: &Vec<(ir::ValueKey, Value<'c, 'a>)>, v: Value<'c, 'a>| {
        map.iter().find(|(key, _)| *key == ir::ValueKey::of(v)).map_or(v, |(_, m)| *m)
    };
    let mut yielded = None;
    for op in ir::ops(block) {
        if op.next_in_block().is_none() {
            yielded = op.operand_at(0);
            continue;
        }
        let operands: Vec<Value<'c, 'a>> = op.operands().map(|v| mapped(&map, v)).collect();
        match (replace(op, &operands), op.result(0)) {
            (Some(value), Ok(result)) => map.push((ir::ValueKey::of(Value::from(result)), value)),
            _ => {
                clone_mapped(op, &mut map, point);
            }
        }
    }
    mapped(&map, yielded.expect("the verifier checked one yielded value"))
}

/// Moves the ops of `op`'s single-block region, but its terminator, before
/// `op` (an `asyncpipe.commit_queue` or `async_scope` run in place); `op`
/// stays, empty, for the caller to erase.
pub fn inline_region_before(op: OperationRef) {
    let Some(block) = super::region_entry(op, 0) else { return };
    let body: Vec<OperationRef> = super::ops(block).collect();
    for nested in body {
        if nested.next_in_block().is_some() {
            move_before(nested, op);
        }
    }
}

/// Appends an input of type `ty` to the function-like `function` (after its
/// inputs, before any other entry-block arguments such as gpu.func's
/// workgroup attributions), updating its `function_type`; the new argument.
pub fn append_input<'c, 'a>(function: OperationRef<'c, 'a>, ty: Type<'c>, location: melior::ir::Location<'c>) -> Value<'c, 'a> {
    use melior::ir::r#type::FunctionType;
    let entry = super::region_entry(function, 0).expect("a function with a body");
    let old = function.attribute(super::upstream::attr::GPU_FUNCTION_TYPE).expect("a function_type");
    let old = FunctionType::try_from(melior::ir::attribute::TypeAttribute::try_from(old).expect("a type attribute").value())
        .expect("a function type");
    let mut inputs: Vec<Type> = (0..old.input_count()).map(|i| old.input(i).expect("an input")).collect();
    let results: Vec<Type> = (0..old.result_count()).map(|i| old.result(i).expect("a result")).collect();
    let position = inputs.len();
    inputs.push(ty);
    let context = super::context(function);
    let new = FunctionType::new(context, &inputs, &results);
    set_attribute(function, super::upstream::attr::GPU_FUNCTION_TYPE, melior::ir::attribute::TypeAttribute::new(new.into()).into());
    // Per-argument attributes, where the function has them: none for the new one.
    if let Ok(arg_attrs) = function.attribute(super::upstream::attr::ARG_ATTRS) {
        let mut elements = super::array_elements(arg_attrs);
        elements.push(Attribute::parse(context, "{}").expect("an empty dictionary"));
        set_attribute(function, super::upstream::attr::ARG_ATTRS, melior::ir::attribute::ArrayAttribute::new(context, &elements).into());
    }
    insert_argument(entry, position, ty, location)
}
