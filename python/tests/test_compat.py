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
    with pytest.raises(ValueError, match="notation"):
        compat.get_san("chess", START, "e2e4", False, 10)
    with pytest.raises(NotImplementedError):
        compat.load_variant_config("[mychess:chess]\n")
    with pytest.raises(ValueError, match="No such option"):
        compat.set_option("Threads", 2)
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


# Fairy-Stockfish writes the en-passant square when a pawn attacks it, Chimera's compat
# layer when the capture is legal: they differ when the capturing pawn is pinned.
PINNED_EN_PASSANT = ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", ["e2e4"])


def test_the_pinned_en_passant_square_is_not_written(sf):
    variant, fen, moves = PINNED_EN_PASSANT
    assert "f4e3" not in compat.legal_moves(variant, fen, moves)
    assert compat.get_fen(variant, fen, moves).split()[3] == "-"
    assert sf.get_fen(variant, fen, moves).split()[3] == "e3"


@pytest.fixture(scope="module")
def sf():
    return pytest.importorskip("pyffish")


@pytest.mark.parametrize("variant, fen, moves", AGREED)
def test_agrees_with_pyffish(sf, variant, fen, moves):
    start = sf.start_fen(variant) if fen == "startpos" else fen
    legal = sf.legal_moves(variant, start, moves)
    assert sorted(compat.legal_moves(variant, fen, moves)) == sorted(legal)
    if (variant, fen, moves) != PINNED_EN_PASSANT:
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
