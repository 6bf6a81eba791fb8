#!/usr/bin/env python3
"""Lists the module dependency cycles inside Rust crates; exits 1 when there is one.

Usage:
    python3 scripts/module_cycles.py [--depth N] [--edges] TARGET [TARGET ...]

TARGET is a crate folder (its src/lib.rs, src/main.rs and src/bin/*.rs are
each read as a crate root) or a single root file (e.g. crates/fd/tests/it/main.rs).

    python3 scripts/module_cycles.py crates/fd crates/models
    python3 scripts/module_cycles.py --depth 1 --edges crates/sudoku

What counts as a dependency: module A depends on module B when A's code (its
tests included) names an item of B through a `use` declaration or a
`crate::`, `super::` or `self::` path. `pub use` re-exports are followed to
the module that defines the item, so `crate::Domain` counts as a dependency on
`domain` when the crate root re-exports it from there. Comments, doc comments
and string literals are ignored. The module tree is found by following
`mod` declarations (file modules, `#[path]`, inline `mod name { ... }`).

Depth: modules are compared at every depth of the module tree, from the
crate's top-level modules down to single files and inline modules; at depth
N a module stands for itself and everything below it. A module and its own
ancestors or descendants never form a cycle (a parent naming its children and
children naming their parent's items is how Rust modules work); any other
cycle at any depth is reported, with one line of evidence per dependency.
`--depth N` checks that depth only; `--edges` also prints every dependency.

Not followed: glob re-exports (`pub use a::*`), macro-generated paths, and
paths that start with a name brought in by a private `use` (the `use` itself
is counted). Needs only Python 3.8+.
"""

import argparse
import re
import sys
from pathlib import Path

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
IDENT_CHAR = re.compile(r"[A-Za-z0-9_]")


def blank_comments_and_strings(text):
    """The text with comments and the contents of string and character
    literals replaced by spaces (newlines and offsets kept)."""
    out = list(text)
    n = len(text)

    def blank(start, end):
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    def ident_before(k):
        return k > 0 and IDENT_CHAR.match(text[k - 1]) is not None

    i = 0
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text[i] == "r" and (
            not ident_before(i) or (text[i - 1] == "b" and not ident_before(i - 1))
        ):
            raw = re.compile(r'r(#*)"').match(text, i)
            if raw is None:
                i += 1
                continue
            close = '"' + raw.group(1)
            end = text.find(close, raw.end())
            end = n if end < 0 else end
            blank(raw.end(), end)
            i = end + len(close)
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            blank(i + 1, j)
            i = j + 1
        elif text[i] == "'":
            if i + 1 < n and text[i + 1] == "\\":
                end = text.find("'", i + 3)
                end = n if end < 0 else end
                blank(i + 1, end)
                i = end + 1
            elif i + 2 < n and text[i + 2] == "'":
                blank(i + 1, i + 2)
                i += 3
            else:
                i += 1  # a lifetime or label
        else:
            i += 1
    return "".join(out)


def matching_brace(text, open_at):
    """The offset just after the brace that closes the one at `open_at`."""
    depth = 0
    for k in range(open_at, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return k + 1
    return len(text)


def parse_use_tree(tree):
    """The paths a `use` tree brings in, as (segments, alias) pairs; a glob
    ends its segments with `*`. Raises ValueError on a tree it cannot read."""
    tokens = re.findall(r"::|" + IDENT + r"|[{},*]", tree)
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def subtree(prefix):
        nonlocal pos
        path = list(prefix)
        if peek() == "::":
            pos += 1
        while True:
            token = peek()
            if token is None:
                raise ValueError("unexpected end")
            if token == "{":
                pos += 1
                found = []
                while peek() != "}":
                    found += subtree(path)
                    if peek() == ",":
                        pos += 1
                    elif peek() != "}":
                        raise ValueError("expected , or }")
                pos += 1
                return found
            if token == "*":
                pos += 1
                return [(path + ["*"], "*")]
            path.append(token)
            pos += 1
            if peek() == "::":
                pos += 1
                continue
            alias = path[-1]
            if peek() == "as":
                pos += 2
                alias = tokens[pos - 1]
            if path[-1] == "self":
                path = path[:-1]
                alias = path[-1] if alias == "self" and path else alias
            return [(path, alias)]

    return subtree([])


class Module:
    def __init__(self, path, file, parent):
        self.path = path  # tuple of names, () for the crate root
        self.file = file
        self.parent = parent
        self.children = {}
        self.reexports = {}  # imported name -> (importing module, path segments)

    def name(self):
        return "::".join(self.path) or "crate"


class Crate:
    """The module tree of one crate root and the references between modules."""

    def __init__(self, root_file):
        self.root_file = root_file
        self.files = {}  # Path -> (original text, blanked text)
        self.uses = []  # (module, segments, file, offset)
        self.paths = []  # (module, segments, file, offset)
        self.warnings = []
        self.root = Module((), root_file, None)
        self.modules = [self.root]
        self.read_file(self.root, root_file, is_dir_owner=True)

    def read_file(self, module, file, is_dir_owner):
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as error:
            self.warnings.append(f"{file}: cannot read ({error.strerror})")
            return
        clean = blank_comments_and_strings(text)
        self.files[file] = (text, clean)
        # Inline modules: (start, end, module), outermost first.
        spans = []
        for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*\{", clean):
            owner = self.owner_at(spans, m.start(), module)
            child = self.add_child(owner, m.group(1), file)
            spans.append((m.end() - 1, matching_brace(clean, m.end() - 1), child))
        base = file.parent if is_dir_owner else file.parent / file.stem
        for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*;", clean):
            owner = self.owner_at(spans, m.start(), module)
            inline = [s[2].path[len(module.path):] for s in spans if s[2] is owner]
            folder = base.joinpath(*inline[0]) if inline else base
            target = self.module_file(text, clean, m.start(), file, folder, m.group(1))
            child = self.add_child(owner, m.group(1), target)
            if target is not None:
                self.read_file(child, target, target.name == "mod.rs")
        statements = list(
            re.finditer(
                r"(\bpub\s*(?:\([^)]*\)\s*)?)?\buse\s+([^;]*);", clean
            )
        )
        code = list(clean)
        for m in statements:
            owner = self.owner_at(spans, m.start(), module)
            try:
                imported = parse_use_tree(m.group(2))
            except (ValueError, IndexError):
                line = clean.count("\n", 0, m.start()) + 1
                self.warnings.append(f"{file}:{line}: cannot read this use declaration")
                continue
            for segments, alias in imported:
                self.uses.append((owner, segments, file, m.start()))
                # Private imports count too: child modules may name them.
                if segments and segments[-1] != "*":
                    owner.reexports[alias] = (owner, segments)
            for k in range(m.start(), m.end()):
                if code[k] != "\n":
                    code[k] = " "
        code = "".join(code)
        pattern = r"(?<![A-Za-z0-9_$])\$?(?:crate|super|self)(?:\s*::\s*" + IDENT + r")+"
        for m in re.finditer(pattern, code):
            owner = self.owner_at(spans, m.start(), module)
            segments = re.findall(IDENT, m.group(0))
            self.paths.append((owner, segments, file, m.start()))

    @staticmethod
    def owner_at(spans, offset, module):
        """The innermost inline module around `offset`, else `module`."""
        owner = module
        for start, end, child in spans:
            if start <= offset < end:
                owner = child
        return owner

    def add_child(self, parent, name, file):
        child = Module(parent.path + (name,), file, parent)
        parent.children[name] = child
        self.modules.append(child)
        return child

    def module_file(self, text, clean, offset, file, folder, name):
        """The file of `mod name;` declared in `file` (honouring `#[path]`)."""
        boundary = max(clean.rfind(c, 0, offset) for c in ";{}") + 1
        attribute = re.search(r'#\s*\[\s*path\s*=\s*"([^"]*)"', text[boundary:offset])
        if attribute:
            candidates = [file.parent / attribute.group(1)]
        else:
            candidates = [folder / f"{name}.rs", folder / name / "mod.rs"]
        for candidate in candidates:
            if candidate.is_file():
                return candidate
        self.warnings.append(f"{file}: no file for `mod {name};` (looked for {candidates[0]})")
        return None

    def resolve(self, context, segments, seen=None):
        """The module that defines what `segments` names, seen from `context`,
        and whether the whole path is a module; None when outside the crate."""
        seen = set() if seen is None else seen
        if not segments:
            return None
        first, rest = segments[0], list(segments[1:])
        if first in ("crate", "$crate"):
            current = self.root
        elif first == "self":
            current = context
        elif first == "super":
            current = context.parent
            while rest and rest[0] == "super" and current is not None:
                current, rest = current.parent, rest[1:]
        elif first in context.children:
            current, rest = context.children[first], rest
        else:
            return None  # an external crate, the prelude, or a private import
        if current is None:
            return None
        while rest:
            segment = rest.pop(0)
            if segment == "*":
                break
            if segment in current.children:
                current = current.children[segment]
                continue
            exported = current.reexports.get(segment)
            key = (current.path, segment)
            if exported is None or key in seen:
                return current, False
            seen.add(key)
            target = self.resolve(exported[0], exported[1], seen)
            if target is None:
                return current, False
            if not target[1]:
                return target
            current = target[0]
        return current, True

    def dependencies(self):
        """(from module, to module, file, offset) for every reference that
        reaches another module of the crate."""
        found = []
        for module, segments, file, offset in self.uses + self.paths:
            target = self.resolve(module, segments)
            if target is not None and target[0] is not module:
                found.append((module, target[0], file, offset))
        return found

    def line_of(self, file, offset):
        text, clean = self.files[file]
        line = clean.count("\n", 0, offset) + 1
        source = text.splitlines()[line - 1].strip()
        return line, source


def related(a, b):
    """Whether one of the module paths is an ancestor of (or equal to) the other."""
    shorter = min(len(a), len(b))
    return a[:shorter] == b[:shorter]


def components(nodes, edges):
    """Strongly connected components (Tarjan, iterative) of the graph."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(edges.get(succ, ())))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(sorted(component))
    return found


def shortest_cycle(start, members, edges):
    """A shortest cycle through `start` that stays inside `members`."""
    previous = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for succ in sorted(edges.get(node, ())):
                if succ not in members:
                    continue
                if succ == start:
                    cycle = [node]
                    while previous[cycle[-1]] is not None:
                        cycle.append(previous[cycle[-1]])
                    return list(reversed(cycle)) + [start]
                if succ not in previous:
                    previous[succ] = node
                    following.append(succ)
        frontier = following
    return [start]


def label(path):
    return "::".join(path) or "crate"


def check_crate(name, crate, depths, print_edges):
    """Prints the report for one crate root; returns the number of cycles."""
    deps = crate.dependencies()
    deepest = max(len(m.path) for m in crate.modules)
    cycles = 0
    reported = set()
    for depth in depths or range(1, max(deepest, 1) + 1):
        edges, evidence = {}, {}
        nodes = sorted({m.path[:depth] for m in crate.modules})
        for source, target, file, offset in deps:
            a, b = source.path[:depth], target.path[:depth]
            if related(a, b):
                continue
            edges.setdefault(a, set()).add(b)
            evidence.setdefault((a, b), (file, offset))
        if print_edges:
            print(f"{name}: dependencies at depth {depth}")
            for a in sorted(edges):
                for b in sorted(edges[a]):
                    file, offset = evidence[(a, b)]
                    line, _ = crate.line_of(file, offset)
                    print(f"  {label(a)} -> {label(b)}   {file}:{line}")
        for component in components(nodes, edges):
            if len(component) < 2 or tuple(component) in reported:
                continue  # the same modules' cycle was shown at a shallower depth
            reported.add(tuple(component))
            cycles += 1
            members = set(component)
            cycle = shortest_cycle(component[0], members, edges)
            print(f"{name}: cycle at depth {depth}: " + " -> ".join(map(label, cycle)))
            if len(component) > len(cycle) - 1:
                print("  (the cycle's component: " + ", ".join(map(label, component)) + ")")
            for a, b in zip(cycle, cycle[1:]):
                file, offset = evidence[(a, b)]
                line, source = crate.line_of(file, offset)
                print(f"  {label(a)} -> {label(b)}   {file}:{line}: {source}")
    for warning in crate.warnings:
        print(f"{name}: warning: {warning}", file=sys.stderr)
    if cycles == 0:
        print(f"{name}: {len(crate.modules)} modules, {len(deps)} references, no cycle")
    return cycles


def roots(target):
    """(name, root file) for every crate root of a crate folder or file."""
    path = Path(target)
    if path.is_file():
        return [(str(path), path)]
    src = path / "src"
    found = [(f"{target} ({kind})", src / file) for kind, file in
             (("lib", "lib.rs"), ("bin", "main.rs")) if (src / file).is_file()]
    found += [(f"{target} (bin {b.stem})", b) for b in sorted((src / "bin").glob("*.rs"))]
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Lists module dependency cycles inside Rust crates (exit 1 on a cycle).")
    parser.add_argument("targets", nargs="+", metavar="TARGET",
                        help="a crate folder, or a crate root file")
    parser.add_argument("--depth", type=int, metavar="N",
                        help="check only this depth of the module tree (1: top-level modules)")
    parser.add_argument("--edges", action="store_true", help="print every dependency too")
    args = parser.parse_args(argv)
    if args.depth is not None and args.depth < 1:
        parser.error("--depth: expected a number from 1 up")
    cycles = 0
    for target in args.targets:
        found = roots(target)
        if not found:
            parser.error(f"{target}: expected a crate folder with src/lib.rs or src/main.rs, "
                         "or a .rs file")
        for name, root in found:
            depths = [args.depth] if args.depth else None
            cycles += check_crate(name, Crate(root), depths, args.edges)
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
