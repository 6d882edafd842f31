//! Small IR helpers that melior does not provide.

use melior::ir::attribute::IntegerAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::RegionLike;
use melior::ir::BlockRef;

/// The operation's name, e.g. `asyncpipe.wait_queue`.
pub fn name(op: OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_string()
}

/// The operations of `block`, in order.
pub fn ops<'c, 'a>(block: BlockRef<'c, 'a>) -> impl Iterator<Item = OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block())
}

/// The blocks of every region of `op`.
pub fn blocks<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<BlockRef<'c, 'a>> {
    let mut blocks = Vec::new();
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            blocks.push(b);
            block = b.next_in_region();
        }
    }
    blocks
}

/// An integer attribute's value, if `op` has one named `name`.
pub fn int_attr(op: OperationRef, name: &str) -> Option<i64> {
    let attribute = op.attribute(name).ok()?;
    IntegerAttribute::try_from(attribute).ok().map(|a| a.value())
}

/// Erases `op` (it must have no uses left).
pub fn erase(op: OperationRef) {
    unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) }
}
