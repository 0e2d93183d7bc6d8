#!/usr/bin/env python3
"""Differential check of Chimera's Mystic Chess against Fairy-Stockfish, up to ply 6.

Fairy-Stockfish cannot express coins or upgrades. Its `mysticlike` definition (in
tests/data/fsf-variants.ini) gives each side the two kings and a pocket of eight pawns
that may be dropped on the own ranks 2-4 / 5-7: exactly Mystic Chess's purchases as long
as no upgrade is possible (a side needs three purchases first, so the earliest upgrade is
White's at ply 7) and neither the coins nor the 8-pawn limit can bind — true for the
first six plies (mystic-chess.md §2.10). So this check compares:

* perft(4) from the start, root move by root move (Chimera 29, 841, 24714, 726168);
* the legal move sets at every position of seeded random games of six plies.

Translation: a purchase is `P@e2` in both programs. Fairy-Stockfish's FEN carries the
unbought pawns as a pocket (`[PPPPPPPPpppppppp]`); Chimera's carries coins and purchases
(`coins=20/20 purchases=0/0`): purchases = 8 - pocket pawns, coins = 20 - purchases.

Usage: scripts/fsf_mystic.py [--seed N] [--games N] [--depth N] [--jobs N] [--bin PATH]
Exits 0 when everything agrees, 1 on any disagreement, and 1 when pyffish is missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead).
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

# Random games of five plies: the positions compared are those after 0-5 plies, whose
# moves are plies 1-6 (the position after ply 6 may already allow an upgrade).
PLIES = 5
COINS = 20
PAWNS = 8


class Mystic(fc.Adapter):
    name = "mystic"
    cvar = "mystic"
    fvar = "mysticlike"

    def chimera_fen(self, fsf_fen):
        board, hand, rest = fc.split_fen(fsf_fen)
        hand = hand or ""
        bought = [PAWNS - hand.count("P"), PAWNS - hand.count("p")]
        coins = [COINS - b for b in bought]
        return f"{board} {' '.join(rest)} coins={coins[0]}/{coins[1]} purchases={min(bought[0], 3)}/{min(bought[1], 3)}"

    def normalise(self, fen):
        # The pocket is Chimera's coins and purchases: compare board, side and castling.
        squares, _, side, castling = super().normalise(fen)
        return squares, "", side, castling


def main():
    ap = fc.arguments(__doc__, depth=4)
    ap.add_argument("--games", type=int, default=300, help="random games of five plies")
    args = ap.parse_args()

    a = Mystic()
    started = fc.start(args, [a])
    if started is None:
        return 0
    result = fc.Result()
    extra = ""
    with fc.make_pool(args.jobs) as pool:
        if args.depth > 0:
            t = time.time()
            total, nodes = fc.check_perft(a, min(args.depth, PLIES + 1), pool, result)
            extra = f", perft({args.depth}): fsf {total}, chimera {nodes}"
            print(f"mystic: perft({args.depth}) fsf {total}, chimera {nodes} ({time.time() - t:.1f}s)", flush=True)
        tasks = [(a.name, args.seed * 100000 + g, None, PLIES, {"special": 0.3}, 3, None) for g in range(args.games)]
        for r in pool.imap(fc.play_game, tasks, chunksize=4):
            result.merge(r)
    return fc.report("fsf_mystic", result, started, extra)


if __name__ == "__main__":
    sys.exit(main())
