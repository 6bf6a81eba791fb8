#!/usr/bin/env python3
"""Measure how `fdoku solve` and `fdoku grade` scale with -j/--threads, and print a table.

usage: thread_scaling.py [--fdoku BIN] [--threads 1,2,4,8,16] [--runs N] [--solve-runs N]
                         [--solve FILE] [--grade FILE] [--grade-lines N] [--only solve|grade]

Two batches, each run once per thread count for its output and peak resident memory, then
timed (--solve-runs, --runs times: wall-clock time of the whole process, median and best, by
hyperfine when it is installed):

  solve  `fdoku solve --count -j T FILE`, by default the 49,158 puzzles of
         tdoku_17_clue_49158.txt (counting to two solutions, as graders and generators ask);
  grade  `fdoku grade -j T FILE`, by default the first --grade-lines puzzles of
         tdoku_magictour_top1465.txt (hard puzzles of very uneven work: 480 of them take
         about 45 s on one thread, and the slowest takes 1.6% of that, so that 16 threads
         can go past 12x).

The data files are looked up in $FDOKU_DATA, else ../shared/data beside the repository.
Speed-up is the median on the first thread count over the median on T; the output on every
thread count is compared with the first one's, byte for byte, and a difference is reported
(and exits 1). Other work on the machine skews the times: on a shared machine, `chrt -f 10`
before the command (as root) keeps the cores for it.
Build first: cargo build --release -p fdoku.
"""
import argparse
import hashlib
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def data_file(name):
    folder = os.environ.get("FDOKU_DATA") or os.path.join(ROOT, "..", "shared", "data")
    return os.path.normpath(os.path.join(folder, name))


def machine():
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} logical cores, {platform.system()} {platform.release()}"


def run_once(cmd, out_path):
    """Runs `cmd` with stdout to `out_path`; returns (seconds, peak RSS in MiB, exit code)."""
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    # ru_maxrss is in KiB on Linux.
    return seconds, usage.ru_maxrss / 1024, proc.returncode


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def timed(cmd, runs, tmp):
    """Wall-clock times of `runs` runs of `cmd` (output thrown away): by hyperfine when it is
    installed (no shell), else timed here. The run before them warms the caches."""
    if shutil.which("hyperfine"):
        report = os.path.join(tmp, "hyperfine.json")
        subprocess.run(["hyperfine", "-N", "-r", str(runs), "--export-json", report,
                        "--style", "none", "--", shlex.join(cmd)],
                       check=True, stdout=subprocess.DEVNULL)
        with open(report, encoding="utf-8") as fh:
            return json.load(fh)["results"][0]["times"]
    return [run_once(cmd, os.devnull)[0] for _ in range(runs)]


def measure(name, cmd_for, threads, runs, tmp):
    """Rows of the table for one batch; `cmd_for(t)` is the command on t threads."""
    rows, reference, same = [], None, True
    for t in threads:
        out_path = os.path.join(tmp, f"{name}-{t}.out")
        # One run for the output and the peak memory, then the timed runs.
        _, rss, code = run_once(cmd_for(t), out_path)
        h = digest(out_path)
        reference = reference or h
        if h != reference:
            same = False
            print(f"{name}: the output on {t} threads differs from the one-thread output",
                  file=sys.stderr)
        times = timed(cmd_for(t), runs, tmp)
        rows.append((name, t, statistics.median(times), min(times), rss, code))
        print(f"  {name} -j {t}: median {statistics.median(times):.3f} s", file=sys.stderr)
    return rows, same


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fdoku", default=os.path.join(ROOT, "target", "release", "fdoku"))
    ap.add_argument("--threads", default="1,2,4,8,16",
                    help="comma-separated thread counts; the first is the baseline")
    ap.add_argument("--runs", type=int, default=3, help="timed runs of grade per thread count")
    ap.add_argument("--solve-runs", type=int, default=20,
                    help="timed runs of solve (a tenth of a second each) per thread count")
    ap.add_argument("--solve", default=data_file("tdoku_17_clue_49158.txt"))
    ap.add_argument("--grade", default=data_file("tdoku_magictour_top1465.txt"))
    ap.add_argument("--grade-lines", type=int, default=480,
                    help="how many puzzles of --grade to grade (0: all)")
    ap.add_argument("--only", choices=["solve", "grade"])
    args = ap.parse_args()
    threads = [int(t) for t in args.threads.split(",") if t.strip()]
    if not os.access(args.fdoku, os.X_OK):
        sys.exit(f"no fdoku binary at {args.fdoku}: build it with cargo build --release -p fdoku")

    rows, same = [], True
    with tempfile.TemporaryDirectory(prefix="fdoku-scaling-") as tmp:
        if args.only != "grade":
            solve = [args.fdoku, "solve", "--count", "--format", "line"]
            got, ok = measure("solve", lambda t: solve + ["-j", str(t), args.solve],
                              threads, args.solve_runs, tmp)
            rows += got
            same &= ok
        if args.only != "solve":
            graded = os.path.join(tmp, "grade-set.txt")
            with open(args.grade, encoding="utf-8") as src, \
                    open(graded, "w", encoding="utf-8") as dst:
                for i, line in enumerate(src):
                    if args.grade_lines and i >= args.grade_lines:
                        break
                    dst.write(line)
            grade = [args.fdoku, "grade", "--format", "line"]
            got, ok = measure("grade", lambda t: grade + ["-j", str(t), graded],
                              threads, args.runs, tmp)
            rows += got
            same &= ok

    grade_set = os.path.basename(args.grade)
    if args.grade_lines:
        grade_set = f"first {args.grade_lines} of {grade_set}"
    print(f"# {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {machine()}")
    print(f"# solve: {os.path.basename(args.solve)}, {args.solve_runs} runs; "
          f"grade: {grade_set}, {args.runs} runs; wall-clock time"
          f"{' (hyperfine)' if shutil.which('hyperfine') else ''}")
    print()
    print("| batch | threads | median s | best s | speed-up | per thread | peak RSS MiB | exit |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    base = {}
    for name, t, median, best, rss, code in rows:
        base.setdefault(name, (t, median))
        t0, m0 = base[name]
        speedup = m0 / median
        print(f"| {name} | {t} | {median:.3f} | {best:.3f} | {speedup:.2f}x | "
              f"{speedup * t0 / t:.2f} | {rss:.0f} | {code} |")
    print()
    print("outputs identical on every thread count:", "yes" if same else "NO")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
