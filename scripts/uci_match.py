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

A variant python-chess does not play (shogi, xiangqi, ...) is refereed by pyffish instead
(its legal moves, its game ends and claims), both engines driven by the UCI text itself:
each move must be one of pyffish's legal moves in Fairy-Stockfish's long algebraic form.
"""

import os
import random
import shutil
import subprocess
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
    if not os.path.exists(args.fsf):
        fc.oracle_missing("fairy-stockfish")
    if not python_chess_plays(args.variant):
        return match_by_pyffish(args)
    try:
        import chess
        import chess.engine
        import chess.variant
    except ImportError as e:
        fc.oracle_missing(e.name)
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


def python_chess_plays(variant: str) -> bool:
    if variant == "chess":
        return True
    try:
        import chess.variant
    except ImportError as e:
        fc.oracle_missing(e.name)
    try:
        chess.variant.find_variant(variant)
        return True
    except ValueError:
        return False


class Uci:
    """An engine spoken to in UCI text: `position startpos moves ...` and `go nodes N`."""

    def __init__(self, command: list, variant: str):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix: str) -> str:
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError(f"the engine ended before `{prefix}`")
            if line.startswith(prefix):
                return line.strip()

    def best(self, moves: list, nodes: int) -> str:
        self.send("ucinewgame" if not moves else "isready")
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go nodes {nodes}")
        words = self.wait("bestmove").split()
        return words[1] if len(words) > 1 else "(none)"

    def quit(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def match_by_pyffish(args) -> int:
    """The match where python-chess cannot referee: pyffish's legal moves and ends."""
    try:
        import pyffish as sf
    except ImportError as e:
        fc.oracle_missing(e.name)
    rng = random.Random(args.seed)
    start = sf.start_fen(args.variant)
    ours, theirs = Uci([args.binary, "uci"], args.variant), Uci([args.fsf], args.variant)
    score = {"win": 0, "draw": 0, "loss": 0, "unfinished": 0}
    try:
        for game in range(args.games):
            moves = []
            for _ in range(rng.randrange(2, 7)):
                moves.append(rng.choice(sf.legal_moves(args.variant, start, moves)))
            chimera_first = game % 2 == 0
            result = None
            while len(moves) < args.plies:
                legal = sf.legal_moves(args.variant, start, moves)
                over, value = sf.is_immediate_game_end(args.variant, start, moves)
                if not over:
                    over, value = sf.is_optional_game_end(args.variant, start, moves)
                if not over and not legal:
                    over, value = True, sf.game_result(args.variant, start, moves)
                if over:
                    # The value is the side to move's: the first mover's when the count is even.
                    first_to_move = len(moves) % 2 == 0
                    result = 0 if value == 0 else (1 if (value > 0) == first_to_move else -1)
                    break
                engine = ours if (len(moves) % 2 == 0) == chimera_first else theirs
                move = engine.best(moves, args.nodes)
                if move not in legal:
                    name = "chimera-uci" if engine is ours else "fairy-stockfish"
                    print(f"ILLEGAL: {name} answered {move} after {' '.join(moves)}")
                    return 1
                moves.append(move)
            if result is None:
                mine = "unfinished"
            else:
                mine = "draw" if result == 0 else ("win" if (result > 0) == chimera_first else "loss")
            score[mine] += 1
            print(f"game {game + 1}: Chimera {'first' if chimera_first else 'second'}, {mine} after {len(moves)} plies", flush=True)
    finally:
        ours.quit()
        theirs.quit()
    print(f"uci_match: {args.variant}, {args.games} games at {args.nodes} nodes a move, Chimera: {score['win']} won, {score['draw']} drawn, "
          f"{score['loss']} lost, {score['unfinished']} unfinished; no illegal move, no protocol error (refereed by pyffish)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
