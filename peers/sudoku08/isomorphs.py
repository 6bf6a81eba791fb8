#!/usr/bin/env python3
"""Random isomorphs of 9x9 puzzles, for checking a search heuristic against
tie-break luck: each copy permutes the bands, the rows within each band, the
stacks, the columns within each stack and the digits, and transposes half the
time. Same seed, same output.

usage: isomorphs.py FILE SEED COPIES > OUT   (one 81-character grid per line)
"""
import random
import sys


def main():
    path, seed, copies = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    grids = [line[:81] for line in open(path)
             if len(line) >= 81 and all(c in "0123456789." for c in line[:81])]

    def three():
        order = [0, 1, 2]
        rng.shuffle(order)
        return order

    for grid in grids:
        for _ in range(copies):
            rows = [band * 3 + row for band in three() for row in three()]
            columns = [stack * 3 + column for stack in three() for column in three()]
            digits = list("123456789")
            rng.shuffle(digits)
            relabel = {str(d + 1): digits[d] for d in range(9)}
            transpose = rng.random() < 0.5
            out = []
            for r in range(9):
                for c in range(9):
                    row, column = rows[r], columns[c]
                    if transpose:
                        row, column = column, row
                    out.append(relabel.get(grid[row * 9 + column], "."))
            print("".join(out))


if __name__ == "__main__":
    main()
