//! `asyncpipe-test-print-hazards`: the hazard model
//! ([`crate::passes::analysis::hazards`], the queue model behind
//! `asyncpipe-verify-sync`, barrier placement and elimination, and
//! `asyncpipe-synchronize`'s tightening) alone, as remarks instead of
//! errors. Per function: each race, at its access, with the model's message;
//! "hazards: none" at the function when it proves every access; and the
//! access that [`hazards::first_hazard`] names as the first to meet another
//! thread's with no barrier between (where barrier placement puts one).
//! Neither the Hopper model nor the CFG raising runs here (verify-sync adds
//! them): this is the queue model alone.
//!
//! ```text
//! memref.load %buf[%i] : memref<8xf32, 3>
//! remark: race: reads memref<8xf32, 3> that an asynchronous copy may still be writing ...
//! remark: first hazard between threads
//! ```

use crate::passes::analysis::hazards::{self, Hazard, SHARED_MAX_STEPS_OPTION};
use crate::passes::analysis::sync_state::BulkQueues;
use crate::passes::ir::{self, diag};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-hazards",
    description: "Remark the hazard model's races at their accesses, and the first access that meets another thread's with no barrier between (test printer)",
    anchor: None,
    options: &[
        SHARED_MAX_STEPS_OPTION,
        BulkQueues::OPTION,
        OptionDef {
            name: "ordered-writes",
            description: "Also report an asynchronous write over one still in flight, as asyncpipe-verify-sync's option of the same name",
            default: "false",
        },
    ],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let max_steps = options.parse(root, "max-steps")?;
    let bulk = BulkQueues::from_options(root, options)?;
    let ordered_writes = options.parse(root, "ordered-writes")?;
    for function in ir::functions(root) {
        let races = hazards::races(function, max_steps, &bulk, ordered_writes);
        if races.is_empty() {
            diag::remark(function.location(), "hazards: none");
        }
        for race in races {
            diag::remark(race.access, &format!("race: {}", race.message));
        }
        let mut budget = max_steps;
        match hazards::first_hazard(function, &bulk, &mut budget) {
            Hazard::None => {}
            Hazard::BetweenThreads(access) => {
                if let Some(op) = ir::find_op(function, access) {
                    diag::remark(op.location(), "first hazard between threads");
                }
            }
            Hazard::Unknown(message) => diag::remark(function.location(), &format!("first hazard between threads: unknown: {message}")),
        }
    }
    Ok(())
}
