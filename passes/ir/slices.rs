//! The offsets, sizes and strides of the ops that name a part of a tensor
//! or buffer (`OffsetSizeAndStrideOpInterface`: `memref.subview`,
//! `tensor.extract_slice`, `tensor.parallel_insert_slice`,
//! `par.parallel_insert_slice`), each static or an SSA value, and the
//! results of `affine.apply` and `affine.min` as expressions.

use super::upstream::Upstream;
use super::ods::par::ParallelInsertSliceOp;
use melior::ir::AffineExpr;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::attribute::AttributeLike;
use melior::ir::Value;

/// One offset, size or stride: a constant, or the SSA value that holds it.
#[derive(Clone, Copy, Debug)]
pub enum Mixed<'c, 'a> {
    Static(i64),
    Dynamic(Value<'c, 'a>),
}

/// The part of a shaped value an op names: per dimension of the whole, an
/// offset, a size and a stride.
#[derive(Clone, Debug)]
pub struct Slice<'c, 'a> {
    pub offsets: Vec<Mixed<'c, 'a>>,
    pub sizes: Vec<Mixed<'c, 'a>>,
    pub strides: Vec<Mixed<'c, 'a>>,
}

/// MLIR's marker for a dynamic entry in `static_offsets` and its kin.
const DYNAMIC: i64 = i64::MIN;

impl<'c, 'a> Slice<'c, 'a> {
    /// The slice `op` names, for the ops listed in the module's doc; with
    /// the whole value it is a part of.
    pub fn of(op: OperationRef<'c, 'a>) -> Option<(Value<'c, 'a>, Self)> {
        // Operand groups: [whole, (dest,) offsets, sizes, strides].
        let (whole, first) = if let Some(insert) = ParallelInsertSliceOp::cast(op) {
            (insert.dest(), 2)
        } else if matches!(Upstream::of(op), Some(Upstream::MemrefSubview | Upstream::TensorExtractSlice)) {
            (op.operand(0).ok()?, 1)
        } else if Upstream::TensorParallelInsertSlice.is(op) || Upstream::TensorInsertSlice.is(op) {
            (op.operand(1).ok()?, 2)
        } else {
            return None;
        };
        let segments = super::dense_i32_attr(op, "operandSegmentSizes")?;
        let mut next = segments.iter().take(first).map(|&n| n.max(0) as usize).sum::<usize>();
        let mut group = |name: &str, count: i32| -> Option<Vec<Mixed<'c, 'a>>> {
            let statics = super::dense_i64_attr(op, name)?;
            let mut dynamic = (next..next + count.max(0) as usize).map(|i| op.operand(i).ok());
            next += count.max(0) as usize;
            statics
                .into_iter()
                .map(|s| if s == DYNAMIC { dynamic.next().flatten().map(Mixed::Dynamic) } else { Some(Mixed::Static(s)) })
                .collect()
        };
        let offsets = group("static_offsets", *segments.get(first)?)?;
        let sizes = group("static_sizes", *segments.get(first + 1)?)?;
        let strides = group("static_strides", *segments.get(first + 2)?)?;
        Some((whole, Slice { offsets, sizes, strides }))
    }
}

/// An affine expression, as a tree the analyses can fold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Affine {
    Dim(usize),
    Symbol(usize),
    Constant(i64),
    Add(Box<Affine>, Box<Affine>),
    Mul(Box<Affine>, Box<Affine>),
    Mod(Box<Affine>, Box<Affine>),
    FloorDiv(Box<Affine>, Box<Affine>),
    CeilDiv(Box<Affine>, Box<Affine>),
}

impl Affine {
    fn of(expr: AffineExpr) -> Affine {
        let pair = |e: &AffineExpr| (Box::new(Affine::of(e.lhs())), Box::new(Affine::of(e.rhs())));
        if expr.is_dim() {
            Affine::Dim(expr.dim_position())
        } else if expr.is_symbol() {
            Affine::Symbol(expr.symbol_position())
        } else if expr.is_constant() {
            Affine::Constant(expr.constant_value())
        } else if expr.is_add() {
            let (l, r) = pair(&expr);
            Affine::Add(l, r)
        } else if expr.is_mul() {
            let (l, r) = pair(&expr);
            Affine::Mul(l, r)
        } else if expr.is_mod() {
            let (l, r) = pair(&expr);
            Affine::Mod(l, r)
        } else if expr.is_floor_div() {
            let (l, r) = pair(&expr);
            Affine::FloorDiv(l, r)
        } else {
            let (l, r) = pair(&expr);
            Affine::CeilDiv(l, r)
        }
    }
}

/// `affine.min`'s result expressions and its operands (dimensions first).
pub fn affine_min<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<(Vec<Affine>, usize, Vec<Value<'c, 'a>>)> {
    if !Upstream::AffineMin.is(op) {
        return None;
    }
    let map = map_attribute(op)?;
    let results = (0..map.result_count()).map(|i| map.result(i).ok().map(Affine::of)).collect::<Option<Vec<_>>>()?;
    let operands = (0..op.operand_count()).filter_map(|i| op.operand(i).ok()).collect();
    Some((results, map.dim_count(), operands))
}

fn map_attribute<'c>(op: OperationRef<'c, '_>) -> Option<melior::ir::AffineMap<'c>> {
    let attribute = op.attribute("map").ok()?;
    // SAFETY: the attribute is alive for 'c; the map it holds is uniqued in
    // the context.
    unsafe {
        if !mlir_sys::mlirAttributeIsAAffineMap(attribute.to_raw()) {
            return None;
        }
        Some(melior::ir::AffineMap::from_raw(mlir_sys::mlirAffineMapAttrGetValue(attribute.to_raw())))
    }
}

/// `affine.apply`'s single result expression and its operands (dimensions
/// first, then symbols, as the map numbers them).
pub fn affine_apply<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<(Affine, usize, Vec<Value<'c, 'a>>)> {
    if !Upstream::AffineApply.is(op) {
        return None;
    }
    let map = map_attribute(op)?;
    if map.result_count() != 1 {
        return None;
    }
    let operands = (0..op.operand_count()).filter_map(|i| op.operand(i).ok()).collect();
    Some((Affine::of(map.result(0).ok()?), map.dim_count(), operands))
}
