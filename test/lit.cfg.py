# lit configuration for asyncpipe's FileCheck tests.
#
# Tools come from ASYNCPIPE_BIN_DIR (default: target/debug of this checkout)
# and from LLVM 22 (FileCheck, not, split-file, mlir-opt, mlir-runner).
#
# Plugin mode (`lit --param opt=plugin test/...`, which scripts/test.sh runs
# on a representative part of the suite): every `asyncpipe-opt` in a RUN line
# becomes the distribution's mlir-opt with asyncpipe's installed plugin
# (ASYNCPIPE_INSTALL_DIR, default target/install: scripts/install.sh), through
# tools/plugin-opt.py. Tests that need asyncpipe-opt itself say
# `UNSUPPORTED: plugin`.

import os
import re
import subprocess

import lit.formats

config.name = "asyncpipe"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".c", ".test"]
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
config.substitutions.append(("%bin", bin_dir))
tools = os.path.join(config.test_source_root, "tools")

# The installed tree (scripts/install.sh): the plugin, the CMake package and
# the C API headers and libraries that the embedding tests build against.
install_dir = os.path.abspath(os.environ.get("ASYNCPIPE_INSTALL_DIR", os.path.join(root, "target", "install")))
plugin = os.path.join(install_dir, "lib", "libAsyncPipePlugin.so")
if os.path.exists(os.path.join(install_dir, "lib", "cmake", "AsyncPipe", "AsyncPipeConfig.cmake")):
    config.available_features.add("installed")
config.substitutions.append(("%install", install_dir))
# Compiler flags for a C program using asyncpipe's C API from the installed tree.
llvm_lib = os.path.join(os.path.dirname(llvm_bin), "lib")
config.substitutions.append((
    "%capi-flags",
    f"-I{install_dir}/include -I{os.path.dirname(llvm_bin)}/include -L{install_dir}/lib -L{llvm_lib} "
    f"-lasyncpipe -lAsyncPipeDialects -lAsyncPipeMLIRCAPI -lMLIR -Wl,-rpath,{install_dir}/lib -Wl,-rpath,{llvm_lib}",
))
config.substitutions.append(("%plugin", plugin))
config.environment["ASYNCPIPE_MLIR_OPT"] = os.path.join(llvm_bin, "mlir-opt")
# Long random runs are opt-in: ASYNCPIPE_RANDOM_SCALE=N multiplies the
# programs of the random tests (test/tools/*-random.py).
if "ASYNCPIPE_RANDOM_SCALE" in os.environ:
    config.environment["ASYNCPIPE_RANDOM_SCALE"] = os.environ["ASYNCPIPE_RANDOM_SCALE"]
# Long proofs are opt-in too: ASYNCPIPE_LONG_TESTS=1 runs the tests that
# REQUIRE long-tests (every wrong version of a pass's output where the
# default run takes a few).
if os.environ.get("ASYNCPIPE_LONG_TESTS"):
    config.available_features.add("long-tests")
config.environment["ASYNCPIPE_PLUGIN"] = plugin

# Another LLVM release's mlir-opt (Debian's mlir-19-tools, which setup.sh
# installs): the plugin must refuse it cleanly.
mlir_opt_19 = "/usr/lib/llvm-19/bin/mlir-opt"
if os.path.exists(mlir_opt_19):
    config.available_features.add("mlir-opt-19")
    config.substitutions.append(("%mlir-opt-19", mlir_opt_19))

if lit_config.params.get("opt") == "plugin":
    if not os.path.exists(plugin):
        lit_config.fatal(f"plugin mode: {plugin} not found: run scripts/install.sh first")
    config.available_features.add("plugin")
    # The names of every pass and pipeline the stock tool knows once the
    # plugin is loaded, for plugin-opt.py to tell pass flags from options.
    help_text = subprocess.run(
        [os.path.join(llvm_bin, "mlir-opt"), f"--load-pass-plugin={plugin}", "--help"],
        capture_output=True, text=True, check=True).stdout
    section = help_text.split("Compiler passes to run", 1)[1]
    names = re.findall(r"^      --([A-Za-z0-9][\w-]*)", section, re.M)
    if "asyncpipe-token-to-count" not in names:
        lit_config.fatal("plugin mode: mlir-opt did not list asyncpipe's passes after loading the plugin")
    os.makedirs(config.test_exec_root, exist_ok=True)
    passes_file = os.path.join(config.test_exec_root, "plugin-passes.txt")
    with open(passes_file, "w") as f:
        f.write("\n".join(names) + "\n")
    config.environment["ASYNCPIPE_PLUGIN_PASSES"] = passes_file
    config.substitutions.append((r"(?<![\w/.-])asyncpipe-opt(?![\w-])", f"python3 {tools}/plugin-opt.py"))

# CPU execution: upstream lowering to LLVM and mlir-runner with its runtime.
# -O1: the block-model GEMMs JIT and run in half the time of mlir-runner's
# default (11.3 s to 5.8 s for tensor-core-gemm-block-cpu's kernel; -O2 and
# -O3 in between), with the same output.
# (The flags are in one file, which bench/gpu/prepare.sh reads too.)
with open(os.path.join(tools, "lower-to-llvm.flags")) as flags:
    # As bytecode: the runner reads it faster than the text of the large
    # block-model modules (10 MB for the tensor-core GEMM), and printing it
    # costs less.
    config.substitutions.append(("%lower-to-llvm", flags.read().strip() + " --emit-bytecode"))
config.substitutions.append((
    "%run-cpu",
    f"stdbuf -oL mlir-runner -O1 -e main -entry-point-result=void "
    f"-shared-libs={os.path.dirname(llvm_bin)}/lib/libmlir_runner_utils.so,"
    f"{os.path.dirname(llvm_bin)}/lib/libmlir_c_runner_utils.so",
))

# The async dialect on the CPU: tasks become coroutines on the upstream
# async runtime's thread pool (libmlir_async_runtime.so), before the
# lowering to LLVM; asyncpipe-async-loop-types gives loops that carry a task
# (asyncop-schedule's rotated loops) the runtime's pointer type.
config.substitutions.append((
    "%lower-async",
    "--async-to-async-runtime --async-runtime-ref-counting --async-runtime-ref-counting-opt --convert-async-to-llvm --asyncpipe-async-loop-types",
))
config.substitutions.append((
    "%run-async",
    f"mlir-runner -e main -entry-point-result=void -O3 "
    f"-shared-libs={os.path.dirname(llvm_bin)}/lib/libmlir_runner_utils.so,"
    f"{os.path.dirname(llvm_bin)}/lib/libmlir_c_runner_utils.so,"
    f"{os.path.dirname(llvm_bin)}/lib/libmlir_async_runtime.so",
))

# A gpu.module kernel as a CPU function, for execution tests of the examples
# (the sed script says what it changes; bench/gpu/prepare.sh uses it too).
config.substitutions.append(("%gpu-kernel-to-cpu", f"sed -f {tools}/gpu-kernel-to-cpu.sed"))
# Kernels as func.func and back, for upstream passes anchored on func.func.
config.substitutions.append(("%kernel-to-func", f"sed -f {tools}/kernel-to-func.sed"))
config.substitutions.append(("%func-to-kernel", f"sed -f {tools}/func-to-kernel.sed"))

# PTX: extraction from gpu.binary, the wait-count check, and ptxas (from the
# PyPI package nvidia-cuda-nvcc-cu12, which scripts/setup.sh installs under
# .tools/cuda). Tests that assemble PTX say REQUIRES: ptxas; without ptxas
# they are reported UNSUPPORTED (counted as skipped), never passed.
config.substitutions.append(("%extract-ptx", f"python3 {tools}/extract-ptx.py"))
config.substitutions.append(("%check-wait-groups", f"python3 {tools}/check-wait-groups.py"))
# Bulk queues on the CPU: the mbarrier model of Execution/Inputs/mbarrier-sim.mlir.
config.substitutions.append(("%bulk-to-cpu", f"python3 {tools}/bulk-to-cpu.py"))
# The block model's checks: every barrier and wait of a kernel is needed.
config.substitutions.append(("%each-sync-needed", f"python3 {tools}/each-sync-needed.py"))
# Counting-form IR without its commits and waits (asyncpipe-synchronize's input).
config.substitutions.append(("%strip-sync", f"python3 {tools}/strip-sync.py"))
# A printed module's gpu.module, without the module around it, to be
# concatenated with a test's host code.
config.substitutions.append((
    "%unwrap-module",
    "sed -e '/^module attributes {gpu.container_module} {$/d' -e '/^}$/d'",
))
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
