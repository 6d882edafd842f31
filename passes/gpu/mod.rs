//! Rewrites of upstream `gpu` kernels that asyncpipe's lowering needs
//! (shared buffers as workgroup attributions).

pub mod workgroup_attributions;
