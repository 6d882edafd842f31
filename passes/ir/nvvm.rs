//! The one form of NVVM's `wgmma.mma_async` that asyncpipe emits
//! (`asyncpipe-lower-mma{chip=sm_90a}`) and models (`asyncpipe-lower-block`):
//! m64nNk16, f16 or bf16 inputs into f32, A K-major and B N-major (layouts
//! row and row), unscaled. nvvm's attributes have no C API, so this module
//! builds and reads them as text, here and nowhere else.

use super::builder::Builder;
use super::upstream::attr;
use melior::ir::attribute::Attribute;
use melior::ir::operation::{OperationLike, OperationRef};

/// A `wgmma.mma_async` of asyncpipe's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wgmma {
    /// N of m64nNk16: a multiple of 8 up to 256.
    pub n: i64,
    /// bf16 inputs (else f16).
    pub bf16: bool,
    /// B stored K-major (`N x K` row-major: attention's K tile, the MMA's
    /// `transpose_b`); else N-major (a row-major `K x N` tile).
    pub b_k_major: bool,
}

/// Rows of one wgmma (a warpgroup's).
pub const WGMMA_M: i64 = 64;
/// Threads of a warpgroup (4 warps): what wgmma, `wgmma.wait_group` and
/// `setmaxnreg` run on together.
pub const WARPGROUP_THREADS: i64 = 128;
/// The kernel attribute NVPTX prints as `.maxnreg`: with `setmaxnreg` in the
/// kernel, ptxas takes it as the registers every thread starts with (without
/// it ptxas starts a kernel that needs few registers with fewer than the
/// budgets assume, and an increase would wait for registers no one frees).
pub const MAXNREG: &str = "nvvm.maxnreg";
/// Whether `op` (an `nvvm.setmaxregister`) increases the registers (`.inc`;
/// else `.dec`). The action is an NVVM enum attribute without a C API
/// accessor: read from its printed form, here only.
pub fn setmaxnreg_increases(op: melior::ir::operation::OperationRef) -> bool {
    use melior::ir::operation::OperationLike;
    op.attribute(super::upstream::attr::SETMAXNREG_ACTION).is_ok_and(|a| a.to_string().contains("increase"))
}

/// K of one wgmma on 16-bit inputs.
pub const WGMMA_K: i64 = 16;

impl Wgmma {
    fn input(self) -> &'static str {
        if self.bf16 { "bf16" } else { "f16" }
    }

    fn texts(self) -> [(&'static str, String); 9] {
        let input = self.input();
        [
            (attr::SHAPE, format!("#nvvm.shape<m = {WGMMA_M}, n = {}, k = {WGMMA_K}>", self.n)),
            (attr::TYPE_A, format!("#nvvm.wgmma_type<{input}>")),
            (attr::TYPE_B, format!("#nvvm.wgmma_type<{input}>")),
            (attr::TYPE_D, "#nvvm.wgmma_type<f32>".to_string()),
            (attr::SCALE_D, "#nvvm.wgmma_scale_out<one>".to_string()),
            (attr::SCALE_A, "#nvvm.wgmma_scale_in<one>".to_string()),
            (attr::SCALE_B, "#nvvm.wgmma_scale_in<one>".to_string()),
            // A is K-major (row-major M x K); B is row-major K x N, N-major:
            // wgmma's transposed B (layout row), or K-major (layout col).
            (attr::LAYOUT_A, "#nvvm.mma_layout<row>".to_string()),
            (attr::LAYOUT_B, format!("#nvvm.mma_layout<{}>", if self.b_k_major { "col" } else { "row" })),
        ]
    }

    /// The op's attributes.
    pub fn attributes<'c>(self, b: &Builder<'c>) -> Vec<(&'static str, Attribute<'c>)> {
        self.texts().into_iter().map(|(name, text)| (name, b.parse_attr(&text))).collect()
    }

    /// `op`'s form, when it is asyncpipe's.
    pub fn of(op: OperationRef) -> Option<Self> {
        let shape = op.attribute(attr::SHAPE).ok()?.to_string();
        let n = shape
            .strip_prefix(&format!("#nvvm.shape<m = {WGMMA_M}, n = "))
            .and_then(|rest| rest.strip_suffix(&format!(", k = {WGMMA_K}>")))
            .and_then(|n| n.parse::<i64>().ok())
            .filter(|n| n % 8 == 0 && (8..=256).contains(n))?;
        [(false, false), (true, false), (false, true), (true, true)].into_iter().map(|(bf16, b_k_major)| Wgmma { n, bf16, b_k_major }).find(|form| {
            form.texts()
                .iter()
                .all(|(name, text)| op.attribute(name).is_ok_and(|a| a.to_string() == *text))
        })
    }
}

/// The operand geometry of any `wgmma.mma_async` (not only asyncpipe's
/// form), as the Hopper model needs it to bound what its descriptors read:
/// m, n, k and, for A and B, the element width and whether the operand is
/// K-major (A `row`, B `col`) or MN-major (transposed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WgmmaGeometry {
    pub m: i64,
    pub n: i64,
    pub k: i64,
    /// Bits of an A and of a B element.
    pub bits: [i64; 2],
    /// Whether A and B are K-major.
    pub k_major: [bool; 2],
}

impl WgmmaGeometry {
    pub fn of(op: OperationRef) -> Option<Self> {
        let text = |name: &str| op.attribute(name).ok().map(|a| a.to_string());
        let shape = text(attr::SHAPE)?;
        let field = |key: &str| -> Option<i64> {
            let rest = shape.split(&format!("{key} = ")).nth(1)?;
            rest.split([',', '>']).next()?.trim().parse().ok()
        };
        let bits = |name: &str| -> Option<i64> {
            let text = text(name)?;
            let ty = text.strip_prefix("#nvvm.wgmma_type<")?.strip_suffix('>')?;
            match ty {
                "f16" | "bf16" => Some(16),
                "tf32" => Some(32),
                "e4m3" | "e5m2" | "s8" | "u8" => Some(8),
                "b1" => Some(1),
                _ => None,
            }
        };
        let layout = |name: &str| -> Option<bool> {
            match text(name)?.as_str() {
                "#nvvm.mma_layout<row>" => Some(true),
                "#nvvm.mma_layout<col>" => Some(false),
                _ => None,
            }
        };
        let (m, n, k) = (field("m")?, field("n")?, field("k")?);
        let valid = |v: i64| (1..=256).contains(&v);
        if !(valid(m) && valid(n) && valid(k)) {
            return None;
        }
        // A is M x K: row-major is K-major. B is K x N: column-major is.
        Some(WgmmaGeometry { m, n, k, bits: [bits(attr::TYPE_A)?, bits(attr::TYPE_B)?], k_major: [layout(attr::LAYOUT_A)?, !layout(attr::LAYOUT_B)?] })
    }
}
