//! `asyncpipe-tile-gemm`: a GEMM kernel in the sm_90a example's form,
//! re-tiled to the block tile, block order and ring depth a cost model
//! chooses for the problem's shape (`passes/analysis/gemm_cost.rs`: the
//! tensor cores, shared memory, L2 and HBM per K step, waves of tiles over
//! the multiprocessors, the load latency the ring must hide), instead of the
//! tile the kernel was written with; or to the tile and order asked for.
//! Before `asyncpipe-warp-specialize` (which takes the chosen stages as its
//! ring's slots) or `asyncpipe-software-pipeline`. The rewrite and what it
//! checks first (by evaluating every block's tile and every step's
//! offsets): `passes/transform/gemm_tiling.rs`.
//!
//! A kernel that is not one GEMM in that form, or that no candidate tile
//! divides, is an error at the op, before anything changes.

use crate::passes::ir::diag;
use crate::passes::transform::gemm_tiling::{self, Request};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-tile-gemm",
    description: "Re-tile a GEMM kernel to the block tile, block order and ring depth a cost model chooses for its \
                  shape (sm_90a), or to the ones asked for",
    anchor: None,
    options: &[
        OptionDef { name: "chip", description: "The target whose figures the model uses: sm_90a", default: "sm_90a" },
        OptionDef {
            name: "sms",
            description: "Multiprocessors the kernel runs on (H100 SXM and H200: 132)",
            default: "132",
        },
        OptionDef {
            name: "tile-m",
            description: "Rows of the block tile (64, 128 or 192: one warpgroup per 64); 0: the model's",
            default: "0",
        },
        OptionDef {
            name: "tile-n",
            description: "Columns of the block tile (64 to 256 in steps of 64); 0: the model's",
            default: "0",
        },
        OptionDef {
            name: "group-rows",
            description: "Tile rows a group of blocks walks down before moving right (dividing the rows of tiles); 0: \
                          the model's",
            default: "0",
        },
    ],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let chip = options.get("chip");
    if chip != "sm_90a" {
        diag::error(root.location(), &format!("asyncpipe-tile-gemm: the cost model has sm_90a's figures; chip is '{chip}'"));
        return Err(PassFailed);
    }
    let request = Request {
        sms: options.parse(root, "sms")?,
        tile_m: options.parse(root, "tile-m")?,
        tile_n: options.parse(root, "tile-n")?,
        group_rows: options.parse(root, "group-rows")?,
    };
    if request.sms < 1 || request.sms > 1 << 16 || request.tile_m < 0 || request.tile_n < 0 || request.group_rows < 0 {
        diag::error(
            root.location(),
            "asyncpipe-tile-gemm: sms is 1 to 65536, tile-m, tile-n and group-rows at least 0 (0: the model's choice)",
        );
        return Err(PassFailed);
    }
    gemm_tiling::tile(root, request)
}
