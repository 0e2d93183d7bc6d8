"""`chimera.pgn.check_file` beyond one machine, on a `dask.distributed` cluster.

    >>> from dask.distributed import Client  # doctest: +SKIP
    >>> import chimera.dask
    >>> chimera.dask.check_with_dask("games.pgn.zst", "verdicts/", Client())  # doctest: +SKIP
    1000000

The verdicts land in a Parquet dataset (a folder of `part-*.parquet` files), one row per
game with the columns of `chimera.pgn.GameRecord`; `pyarrow.parquet.read_table(folder)`
reads them back in order.
"""

from __future__ import annotations

import os
from typing import Optional, Sequence, Union

from .database import GameText, PathLike, check_texts, chunks, game_texts, to_parquet, write_parquet


# A task is one of the worker's threads, each given a core's worth of work: one thread
# checks its games. The checking releases the GIL, so a worker of several threads checks
# as many chunks at once.
def _check_chunk(texts: list[GameText], variant: Optional[str], first: int, out: str) -> int:
    return write_parquet(check_texts(texts, variant, first, threads=1), out)


def _check_shard(path: str, variant: Optional[str], out: str) -> int:
    return to_parquet(path, out, variant, jobs=1)


def check_with_dask(source: Union[PathLike, Sequence[PathLike]], out_dir: PathLike, client=None,
                    variant: Optional[str] = None, chunk_games: int = 2000) -> int:
    """Checks the games of a PGN file, or of a list of shards, on the workers of a Dask
    client (the default client if `None`), writing their records to the Parquet dataset
    `out_dir`; returns how many games were checked.

    One file is read here and sent to the workers in chunks of `chunk_games` games, a few
    chunks per worker in flight (memory stays constant); each chunk becomes one part of
    the dataset, its games numbered as `check_file` numbers them. A list of shards is
    mapped one shard per task: each worker reads its shard (the paths must be readable on
    the workers) and writes one part, its games numbered from 1 within the shard."""
    try:
        from dask.distributed import as_completed, default_client
    except ImportError:
        raise ImportError("chimera.dask needs dask's distributed scheduler: pip install 'dask[distributed]'") from None
    client = client or default_client()
    out_dir = os.fspath(out_dir)
    os.makedirs(out_dir, exist_ok=True)
    if not isinstance(source, (str, os.PathLike)):
        paths = [os.path.abspath(os.fspath(p)) for p in source]
        futures = [client.submit(_check_shard, path, variant, os.path.join(out_dir, f"part-{i:06d}.parquet"), pure=False)
                   for i, path in enumerate(paths)]
        return sum(client.gather(futures))
    in_flight = 2 * max(1, sum(client.nthreads().values()))
    pending = as_completed()
    checked, first = 0, 1
    for part, chunk in enumerate(chunks(game_texts(source), chunk_games)):
        pending.add(client.submit(_check_chunk, chunk, variant, first,
                                  os.path.join(out_dir, f"part-{part:06d}.parquet"), pure=False))
        first += len(chunk)
        while pending.count() >= in_flight:
            checked += next(pending).result()
    for future in pending:
        checked += future.result()
    return checked


__all__ = ["check_with_dask"]
