//! Conversions, one source-to-target pair a file: asyncpipe to nvgpu
//! (`lower_to_nvgpu`, `lower_mma`), `par` to scf, async and gpu (and
//! `scf.forall` both ways), `asyncop` to the async runtime and to asyncpipe,
//! and the CFG form raised back to scf (`raise_cfg`).

pub mod lower_to_nvgpu;
pub mod lower_mma;
pub mod par_to_scf;
pub mod par_to_async;
pub mod par_to_gpu;
pub mod par_to_scf_forall;
pub mod scf_forall_to_par;
pub mod asyncop_to_async;
pub mod asyncop_to_asyncpipe;
pub mod raise_cfg;
