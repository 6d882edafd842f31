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

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::const_eval::Bindings;
use super::symbolic::{self, Affine};
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::{self, slices, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{TypeLike, Value, ValueLike};
use std::collections::HashMap;

/// The value of an SSA value at iteration `k` of the loop, as a function of `k`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Form {
    /// The same in every iteration (constant or not).
    Invariant,
    /// `a * k + b`, with `b` known when it is affine in the function's
    /// arguments (a loop whose lower bound is an argument, `i - n`).
    Affine { a: i128, b: Option<Affine> },
    /// `a * k + b` as an unsigned value: past the signed range of its type
    /// (so the bits read as signed wrap), within the unsigned one. Only
    /// unsigned ops (`divui`, `remui`, `index_castui`, ...) read it as
    /// affine.
    Unsigned { a: i128, b: Option<Affine> },
    /// Repeats every `p` iterations (not necessarily least).
    Periodic(u64),
    /// Computed from the loop's carried integers (and invariant values)
    /// only, which the caller keys its cycle on ([`CarriedIntegers::Keyed`]):
    /// no period of its own is needed, but its value changes between
    /// iterations, so it is neither a known constant nor a side of a
    /// monotone comparison (`i >= s` with `s` toggling is not one).
    Keyed,
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
/// [`Bindings::eval`], which wraps, so it counts as varying. The loop's own
/// carried integers are as `carried` says.
pub fn period<'c, 'a>(
    for_op: OperationRef<'c, 'a>,
    lower: &Affine,
    step: i64,
    trips: Option<u64>,
    symbolic_trips: Option<&Affine>,
    bindings: &Bindings,
    uses: &[Value<'c, 'a>],
    carried: CarriedIntegers,
) -> Option<u64> {
    let body = ir::region_entry(for_op, 0)?;
    let induction = ValueKey::of(body.argument_at(0)?);
    let lowest = match bindings.case() {
        Some(case) => case.range(lower)?.0,
        None => lower.as_constant()?,
    };
    let last = match trips {
        Some(trips) => i128::from(trips).saturating_sub(1).max(0),
        None => ((i128::from(i64::MAX) - lowest) / i128::from(step.max(1))).min(RUN_TIME_TRIPS),
    };
    let last_form = symbolic_trips.and_then(|t| t.offset(-1));
    let mut forms = Forms { for_op, induction, lower: lower.clone(), step, last, last_form, bindings, memo: HashMap::new(), carried };
    forms.period_of(uses)
}

/// [`period`] of `uses` together with branch `conditions`, where a
/// condition may also be *monotone*: built with `andi`/`ori`/`xori` from
/// periodic values and comparisons (`cmpi`) of values affine in the
/// iteration, each of which changes at most once over the loop (a
/// prefetch guard `i + 1 < n`). Returns the period and those comparisons:
/// iterations `k0` and `k1` a multiple of the period apart behave alike
/// when every comparison has the same value at both ends of the range
/// (monotone: then at every iteration between).
pub fn period_with_thresholds<'c, 'a>(
    for_op: OperationRef<'c, 'a>,
    lower: i64,
    step: i64,
    trips: u64,
    bindings: &Bindings,
    uses: &[Value<'c, 'a>],
    conditions: &[Value<'c, 'a>],
    carried: CarriedIntegers,
) -> Option<(u64, Vec<Value<'c, 'a>>)> {
    let body = ir::region_entry(for_op, 0)?;
    let induction = ValueKey::of(body.argument_at(0)?);
    let last = i128::from(trips).saturating_sub(1).max(0);
    let lower = Affine::constant(i128::from(lower));
    let mut forms = Forms { for_op, induction, lower, step, last, last_form: None, bindings, memo: HashMap::new(), carried };
    let mut period = forms.period_of(uses)?;
    let mut thresholds = Vec::new();
    for condition in conditions {
        period = lcm(period, forms.condition(*condition, 8, &mut thresholds)?)?;
    }
    Some((period, thresholds))
}

impl<'c, 'a> Forms<'_, 'c, 'a> {
    /// The least common period of `uses`.
    fn period_of(&mut self, uses: &[Value<'c, 'a>]) -> Option<u64> {
        let mut period: u64 = 1;
        for value in uses {
            match self.form(*value, 16) {
                Form::Invariant | Form::Keyed => {}
                Form::Periodic(p) => period = lcm(period, p)?,
                Form::Affine { .. } | Form::Unsigned { .. } | Form::Varying => return None,
            }
        }
        Some(period)
    }

    /// The period of condition `value` apart from its monotone comparisons,
    /// which are added to `thresholds` ([`period_with_thresholds`]).
    fn condition(&mut self, value: Value<'c, 'a>, depth: usize, thresholds: &mut Vec<Value<'c, 'a>>) -> Option<u64> {
        match self.form(value, 16) {
            Form::Invariant | Form::Keyed => return Some(1),
            Form::Periodic(p) => return Some(p),
            _ => {}
        }
        let op = ir::defining_op(value)?;
        if depth == 0 {
            return None;
        }
        match Upstream::of(op)? {
            Upstream::ArithAndi | Upstream::ArithOri | Upstream::ArithXori => {
                let a = self.condition(op.operand_at(0)?, depth - 1, thresholds)?;
                let b = self.condition(op.operand_at(1)?, depth - 1, thresholds)?;
                lcm(a, b)
            }
            Upstream::ArithCmpi => {
                let (x, y) = (self.form(op.operand_at(0)?, 16), self.form(op.operand_at(1)?, 16));
                self.monotone_comparison(ir::int_attr(op, attr::PREDICATE)?, &x, &y).then(|| {
                    thresholds.push(value);
                    1
                })
            }
            _ => None,
        }
    }
}

impl Forms<'_, '_, '_> {
    /// Whether a comparison `x <predicate> y` of two values affine in the
    /// iteration (neither wraps: [`Form::Affine`]) changes at most once over
    /// the loop. An ordered signed comparison does: `x - y` is affine, so it
    /// crosses any threshold once. An equality does only when `x - y` does
    /// not depend on the iteration (`k == 5` is true at one iteration only:
    /// taken as monotone, the iterations between two that agree would be
    /// judged by them). An unsigned comparison orders like the signed one
    /// while each varying side stays on one side of zero (nonnegative
    /// throughout or negative throughout); one that crosses zero jumps from
    /// the smallest unsigned value to the largest.
    fn monotone_comparison(&self, predicate: i64, x: &Form, y: &Form) -> bool {
        use crate::passes::ir::upstream::cmpi::{EQ, NE, SGE, SGT, SLE, SLT, UGE, UGT, ULE, ULT};
        let slope = |form: &Form| match form {
            Form::Invariant => Some(0),
            Form::Affine { a, .. } => Some(*a),
            _ => None,
        };
        let (Some(slope_x), Some(slope_y)) = (slope(x), slope(y)) else { return false };
        let one_side = |form: &Form| match form {
            Form::Affine { a, b } => {
                let (min, max) = symbolic::signed_range(64);
                self.stays_in(*a, b.as_ref(), 0..=max) || self.stays_in(*a, b.as_ref(), min..=-1)
            }
            _ => true,
        };
        match predicate {
            EQ | NE => slope_x == slope_y,
            SLT | SLE | SGT | SGE => true,
            ULT | ULE | UGT | UGE => one_side(x) && one_side(y),
            _ => false,
        }
    }
}

/// The iterations a loop with a run-time trip count is assumed to stay
/// below: 2^48, three days at one iteration per nanosecond. Without a bound
/// `i + 3` could wrap in the last iterations of a loop of 2^63, and no
/// induction value derived with an offset would have a period.
pub const RUN_TIME_TRIPS: i128 = 1 << 48;

struct Forms<'b, 'c, 'a> {
    for_op: OperationRef<'c, 'a>,
    induction: ValueKey,
    lower: Affine,
    step: i64,
    /// The largest iteration number `k`.
    last: i128,
    /// For a run-time trip count `T` in a case, `T - 1` in the function's
    /// arguments: a value `a * k + b` whose `b` is affine in them too is
    /// checked at its own last iteration, not at the case's largest `k`
    /// (a loop from `n + 2` to 64 has `62 - n` trips: `k - n` fits where `k`
    /// and `-n` are not both at their largest).
    last_form: Option<Affine>,
    bindings: &'b Bindings,
    memo: HashMap<ValueKey, Form>,
    /// The caller keys its cycle on the loop's carried integers as well
    /// ([`CarriedIntegers::Keyed`]).
    carried: CarriedIntegers,
}

/// How the caller treats the integers the loop carries (iter_args).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CarriedIntegers {
    /// They are part of the state whose repetition starts a cycle: an
    /// iteration that sees the same phase, state and carried values as an
    /// earlier one repeats what followed it, whatever those values are (a
    /// ring of slots rotated through iter_args, `(s0, s1, s2) -> (s1, s2,
    /// s0)`, or a phase bit flipped each round, comes back to a key it had,
    /// with no period of its own to find). Here they are [`Form::Keyed`].
    Keyed,
    /// Not keyed: they may change every iteration (varying).
    Unkeyed,
}

impl<'c, 'a> Forms<'_, 'c, 'a> {
    fn form(&mut self, value: Value<'c, 'a>, depth: usize) -> Form {
        let key = ValueKey::of(value);
        if key == self.induction {
            return Form::Affine { a: i128::from(self.step), b: Some(self.lower.clone()) };
        }
        if let Some(form) = self.memo.get(&key) {
            return form.clone();
        }
        let bits = symbolic::integer_bits(value.r#type()).unwrap_or(64);
        let form = match self.compute(value, depth) {
            Form::Affine { a: 0, .. } | Form::Periodic(1) => Form::Invariant,
            Form::Affine { a, b } if !self.fits(a, b.as_ref(), bits) => {
                if self.fits_unsigned(a, b.as_ref(), bits) {
                    Form::Unsigned { a, b }
                } else {
                    Form::Varying
                }
            }
            form => form,
        };
        self.memo.insert(key, form.clone());
        form
    }

    /// The least and greatest value of `b` over the case (a constant
    /// without one).
    fn range(&self, b: &Affine) -> Option<(i128, i128)> {
        match self.bindings.case() {
            Some(case) => case.range(b),
            None => b.as_constant().map(|c| (c, c)),
        }
    }

    /// Whether `a * k + b` stays in the signed range of the value's width
    /// (`bits`) for every iteration, so that it does not wrap (an unknown
    /// `b` is taken as anything: it does not).
    fn fits(&self, a: i128, b: Option<&Affine>, bits: u32) -> bool {
        let (min, max) = symbolic::signed_range(bits);
        (min..=max).contains(&a) && self.stays_in(a, b, min..=max)
    }

    /// Whether `a * k + b` stays in `[0, 2^bits)` for every iteration.
    fn fits_unsigned(&self, a: i128, b: Option<&Affine>, bits: u32) -> bool {
        self.stays_in(a, b, 0..=(1i128 << bits.clamp(1, 64)) - 1)
    }

    /// Whether `a * k + b` is in `range` at the first iteration and at the
    /// last: the case's largest `k`, or each value's own last iteration
    /// (`last_form`).
    fn stays_in(&self, a: i128, b: Option<&Affine>, range: std::ops::RangeInclusive<i128>) -> bool {
        let Some((low, high)) = b.and_then(|b| self.range(b)) else { return false };
        let at_last = |b: i128| a.checked_mul(self.last).and_then(|ak| ak.checked_add(b));
        let at_own_last = || {
            let last = self.last_form.as_ref()?.scale(a)?.add(b?)?;
            let (low, high) = self.range(&last)?;
            Some(range.contains(&low) && range.contains(&high))
        };
        range.contains(&low)
            && range.contains(&high)
            && ((at_last(low).is_some_and(|v| range.contains(&v)) && at_last(high).is_some_and(|v| range.contains(&v)))
                || at_own_last() == Some(true))
    }

    /// Whether `a * k + b` is nonnegative in every iteration.
    fn nonnegative(&self, a: i128, b: Option<&Affine>) -> bool {
        a >= 0 && b.and_then(|b| self.range(b)).is_some_and(|(low, _)| low >= 0)
    }

    /// Whether `a * k + b` is nonpositive in every iteration.
    fn nonpositive(&self, a: i128, b: Option<&Affine>) -> bool {
        a <= 0 && b.and_then(|b| self.range(b)).is_some_and(|(_, high)| high <= 0)
    }

    /// For `value = x / d` (unsigned or floor division by a constant
    /// `d > 0`) with `x = a * k + b` nonnegative over the loop, the period
    /// of `value mod c`: `d * c / gcd(a, d * c)`; None for anything else
    /// (a quotient whose slope `d` divides is affine already).
    fn quotient_period(&mut self, value: Value<'c, 'a>, c: i128, depth: usize) -> Option<u64> {
        let op = ir::defining_op(value).filter(|_| depth > 1)?;
        if !matches!(Upstream::of(op)?, Upstream::ArithDivui | Upstream::ArithDivsi | Upstream::ArithFloordivsi) {
            return None;
        }
        let d = i128::from(self.bindings.eval(op.operand_at(1)?)?);
        let Form::Affine { a, b } = self.form(op.operand_at(0)?, depth - 1) else { return None };
        if d <= 0 || !self.nonnegative(a, b.as_ref()) {
            return None;
        }
        let modulus = d.checked_mul(c)?;
        u64::try_from(modulus / symbolic::gcd(a.checked_abs()?, modulus)).ok()
    }

    /// Invariant when every one of `values` is; otherwise varying (their
    /// periods are not combined: a value chosen among them may change
    /// with any).
    fn join(&mut self, values: &[Value<'c, 'a>], depth: usize) -> Form {
        if depth == 0 {
            return Form::Varying;
        }
        let forms: Vec<Form> = values.iter().map(|v| self.form(*v, depth - 1)).collect();
        if forms.iter().all(|f| *f == Form::Invariant) {
            Form::Invariant
        } else if forms.iter().all(|f| matches!(f, Form::Invariant | Form::Keyed)) {
            Form::Keyed
        } else {
            Form::Varying
        }
    }

    /// A block argument of a block inside the loop, other than the loop's
    /// own: an inner `scf.for`'s induction variable (the same sequence in
    /// every iteration of this loop, since its bounds are among the values
    /// evaluated) or carried value (invariant when its init and what its
    /// body yields for it are: the inner loop then runs alike in every
    /// iteration), a block argument of a CFG region (invariant when every
    /// branch to its block passes invariant values), anything else
    /// (`scf.while`'s arguments, which the analyses do not bind)
    /// invariant.
    fn carried(&mut self, value: Value<'c, 'a>, depth: usize) -> Form {
        let Some(block) = ir::argument_owner(value) else { return Form::Invariant };
        let Some(index) = ir::argument_index(value) else { return Form::Invariant };
        let Some(owner) = block.parent_operation() else { return Form::Invariant };
        // The value itself while its sources are computed: a carried value
        // that yields itself plus a constant stays what its init makes it.
        self.memo.insert(ValueKey::of(value), Form::Invariant);
        let form = if Upstream::ScfFor.is(owner) && ir::region_entry(owner, 0) == Some(block) {
            if index == 0 {
                Form::Invariant
            } else {
                let yielded = ir::terminator(block).and_then(|t| t.operand_at(index - 1));
                let sources: Vec<Value> = owner.operand_at(2 + index).into_iter().chain(yielded).collect();
                self.join(&sources, depth)
            }
        } else if ir::region_entry(owner, 0) != Some(block) && owner.region_count() == 1 {
            // A block of a CFG region: the operands each branch to it passes.
            let mut sources = Vec::new();
            for predecessor in ir::region_blocks(block.parent_region().unwrap()) {
                let Some(terminator) = ir::terminator(predecessor) else { continue };
                for (k, successor) in terminator.successors().enumerate() {
                    if successor == block {
                        match ir::successor_operands(terminator, k) {
                            Some(operands) => sources.extend(operands.get(index).copied()),
                            None => return Form::Varying,
                        }
                    }
                }
            }
            self.join(&sources, depth)
        } else {
            Form::Invariant
        };
        self.memo.remove(&ValueKey::of(value));
        form
    }

    fn compute(&mut self, value: Value<'c, 'a>, depth: usize) -> Form {
        if !ir::is_defined_inside(value, self.for_op) {
            return Form::Invariant;
        }
        let Some(op) = ir::defining_op(value) else {
            // A block argument inside the loop: this loop's carried values
            // may change every iteration. The analyses bind an inner loop's
            // carried values too (simulating it from its inits in each of
            // this loop's iterations) and the arguments of blocks in a CFG
            // region (along the path they run): see [`Self::carried`].
            let block = ir::argument_owner(value);
            let owner = block.and_then(|b| b.parent_operation());
            if owner.is_some_and(|o| o == self.for_op) {
                let integer = value.r#type().is_index() || value.r#type().is_integer();
                return if self.carried == CarriedIntegers::Keyed && integer { Form::Keyed } else { Form::Varying };
            }
            return self.carried(value, depth);
        };
        // The results of region ops the analyses bind (what the branch or
        // region that ran yields; an inner loop's exit values): a result
        // the same in every iteration only if every value it can take is.
        // (They were taken as never evaluated, hence invariant, and a
        // slot chosen by `scf.if` or `scf.execute_region` from the
        // induction variable let a loop skip ahead past a race.)
        if matches!(Upstream::of(op), Some(Upstream::ScfIf | Upstream::ScfExecuteRegion | Upstream::ScfFor)) {
            let index = op.results().position(|r| Value::from(r) == value).unwrap_or(0);
            let mut sources: Vec<Value> = ir::blocks(op)
                .into_iter()
                .filter_map(ir::terminator)
                .filter(|t| Upstream::ScfYield.is(*t))
                .filter_map(|t| t.operand_at(index))
                .collect();
            if Upstream::ScfFor.is(op) {
                sources.extend(op.operand_at(3 + index));
            }
            return self.join(&sources, depth);
        }
        // Ops the evaluation does not know evaluate to nothing in any
        // iteration: invariant (one list for both, symbolic::is_evaluated).
        let Some(kind) = Upstream::of(op).filter(|k| symbolic::is_evaluated(*k)).map(symbolic::as_arith) else { return Form::Invariant };
        if depth == 0 {
            return Form::Varying;
        }
        let mut operands: Vec<Form> = op.operands().map(|v| self.form(v, depth - 1)).collect();
        // Unsigned ops read an unsigned form as the affine value it is.
        let unsigned_op = matches!(
            kind,
            Upstream::ArithDivui
                | Upstream::ArithRemui
                | Upstream::ArithCeildivui
                | Upstream::ArithShrui
                | Upstream::ArithIndexCastui
                | Upstream::IndexCastu
                | Upstream::ArithExtui
        );
        if let Some(Form::Unsigned { a, b }) = operands.first().cloned() {
            if unsigned_op {
                operands[0] = Form::Affine { a, b };
            }
        }
        let constant = |i: usize| -> Option<i128> {
            match operands.get(i)? {
                Form::Invariant => self.bindings.eval(op.operand_at(i)?).map(i128::from),
                Form::Affine { a: 0, b } => b.as_ref()?.as_constant(),
                _ => None,
            }
        };
        // An invariant operand's value in the function's arguments.
        let invariant = |i: usize| -> Option<Affine> { self.bindings.form(op.operand_at(i)?) };
        if operands.iter().all(|f| *f == Form::Invariant) {
            return Form::Invariant;
        }
        // Computed from carried integers: keyed, or periodic with periodic
        // operands (its value at an iteration is a function of the key and
        // the iteration's place in the period); anything affine in the
        // iteration mixed with it is not followed.
        if operands.contains(&Form::Keyed) {
            let mut period = 1u64;
            for form in &operands {
                match form {
                    Form::Invariant | Form::Keyed => {}
                    Form::Periodic(p) => match lcm(period, *p) {
                        Some(l) => period = l,
                        None => return Form::Varying,
                    },
                    _ => return Form::Varying,
                }
            }
            return if period == 1 { Form::Keyed } else { Form::Periodic(period) };
        }
        let affine = |f: &Form| -> Option<(i128, Option<Affine>)> {
            match f {
                Form::Affine { a, b } => Some((*a, b.clone())),
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
            let (Some((a0, b0)), Some((a1, b1))) = (affine(&operands[0]), affine(&operands[1])) else { return periodic() };
            let b0 = if operands[0] == Form::Invariant { invariant(0) } else { b0 };
            let b1 = if operands[1] == Form::Invariant { invariant(1) } else { b1 };
            let b = b0.zip(b1).and_then(|(x, y)| x.add(&y.scale(sign)?));
            match a1.checked_mul(sign).and_then(|a1| a0.checked_add(a1)) {
                Some(a) => Form::Affine { a, b },
                None => Form::Varying,
            }
        };
        let scale = |a: i128, b: Option<Affine>, c: i128| match a.checked_mul(c) {
            Some(a) => Form::Affine { a, b: b.and_then(|b| b.scale(c)) },
            None => Form::Varying,
        };
        let divide = |floor: bool, ceil: bool, c: Option<i128>| -> Form {
            let Form::Affine { a, b } = &operands[0] else { return periodic() };
            let a = *a;
            let Some(c) = c.filter(|c| *c > 0) else { return Form::Varying };
            let Some(b) = b.as_ref().and_then(Affine::as_constant) else { return Form::Varying };
            if a % c != 0 {
                return Form::Varying;
            }
            // (a * k + b) / c = (a / c) * k + b / c, rounded the op's way;
            // truncation rounds as floor or ceiling by the sign, which must
            // then not change over the iterations.
            let same_sign = (a >= 0 && b >= 0) || (a <= 0 && b <= 0);
            let b = if floor {
                symbolic::floor_div(b, c)
            } else if ceil {
                symbolic::ceil_div(b, c)
            } else if same_sign {
                b / c
            } else {
                return Form::Varying;
            };
            Form::Affine { a: a / c, b: Some(Affine::constant(b)) }
        };
        let nonnegative = |f: &Form| matches!(f, Form::Affine { a, b } if self.nonnegative(*a, b.as_ref()));
        let shift = || constant(1).filter(|s| (0..63).contains(s)).map(|s| 1i128 << s);
        use Upstream::*;
        match kind {
            // Between index and i64 (the NVVM conversion's casts): the same
            // value; const_eval evaluates no other.
            BuiltinUnrealizedConversionCast => {
                let bits = |v: Option<Value>| v.and_then(|v| symbolic::integer_bits(v.r#type()));
                let source = bits(op.operand_at(0));
                let same = op.operand_count() == 1 && source.is_some() && source == bits(op.result_at(0).map(Into::into));
                if same {
                    operands[0].clone()
                } else {
                    Form::Varying
                }
            }
            ArithIndexCast | IndexCasts | ArithExtsi | ArithTrunci => operands[0].clone(),
            // Unsigned casts of a value that may be negative: no affine form.
            ArithIndexCastui | IndexCastu | ArithExtui => match &operands[0] {
                Form::Affine { a, b } if self.nonnegative(*a, b.as_ref()) => operands[0].clone(),
                _ => periodic(),
            },
            ArithAddi => add(1),
            ArithSubi => add(-1),
            ArithMuli => match (affine(&operands[0]), affine(&operands[1])) {
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
            ArithShli => match (&operands[0], shift()) {
                (Form::Affine { a, b }, Some(c)) if operands[1] == Form::Invariant => scale(*a, b.clone(), c),
                (Form::Affine { .. }, _) => Form::Varying,
                _ => periodic(),
            },
            ArithRemsi | ArithRemui => {
                if let (Some(c), Some(quotient)) = (constant(1).filter(|c| *c > 0), op.operand_at(0)) {
                    // `(a * k + b) / d mod c`, the quotient nonnegative: the
                    // quotient grows by a * P / d over P iterations, a
                    // multiple of c once a * P is one of d * c.
                    if let Some(p) = self.quotient_period(quotient, c, depth) {
                        return Form::Periodic(p);
                    }
                }
                let Form::Affine { a, b } = &operands[0] else { return periodic() };
                let (a, b) = (*a, b.as_ref());
                let Some(c) = constant(1).filter(|c| *c > 0) else { return Form::Varying };
                // a * k + b keeps one sign over the iterations (from k = 0
                // on, a and b of the same sign; for remui, nonnegative), so
                // the remainder repeats as on naturals.
                let one_sign = self.nonnegative(a, b) || (kind == ArithRemsi && self.nonpositive(a, b));
                if !one_sign {
                    return Form::Varying;
                }
                let Some(magnitude) = a.checked_abs() else { return Form::Varying };
                let p = c / symbolic::gcd(magnitude, c);
                u64::try_from(p).map_or(Form::Varying, Form::Periodic)
            }
            ArithDivsi => divide(false, false, constant(1)),
            ArithFloordivsi => divide(true, false, constant(1)),
            ArithCeildivsi => divide(false, true, constant(1)),
            ArithShrsi => divide(true, false, shift()),
            // Unsigned division of a value that stays nonnegative.
            ArithDivui | ArithShrui if nonnegative(&operands[0]) => {
                divide(true, false, if kind == ArithShrui { shift() } else { constant(1) })
            }
            ArithCeildivui if nonnegative(&operands[0]) => divide(false, true, constant(1)),
            ArithDivui | ArithShrui | ArithCeildivui => match operands[0] {
                Form::Affine { .. } => Form::Varying,
                _ => periodic(),
            },
            ArithAndi | ArithOri | ArithXori | ArithCmpi | ArithMaxsi | ArithMinsi | ArithMaxui | ArithMinui
            | ArithSelect => periodic(),
            AffineApply => {
                let Some((expr, dims, _)) = slices::affine_apply(op) else { return Form::Varying };
                let terms: Vec<Option<Form>> = operands
                    .iter()
                    .enumerate()
                    .map(|(i, f)| match f {
                        Form::Invariant => Some(Form::Affine { a: 0, b: invariant(i) }),
                        Form::Unsigned { .. } | Form::Varying => None,
                        f => Some(f.clone()),
                    })
                    .collect();
                expr.evaluate(self, dims, &terms).unwrap_or(Form::Varying)
            }
            _ => Form::Invariant,
        }
    }
}

/// Affine maps over a loop's forms (an invariant operand as `a = 0`): sums
/// and products by constants stay affine, and sums of periodic and
/// invariant values periodic; `mod` by a positive constant is periodic (it
/// is the nonnegative remainder, periodic over all integers); `floordiv` and
/// `ceildiv` keep a constant-offset form whose slope the divisor divides,
/// and periods. None: varying.
impl slices::AffineDomain for Forms<'_, '_, '_> {
    type Value = Form;

    fn constant(&self, value: i128) -> Option<Form> {
        Some(Form::Affine { a: 0, b: Some(Affine::constant(value)) })
    }

    fn as_constant(&self, value: &Form) -> Option<i128> {
        match value {
            Form::Affine { a: 0, b } => b.as_ref().and_then(Affine::as_constant),
            _ => None,
        }
    }

    fn add(&self, x: &Form, y: &Form) -> Option<Form> {
        match (x, y) {
            (Form::Affine { a: a0, b: b0 }, Form::Affine { a: a1, b: b1 }) => {
                let b = b0.as_ref().zip(b1.as_ref()).and_then(|(x, y)| x.add(y));
                self.fitting(a0.checked_add(*a1)?, b)
            }
            _ => Some(Form::Periodic(lcm(period_of(x)?, period_of(y)?)?)),
        }
    }

    fn scale(&self, x: &Form, c: i128) -> Option<Form> {
        match x {
            Form::Affine { a, b } => self.fitting(a.checked_mul(c)?, b.as_ref().and_then(|b| b.scale(c))),
            Form::Periodic(p) => Some(Form::Periodic(*p)),
            _ => None,
        }
    }

    fn product(&self, x: &Form, y: &Form) -> Option<Form> {
        // Two invariants: invariant.
        matches!((x, y), (Form::Affine { a: 0, .. }, Form::Affine { a: 0, .. })).then_some(Form::Affine { a: 0, b: None })
    }

    fn divide(&self, x: &Form, division: slices::Division, c: i128) -> Option<Form> {
        match x {
            Form::Affine { a: 0, .. } => Some(Form::Affine { a: 0, b: None }),
            Form::Affine { a, .. } if division == slices::Division::Mod => {
                Some(Form::Periodic(u64::try_from(c / symbolic::gcd(a.abs(), c)).ok()?))
            }
            Form::Affine { a, b } => {
                let b = b.as_ref().and_then(Affine::as_constant).filter(|_| a % c == 0)?;
                Some(Form::Affine { a: a / c, b: Some(Affine::constant(division.of_constants(b, c))) })
            }
            Form::Periodic(p) => Some(Form::Periodic(*p)),
            _ => None,
        }
    }
}

impl Forms<'_, '_, '_> {
    /// `a * k + b`, when it does not wrap over the iterations (64 bits).
    fn fitting(&self, a: i128, b: Option<Affine>) -> Option<Form> {
        self.fits(a, b.as_ref(), 64).then_some(Form::Affine { a, b })
    }
}

/// The period of an invariant or periodic form.
fn period_of(form: &Form) -> Option<u64> {
    match form {
        Form::Affine { a: 0, .. } => Some(1),
        Form::Periodic(p) => Some(*p),
        _ => None,
    }
}

/// The least common multiple; None past a period no loop needs (a loop
/// with a longer one is not worth skipping ahead in).
fn lcm(a: u64, b: u64) -> Option<u64> {
    let g = symbolic::gcd(i128::from(a), i128::from(b)) as u64;
    (a / g).checked_mul(b).filter(|l| *l <= 1 << 20)
}

/// A loop's trip count as the analysis knows it.
pub enum Trips {
    Exact(u64),
    /// Affine in the function's arguments, at least 1 and at most `max`
    /// over the case.
    Symbolic { trips: Affine, max: u64 },
    Unknown,
}

impl Trips {
    pub fn exact(&self) -> Option<u64> {
        match self {
            Trips::Exact(trips) => Some(*trips),
            _ => None,
        }
    }

    pub fn symbolic(&self) -> Option<&Affine> {
        match self {
            Trips::Symbolic { trips, .. } => Some(trips),
            _ => None,
        }
    }

    /// The most iterations (a run-time count is assumed below
    /// `RUN_TIME_TRIPS`, README).
    pub fn bound(&self) -> Option<u64> {
        match self {
            Trips::Exact(trips) => Some(*trips),
            Trips::Symbolic { max, .. } => Some((*max).min(RUN_TIME_TRIPS as u64)),
            Trips::Unknown => None,
        }
    }
}

/// The trip count `ceil((ub - lb) / step)` (0 when `ub <= lb`) of a loop
/// with lower bound `lb` and step `step`: a constant, an affine form in
/// the function's arguments that is at least 1 over the case, or
/// unknown. Deciding its sign or its division may ask for a refinement
/// of the case. (verify-sync's queue model and the Hopper model ask it.)
pub fn trip_count(bindings: &Bindings, ub: Option<Value>, lb: &Affine, step: i64) -> Trips {
    let Some(ub) = ub.and_then(|v| bindings.form(v)) else { return Trips::Unknown };
    if step <= 0 {
        return Trips::Unknown;
    }
    let Some(span) = lb.negate().and_then(|lb| ub.add(&lb)) else { return Trips::Unknown };
    let step = i128::from(step);
    if let Some(span) = span.as_constant() {
        let trips = if span <= 0 { 0 } else { symbolic::ceil_div(span, step) };
        return u64::try_from(trips).map_or(Trips::Unknown, Trips::Exact);
    }
    let Some(case) = bindings.case() else { return Trips::Unknown };
    // span <= 0, that is span - 1 < 0: no iteration.
    match span.offset(-1).and_then(|s| bindings.settle(case.is_negative(&s))) {
        Some(true) => return Trips::Exact(0),
        Some(false) => {}
        None => return Trips::Unknown,
    }
    // ceil(span / step) = -floor(-span / step).
    let trips = span.negate().and_then(|s| bindings.settle(case.floor_div(&s, step))).and_then(|t| t.negate());
    match trips.and_then(|t| Some((case.range(&t)?, t))) {
        Some(((_, max), trips)) => Trips::Symbolic { trips, max: u64::try_from(max).unwrap_or(u64::MAX) },
        None => Trips::Unknown,
    }
}
