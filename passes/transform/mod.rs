//! Rewrites the passes share. Each changes the IR it is given (its names
//! say so: convert, optimize, place) and none is a pass: the pass files in
//! `passes/` parse their options and call these, so no pass calls another
//! pass (tests/architecture.rs checks it).
//!
//! - [`recount`]: counting form and token form converted into each other
//!   ([`recount::to_token`], [`recount::to_count`]) and redundant waits
//!   removed ([`recount::waits`]); [`recount::recount`] is the three in a
//!   row, the exact counts recomputed for another queue map.
//! - [`barrier_placement`]: `gpu.barrier`s placed where the hazard model
//!   finds a hazard between threads, and only there.
//! - [`raise_nvvm`]: the NVVM level's cp.async and ldmatrix raised back to
//!   nvgpu on a copy of a function, for the hazard model.
//! - [`cfg_to_scf`]: CFG form (after convert-scf-to-cf) raised back to
//!   `scf.for` and `scf.if` on a copy of a function, for the Hopper model.
//! - [`nvgpu_lowering`]: the lowering to nvgpu's options, its up-front
//!   check and the emission of each copy (cp.async, bulk, tensor maps),
//!   which both steps of `asyncpipe-to-nvgpu` use.
//! - [`warp_specialize`]: a staged tensor-core loop split into a producer
//!   warpgroup and consumer warpgroups on an mbarrier ring (sm_90a).
//! - [`gemm_tiling`]: a GEMM kernel re-tiled to the block tile and block
//!   order the cost model chooses.

pub mod barrier_placement;
pub mod gemm_tiling;
pub mod cfg_to_scf;
pub mod nvgpu_lowering;
pub mod raise_nvvm;
pub mod recount;
pub mod warp_specialize;
