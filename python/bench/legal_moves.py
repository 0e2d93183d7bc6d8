#!/usr/bin/env python3
"""legal_moves per call: chimera.compat beside pyffish, in one run.

Each case is timed the way a program calls it: pyffish's `legal_moves(variant, fen,
moves)` and the same call through `chimera.compat`, and Chimera's own
`Position.legal_moves()` on a position already built (it also checks the game is not
over, and sorts). The figure is the best of --repeat runs of --number calls, in
microseconds per call (CPU time of this process). pyffish is optional: without it only
Chimera's figures are printed.

Usage: python3 python/bench/legal_moves.py [--number N] [--repeat N]
"""

import argparse
import time
import timeit

import chimera
from chimera import compat

try:
    import pyffish
except ImportError:
    pyffish = None

CASES = [
    ("chess", "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []),
    ("chess", "middlegame", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", []),
    ("chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []),
    (
        "chess",
        "start + 20 moves",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6a5 b3c2 c7c5".split(),
    ),
    ("crazyhouse", "drops", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[NPp] w KQkq - 0 4", []),
    ("capablanca", "start", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", []),
]


def per_call(f, number, repeat):
    return min(timeit.Timer(f, timer=time.process_time).repeat(number=number, repeat=repeat)) / number * 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--number", type=int, default=20000, help="calls per run for Chimera (pyffish: 1/100 of it)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"chimera {chimera.__version__}; pyffish {'.'.join(map(str, pyffish.version())) if pyffish else 'not installed'}")
    print(f"{'case':<30} {'moves':>5} {'compat us':>10} {'Position us':>12} {'pyffish us':>11} {'ratio':>7}")
    for variant, name, fen, moves in CASES:
        legal = compat.legal_moves(variant, fen, moves)
        position = chimera.variant(variant).position(compat.get_fen(variant, fen, moves))
        ours = per_call(lambda: compat.legal_moves(variant, fen, moves), args.number, args.repeat)
        own = per_call(position.legal_moves, args.number, args.repeat)
        theirs = ratio = ""
        if pyffish is not None:
            assert sorted(pyffish.legal_moves(variant, fen, moves)) == sorted(legal), (variant, name)
            t = per_call(lambda: pyffish.legal_moves(variant, fen, moves), max(1, args.number // 100), args.repeat)
            theirs, ratio = f"{t:11.1f}", f"{t / ours:6.0f}x"
        print(f"{variant + ' ' + name:<30} {len(legal):>5} {ours:10.2f} {own:12.2f} {theirs:>11} {ratio:>7}")


if __name__ == "__main__":
    main()
