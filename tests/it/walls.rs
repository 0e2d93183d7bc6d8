//! Wall squares (`*` in FEN, Fairy-Stockfish's notation): they are the board's, read from
//! and written to every FEN of the variant, and no piece stands on them.

use chimera::variants::builtin;

fn troitzky() -> chimera::Variant {
    builtin("troitzky").unwrap().variant().unwrap()
}

#[test]
fn walls_are_written_back_where_they_were_read() {
    let v = troitzky();
    let start = "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1";
    assert_eq!(v.start().fen(), start);
    let mut pos = v.start();
    pos.play_str("e3e5").unwrap();
    assert!(pos.fen().starts_with("****qk****/**rnbbnr**/*pppppppp*/*8*/10/4P5/*8*/*PPP1PPPP*/"), "{}", pos.fen());
}

#[test]
fn a_fen_must_have_the_boards_walls() {
    let v = troitzky();
    // a10 left out: one square of the board's walls is written as an empty square.
    let missing = v.position("1***qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1");
    assert!(missing.unwrap_err().to_string().contains("a10 is a wall of this board"));
    let extra = v.position("****qk****/**rnbbnr**/*pppppppp*/*8*/*9/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1");
    assert!(extra.unwrap_err().to_string().contains("`*` on a6"));
}

#[test]
fn no_move_reaches_a_wall() {
    let v = troitzky();
    let pos = v.start();
    let walls = ["a1", "b2", "a3", "j3", "b9"];
    for m in pos.legal_moves() {
        let lan = pos.uci(m);
        assert!(!walls.iter().any(|w| lan.ends_with(w)), "{lan}");
    }
}
