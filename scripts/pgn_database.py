#!/usr/bin/env python3
"""Writes a PGN database of random legal games, for measuring `chimera validate`.

    python3 scripts/pgn_database.py GAMES [DISTINCT] > games.pgn

DISTINCT games (default 1000) are played by `chimera serve` (random legal moves, up to
120 plies or the end), then written GAMES times in all, each copy with its own tags.
Needs the release binary (`cargo build --release`).
"""
import json
import os
import random
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def main():
    total = int(sys.argv[1])
    distinct = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    rng = random.Random(2026)
    server = subprocess.Popen([os.path.join(ROOT, "target/release/chimera"), "serve"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(**request):
        server.stdin.write(json.dumps(request) + "\n")
        server.stdin.flush()
        return json.loads(server.stdout.readline())

    games = []
    for _ in range(distinct):
        game = ask(op="open", variant="chess")["game"]
        sans = []
        for _ in range(120):
            moves = ask(op="moves", game=game)["moves"]
            if not moves:
                break
            move = rng.choice(moves)
            played = ask(op="play", game=game, move=move["uci"])
            sans.append(move["san"])
            if played.get("result"):
                break
        result = (ask(op="position", game=game).get("result") or {}).get("score", "*")
        ask(op="close", game=game)
        games.append((sans, result))
    server.stdin.close()
    out = sys.stdout
    for n in range(total):
        sans, result = games[n % distinct]
        out.write(f'[Event "random {n + 1}"]\n[Site "scripts/pgn_database.py"]\n[Result "{result}"]\n\n')
        text = " ".join(f"{i // 2 + 1}. {s}" if i % 2 == 0 else s for i, s in enumerate(sans))
        out.write(f"{text} {result}\n\n")


if __name__ == "__main__":
    main()
