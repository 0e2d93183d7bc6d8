"""Files and streams from anyone (issue 54): `chimera.snapshot(accept=True)` never writes
through a link out of its folder, and an endless game in a small `.pgn.zst` is cut at the
per-game cap in bounded memory, the next game read as ever."""

import os

import pytest

import chimera
import chimera.pgn


def test_snapshot_accept_never_writes_through_a_link_out_of_the_folder(tmp_path):
    cases = tmp_path / "chess"
    (cases / "snapshots").mkdir(parents=True)
    (cases / "a.toml").write_text('note = "the start"\n')
    secret = tmp_path / "secret"
    secret.write_text("SECRET TEXT\n")
    os.symlink(secret, cases / "snapshots" / "chess__a.snap")
    with pytest.raises(AssertionError) as e:
        chimera.snapshot(str(cases), accept=True)
    assert "leads out of" in str(e.value) and "SECRET" not in str(e.value)
    assert secret.read_text() == "SECRET TEXT\n"


def test_an_endless_game_is_cut_at_the_cap_and_the_next_is_read(tmp_path):
    zstandard = pytest.importorskip("zstandard")
    cap = 4 << 20
    moves = "".join(f"{n}. Nf3 Nf6 {n + 1}. Ng1 Ng8 " for n in range(1, 2 * cap // 20, 2))
    pgn = f'[Event "endless"]\n{moves}\n\n[Event "after"]\n1. e4 e5 *\n'.encode()
    path = tmp_path / "endless.pgn.zst"
    path.write_bytes(zstandard.ZstdCompressor(level=3).compress(pgn))
    assert path.stat().st_size < 200_000
    texts = list(chimera.pgn.game_texts(str(path)))
    assert len(texts) == 2
    # The endless game keeps its first bytes alone, not the whole stream.
    assert len(texts[0].data) <= cap + 3
    assert "e4 e5" in str(texts[1])
    records = list(chimera.pgn.check_texts(texts, "chess"))
    assert not records[0].ok
    assert records[1].ok and records[1].plies == 2
