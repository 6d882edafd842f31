//! The model's entry: which functions and `gpu.launch` bodies are kernels
//! with Hopper work, their block shapes, and the runs over cases of the
//! kernel's run-time arguments (each case from the kernel's entry, split
//! where a decision needs it, within a budget); and the box bytes of a
//! tensor map at the NVVM level.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::*;

/// The findings for `function` (empty: proven, within the model).
pub fn check<'c, 'a>(function: OperationRef<'c, 'a>) -> Vec<Finding<'c>> {
    check_with_roles(function).0
}

/// [`check`], and what the exploration of a kernel in roles saw
/// ([`super::roles`]; None for a kernel read in lockstep).
pub fn check_with_roles<'c, 'a>(function: OperationRef<'c, 'a>) -> (Vec<Finding<'c>>, Option<RolesSummary>) {
    let mut roles = None;
    let findings = check_kernel(function, &mut roles);
    (findings, roles)
}

fn check_kernel<'c, 'a>(function: OperationRef<'c, 'a>, roles: &mut Option<RolesSummary>) -> Vec<Finding<'c>> {
    let ops = ir::nested_ops(function);
    let mut findings = Vec::new();
    if let Some(&op) = ops.iter().find(|op| unmodeled(**op)) {
        let others = ops.iter().filter(|o| unmodeled(**o)).count() - 1;
        findings.push(Finding {
            at: op.location(),
            message: format!(
                "not modeled: verify-sync does not know the asynchronous effects of '{}'{}; the kernel is not proven (run verify-sync before the NVVM lowering, on nvgpu or asyncpipe ops)",
                ir::op_name(op),
                if others > 0 { format!(" (nor of {others} more such ops here)") } else { String::new() }
            ),
            note: None,
        });
        return findings;
    }
    if !ops.iter().any(|op| is_hopper_op(*op)) {
        return findings;
    }
    // The model follows scf.for and scf.if; verify-sync raises the CFG
    // shapes convert-scf-to-cf gives them back (transform::cfg_to_scf).
    // Blocks it could not raise are not followed: never proven.
    if let Some(region) = ir::multi_block_regions(function).first() {
        let branch = ir::region_blocks(*region).into_iter().filter_map(ir::terminator).find(|t| t.successors().next().is_some());
        findings.push(Finding {
            at: branch.map_or(function.location(), |t| t.location()),
            message: "cannot prove: control flow in CFG form that is not the shape convert-scf-to-cf gives scf.for and scf.if (the Hopper model follows structured loops and branches; those shapes are raised back to them)".into(),
            note: None,
        });
        return findings;
    }
    // The queue model (hazards) follows async work on counted queues; this
    // model follows TMA and warpgroup MMA. Neither sees the other's
    // accesses: a kernel with both (asyncpipe's copies beside the NVVM
    // wgmma that asyncpipe-lower-mma{chip=sm_90a} writes) is not proven.
    let hopper_access = |op: &OperationRef| {
        matches!(
            Upstream::of(*op),
            Some(
                Upstream::NvgpuTmaAsyncLoad
                    | Upstream::NvgpuTmaAsyncStore
                    | Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal
                    | Upstream::NvvmCpAsyncBulkSharedClusterGlobal
                    | Upstream::NvvmCpAsyncBulkTensorGlobalSharedCta
                    | Upstream::NvgpuWarpgroupMma
                    | Upstream::NvvmWgmmaMmaAsync
            )
        )
    };
    if let (Some(hopper), Some(queued)) = (ops.iter().find(|op| hopper_access(op)), ops.iter().find(|op| async_effects::issues_counted_work(**op))) {
        findings.push(Finding {
            at: hopper.location(),
            message: "cannot prove: this kernel has TMA or warpgroup MMA work (verify-sync's Hopper model) and async copies on counted queues (its queue model), and neither model sees the other's accesses to shared memory: verify the kernel where one kind remains (before asyncpipe-lower-mma, or after asyncpipe-lower-to-nvgpu)".into(),
            note: Some((queued.location(), "an async op on a counted queue".into())),
        });
        return findings;
    }
    // Each gpu.launch body with Hopper work is a kernel of its own (its
    // block size from its operands, its thread ids its region's arguments);
    // otherwise the function is the kernel (a gpu.func, known_block_size).
    let launches: Vec<OperationRef> =
        ops.iter().copied().filter(|op| Upstream::GpuLaunch.is(*op) && ir::nested_ops(*op).iter().any(|o| is_hopper_op(*o))).collect();
    if !launches.is_empty() {
        for launch in launches {
            let Some(body) = ir::region_entry(launch, 0) else { continue };
            match launch_shape(launch) {
                Some(shape) => {
                    let argument = |i: usize| body.argument_at(i).map(Value::from);
                    let threads: Vec<(Value, usize)> = (0..3).filter_map(|d| Some((argument(3 + d)?, d))).collect();
                    let dims: Vec<(Value, usize)> = (0..3).filter_map(|d| Some((argument(9 + d)?, d))).collect();
                    let nested = ir::nested_ops(launch);
                    findings.extend(over_cases(function, body, || Block::of(shape, &nested, threads.clone(), dims.clone()), roles));
                }
                None => findings.push(Finding {
                    at: launch.location(),
                    message: "cannot prove: mbarrier arrivals are counted in threads, and this launch's block size is not a constant".into(),
                    note: None,
                }),
            }
        }
        return findings;
    }
    let Some(body) = ir::region_entry(function, 0) else { return findings };
    match ir::known_block_size(function) {
        Some(shape) => findings.extend(over_cases(function, body, || Block::of(shape, &ops, Vec::new(), Vec::new()), roles)),
        None => findings.push(Finding {
            at: function.location(),
            message: "cannot prove: mbarrier arrivals are counted in threads, and the block's size is not known (give the kernel known_block_size)".into(),
            note: None,
        }),
    }
    findings
}

/// The bytes of the box of a tensor map descriptor at the NVVM level: its
/// `!nvgpu.tensormap.descriptor<tensor = memref<...>, ...>` type, on the
/// unrealized cast the conversion left (or on the value itself).
pub(super) fn tensor_map_bytes(op: OperationRef, descriptor: Value) -> Option<i64> {
    let mut value = descriptor;
    for _ in 0..4 {
        let text = value.r#type().to_string();
        if let Some(rest) = text.split("tensor = ").nth(1) {
            // The memref type, to its matching '>'.
            let mut depth = 0usize;
            let end = rest.char_indices().find_map(|(i, c)| {
                match c {
                    '<' => depth += 1,
                    '>' => {
                        depth = depth.checked_sub(1)?;
                        if depth == 0 {
                            return Some(i);
                        }
                    }
                    _ => {}
                }
                None
            })?;
            let ty = Type::parse(ir::context(op), &rest[..=end])?;
            return ir::shape(ty).iter().try_fold(ir::element_bytes(ty), |a, s| if *s < 0 { None } else { a.checked_mul(*s) });
        }
        let cast = ir::defining_op(value).filter(|c| Upstream::BuiltinUnrealizedConversionCast.is(*c))?;
        value = cast.operand_at(0)?;
    }
    None
}

/// The constant block size of a `gpu.launch` (its `blockSize` operands).
fn launch_shape(launch: OperationRef) -> Option<[i64; 3]> {
    let segments = ir::dense_i32_attr(launch, attr::OPERAND_SEGMENT_SIZES)?;
    let start = usize::try_from(segments.get(..4)?.iter().sum::<i32>()).ok()?;
    let bindings = Bindings::default();
    let size = |d: usize| bindings.eval(launch.operand_at(start + d)?);
    Some([size(0)?, size(1)?, size(2)?])
}

/// Analyses of one kernel past which its cases of run-time arguments are
/// not split further ([`over_cases`]): the loop stays "cannot prove".
const CASE_BUDGET: usize = 128;

/// Loop iterations over all the cases of one kernel past which no case is
/// split further: each case runs from the kernel's entry, so a count that
/// splits at every iteration of a loop whose state does not settle would
/// cost the square of [`LOOP_BUDGET`].
const CASE_ITERATIONS: u64 = 4 * LOOP_BUDGET;

/// The model over `body`. Once, with the function's integer arguments
/// unknown; where that meets a loop around mbarrier, TMA or MMA work whose
/// trip count is known only at run time, again over cases of those
/// arguments (as verify-sync's queue model does, [`symbolic::Case`]): they
/// start as symbols over their whole range, and a decision a case does not
/// settle (does iteration 3 run, is the count odd, where does the cycle of
/// slots stand at the loop's end) splits it, each part analyzed in turn
/// ([`run_time_loops`]). A finding holds for the values of its case, which
/// it names.
///
/// The block's id becomes a parameter too when a branch whose regions wait
/// on a value the same in every thread (a causal attention block's count of
/// key tiles deciding whether its pipelined loop runs) is settled by no case
/// of the arguments: the cases are run again with it. Not before: elsewhere
/// it would only multiply the cases.
fn over_cases<'c, 'a>(
    function: OperationRef<'c, 'a>,
    body: BlockRef<'c, 'a>,
    block: impl Fn() -> Option<Block<'c, 'a>>,
    roles: &mut Option<RolesSummary>,
) -> Vec<Finding<'c>> {
    let (findings, uniform_branch) = over_cases_from(function, body, &block, roles, Case::of_function(function));
    let reads_block_id = ir::nested_ops(function).into_iter().any(|op| Upstream::GpuBlockId.is(op));
    if findings.is_empty() || !uniform_branch || !reads_block_id {
        return findings;
    }
    *roles = None;
    over_cases_from(function, body, &block, roles, Case::of_kernel(function)).0
}

/// [`over_cases`] from the case `start`; and whether some run left a
/// uniform branch unsettled.
fn over_cases_from<'c, 'a>(
    function: OperationRef<'c, 'a>,
    body: BlockRef<'c, 'a>,
    block: &impl Fn() -> Option<Block<'c, 'a>>,
    roles: &mut Option<RolesSummary>,
    start: Case,
) -> (Vec<Finding<'c>>, bool) {
    let mut merge = |summary: Option<RolesSummary>| {
        if let Some(summary) = summary {
            roles.get_or_insert_with(RolesSummary::default).merge(summary);
        }
    };
    let once = run(body, block(), Bindings::default());
    merge(once.roles.clone());
    let mut uniform_branch = once.uniform_branch;
    if !once.run_time_loop {
        return (once.findings, uniform_branch);
    }
    let mut work = vec![start];
    let (mut runs, mut iterations) = (0, 0);
    while let Some(case) = work.pop() {
        if runs == CASE_BUDGET || iterations > CASE_ITERATIONS {
            let mut findings = once.findings;
            findings.push(Finding {
                at: function.location(),
                message: if runs == CASE_BUDGET {
                    format!("cannot prove: the cases of the kernel's run-time arguments took more than {CASE_BUDGET} analyses")
                } else {
                    format!("cannot prove: the cases of the kernel's run-time arguments took more than {CASE_ITERATIONS} loop iterations in all")
                },
                note: None,
            });
            return (findings, uniform_branch);
        }
        runs += 1;
        let case = Rc::new(case);
        let outcome = run(body, block(), Bindings::in_case(case.clone()));
        uniform_branch |= outcome.uniform_branch;
        if outcome.refinement.is_none() {
            merge(outcome.roles.clone());
        }
        iterations += outcome.iterations;
        if let Some(refinement) = outcome.refinement {
            work.extend(case.refine(&refinement).into_iter().rev());
            continue;
        }
        if !outcome.findings.is_empty() {
            let mut findings = outcome.findings;
            if let Some(values) = case.describe() {
                for finding in &mut findings {
                    finding.message.push_str(&format!(" (for {values})"));
                }
            }
            return (findings, uniform_branch);
        }
    }
    (Vec::new(), uniform_branch)
}

/// What one run of the model found.
struct Outcome<'c> {
    findings: Vec<Finding<'c>>,
    /// The refinement of the case a decision asked for: the run stopped
    /// there, and its findings do not count.
    refinement: Option<Refinement>,
    /// A loop around mbarrier, TMA or MMA work had bounds the run did not
    /// know (outside a case).
    run_time_loop: bool,
    /// Loop iterations the run simulated.
    iterations: u64,
    /// What the exploration of roles saw ([`super::roles`]).
    roles: Option<RolesSummary>,
    /// A uniform branch was left unsettled ([`over_cases`]).
    uniform_branch: bool,
}

/// The model run over `body` as a block of `block`'s threads.
fn run<'c, 'a>(body: BlockRef<'c, 'a>, block: Option<Block<'c, 'a>>, bindings: Bindings) -> Outcome<'c> {
    // The model evaluates the same addresses at many ops between two
    // bindings, and changes no IR.
    let mut bindings = bindings;
    bindings.enable_memo();
    let Some(block) = block else {
        let at = body.parent_operation().map(|op| op.location());
        let findings = at
            .map(|at| Finding { at, message: format!("cannot prove: the block has more than {MAX_THREADS} threads, or none"), note: None })
            .into_iter()
            .collect();
        return Outcome { findings, refinement: None, run_time_loop: false, iterations: 0, roles: None, uniform_branch: false };
    };
    // The region ops around each sync op, up to the kernel.
    let kernel = body.parent_operation();
    let mut holding = HashSet::new();
    let (waiting, in_roles) = kernel.map(|k| roles::waiting_regions(k, &bindings)).unwrap_or_default();
    for op in kernel.map(ir::nested_ops).unwrap_or_default() {
        if is_hopper_op(op) || Model::is_sync(op) {
            holding.extend(ir::ancestors(op).take_while(|a| Some(*a) != kernel).map(OpKey::of));
        }
    }
    let stores = kernel
        .map(ir::nested_ops)
        .unwrap_or_default()
        .iter()
        .any(|op| {
            matches!(
                Upstream::of(*op),
                Some(
                    Upstream::NvgpuTmaAsyncStore
                        | Upstream::NvvmCpAsyncBulkTensorGlobalSharedCta
                        | Upstream::NvgpuWarpgroupMma
                        | Upstream::NvvmWgmmaMmaAsync
                        | Upstream::NvgpuTmaAsyncLoad
                        | Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal
                        | Upstream::NvvmCpAsyncBulkSharedClusterGlobal
                )
            )
        });
    let mut model = Model {
        block,
        bindings,
        findings: Vec::new(),
        reported: BTreeSet::new(),
        stopped: false,
        holding,
        loop_inputs: HashMap::new(),
        stores,
        run_time_loop: false,
        uniform_branch: false,
        iterations: 0,
        similar: HashMap::new(),
        record_private: true,
        roles_summary: None,
        waiting,
        leads: HashMap::new(),
        pure_ops: HashMap::new(),
        layouts_of_views: Default::default(),
        widen: None,
    };
    // The block's sizes are the same for every thread.
    for (value, d) in &model.block.block_dims {
        model.bindings.bind(*value, model.block.shape[*d]);
    }
    let all = Threads::all(model.block.size);
    let mut state = State::default();
    // Threads in roles that wait for each other run as coroutines over
    // every interleaving (which check each final configuration's end);
    // other kernels in lockstep.
    if in_roles {
        model.run_roles(body, &all, &mut state);
    } else {
        model.block_ops(body, &all, &mut state);
        if !model.stopped && model.bindings.refinement().is_none() {
            model.end_of_kernel(body, &state);
        }
    }
    let refinement = model.bindings.refinement();
    for (count, index) in model.similar.values() {
        if *count > SIMILAR_FINDINGS {
            model.findings[*index].message.push_str(&format!(" (and at {} more ops like it)", count - SIMILAR_FINDINGS));
        }
    }
    Outcome {
        findings: model.findings,
        refinement,
        run_time_loop: model.run_time_loop,
        iterations: model.iterations,
        roles: model.roles_summary,
        uniform_branch: model.uniform_branch,
    }
}

