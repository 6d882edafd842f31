//! Builds the C++ half of asyncpipe (ODS dialects, C API, the pass bridge and
//! the mlir-opt driver) with the CMake project in `cmake/`, and links its
//! static archives into this crate, beside mlir-sys's static MLIR.
//!
//! Cargo reruns this script when anything under `dialects/` or `cmake/`
//! changes; Ninja then rebuilds only what depends on the edited file.

use std::env;
use std::path::PathBuf;
use std::process::Command;

/// Static archives built by `cmake/`, in link order (users before what they use).
const ARCHIVES: &[(&str, &str)] = &[
    ("shim", "AsyncPipeShim"),
    ("dialects/AsyncPipe", "AsyncPipeDialect"),
    ("dialects/Par", "ParDialect"),
    ("dialects/AsyncOp", "AsyncOpDialect"),
];

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    for watched in ["dialects", "cmake", "build.rs"] {
        println!("cargo:rerun-if-changed={}", root.join(watched).display());
    }
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");

    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    let mlir_dir = prefix.join("lib/cmake/mlir");
    if !mlir_dir.join("MLIRConfig.cmake").exists() {
        fail(&format!(
            "MLIR 22 not found at {} (set MLIR_SYS_220_PREFIX, or run ./scripts/setup to install Debian's LLVM/MLIR 22)",
            mlir_dir.display()
        ));
    }

    let build = PathBuf::from(env::var("OUT_DIR").unwrap()).join("cmake-build");
    if !build.join("build.ninja").exists() {
        run(Command::new("cmake")
            .arg("-G")
            .arg("Ninja")
            .arg("-S")
            .arg(root.join("cmake"))
            .arg("-B")
            .arg(&build)
            .arg("-DCMAKE_BUILD_TYPE=Release")
            .arg(format!("-DMLIR_DIR={}", mlir_dir.display()))
            .arg(format!("-DLLVM_DIR={}", prefix.join("lib/cmake/llvm").display()))
            .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display())));
    }
    let jobs = env::var("NUM_JOBS").unwrap_or_else(|_| "2".into());
    run(Command::new("cmake")
        .arg("--build")
        .arg(&build)
        .arg("--")
        .arg(format!("-j{jobs}")));

    for (dir, lib) in ARCHIVES {
        println!("cargo:rustc-link-search=native={}", build.join(dir).display());
        println!("cargo:rustc-link-lib=static={lib}");
    }
    println!("cargo:rustc-link-lib=dylib=stdc++");
    // For tools and tests that want the C++ build (lit's config, the CMake package).
    println!("cargo:rustc-env=ASYNCPIPE_CMAKE_BUILD_DIR={}", build.display());
}

fn run(command: &mut Command) {
    let status = command
        .status()
        .unwrap_or_else(|e| fail(&format!("cannot run {:?}: {e} (is cmake/ninja installed? ./scripts/setup installs them)", command.get_program())));
    if !status.success() {
        fail(&format!("{command:?} failed with {status}"));
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

