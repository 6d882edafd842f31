//! Attention's register tiles on sm_90a (issue 39): the math on register
//! tiles, per thread, in wgmma's accumulator layout ([`super::sm90`]).
//!
//! **Homes.** An `M x N` tile (an f32 accumulator, or an f16/bf16 tile that
//! an MMA reads as its A operand) is each thread's fragments, as an
//! accumulator's: `memref<1 x N/8 x 4 x T>`, element `[0, j, e]` at row
//! `16 w + l / 4 + 8 (e / 2)` and column `8 j + 2 (l % 4) + e % 2` for lane
//! `l` of warp `w`. An `M x 1` tile (a value per row) is the thread's two
//! rows, `memref<2 x f32>`: element `h` is row `16 w + l / 4 + 8 h`. The four
//! threads of a quad (`l / 4` equal) hold the same rows and, for `M x 1`
//! tiles, the same values.
//!
//! **Math.** `asyncpipe.accumulator_map` is its region cloned for each of
//! the thread's elements (unrolled: every index constant, so LLVM keeps the
//! homes in registers), inputs of one column read at the element's row;
//! `accumulator_convert` rounds each element; `accumulator_reduce` folds
//! the thread's elements of each of its rows, then combines the quad's
//! partial values with two `gpu.shuffle xor` (lanes 1 and 2 apart: the four
//! threads of a row), so that every thread of the quad holds the row's
//! value, then folds it into the row's value (the fold is associative and
//! commutative, as the op requires).
//!
//! **A from registers.** wgmma's A operand from registers for `m64nNk16` is
//! the accumulator layout of the same rows taken 16 columns at a time: for
//! the K step `kk`, a thread's four 32-bit registers are the f16 pairs of
//! fragments `2 kk` (elements 0-1, then 2-3) and `2 kk + 1` (0-1, 2-3).
//! Converting an f32 accumulator into an f16 tile therefore moves no data
//! between threads. NVVM's `wgmma.mma_async` takes A only through a
//! descriptor, so this form is an `llvm.inline_asm` of the PTX instruction
//! (the accumulators tied in and out, B through its descriptor, the scale
//! of D a predicate set from an operand).

use crate::passes::ir::positions::OpPositions;
use super::sm80;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncpipe::{AccumulatorConvertOp, AccumulatorMapOp, AccumulatorReduceOp, AsyncpipeOp};
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::{self, asyncpipe, rewrite};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::MemRefType;
use melior::ir::{RegionRef, Type, TypeLike, Value, ValueLike};
use std::collections::HashMap;

/// A register tile's home in each thread.
#[derive(Clone, Copy)]
pub struct Home<'c, 'a> {
    pub memref: Value<'c, 'a>,
    /// Fragments of 8 columns (`N / 8`); 0 for an `M x 1` tile (two rows).
    pub fragments: i64,
}

impl Home<'_, '_> {
    fn is_rows(&self) -> bool {
        self.fragments == 0
    }
}

/// The homes of a kernel's register tiles, by value.
pub type Homes<'c, 'a> = HashMap<ir::ValueKey, Home<'c, 'a>>;

/// The home of an `M x 1` tile: `memref<2 x f32>` in the kernel's entry
/// block (where LLVM promotes it), zeroed where the init was.
pub fn rows<'c, 'a>(init: OperationRef<'c, 'a>, element: Type<'c>) -> Value<'c, 'a> {
    let b = Builder::new(init.context(), init.location());
    let at = Point::Before(init);
    let memref = sm80::home(&b, init, MemRefType::new(element, &[2], None, None).into());
    let zero = b.float_constant(element, 0.0, at);
    for h in 0..2 {
        b.store(zero, memref, &[b.index_constant(h, at)], at);
    }
    memref
}

/// A thread's place: the first of its two rows in the tile (`16 w + l /
/// 4`) and its first column in each fragment (`2 (l % 4)`).
struct Place<'c, 'a> {
    row: Value<'c, 'a>,
    column: Value<'c, 'a>,
}

fn place<'c, 'a>(b: &Builder<'c>, at: Point<'c, 'a>) -> Place<'c, 'a> {
    let c = |v: i64| b.index_constant(v, at);
    let tid = b.value(Upstream::GpuThreadId, &[], b.index_type(), &[(attr::DIMENSION, b.gpu_dimension(0))], at);
    let lane = b.binary(Upstream::ArithRemui, tid, c(32), at);
    let warp = b.binary(Upstream::ArithDivui, tid, c(32), at);
    let warp_row = b.binary(Upstream::ArithMuli, warp, c(16), at);
    let g = b.binary(Upstream::ArithDivui, lane, c(4), at);
    let row = b.binary(Upstream::ArithAddi, warp_row, g, at);
    let t = b.binary(Upstream::ArithRemui, lane, c(4), at);
    let column = b.binary(Upstream::ArithMuli, t, c(2), at);
    Place { row, column }
}

/// The element `(j, e)` of a fragment home, or row `h` of a rows home.
fn element_index<'c, 'a>(b: &Builder<'c>, home: Home<'c, 'a>, j: i64, e: i64, at: Point<'c, 'a>) -> Vec<Value<'c, 'a>> {
    if home.is_rows() {
        vec![b.index_constant(e / 2, at)]
    } else {
        vec![b.index_constant(0, at), b.index_constant(j, at), b.index_constant(e, at)]
    }
}

/// The region's ops cloned at `at` with its arguments bound to
/// `arguments`; the value it yields. An f32 `math.exp2` becomes the
/// special-function unit's ex2.approx (math.exp2 would become a libdevice
/// call the pipeline does not link, and upstream's NVVM conversion refuses
/// LLVM's intrinsic).
fn inline_body<'c, 'a>(b: &Builder<'c>, body: RegionRef<'c, 'a>, arguments: &[Value<'c, 'a>], at: Point<'c, 'a>) -> Value<'c, 'a> {
    rewrite::inline_yielding(body, arguments, at, |op, operands| {
        is_f32_exp2(op).then(|| {
            let attributes = [(attr::ASM_STRING, b.string_attr(EX2)), (attr::ASM_CONSTRAINTS, b.string_attr("=f,f"))];
            b.value(Upstream::LlvmInlineAsm, &operands[..1], operands[0].r#type(), &attributes, at)
        })
    })
}

/// PTX's approximate exp2 (2 ulp, flushes no denormal: `ex2.approx.f32`).
const EX2: &str = "ex2.approx.f32 $0, $1;";

/// Whether `op` is `math.exp2` of an f32 (no fastmath flags to keep: the
/// GPU's ex2 is approximate anyway).
fn is_f32_exp2(op: OperationRef) -> bool {
    Upstream::MathExp2.is(op) && op.result_count() == 1 && op.result_at(0).is_some_and(|r| r.r#type().is_f32())
}

/// The thread's elements of a home: `(j, e)` pairs (for rows, `(0, 2 h)`).
fn elements(home: Home) -> Vec<(i64, i64)> {
    if home.is_rows() {
        vec![(0, 0), (0, 2)]
    } else {
        (0..home.fragments).flat_map(|j| (0..4).map(move |e| (j, e))).collect()
    }
}

/// Lowers one op of math on register tiles, in place; erases it.
pub fn lower(op: OperationRef, homes: &Homes) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let home = |v: Value| homes[&ir::ValueKey::of(v)];
    match AsyncpipeOp::of(op) {
        Some(AsyncpipeOp::AccumulatorMap(map)) => lower_map(&b, map, &home, at),
        Some(AsyncpipeOp::AccumulatorReduce(reduce)) => lower_reduce(&b, reduce, &home, at),
        Some(AsyncpipeOp::AccumulatorConvert(convert)) => lower_convert(&b, convert, &home, at),
        _ => unreachable!("the plan holds math on register tiles only"),
    }
    ir::erase(op);
}

fn lower_map<'c, 'a>(b: &Builder<'c>, map: AccumulatorMapOp<'c, 'a>, home: &dyn Fn(Value<'c, 'a>) -> Home<'c, 'a>, at: Point<'c, 'a>) {
    let dest = home(map.dest());
    let inputs: Vec<Home> = map.inputs().map(home).collect();
    let indices = asyncpipe::map_takes_indices(map);
    let place = indices.then(|| place(b, at));
    for (j, e) in elements(dest) {
        let index = element_index(b, dest, j, e, at);
        let mut arguments = vec![b.load(dest.memref, &index, at)];
        for input in &inputs {
            let index = element_index(b, *input, j, e, at);
            arguments.push(b.load(input.memref, &index, at));
        }
        if let Some(place) = &place {
            let row = b.binary(Upstream::ArithAddi, place.row, b.index_constant(8 * (e / 2), at), at);
            let column = if dest.is_rows() {
                b.index_constant(0, at)
            } else {
                b.binary(Upstream::ArithAddi, place.column, b.index_constant(8 * j + e % 2, at), at)
            };
            arguments.extend([row, column]);
        }
        let value = inline_body(b, map.body(), &arguments, at);
        b.store(value, dest.memref, &index, at);
    }
}

fn lower_reduce<'c, 'a>(b: &Builder<'c>, reduce: AccumulatorReduceOp<'c, 'a>, home: &dyn Fn(Value<'c, 'a>) -> Home<'c, 'a>, at: Point<'c, 'a>) {
    let source = home(reduce.source());
    let dest = home(reduce.dest());
    let i32_type = b.int_type(32);
    for h in 0..2 {
        // The thread's elements of row h: e = 2 h and 2 h + 1 of each fragment.
        let mut partial: Option<Value> = None;
        for j in 0..source.fragments {
            for e in [2 * h, 2 * h + 1] {
                let index = element_index(b, source, j, e, at);
                let x = b.load(source.memref, &index, at);
                partial = Some(match partial {
                    None => x,
                    Some(p) => inline_body(b, reduce.body(), &[p, x], at),
                });
            }
        }
        let mut partial = partial.expect("a tile has columns");
        // The quad's four threads hold the row's other columns.
        for offset in [1, 2] {
            let distance = b.int_constant(i32_type, offset, at);
            let width = b.int_constant(i32_type, 32, at);
            let mode = b.parse_attr("#gpu<shuffle_mode xor>");
            let shuffle = b.op(
                Upstream::GpuShuffle,
                &[partial, distance, width],
                &[partial.r#type(), b.i1_type()],
                &[(attr::SHUFFLE_MODE, mode)],
                at,
            );
            let other: Value = shuffle.result(0).expect("the shuffled value").into();
            partial = inline_body(b, reduce.body(), &[partial, other], at);
        }
        let index = element_index(b, dest, 0, 2 * h, at);
        let old = b.load(dest.memref, &index, at);
        let value = inline_body(b, reduce.body(), &[old, partial], at);
        b.store(value, dest.memref, &index, at);
    }
}

fn lower_convert<'c, 'a>(b: &Builder<'c>, convert: AccumulatorConvertOp<'c, 'a>, home: &dyn Fn(Value<'c, 'a>) -> Home<'c, 'a>, at: Point<'c, 'a>) {
    let source = home(convert.source());
    let dest = home(convert.dest());
    let to = ir::element_type(dest.memref.r#type());
    for (j, e) in elements(source) {
        let index = element_index(b, source, j, e, at);
        let x = b.load(source.memref, &index, at);
        let y = if x.r#type() == to { x } else { b.value(Upstream::ArithTruncf, &[x], to, &[], at) };
        b.store(y, dest.memref, &index, at);
    }
}

/// wgmma's four A registers of K step `kk` from an f16/bf16 fragment home:
/// the element pairs of fragments `2 kk` and `2 kk + 1`, each pair packed
/// into an `i32` (the first element in the low half).
pub fn a_registers<'c, 'a>(b: &Builder<'c>, operand: Home<'c, 'a>, kk: i64, at: Point<'c, 'a>) -> [Value<'c, 'a>; 4] {
    let i16_type = b.int_type(16);
    let i32_type = b.int_type(32);
    let pack = |j: i64, e: i64| {
        let half = |e: i64| {
            let x = b.load(operand.memref, &element_index(b, operand, j, e, at), at);
            let bits = b.value(Upstream::ArithBitcast, &[x], i16_type, &[], at);
            b.value(Upstream::ArithExtui, &[bits], i32_type, &[], at)
        };
        let low = half(e);
        let high = half(e + 1);
        let shifted = b.binary(Upstream::ArithShli, high, b.int_constant(i32_type, 16, at), at);
        b.binary(Upstream::ArithOri, low, shifted, at)
    };
    [pack(2 * kk, 0), pack(2 * kk, 2), pack(2 * kk + 1, 0), pack(2 * kk + 1, 2)]
}

/// The PTX of one `wgmma.mma_async` `m64nNk16`, f32 += f16/bf16, A from
/// registers, B through a descriptor (`transposed`: N-major, as a row-major
/// `K x N` tile), and its constraints: `N / 2` accumulators tied in and
/// out, four A registers, the descriptor, and the scale of D (1:
/// accumulate).
pub fn wgmma_register_a(n: i64, bf16: bool, transposed: bool) -> (String, String) {
    let registers = n / 2;
    // Operands are numbered outputs first, then every input, the tied ones
    // included: the accumulators out, the accumulators in, A, B, the scale.
    let d: Vec<String> = (0..registers).map(|k| format!("${k}")).collect();
    let a: Vec<String> = (2 * registers..2 * registers + 4).map(|k| format!("${k}")).collect();
    let input = if bf16 { "bf16" } else { "f16" };
    let text = format!(
        "{{\n.reg .pred p;\nsetp.ne.b32 p, ${scale}, 0;\nwgmma.mma_async.sync.aligned.m64n{n}k16.f32.{input}.{input} {{{d}}}, {{{a}}}, ${desc}, p, 1, 1, {trans};\n}}",
        scale = 2 * registers + 5,
        desc = 2 * registers + 4,
        d = d.join(", "),
        a = a.join(", "),
        trans = i64::from(transposed),
    );
    let mut constraints: Vec<String> = (0..registers).map(|_| "=f".to_string()).collect();
    constraints.extend((0..registers).map(|k| k.to_string()));
    constraints.extend(["r", "r", "r", "r", "l", "r"].map(String::from));
    (text, constraints.join(","))
}
