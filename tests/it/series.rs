//! Turns of several moves (`[turn] moves`, `features/series.rs`): Marseillais, Monster and
//! Progressive chess. Each expectation is derived by hand from the rule text the
//! rulesets cite (chessvariants.com's Marseillais page, Wikipedia's Monster and
//! Progressive chess pages); perft against the naive reference is in
//! `reference_movegen.rs`.

use chimera::variants::builtin;
use chimera::{Color, EndReason, Position};

fn variant(name: &str) -> chimera::Variant {
    builtin(name).unwrap().variant().unwrap()
}

/// The position after `turns` (comma-joined whole turns, space-separated).
fn after(name: &str, fen: Option<&str>, turns: &str) -> Position {
    let v = variant(name);
    let mut pos = match fen {
        Some(f) => v.position(f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => v.start(),
    };
    for t in turns.split_whitespace() {
        pos.play_str(t).unwrap_or_else(|e| panic!("{t}: {}", e.message));
    }
    pos
}

fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    v.sort();
    v
}

#[test]
fn marseillais_turns_are_two_moves_but_white_starts_with_one() {
    let pos = after("marseillais", None, "");
    assert_eq!(pos.turn_length(), 1);
    let pos = after("marseillais", None, "e2e4");
    assert_eq!((pos.turn(), pos.turn_length(), pos.part()), (Color::Black, 2, 0));
    let pos = after("marseillais", None, "e2e4 e7e5,d7d5");
    assert_eq!((pos.turn(), pos.turn_length(), pos.part()), (Color::White, 2, 0));
    assert_eq!(pos.fen(), "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6e6 0 2");
    // The vchess example game: 1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5.
    let pos = after("marseillais", None, "e4 e5,Nc6 Qh5,Nf3 g6,gxh5");
    assert_eq!(pos.fen().split(' ').next().unwrap(), "r1bqkbnr/pppp1p1p/2n5/4p2p/4P3/5N2/PPPP1PPP/RNB1KB1R");
}

#[test]
fn marseillais_check_on_the_first_move_ends_the_turn() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 5";
    let pos = after("marseillais", Some(fen), "a1a8");
    assert_eq!((pos.turn(), pos.part()), (Color::Black, 0));
    assert!(pos.is_check());
    // A quiet first move leaves the second to play.
    let pos = after("marseillais", Some(fen), "a1a7");
    assert_eq!((pos.turn(), pos.part()), (Color::White, 1));
    assert_eq!(pos.fen(), "4k3/R7/8/8/8/8/8/4K3 w - - 1 5 part=2");
}

#[test]
fn marseillais_check_must_be_met_by_the_first_move_and_never_entered() {
    // White in check from the rook on e8: the first move must end it (the king steps
    // aside, or the e-file is blocked), it may not wait for the second.
    let pos = after("marseillais", Some("4r1k1/8/8/8/8/8/3B4/4K3 w - - 0 5"), "");
    assert_eq!(moves(&pos), ["d2e3", "e1d1", "e1f1", "e1f2"]);
    // Mid-turn the king still may not step into check.
    let pos = after("marseillais", Some("3r2k1/8/8/8/8/8/8/4K2R w - - 0 5"), "h1h2");
    assert!(!moves(&pos).contains(&"e1d1".to_string()) && !moves(&pos).contains(&"e1d2".to_string()));
}

#[test]
fn marseillais_takes_two_passed_pawns_by_leading_captures() {
    let fen = "4k3/8/8/8/3p1p2/8/4P1P1/4K3 w - - 0 5";
    let pos = after("marseillais", Some(fen), "e2e4,g2g4");
    assert_eq!(pos.fen(), "4k3/8/8/8/3pPpP1/8/8/4K3 b - e3g3 0 5");
    let takes = |p: &Position| moves(p).into_iter().filter(|m| ["d4e3", "f4e3", "f4g3"].contains(&m.as_str())).collect::<Vec<_>>();
    assert_eq!(takes(&pos), ["d4e3", "f4e3", "f4g3"]);
    // After one en-passant capture the other pawn may still be taken...
    let mid = after("marseillais", Some(fen), "e2e4,g2g4 d4e3");
    assert_eq!(takes(&mid), ["f4g3"]);
    assert_eq!(mid.fen(), "4k3/8/8/8/5pP1/4p3/8/4K3 b - g3 0 5 part=2");
    // ...but not after another move.
    let mid = after("marseillais", Some(fen), "e2e4,g2g4 e8d8");
    assert!(takes(&mid).is_empty());
    // A pawn that moved on after its double step is no longer taken en passant.
    let pos = after("marseillais", Some(fen), "e2e4,e4e5");
    assert!(!moves(&pos).contains(&"d4e3".to_string()));
    assert_eq!(pos.fen(), "4k3/8/8/4P3/3p1p2/8/6P1/4K3 b - - 0 5");
}

#[test]
fn marseillais_fens_read_back_mid_turn_with_the_same_hash() {
    let v = variant("marseillais");
    let fen = "4k3/8/8/8/3p1p2/8/4P1P1/4K3 w - - 0 5";
    for line in ["e2e4", "e2e4,g2g4", "e2e4,g2g4 d4e3", "e2e4,g2g4 f4g3,d4e3", "e1d1"] {
        let mut pos = after("marseillais", Some(fen), line);
        let fresh = v.position(&pos.fen()).unwrap();
        assert_eq!(fresh.fen(), pos.fen(), "{line}");
        assert_eq!(fresh.hash(), pos.hash(), "{line}: {}", pos.fen());
        assert_eq!(moves(&fresh), moves(&pos), "{line}");
        // Undone to the start, the position is the start again.
        while pos.undo().is_some() {}
        assert_eq!(pos.fen(), fen);
        assert_eq!(pos.hash(), v.position(fen).unwrap().hash());
    }
}

#[test]
fn marseillais_stalled_after_the_first_move_is_stalemate() {
    // White's first move leaves White no second move (the king boxed in by the queen,
    // the pawn now blocked): stalemate, a draw, mid-turn.
    let pos = after("marseillais", Some("k7/p7/8/P7/8/8/5q2/7K w - - 0 5"), "a5a6");
    assert_eq!(pos.part(), 1);
    assert_eq!(pos.legal_moves().len(), 0);
    let o = pos.outcome().expect("the game is over");
    assert_eq!((o.winner, o.reason), (None, EndReason::Stalemate));
}

#[test]
fn monster_king_passes_through_check() {
    let fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
    let pos = after("monster", Some(fen), "");
    // Kd1, Ke2 and Kf2 stand attacked by the rook, but a second move leaves the king safe.
    assert_eq!(moves(&pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    let mid = after("monster", Some(fen), "e1e2");
    assert_eq!((mid.turn(), mid.part()), (Color::White, 1));
    assert!(mid.is_check());
    // The second move must end the check: Kxd2, or off the second rank and d-file.
    assert_eq!(moves(&mid), ["e2d2", "e2e1", "e2e3", "e2f1", "e2f3"]);
    // A whole turn into check and back out is one turn.
    let pos = after("monster", Some(fen), "e1d1,d1d2");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
}

#[test]
fn monster_black_is_in_check_two_white_moves_away() {
    // White's king on e5: any square it reaches in two moves is attacked for Black.
    let pos = after("monster", Some("4k3/8/8/4K3/8/8/8/8 b - - 0 1"), "");
    assert!(!pos.is_check());
    assert_eq!(moves(&pos), ["e8d8", "e8f8"]);
    // Two squares off, Black is in check and every flight is still within reach: mate.
    let pos = after("monster", Some("4k3/8/4K3/8/8/8/8/8 b - - 0 1"), "");
    assert!(pos.is_check());
    let o = pos.outcome().expect("checkmate");
    assert_eq!((o.winner, o.reason), (Some(Color::White), EndReason::Checkmate));
    // A pawn one step from attacking the king gives check: d5-d6, then dxe7.
    let pos = after("monster", Some("8/4k3/8/3P4/8/8/8/K7 b - - 0 1"), "");
    assert!(pos.is_check());
    // Two steps from it, none: d4-d5-d6 would take a third move to capture.
    let pos = after("monster", Some("8/4k3/8/8/3P4/8/8/K7 b - - 0 1"), "");
    assert!(!pos.is_check());
}

#[test]
fn monster_perft_from_the_start() {
    // White: 10 first moves (Kd1, Kf1, four pawns one or two steps), then 9 to 11 seconds
    // each, derived by hand: 99.
    let mut pos = after("monster", None, "");
    assert_eq!(pos.perft(1), 99);
    assert_eq!(pos.perft(2), 1976);
}

#[test]
fn progressive_turns_grow_one_move_at_a_time() {
    let pos = after("progressive", None, "e2e4");
    assert_eq!((pos.turn(), pos.turn_length()), (Color::Black, 2));
    let pos = after("progressive", None, "e2e4 e7e5,d7d5");
    assert_eq!((pos.turn(), pos.turn_length()), (Color::White, 3));
    let pos = after("progressive", None, "e2e4 e7e5,d7d5 e4d5,d1h5,h5e5");
    // Qxe5+ checks: the series ends there (it was the third move anyway); Black now has 4.
    assert_eq!((pos.turn(), pos.turn_length()), (Color::Black, 4));
    assert!(pos.is_check());
    // A check earlier in a series forfeits its remaining moves.
    let pos = after("progressive", None, "e2e4 f7f6,a7a6 d1h5");
    assert_eq!((pos.turn(), pos.part()), (Color::Black, 0));
    assert_eq!(pos.turn_length(), 4);
}

#[test]
fn progressive_en_passant_only_on_the_first_move() {
    // Black passed d6 on its second move; White's first move may take, not its second.
    let pos = after("progressive", None, "e2e4 h7h6,h6h5 e4e5,a2a3,b2b3 d7d5,a7a6,a6a5,b7b6");
    assert!(moves(&pos).contains(&"e5d6".to_string()));
    let pos = after("progressive", None, "e2e4 h7h6,h6h5 e4e5,a2a3,b2b3 d7d5,a7a6,a6a5,b7b6 a3a4");
    assert!(!moves(&pos).contains(&"e5d6".to_string()));
}

#[test]
fn series_refusals_name_the_part() {
    let mut pos = after("marseillais", Some("4r1k1/8/8/8/8/8/3B4/4K3 w - - 0 5"), "");
    let e = pos.play_str("d2c3,e1d1").unwrap_err();
    assert!(e.message.contains("part 1"), "{}", e.message);
}

#[test]
fn rulesets_refuse_series_keys_without_moves() {
    let text = "extends = \"chess\"\nname = \"x\"\n[turn]\ncheck_ends_turn = true\n";
    let e = chimera::variants::from_toml(text, "x.toml").unwrap_err().to_string();
    assert!(e.contains("turn.check_ends_turn") && e.contains("set `moves` too"), "{e}");
    let text = "extends = \"chess\"\nname = \"x\"\n[turn]\nmoves = 17\n";
    let e = chimera::variants::from_toml(text, "x.toml").unwrap_err().to_string();
    assert!(e.contains("1 to 16"), "{e}");
    let text = "extends = \"chess\"\nname = \"x\"\n[turn]\nmoves = \"twice\"\n";
    let e = chimera::variants::from_toml(text, "x.toml").unwrap_err().to_string();
    assert!(e.contains("progressive"), "{e}");
}

/// A series follows straight double steps only (the squares passed, `Pos::passed`): a
/// pawn whose first step goes aside and may be taken en passant is refused, naming why.
#[test]
fn a_series_refuses_bent_double_steps() {
    let text = "extends = \"berolina\"\nname = \"marseillais-berolina\"\n[turn]\nmoves = 2\n";
    let err = chimera::variants::from_toml(text, "mb.toml").unwrap_err().to_string();
    assert!(err.contains("turn.moves") && err.contains("`pawn` takes its first step aside"), "{err}");
    // Straight double steps are fine.
    assert!(chimera::variants::from_toml("extends = \"chess\"\nname = \"m2\"\n[turn]\nmoves = 2\n", "m2.toml").is_ok());
}
