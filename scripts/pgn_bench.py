#!/usr/bin/env python3
"""Games per second per core: `chimera.pgn.check_file` beside python-chess reading the
same file, in one run.

    python3 scripts/pgn_bench.py GAMES.pgn[.gz|.zst] [--jobs N] [--chess-games M] [--parquet OUT]

Chimera checks every game (`jobs` processes, all cores by default); python-chess reads
the first M games (all by default) with `chess.pgn.read_game` in this one process, which
plays every move through its board (for variant games, its variant boards), as people
read such dumps today. Prints games, seconds, games/s and games/s per core of each, and
this process's peak RSS (Chimera's workers each hold a few chunks: constant memory).
"""
import argparse
import os
import resource
import time

import chimera.pgn
from chimera.database import open_pgn


def chimera_run(path, jobs, parquet):
    start = time.perf_counter()
    if parquet:
        games = chimera.pgn.to_parquet(path, parquet, jobs=jobs)
        failed = None
    else:
        games = failed = 0
        for record in chimera.pgn.check_file(path, jobs=jobs):
            games += 1
            failed += not record.ok
    return games, failed, time.perf_counter() - start


def python_chess_run(path, limit):
    import chess.pgn

    start = time.perf_counter()
    games = errors = 0
    with open_pgn(path) as handle:
        while limit is None or games < limit:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            games += 1
            errors += bool(game.errors)
    return games, errors, time.perf_counter() - start


def line(name, games, seconds, cores, note):
    rate = games / seconds if seconds else float("inf")
    print(f"{name:<14} {games:>9} games {seconds:>9.2f} s {rate:>10.0f} games/s {rate / cores:>10.0f} games/s/core  {note}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--chess-games", type=int, default=None)
    parser.add_argument("--parquet", default=None)
    args = parser.parse_args()

    games, failed, seconds = chimera_run(args.path, args.jobs, args.parquet)
    line("chimera", games, seconds, args.jobs, f"({args.jobs} process{'es' if args.jobs > 1 else ''}; {'written to ' + args.parquet if args.parquet else f'{failed} failed'})")
    games, errors, seconds = python_chess_run(args.path, args.chess_games)
    line("python-chess", games, seconds, 1, f"(1 process; {errors} with errors)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak RSS: {peak:.0f} MiB this process, {workers:.0f} MiB the largest worker")


if __name__ == "__main__":
    main()
