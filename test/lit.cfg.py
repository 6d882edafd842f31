# lit configuration for asyncpipe's FileCheck tests.
#
# Tools come from ASYNCPIPE_BIN_DIR (default: target/debug of this checkout)
# and from LLVM 22 (FileCheck, not, split-file, mlir-opt, mlir-runner).

import os

import lit.formats

config.name = "asyncpipe"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, "Output")

root = os.path.dirname(config.test_source_root)
bin_dir = os.environ.get("ASYNCPIPE_BIN_DIR", os.path.join(root, "target", "debug"))
llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")

if not os.path.exists(os.path.join(bin_dir, "asyncpipe-opt")):
    lit_config.fatal(f"asyncpipe-opt not found in {bin_dir}: run 'cargo build' first")

config.environment["PATH"] = os.pathsep.join([bin_dir, llvm_bin, config.environment.get("PATH", "")])
config.substitutions.append(("%llvm_bin", llvm_bin))

# CPU execution: upstream lowering to LLVM and mlir-runner with its runtime.
config.substitutions.append((
    "%lower-to-llvm",
    "--convert-linalg-to-loops --expand-strided-metadata --lower-affine --convert-scf-to-cf "
    "--finalize-memref-to-llvm --convert-math-to-llvm --convert-func-to-llvm "
    "--convert-arith-to-llvm --convert-cf-to-llvm --convert-ub-to-llvm --reconcile-unrealized-casts",
))
config.substitutions.append((
    "%run-cpu",
    f"mlir-runner -e main -entry-point-result=void "
    f"-shared-libs={os.path.dirname(llvm_bin)}/lib/libmlir_runner_utils.so,"
    f"{os.path.dirname(llvm_bin)}/lib/libmlir_c_runner_utils.so",
))
