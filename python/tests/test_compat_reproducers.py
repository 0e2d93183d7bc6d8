"""Issue 50's reproducers: each call with pyffish 0.0.90's answer written down (so the test
runs without pyffish), and the same call asked of pyffish where it is installed."""

import pytest

from chimera import compat

# (call, arguments, pyffish 0.0.90's answer)
CASES = [
    # 3check and 5check start with every check to give (`3+3`), and the first check does
    # not end the game (it did: the start FEN had no count, read as one check left).
    ("start_fen", ("3check",), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"),
    ("start_fen", ("5check",), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1"),
    ("is_immediate_game_end", ("3check", "startpos", ["e2e4", "d7d5", "f1b5"]), (False, 0)),
    (
        "is_immediate_game_end",
        ("3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", ["e2e4", "d7d5", "f1b5"]),
        (False, 0),
    ),
    ("is_immediate_game_end", ("5check", "startpos", ["e2e4", "d7d5", "f1b5"]), (False, 0)),
    (
        "get_fen",
        ("3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", ["e2e4", "d7d5", "f1b5"]),
        "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 1 2",
    ),
    # A FEN without a count: one check left each, as Fairy-Stockfish reads it.
    (
        "is_immediate_game_end",
        ("3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["e2e4", "d7d5", "f1b5"]),
        (True, -32000),
    ),
]


def _id(case):
    call, args, _ = case
    return f"{call}{args!r}"[:90]


@pytest.mark.parametrize("call, args, expected", CASES, ids=[_id(c) for c in CASES])
def test_compat_answers_as_pyffish(call, args, expected):
    assert getattr(compat, call)(*args) == expected


@pytest.fixture(scope="module")
def sf():
    return pytest.importorskip("pyffish")


@pytest.mark.parametrize("call, args, expected", CASES, ids=[_id(c) for c in CASES])
def test_the_written_answers_are_pyffishs(sf, call, args, expected):
    assert getattr(sf, call)(*args) == expected
