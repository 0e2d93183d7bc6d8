//! Turns of several moves where no oracle reaches (issue 51): Monster chess's "in check"
//! (White's two moves could take the king) on castling and en passant, a Marseillais turn
//! that ends in stalemate after its first move, perft counting whole turns in the library,
//! the CLI and `chimera serve` alike, and Progressive chess's en passant after a piece
//! landed on the passed square and left. Each expectation is derived by hand from the
//! published rules the rulesets cite.

use chimera::variants::builtin;
use chimera::{Color, EndReason, IllegalCode, MoveKind, Position};
use serde_json::json;

use crate::serve::Serve;

fn position(name: &str, fen: &str) -> Position {
    builtin(name).unwrap().variant().unwrap().position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    v.sort();
    v
}

fn turns(pos: &mut Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_turns().iter().map(|t| pos.turn_uci(t)).collect();
    v.sort();
    v
}

/// Black in check from d6-d7 then dxe8: the king steps away (to d7, d8, f7 or f8, where
/// White's two moves reach it no more) but may not castle out of the check.
#[test]
fn monster_black_may_not_castle_out_of_check() {
    let mut pos = position("monster", "4k2r/8/3P4/8/8/8/8/K7 b k - 0 1");
    assert!(pos.is_check());
    assert_eq!(moves(&pos), ["e8d7", "e8d8", "e8f7", "e8f8"]);
    let e = pos.play_str("O-O").unwrap_err();
    assert_eq!(e.code, IllegalCode::CastlingInCheck, "{}", e.message);
    // Here castling was the only move left: it is mate.
    let pos = position("monster", "4k2r/5p1p/2nKp3/3p2p1/8/8/2P2b2/8 b k - 0 16");
    assert!(pos.is_check());
    assert!(pos.legal_moves().is_empty());
    let o = pos.outcome().expect("checkmate");
    assert_eq!((o.winner, o.reason), (Some(Color::White), EndReason::Checkmate));
}

/// g6-g7 attacks f8: White's two moves take a king on f8, so the king may not step there
/// (as before) nor castle through it.
#[test]
fn monster_black_may_not_castle_through_a_square_two_moves_attack() {
    let mut pos = position("monster", "4k2r/8/6P1/8/8/8/8/K7 b k - 0 1");
    assert!(!pos.is_check());
    let legal = moves(&pos);
    assert!(!legal.contains(&"e8f8".to_string()) && !legal.contains(&"e8g8".to_string()), "{legal:?}");
    let e = pos.play_str("O-O").unwrap_err();
    assert_eq!(e.code, IllegalCode::CastlingThroughCheck, "{}", e.message);
    assert!(e.message.contains("f8"), "{}", e.message);
    // h6-h7 attacks g8 alone: castling onto a square two moves attack is refused as
    // castling into check, while with nothing in reach it is legal.
    let mut pos = position("monster", "4k2r/8/7P/8/8/8/8/K7 b k - 0 1");
    assert!(moves(&pos).contains(&"e8f8".to_string()));
    let e = pos.play_str("O-O").unwrap_err();
    assert_eq!(e.code, IllegalCode::CastlingThroughCheck, "{}", e.message);
    assert!(e.message.contains("g8"), "{}", e.message);
    let pos = position("monster", "4k2r/8/8/8/8/8/P7/K7 b k - 0 1");
    assert!(moves(&pos).contains(&"e8g8".to_string()));
}

/// White's two-move threat counts en passant: after f7-f5 beside the e5 pawn, exf6 e.p.
/// then fxe7 takes the king, so f7-f5 leaves Black in check and is illegal.
#[test]
fn monster_threat_counts_en_passant() {
    let pos = position("monster", "8/4kp2/8/4P3/8/8/8/K7 b - - 0 1");
    assert!(!pos.is_check());
    assert_eq!(moves(&pos), ["e7d8", "e7e6", "e7e8", "e7f8"]);
    // Where the double step does not expose the king it stays legal, and White may take it
    // en passant.
    let mut pos = position("monster", "8/5p2/8/4P3/8/8/8/K3k3 b - - 0 1");
    pos.play_str("f7f5").unwrap();
    assert!(moves(&pos).contains(&"e5f6".to_string()));
}

/// Marseillais: with no move after the first of a turn the game is stalemate, and that
/// move is a whole turn for `legal_turns`, perft and divide (4 turns here, not 3).
#[test]
fn marseillais_turn_stalemated_after_its_first_move_is_a_turn() {
    let fen = "8/1R4k1/7N/p2KP2P/P7/8/4N3/8 b - - 2 32";
    let mut pos = position("marseillais", fen);
    assert_eq!(turns(&mut pos), ["g7f8,f8e8", "g7h6,h6g5", "g7h6,h6h5", "g7h8"]);
    assert_eq!(pos.perft(1), 4);
    let divided: u64 = pos.divide(1).iter().map(|d| d.1).sum();
    assert_eq!(divided, 4);
    let by_turn: Vec<(String, u64)> = pos.divide_turns(2).into_iter().map(|(t, n)| (pos.turn_uci(&t), n)).collect();
    assert!(by_turn.contains(&("g7h8".to_string(), 0)), "{by_turn:?}");
    assert_eq!(pos.perft(2), by_turn.iter().map(|d| d.1).sum::<u64>());
    pos.play_str("g7h8").unwrap();
    assert_eq!((pos.part(), pos.legal_moves().len()), (1, 0));
    let o = pos.outcome().expect("stalemate");
    assert_eq!((o.winner, o.reason), (None, EndReason::Stalemate));
    // The server counts the same turns.
    let mut s = Serve::start();
    let g = s.open("marseillais", Some(fen), &[]);
    assert_eq!(s.ok(json!({"op": "perft", "game": g, "depth": 1}))["nodes"], 4);
    let r = s.ok(json!({"op": "perft", "game": g, "depth": 1, "divide": true}));
    assert_eq!(r["divide"], json!({"g7f8,f8e8": 1, "g7h6,h6g5": 1, "g7h6,h6h5": 1, "g7h8": 1}));
}

/// `chimera serve`'s perft counts whole turns, as `Position::perft` and the CLI do
/// (docs/src/protocol.md): Marseillais after 1.e4 (Black's turns of two moves), Duck
/// chess's start (each move with its 32 duck squares: Fairy-Stockfish's 640).
#[test]
fn serve_perft_counts_whole_turns() {
    let mut s = Serve::start();
    for (variant, line, depth) in [("marseillais", &["e2e4"][..], 1), ("marseillais", &["e2e4"][..], 2), ("duck", &[][..], 1)] {
        let v = builtin(variant).unwrap().variant().unwrap();
        let mut pos = v.start();
        for m in line {
            pos.play_str(m).unwrap();
        }
        let expected = pos.perft(depth);
        let g = s.open(variant, None, line);
        assert_eq!(s.ok(json!({"op": "perft", "game": g, "depth": depth}))["nodes"], expected, "{variant} {line:?} {depth}");
        let r = s.ok(json!({"op": "perft", "game": g, "depth": depth, "divide": true}));
        let divide = r["divide"].as_object().unwrap();
        assert_eq!(divide.len(), pos.legal_turns().len(), "{variant}");
        assert_eq!(r["nodes"], expected);
    }
    let g = s.open("marseillais", None, &["e2e4"]);
    assert_eq!(s.ok(json!({"op": "perft", "game": g, "depth": 1}))["nodes"], 446);
    let g = s.open("duck", None, &[]);
    let r = s.ok(json!({"op": "perft", "game": g, "depth": 1, "divide": true}));
    assert_eq!((r["nodes"].as_u64(), r["divide"]["e2e4,e4e5"].as_u64()), (Some(640), Some(1)));
}

/// Progressive chess: "En passant captures of pawns are allowed if the pawn in question
/// moved two squares in one move, but no further, at some point during the last turn"
/// (Wikipedia): a piece that landed on the passed square and left again does not stop it.
#[test]
fn progressive_en_passant_after_a_piece_landed_on_the_passed_square_and_left() {
    let v = builtin("progressive").unwrap().variant().unwrap();
    let mut pos = v.start();
    for t in ["e2e4", "h7h6,h6h5", "e4e5,a2a3,b2b3", "d7d5,d8d6"] {
        pos.play_str(t).unwrap();
    }
    // Mid-turn with the queen on the passed square: the FEN says so and reads back.
    let fen = pos.fen();
    assert!(fen.ends_with("part=3 passed=d6"), "{fen}");
    let fresh = v.position(&fen).unwrap();
    assert_eq!((fresh.fen(), fresh.hash()), (fen.clone(), pos.hash()));
    for t in ["d6h6", "a7a6"] {
        pos.play_str(t).unwrap();
    }
    assert_eq!(pos.fen(), "rnb1kbnr/1pp1ppp1/p6q/3pP2p/8/PP6/2PP1PPP/RNBQKBNR w KQkq d6 0 3");
    assert!(moves(&pos).contains(&"e5d6".to_string()));
    let ep = pos.legal_moves().into_iter().find(|&m| pos.uci(m) == "e5d6").unwrap();
    assert_eq!(ep.kind, MoveKind::EnPassant);
    // A piece still standing there when the turn ends: exd6 takes it, not the pawn.
    let mut pos = v.start();
    for t in ["e2e4", "h7h6,h6h5", "e4e5,a2a3,b2b3", "d7d5,a7a6,a6a5,d8d6"] {
        pos.play_str(t).unwrap();
    }
    assert!(pos.fen().contains(" KQkq - "), "{}", pos.fen());
    let takes = pos.legal_moves().into_iter().find(|&m| pos.uci(m) == "e5d6").unwrap();
    assert_eq!(takes.kind, MoveKind::Normal);
}
