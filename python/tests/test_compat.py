"""chimera.compat: pyffish's conventions, and agreement with pyffish where it is installed."""

import os
import random

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
    with pytest.raises(ValueError, match="notation"):
        compat.get_san("chess", START, "e2e4", False, 10)
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
    # Each side's material: K+R v K (White can win, Black cannot), a makruk met alone.
    ("chess", "8/8/4k3/8/8/3K4/8/R7 w - - 0 1", []),
    ("makruk", "8/8/4k3/8/8/3K4/8/M7 w - - 0 1", []),
    ("shatranj", "8/8/4k3/8/8/3K4/8/R7 w - - 0 1", []),
    # Makruk's count as Fairy-Stockfish writes it, running out (is_optional_game_end).
    ("makruk", "8/8/8/4k3/8/8/R7/K7 b - 32 30 45", ["e5e4", "a2a3", "e4e5"]),
    ("cambodian", "8/8/8/4k3/8/8/R7/K7 w - - 0 40", ["a2a3", "e5e4"]),
    # Shatar's mate rule: a mate without a check by rook, bers or knight is a draw.
    ("shatar", "6bk/7p/8/8/8/4B3/8/K4R2 w - - 0 1", ["e3d4"]),
]


# Fairy-Stockfish writes the en-passant square when a pawn attacks it, even a pinned pawn
# that cannot take; compat writes it so (Chimera's own FEN writes it after every double step).
PINNED_EN_PASSANT = ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", ["e2e4"])


def test_moves_written_as_pyffish_writes_them():
    # pyffish's get_san: its default notation is SAN outside the shogi family; a pawn that
    # moves otherwise than the chess pawn keeps its letter; a turn's first part is told
    # apart only from the moves its wall square could follow.
    janggi = compat.start_fen("janggi")
    assert compat.get_san("janggi", janggi, "e2e2") == "Ke2"
    assert compat.get_san("janggi", janggi, "e2e2", False, compat.NOTATION_JANGGI) == "K95-95"
    berolina = "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"
    assert compat.get_san("berolina", berolina, "c2b3") == "Pcb3"
    duck = "rnbqkb1r/1ppp1pp1/p4n1p/4p3/P2P*3/6P1/1PPNPP1P/R1BQKBNR w KQkq - 0 5"
    assert compat.get_san("duck", duck, "g1f3,f3g1") == "Nf3,g1"
    assert compat.get_san("duck", duck, "g1f3,f3a3") == "Ngf3,a3"
    assert compat.is_capture("duck", duck, [], "g1f3,f3g1") is False
    # A shogi promotion is listed as pyffish lists it.
    shogi = "lnsgkgsnl/1r5b1/pppppp1pp/6P2/9/9/PPPPPP1PP/1B5R1/LNSGKGSNL w - - 0 5"
    assert {m for m in compat.legal_moves("shogi", shogi, []) if m.startswith("g6")} == {"g6g7", "g6g7+"}


def test_a_count_a_player_declared():
    # Makruk's board's honour (White has more than its king, Black a king and a knight):
    # the count the rules keep, none declared (-1), or one declared at a game ply
    # (`count_started`), as game servers pass it. Each value is pyffish's.
    fen, moves = "2k5/8/8/8/8/2n5/3RR3/4K3 w - - 0 60", ["e1f1", "c8b8", "f1e1", "b8a8"]
    for started, written in [(0, "128 3 62"), (-1, "128 0 62"), (100, "128 23 62"), (200, "128 0 62")]:
        assert compat.get_fen("makruk", fen, moves, False, False, False, started).endswith(written)
        assert compat.is_optional_game_end("makruk", fen, moves, False, started) == (False, 0)
    # Declared long enough ago, the count has run out: the draw may be claimed.
    fen = "2k5/8/8/8/8/2n5/3RR3/4K3 w - - 0 70"
    assert compat.get_fen("makruk", fen, moves, False, False, False, 10).endswith("128 133 72")
    assert compat.is_optional_game_end("makruk", fen, moves, False, 10) == (True, compat.VALUE_DRAW)
    assert compat.is_optional_game_end("makruk", fen, moves, False, 20) == (False, 0)
    # A bare king's count (the pieces' honour) is nobody's declaration: unchanged.
    fen = "2k5/8/8/8/8/8/3RR3/4K3 b - - 0 60"
    for started in (0, -1, 100):
        assert compat.get_fen("makruk", fen, ["c8b8", "e1f1", "b8a8", "f1e1"], False, False, False, started).endswith("16 10 62")


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
    assert compat.has_insufficient_material(variant, fen, moves) == sf.has_insufficient_material(variant, start, moves)
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


# ----------------------------------------------------------------------------------------
# Fairy-Stockfish's own tests (its test.py), where Chimera has the variant: each checked
# against test.py's expectation, and against pyffish where it is installed.

def sf_or_none():
    try:
        import pyffish
    except ImportError:
        return None
    return pyffish


# test.py's variant_positions (valid FENs), for the variants Chimera has.
VALID = {
    "chess": [
        START,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
        "kb6/8/8/8/8/8/8/K1B6 w - - 0 1",
        "8/8/8/8/8/6KN/8/6nk w - - 0 1",
    ],
    "atomic": [START, "8/8/8/8/3K4/3k4/8/8 b - - 0 1", "k7/q7/8/8/8/8/8/K7 w - - 0 1"],
    "crazyhouse": ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1"],
    "3check": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+2",
        "k7/n7/8/8/8/8/8/K7 w - - 1+2 0 1",
    ],
    "horde": ["rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"],
    "racingkings": ["8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", "8/8/8/8/8/8/K6k/8 w - - 0 1"],
    "placement": [
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "k7/8/8/8/8/8/8/K7[] w - - 0 1",
    ],
    "newzealand": [START],
    "amazon": ["rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1", "8/8/8/8/A7/6k1/8/1K6 w - - 0 1"],
    "seirawan": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
        "k7/8/8/8/8/8/8/KH6[] w - - 0 1",
        "k7/8/8/8/8/8/8/4K3[E] w E - 0 1",
    ],
    "cambodian": [
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde 0 0 1",
        "1ns1ksn1/r6r/pppmpppp/3p4/8/PPPPPPPP/RK2N2R/1NS1MS2 w Ee - 6 5",
    ],
    "makpong": ["8/8/8/4k2K/5m~2/4m~3/8/8 w - 128 8 58", "k7/8/8/8/8/8/8/K7 w - - 0 1"],
    "xiangqi": [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "5k3/4a4/3CN4/9/1PP5p/9/8P/4C4/4A4/2B1K4 w - - 0 46",
        "4k4/9/9/9/9/9/9/9/4A4/4KC3 w - - 0 1",
    ],
    "shako": ["k9/10/10/10/10/10/10/10/10/KCC7 w - - 0 1", "kb8/10/10/10/10/10/10/10/10/K1E7 w - - 0 1"],
    "tencubed": [
        "2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1",
        "10/5k4/10/10/10/10/10/10/5KC3/10 w - - 0 1",
    ],
    "shogi": [
        "lnsgkgsnl/1r5b1/pppppp+ppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1",
        "lnsgkgsnl/1r5+b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1",
        "+lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1",
    ],
}

# test.py's invalid_variant_positions, with the code Fairy-Stockfish gives each.
INVALID = [
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 a", compat.FEN_INVALID_MOVE_COUNTER),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - b 1", compat.FEN_INVALID_HALF_MOVE_COUNTER),
    ("chess", "rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq -6 0 3", compat.FEN_INVALID_EN_PASSANT_SQ),
    ("chess", "rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq  0 3", compat.FEN_INVALID_EN_PASSANT_SQ),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 123 - 0 1", compat.FEN_INVALID_CASTLING_INFO),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g KQkq - 0 1", compat.FEN_INVALID_SIDE_TO_MOVE),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNH w KQkq - 0 1", compat.FEN_INVALID_CHAR),
    ("chess", "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", compat.FEN_INVALID_BOARD_GEOMETRY),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", compat.FEN_INVALID_BOARD_GEOMETRY),
    ("chess", "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", compat.FEN_INVALID_CASTLING_INFO),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", compat.FEN_INVALID_CASTLING_INFO),
    ("chess", "8/pppppppp/rnbqkbnr/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", compat.FEN_INVALID_CASTLING_INFO),
    ("chess", "rnb+qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", compat.FEN_INVALID_CHAR),
    ("chess", "4k3/8/8/8/8/8/8/3Kk3 w - - 0 1", compat.FEN_INVALID_NUMBER_OF_KINGS),
    ("chess", "8/8/8/8/8/8/8/3Kk3 w - - 0 1", compat.FEN_TOUCHING_KINGS),
    ("atomic", "rnbqkbnr/pppppppp/8/8/8/RNBQKBNR/PPPPPPPP/8 w KQkq - 0 1", compat.FEN_INVALID_CASTLING_INFO),
    ("3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+a 0 1", compat.FEN_INVALID_CHECK_COUNT),
    ("3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+4", compat.FEN_INVALID_CHECK_COUNT),
    ("horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPK w kq - 0 1", compat.FEN_INVALID_NUMBER_OF_KINGS),
    ("shako", "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/C8C/ERNBQKBNRE w KQkq - 0 1", compat.FEN_INVALID_CASTLING_INFO),
    ("seirawan", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR[HEhe] w KQBCDFGkqbcdfg - 0 1", compat.FEN_INVALID_CASTLING_INFO),
    ("kyotoshogi", "p+nks+l/5/5/5/+LS+K+NP[-] w 0 1", compat.FEN_INVALID_PROMOTED_PIECE),
    ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG++KGSNL[-] w - - 0 1", compat.FEN_INVALID_PROMOTED_PIECE),
    ("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pz] w KQkq - 0 1", compat.FEN_INVALID_CHAR),
]


@pytest.mark.parametrize("variant, fen", [(v, f) for v, fens in VALID.items() for f in fens])
def test_validate_fen_accepts_what_fairy_stockfish_accepts(variant, fen):
    assert compat.validate_fen(fen, variant) == compat.FEN_OK
    sf = sf_or_none()
    if sf:
        assert sf.validate_fen(fen, variant) == sf.FEN_OK


@pytest.mark.parametrize("variant, fen, code", INVALID)
def test_validate_fen_gives_fairy_stockfish_codes(variant, fen, code):
    assert compat.validate_fen(fen, variant) == code
    sf = sf_or_none()
    if sf:
        assert sf.validate_fen(fen, variant) == code


def test_validate_fen_chess960_and_start_positions():
    assert compat.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "chess", True) == compat.FEN_OK
    assert compat.validate_fen("nrbqbkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQBKRN w BGbg - 0 1", "newzealand", True) == compat.FEN_OK
    assert compat.validate_fen("", "chess") == compat.FEN_EMPTY
    for variant in compat.variants():
        assert compat.validate_fen(compat.start_fen(variant), variant) in (compat.FEN_OK, compat.FEN_INVALID_CHAR), variant


def test_get_fen_tolerates_what_fairy_stockfish_tolerates():
    # Incomplete FENs, and castling rights whose king or rook is not there (test.py).
    assert compat.get_fen("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", []) == START.replace("KQkq", "-")
    assert compat.get_fen("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1 2", []) == (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 1 2"
    )
    assert compat.get_fen("chess", "8/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []) == (
        "8/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
    )
    assert compat.get_fen("chess", "r7/1nbqkbnr/pppppppp/8/8/P6P/RPPPPPPR/1NBQKBN1 w KQkq - 0 1", []) == (
        "r7/1nbqkbnr/pppppppp/8/8/P6P/RPPPPPPR/1NBQKBN1 w - - 0 1"
    )
    # S-Chess: the pocket in Fairy-Stockfish's order, castling letters it cannot honour read
    # as gates, and gating flags after castling.
    seirawan = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
    assert compat.get_fen("seirawan", seirawan, []) == seirawan
    assert compat.get_fen("seirawan", "rnbq3r/pp2bkpp/8/2p1p2K/2p1P3/8/PPPP1PPP/RNB4R[EHeh] b QBCEHabcdk - 0 10", []) == (
        "rnbq3r/pp2bkpp/8/2p1p2K/2p1P3/8/PPPP1PPP/RNB4R[EHeh] b ABCHabcdh - 0 10"
    )
    assert compat.get_fen("seirawan", "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqac - 2 6", ["e8g8"]) == (
        "reb2rk1/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] w KQac - 3 7"
    )
    # 3check: Fairy-Stockfish's checks remaining, read and written.
    assert compat.get_fen("3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0", []) == (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1"
    )
    # The halfmove clock as Fairy-Stockfish keeps it: a drop resets it.
    assert compat.get_fen("pocketknight", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1", ["N@e4"]) == (
        "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 0 1"
    )
    assert compat.get_fen("pawnback", START, ["e2e4", "e7e6"]) == (
        "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 2"
    )
    assert compat.get_fen("chess", "rbkqnrbn/pppppppp/8/8/8/8/PPPPPPPP/RBKQNRBN w AFaf - 0 1",
                          ["d2d4", "f7f5", "e1f3", "h8g6", "h1g3", "c7c6", "c2c3", "e7e6", "b1d3", "d7d5", "d1c2",
                           "b8d6", "e2e3", "d8d7", "c1a1"], True) == "r1k1nrb1/pp1q2pp/2pbp1n1/3p1p2/3P4/2PBPNN1/PPQ2PPP/2KR1RB1 b fa - 2 8"


def test_get_fog_fen():
    assert compat.get_fog_fen(START, "chess") == "********/********/********/********/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert compat.get_fog_fen("rnbqkbnr/p1p2ppp/8/Pp1pp3/4P3/8/1PPP1PPP/RNBQKBNR w KQkq b6 0 1", "chess") == (
        "********/********/2******/Pp*p***1/4P3/4*3/1PPP1PPP/RNBQKBNR w KQkq b6 0 1"
    )


def test_is_capture_gives_check_game_results():
    assert not compat.is_capture("chess", START, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"], "e1g1")
    assert compat.is_capture("chess", START, ["e2e4", "g8f6", "e4e5", "d7d5"], "e5d6")
    assert not compat.is_capture("chess", "bqrbkrnn/pppppppp/8/8/8/8/PPPPPPPP/BQRBKRNN w CFcf - 0 1", ["g1f3", "h8g6"], "e1f1", True)
    # A gating move takes what stands where it goes.
    assert compat.is_capture("seirawan", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 2", [], "e4d5")
    capa = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
    assert compat.gives_check("capablanca", capa, ["g2g3", "d7d5", "a2a3", "c8h3"])
    assert compat.gives_check("atomic", START, ["e2e4", "d7d5", "f1b5"])
    assert not compat.gives_check("atomic", "8/8/kK6/8/8/8/Q7/8 b - - 0 1", [])
    assert compat.game_result("chess", START, ["f2f3", "e7e5", "g2g4", "d8h4"]) == -compat.VALUE_MATE
    assert compat.game_result("losers", START, ["f2f3", "e7e5", "g2g4", "d8h4"]) == compat.VALUE_MATE
    assert compat.game_result("atomic", "BQ6/Rk6/8/8/8/8/8/4K3 b - - 0 1", []) == -compat.VALUE_MATE
    assert compat.game_result("atomic", "KQ6/Rk6/2B5/8/8/8/8/8 b - - 0 1", []) == compat.VALUE_DRAW
    # As pyffish, a running game is scored as if no move were left: in check, as mated.
    assert compat.game_result("chess", START, ["e2e4", "f7f6", "d1h5"]) == -compat.VALUE_MATE
    assert compat.is_immediate_game_end("capablanca", capa, []) == (False, 0)
    assert compat.is_optional_game_end("capablanca", capa, []) == (False, 0)


def test_piece_to_partner():
    fen = "r2qkbnr/1Ppppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    assert compat.piece_to_partner("crazyhouse", fen, ["b7a8q"]) == "r"
    assert compat.piece_to_partner("crazyhouse", fen, ["b7a8q", "d8a8"]) == "P"
    assert compat.piece_to_partner("crazyhouse", fen, ["b7a8q", "d8b8"]) == ""
    assert compat.piece_to_partner("chess", START, ["e2e4", "d7d5", "e4d5"]) == "p"
    assert not compat.two_boards("crazyhouse")


INI = """
[mychess:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1

[gated:chess]
gating = true
"""


def test_load_variant_config_defines_variants_by_name(tmp_path):
    # As pyffish, a section that cannot be loaded is skipped, not raised: a warning names it.
    with pytest.warns(compat.VariantConfigWarning, match=r"\[gated\] line 6: gating"):
        compat.load_variant_config(INI)
    assert "mychess" in compat.variants() and "gated" not in compat.variants()
    assert "gating" in compat.unloaded_variants()["gated"]
    assert compat.start_fen("mychess") == START.replace("KQkq", "-")
    assert len(compat.legal_moves("mychess", "startpos", [])) == 20
    with pytest.raises(ValueError, match="gated"):
        compat.legal_moves("gated", "startpos", [])
    # A later load inherits from, and replaces, what earlier loads defined.
    compat.load_variant_config("[mychess2:mychess]\n[mychess:crazyhouse]\n")
    assert compat.start_fen("mychess2") == START.replace("KQkq", "-")
    assert compat.captures_to_hand("mychess")
    # set_option: pyffish's names, without regard to case; VariantPath loads a file.
    path = tmp_path / "variants.ini"
    path.write_text("[fromfile:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")
    assert compat.set_option("variantpath", str(path)) is None
    assert compat.start_fen("fromfile") == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    assert compat.set_option("UCI_Variant", "capablanca") is None
    assert compat.set_option("Threads", 2) is None


def test_variant_path_skips_what_it_cannot_read(tmp_path):
    # pyffish prints "Unable to open file" and goes on; a pipe or a device would block it
    # or never end, and is refused by its type at once.
    fifo = tmp_path / "fifo.ini"
    os.mkfifo(fifo)
    for path in (str(tmp_path / "missing.ini"), str(fifo), "/dev/zero"):
        with pytest.warns(compat.VariantConfigWarning, match="Unable to open file"):
            assert compat.set_option("VariantPath", path) is None
    # A byte-order mark does not hide the first section.
    bom = tmp_path / "bom.ini"
    bom.write_bytes("\ufeff[bomchess:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n".encode())
    compat.set_option("VariantPath", str(bom))
    assert compat.start_fen("bomchess") == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def test_each_load_inherits_from_the_loads_before():
    # A chain over several loads: each load converts its own sections and their ancestors.
    compat.load_variant_config("[chain0:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")
    for i in range(1, 30):
        compat.load_variant_config(f"[chain{i}:chain{i - 1}]\n")
    assert compat.start_fen("chain29") == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    compat.load_variant_config("[chain0:chess]\nstartFen = 3k4/8/8/8/8/8/8/4K3 w - - 0 1\n[chain30:chain29]\n")
    # chain29 was converted from the old chain0; chain30 inherits from chain29 as loaded.
    assert compat.start_fen("chain30") == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    assert compat.start_fen("chain0") == "3k4/8/8/8/8/8/8/4K3 w - - 0 1"


def test_pyffish_agrees_on_the_loaded_variants(sf):
    sf.load_variant_config(INI.split("[gated")[0])
    compat.load_variant_config(INI.split("[gated")[0])
    assert compat.start_fen("mychess") == sf.start_fen("mychess")
    assert sorted(compat.legal_moves("mychess", "startpos", ["e2e4"])) == sorted(sf.legal_moves("mychess", sf.start_fen("mychess"), ["e2e4"]))


def test_variant_properties_agree_with_pyffish(sf):
    # Every built-in that pyffish has by the same name (its definitions as loaded by the
    # differential scripts are not needed for these): hands, boards.
    for variant in compat.variants():
        if variant not in sf.variants():
            continue
        assert compat.captures_to_hand(variant) == sf.captures_to_hand(variant), variant
        assert compat.two_boards(variant) == sf.two_boards(variant), variant


# Repetitions decided by the perpetual rules (Fairy-Stockfish's own Xiangqi cases, and
# Shogi's perpetual check): the same verdict, from the side to move's point of view.
PERPETUAL = [
    ("xiangqi", "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1", "c3a3 a8b8 a3b3 b8a8 b3a3 a8b8 a3b3 b8a8 b3a3"),
    ("xiangqi", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1", "a5a6 a7b7 a6b6 b7a7 b6a6 a7b7 a6b6 b7a7 b6a6"),
    ("xiangqi", "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1", "d7e7 e5d5 e7d7 d5e5 d7e7 e5d5 e7d7 d5e5"),
    ("xiangqi", "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1", "f9f7 f10e9 f7f9 e9f10 f9f7 f10e9 f7f9 e9f10"),
    ("manchu", "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1", "c3a3 a8b8 a3b3 b8a8 b3a3 a8b8 a3b3 b8a8 b3a3"),
    ("shogi", "4k4/9/9/9/9/9/9/9/R3K4[-] w - - 0 1", "a1a9" + " e9e8 a9a8 e8e9 a8a9" * 3),
]


@pytest.mark.parametrize("variant, fen, moves", PERPETUAL)
def test_perpetual_rules_agree_with_pyffish(sf, variant, fen, moves):
    moves = moves.split()
    assert compat.is_optional_game_end(variant, fen, moves) == sf.is_optional_game_end(variant, fen, moves)


SHOGI = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"


def test_notations_as_pyffish_writes_them():
    assert compat.get_san("chess", START, "g1f3", False, compat.NOTATION_LAN) == "Ng1-f3"
    assert compat.get_san("makruk", "startpos", "a3a4", False, compat.NOTATION_THAI_SAN) == "ก๔"
    assert compat.get_san("xiangqi", "startpos", "h3e3", False, compat.NOTATION_XIANGQI_WXF) == "C2=5"
    assert compat.get_san("xiangqi", "startpos", "a1a2", False, compat.NOTATION_JANGGI) == "R01-91"
    # Shogi's default is Hodges's form with numbers; pyffish's moves `b2h8+` promote.
    assert compat.get_san("shogi", SHOGI, "g3g4") == "P-36"
    assert compat.get_san("shogi", SHOGI, "g3g4", False, compat.NOTATION_SHOGI_HODGES) == "P-3f"
    assert compat.get_san_moves("shogi", SHOGI, ["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"], False,
                                compat.NOTATION_SHOGI_HOSKING) == ["P76", "P34", "Bx22+", "Sx22", "B'55"]


def test_sfen_and_promoted_pieces():
    moves = ["c3c4", "g7g6", "b2h8+", "b8c8", "h8h9"]
    assert compat.get_fen("shogi", SHOGI, moves).startswith("lnsgkgs+Bl/2r6/")
    assert compat.get_fen("shogi", SHOGI, moves, False, True) == (
        "lnsgkgs+Bl/2r6/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w BN 6"
    )
    # A FEN with `+B` reads back.
    fen = compat.get_fen("shogi", SHOGI, moves)
    assert compat.get_fen("shogi", fen, []) == fen


def test_position_in_a_notation():
    pos = chimera.variant("shogi").position()
    assert pos.notate("g3g4") == "P-36"
    assert pos.notate("g3g4", "shogi-hodges") == "P-3f"
    assert pos.read_move("G69-58") == "d1e2"
    with pytest.raises(chimera.IllegalMove) as e:
        pos.read_move("G-58")
    assert e.value.code == "ambiguous"
    with pytest.raises(ValueError, match="no notation"):
        pos.notate("g3g4", "hodges")
    after = pos.play("c3c4").play("g7g6").play("b2h8h").play("b8c8").play("h8h9")
    assert after.fen_in(promoted_plus=True).startswith("lnsgkgs+Bl/")
    assert after.fen_in(sfen=True).endswith(" w BN 6")


@pytest.mark.parametrize("variant, moves", [
    ("duck", []),
    ("duck", ["e2e4,e4e5", "d7d5,d5e6"]),
    ("amazons", ["d1a1,a1b1"]),
])
def test_turns_agree_with_pyffish(sf, variant, moves):
    start = sf.start_fen(variant)
    legal = sf.legal_moves(variant, start, moves)
    assert sorted(compat.legal_moves(variant, "startpos", moves)) == sorted(legal)
    assert compat.get_san_moves(variant, start, moves) == sf.get_san_moves(variant, start, moves)
    for m in legal[:40]:
        assert compat.get_san(variant, compat.get_fen(variant, start, moves), m) == sf.get_san(
            variant, sf.get_fen(variant, start, moves), m
        ), m


# Borderlands as pychess.org's server loads it from its variants.ini (issue 50), written
# here from Fairy-Stockfish's documented options: its soldier (`fWfceFifmnD`) double-steps
# from its third rank and takes en passant by its capture-only diagonals alone
# (Fairy-Stockfish's `attacks & ~quiets`: Chimera's `takes_en_passant = "capture-only"`).
BORDERLANDS = """
[borderlands]
maxRank = 10
maxFile = 9
startFen = a3s3a/1chesehc1/fw1wlw1wf/w1w1w1w1w/9/9/W1W1W1W1W/FW1WLW1WF/1CHESEHC1/A3S3A[MMmm] w - - 0 1
# Pieces that never promote: the royal commander (by extinction) and the general.
customPiece1 = c:K
customPiece2 = g:K
extinctionPieceTypes = c
extinctionPieceCount = 0
extinctionValue = loss
extinctionPseudoRoyal = false
# Pieces that promote, and what they promote to.
customPiece3 = a:RcpR
customPiece4 = s:BcpB
customPiece5 = h:NF
customPiece6 = e:ADW
customPiece7 = m:F
customPiece8 = f:W
customPiece9 = w:fWfceFifmnD
customPiece10 = l:KNAD
customPiece11 = b:RFcpR
customPiece12 = d:BWcpB
customPiece13 = i:NK
customPiece14 = j:ADK
customPiece15 = k:KNAD
promotedPieceType = a:b s:d h:i e:j m:g f:g w:i l:k
mandatoryPiecePromotion = true
promotionRegionWhite = *8 *9 *10
promotionRegionBlack = *1 *2 *3
# The l piece keeps to its own half and three squares beyond it.
mobilityRegionWhiteCustomPiece10 = *1 *2 *3 *4 *5 d7 f7 e9
mobilityRegionBlackCustomPiece10 = *6 *7 *8 *9 *10 d4 f4 e2
# The m pieces in hand drop into the opponent's half's near ranks; captures stay out of hand.
pieceDrops = true
capturesToHand = false
whiteDropRegion = *6 *7
blackDropRegion = *4 *5
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
nMoveRule = 40
nFoldRule = 4
perpetualCheckIllegal = true
moveRepetitionIllegal = true
"""


def test_borderlands_loads_and_its_soldier_takes_en_passant_by_its_diagonals():
    compat.load_variant_config(BORDERLANDS)
    assert "borderlands" in compat.variants()
    # Black's soldier double-steps d8d6 past White's soldier on e6, which takes it en
    # passant by its capture-only diagonal, onto d7.
    fen = "4c4/9/3w5/9/4W4/9/9/9/9/4C4[] b - - 0 1"
    after = compat.get_fen("borderlands", fen, ["d8d6"])
    assert after.split()[3] != "-", after
    assert "e6d7" in compat.legal_moves("borderlands", fen, ["d8d6"])
    taken = compat.get_fen("borderlands", fen, ["d8d6", "e6d7"])
    assert taken.split()[0] == "4c4/9/9/3W5/9/9/9/9/9/4C4[]", taken


def test_borderlands_plays_as_pyffish(sf):
    compat.load_variant_config(BORDERLANDS)
    sf.load_variant_config(BORDERLANDS)
    start = sf.start_fen("borderlands")
    assert compat.start_fen("borderlands") == start
    rng = random.Random(50)
    for _ in range(3):
        moves: list[str] = []
        for _ in range(40):
            legal = sorted(sf.legal_moves("borderlands", start, moves))
            assert sorted(compat.legal_moves("borderlands", start, moves)) == legal, moves
            assert compat.get_fen("borderlands", start, moves) == sf.get_fen("borderlands", start, moves), moves
            if not legal:
                assert compat.game_result("borderlands", start, moves) == sf.game_result("borderlands", start, moves)
                break
            # Double steps and captures first, where there are some: en passant comes up.
            ep = [m for m in legal if sf.is_capture("borderlands", start, moves, m)]
            moves.append(rng.choice(ep if ep and rng.random() < 0.5 else legal))
