//! `par-to-gpu`: each `par.foreach_thread` (buffer form) becomes a GPU
//! kernel, a `gpu.func` in the module's `gpu.module @par_kernels`, and a
//! `gpu.launch_func` in its place: the document's lowering to a CUDA-like
//! processor grid. The kernel then goes the way of every asyncpipe kernel
//! (`asyncpipe-to-ptx` to PTX; `asyncpipe-lower-block` to run a block on
//! the CPU).
//!
//! Which processor runs which thread id:
//! - without a `mapping`, the ids are flattened (the last dimension varying
//!   fastest) onto a 1-D grid of 1-D blocks of `block-size` threads:
//!   thread `blockIdx.x * block-size + threadIdx.x` runs the ids it
//!   delinearizes to, and a bounds check (`scf.if` on the thread number
//!   below the thread count) idles the last block's extra threads when the
//!   count is not a multiple of the block size;
//! - with a `mapping` of `#gpu.block<x|y|z>` and `#gpu.thread<x|y|z>`
//!   entries, dimension `k` of the op runs on the processor its entry
//!   names: the grid and block sizes are the thread counts of the
//!   dimensions mapped there (1 elsewhere), and every launched thread runs
//!   one id tuple, with no check.
//!
//! The kernel takes the values the body uses from above as arguments
//! (constants are cloned into it instead), and `known_block_size` when the
//! block size is a constant. Errors at the op: a mapping entry that is not
//! one of those six, a processor named twice (more ids than the grid has),
//! a block of more than 1024 threads, a `par.foreach_thread` inside another
//! (a grid has one level of blocks and one of threads), and the tensor form.

use super::ir::builder::{Builder, Point};
use super::ir::ods::par::ForeachThreadOp;
use super::ir::upstream::{attr, Upstream};
use super::ir::{self, diag, par, rewrite};
use super::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::attribute::{Attribute, DenseI32ArrayAttribute, StringAttribute, TypeAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::FunctionType;
use melior::ir::{Block, Region, RegionLike, Type, Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "par-to-gpu",
    description: "Lower each par.foreach_thread (buffer form) to a gpu.func kernel in gpu.module @par_kernels and a gpu.launch_func: ids flattened onto 1-D blocks of block-size threads with a bounds check, or placed by the op's #gpu.block / #gpu.thread mapping",
    anchor: Some("builtin.module"),
    options: &[OptionDef {
        name: "block-size",
        description: "threads per block when the op has no mapping (1 to 1024)",
        default: "128",
    }],
    run,
};

/// The name of the gpu.module the kernels go into.
const KERNELS: &str = "par_kernels";
/// The most threads a block holds.
const MAX_BLOCK: i64 = 1024;

/// The processor a thread id runs on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Processor {
    Block(usize),
    Thread(usize),
}

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let block_size: i64 = options.parse(root, "block-size")?;
    if !(1..=MAX_BLOCK).contains(&block_size) {
        diag::error(root.location(), &format!("par-to-gpu: block-size={block_size}, a block holds 1 to {MAX_BLOCK} threads"));
        return Err(PassFailed);
    }
    let mut failed = false;
    let mut kernels = 0;
    let all: Vec<ForeachThreadOp> = ir::nested_ops(root).into_iter().filter_map(ForeachThreadOp::cast).collect();
    for foreach in &all {
        let op = foreach.operation();
        if ir::ancestors(op).any(ForeachThreadOp::is) {
            diag::error(op.location(), "par-to-gpu maps one 'par.foreach_thread' onto the grid; this one is inside another (flatten the nest, or map the outer one to blocks and this one's ids into its body)");
            failed = true;
        }
    }
    if failed {
        return Err(PassFailed);
    }
    for foreach in all {
        let op = foreach.operation();
        if !par::expect_buffer_form(foreach, "par-to-gpu") {
            failed = true;
            continue;
        }
        match placement(foreach) {
            Ok(placement) => {
                kernels += 1;
                if let Err(message) = lower(root, foreach, placement, block_size, kernels - 1) {
                    diag::error(op.location(), &message);
                    failed = true;
                }
            }
            Err(message) => {
                diag::error(op.location(), &message);
                failed = true;
            }
        }
    }
    if kernels > 0 {
        rewrite::set_attribute(root, "gpu.container_module", Attribute::unit(ir::context(root)));
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

/// The processor of each dimension, from the mapping (None: flattened).
fn placement(foreach: ForeachThreadOp) -> Result<Option<Vec<Processor>>, String> {
    let Some(mapping) = foreach.mapping() else { return Ok(None) };
    let op = foreach.operation();
    let b = Builder::new(op.context(), op.location());
    let mut placed: Vec<Processor> = Vec::new();
    for (k, entry) in ir::array_elements(mapping).into_iter().enumerate() {
        let processor = (0..3)
            .flat_map(|d| [(Processor::Block(d), "block"), (Processor::Thread(d), "thread")])
            .find(|(p, kind)| {
                let d = match p {
                    Processor::Block(d) | Processor::Thread(d) => *d,
                };
                entry == b.parse_attr(&format!("#gpu.{kind}<{}>", ["x", "y", "z"][d]))
            })
            .map(|(p, _)| p)
            .ok_or_else(|| format!("par-to-gpu: mapping entry #{k} is {entry}; a grid runs thread ids on #gpu.block<x|y|z> and #gpu.thread<x|y|z>"))?;
        if placed.contains(&processor) {
            return Err(format!("par-to-gpu: mapping entry #{k} is {entry}, which an earlier entry names too: the grid has one id per processor dimension, fewer than this op's ids"));
        }
        placed.push(processor);
    }
    // A block's threads: the constant counts of the dimensions on threads.
    let counts: Vec<Value> = foreach.num_threads().collect();
    let threads: i64 = placed
        .iter()
        .zip(&counts)
        .filter(|(p, _)| matches!(p, Processor::Thread(_)))
        .filter_map(|(_, c)| ir::constant_int(*c))
        .fold(1i64, |a, c| a.saturating_mul(c));
    if threads > MAX_BLOCK {
        return Err(format!("par-to-gpu: the dimensions mapped to threads make blocks of {threads} threads; a block holds at most {MAX_BLOCK}"));
    }
    Ok(Some(placed))
}

fn lower(root: OperationRef, foreach: ForeachThreadOp, placement: Option<Vec<Processor>>, block_size: i64, index: usize) -> Result<(), String> {
    let op = foreach.operation();
    let b = Builder::new(op.context(), op.location());
    let host = ir::enclosing_function(op).ok_or("par-to-gpu: a 'par.foreach_thread' outside a function")?;
    let name = format!("{}_par_kernel_{index}", ir::symbol_name(host).unwrap_or_default());
    let module = kernels_module(root, &b);
    let counts: Vec<Value> = foreach.num_threads().collect();

    // The kernel's arguments: what the body uses from above (and the counts,
    // for the flattened ids), but constants.
    let captured: Vec<Value> = par::captured_values(op)
        .into_iter()
        .filter(|v| placement.is_none() || ir::uses(*v).iter().any(|(user, _)| ir::ancestors(*user).any(|a| a == op)))
        .collect();
    let arguments: Vec<Value> =
        captured.iter().copied().filter(|v| !ir::defining_op(*v).is_some_and(|d| Upstream::ArithConstant.is(d))).collect();
    let types: Vec<Type> = arguments.iter().map(|v| v.r#type()).collect();
    let function_type: Type = FunctionType::new(b.ctx(), &types, &[]).into();
    let known_block = match &placement {
        None => Some([block_size, 1, 1]),
        Some(placed) => {
            let mut size = [1i64; 3];
            let mut known = true;
            for (p, count) in placed.iter().zip(&counts) {
                if let Processor::Thread(d) = p {
                    match ir::constant_int(*count) {
                        Some(c) => size[*d] = c,
                        None => known = false,
                    }
                }
            }
            known.then_some(size)
        }
    };
    let mut attributes: Vec<(&str, Attribute)> = vec![
        (attr::FUNCTION_TYPE, TypeAttribute::new(function_type).into()),
        (attr::SYM_NAME, StringAttribute::new(b.ctx(), &name).into()),
        ("gpu.kernel", Attribute::unit(b.ctx())),
        (attr::WORKGROUP_ATTRIBUTIONS, b.int_attr(64, 0)),
    ];
    if let Some(size) = known_block {
        let size: Vec<i32> = size.iter().map(|s| *s as i32).collect();
        attributes.push((attr::KNOWN_BLOCK_SIZE, DenseI32ArrayAttribute::new(b.ctx(), &size).into()));
    }
    let module_block = ir::region_entry(module, 0).expect("the gpu.module's block");
    let kernel = b.insert(b.build(Upstream::GpuFunc, &[], &[], &attributes, vec![Region::new()]), Point::End(module_block));
    let entry = kernel
        .region(0)
        .expect("the kernel's body")
        .append_block(Block::new(&types.iter().map(|t| (*t, op.location())).collect::<Vec<_>>()));
    let returned = b.op(Upstream::GpuReturn, &[], &[], &[], Point::End(entry));
    let at = Point::Before(returned);
    // Inside: the cloned constants and the arguments in place of what the body used.
    let mut inside = Vec::new();
    for value in &captured {
        if let Some(k) = arguments.iter().position(|a| a == value) {
            inside.push(Value::from(entry.argument(k).expect("an argument")));
        } else {
            let clone = b.insert(rewrite::clone(ir::defining_op(*value).expect("a constant")), at);
            inside.push(clone.result(0).expect("the constant").into());
        }
    }
    par::replace_uses_inside(op, &captured, &inside);
    let inner_counts: Vec<Value> = foreach.num_threads().collect();
    let index_type = b.index_type();
    let id = |kind: Upstream, d: usize| b.value(kind, &[], index_type, &[(attr::DIMENSION, b.gpu_dimension(d))], at);
    let (ids, body_point) = match &placement {
        None => {
            let bid = id(Upstream::GpuBlockId, 0);
            let tid = id(Upstream::GpuThreadId, 0);
            let size = b.index_constant(block_size, at);
            let first = b.binary(Upstream::ArithMuli, bid, size, at);
            let linear = b.binary(Upstream::ArithAddi, first, tid, at);
            let total = par::product(&b, &inner_counts, at);
            let predicate = b.int_attr(64, 6); // ult
            let inside_grid = b.value(Upstream::ArithCmpi, &[linear, total], b.i1_type(), &[(attr::PREDICATE, predicate)], at);
            let then = b.if_then(inside_grid, at);
            (par::delinearize(&b, linear, &inner_counts, then), then)
        }
        Some(placed) => {
            let ids = placed
                .iter()
                .map(|p| match p {
                    Processor::Block(d) => id(Upstream::GpuBlockId, *d),
                    Processor::Thread(d) => id(Upstream::GpuThreadId, *d),
                })
                .collect();
            (ids, at)
        }
    };
    let Point::Before(body_end) = body_point else { unreachable!("ids are computed before a terminator") };
    par::move_body(foreach, body_end, &ids);

    // The launch, where the op was.
    let here = Point::Before(op);
    let one = b.index_constant(1, here);
    let (grid, block): ([Value; 3], [Value; 3]) = match &placement {
        None => {
            let total = par::product(&b, &counts, here);
            let size = b.index_constant(block_size, here);
            let blocks = b.binary(Upstream::ArithCeildivui, total, size, here);
            ([blocks, one, one], [size, one, one])
        }
        Some(placed) => {
            let mut grid = [one; 3];
            let mut block = [one; 3];
            for (p, count) in placed.iter().zip(&counts) {
                match p {
                    Processor::Block(d) => grid[*d] = *count,
                    Processor::Thread(d) => block[*d] = *count,
                }
            }
            (grid, block)
        }
    };
    let mut operands: Vec<Value> = grid.to_vec();
    operands.extend(block);
    operands.extend(arguments.iter().copied());
    let kernel_ref = b.parse_attr(&format!("@{KERNELS}::@{name}"));
    let segments = b.segments(&[0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, arguments.len() as i32, 0]);
    b.op(Upstream::GpuLaunchFunc, &operands, &[], &[(attr::KERNEL, kernel_ref), (attr::OPERAND_SEGMENT_SIZES, segments)], here);
    ir::erase(op);
    Ok(())
}

/// The module's `gpu.module @par_kernels`, created at its end if absent.
fn kernels_module<'c, 'a>(root: OperationRef<'c, 'a>, b: &Builder<'c>) -> OperationRef<'c, 'a> {
    let body = ir::region_entry(root, 0).expect("a module has a body");
    if let Some(existing) = ir::ops(body).find(|op| Upstream::GpuModule.is(*op) && ir::symbol_name(*op).as_deref() == Some(KERNELS)) {
        return existing;
    }
    let module = b.insert(
        b.build(Upstream::GpuModule, &[], &[], &[(attr::SYM_NAME, StringAttribute::new(b.ctx(), KERNELS).into())], vec![Region::new()]),
        Point::End(body),
    );
    module.region(0).expect("its region").append_block(Block::new(&[]));
    module
}
