//! Atomic chess (`atomic`, `nocheckatomic`): perft against every atomic case of
//! Fairy-Stockfish's perft suite, and the refusals and endings the module names.
//!
//! The suite's FENs are read as they are, but four atomic cases are Chess960 positions
//! (`perft.sh` runs them with `UCI_Chess960`), whose castling our built-in `atomic`
//! cannot express: there the test compiles an overlay ruleset (`extends = "atomic"`)
//! whose `[[castling]]` lists the castles the FEN's letters mean in Chess960 — for `K`
//! the outermost rook on the king's right, for `Q` on its left (`Rr2k1rR` puts Black's
//! `q` rook on b8) — with the king going to the g or c file and the rook beside it on the
//! inside; every square either passes or lands on must be empty (king and rook
//! excepted), and the king's path must be safe.

use chimera::variants::{from_toml, load};
use chimera::{IllegalCode, Outcome, Position};

/// Fairy-Stockfish's `tests/perft.sh` (commit c19b5f6c), copied from
/// `/work/shared/oracle/fsf-perft-suite.tsv`: variant, FEN (`startpos` = the start),
/// depth, leaves, and the Chess960 castles (king, rook, FEN letter) if the case needs them.
type Case = (&'static str, &'static str, u32, u64, &'static [(&'static str, &'static str, &'static str)]);

const SUITE: &[Case] = &[
    ("atomic", "startpos", 4, 197326, &[]),
    ("atomic", "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1", 4, 1434825, &[]),
    ("atomic", "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1", 4, 714499, &[]),
    ("atomic", "r4b1r/2kb1N2/p2Bpnp1/8/2Pp3p/1P1PPP2/P5PP/R3K2R b KQ - 0 1", 2, 148, &[]),
    ("nocheckatomic", "startpos", 4, 197779, &[]),
    ("nocheckatomic", "7r/6Pb/1np5/1p2kp2/P1P1n3/1P2KP1B/5N2/8 w - - 0 1", 3, 21347, &[]),
    ("atomic", "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", 4, 61401, &[("g1", "h1", "K"), ("g1", "b1", "Q")]),
    ("atomic", "r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1", 4, 98729, &[("e1", "g1", "K"), ("e1", "a1", "Q")]),
    ("atomic", "Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1", 4, 241478, &[("e1", "g1", "K"), ("e1", "b1", "Q")]),
    ("atomic", "1R4kr/4K3/8/8/8/8/8/8 b k - 0 1", 4, 17915, &[("g1", "h1", "K")]),
];

fn file(sq: &str) -> u8 {
    sq.as_bytes()[0] - b'a'
}

fn square(file: u8) -> String {
    format!("{}1", (b'a' + file) as char)
}

/// The squares from `a` to `b` on the first rank, both included.
fn span(a: u8, b: u8) -> Vec<u8> {
    (a.min(b)..=a.max(b)).collect()
}

/// An `[[castling]]` entry for a Chess960 castle of the king on `king` with the rook on
/// `rook` (White's squares; Black's mirror them).
fn castle960(king: &str, rook: &str, letter: &str) -> String {
    let (k, r) = (file(king), file(rook));
    let kingside = r > k;
    let (k_to, r_to) = if kingside { (6, 5) } else { (2, 3) };
    let mut empty: Vec<u8> = span(k, k_to).into_iter().chain(span(r, r_to)).filter(|&f| f != k && f != r).collect();
    empty.sort();
    empty.dedup();
    let list = |files: Vec<u8>| files.into_iter().map(|f| format!("\"{}\"", square(f))).collect::<Vec<_>>().join(", ");
    format!(
        "[[castling]]\nking = \"{king}\"\nking_to = \"{}\"\nrook = \"{rook}\"\nrook_to = \"{}\"\nempty = [{}]\nsafe = [{}]\nnotation = \"{}\"\nfen = \"{letter}\"\n\n",
        square(k_to),
        square(r_to),
        list(empty),
        list(span(k, k_to)),
        if kingside { "O-O" } else { "O-O-O" },
    )
}

fn position(variant: &str, fen: &str, castles: &[(&str, &str, &str)]) -> Position {
    let v = if castles.is_empty() {
        load(variant).unwrap()
    } else {
        // The start must suit the castles: the case's own position.
        let mut text = format!("extends = \"{variant}\"\nname = \"{variant}-960\"\nstart = \"{fen}\"\n\n");
        for (king, rook, letter) in castles {
            text += &castle960(king, rook, letter);
        }
        from_toml(&text, "atomic-960.toml").unwrap_or_else(|e| panic!("{e}\n{text}"))
    };
    if fen == "startpos" {
        v.start()
    } else {
        v.position(fen).unwrap()
    }
}

#[test]
fn perft_matches_fairy_stockfish() {
    for &(variant, fen, depth, nodes, castles) in SUITE {
        let mut p = position(variant, fen, castles);
        assert_eq!(p.perft(depth), nodes, "{variant} {fen} perft({depth})");
    }
}

fn atomic(fen: &str) -> Position {
    load("atomic").unwrap().position(fen).unwrap()
}

fn refusal(p: &mut Position, san: &str) -> (IllegalCode, String) {
    let e = p.play_str(san).expect_err(san);
    (e.code, e.message)
}

#[test]
fn a_king_cannot_capture() {
    let mut p = atomic("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
    let (code, message) = refusal(&mut p, "Kxe2");
    assert_eq!(code, IllegalCode::Rule("king-cannot-capture"));
    assert_eq!(message, "a king cannot capture in atomic chess: it would explode on e2");
}

#[test]
fn a_capture_may_not_blow_up_the_own_king() {
    let mut p = atomic("4k3/8/8/8/8/1N6/3n4/4K3 w - - 0 1");
    let (code, message) = refusal(&mut p, "Nxd2");
    assert_eq!(code, IllegalCode::Rule("blasts-own-king"));
    assert_eq!(message, "the capture on d2 would blow up white's own king");
}

#[test]
fn a_king_may_not_be_left_in_check_unless_it_touches_the_enemy_king() {
    let mut p = atomic("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
    assert_eq!(refusal(&mut p, "Kf1").0, IllegalCode::LeavesRoyalInCheck);
    // The rook on h2 cannot take a king beside its own: no check, and the king may stay
    // on the rook's rank as long as it touches the black king.
    let mut p = atomic("8/8/8/8/8/3k4/3K3r/8 w - - 0 1");
    assert!(!p.is_check());
    p.play_str("Kc2").unwrap();
}

#[test]
fn castling_is_judged_by_the_atomic_reckoning() {
    // Through an attacked square: refused.
    let mut p = atomic("4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(refusal(&mut p, "O-O").0, IllegalCode::CastlingThroughCheck);
    // Out of check: refused.
    let mut p = atomic("4r1k1/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(refusal(&mut p, "O-O").0, IllegalCode::CastlingInCheck);
    // An x-ray through the king's own square counts: the rook on a1 would see f1.
    let mut p = atomic("8/8/8/8/8/8/3k4/r3K2R w K - 0 1");
    assert_eq!(refusal(&mut p, "O-O").0, IllegalCode::CastlingThroughCheck);
}

#[test]
fn blowing_up_the_enemy_king_wins_and_leaves_no_moves() {
    let mut p = atomic("3nk3/8/8/8/8/8/8/3RK2r w - - 0 1");
    assert!(p.is_check());
    p.play_str("Rxd8").unwrap();
    assert_eq!(p.fen(), "8/8/8/8/8/8/8/4K2r b - - 0 1");
    let o: Outcome = p.outcome().unwrap();
    assert_eq!(o.to_string(), "1-0 white wins by king-exploded");
    assert_eq!(p.count_moves(), 0);
    // The FEN of the ended game reads back, king missing and White in check as it is.
    let reread = atomic(&p.fen());
    assert_eq!(reread.outcome(), Some(o));
    // Taking the move back brings the king and every exploded piece back.
    p.undo();
    assert_eq!(p.fen(), "3nk3/8/8/8/8/8/8/3RK2r w - - 0 1");
}

#[test]
fn checkmate_and_stalemate() {
    // Mate: the black king may not take the queen on g7 (kings do not capture), and every
    // square it could go to is attacked.
    let mut p = atomic("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
    p.play_str("Qg7").unwrap();
    assert_eq!(p.outcome().unwrap().to_string(), "1-0 white wins by checkmate");
    let p = atomic("k7/8/1Q6/8/8/8/8/7K b - - 0 1");
    assert!(!p.is_check());
    assert_eq!(p.outcome().unwrap().to_string(), "1/2-1/2 draw by stalemate");
}

#[test]
fn without_checks_a_king_may_capture_and_blowing_up_both_kings_loses() {
    let nocheck = load("nocheckatomic").unwrap();
    let mut p = nocheck.position("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1").unwrap();
    assert!(!p.is_check());
    p.play_str("Kxe2").unwrap();
    assert_eq!(p.outcome().unwrap().to_string(), "0-1 black wins by king-exploded");
    let mut p = nocheck.position("8/8/8/8/8/4k3/3p3R/3K4 w - - 0 1").unwrap();
    p.play_str("Rxd2").unwrap();
    assert_eq!(p.outcome().unwrap().to_string(), "0-1 black wins by king-exploded");
}

#[test]
fn parameters_are_checked_when_the_ruleset_loads() {
    let overlay = |table: &str| from_toml(&format!("extends = \"atomic\"\nname = \"x\"\n[modules.atomic]\n{table}\n"), "x.toml");
    let e = overlay("spared = [\"pawn\", \"dragon\"]").unwrap_err().to_string();
    assert!(e.contains("modules.atomic.spared") && e.contains("`dragon` is not a piece"), "{e}");
    let e = overlay("radius = \"big\"").unwrap_err().to_string();
    assert!(e.contains("modules.atomic.radius"), "{e}");
    let e = overlay("blast = 2").unwrap_err().to_string();
    assert!(e.contains("unknown field `blast`"), "{e}");
}

#[test]
fn radius_spared_and_immune_shape_the_blast() {
    let fen = "4k3/8/1n3n2/8/3r4/2P1N3/3Q4/4K3 w - - 0 1";
    let blast = |table: &str| {
        let v = from_toml(&format!("extends = \"atomic\"\nname = \"x\"\n[modules.atomic]\n{table}\n"), "x.toml").unwrap();
        let mut p = v.position(fen).unwrap();
        p.play_str("Qxd4").unwrap();
        p.fen().split(' ').next().unwrap().to_string()
    };
    // The default: radius 1, pawns spared: the e3 knight goes, c3 pawn and b6/f6 knights stay.
    assert_eq!(blast(""), "4k3/8/1n3n2/8/8/2P5/8/4K3");
    // Radius 2 reaches b6 and f6; sparing nothing takes the pawn.
    assert_eq!(blast("radius = 2\nspared = []"), "4k3/8/8/8/8/8/8/4K3");
    // Immune knights and queen survive, the capturing queen included.
    assert_eq!(blast("immune = [\"knight\", \"queen\"]"), "4k3/8/1n3n2/8/3Q4/2P1N3/8/4K3");
}

#[test]
fn with_hands_every_piece_the_blast_removes_goes_to_its_opponent() {
    // Atomic crazyhouse (Fairy-Stockfish's atomiczh): the victim to the captor's hand, as
    // in crazyhouse, and each piece the blast removes — the capturing queen, the black
    // knight, the white knight — to its opponent's, as if captured; a promoted piece
    // (the rook on d4, `R~`) as a pawn; the spared pawn stays. Undo gives all back.
    let zh = from_toml("extends = \"atomic\"\nname = \"azh\"\n[drops]\ndemote_on_capture = true\n", "azh.toml").unwrap();
    let fen = "4k3/8/8/4n3/3r~4/2P1N3/3Q4/4K3[] w - - 0 1";
    let mut p = zh.position(fen).unwrap();
    p.play_str("Qxd4").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/8/8/2P5/8/4K3[NPqn] b - - 0 1");
    // Black may drop the queen it gained (`Q@d1+` among them).
    let sans: Vec<String> = p.legal_moves().into_iter().map(|m| p.san(m)).collect();
    assert!(sans.iter().any(|s| s == "Q@d1+"), "{sans:?}");
    p.undo();
    assert_eq!(p.fen(), fen);
    // The king is never handed: blown up, it leaves the game, which is over.
    let mut p = zh.position("4k3/3n4/8/8/8/8/8/3QK3[] w - - 0 1").unwrap();
    p.play_str("Qxd7").unwrap();
    assert_eq!(p.fen(), "8/8/8/8/8/8/8/4K3[Nq] b - - 0 1");
    assert_eq!(p.outcome().unwrap().to_string(), "1-0 white wins by king-exploded");
}
