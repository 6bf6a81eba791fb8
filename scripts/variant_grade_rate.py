"""How fast `fdoku grade` rates variant puzzles: puzzles per second on one core, per kind of element.

    python3 scripts/variant_grade_rate.py --fdoku target/release/fdoku [--count 20] [--kinds thermometer,xv]

For each kind, `fdoku generate --rules KIND -n COUNT --seed SEED` makes 9×9 puzzles (killer: `--killer`; classic,
the baseline: neither), which
`fdoku grade -j1 -f jsonl` then rates: both paths (HoDoKu's and Sudoku Explainer's) and the uniqueness check of
each puzzle, as for classic puzzles in docs/grading.md. The rate is the puzzles graded over the CPU seconds the
grade process used (user + system, from the operating system), so that other work on the machine slows it
little; the median is of the per-puzzle times `grade` reports (wall clock). Puzzles the time limit stops are
counted and left out of the levels, not of the CPU time. Prints a Markdown table.
"""
import argparse
import json
import pathlib
import resource
import statistics
import subprocess
import tempfile

LEVELS = ["easy", "medium", "hard", "expert", "extreme"]
KINDS = ["thermometer", "slow-thermometer", "arrow", "little-killer", "white-dot", "black-dot", "xv", "whisper",
         "renban", "palindrome", "between-line", "entropic-line", "modular-line", "minimum", "quadruple", "clone",
         "killer"]


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(kind, folder):
    """One row of the table for `kind`."""
    shape = {"killer": ["--killer"], "classic": []}.get(kind, ["--rules", kind])
    made = subprocess.run([ARGS.fdoku, "generate", *shape, "-n", str(ARGS.count), "--seed", str(ARGS.seed)],
                          capture_output=True, text=True)
    puzzles = folder / f"{kind}.jsonl"
    puzzles.write_text(made.stdout, encoding="utf-8")
    before = children_cpu()
    graded = subprocess.run([ARGS.fdoku, "grade", "-j1", "-f", "jsonl", "--time-limit", str(ARGS.time_limit),
                             str(puzzles)], capture_output=True, text=True)
    cpu = children_cpu() - before
    records = [json.loads(line) for line in graded.stdout.splitlines()]
    levels = [r["grade"]["level"] for r in records if r.get("status") == "graded"]
    refused = [r for r in records if r.get("status") not in ("graded", "stopped")]
    stopped = sum(1 for r in records if r.get("status") == "stopped")
    micros = [r["micros"] for r in records if "micros" in r]
    parts = [", ".join(f"{level} {levels.count(level)}" for level in LEVELS if levels.count(level))]
    if refused:
        parts.append(f"refused {len(refused)} ({refused[0].get('error', '')[:60]})")
    if stopped:
        parts.append(f"stopped {stopped}")
    spread = "; ".join(part for part in parts if part)
    median = statistics.median(micros) / 1000 if micros else float("nan")
    rate = len(records) / cpu if cpu else float("nan")
    return f"| {kind} | {len(records)} | {spread} | {median:,.1f} | {rate:,.1f} |"


def main():
    print(f"fdoku {ARGS.fdoku}, {ARGS.count} puzzles per kind, seed {ARGS.seed}, time limit {ARGS.time_limit} s")
    print()
    print("| kind | puzzles | fdoku levels | median ms | graded per CPU second |")
    print("|---|---:|---|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for kind in ARGS.kinds.split(","):
            print(measure(kind, pathlib.Path(folder)), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = pathlib.Path(__file__).resolve().parents[1]
    parser.add_argument("--fdoku", default=str(root / "target" / "release" / "fdoku"), help="the fdoku binary")
    parser.add_argument("--count", type=int, default=20, help="puzzles per kind")
    parser.add_argument("--seed", type=int, default=1, help="fdoku generate's seed")
    parser.add_argument("--time-limit", type=float, default=60, help="grade's time limit per puzzle, seconds")
    parser.add_argument("--kinds", default=",".join(KINDS), help="kinds of element, comma-separated (killer: cages; classic: none)")
    ARGS = parser.parse_args()
    main()
