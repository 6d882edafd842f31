//! `asyncpipe-test-print-in-flight`: the in-flight analysis
//! ([`crate::passes::analysis::in_flight`]) alone. At every token wait
//! (`asyncpipe.wait`, `nvgpu.device_async_wait`) a remark with the largest
//! safe in-flight count per hardware queue, the minimum over every path and
//! every awaited group, and why a count is unknown or a token uncommitted
//! when it is; a wait the analysis never reached says so.
//!
//! ```text
//! asyncpipe.wait %g1
//! remark: in flight: queue 0: 1
//! ```

use crate::passes::analysis::in_flight::{Analyzer, QueueMap};
use crate::passes::ir::ods::asyncpipe::WaitOp;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, diag};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-in-flight",
    description: "Remark, at each token wait, the in-flight analysis's largest safe count per hardware queue (test printer)",
    anchor: None,
    options: &[OptionDef {
        name: "single-hw-queue",
        description: "Map every logical queue onto one hardware queue, as asyncpipe-token-to-count's option of the same name",
        default: "false",
    }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let separate = crate::passes::ir::asyncpipe::mma_queues(root);
    let queues = QueueMap { single: options.parse::<bool>(root, "single-hw-queue")?, separate, ..QueueMap::default() };
    let (functions, _) = ir::split_at_functions(root);
    let mut analyzer = Analyzer::new(&queues);
    for function in &functions {
        analyzer.function(*function);
    }
    let result = analyzer.finish();
    for op in ir::nested_ops(root) {
        if !(WaitOp::is(op) || Upstream::NvgpuDeviceAsyncWait.is(op)) {
            continue;
        }
        let message = match result.wait(op) {
            None => "in flight: not reached".to_string(),
            Some(wait) => {
                let mut parts: Vec<String> = wait.counts.iter().map(|(queue, count)| format!("{queue}: {count}")).collect();
                if parts.is_empty() {
                    parts.push("no group on any path".into());
                }
                if let Some(origin) = wait.unknown {
                    parts.push(format!("unknown: {}", origin.describe()));
                }
                if wait.uncommitted.is_some() {
                    parts.push("an uncommitted token on some path".into());
                }
                format!("in flight: {}", parts.join(", "))
            }
        };
        diag::remark(op.location(), &message);
    }
    Ok(())
}
