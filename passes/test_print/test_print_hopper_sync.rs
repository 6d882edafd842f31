//! `asyncpipe-test-print-hopper-sync`: the Hopper model
//! ([`crate::passes::analysis::hopper_sync`]: mbarrier phases, TMA loads
//! and stores, the warpgroup MMA queue, proxy fences) alone, as remarks
//! instead of errors: each finding at its op, and at a kernel with Hopper
//! work that it proves, "hopper model: proven"; at a kernel in roles
//! (warp specialization), which roles waited, whether loops were linked
//! for every trip count, and how many configurations the exploration
//! took. The kernel is read as
//! written: verify-sync also raises a CFG form back to `scf` first
//! (`asyncpipe-raise-cfg` shows that step).
//!
//! ```text
//! nvgpu.mbarrier.try_wait.parity %bar[%c0], %phase, %ticks : ...
//! remark: hopper model: waits for phase 1 of the mbarrier, which ...
//! ```

use crate::passes::analysis::hopper_sync;
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-hopper-sync",
    description: "Remark the Hopper model's findings (mbarrier phases, TMA, wgmma, proxy fences) at their ops, or that it proves a kernel (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        if !ir::nested_ops(function).iter().any(|op| hopper_sync::is_hopper_op(*op)) {
            continue;
        }
        let (findings, roles) = hopper_sync::check_with_roles(function);
        if let Some(roles) = roles {
            diag::remark(function.location(), &format!("hopper model: {}", roles.describe()));
        }
        if findings.is_empty() {
            diag::remark(function.location(), "hopper model: proven");
        }
        for finding in findings {
            diag::remark(finding.at, &format!("hopper model: {}", finding.message));
        }
    }
    Ok(())
}
