//! `asyncpipe-warp-specialize`: a kernel's staged tensor-core loop split
//! into a producer warpgroup, which fills a ring of shared-memory slots with
//! tensor-map copies, and consumer warpgroups, which multiply each slot on
//! the tensor cores and release it, synchronized by a full and an empty
//! mbarrier per slot, with register budgets per role (`setmaxnreg`). For
//! sm_90a, in place of `asyncpipe-software-pipeline`; then
//! `asyncpipe-lower-mma{chip=sm_90a}` makes the MMAs wgmma and
//! `asyncpipe-verify-sync` proves the roles' ring for every trip count.
//! The rewrite, its rules for the ring's depth and the register budgets:
//! `passes/transform/warp_specialize.rs`.
//!
//! What the roles cannot hold (other side effects in the loop, ops after it
//! that the producer would have to run, tiles used elsewhere, copies a
//! tensor map cannot make, a ring that does not fit in shared memory, a
//! register budget out of `setmaxnreg`'s range) is an error at the op,
//! before anything changes.

use crate::passes::ir::diag;
use crate::passes::transform::warp_specialize::{self, Persistence};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-warp-specialize",
    description: "Split a kernel's staged tensor-core loop into a TMA producer warpgroup and wgmma consumer \
                  warpgroups on an mbarrier ring, with setmaxnreg budgets (sm_90a)",
    anchor: None,
    options: &[
        OptionDef {
            name: "chip",
            description: "The target: sm_90a (tensor-map copies, wgmma and setmaxnreg are sm_90a's)",
            default: "sm_90a",
        },
        OptionDef {
            name: "slots",
            description: "Slots of the ring (each holds one of every tile the loop copies); 0: as many as fit in \
                          227 KiB of shared memory, at most 8",
            default: "0",
        },
        OptionDef {
            name: "persistent",
            description: "Persistent kernel: each block walks the output's tiles (from its block id, by the grid's size), \
                          its ring's slots and phases carried from tile to tile, so that one tile's stores overlap the \
                          next tile's loads (true, false, or auto: as asyncpipe-tile-gemm recorded, persistent when \
                          the tiles outnumber the multiprocessors)",
            default: "false",
        },
        OptionDef {
            name: "producer-registers",
            description: "Registers per thread the producer warpgroup keeps (setmaxnreg.dec; 24 to 256, a multiple \
                          of 8); the consumers take what it frees",
            default: "40",
        },
    ],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let chip = options.get("chip");
    if chip != "sm_90a" {
        diag::error(
            root.location(),
            &format!(
                "asyncpipe-warp-specialize: the roles' tensor-map copies, wgmma and setmaxnreg need sm_90a; chip is \
                 '{chip}' (software-pipeline the loop instead)"
            ),
        );
        return Err(PassFailed);
    }
    let slots: i64 = options.parse(root, "slots")?;
    let producer: i64 = options.parse(root, "producer-registers")?;
    if slots < 0 {
        diag::error(root.location(), &format!("asyncpipe-warp-specialize: slots is {slots}; a ring has 2 or more (0: the rule)"));
        return Err(PassFailed);
    }
    let persistent = match options.get("persistent") {
        "true" => Persistence::Yes,
        "false" => Persistence::No,
        "auto" => Persistence::Auto,
        other => {
            diag::error(
                root.location(),
                &format!("asyncpipe-warp-specialize: persistent is true, false or auto, not '{other}'"),
            );
            return Err(PassFailed);
        }
    };
    warp_specialize::specialize(root, slots, producer, persistent)
}
