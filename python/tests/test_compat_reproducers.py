"""Issue 50's reproducers: each call with pyffish 0.0.90's answer written down (so the test
runs without pyffish), and the same call asked of pyffish where it is installed."""

import os

import pytest

from chimera import compat

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BUGHOUSE_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
BUGHOUSE_PAIR = f"{BUGHOUSE_START} | {BUGHOUSE_START}"

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
    # Text after the sixth field (pychess's two-board `A | B`) is ignored, as pyffish reads it;
    # validate_fen still counts the parts, as pyffish's does.
    ("get_fen", ("bughouse", BUGHOUSE_PAIR, ["e2e4"]), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1"),
    ("gives_check", ("bughouse", BUGHOUSE_PAIR, []), False),
    ("get_san", ("bughouse", BUGHOUSE_PAIR, "e2e4"), "e4"),
    ("validate_fen", (BUGHOUSE_PAIR, "bughouse"), -11),
    # FENs as Fairy-Stockfish reads them, character by character, refusing none: fields
    # left out (3check's `w 2+1 0 1`, a board and side alone), text after the sixth
    # field, any side but `b` White's, an en-passant square nothing can take ignored,
    # clocks that are no numbers read as 0 and a fullmove number 0 as 1, Makruk's
    # counting limit where no castling field stands, Lichess's check counts in 5check
    # (of three: pyffish's reading), an SFEN's `b` as Black.
    ("get_fen", ("3check", "4k3/8/8/8/8/8/8/4K3 w 2+1 0 1", ["e1e2"]), "4k3/8/8/8/8/8/4K3/8 b - - 2+1 1 1"),
    ("legal_moves", ("chess", "4k3/8/8/8/8/8/8/4K3 w", []), ["e1d1", "e1f1", "e1d2", "e1e2", "e1f2"]),
    ("get_fen", ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", ["e2e4"]),
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
    ("get_fen", ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1 junk", ["c3c4"]),
     "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b - - 1 1"),
    ("get_fen", ("chess", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", ["e1e2"]), "4k3/8/8/8/8/8/4K3/8 b - - 1 1"),
    ("get_fen", ("chess", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", []), "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ("get_fen", ("chess", "4k3/8/8/8/8/8/8/4K3 w - - x y", ["e1e2"]), "4k3/8/8/8/8/8/4K3/8 b - - 1 1"),
    ("get_fen", ("chess", "4k3/8/8/8/8/8/8/4K3 w - - 3 0", ["e1e2"]), "4k3/8/8/8/8/8/4K3/8 b - - 4 1"),
    ("get_fen", ("makruk", "k7/8/3M4/8/8/8/8/K7 b 128 6 1", ["a8b8"]), "1k6/8/3M4/8/8/8/8/K7 w - - 129 7"),
    ("get_fen", ("5check", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2", ["e1e2"]), "4k3/8/8/8/8/8/4K3/8 b - - 2+1 1 1"),
    ("get_fen", ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []),
     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] b - - 0 1"),
    # get_san of a move that is not legal: no error, but Fairy-Stockfish's "no move" (a1
    # to a1) in the notation asked for, with its piece (none, a pawn, a promoted shogi
    # piece), and its origin where another piece of its type (any, where a1 is empty)
    # could go to a1.
    ("get_san", ("chess", "startpos", "e7e5"), "Ra1"),
    ("get_san", ("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e2e4"), " a1"),
    ("get_san", ("chess", "R3k3/8/8/8/8/8/8/r3K3 w - - 0 1", "a1a1"), "R1a1"),
    ("get_san", ("chess", "startpos", "e7e5", False, 2), "Ra1-a1"),
    ("get_san", ("janggi", "startpos", "a1a1", False, 6), "R01-01"),
    ("get_san", ("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "a1a1", False, 7), "R1=0"),
    ("get_san", ("shogi", "startpos", "a1a1"), "L-99"),
    ("get_san", ("shogi", "startpos", "a1a1", False, 4), "L-9i"),
    ("get_san", ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/+LNSGKGSNL[-] w 0 1", "a1a1"), "+L-99"),
    ("get_san", ("makruk", "startpos", "a1a1", False, 8), "ร-ก๑"),
    ("get_san", ("makruk", "startpos", "a1a1", False, 9), "ร ก๑-ก๑"),
    ("get_san", ("duck", "startpos", "e7e5"), "Ra1,a1"),
    # pychess's stale Atomic move (its test_stale_atomic_bot_move): the b1 rook could go to a1.
    ("get_san", ("atomic", "q1kr3n/p2p3p/8/1pp1Qp2/8/1P4N1/P1PP1PPP/1RK1B1R1 w GB - 2 10", "c8b7", True), " aa1"),
]


def _id(case):
    call, args, _ = case
    return f"{call}{args!r}"[:90]


@pytest.mark.parametrize("call, args, expected", CASES, ids=[_id(c) for c in CASES])
def test_compat_answers_as_pyffish(call, args, expected):
    assert _sorted(call, getattr(compat, call)(*args)) == _sorted(call, expected)


def _sorted(call, answer):
    # Moves are listed in each engine's own order.
    return sorted(answer) if call == "legal_moves" else answer


@pytest.fixture(scope="module")
def sf():
    return pytest.importorskip("pyffish")


@pytest.mark.parametrize("call, args, expected", CASES, ids=[_id(c) for c in CASES])
def test_the_written_answers_are_pyffishs(sf, call, args, expected):
    answer = getattr(sf, call)(*args)
    # pyffish leaves the value of a game end that did not happen unset (any number):
    # compat writes 0 there.
    if call.endswith("_game_end") and not answer[0]:
        answer = (False, 0)
    assert _sorted(call, answer) == _sorted(call, expected)


def _fsf_start_fens():
    path = os.path.join(ROOT, "python", "src", "compat", "fsf_start_fens.tsv")
    with open(path, encoding="utf-8") as f:
        return [tuple(line.rstrip("\n").split("\t")) for line in f if not line.startswith("#")]


FSF_START_FENS = _fsf_start_fens()


def test_every_fairy_stockfish_start_fen_is_pyffishs_text():
    # 21 differed (Shogi's `[-] w 0 1`, Kyoto shogi's letters, 3check's count...), and
    # Kyoto shogi's and micro's did not pass compat's own validate_fen.
    assert len(FSF_START_FENS) == 121
    for variant, fen in FSF_START_FENS:
        assert compat.start_fen(variant) == fen, variant
        assert compat.validate_fen(fen, variant) == compat.FEN_OK, variant
        assert sorted(compat.legal_moves(variant, fen, [])) == sorted(compat.legal_moves(variant, "startpos", [])), variant


def test_the_start_fen_table_is_pyffishs(sf):
    # (sf.variants() also holds what other tests loaded into pyffish.)
    assert {v for v, _ in FSF_START_FENS} <= set(sf.variants())
    for variant, fen in FSF_START_FENS:
        assert sf.start_fen(variant) == fen, variant


# A section whose pawn the converter spells `cffFmffW`: compat took it for a piece that
# is not a pawn and wrote the squares passed and reached after every double step.
COMMONER_CHESS = """[commonerchess:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
"""
COMMONER_CALL = ("commonerchess", "rnbqkbnr/pppppppp/8/8/8/2P5/PP1PPPPP/RNBQKBNR b KQkq - 0 1", ["f7f5"])
COMMONER_FEN = "rnbqkbnr/ppppp1pp/8/5p2/8/2P5/PP1PPPPP/RNBQKBNR w KQkq - 0 2"


def test_an_imported_pawn_writes_en_passant_as_a_pawn():
    compat.load_variant_config(COMMONER_CHESS)
    assert compat.get_fen(*COMMONER_CALL) == COMMONER_FEN


def test_pyffish_writes_the_same_en_passant_field(sf):
    sf.load_variant_config(COMMONER_CHESS)
    assert sf.get_fen(*COMMONER_CALL) == COMMONER_FEN


# Issue 50, part 2: defects found on the way. Each case: (variants.ini text to load or
# None, call, arguments, compat's answer, pyffish 0.0.90's answer where it differs by the
# published rules, documented in docs/src/python.md, else None).
DIANA = """[diana:losalamos]
pieceToCharTable = PNBRQ................Kpnbrq................k
bishop = b
promotionPieceTypes = rbn
castling = true
castlingKingsideFile = e
castlingQueensideFile = b
startFen = rbnkbr/pppppp/6/6/PPPPPP/RBNKBR w KQkq - 0 1
"""
CHAK = """[chak]
maxRank = 9
maxFile = 9
rook = r
knight = v
centaur = j
immobile = o
customPiece1 = s:FvW
customPiece2 = q:pQ
customPiece3 = d:mQ2cQ2
customPiece4 = p:fsmWfceF
customPiece5 = k:WF
customPiece6 = w:FvW
startFen = rvsqkjsvr/4o4/p1p1p1p1p/9/9/9/P1P1P1P1P/4O4/RVSJKQSVR w - - 0 1
mobilityRegionWhiteCustomPiece6 = *5 *6 *7 *8 *9
mobilityRegionWhiteCustomPiece3 = *5 *6 *7 *8 *9
mobilityRegionBlackCustomPiece6 = *1 *2 *3 *4 *5
mobilityRegionBlackCustomPiece3 = *1 *2 *3 *4 *5
promotionRegionWhite = *5 *6 *7 *8 *9
promotionRegionBlack = *5 *4 *3 *2 *1
promotionPieceTypes = -
mandatoryPiecePromotion = true
promotedPieceType = p:w k:d
extinctionValue = loss
extinctionPieceTypes = kd
extinctionPseudoRoyal = true
flagPiece = d
flagRegionWhite = e8
flagRegionBlack = e2
nMoveRule = 50
nFoldRule = 3
nFoldValue = draw
stalemateValue = loss
"""
# pychess-variants' variants.ini: a pawn of the second army (Black's soldier) promotes
# with a letter, as a pawn does.
KHANS = """[khans:chess]
centaur = h
knibis = a
kniroo = l
customPiece1 = t:mNcK
customPiece2 = s:mfhNcfW
promotionPawnTypesBlack = s
promotionPieceTypesBlack = t
stalemateValue = loss
nMoveRuleTypesBlack = s
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1
startFen = lhatkahl/ssssssss/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1
"""
MAKRUKHOUSE = """[makrukhouse:makruk]
startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR[] w - - 0 1
pieceDrops = true
capturesToHand = true
firstRankPawnDrops = true
promotionZonePawnDrops = true
immobilityIllegal = true
"""
DIANA_CASTLES = "r2k1r/pppppp/6/6/PPPPPP/R2K1R w KQkq - 0 1"
SHOGI_DROP_MATE = "kn7/9/1G7/9/9/9/9/9/8K[P] w - - 0 1"
KN_K = "8/8/8/4k3/8/8/8/4KN2 w - - 3+3 0 1"

REPETITION_LOSS = """[repetitionloss:chess]
nFoldValue = loss
"""
# Sections inheriting Fairy-Stockfish's built-in xiangqi and embassy (client_pychess.py's
# random games, pychess-variants' xiangqihouse and embassyhouse are such sections).
XQ_HOUSE = """[xqhouse:xiangqi]
startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1
pieceDrops = true
capturesToHand = true
"""
EMBASSY_HOUSE = """[embhouse:embassy]
startFen = rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR[] w KQkq - 0 1
pieceDrops = true
capturesToHand = true
"""
# A knight promoted Shogi-style (pychess-variants' shogun promotes so): pyffish writes it `+N`.
KNIGHT_PROMOTION = """[knightpromo:crazyhouse]
centaur = g
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1
promotedPieceType = n:g
"""
# A pawn whose only promotion is Shogi style (pychess-variants' shinobi promotes so):
# pyffish lists and reads it `b3a2+` (a piece promotion, no letter) and writes the
# commoner it became `+p` until it is taken.
PAWN_TURNS = """[pawnturns:crazyhouse]
commoner = c
promotionRegionWhite = *7 *8
promotionRegionBlack = *2 *1
promotionPieceTypes = -
promotedPieceType = p:c
mandatoryPiecePromotion = true
capturesToHand = false
"""
# The same with each side's own zone (shinobiplus: White's two ranks, Black's three).
PAWN_TURNS_UNEVEN = PAWN_TURNS.replace("[pawnturns:", "[pawnturnsuneven:").replace("*2 *1", "*3 *2 *1")
PAWN_TURNS_FEN = "rnbqkbnr/pppppppp/8/8/8/1p6/P7/4K3[] b kq - 0 1"
XQ_HOUSE_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1"
XQ_HOUSE_POCKET = "2r1cabn1/4a4/4bk3/prp1p4/2b3p1p/P1c2pB1P/n1P1N4/4KRN2/8r/2CA1A3[Pc] w - - 0 57"

CUSTOM_EP = """[customep:chess]
pawn = -
customPiece1 = w:fWfceFifmnD
enPassantTypes = w
promotionPawnTypes = w
startFen = 4k3/wwwwwwww/8/8/8/8/WWWWWWWW/4K3 w - - 0 1
"""
CUSTOM_EP_READ = "4k3/1ww1wwww/w7/3wW3/8/8/WWWW1WWW/4K3 w - d5d6 4 3"
BARE_DRAGONS = "4k4/9/9/3d1+r3/3D1D3/9/9/9/4K4[] w - - 0 1"
DRAGON_IN_HAND = "4k4/9/9/9/9/9/1R7/9/4K4[Dd] w - - 0 1"
SYNONYMS = "rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1"
# Fairy-Stockfish's Chennis (its variants.ini): pieces that turn over as they move.
CHENNIS = """[chennis]
maxRank = 7
maxFile = 7
mobilityRegionWhiteKing = b1 c1 d1 e1 f1 b2 c2 d2 e2 f2 b3 c3 d3 e3 f3 b4 c4 d4 e4 f4
mobilityRegionBlackKing = b4 c4 d4 e4 f4 b5 c5 d5 e5 f5 b6 c6 d6 e6 f6 b7 c7 d7 e7 f7
customPiece1 = p:fmWfceF
cannon = c
commoner = m
fers = f
soldier = s
king = k
bishop = b
knight = n
rook = r
promotionPieceTypes = -
promotedPieceType = p:r f:c s:b m:n
promotionRegionWhite = *1 *2 *3 *4 *5 *6 *7
promotionRegionBlack = *7 *6 *5 *4 *3 *2 *1
startFen = 1fkm3/1p1s3/7/7/7/3S1P1/3MKF1[] w - 0 1
pieceDrops = true
capturesToHand = true
pieceDemotion = true
mandatoryPiecePromotion = true
dropPromoted = true
castling = false
stalemateValue = loss
"""
SUPPLY_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1"
WOLF_PROMOTING = "k7/4P3/8/8/8/8/8/8/8/K7 w - - 0 1"
KYOTO_BARE = "p+nks+l/5/5/5/+LSK+NR[Bb] w - - 0 1"
MICRO_BARE = "kb+r+l/p3/4/3P/DHBK[GNSgns] w 0 1"
CHENNIS_BARE = "1bkn3/1r1c3/7/7/3R3/3S1PC/3MKFB[Nn] w - 0 1"
SHO_BARE = "lnsgkgsnl/1r2e2b1/ppppppppp/9/4D4/9/PPPPPPPPP/1B2E2H1/LNSGKGSNL w 0 1"
XIANGFU_BARE = "2rbm4/2cwn4/2+g1+g4/9/9/4k4/4+G1+G2/4NWC2/4MBR2[] w - 0 1"

DEFECTS = [
    # 1. Atomic and Spartan: compat marks every check as the variant has it; pyffish marks
    # none at all in either (its kings are commoners there, which its SAN does not see).
    (None, "get_san", ("atomic", "8/8/8/3k4/8/4K3/8/R7 w - - 0 1", "a1a5"), "Ra5+", "Ra5"),
    # Touching kings: no check in Atomic, so no mark (both agree).
    (None, "get_san", ("atomic", "8/8/8/R3k3/4K3/8/8/8 w - - 0 1", "e4e3"), "Ke3+", "Ke3"),
    (None, "gives_check", ("atomic", "8/8/8/4k3/4K3/8/8/1N6 w - - 0 1", ["b1d2"]), False, None),
    (None, "get_san", ("atomic", "8/8/8/4k3/4K3/8/1N6/8 w - - 0 1", "b2d3"), "Nd3", None),
    # Spartan: one of Black's two kings attacked is no check (duple check).
    (None, "get_san", ("spartan", "2k2k2/8/8/8/8/8/8/Q3K3 w - - 0 1", "a1a6"), "Qa6", None),
    (None, "get_san", ("spartan", "2k5/8/8/8/8/8/8/Q3K3 w - - 0 1", "a1a6"), "Qa6+", "Qa6"),
    # 2. Diana chess: the castle whose king lands where it could step is the king taking
    # its rook (`d1f1`); it was listed as `d1e1`, twice.
    (DIANA, "legal_moves", ("diana", DIANA_CASTLES, []),
     ["a1b1", "a1c1", "a2a3", "b2b3", "c2c3", "d1b1", "d1c1", "d1e1", "d1f1", "d2d3", "e2e3", "f1e1", "f2f3"], None),
    (DIANA, "get_san", ("diana", DIANA_CASTLES, "d1f1"), "O-O", None),
    (DIANA, "get_fen", ("diana", DIANA_CASTLES, ["d1e1"]), "r2k1r/pppppp/6/6/PPPPPP/R3KR b kq - 1 1", None),
    (DIANA, "get_fen", ("diana", DIANA_CASTLES, ["d1f1"]), "r2k1r/pppppp/6/6/PPPPPP/R2RK1 b kq - 1 1", None),
    # 3. Chak: a piece promotion is written `+`, and read so.
    (CHAK, "legal_moves", ("chak", "startpos", ["g3g4", "a7a6"]),
     None, None),
    (CHAK, "get_san", ("chak", "rvsqkjsvr/4o4/2p1p1p1p/p8/9/6P2/P1P1P3P/4O4/RVSJKQSVR w - - 2 2", "g4g5+"), "Pg5=W", None),
    # 9. Khans's soldier, a second pawn type: its promotion keeps its letter.
    (KHANS, "legal_moves", ("khans", "lNaBka1l/s2s1s1s/6s1/s3h3/Ps6/1PsP4/2PNPPPP/R2QKB1R b KQ - 1 12", []), None, None),
    # 4. 3check: a knight can still give the checks (and python-chess lets it win).
    (None, "has_insufficient_material", ("3check", KN_K, []), (False, True), None),
    (None, "has_insufficient_material", ("3check", "8/8/8/4k3/8/8/8/4K3 w - - 3+3 0 1", []), (True, True), None),
    (None, "has_insufficient_material", ("5check", "8/8/8/4k3/8/8/8/4KB2 w - - 5+5 0 1", []), (False, True), None),
    # 5. Armageddon: a running game is scored as a stalemate would be, Black's.
    (None, "game_result", ("armageddon", "startpos", []), -32000, None),
    (None, "game_result", ("armageddon", "startpos", ["e2e4"]), 32000, None),
    # 6. makrukhouse: a pawn's move resets the halfmove clock.
    (MAKRUKHOUSE, "get_fen", ("makrukhouse", "startpos", ["h3h4"]), "rnsmksnr/8/pppppppp/8/7P/PPPPPPP1/8/RNSKMSNR[] b - - 0 1", None),
    (MAKRUKHOUSE, "get_fen", ("makrukhouse", "startpos", ["f1f2", "f8e7", "e3e4"]),
     "rnsmk1nr/4s3/pppppppp/8/4P3/PPPP1PPP/5S2/RNSKM1NR[] b - - 0 2", None),
    # 4. A repetition that loses (`nFoldValue = loss`): no side lacks material, bare kings too.
    (REPETITION_LOSS, "has_insufficient_material", ("repetitionloss", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", []), (False, False), None),
    # showPromoted: a promoted piece marked `~` in every variant, as pyffish writes it
    # (found by fsf_notation's seed 20261202 in Horde), and Makruk's `M~` read (pychess stores it).
    (None, "get_fen", ("horde", "startpos", "b5b6 a7a6 b6c7 e7e5 c7b8n g8h6".split(), False, False, True),
     "rN~bqkb1r/1p1p1ppp/p6n/2P1pPP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 1 4", None),
    (None, "get_fen", ("makruk", "k7/2M~5/8/8/8/8/8/K7 w - - 0 1", ["c7d6"], False, False, True), "k7/8/3M~4/8/8/8/8/K7 b - 128 6 1", None),
    (None, "get_fen", ("makruk", "k7/2M~5/8/8/8/8/8/K7 w - - 0 1", ["c7d6"]), "k7/8/3M4/8/8/8/8/K7 b - 128 6 1", None),
    # 8. S-Chess: a gating move is told apart only from other moves gating the same piece.
    (None, "get_san", ("seirawan", "rnbqkbnr/1ppppp1p/6p1/p7/8/3P1N2/PPP1PPPP/RNBQKBER[Heh] w KQBCDFkqbcdfg - 0 3", "b1d2h"), "Nd2/H", None),
    (None, "get_san", ("seirawan", "rnbqkbnr/1ppppp1p/6p1/p7/8/3P1N2/PPP1PPPP/RNBQKBER[Heh] w KQBCDFkqbcdfg - 0 3", "b1d2"), "Nbd2", None),
    # Both rooks may gate the elephant on b8: pyffish's `Rb8/E` names two moves.
    (None, "get_san", ("seirawan", "r6r/pph1pkbp/2n2n1B/2ppqbp1/P3PPQN/2RP3H/1PP3BP/EN2K2R[e] b Kah - 5 15", "a8b8e"), "Rab8/E", "Rb8/E"),
    # 10. A section inheriting xiangqi keeps the built-in's second letters in moves (the
    # horse `H`, the elephant `E`: Fairy-Stockfish's add_piece(HORSE, 'n', 'h')).
    (XQ_HOUSE, "get_san", ("xqhouse", XQ_HOUSE_START, "b1a3", False, 7), "H8+9", None),
    (XQ_HOUSE, "get_san", ("xqhouse", XQ_HOUSE_START, "c1e3", False, 7), "E7+5", None),
    (XQ_HOUSE, "get_san", ("xqhouse", XQ_HOUSE_START, "b1c3", False, 1), None, None),
    # ... and its pocket puts the soldier (`fsW`, a type after the cannon) before the cannon.
    (XQ_HOUSE, "get_fen", ("xqhouse", XQ_HOUSE_POCKET, ["e4c5"]),
     "2r1cabn1/4a4/4bk3/prp1p4/2b3p1p/P1N2pB1P/n1P6/4KRN2/8r/2CA1A3[PCc] b - - 0 57", None),
    # 12. A piece written `+` and its origin's letter carries no `~` as well (it was
    # written `+N~`, which neither pyffish nor compat reads back).
    (KNIGHT_PROMOTION, "get_fen", ("knightpromo", "4r2k/8/8/2N5/8/8/8/K7[] w - - 0 1", ["c5d7+"]),
     "4r2k/3+N4/8/8/8/8/8/K7[] b - - 0 1", None),
    (KNIGHT_PROMOTION, "get_fen", ("knightpromo", "4r2k/8/8/2N5/8/8/8/K7[] w - - 0 1", ["c5d7+"], False, False, True),
     "4r2k/3+N4/8/8/8/8/8/K7[] b - - 0 1", None),
    (KNIGHT_PROMOTION, "get_fen", ("knightpromo", "3r3k/3+N4/8/8/8/8/8/K7[] b - - 0 1", ["d8d7"]),
     "7k/3r4/8/8/8/8/8/K7[n] w - - 0 2", None),
    # 13. A pawn promoted Shogi style alone: `+` in its move, `+p` in the FEN, moving on
    # as the commoner it became.
    (PAWN_TURNS, "legal_moves", ("pawnturns", PAWN_TURNS_FEN, []), None, None),
    (PAWN_TURNS, "get_san", ("pawnturns", PAWN_TURNS_FEN, "b3a2+"), "bxa2=C", None),
    (PAWN_TURNS, "get_fen", ("pawnturns", PAWN_TURNS_FEN, ["b3a2+"]), "rnbqkbnr/pppppppp/8/8/8/8/+p7/4K3[] w kq - 0 2", None),
    (PAWN_TURNS, "get_fen", ("pawnturns", PAWN_TURNS_FEN, ["b3b2+", "e1d1", "b2c1"]),
     "rnbqkbnr/pppppppp/8/8/8/8/P7/2+pK4[] w kq - 2 3", None),
    (PAWN_TURNS, "legal_moves", ("pawnturns", "4k3/8/8/8/8/8/8/+p3K3[] b - - 0 1", []), None, None),
    (PAWN_TURNS, "validate_fen", ("4k3/8/8/8/8/8/8/+p3K3[] b - - 0 1", "pawnturns"), 1, None),
    (PAWN_TURNS_UNEVEN, "legal_moves", ("pawnturnsuneven", "4k3/8/8/8/1p6/8/P7/4K3[] b - - 0 1", []), None, None),
    (PAWN_TURNS_UNEVEN, "get_fen", ("pawnturnsuneven", "4k3/8/8/8/1p6/8/P7/4K3[] b - - 0 1", ["b4b3+"]),
     "4k3/8/8/8/8/1+p6/P7/4K3[] w - - 0 2", None),
    # 11. Embassy is a built-in parent (Fairy-Stockfish's embassy_variant()).
    (EMBASSY_HOUSE, "start_fen", ("embhouse",), "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR[] w KQkq - 0 1", None),
    (EMBASSY_HOUSE, "legal_moves", ("embhouse", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R[] w KQkq - 0 1", []), None, None),
    # 14. A promoted type set up unpromoted: Fairy-Stockfish's promoted pieces are of an
    # existing type, so Shogi's bare `D` is a dragon that is no promoted rook. It is read,
    # goes to the hand as a dragon (the promoted `+r` as a rook) and is dropped as one.
    (None, "validate_fen", (BARE_DRAGONS, "shogi"), 1, None),
    (None, "legal_moves", ("shogi", BARE_DRAGONS, []), None, None),
    (None, "get_fen", ("shogi", BARE_DRAGONS, ["d5d6"]), "4k4/9/9/3D1+r3/5D3/9/9/9/4K4[D] b - - 0 1", None),
    (None, "get_fen", ("shogi", BARE_DRAGONS, ["f5f6"]), "4k4/9/9/3d1D3/3D5/9/9/9/4K4[R] b - - 0 1", None),
    (None, "legal_moves", ("shogi", DRAGON_IN_HAND, []), None, None),
    (None, "get_fen", ("shogi", DRAGON_IN_HAND, ["D@e5"]), "4k4/9/9/9/4D4/9/1R7/9/4K4[d] b - - 0 1", None),
    (None, "get_fen", ("shogi", DRAGON_IN_HAND, ["b3b7+"]), "4k4/9/1+R7/9/9/9/9/9/4K4[Dd] b - - 0 1", None),
    (None, "get_san", ("shogi", DRAGON_IN_HAND, "D@e5", False, 5), "D*55", None),
    (None, "validate_fen", ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1D5R1/LNSGKGSNL[-] w 0 1", "shogi"), 1, None),
    # Chimera's own letter of a face that is a gold in Fairy-Stockfish is none of its.
    (None, "validate_fen", ("4k4/9/9/9/9/9/1T7/9/4K4[] w - - 0 1", "shogi"), -10, None),
    # Pieces of the variant that no start position holds: Goro goro's rook and bishop,
    # EuroShogi's silver (Fairy-Stockfish keeps Minishogi's and Shogi's pieces).
    (None, "validate_fen", ("sgkgs/5/1ppp1/1PPP1/R4/SGKG1[Bb] w - - 0 1", "gorogoro"), 1, None),
    (None, "legal_moves", ("gorogoro", "sgkgs/5/1ppp1/1PPP1/R4/SGKG1[Bb] w - - 0 1", []), None, None),
    (None, "legal_moves", ("euroshogi", "1nbgkgn1/1r4b1/ppSppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[Ss] w - - 0 1", []), None, None),
    # A face is written by the letter of Fairy-Stockfish's type for it: Kyoto shogi's
    # turned lance and knight are its gold (and told apart as golds), Yari shogi's gold
    # from a bishop its gold from a knight; Kyoto's gold and Yari's gold set up bare read.
    (None, "get_san", ("kyotoshogi", "L4/+L1kn1/4+p/1+N+S+s1/3K1[P] w - - 1 23", "b2a3-", False, 1), "Gba3=N", None),
    (None, "get_san", ("kyotoshogi", "L4/+L1kn1/4+p/1+N+S+s1/3K1[P] w - - 1 23", "a4a3-", False, 1), "Gaa3=L", None),
    (None, "validate_fen", ("p+nks+l/5/2G2/5/+LSK+NP[-] w 0 1", "kyotoshogi"), 1, None),
    (None, "legal_moves", ("kyotoshogi", "p+nks+l/5/2G2/5/+LSK+NP[-] w 0 1", []), None, None),
    (None, "get_san", ("yarishogi", "2r2br/7/1np1p1k/pp1nbpp/1P1p3/P1PP3/1BKNPPP/1B3NR/2R4[] b - - 37 19", "e6e3+", False, 1),
     "Bxe3=G", None),
    (None, "validate_fen", ("rnnkbbr/7/ppppppp/7/3G3/7/PPPPPPP/7/RBBKNNR[] w - - 0 1", "yarishogi"), 1, None),
    (None, "get_fen", ("yarishogi", "rnnkbbr/7/ppppppp/3g3/3G3/7/PPPPPPP/7/RBBKNNR[] w - - 0 1", ["d5d6"]),
     "rnnkbbr/7/ppppppp/3G3/7/7/PPPPPPP/7/RBBKNNR[G] b - - 0 1", None),
    # 15. After the double step of a piece that is no pawn but takes en passant
    # (Borderlands' soldier), the squares passed and reached read back as written.
    (CUSTOM_EP, "get_fen", ("customep", "startpos", ["e2e4", "a7a6", "e4e5", "d7d5"]), CUSTOM_EP_READ, None),
    (CUSTOM_EP, "get_fen", ("customep", CUSTOM_EP_READ, []), CUSTOM_EP_READ, None),
    (CUSTOM_EP, "legal_moves", ("customep", CUSTOM_EP_READ, []), None, None),
    # 16. Xiangqi's and Janggi's second letters for the horse and the elephant
    # (Fairy-Stockfish's `pieceSynonyms`) read as theirs, and are written as the first.
    (None, "validate_fen", (SYNONYMS, "janggi"), 1, None),
    (None, "get_fen", ("janggi", SYNONYMS, []), SYNONYMS.translate(str.maketrans("heHE", "nbNB")), None),
    (None, "legal_moves", ("xiangqi", SYNONYMS, []), None, None),
    # ... on the board only: a hand's `E` is no piece (pyffish's hand holds nothing for it).
    (None, "get_fen", ("supply", SUPPLY_START.replace("[]", "[Eh]"), []), SUPPLY_START, None),
    (None, "legal_moves", ("supply", SUPPLY_START.replace("[]", "[HE]"), []), None, None),
    # A pawn set up in Placement chess's hand is never dropped: Fairy-Stockfish drops no
    # pawn on its first rank, the only rank there.
    (None, "legal_moves", ("placement", "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnnP] w - - 0 1", []), None, None),
    # 17. Faces that turn over, set up bare: Fairy-Stockfish reads their letters as pieces
    # of its types that never turn (Kyoto shogi's `R` is a rook, its turned pawn `+P`);
    # Micro shogi keeps Minishogi's dragon and horse; Sho shogi's bare `D` is a dragon no
    # rook promoted to, written back `D` (Xiang Fu's bare `k`: section 3 of CLIENT).
    (None, "validate_fen", (KYOTO_BARE, "kyotoshogi"), 1, None),
    (None, "legal_moves", ("kyotoshogi", KYOTO_BARE, []), None, None),
    (None, "get_fen", ("kyotoshogi", KYOTO_BARE, ["e1e3"]), "p+nks+l/5/4R/5/+LSK+N1[Bb] b - - 1 1", None),
    (None, "get_fen", ("kyotoshogi", KYOTO_BARE, ["B@c3"]), "p+nks+l/5/2B2/5/+LSK+NR[b] b - - 0 1", None),
    (None, "get_san", ("kyotoshogi", KYOTO_BARE, "e1e5", False, 1), "Rxe5", None),
    (None, "validate_fen", (MICRO_BARE, "micro"), 1, None),
    # A face turning back is no promotion to mark: no `~` in these FENs.
    (None, "validate_fen", ("p+nks+l/5/2R~2/5/+LSK+NP[-] w 0 1", "kyotoshogi"), -10, None),
    (CHENNIS, "validate_fen", ("1fkm3/1p1s3/7/3S~3/7/3S1P1/3MKF1[] w - 0 1", "chennis"), -10, None),
    (None, "legal_moves", ("micro", MICRO_BARE, []), None, None),
    (None, "get_fen", ("micro", MICRO_BARE, ["a1a4"]), "kb+r+l/D3/4/3P/1HBK[GNPSgns] b - - 0 1", None),
    (None, "get_fen", ("micro", MICRO_BARE, ["a1a4", "b5a4+"]), "k1+r+l/+b3/4/3P/1HBK[GNPSgnds] w - - 0 2", None),
    (CHENNIS, "validate_fen", (CHENNIS_BARE, "chennis"), 1, None),
    (CHENNIS, "legal_moves", ("chennis", CHENNIS_BARE, []), None, None),
    (CHENNIS, "get_fen", ("chennis", CHENNIS_BARE, ["d3d6"]), "1bkn3/1r1R3/7/7/7/3S1PC/3MKFB[CNn] b - - 0 1", None),
    (CHENNIS, "get_fen", ("chennis", CHENNIS_BARE, ["N@d4"]), None, None),
    # Wolf chess's pawn also promotes Shogi style, to the elephant: `e9e10+`, `+P`; a bare
    # `E` is an elephant no pawn promoted to.
    (None, "legal_moves", ("wolf", WOLF_PROMOTING, []), None, None),
    (None, "get_fen", ("wolf", WOLF_PROMOTING, ["e9e10+", "a10a9", "e10e1"]), "8/k7/8/8/8/8/8/8/8/K3+P3 b - - 2 2", None),
    (None, "get_san", ("wolf", WOLF_PROMOTING, "e9e10+"), "e10=E+", None),
    (None, "get_fen", ("wolf", "k3+P3/8/8/8/8/8/8/8/8/K7 w - - 0 1", ["a1a2"]), "k3+P3/8/8/8/8/8/8/8/K7/8 b - - 1 1", None),
    (None, "get_fen", ("wolf", "k3E3/8/8/8/8/8/8/8/8/K7 w - - 0 1", ["a1a2"]), "k3E3/8/8/8/8/8/8/8/K7/8 b - - 1 1", None),
    (None, "validate_fen", (SHO_BARE, "shoshogi"), 1, None),
    (None, "get_fen", ("shoshogi", SHO_BARE, []), SHO_BARE.replace(" w 0 1", " w - - 0 1"), None),
    (None, "get_fen", ("shoshogi", SHO_BARE, ["e5e7"]), None, None),
]


def _defect_id(case):
    _, call, args, _, _ = case
    return f"{call}{args!r}"[:90]


def _answer(module, ini, call, args):
    if ini:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            module.load_variant_config(ini)
    answer = getattr(module, call)(*args)
    return sorted(answer) if call == "legal_moves" else answer


@pytest.mark.parametrize("ini, call, args, expected, fsf", DEFECTS, ids=[_defect_id(c) for c in DEFECTS])
def test_defects_found_on_the_way(sf, ini, call, args, expected, fsf):
    ours = _answer(compat, ini, call, args)
    theirs = _answer(sf, ini, call, args)
    if expected is not None:
        assert ours == (sorted(expected) if call == "legal_moves" else expected)
    if fsf is None:
        assert ours == theirs
    else:
        assert theirs == fsf


def test_a_pawn_drop_mate_is_no_legal_move(sf):
    # Shogi's uchifuzume: the JSA's rules forbid a pawn drop that mates. pyffish lists it
    # and scores the mate as a win for the mated side (its checkmate_value).
    assert "P@a8" not in compat.legal_moves("shogi", SHOGI_DROP_MATE, [])
    assert "P@a8" in sf.legal_moves("shogi", SHOGI_DROP_MATE, [])
    assert sf.game_result("shogi", SHOGI_DROP_MATE, ["P@a8"]) == 32000
    assert set(compat.legal_moves("shogi", SHOGI_DROP_MATE, [])) | {"P@a8"} == set(sf.legal_moves("shogi", SHOGI_DROP_MATE, []))


CHAK_PROMOTED = "rvsqkjsvr/4o4/2p1p1p1p/p8/6+P2/9/P1P1P3P/4O4/RVSJKQSVR b - - 0 2"


def test_chak_promotions_read_and_written_with_plus():
    compat.load_variant_config(CHAK)
    moves = compat.legal_moves("chak", "startpos", ["g3g4", "a7a6"])
    assert "g4g5+" in moves and "g4g5w" not in moves
    # The promoted pawn is written `+P`, as pyffish writes a piece promoted Shogi style,
    # and read back so (it moves as the `W` it became).
    promoted = compat.get_fen("chak", "startpos", ["g3g4", "a7a6", "g4g5+"])
    assert promoted == CHAK_PROMOTED
    assert compat.validate_fen(promoted, "chak") == compat.FEN_OK
    for moves, fen in CHAK_PLAYED:
        assert compat.get_fen("chak", promoted, moves) == fen


# pyffish's FENs of the promoted pawn moving on (the `+` follows it) and taking the pawn
# on g7 (the piece taken is gone, the `+` stays with the taker).
CHAK_PLAYED = [
    (["e7e6", "g5g6"], "rvsqkjsvr/4o4/2p3p1p/p3p1+P2/9/9/P1P1P3P/4O4/RVSJKQSVR b - - 2 3"),
    (["e7e6", "g5g6", "c7c6", "g6f7"], "rvsqkjsvr/4o4/5+Pp1p/p1p1p4/9/9/P1P1P3P/4O4/RVSJKQSVR b - - 4 4"),
    (["e7e6", "g5g6", "c7c6", "g6g7"], "rvsqkjsvr/4o4/6+P1p/p1p1p4/9/9/P1P1P3P/4O4/RVSJKQSVR b - - 0 4"),
]


def test_pyffish_writes_chak_promotions_with_plus(sf):
    _answer(sf, CHAK, "start_fen", ("chak",))
    assert sf.get_fen("chak", "startpos", ["g3g4", "a7a6", "g4g5+"]) == CHAK_PROMOTED
    assert sf.validate_fen(CHAK_PROMOTED, "chak") == sf.FEN_OK
    for moves, fen in CHAK_PLAYED:
        assert sf.get_fen("chak", CHAK_PROMOTED, moves) == fen


def test_3check_knight_is_no_dead_position():
    import chimera

    assert chimera.variant("3check").position("8/8/8/4k3/8/8/8/4KN2 w - - 0 1").outcome() is None
    assert chimera.variant("3check").position("8/8/8/4k3/8/8/8/4K3 w - - 0 1").outcome() is not None


# Issue 50, pychess-variants' own tests run on compat (scripts/client_pychess.py): the
# causes of the tests that passed on pyffish only. Each case: (variants.ini text to load
# or None, call, arguments, pyffish 0.0.90's answer).
JIEQI = """[jieqi:xiangqi]
startFen = r~n~b~a~ka~b~n~r~/9/1c~5c~1/p~1p~1p~1p~1p~/9/9/P~1P~1P~1P~1P~/1C~5C~1/9/R~N~B~A~KA~B~N~R~ w - - 0 1
mobilityRegionWhiteFers = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
mobilityRegionBlackFers = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
mobilityRegionWhiteElephant = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
mobilityRegionBlackElephant = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
"""
JIEQI_START = "r~n~b~a~ka~b~n~r~/9/1c~5c~1/p~1p~1p~1p~1p~/9/9/P~1P~1P~1P~1P~/1C~5C~1/9/R~N~B~A~KA~B~N~R~ w - - 0 1"
# Cannon shogi's flying cannons: a cannon whose hurdle and landing are within two steps.
LIMITED_CANNONS = """[limitedcannons:chess]
customPiece1 = w:mRpRmFpB2
customPiece2 = x:pR3
startFen = 7k/8/8/8/8/8/8/K7 w - - 0 1
"""
# Chess with Different Armies: the Colorbound Clobberers castle with their bishop-dabbabas.
CLOBBERERS = """[clobberers:chess]
customPiece1 = d:BD
customPiece2 = w:WA
customPiece3 = a:FAD
customPiece4 = c:BN
castlingRookPieces = r d
castlingQueensideFile = b
startFen = dwackawd/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
"""
CLOBBERERS_CASTLES = "d3k2d/8/8/8/8/8/8/R3K2R b KQkq - 0 1"
# A Capablanca king off its start square (pychess's Embassy-era games): KQkq castle it
# where it stands, with the outermost rooks.
CAPA_CASTLES = "r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1"
# cwda's other castling rooks: `s` (R4) and `g` stand in no corner at the start.
CWDA_ROOKS = """[cwrooks:chess]
customPiece1 = d:BD
customPiece5 = g:fsRbK
customPiece9 = s:R4
castlingRookPieces = r d g s
castlingQueensideFile = b
startFen = dnbqkbnd/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
"""
CWDA_S_CASTLES = "g3k2g/8/8/8/8/8/8/S3K2S w KQkq - 0 1"
# Seirawan960: `KQ` are the castles with the outermost rooks, and gates on them and the king.
S960 = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR[HEhe] w KQkq - 0 1"
# Xiang Fu: two `+g` commoners a side, pseudo-royal, in check only when both are
# attacked (`dupleCheck`); a `+g` taken goes to the hand as a `g`.
XIANGFU = """[xiangfu]
maxFile = 9
maxRank = 9
startFen = 2rbm4/2cwn4/2+g1+g4/9/9/9/4+G1+G2/4NWC2/4MBR2[] w - 0 1
commoner = k
bishop = b
horse = n
rook = r
cannon = c
customPiece1 = w:mBcpB
customPiece2 = m:nAnD
customPiece3 = g:Q1
mobilityRegionBlackCommoner = c3 c4 c5 c6 c7 d3 d4 d5 d6 d7 e3 e4 e5 e6 e7 f3 f4 f5 f6 f7 g3 g4 g5 g6 g7
mobilityRegionWhiteCommoner = c3 c4 c5 c6 c7 d3 d4 d5 d6 d7 e3 e4 e5 e6 e7 f3 f4 f5 f6 f7 g3 g4 g5 g6 g7
pieceDrops = true
capturesToHand = true
whiteDropRegion = *1 *2
blackDropRegion = *8 *9
extinctionPieceTypes = k
extinctionPseudoRoyal = true
promotedPieceType = g:k
promotionRegionWhite = -
promotionRegionBlack = -
dupleCheck = true
"""
XIANGFU_START = "2rbm4/2cwn4/2+g1+g4/9/9/9/4+G1+G2/4NWC2/4MBR2[] w - 0 1"
XIANGFU_ONE_ATTACKED = "4m4/9/2+g1+g4/9/9/9/2R6/9/4+G1+G2[] b - - 0 1"
ATAXX_WALL = "P5p/7/2*4/7/7/7/p5P w 0 1"
NO_EP_FIELD = """[noep:chess]
startFen = 4k3/8/8/8/8/8/8/4K3[] w - 0 1
pieceDrops = true
capturesToHand = true
"""

CLIENT = [
    # 1. Jieqi: its start marks every covered piece `~`, and the marks follow the pieces.
    (JIEQI, "start_fen", ("jieqi",), JIEQI_START),
    (JIEQI, "get_fen", ("jieqi", JIEQI_START, ["a1a2", "i10i9"], False, False, True),
     "r~n~b~a~ka~b~n~1/8r~/1c~5c~1/p~1p~1p~1p~1p~/9/9/P~1P~1P~1P~1P~/1C~5C~1/R~8/1N~B~A~KA~B~N~R~ w - - 2 2"),
    (JIEQI, "get_fen", ("jieqi", JIEQI_START, ["a1a2", "i10i9"]),
     "rnbakabn1/8r/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/1NBAKABNR w - - 2 2"),
    (JIEQI, "legal_moves", ("jieqi", JIEQI_START, []),
     ["a1a2", "a1a3", "a4a5", "b1a3", "b1c3", "b3a3", "b3b10", "b3b2", "b3b4", "b3b5", "b3b6", "b3b7", "b3c3", "b3d3",
      "b3e3", "b3f3", "b3g3", "c1a3", "c1e3", "c4c5", "d1c2", "d1e2", "e1e2", "e4e5", "f1e2", "f1g2", "g1e3", "g1i3",
      "g4g5", "h1g3", "h1i3", "h3c3", "h3d3", "h3e3", "h3f3", "h3g3", "h3h10", "h3h2", "h3h4", "h3h5", "h3h6", "h3h7",
      "h3i3", "i1i2", "i1i3", "i4i5"]),
    # pychess's Jieqi capture tests: a capture that leaves the generals facing is no
    # legal move; get_san answers pyffish's "no move" for it, and the server refuses it later.
    (JIEQI, "get_san", ("jieqi", "4k4/9/9/9/9/9/9/9/p~8/R3K4 w - - 0 1", "a1a2"), "Ra1"),
    # 2. Cannons of limited range (`pB2`, `pR3`).
    (LIMITED_CANNONS, "legal_moves", ("limitedcannons", "7k/8/5p2/4p3/3p4/2W5/8/K7 w - - 0 1", []),
     ["a1a2", "a1b1", "a1b2", "c3a3", "c3b2", "c3b3", "c3b4", "c3c1", "c3c2", "c3c4", "c3c5", "c3c6", "c3c7", "c3c8",
      "c3d2", "c3d3", "c3e3", "c3e5", "c3f3", "c3g3", "c3h3"]),
    (LIMITED_CANNONS, "legal_moves", ("limitedcannons", "7k/2p5/2p5/8/2p5/p1p5/2X5/K7 w - - 0 1", []), ["a1a2", "a1b1", "c2c4"]),
    # 3. Several kinds of castling rook.
    (CLOBBERERS, "legal_moves", ("clobberers", CLOBBERERS_CASTLES, []),
     ["a8a6", "a8b7", "a8c6", "a8c8", "a8d5", "a8e4", "a8f3", "a8g2", "a8h1", "e8b8", "e8d7", "e8d8", "e8e7", "e8f7",
      "e8f8", "e8g8", "h8a1", "h8b2", "h8c3", "h8d4", "h8e5", "h8f6", "h8f8", "h8g7", "h8h6"]),
    (CLOBBERERS, "get_fen", ("clobberers", CLOBBERERS_CASTLES, ["e8b8"]), "1kd4d/8/8/8/8/8/8/R3K2R w KQ - 1 2"),
    (CWDA_ROOKS, "legal_moves", ("cwrooks", CWDA_S_CASTLES, []),
     ["a1a2", "a1a3", "a1a4", "a1a5", "a1b1", "a1c1", "a1d1", "e1b1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "h1f1",
      "h1g1", "h1h2", "h1h3", "h1h4", "h1h5"]),
    (CWDA_ROOKS, "get_fen", ("cwrooks", CWDA_S_CASTLES, ["e1b1"]), "g3k2g/8/8/8/8/8/8/1KS4S b kq - 1 1"),
    # (Chimera keeps whether the king moved, for castles gained later: pyffish's FEN has no such field.)
    (CWDA_ROOKS, "get_fen", ("cwrooks", CWDA_S_CASTLES, ["e1e2", "e8e7", "e2e1"]), "g6g/4k3/8/8/8/8/8/S3K2S b - - 3 2"),
    (None, "get_fen", ("seirawan", S960, [], True), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR[EHeh] w HFGhfg - 0 1"),
    (None, "get_fen", ("seirawan", S960.replace("KQkq", "Kk"), [], True), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR[EHeh] w HGhg - 0 1"),
    (None, "legal_moves", ("seirawan", S960, ["g2g4", "g7g5", "h2h4", "h7h5"], True),
     ["a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d1c3", "d1e3", "d2d3", "d2d4", "e1d3", "e1f3", "e1g2", "e2e3", "e2e4", "f2f3",
      "f2f4", "g1g2", "g1g2e", "g1g2h", "g1h2", "g1h2e", "g1h2h", "g4h5", "h1h2", "h1h2e", "h1h2h", "h1h3", "h1h3e", "h1h3h", "h4g5"]),
    # Xiang Fu (its section was refused: dupleCheck), loaded and played as pyffish plays it.
    (XIANGFU, "start_fen", ("xiangfu",), XIANGFU_START),
    (XIANGFU, "validate_fen", (XIANGFU_ONE_ATTACKED, "xiangfu"), 1),
    (XIANGFU, "get_fen", ("xiangfu", XIANGFU_START, ["e3e4", "e7e6", "e4e5", "e6e5"]),
     "2rbm4/2cwn4/2+g6/9/4+g4/9/6+G2/4NWC2/4MBR2[g] w - - 0 3"),
    (XIANGFU, "legal_moves", ("xiangfu", XIANGFU_ONE_ATTACKED, []),
     ["c7c6", "c7d6", "c7d7", "e7d6", "e7d7", "e7e6", "e7f6", "e7f7", "e9c9", "e9g7", "e9g9"]),
    # A `k` set up bare (no `+g`) is a commoner no `g` promoted to: it goes to the hand as a `k`.
    (XIANGFU, "get_fen", ("xiangfu", XIANGFU_BARE, ["g3g4", "e4f3", "g4f3"]),
     "2rbm4/2cwn4/2+g1+g4/9/9/9/4+G+G3/4NWC2/4MBR2[K] b - - 0 2"),
    # 4. The side not to move in check: read, and its king may be taken.
    (None, "legal_moves", ("chess", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", []),
     ["e1d1", "e1d2", "e1f1", "e1f2", "e2a2", "e2b2", "e2c2", "e2d2", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8",
      "e2f2", "e2g2", "e2h2"]),
    (None, "game_result", ("atomic", "B6Q/Rk6/8/8/8/8/8/4K3 w - - 0 1", ["h8b8"]), -32000),
    # A pawn on its own first rank steps one square; on its last it has no move.
    (None, "validate_fen", ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "chess"), 1),
    (None, "legal_moves", ("chess", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", []), ["a1a2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    (None, "legal_moves", ("chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", []), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    # 5. Ataxx's blocked squares, placed by the FEN.
    (None, "legal_moves", ("ataxx", ATAXX_WALL, []),
     ["P@a6", "P@b6", "P@b7", "P@f1", "P@f2", "P@g2", "a7a5", "a7b5", "a7c6", "a7c7", "g1e1", "g1e2", "g1e3", "g1f3", "g1g3"]),
    # 6. Castling from a king off its start square, written as the king's move.
    (None, "legal_moves", ("capablanca", CAPA_CASTLES, []),
     ["a8a1", "a8a2", "a8a3", "a8a4", "a8a5", "a8a6", "a8a7", "a8b8", "a8c8", "a8d8", "e8c8", "e8d7", "e8d8", "e8e7",
      "e8f7", "e8f8", "e8i8", "j8f8", "j8g8", "j8h8", "j8i8", "j8j1", "j8j2", "j8j3", "j8j4", "j8j5", "j8j6", "j8j7"]),
    (None, "get_fen", ("capablanca", CAPA_CASTLES, ["e8c8"]), "2kr5r/10/10/10/10/10/10/R3K4R w KQ - 1 2"),
    (None, "get_fen", ("capablanca", CAPA_CASTLES, ["e8i8"]), "r6rk1/10/10/10/10/10/10/R3K4R w KQ - 1 2"),
    (None, "get_san", ("capablanca", CAPA_CASTLES, "e8i8"), "O-O"),
    # 7. A FEN without its en-passant field (Chennis's start, `w - 0 1`): pyffish takes the
    # `0` for that field and the `1` for the halfmove clock.
    (NO_EP_FIELD, "start_fen", ("noep",), "4k3/8/8/8/8/8/8/4K3[] w - 0 1"),
    (NO_EP_FIELD, "get_fen", ("noep", "4k3/8/8/8/8/8/8/4K3[] w - 0 1", ["e1e2"]), "4k3/8/8/8/8/8/4K3/8[] b - - 2 1"),
    (None, "get_fen", ("chess", "4k3/8/8/8/8/8/8/4K3 w - 0 1", ["e1e2"]), "4k3/8/8/8/8/8/4K3/8 b - - 2 1"),
    (None, "legal_moves", ("embassy", CAPA_CASTLES, []),
     ["a8a1", "a8a2", "a8a3", "a8a4", "a8a5", "a8a6", "a8a7", "a8b8", "a8c8", "a8d8", "e8b8", "e8d7", "e8d8", "e8e7",
      "e8f7", "e8f8", "e8h8", "j8f8", "j8g8", "j8h8", "j8i8", "j8j1", "j8j2", "j8j3", "j8j4", "j8j5", "j8j6", "j8j7"]),
]


@pytest.mark.parametrize("ini, call, args, expected", CLIENT, ids=[_defect_id((*c, None)) for c in CLIENT])
def test_what_pychess_variants_tests_ask(ini, call, args, expected):
    assert _answer(compat, ini, call, args) == (sorted(expected) if call == "legal_moves" else expected)


@pytest.mark.parametrize("ini, call, args, expected", CLIENT, ids=[_defect_id((*c, None)) for c in CLIENT])
def test_pyffish_answers_what_pychess_variants_tests_ask(sf, ini, call, args, expected):
    assert _answer(sf, ini, call, args) == (sorted(expected) if call == "legal_moves" else expected)


@pytest.mark.parametrize("move", ["e8a8", "e8j8"])
def test_a_castle_is_read_only_as_written(move):
    # pyffish refuses the king taking its rook outside Chess960 (Embassy's castles are
    # `e8b8` and `e8h8`); pychess-variants' PGN export falls back to the raw move on it.
    with pytest.raises(ValueError):
        compat.get_fen("embassy", CAPA_CASTLES, [move])
