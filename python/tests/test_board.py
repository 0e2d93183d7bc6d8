"""`chimera.Board` and `chimera.pgn` beside python-chess: its documented examples replayed
on both, and random games of five variants compared move by move with its variant boards.

Where the two disagree by convention, `normalised_*` below says how and why; anything
else that differs fails.
"""

import ast
import copy
import io
import random

import pytest

import chimera
import chimera.pgn

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402
import chess.variant  # noqa: E402


def outcome_of(o):
    return None if o is None else (o.termination.name, o.winner, o.result())


def same(a, b, call, *args, **kwargs):
    """Calls `call` on both boards (python-chess's first), returns both results made
    comparable (moves as UCI, pieces as symbols, outcomes as tuples)."""

    def plain(x):
        if isinstance(x, (chess.Move, chimera.Move)):
            return x.uci()
        if isinstance(x, (chess.Piece, chimera.Piece)):
            return x.symbol()
        if isinstance(x, (chess.Outcome, chimera.Outcome)):
            return outcome_of(x)
        return x

    ra = plain(getattr(a, call)(*args, **kwargs))
    rb = plain(getattr(b, call)(*args, **kwargs))
    assert ra == rb, f"{call}{args}: python-chess {ra!r}, chimera {rb!r}"
    return rb


# --- python-chess's README and core documentation, replayed ---------------------------


def test_readme_scholars_mate():
    a, b = chess.Board(), chimera.Board()
    assert (chess.Move.from_uci("a8a1") in a.legal_moves) is (chimera.Move.from_uci("a8a1") in b.legal_moves) is False
    assert chimera.Move.from_uci("e2e4") in b.legal_moves
    assert a.legal_moves.count() == len(b.legal_moves) == b.legal_moves.count() == 20
    for san, uci in [("e4", "e2e4"), ("e5", "e7e5"), ("Qh5", "d1h5"), ("Nc6", "b8c6"), ("Bc4", "f1c4"), ("Nf6", "g8f6"), ("Qxf7", "h5f7")]:
        assert same(a, b, "push_san", san) == uci
    assert same(a, b, "is_checkmate") is True
    assert repr(a) == repr(b) == "Board('r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4')"
    assert str(a) == str(b)
    for call in ["is_stalemate", "is_insufficient_material", "is_game_over", "can_claim_threefold_repetition",
                 "can_claim_fifty_moves", "can_claim_draw", "is_fivefold_repetition", "is_seventyfive_moves", "is_check",
                 "outcome", "result"]:
        same(a, b, call)
    for attr in ["halfmove_clock", "fullmove_number", "turn"]:
        assert getattr(a, attr) == getattr(b, attr)
    assert b.outcome() == chimera.Outcome(chimera.Termination.CHECKMATE, chimera.WHITE, "checkmate")
    assert b.result() == "1-0" and not b.legal_moves and list(b.legal_moves) == []


def test_readme_make_and_unmake():
    a, b = chess.Board(), chimera.Board()
    a.push(chess.Move.from_uci("g1f3"))
    b.push(chimera.Move.from_uci("g1f3"))
    assert same(a, b, "peek") == "g1f3"
    assert same(a, b, "pop") == "g1f3"
    assert a.move_stack == [] and b.move_stack == []
    with pytest.raises(IndexError):
        b.pop()


def test_readme_san_fen_and_piece_at():
    a, b = chess.Board(), chimera.Board()
    assert a.san(chess.Move(chess.E2, chess.E4)) == b.san(chimera.Move.from_uci("e2e4")) == "e4"
    assert same(a, b, "parse_san", "Nf3") == "g1f3"
    assert same(a, b, "fen") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    a, b = chess.Board("8/8/8/2k5/4K3/8/8/8 w - - 4 45"), chimera.Board(fen="8/8/8/2k5/4K3/8/8/8 w - - 4 45")
    assert same(a, b, "piece_at", chess.C5) == "k"
    assert b.piece_at(chimera.parse_square("c5")) == chimera.Piece.from_symbol("k") == chimera.Piece("k", chimera.BLACK)
    assert repr(b.piece_at(chess.E4)) == repr(a.piece_at(chess.E4)) == "Piece.from_symbol('K')"
    assert same(a, b, "piece_at", chess.A1) is None
    assert same(a, b, "is_insufficient_material") is True


def test_core_docs_outcome_and_checkmate():
    # The core page's Board.outcome and is_checkmate, on Fool's mate.
    a, b = chess.Board(), chimera.Board()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        same(a, b, "push_san", san)
    assert same(a, b, "is_checkmate") is True
    assert same(a, b, "outcome") == ("CHECKMATE", False, "0-1")
    assert same(a, b, "result") == "0-1"
    assert same(a, b, "is_game_over") is True
    # After the end Chimera plays no more (python-chess would push anything).
    with pytest.raises(chimera.IllegalMoveError) as e:
        b.push_san("Kf2")
    assert e.value.code == "game-over" and isinstance(e.value, chimera.IllegalMove) and isinstance(e.value, ValueError)


def test_core_docs_threefold_repetition_claims():
    a, b = chess.Board(), chimera.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]:
        same(a, b, "push_san", san)
        assert same(a, b, "is_repetition", 3) is False
    # Black may claim by announcing Ng8, which repeats the start a third time (FIDE 9.2.1);
    # a claimable draw does not end the game.
    assert same(a, b, "can_claim_threefold_repetition") is True
    assert same(a, b, "outcome") is None and same(a, b, "is_game_over") is False
    assert same(a, b, "can_claim_draw") is True
    assert same(a, b, "outcome", claim_draw=True) == ("THREEFOLD_REPETITION", None, "1/2-1/2")
    same(a, b, "push_san", "Ng8")
    assert same(a, b, "is_repetition", 3) is True
    assert same(a, b, "is_repetition", 4) is False
    assert same(a, b, "can_claim_threefold_repetition") is True
    assert same(a, b, "result") == "*" and same(a, b, "result", claim_draw=True) == "1/2-1/2"
    # The fifth occurrence ends the game by itself (FIDE 9.6.1).
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"] * 2:
        same(a, b, "push_san", san)
    assert same(a, b, "is_fivefold_repetition") is True
    assert same(a, b, "outcome") == ("FIVEFOLD_REPETITION", None, "1/2-1/2")
    # The game is over, and the moves are still listed, as python-chess lists them.
    assert b.outcome().reason == "repetition"
    assert sorted(m.uci() for m in b.legal_moves) == sorted(m.uci() for m in a.legal_moves) and len(b.legal_moves) == 20


def test_fifty_move_claims():
    fen = "8/8/8/4k3/8/8/3QK3/8 w - - 99 80"
    a, b = chess.Board(fen), chimera.Board(fen=fen)
    # A move that reaches 100 plies may be announced (FIDE 9.3.1).
    assert same(a, b, "can_claim_fifty_moves") is True
    assert same(a, b, "is_fifty_moves") is False
    same(a, b, "push_san", "Qd3")
    assert same(a, b, "can_claim_fifty_moves") is True
    assert a.halfmove_clock == b.halfmove_clock == 100
    assert same(a, b, "outcome") is None
    assert same(a, b, "outcome", claim_draw=True) == ("FIFTY_MOVES", None, "1/2-1/2")
    # Seventy-five moves end the game by itself (FIDE 9.6.2), unless the move mates.
    fen = "8/8/8/4k3/8/8/3QK3/8 w - - 149 100"
    a, b = chess.Board(fen), chimera.Board(fen=fen)
    same(a, b, "push_san", "Qd3")
    assert same(a, b, "is_seventyfive_moves") is True
    assert same(a, b, "outcome") == ("SEVENTYFIVE_MOVES", None, "1/2-1/2")


def test_pgn_read_game_as_python_chess_reads_it():
    # python-chess's README game (Molinari-Bordais 1979) and a second game behind it.
    text = (
        '[Event "?"]\n[White "Molinari"]\n[Black "Bordais"]\n[Result "0-1"]\n\n'
        "1. e4 c5 2. c4 Nc6 3. Ne2 Nf6 {a comment\n\nover a blank line} 4. Nbc3 Nb4 5. g3 (5. a3 Nd3#) Nd3# 0-1\n\n"
        '[Event "second"]\n[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n'
    )
    ha, hb = io.StringIO(text), io.StringIO(text)
    ga, gb = chess.pgn.read_game(ha), chimera.pgn.read_game(hb)
    assert dict(ga.headers) == dict(gb.headers)
    assert (gb.headers["White"], gb.headers["Black"], gb.headers["Result"], gb.headers["Site"]) == ("Molinari", "Bordais", "0-1", "?")
    assert [m.uci() for m in ga.mainline_moves()] == [m.uci() for m in gb.mainline_moves()]
    board_a, board_b = ga.board(), gb.board()
    sans = []
    for ma, mb in zip(ga.mainline_moves(), gb.mainline_moves()):
        assert board_a.san(ma) == board_b.san(mb)
        sans.append(board_b.san(mb))
        board_a.push(ma)
        board_b.push(mb)
    assert sans == ["e4", "c5", "c4", "Nc6", "Ne2", "Nf6", "Nbc3", "Nb4", "g3", "Nd3#"]
    assert board_a.fen() == board_b.fen() == gb.end().board().fen() == ga.end().board().fen()
    assert gb.end().board().is_checkmate() and gb.errors == [] and gb.end().move.uci() == "b4d3"
    # The second game: its [Variant] tag honoured, as python-chess honours it.
    ga, gb = chess.pgn.read_game(ha), chimera.pgn.read_game(hb)
    assert gb.board().uci_variant == "crazyhouse" and gb.headers["Event"] == "second"
    assert [m.uci() for m in ga.mainline_moves()] == [m.uci() for m in gb.mainline_moves()]
    assert gb.end().board().fen() == ga.end().board().fen()
    assert chess.pgn.read_game(ha) is None and chimera.pgn.read_game(hb) is None


class CountingHandle:
    """A text handle that counts the lines read from it."""

    def __init__(self, text):
        self.lines = io.StringIO(text).readlines()
        self.read = 0

    def readline(self):
        self.read += 1
        return self.lines[self.read - 1] if self.read <= len(self.lines) else ""


def test_pgn_reads_one_game_at_a_time():
    game = '[Event "g"]\n\n1. e4 {a comment\n\nacross lines} e5 2. Nf3 *\n\n'
    handle = CountingHandle(game * 1000)
    first = chimera.pgn.read_game(handle)
    # The first game's lines, to its result token; nothing of the next game.
    assert handle.read == 5 and [m.uci() for m in first.mainline_moves()] == ["e2e4", "e7e5", "g1f3"]
    games = 1
    while chimera.pgn.read_game(handle) is not None:
        games += 1
    assert games == 1000


def test_pgn_chess960_tag():
    text = '[Variant "Chess960"]\n[FEN "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1"]\n\n1. O-O O-O-O *\n'
    ga, gb = chess.pgn.read_game(io.StringIO(text)), chimera.pgn.read_game(io.StringIO(text))
    assert gb.headers.is_chess960() and gb.board().chess960 and gb.errors == []
    assert [m.uci() for m in gb.mainline_moves()] == [m.uci() for m in ga.mainline_moves()] == ["b1h1", "b8a8"]
    assert gb.end().board().fen() == ga.end().board().fen()


def test_pgn_fen_tag_illegal_move_and_defaults():
    text = '[FEN "8/8/8/4k3/8/8/3QK2P/8 w - - 0 1"]\n\n1. Qd4+ Kxd4 2. Qd3 *\n'
    game = chimera.pgn.read_game(io.StringIO(text))
    assert game.board().fen() == "8/8/8/4k3/8/8/3QK2P/8 w - - 0 1"
    assert [m.uci() for m in game.mainline_moves()] == ["d2d4", "e5d4"]
    assert len(game.errors) == 1 and isinstance(game.errors[0], chimera.IllegalMoveError)
    assert game.errors[0].code == "no-such-piece" and "ply 3" in str(game.errors[0])
    assert game.headers["Date"] == "????.??.??" and list(game.headers)[:7] == list(chimera.pgn.SEVEN_TAG_ROSTER)
    unknown = chimera.pgn.read_game(io.StringIO('[Variant "nosuch"]\n\n1. e4 *\n'))
    assert list(unknown.mainline_moves()) == [] and "nosuch" in str(unknown.errors[0])
    with pytest.raises(ValueError):
        unknown.board()
    assert chimera.pgn.read_game(io.StringIO("\n\n% escape\n")) is None


def test_board_agrees_with_every_front_end_on_ends_and_claims():
    # The positions `tests/it/game_over.rs` checks the CLI, serve, web and validate on.
    from test_game_over import cases

    for param in cases():
        case = param.values[0]
        b = chimera.Board(case["variant"], None if case["fen"] == "startpos" else case["fen"])
        for m in case["play"].split():
            b.push_san(m)
        outcome = b.outcome()
        assert (f"{outcome.result()} {outcome.reason}" if outcome else "*") == case["result"]
        # The front ends list no move once the game is over; the board, as python-chess's,
        # still lists them after the draws that leave moves on the board.
        draw_with_moves = outcome is not None and outcome.winner is None and outcome.termination in (
            chimera.Termination.FIVEFOLD_REPETITION, chimera.Termination.SEVENTYFIVE_MOVES,
            chimera.Termination.INSUFFICIENT_MATERIAL, chimera.Termination.REPETITION, chimera.Termination.MOVE_RULE)
        if draw_with_moves:
            # The moves of the same position without its history.
            fresh = chimera.Board(case["variant"], b.fen(en_passant="fen"))
            assert len(b.legal_moves) == len(list(b.legal_moves)) == len(fresh.legal_moves) > 0
            if case["variant"] == "chess":
                assert len(b.legal_moves) == chess.Board(b.fen()).legal_moves.count()
        else:
            assert len(b.legal_moves) == len(list(b.legal_moves)) == int(case["moves"])
        words = " ".join(ast.literal_eval(case["claims"]))
        assert b.can_claim_threefold_repetition() == ("repetition" in words)
        assert b.can_claim_fifty_moves() == ("-move rule" in words)
        assert b.can_claim_draw() == bool(words)
        assert (b.outcome(claim_draw=True) is not None) == bool(outcome or words)


# --- the board's own API --------------------------------------------------------------


def test_moves_and_squares():
    m = chimera.Move.from_uci("e7e8q")
    assert (m.from_square, m.to_square, m.promotion, m.drop) == (chess.E7, chess.E8, chimera.QUEEN, None)
    d = chimera.Move.from_uci("N@f3")
    assert (d.from_square, d.to_square, d.drop) == (chess.F3, chess.F3, chimera.KNIGHT)
    assert m == chimera.Move.from_uci("e7e8q") and hash(m) == hash(chimera.Move.from_uci("e7e8q")) and m != d
    assert not chimera.Move.null() and chimera.Move.null().uci() == "0000" and bool(m)
    assert repr(m) == repr(chess.Move.from_uci("e7e8q"))
    # Other boards: the same formula with their width (capablanca is 10 files wide).
    wide = chimera.Move.from_uci("a10j10", files=10)
    assert (wide.from_square, wide.to_square) == (90, 99)
    assert chimera.square_name(chess.E4) == "e4" and chimera.parse_square("e4") == chess.E4
    assert chimera.parse_square("j10", files=10) == 99 and chimera.square_name(99, files=10) == "j10"
    for bad in ["e9e4x1", "e2", "Nf3", "e2e4Q", "z1z2"]:
        with pytest.raises(chimera.InvalidMoveError):
            chimera.Move.from_uci(bad)
    with pytest.raises(ValueError):
        chimera.parse_square("i1")


def test_errors_are_python_chess_shaped():
    b = chimera.Board()
    with pytest.raises(chimera.InvalidMoveError):
        b.push_uci("hello")
    with pytest.raises(chimera.IllegalMoveError):
        b.push_uci("e2e5")
    with pytest.raises(chimera.IllegalMoveError):
        b.push(chimera.Move.from_uci("e2e5"))
    b.set_fen("k7/8/8/8/8/8/8/KN3N2 w - - 0 1")
    with pytest.raises(chimera.AmbiguousMoveError):
        b.parse_san("Nd2")
    for cls in (chimera.InvalidMoveError, chimera.IllegalMoveError, chimera.AmbiguousMoveError):
        assert issubclass(cls, chimera.IllegalMove) and issubclass(cls, ValueError)
    assert not b.is_legal(chimera.Move.from_uci("b1b2")) and b.is_legal(chimera.Move.from_uci("b1d2"))
    with pytest.raises(chimera.FenError):
        chimera.Board(fen="not a fen")


def test_copy_equality_hash_and_stack():
    b = chimera.Board()
    for san in ["e4", "e5", "Nf3"]:
        b.push_san(san)
    c = b.copy()
    assert isinstance(c, chimera.Board) and c == b and hash(c) == hash(b) and c.move_stack == b.move_stack
    c.pop()
    assert c != b and len(b.move_stack) == 3
    fresh = b.copy(stack=False)
    assert fresh == b and fresh.move_stack == [] and copy.copy(b).move_stack == b.move_stack
    # The same position reached by other moves is equal (python-chess compares positions).
    one, other = chimera.Board(), chimera.Board()
    for san in ["Nf3", "Nf6", "Nc3", "Nc6"]:
        one.push_san(san)
    for san in ["Nc3", "Nc6", "Nf3", "Nf6"]:
        other.push_san(san)
    assert one == other and hash(one) == hash(other) and len({one, other}) == 1
    assert chimera.Board() != chimera.Board("crazyhouse") or chimera.Board().fen() != chimera.Board("crazyhouse").fen()
    b.reset()
    assert b == chimera.Board() and b.move_stack == [] and b.ply() == 0


def test_lan_gives_check_and_capture():
    a, b = chess.Board(), chimera.Board()
    for san in ["e4", "d5", "Bb5+", "c6"]:
        same(a, b, "push_san", san)
    for uci in ["b5c6", "e4d5", "b5a4", "d1h5", "g1f3"]:
        assert a.lan(chess.Move.from_uci(uci)) == b.lan(chimera.Move.from_uci(uci))
        assert a.is_capture(chess.Move.from_uci(uci)) == b.is_capture(chimera.Move.from_uci(uci))
        assert a.gives_check(chess.Move.from_uci(uci)) == b.gives_check(chimera.Move.from_uci(uci))
    assert b.lan(chimera.Move.from_uci("b5c6")) == "Bb5xc6+" and b.lan("g1f3") == "Ng1-f3"


def test_other_variants_and_960():
    b = chimera.Board("capablanca")
    assert (b.files, b.ranks) == (10, 8) and len(str(b).splitlines()) == 8
    assert b.push_san("e4").to_square == chimera.parse_square("e4", files=10)
    assert b.pockets is None and chimera.Board().pockets is None
    h = chimera.Board("crazyhouse")
    for san in ["e4", "d5", "exd5", "Qxd5"]:
        h.push_san(san)
    assert str(h.pockets[chimera.WHITE]) == "p" and h.pockets[chimera.BLACK].count("p") == 1 and len(h.pockets[True]) == 1
    drop = h.push_san("P@e4")
    assert drop.drop == chimera.PAWN and drop.uci() == "P@e4" and h.pockets[chimera.WHITE].pieces() == {}
    fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1"
    a, b = chess.Board(fen, chess960=True), chimera.Board("chess", fen, chess960=True)
    assert sorted(m.uci() for m in a.legal_moves) == sorted(m.uci() for m in b.legal_moves)
    assert same(a, b, "push_san", "O-O") == "b1h1"
    assert same(a, b, "push_san", "O-O-O") == "b8a8"
    assert same(a, b, "fen") == "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2"


# --- random games of the variants beside python-chess's variant boards -----------------

VARIANTS = {
    "chess": chess.Board,
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "atomic": chess.variant.AtomicBoard,
    "3check": chess.variant.ThreeCheckBoard,
    "horde": chess.variant.HordeBoard,
    "racingkings": chess.variant.RacingKingsBoard,
}


def normalised_fen(name, a, en_passant="legal"):
    """python-chess's FEN written as Chimera writes it: the same but for 3check's
    counter, which Chimera writes as checks given, `checks=W/B` at the end, where
    python-chess writes the checks each side has left to give (`3+3`) before the clocks."""
    if name != "3check":
        return a.fen(en_passant=en_passant)
    fields = a.fen(en_passant=en_passant).split()
    left_white, left_black = (int(n) for n in fields.pop(4).split("+"))
    return " ".join(fields) + f" checks={3 - left_white}/{3 - left_black}"


def normalised_san(name, after, san):
    """python-chess's SAN (`after` is the board after the move) as Chimera writes it: python-chess drops a pawn as `@e4`,
    Chimera (and Fairy-Stockfish) as `P@e4`; python-chess ends a move that wins by a
    variant's rule (an exploded king, a king on the eighth rank) with `#`, Chimera only
    a checkmate."""
    if san.startswith("@"):
        san = "P" + san
    if san.endswith("#") and not after.is_checkmate():
        san = san[:-1] + ("+" if after.is_check() else "")
    return san


def explained_end(name, a, oa, ob):
    """Why python-chess's outcome `oa` and Chimera's `ob` may differ here, or None."""
    # Atomic: python-chess ends the game on material neither side can win with there
    # (a lone king v minor pieces); Chimera's atomic ruleset has no dead-position rule
    # and plays on.
    if name == "atomic" and oa and oa.termination.name == "INSUFFICIENT_MATERIAL" and ob is None:
        return "atomic insufficient material"
    return None


def boards(name, rng):
    """python-chess's board and Chimera's at the start of a game of `name`."""
    if name == "chess960":
        a = chess.Board.from_chess960_pos(rng.randrange(960))
        return a, chimera.Board("chess", a.fen(), chess960=True)
    return VARIANTS[name](), chimera.Board(name)


def play_random_games(name, games, seed):
    rng = random.Random(seed)
    explained, ends = set(), set()
    for _ in range(games):
        a, b = boards(name, rng)
        while True:
            oa, ob = a.outcome(), b.outcome()
            assert a.is_check() == b.is_check(), a.fen()
            assert normalised_fen(name, a) == b.fen()
            assert normalised_fen(name, a, "fen") == b.fen(en_passant="fen")
            if name == "crazyhouse":
                for color in (chess.WHITE, chess.BLACK):
                    for pt in chess.PIECE_TYPES:
                        assert a.pockets[color].count(pt) == b.pockets[color].count(chess.piece_symbol(pt))
            if oa is not None or ob is not None:
                break
            moves = list(a.legal_moves)
            assert sorted(m.uci() for m in moves) == sorted(m.uci() for m in b.legal_moves), a.fen()
            assert len(moves) == len(b.legal_moves)
            # Forcing moves half the time, so that games reach the variants' own ends.
            forcing = [m for m in moves if a.is_capture(m) or a.gives_check(m)
                       or (name == "racingkings" and chess.square_rank(m.to_square) > chess.square_rank(m.from_square))]
            m = rng.choice(forcing if forcing and rng.random() < 0.6 else moves)
            mb = chimera.Move.from_uci(m.uci())
            assert a.is_capture(m) == b.is_capture(mb) and a.gives_check(m) == b.gives_check(mb)
            san_a, san_b = a.san(m), b.san(mb)
            a.push(m)
            assert b.push_uci(m.uci()) == mb
            assert normalised_san(name, a, san_a) == san_b, f"{san_a} {san_b} {a.fen()}"
        oa, ob = a.outcome(), b.outcome()
        ends.add(ob and ob.termination.name)
        if outcome_of(oa) != outcome_of(ob):
            why = explained_end(name, a, oa, ob)
            assert why, f"{name} {a.fen()}: python-chess {oa}, chimera {ob}"
            explained.add(why)
        else:
            assert a.result() == b.result() and a.is_game_over() == b.is_game_over()
            assert a.is_checkmate() == b.is_checkmate() and a.is_stalemate() == b.is_stalemate()
    return explained, ends


@pytest.mark.parametrize("name", [*VARIANTS, "chess960"])
def test_random_games_agree_with_python_chess(name):
    explained, ends = play_random_games(name, games=8, seed=2026)
    # The games reach the variants' own ends, so that those are compared too.
    if name in ("atomic", "3check", "horde", "racingkings"):
        assert ends & {"VARIANT_WIN", "VARIANT_LOSS", "VARIANT_DRAW"}, ends


def test_chu_shogi_lion_moves_and_letterless_faces():
    # Chu shogi's lion takes twice in one move, written by its three squares; promoted
    # pieces without a letter of their own are `+` and their base's letter.
    board = chimera.Board("chushogi", "11k/12/12/12/12/4gp6/4N7/3G8/12/12/12/K11 w - - 0 1")
    double = chimera.Move.from_uci("e6e7f7", files=12)
    assert (double.from_square, double.to_square) == (5 * 12 + 4, 6 * 12 + 5)
    assert double in board.legal_moves
    assert board.san(double) == "Nxe7xf7"
    board.push_uci("e6e7f7")
    assert board.piece_at(6 * 12 + 5).symbol() == "N" and board.piece_at(6 * 12 + 4) is None
    # A pawn entering the zone (ranks 9-12) may promote: `b8b9+`.
    tokin = chimera.Board("chushogi", "11k/12/12/12/1P10/12/12/12/12/12/12/K11 w - - 0 1")
    promote = tokin.push_uci("b8b9+")
    assert promote.promotion == "+p"
    assert tokin.piece_at(8 * 12 + 1).symbol() == "+P"
    assert tokin.fen().startswith("11k/12/12/1+P10/")
