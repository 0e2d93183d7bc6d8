//! The kernel runs on u64, u128 or 256-bit bitboards by board size; the same variant
//! must give the same tree on every width.

use std::sync::Arc;

use chimera::position::Pos;
use chimera::tables::Tables;
use chimera::{Bitboard, Wide};

fn perft_on<B: Bitboard>(rules: &chimera::Rules, fen: &str, depth: u32) -> u64 {
    let tables = Arc::new(Tables::<B>::new(Arc::new(rules.clone())));
    Pos::from_fen(tables, fen).unwrap().perft(depth)
}

#[test]
fn chess_is_the_same_on_every_width() {
    let v = chimera::variants::load("chess").unwrap();
    for (fen, depth, nodes) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197_281),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
    ] {
        assert_eq!(perft_on::<u64>(v.rules(), fen, depth), nodes);
        assert_eq!(perft_on::<u128>(v.rules(), fen, depth), nodes);
        assert_eq!(perft_on::<Wide>(v.rules(), fen, depth), nodes);
    }
}
