//! How one `asyncpipe.copy` becomes `nvgpu.device_async_copy` ops.
//!
//! `cp.async` moves 4, 8 or 16 contiguous bytes from global to shared memory
//! per instruction. A copy of a tile is cut into chunks along its innermost
//! dimension: the chunk is the largest of 16, 8 and 4 bytes that divides a
//! row and keeps every chunk aligned, as far as the memref types tell (static
//! offsets and strides are checked; a dynamic offset or stride is taken to be
//! a multiple of the chunk, which is what `cp.async` itself requires of its
//! addresses). Small static tiles are unrolled, so that the group that commits
//! them names their tokens; larger or dynamic ones become `scf.for` nests.
//!
//! With `zero_fill` the source may be smaller than the destination (a
//! partial tile): each chunk reads only the source elements that exist
//! (`srcElements`, PTX's src-size) and `cp.async` zeroes the rest. Chunks
//! wholly outside the source read nothing, from index 0, so no address
//! outside the source is ever formed.

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::builder::{Builder, Point};
pub(super) use crate::passes::ir::shape;
use crate::passes::ir::ods::asyncpipe::CopyOp;
use crate::passes::ir::{self, MemorySpace};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, Value, ValueLike};

/// An mbarrier's transaction count holds at most 2^20 - 1 bytes per phase.
pub const MAX_TX_BYTES: i64 = (1 << 20) - 1;

/// The type of the tokens of cp.async copies and groups.
pub const TOKEN_TYPE: &str = "!nvgpu.device.async.token";

/// Static tiles of at most this many chunks are unrolled.
const UNROLL_LIMIT: i64 = 32;

/// `ShapedType::kDynamic`.
pub(super) use crate::passes::ir::DYNAMIC_SIZE as DYNAMIC;

/// What the lowering needs to know about one copy, checked up front.
pub struct CopyPlan {
    /// The destination's shape (the tile); `DYNAMIC` where not static.
    shape: Vec<i64>,
    /// The source's shape, for partial tiles.
    source_shape: Vec<i64>,
    /// Elements per `cp.async`.
    pub chunk: i64,
    /// Bytes per `cp.async`.
    pub chunk_bytes: i64,
    zero_fill: bool,
}

/// Bytes of one element, if cp.async can move it (a scalar of whole bytes
/// that fits a 16-byte chunk).
pub(super) fn element_bytes(element: Type) -> Option<i64> {
    let bits = i64::from(ir::scalar_bits(element)?);
    (bits % 8 == 0 && matches!(bits / 8, 1 | 2 | 4 | 8 | 16)).then_some(bits / 8)
}

pub(super) use crate::passes::ir::strides_and_offset;

pub(super) fn type_text(ty: Type) -> String {
    ty.to_string()
}

/// Checks that cp.async can perform `copy` and chooses its chunks; the error
/// says why not.
pub fn plan(copy: OperationRef, max_bytes: i64) -> Result<CopyPlan, String> {
    let source = copy.operand(0).unwrap().r#type();
    let dest = copy.operand(1).unwrap().r#type();
    let (e, layouts) = common_checks(copy, "cp.async")?;
    let element = ir::element_type(dest);
    let tile = shape(dest);
    let row = tile.last().copied().unwrap_or(1);
    let candidates = [16i64, 8, 4].into_iter().filter(|&c| c <= max_bytes && c >= e && c % e == 0);
    let chunk_bytes = if row == DYNAMIC {
        candidates.filter(|&c| c == e).max().ok_or_else(|| {
            format!(
                "the innermost extent of the destination is dynamic and its elements are {e} bytes: cp.async needs rows \
                 of whole {}-byte chunks; make the innermost extent static",
                4.max(e)
            )
        })?
    } else {
        let row_bytes = row_bytes(row, e)?;
        let aligned = |layout: &Layout, c: i64| rows_aligned(layout, e, c);
        let fits: Vec<i64> = candidates.filter(|&c| row_bytes % c == 0).collect();
        let Some(&smallest) = fits.last() else {
            return Err(format!(
                "a row of the tile is {row} x {} = {row_bytes} bytes, but cp.async copies 4, 8 or 16 bytes at a time{}",
                type_text(element),
                if max_bytes < 16 { format!(" (at most {max_bytes} here)") } else { String::new() }
            ));
        };
        match fits.iter().find(|&&c| layouts.iter().all(|layout| aligned(layout, c))) {
            Some(&c) => c,
            None => {
                let what = layouts.iter().find(|layout| !aligned(layout, smallest)).map_or("source", |l| l.0);
                return Err(format!(
                    "the rows of the {what} are not {smallest}-byte aligned (static offset or stride), but every \
                     cp.async address must be aligned to its size"
                ));
            }
        }
    };
    Ok(CopyPlan {
        shape: tile,
        source_shape: shape(source),
        chunk: chunk_bytes / e,
        chunk_bytes,
        zero_fill: CopyOp::cast(copy).is_some_and(CopyOp::zero_fill),
    })
}

/// A copy's source or destination layout: which side, strides, offset.
pub(super) type Layout = (&'static str, Vec<i64>, i64);

/// What every asynchronous copy `instruction` of PTX needs: global source,
/// workgroup destination, whole-byte scalar elements, strided layouts with a
/// contiguous innermost dimension. Returns the element bytes and layouts.
/// The bytes of a row of `row` elements of `e` bytes, which both come from
/// the IR: an error rather than a wrapped size when they do not fit.
pub(super) fn row_bytes(row: i64, e: i64) -> Result<i64, String> {
    row.checked_mul(e)
        .ok_or_else(|| format!("a row of the tile is {row} elements of {e} bytes, more bytes than a 64-bit size holds"))
}

pub(super) fn common_checks(copy: OperationRef, instruction: &str) -> Result<(i64, Vec<Layout>), String> {
    let source = copy.operand(0).unwrap().r#type();
    let dest = copy.operand(1).unwrap().r#type();
    match ir::memory_space(source) {
        MemorySpace::Global => {}
        MemorySpace::Workgroup => {
            return Err(format!("{instruction} reads global memory, but the source is in workgroup (shared) memory"))
        }
        MemorySpace::Other(space) => {
            return Err(format!("{instruction} reads global memory, but the source is in memory space {space}"))
        }
    }
    match ir::memory_space(dest) {
        MemorySpace::Workgroup => {}
        MemorySpace::Global => {
            return Err(format!(
                "{instruction} writes workgroup (shared) memory, but the destination is in global memory"
            ))
        }
        MemorySpace::Other(space) => {
            return Err(format!(
                "{instruction} writes workgroup (shared) memory, but the destination is in memory space {space}"
            ))
        }
    }
    let element = ir::element_type(dest);
    let e = element_bytes(element).ok_or_else(|| {
        format!("{instruction} copies whole bytes of integer or float elements, not {}", type_text(element))
    })?;
    let mut layouts = Vec::new();
    for (what, ty) in [("source", source), ("destination", dest)] {
        let (strides, offset) =
            strides_and_offset(ty).ok_or_else(|| format!("the {what} has a layout that is not strided"))?;
        if let Some(&inner) = strides.last() {
            if inner != 1 {
                let shown = if inner == DYNAMIC { "?".to_string() } else { inner.to_string() };
                return Err(format!(
                    "{instruction} copies contiguous bytes, but the innermost dimension of the {what} has stride {shown}"
                ));
            }
        }
        span_fits(what, &shape(ty), &shape(dest), &strides, offset, e)?;
        layouts.push((what, strides, offset));
    }
    Ok((e, layouts))
}

/// Checks that every byte count and offset the lowerings form from a side
/// of a copy fits an i64: its tile's bytes (the product of its extents and
/// the element size), each static stride and the static offset in bytes,
/// and the byte offset of the last element the copy touches (offset plus
/// each extent less one times its stride, in magnitude). An extent that is
/// dynamic on this side is the tile's (`tile`, the destination's shape: the
/// copy walks the same indices on both sides). Past that a product would
/// overflow (a debug build panics, a release build emits a wrapped size):
/// an error names the side instead.
fn span_fits(what: &str, own: &[i64], tile: &[i64], strides: &[i64], offset: i64, e: i64) -> Result<(), String> {
    let known = |v: i64| v != DYNAMIC;
    if let Some(&row) = own.last().filter(|r| known(**r)) {
        row_bytes(row, e)?;
    }
    let magnitude = |v: i64| i128::from(v).abs();
    let e = i128::from(e);
    let mut bytes = e;
    let mut last = if known(offset) { magnitude(offset) } else { 0 };
    let mut largest = last;
    for (d, &size) in own.iter().enumerate() {
        let size = if known(size) { Some(size) } else { tile.get(d).copied().filter(|t| known(*t)) };
        let stride = strides.get(d).copied().filter(|s| known(*s));
        if let Some(stride) = stride {
            largest = largest.max(magnitude(stride));
        }
        let Some(size) = size else { continue };
        bytes = bytes.saturating_mul(i128::from(size));
        if let Some(stride) = stride {
            last = last.saturating_add(i128::from(size.saturating_sub(1).max(0)).saturating_mul(magnitude(stride)));
        }
    }
    let limit = i128::from(i64::MAX);
    if bytes > limit || last.saturating_mul(e) > limit || largest.saturating_mul(e) > limit {
        let shown: Vec<String> = own.iter().map(|&d| if known(d) { d.to_string() } else { "?".into() }).collect();
        return Err(format!(
            "the {what} ({} elements of {e} bytes) spans more bytes than a 64-bit size or offset holds",
            shown.join("x")
        ));
    }
    Ok(())
}

/// Whether every row of a layout starts at a multiple of `bytes` (dynamic
/// offsets and strides are taken to be: PTX requires it of the addresses).
pub(super) fn rows_aligned((_, strides, offset): &Layout, e: i64, bytes: i64) -> bool {
    let ok = |v: i64| v == DYNAMIC || (v * e) % bytes == 0;
    ok(*offset) && strides.iter().rev().skip(1).all(|&s| ok(s))
}

/// The value of one dimension: a constant, or `memref.dim` of `memref`.
pub(super) fn extent<'c, 'a>(b: &Builder<'c>, memref: Value<'c, 'a>, static_size: i64, dim: usize, point: Point<'c, 'a>) -> Value<'c, 'a> {
    if static_size != DYNAMIC {
        return b.index_constant(static_size, point);
    }
    let index = b.index_constant(dim as i64, point);
    b.value(Upstream::MemrefDim, &[memref, index], b.index_type(), &[], point)
}

/// Emits the chunks of `copy` before it; returns the tokens of the chunks
/// emitted straight before it (not inside loops), for the group's operands.
pub fn emit<'c, 'a>(copy: OperationRef<'c, 'a>, plan: &CopyPlan, bypass_l1: bool, b: &Builder<'c>) -> Vec<Value<'c, 'a>> {
    let source = copy.operand(0).unwrap();
    let dest = copy.operand(1).unwrap();
    let point = Point::Before(copy);
    let rank = plan.shape.len();
    // Loop extents: the outer dimensions, then chunks of the innermost one.
    let mut dims: Vec<i64> = plan.shape.clone();
    if rank == 0 {
        dims.push(1);
    }
    let static_count = dims.iter().all(|&d| d != DYNAMIC).then(|| {
        let row = *dims.last().unwrap();
        dims[..dims.len() - 1].iter().product::<i64>() * (row / plan.chunk)
    });
    let shared = Shared::new(plan, source, b, point);
    let mut constants: std::collections::HashMap<i64, Value<'c, 'a>> = std::collections::HashMap::new();
    let mut tokens = Vec::new();
    match static_count {
        Some(count) if count <= UNROLL_LIMIT => {
            let row = *dims.last().unwrap();
            for flat in 0..count {
                // The chunk's position: outer indices, then the element offset.
                let mut rest = flat;
                let mut index = vec![0i64; dims.len()];
                index[dims.len() - 1] = (rest % (row / plan.chunk)) * plan.chunk;
                rest /= row / plan.chunk;
                for d in (0..dims.len() - 1).rev() {
                    index[d] = rest % dims[d];
                    rest /= dims[d];
                }
                let values: Vec<Value<'c, 'a>> =
                    index.iter().map(|&i| *constants.entry(i).or_insert_with(|| b.index_constant(i, point))).collect();
                tokens.push(chunk(plan, &shared, source, dest, &values[..rank], bypass_l1, b, point));
            }
        }
        _ => {
            // An scf.for nest: one loop per dimension, the innermost stepping by a chunk.
            let mut ivs = Vec::new();
            let mut at = point;
            for (d, &size) in dims.iter().enumerate() {
                let zero = b.index_constant(0, at);
                let upper = if rank == 0 { b.index_constant(1, at) } else { extent(b, dest, size, d, at) };
                let step = b.index_constant(if d + 1 == dims.len() { plan.chunk } else { 1 }, at);
                let (iv, body) = b.for_loop(zero, upper, step, at);
                at = body;
                ivs.push(iv);
            }
            chunk(plan, &shared, source, dest, &ivs[..rank], bypass_l1, b, at);
        }
    }
    tokens
}

/// Values every chunk of one copy uses, made once before the copy.
struct Shared<'c, 'a> {
    token: Type<'c>,
    zero: Value<'c, 'a>,
    /// Elements per chunk.
    k: Value<'c, 'a>,
    /// Per dimension, the source's extent where a chunk may fall outside it.
    partial: Vec<Option<Value<'c, 'a>>>,
}

impl<'c, 'a> Shared<'c, 'a> {
    fn new(plan: &CopyPlan, source: Value<'c, 'a>, b: &Builder<'c>, point: Point<'c, 'a>) -> Self {
        let rank = plan.shape.len();
        let partial = (0..rank)
            .map(|d| {
                let s = plan.source_shape[d];
                let may_be_outside = s == DYNAMIC || plan.shape[d] == DYNAMIC || s < plan.shape[d];
                (plan.zero_fill && may_be_outside).then(|| extent(b, source, s, d, point))
            })
            .collect();
        Self {
            token: b.parse_type(TOKEN_TYPE),
            zero: b.index_constant(0, point),
            k: b.index_constant(plan.chunk, point),
            partial,
        }
    }
}

/// One `nvgpu.device_async_copy` of the chunk at `index` of the tile.
#[allow(clippy::too_many_arguments)]
fn chunk<'c, 'a>(
    plan: &CopyPlan,
    shared: &Shared<'c, 'a>,
    source: Value<'c, 'a>,
    dest: Value<'c, 'a>,
    index: &[Value<'c, 'a>],
    bypass_l1: bool,
    b: &Builder<'c>,
    point: Point<'c, 'a>,
) -> Value<'c, 'a> {
    let rank = index.len();
    let mut source_index = index.to_vec();
    let mut source_elements = None;
    if rank > 0 && shared.partial.iter().any(Option::is_some) {
        let cmp = |lhs: Value<'c, 'a>, rhs: Value<'c, 'a>, predicate: i64| {
            b.value(Upstream::ArithCmpi, &[lhs, rhs], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, predicate))], point)
        };
        use crate::passes::ir::upstream::cmpi::{SGT, SLT};
        let zero = shared.zero;
        // Whether the chunk's row exists in the source.
        let mut inside = None;
        for d in 0..rank - 1 {
            if let Some(size) = shared.partial[d] {
                let lt = cmp(index[d], size, SLT);
                inside = Some(match inside {
                    None => lt,
                    Some(all) => b.value(Upstream::ArithAndi, &[all, lt], b.i1_type(), &[], point),
                });
            }
        }
        let last = rank - 1;
        // How many of its elements do: clamp(size - offset, 0, k).
        let mut count = shared.k;
        if let Some(size) = shared.partial[last] {
            let left = b.binary(Upstream::ArithSubi, size, index[last], point);
            let at_most = b.binary(Upstream::ArithMinsi, left, shared.k, point);
            count = b.binary(Upstream::ArithMaxsi, at_most, zero, point);
        }
        if let Some(inside) = inside {
            count = b.value(Upstream::ArithSelect, &[inside, count, zero], b.index_type(), &[], point);
            for d in 0..last {
                source_index[d] = b.value(Upstream::ArithSelect, &[inside, index[d], zero], b.index_type(), &[], point);
            }
        }
        let reads = cmp(count, zero, SGT);
        source_index[last] = b.value(Upstream::ArithSelect, &[reads, index[last], zero], b.index_type(), &[], point);
        source_elements = Some(count);
    }
    let mut operands = vec![dest];
    operands.extend_from_slice(index);
    operands.push(source);
    operands.extend_from_slice(&source_index);
    operands.extend(source_elements);
    let segments = format!("array<i32: 1, {rank}, 1, {rank}, {}>", source_elements.is_some() as i32);
    let mut attributes = vec![
        (attr::DST_ELEMENTS, b.parse_attr(&format!("{} : index", plan.chunk))),
        (attr::OPERAND_SEGMENT_SIZES, b.parse_attr(&segments)),
    ];
    if bypass_l1 && plan.chunk_bytes == 16 {
        attributes.push((attr::BYPASS_L1, b.parse_attr("unit")));
    }
    b.value(Upstream::NvgpuDeviceAsyncCopy, &operands, shared.token, &attributes, point)
}
