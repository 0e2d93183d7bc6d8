//! Movement rules pinned against Fairy-Stockfish's reading: a promotion to a royal piece
//! must not land on an attacked square, `K` and `Q` take direction modifiers on both of
//! their parts (`fK` = `fWfF`), and Black's left and right are White's mirrored; the
//! promotion options Fairy-Stockfish's readings need (`en_passant = false`, `"free"`) and
//! drops that may not give check.

use chimera::variants::{from_toml, load};
use chimera::Position;

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    v.sort();
    v
}

/// A ruleset with kings and one piece `X` moving as `betza`.
fn with_piece(betza: &str, fen: &str) -> Position {
    let text = format!(
        "name = \"x\"\nboard = {{ files = 8, ranks = 8 }}\nstart = \"{fen}\"\n\n\
         [pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n\n\
         [pieces.x]\nletter = \"X\"\nbetza = \"{betza}\"\n"
    );
    from_toml(&text, "x.toml").unwrap().start()
}

fn piece_moves(p: &Position, from: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.starts_with(from)).collect()
}

#[test]
fn a_pawn_may_not_promote_to_a_royal_queen_on_an_attacked_square() {
    let p = load("coregal").unwrap().position("k6r/3P4/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert_eq!(piece_moves(&p, "d7"), ["d7d8b", "d7d8n", "d7d8r"]);
    // Unattacked, the queen is a choice again.
    let p = load("coregal").unwrap().position("k7/3P4/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert_eq!(piece_moves(&p, "d7"), ["d7d8b", "d7d8n", "d7d8q", "d7d8r"]);
    // (The suite case that found it, depth 4 from `2Q5/3Pq2k/…`, is in tests/fsf_suite.rs.)
}

#[test]
fn forward_king_steps_three_ways_for_both_colours() {
    let white = with_piece("fK", "4k3/8/8/8/3X4/8/8/4K3 w - - 0 1");
    assert_eq!(piece_moves(&white, "d4"), ["d4c5", "d4d5", "d4e5"]);
    let black = with_piece("fK", "4k3/8/8/3x4/8/8/8/4K3 b - - 0 1");
    assert_eq!(piece_moves(&black, "d5"), ["d5c4", "d5d4", "d5e4"]);
    let back_queen = with_piece("bQ", "4k3/8/8/8/8/8/8/X3K3 w - - 0 1");
    assert!(piece_moves(&back_queen, "a1").is_empty());
}

#[test]
fn left_is_the_movers_left() {
    let white = with_piece("lW", "4k3/8/8/8/3X4/8/8/4K3 w - - 0 1");
    assert_eq!(piece_moves(&white, "d4"), ["d4c4"]);
    let black = with_piece("lW", "4k3/8/8/8/3x4/8/8/4K3 b - - 0 1");
    assert_eq!(piece_moves(&black, "d4"), ["d4e4"]);
}

#[test]
fn a_diagonal_double_step_writes_both_squares_in_the_en_passant_field() {
    // Berolina: e7-c5 passes d6; Fairy-Stockfish lists the pawn's square with the passed
    // one, lower first, and so does Chimera, reading either order.
    let v = load("berolina").unwrap();
    let mut p = v.position("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1").unwrap();
    p.play_str("e7c5").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/2pP4/8/8/8/4K3 w - c5d6 0 2");
    for field in ["c5d6", "d6c5"] {
        let p = v.position(&format!("4k3/8/8/2pP4/8/8/8/4K3 w - {field} 0 2")).unwrap();
        assert!(piece_moves(&p, "d5").contains(&"d5d6".to_string()), "{field}");
    }
    // A straight double step is written as in chess: the passed square alone.
    let mut p = load("chess").unwrap().position("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1").unwrap();
    p.play_str("e7e5").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2");
    // Two squares neither of which holds the pawn that passed: refused.
    assert!(v.position("4k3/8/8/3P4/8/8/8/4K3 w - c5d6 0 2").is_err());
}

/// The duty to capture counts only the captures the other rules allow: with checks banned,
/// a capture that gives check is no capture at all, so quiet moves stay legal
/// (Fairy-Stockfish's `has_capture` counts legal captures; its `coffeerace`).
#[test]
fn a_capture_that_would_give_check_does_not_force_capturing_where_checks_are_banned() {
    let text = "extends = \"chess\"\nname = \"no-check-capture\"\nmust_capture = true\nchecks_allowed = false\n";
    let mut p = from_toml(text, "x.toml").unwrap().position("4k3/8/8/8/4p3/8/8/K3R3 w - - 0 1").unwrap();
    assert_eq!(moves(&p), ["a1a2", "a1b1", "a1b2", "e1b1", "e1c1", "e1d1", "e1e2", "e1e3", "e1f1", "e1g1", "e1h1"]);
    let refused = p.parse_move("Rxe4").unwrap_err();
    assert_eq!(refused.code, chimera::IllegalCode::GivesCheck);
    // Where a capture passes the ban, it is compulsory again.
    let mut p = from_toml(text, "x.toml").unwrap().position("4k3/8/8/8/3p4/8/8/K2R4 w - - 0 1").unwrap();
    assert_eq!(moves(&p), ["d1d4"]);
    assert_eq!(p.parse_move("Rd2").unwrap_err().code, chimera::IllegalCode::CaptureRequired);
}

/// `moves_within` bounds what a piece attacks as well as where it moves (Fairy-Stockfish's
/// `attackers_to` reads its region so: Crowded Xiangqi's advisor on d3 gives no check on
/// e4): a royal may stand next to it outside its region, whether the generator asks square
/// by square (a king's step) or for every attacked square at once — for a leaper, a rider
/// (its attack group) and a lame leaper alike.
#[test]
fn a_confined_piece_attacks_only_within_its_region() {
    let text = "name = \"x\"\nboard = { files = 8, ranks = 8 }\nstart = \"4k3/8/8/8/8/8/3x4/5K2 w - - 0 1\"\n\n\
         [pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n\n\
         [pieces.x]\nletter = \"X\"\nbetza = \"fmWfcF\"\nmoves_within = { ranks = [1, 2, 3, 4, 5, 6, 7] }\n\n\
         [pieces.rook]\nletter = \"R\"\nbetza = \"R\"\nmoves_within = { ranks = [1, 2, 3, 4] }\n\n\
         [pieces.elephant]\nletter = \"E\"\nbetza = \"nA\"\nmoves_within = { ranks = [1, 2, 3] }\n";
    let v = from_toml(text, "x.toml").unwrap();
    // The black X on d2 may never move to rank 1, nor does it attack c1 or e1.
    assert_eq!(piece_moves(&v.start(), "f1"), ["f1e1", "f1e2", "f1f2", "f1g1", "f1g2"]);
    // Black's rook keeps to ranks 5-8 and its elephant to ranks 6-8: outside, no check…
    for fen in ["4k3/8/8/8/8/8/3x4/4K3 w - - 0 1", "4k3/8/8/r7/K7/8/8/8 w - - 0 1", "2e1k3/8/8/8/8/8/8/K7 w - - 0 1"] {
        assert!(!v.position(fen).unwrap().is_check(), "{fen}: no check from outside the region");
    }
    assert_eq!(piece_moves(&v.position("4k3/8/8/r7/K7/8/8/8 w - - 0 1").unwrap(), "a4"), ["a4a3", "a4a5", "a4b3", "a4b4"]);
    // …inside, the same pieces check.
    for fen in ["4k3/K7/8/r7/8/8/8/8 w - - 0 1", "2e1k3/8/4K3/8/8/8/8/8 w - - 0 1"] {
        assert!(v.position(fen).unwrap().is_check(), "{fen}: a check within the region");
    }
}

/// Kings and pawns on a 6x6 board: double steps from rank 2, taken en passant, and
/// `promotion` (a TOML inline table) to a queen.
fn pawns(promotion: &str, fen: &str) -> Position {
    let text = format!(
        "name = \"p\"\nboard = {{ files = 6, ranks = 6 }}\nstart = \"{fen}\"\n\n\
         [pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n\n\
         [pieces.queen]\nletter = \"Q\"\nbetza = \"Q\"\n\n\
         [pieces.pawn]\nletter = \"P\"\nbetza = \"fmWfcF\"\npawn = true\ndouble_step_ranks = [2]\nen_passant = true\n\
         promotion = {promotion}\n"
    );
    from_toml(&text, "p.toml").unwrap().start()
}

fn from_fen_of(p: &Position, fen: &str) -> Position {
    p.variant().position(fen).unwrap()
}

#[test]
fn an_en_passant_capture_into_the_zone_may_be_set_not_to_promote() {
    // White's c2-c4 passed c3, in Black's zone (c3 and c2): Black's b4 pawn takes there.
    let zone = "squares = { white = [\"a6\"], black = [\"c3\", \"c2\"] }, to = [\"queen\"]";
    let fen = "k5/6/1pP3/6/6/K5 b - c3 0 1";
    let promoting = pawns(&format!("{{ {zone} }}"), fen);
    assert_eq!(piece_moves(&promoting, "b4"), ["b4b3", "b4c3q"]);
    let plain = pawns(&format!("{{ {zone}, en_passant = false }}"), fen);
    assert_eq!(piece_moves(&plain, "b4"), ["b4b3", "b4c3"]);
    // Unpromoted in the zone (a FEN may say so), it promotes on its next move there.
    let p = from_fen_of(&plain, "k5/6/6/2p3/6/K5 b - - 0 1");
    assert_eq!(piece_moves(&p, "c3"), ["c3c2q"]);
    assert!(promoting.variant().position("k5/6/6/2p3/6/K5 b - - 0 1").is_err(), "it must have promoted");
}

#[test]
fn a_free_promotion_may_be_declined_where_the_piece_is_then_stuck() {
    let fen = "k5/2P3/6/6/6/K5 w - - 0 1";
    let optional = pawns("{ ranks = [6], to = [\"queen\"], policy = \"optional\" }", fen);
    assert_eq!(piece_moves(&optional, "c5"), ["c5c6q"]);
    let free = pawns("{ ranks = [6], to = [\"queen\"], policy = \"free\" }", fen);
    assert_eq!(piece_moves(&free, "c5"), ["c5c6", "c5c6q"]);
    // A FEN with the stuck pawn reads (it could not under "optional").
    assert!(free.variant().position("k1P3/6/6/6/6/K5 b - - 0 1").is_ok());
    assert!(optional.variant().position("k1P3/6/6/6/6/K5 b - - 0 1").is_err());
}

#[test]
fn drops_that_give_check_may_be_banned() {
    let text = "name = \"d\"\nboard = { files = 6, ranks = 6 }\nstart = \"k5/6/6/6/6/K5[R] w - - 0 1\"\n\
                [drops]\nchecks = false\n\
                [pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n\
                [pieces.rook]\nletter = \"R\"\nbetza = \"R\"\n";
    let mut p = from_toml(text, "d.toml").unwrap().start();
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("R@")).collect();
    // Not on the a-file or the sixth rank, where the rook would attack a6.
    assert_eq!(drops.len(), 36 - 2 - 5 - 4, "{drops:?}");
    assert!(!drops.iter().any(|d| d.ends_with('6') || d.starts_with("R@a")), "{drops:?}");
    let e = p.parse_move("R@b6").unwrap_err();
    assert_eq!((e.code.as_str(), e.message.as_str()), ("gives-check", "`R@b6` gives check, and no drop may give check in this variant"));
    // A board move may still give check.
    let mut p = p.variant().position("k5/6/6/6/1R4/K5[] w - - 0 1").unwrap();
    assert!(p.parse_move("Rb6").is_ok());
}

/// Maharajah's amazons (`m`, royal while a side has one) against White's king and rooks.
fn amazons(fen: &str) -> Position {
    let text = format!(
        "name = \"m\"\nboard = {{ files = 8, ranks = 8 }}\nstart = \"{fen}\"\n\n\
         [pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n\n\
         [pieces.rook]\nletter = \"R\"\nbetza = \"R\"\n\n\
         [pieces.amazon]\nletter = \"M\"\nbetza = \"QN\"\nroyal_while_at_most = 1\n"
    );
    from_toml(&text, "m.toml").unwrap().start()
}

#[test]
fn a_piece_is_royal_only_while_its_side_has_few_of_its_type() {
    // Two amazons: neither is royal, so Black has no royal piece and one may stay attacked.
    let p = amazons("m6m/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert!(!p.is_check());
    assert!(moves(&p).contains(&"h8h7".to_string()), "the a8 amazon may stay attacked");
    // One amazon: royal, so the rook's attack is check and the amazon must answer it.
    let p = amazons("m7/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert!(p.is_check());
    assert!(moves(&p).iter().all(|m| m.starts_with("a8")), "{:?}", moves(&p));
    // Taking one of two makes the other royal: a move that leaves it attacked is illegal.
    let mut p = amazons("m6m/8/8/8/8/8/8/R3K2R w - - 0 1");
    p.play_str("a1a8").unwrap();
    assert!(p.is_check(), "the h8 amazon, now the last, is attacked by the a8 and h1 rooks");
}

#[test]
fn opposite_castling_takes_the_opponent_s_same_castle() {
    let v = from_toml("extends = \"chess\"\nname = \"opposite\"\nopposite_castling = true\n", "o.toml").unwrap();
    let mut p = v.position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1").unwrap();
    p.play_str("e1g1").unwrap();
    assert_eq!(p.fen().split(' ').nth(2), Some("q"), "White castled short: Black may castle long only");
    p.play_str("e8c8").unwrap();
    assert_eq!(p.fen().split(' ').nth(2), Some("-"));
    // Without the rule, Black keeps both.
    let mut p = load("chess").unwrap().position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1").unwrap();
    p.play_str("e1g1").unwrap();
    assert_eq!(p.fen().split(' ').nth(2), Some("kq"));
    let none = "extends = \"chess\"\nname = \"o\"\nstart = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\ncastling = []\nopposite_castling = true\n";
    assert!(from_toml(none, "o.toml").unwrap_err().to_string().contains("opposite_castling"));
}

#[test]
fn a_castle_may_win_and_losing_its_right_lose() {
    let v = from_toml("extends = \"chess\"\nname = \"castle\"\n\n[end]\ncastling_wins = [\"Q\", \"q\"]\n", "c.toml").unwrap();
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let mut p = v.position(fen).unwrap();
    p.play_str("e1c1").unwrap();
    let o = p.outcome().expect("the long castle wins");
    assert_eq!((o.winner, o.reason), (Some(chimera::Color::White), chimera::EndReason::Castling));
    // The short castle is no such castle; the king's move loses both rights, so the game.
    let mut p = v.position(fen).unwrap();
    p.play_str("e1g1").unwrap();
    assert_eq!(p.outcome().map(|o| o.winner), Some(Some(chimera::Color::Black)), "White holds no long castle any more");
    // A rook that leaves its corner loses the right for good.
    let mut p = v.position(fen).unwrap();
    p.play_str("a1b1").unwrap();
    assert_eq!(p.outcome().map(|o| o.winner), Some(Some(chimera::Color::Black)));
    let mut p = v.position(fen).unwrap();
    p.play_str("h1g1").unwrap();
    assert!(p.outcome().is_none(), "the short castle's right is no winning one");
    assert!(from_toml("extends = \"chess\"\nname = \"c\"\n\n[end]\ncastling_wins = [\"X\"]\n", "c.toml")
        .unwrap_err()
        .to_string()
        .contains("castling_wins"));
}

/// `immobile_moves = false` (Fairy-Stockfish's `immobilityIllegal`): a plain move may not
/// end where the piece could never move again; promotions, other pieces and the default
/// are untouched, and the refusal says why.
#[test]
fn immobile_moves_bars_plain_moves_to_squares_a_piece_could_never_leave() {
    let ruleset = |immobile: bool, promotion: &str| {
        let text = format!(
            "name = \"x\"\nboard = {{ files = 8, ranks = 8 }}\nstart = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\nimmobile_moves = {immobile}\n\n\
             [pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n\n\
             [pieces.lance]\nletter = \"L\"\nbetza = \"fR\"\n{promotion}\n\
             [pieces.gold]\nletter = \"G\"\nbetza = \"WfF\"\n"
        );
        from_toml(&text, "x.toml").unwrap()
    };
    let fen = "4k3/8/8/8/L7/8/8/4K3 w - - 0 1";
    // By default the lance may run to a8 and stay there for good.
    let free = ruleset(true, "").position(fen).unwrap();
    assert_eq!(piece_moves(&free, "a4"), ["a4a5", "a4a6", "a4a7", "a4a8"]);
    let mut barred = ruleset(false, "").position(fen).unwrap();
    assert_eq!(piece_moves(&barred, "a4"), ["a4a5", "a4a6", "a4a7"]);
    assert_eq!(barred.count_moves(), barred.legal_moves().len() as u64, "counted as listed");
    for text in ["La8", "a4a8"] {
        let e = barred.parse_move(text).unwrap_err();
        assert_eq!(
            (e.code.as_str(), e.message.as_str()),
            ("immobile", "the white lance may not move to a8: it could never move again from there"),
            "{text}"
        );
    }
    // Black's lance is stuck on the first rank; the king and a gold are never stuck.
    let black = ruleset(false, "").position("4k3/8/8/8/l7/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(piece_moves(&black, "a4"), ["a4a2", "a4a3"]);
    // A lance that may promote ("free": it may also decline) promotes on a8 but may not
    // decline there; on a7 it may.
    let promoting = "promotion = { ranks = [7, 8], to = [\"gold\"], policy = \"free\" }";
    let p = ruleset(false, promoting).position("4k3/8/8/L7/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(piece_moves(&p, "a5"), ["a5a6", "a5a7", "a5a7g", "a5a8g"]);
    assert_eq!(p.count_moves(), p.legal_moves().len() as u64, "counted as listed");
    let p = ruleset(true, promoting).position("4k3/8/8/L7/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(piece_moves(&p, "a5"), ["a5a6", "a5a7", "a5a7g", "a5a8", "a5a8g"]);
}
