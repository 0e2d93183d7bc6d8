//! Turns of several parts (`[turn]`, ARCHITECTURE.md "Turns of several parts"): Duck
//! chess and the Amazons, their parts, whole turns, notation, FEN, hash, undo, refusals
//! and ends. Expected counts and FENs are Fairy-Stockfish's (pyffish 0.0.90, read by hand
//! from its `legal_moves` / `get_fen` / `get_san`), or derived by hand where noted.

use chimera::variants::builtin;
use chimera::{Color, EndReason, IllegalCode, MoveKind, Position};

fn duck() -> chimera::Variant {
    builtin("duck").unwrap().variant().unwrap()
}

fn amazons() -> chimera::Variant {
    builtin("amazons").unwrap().variant().unwrap()
}

/// The position after `turns` (comma-joined whole turns, space-separated).
fn after(v: &chimera::Variant, fen: Option<&str>, turns: &str) -> Position {
    let mut pos = match fen {
        Some(f) => v.position(f).unwrap(),
        None => v.start(),
    };
    for t in turns.split_whitespace() {
        pos.play_str(t).unwrap_or_else(|e| panic!("{t}: {}", e.message));
    }
    pos
}

#[test]
fn perft_counts_whole_turns_as_fairy_stockfish() {
    // Duck: 20 moves, each leaving 32 empty squares for the duck.
    assert_eq!(duck().start().perft(1), 640);
    assert_eq!(duck().start().perft(2), 379_440);
    assert_eq!(amazons().start().perft(1), 2176);
    assert_eq!(amazons().start().perft(2), 4_307_152);
}

#[test]
fn legal_moves_lists_parts_and_legal_turns_whole_turns() {
    let mut pos = duck().start();
    assert_eq!(pos.legal_moves().len(), 20);
    let turns = pos.legal_turns();
    assert_eq!(turns.len(), 640);
    assert!(turns.iter().all(|t| t.len() == 2 && t[1].kind == MoveKind::Wall));
    let first = pos.parse_turn("e2e4,e4e5").unwrap();
    assert_eq!(pos.turn_uci(&first), "e2e4,e4e5");
    assert_eq!(pos.turn_san(&first), "e4,e5");
    // After the move part: the same side is to move, and only duck placements are legal.
    let mut mid = pos.clone();
    mid.play_unchecked(first[0]);
    assert_eq!((mid.turn(), mid.part()), (Color::White, 1));
    let walls = mid.legal_moves();
    assert_eq!(walls.len(), 32);
    assert!(walls.iter().all(|m| m.kind == MoveKind::Wall));
}

#[test]
fn fens_are_fairy_stockfishs_at_turn_boundaries() {
    // Chimera writes the en-passant square after every double step (README, "FEN");
    // Fairy-Stockfish only where a capture there is possible (`-` here).
    let pos = after(&duck(), None, "e2e4,e4e5 d7d5,d5e6");
    assert_eq!(pos.fen(), "rnbqkbnr/ppp1pppp/4*3/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    let pos = after(&duck(), None, "e2e4,e4e5 d7d5,d5e6 e4d5,d5e4");
    assert_eq!(pos.fen(), "rnbqkbnr/ppp1pppp/8/3P4/4*3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    let mut pos = amazons().start();
    let turn = pos.parse_turn("d1a1,a1b1").unwrap();
    assert_eq!(pos.turn_san(&turn), "Qda1,b1");
    pos.play_str("d1a1,a1b1").unwrap();
    assert_eq!(pos.fen(), "3q2q3/10/10/q8q/10/10/Q8Q/10/10/Q*4Q3 b - - 1 1");
}

#[test]
fn a_mid_turn_fen_carries_the_part_and_reads_back_with_the_same_hash() {
    let v = duck();
    let mut pos = after(&v, None, "e2e4,e4e5");
    pos.play_str("d7d5").unwrap();
    let fen = pos.fen();
    assert_eq!(fen, "rnbqkbnr/ppp1pppp/8/3p*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 1 part=2@d5");
    let read = v.position(&fen).unwrap();
    assert_eq!(read.hash(), pos.hash());
    assert_eq!(read.part(), 1);
    assert_eq!(read.legal_moves().len(), pos.legal_moves().len());
    // The hash tells the mid-turn position from the same board at a turn's start.
    let boundary = v.position("rnbqkbnr/ppp1pppp/8/3p*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_ne!(boundary.hash(), pos.hash());
    // A bad `part=` is a FEN error, and so is one in a variant without parts.
    for bad in ["part=3@d5", "part=2@a3", "part=2", "part=x@d5"] {
        let fen = format!("rnbqkbnr/ppp1pppp/8/3p*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 1 {bad}");
        assert!(v.position(&fen).is_err(), "{bad}");
    }
    let chess = builtin("chess").unwrap().variant().unwrap();
    let err = chess.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 part=2@e2").unwrap_err();
    assert!(err.to_string().contains("only for variants whose turns have parts"), "{err}");
}

#[test]
fn undo_restores_every_part() {
    let v = duck();
    let mut pos = after(&v, None, "e2e4,e4e5 d7d5,d5e6");
    let (fen, hash) = (pos.fen(), pos.hash());
    pos.play_str("e4d5,d5e4").unwrap();
    assert_eq!(pos.undo().map(|m| m.kind), Some(MoveKind::Wall));
    assert_eq!(pos.part(), 1);
    pos.undo();
    assert_eq!((pos.fen(), pos.hash()), (fen, hash));
    // The incremental hash is the one a FEN read computes, after every part.
    let mut pos = v.start();
    for t in ["g1f3,f3f5", "b8c6,c6d4", "f3e5,e5h3"] {
        pos.play_str(t).unwrap();
        assert_eq!(v.position(&pos.fen()).unwrap().hash(), pos.hash(), "{}", pos.fen());
    }
}

#[test]
fn the_duck_must_move_and_cannot_land_on_a_piece() {
    let v = duck();
    let mut pos = after(&v, None, "e2e4,e4e5");
    // d7d5 lands beside the duck on e5; it must leave e5.
    let e = pos.parse_turn("d7d5,d5e5").unwrap_err();
    assert_eq!(e.code, IllegalCode::SquareOccupied);
    assert!(e.message.starts_with("part 2 (`d5e5`): "), "{}", e.message);
    assert!(e.message.contains("the duck's own square"), "{}", e.message);
    let e = pos.parse_turn("d7d5,d5e4").unwrap_err();
    assert_eq!(e.code, IllegalCode::SquareOccupied);
    // The duck blocks: the e-pawn cannot advance through it.
    let e = pos.parse_turn("e7e5").unwrap_err();
    assert!(!e.message.is_empty());
    // A wall part is read by its square alone too (its SAN), and a move is refused there.
    pos.play_str("d7d5").unwrap();
    assert_eq!(pos.parse_move("e6").unwrap().to, pos.parse_move("d5e6").unwrap().to);
    assert!(pos.parse_move("Nf6").is_err());
}

#[test]
fn a_duck_on_the_passed_square_leaves_no_en_passant() {
    let v = duck();
    let fen = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(after(&v, Some(fen), "e2e4,e4e3").fen(), "rnbqkbnr/ppp1pppp/8/8/3pP3/4*3/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let pos = after(&v, Some(fen), "e2e4,e4h6");
    assert_eq!(pos.fen(), "rnbqkbnr/ppp1pppp/7*/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let mut pos = pos;
    assert!(pos.parse_turn("d4e3,e3e2").is_ok());
}

#[test]
fn capturing_the_king_ends_the_game_when_the_turn_ends() {
    let v = duck();
    // Black's queen takes the white king on e1; the duck is still placed, then White,
    // without a king, has lost by extinction.
    let mut pos = v.position("rnb1kbnr/pppp1ppp/8/8/8/8/PPP1qPPP/RNBQKBNR b KQkq - 0 1").unwrap();
    pos.play_str("e2e1").unwrap();
    assert_eq!(pos.part(), 1);
    assert_eq!(pos.outcome(), None);
    assert!(!pos.legal_moves().is_empty());
    pos.play_str("e1e4").unwrap();
    let o = pos.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::Black), EndReason::Extinction));
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn a_duck_side_without_moves_wins_and_an_amazon_side_loses() {
    // White's king on a1 is walled in by its own pieces and the duck (b2); the bishop on
    // b1 by its pawns, which are blocked (a3 and c3 by black pawns) and have nothing to
    // capture.
    let pos = duck().position("4k3/8/8/8/8/2p5/P*P5/KB6 w - - 0 1").unwrap();
    assert!(!pos.legal_moves().is_empty(), "a2a3 and a2a4 are still free");
    let pos = duck().position("4k3/8/8/8/8/p1p5/P*P5/KB6 w - - 0 1").unwrap();
    let o = pos.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::White), EndReason::Stalemate));
    // The white amazon on a1 is shut in by arrows on a2, b2, b1.
    let pos = amazons().position("9q/10/10/10/10/10/10/10/**8/Q*8 w - - 0 1").unwrap();
    let o = pos.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::Black), EndReason::Stalemate));
}

#[test]
fn an_arrow_flies_along_the_amazons_lines_from_where_it_landed() {
    let v = amazons();
    // Hand-derived: arrows stand on a3 and c4; the amazon a1 -> a2 shoots from a2 down
    // the file to a1 (just left), not up it (a3), along the rank b2..j2, and diagonally
    // to b1 and b3 (c4 stops it): 1 + 9 + 1 + 1 = 12.
    let mut pos = v.position("9q/10/10/10/10/10/2*7/*9/10/Q9 w - - 0 1").unwrap();
    let m = pos.parse_move("a1a2").unwrap();
    pos.play_unchecked(m);
    let mut squares: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)[2..].to_string()).collect();
    squares.sort();
    assert_eq!(squares, ["a1", "b1", "b2", "b3", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2"]);
    let e = pos.parse_move("a2a5").unwrap_err();
    assert_eq!(e.code, IllegalCode::PathBlocked);
    let e = pos.parse_move("a2c3").unwrap_err();
    assert_eq!(e.code, IllegalCode::PathBlocked);
}

#[test]
fn a_fen_may_hold_one_duck_only() {
    let err = duck().position("4k3/8/8/8/8/8/8/K**5 w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("one duck"), "{err}");
    assert!(amazons().position("9q/10/10/10/10/10/10/10/**8/Q*8 w - - 0 1").is_ok());
}
