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
