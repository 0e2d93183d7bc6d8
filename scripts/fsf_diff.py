#!/usr/bin/env python3
"""Differential check of Chimera's legal move generation against Fairy-Stockfish.

For each variant it compares, position by position, the set of legal moves that
Fairy-Stockfish (through its Python binding, pyffish) and Chimera (through its CLI,
`chimera moves <variant> --fen FEN`, first token of each line) find:

* perft from the start position (default depth 3), root move by root move, with the
  CLI's `chimera perft <variant> <depth> --fen FEN --divide`; on a difference it
  descends to the first position whose move lists differ;
* the positions of seeded random games (default 4 games of 100 plies per variant),
  handing Chimera the FEN that Fairy-Stockfish writes for each of them.

Variants: chess and losalamos (Fairy-Stockfish built-ins), capablanca (built-in;
Chimera's ruleset is tests/data/capablanca.toml) and grandlite, a 10x10 game on Grand
Chess's setup with simplified promotion (defined below for Fairy-Stockfish, and in
tests/data/grandlite.toml for Chimera). Both programs write moves the same way here:
`e2e4`, `e7e8q`, castling as the king's move (`e1g1`; in capablanca `f1i1`).

Usage: scripts/fsf_diff.py [--seed N] [--games N] [--plies N] [--depth N]
                           [--variants chess,capablanca] [--bin PATH]

The binary is $CHIMERA_BIN, else target/release/chimera under $CARGO_TARGET_DIR or the
repository (built with `cargo build --release` if missing). Exits 0 when everything
agrees, 1 on any disagreement, and 0 with `pyffish not installed: skipped` when the
binding is missing (`pip install pyffish`).
"""

import argparse
import os
import random
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf_common import find_binary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Fairy-Stockfish's definition of tests/data/grandlite.toml.
GRANDLITE_INI = """
[grandlite:chess]
maxRank = 10
maxFile = j
archbishop = a
chancellor = c
startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1
promotionRegionWhite = *10
promotionRegionBlack = *1
promotionPieceTypes = qcarbn
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
castling = false
"""

# (name, Chimera's variant argument, Fairy-Stockfish's variant name)
VARIANTS = [
    ("chess", "chess", "chess"),
    ("losalamos", "losalamos", "losalamos"),
    ("capablanca", os.path.join(ROOT, "tests", "data", "capablanca.toml"), "capablanca"),
    ("grandlite", os.path.join(ROOT, "tests", "data", "grandlite.toml"), "grandlite"),
]


class Chimera:
    def __init__(self, binary):
        self.binary = binary

    def _run(self, args):
        p = subprocess.run([self.binary] + args, capture_output=True, text=True, cwd=ROOT)
        if p.returncode != 0:
            raise RuntimeError(f"chimera {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
        return p.stdout

    def moves(self, variant, fen, moves=None):
        args = ["moves", variant, "--fen", fen]
        if moves:
            args += ["--moves", " ".join(moves)]
        out = self._run(args)
        return sorted(line.split()[0] for line in out.splitlines() if line.strip())

    def divide(self, variant, fen, depth):
        out = self._run(["perft", variant, str(depth), "--fen", fen, "--divide"])
        counts, nodes = {}, None
        for line in out.splitlines():
            parts = line.split()
            if len(parts) != 2:
                continue
            if parts[0] == "nodes":
                nodes = int(parts[1])
            else:
                counts[parts[0]] = int(parts[1])
        return counts, nodes


class Report:
    def __init__(self):
        self.compared = 0
        self.disagreements = []
        self.lock = threading.Lock()

    def count(self):
        with self.lock:
            self.compared += 1

    def differ(self, message):
        with self.lock:
            self.disagreements.append(message)
            print("DISAGREEMENT " + message, flush=True)


def describe(variant, fen, moves, chimera, fsf):
    only_c = sorted(set(chimera) - set(fsf))
    only_f = sorted(set(fsf) - set(chimera))
    dup = sorted({m for m in chimera if chimera.count(m) > 1})
    where = f"{fen}" + (f" moves {' '.join(moves)}" if moves else "")
    text = f"{variant}: {where}\n  only chimera: {only_c}\n  only fsf:     {only_f}"
    if dup:
        text += f"\n  listed twice by chimera: {dup}"
    return text


def compare_position(sf, chimera, report, name, cvar, fvar, fen, moves=()):
    """Compares the legal moves after `moves` from `fen`; returns FSF's list."""
    fsf = sorted(sf.legal_moves(fvar, fen, list(moves)))
    here = sf.get_fen(fvar, fen, list(moves)) if moves else fen
    try:
        ours = chimera.moves(cvar, here)
    except RuntimeError as e:
        report.count()
        report.differ(f"{name}: {here}: {e}")
        return None
    report.count()
    if ours != fsf:
        text = describe(name, here, [], ours, fsf)
        if moves:
            # The same position reached by playing the moves, in case the FEN is the problem.
            try:
                played = chimera.moves(cvar, fen, list(moves))
                if played != ours:
                    text += f"\n  (reached by playing {' '.join(moves)} from {fen} instead: chimera lists {played})"
            except RuntimeError as e:
                text += f"\n  (playing the moves instead fails: {e})"
        report.differ(text)
        return None
    return fsf


def fsf_perft(sf, fvar, fen, moves, depth):
    legal = sf.legal_moves(fvar, fen, moves)
    if depth <= 1:
        return len(legal)
    return sum(fsf_perft(sf, fvar, fen, moves + [m], depth - 1) for m in legal)


def check_perft(sf, chimera, report, name, cvar, fvar, depth):
    fen = sf.start_fen(fvar)
    started = time.time()
    # Chimera's own start position must be Fairy-Stockfish's.
    start_moves = chimera._run(["moves", cvar])
    ours = sorted(line.split()[0] for line in start_moves.splitlines() if line.strip())
    report.count()
    if ours != sorted(sf.legal_moves(fvar, fen, [])):
        report.differ(describe(name + " (chimera's own start position)", fen, [], ours, sf.legal_moves(fvar, fen, [])))
    counts, nodes = chimera.divide(cvar, fen, depth)
    fsf_root = sorted(sf.legal_moves(fvar, fen, []))
    report.count()
    if sorted(counts) != fsf_root:
        report.differ(describe(name + f" perft({depth}) root", fen, [], sorted(counts), fsf_root))
        return
    total = 0
    for m in fsf_root:
        n = fsf_perft(sf, fvar, fen, [m], depth - 1) if depth > 1 else 1
        total += n
        report.count()
        if n != counts[m]:
            # Find the first position below m whose move lists differ.
            line = [m]
            found = False
            for _ in range(depth):
                legal = compare_position(sf, chimera, report, name, cvar, fvar, fen, line)
                if legal is None:
                    found = True
                    break
                sub = depth - len(line)
                if sub <= 0:
                    break
                c_counts, _ = chimera.divide(cvar, sf.get_fen(fvar, fen, line), sub)
                bad = [x for x in legal if c_counts.get(x) != (fsf_perft(sf, fvar, fen, line + [x], sub - 1) if sub > 1 else 1)]
                if not bad:
                    break
                line.append(bad[0])
            if not found:
                report.differ(f"{name}: perft({depth}) after {m}: chimera {counts[m]}, fsf {n}")
    print(f"  {name}: perft({depth}) = {total} (chimera {nodes}) in {time.time() - started:.1f}s", flush=True)


def play_game(sf, chimera, report, name, cvar, fvar, seed, plies):
    rng = random.Random(seed)
    fen = sf.start_fen(fvar)
    moves = []
    for _ in range(plies):
        legal = compare_position(sf, chimera, report, name, cvar, fvar, fen, moves)
        if not legal:
            return  # a disagreement (reported) or the game is over
        # Promotions and castles are rare in random play: prefer them a third of the time.
        board = expand_board(sf.get_fen(fvar, fen, moves).split()[0])
        special = [m for m in legal if m[-1].isalpha() or is_castle(board, m)]
        pick = rng.choice(special) if special and rng.random() < 1 / 3 else rng.choice(legal)
        moves.append(pick)


def is_castle(board, m):
    """A king move of more than one file: only castling does that in these variants."""
    file_from, rank_from = square(m, first=True)
    if board.get((file_from, rank_from), "").lower() != "k":
        return False
    return abs(square(m, first=False)[0] - file_from) > 1


def square(m, first):
    # Long algebraic: file letter, rank digits, file letter, rank digits, [promotion].
    i = 1
    while i < len(m) and m[i].isdigit():
        i += 1
    if first:
        return ord(m[0]) - ord("a"), int(m[1:i])
    j = i + 1
    while j < len(m) and m[j].isdigit():
        j += 1
    return ord(m[i]) - ord("a"), int(m[i + 1 : j])


def expand_board(field):
    board = {}
    rows = field.split("/")
    for r, row in enumerate(rows):
        rank = len(rows) - r
        file = 0
        k = 0
        while k < len(row):
            c = row[k]
            if c.isdigit():
                j = k
                while j < len(row) and row[j].isdigit():
                    j += 1
                file += int(row[k:j])
                k = j
                continue
            if c.isalpha():
                board[(file, rank)] = c
                file += 1
            k += 1
    return board


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=4, help="random games per variant")
    ap.add_argument("--plies", type=int, default=100, help="plies per random game")
    ap.add_argument("--depth", type=int, default=3, help="perft depth from the start (0: none)")
    ap.add_argument("--variants", default=",".join(v[0] for v in VARIANTS))
    ap.add_argument("--bin", help="the chimera binary")
    ap.add_argument("--jobs", type=int, default=2, help="games played in parallel")
    args = ap.parse_args()

    try:
        import pyffish as sf
    except ImportError:
        print("pyffish not installed: skipped")
        return 0

    sf.load_variant_config(GRANDLITE_INI)
    chimera = Chimera(find_binary(args.bin))
    wanted = args.variants.split(",")
    unknown = [w for w in wanted if w not in [v[0] for v in VARIANTS]]
    if unknown:
        print(f"unknown variant(s) {unknown}; known: {[v[0] for v in VARIANTS]}")
        return 2
    if "grandlite" in wanted and "grandlite" not in sf.variants():
        print("this pyffish has no large-board support: grandlite skipped")
        wanted.remove("grandlite")

    report = Report()
    started = time.time()
    for name, cvar, fvar in VARIANTS:
        if name not in wanted:
            continue
        t = time.time()
        before = report.compared
        print(f"{name}:", flush=True)
        if args.depth > 0:
            check_perft(sf, chimera, report, name, cvar, fvar, args.depth)
        seeds = [args.seed * 1000 + g for g in range(args.games)]
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            list(pool.map(lambda s: play_game(sf, chimera, report, name, cvar, fvar, s, args.plies), seeds))
        print(f"  {name}: {report.compared - before} positions compared in {time.time() - t:.1f}s", flush=True)

    failed = len(report.disagreements)
    print(f"fsf_diff: {report.compared} positions compared, {failed} disagreements ({time.time() - started:.1f}s)")
    print(f"{report.compared - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
