#!/usr/bin/env python3
"""Prints a document's example NAME: the fenced code block right after the
line `<!-- example: NAME -->`. The embedding tests run these blocks of
docs/embedding.md (the README's "Embedding" section before the docs were
split), or compare them with the files the tests build, so that what the
documentation tells a user to paste is what CI runs.

    readme-example.py docs/embedding.md NAME
"""
import re
import sys


def main():
    path, name = sys.argv[1], sys.argv[2]
    text = open(path).read()
    match = re.search(r"^<!-- example: " + re.escape(name) + r" -->\n```[^\n]*\n(.*?)^```$", text, re.S | re.M)
    if not match:
        sys.exit(f"readme-example: no example '{name}' in {path}")
    sys.stdout.write(match.group(1))


if __name__ == "__main__":
    main()
