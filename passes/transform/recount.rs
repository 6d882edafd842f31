//! Counts recomputed exactly: counting form to token form
//! ([`to_token`]: each wait names the group it completes), token form to
//! counting form for a queue map ([`to_count`]: each wait gets the largest
//! safe in-flight count), and waits that can never block removed
//! ([`waits`]).

pub mod to_count;
pub mod to_token;
pub mod waits;

use crate::passes::analysis::in_flight::QueueMap;
use crate::passes::PassFailed;
use melior::ir::operation::OperationRef;

/// The counts of `function` recomputed for `queues`: to token form, back to
/// counts on `queues`, redundant waits removed. A group that must stay in
/// token form stays (to_count says why, with a remark off).
pub fn recount(function: OperationRef, queues: &QueueMap) -> Result<(), PassFailed> {
    to_token::convert(function)?;
    to_count::convert(function, queues, false)?;
    waits::optimize(function);
    Ok(())
}
