//! A thread's own integers kept in memory: a `memref.alloca` of an integer
//! or `index` element that every thread stores the same value into, as
//! asyncpipe's bulk queues keep their mbarrier ring's counter (the groups
//! committed so far, from which each wait takes its slot and parity). A
//! `memref.store` of a value the model evaluates, by every thread of the
//! block, records it in the state; a `memref.load` of the slot binds its
//! result to it. A store by some threads only, or of a value the model
//! cannot evaluate, forgets the slot: a later load is unknown, and what
//! depends on it "cannot prove". The counter grows at every commit, so a
//! loop around it never repeats a state: it runs iteration by iteration up
//! to the loop budget.

use super::*;

impl<'c, 'a> Model<'c, 'a> {
    /// `memref.store` or `memref.load` of a thread-private integer: true
    /// when handled here (a store; a load of a known slot).
    pub(super) fn private_integer(&mut self, op: OperationRef<'c, 'a>, threads: &Threads, state: &mut State) -> bool {
        let integer = |t: Type| t.is_integer() || t.is_index();
        if Upstream::MemrefStore.is(op) {
            let (Ok(value), Some(slot)) = (op.operand(0), self.register_slot(op, 1)) else { return false };
            if !integer(value.r#type()) {
                return false;
            }
            let uniform = *threads == Threads::all(self.block.size);
            match self.bindings.form(value).filter(|_| uniform) {
                Some(form) => state.scalars.insert(slot, form),
                None => state.scalars.remove(&slot),
            };
            return true;
        }
        if Upstream::MemrefLoad.is(op) {
            let Ok(result) = op.result(0) else { return false };
            let result = Value::from(result);
            if !integer(result.r#type()) {
                return false;
            }
            match self.register_slot(op, 0).and_then(|slot| state.scalars.get(&slot)) {
                Some(form) => {
                    self.bindings.bind_form(result, form.clone());
                    return true;
                }
                // Not what an earlier run of this load gave.
                None => self.bindings.unbind(result),
            }
        }
        false
    }

    /// Any other write to a thread's own memory (through a view, at an index
    /// not known, by an op the model does not read): the private integers
    /// of that allocation are not known after it.
    pub(super) fn forget_private(&self, op: OperationRef<'c, 'a>, state: &mut State) {
        if state.scalars.is_empty() {
            return;
        }
        let effects = ir::memory_effects(op);
        for value in op.operands().filter(|v| v.r#type().is_mem_ref() && !Self::is_workgroup(*v)) {
            let writes = match &effects {
                Some(effects) => effects.iter().any(|(k, v)| *k == MemoryEffect::Write && v.is_none_or(|v| v == value)),
                None => true,
            };
            if let (true, Buffer::Value(root)) = (writes, self.view(value).buffer) {
                state.scalars.retain(|(a, _), _| *a != root);
            }
        }
    }

    /// Whether loop `op` loads a private integer the state knows: such a
    /// value may change from one iteration to the next (a counter), which
    /// the loop's periodicity does not see (it takes loads for
    /// invariants), so the loop is run iteration by iteration.
    pub(super) fn loads_private(&self, op: OperationRef<'c, 'a>, state: &State) -> bool {
        !state.scalars.is_empty()
            && ir::nested_ops(op)
                .iter()
                .any(|o| Upstream::MemrefLoad.is(*o) && self.register_slot(*o, 0).is_some_and(|(a, _)| state.scalars.keys().any(|(k, _)| *k == a)))
    }
}
