//! Which registers a pending NVVM-level accumulator holds. A
//! `wgmma.mma_async` may take as its accumulator (`inouts`) the result of
//! an earlier one still in flight: wgmma orders accumulation into the same
//! registers. That holds only for the same registers in the same order. An
//! `inouts` struct assembled (`llvm.insertvalue`) from fields of two
//! accumulators, from fields moved to other positions, or from a value a
//! later wgmma has already accumulated onto in place, makes the wgmma
//! read registers another wgmma is still writing.
//!
//! Each pending struct value has a layout: for each field path, the
//! accumulator chain (the wgmma that began it) and the register index, or
//! stale (a later wgmma of the chain has overwritten it). A wgmma's
//! pending `inouts` must be one chain's registers, whole and in order;
//! its result continues the chain, whose older values become stale.
//!
//! A thread's own `memref.alloca` holding an accumulator (as
//! asyncpipe-lower-mma keeps it, loaded into the struct before the chain
//! and stored back after it) is registers too: LLVM's SROA makes its
//! loads and stores the values themselves. A `memref.store` of a pending
//! value into it at constant indices, and a `memref.load` back, move
//! registers (no read); the alloca's layout is by its indices. Any other
//! access to it while it holds pending registers reads them.

use crate::passes::ir::positions::OpPositions;
use super::*;

impl State {
    /// The layouts, to change (shared with the states copied from this one
    /// until then).
    fn layouts_mut(&mut self) -> &mut BTreeMap<ValueKey, Rc<Layout>> {
        Rc::make_mut(&mut self.layouts)
    }
}

/// One field of a pending accumulator value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Leaf {
    /// Register `index` of the chain begun by wgmma `chain`.
    Live { chain: OpKey, index: usize },
    /// A register a later wgmma of its chain has accumulated onto.
    Stale,
}

/// The fields of a value: field path to leaf.
pub(super) type Layout = BTreeMap<Vec<i64>, Leaf>;

/// The number of top-level fields of an LLVM struct type (None: not one).
fn struct_fields(ty: Type) -> Option<usize> {
    let text = ty.to_string();
    let inner = text.strip_prefix("!llvm.struct<(")?.strip_suffix(")>")?;
    if inner.trim().is_empty() {
        return Some(0);
    }
    let mut depth = 0i32;
    let mut fields = 1;
    for c in inner.chars() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth == 0 => fields += 1,
            _ => {}
        }
    }
    Some(fields)
}

impl<'c, 'a> Model<'c, 'a> {
    /// The accumulator of NVVM wgmma `op`: its pending `inouts` (if any)
    /// must be one chain's registers, whole and in order; the result
    /// continues that chain (or begins one), and the chain's older values
    /// become stale: returned, they stay pending with the new wgmma's group
    /// (a compiler keeps an older value apart from registers accumulated
    /// onto in place by copying it while its wgmma is in flight). None when
    /// it reported.
    pub(super) fn accumulate(&mut self, op: OperationRef<'c, 'a>, state: &mut State) -> Option<Vec<ValueKey>> {
        let Ok(result) = op.result(0) else { return Some(Vec::new()) };
        let result_value = Value::from(result);
        let inouts = op.operands().find(|v| !v.r#type().is_integer());
        let pending_in = inouts.and_then(|x| {
            let key = ValueKey::of(x);
            state.wgmma.iter().find(|g| g.registers.contains(&key)).map(|g| (key, g.op))
        });
        let fields = struct_fields(result_value.r#type());
        let chain = match pending_in {
            None => OpKey::of(op),
            Some((key, group)) => {
                let layout = state.layouts.get(&key);
                let chain = match (layout, fields) {
                    (Some(layout), Some(n)) => Self::whole_chain(layout, n),
                    _ => None,
                };
                let Some(chain) = chain else {
                    self.report(
                        op,
                        "reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it: this wgmma's accumulator operand is not one pending accumulator's registers, whole and in order (fields of other accumulators, moved, or already accumulated onto by a later wgmma)".into(),
                        Some((group, "the warpgroup MMA".into())),
                    );
                    return None;
                };
                chain
            }
        };
        let mut older = Vec::new();
        let holding: Vec<ValueKey> =
            state.layouts.iter().filter(|(_, layout)| layout.values().any(|leaf| matches!(leaf, Leaf::Live { chain: c, .. } if *c == chain))).map(|(key, _)| *key).collect();
        let layouts = state.layouts_mut();
        for key in &holding {
            let Some(layout) = layouts.get_mut(key) else { continue };
            for leaf in Rc::make_mut(layout).values_mut() {
                if matches!(leaf, Leaf::Live { chain: c, .. } if *c == chain) {
                    *leaf = Leaf::Stale;
                    if pending_in.is_some() && older.last() != Some(key) {
                        older.push(*key);
                    }
                }
            }
        }
        let key = ValueKey::of(result_value);
        match fields {
            Some(n) => {
                state.layouts_mut().insert(key, (0..n).map(|i| (vec![i as i64], Leaf::Live { chain, index: i })).collect::<Layout>().into());
            }
            None => {
                state.layouts_mut().remove(&key);
            }
        }
        Some(older)
    }

    /// The chain whose registers `0..n` the layout holds, at fields `0..n`
    /// in order.
    fn whole_chain(layout: &Layout, n: usize) -> Option<OpKey> {
        if layout.len() != n {
            return None;
        }
        let mut chain = None;
        for (i, (path, leaf)) in layout.iter().enumerate() {
            let Leaf::Live { chain: c, index } = leaf else { return None };
            if path.as_slice() != [i as i64] || *index != i || chain.is_some_and(|k| k != *c) {
                return None;
            }
            chain = Some(*c);
        }
        chain
    }

    /// The layout of the result of `llvm.insertvalue` or
    /// `llvm.extractvalue` `op` from its operands'.
    pub(super) fn pack_layout(op: OperationRef<'c, 'a>, state: &mut State) {
        let Ok(result) = op.result(0) else { return };
        let key = ValueKey::of(Value::from(result));
        let Some(position) = ir::dense_i64_attr(op, attr::POSITION) else {
            state.layouts_mut().remove(&key);
            return;
        };
        // (Read in place: an accumulator struct's fields are extracted one
        // by one, and copying the whole layout for each made that
        // quadratic in the fields.)
        let layout_of = |i: usize| op.operand_at(i).and_then(|v| state.layouts.get(&ValueKey::of(v)));
        let layout: Layout = if Upstream::LlvmInsertvalue.is(op) {
            // Operands: the container, then the value put at `position`.
            let mut layout: Layout = layout_of(0).map(|l| l.iter().filter(|(path, _)| !path.starts_with(&position)).map(|(path, leaf)| (path.clone(), *leaf)).collect()).unwrap_or_default();
            for (path, leaf) in layout_of(1).into_iter().flat_map(|l| l.iter()) {
                layout.insert(position.iter().chain(path).copied().collect(), *leaf);
            }
            layout
        } else {
            layout_of(0)
                .map(|l| l.range(position.clone()..).take_while(|(path, _)| path.starts_with(&position)).map(|(path, leaf)| (path[position.len()..].to_vec(), *leaf)).collect())
                .unwrap_or_default()
        };
        if layout.is_empty() {
            state.layouts_mut().remove(&key);
        } else {
            state.layouts_mut().insert(key, layout.into());
        }
    }

    /// Values `to[i]` take `from[i]`'s layouts (a loop's carried values,
    /// an `scf.if`'s results), or none when `from` disagree: each `to[i]`
    /// with a list of candidates, all of which must agree.
    pub(super) fn carry_layouts(state: &mut State, to: &[ValueKey], from: &[Vec<ValueKey>]) {
        let new: Vec<Option<Rc<Layout>>> = from
            .iter()
            .map(|candidates| {
                let mut layouts = candidates.iter().map(|f| state.layouts.get(f).cloned());
                let first = layouts.next().flatten()?;
                layouts.all(|l| l.as_ref() == Some(&first)).then_some(first)
            })
            .collect();
        for (t, layout) in to.iter().zip(new) {
            match layout {
                Some(layout) => state.layouts_mut().insert(*t, layout),
                None => state.layouts_mut().remove(t),
            };
        }
    }

    /// After a `wgmma.wait_group`: values no group holds pending lose their
    /// layouts (their registers are complete).
    pub(super) fn prune_layouts(state: &mut State) {
        let pending: BTreeSet<ValueKey> = state.wgmma.iter().flat_map(|g| g.registers.iter().copied()).collect();
        state.layouts_mut().retain(|key, _| pending.contains(key));
    }
}

impl<'c, 'a> Model<'c, 'a> {
    /// The thread-private allocation (`memref.alloca`, not workgroup
    /// memory) that `memref.store`/`memref.load` `op` accesses at constant
    /// indices: the alloca and the indices.
    pub(super) fn register_slot(&self, op: OperationRef<'c, 'a>, memref_at: usize) -> Option<(ValueKey, Vec<i64>)> {
        let memref = op.operand_at(memref_at)?;
        let alloca = ir::defining_op(memref).filter(|d| Upstream::MemrefAlloca.is(*d))?;
        if Self::is_workgroup(memref) || alloca.operand_count() != 0 {
            return None;
        }
        let indices = op.operands().skip(memref_at + 1).map(|i| self.eval(i)).collect::<Option<Vec<i64>>>()?;
        Some((ValueKey::of(memref), indices))
    }

    /// Whether any warpgroup MMA group holds `key` pending.
    fn holds(state: &State, key: ValueKey) -> bool {
        state.wgmma.iter().any(|g| g.registers.contains(&key))
    }

    /// `memref.store` and `memref.load` of accumulator registers kept in a
    /// thread's alloca ([module docs](self)): true when `op` is one (and is
    /// handled here).
    pub(super) fn moves_registers(op: OperationRef<'c, 'a>, model: &Self, state: &mut State) -> bool {
        if Upstream::MemrefStore.is(op) {
            let (Ok(value), Some((alloca, indices))) = (op.operand(0), model.register_slot(op, 1)) else { return false };
            let value = ValueKey::of(value);
            let pending = Self::holds(state, value);
            if !pending && !Self::holds(state, alloca) {
                return false;
            }
            // A pending value of unknown layout moves as a stale slot: still
            // pending, and no wgmma's whole accumulator.
            let moved: Layout = match state.layouts.get(&value) {
                Some(l) => l.iter().map(|(path, leaf)| (indices.iter().chain(path).copied().collect(), *leaf)).collect(),
                None if pending => Layout::from([(indices.clone(), Leaf::Stale)]),
                None => Layout::new(),
            };
            state.scalars.retain(|(a, _), _| *a != alloca);
            let layout = Rc::make_mut(state.layouts_mut().entry(alloca).or_default());
            layout.retain(|path, _| !path.starts_with(&indices));
            layout.extend(moved);
            if pending {
                state.register_allocas.insert(alloca);
                for group in &mut state.wgmma {
                    if group.registers.contains(&value) {
                        group.registers.insert(alloca);
                    }
                }
            }
            return true;
        }
        if Upstream::MemrefLoad.is(op) {
            let (Ok(result), Some((alloca, indices))) = (op.result(0), model.register_slot(op, 0)) else { return false };
            if !Self::holds(state, alloca) {
                return false;
            }
            let result = ValueKey::of(Value::from(result));
            let layout: Layout = state
                .layouts
                .get(&alloca)
                .map(|l| l.iter().filter_map(|(path, leaf)| path.strip_prefix(indices.as_slice()).map(|rest| (rest.to_vec(), *leaf))).collect())
                .unwrap_or_default();
            if layout.is_empty() {
                // A slot no pending value was moved into.
                state.layouts_mut().remove(&result);
                for group in &mut state.wgmma {
                    group.registers.remove(&result);
                }
                return true;
            }
            state.layouts_mut().insert(result, layout.into());
            for group in &mut state.wgmma {
                if group.registers.contains(&alloca) {
                    group.registers.insert(result);
                }
            }
            return true;
        }
        false
    }
}
