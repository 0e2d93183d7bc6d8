"""The package's own API: variants, positions, refusals, results, validation."""

import os
import threading
import time

import pytest

import chimera

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def chess():
    return chimera.variant("chess")


def test_mischia_perft_4():
    assert chimera.variant("mischia").perft(4) == 4959


def test_perft_from_a_fen_and_from_a_position(chess):
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert chess.perft(2, fen=kiwipete) == 2039
    assert chess.position().perft(3) == 8902


def test_variant_fields(chess):
    assert chess.name == "chess"
    assert chess.start_fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert chess.position().fen == chess.start_fen
    assert "chess" in chimera.builtins() and "mischia" in chimera.builtins()


def test_a_ruleset_file_by_path():
    v = chimera.variant(os.path.join(ROOT, "rulesets", "chess.toml"))
    assert v.name == "chess" and v.perft(2) == 400


def test_unknown_variant_and_missing_file():
    with pytest.raises(ValueError, match="unknown variant `nosuch`"):
        chimera.variant("nosuch")
    with pytest.raises(FileNotFoundError):
        chimera.variant("/nonexistent/x.toml")


def test_from_toml_compiles_a_ruleset():
    text = open(os.path.join(ROOT, "rulesets", "chess.toml")).read().replace('name = "chess"', 'name = "mine"')
    v = chimera.Variant.from_toml(text)
    assert v.name == "mine" and v.perft(3) == 8902


def test_ruleset_error_says_where():
    with pytest.raises(chimera.RulesetError) as e:
        chimera.Variant.from_toml('name = "x"\nboard = 3\n', name="x.toml")
    err = e.value
    assert (err.file, err.line, err.column, err.key) == ("x.toml", 2, 9, "board")
    assert "expected a table" in err.message
    assert isinstance(err, ValueError)


def test_play_returns_a_new_position(chess):
    start = chess.position()
    after = start.play("e4").play("e7e5")
    assert start.fen == chess.start_fen
    assert after.fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    assert after.turn == "white" and start.play("e4").turn == "black"
    assert after.variant.name == "chess"


def test_legal_moves_are_long_algebraic(chess):
    moves = chess.position().legal_moves()
    assert len(moves) == 20 and len(set(moves)) == 20
    assert "g1f3" in moves and "e2e4" in moves
    promo = chess.position("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").legal_moves()
    assert {"b7b8q", "b7b8r", "b7b8b", "b7b8n"} <= set(promo)


def test_san_of_a_move_in_either_notation(chess):
    p = chess.position()
    assert p.san("g1f3") == "Nf3" and p.san("Nf3") == "Nf3"
    assert chess.position("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").san("b7b8q") == "b8=Q+"
    assert chess.position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").san("e1g1") == "O-O"
    with pytest.raises(chimera.IllegalMove):
        p.san("Ke2")


@pytest.mark.parametrize(
    "fen, move, code",
    [
        (None, "e5", "piece-cannot-move-there"),
        (None, "Bc4", "path-blocked"),
        (None, "O-O", "castling-blocked"),
        (None, "xx", "unparsable"),
        (None, "a3a4", "no-such-piece"),
        (None, "Nxf3", "not-a-capture"),
        ("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Kd2", "leaves-royal-in-check"),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "promotion-required"),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8k", "promotion-not-available"),
        ("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", "castling-through-check"),
        ("r3k2r/8/8/8/8/8/8/R3K1NR w Qkq - 0 1", "O-O", "castling-right-lost"),
    ],
)
def test_illegal_moves_are_refused_with_their_code(chess, fen, move, code):
    p = chess.position(fen)
    explained = p.explain(move)
    assert explained is not None and explained[0] == code
    with pytest.raises(chimera.IllegalMove) as e:
        p.play(move)
    assert e.value.code == code
    assert e.value.reason == explained[1]
    assert isinstance(e.value, ValueError)


def test_explain_is_none_for_a_legal_move(chess):
    assert chess.position().explain("Nf3") is None
    assert chess.position().explain("e2e4") is None


def test_checkmate_ends_the_game_and_refuses_further_moves(chess):
    p = chess.position()
    for m in ["f3", "e5", "g4", "Qh4#"]:
        p = p.play(m)
    assert p.is_check()
    assert p.outcome() == ("0-1", "checkmate")
    assert p.legal_moves() == []
    assert p.explain("a3") == ("game-over", "the game is already over: 0-1 (black wins by checkmate)")
    with pytest.raises(chimera.IllegalMove) as e:
        p.play("a3")
    assert e.value.code == "game-over"


def test_other_results(chess):
    assert chess.position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome() == ("1/2-1/2", "stalemate")
    assert chess.position("8/8/4k3/8/8/3K4/8/8 w - - 0 1").outcome() == ("1/2-1/2", "insufficient-material")
    assert chess.position().outcome() is None and not chess.position().is_check()


def test_threefold_is_a_claim_and_fivefold_the_end(chess):
    p = chess.position()
    for m in ["Nf3", "Nf6", "Ng1", "Ng8"] * 2:
        p = p.play(m)
    assert p.outcome() is None and p.legal_moves() != []
    assert p.claims() == [("1/2-1/2", "repetition", None)]
    # One move short of the third occurrence: the claim is made by announcing it.
    q = chess.position()
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]:
        q = q.play(m)
    assert q.claims() == [("1/2-1/2", "repetition", "f6g8")]
    for m in ["Nf3", "Nf6", "Ng1", "Ng8"] * 2:
        p = p.play(m)
    assert p.outcome() == ("1/2-1/2", "repetition") and p.legal_moves() == [] and p.claims() == []


def test_bad_fen(chess):
    with pytest.raises(chimera.FenError) as e:
        chess.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1")
    assert e.value.field == "board field"
    assert isinstance(e.value, ValueError)


def test_validate_gives_a_verdict_per_game(chess):
    text = '[Event "one"]\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event "two"]\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Ke3 *\n'
    first, second = chimera.validate(chess, text)
    assert first.ok and first.plies == 4 and first.claimed == "1-0" and first.outcome is None
    assert first.code is None and first.message is None
    # After the refused move the rest is read, unplayed, for the result token.
    assert not second.ok and second.plies == 6 and second.claimed == "*"
    assert (second.ply, second.move, second.code) == (7, "Ke3", "piece-cannot-move-there")
    assert second.message == "ply 7 (move 4. for White): `Ke3`: " + second.reason
    assert second.fen == "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"


def test_validate_by_name_from_a_fen_and_to_the_end():
    (game,) = chimera.validate("chess", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", fen=None)
    assert game.ok and game.outcome == ("1-0", "checkmate") and game.claimed == "1-0"
    (game,) = chimera.validate("chess", "1... Kd8", fen="4k3/8/8/8/8/8/8/4K2R b K - 0 1")
    assert game.ok and game.plies == 1


def test_validate_reads_the_variant_and_fen_tags(chess):
    text = (
        '[Variant "Crazyhouse"]\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n\n'
        '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n1. O-O Kd7 1-0\n\n'
        '[Variant "nosuch"]\n1. e4 *\n'
    )
    house, setup, unknown = chimera.validate(chess, text)
    assert (house.game, house.variant, house.ok, house.plies) == (1, "crazyhouse", True, 5)
    assert (setup.game, setup.variant, setup.ok) == (2, "chess", True)
    assert setup.fen == "8/3k4/8/8/8/8/8/5RK1 w - - 2 2"
    assert setup.agreement is not None and setup.agreement.startswith("not an end by the rules")
    assert not unknown.ok and unknown.code == "unknown-variant" and "nosuch" in unknown.reason


def test_validate_refuses_a_move_after_the_end():
    (game,) = chimera.validate("chess", "1. f3 e5 2. g4 Qh4# 3. a3")
    assert not game.ok and game.code == "game-over" and game.ply == 5


def test_unreadable_movetext_says_where():
    with pytest.raises(chimera.MovetextError) as e:
        list(chimera.validate("chess", "1. e4 e5 1-0\n1. e4 {never closed"))
    assert (e.value.line, e.value.column) == (2, 7)


def test_perft_releases_the_gil(chess):
    """While one thread counts, another keeps running Python code."""
    done = threading.Event()
    result = []

    def count():
        result.append(chess.perft(5))
        done.set()

    thread = threading.Thread(target=count)
    thread.start()
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    thread.join()
    assert result == [4865609]
    assert ticks > 5


def test_validate_is_an_iterator_that_plays_games_as_asked():
    """Constant memory: the verdicts come one by one, not as one list of every game."""
    text = "1. e4 e5 2. Nf3 1-0\n\n" * 20000
    verdicts = chimera.validate("chess", text)
    assert iter(verdicts) is verdicts and not isinstance(verdicts, list)
    first = next(verdicts)
    assert first.game == 1 and first.ok and first.plies == 3
    assert sum(1 for _ in verdicts) == 19999


def test_from_toml_reads_no_files_unless_given_a_folder(tmp_path):
    (tmp_path / "base.toml").write_text('extends = "chess"\nname = "base"\n')
    text = 'extends = "base.toml"\nname = "mine"\n'
    with pytest.raises(chimera.RulesetError) as e:
        chimera.Variant.from_toml(text, name=str(tmp_path / "mine.toml"))
    assert "neither a built-in" in e.value.message
    assert chimera.Variant.from_toml(text, name="mine.toml", folder=str(tmp_path)).name == "mine"
    for outside in ["/etc/passwd", "../x.toml", "/dev/zero"]:
        with pytest.raises(chimera.RulesetError):
            chimera.Variant.from_toml(f'extends = "{outside}"\nname = "x"\n', name="mine.toml", folder=str(tmp_path))
    assert chimera.Variant.from_toml('extends = "chess"\nname = "c"\n').name == "c"


def test_turns_of_two_parts_duck_and_amazons():
    duck = chimera.variant("duck")
    pos = duck.position()
    # legal_moves lists the parts legal now; legal_turns the whole turns (pyffish's list).
    assert len(pos.legal_moves()) == 20
    assert len(pos.legal_turns()) == 640
    assert pos.san("e2e4,e4e5") == "e4,e5"
    after = pos.play("e2e4,e4e5")
    assert after.fen == "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    # Part by part: the move, then the duck (by its square alone, its SAN).
    mid = pos.play("e2e4")
    assert mid.fen.endswith(" part=2@e4")
    assert mid.play("e5").fen == after.fen
    code, reason = after.play("d7d5").explain("d5e5")
    assert code == "square-occupied" and "duck" in reason
    amazons = chimera.variant("amazons").position()
    assert amazons.san("d1a1,a1b1") == "Qda1,b1"
    assert amazons.play("d1a1,a1b1").fen == "3q2q3/10/10/q8q/10/10/Q8Q/10/10/Q*4Q3 b - - 1 1"


def test_bughouse_match_on_both_boards():
    game = chimera.Match()
    assert game.perft(2) == 1600
    assert game.push_movetext("1A. e4 1a. d5") == 2
    assert game.push("A", "exd5") == "e4d5"
    # White on A took a pawn: it goes to the partner, Black on board B.
    assert game.fen().endswith("[p] w KQkq - 0 1")
    assert sorted(game.legal_moves("B"))[:2] == ["a2a3", "a2a4"]
    assert game.board("B").turn == "white"
    assert game.movetext() == "1A. e4 1a. d5 2A. exd5"
    assert game.pop() == ("A", "e4d5")
    assert "[p]" not in game.fen()
    with pytest.raises(chimera.IllegalMove) as refused:
        game.push("B", "P@e4")
    assert refused.value.code == "hand-empty"
    with pytest.raises(ValueError, match="not one board of a two-board game"):
        chimera.Match("chess")
    with pytest.raises(ValueError, match='a board is "A" or "B"'):
        game.legal_moves("C")


def test_bughouse_match_ends_for_both_partners():
    game = chimera.Match("bughouse")
    game.push_movetext("1A. e4 1a. f5 2A. exf5 2a. g5 3A. Qh5#")
    assert game.outcome() == ("A", "white", "checkmate")
    assert game.legal_moves("B") == []
    with pytest.raises(chimera.IllegalMove) as refused:
        game.push("B", "e4")
    assert refused.value.code == "game-over"


def test_bpgn_is_validated_as_a_match():
    text = '[Variant "bughouse"]\n\n1A. e4 1B. d4 1a. f5 1b. d5 2A. exf5 2a. g5 2B. e4 2b. dxe4 3A. Qh5# 1-0'
    (game,) = chimera.validate("chess", text)
    assert (game.ok, game.variant, game.plies, game.agreement) == (True, "bughouse", 9, "agrees")
    assert " | " in game.fen
    (game,) = chimera.validate("bughouse", "1A. e4 1a. e5 2A. Ke3 *")
    assert (game.ok, game.ply, game.move, game.code) == (False, 3, "Ke3", "piece-cannot-move-there")
