#!/usr/bin/env python3
"""Times `fdoku fzn` against `fzn-gecode` on the MiniZinc instances of shared/mzn.

Usage:
    python3 scripts/fzn_bench.py [--limit SECONDS] [--only TEXT] [--keep DIR]
                                 [--flatten-only | --reuse] [--jobs N]
                                 [--fdoku PATH] [--fdoku-args ARGS] [--gecode PATH] [--mzn DIR]

The instances, their kind (`sat`/`opt`) and which of them have a known solution count are read
from the table in the README of the benchmark folder (default `../shared/mzn`). Each instance is
flattened twice with `minizinc -c`: with fdoku's library (`crates/fzn/share/minizinc/fdoku`,
given to `-G` as a path below MiniZinc's library directory, as docs/fzn.md says) for fdoku, and
with the README's recipe for Gecode (`-G gecode_presolver`, `fzn_regular`/`fzn_table_*` renamed
to their `gecode_` names). In both files the objective variable is marked `output_var`, so that
both solvers print its value.

Then `fdoku fzn` and `fzn-gecode -p 1` run one after the other, each with the same wall-clock
limit (their own `-t`/`-time` flag, and a kill a few seconds later). Instances with a known
solution count are run with `-a` and compare counts; the others compare the status and, for
optimisation, the objective. Prints one markdown table and a summary on standard output;
progress goes to standard error. Python 3 standard library only.

`--jobs N` benchmarks N instances at a time (each solver still one thread): on a machine with
N idle cores the times stay those of one run alone. `--fdoku-args` adds flags to every fdoku run
(e.g. `--fdoku-args=-f` for free search, `--fdoku-args="--restart none"`), split as a shell
would. `--flatten-only --keep DIR` only writes the
flattened files; `--reuse --keep DIR` runs the solvers on them without MiniZinc, e.g. on
another machine.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FDOKU_LIB = ROOT / "crates" / "fzn" / "share" / "minizinc" / "fdoku"
KILL_GRACE_S = 5
FLATTEN_TIMEOUT_S = 300


@dataclass
class Instance:
    """One row of the benchmark README's results table."""

    problem: str
    name: str
    files: list
    kind: str
    count_known: bool


@dataclass
class Answer:
    """What one solver said about one instance within the limit."""

    status: str  # SAT, UNSAT, OPT, BEST, COUNT, PARTIAL, NONE, ERROR
    value: int | None = None
    seconds: float = 0.0
    detail: str = ""

    @property
    def settled(self):
        return self.status in ("SAT", "UNSAT", "OPT", "COUNT")

    def text(self):
        return {
            "SAT": "SAT",
            "UNSAT": "UNSAT",
            "OPT": f"OPT {self.value}",
            "BEST": f"best {self.value}",
            "COUNT": f"{self.value} solution{'' if self.value == 1 else 's'}",
            "PARTIAL": f"≥ {self.value} solutions",
            "NONE": "no answer",
            "ERROR": f"error: {self.detail}",
        }[self.status]


def read_instances(readme):
    """The instances of the README's table `| problem | instance | files | kind | ...`."""
    instances = []
    header = None
    try:
        text = readme.read_text()
    except OSError as error:
        sys.exit(f"{readme}: cannot read the instance list: {error.strerror}")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[:2] == ["problem", "instance"]:
            header = cells
            continue
        if header is None or set(cells[0]) <= {"-", ":"}:
            continue
        row = dict(zip(header, cells))
        try:
            kind = row["kind"]
            files = [name.strip() for name in row["files"].split("+")]
            count = row["#solutions"]
        except KeyError as missing:
            sys.exit(f"{readme}: line {number}: the table has no column {missing}")
        if kind not in ("sat", "opt"):
            sys.exit(f"{readme}: line {number}: kind '{kind}', expected 'sat' or 'opt'")
        instances.append(Instance(row["problem"], row["instance"], files, kind, count != ""))
    if not instances:
        sys.exit(f"{readme}: no table with columns 'problem | instance | files | kind'")
    return instances


def stdlib_dir():
    """MiniZinc's library directory, below which `-G` looks for a library path."""
    try:
        out = subprocess.run(["minizinc", "--config-dirs"], capture_output=True, text=True)
    except OSError as error:
        sys.exit(f"minizinc: cannot run it: {error.strerror}")
    found = re.search(r'"mznStdlibDir"\s*:\s*"([^"]*)"', out.stdout)
    if not found:
        sys.exit("minizinc --config-dirs: no mznStdlibDir in its answer")
    return Path(found.group(1))


def flatten(instance, folder, library, target):
    """Writes `target` from the instance; returns an error line, or None."""
    sources = [str(folder / instance.problem / name) for name in instance.files]
    command = ["minizinc", "-c", "-G", library, "--no-output-ozn", *sources, "-o", str(target)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=FLATTEN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"flattening took over {FLATTEN_TIMEOUT_S} s"
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        return "flattening failed: " + (lines[-1] if lines else f"exit {done.returncode}")
    return None


def prepare_for_gecode(text):
    """The README's renaming: fzn-gecode 6.2.0 knows these only with the `gecode_` prefix."""
    return re.sub(
        r"^constraint fzn_(regular|table_int|table_bool)\(",
        r"constraint gecode_\1(",
        text,
        flags=re.MULTILINE,
    )


def objective(text):
    """`(name, 'minimize'|'maximize')` of the solve item, or None for satisfaction."""
    found = re.search(
        r"^solve.*(minimize|maximize) +([A-Za-z_][A-Za-z0-9_]*) *;", text, flags=re.MULTILINE
    )
    return (found.group(2), found.group(1)) if found else None


def mark_objective(text, name):
    """Marks the objective variable `output_var` so that the solver prints it."""
    pattern = re.compile(rf"^(var [^:]*: *{re.escape(name)})( |;|=)")
    lines = []
    for line in text.splitlines(keepends=True):
        if "output_var" not in line:
            line = pattern.sub(r"\1 :: output_var\2", line, count=1)
        lines.append(line)
    return "".join(lines)


def run(command, limit_s, goal, count):
    """Runs one solver and reads its answer from the FlatZinc output protocol."""
    start = time.monotonic()
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=limit_s + KILL_GRACE_S
        )
    except OSError as error:
        sys.exit(f"{command[0]}: cannot run it: {error.strerror}")
    except subprocess.TimeoutExpired as killed:
        seconds = time.monotonic() - start
        stdout = killed.stdout.decode() if isinstance(killed.stdout, bytes) else killed.stdout
        answer = read_answer(stdout or "", goal, count)
        answer.seconds = seconds
        return answer
    seconds = time.monotonic() - start
    answer = read_answer(done.stdout, goal, count)
    answer.seconds = seconds
    if done.returncode != 0 and answer.status == "NONE":
        lines = (done.stderr or done.stdout).strip().splitlines()
        detail = lines[0] if lines else f"exit {done.returncode}"
        return Answer("ERROR", seconds=seconds, detail=detail.replace("|", "\\|"))
    return answer


def read_answer(stdout, goal, count):
    lines = [line.strip() for line in stdout.splitlines()]
    solutions = lines.count("----------")
    complete = "==========" in lines
    if "=====UNSATISFIABLE=====" in lines:
        return Answer("UNSAT")
    if solutions == 0:
        return Answer("NONE")
    if goal is not None:
        value = last_value(lines, goal[0])
        if value is None:
            return Answer("ERROR", detail=f"no value printed for the objective {goal[0]}")
        return Answer("OPT" if complete else "BEST", value)
    if count:
        return Answer("COUNT" if complete else "PARTIAL", solutions)
    return Answer("SAT")


def last_value(lines, name):
    value = None
    pattern = re.compile(rf"^{re.escape(name)} = (-?\d+);$")
    for line in lines:
        found = pattern.match(line)
        if found:
            value = int(found.group(1))
    return value


def agreement(fdoku, gecode, goal):
    """`yes` when both settled alike, `NO` on any contradiction, else who settled it."""
    if "ERROR" in (fdoku.status, gecode.status):
        return "error"
    if fdoku.settled and gecode.settled:
        return "yes" if (fdoku.status, fdoku.value) == (gecode.status, gecode.value) else "**NO**"
    if contradicts(fdoku, gecode, goal) or contradicts(gecode, fdoku, goal):
        return "**NO**"
    if fdoku.settled:
        return "fdoku only"
    if gecode.settled:
        return "Gecode only"
    return "neither"


def contradicts(settled, other, goal):
    """Whether an open answer `other` is impossible given the settled answer."""
    if not settled.settled or other.status == "NONE":
        return False
    if settled.status == "UNSAT":
        return True
    if settled.status == "OPT" and other.status == "BEST":
        if goal[1] == "minimize":
            return other.value < settled.value
        return other.value > settled.value
    if settled.status == "COUNT" and other.status == "PARTIAL":
        return other.value > settled.value
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=10.0, help="wall-clock seconds per run")
    parser.add_argument("--only", default="", help="only instances whose name contains this")
    parser.add_argument("--keep", type=Path, help="write the flattened files here")
    parser.add_argument("--flatten-only", action="store_true", help="only flatten (with --keep)")
    parser.add_argument("--reuse", action="store_true",
                        help="run on the flattened files of --keep, without MiniZinc")
    parser.add_argument("--jobs", type=int, default=1, help="instances benchmarked at a time")
    parser.add_argument("--fdoku", default=str(ROOT / "target" / "release" / "fdoku"))
    parser.add_argument("--fdoku-args", default="", help="more flags for every fdoku run")
    parser.add_argument("--gecode", default="fzn-gecode")
    parser.add_argument("--mzn", type=Path, default=ROOT.parent / "shared" / "mzn")
    args = parser.parse_args()

    if (args.flatten_only or args.reuse) and not args.keep:
        sys.exit("--flatten-only and --reuse need --keep DIR")
    instances = [i for i in read_instances(args.mzn / "README.md") if args.only in i.name]
    library = None if args.reuse else os.path.relpath(FDOKU_LIB, stdlib_dir())
    limit_ms = str(int(args.limit * 1000))
    with tempfile.TemporaryDirectory() as scratch:
        out = args.keep or Path(scratch)
        out.mkdir(parents=True, exist_ok=True)

        def one(numbered):
            number, instance = numbered
            print(f"[{number}/{len(instances)}] {instance.name}", file=sys.stderr, flush=True)
            return bench(instance, args, out, library, limit_ms)

        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            rows = list(pool.map(one, enumerate(instances, 1)))
    if not args.flatten_only:
        print_table(rows, args.limit)


def bench(instance, args, out, library, limit_ms):
    """Flattens one instance for both solvers and runs both; returns its table row."""
    answers = {}
    goal = None
    solvers = {
        "fdoku": (library, [args.fdoku, "fzn", "-t", limit_ms, *shlex.split(args.fdoku_args)]),
        "gecode": ("gecode_presolver", [args.gecode, "-p", "1", "-time", limit_ms]),
    }
    for solver, (lib, command) in solvers.items():
        target = out / f"{instance.name}_{solver}.fzn"
        if args.reuse:
            text = target.read_text()
            goal = objective(text)
        else:
            error = flatten(instance, args.mzn, lib, target)
            if error:
                answers[solver] = Answer("ERROR", detail=error.replace("|", "\\|"))
                continue
            text = target.read_text()
            if solver == "gecode":
                text = prepare_for_gecode(text)
            goal = objective(text)
            if goal:
                text = mark_objective(text, goal[0])
            target.write_text(text)
        if args.flatten_only:
            continue
        flags = ["-a"] if instance.count_known else []
        answers[solver] = run(command + flags + [str(target)], args.limit, goal, instance.count_known)
    if args.flatten_only:
        return None
    return instance, answers["fdoku"], answers["gecode"], agreement(answers["fdoku"], answers["gecode"], goal)


def print_table(rows, limit):
    print("| instance | kind | fdoku | fdoku s | Gecode | Gecode s | agree |")
    print("|---|---|---|---:|---|---:|---|")
    for instance, fdoku, gecode, agree in rows:
        kind = instance.kind + (", all" if instance.count_known else "")
        print(
            f"| {instance.name} | {kind} | {fdoku.text()} | {fdoku.seconds:.2f} "
            f"| {gecode.text()} | {gecode.seconds:.2f} | {agree} |"
        )
    settled_fdoku = sum(1 for _, fdoku, _, _ in rows if fdoku.settled)
    settled_gecode = sum(1 for _, _, gecode, _ in rows if gecode.settled)
    faster = sum(
        1 for _, f, g, _ in rows if f.settled and (not g.settled or f.seconds < g.seconds)
    )
    disagreements = [instance.name for instance, _, _, agree in rows if agree == "**NO**"]
    errors = [instance.name for instance, _, _, agree in rows if agree == "error"]
    print()
    print(f"Settled within {limit:g} s: fdoku {settled_fdoku}, Gecode {settled_gecode}, "
          f"of {len(rows)}; fdoku settled {faster} at least as fast as Gecode or alone.")
    print(f"Disagreements: {', '.join(disagreements) or 'none'}.")
    print(f"Errors: {', '.join(errors) or 'none'}.")


if __name__ == "__main__":
    main()
