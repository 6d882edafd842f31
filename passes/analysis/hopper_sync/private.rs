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
            let (Ok(result), Some(slot)) = (op.result(0), self.register_slot(op, 0)) else { return false };
            let result = Value::from(result);
            if !integer(result.r#type()) {
                return false;
            }
            match state.scalars.get(&slot) {
                Some(form) => {
                    self.bindings.bind_form(result, form.clone());
                    return true;
                }
                None => self.bindings.unbind(result),
            }
        }
        false
    }
}
