#!/usr/bin/env python3
"""Differential check of Chimera's 3check and 5check (`[end] checks`) against
Fairy-Stockfish's built-ins of the same names.

* perft from the start (default depth 3), and perft 3 of Fairy-Stockfish's suite position
  for 3check (White one check from winning), root move by root move;
* the legal move sets at every ply of seeded random games that prefer checking moves, so
  that most games end by the n-th check; at each game's end the two programs' FENs must
  agree, the counts of checks included. Where a program lists no moves after a winning
  check, both must list none.

Translation: moves are written alike. Fairy-Stockfish's FEN carries the checks each side
has *remaining* as a field after en passant (`2+3`); Chimera's carries the checks each
side has *given* (`checks=1/0`): given = n - remaining.

Usage: scripts/fsf_3check.py [--seed N] [--games N] [--plies N] [--depth N]
                             [--fen-every N] [--jobs N] [--bin PATH]

The defaults (perft 3 three times, 60 random games a variant of up to 80 plies, about
1,500 positions) take about 20 seconds on 2 cores. Exits 0 when everything agrees, 1 on
any disagreement, and 1 when pyffish is missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead).
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

SUITE_FEN = "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39"


class NCheck(fc.Adapter):
    def __init__(self, name, n):
        self.name = self.cvar = self.fvar = name
        self.n = n

    def chimera_fen(self, fsf_fen):
        fields = fsf_fen.split()
        white, black = (int(x) for x in fields.pop(4).split("+"))
        return " ".join(fields) + f" checks={self.n - white}/{self.n - black}"

    def fen_difference(self, cfen, ffen):
        diff = super().fen_difference(cfen, ffen)
        ours = cfen.split("checks=", 1)[1].split()[0]
        theirs = self.chimera_fen(ffen).split("checks=", 1)[1]
        if ours != theirs:
            diff = (diff + ", " if diff else "") + f"checks given: chimera {ours}, fsf {theirs}"
        return diff


def main():
    ap = fc.arguments(__doc__, depth=3)
    ap.add_argument("--games", type=int, default=20, help="random games per variant")
    ap.add_argument("--plies", type=int, default=80, help="plies per random game at most")
    ap.add_argument("--fen-every", type=int, default=4, help="hand Chimera the FEN every N plies (0: never)")
    args = ap.parse_args()

    adapters = [NCheck("3check", 3), NCheck("5check", 5)]
    started = fc.start(args, adapters)
    if started is None:
        return 0
    result = fc.Result()
    summary = []
    with fc.make_pool(args.jobs) as pool:
        if args.depth > 0:
            summary = fc.perft_all(adapters, args.depth, pool, result)
            t = time.time()
            total, nodes = fc.check_perft(adapters[0], 3, pool, result, fstart=SUITE_FEN)
            summary.append(f"3check suite position perft(3) {nodes}" + ("" if total == nodes else " (differs)"))
            print(f"3check: perft(3) of {SUITE_FEN}: fsf {total}, chimera {nodes} ({time.time() - t:.1f}s)", flush=True)
        # Half the games take a check whenever there is one, half only now and then.
        eager, casual = {"check": 0.9}, {"check": 0.3}
        tasks = []
        for i, a in enumerate(adapters):
            for g in range(args.games):
                seed = args.seed * 100000 + i * 1000 + g
                tasks.append((a.name, seed, None, args.plies, eager if g % 2 else casual, args.fen_every, None))
        t = time.time()
        for r in pool.imap(fc.play_game, tasks, chunksize=2):
            result.merge(r)
        print(f"random games: {len(tasks)} ({time.time() - t:.1f}s)", flush=True)
    extra = (", perft: " + ", ".join(summary)) if summary else ""
    return fc.report("fsf_3check", result, started, extra)


if __name__ == "__main__":
    sys.exit(main())
