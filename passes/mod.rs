//! asyncpipe's passes, written in Rust over melior.
//!
//! Each pass is one file and one [`PassDef`]; [`all`] lists them for
//! registration. Analyses that several passes share live in their own
//! modules, apart from the rewrites.

// Raw MLIR handles and `unsafe` live in `ir` (and in src/'s C boundary):
// every other module is forbidden them by the compiler, not only by
// tests/layering.rs's grep.
#[forbid(unsafe_code)]
pub mod analysis;
pub mod ir;
#[forbid(unsafe_code)]
pub mod transform;

#[forbid(unsafe_code)]
pub mod asyncop_schedule;
#[forbid(unsafe_code)]
pub mod asyncop_to_asyncpipe;
#[forbid(unsafe_code)]
pub mod asyncop_to_async;
#[forbid(unsafe_code)]
pub mod asyncop_unwrap;
#[forbid(unsafe_code)]
pub mod asyncop_wrap;
#[forbid(unsafe_code)]
pub mod count_to_token;
#[forbid(unsafe_code)]
pub mod eliminate_barriers;
#[forbid(unsafe_code)]
pub mod explain;
#[forbid(unsafe_code)]
pub mod hardware_queues;
#[forbid(unsafe_code)]
pub mod lower_block;
#[forbid(unsafe_code)]
pub mod lower_deferred;
#[forbid(unsafe_code)]
pub mod lower_mma;
#[forbid(unsafe_code)]
pub mod lower_sequential;
#[forbid(unsafe_code)]
pub mod lower_to_nvgpu;
#[forbid(unsafe_code)]
pub mod optimize_waits;
#[forbid(unsafe_code)]
pub mod par_to_async;
#[forbid(unsafe_code)]
pub mod par_to_gpu;
#[forbid(unsafe_code)]
pub mod par_to_scf_forall;
#[forbid(unsafe_code)]
pub mod par_to_scf;
#[forbid(unsafe_code)]
pub mod par_verify_disjoint;
#[forbid(unsafe_code)]
pub mod place_barriers;
#[forbid(unsafe_code)]
pub mod scf_forall_to_par;
#[forbid(unsafe_code)]
pub mod print_async_effects;
#[forbid(unsafe_code)]
pub mod raise_cfg;
#[forbid(unsafe_code)]
pub mod software_pipeline;
#[forbid(unsafe_code)]
pub mod synchronize;
#[forbid(unsafe_code)]
pub mod timeline;
#[forbid(unsafe_code)]
pub mod token_to_count;
#[forbid(unsafe_code)]
pub mod verify_sync;
#[forbid(unsafe_code)]
pub mod workgroup_attributions;

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
    static ALL: [PassDef; 30] = [
        software_pipeline::PASS,
        token_to_count::PASS,
        count_to_token::PASS,
        optimize_waits::PASS,
        verify_sync::PASS,
        synchronize::PASS,
        place_barriers::PASS,
        eliminate_barriers::PASS,
        lower_block::PASS,
        lower_deferred::PASS,
        lower_mma::PASS,
        lower_sequential::PASS,
        workgroup_attributions::PASS,
        print_async_effects::PASS,
        raise_cfg::PASS,
        hardware_queues::PASS,
        lower_to_nvgpu::PASS,
        par_verify_disjoint::PASS,
        par_to_scf::PASS,
        par_to_async::PASS,
        par_to_gpu::PASS,
        par_to_scf_forall::PASS,
        scf_forall_to_par::PASS,
        asyncop_wrap::PASS,
        asyncop_unwrap::PASS,
        asyncop_schedule::PASS,
        asyncop_to_async::PASS,
        asyncop_to_asyncpipe::PASS,
        timeline::PASS,
        explain::PASS,
    ];
    &ALL
}
