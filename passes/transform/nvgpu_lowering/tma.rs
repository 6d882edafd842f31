//! Tensor-map copies (TMA, `cp.async.bulk.tensor`, sm_90) on a bulk queue.
//!
//! A copy into a tile whose buffer `asyncpipe-lower-mma` marked
//! `asyncpipe.swizzle = 128` (wgmma reads it in the 128-byte swizzle) must
//! write that layout, which only the tensor-map copy engine does: the copy
//! becomes `N / 64` copies of `R x 64` boxes (128-byte rows) of its source, the
//! `j`-th box of columns `64 j ..` landing `R x 128 j` bytes into the tile
//! (its `j`-th swizzled region; asyncpipe-lower-mma makes every copy into a
//! marked buffer fill a whole tile as the MMA reads it, so that these are
//! the regions its descriptors expect).
//!
//! **Once per block.** The model's copy is the same in every thread (its
//! operands may not depend on the thread id, and every thread runs it: it
//! may not sit under a condition or loop bound that depends on the thread):
//! each thread copying the whole tile would leave the same bytes. So thread
//! 0 alone adds the tile's bytes to the open group's mbarrier (`expect_tx`)
//! and issues the boxes; every thread still arrives at the commit, and a
//! wait's phase completes once all have arrived and the bytes have landed,
//! which is what the model's wait promises each thread.
//!
//! **Tensor maps.** A box copy names its source by a tensor map, a
//! 128-byte descriptor that the host encodes once per buffer
//! (`cuTensorMapEncodeTiled`) and passes by address. The pass appends one
//! `!llvm.ptr` argument to the kernel for each source argument and box
//! shape, and records them on the kernel (`asyncpipe.tensor_maps`: for each,
//! the argument it describes, box rows, box columns and swizzle bytes).

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::copy::{shape, type_text, DYNAMIC, MAX_TX_BYTES};
use crate::passes::analysis::thread_scope::{self, Divergence};
pub use crate::passes::analysis::thread_scope::thread_dependent;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::attrs;
use crate::passes::ir::upstream::{attr, cmpi, Upstream};
use crate::passes::ir::{self, rewrite, ValueKey};
use melior::ir::attribute::ArrayAttribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Attribute, Value, ValueLike};
use std::collections::HashSet;

/// A box's rows: at most 256 (a tensor map's box dimension).
const MAX_BOX: i64 = 256;
// The one swizzle asyncpipe's tensor-map copies write: 128-byte rows, what
// wgmma reads (asyncpipe-lower-mma marks tiles with it).
use crate::passes::ir::asyncpipe::{SWIZZLE_ATOM_BYTES, SWIZZLE_BYTES as SWIZZLE};

/// The swizzle (bytes) in which `copy` must write its destination, if its
/// buffer has one.
pub fn swizzle_of(copy: OperationRef) -> Option<i64> {
    let dest = copy.operand_at(1)?;
    ir::allocation_of(dest).and_then(|alloc| ir::int_attr(alloc, attrs::SWIZZLE))
}

/// What one tensor-map copy needs, checked up front.
pub struct TmaPlan<'c, 'a> {
    /// The kernel argument the source is a view of.
    pub argument: usize,
    /// The tile's rows and columns.
    pub rows: i64,
    pub columns: i64,
    /// The source view's offsets: rows, columns.
    offsets: [Offset<'c, 'a>; 2],
    /// Element bytes.
    e: i64,
}

#[derive(Clone, Copy)]
enum Offset<'c, 'a> {
    Known(i64),
    Value(Value<'c, 'a>),
}

impl<'c, 'a> TmaPlan<'c, 'a> {
    /// Columns of one box: the swizzle's 128 bytes.
    pub fn box_columns(&self) -> i64 {
        SWIZZLE / self.e
    }
}

/// Checks that a tensor-map copy with `swizzle` can perform `copy`, in a
/// function whose thread-dependent values are `varying`; the error says why
/// not.
pub fn plan<'c, 'a>(copy: OperationRef<'c, 'a>, swizzle: i64, varying: &HashSet<ValueKey>) -> Result<TmaPlan<'c, 'a>, String> {
    let plan = plan_tile(copy, swizzle)?;
    let (source, dest) = (copy.operand(0).expect("checked"), copy.operand(1).expect("checked"));
    // (A view is thread-dependent when any of its offsets is.)
    if varying.contains(&ValueKey::of(source)) || varying.contains(&ValueKey::of(dest)) {
        return Err(uniform_error());
    }
    if let Some((_, divergence)) = thread_scope::divergent_ancestor(copy, varying, true) {
        let what = match divergence {
            Divergence::Condition => "a condition",
            Divergence::Bounds => "loop bounds",
            Divergence::While => "an scf.while",
        };
        return Err(format!(
            "a tensor-map copy is issued by thread 0 for the whole block, so every thread must run it: this one is \
             under {what} that may differ between the threads"
        ));
    }
    Ok(plan)
}

/// The shape checks of [`plan`] alone: what the tensor map and the box copies
/// need of `copy`'s source and tile, whoever issues it (a warp-specialized
/// producer issues its copies under a thread condition on purpose; see
/// `transform::warp_specialize`).
pub fn plan_tile<'c, 'a>(copy: OperationRef<'c, 'a>, swizzle: i64) -> Result<TmaPlan<'c, 'a>, String> {
    let source = copy.operand(0).map_err(|_| "a copy has a source".to_string())?;
    let dest = copy.operand(1).map_err(|_| "a copy has a destination".to_string())?;
    if swizzle != SWIZZLE {
        return Err(format!(
            "asyncpipe's tensor-map copies write the {SWIZZLE}-byte swizzle that wgmma reads; this tile's buffer asks \
             for asyncpipe.swizzle = {swizzle}"
        ));
    }
    let element = ir::element_type(dest.r#type());
    let e = ir::element_bytes(dest.r#type());
    if e != 2 {
        return Err(format!(
            "this tile is read by wgmma in the {swizzle}-byte swizzle, so a tensor-map copy fills it; asyncpipe's \
             tensor-map copies move 16-bit elements (f16, bf16), not {}",
            type_text(element)
        ));
    }
    let tile = shape(dest.r#type());
    let [rows, columns] = tile[..] else {
        return Err("a tensor-map copy fills a 2-D tile (rows x columns); this destination is not 2-D".into());
    };
    let box_columns = SWIZZLE / e;
    if rows == DYNAMIC || columns == DYNAMIC || columns % box_columns != 0 || !(1..=MAX_BOX).contains(&rows) {
        return Err(format!(
            "a tensor-map copy with a {swizzle}-byte swizzle moves boxes of up to {MAX_BOX} rows of {box_columns} \
             columns: the tile needs static rows (1 to {MAX_BOX}) and a multiple of {box_columns} columns"
        ));
    }
    let contiguous = ir::strides_and_offset(dest.r#type()).is_some_and(|(strides, _)| strides == [columns, 1]);
    if !contiguous {
        return Err("a tensor-map copy writes the whole tile: the destination must be row-major and contiguous".into());
    }
    if !ir::starts_aligned(dest, SWIZZLE_ATOM_BYTES / e) {
        return Err("a tensor-map copy writes the swizzle's 1024-byte atoms: the destination must start on a 1024-byte \
                    boundary of its buffer"
            .into());
    }
    let bytes = rows.checked_mul(columns).and_then(|n| n.checked_mul(e));
    if bytes.is_none_or(|bytes| bytes > MAX_TX_BYTES) {
        let shown = bytes.map_or_else(|| "more than 2^63".to_string(), |b| b.to_string());
        return Err(format!("the copy moves {shown} bytes, but an mbarrier phase counts at most {MAX_TX_BYTES} bytes"));
    }
    // The source: a 2-D view of a kernel argument with the identity layout.
    let subview = ir::defining_op(source).filter(|op| Upstream::MemrefSubview.is(*op));
    let base = subview.and_then(|op| op.operand_at(0));
    let argument = base.and_then(|base| {
        let function = ir::enclosing_function(copy)?;
        let entry = ir::region_entry(function, 0)?;
        (0..ir::function_input_count(function)).find(|&i| entry.argument_at(i).is_some_and(|arg| Value::from(arg) == base))
    });
    let (Some(subview), Some(base), Some(argument)) = (subview, base, argument) else {
        return Err("a tensor-map copy reads a tile of a kernel argument: the source must be a memref.subview of one".into());
    };
    let base_type = base.r#type();
    let full = ir::shape(base_type);
    if full.len() != 2 || full.contains(&DYNAMIC) || !ir::has_identity_layout(base_type) {
        return Err("a tensor map describes a static row-major 2-D buffer: the kernel argument the copy reads must be one".into());
    }
    match full[1].checked_mul(e) {
        Some(row) if row % 16 == 0 => {}
        Some(row) => return Err(format!("a tensor map's row stride is a multiple of 16 bytes; the source's rows are {row} bytes")),
        None => return Err("the source's rows are more bytes than a tensor map's row stride holds".into()),
    }
    let strides = ir::dense_i64_attr(subview, attr::STATIC_STRIDES).unwrap_or_default();
    if strides != [1, 1] {
        return Err("a tensor-map copy reads a dense box: the source subview's strides must be 1".into());
    }
    let static_offsets = ir::dense_i64_attr(subview, attr::STATIC_OFFSETS).unwrap_or_default();
    let mut dynamic = subview.operands().skip(1);
    let mut offsets = [Offset::Known(0); 2];
    for (d, &offset) in static_offsets.iter().enumerate().take(2) {
        offsets[d] = if offset == DYNAMIC {
            Offset::Value(dynamic.next().ok_or("a dynamic offset of the source subview")?)
        } else {
            Offset::Known(offset)
        };
    }
    Ok(TmaPlan { argument, rows, columns, offsets, e })
}

fn uniform_error() -> String {
    "a tensor-map copy is issued once for the whole block, so its tiles must be the same in every thread: this \
     copy's source or destination depends on the thread id"
        .into()
}

/// The tensor maps of one kernel: for each, the source argument, box rows
/// and box columns, and the `!llvm.ptr` argument appended for it.
pub struct TensorMaps<'c, 'a> {
    maps: Vec<((usize, i64, i64), Value<'c, 'a>)>,
}

impl<'c, 'a> TensorMaps<'c, 'a> {
    /// Appends a tensor-map argument to `function` for each (source
    /// argument, box rows, box columns) that its tensor-map copies read, and
    /// records them (`asyncpipe.tensor_maps`).
    pub fn append(function: OperationRef<'c, 'a>, keys: &[(usize, i64, i64)], b: &Builder<'c>) -> Self {
        let pointer = b.llvm_pointer(0);
        let mut maps: Vec<((usize, i64, i64), Value<'c, 'a>)> = Vec::new();
        let mut records: Vec<Attribute> = Vec::new();
        let mut keys = keys.to_vec();
        keys.sort();
        keys.dedup();
        for key in keys {
            let value = rewrite::append_input(function, pointer, function.location());
            maps.push((key, value));
            let (argument, rows, columns) = key;
            records.push(b.i64_array(&[argument as i64, rows, columns, SWIZZLE]));
        }
        if !records.is_empty() {
            rewrite::set_attribute(function, attrs::TENSOR_MAPS, ArrayAttribute::new(b.ctx(), &records).into());
        }
        Self { maps }
    }

    fn get(&self, plan: &TmaPlan) -> Value<'c, 'a> {
        let key = (plan.argument, plan.rows, plan.box_columns());
        self.maps.iter().find(|(k, _)| *k == key).map(|m| m.1).expect("appended")
    }
}

/// Emits `copy` as tensor-map box copies on `barrier` (the open group's),
/// by thread 0 of the block, before it.
pub fn emit<'c, 'a>(
    copy: OperationRef<'c, 'a>,
    plan: &TmaPlan<'c, 'a>,
    maps: &TensorMaps<'c, 'a>,
    barrier: Value<'c, 'a>,
    b: &Builder<'c>,
) {
    let point = Point::Before(copy);
    let index = b.index_type();
    let zero = b.index_constant(0, point);
    let mut first = None;
    for dim in 0..3 {
        let id = b.value(Upstream::GpuThreadId, &[], index, &[(attr::DIMENSION, b.gpu_dimension(dim))], point);
        let is_zero = b.value(Upstream::ArithCmpi, &[id, zero], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, cmpi::EQ))], point);
        first = Some(match first {
            None => is_zero,
            Some(all) => b.value(Upstream::ArithAndi, &[all, is_zero], b.i1_type(), &[], point),
        });
    }
    let inside = b.if_then(first.expect("three dimensions"), point);
    issue(copy.operand(1).expect("a destination"), plan, maps, barrier, b, inside);
}

/// Adds the bytes of `plan`'s copy to `barrier`'s phase (`expect_tx`) and
/// issues its boxes into `dest` (a tile as [`plan_tile`] checked), at
/// `inside`, in whichever thread runs it.
pub fn issue<'c, 'a>(
    dest: Value<'c, 'a>,
    plan: &TmaPlan<'c, 'a>,
    maps: &TensorMaps<'c, 'a>,
    barrier: Value<'c, 'a>,
    b: &Builder<'c>,
    inside: Point<'c, 'a>,
) {
    let i32_type = b.int_type(32);
    let i64_type = b.int_type(64);
    let zero = b.index_constant(0, inside);
    let bytes = b.int_constant(i32_type, plan.rows * plan.columns * plan.e, inside);
    b.op(Upstream::NvvmMbarrierExpectTx, &[barrier, bytes], &[], &[], inside);
    let start = b.byte_address(dest, &[zero, zero], plan.e, inside);
    let map = maps.get(plan);
    let coordinate = |offset: Offset<'c, 'a>, add: i64| -> Value<'c, 'a> {
        let value = match offset {
            Offset::Known(k) => b.index_constant(k + add, inside),
            Offset::Value(v) if add == 0 => v,
            Offset::Value(v) => b.binary(Upstream::ArithAddi, v, b.index_constant(add, inside), inside),
        };
        b.value(Upstream::ArithIndexCast, &[value], i32_type, &[], inside)
    };
    let box_columns = plan.box_columns();
    let row = coordinate(plan.offsets[0], 0);
    for j in 0..plan.columns / box_columns {
        let region = b.binary(Upstream::ArithAddi, start, b.index_constant(j * plan.rows * SWIZZLE, inside), inside);
        let address = b.value(Upstream::ArithIndexCast, &[region], i64_type, &[], inside);
        let shared = b.value(Upstream::LlvmInttoptr, &[address], b.llvm_pointer(3), &[], inside);
        let cluster = b.value(Upstream::LlvmAddrspacecast, &[shared], b.llvm_pointer(7), &[], inside);
        // Coordinates innermost first: column, then row.
        let column = coordinate(plan.offsets[1], j * box_columns);
        b.op(
            Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal,
            &[cluster, map, column, row, barrier],
            &[],
            &[(attr::OPERAND_SEGMENT_SIZES, b.segments(&[1, 1, 2, 1, 0, 0, 0, 0]))],
            inside,
        );
    }
}
