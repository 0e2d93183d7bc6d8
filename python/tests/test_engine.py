"""`chimera.engine`: python-chess's `chess.engine` shape over Chimera's own search."""

from __future__ import annotations

import threading

import pytest

import chimera
import chimera.engine as engine
from chimera.engine import Cp, Limit, Mate, MateGiven, PovScore


@pytest.fixture()
def eng():
    with engine.SimpleEngine() as e:
        yield e


def test_plays_a_legal_move_in_every_family(eng):
    for name in ["chess", "crazyhouse", "shogi", "xiangqi", "mischia", "mystic", "atomic", "antichess", "chushogi"]:
        board = chimera.Board(variant=name)
        for _ in range(4):
            result = eng.play(board, Limit(nodes=500))
            assert result.move in board.legal_moves, (name, result.move)
            board.push(result.move)


def test_finds_mate_in_one(eng):
    # Scholar's mate: Qxf7#.
    board = chimera.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 4")
    result = eng.play(board, Limit(depth=3), info=engine.INFO_ALL)
    assert result.move == chimera.Move.from_uci("f3f7")
    assert result.info["score"] == PovScore(Mate(1), chimera.WHITE)
    assert result.info["score"].white() == Mate(1)
    assert result.info["score"].black() == Mate(-1)
    board.push(result.move)
    assert board.is_checkmate()


def test_finds_mate_in_two_with_limit_mate(eng):
    # 1.Qd8+ Bxd8 2.Re8# (python-chess finds no mate in one and this one in two).
    board = chimera.Board("r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1")
    info = eng.analyse(board, Limit(mate=2))
    assert info["score"].relative == Mate(2), info
    assert [m.uci() for m in info["pv"]] == ["d5d8", "e7d8", "e1e8"]


def test_mated_position_scores_mate_zero_and_plays_nothing(eng):
    board = chimera.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert board.is_checkmate()
    result = eng.play(board, Limit(nodes=100), info=engine.INFO_SCORE)
    assert result.move is None
    assert result.info["score"].relative == Mate(0)
    assert result.info["score"].black() == MateGiven


def test_analyse_reports_python_chess_keys(eng):
    board = chimera.Board()
    info = eng.analyse(board, Limit(depth=4))
    assert info["depth"] == 4
    assert info["nodes"] > 0 and info["time"] >= 0 and info["nps"] >= 0
    assert isinstance(info["score"], PovScore) and not info["score"].is_mate()
    line = board.copy()
    for move in info["pv"]:
        assert move in line.legal_moves
        line.push(move)
    assert eng.analyse(board, Limit(depth=2), multipv=1)[0]["depth"] == 2
    assert set(eng.analyse(board, Limit(depth=1), info=engine.INFO_BASIC)) == {"depth", "nodes", "time", "nps"}


def test_duck_chess_plays_a_whole_turn(eng):
    board = chimera.Board(variant="duck")
    result = eng.play(board, Limit(nodes=2000))
    assert len(result.turn) == 2 and result.turn[0] == result.move
    board.push(result.turn[0])
    assert result.turn[1] in board.legal_moves
    board.push(result.turn[1])
    assert board.turn == chimera.BLACK


def test_limits_are_honoured_and_required(eng):
    board = chimera.Board()
    assert eng.analyse(board, Limit(nodes=300))["nodes"] <= 300
    assert eng.analyse(board, Limit(depth=2))["depth"] == 2
    # A clock: a share of it, never more than half.
    assert eng.analyse(board, Limit(white_clock=0.2, black_clock=0.2))["time"] < 5
    with pytest.raises(engine.EngineError, match="needs a limit"):
        eng.play(board, Limit())
    with pytest.raises(ValueError):
        eng.play(board, Limit(time=float("nan")))


def test_refusals(eng):
    board = chimera.Board()
    with pytest.raises(engine.EngineError, match="multipv"):
        eng.analyse(board, Limit(depth=1), multipv=3)
    with pytest.raises(engine.EngineError, match="no such option"):
        eng.configure({"Hash": 64})
    with pytest.raises(TypeError):
        eng.play("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Limit(depth=1))
    eng.quit()
    with pytest.raises(engine.EngineError, match="closed"):
        eng.play(board, Limit(depth=1))


def test_values_are_the_searchs_estimates(eng):
    values = eng.values(chimera.Board())
    assert values["K"] == 0
    assert 0 < values["P"] < values["N"] < values["R"] < values["Q"]


def test_searches_release_the_interpreter(eng):
    # Another thread runs while a search is under way (the search does not hold the GIL).
    board = chimera.Board()
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    t = threading.Thread(target=tick)
    t.start()
    eng.analyse(board, Limit(nodes=200_000))
    done.set()
    t.join()
    assert len(ticks) > 1


def test_scores_order_and_print_as_python_chess():
    ordered = [Mate(0), Mate(-1), Cp(-50), Cp(0), Cp(200), Mate(4), Mate(1), MateGiven]
    assert sorted(reversed(ordered)) == ordered
    assert [str(s) for s in ordered] == ["#-0", "#-1", "-50", "0", "+200", "#+4", "#+1", "#+0"]
    assert repr(Mate(0)) == "Mate(-0)" and repr(Cp(3)) == "Cp(+3)" and repr(MateGiven) == "MateGiven"
    assert -Mate(0) == MateGiven and -MateGiven == Mate(0) and -Cp(5) == Cp(-5)
    assert Mate(3).score(mate_score=1000) == 997 and Mate(-3).score(mate_score=1000) == -997
    assert repr(PovScore(Cp(20), chimera.WHITE)) == str(PovScore(Cp(20), chimera.WHITE)) == "PovScore(Cp(+20), WHITE)"


def test_same_as_python_chess_scores():
    ce = pytest.importorskip("chess.engine")
    for ours, theirs in [(Mate(0), ce.Mate(0)), (Mate(-2), ce.Mate(-2)), (Cp(-7), ce.Cp(-7)), (Mate(5), ce.Mate(5)),
                         (MateGiven, ce.MateGiven), (Cp(0), ce.Cp(0))]:
        assert str(ours) == str(theirs) and repr(ours) == repr(theirs)
        assert ours.score(mate_score=10_000) == theirs.score(mate_score=10_000)
        assert ours.mate() == theirs.mate()
        assert str(-ours) == str(-theirs)


def test_python_chess_program_with_import_chimera_as_chess():
    import chimera as chess

    board = chess.Board()
    with chess.engine.SimpleEngine() as eng:
        while not board.is_game_over() and board.ply() < 6:
            result = eng.play(board, chess.engine.Limit(nodes=1000))
            board.push(result.move)
        info = eng.analyse(board, chess.engine.Limit(depth=2))
    assert board.ply() == 6
    assert info["score"].white().score(mate_score=100_000) is not None
