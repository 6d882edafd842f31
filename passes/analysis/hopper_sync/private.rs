//! A thread's own integers kept in memory: a `memref.alloca` of an integer
//! or `index` element that every thread stores the same value into, as
//! asyncpipe's bulk queues keep their mbarrier ring's counter (the groups
//! committed so far, from which each wait takes its slot and parity). A
//! `memref.store` of a value the model evaluates, by every thread of the
//! block, records it in the state; a `memref.load` of the slot binds its
//! result to it. A store by some threads only, or of a value the model
//! cannot evaluate, forgets the slot: a later load is unknown, and what
//! depends on it "cannot prove". So does any other write that may reach
//! the slot: through a view or a `memref.memory_space_cast` of the
//! alloca, through a pointer taken from its descriptor, inside a region
//! the model runs without following its iterations (the slots written
//! there are forgotten before and after it; others keep their values), or
//! through a memref or pointer the model cannot trace to where it was made
//! (every slot is forgotten). An alloca whose address escapes (taken as an
//! integer or a descriptor, passed to a call) keeps no integers at all. The counter grows at every commit, so a
//! loop around it never repeats a state: it runs iteration by iteration up
//! to the loop budget.

use crate::passes::ir::positions::OpPositions;
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
            let kept = op.operand_at(1).is_some_and(|alloca| !Self::escapes(alloca));
            match self.bindings.form(value).filter(|_| uniform && kept && self.record_private) {
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
    /// not known, through a pointer, by an op the model does not read): the
    /// private integers of that allocation are not known after it. A write
    /// whose buffer the model cannot trace to where it was made (a memref
    /// carried by a loop, a pointer it does not follow, an op with effects
    /// it does not know) forgets every private integer: it may alias any.
    pub(super) fn forget_private(&self, op: OperationRef<'c, 'a>, state: &mut State) {
        if state.scalars.is_empty() {
            return;
        }
        let effects = ir::memory_effects(op);
        let writes_to = |value: Value<'c, 'a>| ir::has_effect_on(&effects, Some(MemoryEffect::Write), value);
        for value in op.operands() {
            let memref = if value.r#type().is_mem_ref() {
                Some(value)
            } else if let Some(space) = ir::pointer_space(value.r#type()) {
                // Global (1) and shared (3) pointers do not reach a thread's
                // allocas.
                if matches!(space, 1 | 3) {
                    continue;
                }
                match self.pointer_origin(value) {
                    Some(Origin::Memref(memref)) => Some(memref),
                    // A global is no thread's alloca.
                    Some(Origin::Addressof(_)) => continue,
                    None => None,
                }
            } else {
                continue;
            };
            if !writes_to(value) || memref.is_some_and(Self::views_workgroup) {
                continue;
            }
            match memref.and_then(Self::private_root) {
                Some(root) => state.scalars.retain(|(a, _), _| *a != root),
                None => return state.scalars.clear(),
            }
        }
    }

    /// Where memref `value` was made, through its views: an allocation, a
    /// global, or an argument of the function; None for anything else (a
    /// memref a loop carries, a branch chooses, or an op returns), which
    /// may be any of a thread's allocas.
    pub(super) fn private_root(value: Value<'c, 'a>) -> Option<ValueKey> {
        let mut value = value;
        while let Some(source) = Self::view_source(value) {
            value = source;
        }
        let made = match ir::defining_op(value) {
            Some(def) => matches!(Upstream::of(def), Some(Upstream::MemrefAlloca | Upstream::MemrefAlloc | Upstream::MemrefGetGlobal | Upstream::GpuDynamicSharedMemory)),
            None => Self::is_function_argument(value),
        };
        made.then(|| ValueKey::of(value))
    }

    /// Whether the address of `memref` (an alloca) escapes to what the
    /// model does not follow: any use but a load or store of its elements,
    /// its size, or a view (whose uses count the same). Its address taken as
    /// an integer or a descriptor, or passed to a call, may be written
    /// through anywhere: its integers are not kept then.
    pub(super) fn escapes(memref: Value<'c, 'a>) -> bool {
        ir::uses(memref).into_iter().any(|(user, position)| match Upstream::of(user) {
            Some(Upstream::MemrefLoad | Upstream::VectorLoad | Upstream::MemrefDim) => false,
            Some(Upstream::MemrefStore | Upstream::VectorStore) => position != 1,
            _ => match user.result_at(0).map(Value::from).filter(|r| Self::view_source(*r) == Some(memref)) {
                Some(view) => Self::escapes(view),
                None => true,
            },
        })
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
