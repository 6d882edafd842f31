#!/usr/bin/env python3
"""Writes the PTX of every gpu.binary object in an MLIR file (from
gpu-module-to-binary format=isa) to stdout, or each object to
PREFIX.<module>.ptx with --split PREFIX. Fails when there is none.

Usage: extract-ptx.py [FILE] [--split PREFIX]
"""
import re
import sys


def unescape(text):
    # MLIR prints non-printable bytes of a string attribute as \XX (hex).
    out = bytearray()
    i = 0
    raw = text.encode()
    while i < len(raw):
        if raw[i] == 0x5C and i + 2 < len(raw) + 1:
            pair = raw[i + 1 : i + 3]
            if re.fullmatch(rb"[0-9A-Fa-f]{2}", pair):
                out.append(int(pair, 16))
                i += 3
                continue
            out.append(raw[i + 1])
            i += 2
            continue
        out.append(raw[i])
        i += 1
    return out.decode()


def main():
    args = sys.argv[1:]
    split = None
    if "--split" in args:
        at = args.index("--split")
        split = args[at + 1]
        del args[at : at + 2]
    text = open(args[0]).read() if args else sys.stdin.read()
    objects = []
    for binary in re.finditer(r"gpu\.binary @([\w$.-]+)", text):
        start = binary.end()
        end = text.find("gpu.binary @", start)
        body = text[start : end if end >= 0 else len(text)]
        for obj in re.finditer(r'assembly = "((?:[^"\\]|\\.)*)"', body):
            objects.append((binary.group(1), unescape(obj.group(1))))
    if not objects:
        sys.exit("extract-ptx: no gpu.binary with PTX assembly in the input")
    for name, ptx in objects:
        if split:
            with open(f"{split}.{name}.ptx", "w") as f:
                f.write(ptx)
        else:
            sys.stdout.write(ptx)


main()
