//! Mystic Chess as `../shared/rules/mystic-chess.md` specifies it: the published game
//! replays move for move (§2.9), perft from the start, and the edge positions M1–M8.

use chimera::movetext::{read, Token};
use chimera::variants::load;
use chimera::{Color, IllegalCode, Position};

const CORRECTED: &str = include_str!("../data/games/mystic-2020-01-08-simon-guillaume.corrected.txt");
const VERBATIM: &str = include_str!("../data/games/mystic-2020-01-08-simon-guillaume.txt");

fn pos(fen: &str) -> Position {
    load("mystic").unwrap().position(fen).unwrap()
}

fn moves_of(text: &str) -> Vec<String> {
    read(text).unwrap().iter().filter_map(Token::move_text).map(str::to_string).collect()
}

/// Board and side, the first two FEN fields.
fn board_and_side(p: &Position) -> String {
    p.fen().split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// `mystic-castling` starts without rights and counts as `mystic` until a rook appears:
/// upgrades wait for three purchases, so none can within three plies.
#[test]
fn perft_from_the_start() {
    for id in ["mystic", "mystic-castling"] {
        let mut p = load(id).unwrap().start();
        assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 coins=20/20 purchases=0/0", "{id}");
        for (depth, nodes) in [(1, 29), (2, 841), (3, 24714)] {
            assert_eq!(p.perft(depth), nodes, "{id} perft({depth})");
        }
    }
}

#[test]
fn the_published_game_replays_with_the_specs_checkpoints() {
    // §2.9: (ply, board and side, coins White/Black).
    let checkpoints = [
        (12, "4k3/3p1b2/4r3/8/8/5Q2/3PP3/4K3 w", (9, 11)),
        (24, "8/3pk3/3br3/2r5/8/2Q2B2/3BP3/4K3 w", (4, 6)),
        (32, "8/2kpr3/3b4/2q5/6B1/8/3BP3/Q3K3 w", (4, 2)),
        (47, "8/3p4/3r4/1k6/8/5R2/3BB2r/5K2 b", (0, 0)),
        (52, "8/3p4/1k5r/8/5B2/5R2/4B1K1/7r w", (0, 0)),
        (69, "8/8/3k4/8/3K4/8/4B3/8 b", (0, 0)),
    ];
    let mut p = load("mystic").unwrap().start();
    let moves = moves_of(CORRECTED);
    assert_eq!(moves.len(), 69);
    for (ply, text) in moves.iter().enumerate() {
        p.play_str(text).unwrap_or_else(|e| panic!("ply {}: {text}: {e}", ply + 1));
        if let Some((_, board, coins)) = checkpoints.iter().find(|c| c.0 == ply + 1) {
            assert_eq!(board_and_side(&p), *board, "after ply {}", ply + 1);
            assert_eq!((p.coins(Color::White), p.coins(Color::Black)), *coins, "coins after ply {}", ply + 1);
        }
    }
    let outcome = p.outcome().expect("the game is over");
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, chimera::EndReason::InsufficientMaterial);
}

#[test]
fn hand_replay_through_move_12_coins_and_purchases() {
    // §2.9's table: coins W/B and purchases W/B after each of the first 24 plies.
    let table: [((u16, u16), (u8, u8)); 24] = [
        ((19, 20), (1, 0)),
        ((19, 19), (1, 1)),
        ((18, 19), (2, 1)),
        ((18, 18), (2, 2)),
        ((17, 18), (3, 2)),
        ((17, 17), (3, 3)),
        ((15, 17), (3, 3)),
        ((15, 15), (3, 3)),
        ((13, 15), (3, 3)),
        ((13, 13), (3, 3)),
        ((9, 13), (3, 3)),
        ((9, 11), (3, 3)),
        ((9, 11), (3, 3)),
        ((9, 11), (3, 3)),
        ((9, 11), (3, 3)),
        ((9, 10), (3, 4)),
        ((7, 10), (3, 4)),
        ((7, 10), (3, 4)),
        ((6, 10), (4, 4)),
        ((6, 8), (4, 4)),
        ((6, 8), (4, 4)),
        ((6, 6), (4, 4)),
        ((4, 6), (4, 4)),
        ((4, 6), (4, 4)),
    ];
    let mut p = load("mystic").unwrap().start();
    for (i, text) in moves_of(CORRECTED).iter().take(24).enumerate() {
        p.play_str(text).unwrap();
        let ((cw, cb), (bw, bb)) = table[i];
        assert_eq!((p.coins(Color::White), p.coins(Color::Black)), (cw, cb), "coins after ply {} ({text})", i + 1);
        // Only min(purchases, 3) matters, and that is what the position keeps (Y-A17).
        assert_eq!((p.purchases(Color::White), p.purchases(Color::Black)), (bw.min(3), bb.min(3)), "after ply {}", i + 1);
    }
    // 7...Ke7 is the only legal reply to 7.Qa8+ (§2.9 ply 14).
    let mut p = load("mystic").unwrap().start();
    for text in moves_of(CORRECTED).iter().take(13) {
        p.play_str(text).unwrap();
    }
    let replies: Vec<String> = p.moves_with_notation().into_iter().map(|e| e.2).collect();
    assert_eq!(replies, ["Ke7"]);
}

#[test]
fn the_verbatim_score_fails_exactly_at_reh6() {
    let mut p = load("mystic").unwrap().start();
    let moves = moves_of(VERBATIM);
    for (i, text) in moves.iter().enumerate() {
        match p.play_str(text) {
            Ok(_) => continue,
            Err(e) => {
                assert_eq!((i + 1, text.as_str()), (52, "Reh6"));
                assert_eq!(e.code, IllegalCode::NoSuchPiece);
                assert_eq!(e.message, "no black rook can reach h6 from the e-file: there is none on the e-file");
                return;
            }
        }
    }
    panic!("the verbatim score was accepted");
}

#[test]
fn chimera_validate_on_both_scores() {
    let run = |file: &str| std::process::Command::new(env!("CARGO_BIN_EXE_chimera")).args(["validate", "mystic", file]).output().unwrap();
    let ok = run("tests/data/games/mystic-2020-01-08-simon-guillaume.corrected.txt");
    let stdout = String::from_utf8(ok.stdout).unwrap();
    assert!(ok.status.success(), "{stdout}");
    assert!(stdout.contains("fen: 8/8/3k4/8/3K4/8/4B3/8 b - - 0 35 coins=0/0 purchases=3/3"), "{stdout}");
    assert!(stdout.contains("result: 1/2-1/2 (draw by insufficient material (dead position))"), "{stdout}");

    let bad = run("tests/data/games/mystic-2020-01-08-simon-guillaume.txt");
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(bad.stderr).unwrap(),
        "ply 52 (move 26... for Black, written 27...): `Reh6`: no black rook can reach h6 from the e-file: there is none on the e-file\n"
    );
}

// The edge positions of the spec are case files in tests/cases/ (snapshots there).

#[test]
fn m8_a_bought_pawn_double_steps_and_can_be_taken_en_passant() {
    let mut p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 9 coins=3/3 purchases=3/3");
    p.play_str("e4").unwrap();
    assert_eq!(p.fen().split(' ').nth(3), Some("e3"));
    let m = p.parse_move("dxe3").unwrap();
    assert_eq!(m.kind, chimera::MoveKind::EnPassant);
    // A purchase instead ends the en-passant right.
    p.play_str("@f6").unwrap();
    p.play_str("Kd2").unwrap();
    assert!(p.parse_move("dxe3").is_err());
}

#[test]
fn why_purchases_and_upgrades_are_refused() {
    let code = |fen: &str, text: &str| pos(fen).parse_move(text).unwrap_err().code;
    let two = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 2 coins=18/19 purchases=2/1";
    assert_eq!(code(two, "B@d2"), IllegalCode::UpgradeLocked);
    assert_eq!(code("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 9 coins=1/0 purchases=3/3", "B@d2"), IllegalCode::NotEnoughCoins);
    assert_eq!(code("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 9 coins=0/0 purchases=3/3", "@a3"), IllegalCode::NotEnoughCoins);
    assert_eq!(code("4k3/8/8/8/8/8/2BBP3/4K3 w - - 0 9 coins=10/10 purchases=3/3", "B@e2"), IllegalCode::StockEmpty);
    assert_eq!(code("4k3/8/8/8/8/PPPPPPPP/8/4K3 w - - 0 9 coins=5/5 purchases=3/3", "@a2"), IllegalCode::StockEmpty);
    assert_eq!(code(two, "@e5"), IllegalCode::DropZone);
    assert_eq!(code(two, "R@d2"), IllegalCode::NoSuchUpgrade);
    assert_eq!(code("4k3/8/8/b7/8/8/4P3/4K3 w - - 0 9 coins=10/10 purchases=3/3", "B@e2"), IllegalCode::LeavesRoyalInCheck);
    // `P@e2` is read as the purchase `@e2`.
    let mut p = pos(two);
    assert_eq!(p.parse_move("P@a3"), p.parse_move("@a3"));
}

#[test]
fn a_pinned_piece_may_be_upgraded_and_an_upgrade_may_check() {
    // The d2 pawn is pinned by the a5 bishop; upgrading it changes no occupancy.
    let mut p = pos("4k3/8/8/b7/8/8/3P4/4K3 w - - 0 9 coins=10/10 purchases=3/3");
    let m = p.parse_move("B@d2").unwrap();
    assert_eq!(p.uci(m), "d2d2b");
    let mut p = pos("8/8/8/1k6/8/8/4P3/4K3 w - - 0 9 coins=10/10 purchases=3/3");
    let m = p.parse_move("B@e2").unwrap();
    assert_eq!(p.san(m), "B@e2+");
}

// Castling (Y-A4). `mystic` has none; `mystic-castling` plays the spec's alternative: a
// king that never moved castles with a rook that has not moved since it came into being
// on its corner.

fn castling(fen: &str) -> Position {
    load("mystic-castling").unwrap().position(fen).unwrap()
}

fn castling_field(p: &Position) -> String {
    p.fen().split(' ').nth(2).unwrap().to_string()
}

/// Plays `moves`, checking that the position reads back from its FEN with the same FEN
/// and hash after each one.
fn play_all(p: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        p.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        let back = load(p.variant().name()).unwrap().position(&p.fen()).unwrap();
        assert_eq!((back.fen(), back.hash()), (p.fen(), p.hash()), "after {m}");
    }
}

const CORNER_MINORS: &str = "n3k2n/8/8/8/8/8/8/N3K2N w - - 0 9 coins=10/10 purchases=3/3";

#[test]
fn mystic_has_no_castling_even_with_an_upgraded_rook() {
    let mut p = load("mystic").unwrap().position(CORNER_MINORS).unwrap();
    play_all(&mut p, "h1h1r e8d8 Kd1 Kc8");
    assert_eq!(castling_field(&p), "-");
    let mut p = load("mystic").unwrap().position(CORNER_MINORS).unwrap();
    play_all(&mut p, "h1h1r e8d8");
    assert!(p.moves_with_notation().iter().all(|(_, _, san)| !san.starts_with("O-O")));
    assert_eq!(p.parse_move("O-O").unwrap_err().code, IllegalCode::Unparsable);
}

#[test]
fn rooks_upgraded_on_the_corners_castle_on_both_wings_for_both_sides() {
    let mut p = castling(CORNER_MINORS);
    assert_eq!(castling_field(&p), "-");
    play_all(&mut p, "h1h1r");
    assert_eq!(castling_field(&p), "K");
    play_all(&mut p, "a8a8r a1a1r h8h8r");
    assert_eq!(castling_field(&p), "KQkq");
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 11 coins=6/6 purchases=3/3");
    let castles: Vec<String> = p.moves_with_notation().into_iter().map(|e| e.2).filter(|s| s.starts_with("O-O")).collect();
    assert_eq!(castles, ["O-O-O", "O-O"]);
    play_all(&mut p, "O-O O-O-O");
    assert_eq!(p.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 12 coins=6/6 purchases=3/3");
}

#[test]
fn a_rook_that_walked_to_its_corner_does_not_castle() {
    // Upgraded on g1, then walked to h1: the king never moved, but the rook has.
    let mut p = castling("4k3/8/8/8/8/8/8/4K1N1 w - - 0 9 coins=10/10 purchases=3/3");
    play_all(&mut p, "g1g1r Kd8 Rh1 Ke8");
    assert_eq!(castling_field(&p), "-");
    let refused = p.parse_move("O-O").unwrap_err();
    assert_eq!(refused.code, IllegalCode::CastlingRightLost);
    assert_eq!(refused.message, "white cannot castle O-O: it needs a rook on h1 that has not moved since it came into being there");
    // The same position written by hand: a rook on h1 without `K` has moved.
    let p = castling("4k3/8/8/8/8/8/8/4K2R w - - 0 9 coins=10/10 purchases=3/3");
    assert!(p.legal_moves().iter().all(|m| p.uci(*m) != "e1g1"));
    // With `K` it has not.
    let mut p = castling("4k3/8/8/8/8/8/8/4K2R w K - 0 9 coins=10/10 purchases=3/3");
    assert_eq!(p.play_str("O-O").map(|m| p.uci(m)), Ok("e1g1".to_string()));
}

#[test]
fn a_king_that_ever_moved_gains_no_right() {
    let mut p = castling("4k3/p7/8/8/8/8/8/4K2N w - - 0 9 coins=10/10 purchases=3/3");
    play_all(&mut p, "Kd1 a6 Ke1 a5");
    // Home again, but moved: the FEN says so, naming the kings that never moved.
    assert_eq!(p.fen(), "4k3/8/8/p7/8/8/8/4K2N w - - 0 11 coins=10/10 purchases=3/3 unmoved=e8");
    play_all(&mut p, "h1h1r a4");
    assert_eq!(castling_field(&p), "-");
    let refused = p.parse_move("O-O").unwrap_err();
    assert_eq!(refused.code, IllegalCode::CastlingRightLost);
    assert_eq!(refused.message, "white has lost the right to castle O-O: its king has moved");
}

#[test]
fn a_rook_created_again_on_its_corner_castles_and_a_queen_there_does_not() {
    let mut p = castling("4k3/8/8/8/8/6N1/8/4K2N w - - 0 9 coins=10/10 purchases=3/3");
    // The first rook leaves its corner (the right goes with it); a knight takes its
    // place and becomes the second rook: the right is back.
    play_all(&mut p, "h1h1r Kd8 Rh2 Ke8");
    assert_eq!(castling_field(&p), "-");
    play_all(&mut p, "Nh1 Kd8 h1h1r Ke8");
    assert_eq!(castling_field(&p), "K");
    let mut after_castle = p.clone();
    play_all(&mut after_castle, "O-O");
    assert_eq!(after_castle.fen().split(' ').next(), Some("4k3/8/8/8/8/8/7R/5RK1"));
    // Upgrading that rook to a queen on h1 loses the right: a queen does not castle.
    play_all(&mut p, "h1h1q Kd8");
    assert_eq!(castling_field(&p), "-");
}

#[test]
fn castling_through_an_attacked_square_is_refused_with_the_square() {
    let mut p = castling("5rk1/8/8/8/8/8/8/4K2N w - - 0 9 coins=10/10 purchases=3/3");
    play_all(&mut p, "h1h1r Kg7");
    assert_eq!(castling_field(&p), "K");
    let refused = p.parse_move("O-O").unwrap_err();
    assert_eq!(refused.code, IllegalCode::CastlingThroughCheck);
    assert_eq!(refused.message, "cannot castle O-O: f1 is attacked");
}

#[test]
fn chimera_check_describes_castling_rights_that_arrive() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chimera")).args(["check", "rulesets/mystic-castling.toml"]).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("castling: 2\n  O-O    king e1-g1  rook h1-f1  (empty: f1 g1; safe: e1 f1 g1; also 0-0; FEN K)\n  O-O-O  king e1-c1  rook a1-d1  (empty: b1 c1 d1; safe: c1 d1 e1; also 0-0-0; FEN Q)\n  a right arrives with a rook that comes into being on its rook square while the king has never moved\n"),
        "{stdout}"
    );
}
