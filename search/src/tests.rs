//! The search's promises: it finds short mates in several families of variants, never
//! returns an illegal move, respects its node limit and its stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::{search, Limits, Score, SearchResult, Values};
use chimera::{Position, Variant};

fn load(id: &str) -> Variant {
    chimera::variants::load(id).unwrap()
}

fn run(pos: &Position, limits: Limits) -> SearchResult {
    search(pos, &limits, &AtomicBool::new(false), |_| {})
}

/// The search finds a mate in one here, and the move it gives mates: the turn played,
/// the game is over and won by the mover.
fn mates_in_one(id: &str, fen: &str) -> String {
    let v = load(id);
    let mut pos = v.position(fen).unwrap();
    let result = run(&pos, Limits::depth(3));
    assert_eq!(result.score, Score::Mate(1), "{id} {fen}: {result:?}");
    let mover = pos.turn();
    let text = pos.uci(result.best_move.unwrap());
    for &m in &result.turn {
        pos.play(m).unwrap();
    }
    let end = pos.outcome().expect("the game is over");
    assert_eq!(end.winner, Some(mover), "{id} {fen}: {end}");
    text
}

#[test]
fn chess_back_rank_mate() {
    assert_eq!(mates_in_one("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), "a1a8");
}

#[test]
fn crazyhouse_drop_mate() {
    // No piece on the board can mate; a rook or queen from the hand on the back rank can.
    let m = mates_in_one("crazyhouse", "6k1/5ppp/8/8/8/8/5PPP/6K1[R] w - - 0 1");
    assert!(m.starts_with("R@"), "{m}");
}

#[test]
fn shogi_gold_drop_mate() {
    // The gold dropped in front of the king, guarded by the pawn behind it.
    assert_eq!(mates_in_one("shogi", "4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1"), "G@e8");
}

#[test]
fn xiangqi_chariot_mate() {
    // One chariot holds the ninth rank; the other checks on the tenth rank or the d-file
    // (the generals may not face each other on the e-file). Black's soldier can move: no
    // stalemate, which Xiangqi scores as a loss, so a waiting move does not win.
    let m = mates_in_one("xiangqi", "3k5/7R1/9/9/9/9/8p/9/9/R3K4 w - - 0 1");
    assert!(m == "a1a10" || m == "a1d1", "{m}");
}

#[test]
fn marseillais_mate_in_one_turn_of_two_moves() {
    // The knight stands in the rook's way: a quiet first move, then the mate (a check
    // ends the turn, so the mate must be the second move).
    let v = load("marseillais");
    let fen = "6k1/5ppp/8/N7/8/8/8/R5K1 w - - 0 5";
    mates_in_one("marseillais", fen);
    let result = run(&v.position(fen).unwrap(), Limits::depth(3));
    assert_eq!(result.turn.len(), 2, "{result:?}");
}

#[test]
fn duck_takes_the_king() {
    // No check in Duck chess: the king is taken, and the duck still placed to end the turn.
    let v = load("duck");
    let fen = "k7/8/8/8/8/8/8/Q3K3 w - - 0 5";
    mates_in_one("duck", fen);
    let mut pos = v.position(fen).unwrap();
    let result = run(&pos, Limits::depth(3));
    assert_eq!(result.turn.len(), 2, "{result:?}");
    assert_eq!(pos.uci(result.turn[0]), "a1a8");
    assert!(pos.is_capture(result.turn[0]));
    pos.play(result.turn[0]).unwrap();
    assert_eq!(pos.turn(), chimera::Color::White, "mid-turn: the duck is still to place");
}

#[test]
fn chess_mate_in_two() {
    // The rook roller: no mate at once, mate in two.
    let v = load("chess");
    let pos = v.position("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1").unwrap();
    let result = run(&pos, Limits::depth(5));
    assert_eq!(result.score, Score::Mate(2), "{result:?}");
    assert!(result.pv.len() >= 3, "{result:?}");
}

#[test]
fn mated_side_knows_it() {
    // Black to move, mated next move whatever it does (the rook roller one move on).
    let v = load("chess");
    let pos = v.position("7k/R7/8/8/8/8/8/1R4K1 b - - 0 1").unwrap();
    let result = run(&pos, Limits::depth(4));
    assert_eq!(result.score, Score::Mate(-1), "{result:?}");
}

#[test]
fn game_over_gives_no_move() {
    let v = load("chess");
    let pos = v.position("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let result = run(&pos, Limits::depth(3));
    assert_eq!(result.best_move, None);
    assert_eq!(result.score, Score::Mate(0));
}

#[test]
fn node_limit_is_respected() {
    let v = load("chess");
    for limit in [1, 10, 100, 1000, 5000] {
        let result = run(&v.start(), Limits::nodes(limit));
        assert!(result.nodes <= limit, "{} nodes for a limit of {limit}", result.nodes);
        assert!(v.start().is_legal(result.best_move.unwrap()));
    }
}

#[test]
fn stop_flag_is_honoured() {
    let v = load("chess");
    // Set before: a legal move all the same, at once.
    let result = search(&v.start(), &Limits::default(), &AtomicBool::new(true), |_| {});
    assert!(v.start().is_legal(result.best_move.unwrap()));
    assert!(result.nodes <= 1);
    // Set from another thread while the search runs without limits.
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let started = Instant::now();
    let result = search(&v.start(), &Limits::default(), &stop, |_| {});
    setter.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert!(v.start().is_legal(result.best_move.unwrap()));
}

#[test]
fn info_reports_each_iteration() {
    let v = load("chess");
    let mut depths = Vec::new();
    let result = search(&v.start(), &Limits::depth(4), &AtomicBool::new(false), |info| {
        assert!(!info.pv.is_empty());
        depths.push(info.depth);
    });
    assert_eq!(depths, [1, 2, 3, 4]);
    assert_eq!(result.depth, 4);
}

#[test]
fn movetime_is_respected() {
    let v = load("chess");
    let started = Instant::now();
    let result = run(&v.start(), Limits::movetime(Duration::from_millis(150)));
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    assert!(result.depth >= 1);
}

#[test]
fn chess_values_from_the_rules() {
    let values = Values::new(&load("chess"));
    let [k, q, r, b, n, p] = [0, 1, 2, 3, 4, 5].map(|t| values.value(chimera::PieceType::new(t)));
    assert_eq!(k, 0, "royal pieces are not counted");
    assert!(p < n && n <= b && b < r && r < q, "{p} {n} {b} {r} {q}");
    assert!((70..=130).contains(&p) && (250..=350).contains(&n) && (700..=1000).contains(&q), "{p} {n} {q}");
}

/// A small deterministic generator (no dependency for it).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// From ~30 positions reached by random parts from the start, the search's move and turn
/// are legal, part by part.
fn never_illegal(id: &str) {
    let v = load(id);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ id.len() as u64);
    let mut tried = 0;
    for game in 0..30 {
        let mut pos = v.start();
        let plies = rng.below(30) + game % 4;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome_with_moves(&moves).is_some() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        let result = run(&pos, Limits::nodes(2_000));
        assert!(result.nodes <= 2_000);
        let moves = pos.legal_moves();
        if pos.outcome_with_moves(&moves).is_some() || moves.is_empty() {
            assert_eq!(result.best_move, None, "{id} {}", pos.fen());
            continue;
        }
        tried += 1;
        let best = result.best_move.unwrap_or_else(|| panic!("{id} {}: no move", pos.fen()));
        assert!(moves.contains(&best), "{id} {}: {} is illegal", pos.fen(), pos.uci(best));
        assert_eq!(result.turn.first(), Some(&best));
        let mover = pos.turn();
        for (i, &m) in result.turn.iter().enumerate() {
            assert!(pos.is_legal(m), "{id}: part {} of the turn, {}, is illegal in {}", i + 1, pos.uci(m), pos.fen());
            pos.play_unchecked(m);
        }
        assert!(pos.turn() != mover || pos.outcome().is_some(), "{id}: the turn is not complete");
    }
    assert!(tried >= 20, "{id}: only {tried} positions searched");
}

#[test]
fn legal_chess() {
    never_illegal("chess");
}
#[test]
fn legal_crazyhouse() {
    never_illegal("crazyhouse");
}
#[test]
fn legal_shogi() {
    never_illegal("shogi");
}
#[test]
fn legal_xiangqi() {
    never_illegal("xiangqi");
}
#[test]
fn legal_janggi() {
    never_illegal("janggi");
}
#[test]
fn legal_mischia() {
    never_illegal("mischia");
}
#[test]
fn legal_mystic() {
    never_illegal("mystic");
}
#[test]
fn legal_marseillais() {
    never_illegal("marseillais");
}
#[test]
fn legal_duck() {
    never_illegal("duck");
}
#[test]
fn legal_atomic() {
    never_illegal("atomic");
}
#[test]
fn legal_monster() {
    never_illegal("monster");
}
#[test]
fn legal_progressive() {
    never_illegal("progressive");
}
