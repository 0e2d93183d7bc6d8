//! The parsers that read user input never panic: FEN, moves (SAN and long algebraic),
//! Betza and whole TOML rulesets, fed random and mutated text. Each either succeeds or
//! returns an error.

use chimera::variants::load;
use proptest::prelude::*;

/// Text built from the characters the parsers care about, plus some that they don't.
fn noisy(alphabet: &'static str, max: usize) -> impl Strategy<Value = String> {
    let chars: Vec<char> = alphabet.chars().collect();
    proptest::collection::vec(proptest::sample::select(chars), 0..max).prop_map(|v| v.into_iter().collect())
}

const FEN_CHARS: &str = "rnbqkpRNBQKP12345678910/ -wbKQkqAHah0é\u{0}x[]+";
const MOVE_CHARS: &str = "abcdefghijklmnop0123456789xX=+#!?@^-OoKQRBNPe.()é:";
const BETZA_CHARS: &str = "WFDNAHCZGKRBQfblrsvmcinpgjao0123456789()[]é ";

fn mutate(base: &str, edits: &[(usize, char)]) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for &(i, c) in edits {
        if chars.is_empty() {
            break;
        }
        let i = i % chars.len();
        if c == '\u{7f}' {
            chars.remove(i);
        } else {
            chars[i] = c;
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn fen_never_panics(text in noisy(FEN_CHARS, 80)) {
        let _ = load("chess").unwrap().position(&text);
        let _ = load("losalamos").unwrap().position(&text);
    }

    #[test]
    fn mutated_fen_never_panics(edits in proptest::collection::vec((0usize..100, proptest::char::any()), 1..6)) {
        let fen = mutate("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &edits);
        let _ = load("chess").unwrap().position(&fen);
    }

    #[test]
    fn mutated_module_fen_field_never_panics(edits in proptest::collection::vec((0usize..100, proptest::char::any()), 1..6)) {
        let fen = mutate("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 checks=2/1", &edits);
        let _ = load("3check").unwrap().position(&fen);
    }

    #[test]
    fn moves_never_panic(text in noisy(MOVE_CHARS, 12)) {
        let mut pos = load("chess").unwrap().position("r3k2r/1P4P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        let _ = pos.parse_move(&text);
    }

    #[test]
    fn betza_never_panics(text in noisy(BETZA_CHARS, 16)) {
        let _ = chimera::betza::parse(&text);
    }

    #[test]
    fn mutated_rulesets_never_panic(edits in proptest::collection::vec((0usize..2000, proptest::char::any()), 1..4)) {
        let base = include_str!("../../rulesets/chess.toml");
        let text = mutate(base, &edits);
        if let Ok(v) = chimera::Variant::from_toml(&text, "mutated.toml") {
            // Whatever loads must also play.
            let mut pos = v.start();
            let _ = pos.perft(2);
        }
    }
}
