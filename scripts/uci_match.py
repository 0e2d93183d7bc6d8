#!/usr/bin/env python3
"""`chimera uci` (Chimera's search behind UCI, `search/src/uci.rs`) against Debian's
`fairy-stockfish`, both driven by python-chess's `chess.engine`, as a GUI or lichess-bot
would drive them: every answer must be a legal move, given without a protocol error.

Seeded random openings (a few plies, today's date as the seed), then both engines at
`--nodes` a move, colours alternating; a game stops at its end or at `--plies` (then
unfinished, `*`). Prints each game and the score from Chimera's side.

Usage: scripts/uci_match.py [--games 2] [--nodes 2000] [--plies 120] [--variant crazyhouse]
       [--binary target/release/chimera] (run as `chimera uci`) [--fsf fairy-stockfish] [--seed N]
CI plays 2 games (a smoke test); a missing fairy-stockfish fails (`apt-get install
fairy-stockfish`, in /usr/games).
"""

import os
import random
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402


def main():
    ap = fc.SeededParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--plies", type=int, default=120)
    # python-chess's own variant boards (chess.variant): it sends their UCI_Variant to both.
    ap.add_argument("--variant", default="chess", help="chess, or a chess.variant name: crazyhouse, atomic, 3check, kingofthehill...")
    ap.add_argument("--binary", default=os.path.join(fc.ROOT, "target", "release", "chimera"))
    ap.add_argument("--fsf", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")
    args = ap.parse_args()
    try:
        import chess
        import chess.engine
        import chess.variant
    except ImportError as e:
        fc.oracle_missing(e.name)
    if not os.path.exists(args.fsf):
        fc.oracle_missing("fairy-stockfish")
    rng = random.Random(args.seed)
    ours = chess.engine.SimpleEngine.popen_uci([args.binary, "uci"])
    theirs = chess.engine.SimpleEngine.popen_uci([args.fsf])
    score = {"win": 0, "draw": 0, "loss": 0, "unfinished": 0}
    try:
        for game in range(args.games):
            board = chess.variant.find_variant(args.variant)() if args.variant != "chess" else chess.Board()
            for _ in range(rng.randrange(2, 7)):
                board.push(rng.choice(list(board.legal_moves)))
            chimera_white = game % 2 == 0
            while not board.is_game_over(claim_draw=True) and board.ply() < args.plies:
                engine = ours if board.turn == chimera_white else theirs
                played = engine.play(board, chess.engine.Limit(nodes=args.nodes))
                if played.move is None or played.move not in board.legal_moves:
                    name = "chimera-uci" if engine is ours else "fairy-stockfish"
                    print(f"ILLEGAL: {name} answered {played.move} in {board.fen()}")
                    return 1
                board.push(played.move)
            result = board.result(claim_draw=True)
            mine = {"1-0": "win" if chimera_white else "loss", "0-1": "loss" if chimera_white else "win",
                    "1/2-1/2": "draw"}.get(result, "unfinished")
            score[mine] += 1
            print(f"game {game + 1}: Chimera {'White' if chimera_white else 'Black'}, {result} after {board.ply()} plies "
                  f"({board.outcome(claim_draw=True).termination.name if board.outcome(claim_draw=True) else 'ply limit'})",
                  flush=True)
    finally:
        ours.quit()
        theirs.quit()
    print(f"uci_match: {args.variant}, {args.games} games at {args.nodes} nodes a move, Chimera: {score['win']} won, {score['draw']} drawn, "
          f"{score['loss']} lost, {score['unfinished']} unfinished; no illegal move, no protocol error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
