//! Tensor-map copies (TMA, `cp.async.bulk.tensor`, sm_90) on a bulk queue.
//!
//! A copy into a tile whose buffer `asyncpipe-lower-mma` marked
//! `asyncpipe.swizzle = 128` (wgmma reads it in the 128-byte swizzle) must
//! write that layout, which only the tensor-map copy engine does: the copy
//! becomes `N / 64` copies of `R x 64` boxes (128-byte rows) of its source, the
//! `j`-th box of columns `64 j ..` landing `R x 128 j` bytes into the tile
//! (its `j`-th swizzled region, as wgmma's descriptors expect).
//!
//! **Once per block.** The model's copy is the same in every thread (its
//! operands may not depend on the thread id): each thread copying the whole
//! tile would leave the same bytes. So thread 0 alone adds the tile's bytes
//! to the open group's mbarrier (`expect_tx`) and issues the boxes; every
//! thread still arrives at the commit, and a wait's phase completes once
//! all have arrived and the bytes have landed, which is what the model's
//! wait promises each thread.
//!
//! **Tensor maps.** A box copy names its source by a tensor map, a
//! 128-byte descriptor that the host encodes once per buffer
//! (`cuTensorMapEncodeTiled`) and passes by address. The pass appends one
//! `!llvm.ptr` argument to the kernel for each source argument and box
//! shape, and records them on the kernel (`asyncpipe.tensor_maps`: for each,
//! the argument it describes, box rows, box columns and swizzle bytes).

use super::copy::{shape, type_text, DYNAMIC};
use crate::passes::analysis::thread_scope;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::attrs;
use crate::passes::ir::upstream::{attr, cmpi, Upstream};
use crate::passes::ir::{self, rewrite, ValueKey};
use melior::ir::attribute::ArrayAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Attribute, Value, ValueLike};
use std::collections::HashSet;

/// A box's rows: at most 256 (a tensor map's box dimension).
const MAX_BOX: i64 = 256;
/// An mbarrier phase counts at most 2^20 - 1 bytes.
const MAX_TX_BYTES: i64 = (1 << 20) - 1;

/// The swizzle (bytes) in which `copy` must write its destination, if its
/// buffer has one.
pub fn swizzle_of(copy: OperationRef) -> Option<i64> {
    let dest = copy.operand(1).ok()?;
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
    fn box_columns(&self, swizzle: i64) -> i64 {
        swizzle / self.e
    }
}

/// Checks that a tensor-map copy with `swizzle` can perform `copy`, in a
/// function whose thread-dependent values are `varying`; the error says why
/// not.
pub fn plan<'c, 'a>(copy: OperationRef<'c, 'a>, swizzle: i64, varying: &HashSet<ValueKey>) -> Result<TmaPlan<'c, 'a>, String> {
    let source = copy.operand(0).map_err(|_| "a copy has a source".to_string())?;
    let dest = copy.operand(1).map_err(|_| "a copy has a destination".to_string())?;
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
    let box_columns = swizzle / e;
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
    if rows * columns * e > MAX_TX_BYTES {
        return Err(format!("the copy moves {} bytes, but an mbarrier phase counts at most {MAX_TX_BYTES} bytes", rows * columns * e));
    }
    // The source: a 2-D view of a kernel argument with the identity layout.
    let subview = ir::defining_op(source).filter(|op| Upstream::MemrefSubview.is(*op));
    let base = subview.and_then(|op| op.operand(0).ok());
    let argument = base.and_then(|base| {
        let function = ir::enclosing_function(copy)?;
        let entry = ir::region_entry(function, 0)?;
        (0..ir::function_input_count(function)).find(|&i| entry.argument(i).is_ok_and(|arg| Value::from(arg) == base))
    });
    let (Some(subview), Some(base), Some(argument)) = (subview, base, argument) else {
        return Err("a tensor-map copy reads a tile of a kernel argument: the source must be a memref.subview of one".into());
    };
    let base_type = base.r#type();
    let full = ir::shape(base_type);
    if full.len() != 2 || full.contains(&DYNAMIC) || !ir::has_identity_layout(base_type) {
        return Err("a tensor map describes a static row-major 2-D buffer: the kernel argument the copy reads must be one".into());
    }
    if (full[1] * e) % 16 != 0 {
        return Err(format!("a tensor map's row stride is a multiple of 16 bytes; the source's rows are {} bytes", full[1] * e));
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
            let value = dynamic.next().ok_or("a dynamic offset of the source subview")?;
            if varying.contains(&ValueKey::of(value)) {
                return Err(uniform_error());
            }
            Offset::Value(value)
        } else {
            Offset::Known(offset)
        };
    }
    if dest_varies(dest, varying) {
        return Err(uniform_error());
    }
    Ok(TmaPlan { argument, rows, columns, offsets, e })
}

fn uniform_error() -> String {
    "a tensor-map copy is issued once for the whole block, so its tiles must be the same in every thread: this \
     copy's source or destination depends on the thread id"
        .into()
}

/// Whether `dest`'s view (through subviews) depends on the thread id.
fn dest_varies(dest: Value, varying: &HashSet<ValueKey>) -> bool {
    if varying.contains(&ValueKey::of(dest)) {
        return true;
    }
    ir::defining_op(dest).is_some_and(|op| Upstream::MemrefSubview.is(op) && op.operands().any(|v| dest_varies(v, varying)))
}

/// The tensor maps of one kernel: for each, the source argument and box
/// rows, and the `!llvm.ptr` argument appended for it.
pub struct TensorMaps<'c, 'a> {
    maps: Vec<(usize, i64, Value<'c, 'a>)>,
}

impl<'c, 'a> TensorMaps<'c, 'a> {
    /// Appends a tensor-map argument to `function` for each source argument
    /// and box shape that `plans` (with `swizzle`) read, and records them.
    pub fn append(function: OperationRef<'c, 'a>, plans: &[(usize, i64)], swizzle: i64, b: &Builder<'c>) -> Self {
        let pointer = b.parse_type("!llvm.ptr");
        let mut maps: Vec<(usize, i64, Value<'c, 'a>)> = Vec::new();
        let mut records: Vec<Attribute> = Vec::new();
        for &(argument, rows) in plans {
            if maps.iter().any(|(a, r, _)| *a == argument && *r == rows) {
                continue;
            }
            let value = rewrite::append_input(function, pointer, function.location());
            maps.push((argument, rows, value));
            records.push(b.i64_array(&[argument as i64, rows, swizzle / 2, swizzle]));
        }
        if !records.is_empty() {
            rewrite::set_attribute(function, attrs::TENSOR_MAPS, ArrayAttribute::new(b.ctx(), &records).into());
        }
        Self { maps }
    }

    fn get(&self, plan: &TmaPlan) -> Value<'c, 'a> {
        self.maps.iter().find(|(a, r, _)| *a == plan.argument && *r == plan.rows).map(|m| m.2).expect("appended")
    }
}

/// Emits `copy` as tensor-map box copies on `barrier` (the open group's),
/// by thread 0 of the block, before it.
pub fn emit<'c, 'a>(
    copy: OperationRef<'c, 'a>,
    plan: &TmaPlan<'c, 'a>,
    maps: &TensorMaps<'c, 'a>,
    swizzle: i64,
    barrier: Value<'c, 'a>,
    b: &Builder<'c>,
) {
    let point = Point::Before(copy);
    let i32_type = b.parse_type("i32");
    let i64_type = b.parse_type("i64");
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
    let bytes = b.int_constant(i32_type, plan.rows * plan.columns * plan.e, inside);
    b.op(Upstream::NvvmMbarrierExpectTx, &[barrier, bytes], &[], &[], inside);
    let dest = copy.operand(1).expect("a destination");
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
    let box_columns = plan.box_columns(swizzle);
    let row = coordinate(plan.offsets[0], 0);
    for j in 0..plan.columns / box_columns {
        let region = b.binary(Upstream::ArithAddi, start, b.index_constant(j * plan.rows * swizzle, inside), inside);
        let address = b.value(Upstream::ArithIndexCast, &[region], i64_type, &[], inside);
        let shared = b.value(Upstream::LlvmInttoptr, &[address], b.parse_type("!llvm.ptr<3>"), &[], inside);
        let cluster = b.value(Upstream::LlvmAddrspacecast, &[shared], b.parse_type("!llvm.ptr<7>"), &[], inside);
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

/// The thread-dependent values of a function's `ops`.
pub fn varying(ops: &[OperationRef]) -> HashSet<ValueKey> {
    thread_scope::thread_dependent(ops)
}
