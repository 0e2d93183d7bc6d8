//! Passing (`pass`, `features/pass.rs`), pinned against Fairy-Stockfish's `pass` and
//! `passOnStalemate` (the expected move lists and counts are pyffish's, for the ini
//! sections `[passchess:chess] pass = true` and `[stuckchess:chess] passOnStalemate =
//! true`).

use chimera::variants::from_toml;
use chimera::{Action, EndReason, IllegalCode, MoveKind, Notation, Outcome, Position, Variant};

fn variant(pass: &str) -> Variant {
    from_toml(&format!("extends = \"chess\"\nname = \"pass-chess\"\npass = {pass}\n"), "x.toml").unwrap()
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    v.sort();
    v
}

#[test]
fn a_pass_is_written_on_the_kings_square_as_fairy_stockfish_writes_it() {
    let mut p = variant("\"always\"").start();
    let pass = p.parse_move("e1e1").unwrap();
    assert_eq!(pass.action(), Action::Pass { square: p.variant().geometry().parse_square("e1").unwrap() });
    assert_eq!(p.san(pass), "pass");
    assert_eq!(p.notate(pass, Notation::Lan), "Ke1-e1");
    for text in ["pass", "--", "0000", "@@@@"] {
        assert_eq!(p.parse_move(text).unwrap(), pass, "{text}");
    }
    // 20 moves and the pass, at every ply: pyffish's perft of `passchess`.
    assert_eq!(p.count_moves(), 21);
    assert_eq!(p.perft(3), 10187);
}

#[test]
fn a_pass_changes_the_turn_and_the_clocks_only_and_is_undone() {
    let mut p = variant("\"always\"").position("4k3/8/8/8/8/8/4P3/4K2R w K - 5 1").unwrap();
    let before = (p.fen(), p.hash());
    p.play_str("e2e4").unwrap();
    p.play_str("pass").unwrap();
    // As pyffish's `get_fen`: the castling right stays, the clock runs on.
    assert_eq!(p.fen(), "4k3/8/8/8/4P3/8/8/4K2R w K - 1 2");
    p.play_str("e1e1").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/8/4P3/8/8/4K2R b K - 2 2");
    let fresh = p.variant().position(&p.fen()).unwrap();
    assert_eq!(p.hash(), fresh.hash(), "the incremental hash is the one computed afresh");
    for _ in 0..3 {
        p.undo();
    }
    assert_eq!((p.fen(), p.hash()), before);
}

#[test]
fn a_side_in_check_may_not_pass() {
    let mut p = variant("\"always\"").position("4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
    assert_eq!(moves(&p), ["e1d2", "e1e2", "e1f2"]);
    assert_eq!(p.parse_move("pass").unwrap_err().code, IllegalCode::LeavesRoyalInCheck);
}

#[test]
fn two_passes_in_a_row_end_the_game_in_a_draw() {
    let mut p = variant("\"always\"").start();
    p.play_str("pass").unwrap();
    assert_eq!(p.outcome(), None);
    p.play_str("pass").unwrap();
    assert_eq!(p.outcome(), Some(Outcome { winner: None, reason: EndReason::Passes }));
    assert!(p.legal_moves().is_empty());
    // A pass, a move, a pass: no end.
    let mut p = variant("\"always\"").start();
    for m in ["pass", "e7e5", "pass"] {
        p.play_str(m).unwrap();
    }
    assert_eq!(p.outcome(), None);
}

#[test]
fn when_stuck_a_side_passes_only_without_another_legal_move() {
    let v = variant("\"when-stuck\"");
    let mut p = v.start();
    assert!(p.legal_moves().iter().all(|m| m.kind != MoveKind::Pass));
    assert_eq!(p.parse_move("pass").unwrap_err().code, IllegalCode::PassForbidden);
    // Stalemated: the pass is the only move, and the game goes on.
    let mut p = v.position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(moves(&p), ["h8h8"]);
    assert_eq!(p.outcome(), None);
    p.play_str("pass").unwrap();
    assert_eq!(p.count_moves(), 26);
    // Checkmated: no pass.
    let p = v.position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
}

#[test]
fn each_side_may_have_its_own_rule_and_a_side_without_royals_passes_on_its_lowest_piece() {
    let v = variant("{ white = \"never\", black = \"always\" }");
    let mut p = v.start();
    assert_eq!(p.parse_move("pass").unwrap_err().code, IllegalCode::PassForbidden);
    p.play_str("e4").unwrap();
    let pass = p.parse_move("pass").unwrap();
    assert_eq!(p.uci(pass), "e8e8");
    let text = "name = \"men\"\nboard = { files = 4, ranks = 4 }\nstart = \"3m/4/1M2/M3 w - - 0 1\"\nroyal = \"none\"\npass = \"always\"\n\
                [pieces.man]\nletter = \"M\"\nbetza = \"fW\"\n";
    let mut p = from_toml(text, "men.toml").unwrap().start();
    let pass = p.parse_move("pass").unwrap();
    assert_eq!(p.uci(pass), "a1a1");
}

#[test]
fn a_pass_rule_must_be_one_of_three_words() {
    let err = from_toml("extends = \"chess\"\nname = \"x\"\npass = \"sometimes\"\n", "x.toml").unwrap_err().to_string();
    assert!(err.contains("pass") && err.contains("`sometimes`: expected \"never\", \"always\" or \"when-stuck\""), "{err}");
    let err = from_toml("extends = \"chess\"\nname = \"x\"\npass = { white = \"always\" }\n", "x.toml").unwrap_err().to_string();
    assert!(err.contains("pass") && err.contains("black"), "{err}");
}
