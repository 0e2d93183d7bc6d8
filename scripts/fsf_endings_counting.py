#!/usr/bin/env python3
"""Differential check of the results-only rules against Fairy-Stockfish: Makruk's family's
counting rules (makruk, cambodian, asean: `[end.counting]`), Shatar's mate rule
(`[end.mate_rule]`), and each side's insufficient material (all of these and chess,
crazyhouse).

Chimera is driven through its Python package's pyffish-compatible module
(`chimera.compat`), Fairy-Stockfish through pyffish: both take the same calls (variant,
start FEN, moves played since), so every position of a seeded random game is asked of
both programs alike:

* `get_fen`: the whole FEN, the count's fields (limit and plies counted) included (in
  chess and crazyhouse all but the halfmove clock, which the two programs reset
  differently after a pawn drop);
* `legal_moves`, as a set;
* `is_optional_game_end` (makruk's family only: the count run out, repetition, the move
  rule), `is_immediate_game_end`, and `game_result` where no move is left (mates scored
  by Shatar's rule);
* `has_insufficient_material`, White's and Black's;
* in Makruk's family, `get_fen` and `is_optional_game_end` with a count a player
  declared (`count_started`: none, and two declaration plies).

Games are steered towards bare material, so that counts start and run out: until the
board is down to a few pieces (3 to 7, drawn per game) a capture is played when there is
one, four times in five; then captures are avoided, so that the count runs. In Shatar,
checks are preferred (mates, and the rule's cases). A game ends when the legal moves run
out, at a win by a rule, or after --plies; a count run out is a claim in both programs,
and play goes on past it (the claim stays open).

No difference is expected: every disagreement is reported.

Usage: scripts/fsf_endings_counting.py [--positions N] [--seed N] [--plies N]
                                       [--variants makruk,shatar]
Needs pyffish and the chimera package (python3 -m pip install ./python); exits 0 when
everything agrees, 1 on any disagreement, 0 with a note when either is missing.
"""

import argparse
import os
import random
import sys
import time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

VARIANTS = ["makruk", "cambodian", "asean", "shatar", "chess", "crazyhouse"]
COUNTING = {"makruk", "cambodian", "asean"}


def occupied_squares(fen):
    """The names of the squares with a piece on them (an 8x8 board)."""
    rows = fen.split()[0].split("[")[0].split("/")
    found = set()
    for r, row in enumerate(rows):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            elif c.isalpha():
                found.add(f"{chr(ord('a') + file)}{8 - r}")
                file += 1
    return found


def clockless(fen):
    fields = fen.split()
    return " ".join(fields[:4] + fields[5:])


def destination(move):
    """`e7e8q` -> `e8`."""
    rest = move[2:]
    return rest[0] + "".join(ch for ch in rest[1:] if ch.isdigit())


class Check:
    def __init__(self, sf, cc):
        self.sf, self.cc = sf, cc
        self.compared = 0
        self.disagreements = []
        self.notes = {}

    def note(self, key):
        self.notes[key] = self.notes.get(key, 0) + 1

    def differ(self, variant, fen, moves, what, fsf, chimera):
        self.disagreements.append(
            f"{variant}: {what}: fsf {fsf!r}, chimera {chimera!r}\n  FEN {fen}\n  moves {' '.join(moves)}\n"
            f"  position (fsf) {self.sf.get_fen(variant, fen, moves)}")

    def compare(self, variant, fen, moves):
        """Compares one position; returns (FSF's legal moves, whether Chimera's game is over)."""
        sf, cc = self.sf, self.cc
        self.compared += 1

        def ask(what, f, c):
            if f != c:
                self.differ(variant, fen, moves, what, f, c)

        ffen, cfen = sf.get_fen(variant, fen, moves), cc.get_fen(variant, fen, moves)
        if variant in COUNTING:
            ask("get_fen", ffen, cfen)
        else:
            # The halfmove clock aside: the two programs reset it differently after a pawn
            # drop (fsf_drops.py compares no clocks either), and it holds no count here.
            ask("get_fen (but the halfmove clock)", clockless(ffen), clockless(cfen))
        if ffen.split()[3].isdigit():
            self.note(f"{variant}: positions with a count running")
        flegal = sf.legal_moves(variant, fen, moves)
        ask("legal_moves", sorted(flegal), sorted(cc.legal_moves(variant, fen, moves)))
        # pyffish leaves the value uninitialised when the game goes on: compare (False, 0).
        settled = lambda end: tuple(end) if end[0] else (False, 0)
        optional = sf.is_optional_game_end(variant, fen, moves)
        if variant in COUNTING:
            ask("is_optional_game_end", settled(optional), tuple(cc.is_optional_game_end(variant, fen, moves)))
            if optional[0] and ffen.split()[3].isdigit() and int(ffen.split()[4]) > int(ffen.split()[3]):
                self.note(f"{variant}: counts run out")
        if variant in COUNTING:
            # A count a player declared (`count_started`, as game servers pass it): none
            # declared, and one declared some plies back (or not yet reached).
            for started in (-1, max(1, len(moves) - 9), len(moves) + 3):
                ask(f"get_fen, count_started={started}", sf.get_fen(variant, fen, moves, False, False, False, started),
                    cc.get_fen(variant, fen, moves, False, False, False, started))
                ask(f"is_optional_game_end, count_started={started}",
                    settled(sf.is_optional_game_end(variant, fen, moves, False, started)),
                    tuple(cc.is_optional_game_end(variant, fen, moves, False, started)))
        ask("is_immediate_game_end", settled(sf.is_immediate_game_end(variant, fen, moves)), tuple(cc.is_immediate_game_end(variant, fen, moves)))
        if not flegal:
            result = sf.game_result(variant, fen, moves)
            ask("game_result", result, cc.game_result(variant, fen, moves))
            self.note(f"{variant}: games without moves, result {result}")
        material = sf.has_insufficient_material(variant, fen, moves)
        ask("has_insufficient_material", material, tuple(cc.has_insufficient_material(variant, fen, moves)))
        if any(material):
            self.note(f"{variant}: positions where a side has insufficient material")
        # A count run out is a claim in both programs: play goes on past it, not past a win.
        return flegal, cc.game_result(variant, fen, moves) != 0

    def game(self, variant, rng, plies):
        sf = self.sf
        fen = sf.start_fen(variant)
        moves = []
        target = rng.randint(3, 7)
        for _ in range(plies + 1):
            legal, over = self.compare(variant, fen, moves)
            if not legal or over or len(self.disagreements) > 20:
                break
            moves.append(self.pick(variant, fen, moves, legal, rng, target))
        self.note(f"{variant}: games ended by {self.end(variant, fen, moves, legal, over)}")

    def end(self, variant, fen, moves, legal, over):
        if not legal:
            return "no legal move"
        return "a win by a rule" if over else "the ply limit"

    def pick(self, variant, fen, moves, legal, rng, target):
        sf = self.sf
        if variant == "shatar" and rng.random() < 0.5:
            checks = [m for m in legal if sf.gives_check(variant, fen, moves + [m])]
            if checks:
                return rng.choice(checks)
        board = sf.get_fen(variant, fen, moves)
        occupied = occupied_squares(board)
        # A capture lands on an occupied square (en passant aside: steering needs no more).
        captures = [m for m in legal if "@" not in m and destination(m) in occupied]
        if len(occupied) > target:
            if captures and rng.random() < 0.8:
                return rng.choice(captures)
            return rng.choice(legal)
        quiet = [m for m in legal if m not in captures]
        return rng.choice(quiet if quiet and rng.random() < 0.9 else legal)


def main():
    ap = fc.SeededParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=400, help="positions per variant, at least")
    ap.add_argument("--plies", type=int, default=300)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    args = ap.parse_args()
    try:
        import pyffish as sf
        import chimera.compat as cc
    except ImportError as e:
        fc.oracle_missing(e.name)
    started = time.time()
    check = Check(sf, cc)
    per_variant = {}
    for variant in args.variants.split(","):
        rng = random.Random(f"{args.seed}-{variant}")
        before = check.compared
        while check.compared - before < args.positions and len(check.disagreements) <= 20:
            check.game(variant, rng, args.plies)
        per_variant[variant] = check.compared - before
    for k in sorted(check.notes):
        print(f"  {k}: {check.notes[k]}")
    for variant, n in per_variant.items():
        print(f"{variant}: {n} positions")
    for d in check.disagreements:
        print("DISAGREEMENT " + d)
    print(f"fsf_endings_counting: {check.compared} positions compared, {len(check.disagreements)} disagreements "
          f"({time.time() - started:.1f}s)")
    return 1 if check.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
