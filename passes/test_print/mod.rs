//! Test printers: one pass per analysis of `passes/analysis/`, named
//! `asyncpipe-test-print-<analysis>`, that runs the analysis alone and
//! remarks what it computed at the ops it computed it for (upstream's
//! `-test-print-*` passes). They change nothing. Each analysis's lit tests
//! (`test/Analysis/`) check its results through them, apart from the passes
//! that act on those results.

pub mod test_print_in_flight;
pub mod test_print_in_flight_bounds;
pub mod test_print_hazards;
pub mod test_print_hopper_sync;
pub mod test_print_effects;
pub mod test_print_sync_state;
pub mod test_print_thread_scope;
pub mod test_print_version_slices;
pub mod test_print_barrier_intervals;
pub mod test_print_chain_effects;
pub mod test_print_async_trace;
pub mod test_print_const_eval;
pub mod test_print_symbolic;
pub mod test_print_periodicity;
pub mod test_print_gemm_cost;
pub mod test_print_thread_slices;

use crate::passes::ir::{self, diag, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, Value};
use std::collections::HashMap;

/// A name for every value defined under `root`, for remarks that list
/// values (memory roots, keys): `%argN` for the function's arguments, `op at
/// line L` (with `#k` past the first result) for results, `block argument N
/// at line L` inside regions.
pub(crate) fn value_names(root: OperationRef) -> HashMap<ValueKey, String> {
    let mut names = HashMap::new();
    let name_block_arguments = |op: OperationRef, names: &mut HashMap<ValueKey, String>, top: bool| {
        for r in 0..op.region_count() {
            let Ok(region) = op.region(r) else { continue };
            let mut block = region.first_block();
            while let Some(b) = block {
                for i in 0..b.argument_count() {
                    if let Ok(argument) = b.argument(i) {
                        let name = if top { format!("%arg{i}") } else { format!("block argument {i} at {}", diag::line_of(op)) };
                        names.insert(ValueKey::of(Value::from(argument)), name);
                    }
                }
                block = b.next_in_region();
            }
        }
    };
    name_block_arguments(root, &mut names, true);
    for op in ir::nested_ops(root) {
        name_block_arguments(op, &mut names, false);
        for (k, result) in op.results().enumerate() {
            let suffix = if k == 0 { String::new() } else { format!("#{k}") };
            names.insert(ValueKey::of(Value::from(result)), format!("{}{suffix} at {}", ir::op_name(op), diag::line_of(op)));
        }
    }
    names
}
