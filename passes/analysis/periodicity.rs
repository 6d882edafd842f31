//! How the values an analysis evaluates inside a loop body change from one
//! iteration to the next: the period of the sequence of their values, when
//! there is one.
//!
//! An analysis that simulates a loop iteration by iteration may stop at an
//! iteration whose state equals the state at the top of an earlier one and
//! take the rest as a cycle, but only if the iterations in between see the
//! same values: an iteration that reads `A[i]` does something different from
//! the one before even in the same state. Values derived from the induction
//! variable `i` through `remsi`/`remui` (`A[(i + 3) % 4]`, multi-buffer
//! slots) repeat with a period; `A[i]` itself never repeats. This module
//! finds the least common period of the values an analysis evaluates, or
//! says there is none.
//!
//! The model follows [`Bindings::eval`]: values that it cannot evaluate (a
//! load, a block argument of an inner loop) evaluate to nothing in every
//! iteration, so they are invariant here.

use super::const_eval::Bindings;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Value;
use std::collections::HashMap;

/// The value of an SSA value at iteration `k` of the loop, as a function of `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// The same in every iteration (constant or not).
    Invariant,
    /// `a * k + b`, with `b` known when it is constant.
    Affine { a: i128, b: Option<i128> },
    /// Repeats every `p` iterations (not necessarily least).
    Periodic(u64),
    /// Changes with `k` without a known period.
    Varying,
}

/// The least common period of the values `uses` at the iterations of the
/// `scf.for` `for_op` whose induction variable starts at `lower` and steps
/// by `step`: 1 when none depends on the iteration, None when some value
/// does without a period. Outer values evaluate through `bindings`.
///
/// `trips` bounds the iteration count (for a run-time bound:
/// [`RUN_TIME_TRIPS`], or fewer when the induction variable would leave the
/// `index` range sooner). An affine
/// value that could pass the `i64` range within it is not affine for
/// [`Bindings::eval`], which wraps, so it counts as varying.
pub fn period<'c, 'a>(
    for_op: OperationRef<'c, 'a>,
    lower: i64,
    step: i64,
    trips: Option<u64>,
    bindings: &Bindings,
    uses: &[Value<'c, 'a>],
) -> Option<u64> {
    let body = ir::region_entry(for_op, 0)?;
    let induction = ValueKey::of(body.argument(0).ok()?);
    let last = match trips {
        Some(trips) => i128::from(trips).saturating_sub(1).max(0),
        None => ((i128::from(i64::MAX) - i128::from(lower)) / i128::from(step.max(1))).min(RUN_TIME_TRIPS),
    };
    let mut forms = Forms { for_op, induction, lower, step, last, bindings, memo: HashMap::new() };
    let mut period: u64 = 1;
    for value in uses {
        match forms.form(*value, 16) {
            Form::Invariant => {}
            Form::Periodic(p) => period = lcm(period, p)?,
            Form::Affine { .. } | Form::Varying => return None,
        }
    }
    Some(period)
}

/// The iterations a loop with a run-time trip count is assumed to stay
/// below: 2^48, three days at one iteration per nanosecond. Without a bound
/// `i + 3` could wrap in the last iterations of a loop of 2^63, and no
/// induction value derived with an offset would have a period.
pub const RUN_TIME_TRIPS: i128 = 1 << 48;

struct Forms<'b, 'c, 'a> {
    for_op: OperationRef<'c, 'a>,
    induction: ValueKey,
    lower: i64,
    step: i64,
    /// The largest iteration number `k`.
    last: i128,
    bindings: &'b Bindings,
    memo: HashMap<ValueKey, Form>,
}

impl<'c, 'a> Forms<'_, 'c, 'a> {
    fn form(&mut self, value: Value<'c, 'a>, depth: usize) -> Form {
        let key = ValueKey::of(value);
        if key == self.induction {
            return Form::Affine { a: i128::from(self.step), b: Some(i128::from(self.lower)) };
        }
        if let Some(form) = self.memo.get(&key) {
            return *form;
        }
        let form = match self.compute(value, depth) {
            Form::Affine { a: 0, .. } | Form::Periodic(1) => Form::Invariant,
            Form::Affine { a, b } if !self.fits(a, b) => Form::Varying,
            form => form,
        };
        self.memo.insert(key, form);
        form
    }

    /// Whether `a * k + b` stays in the `i64` range for every iteration
    /// (an unknown `b` is taken as anything: it does not).
    fn fits(&self, a: i128, b: Option<i128>) -> bool {
        let Some(b) = b else { return false };
        let range = i128::from(i64::MIN)..=i128::from(i64::MAX);
        let at_last = a.checked_mul(self.last).and_then(|ak| ak.checked_add(b));
        range.contains(&b) && range.contains(&a) && at_last.is_some_and(|v| range.contains(&v))
    }

    fn compute(&mut self, value: Value<'c, 'a>, depth: usize) -> Form {
        if !ir::is_defined_inside(value, self.for_op) {
            return Form::Invariant;
        }
        let Some(op) = ir::defining_op(value) else {
            // A block argument inside the loop: this loop's carried values
            // may change every iteration; an inner loop's arguments are
            // evaluated by nothing (see the module comment).
            let owner = ir::argument_owner(value).and_then(|b| b.parent_operation());
            return if owner.is_some_and(|o| o == self.for_op) { Form::Varying } else { Form::Invariant };
        };
        let Some(kind) = Upstream::of(op) else { return Form::Invariant };
        if depth == 0 {
            return Form::Varying;
        }
        let operands: Vec<Form> = op.operands().map(|v| self.form(v, depth - 1)).collect();
        let constant = |i: usize| -> Option<i128> {
            match operands.get(i)? {
                Form::Invariant => self.bindings.eval(op.operand(i).ok()?).map(i128::from),
                Form::Affine { a: 0, b } => *b,
                _ => None,
            }
        };
        if operands.iter().all(|f| *f == Form::Invariant) {
            return Form::Invariant;
        }
        let affine = |f: Form| -> Option<(i128, Option<i128>)> {
            match f {
                Form::Affine { a, b } => Some((a, b)),
                Form::Invariant => Some((0, None)),
                _ => None,
            }
        };
        // Periodic and invariant operands of any evaluated op keep a period.
        let periodic = || -> Form {
            let mut period = 1u64;
            for form in &operands {
                match form {
                    Form::Invariant => {}
                    Form::Periodic(p) => match lcm(period, *p) {
                        Some(l) => period = l,
                        None => return Form::Varying,
                    },
                    _ => return Form::Varying,
                }
            }
            Form::Periodic(period)
        };
        let add = |sign: i128| -> Form {
            let (Some((a0, b0)), Some((a1, b1))) = (affine(operands[0]), affine(operands[1])) else { return periodic() };
            let b0 = if operands[0] == Form::Invariant { constant(0) } else { b0 };
            let b1 = if operands[1] == Form::Invariant { constant(1) } else { b1 };
            let b = b0.zip(b1).and_then(|(x, y)| x.checked_add(sign.checked_mul(y)?));
            match a1.checked_mul(sign).and_then(|a1| a0.checked_add(a1)) {
                Some(a) => Form::Affine { a, b },
                None => Form::Varying,
            }
        };
        let scale = |a: i128, b: Option<i128>, c: i128| match a.checked_mul(c) {
            Some(a) => Form::Affine { a, b: b.and_then(|b| b.checked_mul(c)) },
            None => Form::Varying,
        };
        match kind {
            Upstream::ArithIndexCast | Upstream::ArithExtsi => operands[0],
            // Unsigned casts of a value that may be negative: no affine form.
            Upstream::ArithIndexCastui | Upstream::ArithExtui => match operands[0] {
                Form::Affine { a, b: Some(b) } if a >= 0 && b >= 0 => operands[0],
                _ => periodic(),
            },
            Upstream::ArithAddi => add(1),
            Upstream::ArithSubi => add(-1),
            Upstream::ArithMuli => match (affine(operands[0]), affine(operands[1])) {
                (Some((a, b)), Some(_)) if operands[1] == Form::Invariant => match constant(1) {
                    Some(c) => scale(a, b, c),
                    None => Form::Varying,
                },
                (Some(_), Some((a, b))) if operands[0] == Form::Invariant => match constant(0) {
                    Some(c) => scale(a, b, c),
                    None => Form::Varying,
                },
                _ => periodic(),
            },
            Upstream::ArithDivsi | Upstream::ArithDivui | Upstream::ArithRemsi | Upstream::ArithRemui => {
                let Form::Affine { a, b } = operands[0] else { return periodic() };
                let Some(c) = constant(1).filter(|c| *c > 0) else { return Form::Varying };
                // a * k + b keeps one sign over the iterations (from k = 0
                // on, a and b of the same sign), so truncating division and
                // remainder behave as on naturals.
                let Some(b) = b.filter(|b| (a >= 0 && *b >= 0) || (a <= 0 && *b <= 0)) else { return Form::Varying };
                let is_rem = matches!(kind, Upstream::ArithRemsi | Upstream::ArithRemui);
                if is_rem {
                    let p = c / gcd(a.abs(), c);
                    return u64::try_from(p).map_or(Form::Varying, Form::Periodic);
                }
                if a % c == 0 && b >= 0 {
                    Form::Affine { a: a / c, b: Some(b / c) }
                } else {
                    Form::Varying
                }
            }
            Upstream::ArithAndi | Upstream::ArithOri | Upstream::ArithXori | Upstream::ArithCmpi => periodic(),
            // Ops that `Bindings::eval` does not evaluate (keep the two lists
            // in step): nothing in any iteration.
            _ => Form::Invariant,
        }
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The least common multiple; None past a period no loop needs (a loop
/// with a longer one is not worth skipping ahead in).
fn lcm(a: u64, b: u64) -> Option<u64> {
    let g = gcd(i128::from(a), i128::from(b)) as u64;
    (a / g).checked_mul(b).filter(|l| *l <= 1 << 20)
}
