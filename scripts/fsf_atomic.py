#!/usr/bin/env python3
"""Differential check of Chimera's atomic chess against Fairy-Stockfish (`atomic`,
`nocheckatomic` and `atomar`, built into both programs).

For each variant (scripts/fsf_common.py does the work):

* perft from the start position (default depth 3), root move by root move;
* the legal move sets at every ply of seeded random games (default 10 games of up to 120
  plies per variant; a third of the time a promotion or castle is played when there is
  one; atomic games are short, as random play soon blows a king up). Every third position
  Chimera is handed the FEN Fairy-Stockfish writes; at each game's end the two programs'
  FENs must describe the same position;
* as many more seeded games played by Fairy-Stockfish's moves alone, half of the time
  capturing when it can: where one ends with no moves, Chimera's winner (or draw) must
  be the one Fairy-Stockfish's `game_result` gives (a king blown up, checkmate, stalemate).

Both programs write moves and FENs alike (castling as the king's move, `e1g1`), so no
translation is needed.

Usage: scripts/fsf_atomic.py [--seed N] [--games N] [--plies N] [--depth N] [--jobs N] [--bin PATH]

The defaults compare about 2,000 positions in well under a minute on 2 cores. Exits 0
when everything agrees, 1 on any disagreement, and 1 when pyffish is missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead).
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

VARIANTS = ("atomic", "nocheckatomic", "atomar")
# At least this many positions must be compared, or the check itself has failed.
MINIMUM_POSITIONS = 500


class Atomic(fc.Adapter):
    def __init__(self, name):
        self.name = self.cvar = self.fvar = name


def ending(task):
    """Plays the seeded game `task` = (variant, seed, plies) preferring captures, and
    compares the result where it ends without moves (None if it does not)."""
    name, seed, plies = task
    a = fc.ADAPTERS[name]
    sf, chimera = fc.SF, fc.CHIMERA
    rng = random.Random(seed)
    fen = sf.start_fen(a.fvar)
    moves = []
    for _ in range(plies):
        legal = sf.legal_moves(a.fvar, fen, moves)
        if not legal:
            break
        # A capture lands on an occupied square (en passant is left out: it is rare).
        board = fc.board_tokens(fc.split_fen(sf.get_fen(a.fvar, fen, moves))[0])
        captures = [m for m in legal if fc.parse_square(fc.split_move(m)[1]) in board]
        moves.append(rng.choice(captures if captures and rng.random() < 0.5 else legal))
    if sf.legal_moves(a.fvar, fen, moves):
        return None
    value = sf.game_result(a.fvar, fen, moves)
    fsf_to_move = sf.get_fen(a.fvar, fen, moves).split()[1]
    fsf_winner = None if value == 0 else (fsf_to_move if value > 0 else ("b" if fsf_to_move == "w" else "w"))
    _, over = chimera.moves(a.cvar, fen=fen, moves=moves)
    score = over.split()[2] if over else "*"
    chimera_winner = {"1-0": "w", "0-1": "b", "1/2-1/2": None}.get(score, "?")
    if chimera_winner != fsf_winner:
        return f"{name}: the game {fen} + {' '.join(moves)} ends: fsf value {value} (to move: {fsf_to_move}), chimera {over!r}"
    return ""


def main():
    ap = fc.arguments(__doc__, depth=3)
    ap.add_argument("--games", type=int, default=10, help="random games per variant")
    ap.add_argument("--plies", type=int, default=120, help="longest random game")
    args = ap.parse_args()

    adapters = [Atomic(v) for v in VARIANTS]
    started = fc.start(args, adapters)
    if started is None:
        return 0
    result = fc.Result()
    with fc.make_pool(args.jobs) as pool:
        if args.depth > 0:
            fc.perft_all(adapters, args.depth, pool, result)
        tasks = [
            (a.name, args.seed * 100000 + g, None, args.plies, {"special": 0.3}, 3, None)
            for a in adapters
            for g in range(args.games)
        ]
        for r in pool.imap_unordered(fc.play_game, tasks):
            result.merge(r)
        endings = [(a.name, args.seed * 100000 + g, args.plies) for a in adapters for g in range(args.games)]
        for text in pool.imap_unordered(ending, endings):
            if text is None:
                continue
            result.note("game results compared")
            if text:
                result.disagreements.append(text)
    if result.compared < MINIMUM_POSITIONS:
        result.disagreements.append(f"only {result.compared} positions compared (at least {MINIMUM_POSITIONS} wanted)")
    return fc.report("fsf_atomic", result, started, f", {result.notes.get('game results compared', 0)} game results compared")


if __name__ == "__main__":
    sys.exit(main())
