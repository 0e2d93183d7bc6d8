"""chimera.compat: pyffish's conventions, and agreement with pyffish where it is installed."""

import os

import pytest

import chimera
from chimera import compat

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_conventions_without_pyffish():
    assert compat.start_fen("chess") == START
    assert len(compat.legal_moves("chess", "startpos", [])) == 20
    assert compat.get_fen("chess", START, ["e2e4", "e7e5", "g1f3"]) == (
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    )
    assert compat.get_san("chess", START, "g1f3") == "Nf3"
    assert compat.get_san_moves("chess", START, ["f2f3", "e7e5", "g2g4", "d8h4"]) == ["f3", "e5", "g4", "Qh4#"]
    mated = ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert compat.gives_check("chess", START, mated)
    assert compat.legal_moves("chess", START, mated) == []
    assert compat.game_result("chess", START, mated) == -compat.VALUE_MATE
    assert compat.is_immediate_game_end("chess", START, mated) == (False, 0)
    assert compat.is_optional_game_end("chess", START, ["g1f3", "g8f6", "f3g1", "f6g8"] * 2) == (True, compat.VALUE_DRAW)
    assert compat.has_insufficient_material("chess", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", []) == (True, True)
    assert compat.is_capture("chess", START, ["e2e4", "d7d5"], "e4d5")
    assert not compat.is_capture("chess", START, ["e2e4", "d7d5"], "e4e5")
    assert compat.validate_fen(START, "chess") == compat.FEN_OK
    assert compat.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "chess") == compat.FEN_INVALID_SIDE_TO_MOVE
    assert compat.validate_fen("", "chess") == compat.FEN_EMPTY
    assert "crazyhouse" in compat.variants() and compat.captures_to_hand("crazyhouse")
    assert not compat.captures_to_hand("chess") and not compat.two_boards("chess")


def test_the_en_passant_field_is_written_only_when_the_capture_is_legal():
    assert compat.get_fen("chess", START, ["e2e4"]).split()[3] == "-"
    assert compat.get_fen("chess", START, ["e2e4", "a7a6", "e4e5", "d7d5"]).split()[3] == "d6"


def test_a_variant_object_is_accepted():
    text = open(os.path.join(ROOT, "rulesets", "chess.toml")).read().replace('name = "chess"', 'name = "mine"')
    mine = chimera.Variant.from_toml(text)
    assert compat.start_fen(mine) == START
    assert len(compat.legal_moves(mine, "startpos", ["e2e4"])) == 20


def test_what_chimera_cannot_do_is_refused():
    with pytest.raises(ValueError, match="SFEN"):
        compat.get_fen("chess", START, [], False, True)
    with pytest.raises(ValueError, match="notation"):
        compat.get_san("chess", START, "e2e4", False, compat.NOTATION_LAN)
    with pytest.raises(ValueError, match="No such option"):
        compat.set_option("NoSuchOption", 2)
    with pytest.raises(ValueError):
        compat.legal_moves("nosuch", START, [])
    with pytest.raises(TypeError):
        compat.legal_moves(3, START, [])


def test_an_invalid_move_raises_value_error_with_its_code():
    with pytest.raises(chimera.IllegalMove, match="Invalid move 'e2e5'") as e:
        compat.legal_moves("chess", START, ["e2e4", "e7e5", "e2e5"])
    assert e.value.code == "no-such-piece"
    assert isinstance(e.value, compat.error)


# Positions both programs write alike: (variant, FEN, moves played since).
AGREED = [
    ("chess", START, []),
    ("chess", "startpos", ["e2e4", "a7a6", "e4e5", "d7d5"]),
    ("chess", START, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]),
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []),
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ["a2a4"]),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", ["e2e4"]),  # en passant pinned
    ("chess", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", []),
    ("chess", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", []),
    ("chess", START, ["f2f3", "e7e5", "g2g4", "d8h4"]),
    ("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", []),
    ("chess", START, ["g1f3", "g8f6", "f3g1", "f6g8"] * 2),
    ("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", ["a1a2"]),
    ("chess", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", []),
    ("chess", "8/8/4k3/8/8/3KN3/8/8 w - - 0 1", []),
    ("chess", "8/8/4kb2/8/8/3KB3/8/8 w - - 0 1", []),
    ("crazyhouse", "startpos", ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"]),
    ("crazyhouse", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pp] w KQkq - 0 4", ["P@d6", "c7d6", "e1g1"]),
    ("capablanca", "startpos", ["f2f4", "e7e5", "f4e5", "i8h6"]),
    ("atomic", "startpos", ["e2e4", "d7d5", "e4d5"]),
    ("kinglet", "startpos", ["e2e4", "d7d5", "e4d5", "d8d5"]),
    ("shatranj", "startpos", ["e2e3", "e7e6", "b1c3"]),
]


# Fairy-Stockfish writes the en-passant square when a pawn attacks it, even a pinned pawn
# that cannot take; compat writes it so (Chimera's own FEN writes it after every double step).
PINNED_EN_PASSANT = ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", ["e2e4"])


def test_the_pinned_en_passant_square_is_written_as_pyffish_writes_it():
    variant, fen, moves = PINNED_EN_PASSANT
    assert "f4e3" not in compat.legal_moves(variant, fen, moves)
    assert compat.get_fen(variant, fen, moves).split()[3] == "e3"


@pytest.fixture(scope="module")
def sf():
    return pytest.importorskip("pyffish")


@pytest.mark.parametrize("variant, fen, moves", AGREED)
def test_agrees_with_pyffish(sf, variant, fen, moves):
    start = sf.start_fen(variant) if fen == "startpos" else fen
    legal = sf.legal_moves(variant, start, moves)
    assert sorted(compat.legal_moves(variant, fen, moves)) == sorted(legal)
    assert compat.get_fen(variant, fen, moves) == sf.get_fen(variant, start, moves)
    assert compat.gives_check(variant, fen, moves) == sf.gives_check(variant, start, moves)
    assert compat.get_san_moves(variant, fen, moves) == sf.get_san_moves(variant, start, moves)
    for m in legal:
        assert compat.get_san(variant, compat.get_fen(variant, fen, moves), m) == sf.get_san(
            variant, sf.get_fen(variant, start, moves), m
        ), m
        assert compat.is_capture(variant, fen, moves, m) == sf.is_capture(variant, start, moves, m), m
    immediate = sf.is_immediate_game_end(variant, start, moves)
    assert compat.is_immediate_game_end(variant, fen, moves) == (immediate if immediate[0] else (False, 0))
    optional = sf.is_optional_game_end(variant, start, moves)
    assert compat.is_optional_game_end(variant, fen, moves) == (optional if optional[0] else (False, 0))
    if not legal:
        assert compat.game_result(variant, fen, moves) == sf.game_result(variant, start, moves)
    white, black = sf.has_insufficient_material(variant, start, moves)
    if white == black:
        # Chimera judges the position (a dead one), pyffish each side: they meet where
        # both sides can, or both cannot, win.
        assert compat.has_insufficient_material(variant, fen, moves) == (white, black)
    assert compat.validate_fen(compat.get_fen(variant, fen, moves), variant) == sf.FEN_OK


@pytest.mark.parametrize("variant", ["chess", "crazyhouse", "capablanca", "atomic", "kinglet", "shatranj", "grand", "antichess"])
def test_start_fens_agree_with_pyffish(sf, variant):
    assert compat.start_fen(variant) == sf.start_fen(variant)


def test_invalid_fens_are_invalid_for_both(sf):
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]:
        assert compat.validate_fen(fen, "chess") < compat.FEN_OK
        assert sf.validate_fen(fen, "chess") < sf.FEN_OK


# Chess960 (chess960=True): X-FEN or Shredder-FEN read, castles as the king taking its
# rook, rights written by rook file as pyffish writes them; both castles played.
CHESS960 = [
    ("chess", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", []),
    ("chess", "startpos", ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1h1", "d7d6", "d2d3", "c8g4"]),
    ("chess", "rk2r3/pppbqppp/2n2n2/3pp3/3PP3/2N2N2/PPPBQPPP/RK2R3 w KQkq - 0 1", ["b1a1"]),
    ("chess", "rk2r3/pppbqppp/2n2n2/3pp3/3PP3/2N2N2/PPPBQPPP/RK2R3 w EAea - 0 1", ["b1e1", "b8a8"]),
    ("crazyhouse", "rk2r3/pppbqppp/2n2n2/3pp3/3PP3/2N2N2/PPPBQPPP/RK2R3[Pp] w KQkq - 0 1", ["b1e1"]),
]


@pytest.mark.parametrize("variant, fen, moves", CHESS960)
def test_chess960_agrees_with_pyffish(sf, variant, fen, moves):
    start = sf.start_fen(variant) if fen == "startpos" else fen
    legal = sf.legal_moves(variant, start, moves, True)
    assert sorted(compat.legal_moves(variant, fen, moves, True)) == sorted(legal)
    assert compat.get_fen(variant, fen, moves, True) == sf.get_fen(variant, start, moves, True)
    assert compat.get_san_moves(variant, fen, moves, True) == sf.get_san_moves(variant, start, moves, True)
    after = sf.get_fen(variant, start, moves, True)
    for m in legal:
        assert compat.get_san(variant, after, m, True) == sf.get_san(variant, after, m, True), m


def test_chess960_castles_are_the_king_taking_its_rook():
    moves = compat.legal_moves("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", [], True)
    assert {"e1h1", "e1a1"} <= set(moves) and "e1g1" not in moves
    assert compat.get_fen("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1h1"], True).split()[2] == "ha"
