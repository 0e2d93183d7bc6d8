#!/usr/bin/env python3
"""Differential check of Chimera's legal move generation against Fairy-Stockfish.

Variants: chess, losalamos, capablanca, duck, amazons and the walling games joust, snailtrail,
isolation, isolation7x7 (Fairy-Stockfish built-ins, Chimera built-ins; those with walls compared by whole turns, `e2e4,e4e5`, and to perft depth 2),
and grandlite, a 10x10 game on Grand Chess's setup with simplified promotion (defined below for
Fairy-Stockfish, loaded after tests/data/fsf-variants.ini, and in tests/data/grandlite.toml
for Chimera). For each one (scripts/fsf_common.py does the work):

* perft from the start position (default depth 3), root move by root move; on a difference
  the check descends to the first position whose move sets differ. Chimera's own start
  position must also be Fairy-Stockfish's;
* the legal move sets at every ply of seeded random games (default 4 games of up to 110 plies
  per variant; a third of the time a promotion or castle is played when there is one, and
  every second game prefers pawn moves, so that promotions happen on the 10x10 board too).
  Every `--fen-every`-th position (default 2) Chimera is handed the FEN Fairy-Stockfish
  writes for it, the others it reaches by playing the game's moves itself; at each game's
  end the two programs' FENs must describe the same position (board, side to move,
  castling rights).

Both programs write moves and FENs alike here: `e2e4`, `e7e8q`, castling as the king's move
(`e1g1`; in capablanca `f1i1`), castling rights as `KQkq`. No translation is needed.

Usage: scripts/fsf_diff.py [--seed N] [--games N] [--plies N] [--depth N] [--fen-every N]
                           [--jobs N] [--variants chess,capablanca] [--bin PATH]

The defaults (about 1,700 positions) take about 8 seconds on 2 cores, a third of it
grandlite's perft(3) (259,514 nodes counted by recursion over pyffish's legal_moves).

The binary is $CHIMERA_BIN, else target/release/chimera under $CARGO_TARGET_DIR or the
repository (built with `cargo build --release` if missing). Exits 0 when everything
agrees, 1 on any disagreement, 2 on an unknown variant, and 1 when pyffish is missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead). A pyffish built
without large-board support skips grandlite.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

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


class Variant(fc.Adapter):
    def __init__(self, name, cvar, files, ranks, turns=False, perft_depth=None):
        self.name = self.fvar = name
        self.cvar = cvar
        self.files, self.ranks = files, ranks
        # Turns of two parts (duck, amazons): both programs list whole turns, `e2e4,e4e5`;
        # a turn's subtree is some 600 (duck) to 2,000 (amazons) times wider than a move's,
        # so perft stops at depth 2.
        self.turns, self.perft_depth = turns, perft_depth


def ruleset(name):
    return os.path.join(fc.ROOT, "tests", "data", name + ".toml")


VARIANTS = [
    Variant("chess", "chess", 8, 8),
    Variant("losalamos", "losalamos", 6, 6),
    Variant("capablanca", "capablanca", 10, 8),
    Variant("grandlite", ruleset("grandlite"), 10, 10),
    Variant("duck", "duck", 8, 8, turns=True, perft_depth=2),
    Variant("amazons", "amazons", 10, 10, turns=True, perft_depth=2),
    Variant("joust", "joust", 8, 8, turns=True, perft_depth=4),
    Variant("snailtrail", "snailtrail", 7, 7, turns=True, perft_depth=5),
    Variant("isolation", "isolation", 6, 8, turns=True, perft_depth=2),
    Variant("isolation7x7", "isolation7x7", 7, 7, turns=True, perft_depth=2),
]


def main():
    names = [a.name for a in VARIANTS]
    ap = fc.arguments(__doc__, depth=3)
    ap.add_argument("--games", type=int, default=4, help="random games per variant")
    ap.add_argument("--plies", type=int, default=110, help="plies per random game at most")
    ap.add_argument("--fen-every", type=int, default=2, help="hand Chimera the FEN every N plies (0: never)")
    ap.add_argument("--variants", default=",".join(names))
    args = ap.parse_args()

    sf = fc.pyffish_or_skip()
    if sf is None:
        return 0
    wanted = args.variants.split(",")
    unknown = [w for w in wanted if w not in names]
    if unknown:
        print(f"unknown variant(s) {unknown}; known: {names}")
        return 2
    started = time.time()
    fc.setup(sf, fc.find_binary(args.bin), VARIANTS, extra_ini=GRANDLITE_INI)
    if "grandlite" in wanted and "grandlite" not in sf.variants():
        print("this pyffish has no large-board support: grandlite skipped")
        wanted.remove("grandlite")
    adapters = [a for a in VARIANTS if a.name in wanted]

    result = fc.Result()
    perfts = []
    with fc.make_pool(args.jobs) as pool:
        if args.depth > 0:
            perfts = fc.perft_all(adapters, args.depth, pool, result)
        # Plain random play (a third of the time a promotion or castle when there is one),
        # and play that prefers pawn moves, so that pawns reach the last rank (grandlite's
        # pawns have seven steps to go).
        plain = {"special": 1 / 3}
        pawns = {"special": 1 / 3, "pawn": 0.5}
        tasks = []
        for i, a in enumerate(adapters):
            for g in range(args.games):
                seed = args.seed * 100000 + i * 1000 + g
                tasks.append((a.name, seed, None, args.plies, pawns if g % 2 else plain, args.fen_every, None))
        t = time.time()
        per_variant = {}
        for task, r in zip(tasks, pool.imap(fc.play_game, tasks)):
            result.merge(r)
            per_variant[task[0]] = per_variant.get(task[0], 0) + r.compared
        print(f"random games: {len(tasks)} ({time.time() - t:.1f}s); positions per variant: "
              + ", ".join(f"{k} {v}" for k, v in per_variant.items()), flush=True)
    extra = f", perft({args.depth}): " + ", ".join(perfts) if perfts else ""
    return fc.report("fsf_diff", result, started, extra)


if __name__ == "__main__":
    sys.exit(main())
