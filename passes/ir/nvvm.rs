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
}

/// Rows of one wgmma (a warpgroup's).
pub const WGMMA_M: i64 = 64;
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
            // wgmma's transposed B (layout row).
            (attr::LAYOUT_A, "#nvvm.mma_layout<row>".to_string()),
            (attr::LAYOUT_B, "#nvvm.mma_layout<row>".to_string()),
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
        [false, true].into_iter().map(|bf16| Wgmma { n, bf16 }).find(|form| {
            form.texts()
                .iter()
                .all(|(name, text)| op.attribute(name).is_ok_and(|a| a.to_string() == *text))
        })
    }
}
