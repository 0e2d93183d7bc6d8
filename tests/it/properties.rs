//! Round-trip properties over every legal move of positions reached by random play:
//! long algebraic and SAN each name exactly one move and read back to it; FEN
//! round-trips exactly (and rebuilds the same hash); undo restores FEN and hash.

use std::collections::HashSet;

use chimera::Position;
use proptest::prelude::*;

/// Small deterministic generator so a failing seed replays exactly.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

const STARTS: &[(&str, Option<&str>)] = &[
    ("chess", None),
    ("chess", Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")),
    ("chess", Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")),
    ("chess", Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")),
    ("chess", Some("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8")),
    ("losalamos", None),
    // Rooks upgraded on their corners gain castles; kings that move lose them.
    ("mystic-castling", Some("n3k2n/8/8/8/8/8/8/N3K2N w - - 0 9 coins=10/10 purchases=3/3")),
    ("mystic-castling", Some("r3k2r/1b4b1/8/8/8/8/1B4B1/R3K2R w Kq - 0 9 coins=8/8 purchases=3/3")),
];

fn check_position(pos: &mut Position) {
    let fen = pos.fen();
    let hash = pos.hash();
    // FEN round trip, and a fresh position from it hashes the same.
    let reread = pos.variant().position(&fen).unwrap();
    assert_eq!(reread.fen(), fen);
    assert_eq!(reread.hash(), hash, "incremental hash differs from a fresh one for {fen}");

    let entries = pos.moves_with_notation();
    let ucis: HashSet<&str> = entries.iter().map(|e| e.1.as_str()).collect();
    let sans: HashSet<&str> = entries.iter().map(|e| e.2.as_str()).collect();
    assert_eq!(ucis.len(), entries.len(), "duplicate long algebraic in {fen}");
    assert_eq!(sans.len(), entries.len(), "duplicate SAN in {fen}");
    for (m, uci, san) in &entries {
        assert_eq!(pos.parse_move(uci).as_ref(), Ok(m), "{uci} in {fen}");
        assert_eq!(pos.parse_move(san).as_ref(), Ok(m), "{san} in {fen}");
        pos.play_unchecked(*m);
        pos.undo();
        assert_eq!(pos.fen(), fen, "undo of {uci}");
        assert_eq!(pos.hash(), hash, "hash after undo of {uci}");
    }
}

fn random_game(variant: &str, fen: Option<&str>, seed: u64, plies: usize) {
    let v = chimera::variants::load(variant).unwrap();
    let mut pos = match fen {
        Some(f) => v.position(f).unwrap(),
        None => v.start(),
    };
    let mut rng = Rng(seed | 1);
    for _ in 0..plies {
        check_position(&mut pos);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn notation_fen_and_undo_round_trip(start in 0..STARTS.len(), seed in any::<u64>()) {
        let (variant, fen) = STARTS[start];
        random_game(variant, fen, seed, 60);
    }
}

/// The same over every built-in variant: drops, purchases, upgrades, lifts and swaps
/// must have unique, re-readable notation and undo exactly too.
#[test]
fn every_builtin_round_trips() {
    for b in chimera::variants::BUILTINS {
        for seed in [1, 2, 3] {
            random_game(b.id, None, seed * 0x9E37_79B9, 50);
        }
    }
}
