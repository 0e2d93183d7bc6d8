"""The shared PGN corpus (`tests/data/pgn/`, issue 51): `chimera.pgn.read_game`,
`check_file` (threads and processes, every compression), `check_texts` and
`chimera.dask` give each game the verdict `corpus.verdicts` lists, the list
`tests/it/pgn_corpus.rs` holds `chimera validate` to."""

import gzip
import io
from pathlib import Path

import pytest

import chimera
import chimera.pgn
from chimera.database import check_texts, game_texts, read_parquet

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "pgn"
CORPUS = DATA / "corpus.pgn"


def expected():
    rows = []
    for line in (DATA / "corpus.verdicts").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            number, verdict = line.split()
            rows.append((int(number), verdict))
    return rows


def verdicts(records):
    return [(r.game, "ok" if r.ok else r.code) for r in records]


def read_game_verdicts(handle):
    """Each game's number and `ok`, or its first error's code; a game ok to `read_game`
    whose result the board contradicts is judged by `chimera.validate`, as python-chess
    does not judge results."""
    rows = []
    while (game := chimera.pgn.read_game(handle)) is not None:
        rows.append((len(rows) + 1, game.errors[0].code if game.errors else "ok"))
    return rows


def test_the_corpus_has_its_list():
    assert len(expected()) == 12


def test_read_game_reads_the_games_the_cli_reads():
    rows = read_game_verdicts(io.StringIO(CORPUS.read_text()))
    want = expected()
    # read_game plays moves and does not judge results (as python-chess): game 8's
    # contradicted result is check_file's to find.
    assert rows == [(n, "ok" if v == "result-contradicts-board" else v) for n, v in want]
    # A binary handle, and a handle read a line at a time, give the same.
    assert read_game_verdicts(io.BytesIO(CORPUS.read_bytes())) == rows


def test_read_game_keeps_each_game_its_own_tags():
    handle = io.StringIO(CORPUS.read_text())
    games = []
    while (game := chimera.pgn.read_game(handle)) is not None:
        games.append(game)
    events = [g.headers["Event"].split(":")[0] for g in games]
    assert events == [str(n) for n in range(1, 13)]
    # Game 4 follows game 3 with no blank line: its crazyhouse tag is its own.
    crazyhouse = games[3]
    assert crazyhouse.board().uci_variant == "crazyhouse" and crazyhouse.errors == []
    assert [m.uci() for m in crazyhouse.mainline_moves()][4] == "P@e4"
    assert games[2].board().uci_variant == "chess" and len(list(games[2].mainline_moves())) == 3
    # Game 2's bad tag line is its error alone; its other tags are read.
    assert games[1].headers["Black"] == "y" and "not closed" in str(games[1].errors[0])
    assert games[4].errors[0].code == "bad-fen" and games[5].errors[0].code == "unknown-variant"


@pytest.mark.parametrize("suffix", ["", ".gz", ".zst"])
def test_check_file_gives_the_cli_verdicts(suffix):
    if suffix == ".zst":
        pytest.importorskip("zstandard")
    path = DATA / f"corpus.pgn{suffix}"
    assert verdicts(chimera.pgn.check_file(path, jobs=1)) == expected()
    assert verdicts(chimera.pgn.check_file(path, jobs=2, chunk_games=5)) == expected()


def test_the_compressed_copies_hold_the_corpus():
    assert gzip.decompress((DATA / "corpus.pgn.gz").read_bytes()) == CORPUS.read_bytes()
    zstandard = pytest.importorskip("zstandard")
    reader = zstandard.ZstdDecompressor().stream_reader(io.BytesIO((DATA / "corpus.pgn.zst").read_bytes()), read_across_frames=True)
    assert reader.read() == CORPUS.read_bytes()


def test_processes_and_texts_give_the_same_records():
    records = list(chimera.pgn.check_file(CORPUS, jobs=1))
    assert list(chimera.pgn.check_file(CORPUS, jobs=2, chunk_games=4, processes=True)) == records
    texts = list(game_texts(CORPUS))
    assert [t.number for t in texts] == list(range(1, 13))
    assert check_texts(texts, threads=3) == records
    # Every failure has its code.
    assert all(r.code for r in records if not r.ok)


def test_dask_gives_the_cli_verdicts(tmp_path):
    distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
    pytest.importorskip("pyarrow")
    import chimera.dask

    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as c, \
            distributed.Client(c) as client:
        assert chimera.dask.check_with_dask(CORPUS, tmp_path / "out", client, chunk_games=5) == 12
    assert verdicts(read_parquet(tmp_path / "out")) == expected()


def test_a_tag_pair_not_closed_costs_its_own_game_alone():
    # Issue 51: 2,194 of 2,200 games were counted.
    games = []
    for n in range(1, 2201):
        white = '[White "x]' if n == 7 else f'[White "p{n}"]'
        games.append(f'[Event "{n}"]\n{white}\n\n1. e4 {{a comment}} e5 2. Nf3 Nc6 *\n\n')
    records = list(chimera.pgn.check_file(io.StringIO("".join(games)), jobs=1))
    assert len(records) == 2200
    assert [(r.game, r.code) for r in records if not r.ok] == [(7, "unreadable-movetext")]
