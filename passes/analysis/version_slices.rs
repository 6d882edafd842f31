//! Which version of a multi-buffered buffer an access touches: the rows of
//! the leading dimension that the first `memref.subview` of the buffer
//! selects, as `((a * x + b) mod m)` in one integer `x` (a loop's induction
//! variable, or any other value taken as unknown), with the number of rows.
//! Two accesses whose rows are apart for every `x` touch different versions,
//! whatever the views after that select. `asyncpipe-synchronize` asks it so
//! that a copy into the next version does not wait for the read of the
//! current one (a multi-buffered pipeline keeps its overlap), in the same
//! iteration or, shifted by the loop's step, in the next.
//!
//! Every step is checked: a form that could overflow, a remainder of a
//! value that may be negative, two different unknowns, or anything else
//! this does not model answers "may overlap".

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::effects;
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::{self, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, Value};

/// `(a * x + b) mod m` (no mod: `m` None), `x` None for a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows<'c, 'a> {
    x: Option<Value<'c, 'a>>,
    a: i64,
    b: i64,
    m: Option<i64>,
    /// How many rows from there.
    count: i64,
}

impl<'c, 'a> Rows<'c, 'a> {
    /// The form in words, with `x` named by `name` (for a test printer's
    /// remark): `rows (2*x + 1) mod 3, 1 row`.
    pub fn describe(&self, name: impl Fn(Value<'c, 'a>) -> String) -> String {
        let mut text = match self.x {
            Some(x) if self.a != 0 => format!("{}*({}) + {}", self.a, name(x), self.b),
            _ => self.b.to_string(),
        };
        if let Some(m) = self.m {
            text = format!("({text}) mod {m}");
        }
        format!("rows {text}, {} row{}", self.count, if self.count == 1 { "" } else { "s" })
    }
}

/// The rows of its buffer's leading dimension that `value` (a view of the
/// buffer, or the buffer) is confined to; None when that is not known (the
/// whole buffer, or a form this does not model).
pub fn rows<'c: 'a, 'a>(value: Value<'c, 'a>) -> Option<Rows<'c, 'a>> {
    // The view whose source is the root.
    let mut first = None;
    let mut v = value;
    while let Some(op) = ir::defining_op(v) {
        if !effects::is_view(op) || op.operand_count() == 0 {
            break;
        }
        first = Some(op);
        v = op.operand_at(0)?;
    }
    let subview = first.filter(|op| Upstream::of(*op) == Some(Upstream::MemrefSubview))?;
    let offsets = ir::dense_i64_attr(subview, attr::STATIC_OFFSETS)?;
    let sizes = ir::dense_i64_attr(subview, attr::STATIC_SIZES)?;
    let count = *sizes.first().filter(|s| **s > 0)?;
    let offset = *offsets.first()?;
    let (x, a, b, m) = if offset == i64::MIN {
        // Dynamic: the first operand after the source.
        form(subview.operand_at(1)?, 0)?
    } else {
        (None, 0, offset, None)
    };
    Some(Rows { x, a, b, m, count })
}

/// `value` as `(x, a, b, m)`: `(a * x + b) mod m`.
type Form<'c, 'a> = (Option<Value<'c, 'a>>, i64, i64, Option<i64>);

fn form<'c: 'a, 'a>(value: Value<'c, 'a>, depth: usize) -> Option<Form<'c, 'a>> {
    if let Some(c) = ir::constant_int(value) {
        return Some((None, 0, c, None));
    }
    let unknown = Some((Some(value), 1, 0, None));
    let Some(op) = ir::defining_op(value).filter(|_| depth < 16) else { return unknown };
    let operand = |i: usize| op.operand_at(i);
    let constant = |i: usize| operand(i).and_then(ir::constant_int);
    let linear = |i: usize| form(operand(i)?, depth + 1).filter(|f| f.3.is_none());
    match Upstream::of(op) {
        Some(Upstream::ArithAddi) => {
            let (l, r) = (linear(0)?, linear(1)?);
            let x = match (l.0, r.0) {
                (Some(p), Some(q)) if p != q => return unknown,
                (p, q) => p.or(q),
            };
            Some((x, l.1.checked_add(r.1)?, l.2.checked_add(r.2)?, None))
        }
        Some(Upstream::ArithSubi) => {
            let (l, c) = (linear(0)?, constant(1)?);
            Some((l.0, l.1, l.2.checked_sub(c)?, None))
        }
        Some(Upstream::ArithMuli) => {
            let (l, c) = match (constant(1), constant(0)) {
                (Some(c), _) => (linear(0)?, c),
                (None, Some(c)) => (linear(1)?, c),
                _ => return unknown,
            };
            Some((l.0, l.1.checked_mul(c)?, l.2.checked_mul(c)?, None))
        }
        Some(Upstream::ArithDivui) if constant(1) == Some(1) => form(operand(0)?, depth + 1),
        Some(Upstream::ArithIndexCast | Upstream::ArithIndexCastui) => form(operand(0)?, depth + 1),
        Some(Upstream::ArithRemui) => {
            let (l, m) = (linear(0)?, constant(1).filter(|m| *m > 0 && *m <= 64)?);
            // An unsigned remainder is the form's only when the form is not
            // negative: a >= 0 and x a loop counter from a lower bound lb
            // (counting up) with a * lb + b >= 0, or a constant b >= 0.
            let least = match l.0 {
                None => Some(l.2),
                Some(x) => counter_start(x).and_then(|lb| l.1.checked_mul(lb)?.checked_add(l.2)),
            };
            (l.1 >= 0 && least.is_some_and(|v| v >= 0)).then_some((l.0, l.1, l.2, Some(m))).or(unknown)
        }
        _ => unknown,
    }
}

/// The constant lower bound of the `scf.for` whose induction variable `x`
/// is, when it counts up (a constant step > 0): the least value `x` takes.
fn counter_start(x: Value) -> Option<i64> {
    let block = ir::argument_owner(x)?;
    let op = block.parent_operation().filter(|p| Upstream::of(*p) == Some(Upstream::ScfFor))?;
    let is_iv = block.argument_at(0).is_some_and(|iv| ValueKey::of(iv) == ValueKey::of(x));
    let step = op.operand_at(2).and_then(ir::constant_int);
    if !is_iv || !step.is_some_and(|s| s > 0) {
        return None;
    }
    op.operand_at(0).and_then(ir::constant_int)
}

/// Whether `first`'s rows and `second`'s, `shift.1` iterations of the loop
/// `shift.0` later (None: the same iteration), are apart for every value of
/// their unknown. Shifted, the unknown must be the loop's counter (which
/// grows by its step) or a value from outside the loop.
pub fn apart(first: &Rows, second: &Rows, shift: Option<(OperationRef, i64)>) -> bool {
    let x = match (first.x, second.x) {
        (Some(p), Some(q)) if p != q => return false,
        (p, q) => p.or(q),
    };
    let (mut b2, a1, a2) = (second.b, if first.x.is_some() { first.a } else { 0 }, if second.x.is_some() { second.a } else { 0 });
    if let Some((loop_op, iterations)) = shift {
        if let Some(x) = x {
            if counter(loop_op) == Some(ValueKey::of(x)) {
                let Some(step) = loop_op.operand_at(2).and_then(ir::constant_int) else { return false };
                let moved = a2.checked_mul(step).and_then(|d| d.checked_mul(iterations)).and_then(|d| b2.checked_add(d));
                let Some(moved) = moved else { return false };
                b2 = moved;
            } else if ir::is_defined_inside(x, loop_op) {
                return false;
            }
        }
    }
    let interval_apart = |s1: i64, s2: i64| {
        s1.checked_add(first.count).is_some_and(|e| e <= s2) || s2.checked_add(second.count).is_some_and(|e| e <= s1)
    };
    let start = |a: i64, b: i64, m: Option<i64>, r: i64| {
        let v = a.checked_mul(r)?.checked_add(b)?;
        Some(m.map_or(v, |m| v.rem_euclid(m)))
    };
    // With a remainder by m, the unknown matters only modulo m.
    let every_residue = |m: i64| {
        (0..m).all(|r| match (start(a1, first.b, first.m, r), start(a2, b2, second.m, r)) {
            (Some(s1), Some(s2)) => interval_apart(s1, s2),
            _ => false,
        })
    };
    match (first.m, second.m) {
        (None, None) => a1 == a2 && interval_apart(first.b, b2),
        (Some(m), Some(n)) if m == n => every_residue(m),
        (Some(m), None) if a2 == 0 => every_residue(m),
        (None, Some(m)) if a1 == 0 => every_residue(m),
        _ => false,
    }
}

/// Whether `first`'s rows and `second`'s in the iteration of `loop_op`
/// where its counter is `value` are apart for every value of their other
/// unknown (`second`'s counter, if it is `loop_op`'s, taken as `value`).
pub fn apart_at(first: &Rows, second: &Rows, loop_op: OperationRef, value: i64) -> bool {
    let Some(counter) = counter(loop_op) else { return false };
    match (at_value(first, counter, value), at_value(second, counter, value)) {
        (Some(first), Some(second)) => apart(&first, &second, None),
        _ => false,
    }
}

/// `rows` with the loop counter `counter` taken as `value` (a constant row
/// when the form is in the counter); None when that overflows.
fn at_value<'c, 'a>(rows: &Rows<'c, 'a>, counter: ValueKey, value: i64) -> Option<Rows<'c, 'a>> {
    if rows.x.map(ValueKey::of) != Some(counter) {
        return Some(*rows);
    }
    let v = rows.a.checked_mul(value)?.checked_add(rows.b)?;
    Some(Rows { x: None, a: 0, b: rows.m.map_or(v, |m| v.rem_euclid(m)), m: None, count: rows.count })
}

/// The induction variable of `scf.for` `loop_op`.
fn counter(loop_op: OperationRef) -> Option<ValueKey> {
    let body = loop_op.region_at(0)?.first_block()?;
    body.argument_at(0).map(ValueKey::of)
}
