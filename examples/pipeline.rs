//! Runs asyncpipe's wait optimization on a software-pipelined kernel through
//! the library API, proves the result's synchronization with verify-sync, and
//! prints what the pipeline synchronizes: the groups committed per queue and
//! each wait with its in-flight count, before and after.
//!
//!     cargo run --example pipeline -- examples/tvm_gemm_pipeline.mlir

use asyncpipe::passes::ir::upstream::Upstream;
use asyncpipe::passes::analysis::sync_state;
use asyncpipe::passes::ir;
use asyncpipe::{diagnostics::source_location, Context};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Module;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/tvm_gemm_pipeline.mlir".into());
    if let Err(error) = run(&path) {
        eprintln!("{error}");
        std::process::exit(1);
    }
}

fn run(path: &str) -> Result<(), asyncpipe::Error> {
    let context = Context::new();
    let mut module = context.parse_file(path)?;
    println!("== {path}");
    let before = summarize(&module);
    context.run_pipeline(&mut module, "builtin.module(asyncpipe-optimize-waits,asyncpipe-verify-sync)")?;
    let after = summarize(&module);
    println!(
        "asyncpipe-optimize-waits: {} waits before, {} after ({} implied by earlier waits)",
        before,
        after,
        before - after
    );
    println!("asyncpipe-verify-sync: every access to asynchronously written memory is covered by a wait");
    println!("\n== optimized IR\n{}", module.as_operation());
    Ok(())
}

/// Prints each commit and wait with its source line and loop depth; returns
/// the number of waits.
fn summarize(module: &Module) -> usize {
    let mut waits = 0;
    walk(module.as_operation(), 0, &mut |op, depth| {
        let line = source_location(op.location()).map_or(0, |l| l.line);
        let indent = "  ".repeat(depth);
        match sync_state::effect(op) {
            sync_state::QueueEffect::Commit(queue) => {
                println!("  line {line:>3}: {indent}commit a group to {queue}")
            }
            sync_state::QueueEffect::Wait { queue, count } => {
                waits += 1;
                let count = count.map_or("a dynamic count".into(), |c| c.to_string());
                println!("  line {line:>3}: {indent}wait until at most {count} groups are in flight on {queue}");
            }
            _ if Upstream::ScfFor.is(op) => println!("  line {line:>3}: {indent}scf.for"),
            _ => {}
        }
    });
    println!();
    waits
}

fn walk<'c, 'a>(op: OperationRef<'c, 'a>, depth: usize, visit: &mut dyn FnMut(OperationRef<'c, 'a>, usize)) {
    for block in ir::blocks(op) {
        for nested in ir::ops(block) {
            visit(nested, depth);
            let inner = depth + usize::from(Upstream::ScfFor.is(nested));
            walk(nested, inner, visit);
        }
    }
}
