//! Randomized test of `asyncpipe-software-pipeline`: random loops with random
//! stage/order/async annotations are pipelined, proven synchronized by
//! `asyncpipe-verify-sync` (for static trip counts), and run on the CPU
//! next to the same loop unpipelined: the outputs must be identical.
//!
//! Each loop computes a chain of 8-element buffers from rows of the input:
//! every statement writes its own buffer from the input row, or from one or
//! two earlier buffers, and the last one writes the output row. Stages grow
//! along the data flow by 0 to 2; orders are a random topological order, so
//! every annotation is valid and the pass must accept it.
//!
//! `ASYNCPIPE_RANDOM_PROGRAMS` (default 64) and `ASYNCPIPE_RANDOM_SEED`
//! (default 1) choose how many loops and which.

#[allow(dead_code)]
mod common;

use common::Rng;
use std::io::Write;
use std::process::{Command, Stdio};

const LLVM_BIN: &str = "/usr/lib/llvm-22/bin";
const LOWER: &str = "--asyncpipe-lower-sequential --convert-linalg-to-loops --expand-strided-metadata \
    --lower-affine --convert-scf-to-cf --finalize-memref-to-llvm --convert-math-to-llvm \
    --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-ub-to-llvm \
    --reconcile-unrealized-casts";

struct Program {
    text: String,
    dynamic: bool,
    /// Whether some stage is async (so the pipelined loop commits groups).
    has_async: bool,
    description: String,
}

fn generate(rng: &mut Rng) -> Program {
    let count = 2 + rng.below(4);
    // Sources of each statement: None = the input row.
    let mut sources: Vec<Vec<usize>> = Vec::new();
    let mut stages: Vec<usize> = Vec::new();
    for j in 0..count {
        let mut from = Vec::new();
        if j > 0 && (j == count - 1 || rng.chance(70)) {
            from.push(rng.below(j));
            if rng.chance(40) {
                from.push(rng.below(j));
            }
        }
        let base = from.iter().map(|&s| stages[s]).max().unwrap_or(0);
        stages.push(base + rng.below(3));
        sources.push(from);
    }
    // A random topological order.
    let mut order = vec![0usize; count];
    let mut placed = vec![false; count];
    for position in 0..count {
        let ready: Vec<usize> = (0..count)
            .filter(|&j| !placed[j] && sources[j].iter().all(|&s| placed[s]))
            .collect();
        let pick = ready[rng.below(ready.len())];
        placed[pick] = true;
        order[pick] = position;
    }
    let last = *stages.iter().max().unwrap();
    let async_stages: Vec<usize> = (0..=last).filter(|s| stages.contains(s) && rng.chance(50)).collect();
    let dynamic = rng.chance(30);
    let trip = [1, 2, 3, 5, 16, 64][rng.below(6)];

    let mut t = String::new();
    t += "func.func @kernel(%in: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {\n";
    t += "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n";
    t += &format!("  %trip = arith.constant {trip} : index\n");
    for j in 0..count {
        t += &format!("  %b{j} = memref.alloc() : memref<8xf32>\n");
    }
    let ub = if dynamic { "%n" } else { "%trip" };
    t += &format!("  scf.for %i = %c0 to {ub} step %c1 {{\n");
    t += "    %row = memref.subview %in[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>\n";
    t += "    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>\n";
    let row_type = "memref<8xf32, strided<[1], offset: ?>>";
    for j in 0..count {
        let attrs = format!("{{asyncpipe.stage = {}, asyncpipe.order = {}}}", stages[j], order[j]);
        match sources[j].as_slice() {
            [] => t += &format!("    memref.copy %row, %b{j} {attrs} : {row_type} to memref<8xf32>\n"),
            [s] => t += &format!("    memref.copy %b{s}, %b{j} {attrs} : memref<8xf32> to memref<8xf32>\n"),
            [s, r] => {
                t += &format!(
                    "    linalg.add {attrs} ins(%b{s}, %b{r} : memref<8xf32>, memref<8xf32>) outs(%b{j} : memref<8xf32>)\n"
                )
            }
            _ => unreachable!(),
        }
    }
    // The output row, in the last statement's stage or later.
    let final_stage = stages[0].max(stages[count - 1]) + rng.below(2);
    t += &format!(
        "    linalg.add {{asyncpipe.stage = {final_stage}, asyncpipe.order = {count}}} ins(%b{0}, %b{last_buffer} : memref<8xf32>, memref<8xf32>) outs(%dst : {row_type})\n",
        0,
        last_buffer = count - 1
    );
    let async_list = async_stages.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
    let array = if async_list.is_empty() { "array<i64>".to_string() } else { format!("array<i64: {async_list}>") };
    t += &format!("  }} {{asyncpipe.async_stages = {array}}}\n");
    t += "  return\n}\n";
    let description = format!(
        "stages {stages:?} (+ output in {final_stage}), orders {order:?}, sources {sources:?}, async [{async_list}], trip {}",
        if dynamic { "dynamic".to_string() } else { trip.to_string() }
    );
    Program { text: t, dynamic, has_async: !async_stages.is_empty(), description }
}

fn run(command: &str, args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(command)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command}: {e}"));
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn random_annotations_keep_the_results() {
    let programs: usize = std::env::var("ASYNCPIPE_RANDOM_PROGRAMS").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    let seed: u64 = std::env::var("ASYNCPIPE_RANDOM_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let opt = env!("CARGO_BIN_EXE_asyncpipe-opt");
    let harness = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/test/Execution/Inputs/compare-main.mlir"))
        .unwrap();
    let instantiate =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/test/Execution/Inputs/instantiate.mlir")).unwrap();
    let runner = format!("{LLVM_BIN}/mlir-runner");
    let libs = "-shared-libs=/usr/lib/llvm-22/lib/libmlir_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so";
    for index in 0..programs {
        let mut rng = Rng::for_program(seed, index);
        let program = generate(&mut rng);
        let reference = program
            .text
            .replace("@kernel", "@reference")
            .replace("asyncpipe.async_stages", "unpipelined");
        let module = format!("{}\n{}\n{}", program.text, reference, harness);
        let context = format!("program {index} (seed {seed}): {}\n{}", program.description, program.text);

        // The pass accepts it and pipelines the loop, and verify-sync proves
        // it: as it is for static trip counts, on instances with constant
        // trip counts (after inlining) for dynamic ones.
        let mut passes = vec!["--asyncpipe-software-pipeline"];
        if !program.dynamic {
            passes.push("--asyncpipe-verify-sync");
        }
        let (ok, pipelined, errors) = run(opt, &passes, &module);
        assert!(ok, "{context}\nasyncpipe-opt failed:\n{errors}");
        let kernel = pipelined.split("func.func @reference").next().unwrap_or_default();
        assert!(!kernel.contains("asyncpipe.async_stages"), "{context}\nthe loop was not pipelined:\n{kernel}");
        assert!(
            !program.has_async || kernel.contains("asyncpipe.commit_queue"),
            "{context}\nthe pipelined loop commits no async group:\n{kernel}"
        );
        if program.dynamic {
            let instances = format!("{}\n{instantiate}", program.text.replace("func.func @kernel", "func.func private @kernel"));
            let (ok, _, errors) = run(
                opt,
                &["--asyncpipe-software-pipeline", "--inline", "--canonicalize", "--asyncpipe-verify-sync"],
                &instances,
            );
            assert!(ok, "{context}\nverify-sync rejects an instance with a constant trip count:\n{errors}");
        }

        let lower: Vec<&str> = LOWER.split_whitespace().collect();
        let (ok, llvm, errors) = run(opt, &lower, &pipelined);
        assert!(ok, "{context}\nlowering failed:\n{errors}");
        let (ok, output, errors) = run(&runner, &["-e", "main", "-entry-point-result=void", libs], &llvm);
        assert!(ok, "{context}\nmlir-runner failed:\n{errors}");
        let results: Vec<&str> = output.lines().filter(|l| l.starts_with('[')).collect();
        assert_eq!(results.len(), 4, "{context}\nunexpected output (one line per trip count of the harness):\n{output}");
        for line in results {
            assert!(line.starts_with("[0, "), "{context}\npipelined and original loops differ: {line}");
        }
    }
}
