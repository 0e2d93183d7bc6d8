"""`chimera.Board`'s python-chess API in the other variants: the constructor's rule for
telling a variant from a FEN, piece types beyond the six chess ones, attacks of fairy
pieces, variant ends and check counts beside python-chess's variant boards, set-ups the
rules refuse, and a sweep of every built-in variant through the whole API."""

import pickle
import random

import pytest

import chimera

chess = pytest.importorskip("chess")
import chess.variant  # noqa: E402


def test_constructor_forms():
    assert chimera.Board().fen() == chimera.STARTING_FEN
    assert chimera.Board("crazyhouse").uci_variant == "crazyhouse"
    assert chimera.Board(variant="crazyhouse").fen() == chimera.Board("crazyhouse").fen()
    assert chimera.Board(chimera.variant("atomic")).uci_variant == "atomic"
    fen = "8/8/8/2k5/4K3/8/8/8 w - - 4 45"
    assert chimera.Board(fen).fen() == chimera.Board(fen=fen).fen() == chimera.Board("chess", fen).fen() == fen
    board = chimera.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1", variant="crazyhouse")
    assert board.uci_variant == "crazyhouse" and board.turn == chimera.BLACK
    assert chimera.Board("crazyhouse", None).fen() == chimera.Board("crazyhouse").fen()
    assert chimera.Board(None).fen() == "8/8/8/8/8/8/8/8 w - - 0 1"
    assert chimera.Board(None, variant="crazyhouse").fen() == "8/8/8/8/8/8/8/8[] w - - 0 1"
    assert chimera.Board(chess960=True).chess960 and chimera.Board.empty().piece_map() == {}
    assert chimera.BaseBoard().board_fen() == chimera.STARTING_BOARD_FEN and repr(chimera.BaseBoard(None)) == "BaseBoard('8/8/8/8/8/8/8/8')"
    assert chimera.BaseBoard(variant="xiangqi").board_fen() == chimera.Board("xiangqi").board_fen()
    with pytest.raises(TypeError):
        chimera.Board("crazyhouse", variant="atomic")
    with pytest.raises(ValueError):
        chimera.Board("nosuchvariant")  # neither a variant nor a FEN


def test_ruleset_path_is_a_variant(tmp_path):
    path = tmp_path / "wazir-knights.toml"
    path.write_text('extends = "chess"\nname = "wazir-knights"\n[pieces.knight]\nbetza = "NW"\n')
    board = chimera.Board(str(path))
    assert board.uci_variant == "wazir-knights" and chimera.Board(path).uci_variant == "wazir-knights"
    # The knight on b1 now also steps to b2's neighbours: a1? (occupied by its rook), c1, b2.
    assert board.attacks(chimera.B1) == chimera.SquareSet([chimera.A1, chimera.C1, chimera.B2, chimera.D2, chimera.A3, chimera.C3])
    with pytest.raises(TypeError):
        pickle.dumps(board)


def test_lettered_piece_types_in_xiangqi():
    board = chimera.Board("xiangqi")
    assert (board.files, board.ranks) == (9, 10)
    b3 = chimera.parse_square("b3", files=9)
    cannon = board.piece_at(b3)
    assert cannon.piece_type == "c" and cannon.symbol() == "C" and cannon == chimera.Piece("c", chimera.WHITE)
    assert board.piece_at(chimera.parse_square("b1", files=9)).piece_type == chimera.KNIGHT  # the horse, `n`
    assert len(board.pieces("c", chimera.WHITE)) == 2 and len(board.pieces(chimera.PAWN, chimera.BLACK)) == 5
    # The cannon attacks over its screen: the black horse on b10, behind the cannon on b8.
    assert list(board.attacks(b3)) == [chimera.parse_square("b10", files=9)]
    assert board.is_attacked_by(chimera.WHITE, chimera.parse_square("b10", files=9))
    assert board.king(chimera.WHITE) == chimera.parse_square("e1", files=9)
    move = board.push_san("Cxb10")
    assert move.to_square == chimera.parse_square("b10", files=9) and board.is_capture(board.parse_san("Rxb10")) is True


def test_crazyhouse_pockets_and_drops():
    a, b = chess.variant.CrazyhouseBoard(), chimera.Board("crazyhouse")
    for san in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"]:
        a.push_san(san)
        b.push_san(san)
    for color in chimera.COLORS:
        for pt in chimera.PIECE_TYPES:
            assert a.pockets[color].count(pt) == b.pockets[color].count(pt) == b.pockets[color].count(chimera.piece_symbol(pt))
    drop = b.parse_san("P@e4")
    assert drop.drop == chimera.PAWN and drop == chess.Move.from_uci("P@e4") and b.is_legal(drop)
    # `is_zeroing` is whether the rules reset the halfmove clock: not for a drop here
    # (python-chess's `CrazyhouseBoard.is_zeroing` says True, and then does not reset it).
    assert not b.is_capture(drop) and not b.is_zeroing(drop)
    after = b.copy()
    after.push(drop)
    assert after.halfmove_clock == b.halfmove_clock + 1
    mirrored = b.mirror()
    assert mirrored.pockets[chimera.BLACK].count(chimera.PAWN) == 1 and mirrored.turn == chimera.BLACK


def test_three_check_counts_and_its_fen():
    a, b = chess.variant.ThreeCheckBoard(), chimera.Board("3check")
    for san in ["e4", "d5", "Bb5+", "c6", "Bxc6+"]:
        a.push_san(san)
        b.push_san(san)
    assert b.remaining_checks == a.remaining_checks == [3, 1]
    # python-chess's FEN (checks left before the clocks) reads as the same position.
    assert chimera.Board(a.fen(), variant="3check").fen() == b.fen()
    assert chimera.Board().remaining_checks is None


@pytest.mark.parametrize("name, cls", [
    ("atomic", chess.variant.AtomicBoard),
    ("kingofthehill", chess.variant.KingOfTheHillBoard),
    ("3check", chess.variant.ThreeCheckBoard),
    ("racingkings", chess.variant.RacingKingsBoard),
    ("antichess", chess.variant.AntichessBoard),
])
def test_variant_ends_as_python_chess(name, cls):
    """Random games (taking a move that ends the game by the variant's rule whenever
    there is one) on python-chess's variant board and Chimera's: the same end, seen the
    same way by `is_variant_*`."""
    rng = random.Random(name)
    ends = 0
    for _ in range(6):
        a, b = cls(), chimera.Board(name)
        while not a.is_game_over() and a.ply() < 300:
            moves = list(a.legal_moves)
            ending = []
            for m in moves:
                a.push(m)
                if a.is_variant_end():
                    ending.append(m)
                a.pop()
            m = ending[0] if ending else rng.choice(moves)
            a.push(m)
            b.push_uci(m.uci())
        if name == "antichess" and a.is_insufficient_material() and not b.is_game_over():
            # python-chess's antichess is drawn when the sides' bishops can never meet;
            # Chimera's ruleset has no such rule and plays on.
            continue
        for call in ["is_variant_end", "is_variant_win", "is_variant_loss", "is_variant_draw", "is_game_over", "result"]:
            assert getattr(a, call)() == getattr(b, call)(), (call, a.fen())
        if b.is_variant_end():
            ends += 1
            assert b.legal_moves.count() == 0 and list(b.legal_moves) == []
            with pytest.raises(chimera.IllegalMoveError) as e:
                b.push(m)
            assert e.value.code == "game-over"
    assert ends


def test_refused_setups_in_variants():
    board = chimera.Board(None, variant="crazyhouse")
    board.set_piece_at(chimera.E1, chimera.Piece(chimera.KING, chimera.WHITE))
    assert not board.is_valid() and board.status() & chimera.STATUS_NO_BLACK_KING
    assert board.legal_moves.count() == 0 and board.pockets[chimera.WHITE].pieces() == {}
    with pytest.raises(chimera.IllegalMoveError):
        board.push_san("Kd1")
    board.set_piece_at(chimera.E8, chimera.Piece(chimera.KING, chimera.BLACK))
    assert board.is_valid() and board.legal_moves.count() == 5 and board.fen() == "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
    with pytest.raises(ValueError):
        board.set_piece_at(chimera.D4, chimera.Piece("c", chimera.WHITE))  # no cannon in crazyhouse


def test_pickle_keeps_the_moves():
    board = chimera.Board("crazyhouse")
    for san in ["e4", "d5", "exd5"]:
        board.push_san(san)
    board.push(chimera.Move.null())
    clone = pickle.loads(pickle.dumps(board))
    assert clone == board and clone.move_stack == board.move_stack and clone.pop() == chimera.Move.null()
    board = chimera.Board()
    board.turn = chimera.BLACK
    assert pickle.loads(pickle.dumps(board)) == board


def test_pseudo_legal_moves_include_the_legal_ones_and_moves_into_check():
    # The rook on e2 is pinned by the chancellor on e8.
    board = chimera.Board("capablanca", "k3c5/10/10/10/10/10/4R5/4K5 w - - 0 1")
    legal = {m.uci() for m in board.legal_moves}
    pseudo = {m.uci() for m in board.pseudo_legal_moves}
    assert legal < pseudo and "e2d2" in pseudo - legal and all(board.is_into_check(chimera.Move.from_uci(m, files=10)) for m in pseudo - legal)


BUILTINS = chimera.builtins()


@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_variant_through_the_api(name):
    """The python-chess API on the start of every built-in variant and along a short
    random game: nothing raises, and the answers agree with one another."""
    try:
        board = chimera.Board(name)
    except ValueError as e:  # a ruleset that needs a second board (bughouse): its own class
        pytest.skip(str(e))
    rng = random.Random(name)
    for _ in range(12):
        assert board.is_valid(), (name, board.fen(), board.status())
        assert chimera.Board(name, board.fen(en_passant="fen")).fen() == board.fen()
        pieces = board.piece_map()
        assert set(pieces) == set(chimera.SquareSet(board.occupied, files=board.files, ranks=board.ranks))
        for sq, piece in pieces.items():
            assert board.piece_at(sq) == piece and board.color_at(sq) == piece.color
            assert board.pieces(piece.piece_type, piece.color).__contains__(sq)
            board.attacks(sq)
        for color in chimera.COLORS:
            king = board.king(color)
            if king is not None:
                board.attackers(not color, king)
                board.pin(color, king)
        checkers = board.checkers()
        assert bool(checkers) == board.is_check() or not board.one_king, (name, board.fen())
        legal = list(board.legal_moves)
        assert len(legal) == board.legal_moves.count()
        pseudo = {m.uci() for m in board.pseudo_legal_moves}
        assert {m.uci() for m in legal} <= pseudo
        assert str(board) and board.unicode() and board.epd() and board.mirror().mirror() == board
        copy = board.copy()
        assert copy == board and copy.move_stack == board.move_stack
        if not legal:
            break
        move = rng.choice(legal)
        board.is_capture(move), board.is_castling(move), board.is_en_passant(move), board.is_zeroing(move)
        san = board.san(move)
        assert board.parse_san(san) == move
        board.push(move)
        assert board.peek() == move
    while board.move_stack:
        board.pop()
    assert board == chimera.Board(name)
