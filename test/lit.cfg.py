# lit configuration for asyncpipe's FileCheck tests.
#
# Tools come from ASYNCPIPE_BIN_DIR (default: target/debug of this checkout)
# and from LLVM 22 (FileCheck, not, split-file, mlir-opt, mlir-runner).

import os

import lit.formats

config.name = "asyncpipe"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "tools", "lit.cfg.py"]
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

# A gpu.module kernel as a CPU function, for execution tests of the examples:
# the block and thread ids become trailing index arguments, the gpu.module
# and container module wrappers go (the examples close them with "  }" and
# "}" lines), and workgroup memory becomes address space 3. (\x25 is sed's
# '%': lit would take "%t" for its temporary-file substitution.)
config.substitutions.append((
    "%gpu-kernel-to-cpu",
    "sed -e '/^module attributes {gpu.container_module} {$/d' -e '/^}$/d' -e '/^  gpu.module @kernels {$/d' "
    "-e '/^  }$/d' -e 's/) kernel {$/, \\x25bid: index, \\x25tid: index) {/' -e '/= gpu.block_id x$/d' "
    "-e '/= gpu.thread_id x$/d' -e 's/gpu.return/return/' -e 's/gpu.func @/func.func @/' "
    "-e 's/#gpu.address_space<workgroup>/3/g'",
))

# PTX: extraction from gpu.binary, the wait-count check, and ptxas (from the
# PyPI package nvidia-cuda-nvcc-cu12, which scripts/setup.sh installs under
# .tools/cuda). Tests that assemble PTX say REQUIRES: ptxas; without ptxas
# they are reported UNSUPPORTED (counted as skipped), never passed.
tools = os.path.join(config.test_source_root, "tools")
config.substitutions.append(("%extract-ptx", f"python3 {tools}/extract-ptx.py"))
config.substitutions.append(("%check-wait-groups", f"python3 {tools}/check-wait-groups.py"))
# Bulk queues on the CPU: the mbarrier model of Execution/Inputs/mbarrier-sim.mlir.
config.substitutions.append(("%bulk-to-cpu", f"python3 {tools}/bulk-to-cpu.py"))
config.substitutions.append(("%examples", os.path.join(root, "examples")))
import shutil
ptxas = os.environ.get("PTXAS") or next(
    (p for p in [os.path.join(root, ".tools", "cuda", "nvidia", "cuda_nvcc", "bin", "ptxas")] if os.path.exists(p)),
    None,
) or shutil.which("ptxas")
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
else:
    lit_config.warning(
        "ptxas not found (set PTXAS, or run scripts/setup.sh to install the PyPI package "
        "nvidia-cuda-nvcc-cu12 under .tools/cuda): the PTX assembly tests are skipped"
    )
