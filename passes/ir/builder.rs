//! Building ops at a chosen point, over melior's safe types.
//!
//! Rewrites that create many small ops (index arithmetic, constants) before
//! an existing op read better with one builder that knows the context and
//! the location than with an `OperationBuilder` chain per op.
//!
//! `'c` is the context and `'a` the IR being rewritten: every op the builder
//! inserts lives in a block of that IR, so the handles it returns borrow it
//! like any other op found by walking it.

use crate::passes::ir::upstream::attr;
use melior::ir::attribute::{
    DenseI32ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute, FloatAttribute, IntegerAttribute, StringAttribute,
    TypeAttribute,
};
use melior::ir::block::BlockLike;
use melior::ir::operation::{Operation, OperationBuilder, OperationLike, OperationRef};
use melior::ir::r#type::{FunctionType, IntegerType, MemRefType};
use melior::ir::{Attribute, Block, BlockRef, Identifier, Location, Region, RegionLike, Type, Value, ValueLike};
use melior::{Context, ContextRef};

use super::upstream::Upstream;

/// Where new ops go.
#[derive(Clone, Copy)]
pub enum Point<'c, 'a> {
    Before(OperationRef<'c, 'a>),
    End(BlockRef<'c, 'a>),
}

impl<'c, 'a> Point<'c, 'a> {
    /// The block the new ops go into.
    pub fn block(self) -> BlockRef<'c, 'a> {
        match self {
            Point::Before(op) => op.block().expect("an insertion point is in a block"),
            Point::End(block) => block,
        }
    }
}

/// A memref's [`Builder::strided_metadata`].
pub struct StridedMetadata<'c, 'a> {
    pub pointer: Value<'c, 'a>,
    pub offset: Value<'c, 'a>,
    pub sizes: Vec<Value<'c, 'a>>,
    pub strides: Vec<Value<'c, 'a>>,
}

pub struct Builder<'c> {
    context: &'c Context,
    pub location: Location<'c>,
}

impl<'c> Builder<'c> {
    pub fn new(context: ContextRef<'c>, location: Location<'c>) -> Self {
        Self { context: super::stable_context(context), location }
    }

    /// The context, for attribute and type constructors.
    pub fn ctx(&self) -> &'c Context {
        self.context
    }

    pub fn build(
        &self,
        name: impl AsRef<str>,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attributes: &[(&str, Attribute<'c>)],
        regions: Vec<Region<'c>>,
    ) -> Operation<'c> {
        let attributes: Vec<(Identifier, Attribute)> =
            attributes.iter().map(|(n, a)| (Identifier::new(self.ctx(), n), *a)).collect();
        OperationBuilder::new(name.as_ref(), self.location)
            .add_operands(operands)
            .add_results(results)
            .add_attributes(&attributes)
            .add_regions_vec(regions)
            .build()
            .expect("a well-formed op")
    }

    /// Inserts `op` (a new op, or a clone that nothing owns yet) at `point`.
    pub fn insert<'a>(&self, op: Operation<'c>, point: Point<'c, 'a>) -> OperationRef<'c, 'a> {
        match point {
            Point::Before(before) => point.block().insert_operation_before(before, op),
            Point::End(block) => block.append_operation(op),
        }
    }

    /// Inserts a region-less op and returns it.
    pub fn op<'a>(
        &self,
        name: impl AsRef<str>,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attributes: &[(&str, Attribute<'c>)],
        point: Point<'c, 'a>,
    ) -> OperationRef<'c, 'a> {
        self.insert(self.build(name, operands, results, attributes, vec![]), point)
    }

    /// Inserts a one-result op and returns its result.
    pub fn value<'a>(
        &self,
        name: impl AsRef<str>,
        operands: &[Value<'c, '_>],
        result: Type<'c>,
        attributes: &[(&str, Attribute<'c>)],
        point: Point<'c, 'a>,
    ) -> Value<'c, 'a> {
        self.op(name, operands, &[result], attributes, point).result(0).expect("one result").into()
    }

    /// An `scf.for` from `lower` to `upper` by `step` without iter_args;
    /// returns its induction variable and the point before its terminator.
    pub fn for_loop<'a>(
        &self,
        lower: Value<'c, '_>,
        upper: Value<'c, '_>,
        step: Value<'c, '_>,
        point: Point<'c, 'a>,
    ) -> (Value<'c, 'a>, Point<'c, 'a>) {
        let region = Region::new();
        region.append_block(Block::new(&[(Type::index(self.ctx()), self.location)]));
        let for_op = self.insert(self.build(Upstream::ScfFor, &[lower, upper, step], &[], &[], vec![region]), point);
        let body = super::region_entry(for_op, 0).expect("the loop body");
        let iv = body.argument(0).expect("the induction variable").into();
        let terminator = self.op(Upstream::ScfYield, &[], &[], &[], Point::End(body));
        (iv, Point::Before(terminator))
    }

    /// An op with one single-block region ending in `terminator` (a
    /// region-less op such as `scf.yield`); returns the terminator, before
    /// which the body goes.
    pub fn region_op<'a>(
        &self,
        name: impl AsRef<str>,
        attributes: &[(&str, Attribute<'c>)],
        terminator: impl AsRef<str>,
        point: Point<'c, 'a>,
    ) -> OperationRef<'c, 'a> {
        let region = Region::new();
        region.append_block(Block::new(&[]));
        let op = self.insert(self.build(name, &[], &[], attributes, vec![region]), point);
        let block = super::region_entry(op, 0).expect("the region's block");
        self.op(terminator, &[], &[], &[], Point::End(block))
    }

    /// Inserts `op` (a new op whose first region is empty, as the generated
    /// `XOp::build` makes them) at `point` with one block ending in
    /// `terminator`; returns the terminator, before which the body goes.
    pub fn insert_with_body<'a>(&self, op: Operation<'c>, terminator: Operation<'c>, point: Point<'c, 'a>) -> OperationRef<'c, 'a> {
        let op = self.insert(op, point);
        let block = op.region(0).expect("an op with a region").append_block(Block::new(&[]));
        block.append_operation(terminator)
    }

    /// An `scf.if` on `condition` without results or else branch; returns
    /// the point before the then branch's terminator.
    pub fn if_then<'a>(&self, condition: Value<'c, '_>, point: Point<'c, 'a>) -> Point<'c, 'a> {
        let then = Region::new();
        then.append_block(Block::new(&[]));
        let if_op = self.insert(self.build(Upstream::ScfIf, &[condition], &[], &[], vec![then, Region::new()]), point);
        let block = super::region_entry(if_op, 0).expect("the then block");
        Point::Before(self.op(Upstream::ScfYield, &[], &[], &[], Point::End(block)))
    }

    /// `ub.poison` of type `ty` (a placeholder that no execution reads).
    pub fn poison<'a>(&self, ty: Type<'c>, point: Point<'c, 'a>) -> Value<'c, 'a> {
        self.value(Upstream::UbPoison, &[], ty, &[], point)
    }

    pub fn index_constant<'a>(&self, value: i64, point: Point<'c, 'a>) -> Value<'c, 'a> {
        self.int_constant(self.index_type(), value, point)
    }

    /// `arith.constant` of an integer or index type `ty`.
    pub fn int_constant<'a>(&self, ty: Type<'c>, value: i64, point: Point<'c, 'a>) -> Value<'c, 'a> {
        let attribute: Attribute = IntegerAttribute::new(ty, value).into();
        self.value(Upstream::ArithConstant, &[], ty, &[(attr::VALUE, attribute)], point)
    }

    /// `arith.<name>` on two values of one integer or index type.
    pub fn binary<'a>(&self, name: impl AsRef<str>, lhs: Value<'c, '_>, rhs: Value<'c, '_>, point: Point<'c, 'a>) -> Value<'c, 'a> {
        self.value(name, &[lhs, rhs], lhs.r#type(), &[], point)
    }

    pub fn index_type(&self) -> Type<'c> {
        Type::index(self.ctx())
    }

    pub fn i1_type(&self) -> Type<'c> {
        IntegerType::new(self.ctx(), 1).into()
    }

    pub fn int_attr(&self, bits: u32, value: i64) -> Attribute<'c> {
        IntegerAttribute::new(IntegerType::new(self.ctx(), bits).into(), value).into()
    }

    /// The `dimension` attribute of `gpu.thread_id` and its kin for
    /// dimension `k` (0 for x, 1 for y, 2 for z).
    pub fn gpu_dimension(&self, k: usize) -> Attribute<'c> {
        self.parse_attr(super::GPU_DIMENSIONS[k])
    }

    /// A `func.func` named `name` of type (inputs) -> (results) with an empty
    /// body (a declaration until the caller adds blocks), private if
    /// `private`.
    pub fn function<'a>(
        &self,
        name: &str,
        inputs: &[Type<'c>],
        results: &[Type<'c>],
        private: bool,
        point: Point<'c, 'a>,
    ) -> OperationRef<'c, 'a> {
        let ty: Type = FunctionType::new(self.ctx(), inputs, results).into();
        let mut attributes = vec![
            (attr::SYM_NAME, StringAttribute::new(self.ctx(), name).into()),
            (attr::FUNCTION_TYPE, TypeAttribute::new(ty).into()),
        ];
        if private {
            attributes.push((attr::SYM_VISIBILITY, StringAttribute::new(self.ctx(), "private").into()));
        }
        self.insert(self.build(Upstream::FuncFunc, &[], &[], &attributes, vec![Region::new()]), point)
    }

    /// Private declarations, before `before`, of the functions (name,
    /// inputs, results) that no op of its block defines yet: the runtime a
    /// lowering calls, which the program may define itself.
    pub fn declare_missing<'a>(&self, before: OperationRef<'c, 'a>, functions: &[(&str, Vec<Type<'c>>, Vec<Type<'c>>)]) {
        let Some(block) = before.block() else { return };
        let defined: Vec<String> = super::ops(block).filter_map(super::symbol_name).collect();
        for (name, inputs, results) in functions {
            if !defined.iter().any(|d| d == name) {
                self.function(name, inputs, results, true, Point::Before(before));
            }
        }
    }

    /// `func.call @callee(operands)` returning `results`.
    pub fn call<'a>(&self, callee: &str, operands: &[Value<'c, '_>], results: &[Type<'c>], point: Point<'c, 'a>) -> OperationRef<'c, 'a> {
        let callee = FlatSymbolRefAttribute::new(self.ctx(), callee).into();
        self.op(Upstream::FuncCall, operands, results, &[(attr::CALLEE, callee)], point)
    }

    /// `cf.br` to `target` with `operands` for its arguments.
    pub fn branch<'a>(&self, target: BlockRef<'c, '_>, operands: &[Value<'c, '_>], point: Point<'c, 'a>) -> OperationRef<'c, 'a> {
        let op = OperationBuilder::new(Upstream::CfBr.name(), self.location)
            .add_operands(operands)
            .add_successors(&[&target])
            .build()
            .expect("a cf.br");
        self.insert(op, point)
    }

    /// `cf.cond_br` on `condition` to `then` or `otherwise`, each with the
    /// operands for its arguments.
    pub fn cond_branch<'a>(
        &self,
        condition: Value<'c, '_>,
        then: (BlockRef<'c, '_>, &[Value<'c, '_>]),
        otherwise: (BlockRef<'c, '_>, &[Value<'c, '_>]),
        point: Point<'c, 'a>,
    ) -> OperationRef<'c, 'a> {
        let segments = self.segments(&[1, then.1.len() as i32, otherwise.1.len() as i32]);
        let mut operands = vec![condition];
        operands.extend_from_slice(then.1);
        operands.extend_from_slice(otherwise.1);
        let op = OperationBuilder::new(Upstream::CfCondBr.name(), self.location)
            .add_operands(&operands)
            .add_successors(&[&then.0, &otherwise.0])
            .add_attributes(&[(Identifier::new(self.ctx(), attr::OPERAND_SEGMENT_SIZES), segments)])
            .build()
            .expect("a cf.cond_br");
        self.insert(op, point)
    }

    /// An `operandSegmentSizes` value: how many operands each segment has.
    pub fn segments(&self, sizes: &[i32]) -> Attribute<'c> {
        DenseI32ArrayAttribute::new(self.ctx(), sizes).into()
    }

    /// `memref.extract_strided_metadata` of `memref`: its aligned pointer as
    /// an index, its offset, and its strides (in elements), as values.
    pub fn strided_metadata<'a>(&self, memref: Value<'c, '_>, point: Point<'c, 'a>) -> StridedMetadata<'c, 'a> {
        let ty = memref.r#type();
        let rank = super::shape(ty).len();
        let mut results = vec![super::scalar_memref_like(ty), self.index_type()];
        results.extend(std::iter::repeat_n(self.index_type(), 2 * rank));
        let metadata = self.op(Upstream::MemrefExtractStridedMetadata, &[memref], &results, &[], point);
        let pointer = self.value(Upstream::MemrefExtractAlignedPointerAsIndex, &[memref], self.index_type(), &[], point);
        let result = |i: usize| -> Value<'c, 'a> { metadata.result(i).expect("a metadata result").into() };
        StridedMetadata {
            pointer,
            offset: result(1),
            sizes: (0..rank).map(|k| result(2 + k)).collect(),
            strides: (0..rank).map(|k| result(2 + rank + k)).collect(),
        }
    }

    /// The byte address of `memref[index]`: its aligned pointer plus (offset
    /// + sum of index times stride) elements of `element_bytes` bytes.
    pub fn byte_address<'a>(&self, memref: Value<'c, 'a>, index: &[Value<'c, 'a>], element_bytes: i64, point: Point<'c, 'a>) -> Value<'c, 'a> {
        let metadata = self.strided_metadata(memref, point);
        let mut linear = metadata.offset;
        for (i, stride) in index.iter().zip(&metadata.strides) {
            let term = self.binary(Upstream::ArithMuli, *i, *stride, point);
            linear = self.binary(Upstream::ArithAddi, linear, term, point);
        }
        let width = self.index_constant(element_bytes, point);
        let offset = self.binary(Upstream::ArithMuli, linear, width, point);
        self.binary(Upstream::ArithAddi, metadata.pointer, offset, point)
    }

    /// A `DenseI64ArrayAttr` (`array<i64: ...>`: a static position, sizes).
    pub fn i64_array(&self, values: &[i64]) -> Attribute<'c> {
        DenseI64ArrayAttribute::new(self.ctx(), values).into()
    }

    /// `arith.constant` of float type `ty`.
    pub fn float_constant<'a>(&self, ty: Type<'c>, value: f64, point: Point<'c, 'a>) -> Value<'c, 'a> {
        let attribute: Attribute = FloatAttribute::new(self.ctx(), ty, value).into();
        self.value(Upstream::ArithConstant, &[], ty, &[(attr::VALUE, attribute)], point)
    }

    /// `vector<shape x element>`.
    pub fn vector_type(&self, shape: &[i64], element: Type<'c>) -> Type<'c> {
        unsafe { Type::from_raw(mlir_sys::mlirVectorTypeGet(shape.len() as isize, shape.as_ptr(), melior::ir::TypeLike::to_raw(&element))) }
    }

    /// `memref<?xi8, #gpu.address_space<workgroup>>`: bytes of a block's
    /// shared memory (what `gpu.dynamic_shared_memory` yields).
    pub fn workgroup_bytes(&self) -> Type<'c> {
        let i8_type: Type = IntegerType::new(self.ctx(), 8).into();
        MemRefType::new(i8_type, &[super::DYNAMIC_SIZE], None, Some(super::workgroup_space(self.ctx()))).into()
    }

    /// `memref<T>`, one element of `element` (0-d).
    pub fn scalar_memref(&self, element: Type<'c>) -> Type<'c> {
        MemRefType::new(element, &[], None, None).into()
    }

    /// `iN`.
    pub fn int_type(&self, bits: u32) -> Type<'c> {
        IntegerType::new(self.ctx(), bits).into()
    }

    /// `!llvm.ptr` (generic) or `!llvm.ptr<space>`.
    pub fn llvm_pointer(&self, space: u32) -> Type<'c> {
        melior::dialect::llvm::r#type::pointer(self.ctx(), space)
    }

    /// `!llvm.struct<(fields)>`.
    pub fn llvm_struct(&self, fields: &[Type<'c>]) -> Type<'c> {
        melior::dialect::llvm::r#type::r#struct(self.ctx(), fields, false)
    }

    /// `memref<?xi8>`, a buffer of bytes.
    pub fn byte_buffer(&self) -> Type<'c> {
        MemRefType::new(IntegerType::new(self.ctx(), 8).into(), &[super::DYNAMIC_SIZE], None, None).into()
    }

    /// `!async.token`, the upstream async dialect's completion token.
    pub fn async_token_type(&self) -> Type<'c> {
        self.parse_type("!async.token")
    }

    /// `!async.group`, a set of tokens `async.await_all` waits on.
    pub fn async_group_type(&self) -> Type<'c> {
        self.parse_type("!async.group")
    }

    /// `!async.value<T>`, a value `async.execute` yields.
    pub fn async_value_type(&self, value: Type<'c>) -> Type<'c> {
        self.parse_type(&format!("!async.value<{value}>"))
    }

    /// `memref.load` of `memref` at `index`.
    pub fn load<'a>(&self, memref: Value<'c, 'a>, index: &[Value<'c, 'a>], point: Point<'c, 'a>) -> Value<'c, 'a> {
        let mut operands = vec![memref];
        operands.extend_from_slice(index);
        self.value(Upstream::MemrefLoad, &operands, super::element_type(memref.r#type()), &[], point)
    }

    /// `memref.store` of `value` into `memref` at `index`.
    pub fn store<'a>(&self, value: Value<'c, 'a>, memref: Value<'c, 'a>, index: &[Value<'c, 'a>], point: Point<'c, 'a>) {
        let mut operands = vec![value, memref];
        operands.extend_from_slice(index);
        self.op(Upstream::MemrefStore, &operands, &[], &[], point);
    }

    /// A string attribute (any text: quoting is the attribute's).
    pub fn string_attr(&self, text: &str) -> Attribute<'c> {
        StringAttribute::new(self.ctx(), text).into()
    }

    /// The unit attribute (a flag that is set).
    pub fn unit_attr(&self) -> Attribute<'c> {
        Attribute::unit(self.ctx())
    }

    /// Parses an attribute written in MLIR syntax (a constant of the pass).
    pub fn parse_attr(&self, text: &str) -> Attribute<'c> {
        Attribute::parse(self.ctx(), text).unwrap_or_else(|| panic!("asyncpipe wrote an invalid attribute: {text}"))
    }

    /// Parses a type written in MLIR syntax (a constant of the pass).
    pub fn parse_type(&self, text: &str) -> Type<'c> {
        Type::parse(self.ctx(), text).unwrap_or_else(|| panic!("asyncpipe wrote an invalid type: {text}"))
    }
}
