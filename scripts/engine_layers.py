#!/usr/bin/env python3
"""The engine's file-level import graph: each file's `use crate::…` lines, and the paths
it names inline (`crate::features::counting::parse_limit(…)`, `super::end::RawVerdict`).
Prints the layers (a file's layer is one more than the highest it imports) and exits 1
on a loop.

    python3 scripts/engine_layers.py            # layers
    python3 scripts/engine_layers.py --edges    # every edge too
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
    for n in range(max(layer.values()) + 1):
        print(f"layer {n}: " + ", ".join(sorted(f for f in files if layer[f] == n)))
    if "--edges" in sys.argv:
        for f in sorted(edges):
            print(f"{f} -> {', '.join(sorted(edges[f]))}")


if __name__ == "__main__":
    main()
