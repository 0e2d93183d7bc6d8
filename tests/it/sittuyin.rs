//! Sittuyin's promotion as a move (`policy = "as-a-move"`, `features/promotion_move.rs`)
//! and its forced-promotion draw: each refusal names its reason, SAN names the origin of
//! a promotion that steps, and the draw is the one pyffish reports (`is_optional_game_end`).
//! The move lists themselves are pinned by `tests/cases/sittuyin/`.

use chimera::variants::load;
use chimera::{EndReason, Position};

fn position(fen: &str) -> Position {
    load("sittuyin").unwrap().position(fen).unwrap()
}

#[test]
fn each_refused_promotion_says_why() {
    // d5 (a promotion square) and a3 (not one); Black's elephant b7, knight e4.
    let mut p = position("7k/1s6/8/3P4/4n3/P7/8/4K3[] w - - 0 1");
    for (text, code, says) in [
        ("d5c6f", "promotion-not-available", "the new general on c6 would attack the elephant on b7"),
        ("d5d5f", "promotion-not-available", "the new general on d5 would attack the knight on e4"),
        ("a3a3f", "promotion-not-available", "may promote only from d5 e5 c6 f6 b7 g7 a8 h8 (or as white's last pawn)"),
        ("d5b3f", "piece-cannot-move-there", "moves as a general onto an empty square, and b3 is not one"),
        ("d5=R", "promotion-not-available", "a pawn promotes only to general"),
    ] {
        let e = p.parse_move(text).expect_err(text);
        assert_eq!(e.code.as_str(), code, "{text}: {}", e.message);
        assert!(e.message.contains(says), "{text}: {}", e.message);
    }
    // Uncovering the rook's check on a5 by stepping off e5.
    let mut p = position("8/8/8/k3P2R/8/8/8/4K3[] w - - 0 1");
    let e = p.parse_move("e5d6f").unwrap_err();
    assert_eq!((e.code.as_str(), e.message.as_str()), ("gives-check", "it would give check, and a promotion may not"));
    // A general on the board already.
    let mut p = position("7k/8/8/3P4/8/8/8/F3K3[] w - - 0 1");
    let e = p.parse_move("d5=F").unwrap_err();
    assert!(e.message.contains("at most 1 general per side on the board"), "{}", e.message);
}

#[test]
fn promotions_read_and_write_as_fairy_stockfish_writes_them() {
    let mut p = position("4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1");
    for (uci, san) in [("d5d5f", "d5=F"), ("d5c4f", "d5c4=F"), ("d5e6f", "d5e6=F"), ("d5d6", "d6")] {
        let m = p.parse_move(uci).unwrap();
        assert_eq!(p.san(m), san);
        assert_eq!(p.parse_move(san).unwrap(), m, "{san}");
        assert!(!p.is_capture(m), "{uci} takes nothing");
    }
    // In place, the FEN shows the general where the pawn stood; undone, the pawn is back.
    let m = p.parse_move("d5=F").unwrap();
    p.play(m).unwrap();
    assert!(p.fen().starts_with("4k3/8/8/3F4/8/8/8/4K3"), "{}", p.fen());
    p.undo();
    assert_eq!(p.fen(), "4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1");
}

#[test]
fn a_promotion_that_is_the_only_move_is_not_forced_the_game_is_drawn() {
    let p = position("8/8/8/8/8/7p/5k1P/7K[] w - - 0 1");
    let o = p.outcome().expect("drawn");
    assert_eq!((o.winner, o.reason), (None, EndReason::ForcedPromotion));
    assert!(p.draw_rules_met().iter().any(|o| o.reason == EndReason::ForcedPromotion));
    // With a pawn move left as well, the game goes on.
    let p = position("8/8/8/8/8/8/5k1P/7K[] w - - 0 1");
    assert_eq!(p.outcome(), None);
    // Another piece beside the king and pawn: no such draw.
    let p = position("8/8/8/8/8/7p/5k1P/R6K[] w - - 0 1");
    assert_eq!(p.outcome(), None);
}
