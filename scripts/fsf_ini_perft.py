#!/usr/bin/env python3
"""Perft numbers from Fairy-Stockfish for the sections of its own variants.ini, the oracle
of `tests/it/import_ini.rs` (which converts the same file with `chimera import-ini` and
compares each converted variant's perft with these).

    python3 scripts/fsf_ini_perft.py > tests/data/fsf-ini-perft.tsv

Loads tests/data/fsf-upstream-variants.ini into pyffish (Fairy-Stockfish's Python binding)
and, for every section, counts the legal move tree from the variant's start position by
recursion over `legal_moves` (pyffish has no perft): depth 1, 2, … while a depth has at
most LEAVES leaves (and at most MAX_DEPTH). Each line: variant, start FEN, depth, count.
A variant's deepest depth within the budget is written with every shallower one.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INI = os.path.join(ROOT, "tests", "data", "fsf-upstream-variants.ini")
LEAVES = 50_000
MAX_DEPTH = 4


def sections(path):
    names = []
    with open(path) as f:
        for line in f:
            s = line.strip()
            if s.startswith("[") and s.endswith("]"):
                names.append(s[1:-1].split(":")[0].strip())
    return names


def perft(sf, variant, fen, moves, depth):
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(sf, variant, fen, moves + [m], depth - 1) for m in legal)


def main():
    import pyffish as sf

    with open(INI) as f:
        sf.load_variant_config(f.read())
    print("# variant\tstart FEN\tdepth\tnodes (Fairy-Stockfish via pyffish, scripts/fsf_ini_perft.py)")
    for name in sections(INI):
        fen = sf.start_fen(name)
        previous = 1
        for depth in range(1, MAX_DEPTH + 1):
            # A depth whose leaves would plainly exceed the budget is not started.
            if depth > 2 and previous * previous_branching(previous, depth) > 4 * LEAVES:
                break
            nodes = perft(sf, name, fen, [], depth)
            if nodes > LEAVES:
                break
            print(f"{name}\t{fen}\t{depth}\t{nodes}", flush=True)
            previous = nodes
            if nodes == 0:
                break
        print(f"{name} done", file=sys.stderr)


def previous_branching(previous, depth):
    """The mean branching so far, as an estimate of the next ply's."""
    return max(1.0, previous ** (1.0 / (depth - 1)))


if __name__ == "__main__":
    main()
