//! The Reversi and Ataxx families (`flips`, `[drops] placement`, `unlimited`,
//! `first_squares`, `features/flips.rs`): refused drops say which rule they break, flips
//! are undone with their move, and the hash kept move by move is the one a FEN gives.
//! Move lists are pinned by `tests/cases/{ataxx,flipello,flipello10,flipersi}/`; the
//! suite's perft counts by `fsf_suite.rs`.

use chimera::variants::load;
use chimera::Position;

fn position(variant: &str, fen: &str) -> Position {
    load(variant).unwrap().position(fen).unwrap()
}

#[test]
fn a_refused_drop_names_the_placement_rule() {
    for (variant, fen, text, says) in [
        ("ataxx", "P5p/7/7/7/7/7/p5P w 0 1", "P@d4", "a drop goes next to one of white's own pieces, and d4 is not"),
        ("flipello", "8/8/8/3pP3/3Pp3/8/8/8[PPpp] w 0 1", "P@a1", "a drop on a1 would enclose no line of enemy pieces"),
        ("flipersi", "8/8/8/8/8/8/8/8[PPpp] w 0 1", "P@a1", "the first drops fill d4 e4 d5 e5 before any other square"),
    ] {
        let e = position(variant, fen).parse_move(text).expect_err(text);
        assert_eq!((e.code.as_str(), e.message.as_str()), ("drop-zone", says), "{variant} {text}");
    }
}

#[test]
fn flips_are_undone_and_hashed_as_a_fen_would_be() {
    for (variant, fen) in [
        ("flipello", "8/8/8/3pP3/3Pp3/2p5/pp6/1pP5[PPPPPPPPpppppppp] w 0 1"),
        ("ataxx", "7/7/2pp3/7/2P4/7/7 w 0 1"),
    ] {
        let mut p = position(variant, fen);
        let mut fens = vec![p.fen()];
        // Twelve plies, each a different pick among the legal moves.
        for ply in 0..12 {
            let moves = p.legal_moves();
            let Some(&m) = moves.get((ply * 7) % moves.len().max(1)) else { break };
            p.play(m).unwrap();
            let fresh = position(variant, &p.fen());
            assert_eq!(p.hash(), fresh.hash(), "{variant} ply {ply}: {}", p.fen());
            fens.push(p.fen());
        }
        assert!(fens.len() > 6, "{variant}: the game went on");
        fens.pop();
        while let Some(before) = fens.pop() {
            p.undo();
            assert_eq!(p.fen(), before, "{variant}: undone");
            assert_eq!(p.hash(), position(variant, &before).hash());
        }
    }
}

#[test]
fn an_unlimited_supply_writes_no_hand() {
    let mut p = position("ataxx", "P5p/7/7/7/7/7/p5P w 0 1");
    let m = p.parse_move("P@b6").unwrap();
    p.play(m).unwrap();
    assert_eq!(p.fen(), "P5p/1P5/7/7/7/7/p5P b - - 0 1");
}
