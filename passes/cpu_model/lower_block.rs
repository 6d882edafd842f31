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
//! and records a hash of what it read. A wgmma is its warpgroup's: a
//! thread's `wgmma.wait_group` stops until every thread of the warpgroup
//! has committed the groups it waits for (the hardware cannot complete a
//! wgmma before all four warps issued it), then completes them for the
//! whole warpgroup, checking every thread's hash (a tile overwritten in
//! between stops the run). So one elected thread may release a slot after
//! its own wait, as warp-specialized kernels do. The thread's registers
//! land at its wait (their homes in the thread's private memory hold NaN
//! until then; a later wgmma of the thread takes the value in flight). The
//! block's workgroup buffers lie in one window of 256 KiB aligned to its
//! size, as the descriptors' 18-bit shared addresses need.
//!
//! B may be N-major (a GEMM's row-major K x N tile) or K-major (attention's
//! K tile, for S = Q K^T). A wgmma with A from registers (inline PTX, as
//! `asyncpipe-lower-mma` writes attention's O += P V; see `ptx.rs`) is a
//! warp collective: each lane hands in its 8 A elements and where each was
//! loaded from, and issues once its whole warp has (a thread's rows need
//! its quad's elements); those homes must hold the same values until the
//! wait that completes the wgmma (PTX forbids writing A's registers
//! before), else the run stops. `gpu.shuffle` (width 32, f32) is a warp
//! collective too, and `ex2.approx.f32` (inline PTX) is `math.exp2`.
//!
//! `setmaxnreg` is its warpgroup's too: every thread must run the same one;
//! the warpgroup's registers change once all have arrived, a decrease
//! giving registers to the block's pool and an increase waiting until the
//! pool holds them (so budgets that do not fit hang, as on the GPU).
//! `gpu.grid_dim x` is the test's (`block_sim_configure_grid`), for
//! persistent kernels. A view of a kernel argument reaching past its end
//! stops the run (it would write the host's memory). Any other NVVM op or
//! inline assembly is an error at the op (the CPU's code generator would
//! abort on it).
//!
//! The kernel's barriers, mbarrier waits, wgmma waits, setmaxnreg and warp
//! collectives must be in its body's top-level blocks (run
//! `convert-scf-to-cf` first); that is an error at one inside a
//! region. Whether every thread reaches the same barrier is checked when
//! the program runs. Not modeled, and an error at the op: y and z thread or
//! block ids of a block or grid larger than one in that dimension, calls of
//! device functions.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::{self, DeviceAsyncCopy, Upstream};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::nvvm::{self, Wgmma};
use crate::passes::ir::slices::{Mixed, Slice};
use crate::passes::ir::{self, diag, rewrite, ValueKey};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::TypeLike;
use melior::ir::attribute::IntegerAttribute;
use melior::ir::{Block, BlockRef, Location, RegionLike, Type, Value, ValueLike};
use std::collections::HashMap;

mod ops;
mod ptx;
mod runtime;

use ptx::{InlinePtx, WgmmaRegisters};

use ops::{dispatch, is_modeled_ldmatrix, is_modeled_mma, is_modeled_nvvm, lower_op, mbarrier_wait, operand, warp_collective, warpgroup_wait, yield_point};
use runtime::{insert_driver, keep_across_barriers};

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
    (WGMMA_READY, 2, 1),
    (WGMMA_WAIT, 2, 0),
    (TENSOR_COPY, 6, 0),
    (SETMAXNREG, 3, 0),
    (SETMAXNREG_READY, 1, 1),
    (GRID_DIM, 0, 1),
    (VIEW, 2, 0),
];
/// The runtime's functions on f32 values: name, number of index arguments,
/// whether an f32 argument follows them, whether the result is an f32.
const FLOAT_RUNTIME: &[(&str, usize, bool, bool)] =
    &[
        (WARP_VALUE, 2, true, false),
        (WARP_READ, 3, false, true),
        (LDMATRIX_VALUE, 5, false, true),
        (MMA_RESULT, 2, false, true),
        (WGMMA_IN, 3, true, false),
        (WGMMA_A, 3, true, false),
        (WGMMA_OUT, 1, false, true),
    ];
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
const WARP_READ: &str = "block_sim_warp_read";
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
const WGMMA_A: &str = "block_sim_wgmma_a";
const WGMMA_OUT: &str = "block_sim_wgmma_out";
const WGMMA_COMMIT: &str = "block_sim_wgmma_commit";
const WGMMA_HOME: &str = "block_sim_wgmma_home";
const WGMMA_READY: &str = "block_sim_wgmma_ready";
const WGMMA_WAIT: &str = "block_sim_wgmma_wait";
const SETMAXNREG: &str = "block_sim_setmaxnreg";
const SETMAXNREG_READY: &str = "block_sim_setmaxnreg_ready";
const GRID_DIM: &str = "block_sim_grid_dim";
const VIEW: &str = "block_sim_view";
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
/// [`refusals`] has named), and each affine op anywhere, that holds `scf`
/// control flow in its regions,
/// that the block model's pipeline would break it (true if there was one).
/// A fuzzer finding: a host function's `par.foreach_thread` around an
/// `scf.for` came out of asyncpipe-block-model with a region of blocks.
fn scf_in_single_block_regions(root: OperationRef, kernels: &[OperationRef]) -> bool {
    let ours = upstream::is_asyncpipe_dialect;
    // Affine loops and branches keep one block a region too, and
    // convert-scf-to-cf leaves them in place around what it converts (a
    // fuzzer finding: an scf.for inside an affine.for in a kernel).
    let affine = |op: OperationRef| op.region_count() > 0 && upstream::is_affine(op);
    let mut found = false;
    for op in ir::nested_ops(root) {
        let our_outermost = ours(op) && !ir::ancestors(op).any(|a| kernels.contains(&a) || ours(a));
        let affine_outermost = affine(op) && !ir::ancestors(op).any(|a| affine(a) || ours(a));
        if op.region_count() == 0 || !(our_outermost || affine_outermost) {
            continue;
        }
        if let Some(inner) = ir::nested_ops(op).into_iter().find(|o| upstream::is_scf(*o)) {
            diag::error_with_note(
                op.location(),
                &format!(
                    "the asyncpipe-block-model pipeline runs convert-scf-to-cf on the whole module, which would break the \
                     single-block region of '{}': lower it first ({}), or give the pipeline the kernels' module alone",
                    ir::op_name(op),
                    if affine(op) { "lower-affine" } else { "par-to-scf, the asyncop lowerings, asyncpipe-lower-sequential" }
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
    // Each warpgroup collective that waits for the rest of the warpgroup
    // (a wgmma.wait_group for the warpgroup's wgmmas, a setmaxnreg for its
    // registers) asks whether it may go on, and returns its number when not.
    for op in &stops.warpgroup_waits {
        let number = resumes.len() as i64 + 1;
        resumes.push(warpgroup_wait(*op, tid, number));
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
        if Upstream::VectorFromElements.is(op) && op.result_at(0).is_some_and(|r| ir::users(r.into()).is_empty()) {
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
            Some(Upstream::NvvmWgmmaWaitGroupSyncAligned | Upstream::NvvmSetmaxregister) if !top_level(op) => Some(
                "asyncpipe-lower-block needs the kernel's wgmma.wait_group and setmaxnreg in its body's top-level \
                 blocks (a thread stops there until the rest of its warpgroup lets it go on): run convert-scf-to-cf \
                 first",
            ),
            Some(Upstream::NvvmSetmaxregister) if threads % 128 != 0 || threads > 1024 => Some(
                "asyncpipe-lower-block runs setmaxnreg in blocks of whole warpgroups (known_block_size a multiple of \
                 128, at most 1024)",
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
            // Its type must stay in the GPU's workgroup space, which the CPU
            // lowering does not take (the fuzzer found the op left invalid).
            Some(Upstream::GpuDynamicSharedMemory) => Some(
                "asyncpipe-lower-block models workgroup buffers that memref.alloc makes in the kernel's entry block, \
                 not gpu.dynamic_shared_memory",
            ),
            Some(Upstream::LlvmInlineAsm) if InlinePtx::of(op).is_none() => Some(
                "asyncpipe-lower-block runs two forms of inline PTX: `ex2.approx.f32 $0, $1;` and \
                 wgmma.mma_async m64nNk16 of f16 or bf16 into f32 with A from registers (as asyncpipe-lower-mma \
                 writes attention's P V); not this one",
            ),
            Some(Upstream::LlvmInlineAsm) if matches!(InlinePtx::of(op), Some(InlinePtx::WgmmaRegisters(_))) && !top_level(op) => Some(
                "asyncpipe-lower-block needs a wgmma with A from registers in its body's top-level blocks (a lane \
                 stops there until its whole warp has arrived): run convert-scf-to-cf first",
            ),
            Some(Upstream::GpuShuffle) if !top_level(op) => Some(
                "asyncpipe-lower-block needs the kernel's shuffles in its body's top-level blocks (a lane stops there \
                 until its whole warp has arrived): run convert-scf-to-cf first",
            ),
            Some(Upstream::GpuShuffle) if !is_modeled_shuffle(op) => {
                Some("asyncpipe-lower-block models gpu.shuffle of an f32 over the whole warp (width 32)")
            }
            Some(Upstream::GpuShuffle) if threads % 32 != 0 || threads > 1024 => {
                Some("asyncpipe-lower-block runs warp collectives in blocks of whole warps (known_block_size a multiple of 32, at most 1024)")
            }
            Some(Upstream::NvvmWgmmaMmaAsync) if Wgmma::of(op).is_none() => Some(
                "asyncpipe-lower-block models wgmma.mma_async m64nNk16 (N up to 256) of f16 or bf16 into f32 with \
                 A K-major and B K-major or transposed, unscaled, as asyncpipe-lower-mma emits it",
            ),
            Some(Upstream::NvvmWgmmaMmaAsync | Upstream::LlvmInlineAsm) if threads % 128 != 0 || threads > 1024 => Some(
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
            // Any other NVVM op would reach the CPU's code generator, which
            // cannot select it (an abort of the runner, not an error).
            _ if upstream::is_nvvm(op) && !is_modeled_nvvm(op) => {
                Some("asyncpipe-lower-block does not model this NVVM op (it models mbarriers, cp.async, bulk and \
                      tensor-map copies, wgmma, setmaxnreg and their fences)")
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
/// Whether the block model runs this `gpu.shuffle`: an f32 over the whole
/// warp (width the constant 32).
fn is_modeled_shuffle(op: OperationRef) -> bool {
    let f32_value = op.operand_at(0).is_some_and(|v| v.r#type().is_f32());
    f32_value && op.operand_at(2).is_some_and(|width| ir::constant_int(width) == Some(32))
}

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
            if let Some(home) = load_home(b, operand(insert, 1), at) {
                return home;
            }
            break;
        }
        container = operand(insert, 0);
    }
    b.index_constant(0, at)
}

/// The byte address `value` was loaded from, when a `memref.load` defined it.
fn load_home<'c, 'a>(b: &Builder<'c>, value: Value<'c, 'a>, at: Point<'c, 'a>) -> Option<Value<'c, 'a>> {
    let load = ir::defining_op(value).filter(|op| Upstream::MemrefLoad.is(*op))?;
    let memref = operand(load, 0);
    let indices: Vec<Value> = load.operands().skip(1).collect();
    Some(b.byte_address(memref, &indices, ir::element_bytes(memref.r#type()), at))
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
    /// `wgmma.wait_group` and `setmaxnreg`: a thread stops at one until
    /// the rest of its warpgroup lets it go on (has issued the wgmmas it
    /// waits for; has arrived, and the registers are free).
    warpgroup_waits: Vec<OperationRef<'c, 'a>>,
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
