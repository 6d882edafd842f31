//! asyncpipe in a Rust program (README, "Embedding"): one context with every
//! dialect, asyncpipe's passes next to upstream's in one pipeline, and the
//! diagnostics as values. The context is melior's, on the same libMLIR.so as
//! any other MLIR code in the process.

const SOURCE: &str = r#"
func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  %t1 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g1 = asyncpipe.commit_group queue 0 (%t1)
  asyncpipe.wait %g0
  asyncpipe.wait %g1
  return
}
"#;

fn main() -> Result<(), asyncpipe::Error> {
    let context = asyncpipe::Context::new();
    let mut module = context.parse(SOURCE, "example.mlir")?;
    context.run_pipeline(&mut module, "asyncpipe-token-to-count,canonicalize")?;
    println!("{}", module.as_operation());
    for remark in context.take_diagnostics() {
        println!("{remark}"); // why the last wait drains the queue
    }
    Ok(())
}
