//! Petrification (`petrify_on_capture`, `features/petrify.rs`): Petrified chess's capturing
//! pieces turn to walls. Expectations derived by hand from Fairy-Stockfish's definition
//! (`petrified_variant`, `petrifyOnCaptureTypes`) and checked with pyffish 0.0.90 where
//! noted.

use chimera::variants::builtin;

fn petrified() -> chimera::Variant {
    builtin("petrified").unwrap().variant().unwrap()
}

#[test]
fn a_capturing_piece_becomes_a_wall_and_undo_restores_it() {
    let v = petrified();
    let mut pos = v.start();
    for m in ["e2e4", "d7d5", "d1g4"] {
        pos.play_str(m).unwrap();
    }
    let before = (pos.fen(), pos.hash());
    pos.play_str("c8g4").unwrap();
    // pyffish: rn1qkbnr/ppp1pppp/8/3p4/4P1*1/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3
    assert_eq!(pos.fen(), "rn1qkbnr/ppp1pppp/8/3p4/4P1*1/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3");
    let fresh = v.position(&pos.fen()).unwrap();
    assert_eq!(fresh.hash(), pos.hash());
    // Nothing may move onto the wall.
    assert!(!pos.legal_moves().iter().any(|&m| pos.uci(m).ends_with("g4")));
    pos.undo();
    assert_eq!((pos.fen(), pos.hash()), before);
}

#[test]
fn kings_never_capture_and_may_stand_side_by_side() {
    let v = petrified();
    // pyffish: only e1f1 (the king in check by the queen may not take it: it would petrify).
    let pos = v.position("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1").unwrap();
    let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    assert_eq!(moves, ["e1f1"]);
    // Kings attack nothing: they may stand next to each other.
    let pos = v.position("8/8/8/8/8/3k4/8/4K3 w - - 0 1").unwrap();
    assert!(pos.legal_moves().iter().any(|&m| pos.uci(m) == "e1d2"));
}

#[test]
fn a_petrifying_capture_gives_no_check() {
    let v = petrified();
    // Rxe7 lands next to nothing that matters: the rook on e7, were it a rook, would check
    // the e8 king; petrified, it is a wall and gives none.
    let mut pos = v.position("4k3/4p3/8/8/8/8/8/K3R3 w - - 0 1").unwrap();
    pos.play_str("e1e7").unwrap();
    assert!(!pos.is_check());
    assert_eq!(pos.fen(), "4k3/4*3/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn a_royal_piece_may_not_petrify() {
    let text = "extends = \"chess\"\nname = \"x\"\n[pieces.king]\npetrify_on_capture = true\n";
    let e = chimera::variants::from_toml(text, "x.toml").unwrap_err().to_string();
    assert!(e.contains("pieces.king.petrify_on_capture") && e.contains("royal"), "{e}");
}
