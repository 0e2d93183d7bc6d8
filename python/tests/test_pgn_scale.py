"""Game databases at scale: `chimera.pgn.check_file`, `to_parquet` and `chimera.dask`
on a few hundred random games (plus broken ones), in every compression, by threads and
by processes."""

import contextlib
import gzip
import io
import random
import sys
import threading

import pytest

import chimera
import chimera.pgn
from chimera.database import UNREADABLE, _record, check_texts, game_texts, read_parquet

VARIANTS = [("chess", None), ("crazyhouse", "Crazyhouse"), ("atomic", "Atomic"), ("3check", "Three-check")]


def random_game(rng, number):
    variant, tag = VARIANTS[number % len(VARIANTS)]
    board = chimera.Board(variant)
    sans = []
    for _ in range(rng.randrange(0, 60)):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        move = rng.choice(moves)
        sans.append(board.san(move))
        board.push(move)
    tags = f'[Event "Game {number}"]\n[Result "{board.result()}"]\n' + (f'[Variant "{tag}"]\n' if tag else "")
    words = [f"{i // 2 + 1}. {san}" if i % 2 == 0 else san for i, san in enumerate(sans)] + [board.result()]
    # Movetext over several lines, as dumps wrap it.
    lines = [" ".join(words[i:i + 9]) for i in range(0, len(words), 9)]
    return tags + "\n" + "\n".join(lines) + "\n"


ILLEGAL = '[Event "Illegal"]\n[Variant "Crazyhouse"]\n\n1. e4 e5 2. Ke3 *\n'
UNCLOSED = '[Event "Unclosed"]\n\n1. e4 { a comment never closed\n2. Nf3 *\n'
NO_VARIANT = '[Event "No variant"]\n[Variant "Nonesuch"]\n\n1. e4 *\n'
COMMENTED = '[Event "Commented"]\n\n1. e4 { a comment\n\nwith a blank line } e5 (1... c5) 2. Nf3 1-0\n'
# Broken in the ways the cutting of a file into game texts must not blur: a comment
# between games (the game before it keeps it: it is no game), a tag line inside movetext
# (the game before it fails, the tag line starts the next), a contradicted result, a bad
# [FEN].
NOTE = '{ an annotator\'s note between games }\n'
TAG_IN_MOVES = '[Event "Tag in moves"]\n\n1. e4 e5\n[Event "Next"]\n1. d4 *\n'
CONTRADICTED = '[Event "Contradicted"]\n[Variant "Atomic"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7 0-1\n'
BAD_FEN = '[Event "Bad FEN"]\n[FEN "8/8/8 w - - 0 1"]\n[SetUp "1"]\n\n1. e4 *\n'


@pytest.fixture(scope="module")
def pgn_text():
    rng = random.Random(28)
    games = [random_game(rng, n) for n in range(300)]
    games[40:40] = [ILLEGAL, UNCLOSED, NO_VARIANT, COMMENTED]
    games[150:150] = [NOTE, TAG_IN_MOVES, CONTRADICTED, BAD_FEN]
    # The last game ends without a newline.
    return "\n".join(games).rstrip("\n")


@pytest.fixture(scope="module")
def files(tmp_path_factory, pgn_text):
    folder = tmp_path_factory.mktemp("pgn")
    data = pgn_text.encode()
    paths = {"plain": folder / "games.pgn", "gz": folder / "games.pgn.gz"}
    paths["plain"].write_bytes(data)
    paths["gz"].write_bytes(gzip.compress(data))
    try:
        import zstandard
        paths["zst"] = folder / "games.pgn.zst"
        # Two frames end to end, as parallel compressors write, cut in the middle of a game.
        half = len(data) // 2
        paths["zst"].write_bytes(zstandard.ZstdCompressor().compress(data[:half]) + zstandard.ZstdCompressor().compress(data[half:]))
    except ImportError:
        pass
    return paths


@pytest.fixture(scope="module")
def records(files):
    return list(chimera.pgn.check_file(files["plain"], jobs=1))


def test_every_game_gets_one_record_numbered_in_order(records):
    assert [r.game for r in records] == list(range(1, 309))
    # The six broken games fail; every random game is legal.
    assert sum(not r.ok for r in records) == 6


def test_records_equal_validate_game_by_game(files, records):
    """Each readable game's text through `chimera.validate` alone gives its record (a text
    alone loses the place in its file that an unreadable game's error reports, and the
    next game's tag line that ended a game without its result)."""
    texts = list(game_texts(files["plain"]))
    assert len(texts) == len(records)
    for text, record in zip(texts, records):
        if record.code != UNREADABLE:
            assert _record(text.number, next(iter(chimera.validate("chess", str(text))))) == record


def test_broken_texts_keep_their_own_records(records):
    tag_in_moves, after_it, contradicted, bad_fen = records[150:154]
    assert (tag_in_moves.ok, tag_in_moves.code) == (False, UNREADABLE) and "tag pair after the moves" in tag_in_moves.reason
    assert after_it.ok and after_it.plies == 1
    assert (contradicted.ok, contradicted.code, contradicted.variant, contradicted.plies, contradicted.outcome, contradicted.claimed) == (
        False, "result-contradicts-board", "atomic", 5, "1-0", "0-1")
    assert (bad_fen.ok, bad_fen.code, bad_fen.plies) == (False, "bad-fen", 0) and bad_fen.reason.startswith("the [FEN] tag")
    # The games around them are checked as if they were not there (the note between
    # games is no game: the game before it keeps it).
    assert records[149].ok and records[154].ok


def test_the_thread_count_changes_no_record(files, records):
    texts = list(game_texts(files["plain"]))
    assert check_texts(texts, threads=1) == check_texts(texts, threads=3) == check_texts(texts) == records


def test_checking_releases_the_gil(files):
    """While one thread checks a batch, another runs Python. With a switch interval far
    beyond the test's length, the interpreter never takes the GIL from a thread: the
    counting below can run between the checker's two readings of `count` only if the
    check itself lets the GIL go. No timing is asserted."""
    texts = list(game_texts(files["plain"])) * 5
    count = [0]
    seen = {}

    def checker():
        seen["before"] = count[0]
        seen["records"] = len(check_texts(texts))
        seen["after"] = count[0]

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e6)
    try:
        thread = threading.Thread(target=checker)
        thread.start()
        for _ in range(100_000):
            count[0] += 1
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert seen["records"] == len(texts)
    assert (seen["before"], seen["after"]) == (0, 100_000)


@pytest.mark.parametrize("kind", ["gz", "zst"])
def test_compressed_files_give_the_same_records(files, records, kind):
    if kind not in files:
        pytest.skip("zstandard is not installed")
    assert list(chimera.pgn.check_file(files[kind], jobs=1)) == records


@pytest.mark.parametrize("jobs,chunk_games,processes", [(2, 1, False), (2, 7, False), (3, 1000, False), (2, 7, True), (3, 1000, True)])
def test_chunks_threads_and_processes_keep_the_records_and_their_order(files, records, jobs, chunk_games, processes):
    assert list(chimera.pgn.check_file(files["gz"], jobs=jobs, chunk_games=chunk_games, processes=processes)) == records


def test_a_check_left_early_stops_its_threads_and_closes_its_file(files, records):
    """A consumer that stops after a few records: closing the generator stops the
    checking threads and closes the file it opened."""
    opened = []
    real_open = chimera.database.open_binary

    def spy(path):
        opened.append(real_open(path))
        return opened[-1]

    chimera.database.open_binary = spy
    try:
        games = chimera.pgn.check_file(files["gz"], jobs=2, chunk_games=3)
        assert [next(games) for _ in range(5)] == records[:5]
        games.close()
    finally:
        chimera.database.open_binary = real_open
    assert len(opened) == 1 and opened[0].closed


class Trickle(io.RawIOBase):
    """A stream that gives at most five bytes a read: games straddle every buffer."""

    def __init__(self, data):
        self._data = io.BytesIO(data)

    def readable(self):
        return True

    def readinto(self, buffer):
        piece = self._data.read(min(5, len(buffer)))
        buffer[: len(piece)] = piece
        return len(piece)


def test_a_game_split_across_read_boundaries_is_read_whole(files, pgn_text):
    handle = io.TextIOWrapper(io.BufferedReader(Trickle(pgn_text.encode()), buffer_size=8), encoding="utf-8")
    assert list(game_texts(handle)) == list(game_texts(files["plain"]))
    assert list(chimera.pgn.check_file(io.StringIO(pgn_text), jobs=1)) == list(chimera.pgn.check_file(files["plain"], jobs=1))


def test_the_last_game_without_a_newline_is_checked(records, pgn_text):
    assert not pgn_text.endswith("\n")
    last = records[-1]
    assert last.ok and last.claimed == pgn_text.split()[-1]


def test_bad_games_give_failing_records_and_the_file_goes_on(records):
    illegal, unclosed, no_variant, commented = records[40:44]
    assert (illegal.ok, illegal.variant, illegal.plies, illegal.ply, illegal.move, illegal.code) == (
        False, "crazyhouse", 2, 3, "Ke3", "piece-cannot-move-there")
    assert (unclosed.ok, unclosed.code, unclosed.fen) == (False, UNREADABLE, None)
    assert "unterminated comment" in unclosed.reason
    assert (no_variant.ok, no_variant.code) == (False, "unknown-variant") and "Nonesuch" in no_variant.reason
    # A blank line inside a comment does not end the game; the variation is skipped.
    assert commented.ok and commented.plies == 3 and commented.claimed == "1-0"
    assert all(r.ok for r in records[44:150] + records[154:])


def test_parquet_round_trip_equals_the_iterator(files, records, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "verdicts.parquet"
    assert chimera.pgn.to_parquet(files["gz"], out, jobs=2, chunk_games=40, row_group_size=50) == len(records)
    assert pq.ParquetFile(out).num_row_groups == 7
    assert read_parquet(out) == records


@contextlib.contextmanager
def local_client(**cluster):
    """A dask.distributed client on a LocalCluster of `cluster`'s shape (skips without dask)."""
    distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
    pytest.importorskip("pyarrow")
    with distributed.LocalCluster(dashboard_address=None, **cluster) as c, distributed.Client(c) as client:
        yield client


def test_dask_on_two_workers_gives_the_records_of_check_file(files, records, tmp_path):
    import chimera.dask

    with local_client(n_workers=2, threads_per_worker=1, processes=True) as client:
        assert chimera.dask.check_with_dask(files["gz"], tmp_path / "one", client, chunk_games=60) == len(records)
        assert read_parquet(tmp_path / "one") == records
        shards = [files["plain"], files["gz"]]
        assert chimera.dask.check_with_dask(shards, tmp_path / "shards", client) == 2 * len(records)
        assert read_parquet(tmp_path / "shards") == records + records


def test_dask_on_one_worker_of_two_threads_gives_the_records_of_check_file(files, records, tmp_path):
    """A worker's threads check chunks side by side (the checking releases the GIL)."""
    import chimera.dask

    with local_client(n_workers=1, threads_per_worker=2, processes=False) as client:
        assert chimera.dask.check_with_dask(files["gz"], tmp_path / "threads", client, chunk_games=60) == len(records)
        assert read_parquet(tmp_path / "threads") == records
