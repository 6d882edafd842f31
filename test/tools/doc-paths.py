#!/usr/bin/env python3
"""Checks that every repository path the documentation names exists.

    doc-paths.py [--root ROOT] [--list] [FILE.md ...]

Without FILEs it reads README.md and every docs/**/*.md of ROOT (default:
the checkout this script is in). A path is named

  - in a link, `[text](target)` or `![alt](target)`: the target, relative to
    the Markdown file (as a renderer resolves it), or
  - in inline code, `...` (outside fenced code blocks): each word that
    starts with one of the repository's top-level directories and a '/'
    (`passes/`, `test/`, `docs/`, ...; a word that is exactly a top-level
    file, such as `Cargo.toml`, counts too), relative to ROOT.

A `path:line[:col]` or `path#anchor` suffix is stripped; a path may name a
directory. Left out: URLs, globs and placeholders (`*`, `<...>`, `{...}`,
`$VAR`), absolute paths and anything under target/ (build output).
Top-level names are the first components of the files git knows (tracked or
untracked and not ignored), or of ROOT's entries without git; a path exists
when it is such a file, a directory above one, or, without git, on disk.

Prints each missing path as FILE:LINE: `PATH` and exits 1; otherwise one
line "doc-paths: N paths named in M files, all exist".
"""
import argparse
import os
import re
import subprocess
import sys

FENCE = re.compile(r"^\s*(```|~~~)")
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE = re.compile(r"(`+)(.+?)\1", re.S)
SKIP_TOP = {"target", ".git"}


def repo_files(root):
    """The set of files the repository has (relative paths), or None without git."""
    try:
        out = subprocess.run(
            ["git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return {p for p in out.decode().split("\0") if p}


class Repo:
    def __init__(self, root):
        self.root = os.path.abspath(root)
        files = repo_files(self.root)
        if files is not None:
            files = {f for f in files if os.path.exists(os.path.join(self.root, f))}
            self.files = files
            self.dirs = {os.path.dirname(f) for f in files}
            for d in list(self.dirs):
                while d:
                    d = os.path.dirname(d)
                    self.dirs.add(d)
            tops = {f.split("/", 1)[0] for f in files}
            self.top_dirs = {t for t in tops if t in self.dirs} - SKIP_TOP
            self.top_files = {t for t in tops if t in files}
        else:
            self.files = self.dirs = None
            entries = os.listdir(self.root)
            self.top_dirs = {e for e in entries if os.path.isdir(os.path.join(self.root, e))} - SKIP_TOP
            self.top_files = {e for e in entries if os.path.isfile(os.path.join(self.root, e))}

    def exists(self, rel):
        """Whether ROOT-relative `rel` (normalized) is a file or directory of the repository."""
        rel = os.path.normpath(rel)
        if rel.startswith("..") or os.path.isabs(rel):
            return os.path.exists(os.path.join(self.root, rel))
        if self.files is None:
            return os.path.exists(os.path.join(self.root, rel))
        return rel in self.files or rel in self.dirs


def strip_suffix(path):
    path = path.split("#", 1)[0]
    # path:line, path:line:col, and a trailing ':' (a diagnostic's location).
    return re.sub(r"(:\d+)+:?$", "", path).rstrip(":")


def skipped(path):
    return (not path or "://" in path or path.startswith(("mailto:", "/", "~", "#"))
            or any(c in path for c in "*<>{}$?[]")
            or path.split("/", 1)[0] in ("target",))


def names(md_path, repo):
    """(line, ROOT-relative path) for each path the Markdown file names."""
    base = os.path.relpath(os.path.dirname(os.path.abspath(md_path)), repo.root)
    # The text outside fenced code blocks, fences blanked (line numbers kept),
    # cut into paragraphs: a code span may continue on the next line, but not
    # past a blank line.
    lines = []
    fenced = False
    for line in open(md_path, encoding="utf-8").read().split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            lines.append("")
        else:
            lines.append("" if fenced else line)
    found = []
    paragraph, first = [], 1
    for number, line in enumerate(lines + [""], 1):
        if line.strip():
            if not paragraph:
                first = number
            paragraph.append(line)
            continue
        text = "\n".join(paragraph)
        paragraph = []
        for match in LINK.finditer(text):
            target = strip_suffix(match.group(1))
            if not skipped(target):
                found.append((first + text.count("\n", 0, match.start()), match.start(),
                              os.path.normpath(os.path.join(base, target))))
        for match in CODE.finditer(text):
            at = first + text.count("\n", 0, match.start())
            for word in match.group(2).split():
                word = strip_suffix(word.strip("'\",;()"))
                if skipped(word):
                    continue
                top = word.split("/", 1)[0]
                if ("/" in word and top in repo.top_dirs) or word in repo.top_files:
                    found.append((at, match.start(), os.path.normpath(word)))
    # In the order of the text.
    return [(line, path) for line, _, path in sorted(found, key=lambda f: (f[0], f[1]))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    parser.add_argument("--list", action="store_true", help="print every path found, FILE:LINE: PATH")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    repo = Repo(args.root)
    files = args.files
    if not files:
        files = [os.path.join(repo.root, "README.md")]
        for directory, _, entries in sorted(os.walk(os.path.join(repo.root, "docs"))):
            files += [os.path.join(directory, e) for e in sorted(entries) if e.endswith(".md")]
    total = 0
    missing = []
    for md in files:
        for number, path in names(md, repo):
            total += 1
            if args.list:
                print(f"{os.path.relpath(md, repo.root)}:{number}: {path}")
            if not repo.exists(path):
                shown = os.path.relpath(md, repo.root) if os.path.abspath(md).startswith(repo.root + os.sep) else md
                missing.append(f"{shown}:{number}: `{path}`")
    for line in missing:
        print(f"doc-paths: missing: {line}")
    if missing:
        print(f"doc-paths: {len(missing)} of {total} paths named in {len(files)} files do not exist")
        return 1
    print(f"doc-paths: {total} paths named in {len(files)} files, all exist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
