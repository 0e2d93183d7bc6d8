#!/usr/bin/env python3
"""Games per second per core: `chimera.pgn.check_file` beside python-chess reading the
same file, in one run.

    python3 scripts/pgn_bench.py GAMES.pgn[.gz|.zst] [--jobs N] [--processes] [--chess-games M] [--parquet OUT] [--cli CHIMERA]

Chimera checks every game (`jobs` threads, all cores by default; `--processes`: `jobs`
processes); python-chess reads the first M games (all by default; 0: none) with
`chess.pgn.read_game` in this one process, which plays every move through its board (for
variant games, its variant boards), as people read such dumps today. Prints games,
seconds, games/s and games/s per core of each, the CPU seconds each used (this process's
threads and the worker processes) and games per CPU second: on a machine shared with other
jobs the wall-clock rate a core falls with their load, the rate a CPU second much less.
With `--cli`, the program `chimera` given (`target/release/chimera`) checks the same file
too (`chimera validate chess FILE`, its report thrown away): the Rust route without
Python, on one thread. Then the peak RSS of this process and of the largest child.
"""
import argparse
import os
import resource
import subprocess
import time

import chimera.pgn
from chimera.database import open_pgn


def cpu_seconds():
    """CPU time of this process's threads and of its workers that have ended."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def chimera_run(path, jobs, processes, parquet):
    # Only when asked: an installed package from before `processes` existed takes none.
    options = {"processes": True} if processes else {}
    start, cpu = time.perf_counter(), cpu_seconds()
    if parquet:
        games = chimera.pgn.to_parquet(path, parquet, jobs=jobs, **options)
        failed = None
    else:
        games = failed = 0
        for record in chimera.pgn.check_file(path, jobs=jobs, **options):
            games += 1
            failed += not record.ok
    return games, failed, time.perf_counter() - start, cpu_seconds() - cpu


def python_chess_run(path, limit):
    import chess.pgn

    start, cpu = time.perf_counter(), cpu_seconds()
    games = errors = 0
    with open_pgn(path) as handle:
        while limit is None or games < limit:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            games += 1
            errors += bool(game.errors)
    return games, errors, time.perf_counter() - start, cpu_seconds() - cpu


def cli_run(program, path):
    """`chimera validate chess FILE`: its games (the `game N` lines of its report) and
    its CPU seconds (it is the only child to end meanwhile)."""
    start, cpu = time.perf_counter(), cpu_seconds()
    proc = subprocess.Popen([program, "validate", "chess", path], stdout=subprocess.PIPE)
    games = 0
    for report in proc.stdout:
        games += report.startswith(b"game ")
    proc.wait()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{program} validate failed ({proc.returncode})")
    return games, time.perf_counter() - start, cpu_seconds() - cpu


def line(name, games, seconds, cpu, cores, note):
    rate = games / seconds if seconds else float("inf")
    per_cpu = games / cpu if cpu else float("inf")
    print(f"{name:<14} {games:>9} games {seconds:>9.2f} s {rate:>8.0f} games/s {rate / cores:>8.0f} games/s/core "
          f"{cpu:>9.2f} CPU s {per_cpu:>7.0f} games/CPU s  {note}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--processes", action="store_true", help="check in processes, not threads")
    parser.add_argument("--chess-games", type=int, default=None)
    parser.add_argument("--parquet", default=None)
    parser.add_argument("--cli", default=None, help="the chimera program, to check the file with `chimera validate` too")
    args = parser.parse_args()

    games, failed, seconds, cpu = chimera_run(args.path, args.jobs, args.processes, args.parquet)
    workers = f"{args.jobs} {'process' if args.processes else 'thread'}{'es' if args.processes and args.jobs > 1 else 's' if args.jobs > 1 else ''}"
    line("chimera", games, seconds, cpu, args.jobs, f"({workers}; {'written to ' + args.parquet if args.parquet else f'{failed} failed'})")
    if args.chess_games != 0:
        games, errors, seconds, cpu = python_chess_run(args.path, args.chess_games)
        line("python-chess", games, seconds, cpu, 1, f"(1 process; {errors} with errors)")
    if args.cli:
        games, seconds, cpu = cli_run(args.cli, args.path)
        line("chimera CLI", games, seconds, cpu, 1, "(chimera validate chess FILE; 1 thread)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak RSS: {peak:.0f} MiB this process" + (f", {largest:.0f} MiB the largest child (a worker, the CLI)" if largest else ""))


if __name__ == "__main__":
    main()
