"""fdoku's JSON puzzle description -> pencilmark's "sudoku-puzzle" exchange format (format_version 1).

For the kinds that fdoku cannot write as f-puzzles, or that pencilmark does not read from f-puzzles, this is the
route by which calibrate.py hands pencilmark the very puzzle fdoku graded. Run with the Python of a virtual
environment that has pencilmark installed (measuring only; never a dependency of fdoku):

    /tmp/pm-venv/bin/python peers/pencilmark/to_exchange.py DESCRIPTION.json           # the exchange document
    /tmp/pm-venv/bin/python peers/pencilmark/to_exchange.py --check RECORDS.jsonl       # pencilmark solves each one

--check takes `fdoku generate -f jsonl` records (or calibrate.py rows holding a `description` and a `solution`):
pencilmark solves every converted puzzle with its exhaustive search, and the line says whether it found exactly
fdoku's solution. That is how each conversion below was verified.

Each field of the description (docs/formats.md) and its exchange rule; the meanings were checked one by one
against pencilmark's engine (exchange.py, model.py) and its own readers:

| fdoku field | exchange rule | the meaning both sides give it |
|---|---|---|
| `size`, `boxes`, `regions`, `givens` | `box_grid` (or `grid` and `region` rules) | rows, columns and boxes (jigsaw regions) |
| `diagonals` | `region` kind `diagonal` | the long diagonals are houses |
| `thermometers` | `line` `thermo` | digits increase strictly from the bulb |
| `whispers` | `line` `whisper`, value the difference (⌈N/2⌉ by default) | neighbours differ by at least it |
| `renbans` | `line` `renban` | different digits forming a consecutive set |
| `palindromes` | `line` `palindrome` | reads the same from both ends |
| `slow_thermometers` | `line` `slow_thermo` | digits never decrease from the bulb |
| `region_sum_lines` | `line` `region_sum` | the runs of the line inside one box (region) have one sum |
| `zipper_lines` | `line` `zipper` | pairs the same distance from the middle add up to the middle (odd) or to one sum (even) |
| `entropic_lines` | `line` `entropic`, groups the thirds of 1..N; a line of 2 cells left out | any three cells in a row: a low, a middle and a high digit |
| `modular_lines` | `line` `modular`, value 3; a line of 2 cells left out | any three cells in a row: three residues mod 3 |
| `parity_lines` | `line` `parity` | neighbours alternate odd and even |
| `lockout_lines` | `line` `lockout`, value the difference (⌊N/2⌋ by default) | ends differ by at least it; inner digits outside the ends' closed range |
| `nabner_lines` | `relation` `difference_at_least` 2 on every pair of the line | no two digits equal or consecutive |
| `products` | `edge` `product` (a 2-cell `table` where the cells do not touch) | the two digits multiply to the product |
| `x_sums` | `xsum`, cells from the clue inwards | the first k cells add up to the sum, k the first digit |
| `skyscrapers` | `skyscraper` | digits seen from the clue (prefix maxima) |
| `frame_sums` | `sum` kind `frame`, the first box-depth cells | those cells add up to the sum |
| `one_two_three` | `first_seen`, digits 1, 2, 3, the whole row or column | of 1, 2, 3 the clue's digit comes first from the clue |
| `counting_circles` | `count` kind `circles` | a digit d in the circles stands in exactly d of them (0 or d times) |
| `count_different` | `distinct_count` | exactly that many different digits |
| `cupids` | `appears` | the source digit stands again in at least one listed cell |
| `twins` | a 4-cell `table` per two positions of the shape: (a_i = a_j) exactly when (b_i = b_j) | the second shape is the first relabelled by a one-to-one map |

Two readings differ, and the converter writes fdoku's: a 2-cell entropic or modular line holds no three cells in a row,
so fdoku's rule says nothing about it (docs/formats.md; its solver skips such lines), where pencilmark's line would
make its two digits differ in third (residue) — written as a line, it turns some of fdoku's generated puzzles into
ones without a solution, so such lines are not written. Twins are not written as pencilmark's `isomorphic` rule:
that rule adds a digit key beside the board (one cell per digit), and on fdoku's twins, small shapes that hold only
a few of the digits, the key's other cells are free, so pencilmark counts many solutions and will not grade the
puzzle; the pairwise tables say the same of the grid's cells and leave no free cell.

A nabner line is one relation, a difference of at least 2, and not the two that pencilmark's own SudokuPad reader
makes of it (different, not consecutive): with two, removing d - 1, d and d + 1 from a cell beside a known d is
"two rules together" on pencilmark's card, a Medium move, where the line says it in one read.

Left out, with the reason given in the error: `row_indexers`, `column_indexers`, `box_indexers` — pencilmark has
no indexer rule (its f-puzzles reader refuses them, and the exchange format has no rule for them); a generic
table would make pencilmark grade its table logic, not an indexer's read. Every other field is refused by name:
those kinds take the f-puzzles route (`fdoku convert --to fpuzzles-json`).
"""
import argparse
import json
import sys

# The fields this converter writes; any other field of a description is refused by name.
BASE = {"size", "boxes", "regions", "givens", "diagonals", "name"}
LINES = {"thermometers": "thermo", "whispers": "whisper", "renbans": "renban", "palindromes": "palindrome",
         "slow_thermometers": "slow_thermo", "region_sum_lines": "region_sum", "zipper_lines": "zipper",
         "entropic_lines": "entropic", "modular_lines": "modular", "parity_lines": "parity",
         "lockout_lines": "lockout"}
CLUES = {"nabner_lines", "products", "x_sums", "skyscrapers", "frame_sums", "one_two_three", "counting_circles",
         "count_different", "cupids", "twins"}
LEFT_OUT = {"row_indexers": "pencilmark has no indexer rule", "column_indexers": "pencilmark has no indexer rule",
            "box_indexers": "pencilmark has no indexer rule"}
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVW"


class Unsupported(ValueError):
    """a description this converter does not write (the message names the field and why)."""


def parse_cell(name, n, outside=False):
    """'r3c10' -> (3, 10), 1-based; inside the grid unless `outside` allows row/column 0 and n + 1."""
    try:
        r, c = name[1:].split("c")
        r, c = int(r), int(c)
    except (ValueError, AttributeError, TypeError):
        raise Unsupported(f"bad cell name {name!r}") from None
    top = n + 1 if outside else n
    low = 0 if outside else 1
    if not (low <= r <= top and low <= c <= top) or name[0] != "r":
        raise Unsupported(f"cell {name!r} is outside the grid")
    return r, c


def name(r, c):
    return f"r{r}c{c}"


def seen_from(clue, n):
    """(side, the cells of the row or column seen from an outside clue, nearest first)."""
    r, c = parse_cell(clue, n, outside=True)
    if r == 0 and 1 <= c <= n:
        return "top", [name(k, c) for k in range(1, n + 1)]
    if r == n + 1 and 1 <= c <= n:
        return "bottom", [name(k, c) for k in range(n, 0, -1)]
    if c == 0 and 1 <= r <= n:
        return "left", [name(r, k) for k in range(1, n + 1)]
    if c == n + 1 and 1 <= r <= n:
        return "right", [name(r, k) for k in range(n, 0, -1)]
    raise Unsupported(f"clue {clue!r} is not beside a row or column")


def default_boxes(n):
    """fdoku's standard box shape: the most nearly square rows x cols with rows <= cols."""
    rows = max(d for d in range(1, int(n ** 0.5) + 1) if n % d == 0)
    return [rows, n // rows]


def givens_list(desc, n):
    raw = desc.get("givens", "")
    text = "".join(raw) if isinstance(raw, list) else raw
    text = "".join(ch for ch in text if not ch.isspace())
    if not text:
        return [0] * (n * n)
    if len(text) != n * n:
        raise Unsupported(f"givens: {len(text)} symbols, expected {n * n}")
    out = []
    for ch in text:
        k = SYMBOLS.find(ch.upper())
        out.append(k + 1 if 0 <= k < n else 0)
    return out


def line_cells(entry):
    return entry["line"] if isinstance(entry, dict) else entry


def houses(desc, n):
    boxes = desc.get("boxes", None)
    if desc.get("regions"):
        rows = desc["regions"]
        if any(isinstance(row, list) for row in rows):
            raise Unsupported("regions: only rows of characters are converted")
        groups = {}
        for r, row in enumerate(rows, 1):
            for c, ch in enumerate(row, 1):
                groups.setdefault(ch, []).append(name(r, c))
        rules = [{"type": "grid", "origin": "r1c1"}]
        rules += [{"type": "region", "kind": "region", "cells": cells} for _, cells in sorted(groups.items())]
        return rules
    if boxes is False:
        return [{"type": "grid", "origin": "r1c1"}]
    return [{"type": "box_grid", "origin": "r1c1", "box": list(boxes or default_boxes(n))}]


def box_depth(desc, n, side):
    """cells of a frame sum: a box's height seen from above or below, its width from the side."""
    if desc.get("regions") or desc.get("boxes") is False:
        raise Unsupported("frame_sums: the grid needs boxes")
    rows, cols = desc.get("boxes") or default_boxes(n)
    return rows if side in ("top", "bottom") else cols


def touching(a, b, n):
    (r1, c1), (r2, c2) = parse_cell(a, n), parse_cell(b, n)
    return abs(r1 - r2) + abs(c1 - c2) == 1


def convert(desc):
    """fdoku's description (a dict) -> the sudoku-puzzle exchange document (a dict); Unsupported names the field."""
    for key in desc:
        if key in LEFT_OUT:
            raise Unsupported(f"{key}: {LEFT_OUT[key]}")
        if key not in BASE and key not in LINES and key not in CLUES:
            raise Unsupported(f"{key}: not converted here (use fdoku convert --to fpuzzles-json)")
    n = desc.get("size") or (len(desc["regions"]) if desc.get("regions") else 9)
    rules = houses(desc, n)
    diagonals = desc.get("diagonals")
    if diagonals in (True, "main"):
        rules.append({"type": "region", "kind": "diagonal", "cells": [name(k, k) for k in range(1, n + 1)]})
    if diagonals in (True, "anti"):
        rules.append({"type": "region", "kind": "diagonal", "cells": [name(k, n + 1 - k) for k in range(1, n + 1)]})
    for field, kind in LINES.items():
        for entry in desc.get(field, []):
            if kind in ("entropic", "modular") and len(line_cells(entry)) < 3:
                continue  # no three cells in a row: fdoku's line says nothing (pencilmark's would part two thirds)
            rule = {"type": "line", "kind": kind, "cells": list(line_cells(entry))}
            if kind == "entropic":
                if n % 3:
                    raise Unsupported("entropic_lines: the size is not a multiple of 3")
                rule["groups"] = [list(range(g * n // 3 + 1, (g + 1) * n // 3 + 1)) for g in range(3)]
            elif kind == "modular":
                rule["value"] = 3
            elif kind == "whisper":
                rule["value"] = entry.get("difference", (n + 1) // 2) if isinstance(entry, dict) else (n + 1) // 2
            elif kind == "lockout":
                rule["value"] = entry.get("difference", n // 2) if isinstance(entry, dict) else n // 2
            rules.append(rule)
    for entry in desc.get("nabner_lines", []):
        cells = list(dict.fromkeys(line_cells(entry)))
        pairs = [[a, b] for k, a in enumerate(cells) for b in cells[k + 1:]]
        if pairs:
            rules.append({"type": "relation", "op": "difference_at_least", "params": [2], "pairs": pairs})
    for entry in desc.get("products", []):
        a, b = entry["cells"]
        if touching(a, b, n):
            rules.append({"type": "edge", "kind": "product", "value": entry["product"], "cells": [a, b]})
        else:
            allowed = [[u, v] for u in range(1, n + 1) for v in range(1, n + 1) if u * v == entry["product"]]
            rules.append({"type": "table", "cells": [a, b], "allowed": allowed})
    for entry in desc.get("x_sums", []):
        side, cells = seen_from(entry["clue"], n)
        rules.append({"type": "xsum", "sum": entry["sum"], "side": side, "cells": cells})
    for entry in desc.get("skyscrapers", []):
        side, cells = seen_from(entry["clue"], n)
        rules.append({"type": "skyscraper", "value": entry["count"], "side": side, "cells": cells})
    for entry in desc.get("frame_sums", []):
        side, cells = seen_from(entry["clue"], n)
        rules.append({"type": "sum", "kind": "frame", "sum": entry["sum"], "side": side,
                      "cells": cells[:box_depth(desc, n, side)]})
    for entry in desc.get("one_two_three", []):
        side, cells = seen_from(entry["clue"], n)
        rules.append({"type": "first_seen", "value": entry["digit"], "digits": [1, 2, 3], "side": side, "cells": cells})
    circles = desc.get("counting_circles", [])
    for group in ([circles] if circles and isinstance(circles[0], str) else circles):
        rules.append({"type": "count", "kind": "circles", "cells": list(group)})
    for entry in desc.get("count_different", []):
        rules.append({"type": "distinct_count", "value": entry["count"], "cells": list(entry["cells"])})
    for entry in desc.get("cupids", []):
        rules.append({"type": "appears", "source": entry["cell"], "cells": list(entry["cells"])})
    same_iff_same = [[u, v, w, x] for u in range(1, n + 1) for v in range(1, n + 1) for w in range(1, n + 1)
                     for x in range(1, n + 1) if (u == v) == (w == x)]
    for entry in desc.get("twins", []):
        first, second = entry["cells"], entry["twin"]
        for i in range(len(first)):
            for j in range(i + 1, len(first)):
                rules.append({"type": "table", "cells": [first[i], first[j], second[i], second[j]],
                              "allowed": same_iff_same})
    return {"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": n, "cols": n}, "digits": n,
            "givens": givens_list(desc, n), "rules": rules}


def engine_puzzle(desc):
    """pencilmark's finalized engine puzzle of a description (pencilmark imported here, so that convert() needs none)."""
    from pencilmark import exchange
    p = exchange.read(convert(desc))
    p.finalize()
    return p


def check(record):
    """pencilmark's exhaustive search on the converted puzzle against fdoku's solution: a short verdict."""
    import pencilmark
    desc, want = record["description"], record.get("solution")
    desc = json.loads(desc) if isinstance(desc, str) else desc  # calibration rows keep it as JSON text
    try:
        # cells past the grid are pencilmark's own (the digit key of twins)
        n = desc.get("size") or 9
        got = "".join(SYMBOLS[v - 1] for v in pencilmark.solve(engine_puzzle(desc))[:n * n])
    except Unsupported as e:
        return f"left out: {e}"
    except Exception as e:  # pencilmark's NotUnique / NoSolution / a refusal: the verdict
        return f"pencilmark: {type(e).__name__}: {e}"
    if want is None:
        return "solved (no solution to compare)"
    return "same solution" if got == want else f"DIFFERENT solution {got}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a description (JSON), or with --check JSON lines of records")
    parser.add_argument("--check", action="store_true",
                        help="solve each record's converted puzzle with pencilmark and compare with its solution")
    args = parser.parse_args()
    if not args.check:
        print(json.dumps(convert(json.load(open(args.file, encoding="utf-8")))))
        return
    for k, line in enumerate(open(args.file, encoding="utf-8"), 1):
        record = json.loads(line)
        if "description" not in record:
            continue
        label = record.get("name") or record.get("variant") or f"line {k}"
        level = f" {record['difficulty']}" if "difficulty" in record else ""
        print(f"{label}{level}: {check(record)}", flush=True)


if __name__ == "__main__":
    try:
        main()
    except Unsupported as e:
        sys.exit(f"to_exchange.py: {e}")
