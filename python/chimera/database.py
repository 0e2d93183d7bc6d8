"""Game databases at scale: PGN files (`.pgn`, `.pgn.gz`, `.pgn.zst`) streamed game by
game, checked on all cores, their verdicts yielded in order or written to Parquet.

    >>> import chimera.pgn
    >>> for record in chimera.pgn.check_file("games.pgn.zst"):  # doctest: +SKIP
    ...     if not record.ok:
    ...         print(record.game, record.message)

Memory stays constant however large the file: games are read one at a time, each once,
checked in chunks of `chunk_games` by threads of Rust (the GIL released; processes on
request) with only a few chunks in flight, and written to Parquet in row groups.
"""

from __future__ import annotations

import gzip
import io
import os
from collections import deque
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import BinaryIO, Iterable, Iterator, NamedTuple, Optional, Sequence, TextIO, TypeVar, Union, cast

from ._native import GameText, GameVerdict, _check_games, _GameChecks, _PgnReader

PathLike = Union[str, "os.PathLike[str]"]

#: The refusal code of a game whose text the movetext reader cannot read (an unclosed
#: comment, a stray character): the game fails, the file goes on.
UNREADABLE = "unreadable-movetext"


class GameRecord(NamedTuple):
    """One game's verdict, as `chimera.validate`'s `GameVerdict` gives it, flattened into
    plain values (one Parquet row)."""

    #: Its number in the file, from 1.
    game: int
    #: The variant it was played in (its `[Variant]` tag's, or the one given).
    variant: str
    ok: bool
    #: Moves played (those before the refused one when not `ok`).
    plies: int
    #: The position after them; `None` if the game could not be read.
    fen: Optional[str]
    #: The result the rules give the final position (`1-0`) and why (`checkmate`).
    outcome: Optional[str]
    termination: Optional[str]
    #: The result token the game ends with, as written.
    claimed: Optional[str]
    claimable: Optional[str]
    agreement: Optional[str]
    #: The refused move: its place (from 1), text, refusal code and reason.
    ply: Optional[int]
    move: Optional[str]
    code: Optional[str]
    reason: Optional[str]
    message: Optional[str]


def open_pgn(path: PathLike) -> TextIO:
    """A text handle on a PGN file, decompressed as its name says (`.gz`, `.zst`)."""
    return io.TextIOWrapper(cast(io.BufferedReader, open_binary(path)), encoding="utf-8", errors="replace")


def open_binary(path: PathLike) -> BinaryIO:
    """A binary handle on a PGN file, decompressed as its name says (`.gz`, `.zst`)."""
    name = os.fspath(path)
    if name.endswith(".zst"):
        try:
            import zstandard
        except ImportError:
            raise ImportError(f"reading {name} needs the `zstandard` module: pip install zstandard") from None
        # Files written in parallel (pzstd, zstd -T) are several frames end to end.
        raw = zstandard.ZstdDecompressor().stream_reader(open(name, "rb"), closefd=True, read_across_frames=True)
        return cast(BinaryIO, io.BufferedReader(cast(io.RawIOBase, raw)))
    if name.endswith(".gz"):
        return cast(BinaryIO, gzip.open(name, "rb"))
    return open(name, "rb")


def game_texts(source: Union[PathLike, TextIO, BinaryIO]) -> Iterator[GameText]:
    """The text of each game of a file (a path, or an open handle, text or binary), one
    at a time, as a `GameText` (`str(text)` is its text; `.number`, `.line`).

    Games are cut by Chimera's one reader of games, the one `chimera validate` reads
    files with (`chimera::movetext::GameTexts`): a game ends at its result token, or
    where the next game's tag pairs begin (a blank line is not needed between games);
    a game whose text cannot be read (a tag pair whose quote is not closed on its line,
    a stray `}`) fails alone, and the next begins at the next tag pairs; a comment or
    variation left open ends at a tag line after a blank line, so one stray `{` costs
    one game, not the rest of the file (nor its memory)."""
    handle = open_binary(source) if isinstance(source, (str, os.PathLike)) else source
    try:
        yield from _PgnReader(handle)
    finally:
        if handle is not source:
            handle.close()


def _record(game: int, v: GameVerdict) -> GameRecord:
    outcome, termination = v.outcome if v.outcome is not None else (None, None)
    return GameRecord(game, v.variant, v.ok, v.plies, v.fen, outcome, termination, v.claimed,
                      v.claimable, v.agreement, v.ply, v.move, v.code, v.reason, v.message)


def _unreadable(game: int, variant: str, error: Exception) -> GameRecord:
    return GameRecord(game, variant, False, 0, None, None, None, None, None, None,
                      None, None, UNREADABLE, str(error), f"unreadable movetext: {error}")


def check_texts(texts: Sequence[Union[GameText, str]], variant: Optional[str] = None, first: int = 1,
                threads: Optional[int] = None) -> list[GameRecord]:
    """The records of games given as texts (`GameText`s as `game_texts` cuts them, which
    get the verdict their game gets in the file; or `str`s, each holding a game of its
    own), numbered from `first`: each game as `chimera validate` checks it, and a failing
    record with code `unreadable-movetext` for a game whose text it cannot read. They are
    checked on `threads` threads (all cores if `None`) with the GIL released: other Python
    threads run meanwhile."""
    default = variant or "chess"
    return [_record(first + i, v) if isinstance(v, GameVerdict) else _unreadable(first + i, default, v)
            for i, v in enumerate(_check_games(default, texts, threads))]


T = TypeVar("T")


def chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """The items (texts, records), `size` at a time."""
    chunk: list[T] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def check_file(path: Union[PathLike, TextIO, BinaryIO], variant: Optional[str] = None, jobs: Optional[int] = None,
               chunk_games: int = 500, processes: bool = False) -> Iterator[GameRecord]:
    """One `GameRecord` per game of a PGN file, in the file's order.

    `variant` (a built-in id or a ruleset path) is the one games without a `[Variant]`
    tag are played in (chess if `None`). This thread reads the file, each game once, as
    `chimera validate` reads it (the GIL released but while the handle is read), and
    `jobs` threads of Rust (all cores if `None`) play the games in chunks of
    `chunk_games`, at most two chunks per thread in flight, so memory stays constant;
    the records of each chunk are made as it is yielded. `processes=True` checks them in
    `jobs` processes instead (the games cut into `GameText`s, each chunk pickled there
    and back)."""
    jobs = jobs or os.cpu_count() or 1
    if processes and jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield from _in_order(pool, chunks(game_texts(path), chunk_games), variant, 2 * jobs)
        return
    handle = open_binary(path) if isinstance(path, (str, os.PathLike)) else path
    checks = _GameChecks(handle, variant or "chess", variant or "chess", GameRecord, jobs, chunk_games)
    try:
        for records in checks:
            yield from records
    finally:
        checks.close()
        if handle is not path:
            handle.close()


def _in_order(pool: Executor, games: Iterator[list[GameText]], variant: Optional[str], in_flight: int) -> Iterator[GameRecord]:
    pending: deque[Future[list[GameRecord]]] = deque()
    first = 1
    for chunk in games:
        # One Rust thread a chunk, the pool's workers being the parallelism: a chunk's
        # checker compiles each variant its games' tags name once, and splitting the chunk
        # among threads would compile them once a piece.
        pending.append(pool.submit(check_texts, chunk, variant, first, 1))
        first += len(chunk)
        if len(pending) >= in_flight:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def parquet_schema():
    """The Arrow schema of the records (`pyarrow` needed)."""
    import pyarrow as pa

    string, integer = pa.string(), pa.int64()
    types = {"game": integer, "variant": string, "ok": pa.bool_(), "plies": integer, "ply": integer}
    return pa.schema([(name, types.get(name, string)) for name in GameRecord._fields])


def write_parquet(records: Iterable[GameRecord], out: PathLike, row_group_size: int = 65536) -> int:
    """Writes records to a Parquet file in row groups of `row_group_size`; returns how
    many it wrote."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ImportError("writing Parquet needs the `pyarrow` module: pip install pyarrow") from None
    schema = parquet_schema()
    written = 0
    with pq.ParquetWriter(os.fspath(out), schema) as writer:
        for batch in chunks(records, row_group_size):
            columns = [pa.array(column, type=field.type) for column, field in zip(zip(*batch), schema)]
            writer.write_table(pa.Table.from_arrays(columns, schema=schema))
            written += len(batch)
    return written


def to_parquet(path: Union[PathLike, TextIO, BinaryIO], out: PathLike, variant: Optional[str] = None,
               jobs: Optional[int] = None, chunk_games: int = 500, row_group_size: int = 65536,
               processes: bool = False) -> int:
    """Checks a PGN file as `check_file` does and writes its records to the Parquet file
    `out` (one row per game, row groups of `row_group_size`); returns the games written."""
    return write_parquet(check_file(path, variant, jobs, chunk_games, processes), out, row_group_size)


def read_parquet(path: PathLike) -> list[GameRecord]:
    """The records of a Parquet file or dataset folder written here, in game order (for
    files that fit in memory: tests and small checks)."""
    import pyarrow.parquet as pq

    rows = pq.read_table(os.fspath(path), schema=parquet_schema()).to_pylist()
    return [GameRecord(**row) for row in rows]


__all__ = ["GameRecord", "GameText", "UNREADABLE", "check_file", "check_texts", "game_texts", "open_binary", "open_pgn",
           "read_parquet", "to_parquet", "write_parquet"]
