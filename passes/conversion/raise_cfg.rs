//! `asyncpipe-raise-cfg`: the shapes upstream's `convert-scf-to-cf` gives
//! `scf.for` and `scf.if`, raised back to them in every function
//! ([`transform::cfg_to_scf`]); what is not such a shape stays in CFG form,
//! with a remark at its first branch. verify-sync does the same on a copy
//! of a kernel with Hopper work (whose model follows structured loops and
//! branches) or NVVM-level cp.async; this pass shows what it sees, and is
//! how the raising is tested: raising a converted function and converting
//! it again gives the converted function back.
//!
//! ```text
//! ^bb1(%i: index, %acc: f32):                 %r = scf.for %i = %c0 to %n step %c1
//!   %c = arith.cmpi slt, %i, %n : index   ->        iter_args(%acc = %zero) -> (f32) {
//!   cf.cond_br %c, ^bb2, ^bb3                   ...
//! ^bb2: ... cf.br ^bb1(%next, %sum)             scf.yield %sum : f32
//!                                             }
//! ```

use crate::passes::ir::{self, diag};
use crate::passes::transform::cfg_to_scf;
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-raise-cfg",
    description: "Raise the CFG shapes that convert-scf-to-cf gives scf.for and scf.if back to them (what verify-sync's Hopper model sees); remark where control flow stays in CFG form",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        if !cfg_to_scf::needs_raising(function) {
            continue;
        }
        cfg_to_scf::raise(function);
        if let Some(branch) = cfg_to_scf::first_branch(function) {
            diag::remark(branch.location(), "control flow stays in CFG form here: not the shape convert-scf-to-cf gives scf.for or scf.if");
        }
    }
    Ok(())
}
