#!/usr/bin/env python3
"""Checks the links of the README, ARCHITECTURE.md and the book (docs/src/): every
relative link names a file that exists, and every `#anchor` a heading of its page (as
mdBook and GitHub make anchors from headings). Web links are not fetched. Exit 1 on a
broken link, each printed as `file:line: target: why`.

    python3 scripts/check_links.py
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def prose(lines):
    """The lines outside fenced code, with inline code blanked, numbered from 1."""
    fence = False
    for n, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        if not fence:
            yield n, re.sub(r"`[^`]*`", "``", line)


def slug(heading):
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    """The anchors of a Markdown file's headings (an included file's too)."""
    found = set()
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for _, line in prose(lines):
        m = re.match(r"^#{1,6} (.*)", line)
        if m:
            found.add(slug(m.group(1)))
        inc = re.match(r"^\{\{#include (.*)\}\}", line.strip())
        if inc:
            found |= anchors(os.path.join(os.path.dirname(path), inc.group(1)))
    # Headings with inline code: the anchor keeps the code's words.
    fence = False
    for line in lines:
        if line.lstrip().startswith("```"):
            fence = not fence
        elif not fence:
            m = re.match(r"^#{1,6} (.*)", line)
            if m:
                found.add(slug(m.group(1).replace("`", "")))
    return found


def files():
    yield os.path.join(ROOT, "README.md")
    yield os.path.join(ROOT, "ARCHITECTURE.md")
    src = os.path.join(ROOT, "docs", "src")
    for name in sorted(os.listdir(src)):
        if name.endswith(".md"):
            yield os.path.join(src, name)


def main():
    broken = []
    for path in files():
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        # Inline code is blanked for finding links, so read targets from the raw line.
        fence = False
        for n, raw in enumerate(lines, 1):
            if raw.lstrip().startswith("```"):
                fence = not fence
                continue
            if fence:
                continue
            for target in LINK.findall(re.sub(r"`[^`]*`", "``", raw)):
                if re.match(r"^[a-z]+:", target):
                    continue
                file, _, anchor = target.partition("#")
                where = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
                rel = os.path.relpath(path, ROOT)
                if not os.path.exists(where):
                    broken.append(f"{rel}:{n}: {target}: no such file")
                elif anchor and where.endswith(".md") and anchor not in anchors(where):
                    broken.append(f"{rel}:{n}: {target}: no heading makes the anchor #{anchor}")
    for b in broken:
        print(b)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
