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
//! - a block-mapped op may hold thread-mapped ones directly in its body:
//!   its ids are block ids, the block is as large as the largest of their
//!   (constant) counts, each of them runs on the block's threads with a
//!   bounds check where its count is smaller, and a `gpu.barrier` follows
//!   each (all its threads have finished). The block level between them
//!   runs once per thread, so it holds only ops without side effects and
//!   workgroup allocations, which are the block's shared buffers. Thread
//!   ids come out as `gpu.thread_id`, which the block-scope thread model of
//!   `asyncpipe-verify-sync` and `asyncpipe-place-barriers` reads: a thread
//!   reading what another copied asynchronously needs that thread's wait
//!   before the barrier.
//!
//! The kernel takes the values the body uses from above as arguments
//! (constants are cloned into it instead), and `known_block_size` when the
//! block size is a constant. Errors at the op: a mapping entry that is not
//! one of those six, a processor named twice (more ids than the grid has),
//! a block of more than 1024 threads, any other nesting of foreach_threads,
//! side effects at the block level, and the tensor form.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::par::ForeachThreadOp;
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::{self, diag, par, rewrite};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::attribute::{Attribute, DenseI32ArrayAttribute, StringAttribute, TypeAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::FunctionType;
use melior::ir::{Block, Region, RegionLike, Type, Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "par-to-gpu",
    description: "Lower each par.foreach_thread (buffer form) to a gpu.func kernel in gpu.module @par_kernels and a gpu.launch_func: ids flattened onto 1-D blocks of block-size threads with a bounds check, or placed by the op's #gpu.block / #gpu.thread mapping",
    anchor: Some(Upstream::BuiltinModule.name()),
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
        if let Err((at, message)) = check_nesting(*foreach) {
            diag::error(at.location(), &message);
            failed = true;
        }
    }
    if failed {
        return Err(PassFailed);
    }
    // The thread-mapped ops inside block-mapped ones are lowered with them.
    let outermost: Vec<ForeachThreadOp> = all.into_iter().filter(|f| !ir::ancestors(f.operation()).any(ForeachThreadOp::is)).collect();
    for foreach in outermost {
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
        rewrite::set_attribute(root, attr::CONTAINER_MODULE, Attribute::unit(ir::context(root)));
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

/// The foreach_threads directly in `foreach`'s body.
fn inner_ops<'c, 'a>(foreach: ForeachThreadOp<'c, 'a>) -> Vec<ForeachThreadOp<'c, 'a>> {
    ir::ops(par::body(foreach)).filter_map(ForeachThreadOp::cast).collect()
}

/// Whether every entry of `foreach`'s mapping is a block (or every a
/// thread) dimension, and it has one.
fn mapped_to(foreach: ForeachThreadOp, blocks: bool) -> bool {
    matches!(placement(foreach), Ok(Some(placed)) if placed.iter().all(|p| matches!(p, Processor::Block(_)) == blocks))
}

/// The one nesting a grid has: a foreach_thread mapped to threads directly
/// in the body of one mapped to blocks (the block's threads run the inner
/// op; at the end of it they meet at a barrier). The block level around the
/// inner ops runs once per GPU thread of the block, so it may hold only ops
/// without side effects and workgroup allocations (the block's shared
/// buffers, as in CUDA).
fn check_nesting<'c, 'a>(foreach: ForeachThreadOp<'c, 'a>) -> Result<(), (OperationRef<'c, 'a>, String)> {
    let op = foreach.operation();
    // The body moves into a gpu.module, a symbol table of its own: what it
    // names in the host module would be undefined there.
    if let Some(user) = ir::nested_ops(op)
        .into_iter()
        .find(|o| matches!(Upstream::of(*o), Some(Upstream::FuncCall | Upstream::LlvmCall | Upstream::MemrefGetGlobal)))
    {
        return Err((
            user,
            format!(
                "par-to-gpu moves the body of a 'par.foreach_thread' into a GPU kernel, where '{}' cannot name a symbol of the host module; \
                 inline the callee or pass the global as an operand",
                ir::op_name(user)
            ),
        ));
    }
    let inner = inner_ops(foreach);
    let deeper = ir::nested_ops(op).into_iter().filter_map(ForeachThreadOp::cast).count();
    if let Some(parent) = ir::ancestors(op).find(|a| ForeachThreadOp::is(*a)) {
        let parent = ForeachThreadOp::cast(parent).expect("a foreach_thread");
        let direct = op.parent_operation() == Some(parent.operation());
        let outermost = !ir::ancestors(parent.operation()).any(ForeachThreadOp::is);
        if !(direct && outermost && mapped_to(parent, true) && mapped_to(foreach, false)) {
            return Err((op, "par-to-gpu maps a 'par.foreach_thread' inside another only when it is mapped to #gpu.thread dimensions and sits directly in the body of one mapped to #gpu.block dimensions (a grid has one level of blocks and one of threads)".into()));
        }
        for count in foreach.num_threads() {
            if ir::constant_int(count).is_none() {
                return Err((op, "par-to-gpu: the thread counts of a 'par.foreach_thread' inside a block-mapped one size the block, so they must be constants".into()));
            }
        }
        return Ok(());
    }
    if inner.is_empty() || deeper != inner.len() || !mapped_to(foreach, true) {
        return Ok(()); // checked at the inner ops, or no nesting
    }
    for level in ir::ops(par::body(foreach)) {
        if ForeachThreadOp::is(level) || Some(level) == ir::terminator(par::body(foreach)) {
            continue;
        }
        let workgroup_allocation = matches!(Upstream::of(level), Some(Upstream::MemrefAlloc | Upstream::MemrefAlloca))
            && level.result_at(0).is_some_and(|r| ir::memory_space(Value::from(r).r#type()) == ir::MemorySpace::Workgroup);
        let pure = level.region_count() == 0 && ir::memory_effects(level).is_some_and(|e| e.is_empty());
        if !(workgroup_allocation || pure) {
            return Err((level, "par-to-gpu: this op is at the block level of a block-mapped 'par.foreach_thread' with thread-mapped ones inside, which every GPU thread of the block runs; only ops without side effects and workgroup allocations may be there (move it into a thread-mapped 'par.foreach_thread')".into()));
        }
    }
    Ok(())
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
    let inner = inner_ops(foreach);
    let inner_block = block_of_inner(&inner);
    let known_block = match &placement {
        None => Some([block_size, 1, 1]),
        Some(_) if !inner.is_empty() => Some(inner_block),
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
        (attr::GPU_KERNEL, Attribute::unit(b.ctx())),
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
    for thread_level in inner {
        lower_threads(thread_level, inner_block);
    }

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
            if known_block.is_some() && placed.iter().all(|p| matches!(p, Processor::Block(_))) {
                for d in 0..3 {
                    if inner_block[d] > 1 {
                        block[d] = b.index_constant(inner_block[d], here);
                    }
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

/// The block the thread-mapped ops inside a block-mapped one need: per
/// dimension, the largest of their (constant) thread counts.
fn block_of_inner(inner: &[ForeachThreadOp]) -> [i64; 3] {
    let mut size = [1i64; 3];
    for foreach in inner {
        let Ok(Some(placed)) = placement(*foreach) else { continue };
        for (p, count) in placed.iter().zip(foreach.num_threads()) {
            if let (Processor::Thread(d), Some(c)) = (p, ir::constant_int(count)) {
                size[*d] = size[*d].max(c);
            }
        }
    }
    size
}

/// A thread-mapped foreach_thread at the block level of a kernel: its ids
/// are the thread ids, threads past a count smaller than the block idle
/// (a bounds check), and a `gpu.barrier` after it is where all of its
/// threads have finished (what the code after a foreach_thread may assume;
/// `asyncpipe-eliminate-barriers` removes those nothing needs).
fn lower_threads(foreach: ForeachThreadOp, block: [i64; 3]) {
    let op = foreach.operation();
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let Ok(Some(placed)) = placement(foreach) else { return };
    let index_type = b.index_type();
    let mut ids = Vec::new();
    let mut guard: Option<Value> = None;
    for (p, count) in placed.iter().zip(foreach.num_threads()) {
        let Processor::Thread(d) = p else { continue };
        let id = b.value(Upstream::GpuThreadId, &[], index_type, &[(attr::DIMENSION, b.gpu_dimension(*d))], at);
        ids.push(id);
        if ir::constant_int(count).is_some_and(|c| c < block[*d]) {
            let below = b.value(Upstream::ArithCmpi, &[id, count], b.i1_type(), &[(attr::PREDICATE, b.int_attr(64, 6))], at);
            guard = Some(match guard {
                Some(g) => b.binary(Upstream::ArithAndi, g, below, at),
                None => below,
            });
        }
    }
    let body_point = match guard {
        Some(g) => b.if_then(g, at),
        None => at,
    };
    let Point::Before(body_end) = body_point else { unreachable!("ids are computed before a terminator") };
    par::move_body(foreach, body_end, &ids);
    b.op(Upstream::GpuBarrier, &[], &[], &[], at);
    ir::erase(op);
}
