//! The inline PTX the block model runs, read from the instruction text as
//! PTX's ISA defines it (not from the code that writes it, so that a wrong
//! emitter shows as a wrong result): `ex2.approx.f32` (math.exp2 on the
//! CPU), and `wgmma.mma_async` with A from registers (attention's `O += P
//! V`: P is an accumulator converted to f16 in registers, which wgmma can
//! take as A but NVVM's op cannot, so the lowering writes the instruction
//! itself). Any other inline assembly is an error at the op.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::upstream::{attr, Upstream};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::attribute::StringAttribute;
use melior::ir::r#type::TypeLike;
use melior::ir::ValueLike;

/// An `llvm.inline_asm` the model runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InlinePtx {
    /// `ex2.approx.f32 $0, $1;`: 2^x of an f32.
    Ex2,
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.T.T d, a, b-desc, p, 1, 1,
    /// trans-b;` with `p` set from the last operand (`setp.ne.b32 p, $x,
    /// 0`: scale-d, whether D accumulates).
    WgmmaRegisters(WgmmaRegisters),
}

/// A wgmma whose A comes from registers: each thread's four 32-bit
/// registers hold 8 A elements (two 16-bit halves each, the low half
/// first), in the layout of mma.sync m16n8k16's A fragment, warp w of the
/// warpgroup holding rows 16 w ..; B through a matrix descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WgmmaRegisters {
    /// N of m64nNk16 (a multiple of 8 up to 256): N / 2 accumulator registers.
    pub n: i64,
    pub bf16: bool,
    /// `imm-trans-b` 1: B is N-major (a row-major K x N tile); 0: K-major.
    pub b_transposed: bool,
}

impl WgmmaRegisters {
    /// The accumulator registers (the first operands, and the results).
    pub fn accumulators(self) -> usize {
        (self.n / 2) as usize
    }
}

impl InlinePtx {
    /// `op`'s instruction, when it is one the model runs with the operands
    /// and results its text says.
    pub fn of(op: OperationRef) -> Option<Self> {
        if !Upstream::LlvmInlineAsm.is(op) {
            return None;
        }
        let text = string_attr(op, attr::ASM_STRING)?;
        let constraints = string_attr(op, attr::ASM_CONSTRAINTS)?;
        let squeezed: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if squeezed == "ex2.approx.f32 $0, $1;" {
            let f32_in = op.operand_count() == 1 && op.operand_at(0).is_some_and(|v| v.r#type().is_f32());
            let f32_out = op.result_count() == 1 && op.result_at(0).is_some_and(|v| v.r#type().is_f32());
            return (constraints == "=f,f" && f32_in && f32_out).then_some(InlinePtx::Ex2);
        }
        wgmma_registers(op, &squeezed, &constraints).map(InlinePtx::WgmmaRegisters)
    }
}

fn string_attr(op: OperationRef, name: &str) -> Option<String> {
    let attribute = StringAttribute::try_from(op.attribute(name).ok()?).ok()?;
    Some(attribute.value().to_string())
}

/// `{ .reg .pred p; setp.ne.b32 p, $S, 0; wgmma.mma_async.sync.aligned.
/// m64nNk16.f32.T.T {$0, .., $(N/2-1)}, {$a, .., $a+3}, $d, p, 1, 1, t; }`
/// with the accumulators tied (`=f` results, inputs `0`.. `N/2-1`), four
/// `r` A registers, an `l` descriptor and an `r` scale-d.
fn wgmma_registers(op: OperationRef, text: &str, constraints: &str) -> Option<WgmmaRegisters> {
    let body = text.strip_prefix("{ .reg .pred p; setp.ne.b32 p, $")?.strip_suffix("; }")?;
    let (scale, rest) = body.split_once(", 0; wgmma.mma_async.sync.aligned.m64n")?;
    let (n, rest) = rest.split_once("k16.f32.")?;
    let n: i64 = n.parse().ok()?;
    if n % 8 != 0 || !(8..=256).contains(&n) {
        return None;
    }
    let (types, rest) = rest.split_once(' ')?;
    let bf16 = match types {
        "f16.f16" => false,
        "bf16.bf16" => true,
        _ => None?,
    };
    let d = (n / 2) as usize;
    let list = |first: usize, count: usize| (first..first + count).map(|k| format!("${k}")).collect::<Vec<_>>().join(", ");
    let expected_head = format!("{{{}}}, {{{}}}, ${}, p, 1, 1, ", list(0, d), list(2 * d, 4), 2 * d + 4);
    let trans = rest.strip_prefix(&expected_head)?;
    let b_transposed = match trans {
        "1" => true,
        "0" => false,
        _ => None?,
    };
    if scale != (2 * d + 5).to_string() {
        return None;
    }
    let outputs = vec!["=f"; d].join(",");
    let tied = (0..d).map(|k| k.to_string()).collect::<Vec<_>>().join(",");
    if constraints != format!("{outputs},{tied},r,r,r,r,l,r") {
        return None;
    }
    // Operands: the N/2 accumulators (f32), 4 A registers (i32), the
    // descriptor (i64), scale-d (i32); one struct of N/2 f32 out.
    let types: Vec<_> = op.operands().map(|v| v.r#type()).collect();
    let int = |k: usize, bits: u32| {
        types.get(k).is_some_and(|t| t.is_integer() && crate::passes::ir::scalar_bits(*t) == Some(bits))
    };
    let operands_fit = types.len() == d + 6
        && types[..d].iter().all(|t| t.is_f32())
        && (d..d + 4).all(|k| int(k, 32))
        && int(d + 4, 64)
        && int(d + 5, 32);
    let result_fits = op.result_count() == 1;
    (operands_fit && result_fits).then_some(WgmmaRegisters { n, bf16, b_transposed })
}
