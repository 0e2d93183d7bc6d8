//! Check counting, `[end] checks` (built-ins `3check`, `5check`, `karouk`, `checkshogi`):
//! Fairy-Stockfish's perft suite, the counters through moves, undo, FEN and the hash, the
//! winning check, bad values and FEN fields refused with errors, and the counts agreeing
//! with the full check test over random games in variants of every kind.

use chimera::variants::{from_toml, load};
use chimera::{Color, EndReason, Outcome, Position};

/// Fairy-Stockfish's `tests/perft.sh` cases for 3check (as in
/// `shared/oracle/fsf-perft-suite.tsv`): FEN as FSF writes it, depth, leaf count.
const FSF_SUITE: &[(&str, u32, u64)] = &[
    ("7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39", 3, 12407),
    ("7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0", 3, 12407),
];

/// Fairy-Stockfish's FEN of a check-counting game in ours. FSF writes the counters either as
/// checks *remaining* (`W+B`) in the field after en passant, or in Lichess's form
/// `+W+B` of checks *given* at the end; ours is `checks=W/B`, checks given.
fn from_fsf(fen: &str, n: u16) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    let pair = |s: &str| -> (u16, u16) {
        let (w, b) = s.split_once('+').unwrap();
        (w.parse().unwrap(), b.parse().unwrap())
    };
    let given = if let Some(lichess) = fields.last().unwrap().strip_prefix('+') {
        let counts = pair(lichess);
        fields.pop();
        counts
    } else {
        let (w, b) = pair(fields.remove(4));
        (n - w, n - b)
    };
    format!("{} checks={}/{}", fields.join(" "), given.0, given.1)
}

fn three(fen: &str) -> Position {
    load("3check").unwrap().position(fen).unwrap()
}

fn checks(p: &Position) -> String {
    p.fen().rsplit_once(' ').unwrap().1.to_string()
}

#[test]
fn fsf_perft_suite() {
    for &(fsf, depth, nodes) in FSF_SUITE {
        let fen = from_fsf(fsf, 3);
        assert_eq!(fen, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 checks=2/0");
        assert_eq!(three(&fen).perft(depth), nodes, "perft({depth}) of {fsf}");
    }
}

#[test]
fn suite_position_one_ply_deeper() {
    // Not in FSF's suite: Fairy-Stockfish's count by recursion over pyffish's
    // `legal_moves("3check", fen, moves)` (pyffish 0.0.90): White's winning check at ply 1
    // or 3 now cuts off a counted ply.
    let fen = from_fsf(FSF_SUITE[0].0, 3);
    assert_eq!(three(&fen).perft(4), 243_848);
}

#[test]
fn the_counters_make_the_difference_in_the_suite_position() {
    // Were the winning check not to end the game, White's third check would be
    // followed by moves: chess (or 3check with no checks given) counts more.
    let board = "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39";
    assert_eq!(load("chess").unwrap().position(board).unwrap().perft(3), 12560);
    assert_eq!(three(&format!("{board} checks=0/0")).perft(3), 12560);
}

#[test]
fn start_position_and_fen_without_the_field() {
    let mut p = load("3check").unwrap().start();
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 checks=0/0");
    assert_eq!(p.perft(4), 197_281);
    assert_eq!(checks(&three("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")), "checks=0/0");
}

#[test]
fn each_check_counts_for_the_side_that_gives_it_and_undo_restores_it() {
    let mut p = load("3check").unwrap().start();
    let mut seen = vec![(p.fen(), p.hash())];
    // 3.Qxf7+ and 4...Qxe4+ check; 4.Qxe8+ is White's second: no other move checks.
    let game = ["e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7", "d3", "Qh4", "Nf3", "Qxe4+"];
    let expected = ["0/0", "0/0", "0/0", "0/0", "1/0", "1/0", "1/0", "1/0", "1/0", "1/1"];
    for (text, want) in game.iter().zip(expected) {
        p.play_str(text).unwrap();
        assert_eq!(checks(&p), format!("checks={want}"), "after {text}");
        seen.push((p.fen(), p.hash()));
    }
    for i in (0..game.len()).rev() {
        p.undo().unwrap();
        assert_eq!((p.fen(), p.hash()), seen[i], "undoing {}", game[i]);
    }
}

#[test]
fn a_double_check_counts_once() {
    let mut p = three("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1 checks=0/0");
    p.play_str("Nd6").unwrap();
    assert_eq!(checks(&p), "checks=1/0");
}

#[test]
fn the_third_check_wins_and_leaves_no_moves() {
    let mut p = three("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 checks=2/1");
    assert_eq!(p.outcome(), None);
    p.play_str("Ra8+").unwrap();
    assert_eq!(checks(&p), "checks=3/1");
    assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Checks }));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.perft(1), 0);
    // Black's third check wins for Black just the same.
    let mut p = three("r3k3/8/8/8/8/8/8/4K3 b - - 0 1 checks=2/2");
    p.play_str("Ra1+").unwrap();
    assert_eq!(p.outcome().unwrap().winner, Some(Color::Black));
}

#[test]
fn five_check_plays_on_after_the_fourth_check() {
    let five = load("5check").unwrap();
    let mut p = five.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 checks=3/0").unwrap();
    p.play_str("Ra8+").unwrap();
    assert_eq!(checks(&p), "checks=4/0");
    assert_eq!(p.outcome(), None);
    let mut p = five.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 checks=4/0").unwrap();
    p.play_str("Ra8+").unwrap();
    assert_eq!(p.outcome().unwrap().reason, EndReason::Checks);
    assert!(five.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 checks=5/0").unwrap().outcome().is_some());
}

#[test]
fn counters_round_trip_through_fen_and_the_hash_tells_them_apart() {
    let board = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let mut hashes = Vec::new();
    for counts in ["0/0", "1/0", "0/1", "1/1", "2/1", "1/2", "3/0"] {
        let fen = format!("{board} checks={counts}");
        let p = three(&fen);
        assert_eq!(p.fen(), fen);
        hashes.push(p.hash());
    }
    let mut distinct = hashes.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), hashes.len(), "same board, different counters, one hash: {hashes:?}");
    // The hash a move builds up is the one a FEN of the result rebuilds.
    let mut p = three(&format!("{board} checks=1/0"));
    p.play_str("Ra8+").unwrap();
    assert_eq!(p.hash(), three(&p.fen()).hash());
}

#[test]
fn bad_counts_are_fen_errors() {
    let v = load("3check").unwrap();
    for bad in ["checks=4/0", "checks=0/4", "checks=1", "checks=a/0", "checks=-1/0", "checks=1/0/0", "checks="] {
        let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 {bad}");
        let e = v.position(&fen).expect_err(bad);
        assert!(e.to_string().contains("checks: "), "{bad}: {e}");
    }
}

#[test]
fn bad_values_are_ruleset_errors() {
    let with = |end: &str| {
        let text = format!("extends = \"chess\"\nname = \"t\"\n[end]\n{end}\n");
        from_toml(&text, "t.toml").map(|_| ()).map_err(|e| e.to_string())
    };
    assert_eq!(with("checks = 4"), Ok(()));
    for (end, says) in [("checks = 0", "at least 1"), ("checks = -1", "checks"), ("checks = \"3\"", "checks"), ("checks = 70000", "checks")]
    {
        let e = with(end).expect_err(end);
        assert!(e.contains(says), "{end:?}: {e}");
    }
    // The rule module it was until 2026-11 is gone: its table is an unknown module.
    let text = "extends = \"chess\"\nname = \"t\"\n[modules.n-check]\nchecks = 3\n";
    assert!(from_toml(text, "t.toml").is_err());
}

/// The checks `checks=W/B` counts.
fn counts(p: &Position) -> (u16, u16) {
    let field = p.fen().split_whitespace().find_map(|f| f.strip_prefix("checks=").map(str::to_string)).expect("a checks= field");
    let (w, b) = field.split_once('/').unwrap();
    (w.parse().unwrap(), b.parse().unwrap())
}

#[test]
fn a_move_counts_a_check_exactly_when_it_leaves_the_opponent_in_check() {
    // The count after a move is told from the squares it changed where attacks are leaps
    // and lines (`Tables::checks_by_lines`), else by the full test: both must agree with
    // `is_check` after every move, in variants with drops, promotions, en passant,
    // castling, confined and compound pieces, hoppers (xiangqi: the full test) and a
    // rule module acting after the move (atomic: the full test).
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for base in ["chess", "crazyhouse", "capablanca", "shogi", "xiangqi", "makruk", "atomic", "berolina", "grand", "seirawan"] {
        let text = format!("extends = \"{base}\"\nname = \"t\"\n[end]\nchecks = 1000\n");
        let v = from_toml(&text, "t.toml").unwrap_or_else(|e| panic!("{base}: {e}"));
        let mut checks_seen = 0;
        for _ in 0..12 {
            let mut p = v.start();
            for _ in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                let mover = p.turn();
                let before = counts(&p);
                p.play(m).unwrap();
                let after = counts(&p);
                let gained =
                    if mover == Color::White { (after.0 - before.0, after.1 - before.1) } else { (after.1 - before.1, after.0 - before.0) };
                assert_eq!(gained, (u16::from(p.is_check()), 0), "{base}: {m:?} in {}", p.fen());
                checks_seen += usize::from(p.is_check());
            }
        }
        assert!(checks_seen > 0, "{base}: no check in the random games");
    }
}
