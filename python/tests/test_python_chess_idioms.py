"""python-chess idioms, run on python-chess's `chess` and on `chimera` (as `import chimera
as chess` runs them), with equal results.

Each idiom is a function of the library module; most come from python-chess's README and
its documentation's examples (`board.attackers(chess.WHITE, chess.F3)`, `piece_map()`,
`variation_san`, EPD operations, Chess960, invalid positions...). `plain()` turns
results into comparable values (a move into its UCI text, a piece into its symbol, a
SquareSet into its bitboard); the idioms that compare a chimera value with a python-chess
one directly are at the end.

The docs' example program (docs/src/python.md, "A python-chess program, unchanged") is
run as written with `import chess` and with `import chimera as chess`: the output must
be the same.

`python python/tests/test_python_chess_idioms.py` prints how many idioms behave as
python-chess's (same), give another result (differ) or raise (fail) on the installed
`chimera`.
"""

from __future__ import annotations

import contextlib
import enum
import io
import pathlib
import random
import re
import sys

import pytest

chess = pytest.importorskip("chess")

import chimera  # noqa: E402

IDIOMS = []


def idiom(f):
    IDIOMS.append(f)
    return f


def plain(x):
    """A value made comparable across the two libraries."""
    if isinstance(x, (chess.Move, chimera.Move)):
        return ("move", x.uci())
    if isinstance(x, (chess.Piece, chimera.Piece)):
        return ("piece", x.symbol())
    if isinstance(x, (chess.SquareSet, chimera.SquareSet)):
        return ("squares", int(x))
    if isinstance(x, (chess.Outcome, chimera.Outcome)):
        return ("outcome", x.termination.name, x.winner, x.result())
    if isinstance(x, enum.Enum):
        return ("enum", type(x).__name__, x.name, x.value)
    if isinstance(x, (chess.Board, chimera.Board)):
        return ("board", x.fen())
    if isinstance(x, dict):
        return {plain(k): plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return type(x)(plain(v) for v in x)
    if isinstance(x, (set, frozenset)):
        return frozenset(plain(v) for v in x)
    return x


SCHOLAR = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
PIN = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"
EP = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
PROMO = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"


def played(L, *sans, fen=None):
    board = L.Board() if fen is None else L.Board(fen)
    for san in sans:
        board.push_san(san)
    return board


# --- python-chess's README -----------------------------------------------------------


@idiom
def readme_legal_moves_count(L):
    board = L.Board()
    return board.legal_moves.count(), len(list(board.legal_moves)), bool(board.legal_moves)


@idiom
def readme_move_in_legal_moves(L):
    board = L.Board()
    return L.Move.from_uci("a8a1") in board.legal_moves, L.Move.from_uci("e2e4") in board.legal_moves


@idiom
def readme_scholars_mate(L):
    board = L.Board()
    for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"]:
        board.push_san(san)
    return board.is_checkmate(), repr(board)


@idiom
def readme_board_drawing(L):
    return str(played(L, "e4", "e5", "Nf3"))


@idiom
def readme_make_and_unmake(L):
    board = L.Board()
    nf3 = L.Move.from_uci("g1f3")
    board.push(nf3)
    peek = board.peek()
    popped = board.pop()
    return peek, popped, board.move_stack, board.fen()


@idiom
def readme_san_of_move(L):
    return L.Board().san(L.Move(L.E2, L.E4))


@idiom
def readme_parse_san(L):
    return L.Board().parse_san("Nf3")


@idiom
def readme_variation_san(L):
    board = L.Board()
    return board.variation_san([L.Move.from_uci(m) for m in ["e2e4", "e7e5", "g1f3"]])


@idiom
def readme_fen_and_piece_at(L):
    board = L.Board("8/8/8/2k5/4K3/8/8/8 w - - 4 45")
    return board.piece_at(L.C5), board.fen(), board.halfmove_clock, board.fullmove_number


@idiom
def readme_stalemate(L):
    board = L.Board("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1")
    return board.is_stalemate(), board.outcome(), board.is_game_over(), board.result()


@idiom
def readme_insufficient_material(L):
    board = L.Board("4k3/8/8/8/8/8/8/4KB2 w - - 0 1")
    return board.is_insufficient_material(), board.outcome(), board.has_insufficient_material(L.WHITE)


@idiom
def readme_threefold_claim(L):
    board = played(L, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
    return board.can_claim_threefold_repetition(), board.can_claim_draw(), board.outcome(claim_draw=True)


@idiom
def readme_check_and_attacks(L):
    board = L.Board(SCHOLAR)
    return board.is_check(), board.is_attacked_by(L.WHITE, L.E8)


@idiom
def readme_attackers(L):
    board = L.Board(SCHOLAR)
    attackers = board.attackers(L.WHITE, L.F3)
    return attackers, L.G2 in attackers, str(attackers), repr(attackers)


@idiom
def readme_epd_operations(L):
    board = L.Board()
    return board.epd(bm=board.parse_uci("d2d4"))


@idiom
def readme_set_epd(L):
    board = L.Board()
    ops = board.set_epd('1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";')
    return ops, board.fen()


@idiom
def readme_chess960(L):
    board = L.Board("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1", chess960=True)
    board.push_san("O-O")
    return board.fen(), board.move_stack, board.chess960


# --- the board's pieces --------------------------------------------------------------


@idiom
def piece_map_start(L):
    return L.Board().piece_map()


@idiom
def piece_map_order(L):
    return [sq for sq in L.Board().piece_map()][:5]


@idiom
def piece_map_mask(L):
    return L.Board().piece_map(mask=L.BB_RANK_2)


@idiom
def pieces_of_a_type(L):
    board = L.Board()
    return board.pieces(L.PAWN, L.WHITE), board.pieces(L.KNIGHT, L.BLACK), list(board.pieces(L.ROOK, L.WHITE))


@idiom
def pieces_mask(L):
    board = L.Board()
    return board.pieces_mask(L.QUEEN, L.WHITE), board.pieces_mask(L.KING, L.BLACK)


@idiom
def king_squares(L):
    board = L.Board(KIWIPETE)
    return board.king(L.WHITE), board.king(L.BLACK), L.Board(None).king(L.WHITE)


@idiom
def piece_type_and_color_at(L):
    board = L.Board()
    return board.piece_type_at(L.G1), board.color_at(L.G8), board.piece_type_at(L.E4), board.color_at(L.E4)


@idiom
def bitboards(L):
    board = L.Board(KIWIPETE)
    return (board.occupied, board.occupied_co[L.WHITE], board.occupied_co[L.BLACK], board.pawns, board.knights,
            board.bishops, board.rooks, board.queens, board.kings, board.promoted)


@idiom
def attacks_of_a_piece(L):
    board = L.Board(KIWIPETE)
    return board.attacks(L.E5), board.attacks(L.F3), board.attacks(L.A1), board.attacks(L.E4), board.attacks(L.A3)


@idiom
def attackers_mask_and_xray(L):
    board = L.Board(KIWIPETE)
    occupied = board.occupied ^ board.pieces_mask(L.QUEEN, L.WHITE)
    return board.attackers_mask(L.BLACK, L.E2), board.attackers(L.WHITE, L.H3, occupied)


@idiom
def is_attacked_by_each_square(L):
    board = L.Board(KIWIPETE)
    return [sq for sq in L.SQUARES if board.is_attacked_by(L.BLACK, sq)]


@idiom
def pins(L):
    board = L.Board(PIN)
    return board.is_pinned(L.WHITE, L.D2), board.pin(L.WHITE, L.D2), board.is_pinned(L.BLACK, L.B4), board.pin_mask(L.WHITE, L.E1)


@idiom
def checkers(L):
    board = L.Board(SCHOLAR)
    return board.checkers(), board.checkers_mask(), L.Board().checkers()


# --- setting up ----------------------------------------------------------------------


@idiom
def empty_board_setup(L):
    board = L.Board(None)
    steps = [(board.fen(), board.is_valid())]
    board.set_piece_at(L.E1, L.Piece(L.KING, L.WHITE))
    steps.append((board.fen(), board.is_valid(), int(board.status())))
    board.set_piece_at(L.E8, L.Piece(L.KING, L.BLACK))
    board.set_piece_at(L.D1, L.Piece(L.QUEEN, L.WHITE))
    steps.append((board.fen(), board.is_valid(), board.legal_moves.count()))
    return steps


@idiom
def remove_and_set_piece(L):
    board = L.Board()
    removed = board.remove_piece_at(L.D1)
    board.set_piece_at(L.D4, L.Piece.from_symbol("Q"))
    return removed, board.fen(), board.piece_at(L.D4), board.move_stack


@idiom
def set_piece_map(L):
    board = L.Board()
    board.set_piece_map({L.A1: L.Piece(L.KING, L.WHITE), L.H8: L.Piece(L.KING, L.BLACK), L.B2: L.Piece(L.PAWN, L.WHITE)})
    return board.fen(), board.is_valid()


@idiom
def clear_and_empty(L):
    board = played(L, "e4")
    board.clear()
    return board.fen(), L.Board.empty().fen(), board.status() == L.STATUS_EMPTY | L.STATUS_NO_WHITE_KING | L.STATUS_NO_BLACK_KING


@idiom
def board_fen_and_set_board_fen(L):
    board = L.Board()
    board.set_board_fen("8/8/8/4k3/8/8/8/4K2R")
    return board.board_fen(), board.fen(), L.Board().board_fen()


@idiom
def reset_and_reset_board(L):
    board = played(L, "e4", "e5")
    board.reset_board()
    first = board.fen()
    board.reset()
    return first, board.fen(), board.move_stack


@idiom
def status_of_invalid_positions(L):
    return [int(L.Board(fen).status()) for fen in [
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]]


@idiom
def is_valid_and_dirty_castling(L):
    board = L.Board("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1")
    return board.is_valid(), board.castling_rights, board.clean_castling_rights(), board.fen(), board.legal_moves.count()


@idiom
def set_castling_fen(L):
    board = L.Board()
    board.set_castling_fen("Kq")
    return board.fen(), board.castling_rights, board.castling_xfen(), board.castling_shredder_fen()


@idiom
def castling_rights_mask(L):
    board = L.Board()
    return (board.castling_rights & L.BB_H1, bool(board.castling_rights & L.BB_A8), board.castling_rights,
            board.clean_castling_rights())


@idiom
def castling_rights_queries(L):
    board = played(L, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Ke2", "Ke7", fen=None)
    other = L.Board("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1")
    return (board.has_castling_rights(L.WHITE), board.has_kingside_castling_rights(L.BLACK),
            other.has_kingside_castling_rights(L.WHITE), other.has_queenside_castling_rights(L.WHITE),
            other.has_queenside_castling_rights(L.BLACK), other.has_chess960_castling_rights())


@idiom
def castling_moves(L):
    board = L.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    moves = list(board.generate_castling_moves())
    ks = board.parse_san("O-O")
    return (moves, board.is_castling(ks), board.is_kingside_castling(ks), board.is_queenside_castling(ks),
            board.uci(ks, chess960=True), board.parse_uci("e1h1"), board.san(L.Move.from_uci("e1c1")))


@idiom
def castling_rights_lost(L):
    board = L.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    board.push_san("Rb1")
    board.push_san("Kd8")
    return board.fen(), board.castling_rights


@idiom
def chess960_positions(L):
    board = L.Board.from_chess960_pos(0)
    return board.fen(), board.chess960_pos(), L.Board().chess960_pos(), L.Board.from_chess960_pos(959).board_fen()


@idiom
def chess960_castling_rights(L):
    board = L.Board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", chess960=True)
    return board.has_chess960_castling_rights(), board.castling_xfen(), board.fen(shredder=True), repr(board)


# --- en passant ------------------------------------------------------------------------


@idiom
def ep_square_after_a_double_step(L):
    board = played(L, "e4")
    return board.ep_square, board.fen(), board.fen(en_passant="fen"), board.has_legal_en_passant()


@idiom
def en_passant_capture(L):
    board = L.Board(EP)
    move = board.parse_san("exf6")
    return (board.ep_square, board.has_legal_en_passant(), board.is_en_passant(move), board.is_capture(move),
            board.is_zeroing(move), board.fen(), list(board.generate_legal_ep()))


@idiom
def xfen_en_passant(L):
    # Black's d-pawn may take e3 en passant but for the rook on h4 behind the pawns.
    board = L.Board("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1")
    return board.fen(), board.fen(en_passant="xfen"), board.fen(en_passant="fen"), board.has_pseudo_legal_en_passant()


# --- moves -----------------------------------------------------------------------------


@idiom
def legal_moves_in_order(L):
    return [m.uci() for m in L.Board(KIWIPETE).legal_moves]


@idiom
def legal_moves_in_check_in_order(L):
    return [m.uci() for m in L.Board("4k3/8/8/8/8/8/3q4/R3K2R w KQ - 0 1").legal_moves]


@idiom
def legal_moves_repr(L):
    return re.sub(r"0x[0-9a-f]+", "@", repr(L.Board().legal_moves))


@idiom
def pseudo_legal_moves(L):
    board = L.Board(PIN)
    pseudo = sorted(m.uci() for m in board.pseudo_legal_moves)
    legal = sorted(m.uci() for m in board.legal_moves)
    move = L.Move.from_uci("d2f3")
    return pseudo, legal, board.is_pseudo_legal(move), board.is_legal(move), board.is_into_check(move), board.pseudo_legal_moves.count()


@idiom
def pseudo_legal_order(L):
    return [m.uci() for m in L.Board(PIN).pseudo_legal_moves]


@idiom
def generate_with_masks(L):
    board = L.Board(KIWIPETE)
    return (list(board.generate_legal_moves(L.BB_E5)), list(board.generate_legal_captures()),
            list(board.generate_legal_moves(to_mask=L.BB_RANK_3 & L.BB_FILE_D)))


@idiom
def push_san_returns_move(L):
    board = L.Board()
    return board.push_san("e4"), board.push_uci("e7e5"), board.san_and_push(L.Move.from_uci("g1f3")), board.move_stack


@idiom
def push_returns(L):
    # python-chess's push returns None; Chimera's returns the move: compare the position.
    board = L.Board()
    board.push(L.Move.from_uci("e2e4"))
    return board.fen(), board.turn, board.ply()


@idiom
def san_and_lan_of_moves(L):
    board = L.Board(KIWIPETE)
    moves = ["e5f7", "d5e6", "e1g1", "f3f6", "e2a6", "d2h6"]
    return [(board.san(L.Move.from_uci(m)), board.lan(L.Move.from_uci(m))) for m in moves]


@idiom
def san_check_and_mate_suffix(L):
    board = played(L, "f3", "e5", "g4")
    return board.san(board.parse_uci("d8h4")), played(L, "e4", "f5").san(L.Move.from_uci("d1h5"))


@idiom
def promotion_moves(L):
    board = L.Board(PROMO)
    moves = [m for m in board.legal_moves if m.promotion]
    return moves, [board.san(m) for m in moves], board.find_move(L.E7, L.E8), board.find_move(L.E7, L.E8, L.KNIGHT)


@idiom
def promotion_fields(L):
    move = L.Move.from_uci("e7e8q")
    return move.from_square, move.to_square, move.promotion, move.drop, move.uci(), str(move), repr(move)


@idiom
def move_constructor(L):
    return L.Move(L.E7, L.E8, L.QUEEN).uci(), L.Move(L.G1, L.F3) == L.Move.from_uci("g1f3"), L.Move(L.E2, L.E4, drop=None).uci()


@idiom
def null_move(L):
    board = L.Board()
    null = L.Move.null()
    board.push(null)
    fen = board.fen()
    san = L.Board().san(null)
    popped = board.pop()
    return bool(null), null.uci(), fen, san, popped, board.fen()


@idiom
def parse_san_null(L):
    return L.Board().parse_san("--"), L.Board().parse_uci("0000")


@idiom
def move_kinds(L):
    board = L.Board(KIWIPETE)
    out = []
    for m in ["e5f7", "e1g1", "a2a4", "d5d6", "e2a6", "h1f1", "e1d1"]:
        move = L.Move.from_uci(m)
        out.append((board.is_capture(move), board.is_castling(move), board.is_zeroing(move), board.is_irreversible(move),
                    board.gives_check(move), board.is_en_passant(move)))
    return out


@idiom
def illegal_moves_raise(L):
    board = L.Board()
    out = []
    for call, arg in [("push_san", "Ke2"), ("push_uci", "e2e5"), ("parse_san", "Qxz9"), ("push_san", "N")]:
        try:
            getattr(board, call)(arg)
            out.append(None)
        except L.IllegalMoveError:
            out.append("illegal")
        except L.InvalidMoveError:
            out.append("invalid")
        except ValueError:
            out.append("value")
    return out


@idiom
def ambiguous_san(L):
    board = L.Board("k7/8/8/8/8/8/8/KN3N2 w - - 0 1")
    try:
        board.parse_san("Nd2")
    except L.AmbiguousMoveError:
        return "ambiguous", board.parse_san("Nbd2"), board.parse_san("Nfd2")


@idiom
def find_move_castles(L):
    board = L.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    return board.find_move(L.E1, L.G1), board.find_move(L.E1, L.H1)


@idiom
def uci_and_xboard(L):
    board = L.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    move = board.parse_san("O-O-O")
    return board.uci(move), board.uci(move, chess960=True), board.xboard(move), L.Move.null().xboard()


@idiom
def variation_san_from_black(L):
    board = played(L, "e4")
    return board.variation_san([board.parse_san("e5"), L.Move.from_uci("g1f3"), L.Move.from_uci("b8c6")])


@idiom
def variation_san_illegal(L):
    board = L.Board()
    try:
        board.variation_san([L.Move.from_uci("e2e4"), L.Move.from_uci("e2e4")])
    except L.IllegalMoveError:
        return "illegal"


@idiom
def gives_check_and_was_into_check(L):
    board = played(L, "e4", "f5")
    move = L.Move.from_uci("d1h5")
    return board.gives_check(move), board.was_into_check(), L.Board("4k3/8/8/8/8/8/8/4K2r w - - 0 1").was_into_check()


# --- ends, claims ------------------------------------------------------------------------


@idiom
def fools_mate(L):
    board = played(L, "f3", "e5", "g4", "Qh4#")
    return board.is_checkmate(), board.outcome(), board.outcome().winner, board.result(), board.legal_moves.count()


@idiom
def outcome_termination(L):
    board = played(L, "f3", "e5", "g4", "Qh4#")
    outcome = board.outcome()
    return outcome.termination, outcome.termination.name, outcome.termination == L.Termination.CHECKMATE, repr(outcome)


@idiom
def fivefold_repetition(L):
    board = played(L, *["Nf3", "Nf6", "Ng1", "Ng8"] * 4)
    return board.is_fivefold_repetition(), board.is_repetition(), board.is_repetition(6), board.outcome(), board.legal_moves.count()


@idiom
def fifty_and_seventyfive(L):
    board = L.Board("8/8/8/4k3/8/8/3QK3/8 w - - 149 100")
    first = (board.can_claim_fifty_moves(), board.is_fifty_moves())
    board.push_san("Qd3")
    return first, board.is_seventyfive_moves(), board.outcome(), board.halfmove_clock


@idiom
def is_game_over_claim(L):
    board = played(L, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
    return board.is_game_over(), board.is_game_over(claim_draw=True), board.result(claim_draw=True), board.is_repetition(3)


@idiom
def insufficient_material_per_side(L):
    fens = ["8/8/8/4k3/8/8/8/4KB2 w - - 0 1", "8/8/8/4k3/8/8/8/4KR2 w - - 0 1", "8/8/8/4k3/8/5n2/8/4KN2 w - - 0 1",
            "8/8/8/4kb2/8/8/8/4KB2 w - - 0 1", "8/8/8/4k1b1/8/8/8/4KB2 w - - 0 1"]
    return [(L.Board(f).has_insufficient_material(L.WHITE), L.Board(f).has_insufficient_material(L.BLACK),
             L.Board(f).is_insufficient_material()) for f in fens]


@idiom
def variant_end_queries(L):
    board = L.Board()
    return board.is_variant_end(), board.is_variant_win(), board.is_variant_loss(), board.is_variant_draw()


# --- copies, comparisons, transformations -----------------------------------------------


@idiom
def copy_and_stack(L):
    board = played(L, "e4", "e5", "Nf3")
    copy = board.copy()
    fresh = board.copy(stack=False)
    one = board.copy(stack=1)
    return copy == board, copy.move_stack, fresh.move_stack, one.move_stack, fresh.fen() == board.fen()


@idiom
def board_equality(L):
    one = played(L, "Nf3", "Nf6", "Nc3", "Nc6")
    other = played(L, "Nc3", "Nc6", "Nf3", "Nf6")
    return one == other, one == L.Board(), played(L, "e4") == L.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")


@idiom
def root_of_a_game(L):
    board = played(L, "e4", "e5")
    return board.root().fen(), board.root().move_stack, board.ply()


@idiom
def mirror(L):
    board = played(L, "e4", "Nf6")
    mirrored = board.mirror()
    return mirrored.fen(), mirrored.turn, board.fen()


@idiom
def apply_mirror_in_place(L):
    board = L.Board(KIWIPETE)
    board.apply_mirror()
    return board.fen(), board.move_stack


@idiom
def transform(L):
    board = L.Board("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
    return (board.transform(L.flip_horizontal).fen(), board.transform(L.flip_vertical).board_fen(),
            board.transform(L.flip_diagonal).board_fen())


@idiom
def unicode_drawing(L):
    board = played(L, "e4")
    return board.unicode(), board.unicode(invert_color=True, borders=True), board.unicode(orientation=L.BLACK, empty_square=".")


@idiom
def epd_fields(L):
    board = played(L, "e4", "c5")
    return board.epd(), board.epd(hmvc=board.halfmove_clock, fmvn=board.fullmove_number), board.epd(id="test", ce=12.5, c0=None)


@idiom
def from_epd(L):
    board, ops = L.Board.from_epd("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; pv Bb5 a6 Ba4; id \"x\";")
    return board.fen(), ops


@idiom
def turn_assignment(L):
    board = played(L, "e4")
    board.turn = L.WHITE
    fen = board.fen()
    moves = board.legal_moves.count()
    board.pop()
    return fen, moves, board.fen()


@idiom
def clock_assignment(L):
    board = L.Board()
    board.halfmove_clock = 30
    board.fullmove_number = 12
    return board.fen(), board.ply()


@idiom
def repr_of_boards(L):
    return repr(L.Board()), repr(L.Board(chess960=True)), repr(L.Board(None))


@idiom
def shredder_fen(L):
    return L.Board().fen(shredder=True), L.Board().shredder_fen()


@idiom
def board_attributes(L):
    board = L.Board()
    return board.uci_variant, board.xboard_variant, board.starting_fen, board.aliases, board.one_king, board.connected_kings, board.captures_compulsory


# --- module-level names ----------------------------------------------------------------


@idiom
def square_helpers(L):
    return (L.square(4, 3), L.square_name(L.E4), L.parse_square("e4"), L.square_file(L.E4), L.square_rank(L.E4),
            L.square_distance(L.A1, L.H8), L.square_manhattan_distance(L.A1, L.H8), L.square_mirror(L.E2),
            L.square_knight_distance(L.A1, L.B2), L.square_knight_distance(L.A1, L.H8))


@idiom
def square_constants(L):
    return L.SQUARES, L.SQUARE_NAMES, L.SQUARES_180, L.FILE_NAMES, L.RANK_NAMES, L.A1, L.H8, L.E4


@idiom
def knight_distance_table(L):
    return [L.square_knight_distance(a, b) for a in L.SQUARES for b in L.SQUARES]


@idiom
def piece_constants(L):
    return (L.PAWN, L.KNIGHT, L.BISHOP, L.ROOK, L.QUEEN, L.KING, L.PIECE_TYPES, L.PIECE_SYMBOLS, L.PIECE_NAMES,
            L.piece_symbol(L.KNIGHT), L.piece_name(L.QUEEN), L.UNICODE_PIECE_SYMBOLS)


@idiom
def color_constants(L):
    return L.WHITE, L.BLACK, L.COLORS, L.COLOR_NAMES, L.COLOR_NAMES[L.WHITE]


@idiom
def starting_fens(L):
    return L.STARTING_FEN, L.STARTING_BOARD_FEN, L.Board(L.STARTING_FEN).fen()


@idiom
def piece_objects(L):
    piece = L.Piece(L.KNIGHT, L.BLACK)
    return (piece.symbol(), str(piece), repr(piece), piece.unicode_symbol(), piece.piece_type, piece.color,
            L.Piece.from_symbol("Q").unicode_symbol(invert_color=True), piece == L.Piece.from_symbol("n"), hash(piece))


@idiom
def bitboard_constants(L):
    return (L.BB_EMPTY, L.BB_ALL, L.BB_A1, L.BB_H8, L.BB_CORNERS, L.BB_CENTER, L.BB_LIGHT_SQUARES, L.BB_DARK_SQUARES,
            L.BB_FILES, L.BB_RANKS, L.BB_BACKRANKS, L.BB_SQUARES[:3])


@idiom
def bitboard_helpers(L):
    bb = L.BB_RANK_2 | L.BB_E4
    return (L.lsb(bb), L.msb(bb), L.popcount(bb), list(L.scan_forward(bb))[:3], list(L.scan_reversed(bb))[:3],
            L.flip_vertical(bb), L.flip_horizontal(bb), L.flip_diagonal(bb), L.flip_anti_diagonal(bb),
            L.shift_up(bb), L.shift_down_left(bb), L.shift_2_right(bb))


@idiom
def attack_tables(L):
    return (L.BB_KNIGHT_ATTACKS, L.BB_KING_ATTACKS, L.BB_PAWN_ATTACKS, L.BB_RAYS[L.A1][L.H8], L.ray(L.A1, L.C3),
            L.between(L.A1, L.H8), L.BB_DIAG_MASKS, L.BB_RANK_ATTACKS[L.E4][L.BB_B4 | L.BB_G4], L.BB_FILE_MASKS[L.E4])


@idiom
def squareset_operations(L):
    s = L.SquareSet([L.A1, L.B2, L.C3])
    t = L.SquareSet(L.BB_RANK_1)
    s2 = s.copy()
    s2.add(L.H8)
    s2.discard(L.A1)
    return (s | t, s & t, s - t, s ^ t, ~t, len(s), list(s), list(reversed(s)), L.B2 in s, s2, s.issubset(L.BB_ALL),
            s.isdisjoint(L.BB_RANK_8), s.mirror(), s.tolist()[:3], s == L.BB_A1 | L.BB_B2 | L.BB_C3, int(s), str(t))


@idiom
def squareset_classmethods(L):
    return L.SquareSet.between(L.A1, L.H8), L.SquareSet.ray(L.E1, L.E8), L.SquareSet.from_square(L.D4), repr(L.SquareSet(L.BB_CENTER))


@idiom
def squareset_mutation(L):
    s = L.SquareSet(L.BB_CENTER)
    popped = s.pop()
    s.remove(L.E4)
    s |= L.BB_A1
    s &= L.BB_RANK_1 | L.BB_RANK_5
    s.update([L.H1])
    return popped, s, list(s.carry_rippler())[:4]


@idiom
def status_flags(L):
    return (int(L.STATUS_VALID), int(L.STATUS_NO_WHITE_KING), int(L.STATUS_OPPOSITE_CHECK), int(L.STATUS_IMPOSSIBLE_CHECK),
            [f.name for f in L.Status], L.Board().status() == L.STATUS_VALID)


@idiom
def termination_names(L):
    return [t.name for t in L.Termination][:10], L.Termination.CHECKMATE.value


# --- more positions -------------------------------------------------------------------


@idiom
def double_check(L):
    board = L.Board("4k3/8/8/1B6/8/8/8/4RK2 b - - 0 1")
    return board.is_check(), board.checkers(), [m.uci() for m in board.legal_moves], board.status()


@idiom
def diagonal_pins(L):
    board = L.Board("4k3/8/8/1b6/8/3P4/4K3/8 w - - 0 1")
    return board.pin(L.WHITE, L.D3), board.is_pinned(L.WHITE, L.D3), sorted(m.uci() for m in board.legal_moves)


@idiom
def en_passant_discovered_check(L):
    board = L.Board("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2")
    return [m.uci() for m in board.legal_moves], board.has_legal_en_passant(), board.fen(), board.is_pseudo_legal(L.Move.from_uci("b5c6"))


@idiom
def promotion_by_san(L):
    board = L.Board(PROMO)
    move = board.push_san("e8=Q")
    return move, board.fen(), board.is_check(), board.peek().promotion


@idiom
def promotion_by_uci_and_capture(L):
    board = L.Board("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1")
    return board.push_uci("e7d8n"), board.fen(), board.san(board.pop()), board.is_zeroing(L.Move.from_uci("e7e8q"))


@idiom
def en_passant_by_san(L):
    board = L.Board(EP)
    return board.parse_san("exf6"), board.san(board.parse_uci("e5f6")), board.lan(board.parse_uci("e5f6"))


@idiom
def every_square_piece_at(L):
    board = played(L, "e4", "d5", "exd5", "Qxd5", "Nc3")
    return [board.piece_at(sq) for sq in L.SQUARES]


@idiom
def pawn_and_king_attacks(L):
    board = L.Board()
    return board.attacks(L.E2), board.attacks(L.E1), board.attacks(L.D8), board.attacks_mask(L.B8)


@idiom
def castling_gives_check(L):
    board = L.Board("5k2/8/8/8/8/8/8/4K2R w K - 0 1")
    move = board.parse_san("O-O")
    return board.gives_check(move), board.san(move), board.is_irreversible(move)


@idiom
def chess960_castles_and_fen(L):
    board = L.Board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", chess960=True)
    moves = list(board.generate_castling_moves())
    board.push(moves[0])
    return moves, board.fen(), board.castling_xfen()


@idiom
def chess960_inner_rook_xfen(L):
    board = L.Board("1r2k2r/8/8/8/8/8/8/R2RK2R w HDhb - 0 1", chess960=True)
    return board.castling_xfen(), board.castling_shredder_fen(), board.fen(), board.castling_rights


@idiom
def invalid_fen_raises(L):
    out = []
    for fen in ["not a fen", "8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"]:
        try:
            L.Board(fen)
            out.append("ok")
        except ValueError:
            out.append("ValueError")
    return out


@idiom
def repetition_counts(L):
    board = played(L, "Nf3", "Nf6", "Ng1", "Ng8")
    return board.is_repetition(2), board.is_repetition(3), board.can_claim_threefold_repetition()


@idiom
def fifty_move_claim_at_99(L):
    board = L.Board("8/8/3k4/8/8/3K4/8/R7 w - - 99 80")
    return board.can_claim_fifty_moves(), board.is_fifty_moves(), board.can_claim_draw(), board.outcome(claim_draw=True)


@idiom
def stack_after_copy_and_pop(L):
    board = played(L, "e4", "e5", "Nf3", "Nc6")
    copy = board.copy()
    copy.pop()
    return list(reversed(board.move_stack)), copy.move_stack, board.peek(), copy.peek()


@idiom
def legal_moves_list_comprehension(L):
    board = L.Board(KIWIPETE)
    return [board.san(m) for m in board.legal_moves if board.is_capture(m)], sum(1 for m in board.legal_moves if board.gives_check(m))


@idiom
def ep_square_assignment(L):
    board = played(L, "e4", "a6", "e5", "d5")
    first = (board.ep_square, board.fen())
    board.ep_square = None
    return first, board.fen(), board.legal_moves.count(), board.status()


@idiom
def castling_rights_assignment(L):
    board = L.Board()
    board.castling_rights = L.BB_H1 | L.BB_A8
    second = L.Board()
    second.castling_rights &= ~L.BB_RANK_1
    return board.fen(), second.fen(), board.castling_rights


@idiom
def pickling_free_copying(L):
    import copy

    board = played(L, "d4", "d5")
    clone = copy.deepcopy(board)
    clone.push_san("c4")
    return board.fen(), clone.fen(), copy.copy(board).move_stack


# --- random play, as python-chess programs do ---------------------------------------------


@idiom
def seeded_random_game(L):
    rng = random.Random(7)
    board = L.Board()
    sans = []
    while not board.is_game_over() and len(sans) < 160:
        move = rng.choice(list(board.legal_moves))
        sans.append(board.san(move))
        board.push(move)
    return sans, board.fen(), board.result()


@idiom
def first_legal_move_game(L):
    board = L.Board()
    for _ in range(40):
        board.push(next(iter(board.legal_moves)))
    return board.fen(), L.Board().variation_san(board.move_stack)


# --- direct comparisons of the two libraries' values -------------------------------------


def test_moves_compare_and_hash_as_python_chess():
    pairs = [("e2e4", chess.Move(chess.E2, chess.E4)), ("e7e8q", chess.Move.from_uci("e7e8q")), ("0000", chess.Move.null()),
             ("P@e4", chess.Move.from_uci("P@e4"))]
    for uci, theirs in pairs:
        ours = chimera.Move.from_uci(uci)
        assert ours == theirs and theirs == ours and hash(ours) == hash(theirs)
        assert (ours.from_square, ours.to_square, ours.promotion, ours.drop) == (theirs.from_square, theirs.to_square,
                                                                                  theirs.promotion, theirs.drop)
        assert repr(ours) == repr(theirs) and str(ours) == str(theirs) and ours.xboard() == theirs.xboard()
    assert chimera.Move(chimera.E7, chimera.E8, chimera.QUEEN) == chess.Move(chess.E7, chess.E8, chess.QUEEN)
    assert {chimera.Move.from_uci("g1f3")} & {chess.Move.from_uci("g1f3")}
    assert chimera.Move.from_uci("g1f3") != chess.Move.from_uci("g1h3")
    # python-chess's moves play on chimera's board.
    board = chimera.Board()
    assert chess.Move.from_uci("e2e4") in board.legal_moves and board.is_legal(chess.Move.from_uci("g1f3"))
    assert board.push(chess.Move.from_uci("e2e4")) == chess.Move.from_uci("e2e4")
    assert board.san(chess.Move.from_uci("e7e5")) == "e5"


def test_pieces_compare_and_hash_as_python_chess():
    for symbol in "PNBRQKpnbrqk":
        ours, theirs = chimera.Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
        assert ours == theirs and theirs == ours and hash(ours) == hash(theirs) and repr(ours) == repr(theirs)
        assert ours.piece_type == theirs.piece_type and ours.color == theirs.color
        assert ours.unicode_symbol() == theirs.unicode_symbol()
    assert chimera.Piece(chimera.QUEEN, chimera.WHITE) == chimera.Piece("q", True) == chess.Piece(chess.QUEEN, chess.WHITE)
    board = chimera.Board()
    assert board.piece_map() == chess.Board().piece_map()
    board.set_piece_at(chess.E4, chess.Piece(chess.QUEEN, chess.BLACK))
    assert board.piece_at(chess.E4) == chess.Piece(chess.QUEEN, chess.BLACK)


def test_squaresets_compare_as_python_chess():
    ours = chimera.Board().attackers(chimera.WHITE, chimera.F3)
    theirs = chess.Board().attackers(chess.WHITE, chess.F3)
    assert ours == theirs and theirs == ours and ours == int(theirs) and set(ours) == set(theirs)
    assert chimera.SquareSet(theirs) == ours and chess.SquareSet(ours) == theirs


def test_module_names_match_python_chess():
    """Every public module-level name of python-chess exists in chimera (but the
    typing helpers python-chess imports), with python-chess's value where it is data."""
    typing_names = {"Callable", "ClassVar", "Counter", "Dict", "Generic", "Hashable", "Iterable", "Iterator", "List", "Literal",
                    "Mapping", "Optional", "SupportsInt", "Tuple", "Type", "TypeVar", "Union", "annotations", "collections",
                    "copy", "dataclasses", "enum", "itertools", "math", "re", "typing", "BaseBoardT", "BoardT", "ColorName",
                    "EnPassantSpec", "FEN_CASTLING_REGEX", "SAN_REGEX"}
    modules = {n for n in dir(chess) if isinstance(getattr(chess, n), type(chess))}  # chess.pgn, chess.svg... once imported
    missing = [n for n in dir(chess) if not n.startswith("_") and n not in typing_names | modules and not hasattr(chimera, n)]
    assert missing == []
    for name in dir(chess):
        value = getattr(chess, name)
        if name.isupper() and isinstance(value, (int, str, list, dict, tuple)) and name not in typing_names:
            assert plain(getattr(chimera, name)) == plain(value), name


def test_board_methods_match_python_chess():
    """Every public method and property of python-chess's `Board` and `BaseBoard`."""
    for cls, ours in ((chess.Board, chimera.Board), (chess.BaseBoard, chimera.BaseBoard)):
        names = [n for n in dir(cls) if not n.startswith("_")]
        assert [n for n in names if not hasattr(ours, n)] == []
    board = chimera.Board()
    for attribute in ["turn", "castling_rights", "ep_square", "fullmove_number", "halfmove_clock", "promoted", "chess960",
                      "move_stack", "occupied", "occupied_co", "pawns", "knights", "bishops", "rooks", "queens", "kings"]:
        assert plain(getattr(board, attribute)) == plain(getattr(chess.Board(), attribute)), attribute


# --- every method along random games and random set-ups -----------------------------------


GAME_SEEDS, SETUP_SEEDS = (40, 40) if "--long" in sys.argv else (6, 3)


def every_method(L, b, moves):
    """Everything a program may ask a board, made comparable."""
    out = {
        "fen": b.fen(), "fen_fen": b.fen(en_passant="fen"), "xfen": b.fen(en_passant="xfen"), "shredder": b.fen(shredder=True),
        "legal": [m.uci() for m in b.legal_moves], "pseudo": [m.uci() for m in b.pseudo_legal_moves],
        "ep": b.ep_square, "castling": (b.castling_rights, b.clean_castling_rights(), b.castling_xfen(), b.castling_shredder_fen()),
        "sides": [(b.has_kingside_castling_rights(c), b.has_queenside_castling_rights(c), b.has_castling_rights(c)) for c in L.COLORS],
        "960": (b.has_chess960_castling_rights(), b.chess960_pos()),
        "check": (int(b.checkers()), b.is_check(), b.was_into_check()),
        "attackers": [int(b.attackers(c, sq)) for c in L.COLORS for sq in L.SQUARES],
        "attacks": [int(b.attacks(sq)) for sq in L.SQUARES],
        "pins": [int(b.pin(c, sq)) for c in L.COLORS for sq in L.SQUARES],
        "status": (int(b.status()), b.is_valid()),
        "material": [b.has_insufficient_material(c) for c in L.COLORS],
        "pieces": {sq: p.symbol() for sq, p in b.piece_map().items()},
        "ep_moves": (b.has_legal_en_passant(), b.has_pseudo_legal_en_passant()),
        "kings": [b.king(c) for c in L.COLORS],
        "outcome": plain(b.outcome()), "claims": (b.can_claim_threefold_repetition(), b.can_claim_fifty_moves()),
        "mirror": b.mirror().fen(), "epd": b.epd(), "unicode": b.unicode(borders=True), "repr": repr(b), "ply": b.ply(),
    }
    flags = []
    for text in moves:
        m = L.Move.from_uci(text)
        flags.append((text, b.is_capture(m), b.is_zeroing(m), b.is_irreversible(m), b.is_castling(m), b.is_kingside_castling(m),
                      b.is_queenside_castling(m), b.is_en_passant(m), b.is_into_check(m), b.is_pseudo_legal(m), b.is_legal(m)))
        if b.is_legal(m):
            flags.append((b.gives_check(m), b.san(m), b.lan(m), b.uci(m), b.uci(m, chess960=not b.chess960), b.xboard(m)))
    out["moves"] = flags
    return out


@pytest.mark.parametrize("seed", range(GAME_SEEDS))
def test_random_games_agree_on_every_method(seed):
    rng = random.Random(seed)
    if seed % 2:
        n = rng.randrange(960)
        a, b = chess.Board.from_chess960_pos(n), chimera.Board.from_chess960_pos(n)
    else:
        a, b = chess.Board(), chimera.Board()
    for _ in range(50):
        moves = [m.uci() for m in a.legal_moves]
        pseudo = [m.uci() for m in a.pseudo_legal_moves if m.uci() not in moves]
        ours, theirs = every_method(chimera, b, moves + pseudo), every_method(chess, a, moves + pseudo)
        assert [k for k in theirs if ours[k] != theirs[k]] == [], a.fen()
        if a.is_game_over() or not moves:
            break
        m = rng.choice(moves)
        a.push(chess.Move.from_uci(m))
        b.push_uci(m)


@pytest.mark.parametrize("seed", range(SETUP_SEEDS))
def test_random_setups_agree(seed):
    """Pieces put and taken, turns and castling rights set: valid or not, the two boards
    say the same (but for the moves of an invalid position: python-chess generates them,
    Chimera's board has none)."""
    rng = random.Random(seed)
    for _ in range(40):
        start = rng.choice([None, chess.STARTING_FEN, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"])
        a, b = chess.Board(start), chimera.Board(start)
        for _ in range(6):
            r, sq = rng.random(), rng.randrange(64)
            if r < 0.5:
                p = chess.Piece(rng.choice([1, 1, 2, 3, 4, 5, 6]), rng.random() < 0.5)
                a.set_piece_at(sq, p)
                b.set_piece_at(sq, chimera.Piece(p.piece_type, p.color))
            elif r < 0.7:
                assert plain(a.remove_piece_at(sq)) == plain(b.remove_piece_at(sq))
            elif r < 0.85:
                a.turn = b.turn = rng.random() < 0.5
            else:
                castling = rng.choice(["KQkq", "K", "q", "-", "Kk"])
                a.set_castling_fen(castling)
                b.set_castling_fen(castling)
            ours, theirs = every_method(chimera, b, []), every_method(chess, a, [])
            # python-chess also generates moves (and finds mates) in an invalid position;
            # Chimera's board has none until the position is valid.
            moving = {"legal", "pseudo", "outcome", "claims"} if not a.is_valid() else set()
            differ = [k for k in theirs if ours[k] != theirs[k] and k not in moving]
            assert differ == [], (a.fen(), differ)


# --- the idioms, on both -----------------------------------------------------------------


def outcome(f, L):
    """`("ok", value)` or `("raised", exception type name)`."""
    try:
        return "ok", plain(f(L))
    except Exception as e:  # noqa: BLE001 (an idiom may fail any way)
        return "raised", type(e).__name__ + ": " + str(e)[:200]


def test_there_are_enough_idioms():
    assert len(IDIOMS) >= 100


@pytest.mark.parametrize("f", IDIOMS, ids=[f.__name__ for f in IDIOMS])
def test_idiom_behaves_as_python_chess(f):
    theirs = outcome(f, chess)
    assert theirs[0] == "ok", theirs
    assert outcome(f, chimera) == theirs


# --- the docs' python-chess program --------------------------------------------------------

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs/src/python.md"
PROGRAM_MARK = "<!-- python-chess program: run by python/tests/test_python_chess_idioms.py -->"


def docs_program():
    """The ```python block after the marker in the docs' Board section."""
    text = DOCS.read_text()
    after = text.split(PROGRAM_MARK, 1)[1]
    match = re.search(r"```python\n(.*?)```", after, re.S)
    assert match is not None
    return match.group(1)


def run_program(text):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(text, "docs-program", "exec"), {"__name__": "__main__"})
    return out.getvalue()


def test_docs_program_runs_unchanged_on_chimera():
    program = docs_program()
    assert program.startswith("import chess\n")
    with_chimera = program.replace("import chess\n", "import chimera as chess\n", 1)
    expected = run_program(program)
    assert len(expected.splitlines()) >= 40
    assert run_program(with_chimera) == expected


def count(lib):
    same = differ = fail = 0
    for f in IDIOMS:
        theirs, ours = outcome(f, chess), outcome(f, lib)
        if ours == theirs:
            same += 1
        elif ours[0] == "raised":
            fail += 1
        else:
            differ += 1
    return same, differ, fail


if __name__ == "__main__":
    same, differ, fail = count(chimera)
    print(f"{len(IDIOMS)} idioms on chimera {chimera.__version__}: {same} same, {differ} differ, {fail} fail")
    if "-v" in sys.argv:
        for f in IDIOMS:
            theirs, ours = outcome(f, chess), outcome(f, chimera)
            if ours != theirs:
                print(f"  {f.__name__}: python-chess {str(theirs)[:150]}\n      chimera {str(ours)[:150]}")
