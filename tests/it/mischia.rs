//! Mischia as `../shared/rules/mischia.md` specifies it: perft, the edge positions of
//! §1.10, promotion only to lost pieces, the stuck pawn, and the d-to-b castle `0-0`.

use chimera::variants::load;
use chimera::{IllegalCode, Position};

fn pos(fen: &str) -> Position {
    load("mischia").unwrap().position(fen).unwrap()
}

fn ucis(p: &mut Position) -> Vec<String> {
    p.moves_with_notation().into_iter().map(|e| e.1).collect()
}

#[test]
fn perft_from_the_start() {
    let mut p = load("mischia").unwrap().start();
    assert_eq!(p.fen(), "rbqkbn/pppppp/6/6/PPPPPP/RBQKBN w Qq - 0 1");
    for (depth, nodes) in [(1, 7), (2, 49), (3, 498), (4, 4959), (5, 62419)] {
        assert_eq!(p.perft(depth), nodes, "perft({depth})");
    }
}

// The edge positions of the spec are case files in tests/cases/ (snapshots there).

#[test]
fn promotion_to_each_lost_type_and_never_to_one_on_the_board() {
    for (fen, only) in [
        ("1k4/4P1/6/6/6/RB1KBN w - - 0 1", "e5e6q"), // queen lost
        ("1k4/4P1/6/6/6/1BQKBN w - - 0 1", "e5e6r"), // rook lost
        ("1k4/4P1/6/6/6/R1QKBN w - - 0 1", "e5e6b"), // one bishop lost
        ("1k4/4P1/6/6/6/RBQKB1 w - - 0 1", "e5e6n"), // knight lost
    ] {
        let moves = ucis(&mut pos(fen));
        let pawn: Vec<&String> = moves.iter().filter(|m| m.starts_with("e5")).collect();
        assert_eq!(pawn, [only], "{fen}");
    }
}

#[test]
fn a_promoted_piece_that_is_captured_is_available_again() {
    let mut p = pos("1r2k1/P1P3/6/6/6/RB1KBN w - - 0 1");
    p.play_str("a6=Q").unwrap();
    p.play_str("Rxa6").unwrap();
    let moves = ucis(&mut p);
    assert!(moves.contains(&"c5c6q".to_string()), "{moves:?}");
    assert!(!moves.contains(&"c5c6".to_string()), "promotion is compulsory when available");
}

#[test]
fn with_the_queen_back_on_the_board_a_pawn_arrives_unpromoted() {
    let mut p = pos("1r2k1/P1P3/6/6/6/RB1KBN w - - 0 1");
    p.play_str("a6=Q").unwrap();
    p.play_str("Ke5").unwrap();
    let moves = ucis(&mut p);
    assert!(moves.contains(&"c5c6".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("c5c6") && m.len() == 5));
    assert_eq!(p.parse_move("c6=Q").unwrap_err().code, IllegalCode::PromotionNotAvailable);
}

#[test]
fn a_stuck_pawn_never_promotes_later() {
    // The e6 pawn arrived with nothing to promote to; then White loses the knight.
    let mut p = pos("1k2P1/6/6/6/5r/RBQKBN b - - 0 1");
    p.play_str("Rxf1").unwrap();
    let moves = ucis(&mut p);
    assert!(!moves.iter().any(|m| m.starts_with("e6")), "{moves:?}");
    let e6 = p.variant().geometry().parse_square("e6").unwrap();
    assert_eq!(p.rules().piece(p.piece_at(e6).unwrap().kind).name, "pawn");
}

#[test]
fn castling_rights_are_lost_by_king_move_rook_move_and_rook_capture() {
    let start = "r2k1n/pppppp/6/6/PPPPPP/R2KBN w Qq - 0 1";
    let mut p = pos(start);
    p.play_str("Kc1").unwrap();
    assert_eq!(p.fen().split(' ').nth(2), Some("q"));

    let mut p = pos(start);
    p.play_str("Rb1").unwrap();
    assert_eq!(p.fen().split(' ').nth(2), Some("q"));
    p.play_str("Rb6").unwrap();
    assert_eq!(p.fen().split(' ').nth(2), Some("-"));

    let mut p = pos("r2k2/pppppp/6/1n4/P5/R2K2 b Qq - 0 1");
    p.play_str("Nxa1").unwrap();
    assert_eq!(p.fen().split(' ').nth(2), Some("q"));
    assert_eq!(p.parse_move("0-0").unwrap_err().code, IllegalCode::CastlingRightLost);
}

#[test]
fn castling_refused_through_an_attacked_c_square_or_onto_an_attacked_b_square() {
    // Position F: the c6 queen attacks c1.
    let mut p = pos("r1qk1n/pp1ppp/6/6/PP1PPP/R2KBN w Qq - 0 1");
    let e = p.parse_move("0-0").unwrap_err();
    assert_eq!(e.code, IllegalCode::CastlingThroughCheck);
    assert!(e.message.contains("c1 is attacked"), "{}", e.message);
    // The b6 rook attacks b1, where the king would land.
    let mut p = pos("1r1k1n/p1pppp/6/6/P1PPPP/R2KBN w Q - 0 1");
    let e = p.parse_move("O-O").unwrap_err();
    assert_eq!(e.code, IllegalCode::CastlingThroughCheck);
    assert!(e.message.contains("b1 is attacked"), "{}", e.message);
}

#[test]
fn the_castle_is_written_0_0_and_read_in_every_spelling() {
    let mut p = pos("r2k1n/pppppp/6/6/PPPPPP/R2KBN w Qq - 0 1");
    let castle = p.parse_move("d1b1").unwrap();
    assert_eq!(p.san(castle), "0-0");
    assert_eq!(p.uci(castle), "d1b1");
    for spelling in ["0-0", "O-O", "0-0-0", "O-O-O", "0-0+", "d1b1"] {
        assert_eq!(p.parse_move(spelling), Ok(castle), "{spelling}");
    }
    p.play_unchecked(castle);
    assert!(p.fen().starts_with("r2k1n/pppppp/6/6/PPPPPP/1KR1BN b q "), "{}", p.fen());
}

#[test]
fn square_colours_are_reversed() {
    let v = load("mischia").unwrap();
    let g = v.geometry();
    let light = |s: &str| v.rules().is_light(g.parse_square(s).unwrap());
    assert!(light("a1") && !light("f1") && light("c1") && !light("c6") && light("f6") && !light("a6"));
    let chess = load("chess").unwrap();
    assert!(!chess.rules().is_light(chess.geometry().parse_square("a1").unwrap()));
}

#[test]
fn dead_positions_only_without_pawns() {
    // a1 is light, so a square is light when file + rank (0-based) is even.
    for (fen, dead) in [
        ("3k2/6/6/6/6/3K2 w - - 0 1", true),     // bare kings
        ("3k2/6/6/6/6/2BK2 w - - 0 1", true),    // K+B v K
        ("3k2/6/6/6/6/3KN1 w - - 0 1", true),    // K+N v K
        ("3k1b/6/6/6/6/2BK2 w - - 0 1", true),   // bishops f6 and c1: both light
        ("3kb1/6/6/6/6/2BK2 w - - 0 1", false),  // bishops e6 (dark) and c1 (light)
        ("3k2/6/6/6/6/1NK1N1 w - - 0 1", false), // two knights: not in the usual set
        ("P2k2/6/6/6/6/3K2 w - - 0 1", false),   // a stuck pawn is a pawn (M-A7)
    ] {
        let is_dead = pos(fen).outcome().map(|o| o.reason) == Some(chimera::EndReason::InsufficientMaterial);
        assert_eq!(is_dead, dead, "{fen}");
    }
}

#[test]
fn validate_a_short_game_that_castles_and_promotes() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    // Black promotes to the bishop it has lost; White then castles 0-0.
    let game = "1. c3 b4 2. Bxf5 bxc3 3. Be4 Bf5 4. Bxf5 cxd2 5. Qc2 dxe1=B 6. 0-0 *";
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["validate", "mischia", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(game.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("plies: 11"), "{stdout}");
    assert!(stdout.contains("fen: rbqk1n/p1pppB/6/6/PPQ1PP/1KR1bN b q - 1 6"), "{stdout}");
}
