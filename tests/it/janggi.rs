//! Janggi (`rulesets/janggi*.toml`): the elephant's multi-leg move, the cannon that never
//! hops over nor takes a cannon, the palace's diagonal lines, bikjang and the material
//! count. Move lists derived by hand from the rules, and each equal to pyffish's
//! `legal_moves` for Fairy-Stockfish's `janggi` (the perft suite's counts are in
//! fsf_suite.rs).

use chimera::variants::builtin;
use chimera::{Color, EndReason, IllegalCode, Outcome, Position};

fn position(variant: &str, fen: &str) -> Position {
    builtin(variant).unwrap().variant().unwrap().position(fen).unwrap()
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    v.sort();
    v
}

fn from(p: &Position, square: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.starts_with(square) && !m[square.len()..].starts_with(|c: char| c.is_ascii_digit())).collect()
}

#[test]
fn the_elephant_leaps_as_a_zebra_over_two_empty_points() {
    // From e5: one orthogonal step, then two diagonal steps outward: the eight (2,3) leaps.
    let p = position("janggi", "9/4k4/9/9/9/4B4/9/9/4K4/9 w - - 0 1");
    assert_eq!(from(&p, "e5"), ["e5b3", "e5b7", "e5c2", "e5c8", "e5g2", "e5g8", "e5h3", "e5h7"]);
    // A piece on e6 blocks the first step up (c8, g8); one on f5 the first step right (h3, h7).
    let p = position("janggi", "9/4k4/9/9/4p4/4BP3/9/9/4K4/9 w - - 0 1");
    assert_eq!(from(&p, "e5"), ["e5b3", "e5b7", "e5c2", "e5g2"]);
}

#[test]
fn the_cannon_neither_hops_over_nor_takes_a_cannon() {
    // Over the rook on c1 to d1; the cannon on e1 may not be taken.
    let p = position("janggi", "3k5/9/9/9/9/9/9/9/4K4/C1r1c4 w - - 0 1");
    assert_eq!(from(&p, "a1"), ["a1d1"]);
    // The cannon on c1 is no screen.
    let p = position("janggi", "3k5/9/9/9/9/9/9/9/4K4/C1c1r4 w - - 0 1");
    assert!(from(&p, "a1").is_empty());
}

#[test]
fn palace_lines_give_diagonal_moves_to_their_points() {
    // The cannon on d1 hops diagonally over the soldier on e2 only onto a non-cannon;
    // here f3 holds a cannon, so its moves are along the first rank.
    let p = position("janggi", "3k5/9/9/9/9/9/9/5c3/4P4/3CK4 w - - 0 1");
    assert_eq!(moves(&p), ["d1f1", "d1g1", "d1h1", "d1i1", "e1e1", "e1f1", "e2d2", "e2d3", "e2e3", "e2f2", "e2f3"]);
    // The general on e2, the palace's centre, steps to all eight points around it.
    let p = position("janggi", "9/4k4/9/9/9/4B4/9/9/4K4/9 w - - 0 1");
    assert_eq!(from(&p, "e2"), ["e2d1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3"]);
    // Off the lines (d2) no diagonal step.
    let p = position("janggi", "4k4/9/9/9/9/9/9/9/3K5/4c4 w - - 0 1");
    assert_eq!(moves(&p), ["d2d1", "d2d2", "d2d3", "d2e2"]);
}

#[test]
fn bikjang_must_be_broken_or_accepted_by_passing() {
    // The generals face each other on the d-file: the general must leave it, or pass.
    let mut p = position("janggi", "3k5/9/9/9/9/9/9/9/3K5/9 w - - 0 1");
    assert_eq!(moves(&p), ["d2d2", "d2e2"]);
    assert_eq!(p.parse_move("d2d3").unwrap_err().code, IllegalCode::Bikjang);
    // Passing accepts: the facing follows a facing, the game ends, scored by material
    // (nothing but the generals: White has not more than one point more, Black wins).
    p.play_str("d2d2").unwrap();
    assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Bikjang }));
    assert!(p.legal_moves().is_empty());
    // Traditional rules: the same end is a draw.
    let mut p = position("janggitraditional", "3k5/9/9/9/9/9/9/9/3K5/9 w - - 0 1");
    p.play_str("d2d2").unwrap();
    assert_eq!(p.outcome(), Some(Outcome { winner: None, reason: EndReason::Bikjang }));
    // Casual rules: no bikjang at all.
    let p = position("janggicasual", "3k5/9/9/9/9/9/9/9/3K5/9 w - - 0 1");
    assert_eq!(moves(&p), ["d2d1", "d2d2", "d2d3", "d2e2"]);
}

#[test]
fn two_passes_are_scored_by_the_material_count() {
    // White has a chariot (13) more: more than the komi of 1.
    let mut p = position("janggi", "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1");
    p.play_str("pass").unwrap();
    p.play_str("pass").unwrap();
    assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Passes }));
    let mut p = position("janggicasual", "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1");
    p.play_str("pass").unwrap();
    p.play_str("pass").unwrap();
    assert_eq!(p.outcome(), Some(Outcome { winner: None, reason: EndReason::Passes }));
}

/// The safety analysis with a barred hop (the engine's hoppers' screens): a cannon as the
/// only piece between an enemy cannon and the general gives no check and pins nothing; a
/// piece put between makes a screen (that move is illegal) unless it is a cannon. Janggi
/// tests every move while a cannon is on the board (its palace hops have no screens in
/// that analysis); the same army without the cannon's palace hops takes the screens'
/// path. Both give the lists by hand, which are pyffish's for `janggi`.
#[test]
fn a_cannon_as_the_only_screen_gives_no_check_and_pins_nothing() {
    let text = include_str!("../../rulesets/janggi.toml");
    let without_palace_hops: String = text.lines().filter(|l| !l.contains("betza = \"pB\"")).map(|l| format!("{l}\n")).collect();
    assert_ne!(without_palace_hops, text);
    let screens = chimera::variants::from_toml(&without_palace_hops, "janggi-screens.toml").unwrap();
    let janggi = builtin("janggi").unwrap().variant().unwrap();
    // The black cannon on e7 behind the white cannon on e4: no check; the e4 cannon moves.
    let fen = "9/3k5/9/2c1c4/9/2P6/4C4/2C6/4K4/9 w - - 0 1";
    let expected = ["c3c6", "c5b5", "c5c6", "c5d5", "e2d1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3", "e4e1"];
    // Nothing between the black cannon on e7 and the general: the soldier's step to e5
    // would be a screen (illegal), the cannon's hop to e4 is none (legal).
    let fen2 = "9/3k5/9/4c4/9/3P5/C1P6/9/4K4/9 w - - 0 1";
    let expected2 = [
        "a4d4", "a4e4", "a4f4", "a4g4", "a4h4", "a4i4", "c4b4", "c4c5", "c4d4", "d5c5", "d5d6", "e2d1", "e2d2", "e2d3", "e2e1", "e2e2",
        "e2e3", "e2f1", "e2f2", "e2f3",
    ];
    for v in [&janggi, &screens] {
        let p = v.position(fen).unwrap();
        assert!(!p.is_check());
        assert_eq!(moves(&p), expected);
        assert_eq!(moves(&v.position(fen2).unwrap()), expected2);
    }
}

/// The hoppers' screens with a barred hop agree with testing every move: the army
/// without the cannon's palace hops, against the same with `duple_check` (one royal a
/// side: the same rules, every move tested), move list by move list along seeded random
/// games.
#[test]
fn barred_screens_agree_with_testing_every_move() {
    let text: String =
        include_str!("../../rulesets/janggi.toml").lines().filter(|l| !l.contains("betza = \"pB\"")).map(|l| format!("{l}\n")).collect();
    screens_agree_with_testing_every_move(&text);
}

/// The same with the palace hops (leaps with a hurdle: their screens are the hurdles).
#[test]
fn palace_hop_screens_agree_with_testing_every_move() {
    screens_agree_with_testing_every_move(include_str!("../../rulesets/janggi.toml"));
}

/// Positions built for the screens, each walked two plies deep, every move list equal
/// with and without every move tested: the general on a palace corner with an enemy
/// cannon on the opposite corner and the centre empty (a piece put there is a screen,
/// unless a cannon), held by an advisor (check), or by an enemy cannon (taking it makes a
/// screen); and a cannon between an enemy cannon and the general on a file, which a horse
/// may take (its horse would then be the screen).
#[test]
fn hurdle_screens_agree_with_testing_every_move_in_built_positions() {
    let (screens, tested) = screened_and_tested(include_str!("../../rulesets/janggi.toml"));
    let fens = [
        "4k4/9/9/9/9/9/9/5c3/9/3KA4 w - - 0 1",
        "4k4/9/9/9/9/9/9/5c3/4A4/3K5 w - - 0 1",
        "4k4/9/9/9/9/9/9/5c3/4c4/3K1A3 w - - 0 1",
        "4k4/9/9/4c4/9/4c4/9/3N5/4K4/9 w - - 0 1",
        "3k5/4a4/5C3/4c4/9/4c4/9/3N1C3/4KA3/3R1R3 b - - 0 1",
    ];
    fn walk(a: &mut Position, b: &mut Position, depth: u32) -> usize {
        let (ma, mb) = (moves(a), moves(b));
        assert_eq!(ma, mb, "at {}", a.fen());
        if depth == 0 || a.outcome().is_some() {
            return 1;
        }
        let mut n = 1;
        for m in &ma {
            a.play_str(m).unwrap();
            b.play_str(m).unwrap();
            n += walk(a, b, depth - 1);
            a.undo();
            b.undo();
        }
        n
    }
    for fen in fens {
        let n = walk(&mut screens.position(fen).unwrap(), &mut tested.position(fen).unwrap(), 2);
        assert!(n > 10, "{fen}: {n} positions compared");
    }
}

/// The variant of `text`, and the same with `duple_check` (one royal a side: the same
/// rules, every move tested).
fn screened_and_tested(text: &str) -> (chimera::Variant, chimera::Variant) {
    let screens = chimera::variants::from_toml(text, "janggi-screens.toml").unwrap();
    let tested =
        chimera::variants::from_toml(&text.replacen("pass = \"always\"", "pass = \"always\"\nduple_check = true", 1), "janggi-tested.toml")
            .unwrap();
    (screens, tested)
}

fn screens_agree_with_testing_every_move(text: &str) {
    let (screens, tested) = screened_and_tested(text);
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut positions = 0;
    for _ in 0..12 {
        let mut a = screens.position(&screens.rules().start_fen).unwrap();
        let mut b = tested.position(&tested.rules().start_fen).unwrap();
        for _ in 0..80 {
            let (ma, mb) = (moves(&a), moves(&b));
            assert_eq!(ma, mb, "at {}", a.fen());
            positions += 1;
            if ma.is_empty() || a.outcome().is_some() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = &ma[(seed % ma.len() as u64) as usize];
            a.play_str(m).unwrap();
            b.play_str(m).unwrap();
        }
    }
    assert!(positions > 300, "{positions} positions compared");
}

/// The start position after `white`'s moves, each answered by the next of Black's
/// soldier steps (none of which repeats anything).
fn after_white(variant: &str, white: &str) -> Position {
    let mut p = builtin(variant).unwrap().variant().unwrap().start();
    let black = ["i7i6", "i6i5", "g7g6", "g6g5", "e7e6", "e6e5", "c7c6", "c6c5"];
    for (i, m) in white.split_whitespace().enumerate() {
        if i > 0 {
            p.play_str(black[i - 1]).unwrap();
        }
        p.play_str(m).unwrap();
    }
    p
}

#[test]
fn shuttling_a_piece_back_and_forth_loses_under_the_modern_rules() {
    // Each verdict is pyffish's `is_optional_game_end` for `janggimodern` (and none for
    // `janggi`, which has no such rule).
    let lost = Some(Outcome { winner: Some(Color::Black), reason: EndReason::Shuttling });
    for (white, ends) in [
        // Arrival on a2, then a2-a3-a2-a3-a2: the fifth move loses.
        ("a1a2 a2a3 a3a2 a2a3 a3a2", true),
        ("a1a2 a2a3 a3a2 a2a3", false),
        // A pass may stand in the fourth turn, not elsewhere.
        ("a1a2 a2a3 a3a2 a2a3 e2e2 a3a2", true),
        ("a1a2 a2a3 a3a2 e2e2 a2a3 a3a2", false),
        // The arrival may be from anywhere, the start square too; any piece that can
        // reach the enemy palace.
        ("a1a2 a2a1 a1a2 a2a1 a1a2", true),
        ("b1c3 c3b1 b1c3 c3b1 b1c3", true),
        // An advisor shuttling in its own palace is free to.
        ("d1d2 d2d1 d1d2 d2d1 d1d2", false),
    ] {
        let p = after_white("janggimodern", white);
        assert_eq!(p.outcome(), if ends { lost } else { None }, "{white}");
        assert_eq!(after_white("janggi", white).outcome(), None, "{white}");
    }
}

#[test]
fn the_move_rule_and_repetition_are_scored_by_the_material_count() {
    // Fifty moves without a capture: White's chariot against nothing is more than one
    // point more, White wins; without the count (casual rules) a draw.
    let fen = "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 99 80";
    for (variant, winner) in [("janggi", Some(Color::White)), ("janggicasual", None)] {
        let mut p = position(variant, fen);
        p.play_str("a1a2").unwrap();
        assert_eq!(p.outcome(), Some(Outcome { winner, reason: EndReason::MoveRule }), "{variant}");
    }
    // A threefold repetition with the generals alone: Black's komi wins.
    let mut p = position("janggi", "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
    for m in ["e2f2", "d10d9", "f2e2", "d9d10", "e2f2", "d10d9", "f2e2", "d9d10"] {
        p.play_str(m).unwrap();
    }
    assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Repetition }));
}

#[test]
fn a_general_kept_in_its_palace_cannot_win_alone() {
    // Stalemate loses, but a lone general never reaches the enemy general's palace to
    // stalemate it: pyffish's `has_insufficient_material` says (true, false) here.
    for variant in ["janggi", "xiangqi"] {
        let p = position(variant, "9/3k5/9/8p/9/9/9/9/4K4/9 w - - 0 1");
        assert!(p.insufficient_material_of(Color::White), "{variant}");
        assert!(!p.insufficient_material_of(Color::Black), "{variant}");
    }
}
