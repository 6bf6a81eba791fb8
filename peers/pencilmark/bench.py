"""fdoku against pencilmark on the f-puzzles variant puzzles: count solutions up to 2.

Run with the Python of a virtual environment that has pencilmark installed (never a dependency of fdoku):

    python3 -m venv /tmp/pm-venv && /tmp/pm-venv/bin/pip install pencilmark
    cargo build --release --manifest-path peers/pencilmark/Cargo.toml
    /tmp/pm-venv/bin/python peers/pencilmark/bench.py [--passes K] [--out RESULTS.jsonl] [FILE...]

For each puzzle (default: every tests/data/variants/*.fpuzzles.json) pencilmark is timed here, in this process, and
fdoku in the peer-pencilmark program (src/main.rs), in its process; both the same way: the file is read and turned into
the solver's puzzle untimed, one warm-up solve, then the fastest of K passes (default 3), each repeating the solve for at
least 0.25 s, as CPU time of the solving thread per solve; a solve of a second or more is timed once, by its warm-up.

pencilmark's solve is `cbackend.to_cpuzzle(puzzle)` (its C++ puzzle built from the Python one; fdoku's `solve` likewise
builds its model) then `cbackend.brute_solve(puzzle, limit=2, node_limit=N, cpuzzle=...)`, its exhaustive C++ search,
also timed alone; N is 20,000,000, the limit of `pencilmark.solve`. Where pencilmark refuses a file only for its drawn `line` / `circle` / `cage` / `text` entries
(which f-puzzles scripts add beside the typed constraints, and fdoku reads as drawing only) it is given the file
without them, and the row says so.

The answers are checked: fdoku's first solution passes check_solution (the program checks it); pencilmark's count must
equal fdoku's; on a unique puzzle both solutions must equal the answer in solutions.txt. Prints a Markdown table per puzzle and the geometric
mean of fdoku ÷ pencilmark per constraint family; --out keeps every measurement as JSON lines, and --report FILE prints
the tables of such a file again.
"""
import argparse
import json
import math
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "variants"
FDOKU = ROOT / "peers" / "pencilmark" / "target" / "release" / "peer-pencilmark"
PASS_SECONDS = 0.25
SLOW_SECONDS = 1.0
NODE_LIMIT = 20_000_000
COSMETIC = ("line", "circle", "cage", "text", "rectangle")

# Constraint families, by the f-puzzles keys that make them.
FAMILIES = [
    ("killer", ("killercage",)),
    ("little killer", ("littlekillersum",)),
    ("arrow", ("arrow",)),
    ("sandwich", ("sandwichsum",)),
    ("x-sum", ("xsum",)),
    ("skyscraper", ("skyscraper",)),
    ("thermo", ("thermometer", "slowthermometer")),
    ("kropki", ("difference", "ratio")),
    ("xv", ("xv",)),
    ("whispers", ("whispers",)),
    ("renban", ("renban",)),
    ("palindrome", ("palindrome",)),
    ("between", ("betweenline",)),
    ("region-sum", ("regionsumline",)),
    ("zipper", ("zipperline",)),
    ("entropic", ("entropicline",)),
    ("min/max", ("minimum", "maximum")),
    ("odd/even", ("odd", "even")),
    ("anti-knight/king", ("antiknight", "antiking")),
    ("non-consecutive", ("nonconsecutive",)),
    ("diagonal", ("diagonal+", "diagonal-")),
    ("disjoint", ("disjointgroups",)),
    ("quadruple", ("quadruple",)),
    ("clone", ("clone",)),
    ("extra region", ("extraregion",)),
    ("lockout", ("lockout",)),
    ("modular", ("modularline",)),
    ("indexer", ("rowindexer", "columnindexer", "boxindexer")),
]


def families(fp):
    """The families of an f-puzzles object; 'odd/even' also from cells' parity, 'irregular' from cells' regions."""
    found = [name for name, keys in FAMILIES if any(fp.get(k) for k in keys)]
    cells = [cell or {} for row in fp.get("grid") or [] for cell in row]
    if any("parity" in cell for cell in cells) and "odd/even" not in found:
        found.append("odd/even")
    if any("region" in cell for cell in cells):
        found.append("irregular")
    return found


def thread_seconds():
    return time.thread_time()


def timed(job):
    """(result, seconds per run, search seconds per run, runs) by the protocol of the module docstring. job() returns
    (result, search seconds); the result is kept from the warm-up."""
    start = thread_seconds()
    result, search = job()
    first = thread_seconds() - start
    if first >= SLOW_SECONDS:
        return result, first, search, 1
    best, best_search, total = math.inf, math.inf, 0
    for _ in range(ARGS.passes):
        wall, cpu, runs, searching = time.perf_counter(), thread_seconds(), 0, 0.0
        while runs == 0 or time.perf_counter() - wall < PASS_SECONDS:
            searching += job()[1]
            runs += 1
        best = min(best, (thread_seconds() - cpu) / runs)
        best_search = min(best_search, searching / runs)
        total += runs
    return result, best, best_search, total


def pencilmark_model(fp):
    """(engine puzzle, note) or (None, why pencilmark refuses the file)."""
    from pencilmark import puzzle_json, sources
    note = ""
    try:
        pj = sources.load(fp, fetch=False)
    except sources.UnsupportedPuzzle as e:
        if "generic" not in str(e):
            return None, str(e)
        try:
            pj = sources.load({k: v for k, v in fp.items() if k not in COSMETIC}, fetch=False)
        except sources.SourceError as e2:
            return None, str(e2)
        note = "drawn entries dropped"
    except sources.SourceError as e:
        return None, str(e)
    p = puzzle_json.from_json(pj)
    p.finalize()
    return p, note


def run_pencilmark(fp):
    from pencilmark import cbackend
    p, note = pencilmark_model(fp)
    if p is None:
        return {"error": note}

    def solve():
        """pencilmark's solve: its C++ puzzle built from the Python one, then the search (timed apart)."""
        cpuzzle = cbackend.to_cpuzzle(p)
        start = thread_seconds()
        found = cbackend.brute_solve(p, limit=2, node_limit=ARGS.node_limit, cpuzzle=cpuzzle)
        return found, thread_seconds() - start

    out, seconds, search, runs = timed(solve)
    row = {"count": len(out), "complete": bool(out.complete), "us": seconds * 1e6, "search_us": search * 1e6,
           "runs": runs, "note": note,
           "solution": "".join(map(str, out[0])) if out and p.D <= 9 else ",".join(map(str, out[0])) if out else None}
    if not out and out.complete and fp_answer(fp) is not None:   # does pencilmark's reading allow the answer at all?
        p.givens = dict(enumerate(fp_answer(fp)))
        row["answer_allowed"] = bool(cbackend.brute_solve(p, limit=1, node_limit=ARGS.node_limit))
    return row


ANSWERS = {}


def fp_answer(fp):
    text = ANSWERS.get(fp["_file"])
    if text is None:
        return None
    return [int(v) for v in (text.split(",") if "," in text else text)]


def run_fdoku(files):
    cmd = [str(ARGS.fdoku), "--passes", str(ARGS.passes), *map(str, files)]
    lines = subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()
    rows = [json.loads(line) for line in lines]
    return {pathlib.Path(r["file"]).name: r for r in rows}


def fmt_ratio(q):
    return f"{q:.2g}" if q < 0.1 else f"{q:.2f}"


def fmt_us(us):
    return f"{us:,.0f}" if us >= 100 else f"{us:.1f}"


def main():
    for line in (DATA / "solutions.txt").read_text(encoding="utf-8").splitlines():
        if line.strip():
            name, answer = line.split()
            ANSWERS[name] = answer
    if ARGS.report:
        rows = [json.loads(line) for line in open(ARGS.report, encoding="utf-8")]
        for row in rows:
            row["verdict"] = verdict(row)
        report(rows)
        return
    files = [pathlib.Path(f) for f in ARGS.files] or sorted(DATA.glob("*.fpuzzles.json"))
    import pencilmark
    print(f"pencilmark {pencilmark.__version__}, {ARGS.passes} passes, node limit {ARGS.node_limit:,}", file=sys.stderr)
    fdoku = run_fdoku(files)
    out = open(ARGS.out, "w", encoding="utf-8") if ARGS.out else None
    rows = []
    for f in files:
        fp = json.loads(f.read_text(encoding="utf-8"))
        fp["_file"] = f.name
        fd = fdoku[f.name]
        row = {"file": f.name, "title": fp.get("title") or f.name.removesuffix(".fpuzzles.json"), "size": fp.get("size", 9), "families": families(fp),
               "fdoku": fd}
        if "error" in fd:
            row["excluded"] = "excluded: fdoku refuses it (" + fd["error"].split(": ")[1] + ")"
        else:
            print(f"{f.name} ...", file=sys.stderr, flush=True)
            row["pencilmark"] = run_pencilmark(fp)
        row["verdict"] = verdict(row)
        rows.append(row)
        if out:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            out.flush()
    report(rows)


def verdict(row):
    """'' when both tools agree and fdoku's answer is right; otherwise what is wrong."""
    if "excluded" in row:
        return row["excluded"]
    fd, pm = row["fdoku"], row["pencilmark"]
    problems = []
    if fd["check"] != "ok":
        problems.append(f"fdoku's solution: {fd['check']}")
    answer = ANSWERS.get(row["file"])
    unique = fd["count"] == 1    # with two solutions, either may come first
    if unique and answer is not None and fd["solution"] != answer:
        problems.append("fdoku's solution is not the answer in solutions.txt")
    if "error" in pm:
        problems.append(f"pencilmark refuses it ({pm['error']})")
    elif not pm["complete"] and pm["count"] < 2:
        problems.append(f"pencilmark undecided at {ARGS.node_limit:,} nodes ({pm['count']} found)")
    elif pm["count"] != fd["count"]:
        allowed = pm.get("answer_allowed")
        why = "" if allowed is None else "; its reading rejects the answer" if not allowed else ""
        problems.append(f"pencilmark counts {pm['count']}, fdoku {fd['count']}{why}")
    elif unique and pm["solution"] != fd["solution"]:
        problems.append("the first solutions differ")
    return "; ".join(problems)


def report(rows):
    print("| puzzle | kinds | size | solutions | fdoku µs | pencilmark µs | its search µs | fdoku ÷ pencilmark "
          "| fdoku ÷ its search | note |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    by_family = {}
    for r in rows:
        fd, pm = r["fdoku"], r.get("pencilmark", {})
        kinds = ", ".join(r["families"]) or "—"
        size = f"{r['size']}×{r['size']}"
        cells = [fmt_us(fd["us"]) if "us" in fd else "—", fmt_us(pm["us"]) if "us" in pm else "—",
                 fmt_us(pm["search_us"]) if "us" in pm else "—", "—", "—"]
        if not r["verdict"]:
            q = (fd["us"] / pm["us"], fd["us"] / pm["search_us"])
            cells[3:] = [fmt_ratio(q[0]), fmt_ratio(q[1])]
            for fam in r["families"] + ["all compared"]:
                by_family.setdefault(fam, []).append(q)
        elif "us" in pm and "undecided" in r["verdict"]:
            cells[3:] = [f"< {fmt_ratio(fd['us'] / pm['us'])}", f"< {fmt_ratio(fd['us'] / pm['search_us'])}"]
        count = {1: "1", 2: "2+"}.get(fd.get("count"), str(fd.get("count", "—")))
        note = "; ".join(x for x in (r["verdict"], pm.get("note", "")) if x)
        print(f"| {r['title']} | {kinds} | {size} | {count} | {' | '.join(cells)} | {note} |")
    print()
    print("| family | puzzles compared | fdoku ÷ pencilmark: geometric mean (range) | fdoku ÷ its search |")
    print("|---|---:|---|---|")
    for fam in [name for name, _ in FAMILIES] + ["irregular", "all compared"]:
        qs = by_family.get(fam)
        if qs:
            print(f"| {fam} | {len(qs)} | {summary([q[0] for q in qs])} | {summary([q[1] for q in qs])} |")


def summary(ratios):
    mean = math.exp(sum(map(math.log, ratios)) / len(ratios))
    return f"{fmt_ratio(mean)} ({fmt_ratio(min(ratios))} – {fmt_ratio(max(ratios))})"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", help="f-puzzles files (default: tests/data/variants/*.fpuzzles.json)")
    parser.add_argument("--passes", type=int, default=3, help="timed passes per puzzle (default 3)")
    parser.add_argument("--node-limit", type=int, default=NODE_LIMIT, help="pencilmark's search limit")
    parser.add_argument("--fdoku", type=pathlib.Path, default=FDOKU, help="the peer-pencilmark program")
    parser.add_argument("--out", help="write every measurement here as JSON lines")
    parser.add_argument("--report", help="only print the tables of the measurements written by --out")
    ARGS = parser.parse_args()
    main()
