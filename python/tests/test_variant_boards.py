"""`chimera.variant`'s boards beside python-chess's `chess.variant`: the same classes,
class attributes, constructors, FENs (3check's `3+3` included) and games."""

import pickle
import random

import chess
import chess.variant
import pytest

import chimera

PAIRS = [(theirs, getattr(chimera.variant, theirs.__name__)) for theirs in chess.variant.VARIANTS if theirs is not chess.Board]


def test_every_board_of_python_chess_is_here():
    names = {c.__name__ for c in chess.variant.VARIANTS[1:]} | {"CrazyhousePocket", "find_variant", "VARIANTS"}
    assert all(hasattr(chimera.variant, n) for n in names)
    assert [c.__name__ for c in chimera.variant.VARIANTS] == [c.__name__ for c in chess.variant.VARIANTS]
    assert chimera.variant.CrazyhousePocket is chimera.Pocket


@pytest.mark.parametrize("theirs, ours", PAIRS, ids=[t.__name__ for t, _ in PAIRS])
def test_class_attributes_and_start(theirs, ours):
    assert (ours.uci_variant, ours.xboard_variant, ours.aliases) == (theirs.uci_variant, theirs.xboard_variant, theirs.aliases)
    assert issubclass(ours, chimera.Board)
    board = ours()
    assert type(board) is ours and board.uci_variant == theirs.uci_variant
    if theirs is chess.variant.SuicideBoard:
        # FICS's suicide chess has no castling (freechess.org's suicide_chess help file).
        assert ours.starting_fen == theirs.starting_fen.replace("KQkq", "-")
    else:
        assert ours.starting_fen == theirs.starting_fen
        assert board.fen() == theirs().fen() and repr(board) == repr(theirs())
    assert ours.empty().fen() == theirs.empty().fen()
    # The copy and the pickle are boards of the class, with their moves.
    board.push(next(iter(board.legal_moves)))
    for again in (board.copy(), pickle.loads(pickle.dumps(board))):
        assert type(again) is ours and again.fen() == board.fen() and again.move_stack == board.move_stack


def test_constructors_as_python_chess():
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1"
    for args, kwargs in [((fen,), {}), ((fen, True), {}), ((), {"fen": fen, "chess960": True}), ((None,), {})]:
        ours, theirs = chimera.variant.CrazyhouseBoard(*args, **kwargs), chess.variant.CrazyhouseBoard(*args, **kwargs)
        assert (ours.fen(), ours.chess960) == (theirs.fen(), theirs.chess960)
    three = "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 1 2"
    ours, theirs = chimera.variant.ThreeCheckBoard(three), chess.variant.ThreeCheckBoard(three)
    assert (ours.fen(), ours.epd(), ours.remaining_checks) == (theirs.fen(), theirs.epd(), list(theirs.remaining_checks))


def test_find_variant_by_every_alias():
    for theirs in chess.variant.VARIANTS:
        for alias in theirs.aliases:
            for name in (alias, alias.upper(), alias.lower()):
                assert chimera.variant.find_variant(name).__name__ == chess.variant.find_variant(name).__name__
    with pytest.raises(ValueError, match="unsupported variant"):
        chimera.variant.find_variant("shogi")


def test_still_loads_variants():
    assert chimera.variant("crazyhouse").name == "crazyhouse"
    import chimera.variant as namespace

    assert namespace.AtomicBoard is chimera.variant.AtomicBoard


@pytest.mark.parametrize("theirs, ours", PAIRS, ids=[t.__name__ for t, _ in PAIRS])
def test_random_games_agree(theirs, ours):
    rng = random.Random(20261203)
    for _ in range(4):
        # (Suicide from a start without castling, which FICS's rules have.)
        fen = ours.starting_fen
        a, b = theirs(fen), ours(fen)
        for _ in range(120):
            assert a.fen() == b.fen() and a.is_check() == b.is_check()
            if a.is_game_over() or b.is_game_over():
                assert a.result() == b.result(), a.fen()
                break
            moves = sorted(m.uci() for m in a.legal_moves)
            assert moves == sorted(m.uci() for m in b.legal_moves), a.fen()
            uci = rng.choice(moves)
            a.push_uci(uci)
            b.push_uci(uci)
        assert b.move_stack == [chimera.Move.from_uci(m.uci()) for m in a.move_stack]
