//! `asyncpipe-test-print-chain-effects`: the chain-effects analysis
//! ([`crate::passes::analysis::chain_effects`]: what an asyncop chain's
//! wrapped computation may read and write in the caller's buffers, which
//! `asyncop-schedule` keeps other code off between the start and the done)
//! alone. At each `asyncop.done`, the buffers the chain reads and writes,
//! named by the caller's values, or "any memory".
//!
//! ```text
//! %r = asyncop.done %h : ...
//! remark: chain effects: reads %arg0; writes %arg1
//! ```

use super::value_names;
use crate::passes::analysis::chain_effects;
use crate::passes::analysis::effects::Root;
use crate::passes::ir::asyncop::Chain;
use crate::passes::ir::ods::asyncop::DoneOp;
use crate::passes::ir::{self, diag};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-chain-effects",
    description: "Remark, at each asyncop.done, the caller's buffers its chain's wrapped computation may read and write (test printer)",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for function in ir::functions(root) {
        let names = value_names(function);
        for op in ir::nested_ops(function) {
            let Some(done) = DoneOp::cast(op) else { continue };
            let message = match Chain::of(done) {
                None => "chain effects: the chain is not read back from its done".to_string(),
                Some(chain) => {
                    let access = chain_effects::chain_access(&chain);
                    let list = |roots: &Option<Vec<Root>>| match roots {
                        None => "any memory".to_string(),
                        Some(roots) if roots.is_empty() => "nothing".to_string(),
                        Some(roots) => {
                            let mut named: Vec<String> = roots
                                .iter()
                                .map(|r| names.get(r).cloned().unwrap_or_else(|| "a buffer defined elsewhere".into()))
                                .collect();
                            named.sort();
                            named.dedup();
                            named.join(", ")
                        }
                    };
                    format!("chain effects: reads {}; writes {}", list(&access.reads), list(&access.writes))
                }
            };
            diag::remark(op.location(), &message);
        }
    }
    Ok(())
}
