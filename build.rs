//! Builds the C++ half of asyncpipe (ODS dialects, C API, the pass bridge,
//! the mlir-opt driver and plugin) with the CMake project in `cmake/`, and
//! links it as shared libraries beside the distribution's shared libMLIR.so:
//! asyncpipe never carries its own copy of MLIR, so a host toolchain that
//! loads it (the mlir-opt plugin, a C++ project through the CMake package)
//! keeps one registry and one context type.
//!
//! mlir-sys must link shared too (`MLIR_SYS_LINK_SHARED=1`, set in
//! `.cargo/config.toml`); its `-lMLIR-C` finds the linker script that
//! `cmake/shim` writes, naming `libAsyncPipeMLIRCAPI.so`.
//!
//! Cargo reruns this script when anything under `dialects/` or `cmake/`
//! changes; Ninja then rebuilds only what depends on the edited file.

#[path = "dialects/ods.rs"]
mod ods;

use std::env;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    for watched in ["dialects", "cmake", "build.rs"] {
        println!("cargo:rerun-if-changed={}", root.join(watched).display());
    }
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_LINK_SHARED");

    if env::var("MLIR_SYS_LINK_SHARED").as_deref() != Ok("1") {
        fail(
            "asyncpipe links MLIR shared: set MLIR_SYS_LINK_SHARED=1 (as .cargo/config.toml does), \
             or mlir-sys links a static copy of MLIR beside libMLIR.so",
        );
    }
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    let mlir_dir = prefix.join("lib/cmake/mlir");
    if !mlir_dir.join("MLIRConfig.cmake").exists() {
        fail(&format!(
            "MLIR 22 not found at {} (set MLIR_SYS_220_PREFIX, or run scripts/setup.sh to install Debian's LLVM/MLIR 22)",
            mlir_dir.display()
        ));
    }

    // OUT_DIR is <target>/<profile>/build/asyncpipe-<hash>/out: cargo puts
    // libasyncpipe.so and asyncpipe-opt in <target>/<profile>.
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let profile_dir = out.ancestors().nth(3).expect("OUT_DIR is inside cargo's target folder");
    let build = out.join("cmake-build");
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
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()))
        .arg(format!("-DASYNCPIPE_RUST_LIBRARY={}", profile_dir.join("libasyncpipe.so").display()))
        .arg(format!("-DASYNCPIPE_RUST_BIN_DIR={}", profile_dir.display()))
        .stdout(std::process::Stdio::null()));
    let jobs = env::var("NUM_JOBS").unwrap_or_else(|_| "2".into());
    run(Command::new("cmake")
        .arg("--build")
        .arg(&build)
        .arg("--")
        .arg(format!("-j{jobs}")));

    let libraries = build.join("shim");
    println!("cargo:rustc-link-search=native={}", libraries.display());
    println!("cargo:rustc-link-lib=dylib=AsyncPipeDialects");
    // Binaries, tests and libasyncpipe.so find the C++ libraries beside them
    // or in lib/ once installed, else in this build; and MLIR in the prefix.
    println!(
        "cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN:$ORIGIN/../lib:{}:{}",
        libraries.display(),
        prefix.join("lib").display()
    );
    // For tools and tests that want the C++ build (lit's config, the CMake package).
    println!("cargo:rustc-env=ASYNCPIPE_CMAKE_BUILD_DIR={}", build.display());

    // The typed Rust views of the ops (passes/ir/ods.rs), from the same .td
    // records as the C++.
    if let Err(message) = ods::generate(&root.join("dialects"), &prefix.join("include"), &out.join("ods.rs")) {
        fail(&format!("generating the Rust op views from the ODS: {message}"));
    }
}

fn run(command: &mut Command) {
    let status = command.status().unwrap_or_else(|e| {
        fail(&format!(
            "cannot run {:?}: {e} (is cmake/ninja installed? scripts/setup.sh installs them)",
            command.get_program()
        ))
    });
    if !status.success() {
        fail(&format!("{command:?} failed with {status}"));
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

