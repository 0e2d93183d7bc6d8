#!/usr/bin/env python3
"""Differential check of the connection goals (`[end.connect]`) and the small boards
against Fairy-Stockfish: the sections of its own variants.ini
(tests/data/fsf-upstream-variants.ini) that `chimera import-ini` converts for them.

Each section is converted into a temporary folder and loaded, with the whole file, into
pyffish. Seeded random games are played in both programs from the start; at every ply:

* the legal move sets must be equal (scripts/fsf_common.py's comparison), unless the game
  is over;
* the game's end must be the same: Chimera's `game over` (what `chimera moves` reports)
  against Fairy-Stockfish's `is_immediate_game_end`, or, with no legal move, its
  `game_result` — the same winner, or both a draw, or both going on.

Half of the moves are chosen among those after which Fairy-Stockfish's game ends at once
(when there are any), so that games end by their goals rather than by running out of
plies. Fairy-Stockfish's repetition and move rules are claims (`is_optional_game_end`),
as the importer writes them: they end neither program's games here.

Usage: scripts/fsf_connect.py [--seed N] [--positions N] [--plies N] [--jobs N]
                              [--variants tictactoe,teeko] [--bin PATH]

Exits 0 when everything agrees, 1 on a disagreement, 2 on an unknown variant, and 1 when pyffish is missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead).
"""

import os
import random
import subprocess
import sys
import tempfile
import time
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

UPSTREAM = os.path.join(fc.ROOT, "tests", "data", "fsf-upstream-variants.ini")

# The sections with a connection goal, and those on boards under 4 squares a side.
SECTIONS = [
    "tictactoe", "picaria", "nineholes", "tictacchess", "asimplegame", "allqueenschess",
    "roll-ing-to-four", "teeko", "symphony", "three-musketeers", "hexapawn", "aralzaa",
    "1d-chess", "cfour", "cfour-misere",
]


class Imported(fc.Adapter):
    """A converted section: Chimera reads its ruleset file, Fairy-Stockfish its section."""

    def __init__(self, name, path, files, ranks):
        self.name = self.fvar = name
        self.cvar = path
        self.files, self.ranks = files, ranks


def fsf_end(sf, a, fen, moves, legal):
    """Fairy-Stockfish's end of the game as the winner seen from the side to move
    ('us', 'them', 'draw'), or None while it goes on."""
    ended, value = sf.is_immediate_game_end(a.fvar, fen, moves)
    if not ended:
        if legal:
            return None
        value = sf.game_result(a.fvar, fen, moves)
    return "us" if value > 0 else "them" if value < 0 else "draw"


def chimera_end(over, white_to_move):
    """Chimera's `game over: 1-0 ...` the same way."""
    if over is None:
        return None
    score = over.split()[2]
    if score == "1/2-1/2":
        return "draw"
    white_won = score == "1-0"
    return "us" if white_won == white_to_move else "them"


def play(task):
    name, seed, plies = task
    a = fc.ADAPTERS[name]
    sf = fc.SF
    result = fc.Result()
    rng = random.Random(seed)
    fen = sf.start_fen(a.fvar)
    moves = []
    tracker = a.new_tracker(fen)
    try:
        for ply in range(plies + 1):
            legal = sf.legal_moves(a.fvar, fen, moves)
            c = fc.compare_position(a, result, fen, moves, tracker, None, list(moves))
            if c.agreed is None:
                return result
            white = sf.get_fen(a.fvar, fen, moves).split()[1] == "w"
            theirs, ours = fsf_end(sf, a, fen, moves, legal), chimera_end(c.over, white)
            if c.over:
                # compare_position does not count a position Chimera has ended; this does.
                result.compared += 1
            result.note("ends compared")
            if theirs != ours:
                result.disagreements.append(
                    f"{name}: the end differs: fsf {theirs}, chimera {ours} ({c.over})\n  {fc.where(fen, moves)}")
                return result
            if ours:
                result.note(f"games ended: {c.over.split(' by ', 1)[-1].rstrip(')')}")
                return result
            if ply == plies or not c.agreed:
                return result
            choices = sorted(c.agreed)
            if rng.random() < 0.5:
                ending = [m for m in choices if sf.is_immediate_game_end(a.fvar, fen, moves + [m])[0]]
                if ending:
                    choices = ending
                    result.note("moves chosen because they end the game")
            m = rng.choice(choices)
            moves.append(m)
            a.track(tracker, m)
    except Exception as e:  # noqa: BLE001 - reported with the seed to rerun
        result.disagreements.append(f"{name}: game with seed {seed} failed: {type(e).__name__}: {e}")
    return result


def main():
    ap = fc.arguments(__doc__, depth=0)
    ap.add_argument("--positions", type=int, default=300, help="positions to compare per variant at least")
    ap.add_argument("--plies", type=int, default=120, help="plies per random game at most")
    ap.add_argument("--variants", default=",".join(SECTIONS))
    args = ap.parse_args()
    wanted = args.variants.split(",")
    unknown = [w for w in wanted if w not in SECTIONS]
    if unknown:
        print(f"unknown variant(s) {unknown}; known: {SECTIONS}")
        return 2
    sf = fc.pyffish_or_skip()
    if sf is None:
        return 0
    started = time.time()
    binary = fc.find_binary(args.bin)
    folder = tempfile.mkdtemp(prefix="fsf_connect_")
    subprocess.run([binary, "import-ini", "--out", folder, UPSTREAM], check=True, capture_output=True)
    with open(UPSTREAM) as f:
        sf.load_variant_config(f.read())
    fc.SF, fc.CHIMERA = sf, fc.Chimera(binary)
    adapters = []
    for name in wanted:
        path = os.path.join(folder, f"{name}.toml")
        if not os.path.exists(path):
            print(f"{name}: not converted by chimera import-ini: skipped")
            continue
        with open(path, "rb") as f:
            board = tomllib.load(f)["board"]
        a = Imported(name, path, board["files"], board["ranks"])
        fc.ADAPTERS[name] = a
        adapters.append(a)

    result = fc.Result()
    compared = {a.name: 0 for a in adapters}
    games = {a.name: 0 for a in adapters}
    with fc.make_pool(args.jobs) as pool:
        while True:
            tasks = []
            for a in adapters:
                short = args.positions - compared[a.name]
                # As many games as the positions still short need at the variant's mean
                # game length so far (4 to start: their lengths differ widely).
                per_game = compared[a.name] / games[a.name] if games[a.name] else 0
                wanted_games = -(-short // max(1, int(per_game))) if per_game else 4
                for _ in range(max(0, wanted_games) if short > 0 else 0):
                    seed = args.seed * 1000003 + SECTIONS.index(a.name) * 1009 + games[a.name]
                    games[a.name] += 1
                    tasks.append((a.name, seed, args.plies))
            if not tasks:
                break
            for task, r in zip(tasks, pool.imap(play, tasks)):
                result.merge(r)
                compared[task[0]] += max(r.compared, 1)
    print("positions (games) per variant: " + ", ".join(f"{k} {v} ({games[k]})" for k, v in compared.items()), flush=True)
    return fc.report("fsf_connect", result, started)


if __name__ == "__main__":
    sys.exit(main())
