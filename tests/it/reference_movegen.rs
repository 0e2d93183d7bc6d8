//! The engine's move generator against an independent naive reference
//! (`tests/reference/mod.rs`): perft from the start, and the sorted list of legal moves
//! (long algebraic), the FEN and the check status at every ply of seeded random games,
//! over the built-in rulesets and synthetic variants that cover every board-size class
//! (u64, u128 and the 256-bit `Wide`) and every kind of movement the kernel supports.
//!
//! On a disagreement the test prints the variant, the moves that led there, the FEN and
//! the moves only one side generates (for perft, it descends to the first node whose
//! move lists differ).

#[path = "reference/mod.rs"]
pub(crate) mod reference;

use std::collections::BTreeMap;
use std::sync::Arc;

use chimera::{Color, MoveKind, Piece, Position, Variant};
use reference::RefPos;

// ---- random numbers ---------------------------------------------------------------------

/// xorshift64: tiny, seeded, deterministic.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

// ---- comparison ---------------------------------------------------------------------------

fn engine_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    v.sort();
    v
}

/// Multiset difference a \ b of two sorted lists.
fn minus(a: &[String], b: &[String]) -> Vec<String> {
    let mut rest = b.to_vec();
    let mut out = Vec::new();
    for x in a {
        match rest.iter().position(|y| y == x) {
            Some(i) => {
                rest.remove(i);
            }
            None => out.push(x.clone()),
        }
    }
    out
}

fn castling_set(fen: &str) -> Vec<char> {
    let mut v: Vec<char> = fen.split_whitespace().nth(2).unwrap_or("-").chars().collect();
    v.sort();
    v
}

/// Compares everything observable at one position. `what` says where we are.
fn compare(engine: &Position, reference: &RefPos, what: &dyn Fn() -> String) -> Result<usize, String> {
    let e = engine_moves(engine);
    let r = reference.legal_moves_uci();
    let fen = engine.fen();
    if e != r {
        return Err(format!("{}\n  FEN {}\n  only engine:    {:?}\n  only reference: {:?}", what(), fen, minus(&e, &r), minus(&r, &e)));
    }
    if engine.count_moves() as usize != e.len() {
        return Err(format!("{}\n  FEN {}\n  count_moves {} but {} legal moves", what(), fen, engine.count_moves(), e.len()));
    }
    let rfen = reference.fen();
    let (ef, rf): (Vec<&str>, Vec<&str>) = (fen.split_whitespace().collect(), rfen.split_whitespace().collect());
    let same = ef.len() == rf.len()
        && ef.iter().zip(&rf).enumerate().all(|(i, (a, b))| i == 2 || a == b)
        && castling_set(&fen) == castling_set(&rfen);
    if !same {
        return Err(format!("{}\n  engine FEN    {}\n  reference FEN {}", what(), fen, rfen));
    }
    if engine.is_check() != reference.in_check() {
        return Err(format!("{}\n  FEN {}\n  engine is_check {} reference {}", what(), fen, engine.is_check(), reference.in_check()));
    }
    Ok(e.len())
}

/// Where the reference models the game's end and whole turns (Duck chess): the outcome
/// at every position, and at a turn's start the list of whole turns (`e2e4,e4e5`).
/// Returns the number of whole turns compared.
fn compare_end_and_turns(engine: &mut Position, reference: &RefPos, what: &dyn Fn() -> String) -> Result<usize, String> {
    let fen = engine.fen();
    let (e, r) = (engine.outcome(), reference.outcome());
    if e != r {
        return Err(format!("{}\n  FEN {fen}\n  engine outcome {e:?}\n  reference outcome {r:?}", what()));
    }
    if engine.part() > 0 {
        return Ok(0);
    }
    let turns = engine.legal_turns();
    let mut e: Vec<String> = turns.iter().map(|t| engine.turn_uci(t)).collect();
    e.sort();
    let r = reference.legal_turns_uci();
    if e != r {
        return Err(format!(
            "{}\n  FEN {fen}\n  whole turns: only engine {:?}\n  only reference {:?}",
            what(),
            minus(&e, &r),
            minus(&r, &e)
        ));
    }
    Ok(e.len())
}

/// The engine's position written as FEN and read back, by the engine and by the
/// reference: the move lists must agree again (this checks the FEN writer and reader,
/// the `unmoved=` extension included).
fn compare_fresh(variant: &Variant, rules: &Arc<chimera::Rules>, engine: &Position, what: &dyn Fn() -> String) -> Result<(), String> {
    let here = engine.fen();
    let fresh = variant.position(&here).map_err(|e| format!("{}\n  engine cannot read its own FEN {here}: {e}", what()))?;
    let fresh_ref = RefPos::from_fen(rules.clone(), &here)?;
    let (a, b) = (engine_moves(&fresh), fresh_ref.legal_moves_uci());
    if a != b {
        return Err(format!(
            "{}\n  set up from FEN {here}\n  only engine:    {:?}\n  only reference: {:?}",
            what(),
            minus(&a, &b),
            minus(&b, &a)
        ));
    }
    if fresh.fen() != here {
        return Err(format!("{}\n  FEN {here} reads back as {}", what(), fresh.fen()));
    }
    Ok(())
}

/// Finds the first node below (`engine`, `reference`) where the move lists differ.
fn perft_divergence(engine: &mut Position, reference: &RefPos, depth: u32, line: &mut Vec<String>) -> Option<String> {
    let what = || format!("after {:?}", line);
    if let Err(e) = compare(engine, reference, &what) {
        return Some(e);
    }
    if depth <= 1 {
        return None;
    }
    for m in engine.legal_moves() {
        let uci = engine.uci(m);
        let rm = reference.find(&uci, m.kind == MoveKind::Castle).expect("same move lists");
        let child = reference.play(&rm);
        engine.play_unchecked(m);
        line.push(uci);
        let n_e = engine.perft(depth - 1);
        let n_r = child.perft(depth - 1);
        if n_e != n_r {
            return Some(
                perft_divergence(engine, &child, depth - 1, line).unwrap_or_else(|| {
                    format!("after {:?}: perft {} engine {n_e} reference {n_r}, same move lists below", line, depth - 1)
                }),
            );
        }
        line.pop();
        engine.undo();
    }
    None
}

/// Perft of a position, engine against reference, for depths 1..=depth.
fn check_perft(variant: &Variant, fen: &str, depth: u32) -> Result<Vec<u64>, String> {
    let rules = Arc::new(variant.rules().clone());
    let mut engine = variant.position(fen).map_err(|e| format!("{}: engine refuses {fen}: {e}", variant.name()))?;
    let reference = RefPos::from_fen(rules, fen).map_err(|e| format!("reference refuses {fen}: {e}"))?;
    let mut counts = Vec::new();
    for d in 1..=depth {
        let (e, r) = (engine.perft(d), reference.perft(d));
        if e != r {
            let detail = perft_divergence(&mut engine, &reference, d, &mut Vec::new()).unwrap_or_default();
            return Err(format!("{}: perft({d}) of {fen}: engine {e}, reference {r}\n{detail}", variant.name()));
        }
        counts.push(e);
    }
    Ok(counts)
}

#[derive(Default)]
struct GameStats {
    positions: usize,
    moves: usize,
    /// Moves of each special kind among the legal moves compared: castles, en-passant
    /// captures, promotions, double steps.
    castles: usize,
    en_passant: usize,
    promotions: usize,
    double_steps: usize,
    checks: usize,
    /// Where the game's end is compared (Duck chess): whole turns compared, and the
    /// positions where the game had ended (by each reason, in `ends`).
    turns: usize,
    ends: BTreeMap<String, usize>,
    /// Drops among the legal moves compared, and pieces a partner passed (bughouse).
    drops: usize,
    gifts: usize,
    /// Bughouse mates a drop would parry with a piece the hand lacks (no mates by
    /// chess.com's rule: see `RefPos::drop_could_parry`).
    blockable: usize,
}

impl GameStats {
    /// Adds another run's counts to these.
    fn absorb(&mut self, more: GameStats) {
        self.positions += more.positions;
        self.moves += more.moves;
        self.castles += more.castles;
        self.en_passant += more.en_passant;
        self.promotions += more.promotions;
        self.double_steps += more.double_steps;
        self.checks += more.checks;
        self.turns += more.turns;
        self.drops += more.drops;
        self.gifts += more.gifts;
        self.blockable += more.blockable;
        for (k, v) in more.ends {
            *self.ends.entry(k).or_default() += v;
        }
    }
}

/// Plays `games` random games of at most `plies` plies from `fen`, comparing at every ply:
/// the move lists, FEN and check status of the engine and the reference as they play
/// along, the move lists of both set up afresh from the engine's FEN (which must read
/// back as itself), and every `perft_every` plies perft(2).
fn check_games(variant: &Variant, fen: &str, seed: u64, games: usize, plies: usize, perft_every: usize) -> Result<GameStats, String> {
    let rules = Arc::new(variant.rules().clone());
    let reseed = reseed();
    let mut rng = Rng::new(seed ^ reseed);
    let mut stats = GameStats::default();
    for game in 0..games {
        let mut engine = variant.position(fen).map_err(|e| e.to_string())?;
        let mut reference = RefPos::from_fen(rules.clone(), fen)?;
        let mut line: Vec<String> = Vec::new();
        for ply in 0..plies {
            let what = || {
                format!("{}: game {game} (seed {seed}, CHIMERA_REF_SEED={reseed}) from {fen}\n  moves {}", variant.name(), line.join(" "))
            };
            stats.moves += compare(&engine, &reference, &what)?;
            stats.positions += 1;
            if ends_compared(variant) {
                stats.turns += compare_end_and_turns(&mut engine, &reference, &what)?;
                if let Some(o) = reference.outcome() {
                    *stats.ends.entry(format!("{:?} {:?}", o.reason, o.winner)).or_default() += 1;
                    let two_boards = rules.drops.as_ref().is_some_and(|d| d.two_boards);
                    stats.blockable += (two_boards && o.reason == chimera::EndReason::Checkmate && reference.drop_could_parry()) as usize;
                }
            }
            // The same position set up from FEN (unmoved pieces then follow the start position).
            compare_fresh(variant, &rules, &engine, &what)?;
            let here = engine.fen();
            if perft_every > 0 && ply % perft_every == perft_every - 1 {
                let (e, r) = (engine.perft(2), reference.perft(2));
                if e != r {
                    let detail = perft_divergence(&mut engine, &reference, 2, &mut Vec::new()).unwrap_or_default();
                    return Err(format!("{}\n  FEN {here}\n  perft(2) engine {e} reference {r}\n{detail}", what()));
                }
            }
            let moves = engine.legal_moves();
            for m in &moves {
                stats.promotions += m.promotion().is_some() as usize;
                match m.kind {
                    MoveKind::Drop => stats.drops += 1,
                    MoveKind::Castle => stats.castles += 1,
                    MoveKind::EnPassant => stats.en_passant += 1,
                    MoveKind::DoubleStep => stats.double_steps += 1,
                    _ => {}
                }
            }
            stats.checks += engine.is_check() as usize;
            if moves.is_empty() {
                break;
            }
            // Uniformly random, except that a castle, en-passant capture, promotion or double
            // step, when there is one, is played a third of the time: they are rare otherwise.
            let special: Vec<_> = moves
                .iter()
                .filter(|m| m.promotion().is_some() || matches!(m.kind, MoveKind::Castle | MoveKind::EnPassant | MoveKind::DoubleStep))
                .collect();
            let m =
                if !special.is_empty() && rng.below(3) == 0 { *special[rng.below(special.len())] } else { moves[rng.below(moves.len())] };
            let uci = engine.uci(m);
            let rm = reference.find(&uci, m.kind == MoveKind::Castle).expect("compared above");
            engine.play_unchecked(m);
            reference = reference.play(&rm);
            line.push(uci);
            // One board of a two-board game (bughouse): now and then the partner on the
            // other board passes a piece, to either side's hand.
            if variant.rules().drops.as_ref().is_some_and(|d| d.two_boards) && rng.below(3) == 0 {
                let held: Vec<usize> = (0..rules.pieces.len()).filter(|&t| !rules.pieces[t].royal).collect();
                let (kind, color) = (held[rng.below(held.len())], if rng.below(2) == 0 { Color::White } else { Color::Black });
                assert!(engine.give_to_hand(Piece { color, kind: chimera::PieceType::new(kind as u8) }), "a hand takes {kind}");
                reference.hands[usize::from(color == Color::Black)][kind] += 1;
                line.push(format!("(+{}{})", if color == Color::White { "w" } else { "b" }, rules.pieces[kind].name));
                stats.gifts += 1;
            }
        }
    }
    Ok(stats)
}

/// Whether the reference's game end and whole turns are compared too: where a turn has
/// a wall part (Duck chess), and where pieces are dropped (bughouse).
fn ends_compared(variant: &Variant) -> bool {
    variant.rules().turn.walls.is_some() || variant.rules().drops.is_some()
}

/// A line of play given in long algebraic form, compared at every ply.
fn check_line(variant: &Variant, fen: &str, moves: &[&str]) -> Result<(), String> {
    let rules = Arc::new(variant.rules().clone());
    let mut engine = variant.position(fen).map_err(|e| e.to_string())?;
    let mut reference = RefPos::from_fen(rules.clone(), fen)?;
    for (i, uci) in moves.iter().chain(std::iter::once(&"")).enumerate() {
        let what = || format!("{}: from {fen} after {:?}", variant.name(), &moves[..i]);
        compare(&engine, &reference, &what)?;
        if ends_compared(variant) {
            compare_end_and_turns(&mut engine, &reference, &what)?;
        }
        compare_fresh(variant, &rules, &engine, &what)?;
        if uci.is_empty() {
            break;
        }
        let m = engine.legal_moves().into_iter().find(|&m| engine.uci(m) == *uci).ok_or_else(|| format!("{}: {uci} not legal", what()))?;
        let rm = reference.find(uci, m.kind == MoveKind::Castle).expect("compared above");
        engine.play_unchecked(m);
        reference = reference.play(&rm);
    }
    Ok(())
}

/// Another day's games: `CHIMERA_REF_SEED` (default 0, the games CI plays) changes
/// every random game's seed, e.g. `CHIMERA_REF_SEED=$(date -u +%Y%m%d)`; a failure
/// names it, and the same value replays it.
fn reseed() -> u64 {
    std::env::var("CHIMERA_REF_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0)
}

/// How many times the default number of random games to play: `CHIMERA_REF_SCALE`
/// (default 1) makes a longer soak run, e.g. `CHIMERA_REF_SCALE=50`.
fn scale() -> usize {
    std::env::var("CHIMERA_REF_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1)
}

/// The standard run for one variant: perft from the start, random games from the start,
/// and, where the variant has them, random games from a castling drill and an
/// en-passant drill.
fn run(variant: &Variant, perft_depth: u32, seed: u64, games: usize, plies: usize, perft_every: usize) {
    let games = games * scale();
    let start = variant.rules().start_fen.clone();
    let t = std::time::Instant::now();
    let counts = check_perft(variant, &start, perft_depth).unwrap_or_else(|e| panic!("{e}"));
    let mut stats = check_games(variant, &start, seed, games, plies, perft_every).unwrap_or_else(|e| panic!("{e}"));
    if !variant.rules().castles.is_empty() {
        let drill = castling_drill(variant);
        let more = check_games(variant, &drill, seed ^ 0xC451, games, 40, perft_every).unwrap_or_else(|e| panic!("{e}"));
        stats.absorb(more);
    }
    if let Some(drill) = en_passant_drill(variant) {
        let more = check_games(variant, &drill, seed ^ 0xE9, games, 40, perft_every).unwrap_or_else(|e| panic!("{e}"));
        stats.absorb(more);
    }
    let drops = if variant.rules().drops.is_some() {
        format!(", {} drops, {} pieces passed, {} mates a drop would parry", stats.drops, stats.gifts, stats.blockable)
    } else {
        String::new()
    };
    let ends = if ends_compared(variant) {
        format!(", {} whole turns compared{drops}, game ends {:?}", stats.turns, stats.ends)
    } else {
        String::new()
    };
    eprintln!(
        "{}: perft {:?}; {} positions ({} in check), {} moves compared ({} castles, {} e.p., {} promotions, {} double steps){ends} in {:.2?}",
        variant.name(),
        counts,
        stats.positions,
        stats.checks,
        stats.moves,
        stats.castles,
        stats.en_passant,
        stats.promotions,
        stats.double_steps,
        t.elapsed()
    );
}

/// The start position with every piece standing between a king and its castling rook
/// moved up to the same file of its side's third rank (or removed if that is taken):
/// castling is possible at once, and the moved pieces soon attack the squares it crosses.
fn castling_drill(variant: &Variant) -> String {
    let rules = Arc::new(variant.rules().clone());
    let mut pos = RefPos::start(rules.clone());
    for color in [chimera::Color::White, chimera::Color::Black] {
        for i in 0..rules.castles.len() {
            let (kf, _, rf, _, empty) = pos.castle_squares(i, color);
            for sq in empty {
                if sq == kf || sq == rf || pos.board[sq].is_none() {
                    continue;
                }
                let man = pos.board[sq].take();
                let files = pos.files as usize;
                let up = match color {
                    chimera::Color::White => sq + 2 * files,
                    chimera::Color::Black => sq - 2 * files,
                };
                if pos.board[up].is_none() {
                    pos.board[up] = man;
                }
            }
        }
    }
    pos.fen()
}

/// The start position with the en-passant pawns (types with `en_passant` and a double
/// step) of every other file advanced to the rank beside which enemy double steps land:
/// White's on files a, e, i, …, Black's on c, g, k, …. En-passant chances come at once.
fn en_passant_drill(variant: &Variant) -> Option<String> {
    let rules = Arc::new(variant.rules().clone());
    let mut pos = RefPos::start(rules.clone());
    let (files, ranks) = (pos.files as usize, pos.ranks as usize);
    let mut moved = false;
    for color in [chimera::Color::White, chimera::Color::Black] {
        let own = |r: usize| if color == chimera::Color::White { r } else { ranks - 1 - r };
        for (kind, def) in rules.pieces.iter().enumerate() {
            let Some(&r) = def.double_step_ranks.iter().min() else { continue };
            let (r, target) = (r as usize, ranks as isize - 3 - r as isize);
            if !def.en_passant || target <= r as isize {
                continue;
            }
            for file in (0..files).filter(|f| f % 4 == 2 * (color == chimera::Color::Black) as usize) {
                let from = own(r) * files + file;
                let to = own(target as usize) * files + file;
                let here = pos.board[from];
                if here.is_some_and(|m| m.color == color && m.kind as usize == kind) && pos.board[to].is_none() {
                    pos.board[to] = pos.board[from].take();
                    moved = true;
                }
            }
        }
    }
    moved.then(|| pos.fen())
}

fn builtin(name: &str) -> Variant {
    chimera::variants::load(name).unwrap_or_else(|e| panic!("{e}"))
}

fn toml(text: &str) -> Variant {
    Variant::from_toml(text, "test.toml").unwrap_or_else(|e| panic!("{e}"))
}

// ---- the built-in rulesets --------------------------------------------------------------

#[test]
fn chess() {
    run(&builtin("chess"), 4, 1, 60, 160, 9);
}

#[test]
fn chess_known_positions() {
    let v = builtin("chess");
    // The classic perft test positions: the reference must reproduce the published
    // counts, and the engine must agree with it at every node.
    let cases: &[(&str, u32, u64)] = &[
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9_467),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89_890),
    ];
    for &(fen, depth, expected) in cases {
        let counts = check_perft(&v, fen, depth).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(counts.last(), Some(&expected), "{fen}");
        check_games(&v, fen, 7, 3, 60, 0).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn losalamos() {
    run(&builtin("losalamos"), 4, 2, 100, 150, 7);
}

#[test]
fn capablanca() {
    run(&toml(include_str!("../../rulesets/capablanca.toml")), 3, 3, 40, 160, 11);
}

// ---- Duck chess ---------------------------------------------------------------------------

/// Duck chess against the reference written from its published rules (chess.com's "Duck
/// Chess" rules, Wikipedia's "Duck chess"; `reference/mod.rs` says what it implements):
/// whole turns (the move, then the duck to another empty square), the game's end at every
/// position (the king taken loses, a side without a legal move wins), perft 2 from the
/// start (Fairy-Stockfish's 640 turns at depth 1), random games from the start and from
/// the castling and en-passant drills, and from positions made by hand.
#[test]
fn duck() {
    use chimera::rules::Verdict;
    let v = builtin("duck");
    // What the reference reads from the rules must be what the published rules say.
    let r = v.rules();
    assert!(r.pieces.iter().all(|p| !p.royal), "no check: no piece is royal");
    assert_eq!(r.end.stalemate, Verdict::Win, "a player with no legal move wins");
    assert!(r.end.extinction.iter().any(|e| e.verdict == Verdict::Loss && e.at_most == 0), "the king taken loses");
    assert_eq!(r.turn.walls, Some(chimera::rules::Walling::Duck));
    run(&v, 2, 81, 30, 300, 0);
    let t = std::time::Instant::now();
    let mut stats = GameStats::default();
    for (i, fen) in [
        // Castling through and into attack (the queen on f3 sees d1 and f1), and a duck
        // on f1 that stops O-O.
        "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K*1R w KQkq - 0 1",
        // En passant beside the duck: after e2e4 the duck may land on e3 and stop dxe3.
        "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
        // Black is stalemated by the duck on b7, and wins.
        "krb5/p*1p4/P2P4/8/8/8/8/4K3 b - - 0 1",
        // A queen takes the king: the duck is still placed, then White has lost.
        "rnb1kbnr/pppp1ppp/8/8/8/8/PPP1qPPP/RNBQKBNR b KQkq - 0 1",
        // Promotions, with the duck on a promotion square, and kings next to each other.
        "8/1P1P2kP/4*3/8/8/8/1p3Kp1/8 w - - 0 1",
    ]
    .iter()
    .enumerate()
    {
        check_perft(&v, fen, 2).unwrap_or_else(|e| panic!("{e}"));
        stats.absorb(check_games(&v, fen, 82 + i as u64, 10 * scale(), 80, 0).unwrap_or_else(|e| panic!("{e}")));
    }
    for (fen, line) in [
        // White's king steps aside and the duck walls Black in: Black has no move and wins.
        ("krb5/p2p4/P2P4/8/8/8/8/4K2* w - - 0 1", &["e1e2", "e2b7"][..]),
        // Taking the king, the duck, then no moves: White has lost (Chimera's case c).
        ("rnb1kbnr/pppp1ppp/8/8/8/8/PPP1qPPP/RNBQKBNR b KQkq - 0 1", &["e2e1", "e1e4"][..]),
        // O-O with the king passing the attacked f1 (the anchor is g1); Qxf1 and Kxf1.
        ("r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1", &["e1g1", "g1b5", "f3f1", "f1e1", "g1f1", "f1f8"][..]),
    ] {
        check_line(&v, fen, line).unwrap_or_else(|e| panic!("{e}"));
    }
    eprintln!(
        "duck: positions made by hand: {} positions, {} parts and {} whole turns compared, ends {:?} in {:.2?}",
        stats.positions,
        stats.moves,
        stats.turns,
        stats.ends,
        t.elapsed()
    );
    assert!(stats.ends.keys().any(|k| k.starts_with("Stalemate")) && stats.ends.keys().any(|k| k.starts_with("Extinction")));
}

// ---- bughouse ----------------------------------------------------------------------------

/// Bughouse, one board (`bughouse`), against the reference's drops written from the
/// published rules (USCF's and chess.com's bughouse, Wikipedia's "Bughouse chess"):
/// pieces in hand dropped on any empty square (pawns not on the first or last rank), a
/// captured piece gone to the partner's board (so off this one), promoted pieces marked
/// (`Q~`: they would pass as pawns), checkmate and stalemate (which loses) at every
/// position, whole turns. The partner's captures arrive at random: after a third of the
/// moves a random piece joins a random side's hand, on both sides of the comparison.
/// Perft 3 from the start; random games from the start (its castling and en-passant
/// drills too) and from positions made by hand with pieces in hand. (Both boards played
/// together, with the passing itself, are `bughouse.rs`'s.)
#[test]
fn bughouse() {
    use chimera::rules::{Captured, Verdict};
    let v = builtin("bughouse");
    // What the reference reads from the rules must be what the published rules say.
    let r = v.rules();
    assert!(r.pieces.iter().all(|p| p.captured_as == Captured::Removed), "captures go to the partner");
    assert!(r.drops.as_ref().is_some_and(|d| d.demote_on_capture && d.two_boards && d.checks && d.no_drop_mate.is_empty()));
    let pawn = r.pieces.iter().find(|p| p.name == "pawn").expect("a pawn");
    let g = r.geometry;
    let zone: Vec<_> = pawn.drop_ranks.as_ref().expect("pawn drops restricted").squares(g, Color::White).collect();
    assert!(zone.len() == 48 && zone.iter().all(|s| (8..56).contains(&s.index())), "pawns dropped on ranks 2-7 alone");
    assert_eq!((r.end.checkmate, r.end.stalemate), (Verdict::Loss, Verdict::Loss));
    run(&v, 3, 91, 30, 200, 15);
    let t = std::time::Instant::now();
    let mut stats = GameStats::default();
    for (i, fen) in [
        // Every type in both hands from the start.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRBNPqrbnp] w KQkq - 0 1",
        // The fool's mate: mate with an empty hand (no waiting for a partner's piece:
        // Chimera's documented choice, docs/src/variants.md; by chess.com's rule a check a
        // drop could block is no mate), and the same check blocked by a knight or a pawn
        // dropped on g3 or f2.
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[] w KQkq - 1 3",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[NP] w KQkq - 1 3",
        // Stalemate, which loses; a knight in hand breaks it.
        "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1",
        "k7/8/1Q6/8/8/8/8/4K3[n] b - - 0 1",
        // A promoted queen to take, and promotions.
        "4k3/1P6/8/3q~4/8/2N5/8/4K3[] w - - 0 1",
        // En passant and castling beside drops.
        "r3k3/8/8/3pP3/8/8/8/4K2R[Pp] w Kq d6 0 1",
    ]
    .iter()
    .enumerate()
    {
        check_perft(&v, fen, 2).unwrap_or_else(|e| panic!("{e}"));
        stats.absorb(check_games(&v, fen, 92 + i as u64, 10 * scale(), 80, 11).unwrap_or_else(|e| panic!("{e}")));
    }
    eprintln!(
        "bughouse: positions made by hand: {} positions ({} in check), {} moves ({} drops) and {} turns compared, {} pieces passed, ends {:?} ({} mates a drop would parry) in {:.2?}",
        stats.positions,
        stats.checks,
        stats.moves,
        stats.drops,
        stats.turns,
        stats.gifts,
        stats.ends,
        stats.blockable,
        t.elapsed()
    );
    for reason in ["Checkmate", "Stalemate"] {
        assert!(stats.ends.keys().any(|k| k.starts_with(reason)), "no {reason} compared");
    }
}

/// Crazyhouse through the same drops: captures join the captor's hand, a promoted piece
/// taken as a pawn (the path bughouse's single board never shows: there the taken piece
/// leaves). Fairy-Stockfish checks crazyhouse too (`scripts/fsf_drops.py`).
#[test]
fn crazyhouse() {
    run(&builtin("crazyhouse"), 3, 95, 20, 160, 15);
}

// ---- turns of several moves (`[turn] moves`) ----------------------------------------------

/// Perft from the start and from hand-made positions (each `(fen, depth, counts)`, the
/// counts pinned once they agreed), then random games from each, engine against reference.
fn run_series(name: &str, start_depth: u32, positions: &[(&str, u32)], games: usize, plies: usize) {
    let v = builtin(name);
    let start = v.rules().start_fen.clone();
    let t = std::time::Instant::now();
    let mut report = vec![format!("start {:?}", check_perft(&v, &start, start_depth).unwrap_or_else(|e| panic!("{e}")))];
    let mut stats = check_games(&v, &start, 7, games * scale(), plies, 0).unwrap_or_else(|e| panic!("{e}"));
    for (i, &(fen, depth)) in positions.iter().enumerate() {
        report.push(format!("{fen}: {:?}", check_perft(&v, fen, depth).unwrap_or_else(|e| panic!("{e}"))));
        let more = check_games(&v, fen, 11 + i as u64, games * scale(), plies, 0).unwrap_or_else(|e| panic!("{e}"));
        stats.positions += more.positions;
        stats.en_passant += more.en_passant;
        stats.checks += more.checks;
    }
    eprintln!(
        "{name}: {}; {} positions ({} in check, {} e.p.) in {:.2?}",
        report.join("; "),
        stats.positions,
        stats.checks,
        stats.en_passant,
        t.elapsed()
    );
    assert!(stats.en_passant > 0, "{name}: the games took no en passant");
}

#[test]
fn marseillais() {
    run_series(
        "marseillais",
        2,
        &[
            // Two pawns passed in one turn: both may be taken, the second by the second move.
            ("4k3/8/8/8/3p1p2/8/4P1P1/4K3 w - - 0 5", 3),
            // Checks end the turn; castling counts as one move.
            ("r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 10", 2),
            // Kh8 leaves Black no second move: a turn of one move, stalemate.
            ("8/1R4k1/7N/p2KP2P/P7/8/4N3/8 b - - 2 32", 3),
        ],
        12,
        40,
    );
}

#[test]
fn monster() {
    run_series(
        "monster",
        3,
        &[
            // Kings alone: White mates (Black is in check where two king moves reach it).
            ("8/8/3k4/8/8/4K3/8/8 b - - 0 1", 3),
            // White's two double steps, each takeable by Black's one move.
            ("4k3/8/8/8/1p1p4/8/2P1P3/4K3 w - - 0 3", 3),
            // Black's castles under White's two-move threats (O-O through f8, which g6-g7
            // attacks; O-O-O free), and a double step that White's turn takes en passant
            // and then the king (f7-f5 beside e5).
            ("r3k2r/p6p/6P1/3PP3/8/8/8/4K3 b kq - 0 10", 3),
            ("8/4kp2/8/4P3/8/8/8/K7 b - - 0 1", 3),
        ],
        12,
        40,
    );
}

#[test]
fn progressive() {
    run_series(
        "progressive",
        2,
        &[
            // Turns of 1, 2 and 3 moves, with an en-passant chance on each first move.
            ("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", 3),
            // A check ends Black's two-move turn.
            ("r3k3/8/8/8/8/8/8/4K2R b - - 0 1", 2),
        ],
        6,
        30,
    );
}

// ---- synthetic variants -------------------------------------------------------------------

/// 4x4 (u64): the long leapers G, Z, H on a board barely big enough for them.
const TINY: &str = r#"
name = "tiny4x4"
board = { files = 4, ranks = 4 }
start = "gzhk/pp2/2PP/KHZG w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.zebra]
letter = "Z"
betza = "Z"
[pieces.tripper]
letter = "G"
betza = "G"
[pieces.threeleaper]
letter = "H"
betza = "H"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
promotion = { ranks = [4], to = ["knight", "zebra", "tripper", "threeleaper"] }
"#;

/// 5x7 (u64), no royal piece at all (the K here is an ordinary piece): every pseudo-legal
/// move is legal. W F D A C leapers, custom letters, optional promotion on two ranks.
const NO_ROYALS: &str = r#"
name = "noroyals5x7"
royal = "none"
board = { files = 5, ranks = 7 }
start = "ekcfm/ppppp/5/5/5/PPPPP/MFCKE w - - 0 1"
[pieces.commoner]
letter = "K"
betza = "K"
[pieces.wazir]
letter = "M"
betza = "W"
[pieces.ferz]
letter = "F"
betza = "F"
[pieces.dabbaba]
letter = "D"
betza = "D"
[pieces.alfil]
letter = "E"
betza = "A"
[pieces.camel]
letter = "C"
betza = "C"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
promotion = { ranks = [6, 7], to = ["commoner", "wazir", "ferz", "dabbaba", "alfil", "camel"], policy = "optional" }
"#;

/// 8x8: forward-only and divergent pieces; pawns with double step and en passant; a
/// soldier that double-steps without leaving an e.p. square; en-passant capture by pieces
/// that are not pawns (the crab `mWcF` and `mKcN`, which takes e.p. with a knight's leap).
const DIVERGENT: &str = r#"
name = "divergent8x8"
board = { files = 8, ranks = 8 }
start = "ltygkvsl/ppoxuopp/8/8/8/8/PPOXUOPP/LTYGKVSL w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.lance]
letter = "L"
betza = "fR"
[pieces.forebishop]
letter = "Y"
betza = "fB"
[pieces.shogiknight]
letter = "T"
betza = "ffN"
[pieces.crabknight]
letter = "S"
betza = "ffNbsN"
[pieces.gold]
letter = "G"
betza = "WfF"
[pieces.silver]
letter = "V"
betza = "FfW"
[pieces.soldier]
letter = "O"
betza = "fsW"
double_step_ranks = [2]
[pieces.crab]
letter = "X"
betza = "mWcF"
en_passant = true
[pieces.knightcatcher]
letter = "U"
betza = "mKcN"
en_passant = true
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2]
en_passant = true
promotion = { ranks = [8], to = ["lance", "gold", "silver", "crabknight"] }
"#;

/// 9x9 = 81 squares (u128): riders R B Q, the nightrider, limited riders W3 R4 F2;
/// castling on an odd board with the default `empty`/`safe` lists.
const NINE: &str = r#"
name = "nine9x9"
board = { files = 9, ranks = 9 }
start = "rxbmkqfwr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RXBMKQFWR w KQkq - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.nightrider]
letter = "X"
betza = "NN"
[pieces.shortrook]
letter = "W"
betza = "W3"
[pieces.rook4]
letter = "M"
betza = "R4"
[pieces.bishop2]
letter = "F"
betza = "F2"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2]
en_passant = true
promotion = { ranks = [9], to = ["queen", "rook", "bishop", "nightrider", "rook4"] }
[[castling]]
king = "e1"
king_to = "g1"
rook = "i1"
rook_to = "f1"
notation = "O-O"
[[castling]]
king = "e1"
king_to = "c1"
rook = "a1"
rook_to = "d1"
notation = "O-O-O"
"#;

/// 12x10 = 120 squares (u128): lame leapers nD nA nN nH nG, jumping C and Z,
/// initial-only moves (`iN`, and `ifmnD` as a pawn's double step without e.p.).
const LAME: &str = r#"
name = "lame12x10"
board = { files = 12, ranks = 10 }
start = "cztehskghetz/pppppppppppp/2d6d2/12/12/12/12/2D6D2/PPPPPPPPPPPP/CZTEHSKGHETZ w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.camel]
letter = "C"
betza = "C"
[pieces.zebra]
letter = "Z"
betza = "Z"
[pieces.lamethree]
letter = "T"
betza = "nH"
[pieces.elephant]
letter = "E"
betza = "nA"
[pieces.horse]
letter = "H"
betza = "nN"
[pieces.squire]
letter = "S"
betza = "FiN"
[pieces.lametripper]
letter = "G"
betza = "nG"
[pieces.lamedabbaba]
letter = "D"
betza = "nD"
[pieces.pawn]
letter = "P"
betza = "fmWfcFifmnD"
pawn = true
promotion = { ranks = [10], to = ["horse", "elephant", "camel", "squire"], policy = "optional" }
"#;

/// 11x11 = 121 squares (u128): two royal types per side (king and a royal gold), castling
/// on an odd board, optional promotion.
const TWO_ROYALS: &str = r#"
name = "tworoyals11x11"
board = { files = 11, ranks = 11 }
start = "rnbeqkuhbnr/ppppppppppp/11/11/11/11/11/11/11/PPPPPPPPPPP/RNBEQKUHBNR w KQkq - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.prince]
letter = "U"
betza = "WfF"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.alfil]
letter = "E"
betza = "A"
[pieces.threeleaper]
letter = "H"
betza = "H"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2]
en_passant = true
promotion = { ranks = [11], to = ["queen", "rook", "bishop", "knight"], policy = "optional" }
[[castling]]
king = "f1"
king_to = "i1"
rook = "k1"
rook_to = "h1"
notation = "O-O"
[[castling]]
king = "f1"
king_to = "c1"
rook = "a1"
rook_to = "d1"
notation = "O-O-O"
"#;

/// 6x6: two pieces of the same royal type per side; a two-rank mandatory promotion zone.
const TWO_KINGS: &str = r#"
name = "twokings6x6"
board = { files = 6, ranks = 6 }
start = "rqkknr/pppppp/6/6/PPPPPP/RQKKNR w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
promotion = { ranks = [5, 6], to = ["queen", "rook", "knight"] }
"#;

/// Chu shogi's lion (`KNADcaKmcabK`: a king step that takes and steps on or back, out
/// and back as a pass) and a soaring eagle (`RbBfFfAfcafFfmcabF`: forward diagonal steps
/// that take and go on, or take and come back) among rooks, royal kings and pawns: every
/// locust move tested for checks, the kings' escapes judged with the lions' reach.
const LIONS: &str = r#"
name = "lions8x8"
board = { files = 8, ranks = 8 }
start = "r1e1k1nr/pppppppp/3l4/8/8/4L3/PPPPPPPP/RN2K1ER w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.lion]
letter = "L"
betza = "KNADcaKmcabK"
[pieces.eagle]
letter = "E"
betza = "RbBfFfAfcafFfmcabF"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
promotion = { ranks = [8], to = ["rook", "knight"] }
"#;

/// 12x12 = 144 squares (Wide): nightrider, camel rider, R4; pawns that double-step from
/// two ranks; a castle whose `safe` list omits the squares the king passes.
const WIDE: &str = r#"
name = "wide12x12"
board = { files = 12, ranks = 12 }
start = "rxbyqkmnbxyr/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RXBYQKMNBXYR w KQkq - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.nightrider]
letter = "X"
betza = "NN"
[pieces.camelrider]
letter = "Y"
betza = "CC"
[pieces.rook4]
letter = "M"
betza = "R4"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2, 3]
en_passant = true
promotion = { ranks = [12], to = ["queen", "rook", "bishop", "knight", "nightrider"] }
[[castling]]
king = "f1"
king_to = "j1"
rook = "l1"
rook_to = "i1"
safe = ["f1", "j1"]
notation = "O-O"
[[castling]]
king = "f1"
king_to = "c1"
rook = "a1"
rook_to = "d1"
notation = "O-O-O"
"#;

/// 16x16 = 256 squares (Wide): every leaper atom, nightrider and zebrarider, castling.
const GIANT: &str = r#"
name = "giant16x16"
board = { files = 16, ranks = 16 }
start = "rnbczgqkawfdxhyr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBCZGQKAWFDXHYR w KQkq - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.camel]
letter = "C"
betza = "C"
[pieces.zebra]
letter = "Z"
betza = "Z"
[pieces.tripper]
letter = "G"
betza = "G"
[pieces.alfil]
letter = "A"
betza = "A"
[pieces.wazir]
letter = "W"
betza = "W"
[pieces.ferz]
letter = "F"
betza = "F"
[pieces.dabbaba]
letter = "D"
betza = "D"
[pieces.nightrider]
letter = "X"
betza = "NN"
[pieces.threeleaper]
letter = "H"
betza = "H"
[pieces.zebrarider]
letter = "Y"
betza = "ZZ"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2]
en_passant = true
promotion = { ranks = [16], to = ["queen", "rook", "bishop", "knight", "nightrider"], policy = "optional" }
[[castling]]
king = "h1"
king_to = "n1"
rook = "p1"
rook_to = "m1"
notation = "O-O"
[[castling]]
king = "h1"
king_to = "c1"
rook = "a1"
rook_to = "d1"
notation = "O-O-O"
"#;

/// 16x16 = 256 squares (Wide) with riders only (no leaper at all, so that it does not
/// depend on the leap tables): a royal `K2`, limited riders, nightrider, camel rider,
/// rider pawns, castling with a rider king.
const RIDERS16: &str = r#"
name = "riders16x16"
board = { files = 16, ranks = 16 }
start = "rxbmqtfkstqmbxsr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RXBMQTFKSTQMBXSR w KQkq - 0 1"
[pieces.king]
letter = "K"
betza = "K2"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.nightrider]
letter = "X"
betza = "NN"
[pieces.rook4]
letter = "M"
betza = "R4"
[pieces.bishop3]
letter = "T"
betza = "B3"
[pieces.ferz2]
letter = "F"
betza = "F2"
[pieces.camelrider]
letter = "S"
betza = "CC"
[pieces.pawn]
letter = "P"
betza = "fmR2fcB2"
pawn = true
promotion = { ranks = [16], to = ["queen", "rook", "nightrider"] }
[[castling]]
king = "h1"
king_to = "n1"
rook = "p1"
rook_to = "m1"
notation = "O-O"
[[castling]]
king = "h1"
king_to = "c1"
rook = "a1"
rook_to = "d1"
notation = "O-O-O"
"#;

/// 6x6: odd castles. `K`: king and rook swap places (c1 <-> d1, nothing in between);
/// `Q`: the king lands on the rook's square (c1 -> a1) and the rook hops to b1.
const CASTLE_EDGE: &str = r#"
name = "castleedge6x6"
board = { files = 6, ranks = 6 }
start = "rnkrqn/pppppp/6/6/PPPPPP/RNKRQN w KQkq - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
promotion = { ranks = [6], to = ["queen", "rook", "knight"] }
[[castling]]
king = "c1"
king_to = "d1"
rook = "d1"
rook_to = "c1"
notation = "O-O"
[[castling]]
king = "c1"
king_to = "a1"
rook = "a1"
rook_to = "b1"
notation = "O-O-O"
"#;

/// 16x4 = 64 squares (u64, 16 files): rank arithmetic on a wide, flat board.
const LONG: &str = r#"
name = "long16x4"
board = { files = 16, ranks = 4 }
start = "rnbqkbnrrnbqabnr/pppppppppppppppp/PPPPPPPPPPPPPPPP/RNBQKBNRRNBQABNR w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.alfil]
letter = "A"
betza = "A"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
promotion = { ranks = [4], to = ["queen", "rook", "bishop", "knight"] }
"#;

/// 4x16 = 64 squares (u64, 16 ranks): long files; double steps from two ranks.
const TALL: &str = r#"
name = "tall4x16"
board = { files = 4, ranks = 16 }
start = "nkrb/pppp/4/4/4/4/4/4/4/4/4/4/4/4/PPPP/NKRB w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2, 5]
en_passant = true
promotion = { ranks = [16], to = ["rook", "bishop", "knight"] }
"#;

/// 8x8: initial-only riders (`WiR`, `FiB`): their slides exist only until they move.
const INITIAL_RIDERS: &str = r#"
name = "initialriders8x8"
board = { files = 8, ranks = 8 }
start = "njvjkvjn/pppppppp/8/8/8/8/PPPPPPPP/NJVJKVJN w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.jumper]
letter = "J"
betza = "WiR"
[pieces.vaulter]
letter = "V"
betza = "FiB"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
promotion = { ranks = [8], to = ["jumper", "vaulter", "knight"] }
"#;

/// 5x6: a double step that lands in the promotion zone (ranks 4-6) must promote.
const ZONE_STEP: &str = r#"
name = "zonestep5x6"
board = { files = 5, ranks = 6 }
start = "knbr1/ppppp/5/5/PPPPP/KNBR1 w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2]
promotion = { ranks = [4, 5, 6], to = ["knight", "bishop", "rook"] }
"#;

/// 5x6: the same with en passant and optional promotion: a double step into the zone
/// that does not promote leaves an e.p. square; one that promotes leaves none.
const ZONE_STEP_EP: &str = r#"
name = "zonestepep5x6"
board = { files = 5, ranks = 6 }
start = "knbr1/ppppp/5/5/PPPPP/KNBR1 w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2]
en_passant = true
promotion = { ranks = [4, 5, 6], to = ["knight", "bishop", "rook"], policy = "optional" }
"#;

/// 8x8: promotion rules beyond the plain policies. Queens are limited to one and rooks
/// to two per side: the pawn promotes `if-available` (to what is below its limit, else it
/// stays a pawn), the soldier `mandatory` only to a queen (so it may not enter its zone
/// while its side has one). The lance (`fR`) and shogi knight (`ffN`) promote optionally
/// to gold in a three-rank zone, also on moves that start there (`from_zone`), but may
/// not decline where they could never move again (the lance on the last rank, the
/// knight on the last two).
const PROMO_RULES: &str = r#"
name = "promorules8x8"
board = { files = 8, ranks = 8 }
start = "rnsqkgln/pppppppp/8/8/8/8/PPPPPPPP/RNSQKGLN w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
limit = 1
[pieces.rook]
letter = "R"
betza = "R"
limit = 2
[pieces.gold]
letter = "G"
betza = "WfF"
[pieces.lance]
letter = "L"
betza = "fR"
promotion = { ranks = [6, 7, 8], to = ["gold"], policy = "optional", from_zone = true }
[pieces.knight]
letter = "N"
betza = "ffN"
promotion = { ranks = [6, 7, 8], to = ["gold"], policy = "optional", from_zone = true }
[pieces.soldier]
letter = "S"
betza = "fW"
promotion = { ranks = [7, 8], to = ["queen"] }
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2]
en_passant = true
promotion = { ranks = [8], to = ["queen", "rook"], policy = "if-available" }
"#;

/// 8x8: chess pawns whose (optional) promotion zone is ranks 6-8, so that an en-passant
/// capture lands in it.
const EP_ZONE: &str = r#"
name = "epzone8x8"
board = { files = 8, ranks = 8 }
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.knight]
letter = "N"
betza = "N"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
double_step_ranks = [2]
en_passant = true
promotion = { ranks = [6, 7, 8], to = ["queen", "knight"], policy = "optional" }
"#;

#[test]
fn tiny_4x4_long_leapers() {
    run(&toml(TINY), 5, 11, 200, 80, 5);
}

#[test]
fn no_royals_5x7() {
    run(&toml(NO_ROYALS), 4, 12, 75, 150, 10);
}

#[test]
fn divergent_8x8() {
    run(&toml(DIVERGENT), 3, 13, 60, 160, 10);
}

#[test]
fn riders_9x9_u128() {
    run(&toml(NINE), 3, 14, 40, 160, 13);
}

#[test]
fn lame_12x10_u128() {
    run(&toml(LAME), 3, 15, 40, 160, 13);
}

#[test]
fn two_royals_11x11_u128() {
    run(&toml(TWO_ROYALS), 2, 16, 40, 160, 17);
}

#[test]
fn two_kings_6x6() {
    run(&toml(TWO_KINGS), 4, 17, 100, 120, 7);
}

/// Locust moves (`features/locust.rs`): perft and random games from the start, and perft
/// 3 from two hand-made positions — lions face to face among pieces to take on the way,
/// and a king in check from an eagle that may take the pawn before it on its way.
#[test]
fn lions_8x8() {
    let variant = &toml(LIONS);
    run(variant, 3, 61, 60, 120, 7);
    for fen in ["4k3/2p1p3/3lp3/2P1L3/3pPp2/8/8/4K3 w - - 0 1", "3k4/8/8/4L3/8/2e5/3P4/4K2R w - - 0 1"] {
        let counts = check_perft(variant, fen, 3).unwrap_or_else(|e| panic!("{e}"));
        let stats = check_games(variant, fen, 62, 10 * scale(), 60, 5).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("lions8x8: {fen}: perft {counts:?}; {} positions, {} moves compared", stats.positions, stats.moves);
    }
}

#[test]
fn wide_12x12() {
    run(&toml(WIDE), 2, 18, 30, 160, 19);
}

/// Regression (found by this test): on a 16x16 board (256 squares) `Tables::new` built
/// its per-square tables with `for sq in 0..squares as Square`, and `256 as u8 == 0`, so
/// no piece had a leap, lame/initial leap or double step, and no leap attacked a square
/// (perft(1) of the start: engine 19, reference 65).
#[test]
fn giant_16x16() {
    run(&toml(GIANT), 2, 19, 20, 160, 29);
}

#[test]
fn riders_16x16_wide() {
    run(&toml(RIDERS16), 2, 25, 20, 160, 29);
}

#[test]
fn castle_edge_6x6() {
    run(&toml(CASTLE_EDGE), 4, 26, 100, 100, 7);
}

#[test]
fn long_16x4() {
    run(&toml(LONG), 3, 20, 60, 120, 9);
}

#[test]
fn tall_4x16() {
    run(&toml(TALL), 4, 21, 75, 150, 9);
}

/// Regression (found by this test): an initial-only rider direction (`iR`, `iB`) kept
/// attacking after its piece had moved (the attack groups ignored `initial_only`), so a
/// king could not step onto a square such a piece can no longer reach. The V on d3 has
/// moved (the start position has none there): it is only a ferz now, so f5 and h7 are
/// safe for the king on g6. The last line brings a J home after it moved: it must not
/// attack along the d-file again, also after its FEN is written and read back.
#[test]
fn initial_only_riders() {
    let v = toml(INITIAL_RIDERS);
    check_line(&v, "8/8/6k1/8/8/3V4/8/4K3 b - - 0 1", &[]).unwrap_or_else(|e| panic!("{e}"));
    check_line(&v, "3k4/8/8/8/3J4/8/8/4K3 b - - 0 1", &[]).unwrap_or_else(|e| panic!("{e}"));
    check_line(&v, "3k4/3n4/8/8/8/8/8/3JK3 w - - 0 1", &["d1c1", "d7b6", "c1d1", "d8d7", "e1f2", "d7d6"]).unwrap_or_else(|e| panic!("{e}"));
    run(&v, 3, 22, 60, 120, 9);
}

/// Regression (found by this test): a double step that ends in the promotion zone did
/// not promote (double steps bypassed the promotion code).
#[test]
fn double_step_into_promotion_zone() {
    let v = toml(ZONE_STEP);
    check_line(&v, "k4/5/5/5/2P2/K4 w - - 0 1", &[]).unwrap_or_else(|e| panic!("{e}"));
    run(&v, 3, 23, 100, 80, 7);
}

#[test]
fn double_step_into_optional_zone_with_en_passant() {
    let v = toml(ZONE_STEP_EP);
    check_line(&v, "k4/5/1p3/5/2P2/K4 w - - 0 1", &["c2c4"]).unwrap_or_else(|e| panic!("{e}"));
    check_line(&v, "k4/5/1p3/5/2P2/K4 w - - 0 1", &["c2c4n"]).unwrap_or_else(|e| panic!("{e}"));
    run(&v, 4, 27, 60, 80, 7);
}

#[test]
fn promotion_limits_policies_and_zones() {
    let v = toml(PROMO_RULES);
    // The pawn may become a rook only (one queen already) and the soldier may not
    // advance; the lance on g6 may choose on g7 but must promote on g8; the knight on b6
    // must promote on the last rank.
    check_line(&v, "4k3/P1S5/1N4L1/8/8/8/8/3QK3 w - - 0 1", &[]).unwrap_or_else(|e| panic!("{e}"));
    // With the queen gone the pawn and soldier may become queens again.
    check_line(&v, "3qk3/P1S5/8/8/8/8/8/3QK3 w - - 0 1", &["d1d8", "e8d8"]).unwrap_or_else(|e| panic!("{e}"));
    // Promotion-heavy games: pawns, soldiers, lances and knights start close to their zones.
    let drill = "r1s1k1ln/pppL2SP/1N6/PP6/6pp/1n6/p1slPPPP/RNS1K1L1 w - - 0 1";
    check_games(&v, drill, 28, 40, 60, 7).unwrap_or_else(|e| panic!("{e}"));
    run(&v, 3, 29, 40, 120, 9);
}

/// Regression (found by this test): an en-passant capture that ends in the promotion
/// zone did not promote (en-passant captures bypassed the promotion code).
#[test]
fn en_passant_into_promotion_zone() {
    let v = toml(EP_ZONE);
    check_line(&v, "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1", &["e7e5"]).unwrap_or_else(|e| panic!("{e}"));
    run(&v, 3, 24, 60, 160, 11);
}

// ---- boards whose files wrap (`board.wrap = "files"`) -------------------------------------

/// `text`, a ruleset of a flat board, on a cylinder: its files wrap, under another name.
fn wrapped(text: &str, name: &str) -> Variant {
    let (files, ranks) = (text.find("files = ").unwrap(), text.find("ranks = ").unwrap());
    let board_line = &text[text.find("board = {").unwrap()..];
    let board_line = &board_line[..board_line.find('}').unwrap() + 1];
    assert!(files < ranks, "{board_line}");
    let name_line = text.lines().find(|l| l.starts_with("name = ")).unwrap();
    let text =
        text.replace(board_line, &board_line.replace(" }", ", wrap = \"files\" }")).replace(name_line, &format!("name = \"{name}\""));
    toml(&text)
}

/// Cylinder chess from the start: pins and checks across the edge from the first moves
/// (1.c3 pins f7 by the queen through a4-h5; 1.g3 pins d7 by the bishop through h3-a4).
#[test]
fn cylinder() {
    run(&builtin("cylinder"), 4, 31, 60, 160, 9);
}

/// Positions where the edge matters: Kiwipete (its rooks and bishops on the edge files
/// see round the board), and an ending with en passant across the edge (after ...a7-a5,
/// both b5 and h5 take on a6), a long castle, a knight and a rook by the edge.
#[test]
fn cylinder_positions() {
    let v = builtin("cylinder");
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "7k/p6r/8/1P5P/8/8/B6Q/R3K2n b Q - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ] {
        check_perft(&v, fen, 3).unwrap_or_else(|e| panic!("{e}"));
        check_games(&v, fen, 33, 10, 60, 5).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Alice chess from the start (two boards side by side, 128 squares: u128): every move
/// passes to the other board, the castling and en-passant drills included.
#[test]
fn alice() {
    run(&builtin("alice"), 3, 41, 40, 160, 9);
}

/// Chu shogi (12x12, 39 types, 46 pieces a side) from the start, and two positions made
/// by hand where lions meet: a lion facing a protected lion two squares away with a gold
/// and a pawn to take on the way; a gold that may take a lion (after which Black's rook
/// may not take White's lion: no counter-strike), a horned falcon and a soaring eagle
/// among pieces to take, and promotions on entering the zone or capturing in it.
#[test]
fn chushogi() {
    let v = builtin("chushogi");
    run(&v, 3, 71, 6, 80, 9);
    for fen in
        ["11k/12/12/4p7/4n7/4gp6/4N7/3G8/12/12/12/K11 w - - 0 1", "11k/10r1/12/12/1R1n3+o4/2pG2p1s3/2+H4+D4/10N1/12/12/12/K11 w - - 0 1"]
    {
        let counts = check_perft(&v, fen, 3).unwrap_or_else(|e| panic!("{e}"));
        let stats = check_games(&v, fen, 72, 6 * scale(), 60, 5).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("chushogi: {fen}: perft {counts:?}; {} positions, {} moves compared", stats.positions, stats.moves);
    }
}

/// Alice positions made by hand, each perft 3 against the reference and random games:
/// Wikipedia's 1.Nf3 e6 2.Ne5 Bc5 3.Nxf7 (3...Kxf7, 3...Bxf2 and 3...Qd4 all impossible,
/// 3...Bg1, here Bo1, possible); castles whose king or rook would pass onto a taken
/// square of the second board (a knight on n1 stops O-O, a rook on o5 checks o1, the
/// king's square after O-O); a double step that may be taken en passant on the first
/// board while the pawn stands on the second.
#[test]
fn alice_positions() {
    let v = builtin("alice");
    for fen in [
        "rnbqk1nr8/pppp2pp5N2/12p3/10b5/16/16/PPPPPPPP8/RNBQKB1R8 b KQkq - 0 3",
        "r3k2r8/16/16/14r1/16/16/16/R3K2R5n2 w KQkq - 0 1",
        "4k11/16/16/16/3p12/16/4P11/4K11 w - - 0 1",
    ] {
        check_perft(&v, fen, 3).unwrap_or_else(|e| panic!("{e}"));
        check_games(&v, fen, 42, 10, 60, 5).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Riders of every kind (nightriders, short riders, limited rooks and bishops) on a
/// cylinder of an odd number of files (9x9: u128).
#[test]
fn wrapped_riders_9x9_u128() {
    run(&wrapped(NINE, "nine9x9-cylinder"), 3, 34, 30, 160, 13);
}

/// Lame leapers round the edge: their paths wrap too (12x10: u128).
#[test]
fn wrapped_lame_12x10_u128() {
    run(&wrapped(LAME, "lame12x10-cylinder"), 3, 35, 30, 160, 13);
}

/// The widest cylinder (16x16: 256 squares), riders looking along ranks of 16.
#[test]
fn wrapped_riders_16x16_wide() {
    run(&wrapped(RIDERS16, "riders16x16-cylinder"), 2, 36, 10, 120, 29);
}

/// A small cylinder (4x4): long leapers land on their own file round the board, and a
/// leap of a whole turn round it is no move.
#[test]
fn wrapped_tiny_4x4() {
    run(&wrapped(TINY, "tiny4x4-cylinder"), 4, 37, 100, 80, 5);
}

// ---- the problemists' conditions: Circe, Andernach, Madrasi ------------------------------

/// The standard run of the built-in `name` to depth 3, then perft to depth 3 and random
/// games from positions where its condition matters.
fn condition(name: &str, seed: u64, fens: &[&str]) {
    let variant = &builtin(name);
    run(variant, 3, seed, 40, 120, 7);
    let seed = seed + 1;
    for (i, fen) in fens.iter().enumerate() {
        let counts = check_perft(variant, fen, 3).unwrap_or_else(|e| panic!("{e}"));
        let stats = check_games(variant, fen, seed ^ i as u64, 10 * scale(), 60, 5).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{}: {fen}: perft {counts:?}; {} positions, {} moves compared", variant.name(), stats.positions, stats.moves);
    }
}

/// Checkless chess: a check only if it mates (the reference asks every reply).
#[test]
fn checkless() {
    condition(
        "checkless",
        37,
        &[
            // The queen and bishop aim at f7: Qxf7+ and Bxf7+ check without mating (Kd8): both banned.
            "r1b1k2r/pppp1ppp/2n2n2/2b1p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            // Weak back ranks, White's rook pinned on e1 (Re8 would bare g1): checks wait for mates.
            "6k1/5ppp/8/8/8/8/5PPP/r3R1K1 w - - 0 1",
        ],
    );
}

#[test]
fn circe() {
    condition(
        "circe",
        31,
        &[
            // Open files and diagonals, castling both ways, home squares emptied.
            "r3k2r/1p3p1p/2n1b3/q2pp1N1/3PP3/2N1B3/P1Q2PPP/R3K2R w KQkq - 0 1",
            // Kxe1 is illegal while a1 is empty (the rook is reborn there, checking).
            "7K/8/8/8/8/8/3k4/4R3 b - - 0 1",
            // In check from h8, Qxf6 parries: the knight is reborn on b8.
            "K6r/8/5n2/8/7k/8/8/5Q2 w - - 0 1",
        ],
    );
}

#[test]
fn andernach() {
    condition(
        "andernach",
        41,
        &[
            "r3k2r/1p3p1p/2n1b3/q2pp1N1/3PP3/2N1B3/P1Q2PPP/R3K2R w KQkq - 0 1",
            // gxh8 promotes and turns black: as a queen or bishop it checks a1.
            "4k2r/6P1/8/8/8/8/8/K7 w k - 0 1",
            // Rxe5 would turn the rook against its own king.
            "4k3/8/8/4p3/4R3/8/8/4K3 w - - 0 1",
        ],
    );
}

#[test]
fn madrasi() {
    condition(
        "madrasi",
        51,
        &[
            // Wikipedia's diagram: c5/g5/g2 rooks, d8/f7 knights, c2/d3 pawns paralysed.
            "2kn4/1p1p1N2/8/2R3r1/7r/1P1p4/2P2NR1/B2b1K2 w - - 0 1",
            // The f8 rook, paralysed by a8, does not stop O-O across f1.
            "R4rk1/8/8/8/8/8/8/4K2R w K - 0 1",
            // Rooks facing on the a- and h-files paralyse each other: no castling.
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ],
    );
}

/// Circe with pawns whose double step is an initial-only move (`ifmnD`, no
/// `double_step_ranks`): a pawn reborn on its start square has not moved there, and
/// double-steps again (Wikipedia: "a reborn pawn regains its initial two-step move").
#[test]
fn circe_initial_only_pawns() {
    let text = r#"
extends = "chess"
name = "circe-i-pawns"
circe = true
[pieces]
pawn = "none"
[pieces.ipawn]
letter = "P"
betza = "fmWfcFifmnD"
pawn = true
promotion = { ranks = [8], to = ["queen", "rook", "bishop", "knight"] }
[end]
move_rule_reset = ["capture", "ipawn"]
"#;
    let v = chimera::variants::from_toml(text, "circe-i-pawns.toml").unwrap_or_else(|e| panic!("{e}"));
    let start = v.rules().start_fen.clone();
    check_perft(&v, &start, 3).unwrap_or_else(|e| panic!("{e}"));
    check_games(&v, &start, 61, 20 * scale(), 100, 7).unwrap_or_else(|e| panic!("{e}"));
    // 1.Nc3 d5 2.Nxd5 (the d-pawn is back on d7) Nc6 3.Nc3, and 3...d5 double-steps again.
    check_line(&v, &start, &["b1c3", "d7d5", "c3d5", "b8c6", "d5c3", "d7d5"]).unwrap_or_else(|e| panic!("{e}"));
    // Found by the dated seed 20261203: a pawn reborn on the square its captor left (the
    // queen from b2 takes on b5, the pawn goes home to b2) is unmoved there, and
    // double-steps again.
    let fen = "4k3/8/8/1P6/8/8/1q6/4K3 b - - 0 1";
    check_line(&v, fen, &["b2b5", "b2b4"]).unwrap_or_else(|e| panic!("{e}"));
}
