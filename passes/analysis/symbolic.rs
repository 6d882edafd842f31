//! Run-time integers as symbols: the integer arguments of a function, the
//! values affine in them, and the cases an analysis splits their ranges into
//! when a decision depends on them.
//!
//! A function's integer argument `n` of `w` bits is, in a [`Case`], any
//! value `M * y + r` with `y` in `[lo, hi]`: at first `M = 1`, `r = 0` and
//! `[lo, hi]` the whole signed range of `w` bits. Values computed from the
//! arguments are [`Affine`] forms in the `y`s. A decision on a form (its
//! sign, whether it is zero, its remainder by a constant, whether it wraps
//! at its width) is either the same for every value of the case, or the
//! analysis asks for a [`Refinement`]: split one argument's interval at a
//! point (the sign of `n - 3` changes there), or split its residue class by
//! a factor (the remainder of `n` by 3 is constant once `n` is known modulo
//! 3). The caller then runs the analysis again on each finer case. The
//! pipeliner's output for a run-time trip count `T` needs a handful: `T`
//! below, at and above the prologue's length, and `T` modulo the number of
//! buffer versions.
//!
//! A decision on a form of several arguments whose answer changes within
//! the case (`n < m`) is not split: the analysis treats it as unknown, as it
//! does a value loaded from memory.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationRef;
use melior::ir::{TypeLike, ValueLike};
use std::fmt::Write as _;

/// `constant + Σ coefficient * y_p`: an integer in terms of the case
/// variables `y_p` of a [`Case`]'s parameters. Terms are sorted by
/// parameter, without zero coefficients, so equal forms compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Affine {
    constant: i128,
    terms: Vec<(usize, i128)>,
}

impl Affine {
    pub fn constant(value: i128) -> Self {
        Affine { constant: value, terms: Vec::new() }
    }

    /// The value, when it does not depend on any parameter.
    pub fn as_constant(&self) -> Option<i128> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// `self + other`; None when a coefficient leaves the i128 range.
    pub fn add(&self, other: &Affine) -> Option<Affine> {
        let mut terms = self.terms.clone();
        for &(param, coefficient) in &other.terms {
            match terms.binary_search_by_key(&param, |t| t.0) {
                Ok(at) => {
                    terms[at].1 = terms[at].1.checked_add(coefficient)?;
                    if terms[at].1 == 0 {
                        terms.remove(at);
                    }
                }
                Err(at) => terms.insert(at, (param, coefficient)),
            }
        }
        Some(Affine { constant: self.constant.checked_add(other.constant)?, terms })
    }

    pub fn scale(&self, factor: i128) -> Option<Affine> {
        if factor == 0 {
            return Some(Affine::constant(0));
        }
        let terms = self.terms.iter().map(|&(p, c)| Some((p, c.checked_mul(factor)?))).collect::<Option<_>>()?;
        Some(Affine { constant: self.constant.checked_mul(factor)?, terms })
    }

    pub fn offset(&self, by: i128) -> Option<Affine> {
        Some(Affine { constant: self.constant.checked_add(by)?, terms: self.terms.clone() })
    }

    pub fn negate(&self) -> Option<Affine> {
        self.scale(-1)
    }
}

/// One integer argument of the function: its value is `modulus * y +
/// residue` for the `y` in `[lo, hi]`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Param {
    key: ValueKey,
    /// What it is, for messages: `argument 2`, or `argument 2 as i32`.
    label: String,
    /// Whether it is a function argument (not a value standing for a
    /// truncation).
    argument: bool,
    /// For a truncation: the form it truncates (in the case where it was
    /// made). The same op in another loop iteration truncates another form
    /// and gets another symbol.
    source: Option<Affine>,
    bits: u32,
    modulus: i128,
    residue: i128,
    lo: i128,
    hi: i128,
    /// Every value it can take, when fewer than its type holds (a block
    /// id: `[0, 2^31 - 2]`); a message names it only when the case says
    /// more.
    whole: Option<(i128, i128)>,
}

impl Param {
    fn full(&self) -> (i128, i128) {
        self.whole.unwrap_or_else(|| signed_range(self.bits))
    }

    /// Whether the case says more of it than its type does.
    fn is_refined(&self) -> bool {
        self.modulus != 1 || (self.lo, self.hi) != self.full()
    }

    fn value(&self, y: i128) -> i128 {
        self.modulus * y + self.residue
    }

    /// A value of it as the IR spells it (`true` for an i1 -1).
    fn spell(&self, y: i128) -> String {
        match (self.bits, self.value(y)) {
            (1, 0) => "false".into(),
            (1, _) => "true".into(),
            (_, value) => value.to_string(),
        }
    }
}

/// A set of values of the function's integer arguments, one residue class
/// of an interval per argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    params: Vec<Param>,
}

/// How to split a [`Case`] so that a decision becomes the same for every
/// value of each part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refinement {
    /// `y < at` and `y >= at` for parameter `param`.
    Split { param: usize, at: i128 },
    /// The residue classes modulo `modulus * factor` of parameter `param`.
    Modulus { param: usize, factor: i128 },
    /// A new parameter for `value`, a truncation to `bits` bits of a form
    /// that wraps too many times over the case to split at each wrap: the
    /// truncated value is then any `bits`-bit value, unrelated to the form
    /// (more values than the program can produce, never fewer).
    Fresh { value: ValueKey, bits: u32, label: String, source: Affine },
    /// A new parameter for the trip count of a loop whose bounds the
    /// evaluation cannot express (a persistent loop from the block's id by
    /// the grid's size), keyed by its induction variable: any count from 0
    /// to 2^63 - 1 (more runs than the program can make, never fewer).
    Trips { value: ValueKey, label: String },
}

/// The answer to a question about a form over a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision<T> {
    /// The same answer for every value of the case.
    Known(T),
    /// The answer differs within the case; it is the same within each part
    /// of this refinement.
    Refine(Refinement),
    /// The answer differs within the case and no refinement of one
    /// parameter separates it (or it would take too many parts).
    Unknown,
}

/// The most parts one residue refinement may make: a remainder by a larger
/// constant is treated as unknown rather than enumerated.
const MAX_FACTOR: i128 = 64;

/// The most windows of `2^bits` a form may span for [`Case::wrap`] to
/// split it at each wrap (an `index` cast to `i32` spans 2^32: past this,
/// the evaluator makes the truncation a parameter of its own).
pub const MAX_WRAPS: i128 = 4;

/// The signed range of `bits`-bit integers.
pub fn signed_range(bits: u32) -> (i128, i128) {
    let half = 1i128 << (bits.clamp(1, 64) - 1);
    (-half, half - 1)
}

impl Case {
    /// The case of every value of `function`'s integer and index arguments.
    pub fn of_function(function: OperationRef) -> Case {
        let mut params = Vec::new();
        let entry = ir::region_entry(function, 0);
        for (argument, value) in entry.iter().flat_map(|b| (0..b.argument_count()).filter_map(|i| b.argument_at(i))).enumerate() {
            let Some(bits) = integer_bits(value.r#type()) else { continue };
            let (lo, hi) = signed_range(bits);
            let label = format!("argument {argument}");
            params.push(Param { key: ValueKey::of(value), label, argument: true, source: None, bits, modulus: 1, residue: 0, lo, hi, whole: None });
        }
        Case { params }
    }

    /// [`Self::of_function`] with the kernel's block ids (`gpu.block_id`,
    /// each op's result) as parameters too, in `[0, 2^31 - 2]` (the largest
    /// grid): a loop whose trip count the block's id decides (a causal
    /// attention block's key tiles, a split of K by block) is then followed
    /// over cases of the id as over cases of an argument. Two ops reading the
    /// same id are two parameters, unrelated: more values than a run can
    /// give, never fewer.
    pub fn of_kernel(function: OperationRef) -> Case {
        let mut case = Self::of_function(function);
        let ids = ir::nested_ops(function).into_iter().filter(|op| Upstream::GpuBlockId.is(*op));
        for (n, op) in ids.enumerate() {
            let Some(value) = op.result_at(0).map(melior::ir::Value::from) else { continue };
            let Some(bits) = integer_bits(value.r#type()) else { continue };
            let label = if n == 0 { "the block id".to_string() } else { format!("the block id (read {})", n + 1) };
            let hi = (1i128 << 31) - 2;
            case.params.push(Param { key: ValueKey::of(value), label, argument: true, source: None, bits, modulus: 1, residue: 0, lo: 0, hi, whole: Some((0, hi)) });
        }
        case
    }

    /// The label of the single parameter `form` depends on, if one.
    pub fn label_of(&self, form: &Affine) -> Option<&str> {
        let [(param, _)] = form.terms[..] else { return None };
        Some(&self.params[param].label)
    }

    /// The form of `value`, if it is one of the function's arguments.
    pub fn form_of(&self, value: ValueKey) -> Option<Affine> {
        let index = self.params.iter().position(|p| p.argument && p.key == value)?;
        Some(self.param_form(index))
    }

    /// The form of `value`, a truncation of `source` that became a symbol.
    pub fn fresh_form(&self, value: ValueKey, source: &Affine) -> Option<Affine> {
        let index = self.params.iter().position(|p| p.key == value && p.source.as_ref() == Some(source))?;
        Some(self.param_form(index))
    }

    /// The form of the trip count of the loop whose induction variable is
    /// `value`, once a [`Refinement::Trips`] made it a parameter.
    pub fn trips_form(&self, value: ValueKey) -> Option<Affine> {
        let index = self.params.iter().position(|p| p.key == value && !p.argument && p.source.is_none())?;
        Some(self.param_form(index))
    }

    fn param_form(&self, index: usize) -> Affine {
        let param = &self.params[index];
        if param.lo == param.hi {
            return Affine::constant(param.value(param.lo));
        }
        Affine { constant: param.residue, terms: vec![(index, param.modulus)] }
    }

    /// The least and greatest value of `form` over the case.
    pub fn range(&self, form: &Affine) -> Option<(i128, i128)> {
        let (mut min, mut max) = (form.constant, form.constant);
        for &(p, c) in &form.terms {
            let param = &self.params[p];
            let (a, b) = (c.checked_mul(param.lo)?, c.checked_mul(param.hi)?);
            min = min.checked_add(a.min(b))?;
            max = max.checked_add(a.max(b))?;
        }
        Some((min, max))
    }

    /// Whether `form < 0`.
    pub fn is_negative(&self, form: &Affine) -> Decision<bool> {
        let Some((min, max)) = self.range(form) else { return Decision::Unknown };
        if max < 0 {
            return Decision::Known(true);
        }
        if min >= 0 {
            return Decision::Known(false);
        }
        let [(param, a)] = form.terms[..] else { return Decision::Unknown };
        // a * y + b < 0 changes at -b / a.
        let Some(minus_b) = form.constant.checked_neg() else { return Decision::Unknown };
        let at = if a > 0 { ceil_div(minus_b, a) } else { floor_div(minus_b, a).saturating_add(1) };
        Decision::Refine(Refinement::Split { param, at })
    }

    /// Whether `form == 0`.
    pub fn is_zero(&self, form: &Affine) -> Decision<bool> {
        let Some((min, max)) = self.range(form) else { return Decision::Unknown };
        if min > 0 || max < 0 {
            return Decision::Known(false);
        }
        if min == 0 && max == 0 {
            return Decision::Known(true);
        }
        let [(param, a)] = form.terms[..] else { return Decision::Unknown };
        let b = form.constant;
        if b % a != 0 {
            return Decision::Known(false);
        }
        // Zero at exactly one y: split it off.
        let Some(zero) = b.checked_neg().map(|minus_b| minus_b / a) else { return Decision::Unknown };
        let at = if self.params[param].lo < zero { zero } else { zero.saturating_add(1) };
        Decision::Refine(Refinement::Split { param, at })
    }

    /// `form` modulo `divisor` (> 0), as the least nonnegative residue, when
    /// it is the same over the case.
    pub fn residue(&self, form: &Affine, divisor: i128) -> Decision<i128> {
        for &(param, c) in &form.terms {
            if c % divisor != 0 {
                let Some(magnitude) = c.checked_abs() else { return Decision::Unknown };
                let factor = divisor / gcd(magnitude, divisor);
                let p = &self.params[param];
                // A modulus past 2^64 says nothing more of a 64-bit value.
                let modulus = p.modulus.checked_mul(factor).filter(|m| *m <= 1 << 64);
                if factor > MAX_FACTOR || p.lo == p.hi || modulus.is_none() {
                    return Decision::Unknown;
                }
                return Decision::Refine(Refinement::Modulus { param, factor });
            }
        }
        Decision::Known(form.constant.rem_euclid(divisor))
    }

    /// `floor(form / divisor)` (divisor > 0): a constant when it is one over
    /// the case; affine once every coefficient is a multiple of the divisor
    /// (a residue refinement makes it so); or, for a divisor too large to
    /// split residues by, constant on each part of a split where it changes
    /// (when it takes few values over the case).
    pub fn floor_div(&self, form: &Affine, divisor: i128) -> Decision<Affine> {
        let Some((min, max)) = self.range(form) else { return Decision::Unknown };
        let (low, high) = (min.div_euclid(divisor), max.div_euclid(divisor));
        if low == high {
            return Decision::Known(Affine::constant(low));
        }
        match self.residue(form, divisor) {
            Decision::Known(_) => {
                let terms = form.terms.iter().map(|&(p, c)| (p, c / divisor)).collect();
                Decision::Known(Affine { constant: form.constant.div_euclid(divisor), terms })
            }
            Decision::Refine(r) => Decision::Refine(r),
            Decision::Unknown if high - low <= MAX_FACTOR => {
                // The quotient is `low` below (low + 1) * divisor.
                let Some(boundary) = (low + 1).checked_mul(divisor) else { return Decision::Unknown };
                match form.offset(-boundary).map(|f| self.is_negative(&f)) {
                    Some(Decision::Refine(r)) => Decision::Refine(r),
                    _ => Decision::Unknown,
                }
            }
            Decision::Unknown => Decision::Unknown,
        }
    }

    /// `form` reduced to `bits` bits (two's complement), when it wraps the
    /// same number of times over the whole case.
    pub fn wrap(&self, form: &Affine, bits: u32) -> Decision<Affine> {
        let Some((min, max)) = self.range(form) else { return Decision::Unknown };
        let bits = bits.clamp(1, 64);
        let (span, half) = (1i128 << bits, 1i128 << (bits - 1));
        let (Some(low), Some(high)) = (min.checked_add(half), max.checked_add(half)) else { return Decision::Unknown };
        let (low, high) = (low.div_euclid(span), high.div_euclid(span));
        if low == high {
            return match low.checked_mul(span).and_then(|shift| form.offset(-shift)) {
                Some(wrapped) => Decision::Known(wrapped),
                None => Decision::Unknown,
            };
        }
        if high - low > MAX_WRAPS {
            return Decision::Unknown;
        }
        // Split where the form crosses into the next window.
        match low.checked_mul(span).and_then(|s| s.checked_add(half)).and_then(|s| form.offset(-s)) {
            Some(shifted) => match self.is_negative(&shifted) {
                Decision::Refine(r) => Decision::Refine(r),
                _ => Decision::Unknown,
            },
            None => Decision::Unknown,
        }
    }

    /// For a truncation of `form` to `bits` bits: a new parameter for its
    /// result `value` when the form wraps more than [`MAX_WRAPS`] times over
    /// the case (see [`Refinement::Fresh`]), else [`Self::wrap`].
    pub fn truncate(&self, form: &Affine, bits: u32, value: ValueKey) -> Decision<Affine> {
        let Some((min, max)) = self.range(form) else { return Decision::Unknown };
        let (span, half) = (1i128 << bits.clamp(1, 64), 1i128 << (bits.clamp(1, 64) - 1));
        let (Some(low), Some(high)) = (min.checked_add(half), max.checked_add(half)) else { return Decision::Unknown };
        if high.div_euclid(span) - low.div_euclid(span) <= MAX_WRAPS {
            return self.wrap(form, bits);
        }
        let label = format!("{} as i{bits}", self.label_of(form).unwrap_or("a value"));
        Decision::Refine(Refinement::Fresh { value, bits, label, source: form.clone() })
    }

    /// The parts of the case that `refinement` makes (none empty).
    pub fn refine(&self, refinement: &Refinement) -> Vec<Case> {
        let with = |param: usize, make: &dyn Fn(&mut Param)| {
            let mut case = self.clone();
            make(&mut case.params[param]);
            case
        };
        let parts = match *refinement {
            Refinement::Split { param, at } => {
                vec![with(param, &|p| p.hi = p.hi.min(at - 1)), with(param, &|p| p.lo = p.lo.max(at))]
            }
            Refinement::Fresh { value, bits, ref label, ref source } => {
                let mut case = self.clone();
                let (lo, hi) = signed_range(bits);
                let (label, source) = (label.clone(), Some(source.clone()));
                case.params.push(Param { key: value, label, argument: false, source, bits, modulus: 1, residue: 0, lo, hi, whole: None });
                vec![case]
            }
            Refinement::Trips { value, ref label } => {
                let mut case = self.clone();
                let label = label.clone();
                case.params.push(Param { key: value, label, argument: false, source: None, bits: 64, modulus: 1, residue: 0, lo: 0, hi: i128::from(i64::MAX), whole: None });
                vec![case]
            }
            Refinement::Modulus { param, factor } => (0..factor)
                .map(|j| {
                    with(param, &|p| {
                        // modulus * y + residue with y = factor * y' + j.
                        p.residue += p.modulus * j;
                        p.modulus *= factor;
                        p.lo = ceil_div(p.lo - j, factor);
                        p.hi = floor_div(p.hi - j, factor);
                    })
                })
                .collect(),
        };
        parts.into_iter().filter(|c| c.params.iter().all(|p| p.lo <= p.hi)).collect()
    }

    /// `form` in words over the case's parameters, for a test printer's
    /// remark: `3 + 2*argument 0`.
    pub fn describe_form(&self, form: &Affine) -> String {
        let mut text = form.constant.to_string();
        for &(p, c) in &form.terms {
            let _ = write!(text, " + {c}*{}", self.params[p].label);
        }
        text
    }

    /// The refined arguments, for a message: `argument 2 in [4, 9223372036854775804]
    /// with argument 2 mod 3 = 1`.
    /// None when the case is every value.
    pub fn describe(&self) -> Option<String> {
        let mut parts = Vec::new();
        for p in self.params.iter().filter(|p| p.is_refined()) {
            let mut text = p.label.clone();
            if p.lo == p.hi {
                let _ = write!(text, " = {}", p.spell(p.lo));
            } else {
                let _ = write!(text, " in [{}, {}]", p.value(p.lo), p.value(p.hi));
                if p.modulus != 1 {
                    let _ = write!(text, " with {} mod {} = {}", p.label, p.modulus, p.residue.rem_euclid(p.modulus));
                }
            }
            parts.push(text);
        }
        (!parts.is_empty()).then(|| parts.join(" and "))
    }

    /// One value of each refined argument of the case (the one nearest
    /// zero), for a message: `argument 2 = 4`. None when the case has a
    /// parameter for a truncation (its values are not all possible
    /// together with the arguments').
    pub fn example(&self) -> Option<String> {
        if self.params.iter().any(|p| !p.argument) {
            return None;
        }
        let parts: Vec<String> = self
            .params
            .iter()
            .filter(|p| p.is_refined())
            .map(|p| format!("{} = {}", p.label, p.spell(0i128.clamp(p.lo, p.hi))))
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// The width of an integer or index type (index: 64 bits); None for others.
pub fn integer_bits(ty: melior::ir::Type) -> Option<u32> {
    if ty.is_index() {
        return Some(64);
    }
    if !ty.is_integer() {
        return None;
    }
    ir::scalar_bits(ty).filter(|bits| (1..=64).contains(bits))
}

/// Whether `kind` is an integer op the evaluation knows
/// (`const_eval::Bindings::eval`; `periodicity` models the same list).
pub fn is_evaluated(kind: Upstream) -> bool {
    use Upstream::*;
    matches!(
        as_arith(kind),
        ArithConstant | LlvmMlirConstant | ArithIndexCast | ArithIndexCastui | IndexCasts | IndexCastu | ArithExtsi | ArithExtui | ArithTrunci | ArithAddi
            | ArithSubi | ArithMuli | ArithDivsi | ArithDivui | ArithCeildivsi | ArithCeildivui | ArithFloordivsi
            | ArithRemsi | ArithRemui | ArithShli | ArithShrsi | ArithShrui | ArithAndi | ArithOri | ArithXori
            | ArithMaxsi | ArithMinsi | ArithMaxui | ArithMinui | ArithSelect | ArithCmpi | AffineApply
            | AffineDelinearizeIndex | AffineLinearizeIndex
            | BuiltinUnrealizedConversionCast
    )
}

/// The `arith` op that an LLVM dialect integer op computes (upstream's
/// NVVM conversion writes index arithmetic as `llvm.add`, `llvm.udiv`,
/// ...): evaluated as that op, at the same width; any other kind as itself.
pub fn as_arith(kind: Upstream) -> Upstream {
    use Upstream::*;
    match kind {
        LlvmAdd => ArithAddi,
        LlvmSub => ArithSubi,
        LlvmMul => ArithMuli,
        LlvmSDiv => ArithDivsi,
        LlvmSRem => ArithRemsi,
        LlvmUDiv => ArithDivui,
        LlvmURem => ArithRemui,
        LlvmAnd => ArithAndi,
        LlvmOr => ArithOri,
        LlvmXor => ArithXori,
        LlvmShl => ArithShli,
        LlvmLShr => ArithShrui,
        LlvmAShr => ArithShrsi,
        LlvmSext => ArithExtsi,
        LlvmZext => ArithExtui,
        LlvmTrunc => ArithTrunci,
        other => other,
    }
}

pub fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

pub fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

pub fn ceil_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(bits: u32) -> Case {
        let (lo, hi) = signed_range(bits);
        let label = "argument 0".to_string();
        Case { params: vec![Param { key: ValueKey::synthetic(0), label, argument: true, source: None, bits, modulus: 1, residue: 0, lo, hi, whole: None }] }
    }

    fn n(case: &Case) -> Affine {
        case.form_of(ValueKey::synthetic(0)).unwrap()
    }

    /// Every value the case's single parameter takes, by brute force.
    fn values(case: &Case) -> Vec<i128> {
        let p = &case.params[0];
        (p.lo..=p.hi).map(|y| p.value(y)).collect()
    }

    /// Refines `case` until `decide` is known on each part; returns the
    /// parts with their answers.
    fn settle<T>(case: Case, decide: &dyn Fn(&Case) -> Decision<T>) -> Vec<(Case, T)> {
        let mut work = vec![case];
        let mut done = Vec::new();
        while let Some(c) = work.pop() {
            match decide(&c) {
                Decision::Known(t) => done.push((c, t)),
                Decision::Refine(r) => {
                    let parts = c.refine(&r);
                    assert!(parts.len() >= 2 || parts.iter().all(|p| p != &c), "a refinement makes progress");
                    work.extend(parts);
                }
                Decision::Unknown => panic!("undecided"),
            }
        }
        done
    }

    /// The value of `form` at `y` of the single parameter.
    fn at(form: &Affine, y: i128) -> i128 {
        form.constant + form.terms.iter().map(|t| t.1 * y).sum::<i128>()
    }

    #[test]
    fn decisions_hold_for_every_value_of_their_part() {
        // An i8 parameter: each decision against every value of each part.
        for k in -130..130i128 {
            let f = |c: &Case| n(c).offset(k).unwrap();
            let mut covered = 0;
            for (part, negative) in settle(case(8), &|c| c.is_negative(&f(c))) {
                for v in values(&part) {
                    assert_eq!(v + k < 0, negative);
                    covered += 1;
                }
            }
            assert_eq!(covered, 256);
            for (part, zero) in settle(case(8), &|c| c.is_zero(&f(c))) {
                for v in values(&part) {
                    assert_eq!(v + k == 0, zero);
                }
            }
            for (part, wrapped) in settle(case(8), &|c| c.wrap(&f(c), 8)) {
                let p = &part.params[0];
                for y in p.lo..=p.hi {
                    assert_eq!(at(&wrapped, y), ((p.value(y) + k + 128).rem_euclid(256)) - 128);
                }
            }
        }
    }

    #[test]
    fn residues_and_quotients_hold_for_every_value_of_their_part() {
        for divisor in 1..12i128 {
            for scale in [1i128, 2, 3, -5] {
                let f = |c: &Case| n(c).scale(scale).unwrap().offset(7).unwrap();
                for (part, r) in settle(case(8), &|c| c.residue(&f(c), divisor)) {
                    for v in values(&part) {
                        assert_eq!((scale * v + 7).rem_euclid(divisor), r);
                    }
                }
                for (part, q) in settle(case(8), &|c| c.floor_div(&f(c), divisor)) {
                    let p = &part.params[0];
                    for y in p.lo..=p.hi {
                        assert_eq!(at(&q, y), floor_div(scale * p.value(y) + 7, divisor));
                    }
                }
            }
        }
    }

    #[test]
    fn large_divisors_split_where_the_quotient_changes() {
        // Divisors past MAX_FACTOR: no residue classes, but few quotients.
        for divisor in [70i128, 100, 127, 200] {
            let f = |c: &Case| n(c).offset(3).unwrap();
            for (part, q) in settle(case(8), &|c| c.floor_div(&f(c), divisor)) {
                let p = &part.params[0];
                for y in p.lo..=p.hi {
                    assert_eq!(at(&q, y), floor_div(p.value(y) + 3, divisor));
                }
            }
        }
    }

    #[test]
    fn descriptions_name_the_refined_argument() {
        let c = case(64);
        let parts = c.refine(&Refinement::Split { param: 0, at: 3 });
        let upper = &parts[1].refine(&Refinement::Modulus { param: 0, factor: 3 })[2];
        assert_eq!(upper.describe().unwrap(), "argument 0 in [5, 9223372036854775805] with argument 0 mod 3 = 2");
        assert_eq!(upper.example().unwrap(), "argument 0 = 5");
        assert_eq!(c.describe(), None);
    }
}
