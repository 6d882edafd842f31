//! Building ops at a chosen point with raw MLIR handles.
//!
//! Rewrites that create many small ops (index arithmetic, constants) before
//! an existing op read better with one builder that knows the context and
//! the location than with an `OperationBuilder` chain per op.

use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::{Operation, OperationBuilder};
use melior::ir::r#type::{IntegerType, TypeLike};
use melior::ir::block::BlockLike;
use melior::ir::{Attribute, Block, Identifier, Location, Region, RegionLike, Type, Value, ValueLike};
use melior::{Context, ContextRef};
use mlir_sys::{MlirBlock, MlirOperation, MlirType, MlirValue};

/// Where new ops go.
#[derive(Clone, Copy)]
pub enum Point {
    Before(MlirOperation),
    End(MlirBlock),
}

pub struct Builder<'c> {
    context: ContextRef<'c>,
    pub location: Location<'c>,
}

impl<'c> Builder<'c> {
    pub fn new(context: ContextRef<'c>, location: Location<'c>) -> Self {
        Self { context, location }
    }

    /// The context, for attribute and type constructors.
    pub fn ctx(&self) -> &'c Context {
        // The context outlives every op of the module being rewritten.
        unsafe { std::mem::transmute::<&Context, &'c Context>(self.context.to_ref()) }
    }

    pub fn build(
        &self,
        name: &str,
        operands: &[MlirValue],
        results: &[MlirType],
        attributes: &[(&str, Attribute<'c>)],
        regions: Vec<Region<'c>>,
    ) -> Operation<'c> {
        let operands: Vec<Value> = operands.iter().map(|v| unsafe { Value::from_raw(*v) }).collect();
        let results: Vec<Type> = results.iter().map(|t| unsafe { Type::from_raw(*t) }).collect();
        let attributes: Vec<(Identifier, Attribute)> =
            attributes.iter().map(|(n, a)| (Identifier::new(self.ctx(), n), *a)).collect();
        OperationBuilder::new(name, self.location)
            .add_operands(&operands)
            .add_results(&results)
            .add_attributes(&attributes)
            .add_regions_vec(regions)
            .build()
            .expect("a well-formed op")
    }

    pub fn insert(&self, op: Operation<'c>, point: Point) -> MlirOperation {
        self.insert_raw(op.into_raw(), point)
    }

    /// Inserts an op that nothing owns yet (a fresh clone).
    pub fn insert_raw(&self, op: MlirOperation, point: Point) -> MlirOperation {
        unsafe {
            match point {
                Point::Before(before) => {
                    mlir_sys::mlirBlockInsertOwnedOperationBefore(mlir_sys::mlirOperationGetBlock(before), before, op)
                }
                Point::End(block) => mlir_sys::mlirBlockAppendOwnedOperation(block, op),
            }
        }
        op
    }

    /// Inserts a region-less op and returns it.
    pub fn op(
        &self,
        name: &str,
        operands: &[MlirValue],
        results: &[MlirType],
        attributes: &[(&str, Attribute<'c>)],
        point: Point,
    ) -> MlirOperation {
        self.insert(self.build(name, operands, results, attributes, vec![]), point)
    }

    /// Inserts a one-result op and returns its result.
    pub fn value(
        &self,
        name: &str,
        operands: &[MlirValue],
        result: MlirType,
        attributes: &[(&str, Attribute<'c>)],
        point: Point,
    ) -> MlirValue {
        let op = self.op(name, operands, &[result], attributes, point);
        unsafe { mlir_sys::mlirOperationGetResult(op, 0) }
    }

    /// An `scf.for` from `lower` to `upper` by `step` without iter_args;
    /// returns its induction variable and the point before its terminator.
    pub fn for_loop(&self, lower: MlirValue, upper: MlirValue, step: MlirValue, point: Point) -> (MlirValue, Point) {
        let region = Region::new();
        let body = region.append_block(Block::new(&[(Type::index(self.ctx()), self.location)]));
        let (body, iv) = (body.to_raw(), body.argument(0).expect("the induction variable").to_raw());
        self.insert(self.build("scf.for", &[lower, upper, step], &[], &[], vec![region]), point);
        let terminator = self.op("scf.yield", &[], &[], &[], Point::End(body));
        (iv, Point::Before(terminator))
    }

    /// An op with one single-block region ending in `terminator` (a
    /// region-less op such as `scf.yield`); returns the terminator, before
    /// which the body goes.
    pub fn region_op(&self, name: &str, attributes: &[(&str, Attribute<'c>)], terminator: &str, point: Point) -> MlirOperation {
        let region = Region::new();
        let block = region.append_block(Block::new(&[])).to_raw();
        self.insert(self.build(name, &[], &[], attributes, vec![region]), point);
        self.op(terminator, &[], &[], &[], Point::End(block))
    }

    /// An `scf.if` on `condition` without results or else branch; returns
    /// the point before the then branch's terminator.
    pub fn if_then(&self, condition: MlirValue, point: Point) -> Point {
        let then = Region::new();
        let block = then.append_block(Block::new(&[])).to_raw();
        self.insert(self.build("scf.if", &[condition], &[], &[], vec![then, Region::new()]), point);
        Point::Before(self.op("scf.yield", &[], &[], &[], Point::End(block)))
    }

    /// `ub.poison` of type `ty` (a placeholder that no execution reads).
    pub fn poison(&self, ty: MlirType, point: Point) -> MlirValue {
        self.value("ub.poison", &[], ty, &[], point)
    }

    pub fn index_constant(&self, value: i64, point: Point) -> MlirValue {
        self.int_constant(self.index_type(), value, point)
    }

    /// `arith.constant` of an integer or index type `ty`.
    pub fn int_constant(&self, ty: MlirType, value: i64, point: Point) -> MlirValue {
        let attribute: Attribute = IntegerAttribute::new(unsafe { Type::from_raw(ty) }, value).into();
        self.value("arith.constant", &[], ty, &[("value", attribute)], point)
    }

    /// `arith.<name>` on two values of one integer or index type.
    pub fn binary(&self, name: &str, lhs: MlirValue, rhs: MlirValue, point: Point) -> MlirValue {
        let ty = unsafe { mlir_sys::mlirValueGetType(lhs) };
        self.value(name, &[lhs, rhs], ty, &[], point)
    }

    pub fn index_type(&self) -> MlirType {
        Type::index(self.ctx()).to_raw()
    }

    pub fn i1_type(&self) -> MlirType {
        Type::from(IntegerType::new(self.ctx(), 1)).to_raw()
    }

    pub fn int_attr(&self, bits: u32, value: i64) -> Attribute<'c> {
        IntegerAttribute::new(IntegerType::new(self.ctx(), bits).into(), value).into()
    }

    /// Parses an attribute written in MLIR syntax (a constant of the pass).
    pub fn parse_attr(&self, text: &str) -> Attribute<'c> {
        Attribute::parse(self.ctx(), text).unwrap_or_else(|| panic!("asyncpipe wrote an invalid attribute: {text}"))
    }

    /// Parses a type written in MLIR syntax (a constant of the pass).
    pub fn parse_type(&self, text: &str) -> MlirType {
        Type::parse(self.ctx(), text).unwrap_or_else(|| panic!("asyncpipe wrote an invalid type: {text}")).to_raw()
    }
}
