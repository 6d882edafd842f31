//! Memory effects of an op and the buffers they touch.
//!
//! MLIR's C API has no access to `MemoryEffectOpInterface`; the shim's
//! `asyncpipeMemoryEffects` reports them ([`ir::memory_effects`]). A *root* is the buffer a memref
//! value is a view of: following subviews, casts and reshapes back to an
//! allocation, a block argument, or any op that is not a view.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::upstream::{self, Upstream};
use crate::passes::ir::{self, MemoryEffect, ValueKey};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, Value, ValueLike};

/// A buffer, identified by the value it starts from.
pub type Root = ValueKey;

/// What an op does to memory.
#[derive(Debug, Default, Clone)]
pub struct Access {
    /// Roots read and written; `None` in either means "any memory".
    pub reads: Option<Vec<Root>>,
    pub writes: Option<Vec<Root>>,
}

impl Access {
    pub fn none() -> Self {
        Self { reads: Some(Vec::new()), writes: Some(Vec::new()) }
    }

    /// Reads and writes of any memory.
    pub fn any() -> Self {
        Self { reads: None, writes: None }
    }

    /// Whether either set is "any memory".
    pub fn is_unbounded(&self) -> bool {
        self.reads.is_none() || self.writes.is_none()
    }

    pub fn writes_anything(&self) -> bool {
        self.writes.as_ref().is_none_or(|w| !w.is_empty())
    }

    fn touches(set: &Option<Vec<Root>>, root: Root) -> bool {
        set.as_ref().is_none_or(|s| s.contains(&root))
    }

    pub fn reads_root(&self, root: Root) -> bool {
        Self::touches(&self.reads, root)
    }

    pub fn writes_root(&self, root: Root) -> bool {
        Self::touches(&self.writes, root)
    }

    /// Adds `other`'s effects to these.
    pub fn merge(&mut self, other: &Access) {
        fn join(a: &mut Option<Vec<Root>>, b: &Option<Vec<Root>>) {
            match (a.as_mut(), b) {
                (Some(a), Some(b)) => {
                    for r in b {
                        if !a.contains(r) {
                            a.push(*r);
                        }
                    }
                }
                _ => *a = None,
            }
        }
        join(&mut self.reads, &other.reads);
        join(&mut self.writes, &other.writes);
    }

    /// Whether the two accesses conflict on `root` (one of them writes it).
    pub fn conflict_on(&self, other: &Access, root: Root) -> bool {
        (self.writes_root(root) && (other.reads_root(root) || other.writes_root(root)))
            || (other.writes_root(root) && self.reads_root(root))
    }
}

/// The effects of `op` and everything nested in it. Effects on values
/// defined inside `op` (allocations it makes itself) are left out; effects
/// on no particular value, or unknown effects, make the set "any memory".
/// Freeing a buffer counts as writing it: it ends every access to it.
pub fn access(op: OperationRef) -> Access {
    // A view made inside `op` of an outside buffer touches that buffer;
    // only buffers `op` allocates itself are its own business.
    access_seen(op, |value| if ir::is_defined_inside(value, op) { Seen::Private } else { Seen::As(ValueKey::of(value)) })
}

/// What a buffer an op touches is, seen from somewhere else: a caller, or
/// the code around an asyncop chain.
pub enum Seen {
    /// This buffer there.
    As(Root),
    /// A buffer of the op's own, invisible there.
    Private,
    /// Not known there: the access is to "any memory".
    Unknown,
}

/// The effects of `op` and everything nested in it, on buffers as `see`
/// names them (given each buffer's root value). Effects on no particular
/// value, or unknown effects, make the set "any memory"; freeing counts as
/// writing.
pub fn access_seen<'c, 'a>(op: OperationRef<'c, 'a>, see: impl Fn(Value<'c, 'a>) -> Seen) -> Access {
    let Some(effects) = ir::memory_effects(op) else {
        return Access::any();
    };
    let mut result = Access::none();
    for (kind, value) in effects {
        let slot = match kind {
            MemoryEffect::Read => &mut result.reads,
            MemoryEffect::Write | MemoryEffect::Free => &mut result.writes,
            MemoryEffect::Allocate => continue,
        };
        match value.map_or(Seen::Unknown, |v| see(root_value(v))) {
            Seen::As(root) => {
                if let Some(set) = slot {
                    if !set.contains(&root) {
                        set.push(root);
                    }
                }
            }
            Seen::Private => {}
            Seen::Unknown => *slot = None,
        }
    }
    result
}

/// The buffer `value` is a view of.
pub fn root(value: Value) -> Root {
    ValueKey::of(root_value(value))
}

/// The value at the start of `value`'s chain of views.
pub fn root_value<'c: 'a, 'a>(value: Value<'c, 'a>) -> Value<'c, 'a> {
    let mut value = value;
    while let Some(op) = ir::defining_op(value) {
        if !is_view(op) || op.operand_count() == 0 {
            break;
        }
        value = op.operand(0).expect("a view has a source");
    }
    value
}

/// Ops that only make views of a memref (operand 0) or read its metadata,
/// without touching its elements.
pub fn is_view(op: OperationRef) -> bool {
    matches!(
        Upstream::of(op),
        Some(Upstream::MemrefSubview
            | Upstream::MemrefCast
            | Upstream::MemrefReinterpretCast
            | Upstream::MemrefView
            | Upstream::MemrefExpandShape
            | Upstream::MemrefCollapseShape
            | Upstream::MemrefDim
            | Upstream::MemrefExtractStridedMetadata
            | Upstream::MemrefExtractAlignedPointerAsIndex
            | Upstream::MemrefMemorySpaceCast
            | Upstream::MemrefAssumeAlignment
            | Upstream::MemrefTranspose)
    )
}

/// For an op that accesses elements of `value` at indices, the index
/// operands and the number of elements covered from there per dimension
/// (1, or the trailing dimensions of a vector, or the elements of a cp.async
/// chunk); None for any other op or operand.
pub fn element_access<'c, 'a>(op: OperationRef<'c, 'a>, value: Value<'c, 'a>) -> Option<(Vec<Value<'c, 'a>>, Vec<i64>)> {
    let operands: Vec<Value> = op.operands().collect();
    let is = |i: usize| operands.get(i) == Some(&value);
    let (indices, trailing): (&[Value], Vec<i64>) = match Upstream::of(op) {
        Some(Upstream::MemrefLoad) if is(0) => (&operands[1..], vec![]),
        Some(Upstream::MemrefStore) if is(1) => (&operands[2..], vec![]),
        Some(Upstream::VectorLoad) if is(0) => (&operands[1..], static_shape(op.result_at(0)?.r#type())?),
        Some(Upstream::VectorStore) if is(1) => (&operands[2..], static_shape(operands[0].r#type())?),
        // Each lane's row of 16 bytes from its indices (the warp reads
        // every lane's: see ir::upstream::is_warp_collective_access).
        Some(Upstream::NvgpuLdmatrix) if is(0) => {
            let bytes = ir::element_bytes(value.r#type());
            (&operands[1..], vec![(bytes > 0 && 16 % bytes == 0).then(|| 16 / bytes)?])
        }
        // A fragment of R x C elements from the indices, rows
        // `leadDimension` apart: the memref's last two dimensions when its
        // rows are that far apart.
        Some(Upstream::GpuSubgroupMmaLoadMatrix) if is(0) => {
            (&operands[1..], mma_fragment(op, value, op.result_at(0)?.r#type())?)
        }
        Some(Upstream::GpuSubgroupMmaStoreMatrix) if is(1) => (&operands[2..], mma_fragment(op, value, operands[0].r#type())?),
        Some(Upstream::NvgpuDeviceAsyncCopy) => {
            let copy = ir::upstream::DeviceAsyncCopy::of(op)?;
            let (dst_indices, src_indices) = (copy.dst_indices.len(), copy.src_indices.len());
            // A chunk longer than its memref's last dimension runs into the
            // next rows: not an element box; the whole view then.
            if ir::shape(value.r#type()).last().is_some_and(|size| *size >= 0 && *size < copy.dst_elements) {
                return None;
            }
            let chunk = vec![copy.dst_elements];
            if is(0) {
                (&operands[1..1 + dst_indices], chunk)
            } else if is(1 + dst_indices) {
                (&operands[2 + dst_indices..2 + dst_indices + src_indices], chunk)
            } else {
                return None;
            }
        }
        _ => return None,
    };
    let mut extents = vec![1; indices.len()];
    for (extent, size) in extents.iter_mut().rev().zip(trailing.iter().rev()) {
        *extent = *size;
    }
    Some((indices.to_vec(), extents))
}

/// The trailing extents (rows, columns) of a subgroup MMA fragment of type
/// `matrix` in memref `value`, when its `leadDimension` is the stride of the
/// memref's second-to-last dimension (transposed: columns, rows).
fn mma_fragment(op: OperationRef, value: Value, matrix: Type) -> Option<Vec<i64>> {
    let (rows, columns) = upstream::mma_matrix_shape(matrix)?;
    let lead = ir::int_attr(op, upstream::attr::LEAD_DIMENSION)?;
    let (strides, _) = ir::strides_and_offset(value.r#type())?;
    if strides.len() < 2 || strides[strides.len() - 2] != lead || strides[strides.len() - 1] != 1 {
        return None;
    }
    let transposed = op.attribute(upstream::attr::MMA_TRANSPOSE).is_ok();
    Some(if transposed { vec![columns, rows] } else { vec![rows, columns] })
}

/// The static shape of a vector or memref type (None if a size is dynamic).
pub fn static_shape(ty: Type) -> Option<Vec<i64>> {
    ir::shape(ty).into_iter().map(|size| (size >= 0).then_some(size)).collect()
}
