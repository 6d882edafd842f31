#!/usr/bin/env python3
"""Strips the synchronization from counting-form asyncpipe IR (stdin to
stdout), for comparing asyncpipe-synchronize with hand synchronization:
`asyncpipe.commit` and `asyncpipe.wait_queue` ops go, and each
`asyncpipe.commit_queue Q { ... }` region is replaced by its ops, whose
async ops then name queue Q themselves. Works on the printed (custom) form,
one op a line.
"""
import re
import sys

OPEN = re.compile(r"^(\s*)asyncpipe\.commit_queue (\d+) \{\s*$")
DROP = re.compile(r"^\s*asyncpipe\.(commit \d+|wait_queue \d+, \S+)\s*$")
ASYNC = re.compile(r"^(\s*(?:%\S+ = )?asyncpipe\.(?:copy|async_scope)\b)(.*)$")


def main():
    out = []
    scopes = []  # (indent of the commit_queue line, queue)
    for line in sys.stdin.read().splitlines():
        opened = OPEN.match(line)
        if opened:
            scopes.append((opened[1], opened[2]))
            continue
        if scopes and line == scopes[-1][0] + "}":
            scopes.pop()
            continue
        if DROP.match(line):
            continue
        op = ASYNC.match(line)
        if op and scopes and " queue " not in line:
            queue = scopes[-1][1]
            rest = op[2]
            if "asyncpipe.copy" in op[1]:
                # copy %a, %b [zero_fill] : types  ->  add "queue Q" before the colon
                head, colon, tail = rest.partition(" : ")
                line = f"{op[1]}{head} queue {queue}{colon}{tail}"
            else:
                line = f"{op[1]} queue {queue}{rest}"
        out.append(line[2 * len(scopes):] if scopes and line.startswith("  " * len(scopes)) else line)
    print("\n".join(out))


if __name__ == "__main__":
    main()
