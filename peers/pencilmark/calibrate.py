"""fdoku's level against pencilmark's band, on the same variant puzzles: how well the two grades agree.

Run with the Python of a virtual environment that has pencilmark installed (never a dependency of fdoku):

    python3 -m venv /tmp/pm-venv && /tmp/pm-venv/bin/pip install pencilmark
    /tmp/pm-venv/bin/python peers/pencilmark/calibrate.py --fdoku target/release/fdoku --out /tmp/calibration.jsonl
    /tmp/pm-venv/bin/python peers/pencilmark/calibrate.py --report /tmp/calibration.jsonl [MORE.jsonl...]
    /tmp/pm-venv/bin/python peers/pencilmark/calibrate.py --fdoku BIN --regrade /tmp/calibration.jsonl --out /tmp/again.jsonl

The puzzles (--puzzles published, generated or all): every published puzzle of tests/data/variants (*.fpuzzles.json), and puzzles fdoku generates — for each
kind of --kinds (default KINDS) and each of fdoku's levels, `fdoku generate --rules KIND --difficulty LEVEL` (one 9×9 puzzle, seed
--seed), written out as f-puzzles JSON by `fdoku convert --to fpuzzles-json`, so that both graders read the very same
file. A level no candidate reaches within --attempts is left out, and the report counts those.

Where fdoku cannot write a generated puzzle as f-puzzles, or pencilmark refuses the f-puzzles file (generated or
published) for anything but drawn entries, pencilmark is handed the puzzle in its own exchange format instead,
converted from fdoku's JSON description (of a published file: `fdoku convert --to json`) by to_exchange.py (which says, kind by kind, how each rule is written and what is left out); --exchange
takes that route for every generated puzzle. Such a row keeps the description (`description`, which fdoku grades
where the row has no f-puzzles text) and fdoku's solution (`solution`), so that `to_exchange.py --check` can have
pencilmark solve each converted puzzle and compare.

fdoku's grade is `fdoku grade -f jsonl` (its level: easy, medium, hard, expert, extreme; and HoDoKu's score);
pencilmark's is `pencilmark.rate` (its band: Very Easy, Easy, Medium, Hard, Very Hard, Extreme; and its card score),
each in a process of its own killed after --timeout seconds (pencilmark can take minutes on some puzzles). A file
pencilmark refuses only for its drawn `line`/`circle`/`cage`/`text` entries is given to it without them, as
bench.py does.

The report: Spearman's rank correlation (ties ranked by their mean) of fdoku's level with pencilmark's band, and of
HoDoKu's score with pencilmark's card score, on all the puzzles both graded, on the published and on the generated
ones; then the puzzles whose level and band lie furthest apart on a common 0-1 scale (a level's place among fdoku's
five, a band's among pencilmark's six), with the techniques each side needed at its hardest.

Each row keeps the f-puzzles text it measured (`puzzle`), so --regrade can grade the very same puzzles again with
another fdoku build: pencilmark's answer, which does not depend on fdoku, is taken from the row (and asked only where
the row has none, because fdoku did not grade the puzzle before).
"""
import argparse
import itertools
import json
import multiprocessing
import pathlib
import subprocess
import sys

import to_exchange

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "variants"
LEVELS = ["easy", "medium", "hard", "expert", "extreme"]
BANDS = ["Very Easy", "Easy", "Medium", "Hard", "Very Hard", "Extreme"]
# Kinds fdoku has logic for and pencilmark reads from f-puzzles.
KINDS = ["thermometer", "arrow", "little-killer", "white-dot", "black-dot", "xv", "whisper", "renban",
         "palindrome", "between-line", "minimum", "quadruple"]
COSMETIC = ("line", "circle", "cage", "text", "rectangle")


def fdoku(*args, stdin=None):
    """fdoku's standard output and error for ARGS (its exit code is the caller's business); `generate` runs
    --generator's binary, everything else --fdoku's."""
    binary = ARGS.generator if args[0] == "generate" and ARGS.generator else ARGS.fdoku
    done = subprocess.run([binary, *args], input=stdin, capture_output=True, text=True)
    return done.stdout, done.stderr


def fdoku_grade(fpuzzles_text):
    """fdoku's grade of an f-puzzles JSON text (or a JSON description): {level, score, hardest (Sudoku Explainer's path's), techniques (HoDoKu's
    path's)} or {error}."""
    out, err = fdoku("grade", "-f", "jsonl", "--time-limit", str(ARGS.timeout), "-", stdin=fpuzzles_text)
    lines = out.splitlines()
    if not lines:
        return {"error": err.strip() or "no answer"}
    record = json.loads(lines[0])
    grade = record.get("grade")
    if record.get("status") != "graded" or not grade:
        return {"error": record.get("error") or record.get("status")}
    return {"level": grade["level"], "score": grade["hodoku_score"], "hardest": grade.get("hardest"),
            "techniques": sorted(grade.get("techniques") or {})}


def pencilmark_puzzle(fp, description, exchange):
    """pencilmark's finalized engine puzzle and a note on the route: from the f-puzzles object `fp` (its drawn entries
    dropped where only they are refused), or from fdoku's `description` through to_exchange.py where there is no `fp`,
    `exchange` asks for it, or pencilmark refuses `fp` for anything else."""
    from pencilmark import puzzle_json, sources
    if fp is not None and not (exchange and description is not None):
        try:
            try:
                pj, note = sources.load(fp, fetch=False), ""
            except sources.UnsupportedPuzzle as e:
                if "generic" not in str(e):
                    raise
                pj = sources.load({k: v for k, v in fp.items() if k not in COSMETIC}, fetch=False)
                note = "drawn entries dropped"
            p = puzzle_json.from_json(pj)
            p.finalize()
            return p, note
        except sources.UnsupportedPuzzle:
            if description is None:
                raise
    return to_exchange.engine_puzzle(description), "exchange format"


def pencilmark_job(fp, description, exchange, queue):
    """pencilmark's card of an f-puzzles object or an fdoku description, put on `queue`: {band, band_index,
    difficulty, contains, note} or {error}."""
    try:
        import pencilmark
        p, note = pencilmark_puzzle(fp, description, exchange)
        card = pencilmark.rate(p, max_seconds=ARGS.timeout, fields=["difficulty", "band", "band_index", "contains"])
        queue.put({"band": card.get("band"), "band_index": card.get("band_index"),
                   "difficulty": card.get("difficulty"), "contains": card.get("contains"), "note": note})
    except Exception as e:  # a refusal or a failure is the row's answer
        queue.put({"error": f"{type(e).__name__}: {e}"})


def pencilmark_grade(fp, description=None, exchange=False):
    """pencilmark_job in a process of its own, killed after --timeout seconds."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    process = context.Process(target=pencilmark_job, args=(fp, description, exchange, queue))
    process.start()
    process.join(ARGS.timeout)
    if process.is_alive():
        process.kill()
        process.join()
        return {"error": f"timeout after {ARGS.timeout} s"}
    return queue.get() if not queue.empty() else {"error": f"exit code {process.exitcode}"}


def published():
    """(source, name, the row's puzzle) of every published puzzle: {puzzle (its f-puzzles text), description (fdoku's
    reading of it, `fdoku convert --to json`, for the exchange route where pencilmark refuses the file)}."""
    for path in sorted(DATA.glob("*.fpuzzles.json")):
        if ARGS.names and path.name.removesuffix(".fpuzzles.json") not in ARGS.names.split(","):
            continue
        text = path.read_text(encoding="utf-8")
        description, _ = fdoku("convert", "--to", "json", "-", stdin=text)
        yield "published", path.name.removesuffix(".fpuzzles.json"), {"puzzle": text} | (
            {"description": description.strip()} if description.strip() else {})


def generated():
    """(source, name, the row's puzzle) of one generated puzzle per kind and level that fdoku reaches: {puzzle
    (f-puzzles text, where fdoku writes one), description, solution}, or {unreached}."""
    for kind in ARGS.kinds.split(","):
        for level in LEVELS:
            out, err = fdoku("generate", "--rules", kind, "--difficulty", level, "--seed", str(ARGS.seed),
                             "--attempts", str(ARGS.attempts), "--time-limit", str(ARGS.generate_seconds), "-f", "jsonl")
            if not out.strip():
                yield "generated", f"{kind} {level}", {"unreached": err.strip()}
                continue
            record = json.loads(out.splitlines()[0])
            description = json.dumps(record["description"])
            text, _ = fdoku("convert", "--to", "fpuzzles-json", "-", stdin=description)
            row = {"description": description, "solution": record.get("solution")}
            yield "generated", f"{kind} {level}", row | ({"puzzle": text.strip()} if text.strip() else {})


def measured(rows):
    """Each (row, pencilmark's earlier answer or None) graded: fdoku's grade of the row's puzzle, and pencilmark's
    where fdoku graded it and no earlier answer is given."""
    for row, known in rows:
        text, description = row.get("puzzle"), row.get("description")
        if text is not None or description is not None:
            row["fdoku"] = fdoku_grade(text if text is not None else description)
            if "error" not in row["fdoku"]:
                row["pencilmark"] = known or pencilmark_grade(
                    json.loads(text) if text is not None else None, json.loads(description) if description else None,
                    ARGS.exchange and row["source"] == "generated")
        yield row


def remeasured():
    """The rows of --regrade's files (a puzzle measured twice by its last row), each with its pencilmark answer."""
    latest = {}
    for path in ARGS.regrade:
        for line in open(path, encoding="utf-8"):
            row = json.loads(line)
            if row.get("puzzle") is None and row["source"] == "published":
                row["puzzle"] = (DATA / f"{row['name']}.fpuzzles.json").read_text(encoding="utf-8")
            latest[(row["source"], row["name"])] = row
    for row in latest.values():
        known = row.get("pencilmark")
        known = known if known and "error" not in known else None
        fresh = {k: row[k] for k in ("source", "name", "puzzle", "description", "solution", "unreached") if k in row}
        yield fresh, known


def measure():
    out = open(ARGS.out, "w", encoding="utf-8")
    if ARGS.regrade:
        rows = remeasured()
    else:
        sets = {"published": [published], "generated": [generated], "all": [published, generated]}[ARGS.puzzles]
        rows = ((({"source": source, "name": name} | (text if isinstance(text, dict) else {"puzzle": text})), None)
                for source, name, text in itertools.chain(*(make() for make in sets)))
    for row in measured(rows):
        print(json.dumps(row), file=out, flush=True)
        print(json.dumps({k: v for k, v in row.items() if k != "puzzle"})[:200], file=sys.stderr, flush=True)
    out.close()


def ranks(values):
    """1-based ranks, ties given their mean rank."""
    order = sorted(range(len(values)), key=lambda k: values[k])
    result = [0.0] * len(values)
    k = 0
    while k < len(order):
        j = k
        while j + 1 < len(order) and values[order[j + 1]] == values[order[k]]:
            j += 1
        for m in range(k, j + 1):
            result[order[m]] = (k + j) / 2 + 1
        k = j + 1
    return result


def spearman(xs, ys):
    """Spearman's rank correlation: Pearson's of the ranks (None for fewer than 3 pairs or no spread)."""
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else None


def both_graded(row):
    return "level" in row.get("fdoku", {}) and row.get("pencilmark", {}).get("band_index") is not None


def gap(row):
    """Level minus band on a common 0-1 scale: positive where fdoku rates the puzzle harder."""
    return LEVELS.index(row["fdoku"]["level"]) / (len(LEVELS) - 1) - row["pencilmark"]["band_index"] / (len(BANDS) - 1)


def report():
    # A puzzle measured again (say with a longer --timeout) counts by its last measurement.
    latest = {}
    for path in ARGS.report:
        for line in open(path, encoding="utf-8"):
            row = json.loads(line)
            latest[(row["source"], row["name"])] = row
    rows = list(latest.values())
    graded = [r for r in rows if both_graded(r)]
    print("| puzzles | both graded | level ~ band (Spearman) | HoDoKu score ~ card score (Spearman) |")
    print("|---|---:|---:|---:|")
    for label, pick in [("all", lambda r: True), ("published", lambda r: r["source"] == "published"),
                        ("generated", lambda r: r["source"] == "generated")]:
        chosen = [r for r in graded if pick(r)]
        by_level = spearman([LEVELS.index(r["fdoku"]["level"]) for r in chosen],
                            [r["pencilmark"]["band_index"] for r in chosen])
        scored = [r for r in chosen if r["pencilmark"].get("difficulty") is not None]
        by_score = spearman([r["fdoku"]["score"] for r in scored], [r["pencilmark"]["difficulty"] for r in scored])
        fmt = lambda v: "–" if v is None else f"{v:.2f}"
        print(f"| {label} | {len(chosen)} of {sum(1 for r in rows if pick(r))} | {fmt(by_level)} | {fmt(by_score)} |")
    higher = sum(1 for r in graded if gap(r) > 0.1)
    lower = sum(1 for r in graded if gap(r) < -0.1)
    print()
    print(f"fdoku's level above pencilmark's band (gap over 0.1): {higher}; below: {lower}; "
          f"within 0.1: {len(graded) - higher - lower}")
    print()
    print("Left out:")
    for r in rows:
        if not both_graded(r):
            why = r.get("unreached") or r.get("fdoku", {}).get("error") or r.get("pencilmark", {}).get("error")
            print(f"- {r['source']} {r['name']}: {str(why)[:160]}")
    print()
    print("| puzzle | fdoku level (HoDoKu score, SE path's hardest step) | pencilmark band (card score) | gap |")
    print("|---|---|---|---:|")
    for r in sorted(graded, key=lambda r: -abs(gap(r)))[:ARGS.most]:
        f, p = r["fdoku"], r["pencilmark"]
        difficulty = p.get("difficulty")
        shown = f"{difficulty:.1f}" if isinstance(difficulty, (int, float)) else "–"
        print(f"| {r['source']} {r['name']} | {f['level']} ({f['score']}, {f['hardest']}) | {p['band']} ({shown}) "
              f"| {gap(r):+.2f} |")


def main():
    if ARGS.report:
        report()
    else:
        measure()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fdoku", default=str(ROOT / "target" / "release" / "fdoku"), help="the fdoku binary")
    parser.add_argument("--generator", help="the fdoku binary that generates (default: --fdoku)")
    parser.add_argument("--out", default="/tmp/calibration.jsonl", help="where the measurements go (JSON lines)")
    parser.add_argument("--report", nargs="+", help="print the tables of these measurements files")
    parser.add_argument("--regrade", nargs="+", help="grade the puzzles of these measurements files again")
    parser.add_argument("--puzzles", choices=["published", "generated", "all"], default="all",
                        help="which puzzles to measure")
    parser.add_argument("--names", help="only these published puzzles (file names without .fpuzzles.json)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="the kinds to generate, comma-separated")
    parser.add_argument("--timeout", type=float, default=60, help="seconds each grader may take per puzzle")
    parser.add_argument("--generate-seconds", type=float, default=20, help="fdoku generate's time limit per puzzle")
    parser.add_argument("--seed", type=int, default=1, help="fdoku generate's seed")
    parser.add_argument("--attempts", type=int, default=300, help="fdoku generate's candidates per puzzle")
    parser.add_argument("--exchange", action="store_true",
                        help="hand pencilmark every generated puzzle in its exchange format (to_exchange.py)")
    parser.add_argument("--most", type=int, default=12, help="how many of the furthest-apart puzzles to list")
    ARGS = parser.parse_args()
    main()
