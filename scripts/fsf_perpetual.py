#!/usr/bin/env python3
"""Differential check of the perpetual rules (`features/perpetual.rs`: perpetual check,
the Xiangqi chase) against Fairy-Stockfish's `is_optional_game_end`.

Seeded random Xiangqi (and Manchu) games of a random length, then a cycle: the side to
move plays a random quiet move, the opponent a random quiet move, both take them back,
twice over — a threefold repetition. Chimera must end each game at the same point with
the same verdict (side to move wins, loses or draws) and, where Fairy-Stockfish can be
made to tell (by switching one rule off at a time in a custom variant), the same reason:
perpetual check, perpetual chase or a plain repetition.

Usage: scripts/fsf_perpetual.py [--seed N] [--games N] [--bin PATH]

Random cycles are nearly all plain repetitions or perpetual checks: a chase by both
moves of a random back-and-forth is rare (none in 80 cycles with seed 1), so the chase
itself is tested by Fairy-Stockfish's cases in `tests/it/perpetual.rs`. 40 cycles a
variant take about 4 minutes of CPU (`--games 40`: 0 disagreements, 4 perpetual checks).
Exits 0 when everything agrees, 1 on any disagreement, and 1 when pyffish is missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead).
"""

import argparse
import json
import os
import random
import subprocess
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

try:
    import pyffish as sf
except ImportError:
    fc.oracle_missing("pyffish")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# One rule at a time: with the other off, and with a plain repetition made a loss, a draw
# can only come from both sides checking (or chasing) throughout.
PROBES = """
[{v}check:{v}]
chasingRule = none
[{v}chase:{v}]
perpetualCheckIllegal = false
[{v}checklossy:{v}]
chasingRule = none
nFoldValue = loss
[{v}chaselossy:{v}]
perpetualCheckIllegal = false
nFoldValue = loss
"""


def value(variant, fen, moves):
    end, v = sf.is_optional_game_end(variant, fen, moves)
    if not end:
        return None
    return "win" if v > 0 else "loss" if v < 0 else "draw"


def fsf_verdict(variant, fen, moves):
    """Fairy-Stockfish's verdict for the side to move, and the rule behind it."""
    full = value(variant, fen, moves)
    if full is None:
        return None, None
    check, chase = value(variant + "check", fen, moves), value(variant + "chase", fen, moves)
    if check in ("win", "loss") or (check == "draw" and value(variant + "checklossy", fen, moves) == "draw"):
        return full, "perpetual-check"
    if chase in ("win", "loss") or (chase == "draw" and value(variant + "chaselossy", fen, moves) == "draw"):
        return full, "perpetual-chase"
    return full, "repetition"


def pick_quiet(rng, variant, fen, moves):
    """A random legal move that captures nothing, or None: a check one time in four, else
    most often a move of a piece that chases (not a general's or a soldier's), so that
    cycles of checks and chases come up."""
    here = sf.get_fen(variant, fen, moves)
    legal = [m for m in sf.legal_moves(variant, here, []) if not sf.is_capture(variant, here, [], m)]
    checks = [m for m in legal if sf.gives_check(variant, here, [m])]
    if checks and rng.random() < 0.25:
        return rng.choice(checks)
    chasers = [m for m in legal if sf.get_san(variant, here, m)[0] in "RNCBAM"]
    if chasers and rng.random() < 0.8:
        return rng.choice(chasers)
    return rng.choice(legal) if legal else None


def cycle(rng, variant, fen, plies):
    """A random game of `plies` plies, then a twice-played cycle of two quiet moves taken
    back, or None. Most often (seven times in ten) the cycle is one of up to 20 tried
    that Fairy-Stockfish decides by a perpetual rule, where there is one: random cycles
    are nearly always plain repetitions."""
    moves = []
    for _ in range(plies):
        legal = sf.legal_moves(variant, fen, moves)
        if not legal or sf.is_optional_game_end(variant, fen, moves)[0]:
            return None
        moves.append(rng.choice(legal))
    want_perpetual = rng.random() < 0.7
    plain = None
    for _ in range(20 if want_perpetual else 1):
        tried = try_cycle(rng, variant, fen, moves)
        if tried is None:
            continue
        if not want_perpetual or fsf_verdict(variant, fen, tried)[1] != "repetition":
            return tried
        plain = plain or tried
    return plain


def try_cycle(rng, variant, fen, moves):
    """`moves` and a random cycle after them, played twice, or None."""
    moves = list(moves)
    a = pick_quiet(rng, variant, fen, moves)
    if a is None:
        return None
    moves.append(a)
    b = pick_quiet(rng, variant, fen, moves)
    if b is None:
        return None
    moves.append(b)
    # Both take their moves back, then play the same cycle once more: a threefold repetition.
    for m in (reverse(a), reverse(b), a, b, reverse(a), reverse(b)):
        if m not in sf.legal_moves(variant, fen, moves):
            return None
        moves.append(m)
    return moves


def reverse(m):
    """The move back: `a10a9` → `a9a10` (ranks may have two digits)."""
    i = 1
    while m[i].isdigit():
        i += 1
    return m[i:] + m[:i]


def chimera(binary, variant, games):
    """Chimera's results of games given as (fen, moves), in one `validate` run."""
    pgn = "".join(f'[FEN "{fen}"]\n\n{" ".join(moves)} *\n\n' for fen, moves in games)
    out = subprocess.run([binary, "validate", variant, "-", "--json"], input=pgn, capture_output=True, text=True, check=False)
    return [json.loads(line) for line in out.stdout.splitlines()]


def main():
    ap = fc.SeededParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "chimera"))
    args = ap.parse_args()
    bad = 0
    for variant in ("xiangqi", "manchu"):
        sf.load_variant_config(PROBES.format(v=variant))
        rng = random.Random(args.seed)
        start = sf.start_fen(variant)
        games = []
        while len(games) < args.games:
            moves = cycle(rng, variant, start, rng.randrange(10, 80))
            if moves is not None:
                games.append((start, moves))
        tally = {}
        for (fen, moves), ours in zip(games, chimera(args.bin, variant, games)):
            # Fairy-Stockfish's verdict after the last move, where the cycle completes; a
            # game that ended earlier (an earlier repetition) is compared where it ended.
            plies = ours.get("plies", len(moves))
            theirs, why = fsf_verdict(variant, fen, moves[:plies])
            stm = sf.get_fen(variant, fen, moves[:plies]).split()[1]
            result = ours.get("result") or ""
            side = "white" if stm == "w" else "black"
            mine = None if not result else "draw" if "draw" in result else "win" if f"{side} wins" in result else "loss"
            reason = None if not result else "perpetual-check" if "perpetual check" in result else "perpetual-chase" if "perpetual chase" in result else "repetition"
            tally[why] = tally.get(why, 0) + 1
            if (mine, reason) != (theirs, why):
                bad += 1
                print(f"DISAGREE {variant} {fen} moves {' '.join(moves[:plies])}: fsf {theirs} by {why}, chimera {mine} by {reason} ({result})")
        print(f"{variant}: {len(games)} cycles, fsf reasons {tally}")
    print("disagreements:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
