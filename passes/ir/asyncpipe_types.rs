//! asyncpipe's types: `!asyncpipe.token`, `!asyncpipe.group` and
//! `!asyncpipe.accumulator`. Their predicates and constructors are generated
//! from the ODS TypeDefs (`ods::asyncpipe::types`); this file adds the
//! accumulator's parameters and the short names the passes use.
//! Apart from `asyncpipe.rs` (which re-exports them) so that the
//! async-effects layer, which `asyncpipe.rs` asks for queue names, can
//! recognize a token without an import circle.

use super::ods::asyncpipe::types::{AccumulatorType, GroupType, TokenType};
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
    // SAFETY: `raw` is an accumulator type (checked first), whose getters
    // read its parameters.
    unsafe {
        AccumulatorType::is(ty).then(|| AccumulatorTile {
            rows: ffi::asyncpipeAccumulatorTypeGetRows(raw),
            columns: ffi::asyncpipeAccumulatorTypeGetColumns(raw),
            element: Type::from_raw(ffi::asyncpipeAccumulatorTypeGetElementType(raw)),
        })
    }
}

/// Whether `ty` is `!asyncpipe.accumulator`.
pub fn is_accumulator_type<'c>(ty: impl TypeLike<'c>) -> bool {
    AccumulatorType::is(ty)
}

/// Whether `ty` is `!asyncpipe.group`.
pub fn is_group_type<'c>(ty: impl TypeLike<'c>) -> bool {
    GroupType::is(ty)
}

/// Whether `ty` is `!asyncpipe.token`.
pub fn is_token_type<'c>(ty: impl TypeLike<'c>) -> bool {
    TokenType::is(ty)
}

/// `!asyncpipe.group`.
pub fn group_type<'c>(context: ContextRef<'c>) -> Type<'c> {
    GroupType::get(super::stable_context(context)).expect("a type without parameters").r#type()
}

/// `!asyncpipe.token`.
pub fn token_type<'c>(context: ContextRef<'c>) -> Type<'c> {
    TokenType::get(super::stable_context(context)).expect("a type without parameters").r#type()
}
