#!/usr/bin/env python3
"""Stands in for asyncpipe-opt when lit runs in plugin mode (--param
opt=plugin): runs the distribution's mlir-opt with asyncpipe's plugin loaded
as both dialect and pass plugin, with the same arguments.

A stock mlir-opt builds its pass flags (--canonicalize, ...) before it loads
pass plugins, so the flags of plugin passes do not exist; plugin passes are
reachable through --pass-pipeline only (upstream's standalone example does
the same). Pass flags, upstream's or asyncpipe's, become one
--pass-pipeline=builtin.module(...) in their order, with `--pass=options`
as `pass{options}`; every other argument is passed through.

Environment (set by lit.cfg.py): ASYNCPIPE_MLIR_OPT, ASYNCPIPE_PLUGIN and
ASYNCPIPE_PLUGIN_PASSES (a file listing the pass and pipeline names).
"""
import os
import re
import sys


def main():
    mlir_opt = os.environ["ASYNCPIPE_MLIR_OPT"]
    plugin = os.environ["ASYNCPIPE_PLUGIN"]
    with open(os.environ["ASYNCPIPE_PLUGIN_PASSES"]) as f:
        passes = set(f.read().split())
    pipeline, rest = [], []
    for arg in sys.argv[1:]:
        match = re.fullmatch(r"--?([A-Za-z0-9][\w-]*)(?:=(.*))?", arg, re.S)
        if match and match.group(1) in passes:
            name, options = match.groups()
            pipeline.append(f"{name}{{{options}}}" if options else name)
        else:
            rest.append(arg)
    if pipeline:
        if any(re.match(r"--?pass-pipeline", a) for a in rest):
            sys.exit("plugin-opt: pass flags and --pass-pipeline together cannot be translated")
        rest.append("--pass-pipeline=builtin.module(" + ",".join(pipeline) + ")")
    argv = [mlir_opt, f"--load-dialect-plugin={plugin}", f"--load-pass-plugin={plugin}"] + rest
    os.execv(mlir_opt, argv)


if __name__ == "__main__":
    main()
