#!/usr/bin/env python3
"""Checks that a C program calls every function that asyncpipe's C API
headers declare (MLIR_CAPI_EXPORTED functions, and the dialect handle getter
of each MLIR_DECLARE_CAPI_DIALECT_REGISTRATION), so that a function added to
dialects/include/asyncpipe-c/ without a test fails the suite.

    capi-coverage.py INCLUDE_DIR PROGRAM.c
"""
import pathlib
import re
import sys


def declared(include_dir):
    names = set()
    for header in pathlib.Path(include_dir).rglob("*.h"):
        text = header.read_text()
        for match in re.finditer(r"MLIR_CAPI_EXPORTED\s+[^;(]*?\b(\w+)\s*\(", text):
            names.add(match.group(1))
        for match in re.finditer(r"MLIR_DECLARE_CAPI_DIALECT_REGISTRATION\(\s*\w+\s*,\s*(\w+)\s*\)", text):
            names.add(f"mlirGetDialectHandle__{match.group(1)}__")
    return names


def main():
    include_dir, program = sys.argv[1], sys.argv[2]
    names = declared(include_dir)
    calls = set(re.findall(r"\b(\w+)\s*\(", pathlib.Path(program).read_text()))
    missing = sorted(names - calls)
    print(f"capi-coverage: {len(names)} functions declared, {len(names) - len(missing)} called")
    for name in missing:
        print(f"capi-coverage: error: {name} is declared but {program} never calls it")
    sys.exit(1 if missing or not names else 0)


if __name__ == "__main__":
    main()
