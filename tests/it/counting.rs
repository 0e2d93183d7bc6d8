//! Results-only rules checked against Fairy-Stockfish (pyffish 0.0.90 gave every expected
//! FEN and value below): Makruk's family's counting rules (`[end.counting]`: the count
//! in the FEN as Fairy-Stockfish writes and reads it, where it starts, restarts and runs
//! out, undo, repetition), Shatar's mate rule (`[end.mate_rule]`), and each side's
//! insufficient material (`Position::insufficient_material_of`). Random games against
//! pyffish: `scripts/fsf_endings_counting.py`.

use chimera::variants::{from_toml, load};
use chimera::{Claim, Color, EndReason, Outcome, Position};

fn pos(variant: &str, fen: &str) -> Position {
    load(variant).unwrap().position(fen).unwrap()
}

fn play(p: &mut Position, moves: &[&str]) {
    for m in moves {
        p.play_str(m).unwrap_or_else(|e| panic!("{m} in {}: {e:?}", p.fen()));
    }
}

const COUNT_DRAW: Outcome = Outcome { winner: None, reason: EndReason::Counting };

/// K+R against a bare king: White's move starts the bare king's count (the pieces'
/// honour), from the three pieces on the board in Makruk and Cambodian, from zero in ASEAN.
#[test]
fn a_bare_king_starts_counting_as_fairy_stockfish() {
    let start = "8/8/8/4k3/8/8/R7/K7 w - - 0 40";
    for (variant, after_one, after_two) in [
        ("makruk", "8/8/8/4k3/8/R7/8/K7 b - 32 6 40", "8/8/8/8/4k3/R7/8/K7 w - 32 7 41"),
        ("cambodian", "8/8/8/4k3/8/R7/8/K7 b - 30 6 40", "8/8/8/8/4k3/R7/8/K7 w - 30 7 41"),
        ("asean", "8/8/8/4k3/8/R7/8/K7 b - 32 0 40", "8/8/8/8/4k3/R7/8/K7 w - 32 1 41"),
    ] {
        let mut p = pos(variant, start);
        assert_eq!(p.counting(), None, "{variant}");
        assert_eq!(p.fen(), start, "{variant}: no count, the plain fields");
        play(&mut p, &["a2a3"]);
        assert_eq!(p.fen(), after_one, "{variant}");
        play(&mut p, &["e5e4"]);
        assert_eq!(p.fen(), after_two, "{variant}");
        // Read back, the count goes on from where it stood.
        let mut read = pos(variant, after_two);
        assert_eq!(read.fen(), after_two, "{variant}: round trip");
        play(&mut read, &["a3a2"]);
        play(&mut p, &["a3a2"]);
        assert_eq!(read.fen(), p.fen(), "{variant}");
    }
}

/// The board's honour: a side with pieces besides its king counts to 64 (Makruk) or 63
/// (Cambodian) from zero; ASEAN has no such count.
#[test]
fn the_boards_honour() {
    let start = "8/8/3n4/4k3/8/8/R7/K1N5 w - - 7 40";
    for (variant, after) in [
        ("makruk", "8/8/3n4/4k3/8/R7/8/K1N5 b - 128 0 40"),
        ("cambodian", "8/8/3n4/4k3/8/R7/8/K1N5 b - 126 0 40"),
        ("asean", "8/8/3n4/4k3/8/R7/8/K1N5 b - - 8 40"),
    ] {
        let mut p = pos(variant, start);
        play(&mut p, &["a2a3"]);
        assert_eq!(p.fen(), after, "{variant}");
    }
    // The count of a bare king starts anew when it loses its last piece.
    let mut p = pos("makruk", "8/8/8/4k3/3n4/R7/8/K1N5 w - 128 20 40");
    play(&mut p, &["c1d3", "e5d5", "d3b4"]);
    assert_eq!(p.fen(), "8/8/8/3k4/1N1n4/R7/8/K7 b - 128 23 41", "no capture: the board's count goes on");
    let mut p = pos("makruk", "8/8/8/4k3/3n4/R7/8/K1N5 w - 128 20 40");
    play(&mut p, &["c1e2", "e5e4", "e2d4"]);
    // Taking the knight bares the king: against a rook, 16 moves, counted from the four
    // pieces on the board.
    assert_eq!(p.fen(), "8/8/8/8/3Nk3/R7/8/K7 b - 32 8 41");
}

/// A bare king that takes the last pawn starts its own count at once (Makruk and
/// Cambodian), from the pieces on the board less one ply; no count runs while pawns remain.
#[test]
fn the_last_pawn_taken_by_a_bare_king() {
    let mut p = pos("makruk", "8/8/8/4k3/3P4/8/R7/K7 b - - 0 40");
    assert_eq!(p.counting(), None);
    play(&mut p, &["e5d4"]);
    assert_eq!(p.fen(), "8/8/8/8/3k4/8/R7/K7 w - 32 5 41");
    let mut p = pos("makruk", "8/8/8/4k3/8/3P4/R7/K7 w - - 0 40");
    play(&mut p, &["a2a3"]);
    assert_eq!(p.counting(), None, "a pawn on the board: no count");
}

/// The draw may be claimed once the plies counted pass the limit: the bare king has made
/// its last counted move and the stronger side's reply did not mate.
#[test]
fn the_count_runs_out() {
    let fen = "8/8/8/4k3/8/8/R7/K7 b - 32 30 45";
    let mut p = pos("makruk", fen);
    assert_eq!(p.fen(), fen);
    for (m, claimable) in [("e5e4", false), ("a2a3", false), ("e4e5", true)] {
        play(&mut p, &[m]);
        assert_eq!(!p.claims().is_empty(), claimable, "after {m}: {}", p.fen());
    }
    // A claim, not an end by itself: play may go on.
    assert_eq!(p.claims(), vec![Claim { outcome: COUNT_DRAW, by: None }]);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.fen(), "8/8/8/4k3/8/R7/8/K7 w - 32 33 47");
    // Undo takes the count back with the move.
    p.undo();
    assert_eq!(p.fen(), "8/8/8/8/4k3/R7/8/K7 b - 32 32 46");
    assert!(p.claims().is_empty());
}

/// A mate still wins once the count has passed its limit: mate comes before the count.
#[test]
fn mate_comes_before_the_count() {
    let mut p = pos("makruk", "k7/8/1K6/8/8/8/8/7R w - 32 33 47");
    assert_eq!(p.claims(), vec![Claim { outcome: COUNT_DRAW, by: None }]);
    play(&mut p, &["h1h8"]);
    assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Checkmate }));
    assert!(p.claims().is_empty());
}

/// The count is not part of the hash: a position repeats whatever the count says.
#[test]
fn positions_repeat_during_a_count() {
    let mut p = pos("makruk", "8/8/8/4k3/8/8/R7/K7 b - 32 6 40");
    let first = p.hash();
    play(&mut p, &["e5e4", "a2a3", "e4e5", "a3a2"]);
    assert_eq!(p.hash(), first);
    assert_eq!(p.repetitions(), 2);
    assert_eq!(p.counting(), Some((32, 10)));
}

/// A FEN without a count (Chimera's FENs of before the counting rules) reads as no count
/// running; one starts with the next move.
#[test]
fn old_fens_read_as_no_count() {
    let mut p = pos("makruk", "8/8/8/4k3/8/8/R7/K7 b - - 30 45");
    assert_eq!(p.counting(), None);
    assert_eq!(p.halfmove_clock(), 30);
    play(&mut p, &["e5e4"]);
    assert_eq!(p.fen(), "8/8/8/8/4k3/8/R7/K7 w - - 31 46", "the stronger side to move: no count");
    play(&mut p, &["a2a3"]);
    assert_eq!(p.fen(), "8/8/8/8/4k3/R7/8/K7 b - 32 6 46");
    // A limit in a variant without counting rules is no en-passant square.
    assert!(load("chess").unwrap().position("8/8/8/4k3/8/8/R7/K7 b - 32 6 40").is_err());
}

/// Sittuyin's counting (Fairy-Stockfish's `countingRule = asean` with its own pieces):
/// through a ruleset of its pieces, as Sittuyin is not yet a built-in.
#[test]
fn sittuyin_counting_through_a_ruleset() {
    let text = r#"
extends = "makruk"
name = "sittuyin-counting"
[end]
move_rule = 50
[end.counting]
board_honour = "none"
pieces_honour = { moves = 0, from_pieces = false, by = [
    { piece = "rook", moves = 16 },
    { piece = "khon", moves = 44 },
    { piece = "knight", moves = 64 },
] }
"#;
    let v = from_toml(text, "sittuyin-counting.toml").unwrap();
    for (fen, m, after) in [
        ("8/8/8/4k3/8/8/R7/K7 w - - 0 40", "a2a3", "8/8/8/4k3/8/R7/8/K7 b - 32 0 40"),
        ("8/8/8/4k3/8/8/S7/K7 w - - 0 40", "a2a3", "8/8/8/4k3/8/S7/8/K7 b - 88 0 40"),
        ("8/8/8/4k3/8/8/M7/K7 w - - 0 40", "a2b3", "8/8/8/4k3/8/1M6/8/K7 b - - 1 40"),
    ] {
        let mut p = v.position(fen).unwrap();
        play(&mut p, &[m]);
        assert_eq!(p.fen(), after);
    }
}

#[test]
fn counting_errors_are_clear() {
    let bad = r#"
extends = "makruk"
name = "bad"
[end.counting]
pieces_honour = { by = [{ piece = "queen", moves = 8 }] }
"#;
    let e = from_toml(bad, "bad.toml").unwrap_err().to_string();
    assert!(e.contains("`queen` is not a piece of this variant"), "{e}");
    let big = bad.replace("piece = \"queen\", moves = 8", "piece = \"rook\", moves = 60000");
    let e = from_toml(&big, "bad.toml").unwrap_err().to_string();
    assert!(e.contains("over the limit"), "{e}");
    let p = load("makruk").unwrap().position("8/8/8/4k3/8/8/R7/K7 b - 99999 6 40");
    assert!(p.is_err());
}

/// Shatar's mate rule: a mate by knights alone is lost by the mating side; a mate whose
/// series of checks had no check by a rook, bers or knight is a draw (niol); one with
/// such a check earlier in the series is a mate.
#[test]
fn shatar_mate_rule() {
    let smothered = pos("shatar", "6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(smothered.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::MateRule }));
    let mut niol = pos("shatar", "6bk/7p/8/8/8/4B3/8/K4R2 w - - 0 1");
    play(&mut niol, &["e3d4"]);
    assert_eq!(niol.outcome(), Some(Outcome { winner: None, reason: EndReason::MateRule }));
    let mut shak = pos("shatar", "6b1/6kp/8/8/8/4B3/8/K4R2 w - - 0 1");
    play(&mut shak, &["f1g1", "g7h8", "e3d4"]);
    assert_eq!(shak.fen(), "6bk/7p/8/8/3B4/8/8/K5R1 b - - 3 2");
    assert_eq!(shak.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Checkmate }));
    // The same mate read from its FEN has no series behind it: niol.
    let read = pos("shatar", "6bk/7p/8/8/3B4/8/8/K5R1 b - - 3 2");
    assert_eq!(read.outcome(), Some(Outcome { winner: None, reason: EndReason::MateRule }));
    // Chess has no such rule.
    let chess = pos("chess", "6bk/7p/8/8/3B4/8/8/K5R1 b - - 3 2");
    assert_eq!(chess.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Checkmate }));
}

/// Fairy-Stockfish's `shogiPawnDropMateIllegal`: the pawn drop that mates is a legal move,
/// and the mate it gives is a win for the mated side (`[end.mate_rule] dropped`). A mate by
/// a pawn that moved, or with another piece checking too, is a plain checkmate.
#[test]
fn a_pawn_drop_mate_scored_as_fairy_stockfish_scores_it() {
    let text = "extends = \"minishogi\"\nname = \"dropmate\"\n[drops]\nno_drop_mate = []\n\
                [end.mate_rule]\ndropped = [\"pawn\"]\ndropped_verdict = \"win\"\n";
    let variant = from_toml(text, "dropmate.toml").unwrap();
    let mut p = variant.position("kr3/1p3/1G3/5/4K[P] w - - 0 1").unwrap();
    play(&mut p, &["P@a4"]);
    assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::MateRule }));
    // The same mate read from its FEN has no drop behind it: a plain checkmate.
    let read = variant.position(&p.fen()).unwrap();
    assert_eq!(read.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Checkmate }));
    // Shogi's own rule forbids the drop instead.
    let mut shogi = pos("minishogi", "kr3/1p3/1G3/5/4K[P] w - - 0 1");
    assert!(shogi.play_str("P@a4").is_err());
}

/// Each side's material, as pyffish's `has_insufficient_material` gives it.
#[test]
fn insufficient_material_per_side() {
    let cases: &[(&str, &str, (bool, bool))] = &[
        ("chess", "8/8/8/4k3/8/8/8/K1B5 w - - 0 1", (true, true)),
        ("chess", "8/8/8/4k3/8/8/8/K1N5 w - - 0 1", (true, true)),
        ("chess", "8/8/8/4k3/8/8/P7/K7 w - - 0 1", (false, true)),
        ("chess", "8/8/2n5/4k3/8/8/8/K1N5 w - - 0 1", (false, false)),
        ("chess", "8/8/2b5/4k3/8/8/8/KB6 w - - 0 1", (true, true)),
        ("chess", "8/8/3b4/4k3/8/8/8/KB6 w - - 0 1", (false, false)),
        ("chess", "8/8/8/4k3/8/8/8/K1R5 w - - 0 1", (false, true)),
        ("makruk", "8/8/8/4k3/8/8/8/K1M5 w - - 0 1", (true, true)),
        ("makruk", "8/8/8/4k3/8/8/8/K1S5 w - - 0 1", (false, true)),
        ("makruk", "8/8/8/4k3/8/P7/8/K7 w - - 0 1", (true, true)),
        ("makruk", "8/8/8/4k3/8/8/8/KNN5 w - - 0 1", (false, true)),
        ("makruk", "8/8/8/4k3/8/8/8/KN6 w - - 0 1", (true, true)),
        ("makruk", "8/8/3m4/4k3/8/8/8/KM6 w - - 0 1", (false, false)),
        ("asean", "8/8/8/4k3/8/8/8/K1Q5 w - - 0 1", (true, true)),
        ("asean", "8/8/8/4k3/8/P7/8/K7 w - - 0 1", (false, true)),
        ("shatar", "8/8/8/4k3/8/8/8/K1B5 w - - 0 1", (false, false)),
        ("crazyhouse", "8/8/8/4k3/8/8/8/K7[] w - - 0 1", (false, false)),
        ("makpong", "8/8/8/4k3/8/8/8/K1M5 w - - 0 1", (false, true)),
        ("ai-wok", "8/8/8/4k3/8/8/8/K1A5 w - - 0 1", (true, true)),
    ];
    for &(variant, fen, want) in cases {
        let p = pos(variant, fen);
        let got = (p.insufficient_material_of(Color::White), p.insufficient_material_of(Color::Black));
        assert_eq!(got, want, "{variant} {fen}");
    }
}

/// The dead-position rule (`[end] insufficient_material`, neither side can win) agrees
/// with each side's: wherever it ends a chess game, neither side has mating material.
#[test]
fn dead_positions_are_insufficient_for_both() {
    let v = load("chess").unwrap();
    let mut seed = 7u64;
    let mut dead = 0;
    for _ in 0..200 {
        let mut p = v.start();
        for _ in 0..400 {
            if p.outcome().is_some() {
                break;
            }
            let moves = p.legal_moves();
            // Prefer captures, so that games reach bare material.
            let captures: Vec<_> = moves.iter().copied().filter(|&m| p.is_capture(m)).collect();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let pool = if !captures.is_empty() && seed >> 60 < 12 { &captures } else { &moves };
            p.play_unchecked(pool[(seed >> 33) as usize % pool.len()]);
        }
        if p.insufficient_material() {
            dead += 1;
            assert!(p.insufficient_material_of(Color::White) && p.insufficient_material_of(Color::Black), "{}", p.fen());
        }
    }
    assert!(dead > 10, "only {dead} games reached a dead position");
}
