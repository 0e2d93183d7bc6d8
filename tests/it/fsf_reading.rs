//! `Variant::position_lenient`: FENs Fairy-Stockfish reads that Chimera's own reader
//! refuses (pychess-variants stores them). Expected moves and FENs are pyffish 0.0.90's.

use chimera::{CastlingMode, Variant};

fn lenient(variant: &Variant, fen: &str) -> chimera::Position {
    variant.position_lenient(fen, CastlingMode::Standard).unwrap()
}

fn sorted_moves(pos: &chimera::Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect();
    moves.sort();
    moves
}

#[test]
fn the_side_not_to_move_may_stand_in_check() {
    let chess = chimera::variants::load("chess").unwrap();
    let fen = "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1";
    assert!(chess.position(fen).is_err(), "Chimera's own reader refuses it");
    let mut pos = lenient(&chess, fen);
    let moves = sorted_moves(&pos);
    assert_eq!(moves.len(), 17);
    assert!(moves.contains(&"e2e8".to_string()), "the king may be taken: {moves:?}");
    // Atomic: Black's king stands in check from the rook beside it; the queen mates.
    let atomic = chimera::variants::load("atomic").unwrap();
    let mut pos2 = lenient(&atomic, "B6Q/Rk6/8/8/8/8/8/4K3 w - - 0 1");
    pos2.play_str("h8b8").unwrap();
    assert!(pos2.legal_moves().is_empty() && pos2.outcome().is_some(), "mate");
    pos.play_str("e2e8").unwrap();
    assert!(pos.outcome().is_some(), "a royal taken ends the game");
}

#[test]
fn a_wall_may_stand_on_any_square() {
    let ataxx = chimera::variants::load("ataxx").unwrap();
    let fen = "P5p/7/2*4/7/7/7/p5P w 0 1";
    assert!(ataxx.position(fen).is_err());
    let pos = lenient(&ataxx, fen);
    assert_eq!(
        sorted_moves(&pos),
        ["P@a6", "P@b6", "P@b7", "P@f1", "P@f2", "P@g2", "a7a5", "a7b5", "a7c6", "a7c7", "g1e1", "g1e2", "g1e3", "g1f3", "g1g3"]
    );
    assert_eq!(pos.fen(), "P5p/7/2*4/7/7/7/p5P w - - 0 1", "the wall is written back");
}

#[test]
fn a_king_off_its_castle_square_castles_where_it_stands() {
    let capablanca = chimera::variants::load("capablanca").unwrap();
    let fen = "r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1";
    let pos = lenient(&capablanca, fen);
    let king: Vec<String> = sorted_moves(&pos).into_iter().filter(|m| m.starts_with("e8")).collect();
    assert_eq!(king, ["e8c8", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8", "e8i8"]);
    let mut long = pos.clone();
    long.play_str("e8c8").unwrap();
    assert_eq!(long.fen(), "2kr5r/10/10/10/10/10/10/R3K4R w KQ - 1 2");
    let mut short = pos.clone();
    let castle = short.parse_move("e8i8").unwrap();
    assert_eq!(short.san(castle), "O-O");
    short.play_str("e8i8").unwrap();
    assert_eq!(short.fen(), "r6rk1/10/10/10/10/10/10/R3K4R w KQ - 1 2");
}

#[test]
fn a_piece_may_stand_where_none_of_its_kind_could_come() {
    let chess = chimera::variants::load("chess").unwrap();
    // A pawn on its own first rank steps forward one square; on its last rank it has no
    // move (pyffish 0.0.90's legal moves).
    let first = "4k3/8/8/8/8/8/8/P3K3 w - - 0 1";
    assert!(chess.position(first).is_err(), "Chimera's own reader refuses it");
    assert_eq!(sorted_moves(&lenient(&chess, first)), ["a1a2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    let last = "P3k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert!(chess.position(last).is_err());
    let pos = lenient(&chess, last);
    assert_eq!(sorted_moves(&pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    assert_eq!(pos.fen(), last, "written back as read");
}
