//! Randomized check of `asyncpipe-token-to-count`.
//!
//! Generates small random token programs (commits on several queues, waits on
//! one or more live groups, `scf.for` with static or dynamic trip counts and
//! loop-carried groups, `scf.if` with and without else and yielded groups),
//! converts them, and runs the converted program in a simulator over every
//! execution (every branch choice, dynamic trip counts 0..=MAX_DYNAMIC_TRIPS).
//! Groups complete as late as the counting waits allow: a wait for at most N
//! groups in flight completes all but the N most recent groups of its queue.
//! The test checks that
//! - safety: where each original wait stood, every group it awaited is
//!   complete, on every execution;
//! - exactness: each count is the largest safe one: some execution has exactly
//!   that many groups committed after an awaited one, so count + 1 would leave
//!   it in flight;
//! - round trip: `asyncpipe-count-to-token` then token-to-count gives back the
//!   same counting form.
//!
//! CI runs a fixed seed and a bounded number of programs; a longer run:
//!     ASYNCPIPE_RANDOM_PROGRAMS=5000 ASYNCPIPE_RANDOM_SEED=7 cargo test --release --test token_to_count_random -- --nocapture

use asyncpipe::passes::ir::ods::asyncpipe::WaitQueueOp;
use asyncpipe::diagnostics::source_location;
use asyncpipe::passes::ir;
use asyncpipe::Context;
use melior::ir::operation::OperationLike;
use std::collections::{BTreeMap, HashMap};

mod common;
use common::{for_each_execution, Lines, Rng};

const MAX_DYNAMIC_TRIPS: usize = 3;
const EXECUTION_BUDGET: usize = 20_000;

type Var = usize;

enum Trip {
    Static(usize),
    Dynamic,
}

enum Stmt {
    Commit { queue: usize, def: Var },
    Wait { vars: Vec<Var>, line: usize },
    For { trip: Trip, inits: Vec<Var>, iters: Vec<Var>, body: Vec<Stmt>, yields: Vec<Var>, results: Vec<Var> },
    If { then: Vec<Stmt>, otherwise: Option<Vec<Stmt>>, yields: Vec<(Var, Var)>, results: Vec<Var> },
}

struct Generator {
    rng: Rng,
    next_var: usize,
    queues: usize,
    statements: usize,
}

impl Generator {
    fn var(&mut self) -> Var {
        self.next_var += 1;
        self.next_var
    }

    fn block(&mut self, visible: &mut Vec<Var>, depth: usize) -> Vec<Stmt> {
        let mut stmts = Vec::new();
        let length = 1 + self.rng.below(4);
        for _ in 0..length {
            if self.statements > 14 {
                break;
            }
            self.statements += 1;
            let choice = self.rng.below(10);
            if choice < 4 || visible.is_empty() {
                let def = self.var();
                stmts.push(Stmt::Commit { queue: self.rng.below(self.queues), def });
                visible.push(def);
            } else if choice < 7 {
                let count = 1 + self.rng.below(visible.len().min(2));
                let mut vars = Vec::new();
                for _ in 0..count {
                    let v = visible[self.rng.below(visible.len())];
                    if !vars.contains(&v) {
                        vars.push(v);
                    }
                }
                stmts.push(Stmt::Wait { vars, line: 0 });
            } else if choice < 9 && depth < 2 {
                let trip = if self.rng.chance(50) { Trip::Static(self.rng.below(4)) } else { Trip::Dynamic };
                let carried = self.rng.below(visible.len().min(2) + 1);
                let inits: Vec<Var> = (0..carried).map(|_| visible[self.rng.below(visible.len())]).collect();
                let iters: Vec<Var> = (0..carried).map(|_| self.var()).collect();
                let mut inner = visible.clone();
                inner.extend(&iters);
                let body = self.block(&mut inner, depth + 1);
                let yields: Vec<Var> = (0..carried).map(|_| inner[self.rng.below(inner.len())]).collect();
                let results: Vec<Var> = (0..carried).map(|_| self.var()).collect();
                visible.extend(&results);
                stmts.push(Stmt::For { trip, inits, iters, body, yields, results });
            } else if depth < 2 {
                let mut then_visible = visible.clone();
                let then = self.block(&mut then_visible, depth + 1);
                let with_else = self.rng.chance(60);
                let mut else_visible = visible.clone();
                let otherwise = with_else.then(|| self.block(&mut else_visible, depth + 1));
                let count = if with_else { self.rng.below(2) } else { 0 };
                let yields: Vec<(Var, Var)> = (0..count)
                    .map(|_| {
                        (then_visible[self.rng.below(then_visible.len())], else_visible[self.rng.below(else_visible.len())])
                    })
                    .collect();
                let results: Vec<Var> = (0..count).map(|_| self.var()).collect();
                visible.extend(&results);
                stmts.push(Stmt::If { then, otherwise, yields, results });
            }
        }
        stmts
    }
}

struct Printer {
    lines: Lines,
    /// SSA names of loop and if results (`%r5#1`); others are `%g<var>`.
    names: HashMap<Var, String>,
}

impl Printer {
    fn name(&self, var: Var) -> String {
        self.names.get(&var).cloned().unwrap_or_else(|| format!("%g{var}"))
    }

    fn emit(&mut self, indent: usize, s: &str) {
        self.lines.emit(indent, s);
    }

    fn block(&mut self, stmts: &mut [Stmt], indent: usize) {
        for stmt in stmts {
            match stmt {
                Stmt::Commit { queue, def } => {
                    self.emit(indent, &format!("%g{def} = asyncpipe.commit_group queue {queue} {{"));
                    self.emit(indent + 1, "asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>");
                    self.emit(indent, "}");
                }
                Stmt::Wait { vars, line } => {
                    *line = self.lines.line + 1;
                    let list: Vec<String> = vars.iter().map(|v| self.name(*v)).collect();
                    self.emit(indent, &format!("asyncpipe.wait {}", list.join(", ")));
                }
                Stmt::For { trip, inits, iters, body, yields, results } => {
                    let ub = match trip {
                        Trip::Static(n) => format!("%c{n}"),
                        Trip::Dynamic => "%n".into(),
                    };
                    let groups = |n: usize| vec!["!asyncpipe.group"; n].join(", ");
                    let header = if inits.is_empty() {
                        format!("scf.for %i{} = %c0 to {ub} step %c1 {{", self.lines.line)
                    } else {
                        let args: Vec<String> =
                            iters.iter().zip(inits.iter()).map(|(i, v)| format!("%g{i} = {}", self.name(*v))).collect();
                        format!(
                            "{}:{} = scf.for %i{} = %c0 to {ub} step %c1 iter_args({}) -> ({}) {{",
                            format_args!("%r{}", results[0]),
                            results.len(),
                            self.lines.line,
                            args.join(", "),
                            groups(results.len())
                        )
                    };
                    self.emit(indent, &header);
                    self.block(body, indent + 1);
                    if !yields.is_empty() {
                        let ys: Vec<String> = yields.iter().map(|y| self.name(*y)).collect();
                        self.emit(indent + 1, &format!("scf.yield {} : {}", ys.join(", "), groups(yields.len())));
                    }
                    self.emit(indent, "}");
                    for (k, r) in results.iter().enumerate() {
                        self.names.insert(*r, format!("%r{}#{k}", results[0]));
                    }
                }
                Stmt::If { then, otherwise, yields, results } => {
                    let groups = vec!["!asyncpipe.group"; results.len()].join(", ");
                    if results.is_empty() {
                        self.emit(indent, "scf.if %cond {");
                    } else {
                        self.emit(indent, &format!("%s{}:{} = scf.if %cond -> ({groups}) {{", results[0], results.len()));
                    }
                    self.block(then, indent + 1);
                    if !yields.is_empty() {
                        let ys: Vec<String> = yields.iter().map(|(t, _)| self.name(*t)).collect();
                        self.emit(indent + 1, &format!("scf.yield {} : {groups}", ys.join(", ")));
                    }
                    if let Some(otherwise) = otherwise {
                        self.emit(indent, "} else {");
                        self.block(otherwise, indent + 1);
                        if !yields.is_empty() {
                            let ys: Vec<String> = yields.iter().map(|(_, e)| self.name(*e)).collect();
                            self.emit(indent + 1, &format!("scf.yield {} : {groups}", ys.join(", ")));
                        }
                    }
                    self.emit(indent, "}");
                    for (k, r) in results.iter().enumerate() {
                        self.names.insert(*r, format!("%s{}#{k}", results[0]));
                    }
                }
            }
        }
    }
}

/// Replays one execution, taking branch and trip-count choices from `choices`
/// (extended with zeros) and recording how many options each point had.
struct Execution<'a> {
    choices: &'a [usize],
    taken: Vec<(usize, usize)>,
    hw_queue: &'a dyn Fn(usize) -> usize,
    counts: &'a HashMap<usize, Vec<(usize, i64)>>,
    env: HashMap<Var, (usize, usize)>, // var -> (hardware queue, instance)
    committed: BTreeMap<usize, Vec<usize>>, // queue -> instances in commit order
    complete: Vec<bool>,
    /// line -> queue -> smallest number of commits after an awaited group.
    observed: &'a mut HashMap<usize, BTreeMap<usize, i64>>,
    violation: Option<String>,
}

impl Execution<'_> {
    fn choose(&mut self, options: usize) -> usize {
        let index = self.taken.len();
        let choice = self.choices.get(index).copied().unwrap_or(0).min(options - 1);
        self.taken.push((choice, options));
        choice
    }

    fn run(&mut self, stmts: &[Stmt]) {
        for stmt in stmts {
            match stmt {
                Stmt::Commit { queue, def } => {
                    let hw = (self.hw_queue)(*queue);
                    let instance = self.complete.len();
                    self.complete.push(false);
                    self.committed.entry(hw).or_default().push(instance);
                    self.env.insert(*def, (hw, instance));
                }
                Stmt::Wait { vars, line } => {
                    for (queue, count) in self.counts.get(line).cloned().unwrap_or_default() {
                        let list = self.committed.entry(queue).or_default();
                        let keep = (count.max(0) as usize).min(list.len());
                        for &instance in &list[..list.len() - keep] {
                            self.complete[instance] = true;
                        }
                    }
                    for var in vars {
                        let (queue, instance) = self.env[var];
                        let list = &self.committed[&queue];
                        let position = list.iter().position(|&i| i == instance).unwrap();
                        let after = (list.len() - 1 - position) as i64;
                        let seen = self.observed.entry(*line).or_default().entry(queue).or_insert(after);
                        *seen = (*seen).min(after);
                        if !self.complete[instance] && self.violation.is_none() {
                            self.violation = Some(format!("line {line}: %g{var} may still be in flight"));
                        }
                    }
                }
                Stmt::For { trip, inits, iters, body, yields, results } => {
                    let trips = match trip {
                        Trip::Static(n) => *n,
                        Trip::Dynamic => self.choose(MAX_DYNAMIC_TRIPS + 1),
                    };
                    let mut carried: Vec<(usize, usize)> = inits.iter().map(|v| self.env[v]).collect();
                    for _ in 0..trips {
                        for (i, value) in iters.iter().zip(&carried) {
                            self.env.insert(*i, *value);
                        }
                        self.run(body);
                        carried = yields.iter().map(|v| self.env[v]).collect();
                    }
                    for (r, value) in results.iter().zip(&carried) {
                        self.env.insert(*r, *value);
                    }
                }
                Stmt::If { then, otherwise, yields, results } => {
                    let take_then = self.choose(2) == 0;
                    if take_then {
                        self.run(then);
                    } else if let Some(otherwise) = otherwise {
                        self.run(otherwise);
                    }
                    for ((t, e), r) in yields.iter().zip(results) {
                        let value = self.env[if take_then { t } else { e }];
                        self.env.insert(*r, value);
                    }
                }
            }
        }
    }
}

fn check_program(context: &Context, seed: u64, index: usize) -> Result<bool, String> {
    let mut rng = Rng::for_program(seed, index);
    let queues = 1 + rng.below(2);
    let single = queues > 1 && rng.chance(50);
    let mut generator = Generator { rng, next_var: 0, queues, statements: 0 };
    let mut visible = Vec::new();
    let mut program = generator.block(&mut visible, 0);

    let mut printer = Printer { lines: Lines::default(), names: HashMap::new() };
    printer.lines.open_function("%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index, %cond: i1", 4);
    printer.block(&mut program, 1);
    printer.lines.close_function();
    let source = printer.lines.text;

    let mut module = context.parse(&source, "random.mlir").map_err(|e| format!("{e}\n{source}"))?;
    let pipeline = format!("builtin.module(asyncpipe-token-to-count{{single-hw-queue={single}}})");
    context.run_pipeline(&mut module, &pipeline).map_err(|e| format!("{e}\n{source}"))?;

    let mut counts: HashMap<usize, Vec<(usize, i64)>> = HashMap::new();
    for op in ir::nested_ops(module.as_operation()) {
        if WaitQueueOp::is(op) {
            let line = source_location(op.location()).unwrap().line as usize;
            let queue = ir::int_attr(op, "queue").unwrap() as usize;
            counts.entry(line).or_default().push((queue, ir::int_attr(op, "count").unwrap()));
        }
    }

    // count -> token -> count reproduces the counting form.
    let counted = module.as_operation().to_string();
    let mut round = context.parse(&counted, "counted.mlir").map_err(|e| format!("{e}\n{counted}"))?;
    context
        .run_pipeline(&mut round, "builtin.module(asyncpipe-count-to-token,asyncpipe-token-to-count)")
        .map_err(|e| format!("round trip: {e}\n{source}\n{counted}"))?;
    if round.as_operation().to_string() != counted {
        return Err(format!("count -> token -> count changed the program:\n{counted}\n{}", round.as_operation()));
    }

    let hw_queue = |q: usize| if single { 0 } else { q };
    let mut observed: HashMap<usize, BTreeMap<usize, i64>> = HashMap::new();
    let mut violation = None;
    let complete = for_each_execution(EXECUTION_BUDGET, |choices| {
        let mut execution = Execution {
            choices,
            taken: Vec::new(),
            hw_queue: &hw_queue,
            counts: &counts,
            env: HashMap::new(),
            committed: BTreeMap::new(),
            complete: Vec::new(),
            observed: &mut observed,
            violation: None,
        };
        execution.run(&program);
        violation = violation.take().or(execution.violation);
        execution.taken
    });
    if let Some(violation) = violation {
        return Err(format!("unsafe count: {violation}\n{source}\n{}", module.as_operation()));
    }
    if !complete {
        return Ok(false); // safety checked on a subset; exactness not claimed
    }
    // Exactness: each count equals the smallest observed distance.
    for (line, per_queue) in &counts {
        for (queue, count) in per_queue {
            if let Some(seen) = observed.get(line).and_then(|m| m.get(queue)) {
                if seen != count {
                    return Err(format!(
                        "line {line}: count {count} on queue {queue}, but the largest safe count is {seen}\n{source}\n{}",
                        module.as_operation()
                    ));
                }
            }
        }
    }
    Ok(true)
}

#[test]
fn random_token_programs_get_safe_and_largest_counts() {
    let programs: usize = std::env::var("ASYNCPIPE_RANDOM_PROGRAMS").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    let seed: u64 = std::env::var("ASYNCPIPE_RANDOM_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20261121);
    let context = Context::new();
    let mut exhaustive = 0;
    for index in 0..programs {
        match check_program(&context, seed, index) {
            Ok(true) => exhaustive += 1,
            Ok(false) => {}
            Err(message) => panic!("program {index} (seed {seed}): {message}"),
        }
    }
    println!("{programs} random programs: all safe; {exhaustive} enumerated exhaustively and exact");
    assert!(exhaustive * 10 >= programs * 9, "too few programs were enumerated exhaustively");
}
