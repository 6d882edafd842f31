//! Passes over the `asyncpipe` dialect: the software pipeliner, the
//! recount between token and counting forms (`token-to-count`,
//! `count-to-token`, `optimize-waits`, `hardware-queues`), synchronization
//! (`synchronize`, `place-barriers`, `eliminate-barriers`) and its check
//! (`verify-sync`, which also reads upstream nvgpu and NVVM kernels), and
//! the GEMM kernel's shape for sm_90a (`tile-gemm`, `warp-specialize`).
//! Each is a thin file over `passes/analysis/` and `passes/transform/`.

pub mod software_pipeline;
pub mod token_to_count;
pub mod count_to_token;
pub mod optimize_waits;
pub mod verify_sync;
pub mod synchronize;
pub mod place_barriers;
pub mod eliminate_barriers;
pub mod hardware_queues;
pub mod warp_specialize;
pub mod tile_gemm;
