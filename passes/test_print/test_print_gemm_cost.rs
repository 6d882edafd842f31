//! `asyncpipe-test-print-gemm-cost`: the cost model of sm_90a GEMM tiles
//! ([`crate::passes::analysis::gemm_cost`]) alone. At each function whose
//! first three arguments are memrefs `M x K`, `K x N` and `M x N` (A, B, C):
//! a remark per candidate tile (its tiles, waves, group of tile rows,
//! stages, estimated time and flop rate, and which of tensor cores, shared
//! memory, L2 or HBM bounds its K step), then the one the model chooses.
//!
//! ```text
//! func.func @f(%A: memref<8192x8192xf16>, %B: memref<8192x8192xf16>, %C: memref<8192x8192xf32>)
//! remark: 128 x 256: 2048 tiles in 16 waves, groups of 16, 3 stages: 1278.0 us, 860 TFLOP/s, bound by L2
//! remark: chosen: 128 x 256
//! ```

use crate::passes::analysis::gemm_cost::{self, Machine, Problem};
use crate::passes::ir::{self, diag};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-test-print-gemm-cost",
    description: "Remark, at each function taking A, B and C, the GEMM cost model's estimate of each candidate tile and its choice (test printer)",
    anchor: None,
    options: &[OptionDef { name: "sms", description: "Multiprocessors", default: "132" }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let sms: i64 = options.parse(root, "sms")?;
    let machine = Machine::sm90a(sms.clamp(1, 1 << 16));
    for function in ir::functions(root) {
        let Some(entry) = ir::region_entry(function, 0) else { continue };
        let shapes: Vec<Vec<i64>> = (0..entry.argument_count().min(3)).map(|k| ir::shape(entry.argument(k).unwrap().r#type())).collect();
        let [a, b, c] = shapes.as_slice() else { continue };
        let square = |s: &Vec<i64>| s.len() == 2 && s.iter().all(|d| *d > 0);
        if !(square(a) && square(b) && square(c) && a[1] == b[0] && c == &vec![a[0], b[1]]) {
            continue;
        }
        let problem = Problem { m: a[0], n: b[1], k: a[1], element_bytes: 2 };
        for tile_n in gemm_cost::TILE_N {
            let text = match gemm_cost::estimate(problem, &machine, gemm_cost::TILE_M, tile_n, 0) {
                Some(e) => format!(
                    "{} x {}: {} tiles in {} waves, groups of {}, {} stages: {:.1} us, {:.0} TFLOP/s, bound by {}",
                    e.tile_m,
                    e.tile_n,
                    e.tiles,
                    e.waves,
                    e.group_rows,
                    e.stages,
                    e.seconds * 1e6,
                    e.tflops,
                    e.bound
                ),
                None => format!("{} x {tile_n}: does not divide the problem", gemm_cost::TILE_M),
            };
            diag::remark(function.location(), &text);
        }
        match gemm_cost::choose(problem, &machine, 0, 0, 0) {
            Some(c) => diag::remark(function.location(), &format!("chosen: {} x {}", c.tile_m, c.tile_n)),
            None => diag::remark(function.location(), "chosen: none (no candidate divides the problem)"),
        }
    }
    Ok(())
}
