#!/usr/bin/env python3
"""Writes a PGN database of N random legal games, for measuring `chimera.pgn.check_file`.

    python3 scripts/make_pgn_db.py N OUT.pgn[.gz|.zst] [DISTINCT] [--only VARIANT]

DISTINCT games (default 2000) are played with Chimera's Python API (random legal moves,
up to 120 plies or the end) in a few variants (chess most, then crazyhouse, atomic,
three-check, king of the hill; `--only chess`: chess alone), then written N times in
all, each copy with its own tags, in Lichess's layout. The file is compressed as its
name says.
"""
import argparse
import gzip
import random
import sys

import chimera

# Variant id, its [Variant] tag (None: standard chess), and its weight among the games.
VARIANTS = [("chess", None, 6), ("crazyhouse", "Crazyhouse", 1), ("atomic", "Atomic", 1),
            ("3check", "Three-check", 1), ("kingofthehill", "King of the Hill", 1)]


def random_game(rng, variant):
    """The SAN moves of a random legal game and its result."""
    board = chimera.Board(variant)
    sans = []
    for _ in range(120):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        move = rng.choice(moves)
        sans.append(board.san(move))
        board.push(move)
    return sans, board.result()


def movetext(sans, result):
    words = []
    for i, san in enumerate(sans):
        words.append(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san)
    words.append(result)
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join(lines + [line])


def open_out(path):
    if path.endswith(".zst"):
        import zstandard
        return zstandard.ZstdCompressor(level=3).stream_writer(open(path, "wb"), closefd=True)
    if path.endswith(".gz"):
        return gzip.open(path, "wb")
    return open(path, "wb")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("total", type=int)
    ap.add_argument("out")
    ap.add_argument("distinct", type=int, nargs="?", default=2000)
    ap.add_argument("--only", help="one variant of the list alone")
    args = ap.parse_args()
    total, out, distinct = args.total, args.out, args.distinct
    variants = [(v, tag, 10) for v, tag, _ in VARIANTS if v == args.only] if args.only else VARIANTS
    if not variants:
        sys.exit(f"--only: one of {', '.join(v for v, _, _ in VARIANTS)}")
    rng = random.Random(2026)
    pool = [(tag, *random_game(rng, variant))
            for variant, tag, weight in variants for _ in range(max(1, distinct * weight // 10))]
    with open_out(out) as f:
        for n in range(total):
            tag, sans, result = pool[n % len(pool)]
            tags = [f'[Event "Random game {n + 1}"]', '[Site "chimera"]', f'[White "w{n}"]', f'[Black "b{n}"]',
                    f'[Result "{result}"]']
            if tag:
                tags.append(f'[Variant "{tag}"]')
            f.write(("\n".join(tags) + "\n\n" + movetext(sans, result) + "\n\n").encode())


if __name__ == "__main__":
    main()
