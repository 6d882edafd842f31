//! asyncpipe's passes, written in Rust over melior.
//!
//! Each pass is one file and one [`PassDef`], in a folder by role:
//! `asyncpipe/`, `asyncop/`, `par/` and `gpu/` for transforms within a
//! dialect, `conversion/` for one source-to-target pair a file,
//! `cpu_model/` for the CPU simulators, `view/` for passes that only print,
//! `test_print/` for one printer per analysis (lit tests of the analyses).
//! [`all`] lists them for registration. What passes share is not a pass:
//! analyses (read-only) in `analysis/`, shared rewrites in `transform/`,
//! the IR layer (raw handles, builders, typed op views) in `ir/`.

// Raw MLIR handles and `unsafe` live in `ir` (and in src/'s C boundary):
// every other module is forbidden them by the compiler, not only by
// tests/layering.rs's grep.
#[forbid(unsafe_code)]
pub mod analysis;
pub mod ir;
#[forbid(unsafe_code)]
pub mod transform;

#[forbid(unsafe_code)]
pub mod asyncpipe;
#[forbid(unsafe_code)]
pub mod conversion;
#[forbid(unsafe_code)]
pub mod asyncop;
#[forbid(unsafe_code)]
pub mod par;
#[forbid(unsafe_code)]
pub mod gpu;
#[forbid(unsafe_code)]
pub mod cpu_model;
#[forbid(unsafe_code)]
pub mod view;
#[forbid(unsafe_code)]
pub mod test_print;

use melior::ir::operation::{OperationLike, OperationRef};

/// A pass failed; it has already emitted its diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassFailed;

/// A textual pass option, as in `--asyncpipe-foo="name=value"`.
pub struct OptionDef {
    pub name: &'static str,
    pub description: &'static str,
    pub default: &'static str,
}

/// A Rust pass as registered in MLIR's global pass registry.
pub struct PassDef {
    /// Command-line name (`--<argument>` and inside `--pass-pipeline`).
    pub argument: &'static str,
    pub description: &'static str,
    /// The op the pass runs on (`builtin.module`, `func.func`), None for any.
    pub anchor: Option<&'static str>,
    pub options: &'static [OptionDef],
    pub run: fn(OperationRef, &PassOptions) -> Result<(), PassFailed>,
}

/// The values of a pass's options for one run.
pub struct PassOptions {
    names: Vec<&'static str>,
    values: Vec<String>,
}

impl PassOptions {
    pub(crate) fn new(
        def: &PassDef,
        _op: OperationRef,
        values: Vec<String>,
    ) -> Result<Self, PassFailed> {
        Ok(Self {
            names: def.options.iter().map(|o| o.name).collect(),
            values,
        })
    }

    /// The raw value of option `name` (its default when not given).
    pub fn get(&self, name: &str) -> &str {
        let index = self
            .names
            .iter()
            .position(|n| *n == name)
            .unwrap_or_else(|| panic!("pass has no option '{name}'"));
        &self.values[index]
    }

    /// Option `name` parsed as `T`; an error diagnostic at `op` if it does not parse.
    pub fn parse<T: std::str::FromStr>(&self, op: OperationRef, name: &str) -> Result<T, PassFailed> {
        let raw = self.get(name);
        raw.trim().parse().map_err(|_| {
            ir::diag::error(op.location(), &format!("invalid value '{raw}' for pass option '{name}'"));
            PassFailed
        })
    }
}

/// Every asyncpipe pass, in the order `--help` lists them.
pub fn all() -> &'static [PassDef] {
    static ALL: [PassDef; 48] = [
        asyncpipe::software_pipeline::PASS,
        asyncpipe::token_to_count::PASS,
        asyncpipe::count_to_token::PASS,
        asyncpipe::optimize_waits::PASS,
        asyncpipe::verify_sync::PASS,
        asyncpipe::synchronize::PASS,
        asyncpipe::place_barriers::PASS,
        asyncpipe::eliminate_barriers::PASS,
        cpu_model::lower_block::PASS,
        cpu_model::lower_deferred::PASS,
        conversion::lower_mma::PASS,
        cpu_model::lower_sequential::PASS,
        gpu::workgroup_attributions::PASS,
        view::print_async_effects::PASS,
        conversion::raise_cfg::PASS,
        asyncpipe::hardware_queues::PASS,
        asyncpipe::tile_gemm::PASS,
        asyncpipe::warp_specialize::PASS,
        conversion::lower_to_nvgpu::PASS,
        par::par_verify_disjoint::PASS,
        conversion::par_to_scf::PASS,
        conversion::par_to_async::PASS,
        conversion::par_to_gpu::PASS,
        conversion::par_to_scf_forall::PASS,
        conversion::scf_forall_to_par::PASS,
        asyncop::asyncop_wrap::PASS,
        asyncop::asyncop_unwrap::PASS,
        asyncop::asyncop_schedule::PASS,
        conversion::asyncop_to_async::PASS,
        conversion::asyncop_to_asyncpipe::PASS,
        view::timeline::PASS,
        view::explain::PASS,
        test_print::test_print_in_flight::PASS,
        test_print::test_print_in_flight_bounds::PASS,
        test_print::test_print_hazards::PASS,
        test_print::test_print_hopper_sync::PASS,
        test_print::test_print_effects::PASS,
        test_print::test_print_sync_state::PASS,
        test_print::test_print_thread_scope::PASS,
        test_print::test_print_version_slices::PASS,
        test_print::test_print_barrier_intervals::PASS,
        test_print::test_print_chain_effects::PASS,
        test_print::test_print_async_trace::PASS,
        test_print::test_print_const_eval::PASS,
        test_print::test_print_symbolic::PASS,
        test_print::test_print_periodicity::PASS,
        test_print::test_print_gemm_cost::PASS,
        test_print::test_print_thread_slices::PASS,
    ];
    &ALL
}
