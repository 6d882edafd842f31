//! The block's threads as the Hopper model runs them: which values are a
//! thread id, a block size or a lane id, binding them for one thread, and
//! sets of threads (the threads that run an op, arrive, wait or read).

use crate::passes::ir::positions::OpPositions;
use super::*;

impl<'c, 'a> Block<'c, 'a> {
    /// A block of `shape` running `ops`, whose thread ids and block sizes
    /// are their `gpu.thread_id` and `gpu.block_dim` ops and the values
    /// `threads` and `dims` name (a launch region's arguments).
    pub(super) fn of(
        shape: [i64; 3],
        ops: &[OperationRef<'c, 'a>],
        mut threads: Vec<(Value<'c, 'a>, usize)>,
        mut dims: Vec<(Value<'c, 'a>, usize)>,
    ) -> Option<Self> {
        let size = shape.iter().try_fold(1i64, |a, b| a.checked_mul(*b))?;
        if !(1..=MAX_THREADS).contains(&size) || shape.iter().any(|s| *s < 1) {
            return None;
        }
        let of_kind = |kind: Upstream| -> Vec<(Value<'c, 'a>, usize)> {
            ops.iter().filter(|o| kind.is(**o)).filter_map(|o| Some((Value::from(o.result_at(0)?), ir::gpu_dimension(*o)?))).collect()
        };
        threads.extend(of_kind(Upstream::GpuThreadId));
        dims.extend(of_kind(Upstream::GpuBlockDim));
        Some(Block {
            shape,
            size,
            thread_ids: threads,
            block_dims: dims,
            lane_ids: ops.iter().filter(|o| Upstream::GpuLaneId.is(**o)).filter_map(|o| o.result_at(0).map(Value::from)).collect(),
            elects: ops.iter().copied().filter(|o| Upstream::NvvmElectSync.is(*o)).collect(),
            shuffles: ops
                .iter()
                .copied()
                .filter(|o| Upstream::NvvmShflSync.is(*o) && o.attribute(attr::SHUFFLE_KIND).is_ok_and(|k| k.to_string().contains("idx")))
                .collect(),
        })
    }

    /// Binds the thread ids of linear thread `t`, and what its warp's
    /// elections and shuffles give it.
    pub(super) fn bind(&self, bindings: &mut Bindings, t: i64) {
        // A shuffle's value is its source lane's: evaluated as that thread.
        let warp = t - t % 32;
        let shuffled: Vec<Option<i64>> = self
            .shuffles
            .iter()
            .map(|op| {
                let lane = bindings.eval(op.operand_at(2)?)? & 31;
                self.bind_ids(bindings, warp + lane);
                bindings.eval(op.operand_at(1)?)
            })
            .collect();
        self.bind_ids(bindings, t);
        for (op, value) in self.shuffles.iter().zip(shuffled) {
            if let (Ok(result), Some(value)) = (op.result(0), value) {
                bindings.bind(result.into(), value);
            }
        }
        for op in &self.elects {
            if let Ok(result) = op.result(0) {
                bindings.bind(result.into(), i64::from(t % 32 == 0));
            }
        }
    }

    pub(super) fn bind_ids(&self, bindings: &mut Bindings, t: i64) {
        let id = [t % self.shape[0], (t / self.shape[0]) % self.shape[1], t / (self.shape[0] * self.shape[1])];
        for (value, d) in &self.thread_ids {
            bindings.bind(*value, id[*d]);
        }
        for value in &self.lane_ids {
            bindings.bind(*value, t % 32);
        }
    }

    pub(super) fn unbind(&self, bindings: &mut Bindings) {
        for value in self.thread_ids.iter().map(|(v, _)| v).chain(&self.lane_ids) {
            bindings.unbind(*value);
        }
        for op in self.elects.iter().chain(&self.shuffles) {
            if let Ok(v) = op.result(0) {
                bindings.unbind(v.into());
            }
        }
    }
}

/// Threads of a warpgroup: four warps, a linear id's `t / 128` naming it.
pub(super) use crate::passes::ir::nvvm::WARPGROUP_THREADS as WARPGROUP;

impl Threads {
    /// The warpgroups `self` is made of, each as its threads, in a block of
    /// `size` threads; None when `self` takes part of a warpgroup (or the
    /// block has a part of one: warpgroup MMAs need all 128 threads).
    pub(super) fn warpgroups(&self, size: i64) -> Option<Vec<Threads>> {
        if size % WARPGROUP != 0 {
            return None;
        }
        let mut found = Vec::new();
        for w in 0..size / WARPGROUP {
            let mut group = Threads::none(size);
            for t in w * WARPGROUP..(w + 1) * WARPGROUP {
                group.insert(t as usize);
            }
            let inside = group.intersect(self);
            if inside == group {
                found.push(group);
            } else if !inside.is_empty() {
                return None;
            }
        }
        Some(found)
    }

    pub(super) fn all(size: i64) -> Self {
        let mut bits = vec![0u64; (size as usize).div_ceil(64)];
        for t in 0..size as usize {
            bits[t / 64] |= 1 << (t % 64);
        }
        Threads(bits)
    }

    pub(super) fn none(size: i64) -> Self {
        Threads(vec![0; (size as usize).div_ceil(64)])
    }

    pub(super) fn count(&self) -> i64 {
        self.0.iter().map(|w| i64::from(w.count_ones())).sum()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    pub(super) fn contains(&self, t: usize) -> bool {
        self.0.get(t / 64).is_some_and(|w| w & (1 << (t % 64)) != 0)
    }

    pub(super) fn insert(&mut self, t: usize) {
        if let Some(w) = self.0.get_mut(t / 64) {
            *w |= 1 << (t % 64);
        }
    }

    pub(super) fn union(&self, other: &Threads) -> Threads {
        Threads(self.0.iter().zip(&other.0).map(|(a, b)| a | b).collect())
    }

    pub(super) fn intersect(&self, other: &Threads) -> Threads {
        Threads(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }

    /// The empty set of the same block.
    pub(super) fn cleared(&self) -> Threads {
        Threads(vec![0; self.0.len()])
    }

    pub(super) fn minus(&self, other: &Threads) -> Threads {
        Threads(self.0.iter().zip(&other.0).map(|(a, b)| a & !b).collect())
    }

    pub(super) fn is_subset(&self, other: &Threads) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.0.len() * 64).filter(|t| self.contains(*t))
    }

    /// "thread 0", "threads 0-127", "32 threads".
    pub(super) fn describe(&self) -> String {
        let ids: Vec<usize> = self.iter().collect();
        match ids[..] {
            [] => "no thread".into(),
            [one] => format!("thread {one}"),
            [first, .., last] if last - first + 1 == ids.len() => format!("threads {first}-{last}"),
            _ => format!("{} threads", ids.len()),
        }
    }
}
