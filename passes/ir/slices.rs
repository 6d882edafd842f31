//! The offsets, sizes and strides of the ops that name a part of a tensor
//! or buffer (`OffsetSizeAndStrideOpInterface`: `memref.subview`,
//! `tensor.extract_slice`, `tensor.parallel_insert_slice`,
//! `par.parallel_insert_slice`), each static or an SSA value, and the
//! results of `affine.apply` and `affine.min` as expressions.

use crate::passes::ir::positions::OpPositions;
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
            (op.operand_at(0)?, 1)
        } else if Upstream::TensorParallelInsertSlice.is(op) || Upstream::TensorInsertSlice.is(op) {
            (op.operand_at(1)?, 2)
        } else {
            return None;
        };
        let segments = super::dense_i32_attr(op, "operandSegmentSizes")?;
        let mut next = segments.iter().take(first).map(|&n| n.max(0) as usize).sum::<usize>();
        let mut group = |name: &str, count: i32| -> Option<Vec<Mixed<'c, 'a>>> {
            let statics = super::dense_i64_attr(op, name)?;
            let mut dynamic = (next..next + count.max(0) as usize).map(|i| op.operand_at(i));
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

/// The rounding of a division in an affine expression, by a positive
/// constant: `mod` (the nonnegative remainder), `floordiv`, `ceildiv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Division {
    Mod,
    Floor,
    Ceil,
}

impl Division {
    /// `a` divided by positive `c` this way. (Ceil of i128::MIN, whose
    /// negation does not fit: `-floor(-a / c)` computed as
    /// `floor((a + c - 1) / c)` for negative `a`, which cannot overflow.)
    pub fn of_constants(self, a: i128, c: i128) -> i128 {
        match self {
            Division::Mod => a.rem_euclid(c),
            Division::Floor => a.div_euclid(c),
            Division::Ceil if a < 0 => (a + (c - 1)).div_euclid(c),
            Division::Ceil => -((-a).div_euclid(c)),
        }
    }
}

/// What an analysis evaluates an affine expression to (constants, forms in
/// thread ids, periodic forms over a loop, ...): [`Affine::evaluate`] folds
/// constants itself and asks the domain for the rest.
pub trait AffineDomain {
    type Value: Clone;
    /// A constant (None where the domain cannot hold it).
    fn constant(&self, value: i128) -> Option<Self::Value>;
    fn as_constant(&self, value: &Self::Value) -> Option<i128>;
    fn add(&self, a: &Self::Value, b: &Self::Value) -> Option<Self::Value>;
    fn scale(&self, a: &Self::Value, factor: i128) -> Option<Self::Value>;
    /// A product where neither side is a constant (none, unless the domain
    /// has such products).
    fn product(&self, _a: &Self::Value, _b: &Self::Value) -> Option<Self::Value> {
        None
    }
    /// `a` divided by the positive constant `c`, `a` not a constant.
    fn divide(&self, a: &Self::Value, division: Division, c: i128) -> Option<Self::Value>;
}

impl Affine {
    /// The expression over `operands` (its `dims` dimensions, then its
    /// symbols) in `domain`; None where the domain cannot express it (a
    /// division by a non-constant or nonpositive divisor is not affine).
    pub fn evaluate<D: AffineDomain>(&self, domain: &D, dims: usize, operands: &[Option<D::Value>]) -> Option<D::Value> {
        let both = |l: &Affine, r: &Affine| Some((l.evaluate(domain, dims, operands)?, r.evaluate(domain, dims, operands)?));
        let divide = |l: &Affine, r: &Affine, division: Division| {
            let (x, c) = both(l, r)?;
            let c = domain.as_constant(&c).filter(|c| *c > 0)?;
            match domain.as_constant(&x) {
                Some(a) => domain.constant(division.of_constants(a, c)),
                None => domain.divide(&x, division, c),
            }
        };
        match self {
            Affine::Dim(i) => operands.get(*i)?.clone(),
            Affine::Symbol(i) => operands.get(dims.checked_add(*i)?)?.clone(),
            Affine::Constant(c) => domain.constant(i128::from(*c)),
            Affine::Add(l, r) => {
                let (l, r) = both(l, r)?;
                domain.add(&l, &r)
            }
            Affine::Mul(l, r) => {
                let (l, r) = both(l, r)?;
                match (domain.as_constant(&l), domain.as_constant(&r)) {
                    (Some(c), _) => domain.scale(&r, c),
                    (_, Some(c)) => domain.scale(&l, c),
                    _ => domain.product(&l, &r),
                }
            }
            Affine::Mod(l, r) => divide(l, r, Division::Mod),
            Affine::FloorDiv(l, r) => divide(l, r, Division::Floor),
            Affine::CeilDiv(l, r) => divide(l, r, Division::Ceil),
        }
    }

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
    let results = (0..map.result_count()).map(|i| map_result(map, i).map(Affine::of)).collect::<Option<Vec<_>>>()?;
    let operands = (0..op.operand_count()).filter_map(|i| op.operand_at(i)).collect();
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
    let operands = (0..op.operand_count()).filter_map(|i| op.operand_at(i)).collect();
    Some((Affine::of(map_result(map, 0)?), map.dim_count(), operands))
}

/// Result `index` of an affine map, if it has that many.
fn map_result(map: melior::ir::AffineMap<'_>, index: usize) -> Option<AffineExpr<'_>> {
    match map.result(index) {
        Ok(expr) => Some(expr),
        Err(_) => None,
    }
}
