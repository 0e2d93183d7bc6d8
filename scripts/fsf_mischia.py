#!/usr/bin/env python3
"""Differential check of Chimera's Mischia against Fairy-Stockfish.

Fairy-Stockfish plays the `mischia` definition of tests/data/fsf-variants.ini (through its
Python binding, pyffish); Chimera its built-in `mischia` (through its CLI). Checked:

* perft from the start position (default depth 5), root move by root move; on a difference
  the check descends to the first position whose move sets differ;
* the spec's edge positions A-G (shared/rules/mischia.md section 1.10): Chimera's moves
  against the legal moves the spec lists (counts, and the moves it names);
* the legal move sets at every ply of seeded random games from the start position and from
  the edge positions. Some games prefer pawn moves and promotions, so that pawns reach the
  last rank while nothing has been lost.

The one rule Fairy-Stockfish cannot express: a pawn that reaches the last rank when its side
has lost nothing it could promote to stays there unpromoted (spec 1.6); Fairy-Stockfish's
definition (mandatoryPawnPromotion) omits such moves. The check predicts them on its own:
in a position where the side to move has lost no queen, rook, bishop or knight (so no
promotion is available) and has a pawn on its second-last rank, the pawn moves to the last
rank that Fairy-Stockfish's `mischia-opt` definition (optional promotion) allows are the
moves Chimera must list in addition, and Chimera must list exactly Fairy-Stockfish's moves
plus those. Everywhere else the sets must be equal.

When a random game plays such a move (which the `mischia` definition refuses), the
Fairy-Stockfish side goes on from the FEN that `mischia-opt` writes after it: a FEN with a
pawn stuck on the last rank, which Fairy-Stockfish reads and plays correctly (the stuck pawn
has no move and attacks nothing, as in spec 1.6; edge position D checks this). Chimera keeps
playing its own game from the first position.

Usage: scripts/fsf_mischia.py [--seed N] [--games N] [--edge-games N] [--plies N] [--depth N] [--budget SECONDS]
                              [--fen-every N] [--jobs N] [--bin PATH]

The defaults (perft 5, 220 + 7 x 10 random games, about 30,000 positions) take about a
minute on 2 cores. `--depth 6` adds a minute and a half: both programs count 780,807.

The binary is $CHIMERA_BIN, else target/release/chimera under $CARGO_TARGET_DIR or the
repository (built with `cargo build --release` if missing). Exits 0 when everything agrees,
1 on any disagreement, and 1 when pyffish is missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead).
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

# Spec section 1.10: id -> (FEN, number of legal moves, moves that must be listed, moves
# that must not be, or the whole list when the spec gives it). Castling is the king move.
EDGE = {
    "A": ("1k4/4P1/6/6/6/RBQKBN w - - 0 1", 31, {"e5e6"}, {"e5e6q", "e5e6r", "e5e6b", "e5e6n"}, None),
    "B": ("1k4/4P1/6/6/6/RBQKB1 w - - 0 1", 29, {"e5e6n"}, {"e5e6", "e5e6q", "e5e6r", "e5e6b"}, None),
    "C": ("1k4/4P1/6/6/6/R2K2 w - - 0 1", 15, set(), set(),
          "a1a2 a1a3 a1a4 a1a5 a1a6 a1b1 a1c1 d1c1 d1c2 d1d2 d1e1 d1e2 e5e6q e5e6b e5e6n"),
    "D": ("1k2P1/6/6/6/6/RBQKBN w - - 0 1", 30, set(), set(), None),
    "E": ("r2k1n/pppppp/6/6/PPPPPP/R2KBN w Qq - 0 1", 11, set(), set(),
          "d1b1 a1b1 a1c1 a2a3 b2b3 c2c3 d1c1 d2d3 e2e3 f1e3 f2f3"),
    "F": ("r1qk1n/pp1ppp/6/6/PP1PPP/R2KBN w Qq - 0 1", 8, set(), set(),
          "a1b1 a1c1 a2a3 b2b3 d2d3 e2e3 f1e3 f2f3"),
    "G": ("rbqkb1/6/6/6/1p4/R1QK1N b - - 0 1", 30, {"b2a1n", "b2b1n", "b2c1n"}, set(), None),
}

LIMIT = {"Q": 1, "R": 1, "B": 2, "N": 1}


class Mischia(fc.Adapter):
    name = "mischia"
    cvar = "mischia"
    fvar = "mischia"
    files = ranks = 6

    # A board of our own (FSF notation moves), to know where the pawns are and what is lost.
    def new_tracker(self, fsf_fen):
        board, _, rest = fc.split_fen(fsf_fen)
        return {"board": fc.board_tokens(board), "white": rest[0] == "w"}

    def track(self, t, m):
        start, dest, suffix = fc.split_move(m)
        b = t["board"]
        frm, to = fc.parse_square(start), fc.parse_square(dest)
        piece = b.pop(frm)
        if piece.upper() == "K" and abs(to[0] - frm[0]) == 2:
            # The castle: king d->b, rook a->c.
            b[(2, frm[1])] = b.pop((0, frm[1]))
        if suffix:
            piece = suffix.upper() if piece.isupper() else suffix.lower()
        b[to] = piece
        t["white"] = not t["white"]

    def expected_extra(self, sf, t, fbase, fmoves):
        white = t["white"]
        b = t["board"]
        pawn = "P" if white else "p"
        second_last, last = (4, 5) if white else (1, 0)
        if not any(p == pawn and sq[1] == second_last for sq, p in b.items()):
            return set()
        own = [p.upper() for p in b.values() if p.isupper() == white]
        if any(own.count(k) < n for k, n in LIMIT.items()):
            return set()  # a promotion is available: the pawn must take it
        extra = set()
        for m in sf.legal_moves("mischia-opt", fbase, list(fmoves)):
            start, dest, suffix = fc.split_move(m)
            if not suffix and b.get(fc.parse_square(start)) == pawn and fc.parse_square(dest)[1] == last:
                extra.add(m)
        return extra

    def fsf_rebase(self, sf, fbase, fmoves, m):
        fen = sf.get_fen("mischia-opt", fbase, list(fmoves) + [m])
        if sf.validate_fen(fen, "mischia") != sf.FEN_OK:
            raise AssertionError(f"fsf refuses its own FEN with a stuck pawn: {fen}")
        return fen, []


def check_edges(result):
    """Chimera's moves in the spec's edge positions against what the spec lists."""
    for k, (fen, count, must, must_not, whole) in EDGE.items():
        result.compared += 1
        listed, _ = fc.CHIMERA.moves("mischia", fen=fen)
        ours = {m for m, _ in listed}
        problems = []
        if len(ours) != count:
            problems.append(f"{len(ours)} moves, spec says {count}")
        if must - ours:
            problems.append(f"missing {sorted(must - ours)}")
        if must_not & ours:
            problems.append(f"has {sorted(must_not & ours)}")
        if whole and ours != set(whole.split()):
            problems.append(f"spec lists {sorted(whole.split())}")
        if k == "D" and any(m.startswith("e6") for m in ours):
            problems.append("the stuck e6 pawn moves")
        if k == "G" and {m for m in ours if m.startswith("b2")} != must:
            problems.append(f"b2 moves {sorted(m for m in ours if m.startswith('b2'))}")
        if problems:
            result.disagreements.append(f"mischia edge position {k} ({fen}): chimera lists {sorted(ours)}: " + "; ".join(problems))


def main():
    ap = fc.arguments(__doc__, depth=5)
    ap.add_argument("--games", type=int, default=220, help="random games from the start position")
    ap.add_argument("--edge-games", type=int, default=10, help="random games from each edge position")
    ap.add_argument("--plies", type=int, default=120, help="plies per random game at most")
    ap.add_argument("--fen-every", type=int, default=7, help="hand Chimera the FEN every N plies (0: never)")
    args = ap.parse_args()

    adapter = Mischia()
    started = fc.start(args, [adapter])
    if started is None:
        return 0
    result = fc.Result()
    extra = ""
    with fc.make_pool(args.jobs) as pool:
        if args.depth > 0:
            t = time.time()
            total, nodes = fc.check_perft(adapter, args.depth, pool, result)
            print(f"mischia: perft({args.depth}) fsf {total}, chimera {nodes} ({time.time() - t:.1f}s)", flush=True)
            extra += f", perft({args.depth}) = {nodes}"
        check_edges(result)
        # Policies: plain random play (a third of the time a promotion, castle or stuck
        # push when there is one), and a pawn rush that reaches the last rank early.
        plain = {"special": 0.3}
        rush = {"special": 0.6, "pawn": 0.6}
        tasks = []
        for g in range(args.games):
            seed = args.seed * 100000 + g
            tasks.append(("mischia", seed, None, args.plies, rush if g % 2 else plain, args.fen_every, None))
        for k, (fen, *_rest) in EDGE.items():
            for g in range(args.edge_games):
                seed = args.seed * 100000 + 50000 + 100 * (ord(k) - ord("A")) + g
                tasks.append(("mischia", seed, fen, args.plies, rush if g % 2 else plain, args.fen_every, fen))
        t = time.time()
        deadline = t + args.budget if args.budget else None
        # The start's games and each edge position's take turns, so that a run cut by its
        # budget has played from every one of them.
        tasks = fc.round_robin(tasks, key=lambda task: task[2])
        played = 0
        for _, r in fc.within_budget(zip(tasks, pool.imap(fc.play_game, tasks, chunksize=2)), deadline):
            result.merge(r)
            played += 1
        print(f"mischia: {played} random games ({time.time() - t:.1f}s)", flush=True)
    return fc.report("fsf_mischia", result, started, extra)


if __name__ == "__main__":
    sys.exit(main())
