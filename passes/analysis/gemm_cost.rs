//! The cost model by which `asyncpipe-tile-gemm` chooses a GEMM kernel's
//! block tile, ring depth and block order for sm_90a (one tile of C per
//! block or per persistent iteration, walked in K steps of 64, two consumer
//! warpgroups on wgmma and a TMA producer).
//!
//! **Per K step** of one tile `BM x BN` on one multiprocessor, the step takes
//! the longest of four times:
//! - the tensor cores: `2 BM BN BK` flops at `flops_per_clock` a clock;
//! - shared memory: each consumer warpgroup's wgmmas read its 64 rows of A
//!   and all of B's `BK x BN` (`G (64 + BN) BK 2` bytes) at
//!   `smem_bytes_per_clock`;
//! - L2: the tiles every busy multiprocessor loads this step, `(BM + BN) BK 2`
//!   bytes each, at `l2_bytes_per_second` for the chip;
//! - HBM: the distinct rows of A and columns of B a wave of busy
//!   multiprocessors loads, in the block order below, at
//!   `hbm_bytes_per_second`.
//!
//! A tile takes `K / BK` steps; the kernel `waves = ceil(tiles / sms)` tiles
//! one after another per multiprocessor (persistent blocks walk them; one
//! block per tile runs in the same waves), plus one load latency to fill the
//! pipeline. The tile with the least time wins; times within 1% of each
//! other count as equal, and then the larger tile wins (fewer tiles, fewer
//! epilogues).
//!
//! **Block order.** Blocks walk C's tiles in groups of `g` tile rows (down
//! a group's rows, then right), so that a wave's busy blocks cover about `g`
//! rows and `sms / g` columns of tiles and share their tiles of A and B in
//! L2. `g` divides the rows of tiles, at most 16, and is the one whose wave
//! loads the fewest distinct bytes (`g BM + ceil(sms / g) BN` rows and
//! columns), the larger on a tie.
//!
//! **Stages.** Enough slots that the producer's loads, each taking
//! `load_latency` to land, keep up with the steps: `ceil(latency / step) + 1`,
//! at least 2 and at most what fits in 211 KiB (227 KiB of shared memory less
//! 16 KiB for the mbarriers and alignment) and 8.
//!
//! **Candidates.** `BM = 128` (two consumer warpgroups, each
//! `wgmma.m64nBNk16`: the register budget of 232 holds a 64 x 256 tile's 128
//! accumulator registers), `BN` in 64, 128, 256, `BK = 64` (the 128-byte
//! swizzle's width in 16-bit elements); a candidate must divide M and N.
//!
//! **Figures for sm_90a** (H100 SXM, which the H200 shares but for HBM):
//! 132 multiprocessors at 1.83 GHz, 4096 dense f16/bf16 flops a clock each
//! (989 TFLOP/s), 128 bytes of shared memory a clock, HBM at 3.35 TB/s, a
//! load latency of 1 µs. The L2 figure, 10.4 TB/s, is not a specification
//! but fitted: it is what the 128 x 256 kernel in groups of 16 moved at
//! 8192³ on the H100 run of docs/benchmarks.md (865 TFLOP/s, L2-bound in this
//! model); with it the model gives 860 TFLOP/s there and 645 for 128 x 128
//! tiles (measured: 578 in 3 stages, 636 in 4).

/// The machine's figures (see the module doc).
#[derive(Clone, Copy, Debug)]
pub struct Machine {
    pub sms: i64,
    pub clock_hz: f64,
    pub flops_per_clock: f64,
    pub smem_bytes_per_clock: f64,
    pub l2_bytes_per_second: f64,
    pub hbm_bytes_per_second: f64,
    pub load_latency_seconds: f64,
    /// Shared memory a ring may take.
    pub ring_bytes: i64,
}

impl Machine {
    /// sm_90a as an H100 SXM, with `sms` multiprocessors.
    pub fn sm90a(sms: i64) -> Machine {
        Machine {
            sms,
            clock_hz: 1.83e9,
            flops_per_clock: 4096.0,
            smem_bytes_per_clock: 128.0,
            l2_bytes_per_second: 10.4e12,
            hbm_bytes_per_second: 3.35e12,
            load_latency_seconds: 1e-6,
            ring_bytes: (227 - 16) * 1024,
        }
    }
}

/// `C (M x N, f32) = A (M x K) B (K x N)`, A and B of `element_bytes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub element_bytes: i64,
}

/// What the model chose, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub tile_m: i64,
    pub tile_n: i64,
    pub tile_k: i64,
    pub group_rows: i64,
    pub stages: i64,
    pub tiles: i64,
    pub waves: i64,
    /// The kernel's estimated time and its flop rate.
    pub seconds: f64,
    pub tflops: f64,
    /// Which of the four times bounds a K step.
    pub bound: &'static str,
}

/// The K step every candidate takes.
pub const TILE_K: i64 = 64;
/// The block tiles' rows (two consumer warpgroups of 64 rows).
pub const TILE_M: i64 = 128;
/// The block tiles' columns the model weighs.
pub const TILE_N: [i64; 3] = [64, 128, 256];
/// The largest group of tile rows.
pub const MAX_GROUP_ROWS: i64 = 16;
/// The deepest ring.
pub const MAX_STAGES: i64 = 8;

/// The model's time for one candidate (None when it does not divide the
/// problem). `group_rows` 0: the model's group.
pub fn estimate(problem: Problem, machine: &Machine, tile_m: i64, tile_n: i64, group_rows: i64) -> Option<Choice> {
    let Problem { m, n, k, element_bytes } = problem;
    if tile_m <= 0 || tile_n <= 0 || m % tile_m != 0 || n % tile_n != 0 || k % TILE_K != 0 || tile_m % 64 != 0 {
        return None;
    }
    let (rows, columns) = (m / tile_m, n / tile_n);
    let tiles = rows.checked_mul(columns)?;
    let busy = tiles.min(machine.sms).max(1);
    let waves = (tiles + machine.sms - 1) / machine.sms;
    let group = if group_rows > 0 {
        (rows % group_rows == 0).then_some(group_rows)?
    } else {
        best_group(rows, columns, busy, tile_m, tile_n)
    };
    let (bm, bn, bk, eb) = (tile_m as f64, tile_n as f64, TILE_K as f64, element_bytes as f64);
    let warpgroups = (tile_m / 64) as f64;
    let compute = 2.0 * bm * bn * bk / (machine.flops_per_clock * machine.clock_hz);
    let smem = warpgroups * (64.0 + bn) * bk * eb / (machine.smem_bytes_per_clock * machine.clock_hz);
    let l2 = busy as f64 * (bm + bn) * bk * eb / machine.l2_bytes_per_second;
    let (span_rows, span_columns) = wave_span(rows, columns, busy, group);
    let hbm = (span_rows as f64 * bm + span_columns as f64 * bn) * bk * eb / machine.hbm_bytes_per_second;
    let (step, bound) = [(compute, "tensor cores"), (smem, "shared memory"), (l2, "L2"), (hbm, "HBM")]
        .into_iter()
        .fold((0.0, "tensor cores"), |best, (t, name)| if t > best.0 { (t, name) } else { best });
    let seconds = waves as f64 * (k / TILE_K) as f64 * step + machine.load_latency_seconds;
    let slot = (tile_m + tile_n) * TILE_K * element_bytes;
    let fit = (machine.ring_bytes / slot).min(MAX_STAGES);
    let wanted = (machine.load_latency_seconds / step).ceil() as i64 + 1;
    let stages = wanted.clamp(2, fit.max(2));
    let flops = 2.0 * m as f64 * n as f64 * k as f64;
    Some(Choice {
        tile_m,
        tile_n,
        tile_k: TILE_K,
        group_rows: group,
        stages,
        tiles,
        waves,
        seconds,
        tflops: flops / seconds / 1e12,
        bound,
    })
}

/// The model's choice among the candidates (module doc); None when none
/// divides the problem. `tile_m`, `tile_n`, `group_rows` (0: the model's)
/// narrow the candidates to the ones asked for.
pub fn choose(problem: Problem, machine: &Machine, tile_m: i64, tile_n: i64, group_rows: i64) -> Option<Choice> {
    let tile_m = if tile_m > 0 { tile_m } else { TILE_M };
    let columns: Vec<i64> = if tile_n > 0 { vec![tile_n] } else { TILE_N.to_vec() };
    let mut best: Option<Choice> = None;
    for tile_n in columns {
        let Some(choice) = estimate(problem, machine, tile_m, tile_n, group_rows) else { continue };
        best = match best {
            // Within 1%: the larger tile (candidates come smallest first).
            Some(b) if b.seconds < choice.seconds * 0.99 => Some(b),
            _ => Some(choice),
        };
    }
    best
}

/// The rows and columns of tiles a wave of `busy` blocks covers in groups of
/// `group` tile rows.
fn wave_span(rows: i64, columns: i64, busy: i64, group: i64) -> (i64, i64) {
    let span_columns = ((busy + group - 1) / group).min(columns);
    let span_rows = if busy > group * columns { ((busy + columns - 1) / columns).min(rows) } else { group.min(rows) };
    (span_rows, span_columns)
}

/// The group of tile rows (dividing `rows`, at most 16) whose wave loads the
/// fewest distinct rows of A and columns of B; the larger on a tie.
fn best_group(rows: i64, columns: i64, busy: i64, tile_m: i64, tile_n: i64) -> i64 {
    (1..=MAX_GROUP_ROWS.min(rows))
        .filter(|g| rows % g == 0)
        .map(|g| {
            let (r, c) = wave_span(rows, columns, busy, g);
            (r * tile_m + c * tile_n, g)
        })
        .min_by_key(|&(bytes, g)| (bytes, -g))
        .map_or(1, |(_, g)| g)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(n: i64) -> Problem {
        Problem { m: n, n, k: n, element_bytes: 2 }
    }

    #[test]
    fn the_measured_best_at_8192() {
        // docs/benchmarks.md: 128 x 256 in groups of 16 ran at cuBLAS's speed.
        let c = choose(square(8192), &Machine::sm90a(132), 0, 0, 0).unwrap();
        assert_eq!((c.tile_m, c.tile_n, c.group_rows, c.stages), (128, 256, 16, 3), "{c:?}");
        assert_eq!(c.bound, "L2");
        assert!((c.tflops - 860.0).abs() < 10.0, "{c:?}");
        let small = estimate(square(8192), &Machine::sm90a(132), 128, 128, 8).unwrap();
        assert!((small.tflops - 645.0).abs() < 10.0, "{small:?}");
    }

    #[test]
    fn small_problems_take_small_tiles() {
        // 16 tiles of 128 x 128 leave most of 132 multiprocessors idle.
        let c = choose(square(512), &Machine::sm90a(132), 0, 0, 0).unwrap();
        assert_eq!((c.tile_m, c.tile_n), (128, 64), "{c:?}");
        assert_eq!(c.tiles, 32);
    }

    #[test]
    fn candidates_divide_the_problem() {
        assert!(choose(Problem { m: 100, n: 512, k: 512, element_bytes: 2 }, &Machine::sm90a(132), 0, 0, 0).is_none());
        let c = choose(Problem { m: 256, n: 192, k: 128, element_bytes: 2 }, &Machine::sm90a(132), 0, 0, 0).unwrap();
        assert_eq!(c.tile_n, 64);
        assert!(estimate(square(512), &Machine::sm90a(132), 128, 128, 3).is_none());
    }
}
