"""`chimera.pgn`'s game model and visitors beside python-chess's `chess.pgn` (issue 50):
games with variations, comments and NAGs read by both and written back the same,
nodes that answer the same, the visitors (`read_headers`, `skip_game`, `BoardBuilder`,
a visitor of one's own), and the model edited as python-chess's documentation edits it.

The random trees are made with python-chess (random legal moves, variations at random
nodes, comments, NAGs, clocks), written by it, and read by both readers: each game's
export, and every node's move, SAN, ply, comments and NAGs, must be the same.
"""

from __future__ import annotations

import io
import logging
import random

import pytest

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402
import chess.variant  # noqa: E402

import chimera  # noqa: E402
import chimera.pgn  # noqa: E402

SEED = 20261202


@pytest.fixture(autouse=True)
def quiet_logs():
    # Both readers log each error they keep in `Game.errors`.
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


def both(text, **kwargs):
    return chess.pgn.read_game(io.StringIO(text), **kwargs), chimera.pgn.read_game(io.StringIO(text), **kwargs)


def nodes(game, san=True):
    """Every node of a game in PGN order, as comparable values (without SAN where the
    two libraries write it differently: a variant's pawn drop, docs/src/python.md)."""
    out, stack = [], [game]
    while stack:
        node = stack.pop()
        seen = (node.move.uci() if node.move else None, node.comment, node.starting_comment, sorted(node.nags), node.ply(),
                node.turn(), node.is_mainline(), node.is_main_variation(), node.starts_variation(), node.is_end(),
                len(node.variations), node.clock())
        if node.parent is not None:
            seen += (node.san() if san else None, node.uci(), node.board().fen() if san else node.board().board_fen())
        out.append(seen)
        stack.extend(reversed(node.variations))
    return out


def random_tree(rng, board_class=chess.Board, plies=24):
    """A random python-chess game with variations, comments, NAGs and clocks."""
    game = chess.pgn.Game()
    if board_class is not chess.Board:
        game.setup(board_class())
    if rng.random() < 0.3:
        game.comment = "before the moves"
    frontier = [game]
    for _ in range(plies):
        node = rng.choice(frontier) if rng.random() < 0.3 else frontier[-1]
        board = node.board()
        moves = [m for m in board.legal_moves if not node.has_variation(m)]
        if not moves or board.is_game_over():
            continue
        child = node.add_variation(rng.choice(moves))
        if rng.random() < 0.25:
            child.comment = rng.choice(["a comment", "two\nlines", "{braces}", "  spaced  "])
        if rng.random() < 0.1 and child.starts_variation():
            child.starting_comment = "alternatively"
        if rng.random() < 0.25:
            child.nags.update(rng.sample([1, 2, 3, 4, 5, 6, 14, 18, 146], rng.randint(1, 2)))
        if rng.random() < 0.15:
            child.set_clock(rng.choice([59.5, 3600, 7322.25]))
        frontier.append(child)
    game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    return game


def test_random_trees_read_and_written_as_python_chess():
    rng = random.Random(SEED)
    print(f"seed {SEED}")
    for _ in range(60):
        text = str(random_tree(rng))
        a, b = both(text)
        assert str(b) == str(a) == text
        assert nodes(b) == nodes(a)
        assert b.errors == []
        for columns, headers, comments, variations in [(80, True, True, True), (40, False, True, False), (None, True, False, True)]:
            options = {"columns": columns, "headers": headers, "comments": comments, "variations": variations}
            assert b.accept(chimera.pgn.StringExporter(**options)) == a.accept(chess.pgn.StringExporter(**options))


@pytest.mark.parametrize("board_class", [chess.variant.CrazyhouseBoard, chess.variant.AtomicBoard, chess.variant.ThreeCheckBoard])
def test_variant_trees_read_and_written_as_python_chess(board_class):
    rng = random.Random(SEED + hash(board_class.uci_variant) % 1000)
    for _ in range(8):
        text = str(random_tree(rng, board_class))
        a, b = both(text)
        assert b.board().uci_variant == board_class.uci_variant and b.errors == []
        assert nodes(b, san=False) == nodes(a, san=False)
        # Chimera's export, read by python-chess, is the same game.
        assert nodes(chess.pgn.read_game(io.StringIO(str(b))), san=False) == nodes(a, san=False)


def test_annotations_as_python_chess_reads_them():
    text = ('[Event "x"]\n\n{before} 1. e4! {good} $14 (1. d4 d5 { hm } (1... Nf6 2. c4) 2. c4?) (1. c4 ; to the line end\n)'
            " 1... e5!? 2. Nf3 $146 Nc6 3. Bb5 a6 {Ruy\nLopez} 4. Ba4 Nf6 5. O-O 1-0")
    a, b = both(text)
    assert str(b) == str(a)
    assert nodes(b) == nodes(a)
    assert b.comment == "before" and b.next().nags == {chimera.pgn.NAG_GOOD_MOVE, chimera.pgn.NAG_WHITE_SLIGHT_ADVANTAGE}
    assert [v.san() for v in b.variations] == ["e4", "d4", "c4"]
    assert b.variations[1].next().comment == "hm" and b.end().board().fen() == a.end().board().fen()


def test_a_variation_opened_before_its_line_s_first_move():
    # python-chess's reader pops its board again: the inner variation replaces the move
    # before the outer one's.
    text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 ( ( 2... d6 3. d4 ) 3. Bc4 Bc5 ) 3... a6 *"
    a, b = both(text)
    assert str(b) == str(a) and nodes(b) == nodes(a) and b.errors == []
    board_a = chess.pgn.read_game(io.StringIO(text), Visitor=chess.pgn.BoardBuilder)
    board_b = chimera.pgn.read_game(io.StringIO(text), Visitor=chimera.pgn.BoardBuilder)
    assert board_b.fen() == board_a.fen() and len(board_b.move_stack) == 6


def test_a_move_that_cannot_be_played_ends_its_line_only():
    a, b = both("1. e4 (1. d4 Ke3 2. c4) e5 2. Nf3 1-0")
    assert [m.uci() for m in b.mainline_moves()] == ["e2e4", "e7e5", "g1f3"]
    assert [v.uci() for v in b.variations] == ["e2e4", "d2d4"] and b.variations[1].is_end()
    assert len(b.errors) == 1 and isinstance(b.errors[0], chimera.IllegalMoveError) and b.errors[0].code == "piece-cannot-move-there"
    # python-chess leaves the variation's board on its stack here, and so reads the
    # result token as a move (a second error, and the result lost): Chimera keeps it.
    assert b.headers["Result"] == "1-0" and a.headers["Result"] == "*" and len(a.errors) == 2
    # In the main line, the rest of the game is not read (as python-chess).
    a, b = both("1. e4 e5 2. Ke3 Nc6 3. Nf3 *")
    assert [m.uci() for m in b.mainline_moves()] == [m.uci() for m in a.mainline_moves()] == ["e2e4", "e7e5"]


def test_headers_and_skipping():
    text = ('[Event "one"]\n[White "A"]\n\n1. e4 (1. d4) e5 1-0\n\n[Event "two"]\n[Black "B"]\n[Custom "c"]\n\n1. d4 *\n\n'
            '[Event "three"]\n\n1. c4 *\n')
    ha, hb = io.StringIO(text), io.StringIO(text)
    first = chimera.pgn.read_headers(hb)
    assert dict(first) == dict(chess.pgn.read_headers(ha)) and isinstance(first, chimera.pgn.Headers)
    assert chimera.pgn.skip_game(hb) and chess.pgn.skip_game(ha)
    a, b = chess.pgn.read_game(ha), chimera.pgn.read_game(hb)
    assert b.headers["Event"] == "three" and str(b) == str(a)
    assert chimera.pgn.read_headers(hb) is None and not chimera.pgn.skip_game(hb)
    headers = chimera.pgn.Headers(White="x", Custom="y")
    assert list(headers) == ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Custom"]
    assert repr(chimera.pgn.Headers({"Foo": "1", "Result": "*"})) == "Headers(Result='*', Foo='1')"
    with pytest.raises(ValueError):
        headers["bad tag"] = "x"
    with pytest.raises(ValueError):
        headers["Note"] = "two\nlines"


def test_visitors():
    text = "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {x} Nc6 $1 *"
    a, b = both(text, Visitor=chess.pgn.BoardBuilder)
    assert b.fen() == a.fen() and [m.uci() for m in b.move_stack] == [m.uci() for m in a.move_stack]

    class Recorder(chimera.pgn.BaseVisitor):
        def __init__(self):
            self.seen = []

        def visit_move(self, board, move):
            self.seen.append(board.san(move))

        def visit_comment(self, comment):
            self.seen.append(f"{{{comment}}}")

        def visit_nag(self, nag):
            self.seen.append(f"${nag}")

        def begin_variation(self):
            self.seen.append("(")

        def end_variation(self):
            self.seen.append(")")

        def result(self):
            return self.seen

    class ChessRecorder(Recorder, chess.pgn.BaseVisitor):
        pass

    recorded = chimera.pgn.read_game(io.StringIO(text), Visitor=Recorder)
    assert recorded == chess.pgn.read_game(io.StringIO(text), Visitor=ChessRecorder)
    assert recorded == ["e4", "e5", "(", "c5", "Nf3", ")", "Nf3", "{x}", "Nc6", "$1"]
    # The same visitor walking the built game.
    assert chimera.pgn.read_game(io.StringIO(text)).accept(Recorder()) == recorded

    class LenientBuilder(chimera.pgn.GameBuilder):
        """Reads moves written in lower case, as a quirk of some files."""

        def parse_san(self, board, san):
            return board.parse_san(san[0].upper() + san[1:] if san[0] in "nbrqk" else san)

    game = chimera.pgn.read_game(io.StringIO("1. e4 e5 2. nf3 nc6 *"), Visitor=LenientBuilder)
    assert game.errors == [] and [m.uci() for m in game.mainline_moves()] == ["e2e4", "e7e5", "g1f3", "b8c6"]

    class Strict(chimera.pgn.GameBuilder):
        def handle_error(self, error):
            raise error

    with pytest.raises(chimera.IllegalMoveError):
        chimera.pgn.read_game(io.StringIO("1. e4 Ke5 *"), Visitor=Strict)


def test_the_model_edited_as_python_chess_documents():
    results = []
    for pgn in (chess.pgn, chimera.pgn):
        game = pgn.Game()
        game.headers["Event"] = "Example"
        node = game.add_variation(chess.Move.from_uci("e2e4") if pgn is chess.pgn else chimera.Move.from_uci("e2e4"))
        move = (chess if pgn is chess.pgn else chimera).Move.from_uci
        node = node.add_variation(move("e7e5"))
        node.comment = "Comment"
        alt = node.parent.add_variation(move("c7c5"), starting_comment="Sicilian", nags=[pgn.NAG_SPECULATIVE_MOVE])
        node.parent.promote(alt)
        node.parent.demote(alt)
        end = node.add_line([move("g1f3"), move("b8c6")], comment="line", nags=[3])
        end.set_clock(3723.5)
        end.set_emt(12)
        other = node.add_main_variation(move("f1c4"))
        node.promote_to_main(node.variations[1])
        node.remove_variation(other)
        subgame = node.accept_subgame(pgn.StringExporter())
        with io.StringIO() as handle:
            written = game.accept(pgn.FileExporter(handle))
            text = handle.getvalue()
        results.append((str(game), subgame, written, text, end.clock(), end.emt(), repr(game.headers), node.san(), end.ply(),
                        str(game.mainline()), [str(m) for m in reversed(game.mainline_moves())], game.end().uci()))
    assert results[1] == results[0]


def test_games_from_boards_and_setups():
    board_a, board_b = chess.Board(), chimera.Board()
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        board_a.push_uci(uci)
        board_b.push_uci(uci)
    a, b = chess.pgn.Game.from_board(board_a), chimera.pgn.Game.from_board(board_b)
    assert str(b) == str(a) and b.headers["Result"] == "0-1"
    fen = "8/8/8/4k3/8/8/3QK2P/8 w - - 0 1"
    a, b = chess.pgn.Game(), chimera.pgn.Game()
    a.setup(fen)
    b.setup(fen)
    assert dict(b.headers) == dict(a.headers) and b.board().fen() == fen and b.ply() == a.ply()
    # A variant's setup names it, and reads back.
    game = chimera.pgn.Game()
    game.setup(chimera.Board("crazyhouse"))
    game.add_line([chimera.Move.from_uci(u) for u in ["e2e4", "d7d5", "e4d5", "d8d5"]])
    again = chimera.pgn.read_game(io.StringIO(str(game)))
    assert again.board().uci_variant == "crazyhouse" and str(again) == str(game) and again.errors == []


def test_every_variant_written_and_read_back():
    # Random games with a variation at every tenth ply, in every built-in variant:
    # written by the exporter (the engine's SAN), read back to the same tree.
    rng = random.Random(SEED)
    for name in chimera.builtins():
        try:
            board = chimera.Board(name)
        except ValueError:  # a ruleset of two boards (bughouse): a game of its own kind
            continue
        game = chimera.pgn.Game()
        game.setup(board)
        node = game
        for ply in range(30):
            b = node.board()
            moves = list(b.legal_moves)
            if not moves or b.is_game_over():
                break
            picks = rng.sample(moves, min(2, len(moves)))
            for alt in picks[1:] if ply % 10 == 5 else []:
                node.add_variation(alt).comment = f"alternative {ply}"
            node = node.add_main_variation(picks[0])
        text = str(game)
        again = chimera.pgn.read_game(io.StringIO(text))
        assert again.errors == [], (name, text, again.errors)
        assert str(again) == text, name


def test_every_public_name_of_chess_pgn():
    import types

    public = {n for n in dir(chess.pgn) if not n.startswith("_") and not isinstance(getattr(chess.pgn, n), types.ModuleType)}
    # Typing helpers and the reader's regular expressions (docs/src/python.md).
    absent = {"MOVETEXT_REGEX", "SKIP_MOVETEXT_REGEX", "TAG_REGEX", "LOGGER", "Color", "Square",
              "Dict", "GameT", "Generic", "HeadersT", "Iterable", "Iterator", "List", "Literal", "Mapping", "MainlineMapT",
              "MutableMapping", "ResultT", "Set", "Tuple", "Type", "TypeVar"}
    assert sorted(n for n in public - absent if not hasattr(chimera.pgn, n)) == []
    node_methods = {n for n in dir(chess.pgn.ChildNode) if not n.startswith("_")}
    assert sorted(n for n in node_methods if not hasattr(chimera.pgn.ChildNode, n)) == []
    game_methods = {n for n in dir(chess.pgn.Game) if not n.startswith("_")}
    assert sorted(n for n in game_methods if not hasattr(chimera.pgn.Game, n)) == []


def _arrows(node):
    return [(a.tail, a.head, a.color) for a in node.arrows()]


def test_evals_and_arrows_as_python_chess():
    import chess.engine
    import chess.svg

    import chimera.engine
    import chimera.svg

    rng = random.Random(SEED)
    annotations = ["[%eval 0.17]", "[%eval -1.5,20]", "[%eval #3]", "[%eval #-2,7]", "[%eval #0]", "[%eval 12.]",
                   "[%csl Gd4]", "[%cal Ge2e4,Rd1h5]", "[%csl Rd4,Ya1][%cal Bb1c3]", "[%eval x]", "[%cal Xe2e4]", "[%clk 0:01:00]"]
    for _ in range(200):
        parts = rng.sample(annotations, rng.randint(0, 4)) + rng.sample(["good", "{x}", "", "two words"], 1)
        comment = rng.choice(["", " "]).join(parts)
        moves = rng.choice(["1. e4", "1. e4 e5", "1. e4 e5 2. Nf3"])
        a, b = both(f"{moves} {{ {comment} }} *")
        a, b = a.end(), b.end()
        assert (b.comment, b.eval_depth(), _arrows(b)) == (a.comment, a.eval_depth(), _arrows(a)), comment
        assert repr(b.eval()) == repr(a.eval()), comment
        # Set an evaluation and arrows, and take them away, on both.
        score = rng.choice([(chess.engine.Cp, chimera.engine.Cp, rng.randint(-900, 900)), (chess.engine.Mate, chimera.engine.Mate, rng.choice([-3, 2]))])
        turn = rng.choice([True, False])
        depth = rng.choice([None, 0, 14, -2])
        a.set_eval(chess.engine.PovScore(score[0](score[2]), turn), depth)
        b.set_eval(chimera.engine.PovScore(score[1](score[2]), turn), depth)
        assert b.comment == a.comment and repr(b.eval()) == repr(a.eval())
        pairs = rng.sample([(12, 28), (27, 27), (3, 39), (0, 0)], rng.randint(0, 3))
        colours = [rng.choice(["green", "red", "yellow", "blue"]) for _ in pairs]
        a.set_arrows([chess.svg.Arrow(t, h, color=c) for (t, h), c in zip(pairs, colours)] + [(5, 6)])
        b.set_arrows([chimera.svg.Arrow(t, h, color=c) for (t, h), c in zip(pairs, colours)] + [(5, 6)])
        assert b.comment == a.comment and _arrows(b) == _arrows(a)
        a.set_eval(None)
        b.set_eval(None)
        a.set_arrows([])
        b.set_arrows([])
        assert b.comment == a.comment


def test_arrows_on_a_wider_board():
    game = chimera.pgn.read_game(io.StringIO('[Variant "capablanca"]\n\n1. e4 { [%cal Gi2i4][%csl Rj1] } *'))
    node = game.end()
    assert [(a.pgn(), a.tail, a.head) for a in node.arrows()] == [("Gi2i4", 18, 38), ("Rj1", 9, 9)]
    node.set_arrows([(18, 38)])
    assert node.comment == "[%cal Gi2i4]"


@pytest.mark.parametrize("value", ["", "?", "-", "300+2", "40/7200:3600", "60+0.5", "180+5d", "40/5400+30:1800+30", "0+1"])
def test_time_controls(value):
    a, b = chess.pgn.parse_time_control(value), chimera.pgn.parse_time_control(value)
    assert b.type.name == a.type.name
    assert [(p.moves, p.time, p.increment, p.delay) for p in b.parts] == [(p.moves, p.time, p.increment, p.delay) for p in a.parts]
    game = chimera.pgn.Game()
    game.headers["TimeControl"] = value
    assert game.time_control() == b
    with pytest.raises(ValueError):
        chimera.pgn.parse_time_control("300:40/7200")
