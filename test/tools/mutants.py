"""What the mutant tools share (test/tools/role-mutants.py breaks a
hand-written warp-specialized kernel, test/tools/ws-mutants.py the output of
asyncpipe-warp-specialize, test/tools/each-sync-needed.py removes or weakens
each synchronization of a lowered kernel): running asyncpipe-verify-sync on
a text after the steps that lower it, and the report of which breaks it
rejects for the reason each must be rejected for; running a kernel on the
CPU block model and telling whether a break changed what it computes.
"""
import os
import re
import signal
import subprocess
import tempfile

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


MODEL_STOP = re.compile(r"^block-sim: .*$", re.MULTILINE)


def run_against(command, text, expected):
    """Runs a mutant, reading its output as it comes and stopping it at the
    first line that differs from the kernel's own output (the mutant is then
    caught: nothing it would print later can make it the same again). The
    runner's output is line-buffered (%run-cpu runs it under stdbuf -oL), so
    a mutant that a schedule early in the main catches costs its compile and
    that schedule, not every schedule. Returns (verdict, detail)."""
    want = expected.splitlines(keepends=True)
    with tempfile.TemporaryFile() as errors, tempfile.TemporaryFile() as source:
        source.write(text.encode())
        source.seek(0)
        process = subprocess.Popen(command, shell=True, stdin=source, stdout=subprocess.PIPE,
                                   stderr=errors, text=True, start_new_session=True)
        seen = 0
        for line in process.stdout:
            if seen < len(want) and line == want[seen]:
                seen += 1
                continue
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            stop = MODEL_STOP.search(line)
            return ("stopped", stop.group(0)) if stop else ("changed", None)
        code = process.wait()
        if code != 0:
            errors.seek(0)
            stop = MODEL_STOP.search(errors.read().decode(errors="replace"))
            return ("stopped", stop.group(0)) if stop else ("failed", code)
        return ("same", None) if seen == len(want) else ("changed", None)


def report_runs(tool, original, mutations, lower, command, expected=None):
    """Runs `original` (lowered by `lower`, text -> text) on the block model
    through `command` (a shell command reading the lowered kernel on stdin
    and printing, per schedule, how many outputs differ from the reference):
    every line must be 0. Then each of `mutations` ((name, what, _, mutate)):
    caught when a schedule's line differs or the model stops the run with
    its own message (a hang, a tile overwritten under a wgmma, ...); a
    mutant that computes the same, or whose lowering or run fails otherwise,
    is not. `expected`: the original's output, when a test has run it (it
    is not run again). Prints a line each and the count; 0 when every one
    is caught."""
    if expected is None:
        done = subprocess.run(command, shell=True, input=lower(original), capture_output=True, text=True)
        code, expected, errors = done.returncode, done.stdout, done.stderr
    else:
        code, errors = 0, ""
    lines = expected.splitlines()
    if code != 0 or not lines or any(line != "0" for line in lines):
        stop = MODEL_STOP.search(expected + errors)
        print(f"{tool}: as written: not exact on the block model (exit code {code}): {stop.group(0) if stop else lines[:3]}")
        return 1
    print(f"{tool}: as written: {len(lines)} schedules on the block model, every output equal to linalg.matmul's")
    caught = 0
    for name, what, _, mutate in mutations:
        try:
            lowered = lower(mutate(original))
        except RuntimeError as error:
            print(f"{tool}: {name}: NOT caught ({what}): {error}")
            continue
        verdict, detail = run_against(command, lowered, expected)
        if verdict == "stopped":
            caught += 1
            print(f"{tool}: {name}: caught: the model stopped the run ({detail})")
        elif verdict == "changed":
            caught += 1
            print(f"{tool}: {name}: caught: C changed")
        else:
            print(f"{tool}: {name}: NOT caught ({what}): " + ("same C in every schedule" if verdict == "same" else f"the run failed (exit code {detail})"))
    print(f"{tool}: {caught} of {len(mutations)} mutants caught on the block model")
    return 0 if caught == len(mutations) else 1


def choose(tool, mutations, only):
    """The mutations `only` (comma-separated names; empty: all) names."""
    if not only:
        return mutations
    names = only.split(",")
    chosen = [m for m in mutations if m[0] in names]
    if len(chosen) != len(names):
        raise SystemExit(f"{tool}: --only names an unknown mutation")
    return chosen
