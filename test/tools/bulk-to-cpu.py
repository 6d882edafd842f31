#!/usr/bin/env python3
"""Makes asyncpipe-to-nvgpu's bulk-queue lowering runnable on the CPU.

Reads a module in generic form (--mlir-print-op-generic) on stdin and writes
it with the NVVM mbarrier and bulk-copy ops as calls of the CPU model in
test/Execution/Inputs/mbarrier-sim.mlir, and the thread block reduced to the
simulated thread alone: thread ids 0, block sizes 1, no block barrier, no
mbarrier-init fence. Workgroup memory becomes address space 3. An NVVM op it
does not know is an error, so that a change in the lowering cannot slip past
the simulation.
"""
import re
import sys

CALLS = {
    "nvvm.mbarrier.init": "sim_mbarrier_init",
    "nvvm.mbarrier.expect_tx": "sim_expect_tx",
    "nvvm.cp.async.bulk.shared.cluster.global": "sim_bulk_copy",
    "nvvm.mbarrier.arrive": "sim_arrive",
    "nvvm.mbarrier.try_wait.parity": "sim_try_wait_parity",
}
DROPPED = ("gpu.barrier", "nvvm.fence.mbarrier.init")
CONSTANTS = {"gpu.thread_id": 0, "gpu.block_dim": 1}

OP = re.compile(r'^(?P<indent>\s*)(?P<results>(?:%\S+(?:, %\S+)* = )?)"(?P<name>(?:nvvm|gpu)\.[\w.]+)"'
                r'\((?P<operands>[^)]*)\)(?: <\{.*?\}>)?(?: \{.*?\})? : (?P<type>\(.*\) -> .*)$')


def main():
    out = []
    for number, line in enumerate(sys.stdin, 1):
        line = line.rstrip("\n").replace("#gpu.address_space<workgroup>", "3")
        match = OP.match(line)
        if not match or match["name"].startswith("gpu.") and match["name"] not in DROPPED + tuple(CONSTANTS):
            out.append(line)
            continue
        name = match["name"]
        if name in DROPPED:
            continue
        if name in CONSTANTS:
            out.append(f'{match["indent"]}{match["results"]}"arith.constant"() <{{value = {CONSTANTS[name]} : index}}> : () -> index')
        elif name in CALLS:
            out.append(f'{match["indent"]}{match["results"]}"func.call"({match["operands"]}) '
                       f'<{{callee = @{CALLS[name]}}}> : {match["type"]}')
        else:
            sys.exit(f"bulk-to-cpu: line {number}: no CPU model for '{name}'")
    if not any("sim_" in line for line in out):
        sys.exit("bulk-to-cpu: the input has no bulk copies or mbarriers")
    print("\n".join(out))


if __name__ == "__main__":
    main()
