//! Analyses the passes share. Each one reads the IR and returns facts; none
//! rewrites it.
//!
//! - [`sync_state`]: what one op does to the queues (commit, wait, issue) and
//!   the abstract state the flow analyses carry.
//! - [`in_flight`]: per token wait, the largest safe in-flight count.
//! - [`in_flight_bounds`]: per program point, bounds on the groups in flight.
//! - [`hazards`]: the hazard model: pending async accesses per queue and
//!   thread, the races of a function, the first hazard between threads
//!   (what a barrier orders), whether weaker synchronization still holds.
//! - [`barrier_intervals`]: which plain accesses of different threads a
//!   barrier orders (barrier-free paths, aliasing, thread footprints).
//! - [`hopper_sync`]: Hopper's mbarrier phases, TMA loads and warpgroup
//!   MMA queue at the nvgpu level, for a block of threads in lockstep.
//! - [`effects`]: memory effects of ops, through MLIR's interfaces.
//! - [`chain_effects`]: what an asyncop chain's wrapped computation may
//!   touch between its start and its done.
//! - [`const_eval`]: constant bindings of loop induction variables and the
//!   loop-state cycles that let the analyses skip ahead.
//! - [`periodicity`]: the period, in iterations, of the values an analysis
//!   evaluates in a loop body (whether a repeated state is a cycle).
//! - [`thread_scope`]: which threads of a block may touch an access's
//!   elements (thread ids in indices), for block-scope synchronization.
//! - [`thread_slices`]: the part of a shared tensor or buffer each thread of
//!   a `par.foreach_thread` accesses, and whether threads' parts are disjoint.
//! - [`async_trace`]: a function's commits, waits and barriers as they run
//!   (loops unrolled), for the timeline picture and the explanations.
//! - [`symbolic`]: a function's run-time integer arguments as symbols, the
//!   values affine in them, and the cases an analysis splits them into.
//! - [`gemm_cost`]: the cost model of a sm_90a GEMM's block tile, ring depth
//!   and block order (what `asyncpipe-tile-gemm` chooses by).

pub mod async_trace;
pub mod barrier_intervals;
pub mod chain_effects;
pub mod const_eval;
pub mod effects;
pub mod gemm_cost;
pub mod hazards;
pub mod hopper_sync;
pub mod in_flight;
pub mod in_flight_bounds;
pub mod periodicity;
pub mod symbolic;
pub mod sync_state;
pub mod thread_scope;
pub mod thread_slices;
pub mod version_slices;
