"""What the two mutant tools share (test/tools/role-mutants.py breaks a
hand-written warp-specialized kernel, test/tools/ws-mutants.py the output of
asyncpipe-warp-specialize): running asyncpipe-verify-sync on a text after
the steps that lower it, and the report of which breaks it rejects for the
reason each must be rejected for.
"""
import re
import subprocess

TIMEOUT = 300


def errors(binary, text, steps):
    """The errors verify-sync reports on `text` after `steps` (asyncpipe-opt
    flags, run first); a text that does not parse, steps that fail, a crash,
    a timeout or a failure without an error at an op are one message each,
    never a rejection."""
    try:
        parsed = subprocess.run([binary, "-o", "/dev/null"], input=text, capture_output=True, text=True, timeout=TIMEOUT)
        if parsed.returncode != 0:
            return ["does not parse: " + parsed.stderr[:300]]
        if steps:
            lowered = subprocess.run([binary, *steps], input=text, capture_output=True, text=True, timeout=TIMEOUT)
            if lowered.returncode != 0:
                return ["lowering failed: " + lowered.stderr[:300]]
            text = lowered.stdout
        run = subprocess.run([binary, "--asyncpipe-verify-sync", "-o", "/dev/null"], input=text, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return ["timeout"]
    if run.returncode < 0:
        return [f"crash (signal {-run.returncode})"]
    found = [f"{m.group(1)}: {m.group(2)}" for m in re.finditer(r"<stdin>:(\d+):\d+: error: (.*)", run.stderr)]
    if run.returncode != 0 and not found:
        return [f"exit code {run.returncode} without an error"]
    return found


def report(tool, original, mutations, check, prepare=lambda text, original: text):
    """Checks `original` (proven) and each of `mutations` ((name, what,
    expected message regex, mutate)) with `check` (text -> errors); prints a
    line each and the count; 0 when every mutant is rejected for its reason."""
    verdict = check(original)
    if verdict:
        print(f"{tool}: as written: not proven: {verdict[0]}")
        return 1
    print(f"{tool}: as written: proven")
    rejected = 0
    for name, what, expected, mutate in mutations:
        text = prepare(mutate(original), original)
        if text == original:
            raise SystemExit(f"{tool}: {name} changed nothing")
        found = check(text)
        # Rejected for the reason the break causes: some error at an op
        # says so (others may come first: a break has several effects).
        match = next((e for e in found if re.search(expected, e)), None)
        if match is None:
            print(f"{tool}: {name}: NOT rejected as expected ({what}; expected /{expected}/): {found[0] if found else 'proven'}")
            continue
        rejected += 1
        print(f"{tool}: {name}: rejected: {match}")
    print(f"{tool}: {rejected} of {len(mutations)} mutants rejected")
    return 0 if rejected == len(mutations) else 1


def choose(tool, mutations, only):
    """The mutations `only` (comma-separated names; empty: all) names."""
    if not only:
        return mutations
    names = only.split(",")
    chosen = [m for m in mutations if m[0] in names]
    if len(chosen) != len(names):
        raise SystemExit(f"{tool}: --only names an unknown mutation")
    return chosen
