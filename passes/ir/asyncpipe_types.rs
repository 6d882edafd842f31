//! asyncpipe's types, through the dialect's C API (not their printed text):
//! `!asyncpipe.token`, `!asyncpipe.group` and `!asyncpipe.accumulator`.
//! Apart from `asyncpipe.rs` (which re-exports them) so that the
//! async-effects layer, which `asyncpipe.rs` asks for queue names, can
//! recognize a token without an import circle.

use crate::ffi;
use melior::ir::{Type, TypeLike};
use melior::ContextRef;

/// An `!asyncpipe.accumulator` tile's shape and element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccumulatorTile<'c> {
    pub rows: i64,
    pub columns: i64,
    pub element: Type<'c>,
}

/// The tile `ty` names, if it is an `!asyncpipe.accumulator`.
pub fn accumulator_tile<'c>(ty: impl TypeLike<'c>) -> Option<AccumulatorTile<'c>> {
    let raw = ty.to_raw();
    unsafe {
        ffi::asyncpipeTypeIsAAccumulator(raw).then(|| AccumulatorTile {
            rows: ffi::asyncpipeAccumulatorTypeGetRows(raw),
            columns: ffi::asyncpipeAccumulatorTypeGetColumns(raw),
            element: Type::from_raw(ffi::asyncpipeAccumulatorTypeGetElementType(raw)),
        })
    }
}

/// Whether `ty` is `!asyncpipe.accumulator`.
pub fn is_accumulator_type<'c>(ty: impl TypeLike<'c>) -> bool {
    unsafe { ffi::asyncpipeTypeIsAAccumulator(ty.to_raw()) }
}

/// Whether `ty` is `!asyncpipe.group`.
pub fn is_group_type<'c>(ty: impl TypeLike<'c>) -> bool {
    unsafe { ffi::asyncpipeTypeIsAGroup(ty.to_raw()) }
}

/// Whether `ty` is `!asyncpipe.token`.
pub fn is_token_type<'c>(ty: impl TypeLike<'c>) -> bool {
    unsafe { ffi::asyncpipeTypeIsAToken(ty.to_raw()) }
}

/// `!asyncpipe.group`.
pub fn group_type<'c>(context: ContextRef<'c>) -> Type<'c> {
    unsafe { Type::from_raw(ffi::asyncpipeGroupTypeGet(context.to_ref().to_raw())) }
}

/// `!asyncpipe.token`.
pub fn token_type<'c>(context: ContextRef<'c>) -> Type<'c> {
    unsafe { Type::from_raw(ffi::asyncpipeTokenTypeGet(context.to_ref().to_raw())) }
}
