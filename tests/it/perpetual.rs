//! The perpetual rules (`features/perpetual.rs`): Xiangqi's perpetual check and perpetual
//! chase (the Asian Xiangqi Federation's rules as Fairy-Stockfish implements them), and
//! Shogi's sennichite. Each game is played into its repetition move by move; no earlier
//! position may end it, and the last one must end it with the expected verdict.
//!
//! Every expected verdict is Fairy-Stockfish's (`pyffish.is_optional_game_end`, pyffish
//! 0.0.90), and so is every reason: told apart by asking it again with one rule switched
//! off in a custom variant (`chasingRule = none`, or `perpetualCheckIllegal = false`) and
//! a plain repetition made a loss (`nFoldValue = loss`), so that a draw can only come from
//! both sides checking, or chasing, throughout (`scripts/fsf_perpetual.py` does the same
//! on random cycles). The Xiangqi positions are Fairy-Stockfish's own (`test.py`,
//! `test_is_optional_game_end`, named after its comments), several of them diagrams of
//! the AXF rule book (D39, D106); there is no disagreement to record. Four that `test.py`
//! lists under "mutual perpetual check" (and asserts only a draw for) are plain
//! repetitions to Fairy-Stockfish itself, and to us.

use chimera::variants::{from_toml, load};
use chimera::{EndReason, Outcome};

/// The verdict for the side to move when the game ends.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stm {
    Wins,
    Loses,
    Draws,
}

use EndReason::{PerpetualChase as Chase, PerpetualCheck as Check, Repetition as Plain};
use Stm::{Draws, Loses, Wins};

/// Plays `moves` (long algebraic, space-separated) from `fen`, checking that no position
/// before the last ends the game, and returns the last one's outcome.
fn play(variant: &str, fen: &str, moves: &str) -> Option<(Outcome, chimera::Color)> {
    play_on(variant, fen, moves, true)
}

/// [`play`], where `strict` says whether no earlier position may end the game (the kernel
/// plays on past an end: its caller decides).
fn play_on(variant: &str, fen: &str, moves: &str, strict: bool) -> Option<(Outcome, chimera::Color)> {
    let mut p = load(variant).unwrap().position(fen).unwrap();
    for (i, m) in moves.split_whitespace().enumerate() {
        assert!(!strict || p.outcome().is_none(), "{variant} {fen}: the game ended before move {} ({m})", i + 1);
        p.play_str(m).unwrap_or_else(|e| panic!("{variant} {fen}: move {} ({m}): {e:?}", i + 1));
    }
    p.outcome().map(|o| (o, p.turn()))
}

fn expect(variant: &str, fen: &str, moves: &str, stm: Stm, reason: EndReason) {
    expect_on(variant, fen, moves, stm, reason, true);
}

fn expect_on(variant: &str, fen: &str, moves: &str, stm: Stm, reason: EndReason, strict: bool) {
    let (o, turn) = play_on(variant, fen, moves, strict).unwrap_or_else(|| panic!("{variant} {fen} {moves}: no end"));
    let got = match o.winner {
        None => Draws,
        Some(c) if c == turn => Wins,
        Some(_) => Loses,
    };
    assert_eq!((got, o.reason), (stm, reason), "{variant} {fen} {moves}: {o}");
}

/// `cycle` played `times` times, after `before`.
fn times(before: &str, cycle: &str, times: usize) -> String {
    let mut s = before.to_string();
    for _ in 0..times {
        s.push(' ');
        s.push_str(cycle);
    }
    s
}

/// Fairy-Stockfish's Xiangqi cases: name, FEN, moves, verdict for the side to move, reason.
const XIANGQI: &[(&str, &str, &str, Stm, EndReason)] = &[
    (
        "direct chase by a cannon",
        "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
        "c3a3 a8b8 a3b3 b8a8 b3a3 a8b8 a3b3 b8a8 b3a3",
        Wins,
        Chase,
    ),
    (
        "discovered chase by a cannon",
        "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1",
        "a5a6 a7b7 a6b6 b7a7 b6a6 a7b7 a6b6 b7a7 b6a6",
        Wins,
        Chase,
    ),
    (
        "a soldier chases freely",
        "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1",
        "a5a6 a7b7 a6b6 b7a7 b6a6 a7b7 a6b6 b7a7 b6a6",
        Draws,
        Plain,
    ),
    (
        "discovered and anti-discovered chase",
        "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
        "f5d5 f6d6 d5f5 d6f6 f5d5 f6d6 d5f5 d6f6",
        Loses,
        Chase,
    ),
    (
        "perpetual check against intermittent checks",
        "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1",
        "d7e7 e5d5 e7d7 d5e5 d7e7 e5d5 e7d7 d5e5",
        Wins,
        Check,
    ),
    ("perpetual check by a soldier", "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1", "f2e2 f3e3 e2f2 e3f3 f2e2 f3e3 e2f2 e3f3", Wins, Check),
    ("test.py chase 1", "3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3 w - - 0 1", "d7e7 e8g6 e7d7 g6e8 d7e7 e8g6 e7d7 g6e8", Wins, Chase),
    ("test.py chase 2", "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1", "d2d4 b2b4 d4d2 b4b2 d2d4 b2b4 d4d2 b4b2", Wins, Chase),
    ("test.py chase 3", "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1", "f5d5 f6d6 d5f5 d6f6 f5d5 f6d6 d5f5 d6f6", Loses, Chase),
    ("test.py chase 4", "4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5 w - - 0 1", "g7g6 f7g9 g6g7 g9f7 g7g6 f7g9 g6g7 g9f7", Wins, Chase),
    ("test.py chase 5", "3P5/3k5/3nn4/9/9/9/9/9/9/5K3 w - - 0 1", "d10e10 d9e9 e10d10 e9d9 d10e10 d9e9 e10d10 e9d9", Wins, Chase),
    ("test.py chase 6", "4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w - - 0 1", "e5e4 c5c4 e4e5 c4c5 e5e4 c5c4 e4e5 c4c5", Wins, Chase),
    ("test.py chase 7", "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1", "a2c2 a5c5 c2a2 c5a5 a2c2 a5c5 c2a2 c5a5", Wins, Chase),
    ("mutual perpetual check", "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1", "e4d4 d7e7 d4e4 e7d7 e4d4 d7e7 d4e4 e7d7", Draws, Check),
    (
        "test.py mutual group, plain to FSF 1",
        "3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w - - 0 1",
        "h7g7 g6h6 g7h7 h6g6 h7g7 g6h6 g7h7 h6g6",
        Draws,
        Plain,
    ),
    (
        "test.py mutual group, plain to FSF 2",
        "4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w - - 0 1",
        "e5e4 c5c4 e4e5 c4c5 e5e4 c5c4 e4e5 c4c5",
        Draws,
        Plain,
    ),
    (
        "test.py mutual group, plain to FSF 3",
        "5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w - - 0 1",
        "c3a3 a7c7 a3c3 c7a7 c3a3 a7c7 a3c3 c7a7",
        Draws,
        Plain,
    ),
    (
        "test.py mutual group, plain to FSF 4",
        "4k4/9/r1r6/9/PPPP5/9/9/9/1C7/5K3 w - - 0 1",
        "b2a2 a8b8 a2c2 c8d8 c2b2 b8a8 b2d2 d8c8 d2a2 a8b8 a2c2 c8d8 c2b2 b8a8 b2d2 d8c8 d2a2",
        Draws,
        Plain,
    ),
    (
        "AXF D106: the attack does not change",
        "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w - - 0 1",
        "h1h2 h5h4 h2h1 h4h5 h1h2 h5h4 h2h1 h4h5",
        Draws,
        Plain,
    ),
    (
        "AXF D39: a chased chariot pinned by a horse",
        "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w - - 0 1",
        "b7b9 f10e9 b9b10 e9f10 b10b9 f10e9 b9b10 e9f10 b10b9",
        Wins,
        Chase,
    ),
    (
        "AXF D39: a pinned chariot chased",
        "5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w - - 0 1",
        "e2f1 h4h2 f1e2 h2h4 e2f1 h4h2 f1e2 h2h4",
        Wins,
        Chase,
    ),
    (
        "a pin undermines the protector",
        "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1",
        "e4g5 e2f2 g5e4 f2e2 e4g5 e2f2 g5e4 f2e2",
        Loses,
        Chase,
    ),
    (
        "a discovered check threatens a capture (chariot)",
        "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w - - 0 1",
        "b5c3 b1c1 c3b5 c1b1 b5c3 b1c1 c3b5 c1b1",
        Wins,
        Chase,
    ),
    (
        "a pin and a discovered check threat (horse)",
        "5k3/9/9/9/9/4c4/3n5/3NBA3/4A4/4K4 w - - 0 1",
        "e1d1 e5d5 d1e1 d5e5 e1d1 e5d5 d1e1 d5e5",
        Wins,
        Chase,
    ),
    (
        "a pin and a discovered check threat (chariot)",
        "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w - - 0 1",
        "e1d1 e5d5 d1e1 d5e5 e1d1 e5d5 d1e1 d5e5",
        Wins,
        Chase,
    ),
    (
        "a discovered check protected through the cannon",
        "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w - - 0 1",
        "d1c3 h1h3 c3d1 h3h1 d1c3 h1h3 c3d1 h3h1",
        Wins,
        Chase,
    ),
    (
        "no protection by a general that would face the other",
        "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1",
        "d1c3 d4c4 c3d1 c4d4 d1c3 d4c4 c3d1 c4d4",
        Draws,
        Plain,
    ),
    ("protection by the general only", "3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1", "d1c3 d4c4 c3d1 c4d4 d1c3 d4c4 c3d1 c4d4", Wins, Chase),
    (
        "pins by the facing generals",
        "4k4/9/9/9/4n4/9/5C3/9/4N4/4K4 w - - 0 1",
        "e2g1 e10f10 g1e2 f10e10 e2g1 e10f10 g1e2 f10e10",
        Draws,
        Plain,
    ),
    (
        "a cannon's screen is no protection",
        "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1",
        "b5c5 b4c4 c5b5 c4b4 b5c5 b4c4 c5b5 c4b4",
        Wins,
        Chase,
    ),
    (
        "a cannon's screen is no protection: mutual chase",
        "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1",
        "f9f7 f10e9 f7f9 e9f10 f9f7 f10e9 f7f9 e9f10",
        Draws,
        Chase,
    ),
];

#[test]
fn xiangqi_fairy_stockfish_cases() {
    for &(name, fen, moves, stm, reason) in XIANGQI {
        eprintln!("{name}");
        expect("xiangqi", fen, moves, stm, reason);
    }
}

#[test]
fn the_chaser_to_move_loses() {
    // Fairy-Stockfish's case plays on three plies past the first threefold repetition
    // (where the game ended, Black winning): the position after Black's move has occurred
    // three times too, with White, the chaser, to move.
    let fen = XIANGQI[0].1;
    let moves = "c3a3 a8b8 a3b3 b8a8 b3a3 a8b8 a3b3 b8a8 b3a3 a8b8 a3b3 b8a8";
    assert_eq!(play_on("xiangqi", fen, &moves[..44], false).map(|(o, _)| o.reason), Some(Chase));
    expect_on("xiangqi", fen, moves, Loses, Chase, false);
}

#[test]
fn xiangqi_mutual_chase_over_an_eight_ply_cycle() {
    let cycle = "h9f8 h7h8 f8g6 h8g8 g6i7 g8g7 i7h9 g7h7";
    expect("xiangqi", "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1", &times("f7h7", cycle, 2), Draws, Chase);
}

#[test]
fn a_twofold_repetition_is_never_judged() {
    // The chase of the first case, one cycle short: the position has occurred twice.
    let fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
    let mut p = load("xiangqi").unwrap().position(fen).unwrap();
    for m in "c3a3 a8b8 a3b3 b8a8 b3a3".split_whitespace() {
        p.play_str(m).unwrap();
    }
    assert_eq!(p.repetitions(), 2);
    assert_eq!(p.outcome(), None);
}

#[test]
fn manchu_keeps_perpetual_check_but_not_the_chase() {
    // Fairy-Stockfish's manchu: the cannon's chase is a plain repetition there, the
    // perpetual check still loses.
    let case = |name: &str| *XIANGQI.iter().find(|c| c.0 == name).unwrap();
    let chase = case("direct chase by a cannon");
    expect("manchu", chase.1, chase.2, Draws, Plain);
    let check = case("perpetual check by a soldier");
    expect("manchu", check.1, check.2, Wins, Check);
}

/// Shogi: a rook checks the king along the last two ranks, the king steps between them.
const ROOK_CHECKS: &str = "4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1";

#[test]
fn shogi_plain_sennichite_draws() {
    let kings = "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1";
    let moves = times("", "e1e2 e9e8 e2e1 e8e9", 3);
    let threefold = moves.rsplit_once(' ').unwrap().0;
    assert_eq!(play("shogi", kings, threefold), None, "a threefold repetition is not yet sennichite");
    expect("shogi", kings, &moves, Draws, Plain);
}

#[test]
fn shogi_perpetual_check_loses_for_the_checker() {
    expect("shogi", ROOK_CHECKS, &times("a1a9", "e9e8 a9a8 e8e9 a8a9", 3), Wins, Check);
    // Black checks: the same, mirrored.
    expect("shogi", "r3k4/9/9/9/9/9/9/9/4K4[] b - - 0 1", &times("a9a1", "e1e2 a1a2 e2e1 a2a1", 3), Wins, Check);
    expect("minishogi", "4k/5/5/5/R3K[] w - - 0 1", &times("a1a5", "e5e4 a5a4 e4e5 a4a5", 3), Wins, Check);
}

#[test]
fn shogi_checks_on_some_moves_only_draw() {
    expect("shogi", ROOK_CHECKS, &times("", "a1a9 e9e8 a9a1 e8e9", 3), Draws, Plain);
}

#[test]
fn perpetual_check_verdict_is_the_rulesets() {
    // `perpetual_check = "win"` turns the verdict round (no variant does, but the key is
    // a verdict like the others).
    let text = include_str!("../../rulesets/shogi.toml").replace("perpetual_check = \"loss\"", "perpetual_check = \"win\"");
    let v = from_toml(&text, "shogi-win.toml").unwrap();
    let mut p = v.position(ROOK_CHECKS).unwrap();
    for m in times("a1a9", "e9e8 a9a8 e8e9 a8a9", 3).split_whitespace() {
        p.play_str(m).unwrap();
    }
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(chimera::Color::White), Check));
}

/// `repetition_verdict` (Fairy-Stockfish's `nFoldValue`): what a plain repetition gives
/// the side to move; a perpetual rule still decides first.
#[test]
fn repetition_verdict_scores_a_plain_repetition_for_the_side_to_move() {
    let text = include_str!("../../rulesets/shogi.toml")
        .replace("perpetual_check = \"loss\"", "perpetual_check = \"loss\"\nrepetition_verdict = \"loss\"");
    let v = from_toml(&text, "shogi-nfold-loss.toml").unwrap();
    let kings = "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1";
    let mut p = v.position(kings).unwrap();
    for m in times("", "e1e2 e9e8 e2e1 e8e9", 3).split_whitespace() {
        assert_eq!(p.outcome(), None);
        p.play_str(m).unwrap();
    }
    let o = p.outcome().unwrap();
    // White is to move at the fourth occurrence: White loses.
    assert_eq!((o.winner, o.reason), (Some(chimera::Color::Black), Plain));
    let mut p = v.position(ROOK_CHECKS).unwrap();
    for m in times("a1a9", "e9e8 a9a8 e8e9 a8a9", 3).split_whitespace() {
        p.play_str(m).unwrap();
    }
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(chimera::Color::Black), Check), "the perpetual checker still loses");
}

#[test]
fn perpetual_keys_refused_with_the_key_named() {
    let base = include_str!("../../rulesets/xiangqi.toml");
    let cases = [
        (
            "chasers = { chariot = 3, horse = 2, cannon = 2, elephant = 1, advisor = 1 }",
            "chasers = { queen = 3 }",
            "end.perpetual_chase.chasers",
            "`queen` is not a piece",
        ),
        (
            "chasers = { chariot = 3, horse = 2, cannon = 2, elephant = 1, advisor = 1 }",
            "chasers = {}",
            "end.perpetual_chase.chasers",
            "at least one piece",
        ),
        ("immune = { soldier = [1, 2, 3, 4, 5] }", "immune = { soldier = [11] }", "end.perpetual_chase.immune.soldier", "rank 11"),
        ("perpetual_check = \"loss\"", "perpetual_check = \"lose\"", "perpetual_check", "unknown variant"),
        ("verdict = \"loss\"", "verdikt = \"loss\"", "verdikt", "unknown field"),
    ];
    for (from, to, key, words) in cases {
        let text = base.replace(from, to);
        assert_ne!(text, base);
        let e = from_toml(&text, "xq.toml").err().unwrap_or_else(|| panic!("{to}: accepted"));
        let shown = e.to_string();
        assert!(shown.contains(key) && shown.contains(words), "{to}: {shown}");
    }
}

/// `repetition_verdict` by colour (Fairy-Stockfish's `nFoldValueAbsolute`): Minishogi's
/// sennichite loses for White whoever is to move at the fourth occurrence; Tori shogi's
/// loses for the side that completes it.
#[test]
fn repetition_verdict_by_colour_and_for_the_repeater() {
    let minishogi = load("minishogi").unwrap();
    let kings = "4k/5/5/5/K4[] w - - 0 1";
    // White to move at the fourth occurrence, then Black to move (one more move first).
    for (before, to_move) in [("", chimera::Color::White), ("a1a2", chimera::Color::Black)] {
        let cycle = if before.is_empty() { "a1a2 e5e4 a2a1 e4e5" } else { "e5e4 a2b2 e4e5 b2a2" };
        let mut p = minishogi.position(kings).unwrap();
        for m in times(before, cycle, 3).split_whitespace() {
            assert_eq!(p.outcome(), None, "{m}");
            p.play_str(m).unwrap();
        }
        assert_eq!(p.turn(), to_move);
        let o = p.outcome().unwrap();
        assert_eq!((o.winner, o.reason), (Some(chimera::Color::Black), Plain), "{to_move} to move");
    }
    let torishogi = load("torishogi").unwrap();
    let mut p = torishogi.position("3k3/7/7/7/7/7/3K3[] w - - 0 1").unwrap();
    for m in times("", "d1d2 d7d6 d2d1 d6d7", 3).split_whitespace() {
        p.play_str(m).unwrap();
    }
    // Black's d6d7 completed the fourfold repetition: White, to move, wins.
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(chimera::Color::White), Plain));
}

/// Xiangqi's fifty-move claim leaves out a side's checks past ten
/// (`move_rule_checks_counted = 10`, the AXF rule as Fairy-Stockfish counts it): eleven
/// rook checks in the window push the claim back by a move. The verdicts at each
/// halfmove count are pyffish's for the same game (`is_optional_game_end`).
#[test]
fn xiangqi_move_rule_leaves_out_checks_past_ten() {
    const FEN: &str = "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 80 1";
    const GAME: &str = "e2d2 d10e10 d2e2 e10d10 e2d2 d10e10 d2d10 e10e9 d10d9 e9e8 d9d8 e8e9 \
                        d8e8 e9d9 e8d8 d9e9 d8e8 e9d9 e8e9 d9d8 e9d9 d8e8 d9e9 e8d8";
    let xiangqi = include_str!("../../rulesets/xiangqi.toml");
    let every_check = xiangqi.replace("move_rule_checks_counted = 10", "move_rule_checks_counted = 0");
    assert_ne!(every_check, xiangqi);
    for (text, expected) in [(xiangqi.to_string(), [true, false, true, false, true]), (every_check, [true, true, true, true, true])] {
        let v = from_toml(&text, "xiangqi.toml").unwrap();
        let mut p = v.position(FEN).unwrap();
        let mut met = Vec::new();
        for m in GAME.split_whitespace() {
            p.play_str(m).unwrap();
            assert_eq!(p.outcome(), None, "{m}");
            if p.halfmove_clock() >= 100 {
                met.push(p.draw_rules_met().iter().any(|o| o.reason == EndReason::MoveRule));
            }
        }
        assert_eq!(met, expected, "move rule met at halfmove 100..=104");
    }
}
