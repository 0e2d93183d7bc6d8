//! The search's promises: it finds short mates in several families of variants, never
//! returns an illegal move, respects its node limit and its stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use chimera::{Position, Variant};
use chimera_search::playtest::Rng;
use chimera_search::{search, Limits, Score, SearchResult, Values};

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

/// The search finds a mate in two here (a forced win in two of the mover's turns).
fn mates_in_two(id: &str, fen: &str) {
    let v = load(id);
    let pos = v.position(fen).unwrap();
    let result = run(&pos, Limits::depth(5));
    assert_eq!(result.score, Score::Mate(2), "{id} {fen}: {result:?}");
}

/// Whether `us` wins within `turns` more of its own turns whatever the other side does:
/// full-width minimax over the kernel's legal moves, part by part (a turn ends where the
/// side to move changes), with no pruning, table or estimate — the check a search's mate
/// score is held to where no outside oracle plays the variant.
fn forced_win(pos: &Position, us: chimera::Color, turns: u32) -> bool {
    if let Some(end) = pos.outcome() {
        return end.winner == Some(us);
    }
    if turns == 0 {
        return false;
    }
    let mover = pos.turn();
    let mut answers = pos.legal_moves().into_iter().map(|m| {
        let mut next = pos.clone();
        next.play(m).unwrap();
        let spent = u32::from(mover == us && next.turn() != us);
        forced_win(&next, us, turns - spent)
    });
    if mover == us {
        answers.any(|won| won)
    } else {
        answers.all(|won| won)
    }
}

/// The search scores a mate in two turns here, and the brute force agrees: no turn wins at
/// once, and after the turn the search chose every answer loses to some next turn.
fn mates_in_two_turns_by_brute_force(id: &str, fen: &str) {
    let v = load(id);
    let mut pos = v.position(fen).unwrap();
    let result = run(&pos, Limits::depth(7));
    assert_eq!(result.score, Score::Mate(2), "{id} {fen}: {result:?}");
    let us = pos.turn();
    assert!(!forced_win(&pos, us, 1), "{id} {fen}: a mate in one");
    for &m in &result.turn {
        pos.play(m).unwrap();
    }
    assert_ne!(pos.turn(), us, "{id} {fen}: the search's turn is whole");
    assert!(forced_win(&pos, us, 1), "{id} {fen}: after {:?} the other side escapes", result.turn);
}

#[test]
fn mates_in_two_turns_of_several_parts() {
    // Duck chess: the rook lands on c8 and White's duck takes b8, the one square Black's
    // duck could have blocked on; it must move away, and the rook takes the king.
    mates_in_two_turns_by_brute_force("duck", "k7/pp6/8/8/8/8/8/2R1R1K1 w - - 0 5");
    // Marseillais (two moves a turn, a check ending it): both rooks swing to the g- and
    // h-files; whatever two moves Black makes, one of them mates next turn. Found by the
    // search over random positions, confirmed by the brute force.
    mates_in_two_turns_by_brute_force("marseillais", "7k/1p1K4/P6n/8/4R3/4R1p1/8/8 w - - 0 5");
}

#[test]
fn mates_in_one_across_the_families() {
    // The back-rank mate where the rules allow it as in chess.
    for id in ["mystic", "pocket-mutation", "atomic", "kingofthehill"] {
        assert_eq!(mates_in_one(id, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), "a1a8", "{id}");
    }
    // Mischia's 6x6 board: the rook on the sixth rank, the king walled in by its pawns.
    assert_eq!(mates_in_one("mischia", "4k1/3ppp/6/6/6/R3K1 w - - 0 1"), "a1a6");
    // Chu shogi's 12x12 board, where kings are taken like any piece: the gold takes it
    // (promoting to a rook as it does, or not).
    assert!(mates_in_one("chushogi", "k11/G11/12/12/12/12/12/12/12/12/12/11K w - - 0 1").starts_with("a11a12"));
}

#[test]
fn mates_in_two_across_the_families() {
    // The rook roller, where mates are as in chess.
    for id in ["crazyhouse", "atomic", "pocket-mutation"] {
        mates_in_two(id, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
    }
    // Mystic chess with no coins left (else Black buys a blocker).
    mates_in_two("mystic", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1 coins=0/0 purchases=0/0");
    // Chu shogi: the gold steps up beside the cornered king, guarded by the other; whatever
    // Black does, the king is taken next (Black keeps a pawn: a lone king would be bared
    // already).
    mates_in_two("chushogi", "k11/12/GG10/12/12/12/12/12/12/p11/12/11K w - - 0 1");
    // Mischia: the rook roller on its 6x6 board.
    mates_in_two("mischia", "5k/6/6/6/R5/1R3K w - - 0 1");
    // Xiangqi: a chariot checks up the e-file, the general steps aside, the other chariot
    // closes the ninth rank behind it.
    mates_in_two("xiangqi", "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1");
    // Shogi: a rook and a gold in hand against the bare king.
    mates_in_two("shogi", "4k4/9/9/9/9/9/9/9/4K4[RG] w - - 0 1");
}

#[test]
fn antichess_wins_by_giving_its_last_piece_away() {
    // White's rook next to the black king must be taken (captures are compulsory), and a
    // side left with nothing wins: any of the four squares beside the king wins.
    let v = load("antichess");
    let mut pos = v.position("8/8/8/8/8/8/1k6/R7 w - - 0 1").unwrap();
    let result = run(&pos, Limits::depth(4));
    assert!(matches!(result.score, Score::Mate(n) if n > 0), "{result:?}");
    let best = pos.uci(result.best_move.unwrap());
    assert!(["a1a2", "a1a3", "a1b1", "a1c1"].contains(&best.as_str()), "{best}");
    pos.play(result.best_move.unwrap()).unwrap();
    let reply = pos.legal_moves();
    assert_eq!(reply.len(), 1, "the capture is forced");
    pos.play(reply[0]).unwrap();
    assert_eq!(pos.outcome().and_then(|o| o.winner), Some(chimera::Color::White));
}

#[test]
fn material_counts_against_its_owner_where_losing_the_army_wins() {
    // The same material balance scores the other way round in antichess: White, a rook
    // up, is worse off there and better off in chess.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let chess = load("chess");
    let anti = load("antichess");
    assert!(Values::new(&chess).evaluate(&chess.position(fen).unwrap()) > 300);
    assert!(Values::new(&anti).evaluate(&anti.position(fen).unwrap()) < -300);
}

#[test]
fn three_check_goes_for_the_third_check() {
    // White has given two checks: any check now wins, though no mate is near.
    let v = load("3check");
    let pos = v.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 checks=2/0").unwrap();
    let result = run(&pos, Limits::depth(2));
    assert_eq!(result.score, Score::Mate(1), "{result:?}");
    // And checks given are worth something before they win.
    let values = Values::new(&v);
    let none = values.evaluate(&v.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 checks=0/0").unwrap());
    let two = values.evaluate(&v.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 checks=2/0").unwrap());
    assert!(two > none + 200, "{none} {two}");
}

#[test]
fn kings_race_to_their_region() {
    // King of the Hill: one step to the centre wins.
    let v = load("kingofthehill");
    let pos = v.position("7k/8/8/8/8/2K5/8/8 w - - 0 1").unwrap();
    let result = run(&pos, Limits::depth(2));
    assert_eq!(result.score, Score::Mate(1), "{result:?}");
    // Before a win is in sight, the evaluation prefers the king nearer the centre.
    let values = Values::new(&v);
    let far = values.evaluate(&v.position("7k/8/8/8/8/8/8/K7 w - - 0 1").unwrap());
    let near = values.evaluate(&v.position("7k/8/8/8/8/8/1K6/8 w - - 0 1").unwrap());
    assert!(near > far + 30, "{far} {near}");
    // Racing Kings: the same position with White's king a rank further up is better for
    // White (its goal is the eighth rank), by more than a pawn's worth of placement.
    let v = load("racingkings");
    let values = Values::new(&v);
    let low = values.evaluate(&v.position("8/8/8/8/8/7K/krbnNBR1/qrbnNBRQ w - - 0 1").unwrap());
    let high = values.evaluate(&v.position("8/8/8/8/7K/8/krbnNBR1/qrbnNBRQ w - - 0 1").unwrap());
    assert!(high > low + 30, "{low} {high}");
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
    // No limit but the flag: without it the search would deepen to 64 plies, far past any
    // test's patience; that it returns, short of that, is the flag at work (no clock is
    // asserted: a loaded machine must not fail the test).
    let result = search(&v.start(), &Limits::default(), &*stop, |_| {});
    setter.join().unwrap();
    assert!(result.depth < 64, "{result:?}");
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
    // As with the stop flag: returning short of 64 plies is the limit at work; the time
    // taken is not asserted (a loaded machine must not fail the test).
    let result = run(&v.start(), Limits::movetime(Duration::from_millis(150)));
    assert!(result.depth < 64, "{result:?}");
    assert!(v.start().is_legal(result.best_move.unwrap()));
}

#[test]
fn chess_values_from_the_rules() {
    let values = Values::new(&load("chess"));
    let [k, q, r, b, n, p] = [0, 1, 2, 3, 4, 5].map(|t| values.value(chimera::PieceType::new(t)));
    assert_eq!(k, 0, "royal pieces are not counted");
    assert!(p < n && n <= b && b < r && r < q, "{p} {n} {b} {r} {q}");
    assert!((70..=130).contains(&p) && (250..=350).contains(&n) && (700..=1000).contains(&q), "{p} {n} {q}");
}

/// From ~30 positions reached by random parts from the start, the search's move and turn
/// are legal, part by part.
fn never_illegal(id: &str) {
    let v = load(id);
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15 ^ id.len() as u64);
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
#[test]
fn legal_chushogi() {
    never_illegal("chushogi");
}
#[test]
fn legal_pocket_mutation() {
    never_illegal("pocket-mutation");
}
#[test]
fn legal_mitred() {
    never_illegal("mitred-ariana");
}
#[test]
fn legal_antichess() {
    never_illegal("antichess");
}
#[test]
fn legal_3check() {
    never_illegal("3check");
}
#[test]
fn legal_racingkings() {
    never_illegal("racingkings");
}

#[test]
fn score_interval_is_wilsons() {
    use chimera_search::playtest::{elo, score_interval};
    let (p, lo, hi) = score_interval(50.0, 100);
    assert_eq!(p, 0.5);
    assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3, "{lo} {hi}");
    let (p, lo, hi) = score_interval(10.0, 10);
    assert_eq!(p, 1.0);
    assert!(hi == 1.0 && (lo - 0.7225).abs() < 1e-3, "{lo}");
    assert_eq!(elo(0.5), 0.0);
    assert!((elo(0.76) - 200.0).abs() < 1.0);
}

#[test]
fn imbalances_read_letters_and_refuse_what_is_missing() {
    use chimera::Color;
    use chimera_search::playtest::Imbalance;
    let chess = load("chess");
    let imb = Imbalance::parse(&chess, "Q=RR").unwrap();
    assert_eq!((imb.kept.len(), imb.instead.len()), (1, 2));
    // Pawn odds: White's a-pawn... the first pawn from its own side, the a-file first.
    let odds = Imbalance::parse(&chess, "P=").unwrap();
    assert_eq!(odds.start(&chess, Color::White).unwrap().fen(), "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(Imbalance::parse(&chess, "QR").unwrap_err().contains("expected two groups"));
    assert!(Imbalance::parse(&chess, "=").unwrap_err().contains("both groups are empty"));
    // Three queens to give: White has one.
    assert!(Imbalance::parse(&chess, "QQQ=").unwrap().start(&chess, Color::White).unwrap_err().contains("has no queen to give"));
}
