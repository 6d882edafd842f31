//! An op's results, operands and regions, and a block's arguments, by
//! position, as `Option`s that ask the count first. melior's own getters
//! (`OperationLike::result`, `operand`, `region`, `BlockLike::argument`)
//! return an error for a position out of range that holds the whole op or
//! block printed (regions and all): asking `op.result(0).ok()` of every op
//! of a kernel printed each result-less loop around it, which made
//! asyncpipe-lower-to-nvgpu take 54 s on attention instead of 3.
//! `tests/layering.rs` keeps the fallible getters' `.ok()` and `.is_ok_and`
//! out of the passes.

use melior::ir::block::{BlockArgument, BlockLike};
use melior::ir::operation::{OperationLike, OperationResult};
use melior::ir::{RegionRef, Value};

/// Positions of an op, checked against its counts.
pub trait OpPositions<'c: 'a, 'a>: OperationLike<'c, 'a> {
    /// Result `index`, if the op has that many.
    fn result_at(&self, index: usize) -> Option<OperationResult<'c, 'a>> {
        (index < self.result_count()).then(|| self.result(index).ok()).flatten()
    }

    /// Operand `index`, if the op has that many.
    fn operand_at(&self, index: usize) -> Option<Value<'c, 'a>> {
        (index < self.operand_count()).then(|| self.operand(index).ok()).flatten()
    }

    /// Region `index`, if the op has that many.
    fn region_at(&self, index: usize) -> Option<RegionRef<'c, 'a>> {
        (index < self.region_count()).then(|| self.region(index).ok()).flatten()
    }
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a>> OpPositions<'c, 'a> for T {}

/// Positions of a block, checked against its count.
pub trait BlockPositions<'c: 'a, 'a>: BlockLike<'c, 'a> {
    /// Argument `index`, if the block has that many.
    fn argument_at(&self, index: usize) -> Option<BlockArgument<'c, 'a>> {
        (index < self.argument_count()).then(|| self.argument(index).ok()).flatten()
    }
}

impl<'c: 'a, 'a, T: BlockLike<'c, 'a>> BlockPositions<'c, 'a> for T {}
