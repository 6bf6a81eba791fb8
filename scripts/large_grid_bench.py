#!/usr/bin/env python3
"""Times fdoku against OR-Tools CP-SAT on puzzle files, one puzzle at a time.

Both answer "how many solutions, counting to 2?" for every puzzle:

* fdoku: `fdoku solve --count --limit 2 --threads 1 --format jsonl`, one
  process per puzzle; the time is the solver's own (`stats.micros`), the
  process's wall time (start-up, reading and checking included) beside it;
* CP-SAT (measuring only, never a dependency of fdoku): the 0/1 model, one
  Boolean per cell and digit, exactly one per cell and per digit in each
  house, givens fixed; solved once, then again with that solution cut off;
  the time is the sum of CP-SAT's own wall times of the two solves (building
  the model in Python not counted).

The answers must agree (unique, multiple, none); a disagreement is printed
and makes the exit code 1. Prints one TSV row per puzzle, then per file the
median and the largest time of each.

    /tmp/ort-venv/bin/python scripts/large_grid_bench.py --fdoku target/release/fdoku \
        [--engine-args "--solver fd"] [--time-limit 60] [--workers 1] FILE...

Without `ortools` importable it times fdoku alone.
"""

import argparse
import json
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVW"


def read_puzzles(path):
    out = []
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split()[0])
    return out


def run_fdoku(fdoku, extra, puzzle, limit):
    cmd = [fdoku, "solve", "--count", "--limit", "2", "--threads", "1",
           "--format", "jsonl", "--time-limit", str(limit), *extra]
    start = time.perf_counter()
    result = subprocess.run(cmd, input=puzzle + "\n", capture_output=True, text=True)
    seconds = time.perf_counter() - start
    try:
        record = json.loads(result.stdout.splitlines()[0])
        status = record["status"]
        nodes = record["stats"]["nodes"]
        solver_seconds = record["stats"]["micros"] / 1e6
    except (IndexError, KeyError, ValueError):
        status, nodes, solver_seconds = f"error({result.returncode})", 0, seconds
    return status, seconds, solver_seconds, nodes


def run_cpsat(puzzle, limit, workers):
    from ortools.sat.python import cp_model

    n = int(round(len(puzzle) ** 0.5))
    box = int(round(n**0.5))
    model = cp_model.CpModel()
    x = [[model.NewBoolVar("") for _ in range(n)] for _ in range(n * n)]
    for cell in range(n * n):
        model.AddExactlyOne(x[cell])
    for d in range(n):
        for i in range(n):
            model.AddExactlyOne(x[i * n + j][d] for j in range(n))
            model.AddExactlyOne(x[j * n + i][d] for j in range(n))
            br, bc = (i // box) * box, (i % box) * box
            model.AddExactlyOne(
                x[(br + r) * n + bc + c][d] for r in range(box) for c in range(box)
            )
    for cell, ch in enumerate(puzzle):
        if ch not in ".0_-*":
            model.Add(x[cell][DIGITS.index(ch)] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = limit
    found = 0
    seconds = 0.0
    for _ in range(2):
        status = solver.Solve(model)
        seconds += solver.WallTime()
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if status != cp_model.INFEASIBLE:
                return "stopped", seconds
            break
        found += 1
        # Cut the solution off: some cell takes another digit.
        model.AddBoolOr(
            [x[c][d].Not() for c in range(n * n) for d in range(n)
             if solver.BooleanValue(x[c][d])]
        )
    return ["none", "unique", "multiple"][found], seconds


def same_answer(a, b):
    return a == b or "stopped" in (a, b)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fdoku", required=True)
    ap.add_argument("--engine-args", default="", help="extra fdoku solve flags")
    ap.add_argument("--time-limit", type=int, default=60)
    ap.add_argument("--workers", type=int, default=1, help="CP-SAT workers")
    ap.add_argument("--no-cpsat", action="store_true")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    try:
        import ortools  # noqa: F401

        cpsat = not args.no_cpsat
    except ImportError:
        cpsat = False
    extra = shlex.split(args.engine_args)
    disagree = 0
    summary = []
    print("file\tpuzzle\tgivens\tfdoku\tfdoku_s\tprocess_s\tnodes\tcpsat\tcpsat_s")
    for path in args.files:
        times, process_times, cp_times = [], [], []
        for i, puzzle in enumerate(read_puzzles(path), 1):
            givens = sum(ch not in ".0_-*" for ch in puzzle)
            status, process, seconds, nodes = run_fdoku(
                args.fdoku, extra, puzzle, args.time_limit
            )
            times.append(seconds)
            process_times.append(process)
            row = [Path(path).name, str(i), str(givens), status, f"{seconds:.4f}",
                   f"{process:.3f}", str(nodes)]
            if cpsat:
                cp_status, cp_seconds = run_cpsat(puzzle, args.time_limit, args.workers)
                cp_times.append(cp_seconds)
                row += [cp_status, f"{cp_seconds:.4f}"]
                if not same_answer(status, cp_status):
                    disagree += 1
                    row.append("DISAGREE")
            print("\t".join(row), flush=True)
        line = (f"{Path(path).name}: fdoku median {statistics.median(times):.4f} s, "
                f"max {max(times):.4f} s (process max {max(process_times):.3f} s)")
        if cp_times:
            line += (f"; CP-SAT median {statistics.median(cp_times):.4f} s, "
                     f"max {max(cp_times):.4f} s")
        summary.append(line)
    print("\n".join(summary), file=sys.stderr)
    if disagree:
        print(f"{disagree} disagreements", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
