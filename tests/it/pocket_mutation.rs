//! Pocket Mutation Chess as `../shared/rules/pocket-mutation-chess.md` specifies it:
//! perft, the edge positions P1–P7, the Fourrière–Aronson fragment, nightrider geometry,
//! the mutation choices of every class, and the pocket's capacity.

use chimera::variants::load;
use chimera::{IllegalCode, Position, Variant};

const RULESET: &str = include_str!("../../rulesets/pocket-mutation.toml");
const FRAGMENT: &str = include_str!("../data/games/pocketmutation-2003-fourriere-aronson-fragment.normalized.txt");

fn pos(fen: &str) -> Position {
    load("pocket-mutation").unwrap().position(fen).unwrap()
}

fn sans(p: &mut Position) -> Vec<String> {
    p.moves_with_notation().into_iter().map(|e| e.2).collect()
}

/// The variant with White's first-move ban on lifting switched off (one TOML line).
fn without_first_move_ban() -> Variant {
    let text = RULESET.replace("not_on_first_move = [\"white\"]", "not_on_first_move = []");
    assert_ne!(text, RULESET);
    Variant::from_toml(&text, "pocket-mutation-without-ban.toml").unwrap()
}

fn replay(v: &Variant, text: &str) -> Result<Position, (usize, String, chimera::MoveError)> {
    let mut p = v.start();
    let tokens = chimera::movetext::read(text).unwrap();
    for (i, m) in tokens.iter().filter_map(chimera::movetext::Token::move_text).enumerate() {
        p.play_str(m).map_err(|e| (i + 1, m.to_string(), e))?;
    }
    Ok(p)
}

#[test]
fn perft_from_the_start() {
    let mut p = load("pocket-mutation").unwrap().start();
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1");
    assert_eq!(p.perft(1), 20);
    // 400 orthodox replies + 20 × 26 first-move pocketings for Black (§3.8).
    assert_eq!(p.perft(2), 920);
}

#[test]
fn the_fragment_is_refused_at_move_one_under_the_published_rules() {
    let (ply, text, e) = replay(&load("pocket-mutation").unwrap(), FRAGMENT).unwrap_err();
    assert_eq!((ply, text.as_str()), (1, "Rh1^I"));
    assert_eq!(e.code, IllegalCode::LiftForbidden);
    assert_eq!(e.message, "white may not put a piece into the hand on the first move");
}

#[test]
fn the_fragment_replays_with_the_first_move_ban_off() {
    let p = replay(&without_first_move_ban(), FRAGMENT).unwrap();
    assert_eq!(p.fen(), "rnb1kb1r/ppu1pp1p/5np1/3p4/5I2/5N2/PPPPPPPP/1NBQKB2[] w - - 0 7");
}

#[test]
fn black_may_lift_on_his_first_move() {
    let mut p = load("pocket-mutation").unwrap().start();
    p.play_str("e4").unwrap();
    assert_eq!(p.parse_move("Qd8^U").unwrap().kind, chimera::MoveKind::Lift);
}

// The edge positions of the spec are case files in tests/cases/ (snapshots there).

#[test]
fn every_class_offers_its_members_and_the_last_rank_the_next_class() {
    // (piece letter, what it may become from e4, what from its own last rank)
    let cases: &[(char, &str, &str)] = &[
        ('P', "P", "BN"),
        ('N', "BN", "DIR"),
        ('B', "BN", "DIR"),
        ('R', "DIR", "AG"),
        ('I', "DIR", "AG"),
        ('D', "DIR", "AG"),
        ('A', "AG", "MQUV"),
        ('G', "AG", "MQUV"),
        ('Q', "MQUV", "FWX"),
        ('M', "MQUV", "FWX"),
        ('U', "MQUV", "FWX"),
        ('V', "MQUV", "FWX"),
        ('F', "FWX", "HT"),
        ('W', "FWX", "HT"),
        ('X', "FWX", "HT"),
        ('T', "HT", "Z"),
        ('H', "HT", "Z"),
        ('Z', "Z", "Z"),
    ];
    let lifts = |fen: String, square: &str| -> String {
        let mut p = pos(&fen);
        let mut got: Vec<char> = sans(&mut p)
            .iter()
            .filter_map(|s| s.split_once('^').filter(|(from, _)| from.ends_with(square)).map(|(_, to)| to.chars().next().unwrap()))
            .collect();
        got.sort();
        got.into_iter().collect()
    };
    for &(letter, middle, last) in cases {
        assert_eq!(lifts(format!("8/8/8/7k/4{letter}3/8/8/K7[] w - - 0 20"), "e4"), middle, "{letter} from e4");
        assert_eq!(lifts(format!("2{letter}5/8/8/7k/8/8/8/K7[] w - - 0 20"), "c8"), last, "{letter} from c8");
    }
}

#[test]
fn the_pocket_holds_one_piece() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3[N] w - - 0 20");
    assert!(!sans(&mut p).iter().any(|s| s.contains('^')));
    assert_eq!(p.parse_move("Ra1^R").unwrap_err().code, IllegalCode::HandFull);
    // Black's full pocket does not stop White.
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3[n] w - - 0 20");
    assert!(sans(&mut p).contains(&"Ra1^R".to_string()));
    // A drop empties it again.
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3[N] w - - 0 20");
    p.play_str("N@c3").unwrap();
    p.play_str("Kd7").unwrap();
    assert!(sans(&mut p).contains(&"Ra1^I".to_string()));
}

#[test]
fn captured_pieces_are_gone() {
    let mut p = pos("4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 20");
    p.play_str("Rxd5").unwrap();
    assert!(p.fen().contains("[]"), "{}", p.fen());
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn mutation_choice_is_checked() {
    let mut p = pos("7k/8/8/8/4R3/8/8/K7[] w - - 0 20");
    let e = p.parse_move("Re4^Q").unwrap_err();
    assert_eq!(e.code, IllegalCode::LiftChoice);
    assert_eq!(e.message, "a rook lifted from e4 may become R, I, D only");
}

#[test]
fn nightrider_geometry() {
    let rides = |fen: &str| -> Vec<String> { sans(&mut pos(fen)).into_iter().filter(|s| s.starts_with('I') && !s.contains('^')).collect() };
    // From a1: (1,2) b3 c5 d7; (2,1) c2 e3 g4; nothing wraps round an edge.
    assert_eq!(rides("7k/8/8/8/8/8/8/I6K[] w - - 0 20"), ["Ib3", "Ic2", "Ic5", "Id7", "Ie3", "Ig4"]);
    // A line stops before an own piece; an enemy piece at distance is captured.
    assert_eq!(rides("7k/8/8/2P5/8/8/8/I6K[] w - - 0 20"), ["Ib3", "Ic2", "Ie3", "Ig4"]);
    assert!(rides("7k/3p4/8/8/8/8/8/I6K[] w - - 0 20").contains(&"Ixd7".to_string()));
    // The intermediate landing squares must be empty; a leap's own path need not be.
    assert_eq!(rides("7k/8/8/8/8/1P6/PP6/I6K[] w - - 0 20"), ["Ic2", "Ie3", "Ig4"]);
    // Checks at distance, and blocked ones: b1 → d2 → f3 → h4.
    assert!(pos("8/8/8/8/7k/8/8/1I5K[] b - - 0 20").is_check());
    assert!(!pos("8/8/8/8/7k/5p2/8/1I5K[] b - - 0 20").is_check());
}

#[test]
fn the_move_rule_counts_captures_and_class_raises_only() {
    let mut p = pos("4k3/P7/8/8/8/8/8/4K3[] w - - 10 20");
    p.play_str("a8").unwrap();
    assert_eq!(p.halfmove_clock(), 11, "a pawn move does not reset");
    p.play_str("Kd7").unwrap();
    p.play_str("Pa8^N").unwrap();
    assert_eq!(p.halfmove_clock(), 0, "a class-raising lift resets");
    p.play_str("Kd6").unwrap();
    p.play_str("N@c3").unwrap();
    assert_eq!(p.halfmove_clock(), 2, "a drop does not reset");
}

#[test]
fn only_bare_kings_with_empty_pockets_are_dead() {
    let dead = |fen: &str| pos(fen).outcome().map(|o| o.reason) == Some(chimera::EndReason::InsufficientMaterial);
    assert!(dead("4k3/8/8/8/8/8/8/4K3[] w - - 0 20"));
    assert!(!dead("4k3/8/8/8/8/8/8/4K3[B] w - - 0 20"));
    assert!(!dead("4k3/8/8/8/8/8/8/3BK3[] w - - 0 20"));
}
