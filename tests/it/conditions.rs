//! The problemists' conditions (`circe`, `andernach`, `madrasi`; `features/circe.rs`,
//! `andernach.rs`, `madrasi.rs`) in positions chosen by their published rules: the
//! legal moves, what a move leaves on the board (FEN), check, refusals, and the hash kept
//! move by move and undone, against the hash of the FEN read afresh. The reference
//! generator plays them too (`reference_movegen.rs`), and `tests/cases/{circe,andernach,
//! madrasi}/` pin whole move lists.

use chimera::variants::load;
use chimera::Position;

fn position(variant: &str, fen: &str) -> Position {
    load(variant).unwrap().position(fen).unwrap()
}

/// The legal moves in long algebraic notation, sorted.
fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    v.sort();
    v
}

/// The FEN after playing `text` (SAN or long algebraic).
fn after(variant: &str, fen: &str, text: &str) -> Position {
    let mut p = position(variant, fen);
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{variant} {fen} {text}: {e}"));
    p.play(m).unwrap();
    p
}

#[test]
fn circe_rebirth_squares_follow_the_published_examples() {
    // Wikipedia: "a black knight captured on f6 is reborn on b8; a black rook captured on
    // the same square is reborn on h8" (with its king unmoved on e8 it may castle again);
    // "a white pawn captured on b4 is reborn on b2"; the queen goes home to d1/d8.
    for (fen, text, expected) in [
        ("4k3/8/5n2/8/8/8/8/4KR2 w - - 0 1", "Rxf6", "1n2k3/8/5R2/8/8/8/8/4K3 b - - 0 1"),
        ("4k3/8/5r2/8/8/8/8/4KR2 w - - 0 1", "Rxf6", "4k2r/8/5R2/8/8/8/8/4K3 b k - 0 1"),
        ("4k3/8/8/p7/1P6/8/8/4K3 b - - 0 1", "axb4", "4k3/8/8/8/1p6/8/1P6/4K3 w - - 0 2"),
        ("4k3/8/8/8/8/8/1q6/B3K3 w - - 0 1", "Bxb2", "3qk3/8/8/8/8/8/1B6/4K3 b - - 0 1"),
        // A knight taken on b7 (light) goes to g8 (light), not to b8 on its own file.
        ("4k3/1n6/8/8/8/8/8/1R2K3 w - - 0 1", "Rxb7", "4k1n1/1R6/8/8/8/8/8/4K3 b - - 0 1"),
        // A second (promoted) queen is reborn as a queen, on d8: taken, so it vanishes.
        ("3qk3/8/8/8/8/8/1q6/B3K3 w - - 0 1", "Bxb2", "3qk3/8/8/8/8/8/1B6/4K3 b - - 0 1"),
    ] {
        assert_eq!(after("circe", fen, text).fen(), expected, "{fen} {text}");
    }
}

#[test]
fn circe_en_passant_victim_is_reborn_on_its_file() {
    // Wikipedia: after an e.p. capture the capturing pawn stands just in front of the
    // reborn pawn.
    let p = after("circe", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d5");
    let p = {
        let mut p = p;
        let m = p.parse_move("exd6").unwrap();
        p.play(m).unwrap();
        p
    };
    assert_eq!(p.fen(), "4k3/3p4/3P4/8/8/8/8/4K3 b - - 0 2");
}

#[test]
fn circe_rebirth_counts_for_legality() {
    // Wikipedia's diagram: Kxe1 is illegal, the rook being reborn on a1 with check; with
    // a1 taken (…Ba1!) the rook vanishes and Kxe1 is legal.
    assert_eq!(moves(&position("circe", "7K/8/8/8/8/8/3k4/4R3 b - - 0 1")), ["d2c2", "d2c3", "d2d3"]);
    let p = position("circe", "8/7K/8/8/8/8/3k4/b3R3 b - - 0 1");
    assert!(moves(&p).contains(&"d2e1".to_string()));
    let e = position("circe", "7K/8/8/8/8/8/3k4/4R3 b - - 0 1").parse_move("Kxe1").unwrap_err();
    assert_eq!(e.code.as_str(), "leaves-royal-in-check");
    // A reborn piece shields: in check along the eighth rank, Qxf6 brings the knight back
    // to b8, between the rook and the king.
    let p = position("circe", "K6r/8/5n2/8/7k/8/8/5Q2 w - - 0 1");
    assert!(p.is_check());
    assert_eq!(moves(&p), ["a8a7", "a8b7", "f1f6"]);
    let p = after("circe", "K6r/8/5n2/8/7k/8/8/5Q2 w - - 0 1", "Qxf6");
    assert_eq!(p.fen(), "Kn5r/8/5Q2/8/7k/8/8/8 b - - 0 1");
    // Not only the king's captures: Qxd3 brings White's rook back on h1 (d3 is light),
    // where it attacks the h5 king; in chess the capture is legal.
    let fen = "8/8/8/7k/8/1q1R4/8/K7 b - - 0 1";
    assert!(!moves(&position("circe", fen)).contains(&"b3d3".to_string()));
    assert!(moves(&position("chess", fen)).contains(&"b3d3".to_string()));
}

#[test]
fn circe_reborn_rook_castles_again() {
    // Wikipedia: "Castling with a reborn rook is permitted."
    // The rook taken on h3 (light) is reborn on h1.
    let p = after("circe", "4k2r/8/8/8/8/7R/8/4K3 b k - 0 1", "Rxh3");
    assert_eq!(p.fen(), "4k3/8/8/8/8/7r/8/4K2R w K - 0 2");
    assert!(moves(&p).contains(&"e1g1".to_string()));
    // Not once the king has moved.
    let mut p = position("circe", "4k2r/8/8/8/8/7R/P7/4K3 w k - 0 1");
    for text in ["Kf1", "Kd8", "Ke1", "Ke8", "a3", "Rxh3"] {
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(m).unwrap();
    }
    assert_eq!(p.fen().split_whitespace().nth(2), Some("-"), "{}", p.fen());
}

#[test]
fn andernach_capturer_changes_colour() {
    // Wikipedia: "a white bishop on a2 capturing a black knight on g8 becomes a black
    // bishop on g8"; a king does not change.
    assert_eq!(after("andernach", "4k1n1/8/8/8/8/8/B7/4K3 w - - 0 1", "Bxg8").fen(), "4k1b1/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(after("andernach", "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", "Kxd2").fen(), "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
    // En passant: the pawn that takes changes colour too.
    let mut p = position("andernach", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    for text in ["d5", "exd6"] {
        let m = p.parse_move(text).unwrap();
        p.play(m).unwrap();
    }
    assert_eq!(p.fen(), "4k3/8/3p4/8/8/8/8/4K3 b - - 0 2");
}

#[test]
fn andernach_legality_counts_the_new_colour() {
    // Rxe5 would leave a black rook on e5 checking White's own king.
    let mut p = position("andernach", "4k3/8/8/4p3/4R3/8/8/4K3 w - - 0 1");
    assert_eq!(p.legal_moves().len(), 14);
    assert!(!moves(&p).contains(&"e4e5".to_string()));
    assert_eq!(p.parse_move("Rxe5").unwrap_err().code.as_str(), "leaves-royal-in-check");
    // A promoting capture promotes, then turns: as a black queen or bishop on h8 it
    // would check a1 along the long diagonal; as a rook or knight it may be made.
    let p = position("andernach", "4k2r/6P1/8/8/8/8/8/K7 w k - 0 1");
    let m = moves(&p);
    for legal in ["g7h8n", "g7h8r", "g7g8q", "g7g8b"] {
        assert!(m.contains(&legal.to_string()), "{legal} in {m:?}");
    }
    for illegal in ["g7h8q", "g7h8b"] {
        assert!(!m.contains(&illegal.to_string()), "{illegal} in {m:?}");
    }
    assert_eq!(m.len(), 9);
    assert_eq!(after("andernach", "4k2r/6P1/8/8/8/8/8/K7 w k - 0 1", "gxh8=R").fen(), "4k2r/8/8/8/8/8/8/K7 b k - 0 1");
}

#[test]
fn andernach_turned_rook_may_castle() {
    // echekk.fr: castling is possible with a rook that changed colour and has not moved
    // since — Black's rook taking on h1 becomes White's, and White's unmoved king castles.
    let p = after("andernach", "4k3/8/8/7r/8/8/8/4K2N b - - 0 1", "Rxh1");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 2");
    assert!(moves(&p).contains(&"e1g1".to_string()));
}

#[test]
fn madrasi_paralysis_follows_wikipedias_diagram() {
    let fen = "2kn4/1p1p1N2/8/2R3r1/7r/1P1p4/2P2NR1/B2b1K2 w - - 0 1";
    let mut p = position("madrasi", fen);
    // Black's king is not in check from c5: that rook is paralysed by g5.
    assert!(!p.is_check());
    let m = moves(&p);
    assert_eq!(m.len(), 16);
    // The paralysed c5 and g2 rooks, f7 knight and c2 pawn do not move; f2 takes d3.
    for square in ["c5", "g2", "f7", "c2"] {
        assert!(!m.iter().any(|u| u.starts_with(square)), "{square} moves: {m:?}");
    }
    assert!(m.contains(&"f2d3".to_string()));
    let e = p.parse_move("cxd3").unwrap_err();
    assert_eq!((e.code.as_str(), e.message.as_str()), ("paralysed", "the pawn on c2 is paralysed: an enemy pawn attacks it (Madrasi)"));
    // "he can play Nxd3, thus unparalysing his c2 pawn."
    assert_eq!(after("madrasi", fen, "Nxd3").fen(), "2kn4/1p1p1N2/8/2R3r1/7r/1P1N4/2P3R1/B2b1K2 b - - 0 1");
}

#[test]
fn madrasi_check_and_legality_count_only_active_pieces() {
    // In check from e8, Ra8 parries by paralysing the checker.
    let p = position("madrasi", "4r2k/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(p.is_check());
    assert_eq!(moves(&p), ["a1a8", "e1d1", "e1d2", "e1f1", "e1f2"]);
    // The e8 rook, paralysed by a8, gives no check, so the king may stand on its file; a
    // bishop stepping between the rooks would unparalyse it and is illegal.
    let mut p = position("madrasi", "R3r2k/8/B7/8/8/8/8/4K3 w - - 0 1");
    assert!(!p.is_check());
    let m = moves(&p);
    assert!(m.contains(&"e1e2".to_string()) && !m.contains(&"a6c8".to_string()), "{m:?}");
    assert_eq!(m.len(), 11);
    assert_eq!(p.parse_move("Bc8").unwrap_err().code.as_str(), "leaves-royal-in-check");
    // Kings are never paralysed (standard Madrasi, not rex inclusive): they still may not
    // stand side by side.
    let p = position("madrasi", "8/8/8/3k4/8/3K4/8/8 w - - 0 1");
    assert!(!moves(&p).iter().any(|u| u.ends_with('4')), "{:?}", moves(&p));
}

#[test]
fn madrasi_castling() {
    // A paralysed rook does not castle.
    let mut p = position("madrasi", "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1");
    let e = p.parse_move("O-O").unwrap_err();
    assert_eq!(e.code.as_str(), "paralysed", "{e}");
    // A paralysed rook's file is no attacked square: O-O crosses f1.
    let p = position("madrasi", "R4rk1/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(moves(&p).contains(&"e1g1".to_string()));
    assert!(!moves(&position("chess", "R4rk1/8/8/8/8/8/8/4K2R w K - 0 1")).contains(&"e1g1".to_string()));
}

#[test]
fn conditions_hash_and_undo_as_a_fen_would() {
    for (variant, fen) in [
        ("circe", "r3k2r/1p3p1p/2n1b3/q2pp1N1/3PP3/2N1B3/P1Q2PPP/R3K2R w KQkq - 0 1"),
        ("andernach", "r3k2r/1p3p1p/2n1b3/q2pp1N1/3PP3/2N1B3/P1Q2PPP/R3K2R w KQkq - 0 1"),
        ("andernach", "4k2r/6P1/8/8/8/8/8/K7 w k - 0 1"),
        ("madrasi", "2kn4/1p1p1N2/8/2R3r1/7r/1P1p4/2P2NR1/B2b1K2 w - - 0 1"),
    ] {
        let mut p = position(variant, fen);
        let mut fens = vec![p.fen()];
        for ply in 0..24 {
            // Captures first, where there are any: the conditions act on them.
            let all = p.legal_moves();
            let captures: Vec<_> = all.iter().copied().filter(|&m| p.is_capture(m)).collect();
            let pick = if captures.is_empty() { &all } else { &captures };
            let Some(&m) = pick.get((ply * 5) % pick.len().max(1)) else { break };
            p.play(m).unwrap();
            let fresh = position(variant, &p.fen());
            assert_eq!(p.hash(), fresh.hash(), "{variant} ply {ply}: {}", p.fen());
            assert_eq!(moves(&p), moves(&fresh), "{variant} ply {ply}: {}", p.fen());
            fens.push(p.fen());
        }
        assert!(fens.len() > 8, "{variant}: the game went on");
        fens.pop();
        while let Some(before) = fens.pop() {
            p.undo();
            assert_eq!(p.fen(), before, "{variant}: undone");
            assert_eq!(p.hash(), position(variant, &before).hash(), "{variant}: {before}");
        }
    }
}

#[test]
fn the_conditions_combine() {
    // Circe and Andernach at once: the capturer turns, the victim is reborn.
    let text = "extends = \"chess\"\nname = \"andernach-circe\"\ncirce = true\nandernach = true\n";
    let v = chimera::variants::from_toml(text, "andernach-circe.toml").unwrap();
    let mut p = v.position("4k3/8/5n2/8/8/8/8/4KR2 w - - 0 1").unwrap();
    let m = p.parse_move("Rxf6").unwrap();
    p.play(m).unwrap();
    assert_eq!(p.fen(), "1n2k3/8/5r2/8/8/8/8/4K3 b - - 0 1");
}
