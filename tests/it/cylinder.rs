//! Cylinder chess (`rulesets/cylinder.toml`) and the board option behind it,
//! `board.wrap = "files"`: the a-file and the h-file are adjacent. Every expectation here
//! is derived by hand from the rule (a step off one side edge comes back on at the other;
//! a rider stops before its own square); `reference_movegen.rs` compares whole move trees
//! with the naive reference generator.

use chimera::variants::load;
use chimera::Position;

fn position(fen: &str) -> Position {
    load("cylinder").unwrap().position(fen).unwrap()
}

/// The squares the piece on `from` may move to, sorted by name.
fn targets(fen: &str, from: &str) -> Vec<String> {
    let p = position(fen);
    let mut out: Vec<String> =
        p.legal_moves().into_iter().map(|m| p.uci(m)).filter(|u| u.starts_with(from)).map(|u| u[2..].to_string()).collect();
    out.sort();
    out.dedup();
    out
}

/// Every legal move in SAN, sorted.
fn sans(fen: &str) -> Vec<String> {
    let mut p = position(fen);
    let mut out: Vec<String> = p.legal_moves().into_iter().map(|m| p.san(m)).collect();
    out.sort();
    out
}

fn list(squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn a_rook_goes_round_the_rank_but_never_back_to_its_own_square() {
    // Alone on its rank: the seven other squares of rank 3 (never a3 itself), and its file.
    assert_eq!(targets("4k3/8/8/8/8/R7/8/4K3 w - - 0 1", "a3"), list("b3 c3 d3 e3 f3 g3 h3 a1 a2 a4 a5 a6 a7 a8"));
    // Past a piece on b3 the other way round: h3 down to c3 (the published example, Ra3-h3).
    assert_eq!(targets("4k3/8/8/8/8/RP6/8/4K3 w - - 0 1", "a3"), list("c3 d3 e3 f3 g3 h3 a1 a2 a4 a5 a6 a7 a8"));
}

#[test]
fn a_bishop_crosses_the_edge_and_reaches_one_square_both_ways() {
    // c1: up-right d2 e3 f4 g5 h6, across to a7 b8; up-left b2 a3, across to h4 g5 f6 e7 d8.
    assert_eq!(targets("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "c1"), list("d2 e3 f4 g5 h6 a7 b8 b2 a3 h4 f6 e7 d8"));
}

#[test]
fn leapers_and_the_king_step_across_the_edge() {
    // Knight h2: g4 f3 f1, and across the edge a4 b3 b1 (the published diagram).
    assert_eq!(targets("4k3/8/8/8/8/8/7N/4K3 w - - 0 1", "h2"), list("g4 f3 f1 a4 b3 b1"));
    // King a5: its five squares on the board's side, and h4 h5 h6 across the edge.
    assert_eq!(targets("8/8/8/K7/8/8/8/4k3 w - - 0 1", "a5"), list("a4 a6 b4 b5 b6 h4 h5 h6"));
}

#[test]
fn pawns_capture_across_the_edge_en_passant_too() {
    // a2: a3, a4, and captures on b3 and, across the edge, h3.
    assert_eq!(targets("4k3/8/8/8/8/1n5n/P7/4K3 w - - 0 1", "a2"), list("a3 a4 b3 h3"));
    // The published example: pawn on a5, ...h7-h5, axh6 en passant.
    let mut p = position("4k3/7p/8/P7/8/8/8/4K3 b - - 0 1");
    p.play_str("h5").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 2");
    let m = p.parse_move("axh6").unwrap();
    assert_eq!(p.uci(m), "a5h6");
    p.play(m).unwrap();
    assert_eq!(p.fen(), "4k3/8/7P/8/8/8/8/4K3 b - - 0 2");
}

#[test]
fn check_across_the_edge_from_the_second_move() {
    // 1.d4 g6+: the f8 bishop checks through g7 h6, a5 b4 c3 d2. White blocks on h6,
    // b4, c3 or d2; the king has no square (d2 is on the line).
    let mut p = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    p.play_str("d4").unwrap();
    p.play_str("g6").unwrap();
    assert!(p.is_check());
    let fen = p.fen();
    assert_eq!(sans(&fen), ["Bd2", "Bh6", "Nc3", "Nd2", "Qd2", "b4", "c3"]);
}

#[test]
fn one_rook_checks_both_ways_round_and_only_its_capture_blocks_both() {
    // Ra4 checks Kd4 along b4 c4 and round h4 g4 f4 e4: a knight blocking one way
    // (Nc4, Ne4, Ng4) leaves the other check; Nxa4 ends both; the king leaves the rank.
    assert_eq!(sans("4K3/8/8/8/R2k4/8/1n3n2/8 b - - 0 1"), ["Kc3", "Kc5", "Kd3", "Kd5", "Ke3", "Ke5", "Nxa4"]);
}

#[test]
fn a_pin_across_the_edge() {
    // Rh1 pins Na1 round the edge (h1, a1, b1) and Rd1 the plain way: the knight may not
    // move at all (b3, c2, and across the edge g2, h3), the rook only along the rank
    // (Re1 checks up the e-file).
    assert_eq!(sans("4k3/8/8/8/8/8/8/NK1R3r w - - 0 1"), ["Ka2", "Kb2", "Kc1", "Kc2", "Rc1", "Re1+", "Rf1", "Rg1", "Rxh1"]);
}

#[test]
fn castling_is_chess_s_and_its_squares_are_attacked_across_the_edge() {
    // Both castles as in chess (the king two squares, the rook beside it)...
    let both = sans("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(both.contains(&"O-O".to_string()) && both.contains(&"O-O-O".to_string()), "{both:?}");
    // ...but the c5 bishop attacks g1 round the edge (b4 a3 h2 g1; the f2 pawn closes
    // the way through e3): no short castle, where on a flat board there would be one.
    let moves = sans("r3k2r/8/8/2b5/8/8/5P2/R3K2R w KQkq - 0 1");
    assert!(!moves.contains(&"O-O".to_string()) && moves.contains(&"O-O-O".to_string()), "{moves:?}");
}

#[test]
fn san_names_the_file_of_rooks_that_reach_a_square_different_ways_round() {
    // Rb3 and Rg3 both reach d3 (c3 d3; f3 e3 d3) and a3 (a3; h3 a3).
    let all = sans("4k3/8/8/8/8/1R4R1/8/4K3 w - - 0 1");
    for san in ["Rbd3", "Rgd3", "Rba3", "Rga3"] {
        assert!(all.contains(&san.to_string()), "{san} in {all:?}");
    }
    let mut p = position("4k3/8/8/8/8/1R4R1/8/4K3 w - - 0 1");
    assert_eq!(p.parse_move("Rga3").map(|m| p.uci(m)).unwrap(), "g3a3");
}

#[test]
fn perft_from_the_start() {
    // Depth 2 is 392, not chess's 400: 1.c3/c4 pin f7 (d1, c2 b3 a4, h5 g6 f7, e8) and
    // 1.g3/g4 pin d7 (f1, g2 h3, a4 b5 c6 d7, e8), two moves each.
    let mut p = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!([1, 2].map(|d| p.perft(d)), [20, 392]);
}

#[test]
fn the_option_is_a_general_board_key() {
    // A 10x8 board (u128) whose files wrap: a knight on j1 steps to a2 and a3... across.
    let text = r#"
name = "wide-cylinder"
board = { files = 10, ranks = 8, wrap = "files" }
start = "4k5/10/10/10/10/10/10/4K4N w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.knight]
letter = "N"
betza = "N"
"#;
    let v = chimera::Variant::from_toml(text, "wide.toml").unwrap();
    let p = v.position(&v.rules().start_fen).unwrap();
    let mut to: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).filter(|u| u.starts_with("j1")).collect();
    to.sort();
    assert_eq!(to, ["j1a3", "j1b2", "j1h2", "j1i3"]);
    // Anything else is refused with the key named.
    let bad = text.replace("wrap = \"files\"", "wrap = \"ranks\"");
    let e = chimera::Variant::from_toml(&bad, "wide.toml").unwrap_err().to_string();
    assert!(e.contains("wrap"), "{e}");
}
