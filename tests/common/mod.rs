//! Shared pieces of the randomized tests: a seeded generator and the
//! enumeration of every execution of a program with choice points.

/// A small deterministic generator (xorshift), so the tests need no crate.
pub struct Rng(pub u64);

impl Rng {
    /// A generator for program `index` of a run with `seed`.
    pub fn for_program(seed: u64, index: usize) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add((index as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9)) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// Replays executions through a sequence of choice points, odometer style:
/// `run` gets the choices to take (missing ones are 0) and returns the choices
/// it took with the number of options each had. Returns whether every
/// execution was enumerated within `budget`.
pub fn for_each_execution(budget: usize, mut run: impl FnMut(&[usize]) -> Vec<(usize, usize)>) -> bool {
    let mut choices: Vec<usize> = Vec::new();
    for _ in 0..budget {
        let taken = run(&choices);
        let mut next: Vec<usize> = taken.iter().map(|(choice, _)| *choice).collect();
        loop {
            match next.pop() {
                None => return true,
                Some(last) if last + 1 < taken[next.len()].1 => {
                    next.push(last + 1);
                    break;
                }
                Some(_) => {}
            }
        }
        choices = next;
    }
    false
}

/// MLIR text being generated, one line at a time, with the number of the
/// last line written (tests map diagnostics and waits back to lines).
#[derive(Default)]
pub struct Lines {
    pub text: String,
    pub line: usize,
}

impl Lines {
    pub fn emit(&mut self, indent: usize, s: &str) {
        self.text.push_str(&"  ".repeat(indent));
        self.text.push_str(s);
        self.text.push('\n');
        self.line += 1;
    }

    /// Opens `func.func @f(<params>)` and defines `%c0 .. %c<constants-1>`.
    pub fn open_function(&mut self, params: &str, constants: usize) {
        self.emit(0, &format!("func.func @f({params}) {{"));
        for c in 0..constants {
            self.emit(1, &format!("%c{c} = arith.constant {c} : index"));
        }
    }

    pub fn close_function(&mut self) {
        self.emit(1, "return");
        self.emit(0, "}");
    }
}
