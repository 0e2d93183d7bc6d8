#!/usr/bin/env python3
"""The engine's file-level import graph: each file's `use crate::…` lines, and the paths
it names inline (`crate::features::counting::parse_limit(…)`, `super::end::RawVerdict`).
Prints the layers (a file's layer is one more than the highest it imports) and exits 1
on a loop.

    python3 scripts/engine_layers.py            # layers
    python3 scripts/engine_layers.py --edges    # every edge too
    python3 scripts/engine_layers.py --check ARCHITECTURE.md
                                                # the doc's layer table against the code

The doc's table (`| layer | files | what they are |`) names files by their path under
engine/src without `.rs` (`features/castling`); a bare name after a path lives in the
same folder when that folder has it (`features/castling`, `drops` is `features/drops`).
The check exits 1 naming each file the table puts in another layer than the code, leaves
out, or names although no such file exists.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine", "src")


def module_files():
    files = {}
    for dirpath, _, names in os.walk(ROOT):
        for n in names:
            if not n.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, n), ROOT)
            parts = rel[:-3].split(os.sep)
            if parts[-1] == "mod":
                parts = parts[:-1]
            path = "::".join(parts) if parts != ["lib"] else "crate"
            files[path] = rel
    return files


def uses(text):
    """Module paths named by `use crate::…` (and `super::…` resolved by the caller)."""
    out = []
    for m in re.finditer(r"^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+(crate|super)::([^;]+);", text, re.M):
        out.append((m.group(1), re.sub(r"\s+", "", m.group(2))))
    return out


def inline_paths(text):
    """Paths written in code, outside `use` lines and comments: `crate::a::b` and
    `super::a::B` (the module part is resolved like a `use`)."""
    out = []
    for line in text.splitlines():
        code = line.split("//", 1)[0]
        if re.match(r"^\s*(?:pub(?:\([^)]*\))?\s+)?use\s", code):
            continue
        for m in re.finditer(r"\b(crate|super)::((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)", code):
            out.append((m.group(1), m.group(2)))
    return out


def expand(body):
    """`a::{b, c::d}` -> ['a::b', 'a::c::d'] (enough for module resolution)."""
    m = re.match(r"^([^{]*)\{(.*)\}$", body)
    if not m:
        return [body]
    prefix, inner = m.group(1), m.group(2)
    items, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    items.append(cur)
    return [p for it in items if it for p in expand(prefix + it)]


def main():
    files = module_files()
    edges = {f: set() for f in files}
    for mod, rel in files.items():
        text = open(os.path.join(ROOT, rel)).read()
        # Unit tests (a `#[cfg(test)]` module, last in its file) are no part of the layers.
        text = text.split("#[cfg(test)]", 1)[0]
        for root, body in uses(text) + inline_paths(text):
            base = [] if root == "crate" else (mod.split("::")[:-1] if not rel.endswith("mod.rs") else mod.split("::"))
            if root == "super":
                base = mod.split("::")[:-1]
            for path in expand(body):
                parts = base + [p for p in path.split("::") if p and p != "self"]
                # the longest prefix that is a file
                for k in range(len(parts), 0, -1):
                    target = "::".join(parts[:k])
                    if target in files and target != mod:
                        edges[mod].add(target)
                        break
    # a parent module file re-exporting its children is not a dependency upwards
    layer, state = {}, {}

    def visit(f, stack):
        if state.get(f) == "done":
            return layer[f]
        if state.get(f) == "open":
            print("import loop: " + " -> ".join(stack[stack.index(f):] + [f]))
            sys.exit(1)
        state[f] = "open"
        deps = [d for d in edges[f] if not d.startswith(f + "::")]
        layer[f] = 1 + max((visit(d, stack + [f]) for d in deps), default=-1)
        state[f] = "done"
        return layer[f]

    for f in sorted(files):
        visit(f, [])
    if "--check" in sys.argv:
        sys.exit(check_doc(sys.argv[sys.argv.index("--check") + 1], files, layer))
    for n in range(max(layer.values()) + 1):
        print(f"layer {n}: " + ", ".join(sorted(f for f in files if layer[f] == n)))
    if "--edges" in sys.argv:
        for f in sorted(edges):
            print(f"{f} -> {', '.join(sorted(edges[f]))}")


# Module roots that only declare their children: no row of the table names them.
ROOTS_ONLY = {"crate", "features"}


def doc_layers(path, files):
    """The layer table of the doc at `path`: module -> layer, and the names it gives that
    are no file."""
    table, unknown = {}, []
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^\|\s*(\d+)\s*\|([^|]*)\|", line)
        if not m:
            continue
        folder = []
        for name in re.findall(r"`([^`]+)`", m.group(2)):
            parts = name.split("/")
            if len(parts) > 1:
                folder = parts[:-1]
            elif "::".join(folder + parts) in files:
                parts = folder + parts
            module = "::".join(parts)
            if module in files:
                table[module] = int(m.group(1))
            else:
                unknown.append(name)
    return table, unknown


def check_doc(path, files, layer):
    table, unknown = doc_layers(path, files)
    problems = [f"{path}: `{n}` is no file of engine/src" for n in unknown]
    for f in sorted(files):
        if f in ROOTS_ONLY:
            continue
        if f not in table:
            problems.append(f"{path}: {f} (layer {layer[f]}) is missing from the layer table")
        elif table[f] != layer[f]:
            problems.append(f"{path}: {f} is in layer {table[f]} of the table, layer {layer[f]} in the code")
    for p in problems:
        print(p)
    print(f"{path}: layer table {'differs from' if problems else 'agrees with'} the code ({len(table)} files)")
    return 1 if problems else 0


if __name__ == "__main__":
    main()
