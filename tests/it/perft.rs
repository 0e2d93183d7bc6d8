//! Perft against published numbers (`../shared/rules/oracle.md` §1) and Fairy-Stockfish's
//! Los Alamos count. Depths keep the suite fast; the deepest runs are in `benches/`
//! and in the ignored test below (`cargo test --release -- --ignored`).

use chimera::variants::load;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

/// Published counts by depth, from 1.
const ORACLE: &[(&str, &[u64])] = &[
    (START, &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324]),
    (KIWIPETE, &[48, 2_039, 97_862, 4_085_603, 193_690_690]),
    (POSITION_3, &[14, 191, 2_812, 43_238, 674_624, 11_030_083]),
    (POSITION_4, &[6, 264, 9_467, 422_333, 15_833_292]),
    (POSITION_5, &[44, 1_486, 62_379, 2_103_487, 89_941_194]),
    (POSITION_6, &[46, 2_079, 89_890, 3_894_594, 164_075_551]),
];

fn check(variant: &str, fen: &str, expected: &[u64], max_nodes: u64) {
    let v = load(variant).unwrap();
    let mut pos = v.position(fen).unwrap();
    for (i, &n) in expected.iter().enumerate() {
        if n > max_nodes {
            break;
        }
        assert_eq!(pos.perft(i as u32 + 1), n, "{variant} perft({}) of {fen}", i + 1);
    }
}

#[test]
fn chess_oracle_positions() {
    for (fen, counts) in ORACLE {
        check("chess", fen, counts, 5_000_000);
    }
}

#[test]
fn los_alamos_start_to_depth_5() {
    check("losalamos", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", &[10, 100, 1_212, 14_332, 191_846], u64::MAX);
}

#[test]
fn black_to_move_mirrors_white() {
    // The start position with colours swapped and Black to move has the same tree.
    check("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", &[20, 400, 8_902, 197_281], u64::MAX);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn chess_oracle_positions_full_depth() {
    for (fen, counts) in ORACLE {
        check("chess", fen, counts, u64::MAX);
    }
}
