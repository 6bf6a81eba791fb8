#!/usr/bin/env python3
"""Compare fdoku's ratings with the reference raters' on the same puzzles.

usage: grade_diff.py PUZZLES ORACLE_DIR [--fdoku BIN] [--fdoku-jsonl FILE] [--mismatches FILE]

ORACLE_DIR holds the reference ratings, any of:
  classic.tsv  Sudoku Explainer 1.2.1 (`serate PUZZLES`):        PUZZLE ER EP ED HARDEST ...
  sukaku.tsv   SukakuExplainer 1.15 (`serate --engine sukaku`):  PUZZLE ER EP ED HARDEST ...
  hodoku.tsv   HoDoKu 2.2 (hodoku-py; see docs/grading.md):      PUZZLE SCORE LEVEL ...
Lines are matched by puzzle, so their order does not matter; a puzzle missing from a file
(or rated TIMEOUT there) is left out of that comparison.

fdoku's side is `fdoku grade --se sukaku -f jsonl -j1 PUZZLES` (or a saved run:
--fdoku-jsonl), whose grades carry both SE triples: `er`/`ep`/`ed` (classic) and
`sukaku.er`/`.ep`/`.ed`. Prints, per band of the reference rating, how many puzzles agree
exactly, and writes every disagreement to --mismatches (tab-separated).

The raters are measuring tools only (serate: ../shared/tools/serate; hodoku-py is GPL and
installed in a throwaway virtual environment); nothing here is shipped.
"""
import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict

SE_BANDS = [(0.0, 2.5, "1.0-2.5"), (2.5, 4.0, "2.6-3.9"), (4.0, 6.0, "4.0-5.9"),
            (6.0, 7.0, "6.0-6.9"), (7.0, 8.0, "7.0-7.9"), (8.0, 9.0, "8.0-8.9"),
            (9.0, 99.0, "9.0+")]
HODOKU_LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def read_tsv(path):
    rows = {}
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("  ") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            if len(f) >= 3 and f[1] != "TIMEOUT":
                rows[f[0]] = f[1:]
    return rows


def se_band(er):
    for lo, hi, name in SE_BANDS:
        if lo <= er < hi:
            return name
    return "?"


def fdoku_grades(args):
    if args.fdoku_jsonl:
        text = open(args.fdoku_jsonl, encoding="utf-8").read()
    else:
        text = subprocess.run([args.fdoku, "grade", "--se", "sukaku", "-f", "jsonl",
                               "-j", str(args.threads), args.puzzles],
                              capture_output=True, text=True).stdout
    grades = {}
    for line in text.splitlines():
        record = json.loads(line)
        if record.get("status") == "graded":
            grades[record["input"].replace("0", ".")] = record["grade"]
    return grades


def compare_se(name, oracle, grades, pick, mismatches):
    table = defaultdict(lambda: [0, 0, 0, 0, 0])  # n, er, ep, ed, all three
    for puzzle, ref in oracle.items():
        grade = grades.get(puzzle)
        mine = pick(grade) if grade else None
        if mine is None:
            continue
        want = tuple(round(float(x), 1) for x in ref[:3])
        got = tuple(round(float(x), 1) for x in mine)
        row = table[se_band(want[0])]
        row[0] += 1
        for i in range(3):
            row[1 + i] += got[i] == want[i]
        row[4] += got == want
        if got != want:
            mismatches.append((name, puzzle, "%.1f/%.1f/%.1f" % want, "%.1f/%.1f/%.1f" % got,
                               ref[3] if len(ref) > 3 else "", grade.get("hardest", "")))
    print_table("%s: ER/EP/ED exact" % name, ["ER", "EP", "ED", "all"], table,
                [b[2] for b in SE_BANDS])


def compare_hodoku(oracle, grades, mismatches):
    table = defaultdict(lambda: [0, 0, 0])  # n, score, level
    for puzzle, ref in oracle.items():
        grade = grades.get(puzzle)
        if not grade or "hodoku_score" not in grade:
            continue
        score, level = int(ref[0]), ref[1].lower()
        row = table[level]
        row[0] += 1
        row[1] += grade["hodoku_score"] == score
        row[2] += grade["hodoku_level"] == level
        if grade["hodoku_score"] != score or grade["hodoku_level"] != level:
            mismatches.append(("hodoku", puzzle, "%d %s" % (score, level),
                               "%d %s" % (grade["hodoku_score"], grade["hodoku_level"]), "",
                               grade.get("hardest", "")))
    print_table("HoDoKu: score and level exact", ["score", "level"], table, HODOKU_LEVELS)


def print_table(title, columns, table, order):
    print("\n" + title)
    print("| band | puzzles | " + " | ".join(columns) + " |")
    print("|---|---:|" + "---:|" * len(columns))
    total = [0] * (len(columns) + 1)
    for band in order + sorted(set(table) - set(order)):
        if band not in table:
            continue
        row = table[band]
        total = [a + b for a, b in zip(total, row)]
        print(format_row(band, row))
    print(format_row("**all**", total))


def format_row(name, row):
    n = row[0]
    cells = ["%d (%.1f%%)" % (x, 100.0 * x / n) if n else "-" for x in row[1:]]
    return "| %s | %d | %s |" % (name, n, " | ".join(cells))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("puzzles")
    ap.add_argument("oracle_dir")
    ap.add_argument("--fdoku", default="target/release/fdoku")
    ap.add_argument("--fdoku-jsonl")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--mismatches", default="grade_mismatches.tsv")
    args = ap.parse_args()
    grades = fdoku_grades(args)
    print("fdoku graded %d puzzles" % len(grades))
    mismatches = []
    classic = read_tsv(os.path.join(args.oracle_dir, "classic.tsv"))
    if classic:
        compare_se("classic SE 1.2.1", classic, grades,
                   lambda g: (g["er"], g["ep"], g["ed"]), mismatches)
    sukaku = read_tsv(os.path.join(args.oracle_dir, "sukaku.tsv"))
    if sukaku:
        compare_se("SukakuExplainer 1.15", sukaku, grades,
                   lambda g: (g["sukaku"]["er"], g["sukaku"]["ep"], g["sukaku"]["ed"])
                   if "sukaku" in g else None, mismatches)
    hodoku = read_tsv(os.path.join(args.oracle_dir, "hodoku.tsv"))
    if hodoku:
        compare_hodoku(hodoku, grades, mismatches)
    with open(args.mismatches, "w", encoding="utf-8") as fh:
        for m in mismatches:
            fh.write("\t".join(m) + "\n")
    print("\n%d disagreements written to %s" % (len(mismatches), args.mismatches))


if __name__ == "__main__":
    sys.exit(main())
