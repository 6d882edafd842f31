//! Evaluates index and integer SSA values at one point of an analysis:
//! `arith.constant`s, and arithmetic on induction variables whose value is
//! known while a loop with a static trip count is being simulated. Analyses
//! use it to take only the feasible branch of an `scf.if`.
//!
//! Values have the semantics of their type: an `i8` addition wraps at 8
//! bits, `remui` and `divui` read their operands as unsigned, `index` is 64
//! bits. Inside a [`symbolic::Case`] (verify-sync sets one per function),
//! the function's integer arguments are symbols and values are affine in
//! them; a decision that the case does not settle asks for a
//! [`Refinement`] (see [`Bindings::refinement`]) and evaluates to nothing.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::symbolic::{self, Affine, Case, Decision, Refinement};
use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, slices, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, Value, ValueLike};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// Known values of induction variables, and the case of the function's
/// run-time arguments.
#[derive(Clone, Debug, Default)]
pub struct Bindings {
    values: HashMap<ValueKey, Affine>,
    case: Option<Rc<Case>>,
    /// The first refinement a decision asked for.
    refinement: RefCell<Option<Refinement>>,
    /// Set while evaluating for a key rather than for a decision: no
    /// refinement is asked for.
    quiet: Cell<bool>,
    /// Whether a decision was left unknown inside the case (a form of
    /// several arguments), so that not every value of the case behaves the
    /// same.
    undecided: Cell<bool>,
    /// [`Self::depends_on_induction`]'s answers, by induction variable (a
    /// loop is simulated once per entry, and asks each time).
    varying: HashMap<ValueKey, bool>,
    /// The forms [`Self::form`] found since the bindings last changed, when
    /// enabled ([`Self::enable_memo`]).
    memo: Memo,
}

/// [`Bindings::form`]'s answers while the bindings stay the same: only
/// those that asked for no refinement and left no decision unknown (the
/// same answer every time), and only for analyses that do not change the
/// IR (a value's key is its address). A clone starts empty: a model that
/// clones bindings for every state would otherwise copy them all.
#[derive(Debug, Default)]
struct Memo(Option<RefCell<HashMap<ValueKey, Option<Affine>>>>);

impl Clone for Memo {
    fn clone(&self) -> Self {
        Memo(self.0.as_ref().map(|_| RefCell::default()))
    }
}

impl Memo {
    fn clear(&mut self) {
        if let Some(memo) = &mut self.0 {
            memo.get_mut().clear();
        }
    }
}

impl Bindings {
    /// Bindings in which the function's integer arguments are symbols
    /// ranging over `case`.
    pub fn in_case(case: Rc<Case>) -> Self {
        Bindings { case: Some(case), ..Bindings::default() }
    }

    /// Keeps [`Self::form`]'s answers until the bindings change (for an
    /// analysis that evaluates the same values many times between changes,
    /// and does not change the IR).
    pub fn enable_memo(&mut self) {
        self.memo.0.get_or_insert_with(RefCell::default);
    }

    pub fn bind(&mut self, value: Value, constant: i64) {
        self.memo.clear();
        self.values.insert(ValueKey::of(value), Affine::constant(i128::from(constant)));
    }

    /// What a value that [`Self::form`] does not compute from its operands
    /// (a block argument, an op it does not evaluate) is bound to, or is in
    /// the case; None when neither.
    pub fn lookup(&self, key: ValueKey) -> Option<Affine> {
        self.values.get(&key).cloned().or_else(|| self.case.as_ref().and_then(|case| case.form_of(key)))
    }

    /// Binds induction variable `value` to `lb + k * step`, iteration `k`'s
    /// value, computed without overflow (for `k` below the trip count it is
    /// below the upper bound, though `k * step` alone may not fit an i64).
    pub fn bind_iteration(&mut self, value: Value, lb: i64, k: i64, step: i64) {
        let at = i128::from(lb) + i128::from(k) * i128::from(step);
        self.memo.clear();
        self.values.insert(ValueKey::of(value), Affine::constant(at));
    }

    /// Binds `value` to a form in the case's arguments (an induction
    /// variable whose loop starts at a run-time bound).
    pub fn bind_form(&mut self, value: Value, form: Affine) {
        self.memo.clear();
        self.values.insert(ValueKey::of(value), form);
    }

    pub fn unbind(&mut self, value: Value) {
        self.memo.clear();
        self.values.remove(&ValueKey::of(value));
    }

    /// Unbinds every value defined inside `op` (the results of the ops
    /// nested in it, the arguments of its blocks): what an earlier run of a
    /// loop left bound there (a branch's result, an inner loop's exit
    /// values) is stale until that op runs again, and would be read as a
    /// constant of the next run (by the period's walk, before the first
    /// iteration).
    pub fn unbind_inside(&mut self, op: OperationRef) {
        if self.values.is_empty() {
            return;
        }
        self.memo.clear();
        for nested in ir::nested_ops(op) {
            for result in nested.results() {
                self.values.remove(&ValueKey::of(result));
            }
        }
        for block in ir::blocks(op).into_iter().chain(ir::nested_ops(op).into_iter().flat_map(ir::blocks)) {
            for i in 0..block.argument_count() {
                if let Ok(argument) = block.argument(i) {
                    self.values.remove(&ValueKey::of(argument));
                }
            }
        }
    }

    /// The bindings, in key order (for keying memoized results on them).
    pub fn snapshot(&self) -> Vec<(ValueKey, Affine)> {
        let mut all: Vec<(ValueKey, Affine)> = self.values.iter().map(|(k, v)| (*k, v.clone())).collect();
        all.sort();
        all
    }

    /// [`Self::snapshot`] restricted to `inputs` (sorted), the values a
    /// region op's branches are computed from ([`condition_inputs`]): what a
    /// result memoized for the op depends on.
    pub fn snapshot_of(&self, inputs: &[ValueKey]) -> Vec<(ValueKey, Affine)> {
        if inputs.is_empty() {
            return Vec::new();
        }
        let mut bound: Vec<(ValueKey, Affine)> =
            inputs.iter().filter_map(|key| Some((*key, self.values.get(key)?.clone()))).collect();
        bound.sort();
        bound
    }

    /// The case the function's arguments range over, if any.
    pub fn case(&self) -> Option<&Case> {
        self.case.as_deref()
    }

    /// The refinement of the case that some decision asked for (the first).
    pub fn refinement(&self) -> Option<Refinement> {
        self.refinement.borrow().clone()
    }

    /// Asks for `refinement` of the case (kept when no other was asked for
    /// first): the run stops, and the case's parts are run again.
    pub fn ask(&self, refinement: Refinement) {
        self.refinement.borrow_mut().get_or_insert(refinement);
    }

    /// Whether some decision was left unknown within the case.
    pub fn undecided(&self) -> bool {
        self.undecided.get()
    }

    /// Runs `f`, and says whether a decision in it was left unknown within
    /// the case (an undecided branch on the arguments may be infeasible).
    pub fn watch<T>(&self, f: impl FnOnce(&Self) -> T) -> (T, bool) {
        let before = self.undecided.replace(false);
        let result = f(self);
        let now = self.undecided.get();
        self.undecided.set(before || now);
        (result, now)
    }

    /// Settles a decision: its answer, or nothing after asking for the
    /// refinement that would settle it.
    pub fn settle<T>(&self, decision: Decision<T>) -> Option<T> {
        match decision {
            Decision::Known(t) => Some(t),
            Decision::Refine(r) => {
                if !self.quiet.get() {
                    self.refinement.borrow_mut().get_or_insert(r);
                    self.undecided.set(true);
                }
                None
            }
            Decision::Unknown => {
                if !self.quiet.get() {
                    self.undecided.set(true);
                }
                None
            }
        }
    }

    /// Whether the condition of some `scf.if` under `body` may depend on
    /// the induction variable `induction`: then iterations may take
    /// different branches, and two equal states at the top of iterations do
    /// not make a steady state. Conservative: the induction's forward slice
    /// (through every use, into the results of the ops around a use up to
    /// `body`, and into the block arguments of region ops it flows into).
    /// It used to ask whether a condition became constant once the
    /// induction alone was bound, which missed `i + j == 4` with `j` an
    /// inner loop's induction: optimize-waits then took two quiet
    /// iterations for a steady state and removed a needed wait.
    pub fn depends_on_induction(&mut self, body: BlockRef, induction: Value, _value: i64) -> bool {
        if let Some(known) = self.varying.get(&ValueKey::of(induction)) {
            return *known;
        }
        let varies = Self::reaches_condition(body, induction);
        self.varying.insert(ValueKey::of(induction), varies);
        varies
    }

    fn reaches_condition(body: BlockRef, induction: Value) -> bool {
        let Some(owner) = body.parent_operation() else { return false };
        let conditions: std::collections::HashSet<ValueKey> = ir::nested_ops(owner)
            .into_iter()
            .filter(|op| Upstream::ScfIf.is(*op))
            .filter_map(|op| op.operand_at(0))
            .map(ValueKey::of)
            .collect();
        if conditions.is_empty() {
            return false;
        }
        let mut reached = std::collections::HashSet::new();
        let mut work = vec![induction];
        while let Some(value) = work.pop() {
            if !reached.insert(ValueKey::of(value)) {
                continue;
            }
            if conditions.contains(&ValueKey::of(value)) {
                return true;
            }
            for (user, _) in ir::uses(value) {
                // The user and every op around it inside the loop: a
                // region op's results may be what its region computed from
                // the value, and its regions' arguments what it was given.
                let around = std::iter::once(user).chain(ir::ancestors(user)).take_while(|op| *op != owner);
                for op in around {
                    work.extend(op.results().map(Value::from));
                    for region in op.regions() {
                        for block in ir::region_blocks(region) {
                            work.extend((0..block.argument_count()).filter_map(|i| block.argument_at(i)).map(Value::from));
                        }
                    }
                }
            }
        }
        false
    }

    /// For an `scf.if` whose condition is constant given the bindings, the
    /// index of the region that runs (0: then, 1: else).
    pub fn taken_branch(&self, if_op: OperationRef) -> Option<usize> {
        let condition = self.form(if_op.operand_at(0)?)?;
        let zero = match condition.as_constant() {
            Some(value) => value == 0,
            None => self.settle(self.case.as_deref()?.is_zero(&condition))?,
        };
        Some(if zero { 1 } else { 0 })
    }

    /// The value of `value`, if it is constant given the bindings (and the
    /// same for every value of the case).
    pub fn eval(&self, value: Value) -> Option<i64> {
        self.form(value)?.as_constant().and_then(|v| i64::try_from(v).ok())
    }

    /// The value of `value` as an affine form in the case's arguments.
    pub fn form(&self, value: Value) -> Option<Affine> {
        let Some(memo) = &self.memo.0 else { return self.form_depth(value, EVAL_DEPTH, &mut HashMap::new()) };
        let key = ValueKey::of(value);
        if let Some(form) = memo.borrow().get(&key) {
            return form.clone();
        }
        let before = self.undecided.replace(false);
        let form = self.form_depth(value, EVAL_DEPTH, &mut HashMap::new());
        let undecided = self.undecided.get();
        self.undecided.set(before || undecided);
        // Quiet, a decision left unknown leaves no mark: not kept.
        if !undecided && !self.quiet.get() {
            memo.borrow_mut().insert(key, form.clone());
        }
        form
    }

    /// [`Self::form`], asking for no refinement (for keys of memoized
    /// results, which need not be settled).
    pub fn peek(&self, value: Value) -> Option<Affine> {
        let quiet = self.quiet.replace(true);
        let form = self.form(value);
        self.quiet.set(quiet);
        form
    }

    /// The ops evaluated here are [`symbolic::is_evaluated`]'s, which
    /// `periodicity::period` models too.
    /// `memo` holds the forms of the values met so far in this evaluation
    /// (a value used twice, as in `x + x`, is evaluated once, so the cost is
    /// that of the expression's DAG, not of its tree).
    fn form_depth(&self, value: Value, depth: usize, memo: &mut HashMap<ValueKey, Option<Affine>>) -> Option<Affine> {
        let key = ValueKey::of(value);
        if let Some(form) = memo.get(&key) {
            return form.clone();
        }
        let form = self.form_uncached(value, depth, memo);
        memo.insert(key, form.clone());
        form
    }

    fn form_uncached(&self, value: Value, depth: usize, memo: &mut HashMap<ValueKey, Option<Affine>>) -> Option<Affine> {
        let key = ValueKey::of(value);
        if let Some(v) = self.values.get(&key) {
            return Some(v.clone());
        }
        if let Some(form) = self.case.as_ref().and_then(|case| case.form_of(key)) {
            return Some(form);
        }
        if depth == 0 {
            return None;
        }
        let op = ir::defining_op(value)?;
        let kind = Upstream::of(op).filter(|k| symbolic::is_evaluated(*k)).map(symbolic::as_arith)?;
        let bits = symbolic::integer_bits(value.r#type())?;
        if matches!(kind, Upstream::ArithConstant | Upstream::LlvmMlirConstant) {
            let constant = ir::int_attr(op, attr::VALUE).or_else(|| ir::bool_attr(op, attr::VALUE).map(i64::from))?;
            return Some(Affine::constant(wrap(i128::from(constant), bits)));
        }
        if kind == Upstream::AffineApply {
            let (expr, dims, values) = slices::affine_apply(op)?;
            let operands: Vec<Option<Affine>> = values.iter().map(|v| self.form_depth(*v, depth - 1, memo)).collect();
            let form = expr.evaluate(self, dims, &operands);
            // An index past 64 bits: the map's value is not representable.
            return form.filter(|f| f.as_constant().is_none_or(|c| i64::try_from(c).is_ok()));
        }
        let operands: Vec<Option<Affine>> = op.operands().map(|v| self.form_depth(v, depth - 1, memo)).collect();
        let operand = |i: usize| -> Option<Affine> { operands.get(i)?.clone() };
        let operand_bits = |i: usize| op.operand_at(i).and_then(|v| symbolic::integer_bits(v.r#type()));
        if kind == Upstream::BuiltinUnrealizedConversionCast {
            // The NVVM conversion's casts between index and i64: the same
            // value (any other cast is not evaluated).
            return (op.operand_count() == 1 && operand_bits(0) == Some(bits)).then(|| operand(0)).flatten();
        }
        let constants = || -> Option<Vec<i128>> { (0..op.operand_count()).map(|i| operand(i)?.as_constant()).collect() };
        if let Some(values) = constants() {
            // Every operand is constant: exact arithmetic at the type's width.
            let source_bits = operand_bits(0).unwrap_or(bits);
            return constant_value(kind, op, value, &values, bits, source_bits).map(Affine::constant);
        }
        let form = self.symbolic(kind, op, bits, &operand, &operand_bits);
        if form.is_none() && !self.quiet.get() && operands.iter().any(|f| f.as_ref().is_some_and(|f| f.as_constant().is_none())) {
            // A value of the arguments the evaluation cannot express (a
            // division by an argument): not the same for every value.
            self.undecided.set(true);
        }
        form
    }

    /// An op of symbolic (affine) operands, within the case.
    fn symbolic<'c>(
        &self,
        kind: Upstream,
        op: OperationRef<'c, '_>,
        bits: u32,
        operand: &dyn Fn(usize) -> Option<Affine>,
        operand_bits: &dyn Fn(usize) -> Option<u32>,
    ) -> Option<Affine> {
        let case = self.case.as_deref()?;
        let wrapped = |form: Option<Affine>| -> Option<Affine> { self.settle(case.wrap(&form?, bits)) };
        let negative = |form: &Affine| self.settle(case.is_negative(form));
        let divisor = || -> Option<i128> { operand(1)?.as_constant().filter(|c| *c != 0) };
        // 2^s for a shift by a constant s below the width (past it: poison).
        let power_of_shift = || -> Option<i128> {
            let shift = operand(1)?.as_constant().filter(|s| (0..i128::from(bits)).contains(s))?;
            Some(1i128 << shift)
        };
        use Upstream::*;
        match kind {
            ArithExtsi => operand(0),
            ArithIndexCast | IndexCasts | ArithTrunci => {
                // A truncation that became a symbol of its own, for this
                // operand form (another iteration's form is another symbol).
                let source = operand(0)?;
                let value = ValueKey::of(op.result_at(0)?);
                match case.fresh_form(value, &source) {
                    Some(form) => Some(form),
                    None => self.settle(case.truncate(&source, bits, value)),
                }
            }
            ArithIndexCastui | IndexCastu | ArithExtui => {
                // Zero extension: a negative value gains 2^source bits.
                let form = operand(0)?;
                let source = operand_bits(0)?;
                let form = if negative(&form)? { form.offset(1i128 << source)? } else { form };
                wrapped(Some(form))
            }
            ArithAddi => wrapped(operand(0)?.add(&operand(1)?)),
            ArithSubi => wrapped(operand(0)?.add(&operand(1)?.negate()?)),
            ArithMuli => {
                let (x, y) = (operand(0)?, operand(1)?);
                let scaled = match (x.as_constant(), y.as_constant()) {
                    (Some(c), _) => y.scale(c),
                    (_, Some(c)) => x.scale(c),
                    _ => None,
                };
                wrapped(scaled)
            }
            ArithShli => wrapped(operand(0)?.scale(power_of_shift()?)),
            ArithDivsi | ArithCeildivsi | ArithFloordivsi | ArithRemsi | ArithShrsi => {
                let x = operand(0)?;
                let c = if kind == ArithShrsi { power_of_shift()? } else { divisor()? };
                self.signed_division(kind, case, &x, c).and_then(|q| wrapped(Some(q)))
            }
            ArithDivui | ArithCeildivui | ArithRemui | ArithShrui => {
                // As unsigned: a negative value is 2^bits more; then the
                // same as signed, for a positive divisor.
                let x = operand(0)?;
                let c = if kind == ArithShrui { power_of_shift()? } else { divisor()? };
                if c < 0 {
                    return None;
                }
                let x = if negative(&x)? { x.offset(1i128 << bits)? } else { x };
                let signed = match kind {
                    ArithCeildivui => ArithCeildivsi,
                    ArithRemui => ArithRemsi,
                    _ => ArithDivsi,
                };
                // The quotient of a value past the signed range (divui by
                // 1) wraps back into it.
                wrapped(self.signed_division(signed, case, &x, c))
            }
            ArithMaxsi | ArithMinsi | ArithMaxui | ArithMinui => {
                let (x, y) = (operand(0)?, operand(1)?);
                let predicate = if matches!(kind, ArithMaxsi | ArithMinsi) { SLT } else { ULT };
                let less = self.compare(case, predicate, &x, &y)?;
                let take_x = less == matches!(kind, ArithMinsi | ArithMinui);
                Some(if take_x { x } else { y })
            }
            ArithSelect => {
                let condition = operand(0)?;
                let zero = self.settle(case.is_zero(&condition))?;
                operand(if zero { 2 } else { 1 })
            }
            ArithCmpi => {
                let predicate = ir::int_attr(op, attr::PREDICATE)?;
                let result = self.compare(case, predicate, &operand(0)?, &operand(1)?)?;
                Some(Affine::constant(if result { -1 } else { 0 }))
            }
            _ => None,
        }
    }

    /// `x / c` (truncating, ceiling or floor) or `x rem c` for a constant
    /// `c != 0`: affine once the case fixes `x` modulo `c` and its sign.
    fn signed_division(&self, kind: Upstream, case: &Case, x: &Affine, c: i128) -> Option<Affine> {
        use Upstream::*;
        let magnitude = c.checked_abs()?;
        if kind == ArithRemsi {
            // x - c * trunc(x / c): a constant once the case fixes x modulo
            // c, affine where the quotient is constant.
            let quotient = self.signed_division(ArithDivsi, case, x, c)?;
            return x.add(&quotient.scale(c)?.negate()?);
        }
        // Divide by a positive divisor: x / c = (-x) / (-c).
        let x = if c < 0 { x.negate()? } else { x.clone() };
        let floor = || self.settle(case.floor_div(&x, magnitude));
        let ceil = || self.settle(case.floor_div(&x.negate()?, magnitude))?.negate();
        match kind {
            ArithFloordivsi | ArithShrsi => floor(),
            ArithCeildivsi => ceil(),
            // Truncation: toward zero.
            ArithDivsi if self.settle(case.is_negative(&x))? => ceil(),
            ArithDivsi => floor(),
            _ => None,
        }
    }

    /// `x <predicate> y` (an `arith.cmpi` predicate), the same over the case.
    fn compare(&self, case: &Case, predicate: i64, x: &Affine, y: &Affine) -> Option<bool> {
        let (mut predicate, mut x, mut y) = (predicate, x.clone(), y.clone());
        if predicate >= ULT {
            // Unsigned: the same as signed when both have the same sign;
            // otherwise the negative one is the greater.
            let (nx, ny) = (self.settle(case.is_negative(&x))?, self.settle(case.is_negative(&y))?);
            if nx != ny {
                let x_greater = nx;
                return Some(match predicate {
                    ULT | ULE => !x_greater,
                    _ => x_greater,
                });
            }
            predicate -= ULT - SLT;
        }
        if matches!(predicate, SGT | SGE) {
            std::mem::swap(&mut x, &mut y);
            predicate = if predicate == SGT { SLT } else { SLE };
        }
        let difference = x.add(&y.negate()?)?;
        match predicate {
            EQ => self.settle(case.is_zero(&difference)),
            NE => self.settle(case.is_zero(&difference)).map(|zero| !zero),
            SLT => self.settle(case.is_negative(&difference)),
            SLE => self.settle(case.is_negative(&difference.offset(-1)?)),
            _ => None,
        }
    }
}

/// How deep an expression the evaluation follows (the pipeliner's slot
/// expressions for a run-time trip count, uncanonicalized, are 9 deep).
const EVAL_DEPTH: usize = 64;

use crate::passes::ir::upstream::cmpi::{EQ, NE, SGE, SGT, SLE, SLT, UGE, UGT, ULE, ULT};

/// `value` as a signed `bits`-bit integer (two's complement wrap).
fn wrap(value: i128, bits: u32) -> i128 {
    let (span, half) = (1i128 << bits, 1i128 << (bits - 1));
    (value + half).rem_euclid(span) - half
}

/// `value` (a signed `bits`-bit integer) read as unsigned.
fn unsigned(value: i128, bits: u32) -> i128 {
    value.rem_euclid(1i128 << bits)
}

/// An op that [`Bindings`] evaluates, prepared to be applied to many sets
/// of constant operands (one a thread: [`Self::apply`]) at the cost of the
/// arithmetic alone; None for the ops whose value needs more than their
/// operands' (`affine.apply`, constants, casts through
/// `unrealized_conversion_cast`), which [`Bindings::eval`] computes.
pub struct Concrete<'c, 'a> {
    op: OperationRef<'c, 'a>,
    value: Value<'c, 'a>,
    kind: Upstream,
    bits: u32,
    source_bits: u32,
}

impl<'c, 'a> Concrete<'c, 'a> {
    pub fn of(value: Value<'c, 'a>) -> Option<Self> {
        let op = ir::defining_op(value)?;
        let kind = Upstream::of(op).filter(|k| symbolic::is_evaluated(*k)).map(symbolic::as_arith)?;
        if matches!(kind, Upstream::ArithConstant | Upstream::LlvmMlirConstant | Upstream::AffineApply | Upstream::BuiltinUnrealizedConversionCast) {
            return None;
        }
        let bits = symbolic::integer_bits(value.r#type())?;
        let source_bits = op.operand_at(0).and_then(|v| symbolic::integer_bits(v.r#type())).unwrap_or(bits);
        Some(Concrete { op, value, kind, bits, source_bits })
    }

    /// The op's value for constant operands `values` (each wrapped to its
    /// type, as [`Bindings`] holds them).
    pub fn apply(&self, values: &[i128]) -> Option<i64> {
        constant_value(self.kind, self.op, self.value, values, self.bits, self.source_bits).and_then(|v| i64::try_from(v).ok())
    }
}

/// Op `op` of kind `kind` (as [`symbolic::as_arith`] reads it), result
/// `value`, on constant operands `values`: the index (de)linearizations,
/// or [`concrete`]'s arithmetic.
fn constant_value(kind: Upstream, op: OperationRef, value: Value, values: &[i128], bits: u32, source_bits: u32) -> Option<i128> {
    if matches!(kind, Upstream::AffineDelinearizeIndex | Upstream::AffineLinearizeIndex) {
        return linearization(op, kind, values, value);
    }
    let (a, b) = (values.first().copied().unwrap_or(0), values.get(1).copied().unwrap_or(0));
    concrete(kind, op, values, a, b, bits, source_bits)
}

/// `affine.delinearize_index` (result `value`) or `affine.linearize_index`
/// of constant operands `values`: the basis is `static_basis`, its dynamic
/// entries the trailing operands; None past 64 bits, for a basis entry
/// that is not positive, or a negative linear index.
fn linearization(op: OperationRef, kind: Upstream, values: &[i128], value: Value) -> Option<i128> {
    let statics = ir::dense_i64_attr(op, "static_basis")?;
    let dynamic = statics.iter().filter(|b| **b == i64::MIN).count();
    let inputs = values.len().checked_sub(dynamic)?;
    let mut trailing = values[inputs..].iter();
    let basis: Vec<i128> = statics.iter().map(|b| if *b == i64::MIN { trailing.next().copied() } else { Some(i128::from(*b)) }).collect::<Option<_>>()?;
    if basis.iter().any(|b| *b <= 0) {
        return None;
    }
    let fits = |v: i128| i64::try_from(v).is_ok().then_some(v);
    if kind == Upstream::AffineLinearizeIndex {
        // Σ index_i * Π basis_{i+1..}; the basis may omit the outer bound.
        let indices = &values[..inputs];
        let skip = basis.len().checked_sub(indices.len())?;
        let mut sum = 0i128;
        for (i, index) in indices.iter().enumerate() {
            let stride = basis.iter().skip(skip + i + 1).try_fold(1i128, |p, b| p.checked_mul(*b))?;
            sum = sum.checked_add(index.checked_mul(stride)?)?;
        }
        return fits(sum);
    }
    let linear = *values.first()?;
    if inputs != 1 || linear < 0 {
        return None;
    }
    let number = melior::ir::operation::OperationResult::try_from(value).ok()?.result_number();
    // Results: one per basis entry, or one more when the outer bound is
    // omitted; result i is linear / Π basis after it, modulo its own
    // entry (the outermost, unbounded, is not reduced).
    let results = op.result_count();
    let skip = results.checked_sub(basis.len())?;
    let below: i128 = basis.iter().skip((number + 1).saturating_sub(skip)).try_fold(1i128, |p, b| p.checked_mul(*b))?;
    let quotient = linear / below;
    let result = if number == 0 { quotient } else { quotient % basis[number - skip] };
    fits(result)
}

/// An evaluated op on constant operands (`values`; `a` and `b` the first
/// two), with its result's width `bits` and its first operand's
/// `source_bits` (a cast's source, a comparison's operands): MLIR's
/// semantics, None where they are poison or undefined (division by zero,
/// `i64::MIN / -1`, shifts past the width).
#[allow(clippy::too_many_arguments)]
fn concrete(kind: Upstream, op: OperationRef, values: &[i128], a: i128, b: i128, bits: u32, source_bits: u32) -> Option<i128> {
    use Upstream::*;
    let (min, _) = symbolic::signed_range(bits);
    let shift = || (0..i128::from(bits)).contains(&b).then_some(b as u32);
    let result = match kind {
        ArithIndexCast | IndexCasts | ArithExtsi | ArithTrunci => a,
        ArithIndexCastui | IndexCastu | ArithExtui => unsigned(a, source_bits),
        ArithAddi => a + b,
        ArithSubi => a - b,
        ArithMuli => a.checked_mul(b)?,
        ArithDivsi | ArithCeildivsi | ArithFloordivsi | ArithRemsi => {
            if b == 0 || (a == min && b == -1) {
                return None;
            }
            match kind {
                ArithDivsi => a / b,
                ArithCeildivsi => symbolic::ceil_div(a, b),
                ArithFloordivsi => symbolic::floor_div(a, b),
                _ => a % b,
            }
        }
        ArithDivui | ArithCeildivui | ArithRemui => {
            let (x, y) = (unsigned(a, bits), unsigned(b, bits));
            if y == 0 {
                return None;
            }
            match kind {
                ArithDivui => x / y,
                ArithCeildivui => symbolic::ceil_div(x, y),
                _ => x % y,
            }
        }
        ArithShli => a << shift()?,
        ArithShrsi => a >> shift()?,
        ArithShrui => unsigned(a, bits) >> shift()?,
        ArithAndi => a & b,
        ArithOri => a | b,
        ArithXori => a ^ b,
        ArithMaxsi => a.max(b),
        ArithMinsi => a.min(b),
        ArithMaxui | ArithMinui => {
            let less = unsigned(a, bits) < unsigned(b, bits);
            if less == (kind == ArithMinui) {
                a
            } else {
                b
            }
        }
        ArithSelect => {
            if a != 0 {
                *values.get(1)?
            } else {
                *values.get(2)?
            }
        }
        ArithCmpi => {
            let (ua, ub) = (unsigned(a, source_bits), unsigned(b, source_bits));
            let holds = match ir::int_attr(op, attr::PREDICATE)? {
                EQ => a == b,
                NE => a != b,
                SLT => a < b,
                SLE => a <= b,
                SGT => a > b,
                SGE => a >= b,
                ULT => ua < ub,
                ULE => ua <= ub,
                UGT => ua > ub,
                UGE => ua >= ub,
                _ => return None,
            };
            if holds {
                -1
            } else {
                0
            }
        }
        _ => return None,
    };
    Some(wrap(result, bits))
}

/// Runs an `scf.if` over an abstract state: the branch `taken` when the
/// condition is known (see [`Bindings::taken_branch`]), otherwise both
/// branches from the same state, joined with `join`.
pub fn visit_if<'c, 'a, S: Clone>(
    op: OperationRef<'c, 'a>,
    taken: Option<usize>,
    state: &mut S,
    run: &mut dyn FnMut(BlockRef<'c, 'a>, &mut S),
    join: impl FnOnce(&mut S, &S),
) {
    if let Some(index) = taken {
        if let Some(block) = ir::region_entry(op, index) {
            run(block, state);
        }
        return;
    }
    let mut else_state = state.clone();
    if let Some(block) = ir::region_entry(op, 0) {
        run(block, state);
    }
    if let Some(block) = ir::region_entry(op, 1) {
        run(block, &mut else_state);
    }
    join(state, &else_state);
}

/// The states at the top of the iterations of a loop simulated so far, to
/// find the cycle the loop's state enters: an iteration that starts from a
/// state seen before repeats what followed it (when no branch depends on
/// the induction variable, [`Bindings::depends_on_induction`]), so the rest
/// of the loop costs nothing whatever its trip count.
pub struct Cycle<S> {
    /// The states in order, and where each first appears.
    states: Vec<S>,
    seen: ir::KeyMap<S, usize>,
}

impl<S: Clone + Eq + std::hash::Hash> Cycle<S> {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Self { states: Vec::new(), seen: ir::KeyMap::default() }
    }

    /// Records `state`, at the top of the next iteration; returns true, and
    /// records nothing, when it repeats an earlier one.
    pub fn repeats(&mut self, state: &S) -> bool {
        if self.seen.contains_key(state) {
            return true;
        }
        self.seen.insert(state.clone(), self.states.len());
        self.states.push(state.clone());
        false
    }

    /// After `repeats(state)` was true: the iteration at which the cycle
    /// starts (the first `state`) and its length.
    pub fn span(&self, state: &S) -> (u64, u64) {
        let first = self.seen[state];
        (first as u64, (self.states.len() - first) as u64)
    }

    /// After `repeats(state)` was true: the state at the top of iteration
    /// `trips` (its place in the cycle from the first `state` to now).
    pub fn state_at(mut self, state: &S, trips: u64) -> S {
        let (first, length) = self.span(state);
        self.states.swap_remove((first + (trips - first) % length) as usize)
    }
}

/// Affine maps over forms in the case's arguments: sums and products by
/// constants; divisions of a symbolic form as the case settles them.
impl slices::AffineDomain for Bindings {
    type Value = Affine;

    fn constant(&self, value: i128) -> Option<Affine> {
        Some(Affine::constant(value))
    }

    fn as_constant(&self, value: &Affine) -> Option<i128> {
        value.as_constant()
    }

    fn add(&self, a: &Affine, b: &Affine) -> Option<Affine> {
        a.add(b)
    }

    fn scale(&self, a: &Affine, factor: i128) -> Option<Affine> {
        a.scale(factor)
    }

    fn divide(&self, x: &Affine, division: slices::Division, c: i128) -> Option<Affine> {
        let case = self.case.as_deref()?;
        match division {
            slices::Division::Floor => self.settle(case.floor_div(x, c)),
            slices::Division::Ceil => self.settle(case.floor_div(&x.negate()?, c))?.negate(),
            slices::Division::Mod => {
                let quotient = self.settle(case.floor_div(x, c))?;
                x.add(&quotient.scale(c)?.negate()?)
            }
        }
    }
}

/// The values the conditions of the `scf.if`s among `inside` (a region op's
/// nested ops) are computed from: where their backward slices start (block
/// arguments, results of ops with regions), sorted. A memoized analysis of
/// the region op depends on the bindings of these only
/// ([`Bindings::snapshot_of`]).
pub fn condition_inputs(inside: &[OperationRef]) -> Vec<ValueKey> {
    let mut inputs = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut work: Vec<Value> = inside.iter().filter(|op| Upstream::ScfIf.is(**op)).filter_map(|op| op.operand_at(0)).collect();
    while let Some(value) = work.pop() {
        if !seen.insert(ValueKey::of(value)) {
            continue;
        }
        match ir::defining_op(value) {
            Some(def) if def.region_count() == 0 => work.extend(def.operands()),
            _ => inputs.push(ValueKey::of(value)),
        }
    }
    inputs.sort();
    inputs.dedup();
    inputs
}
