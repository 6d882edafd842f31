//! `asyncpipe-lower-block`: a GPU kernel as a CPU function that runs one
//! thread block, its threads one at a time from barrier to barrier, in an
//! order the test chooses, with cp.async copies that land as late as the
//! waits allow (or at once). It is the block-scope execution model of the
//! tests: `asyncpipe-lower-sequential` runs each thread alone, which cannot
//! show a race between threads; this model runs the interleavings a GPU may
//! run, adversarially.
//!
//! A thread runs until it reaches a barrier; the next thread of the phase's
//! order then runs until the same barrier, and so on; when all have arrived,
//! a new phase starts. So a read of data another thread copies, with no
//! barrier after that thread's wait, sees the copy missing in some order,
//! and a copy into a buffer that another thread still reads, with no barrier
//! between, spoils the read in some order. The schedule and the copy timing
//! are the runtime's (`test/Execution/Inputs/block-sim.mlir`, functions
//! `block_sim_*`), chosen when the program runs, so one compiled test runs
//! all of them.
//!
//! Each `gpu.func` kernel `@K` (with `known_block_size = [n, 1, 1]`) of a
//! `gpu.module` becomes two functions next to the `gpu.module`:
//! - `@K.thread(args, bid, workgroup buffers, private memory, slots, tid,
//!   resume) -> index` runs thread `tid` from barrier `resume` (0: the start)
//!   to the next barrier and returns its number (0: the end). It is the
//!   kernel's body: each top-level `gpu.barrier` returns, and an entry block
//!   branches to the code after barrier `resume`. A value that lives across
//!   a barrier is kept in the thread's slot (stored where it is defined,
//!   loaded where it is used); constants and pure ops on memrefs are
//!   recomputed instead.
//! - `@K(args, bid)` allocates the block's workgroup buffers (as 0xFF bytes,
//!   NaN as f32), each thread's private memory (the kernel's top-level
//!   `memref.alloca`s) and slots, and runs the phases.
//!
//! cp.async becomes calls of the runtime: `nvgpu.device_async_copy` records
//! the copy's addresses and sizes, `nvgpu.device_async_create_group` (and
//! `nvvm.cp.async.commit.group`) commits the thread's group,
//! `nvgpu.device_async_wait` (and `nvvm.cp.async.wait.group`) lets the
//! thread's older groups land.
//!
//! Bulk queues (`asyncpipe-to-nvgpu{bulk-queues=...}`) are modeled across
//! the block: the mbarriers' arrivals, expected bytes and phases are the
//! runtime's, shared by every thread, and a bulk copy lands when issued
//! ("early") or when the first wait sees its phase complete ("late"). An
//! `nvvm.mbarrier.try_wait.parity` on a phase that is not complete (some
//! thread has not arrived yet) must let the other threads run: the thread
//! stops there, like at a barrier but alone, and the driver runs it again
//! in the next round of the phase, until the phase completes. A round in
//! which no thread arrives, initializes a barrier or reaches a block
//! barrier, while some wait, is a hang, reported as such.
//!
//! wgmma and tensor-map copies (sm_90a, as `asyncpipe-lower-mma` and
//! `asyncpipe-to-nvgpu` emit them) are modeled too: a tensor-map copy is its
//! box's 16-byte chunks as bulk copies, each landing where the 128-byte
//! swizzle puts it (the tensor map, for the model, is four words the host
//! writes: source address, row stride, box rows and columns); a thread's
//! part of `wgmma.mma_async` reads A and B through the descriptors at issue
//! and records a hash of what it read, which the `wgmma.wait_group` that
//! completes it checks (a tile overwritten in between stops the run); its
//! registers land at that wait (their homes in the thread's private memory
//! hold NaN until then; a later wgmma of the thread takes the value in
//! flight). The block's workgroup buffers lie in one window of 256 KiB
//! aligned to its size, as the descriptors' 18-bit shared addresses need.
//!
//! The kernel's barriers and mbarrier waits must be in its body's top-level
//! blocks (run `convert-scf-to-cf` first); that is an error at one inside a
//! region. Whether every thread reaches the same barrier is checked when
//! the program runs. Not modeled, and an error at the op: y and z thread or
//! block ids of a block or grid larger than one in that dimension, calls of
//! device functions.

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::{self, DeviceAsyncCopy, Upstream};
use super::ir::builder::{Builder, Point};
use super::ir::nvvm::Wgmma;
use super::ir::{self, diag, rewrite, ValueKey};
use super::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::TypeLike;
use melior::ir::attribute::IntegerAttribute;
use melior::ir::{Block, BlockRef, Location, RegionLike, Type, Value, ValueLike};
use std::collections::HashMap;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-lower-block",
    description: "Run each GPU kernel's thread block on the CPU: threads one at a time between barriers in a chosen order, cp.async and bulk copies landing late or early, mbarrier waits that let the other threads run (block_sim runtime)",
    anchor: None,
    options: &[OptionDef {
        name: "check-only",
        description: "Only refuse what no pass before the model would make runnable (asyncpipe, par and asyncop ops in a \
                      kernel, launches of a kernel); change nothing. The asyncpipe-block-model pipeline runs it before \
                      convert-scf-to-cf, which would break those ops' single-block regions",
        default: "false",
    }],
    run,
};

/// The runtime's functions the lowered code calls: name, number of index
/// arguments, number of index results.
const RUNTIME: &[(&str, usize, usize)] = &[
    (BLOCK_BEGIN, 1, 0),
    (BLOCK_END, 0, 0),
    (ROUND, 1, 0),
    (THREAD, 1, 1),
    (RUNNABLE, 1, 1),
    (RESUME, 1, 1),
    (STOPPED, 3, 0),
    (ROUND_END, 1, 1),
    (POISON, 2, 0),
    (CP_ASYNC, 5, 0),
    (COMMIT, 1, 0),
    (WAIT, 2, 0),
    (MBARRIER_INIT, 3, 0),
    (EXPECT_TX, 3, 0),
    (BULK_COPY, 5, 0),
    (ARRIVE, 2, 0),
    (TRY_WAIT, 3, 1),
    (WARP_ADDRESS, 2, 0),
    (LDMATRIX_ARRIVE, 2, 0),
    (WARP_ARRIVE, 1, 0),
    (WARP_READY, 1, 1),
    (WARP_DONE, 1, 0),
    (YIELD, 1, 1),
    (WGMMA_BEGIN, 2, 0),
    (WGMMA, 5, 0),
    (WGMMA_COMMIT, 1, 0),
    (WGMMA_HOME, 3, 0),
    (WGMMA_WAIT, 2, 0),
    (TENSOR_COPY, 6, 0),
];
/// The runtime's functions on f32 values: name, number of index arguments,
/// whether an f32 argument follows them, whether the result is an f32.
const FLOAT_RUNTIME: &[(&str, usize, bool, bool)] =
    &[(WARP_VALUE, 2, true, false), (LDMATRIX_VALUE, 5, false, true), (MMA_RESULT, 2, false, true), (WGMMA_IN, 3, true, false), (WGMMA_OUT, 1, false, true)];
const BLOCK_BEGIN: &str = "block_sim_block_begin";
const BLOCK_END: &str = "block_sim_block_end";
const ROUND: &str = "block_sim_round";
const THREAD: &str = "block_sim_thread";
const RUNNABLE: &str = "block_sim_runnable";
const RESUME: &str = "block_sim_resume";
const STOPPED: &str = "block_sim_stopped";
const ROUND_END: &str = "block_sim_round_end";
const POISON: &str = "block_sim_poison";
const CP_ASYNC: &str = "block_sim_cp_async";
const COMMIT: &str = "block_sim_commit";
const WAIT: &str = "block_sim_wait";
const MBARRIER_INIT: &str = "block_sim_mbarrier_init";
const EXPECT_TX: &str = "block_sim_expect_tx";
const BULK_COPY: &str = "block_sim_bulk_copy";
const ARRIVE: &str = "block_sim_arrive";
const TRY_WAIT: &str = "block_sim_try_wait";
const WARP_ADDRESS: &str = "block_sim_warp_address";
const WARP_VALUE: &str = "block_sim_warp_value";
const WARP_ARRIVE: &str = "block_sim_warp_arrive";
const LDMATRIX_ARRIVE: &str = "block_sim_ldmatrix_arrive";
const WARP_READY: &str = "block_sim_warp_ready";
const WARP_DONE: &str = "block_sim_warp_done";
const LDMATRIX_VALUE: &str = "block_sim_ldmatrix_value";
const MMA_RESULT: &str = "block_sim_mma_result";
const YIELD: &str = "block_sim_yield";
const WGMMA_BEGIN: &str = "block_sim_wgmma_begin";
const WGMMA: &str = "block_sim_wgmma";
const WGMMA_IN: &str = "block_sim_wgmma_in";
const WGMMA_OUT: &str = "block_sim_wgmma_out";
const WGMMA_COMMIT: &str = "block_sim_wgmma_commit";
const WGMMA_HOME: &str = "block_sim_wgmma_home";
const WGMMA_WAIT: &str = "block_sim_wgmma_wait";
const TENSOR_COPY: &str = "block_sim_tensor_copy";

/// The block's workgroup buffers lie in one window of this many bytes,
/// aligned to its size: wgmma's matrix descriptors hold 18 bits of shared
/// address, which the runtime adds to the window's base.
const WINDOW: i64 = 1 << 18;

/// Slots and private memory are laid out in units of this many bytes (the
/// largest scalar alignment).
const SLOT_ALIGN: i64 = 16;

/// The integer address space of workgroup memory.
const WORKGROUP: i64 = 3;

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let check_only: bool = options.parse(root, "check-only")?;
    let kernels: Vec<OperationRef> = ir::nested_ops(root)
        .into_iter()
        .filter(|op| Upstream::GpuFunc.is(*op) && op.parent_operation().is_some_and(|m| Upstream::GpuModule.is(m)))
        .collect();
    // Before anything changes.
    if !refusals(root, &kernels) {
        return Err(PassFailed);
    }
    if check_only {
        // The pipeline's next step, convert-scf-to-cf, runs on the whole
        // module: outside kernels too, an asyncpipe, par or asyncop op whose
        // single-block region holds structured control flow would be broken.
        return if scf_in_single_block_regions(root, &kernels) { Err(PassFailed) } else { Ok(()) };
    }
    let mut failed = false;
    let mut modules = Vec::new();
    for kernel in kernels {
        let module = kernel.parent_operation().expect("a gpu.func in a gpu.module");
        if !modules.contains(&module) {
            modules.push(module);
        }
        failed |= lower(kernel).is_err();
    }
    if failed {
        return Err(PassFailed);
    }
    for module in modules {
        let empty = ir::blocks(module).iter().all(|b| ir::ops(*b).all(|op| op.next_in_block().is_none()));
        if empty {
            ir::erase(module);
        }
    }
    Ok(())
}

/// Says, at each, what the model cannot be given by any pass before it
/// (false if there was one): asyncpipe, par and asyncop ops in a kernel (it
/// runs the nvgpu and NVVM level; `convert-scf-to-cf` would also break their
/// single-block regions, so the asyncpipe-block-model pipeline asks this
/// before it), and `gpu.launch_func`s of a kernel it replaces (the kernel
/// becomes CPU functions, and its gpu.module may go).
fn refusals(root: OperationRef, kernels: &[OperationRef]) -> bool {
    let mut ok = true;
    for kernel in kernels {
        let above = upstream::is_asyncpipe_dialect;
        for op in ir::nested_ops(*kernel) {
            let name = ir::op_name(op);
            // The outermost of a nest only (a commit scope, not its copies).
            if above(op) && !ir::ancestors(op).take_while(|a| a != kernel).any(above) {
                diag::error(
                    op.location(),
                    &format!(
                        "asyncpipe-lower-block runs kernels at the nvgpu and NVVM level, and '{name}' is above it: lower it \
                         first (asyncpipe-to-nvgpu, asyncpipe-lower-mma; par-to-gpu; the asyncop lowerings)"
                    ),
                );
                ok = false;
            }
        }
    }
    let names: Vec<String> = kernels.iter().filter_map(|k| ir::symbol_name(*k)).collect();
    for op in ir::nested_ops(root).into_iter().filter(|op| Upstream::GpuLaunchFunc.is(*op)) {
        let callee = op.attribute(attr::KERNEL).ok().map(|a| a.to_string()).unwrap_or_default();
        if names.iter().any(|name| callee.ends_with(&format!("::@{name}")) || callee.ends_with(&format!("::@\"{name}\""))) {
            diag::error(
                op.location(),
                &format!(
                    "asyncpipe-lower-block replaces kernel {callee} by CPU functions, so it cannot be launched: call its \
                     block driver instead (func.call with the kernel's arguments and the block id, once per block)"
                ),
            );
            ok = false;
        }
    }
    ok
}

/// Says, at each asyncpipe, par or asyncop op outside `kernels` (whose ops
/// [`refusals`] has named) that holds `scf` control flow in its regions,
/// that the block model's pipeline would break it (true if there was one).
/// A fuzzer finding: a host function's `par.foreach_thread` around an
/// `scf.for` came out of asyncpipe-block-model with a region of blocks.
fn scf_in_single_block_regions(root: OperationRef, kernels: &[OperationRef]) -> bool {
    let ours = upstream::is_asyncpipe_dialect;
    let mut found = false;
    for op in ir::nested_ops(root) {
        if op.region_count() == 0 || !ours(op) || ir::ancestors(op).any(|a| kernels.contains(&a) || ours(a)) {
            continue;
        }
        if let Some(inner) = ir::nested_ops(op).into_iter().find(|o| upstream::is_scf(*o)) {
            diag::error_with_note(
                op.location(),
                &format!(
                    "the asyncpipe-block-model pipeline runs convert-scf-to-cf on the whole module, which would break the \
                     single-block region of '{}': lower it first (par-to-scf, the asyncop lowerings, asyncpipe-lower-sequential), \
                     or give the pipeline the kernels' module alone",
                    ir::op_name(op)
                ),
                inner.location(),
                "the structured control flow in it",
            );
            found = true;
        }
    }
    found
}

/// What one kernel's lowering needs to know before it rewrites anything.
struct Kernel<'c, 'a> {
    name: String,
    threads: i64,
    arguments: Vec<Type<'c>>,
    /// Workgroup buffers, allocated by the driver.
    shared: Vec<Shared<'c, 'a>>,
    /// Top-level `memref.alloca`s with their byte offset in a thread's
    /// private memory.
    private: Vec<(OperationRef<'c, 'a>, i64)>,
    private_bytes: i64,
    /// A declaration of the driver `@K` (for host code that calls it to
    /// verify before the pass), which the driver replaces.
    declaration: Option<OperationRef<'c, 'a>>,
}

/// A workgroup buffer: its allocation, its type on the CPU (address space
/// 3) and its size in bytes.
struct Shared<'c, 'a> {
    alloc: OperationRef<'c, 'a>,
    ty: Type<'c>,
    bytes: i64,
    /// The alignment its allocation asks (at least SLOT_ALIGN).
    alignment: i64,
}

fn lower(kernel: OperationRef) -> Result<(), PassFailed> {
    let info = check(kernel)?;
    let runner = make_runner(kernel, &info);
    let entry = ir::region_entry(runner, 0).expect("a function body");
    let argument = |k: usize| -> Value { entry.argument(k).expect("a runner argument").into() };
    let n_args = info.arguments.len();
    let bid = argument(n_args);
    let shared_base = n_args + 1;
    let private = argument(shared_base + info.shared.len());
    let slots = argument(shared_base + info.shared.len() + 1);
    let tid = argument(shared_base + info.shared.len() + 2);
    let resume = argument(shared_base + info.shared.len() + 3);

    for (k, shared) in info.shared.iter().enumerate() {
        let buffer = shared.alloc.result(0).unwrap().into();
        for user in ir::users(buffer).into_iter().filter(|user| Upstream::MemrefDealloc.is(*user)) {
            ir::erase(user);
        }
        rewrite::replace_uses(buffer, argument(shared_base + k));
        ir::erase(shared.alloc);
    }
    for (alloca, offset) in &info.private {
        private_view(*alloca, *offset, info.private_bytes, private, tid);
    }
    let mut stops = Stops::default();
    for op in ir::nested_ops(runner) {
        lower_op(op, &info, bid, tid, &mut stops);
    }
    for store in std::mem::take(&mut stops.landed) {
        ir::erase(store);
    }
    // Each barrier ends its block with a return of its number; the code
    // after it is where the next phase resumes.
    let mut resumes = Vec::new();
    for (k, barrier) in stops.barriers.iter().enumerate() {
        let rest = rewrite::split_after(*barrier);
        let b = Builder::new(barrier.context(), barrier.location());
        let number = b.index_constant(k as i64 + 1, Point::Before(*barrier));
        b.op(Upstream::FuncReturn, &[number], &[], &[], Point::Before(*barrier));
        ir::erase(*barrier);
        resumes.push(rest);
    }
    // Each mbarrier wait asks the runtime whether its phase is complete and
    // returns its number (after the barriers') when not: the thread runs it
    // again, from the block that asks, in the phase's next round.
    for wait in &stops.waits {
        let number = resumes.len() as i64 + 1;
        resumes.push(mbarrier_wait(*wait, tid, number));
    }
    // Each warp collective: the lane supplies its part and arrives, then
    // asks whether its whole warp has, and returns its number when not (it
    // runs again from the block that asks); then it takes its results.
    for collective in &stops.collectives {
        let number = resumes.len() as i64 + 1;
        resumes.push(warp_collective(*collective, tid, number));
    }
    // After each async copy the thread may stop, and goes on from there
    // when it runs again.
    // (Only at the top level: a copy in a region, where the body was not
    // made into blocks, gets none.)
    for call in stops.yields.iter().filter(|call| call.parent_operation() == Some(runner)) {
        let number = resumes.len() as i64 + 1;
        resumes.push(yield_point(*call, tid, number));
    }
    // The vectors the collectives were looked through (their elements are
    // used one by one) are left unused.
    for op in ir::nested_ops(runner).into_iter().rev() {
        if Upstream::VectorFromElements.is(op) && op.result(0).is_ok_and(|r| ir::users(r.into()).is_empty()) {
            ir::erase(op);
        }
    }
    let dispatcher = dispatch(runner, resume, &resumes);
    let body: Vec<BlockRef> = ir::blocks(runner).into_iter().filter(|b| !dispatcher.contains(b)).collect();
    let slot_bytes = keep_across_barriers(runner, &body, slots, tid, info.threads)?;
    to_cpu_memory_spaces(runner);
    insert_driver(kernel, &info, slot_bytes, stops.barriers.len());
    ir::erase(kernel);
    Ok(())
}

/// Workgroup memory becomes address space 3, which the CPU lowering
/// (`finalize-memref-to-llvm`) takes (it knows no GPU address spaces).
fn to_cpu_memory_spaces(runner: OperationRef) {
    let retype = |value: Value| {
        let ty = value.r#type();
        if ty.is_mem_ref() && ir::memory_space(ty) == ir::MemorySpace::Workgroup {
            rewrite::set_type(value, ir::with_integer_memory_space(ty, Some(WORKGROUP)));
        }
    };
    for op in ir::nested_ops(runner) {
        (0..op.result_count()).for_each(|k| retype(op.result(k).unwrap().into()));
        for region in 0..op.region_count() {
            for block in ir::region_blocks(op.region(region).unwrap()) {
                (0..block.argument_count()).for_each(|k| retype(block.argument(k).unwrap().into()));
            }
        }
    }
}

/// The checks that need no rewriting, and the kernel's buffers.
fn check<'c, 'a>(kernel: OperationRef<'c, 'a>) -> Result<Kernel<'c, 'a>, PassFailed> {
    let name = ir::symbol_name(kernel).unwrap_or_default();
    let Some([threads, 1, 1]) = ir::known_block_size(kernel).filter(|[x, _, _]| *x >= 1) else {
        diag::error(
            kernel.location(),
            "asyncpipe-lower-block runs kernels of a known one-dimensional block size: give the gpu.func \
             known_block_size = array<i32: n, 1, 1>",
        );
        return Err(PassFailed);
    };
    if threads > MAX_THREADS {
        diag::error(
            kernel.location(),
            &format!("asyncpipe-lower-block runs blocks of at most {MAX_THREADS} threads (as a GPU does); this kernel's has {threads}"),
        );
        return Err(PassFailed);
    }
    let entry = ir::region_entry(kernel, 0).expect("a gpu.func has a body");
    let arguments: Vec<Type> = (0..entry.argument_count()).map(|k| entry.argument(k).unwrap().r#type()).collect();
    let workgroup_argument = arguments.iter().position(|ty| ty.is_mem_ref() && ir::memory_space(*ty) == ir::MemorySpace::Workgroup);
    let module = kernel.parent_operation().expect("a gpu.func in a gpu.module");
    let mut failed = false;
    // Only a declaration may stand where the driver goes.
    let mut declaration = None;
    let host = module.block().expect("a gpu.module in a block");
    for op in ir::ops(host).filter(|op| ir::symbol_name(*op).as_deref() == Some(name.as_str())) {
        if Upstream::FuncFunc.is(op) && ir::region_entry(op, 0).is_none() {
            declaration = Some(op);
        } else {
            diag::error_with_note(
                kernel.location(),
                &format!("asyncpipe-lower-block: the block's driver @{name} would clash with another symbol"),
                op.location(),
                "the other symbol (only a declaration of the driver may be there)",
            );
            failed = true;
        }
    }
    let mut info = Kernel { name, threads, arguments, shared: Vec::new(), private: Vec::new(), private_bytes: 0, declaration };
    let top_level = |op: OperationRef| op.parent_operation() == Some(kernel);
    for op in ir::nested_ops(kernel) {
        let alloc = matches!(Upstream::of(op), Some(Upstream::MemrefAlloc | Upstream::MemrefAlloca));
        if alloc {
            let ty = op.result(0).unwrap().r#type();
            let workgroup = ir::memory_space(ty) == ir::MemorySpace::Workgroup;
            // (bytes() is None for a dynamic shape; the operands would be the
            // sizes of those dimensions, or symbols of a layout.)
            let is_static = op.operand_count() == 0;
            if workgroup {
                match bytes(ty).filter(|_| is_static && op.block() == Some(entry)) {
                    Some(bytes) => {
                        let alignment = ir::int_attr(op, attr::ALIGNMENT).unwrap_or(0).clamp(SLOT_ALIGN, WINDOW);
                        info.shared.push(Shared { alloc: op, ty: ir::with_integer_memory_space(ty, Some(WORKGROUP)), bytes, alignment });
                    }
                    None => {
                        diag::error(
                            op.location(),
                            "asyncpipe-lower-block: a workgroup buffer must be allocated in the kernel's entry \
                             block, with a static shape, an identity layout and integer or float elements",
                        );
                        failed = true;
                    }
                }
            } else if Upstream::MemrefAlloca.is(op) && top_level(op) {
                match bytes(ty).filter(|_| is_static) {
                    Some(size) => {
                        info.private.push((op, info.private_bytes));
                        // The block's private memory is one allocation of
                        // threads x this: at most MAX_PRIVATE_BYTES.
                        let total = round_up(size, SLOT_ALIGN)
                            .and_then(|rounded| info.private_bytes.checked_add(rounded))
                            .filter(|bytes| bytes.checked_mul(threads).is_some_and(|all| all <= MAX_PRIVATE_BYTES));
                        match total {
                            Some(total) => info.private_bytes = total,
                            None => {
                                diag::error(
                                    op.location(),
                                    &format!(
                                        "asyncpipe-lower-block: the block's private buffers would take more than \
                                         {MAX_PRIVATE_BYTES} bytes ({threads} threads)"
                                    ),
                                );
                                failed = true;
                            }
                        }
                    }
                    None => {
                        diag::error(
                            op.location(),
                            "asyncpipe-lower-block: a thread's private buffer must have a static shape, an \
                             identity layout and integer or float elements",
                        );
                        failed = true;
                    }
                }
            }
        }
        let unsupported = match Upstream::of(op) {
            Some(Upstream::GpuBarrier) if !top_level(op) => Some(
                "asyncpipe-lower-block needs the kernel's barriers in its body's top-level blocks: run \
                 convert-scf-to-cf first",
            ),
            Some(Upstream::NvvmMbarrierTryWaitParity) if !top_level(op) => Some(
                "asyncpipe-lower-block needs the kernel's mbarrier waits in its body's top-level blocks (a \
                 waiting thread stops there to let the others run): run convert-scf-to-cf first",
            ),
            Some(Upstream::NvgpuLdmatrix | Upstream::NvgpuMmaSync) if !top_level(op) => Some(
                "asyncpipe-lower-block needs the kernel's warp collectives in its body's top-level blocks (a lane \
                 stops there until its whole warp has arrived): run convert-scf-to-cf first",
            ),
            Some(Upstream::NvgpuLdmatrix | Upstream::NvgpuMmaSync) if threads % 32 != 0 || threads > 1024 => {
                Some("asyncpipe-lower-block runs warp collectives in blocks of whole warps (known_block_size a multiple of 32, at most 1024)")
            }
            Some(Upstream::NvgpuLdmatrix) if !is_modeled_ldmatrix(op) => Some(
                "asyncpipe-lower-block models ldmatrix of f16 or bf16 matrices",
            ),
            Some(Upstream::NvgpuMmaSync) if !is_modeled_mma(op) => Some(
                "asyncpipe-lower-block models mma.sync m16n8k16 on f16 or bf16 fragments accumulated in f32",
            ),
            Some(Upstream::FuncCall | Upstream::LlvmCall | Upstream::GpuLaneId) => {
                Some("asyncpipe-lower-block does not model this op in a kernel")
            }
            // The kernel moves out of its gpu.module, which holds the global
            // (the fuzzer found the reference left dangling).
            Some(Upstream::MemrefGetGlobal) => Some(
                "asyncpipe-lower-block models workgroup buffers that memref.alloc makes in the kernel's entry block, \
                 not globals of the gpu.module",
            ),
            Some(Upstream::NvvmWgmmaMmaAsync) if Wgmma::of(op).is_none() => Some(
                "asyncpipe-lower-block models wgmma.mma_async m64nNk16 (N up to 256) of f16 or bf16 into f32 with \
                 A K-major and B transposed (layouts row and row), unscaled, as asyncpipe-lower-mma emits it",
            ),
            Some(Upstream::NvvmWgmmaMmaAsync) if threads % 128 != 0 || threads > 1024 => Some(
                "asyncpipe-lower-block runs wgmma in blocks of whole warpgroups (known_block_size a multiple of 128, \
                 at most 1024)",
            ),
            Some(Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal)
                if ir::dense_i32_attr(op, attr::OPERAND_SEGMENT_SIZES).as_deref() != Some(&[1, 1, 2, 1, 0, 0, 0, 0]) =>
            {
                Some(
                "asyncpipe-lower-block models 2-D tensor-map copies into the block's own workgroup memory (two \
                 coordinates; no multicast, im2col or cache hint)",
                )
            }            Some(Upstream::GpuThreadId | Upstream::GpuBlockDim) if ir::gpu_dimension(op) != Some(0) => None,
            Some(Upstream::GpuBlockId) if ir::gpu_dimension(op) != Some(0) => {
                Some("asyncpipe-lower-block runs one-dimensional grids: only block ids in x")
            }
            _ => None,
        };
        if let Some(message) = unsupported {
            diag::error(op.location(), message);
            failed = true;
        }
    }
    if window_layout(&info.shared).1 > WINDOW {
        diag::error(
            kernel.location(),
            "asyncpipe-lower-block places a block's workgroup buffers in one window of 256 KiB (the shared \
             addresses wgmma's descriptors hold); this kernel's need more",
        );
        failed = true;
    }
    // Workgroup memory is the block's: a host cannot pass it (and the model
    // would keep the argument's GPU address space where its views get the
    // CPU's, output that did not verify: a fuzzer finding). Said when
    // nothing else is wrong (the other errors' tests take such arguments).
    if let Some(k) = workgroup_argument.filter(|_| !failed) {
        diag::error(
            kernel.location(),
            &format!(
                "asyncpipe-lower-block: argument #{k} of the kernel is workgroup memory, which the block allocates \
                 itself: allocate it with memref.alloc in the kernel's entry block"
            ),
        );
        return Err(PassFailed);
    }
    if failed { Err(PassFailed) } else { Ok(info) }
}

/// Each workgroup buffer's offset in the block's window (aligned as its
/// allocation asks, at least to SLOT_ALIGN), and the window's size.
fn window_layout(shared: &[Shared]) -> (Vec<i64>, i64) {
    let mut offsets = Vec::new();
    let mut end = 0i64;
    for buffer in shared {
        if end > WINDOW {
            // (Too large already: check() reports it; no sums that overflow.)
            break;
        }
        let Some(offset) = round_up(end, buffer.alignment) else { break };
        offsets.push(offset);
        end = offset.saturating_add(buffer.bytes);
    }
    (offsets, end)
}

/// Where register `r` of a wgmma's input struct was loaded from (the byte
/// address of the `memref.load` that the struct's element `r` was inserted
/// from), or 0 when it was not loaded (a value straight from the wgmma
/// before).
fn register_home<'c, 'a>(b: &Builder<'c>, inouts: Value<'c, 'a>, r: i64, at: Point<'c, 'a>) -> Value<'c, 'a> {
    let mut container = inouts;
    while let Some(insert) = ir::defining_op(container).filter(|op| Upstream::LlvmInsertvalue.is(*op)) {
        if ir::dense_i64_attr(insert, attr::POSITION).as_deref() == Some(&[r]) {
            let value = operand(insert, 1);
            if let Some(load) = ir::defining_op(value).filter(|op| Upstream::MemrefLoad.is(*op)) {
                let memref = operand(load, 0);
                let indices: Vec<Value> = load.operands().skip(1).collect();
                return b.byte_address(memref, &indices, 4, at);
            }
            break;
        }
        container = operand(insert, 0);
    }
    b.index_constant(0, at)
}

/// The size in bytes of a static identity-layout memref of integers,
/// floats or indices (64 bits, as the CPU lowering makes them).
fn bytes(memref: Type) -> Option<i64> {
    let element = ir::element_type(memref);
    let bits = if element.is_index() { 64 } else { i64::from(ir::scalar_bits(element)?) };
    let shape = ir::shape(memref);
    if shape.iter().any(|d| *d < 0) || bits % 8 != 0 || !ir::has_identity_layout(memref) {
        return None;
    }
    shape.iter().try_fold(bits / 8, |size, d| size.checked_mul(*d))
}

/// `value` rounded up to a multiple of `unit` (None past i64).
fn round_up(value: i64, unit: i64) -> Option<i64> {
    Some(value.checked_add(unit - 1)? / unit * unit)
}

/// The most threads a block has (a GPU's limit; it also bounds the slot and
/// private memory products).
const MAX_THREADS: i64 = 1024;

/// The most bytes the block's private memory (every thread's) may take.
const MAX_PRIVATE_BYTES: i64 = 1 << 40;

/// The runner `@K.thread`, next to the kernel's `gpu.module`, with the
/// kernel's body behind an entry block that takes the runner's arguments.
fn make_runner<'c, 'a>(kernel: OperationRef<'c, 'a>, info: &Kernel<'c, 'a>) -> OperationRef<'c, 'a> {
    let location = kernel.location();
    let b = Builder::new(kernel.context(), location);
    let inputs = runner_inputs(&b, info);
    let module = kernel.parent_operation().expect("a gpu.module");
    let runner = b.function(&runner_name(info), &inputs, &[b.index_type()], true, Point::Before(module));
    let region = runner.region(0).expect("a function body");
    rewrite::take_body(region, kernel.region(0).expect("a gpu.func body"));
    let old_entry = region.first_block().expect("a gpu.func body block");
    let arguments: Vec<(Type, Location)> = inputs.iter().map(|t| (*t, location)).collect();
    let entry = region.insert_block_before(old_entry, Block::new(&arguments));
    for k in 0..info.arguments.len() {
        rewrite::replace_uses(old_entry.argument(k).unwrap().into(), entry.argument(k).unwrap().into());
    }
    for k in (0..info.arguments.len()).rev() {
        rewrite::erase_argument(old_entry, k);
    }
    runner
}

/// `@K.thread`.
fn runner_name(info: &Kernel) -> String {
    format!("{}.thread", info.name)
}

/// The runner's argument types: the kernel's, the block id, the workgroup
/// buffers, private memory, slots, the thread id and the resume point.
fn runner_inputs<'c>(b: &Builder<'c>, info: &Kernel<'c, '_>) -> Vec<Type<'c>> {
    let mut inputs = info.arguments.clone();
    inputs.push(b.index_type());
    inputs.extend(info.shared.iter().map(|shared| shared.ty));
    inputs.extend([b.byte_buffer(), b.byte_buffer(), b.index_type(), b.index_type()]);
    inputs
}

/// A top-level `memref.alloca` of the kernel becomes a view of the thread's
/// part of the private memory.
fn private_view<'c, 'a>(alloca: OperationRef<'c, 'a>, offset: i64, per_thread: i64, private: Value<'c, 'a>, tid: Value<'c, 'a>) {
    let b = Builder::new(alloca.context(), alloca.location());
    let at = Point::Before(alloca);
    let stride = b.index_constant(per_thread, at);
    let base = b.binary(Upstream::ArithMuli, tid, stride, at);
    let offset = b.index_constant(offset, at);
    let shift = b.binary(Upstream::ArithAddi, base, offset, at);
    let ty = alloca.result(0).unwrap().r#type();
    let view = b.value(Upstream::MemrefView, &[private, shift], ty, &[], at);
    rewrite::replace_uses(alloca.result(0).unwrap().into(), view);
    ir::erase(alloca);
}

/// Where a thread stops to let the others run: block barriers (every
/// thread stops there) and mbarrier waits (a thread stops there while the
/// phase it waits for is not complete).
#[derive(Default)]
struct Stops<'c, 'a> {
    barriers: Vec<OperationRef<'c, 'a>>,
    waits: Vec<OperationRef<'c, 'a>>,
    /// Warp collectives (ldmatrix, mma.sync), in program order: a lane
    /// stops at one until its whole warp has arrived.
    collectives: Vec<OperationRef<'c, 'a>>,
    /// The runtime calls of async copies, after which a thread may stop
    /// (the starving schedule freezes it there for a while).
    yields: Vec<OperationRef<'c, 'a>>,
    /// Stores of wgmma results that the runtime makes instead (their
    /// homes), erased once every op is lowered.
    landed: Vec<OperationRef<'c, 'a>>,
}

/// Lowers the kernel's ids, returns, cp.async ops, bulk copies and
/// mbarrier ops; collects the barriers and the mbarrier waits.
fn lower_op<'c, 'a>(
    op: OperationRef<'c, 'a>,
    info: &Kernel<'c, 'a>,
    bid: Value<'c, 'a>,
    tid: Value<'c, 'a>,
    stops: &mut Stops<'c, 'a>,
) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let replace = |value: Value<'c, 'a>| {
        rewrite::replace_uses(op.result(0).unwrap().into(), value);
        ir::erase(op);
    };
    match Upstream::of(op) {
        Some(Upstream::GpuThreadId) => replace(if ir::gpu_dimension(op) == Some(0) { tid } else { b.index_constant(0, at) }),
        Some(Upstream::GpuBlockId) => replace(bid),
        Some(Upstream::GpuBlockDim) => {
            replace(b.index_constant(if ir::gpu_dimension(op) == Some(0) { info.threads } else { 1 }, at))
        }
        Some(Upstream::GpuBarrier) => stops.barriers.push(op),
        Some(Upstream::NvvmMbarrierTryWaitParity) => stops.waits.push(op),
        Some(Upstream::NvgpuLdmatrix | Upstream::NvgpuMmaSync) => stops.collectives.push(op),
        // The runtime's mbarriers need no fence: every thread sees them at once.
        Some(Upstream::NvvmFenceMbarrierInit) => ir::erase(op),
        Some(Upstream::NvvmMbarrierInit) => {
            // (barrier, arrival count)
            let operands = [tid, address_of(&b, operand(op, 0), at), index_of(&b, operand(op, 1), at)];
            b.call(MBARRIER_INIT, &operands, &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvvmMbarrierExpectTx) => {
            // (barrier, bytes)
            let operands = [tid, address_of(&b, operand(op, 0), at), index_of(&b, operand(op, 1), at)];
            b.call(EXPECT_TX, &operands, &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvvmCpAsyncBulkSharedClusterGlobal) => {
            // (destination, source, barrier, bytes)
            let dst = address_of(&b, operand(op, 0), at);
            let src = address_of(&b, operand(op, 1), at);
            let barrier = address_of(&b, operand(op, 2), at);
            let bytes = index_of(&b, operand(op, 3), at);
            stops.yields.push(b.call(BULK_COPY, &[tid, dst, src, bytes, barrier], &[], at));
            ir::erase(op);
        }
        Some(Upstream::NvvmMbarrierArrive) => {
            b.call(ARRIVE, &[tid, address_of(&b, operand(op, 0), at)], &[], at);
            // Its result (the barrier's state before the arrival) is opaque.
            if op.result_count() > 0 {
                rewrite::poison_and_erase(op);
            } else {
                ir::erase(op);
            }
        }
        Some(Upstream::NvvmWgmmaFenceAligned) => ir::erase(op),
        Some(Upstream::NvvmWgmmaMmaAsync) => wgmma(op, tid, stops),
        Some(Upstream::NvvmWgmmaCommitGroupSyncAligned) => {
            b.call(WGMMA_COMMIT, &[tid], &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvvmWgmmaWaitGroupSyncAligned) => {
            let allowed = b.index_constant(ir::int_attr(op, attr::GROUP).unwrap_or(0), at);
            b.call(WGMMA_WAIT, &[tid, allowed], &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal) => {
            // (destination, tensor map, column, row, barrier)
            let dst = address_of(&b, operand(op, 0), at);
            let map = address_of(&b, operand(op, 1), at);
            let x = index_of(&b, operand(op, 2), at);
            let y = index_of(&b, operand(op, 3), at);
            let barrier = address_of(&b, operand(op, 4), at);
            stops.yields.push(b.call(TENSOR_COPY, &[tid, dst, map, x, y, barrier], &[], at));
            ir::erase(op);
        }
        Some(Upstream::GpuReturn) => {
            let end = b.index_constant(0, at);
            b.op(Upstream::FuncReturn, &[end], &[], &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvgpuDeviceAsyncCopy) => {
            stops.yields.push(cp_async(op, tid));
            rewrite::poison_and_erase(op);
        }
        Some(Upstream::NvgpuDeviceAsyncCreateGroup) => {
            b.call(COMMIT, &[tid], &[], at);
            rewrite::poison_and_erase(op);
        }
        Some(Upstream::NvvmCpAsyncCommitGroup) => {
            b.call(COMMIT, &[tid], &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvgpuDeviceAsyncWait | Upstream::NvvmCpAsyncWaitGroup) => {
            let count = if Upstream::NvvmCpAsyncWaitGroup.is(op) { attr::WAIT_GROUP_COUNT } else { attr::NUM_GROUPS };
            let allowed = ir::int_attr(op, count).unwrap_or(0);
            let allowed = b.index_constant(allowed, at);
            b.call(WAIT, &[tid, allowed], &[], at);
            ir::erase(op);
        }
        _ => {}
    }
}

/// `nvvm.wgmma.mma_async` as one thread's part (see block-sim's
/// block_sim_wgmma): the thread's registers in, its products computed, the
/// registers out; a register the code keeps in memory (its home, in the
/// thread's private memory) is left to land there at the wait that
/// completes the wgmma (the store that would put it there goes, in
/// `stops.landed`).
fn wgmma<'c, 'a>(op: OperationRef<'c, 'a>, tid: Value<'c, 'a>, stops: &mut Stops<'c, 'a>) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    // The thread's registers in, the thread's part computed, out.
    let form = Wgmma::of(op).expect("check() accepted this wgmma");
    let (inouts, n) = (operand(op, 0), form.n);
    let ty = inouts.r#type();
    let f32_type = Type::float32(b.ctx());
    for r in 0..n / 2 {
        let position = b.i64_array(&[r]);
        let value = b.value(Upstream::LlvmExtractvalue, &[inouts], f32_type, &[(attr::POSITION, position)], at);
        let home = register_home(&b, inouts, r, at);
        b.call(WGMMA_IN, &[tid, b.index_constant(r, at), home, value], &[], at);
    }
    let kind = b.index_constant(i64::from(form.bf16), at);
    let operands = [tid, index_of(&b, operand(op, 1), at), index_of(&b, operand(op, 2), at), b.index_constant(n, at), kind];
    b.call(WGMMA, &operands, &[], at);
    let mut result = b.value(Upstream::LlvmPoison, &[], ty, &[], at);
    for r in 0..n / 2 {
        let value: Value = b.call(WGMMA_OUT, &[b.index_constant(r, at)], &[f32_type], at).result(0).unwrap().into();
        let position = b.i64_array(&[r]);
        result = b.value(Upstream::LlvmInsertvalue, &[result, value], ty, &[(attr::POSITION, position)], at);
    }
    // A register the code keeps in memory (its home, in the thread's
    // private memory) lands there at the wait that completes it.
    for extract in ir::users(op.result(0).unwrap().into()).into_iter().filter(|u| Upstream::LlvmExtractvalue.is(*u)) {
        let Some(r) = ir::dense_i64_attr(extract, attr::POSITION).and_then(|p| p.first().copied()) else { continue };
        for store in ir::users(extract.result(0).unwrap().into()).into_iter().filter(|u| Upstream::MemrefStore.is(*u)) {
            let here = Point::Before(store);
            let memref = operand(store, 1);
            let indices: Vec<Value> = store.operands().skip(2).collect();
            let home = b.byte_address(memref, &indices, 4, here);
            b.call(WGMMA_HOME, &[tid, b.index_constant(r, here), home], &[], here);
            stops.landed.push(store);
        }
    }
    rewrite::replace_uses(op.result(0).unwrap().into(), result);
    ir::erase(op);
}

fn operand<'c, 'a>(op: OperationRef<'c, 'a>, k: usize) -> Value<'c, 'a> {
    op.operand(k).expect("the operands the NVVM op's verifier requires")
}

/// Whether the block model runs this `nvgpu.ldmatrix`: of 16-bit floats
/// (the runtime reads 2-byte elements).
fn is_modeled_ldmatrix(op: OperationRef) -> bool {
    op.result(0).is_ok_and(|r| {
        let element = ir::element_type(r.r#type());
        element.is_f16() || element.is_bf16()
    })
}

/// Whether the block model runs this `nvgpu.mma.sync`: m16n8k16 on f16 or
/// bf16 fragments into f32.
fn is_modeled_mma(op: OperationRef) -> bool {
    let shape: Vec<i64> = op
        .attribute(attr::MMA_SHAPE)
        .map(|a| ir::array_elements(a).into_iter().filter_map(|e| IntegerAttribute::try_from(e).ok().map(|i| i.value())).collect())
        .unwrap_or_default();
    let a = op.operand(0).map(|v| ir::element_type(v.r#type()));
    let c = op.operand(2).map(|v| ir::element_type(v.r#type()));
    shape == [16, 8, 16]
        && a.is_ok_and(|t| t.is_f16() || t.is_bf16())
        && c.is_ok_and(|t| t.is_f32())
        && op.attribute(attr::TF32_ENABLED).is_err()
}

/// The scalars of a vector value, in row-major order: those a
/// `vector.from_elements` (a collective's results) was built from, or
/// extracted one by one.
fn elements<'c, 'a>(b: &Builder<'c>, vector: Value<'c, 'a>, at: Point<'c, 'a>) -> Vec<Value<'c, 'a>> {
    if let Some(def) = ir::defining_op(vector).filter(|d| Upstream::VectorFromElements.is(*d)) {
        return def.operands().collect();
    }
    let shape = ir::shape(vector.r#type());
    let element = ir::element_type(vector.r#type());
    let count: i64 = shape.iter().product();
    (0..count)
        .map(|k| {
            let mut position = Vec::new();
            let mut rest = k;
            for d in shape.iter().rev() {
                position.push(rest % d);
                rest /= d;
            }
            position.reverse();
            let position = b.i64_array(&position);
            b.value(Upstream::VectorExtract, &[vector], element, &[(attr::STATIC_POSITION, position)], at)
        })
        .collect()
}

/// A warp collective (`nvgpu.ldmatrix`, `nvgpu.mma.sync`) as a stop: the
/// lane supplies its part (ldmatrix: the address of its row; mma.sync: its
/// A, B and C fragment values, as f32) and arrives, then a block of its own
/// asks `block_sim_warp_ready(tid)` and returns `number` while the warp has
/// not all arrived (the thread runs again from that block). After it, the
/// lane takes its result elements from the runtime and is done. The result
/// vector's element extractions use the scalars directly, and later
/// collectives look through the `vector.from_elements` that stands for it
/// ([`elements`]), so that no vector lives across a stop. Returns the
/// asking block.
fn warp_collective<'c, 'a>(op: OperationRef<'c, 'a>, tid: Value<'c, 'a>, number: i64) -> BlockRef<'c, 'a> {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let f32_type = Type::float32(b.ctx());
    let ldmatrix = Upstream::NvgpuLdmatrix.is(op);
    let result: Value = op.result(0).expect("a collective's result").into();
    let result_type = result.r#type();
    let element = ir::element_type(result_type);
    if ldmatrix {
        let memref = operand(op, 0);
        let indices: Vec<Value> = op.operands().skip(1).collect();
        let bytes = ir::element_bytes(memref.r#type());
        let address = b.byte_address(memref, &indices, bytes, at);
        b.call(WARP_ADDRESS, &[tid, address], &[], at);
        // The last lane to arrive makes the warp read the rows.
        let tiles = b.index_constant(ir::int_attr(op, attr::NUM_TILES).unwrap_or(1), at);
        b.call(LDMATRIX_ARRIVE, &[tid, tiles], &[], at);
    } else {
        let mut slot = 0;
        for k in 0..3 {
            for value in elements(&b, operand(op, k), at) {
                let value = if value.r#type().is_f32() { value } else { b.value(Upstream::ArithExtf, &[value], f32_type, &[], at) };
                let index = b.index_constant(slot, at);
                b.call(WARP_VALUE, &[tid, index, value], &[], at);
                slot += 1;
            }
        }
        b.call(WARP_ARRIVE, &[tid], &[], at);
    }
    // The stop until the whole warp has arrived.
    let (ask, rest) = stop_before(op, number, WARP_READY, &[tid]);
    // The results, at the start of the code after the stop (where `op` is).
    debug_assert_eq!(rest.first_operation(), Some(op));
    let here = Point::Before(op);
    let shape = ir::shape(result_type);
    let mut values = Vec::new();
    if ldmatrix {
        let transpose = ir::bool_attr(op, attr::TRANSPOSE).unwrap_or(false);
        let kind = b.index_constant(i64::from(element.is_bf16()), here);
        let transpose = b.index_constant(i64::from(transpose), here);
        for i in 0..shape[0] {
            for j in 0..shape[1] {
                let (i, j) = (b.index_constant(i, here), b.index_constant(j, here));
                let wide = b.call(LDMATRIX_VALUE, &[tid, i, j, transpose, kind], &[f32_type], here).result(0).unwrap().into();
                values.push(b.value(Upstream::ArithTruncf, &[wide], element, &[], here));
            }
        }
    } else {
        for e in 0..4 {
            let e = b.index_constant(e, here);
            values.push(b.call(MMA_RESULT, &[tid, e], &[f32_type], here).result(0).unwrap().into());
        }
    }
    b.call(WARP_DONE, &[tid], &[], here);
    // Extractions of one element use it directly; other uses get a vector.
    for user in ir::users(result) {
        if !Upstream::VectorExtract.is(user) || user.operand_count() != 1 {
            continue;
        }
        if let Some(&[row, column]) = ir::dense_i64_attr(user, attr::STATIC_POSITION).as_deref() {
            // A position outside the fragment (vector.extract's poison
            // index -1, say) keeps its extraction, from the vector below.
            let k = row.checked_mul(shape[1]).and_then(|r| r.checked_add(column)).and_then(|k| usize::try_from(k).ok());
            let Some(&element) = k.and_then(|k| values.get(k)).filter(|_| row >= 0 && column >= 0 && column < shape[1]) else {
                continue;
            };
            rewrite::replace_uses(user.result(0).unwrap().into(), element);
            ir::erase(user);
        }
    }
    if !ir::users(result).is_empty() {
        let vector = b.value(Upstream::VectorFromElements, &values, result_type, &[], here);
        rewrite::replace_uses(result, vector);
    }
    ir::erase(op);
    ask
}

/// The address a pointer holds, as an `index` (the runtime's unit).
fn address_of<'c, 'a>(b: &Builder<'c>, pointer: Value<'c, 'a>, at: Point<'c, 'a>) -> Value<'c, 'a> {
    let int = b.value(Upstream::LlvmPtrtoint, &[pointer], b.int_type(64), &[], at);
    b.value(Upstream::ArithIndexCast, &[int], b.index_type(), &[], at)
}

/// An integer operand (an arrival count, bytes, a parity) as an `index`.
fn index_of<'c, 'a>(b: &Builder<'c>, value: Value<'c, 'a>, at: Point<'c, 'a>) -> Value<'c, 'a> {
    b.value(Upstream::ArithIndexCast, &[value], b.index_type(), &[], at)
}

/// `nvvm.mbarrier.try_wait.parity %barrier, %parity` as a stop: a block of
/// its own that asks `block_sim_try_wait(tid, barrier, parity)` and goes on
/// when the phase is complete, or returns `number` (the thread is run
/// again from that block). Returns the block.
fn mbarrier_wait<'c, 'a>(wait: OperationRef<'c, 'a>, tid: Value<'c, 'a>, number: i64) -> BlockRef<'c, 'a> {
    let b = Builder::new(wait.context(), wait.location());
    let at = Point::Before(wait);
    let barrier = address_of(&b, operand(wait, 0), at);
    let parity = index_of(&b, operand(wait, 1), at);
    let (ask, _) = stop_before(wait, number, TRY_WAIT, &[tid, barrier, parity]);
    ir::erase(wait);
    ask
}

/// A yield point after `after` (an async copy's runtime call): a block of
/// its own that asks `block_sim_yield(tid)` and goes on, or returns
/// `number` (the thread is run again from that block, which then goes on).
/// Returns the block.
fn yield_point<'c, 'a>(after: OperationRef<'c, 'a>, tid: Value<'c, 'a>, number: i64) -> BlockRef<'c, 'a> {
    let next = after.next_in_block().expect("a call is not a block's terminator");
    stop_before(next, number, YIELD, &[tid]).0
}

/// A stop before `op`: `op` and what follows move into a block of their own
/// (ask), entered by a branch from the code before; there the runtime call
/// `ask(tid, operands)` is made, and the thread goes on to `op` when it
/// returns non-zero, or returns `number` (the driver runs it again from the
/// ask block). Returns the ask block and the block that starts at `op`.
fn stop_before<'c, 'a>(
    op: OperationRef<'c, 'a>,
    number: i64,
    ask: &str,
    operands: &[Value<'c, 'a>],
) -> (BlockRef<'c, 'a>, BlockRef<'c, 'a>) {
    let b = Builder::new(op.context(), op.location());
    let before = op.block().expect("an op in a block");
    let asking = rewrite::split_before(op);
    b.branch(asking, &[], Point::End(before));
    let at = Point::Before(op);
    let answer = b.call(ask, operands, &[b.index_type()], at).result(0).unwrap().into();
    let zero = b.index_constant(0, at);
    let predicate = b.int_attr(64, ir::upstream::cmpi::NE);
    let goes_on = b.value(Upstream::ArithCmpi, &[answer, zero], b.i1_type(), &[(attr::PREDICATE, predicate)], at);
    let rest = rewrite::split_before(op);
    let region = asking.parent_region().expect("a block in a region");
    let stop = region.insert_block_after(asking, Block::new(&[]));
    let code = b.index_constant(number, Point::End(stop));
    b.op(Upstream::FuncReturn, &[code], &[], &[], Point::End(stop));
    b.cond_branch(goes_on, (rest, &[]), (stop, &[]), Point::End(asking));
    (asking, rest)
}


/// `nvgpu.device_async_copy` as `block_sim_cp_async(tid, dst, src, bytes,
/// src bytes)` with the byte addresses of its first elements.
fn cp_async<'c, 'a>(op: OperationRef<'c, 'a>, tid: Value<'c, 'a>) -> OperationRef<'c, 'a> {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let copy = DeviceAsyncCopy::of(op).expect("an nvgpu.device_async_copy");
    let element_bytes = ir::element_bytes(copy.dst.r#type());
    let dst_at = b.byte_address(copy.dst, &copy.dst_indices, element_bytes, at);
    let src_at = b.byte_address(copy.src, &copy.src_indices, element_bytes, at);
    let size = b.index_constant(copy.dst_elements * element_bytes, at);
    let src_size = match copy.src_elements {
        Some(elements) => {
            let width = b.index_constant(element_bytes, at);
            b.binary(Upstream::ArithMuli, elements, width, at)
        }
        None => size,
    };
    b.call(CP_ASYNC, &[tid, dst_at, src_at, size, src_size], &[], at)
}

/// The runner's entry block branches on `resume` to the code after that
/// barrier (block `resumes[k - 1]` for barrier k), or to the kernel's first
/// block for 0.
fn dispatch<'c, 'a>(runner: OperationRef<'c, 'a>, resume: Value<'c, 'a>, resumes: &[BlockRef<'c, 'a>]) -> Vec<BlockRef<'c, 'a>> {
    let region = runner.region(0).expect("a function body");
    let blocks = ir::region_blocks(region);
    let (entry, start) = (blocks[0], blocks[1]);
    let b = Builder::new(runner.context(), runner.location());
    let mut at = entry;
    let mut dispatcher = vec![entry];
    for (k, target) in resumes.iter().enumerate() {
        let number = b.index_constant(k as i64 + 1, Point::End(at));
        let predicate = b.int_attr(64, ir::upstream::cmpi::EQ);
        let here = b.value(Upstream::ArithCmpi, &[resume, number], b.i1_type(), &[(attr::PREDICATE, predicate)], Point::End(at));
        let next = region.insert_block_after(at, Block::new(&[]));
        b.cond_branch(here, (*target, &[]), (next, &[]), Point::End(at));
        at = next;
        dispatcher.push(next);
    }
    b.branch(start, &[], Point::End(at));
    dispatcher
}

/// A value a thread keeps across barriers, in the slots: value by value,
/// thread t's copy at byte `base + t * size`.
struct Slot<'c> {
    base: i64,
    size: i64,
    ty: Type<'c>,
}

/// Makes every value used in another block than its own reach its uses from
/// any entry of the runner: recomputed there (constants, pure ops on
/// memrefs) or stored in the thread's slot where it is defined and loaded
/// where it is used. Returns the slot bytes a block needs.
fn keep_across_barriers<'c, 'a>(
    runner: OperationRef<'c, 'a>,
    blocks: &[BlockRef<'c, 'a>],
    slots: Value<'c, 'a>,
    tid: Value<'c, 'a>,
    threads: i64,
) -> Result<i64, PassFailed> {
    let mut keeper = Keeper { runner, slots, tid, threads, kept: HashMap::new(), bytes: 0, failed: false };
    // The values first, so that the loads and recomputations added below are
    // not visited again.
    let mut values: Vec<Value<'c, 'a>> = Vec::new();
    for block in blocks {
        values.extend((0..block.argument_count()).map(|k| Value::from(block.argument(k).unwrap())));
        for op in ir::ops(*block) {
            values.extend((0..op.result_count()).map(|k| Value::from(op.result(k).unwrap())));
        }
    }
    for value in values {
        let Some((home, _)) = keeper.home(value) else { continue };
        for (user, operand) in ir::uses(value) {
            let Some(anchor) = keeper.top(user) else { continue };
            if anchor.block() == Some(home) {
                continue;
            }
            if let Some(replacement) = keeper.reach(value, anchor) {
                rewrite::set_operand(user, operand, replacement);
            }
        }
    }
    if keeper.failed { Err(PassFailed) } else { Ok(keeper.bytes) }
}

struct Keeper<'c, 'a> {
    runner: OperationRef<'c, 'a>,
    slots: Value<'c, 'a>,
    tid: Value<'c, 'a>,
    threads: i64,
    kept: HashMap<ValueKey, Slot<'c>>,
    bytes: i64,
    failed: bool,
}

impl<'c, 'a> Keeper<'c, 'a> {
    /// The op of the runner's body (top level) that `op` is or is nested in.
    fn top(&self, op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
        std::iter::once(op).chain(ir::ancestors(op)).find(|a| a.parent_operation() == Some(self.runner))
    }

    /// The top-level block that defines `value` and the point right after
    /// the definition; None for the runner's arguments (available
    /// everywhere) and values defined inside regions (used only there).
    fn home(&self, value: Value<'c, 'a>) -> Option<(BlockRef<'c, 'a>, Point<'c, 'a>)> {
        if let Some(op) = ir::defining_op(value) {
            let block = op.block()?;
            if op.parent_operation() != Some(self.runner) {
                return None;
            }
            return Some((block, op.next_in_block().map(Point::Before).unwrap_or(Point::End(block))));
        }
        let block = ir::argument_owner(value)?;
        let is_entry = ir::region_entry(self.runner, 0) == Some(block);
        if is_entry || block.parent_operation() != Some(self.runner) {
            return None;
        }
        Some((block, Point::Before(block.first_operation()?)))
    }

    /// `value` made available before `anchor`, a top-level op of another
    /// block than the value's.
    fn reach(&mut self, value: Value<'c, 'a>, anchor: OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
        let (home, after) = self.home(value)?;
        let definer = ir::defining_op(value).filter(|op| op.region_count() == 0);
        let recompute = definer.filter(|op| {
            let pure = ir::memory_effects(*op).is_some_and(|e| e.is_empty());
            pure && (op.operand_count() == 0 || !storable(value.r#type()))
        });
        if let Some(op) = recompute {
            let copy = anchor.block().unwrap().insert_operation_before(anchor, rewrite::clone(op));
            // Its operands may come from other blocks too.
            for k in 0..copy.operand_count() {
                let operand = copy.operand(k).unwrap();
                if self.home(operand).is_some_and(|(b, _)| Some(b) != anchor.block()) {
                    if let Some(replacement) = self.reach(operand, copy) {
                        rewrite::set_operand(copy, k, replacement);
                    }
                }
            }
            let index = (0..op.result_count()).find(|k| Value::from(op.result(*k).unwrap()) == value).unwrap_or(0);
            return Some(copy.result(index).unwrap().into());
        }
        let ty = value.r#type();
        let Some(size) = scalar_bytes(ty) else {
            let location = definer.map(|op| op.location()).unwrap_or_else(|| anchor.location());
            diag::error(
                location,
                &format!(
                    "asyncpipe-lower-block cannot keep this {ty} across a barrier: only integers, floats, indices \
                     and memrefs computed by pure ops are kept"
                ),
            );
            self.failed = true;
            return None;
        };
        let key = ValueKey::of(value);
        if !self.kept.contains_key(&key) {
            let base = self.bytes;
            // (At most 16 bytes a value and MAX_THREADS threads: no
            // overflow short of 2^50 values.)
            self.bytes = self.bytes.saturating_add(round_up(size.saturating_mul(self.threads), SLOT_ALIGN).unwrap_or(i64::MAX));
            let slot = Slot { base, size, ty };
            let location = definer.map(|op| op.location()).unwrap_or_else(|| home.parent_operation().unwrap().location());
            let view = self.slot(&slot, after, location);
            Builder::new(ty.context(), location).op(Upstream::MemrefStore, &[value, view], &[], &[], after);
            self.kept.insert(key, slot);
        }
        let view = self.slot(&self.kept[&key], Point::Before(anchor), anchor.location());
        Some(Builder::new(ty.context(), anchor.location()).value(Upstream::MemrefLoad, &[view], ty, &[], Point::Before(anchor)))
    }

    /// The thread's slot of a kept value, as a 0-d memref, at `at`.
    fn slot(&self, slot: &Slot<'c>, at: Point<'c, 'a>, location: Location<'c>) -> Value<'c, 'a> {
        let b = Builder::new(self.tid.r#type().context(), location);
        let width = b.index_constant(slot.size, at);
        let shift = b.binary(Upstream::ArithMuli, self.tid, width, at);
        let base = b.index_constant(slot.base, at);
        let shift = b.binary(Upstream::ArithAddi, shift, base, at);
        b.value(Upstream::MemrefView, &[self.slots, shift], b.scalar_memref(slot.ty), &[], at)
    }
}

fn storable(ty: Type) -> bool {
    scalar_bytes(ty).is_some()
}

/// The bytes of a slot for an index, integer or float; None for other types.
fn scalar_bytes(ty: Type) -> Option<i64> {
    if ty.is_index() {
        return Some(8);
    }
    ir::scalar_bits(ty).map(|bits| (i64::from(bits) + 7) / 8)
}

/// The driver `@K(args, bid)`: allocates the block's memory and runs rounds
/// until every thread has returned 0:
///
/// ```text
/// entry:   buffers (poisoned), private memory, slots; begin(n); br round
/// round:   round(n)  (a new phase's order when every thread was at a barrier)
///          for k in 0..n: t = thread(k)
///            if runnable(t): stopped(t, K.thread(..., t, resume(t)), barriers)
///          cond_br round_end(n) != 0, round, done
/// done:    end; free; return
/// ```
///
/// A phase (from barrier to barrier) takes one round, or more when threads
/// stop at mbarrier waits: those run again in the next round. The runtime
/// checks that every thread stops at the same barrier and that a round
/// with waiting threads made progress.
fn insert_driver<'c, 'a>(kernel: OperationRef<'c, 'a>, info: &Kernel<'c, 'a>, slot_bytes: i64, barriers: usize) {
    let module = kernel.parent_operation().expect("a gpu.module");
    let b = Builder::new(kernel.context(), kernel.location());
    let index = b.index_type();
    let mut inputs = info.arguments.clone();
    inputs.push(index);
    let driver = b.function(&info.name, &inputs, &[], false, Point::Before(module));
    let region = driver.region(0).expect("a function body");
    let arguments: Vec<(Type, Location)> = inputs.iter().map(|t| (*t, b.location)).collect();
    let entry = region.append_block(Block::new(&arguments));
    let round = region.append_block(Block::new(&[]));
    let done = region.append_block(Block::new(&[]));

    let at = Point::End(entry);
    let zero = b.index_constant(0, at);
    let one = b.index_constant(1, at);
    let threads = b.index_constant(info.threads, at);
    let alignment = b.int_attr(64, SLOT_ALIGN);
    let mut operands: Vec<Value> = (0..inputs.len()).map(|k| entry.argument(k).unwrap().into()).collect();
    let mut allocations = Vec::new();
    let one_size = b.segments(&[1, 0]);
    // The workgroup buffers: views of one window (see WINDOW), allocated in
    // the default memory space (the lowering cannot free address space 3),
    // then cast.
    let (offsets, window_bytes) = window_layout(&info.shared);
    let size = b.index_constant(window_bytes.max(1), at);
    let window_alignment = b.int_attr(64, WINDOW);
    let window = b.value(Upstream::MemrefAlloc, &[size], b.byte_buffer(), &[(attr::ALIGNMENT, window_alignment), (attr::OPERAND_SEGMENT_SIZES, one_size)], at);
    let window_base = b.value(Upstream::MemrefExtractAlignedPointerAsIndex, &[window], index, &[], at);
    b.call(POISON, &[window_base, size], &[], at);
    allocations.push(window);
    for (shared, offset) in info.shared.iter().zip(offsets) {
        let host = ir::with_integer_memory_space(shared.ty, None);
        let shift = b.index_constant(offset, at);
        let buffer = b.value(Upstream::MemrefView, &[window, shift], host, &[], at);
        let cast = b.value(Upstream::MemrefMemorySpaceCast, &[buffer], shared.ty, &[], at);
        operands.push(cast);
    }
    for bytes in [info.private_bytes * info.threads, slot_bytes] {
        let size = b.index_constant(bytes, at);
        let buffer = b.value(Upstream::MemrefAlloc, &[size], b.byte_buffer(), &[(attr::ALIGNMENT, alignment), (attr::OPERAND_SEGMENT_SIZES, one_size)], at);
        allocations.push(buffer);
        operands.push(buffer);
    }
    let barrier_count = b.index_constant(barriers as i64, at);
    b.call(BLOCK_BEGIN, &[threads], &[], at);
    b.call(WGMMA_BEGIN, &[window_base, threads], &[], at);
    b.branch(round, &[], at);

    let at = Point::End(round);
    let name = runner_name(info);
    let results = [index];
    let not_zero = |value: Value<'c, 'a>, at: Point<'c, 'a>| -> Value<'c, 'a> {
        let predicate = b.int_attr(64, ir::upstream::cmpi::NE);
        b.value(Upstream::ArithCmpi, &[value, zero], b.i1_type(), &[(attr::PREDICATE, predicate)], at)
    };
    b.call(ROUND, &[threads], &[], at);
    let (k, body) = b.for_loop(zero, threads, one, at);
    let tid: Value = b.call(THREAD, &[k], &results, body).result(0).unwrap().into();
    let runnable = b.call(RUNNABLE, &[tid], &results, body).result(0).unwrap().into();
    let run = b.if_then(not_zero(runnable, body), body);
    let resume = b.call(RESUME, &[tid], &results, run).result(0).unwrap().into();
    let mut arguments = operands.clone();
    arguments.extend([tid, resume]);
    let stopped = b.call(&name, &arguments, &results, run).result(0).unwrap().into();
    b.call(STOPPED, &[tid, stopped, barrier_count], &[], run);
    let more = b.call(ROUND_END, &[threads], &results, at).result(0).unwrap().into();
    b.cond_branch(not_zero(more, at), (round, &[]), (done, &[]), at);

    let at = Point::End(done);
    b.call(BLOCK_END, &[], &[], at);
    for buffer in allocations {
        b.op(Upstream::MemrefDealloc, &[buffer], &[], &[], at);
    }
    b.op(Upstream::FuncReturn, &[], &[], &[], at);

    if let Some(declaration) = info.declaration {
        ir::erase(declaration);
    }
    declare_runtime(module);
}

/// Declares the runtime functions the module does not define.
fn declare_runtime<'c, 'a>(before: OperationRef<'c, 'a>) {
    let b = Builder::new(before.context(), before.location());
    let (index, f32_type) = (b.index_type(), Type::float32(b.ctx()));
    let mut functions: Vec<(&str, Vec<Type>, Vec<Type>)> =
        RUNTIME.iter().map(|(name, inputs, results)| (*name, vec![index; *inputs], vec![index; *results])).collect();
    for (name, inputs, float_argument, float_result) in FLOAT_RUNTIME {
        let mut arguments = vec![index; *inputs];
        if *float_argument {
            arguments.push(f32_type);
        }
        functions.push((*name, arguments, if *float_result { vec![f32_type] } else { Vec::new() }));
    }
    b.declare_missing(before, &functions);
}
