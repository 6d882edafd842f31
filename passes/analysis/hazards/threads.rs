//! Accesses evaluated per thread: at block scope, an element access whose
//! index is a thread id through divisions, remainders or bit operations (a
//! tensor-core fragment's layout, `lane / 4` and `lane % 4 * 2`; upstream's
//! NVVM conversion's `llvm.udiv` of `tid.x`) is no thread form
//! ([`thread_scope::thread_form`]). Its first indices are evaluated for
//! each thread of the declared block ([`ThreadTable`]), cached per index and
//! values of what it depends on, and two threads' accesses are apart when
//! no pair of distinct threads' boxes meet ([`Checker::apart`]).

use super::*;
use crate::passes::analysis::const_eval::Concrete;

/// A value in each thread of the block (None: unknown in some thread).
pub(super) type Column = Option<Rc<Vec<i64>>>;

/// Per linear thread `t` of the block, the first index of each dimension
/// of an access: `starts[t * rank + d]`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct ThreadTable {
    pub(super) rank: usize,
    pub(super) starts: Rc<Vec<i64>>,
    /// The threads in the order of their first dimension's start.
    order: Rc<Vec<u32>>,
}

impl ThreadTable {
    pub(super) fn new(rank: usize, starts: Vec<i64>) -> Self {
        let threads = starts.len() / rank.max(1);
        let mut order: Vec<u32> = (0..threads as u32).collect();
        if rank > 0 {
            order.sort_by_key(|&t| starts[t as usize * rank]);
        }
        ThreadTable { rank, starts: Rc::new(starts), order: Rc::new(order) }
    }

    pub(super) fn threads(&self) -> usize {
        self.starts.len() / self.rank.max(1)
    }

    pub(super) fn start(&self, t: usize) -> &[i64] {
        &self.starts[t * self.rank..(t + 1) * self.rank]
    }
}

impl Slice {
    /// Each thread's first indices, for a slice of `threads` threads of a
    /// block of `shape` (all known): its table, or its starts' thread forms
    /// evaluated; None when a start or an extent is unknown.
    fn table(&self, shape: &BlockShape, threads: usize) -> Option<ThreadTable> {
        if self.0.iter().any(|(_, extent)| extent.is_none()) {
            return None;
        }
        if let Some(table) = &self.3 {
            return (table.rank == self.0.len() && table.threads() == threads).then(|| table.clone());
        }
        let [x, y, _] = shape.0.map(|s| s.unwrap_or(1));
        let mut starts = Vec::with_capacity(threads * self.0.len());
        for t in 0..threads as i64 {
            let id = [t % x, (t / x) % y, t / (x * y)];
            for (d, (start, _)) in self.0.iter().enumerate() {
                let terms = self.threads(d).0;
                let moved = (0..3).try_fold(i128::from((*start)?), |sum, k| Some(sum + i128::from(terms[k]) * i128::from(id[k])))?;
                starts.push(i64::try_from(moved).ok()?);
            }
        }
        Some(ThreadTable::new(self.0.len(), starts))
    }

}

impl<'c, 'a> Checker<'c, 'a> {
    /// Block scope: per thread of the block (its shape known, at most
    /// [`MAX_TABLE_THREADS`] threads), the first indices of an access whose
    /// indices are `values`, of thread forms `forms` where they have one
    /// (computed from the form) and evaluated per thread where not (the
    /// thread and lane ids bound, the rest as the analysis knows them:
    /// [`Self::index_per_thread`]); None when one is unknown for some
    /// thread, or no index without a form depends on the thread.
    pub(super) fn thread_table(&self, values: &[Value], forms: &[(Option<i64>, ThreadTerms)]) -> Option<ThreadTable> {
        if !self.function.block_scope || self.function.thread_values.is_empty() {
            return None;
        }
        let unknown = values.iter().zip(forms).filter(|(_, (start, _))| start.is_none());
        if !unknown.clone().any(|(v, _)| self.function.varying.contains(&ValueKey::of(*v))) {
            return None;
        }
        let [x, y, z] = self.function.shape.0;
        let (x, y) = (x?, y?);
        let size = x.checked_mul(y)?.checked_mul(z?)?;
        if !(1..=MAX_TABLE_THREADS).contains(&size) {
            return None;
        }
        let size = size as usize;
        let columns: Vec<Rc<Vec<i64>>> = values
            .iter()
            .zip(forms)
            .map(|(value, (start, terms))| match start {
                Some(start) => {
                    let column = (0..size as i64).map(|t| {
                        let id = [t % x, (t / x) % y, t / (x * y)];
                        let moved = (0..3).fold(i128::from(*start), |sum, k| sum + i128::from(terms.0[k]) * i128::from(id[k]));
                        i64::try_from(moved).ok()
                    });
                    column.collect::<Option<Vec<i64>>>().map(Rc::new)
                }
                None => self.index_per_thread(*value, size, x, y),
            })
            .collect::<Option<_>>()?;
        let rank = values.len();
        let mut starts = Vec::with_capacity(size * rank);
        for t in 0..size {
            starts.extend(columns.iter().map(|c| c[t]));
        }
        Some(ThreadTable::new(rank, starts))
    }

    /// The value of `index` in each of the block's `size` threads (x by y
    /// threads a plane), evaluated with the thread and lane ids bound. Kept
    /// per index and values of the bound values it depends on (its leaves:
    /// a fragment layout's indices depend on the thread alone, and are
    /// evaluated once in a function).
    fn index_per_thread(&self, index: Value, size: usize, x: i64, y: i64) -> Column {
        let leaves = self
            .leaves
            .borrow_mut()
            .entry(ValueKey::of(index))
            .or_insert_with(|| Rc::new(index_leaves(index, &self.function.thread_values)))
            .clone();
        let key = (ValueKey::of(index), leaves.iter().map(|leaf| self.bindings.lookup(*leaf)).collect::<Vec<_>>());
        if let Some(column) = self.columns.borrow().get(&key) {
            return column.clone();
        }
        let column = self.column(index, size, x, y, &mut HashMap::new(), EVALUATION_DEPTH).0;
        self.columns.borrow_mut().insert(key, column.clone());
        column
    }

    /// `value` in each thread, computed op by op over whole columns (each
    /// op evaluated once a thread with its operands' values bound, not the
    /// tree below it): a thread or lane id's column, a value the same in
    /// every thread as the analysis knows it, or an op [`Bindings`]
    /// evaluates of such columns. Also whether it depends on the thread and
    /// constants alone: such columns are kept for the function
    /// ([`Checker::thread_columns`]; a fragment layout's shared
    /// subexpressions), others for this index (`memo`).
    fn column(&self, value: Value, size: usize, x: i64, y: i64, memo: &mut HashMap<ValueKey, (Column, bool)>, depth: usize) -> (Column, bool) {
        let key = ValueKey::of(value);
        if let Some(found) = self.thread_columns.borrow().get(&key) {
            return (found.clone(), true);
        }
        if let Some(found) = memo.get(&key) {
            return found.clone();
        }
        let found = (|| {
            if let Some(&(_, dimension)) = self.function.thread_values.iter().find(|(v, _)| *v == key) {
                let ids = (0..size as i64).map(|t| dimension.map_or(t % 32, |d| [t % x, (t / x) % y, t / (x * y)][d]));
                return (Some(Rc::new(ids.collect())), true);
            }
            if !self.function.varying.contains(&key) {
                let constant = ir::defining_op(value).is_some_and(|op| matches!(Upstream::of(op), Some(Upstream::ArithConstant | Upstream::LlvmMlirConstant)));
                return (self.bindings.eval(value).map(|c| Rc::new(vec![c; size])), constant);
            }
            let Some(op) = ir::defining_op(value).filter(|op| depth > 0 && Upstream::of(*op).is_some_and(symbolic::is_evaluated)) else {
                return (None, false);
            };
            let mut pure = true;
            let mut operands = Vec::new();
            for operand in op.operands() {
                let (column, operand_pure) = self.column(operand, size, x, y, memo, depth - 1);
                let Some(column) = column else { return (None, false) };
                pure &= operand_pure;
                operands.push(column);
            }
            let column = match Concrete::of(value) {
                Some(concrete) => {
                    let mut values = vec![0i128; operands.len()];
                    (0..size)
                        .map(|t| {
                            for (v, column) in values.iter_mut().zip(&operands) {
                                *v = i128::from(column[t]);
                            }
                            concrete.apply(&values)
                        })
                        .collect::<Option<Vec<i64>>>()
                }
                None => {
                    let mut bindings = Bindings::default();
                    (0..size)
                        .map(|t| {
                            for (operand, column) in op.operands().zip(&operands) {
                                bindings.bind(operand, column[t]);
                            }
                            bindings.eval(value)
                        })
                        .collect::<Option<Vec<i64>>>()
                }
            };
            (column.map(Rc::new), pure)
        })();
        if found.1 {
            self.thread_columns.borrow_mut().insert(key, found.0.clone());
        } else {
            memo.insert(key, found.clone());
        }
        found
    }

    /// Block scope: whether slices `a` and `b` of one buffer, as two
    /// different threads access them, never share an element: by their
    /// thread forms ([`thread_scope::disjoint_across_threads`]), else,
    /// when one was evaluated per thread, by comparing every pair of
    /// threads (sorted by the first dimension's start).
    pub(super) fn apart(&self, a: &Slice, b: &Slice) -> bool {
        let shape = &self.function.shape;
        if thread_scope::disjoint_across_threads(&a.spans(), &b.spans(), shape) {
            return true;
        }
        if a.3.is_none() && b.3.is_none() || a.0.len() != b.0.len() {
            return false;
        }
        let Some(size) = shape.0.iter().try_fold(1i64, |n, s| n.checked_mul((*s)?)).filter(|n| (1..=MAX_TABLE_THREADS).contains(n)) else {
            return false;
        };
        let (Some(p), Some(q)) = (a.table(shape, size as usize), b.table(shape, size as usize)) else { return false };
        let extent = |s: &Slice, d: usize| s.0[d].1.unwrap_or(i64::MAX);
        let rank = a.0.len();
        if rank == 0 {
            return false;
        }
        let order = &p.order;
        let meet = |x: i64, ex: i64, y: i64, ey: i64| i128::from(x) < i128::from(y) + i128::from(ey) && i128::from(y) < i128::from(x) + i128::from(ex);
        for u in 0..q.threads() {
            let other = q.start(u);
            // The threads of `a` whose first-dimension span can meet u's:
            // those starting below its end, from the first whose span
            // reaches its start.
            let low = i128::from(other[0]) - i128::from(extent(a, 0));
            let first = order.partition_point(|&t| i128::from(p.start(t as usize)[0]) <= low);
            for &t in &order[first..] {
                let t = t as usize;
                let mine = p.start(t);
                if i128::from(mine[0]) >= i128::from(other[0]) + i128::from(extent(b, 0)) {
                    break;
                }
                if t != u && (1..rank).all(|d| meet(mine[d], extent(a, d), other[d], extent(b, d))) {
                    return false;
                }
            }
        }
        true
    }

}

/// The values `index` is computed from, through the ops [`Bindings`]
/// evaluates, that are not its thread and lane ids (`thread_values`):
/// block arguments (induction variables), and results of other ops.
/// How deep [`Checker::column`] follows an index's definitions.
const EVALUATION_DEPTH: usize = 32;

pub(super) fn index_leaves(index: Value, thread_values: &[(ValueKey, Option<usize>)]) -> Vec<ValueKey> {
    let mut leaves = Vec::new();
    let mut seen = HashSet::new();
    let mut stack = vec![index];
    while let Some(value) = stack.pop() {
        let key = ValueKey::of(value);
        if !seen.insert(key) || thread_values.iter().any(|(v, _)| *v == key) {
            continue;
        }
        match ir::defining_op(value).filter(|op| Upstream::of(*op).is_some_and(symbolic::is_evaluated)) {
            Some(op) => stack.extend(op.operands()),
            None => leaves.push(key),
        }
    }
    leaves
}

/// The largest block whose accesses are evaluated per thread
/// ([`ThreadTable`]).
const MAX_TABLE_THREADS: i64 = 1024;

