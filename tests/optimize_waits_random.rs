//! Randomized check that `asyncpipe-optimize-waits` never weakens
//! synchronization: random counting-form programs (commits and waits on two
//! queues, `scf.for` with static or dynamic trip counts, `scf.if` with and
//! without else, conditions on the induction variable) are optimized, and the
//! optimized program runs in a simulator over every execution, with groups
//! completing only when a wait forces them. Wherever the original program had
//! a wait for at most N groups, the optimized one must have at most N in
//! flight, whether that wait was kept or removed. The test also checks that
//! the pass removed something in a good share of the programs, so it cannot
//! pass by doing nothing.
//!
//!     ASYNCPIPE_RANDOM_PROGRAMS=5000 cargo test --release --test optimize_waits_random -- --nocapture

use asyncpipe::passes::ir::ods::asyncpipe::WaitQueueOp;
use asyncpipe::diagnostics::source_location;
use asyncpipe::passes::ir;
use asyncpipe::Context;
use melior::ir::operation::OperationLike;
use std::collections::HashSet;

mod common;
use common::{for_each_execution, Lines, Rng};

const MAX_DYNAMIC_TRIPS: usize = 3;
const EXECUTION_BUDGET: usize = 20_000;

enum Stmt {
    Commit { queue: usize },
    Wait { queue: usize, count: usize, line: usize },
    For { trips: Option<usize>, body: Vec<Stmt>, depth: usize },
    /// `then` runs when `iv >= threshold` (for the innermost loop) or on a
    /// free choice (`threshold` None).
    If { threshold: Option<usize>, then: Vec<Stmt>, otherwise: Vec<Stmt> },
}

fn generate(rng: &mut Rng, depth: usize, in_loop: Option<usize>, budget: &mut usize) -> Vec<Stmt> {
    let mut stmts = Vec::new();
    for _ in 0..1 + rng.below(4) {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        match rng.below(10) {
            0..=2 => stmts.push(Stmt::Commit { queue: rng.below(2) }),
            3..=6 => stmts.push(Stmt::Wait { queue: rng.below(2), count: rng.below(4), line: 0 }),
            7..=8 if depth < 2 => {
                let trips = if rng.chance(50) { Some(rng.below(5)) } else { None };
                let body = generate(rng, depth + 1, Some(depth), budget);
                stmts.push(Stmt::For { trips, body, depth });
            }
            _ if depth < 2 => {
                let threshold = in_loop.and_then(|_| (rng.below(2) == 0).then(|| rng.below(3)));
                let then = generate(rng, depth + 1, in_loop, budget);
                let otherwise = if rng.chance(50) { generate(rng, depth + 1, in_loop, budget) } else { vec![] };
                stmts.push(Stmt::If { threshold, then, otherwise });
            }
            _ => stmts.push(Stmt::Commit { queue: rng.below(2) }),
        }
    }
    stmts
}

struct Printer {
    lines: Lines,
    /// Induction variables of the enclosing loops, innermost last.
    ivs: Vec<String>,
}

impl Printer {
    fn emit(&mut self, indent: usize, s: &str) {
        self.lines.emit(indent, s);
    }

    fn block(&mut self, stmts: &mut [Stmt], indent: usize) {
        for stmt in stmts {
            match stmt {
                Stmt::Commit { queue } => self.emit(indent, &format!("asyncpipe.commit {queue}")),
                Stmt::Wait { queue, count, line } => {
                    *line = self.lines.line + 1;
                    self.emit(indent, &format!("asyncpipe.wait_queue {queue}, {count}"));
                }
                Stmt::For { trips, body, depth } => {
                    let ub = trips.map_or("%n".to_string(), |t| format!("%c{t}"));
                    let iv = format!("%i{depth}_{}", self.lines.line);
                    self.emit(indent, &format!("scf.for {iv} = %c0 to {ub} step %c1 {{"));
                    self.ivs.push(iv);
                    self.block(body, indent + 1);
                    self.ivs.pop();
                    self.emit(indent, "}");
                }
                Stmt::If { threshold, then, otherwise } => {
                    let condition = match (threshold, self.ivs.last().cloned()) {
                        (Some(t), Some(iv)) => {
                            let name = format!("%p{}", self.lines.line);
                            self.emit(indent, &format!("{name} = arith.cmpi sge, {iv}, %c{t} : index"));
                            name
                        }
                        _ => "%cond".to_string(),
                    };
                    self.emit(indent, &format!("scf.if {condition} {{"));
                    self.block(then, indent + 1);
                    if !otherwise.is_empty() {
                        self.emit(indent, "} else {");
                        self.block(otherwise, indent + 1);
                    }
                    self.emit(indent, "}");
                }
            }
        }
    }
}

struct Execution<'a> {
    choices: &'a [usize],
    taken: Vec<(usize, usize)>,
    kept: &'a HashSet<usize>,
    in_flight: [usize; 2],
    ivs: Vec<usize>,
    /// Waits whose bound must hold by the next statement that is not a wait:
    /// nothing can observe the queue between adjacent waits.
    pending: Vec<(usize, usize, usize)>,
    violation: Option<String>,
}

impl Execution<'_> {
    fn choose(&mut self, options: usize) -> usize {
        let choice = self.choices.get(self.taken.len()).copied().unwrap_or(0).min(options - 1);
        self.taken.push((choice, options));
        choice
    }

    fn settle(&mut self) {
        for (queue, count, line) in std::mem::take(&mut self.pending) {
            if self.in_flight[queue] > count && self.violation.is_none() {
                self.violation = Some(format!(
                    "line {line}: {} groups may be in flight on queue {queue}, the original wait allowed {count}",
                    self.in_flight[queue]
                ));
            }
        }
    }

    fn run(&mut self, stmts: &[Stmt]) {
        for stmt in stmts {
            if !matches!(stmt, Stmt::Wait { .. }) {
                self.settle();
            }
            match stmt {
                Stmt::Commit { queue } => self.in_flight[*queue] += 1,
                Stmt::Wait { queue, count, line } => {
                    if self.kept.contains(line) {
                        self.in_flight[*queue] = self.in_flight[*queue].min(*count);
                    }
                    self.pending.push((*queue, *count, *line));
                }
                Stmt::For { trips, body, .. } => {
                    let trips = trips.unwrap_or_else(|| self.choose(MAX_DYNAMIC_TRIPS + 1));
                    for k in 0..trips {
                        self.ivs.push(k);
                        self.run(body);
                        self.ivs.pop();
                    }
                }
                Stmt::If { threshold, then, otherwise } => {
                    let take = match (threshold, self.ivs.last()) {
                        (Some(t), Some(iv)) => iv >= t,
                        _ => self.choose(2) == 0,
                    };
                    self.run(if take { then } else { otherwise });
                }
            }
        }
        self.settle();
    }
}

fn check(context: &Context, seed: u64, index: usize) -> Result<(bool, usize), String> {
    let mut rng = Rng::for_program(seed, index);
    let mut budget = 14;
    let mut program = generate(&mut rng, 0, None, &mut budget);
    let mut printer = Printer { lines: Lines::default(), ivs: Vec::new() };
    printer.lines.open_function("%n: index, %cond: i1", 5);
    printer.block(&mut program, 1);
    printer.lines.close_function();
    let source = printer.lines.text;

    let mut module = context.parse(&source, "random.mlir").map_err(|e| format!("{e}\n{source}"))?;
    context.run_pipeline(&mut module, "asyncpipe-optimize-waits").map_err(|e| format!("{e}\n{source}"))?;
    let kept: HashSet<usize> = ir::nested_ops(module.as_operation())
        .into_iter()
        .filter(|op| WaitQueueOp::is(*op))
        .map(|op| source_location(op.location()).unwrap().line as usize)
        .collect();
    let total = source.matches("asyncpipe.wait_queue").count();
    let removed = total - kept.len();

    let mut violation = None;
    let complete = for_each_execution(EXECUTION_BUDGET, |choices| {
        let mut execution = Execution {
            choices,
            taken: Vec::new(),
            kept: &kept,
            // Function entry: the number in flight is unknown; start high.
            in_flight: [100, 100],
            ivs: Vec::new(),
            pending: Vec::new(),
            violation: None,
        };
        execution.run(&program);
        violation = violation.take().or(execution.violation);
        execution.taken
    });
    if let Some(violation) = violation {
        return Err(format!("{violation}\n{source}\n{}", module.as_operation()));
    }
    Ok((!complete, removed))
}

#[test]
fn optimized_waits_never_weaken_synchronization() {
    let programs: usize = std::env::var("ASYNCPIPE_RANDOM_PROGRAMS").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    let seed: u64 = std::env::var("ASYNCPIPE_RANDOM_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20261121);
    let context = Context::new();
    let (mut truncated, mut changed) = (0, 0);
    for index in 0..programs {
        match check(&context, seed, index) {
            Ok((partial, removed)) => {
                truncated += usize::from(partial);
                changed += usize::from(removed > 0);
            }
            Err(message) => panic!("program {index} (seed {seed}): {message}"),
        }
    }
    println!("{programs} random programs: synchronization kept in all; waits removed in {changed}; {truncated} hit the execution budget");
    assert!(changed * 5 >= programs, "the pass removed waits in too few programs ({changed} of {programs})");
}
