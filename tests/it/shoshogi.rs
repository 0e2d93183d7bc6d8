//! Sho shogi's king and prince (`[[end.extinction]]` with `together` and
//! `royal_when_last`, Fairy-Stockfish's `extinctionPseudoRoyal`): the last of them is
//! royal, both together are not, and a side with neither loses. Counts and move lists are
//! pyffish's (`shoshogi`), from the FENs as it writes them (`+E` is the prince, Chimera's
//! `C`).

use chimera::variants::load;
use chimera::{Color, EndReason, Outcome, Position};

fn position(fen: &str) -> Position {
    load("shoshogi").unwrap().position(fen).unwrap()
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    v.sort();
    v
}

#[test]
fn perft_agrees_with_fairy_stockfish_where_kings_and_princes_are_royal_or_not() {
    for (fen, counts) in [
        // White's king and prince: neither royal, the king may stay attacked.
        ("4k4/4e4/9/9/4r4/9/9/3+E5/4K4 w 0 1", [11, 300, 3549]),
        // Kings alone, elephants about to promote.
        ("3gkg3/9/2e3r2/9/4E4/9/1R7/9/4K4 w 0 1", [31, 1036, 28848]),
        // White's lone king in check: promoting the elephant (a second piece of the kind)
        // does not free it, as in Fairy-Stockfish.
        ("3gkg3/9/2e6/3E5/9/9/1R7/9/4K1+r2 w 0 2", [2, 72, 2056]),
    ] {
        let mut p = position(fen);
        for (depth, &n) in (1..).zip(&counts) {
            assert_eq!(p.perft(depth), n, "{fen} depth {depth}");
        }
    }
}

#[test]
fn a_king_beside_a_prince_is_not_royal_and_the_last_one_is() {
    let mut p = position("4k4/4e4/9/9/4r4/9/9/3+E5/4K4 w 0 1");
    assert_eq!(p.fen(), "4k4/4e4/9/9/4r4/9/9/3C5/4K4 w - - 0 1");
    assert!(!p.is_check(), "the attacked king is not royal while the prince lives");
    // The prince may move away and leave the king attacked.
    p.play_str("d2d3").unwrap();
    p.play_str("e5e1").unwrap();
    // The prince, now alone, is royal: it may not step onto the rook's lines.
    assert_eq!(moves(&p), ["d3c2", "d3c3", "d3c4", "d3d2", "d3d4"]);
    p.play_str("d3d2").unwrap();
    p.play_str("e1d1").unwrap();
    assert!(p.is_check(), "the rook attacks the royal prince");
}

#[test]
fn a_side_with_neither_king_nor_prince_has_lost() {
    let p = position("4k4/9/9/9/9/9/9/9/4r4 w 0 1");
    assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Extinction }));
    assert!(p.legal_moves().is_empty());
}
