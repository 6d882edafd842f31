//! Typed views of asyncpipe's ops (`asyncpipe`, `par`, `asyncop`), generated
//! from their ODS by `dialects/ods.rs` at build time.
//!
//! Every op has a `Copy` wrapper over a borrowed [`OperationRef`] with
//! `NAME`, one constant per attribute name, `cast`/`is`, and an accessor per
//! ODS operand, result, region and attribute, named as in the `.td` file:
//!
//! ```ignore
//! if let Some(copy) = CopyOp::cast(op) {
//!     let (source, dest, queue) = (copy.source(), copy.dest(), copy.queue());
//! }
//! match AsyncpipeOp::of(op) {
//!     Some(AsyncpipeOp::Commit(commit)) => { /* ... */ }
//!     _ => {}
//! }
//! ```
//!
//! Each dialect module also has `attrs`, the names of the discardable
//! attributes its ODS declares (`asyncpipe::attrs::STAGE`).

include!(concat!(env!("OUT_DIR"), "/ods.rs"));

/// What the generated accessors call.
pub(crate) mod support {
    use crate::passes::ir::positions::OpPositions;
    use melior::ir::operation::OperationRef;
    use melior::ir::Value;
    use std::ops::Range;

    pub fn name<'c>(op: OperationRef<'c, '_>) -> &'c str {
        super::super::op_name(op)
    }

    pub fn is(op: OperationRef, name: &str) -> bool {
        super::super::op_name(op) == name
    }

    pub fn int_attr(op: OperationRef, name: &str) -> Option<i64> {
        super::super::int_attr(op, name)
    }

    pub fn operands<'c, 'a>(op: OperationRef<'c, 'a>, range: Range<usize>) -> impl Iterator<Item = Value<'c, 'a>> {
        range.filter_map(move |i| op.operand_at(i))
    }

    pub fn results<'c, 'a>(op: OperationRef<'c, 'a>, range: Range<usize>) -> impl Iterator<Item = Value<'c, 'a>> {
        range.filter_map(move |i| op.result_at(i).map(Value::from))
    }

    /// Operand group `index` of an op with `operandSegmentSizes`.
    pub fn operand_segment(op: OperationRef, index: usize) -> Range<usize> {
        let sizes = super::super::dense_i32_attr(op, "operandSegmentSizes").unwrap_or_default();
        let start: usize = sizes.iter().take(index).map(|&n| n.max(0) as usize).sum();
        start..start + sizes.get(index).map_or(0, |&n| n.max(0) as usize)
    }
}
