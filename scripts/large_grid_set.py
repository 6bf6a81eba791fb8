#!/usr/bin/env python3
"""Builds a seeded test set of 16×16 and 25×25 puzzles of every kind.

For each size it writes one file per kind and clue count into OUT, one puzzle
per line (`1`-`9`, then `A`-`P`; `.` a blank):

* `N-random-K.txt`: a random full grid (`fdoku generate --clues N²`) with
  K givens kept at random: solvable, unique or with many solutions;
* `N-wrong-K.txt`: the same puzzles with one given changed to a digit that
  none of its peers holds: no clash to see, and (almost always) no solution;
* `N-unique-K.txt`: `fdoku generate --clues K`: unique, about K givens;
* `N-less-K.txt`: those with one given more taken away: usually several
  solutions, sometimes still unique.

The MiniZinc Challenge's sudoku_fixed instances (16×16 and 25×25) go to
`sudoku_fixed.txt` when their folder is given.

    scripts/large_grid_set.py --fdoku target/release/fdoku --out /tmp/large \
        [--seed 1] [--per-file 8] [--mzn ../shared/mzn/sudoku_fixed]

The same seed and fdoku give the same files.
"""

import argparse
import random
import re
import subprocess
from pathlib import Path

DIGITS = "123456789ABCDEFGHIJKLMNOP"
# Clue counts per size: from sparse (many solutions) to dense.
RANDOM_CLUES = {16: [70, 90, 110, 130, 160], 25: [200, 250, 290, 320, 350, 400]}
UNIQUE_CLUES = {16: [110, 130], 25: [290, 330]}


def box_shape(n):
    root = int(round(n**0.5))
    return root, root


def peers(n, cell):
    rows, cols = box_shape(n)
    r, c = divmod(cell, n)
    br, bc = r - r % rows, c - c % cols
    out = {r * n + j for j in range(n)} | {i * n + c for i in range(n)}
    out |= {(br + i) * n + bc + j for i in range(rows) for j in range(cols)}
    out.discard(cell)
    return out


def fdoku_lines(fdoku, args):
    """fdoku's output lines; a generator stopped by its time limit (exit
    code 3) gives the puzzles it finished."""
    result = subprocess.run([fdoku, *args], capture_output=True, text=True)
    if result.returncode not in (0, 3):
        raise SystemExit(f"{fdoku} {' '.join(args)}: exit {result.returncode}\n{result.stderr}")
    return [line for line in result.stdout.split() if line]


def full_grids(fdoku, n, count, seed):
    return fdoku_lines(
        fdoku,
        ["generate", "--size", str(n), "--clues", str(n * n), "-n", str(count),
         "--seed", str(seed), "-j", "1"],
    )


def keep_random(grid, clues, rng):
    cells = list(range(len(grid)))
    rng.shuffle(cells)
    kept = set(cells[:clues])
    return "".join(ch if i in kept else "." for i, ch in enumerate(grid))


def change_one_given(puzzle, n, rng):
    """One given replaced by a digit that no peer's given holds (and that
    differs from it); the puzzle unchanged when no given allows one."""
    givens = [i for i, ch in enumerate(puzzle) if ch != "."]
    rng.shuffle(givens)
    for cell in givens:
        seen = {puzzle[p] for p in peers(n, cell)} | {puzzle[cell]}
        choices = [d for d in DIGITS[:n] if d not in seen]
        if choices:
            digit = rng.choice(choices)
            return puzzle[:cell] + digit + puzzle[cell + 1:]
    return puzzle


def remove_one_given(puzzle, rng):
    cell = rng.choice([i for i, ch in enumerate(puzzle) if ch != "."])
    return puzzle[:cell] + "." + puzzle[cell + 1:]


def mzn_instances(folder):
    """The sudoku_fixed .dzn files as lines, 16×16 and 25×25 only."""
    out = []
    for path in sorted(Path(folder).glob("*.dzn")):
        text = re.sub(r"%[^\n]*", "", path.read_text())
        n = int(re.search(r"\bn\s*=\s*(\d+)", text).group(1))
        body = re.search(r"\[(.*)\]", text, re.S).group(1)
        cells = [t.strip() for t in body.split(",")]
        assert len(cells) == n * n, path
        out.append("".join("." if t == "_" else DIGITS[int(t) - 1] for t in cells))
    return out


def write(out, name, lines):
    (out / name).write_text("".join(line + "\n" for line in lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fdoku", required=True)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-file", type=int, default=8)
    ap.add_argument("--mzn", help="the sudoku_fixed folder")
    ap.add_argument("--unique-time-limit", type=int, default=120,
                    help="seconds per generated unique puzzle")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for n in (16, 25):
        rng = random.Random(f"{args.seed}-{n}")
        for k, clues in enumerate(RANDOM_CLUES[n]):
            grids = full_grids(args.fdoku, n, args.per_file, args.seed * 1000 + k)
            puzzles = [keep_random(g, clues, rng) for g in grids]
            write(args.out, f"{n}-random-{clues}.txt", puzzles)
            write(args.out, f"{n}-wrong-{clues}.txt",
                  [change_one_given(p, n, rng) for p in puzzles])
        for clues in UNIQUE_CLUES[n]:
            unique = fdoku_lines(
                args.fdoku,
                ["generate", "--size", str(n), "--clues", str(clues),
                 "-n", str(args.per_file), "--seed", str(args.seed),
                 "--time-limit", str(args.unique_time_limit)],
            )
            write(args.out, f"{n}-unique-{clues}.txt", unique)
            write(args.out, f"{n}-less-{clues}.txt",
                  [remove_one_given(p, rng) for p in unique])
    if args.mzn:
        write(args.out, "sudoku_fixed.txt", mzn_instances(args.mzn))


if __name__ == "__main__":
    main()
