//! The public face (`engine/src/variant.rs`): every bitboard width gives the same tree.

use chimera::testing::{perft_on, Width};
use chimera::Variant;

/// `Variant` picks the narrowest bitboard that holds the board; the same variant
/// must give the same tree on every width, or the wider ones are wrong unseen.
#[test]
fn chess_is_the_same_on_every_width() {
    let v = Variant::from_toml(include_str!("../../../rulesets/chess.toml"), "chess.toml").unwrap();
    for (fen, depth, nodes) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197_281),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
    ] {
        assert_eq!(perft_on(Width::U64, v.rules(), fen, depth), nodes);
        assert_eq!(perft_on(Width::U128, v.rules(), fen, depth), nodes);
        assert_eq!(perft_on(Width::Wide, v.rules(), fen, depth), nodes);
    }
}
