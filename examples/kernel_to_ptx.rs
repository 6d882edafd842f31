//! The main job: a GPU kernel from its annotated `scf.for` to PTX.
//!
//! Takes a kernel whose loop is annotated with pipeline stages
//! (`examples/stream_dot.mlir`, a streaming dot product with thread-private
//! staging, or `examples/tiled_gemm.mlir`, a GEMM whose threads load tiles
//! cooperatively) through the library API:
//!
//! 1. `asyncpipe-software-pipeline`: prologue, steady state and epilogue,
//!    multi-buffered shared memory, exact waits per logical queue, and block
//!    barriers where threads read what other threads copied (printed with
//!    where they are);
//! 2. `asyncpipe-count-to-token` + `asyncpipe-token-to-count` with
//!    `single-hw-queue` (+ `asyncpipe-optimize-waits`): the counts recomputed
//!    for PTX's single cp.async queue, proven by `asyncpipe-verify-sync`;
//! 3. `asyncpipe-to-ptx` for each chip: a `.ptx` file (and the same PTX
//!    from `asyncpipe-kernel-to-ptx`, the whole path as one pipeline), whose
//!    `cp.async.wait_group` counts are checked against the computed ones and
//!    which `ptxas` assembles when it is installed.
//!
//! 4. for sm_90 and newer, also `asyncpipe-to-ptx` with `bulk-queues`: each
//!    logical queue keeps its own counts, on a ring of mbarriers, with
//!    `cp.async.bulk` copies and a parity wait per group a wait needs.
//!
//! It prints the stages, the groups and each wait with its count.
//!
//!     cargo run --example kernel_to_ptx -- [INPUT] [--out DIR] [--chips sm_80,sm_90]

use asyncpipe::passes::ir::upstream::Upstream;
use asyncpipe::passes::analysis::in_flight_bounds::{self, InFlightBounds};
use asyncpipe::passes::analysis::sync_state::{self, Queue, QueueEffect};
use asyncpipe::passes::ir;
use asyncpipe::passes::ir::ods::asyncpipe::attrs;
use asyncpipe::{diagnostics::source_location, Context};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::TypeLike;
use melior::ir::{Module, ValueLike};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let mut input = "examples/stream_dot.mlir".to_string();
    let mut out = PathBuf::from("target/ptx");
    let mut chips = vec!["sm_80".to_string(), "sm_90".to_string()];
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out = args.next().map(PathBuf::from).unwrap_or(out),
            "--chips" => chips = args.next().unwrap_or_default().split(',').map(str::to_string).collect(),
            _ => input = arg,
        }
    }
    if let Err(error) = run(&input, &out, &chips) {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

fn run(input: &str, out: &Path, chips: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let context = Context::new();
    let mut module = context.parse_file(input)?;
    println!("== {input}");
    describe_stages(&module);

    println!("\n== asyncpipe-software-pipeline");
    context.run_pipeline(&mut module, "asyncpipe-software-pipeline,canonicalize")?;
    describe_buffers(&module);
    describe_sync(&module);
    describe_barriers(&module);
    let logical_ir = module.as_operation().to_string();

    println!("\n== asyncpipe-count-to-token, asyncpipe-token-to-count{{single-hw-queue=true}}, asyncpipe-optimize-waits");
    context.run_pipeline(
        &mut module,
        "asyncpipe-count-to-token,asyncpipe-token-to-count{single-hw-queue=true},asyncpipe-optimize-waits,asyncpipe-verify-sync,canonicalize",
    )?;
    println!("every logical queue now counts on PTX's single cp.async queue (proven by asyncpipe-verify-sync):");
    let computed = describe_sync(&module);
    let hardware_ir = module.as_operation().to_string();

    std::fs::create_dir_all(out)?;
    let stem = Path::new(input).file_stem().and_then(|s| s.to_str()).unwrap_or("kernel");
    for chip in chips {
        println!("\n== asyncpipe-to-ptx{{chip={chip}}}");
        let mut module = context.parse(&hardware_ir, input)?;
        context.run_pipeline(&mut module, &format!("asyncpipe-to-ptx{{chip={chip}}}"))?;
        for object in asyncpipe::ptx::objects(&module) {
            let ptx = String::from_utf8_lossy(&object.contents).into_owned();
            let path = out.join(format!("{stem}.{chip}.ptx"));
            std::fs::write(&path, &ptx)?;
            println!("{}: {} ({}, {} lines)", object.binary, path.display(), object.target, ptx.lines().count());
            check_ptx(&ptx, &computed)?;
            assemble(&path, chip);
        }
        // The same path as one registered pipeline, from the input as written.
        let mut whole = context.parse_file(input)?;
        context.run_pipeline(&mut whole, &format!("asyncpipe-kernel-to-ptx{{chip={chip}}}"))?;
        let (one, steps) = (asyncpipe::ptx::objects(&whole), asyncpipe::ptx::objects(&module));
        let same = !one.is_empty() && one.len() == steps.len() && one.iter().zip(&steps).all(|(a, b)| a.contents == b.contents);
        println!(
            "asyncpipe-kernel-to-ptx{{chip={chip}}} (the pipeliner, verify-sync, the recount, the lowerings as one pipeline): {}",
            if same { "the same PTX" } else { "different PTX" }
        );
        if !same {
            return Err(format!("asyncpipe-kernel-to-ptx{{chip={chip}}} gives other PTX than the steps above").into());
        }
    }
    for chip in chips.iter().filter(|chip| sm_number(chip) >= 90) {
        bulk(&context, &logical_ir, input, out, stem, chip)?;
    }
    Ok(())
}

/// "sm_90a" is 90.
fn sm_number(chip: &str) -> u32 {
    chip.trim_start_matches("sm_").trim_end_matches(|c: char| !c.is_ascii_digit()).parse().unwrap_or(0)
}

/// Step 4: the logical queues as bulk queues (cp.async.bulk and mbarriers).
fn bulk(
    context: &Context,
    logical_ir: &str,
    input: &str,
    out: &Path,
    stem: &str,
    chip: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    let module = context.parse(logical_ir, input)?;
    let mut queues = std::collections::BTreeSet::new();
    for op in ir::nested_ops(module.as_operation()) {
        if let QueueEffect::Commit(Queue::Logical(queue)) = sync_state::effect(op) {
            queues.insert(queue);
        }
    }
    // MMAs stay on the tensor cores (asyncpipe-lower-mma): their queues are
    // not copies' and get no ring.
    for queue in asyncpipe::passes::ir::asyncpipe::mma_queues(module.as_operation()) {
        queues.remove(&queue);
    }
    if queues.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = queues.iter().map(i64::to_string).collect();
    let options = format!("bulk-queues={}", list.join(","));
    println!("
== asyncpipe-to-ptx{{chip={chip} {options}}}: every queue on its own ring of mbarriers");
    // The pipeliner, told that the queues are bulk ones, places only the
    // barriers a bulk queue still needs: a wait on an mbarrier completes
    // every thread's copies of the group (no barrier after it), but copies
    // over what other threads read still need one before them.
    let mut module = context.parse_file(input)?;
    context.run_pipeline(
        &mut module,
        &format!("asyncpipe-software-pipeline{{{options}}},canonicalize,asyncpipe-verify-sync{{{options}}}"),
    )?;
    print!("  asyncpipe-software-pipeline{{{options}}} (proven by asyncpipe-verify-sync{{{options}}}): ");
    describe_barriers(&module);
    let logical_ir = &module.as_operation().to_string();
    // What each wait becomes: one parity wait per group it needs, which the
    // in-flight bound before it tells (the bound less the count).
    let mut barrier_waits = 0;
    for function in ir::functions(module.as_operation()) {
        let mut entry = InFlightBounds::default();
        for queue in &queues {
            entry.wait(Queue::Logical(*queue), 0);
        }
        let bounds = in_flight_bounds::analyze_function(function, entry);
        let mut line = Vec::new();
        for op in ir::nested_ops(function) {
            if let QueueEffect::Wait { queue, count: Some(count) } = sync_state::effect(op) {
                let groups = match bounds.before(op) {
                    in_flight_bounds::Bound::AtMost(bound) => (bound - count).max(0),
                    _ => 0,
                };
                barrier_waits += groups;
                line.push(format!("{queue} <= {count}: {groups}"));
            }
        }
        println!("  mbarrier waits per wait (in program order): {}", line.join(", "));
    }
    let mut lowered = context.parse(logical_ir, input)?;
    context.run_pipeline(&mut lowered, &format!("asyncpipe-lower-mma{{chip={chip}}},asyncpipe-to-nvgpu{{{options}}}"))?;
    let rings: Vec<String> = ir::nested_ops(lowered.as_operation())
        .into_iter()
        .filter(|op| Upstream::MemrefAlloc.is(*op))
        .map(|op| op.result(0).unwrap().r#type().to_string())
        .filter(|ty| ty.contains("xi64"))
        .collect();
    println!("  rings: {}", rings.join(", "));
    let mut module = context.parse(logical_ir, input)?;
    context.run_pipeline(&mut module, &format!("asyncpipe-to-ptx{{chip={chip} {options}}}"))?;
    for object in asyncpipe::ptx::objects(&module) {
        let ptx = String::from_utf8_lossy(&object.contents).into_owned();
        let path = out.join(format!("{stem}.{chip}.bulk.ptx"));
        std::fs::write(&path, &ptx)?;
        println!("{}: {} ({}, {} lines)", object.binary, path.display(), object.target, ptx.lines().count());
        let count = |pattern: &str| ptx.matches(pattern).count();
        println!(
            "  PTX: {} mbarrier.init, {} cp.async.bulk, {} mbarrier.arrive, {} mbarrier.try_wait.parity, {} cp.async.wait_group",
            count("mbarrier.init"),
            count("cp.async.bulk.shared"),
            count("mbarrier.arrive"),
            count("mbarrier.try_wait.parity"),
            count("cp.async.wait_group"),
        );
        if count("cp.async.wait_group") + count("cp.async.commit_group") > 0 {
            return Err("bulk queues must not use the cp.async group queue".into());
        }
        assemble(&path, chip);
    }
    println!("  ({barrier_waits} parity waits in the IR; LLVM keeps the loop's as a loop)");
    Ok(())
}

/// The annotated loops: their stages, which are async, and what each runs.
fn describe_stages(module: &Module) {
    for op in ir::nested_ops(module.as_operation()) {
        let Some(async_stages) = ir::dense_i64_attr(op, attrs::ASYNC_STAGES) else { continue };
        let line = source_location(op.location()).map_or(0, |l| l.line);
        let mut stages: BTreeMap<i64, Vec<(i64, String)>> = BTreeMap::new();
        for block in ir::blocks(op) {
            for nested in ir::ops(block) {
                if let Some(stage) = ir::int_attr(nested, attrs::STAGE) {
                    let order = ir::int_attr(nested, attrs::ORDER).unwrap_or(0);
                    let at = source_location(nested.location()).map_or(0, |l| l.line);
                    stages.entry(stage).or_default().push((order, format!("{} (line {at}, order {order})", ir::op_name(nested))));
                }
            }
        }
        let count = stages.keys().max().map_or(0, |s| s + 1);
        println!("scf.for at line {line}: {count} stages, async stages {async_stages:?} (queue = stage)");
        for (stage, mut ops) in stages {
            ops.sort();
            let kind = if async_stages.contains(&stage) { "async" } else { "sync" };
            let ops: Vec<String> = ops.into_iter().map(|(_, text)| text).collect();
            println!("  stage {stage} ({kind}): {}", ops.join(", "));
        }
    }
}

/// The shared-memory buffers and how many versions the pipeliner gave them.
fn describe_buffers(module: &Module) {
    for op in ir::nested_ops(module.as_operation()) {
        if !Upstream::MemrefAlloc.is(op) {
            continue;
        }
        let ty = op.result(0).unwrap().r#type();
        let shape: Vec<i64> = unsafe {
            let raw = ty.to_raw();
            (0..mlir_sys::mlirShapedTypeGetRank(raw)).map(|d| mlir_sys::mlirShapedTypeGetDimSize(raw, d as isize)).collect()
        };
        println!("buffer {ty}: {} versions", shape.first().copied().unwrap_or(1));
    }
}

/// Prints the commits and waits of each kernel, grouped as prologue, steady
/// state (the loop that commits) and epilogue; returns every wait count.
fn describe_sync(module: &Module) -> Vec<i64> {
    let mut counts = Vec::new();
    for function in ir::functions(module.as_operation()) {
        let Some(body) = ir::region_entry(function, 0) else { continue };
        let mut part = "prologue";
        let mut line: Vec<String> = Vec::new();
        let flush = |part: &str, line: &mut Vec<String>| {
            if !line.is_empty() {
                println!("  {part:<13} {}", line.join(", "));
                line.clear();
            }
        };
        for op in ir::ops(body) {
            let nested: Vec<(OperationRef, QueueEffect)> = std::iter::once(op)
                .chain(ir::nested_ops(op))
                .map(|o| (o, sync_state::effect(o)))
                .filter(|(_, e)| !matches!(e, QueueEffect::None))
                .collect();
            if nested.is_empty() {
                continue;
            }
            let is_loop = Upstream::ScfFor.is(op);
            if is_loop {
                flush(part, &mut line);
                let trips = ir::static_trip_count(op).map_or("?".into(), |n| n.to_string());
                part = "steady state";
                line.push(format!("({trips} iterations)"));
            }
            for (_, effect) in nested {
                match effect {
                    QueueEffect::Commit(queue) => line.push(format!("commit {queue}")),
                    QueueEffect::Wait { queue, count } => {
                        counts.extend(count);
                        let count = count.map_or("?".into(), |c| c.to_string());
                        line.push(format!("wait {queue} <= {count}"));
                    }
                    _ => {}
                }
            }
            if is_loop {
                flush(part, &mut line);
                part = "epilogue";
            }
        }
        flush(part, &mut line);
    }
    counts
}

/// Prints how many block barriers each kernel has, and where: the part of
/// the pipeline, the op before each, and its line.
fn describe_barriers(module: &Module) {
    for function in ir::functions(module.as_operation()) {
        let Some(body) = ir::region_entry(function, 0) else { continue };
        let mut part = "prologue";
        let mut found = Vec::new();
        for op in ir::ops(body) {
            let is_pipelined_loop = Upstream::ScfFor.is(op)
                && ir::nested_ops(op).into_iter().any(|o| matches!(sync_state::effect(o), QueueEffect::Commit(_)));
            if is_pipelined_loop {
                part = "steady state";
            }
            for barrier in std::iter::once(op).chain(ir::nested_ops(op)).filter(|o| Upstream::GpuBarrier.is(*o)) {
                let before = ir::previous(barrier).map_or("the block's start".to_string(), |p| match sync_state::effect(p) {
                    QueueEffect::Wait { queue, count: Some(count) } => format!("wait {queue} <= {count}"),
                    _ => ir::op_name(p).to_string(),
                });
                let line = source_location(barrier.location()).map_or(0, |l| l.line);
                found.push(format!("  {part:<13} after {before} (line {line})"));
            }
            if is_pipelined_loop {
                part = "epilogue";
            }
        }
        let name = ir::symbol_name(function).unwrap_or_default();
        match found.len() {
            0 => println!("@{name}: 0 block barriers"),
            n => println!("@{name}: {n} block barrier(s):\n{}", found.join("\n")),
        }
    }
}

/// Checks that the PTX waits with exactly the computed counts.
fn check_ptx(ptx: &str, computed: &[i64]) -> Result<(), String> {
    let copies = ptx.matches("cp.async.cg.shared.global").count() + ptx.matches("cp.async.ca.shared.global").count();
    let commits = ptx.matches("cp.async.commit_group;").count();
    let waits: Vec<i64> = ptx
        .lines()
        .filter_map(|l| l.trim().strip_prefix("cp.async.wait_group"))
        .filter_map(|rest| rest.trim().trim_end_matches(';').parse().ok())
        .collect();
    println!("  PTX: {copies} cp.async, {commits} cp.async.commit_group, cp.async.wait_group {waits:?}");
    let stray: Vec<i64> = waits.iter().copied().filter(|w| !computed.contains(w)).collect();
    let lost: Vec<i64> = computed.iter().copied().filter(|c| !waits.contains(c)).collect();
    if !stray.is_empty() || !lost.is_empty() {
        return Err(format!("the PTX waits {waits:?} differ from the computed counts {computed:?}"));
    }
    println!("  every cp.async.wait_group carries a count the passes computed");
    Ok(())
}

/// Runs ptxas on the file when it is installed (scripts/setup.sh puts it in
/// .tools/cuda), printing its resource usage.
fn assemble(path: &Path, chip: &str) {
    let candidates = [
        std::env::var("PTXAS").ok(),
        Some(".tools/cuda/nvidia/cuda_nvcc/bin/ptxas".to_string()),
        Some("ptxas".to_string()),
    ];
    for ptxas in candidates.into_iter().flatten() {
        let output = Command::new(&ptxas).args([&format!("-arch={chip}"), "-v", "-o", "/dev/null"]).arg(path).output();
        let Ok(output) = output else { continue };
        let log = String::from_utf8_lossy(&output.stderr);
        if output.status.success() {
            let usage: Vec<&str> = log.lines().filter(|l| l.contains("Used")).map(|l| l.trim_start_matches("ptxas info    : ")).collect();
            println!("  ptxas -arch={chip}: ok; {}", usage.join("; "));
        } else {
            println!("  ptxas -arch={chip} FAILED:\n{log}");
            std::process::exit(1);
        }
        return;
    }
    println!("  ptxas not found (scripts/setup.sh installs it from PyPI): PTX not assembled");
}
