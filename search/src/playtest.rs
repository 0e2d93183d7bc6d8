//! Self-play for a variant's designer (`chimera playtest`): games of the search against
//! itself from randomised openings, to see who the rules favour, how games end and how
//! long they last; and, with an [`Imbalance`], what a piece is worth, measured by games
//! from positions where it stands against other material (H.G. Muller's advice: measure a
//! piece's value directly, with many games).
//!
//! One game is [`play`]: each side has its own [`Searcher`] at a fixed node budget, the
//! opening's first turns are random (seeded, so a game can be replayed), and the game ends
//! where the rules end it, where the side to move may claim a draw (repetition, the move
//! rule, counting: a self-play game claims it), or unfinished at a ply limit.

use std::sync::atomic::AtomicBool;

use chimera_engine::{Color, Move, PieceType, Position, Square, Variant};

use crate::{Limits, Searcher, Values};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The search, at [`Settings::nodes`] a move.
    Search,
    /// A legal move at random.
    Random,
    /// The capture of the most valuable piece it can take (random among equals), else a
    /// move at random: a one-ply greedy player.
    Greedy,
}

impl Player {
    /// Reads `search`, `random` or `greedy`.
    pub fn parse(text: &str) -> Result<Player, String> {
        match text {
            "search" => Ok(Player::Search),
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            _ => Err(format!("player `{text}`: expected search, random or greedy")),
        }
    }
    /// Its name, as [`Player::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Player::Search => "search",
            Player::Random => "random",
            Player::Greedy => "greedy",
        }
    }
}

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Nodes the search may spend on each part of a turn.
    pub nodes: u64,
    /// Turns played at random at the start (both sides'), for varied games.
    pub random_turns: u32,
    /// Plies after which a game stops unfinished.
    pub max_plies: u32,
    /// Transposition table slots per searcher.
    pub table_entries: usize,
    /// Who plays White and Black, in that order.
    pub players: [Player; 2],
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { nodes: 1_000, random_turns: 4, max_plies: 400, table_entries: 1 << 14, players: [Player::Search; 2] }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The rules ended it, or the side to move claimed what they let it claim.
    Decided {
        /// The winner; `None`: a draw.
        winner: Option<Color>,
        /// The rule (`checkmate`, `repetition`…: [`EndReason::as_str`]).
        reason: &'static str,
    },
    /// Stopped at [`Settings::max_plies`].
    Unfinished,
}

impl End {
    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*`.
    pub fn result(&self) -> &'static str {
        match self {
            End::Decided { winner: Some(Color::White), .. } => "1-0",
            End::Decided { winner: Some(Color::Black), .. } => "0-1",
            End::Decided { winner: None, .. } => "1/2-1/2",
            End::Unfinished => "*",
        }
    }
    /// The reason's name, `unfinished` for a stopped game.
    pub fn reason(&self) -> &'static str {
        match self {
            End::Decided { reason, .. } => reason,
            End::Unfinished => "unfinished",
        }
    }
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            End::Decided { winner, .. } => *winner,
            End::Unfinished => None,
        }
    }
}

/// One self-play game.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position it started from (before the random opening), as a FEN.
    pub start_fen: String,
    /// Every part played, the random opening included.
    pub moves: Vec<Played>,
    /// Parts played (plies).
    pub plies: u32,
    /// How it ended.
    pub end: End,
}

/// A part of a turn as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// In the variant's SAN.
    pub san: String,
    /// Who played it.
    pub mover: Color,
    /// The move number it was played at (the FEN's sixth field).
    pub number: u32,
}

/// A small deterministic generator (SplitMix64), so that a game is replayed from its seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Plays one game from `start` with `settings`, its random opening drawn from `seed`.
pub fn play(start: &Position, settings: &Settings, seed: u64) -> Game {
    let variant = start.variant();
    let mut pos = start.clone();
    let mut rng = Rng::new(seed);
    let mut searchers = [Searcher::with_table(variant, settings.table_entries), Searcher::with_table(variant, settings.table_entries)];
    let stop = AtomicBool::new(false);
    let mut game = Game { start_fen: start.fen(), moves: Vec::new(), plies: 0, end: End::Unfinished };
    let mut turns = 0u32;
    while game.plies < settings.max_plies {
        let legal = pos.legal_moves();
        if let Some(o) = pos.outcome_with_moves(&legal) {
            game.end = End::Decided { winner: o.winner, reason: o.reason.as_str() };
            return game;
        }
        let mover = pos.turn().index();
        if let Some(end) = claimed(&mut pos, searchers[mover].values()) {
            game.end = end;
            return game;
        }
        let player = if turns < settings.random_turns { Player::Random } else { settings.players[pos.turn().index()] };
        let m = match player {
            Player::Random => legal[rng.below(legal.len())],
            Player::Greedy => greedy(&pos, searchers[mover].values(), &legal, &mut rng),
            Player::Search => {
                let found = searchers[mover].search(&pos, &Limits::nodes(settings.nodes), &stop, |_| {});
                match found.best_move {
                    Some(m) => m,
                    // The search sees the game over where the kernel's outcome did not: no move.
                    None => break,
                }
            }
        };
        // Every part comes from the legal moves (the random and greedy players') or from the
        // search, which must choose among them too: a self-play run checks it at each move.
        assert!(legal.contains(&m), "{} chose {}, not a legal move in {}", player.name(), pos.uci(m), pos.fen());
        let mover = pos.turn();
        game.moves.push(Played { san: pos.san(m), mover, number: pos.fullmove_number() });
        pos.play_unchecked(m);
        game.plies += 1;
        if pos.turn() != mover {
            turns += 1;
        }
    }
    // The ply limit, or a position the search found no move in.
    let legal = pos.legal_moves();
    if let Some(o) = pos.outcome_with_moves(&legal) {
        game.end = End::Decided { winner: o.winner, reason: o.reason.as_str() };
    }
    game
}

/// The greedy player's move: the capture of the most valuable piece (random among
/// equals), else any move at random.
fn greedy(pos: &Position, values: &Values, legal: &[Move], rng: &mut Rng) -> Move {
    let taken = |m: Move| if pos.is_capture(m) { crate::order::victim_value(pos, values, m) } else { 0 };
    let best = legal.iter().map(|&m| taken(m)).max().unwrap_or(0);
    let candidates: Vec<Move> = legal.iter().copied().filter(|&m| taken(m) == best).collect();
    candidates[rng.below(candidates.len())]
}

/// The end the side to move claims, where the rules let it claim one that does not lose
/// (a draw by repetition or the move rule; a count that has run out) and it is not ahead
/// by its own evaluation (a side that is ahead plays on).
fn claimed(pos: &mut Position, values: &Values) -> Option<End> {
    let mover = pos.turn();
    let claims = pos.claims();
    let claim = claims.into_iter().find(|c| c.by.is_none() && c.outcome.winner.is_none_or(|w| w == mover))?;
    if claim.outcome.winner.is_none() && values.evaluate(pos) > CLAIM_MARGIN {
        return None;
    }
    Some(End::Decided { winner: claim.outcome.winner, reason: claim.outcome.reason.as_str() })
}

/// How far ahead (centipawns) a side plays on rather than claim a draw.
const CLAIM_MARGIN: i32 = 50;

/// Material traded for other material (`Q=RR`: one side has a queen where the other has
/// two rooks), to measure what pieces are worth by games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imbalance {
    /// As written (`Q=RR`).
    pub text: String,
    /// The pieces the side keeping its army has (`Q`).
    pub kept: Vec<PieceType>,
    /// What the other side has instead (`RR`).
    pub instead: Vec<PieceType>,
}

impl Imbalance {
    /// Reads `LETTERS=LETTERS` with the variant's FEN letters (either case; either side
    /// may be empty: `P=` is pawn odds).
    pub fn parse(variant: &Variant, text: &str) -> Result<Imbalance, String> {
        let (kept, instead) =
            text.split_once('=').ok_or_else(|| format!("imbalance `{text}`: expected two groups of piece letters, as `Q=RR`"))?;
        let types = |group: &str| -> Result<Vec<PieceType>, String> {
            group
                .trim()
                .chars()
                .map(|c| {
                    variant
                        .rules()
                        .piece_by_letter(c)
                        .ok_or_else(|| format!("imbalance `{text}`: `{c}` is no piece letter of {}", variant.name()))
                })
                .collect()
        };
        let imbalance = Imbalance { text: text.trim().to_string(), kept: types(kept)?, instead: types(instead)? };
        if imbalance.kept.is_empty() && imbalance.instead.is_empty() {
            return Err(format!("imbalance `{text}`: both groups are empty"));
        }
        Ok(imbalance)
    }

    /// The variant's start with `side`'s [`Imbalance::kept`] pieces replaced by
    /// [`Imbalance::instead`]: each removed from its own side's first ranks first, each
    /// new one put where a removed one stood, else on the empty square nearest its own
    /// first rank (the a-file first) where the position is legal.
    pub fn start(&self, variant: &Variant, side: Color) -> Result<Position, String> {
        let start = variant.start();
        let g = variant.geometry();
        let mut board: Vec<Option<(Color, PieceType)>> = g.all().map(|sq| start.piece_at(sq).map(|p| (p.color, p.kind))).collect();
        let rest = start.fen().split_once(' ').map(|(_, rest)| rest.to_string()).unwrap_or_default();
        if write_board(variant, &board)? + " " + &rest != start.fen() {
            return Err(format!("imbalance: {}'s start position has marks a plain board cannot write", variant.name()));
        }
        // Squares from `side`'s first rank onward, each rank from the a-file.
        let mut order: Vec<Square> = g.all().collect();
        order.sort_by_key(|&sq| (g.relative_rank(sq, side), g.file(sq)));
        let mut freed = Vec::new();
        for &t in &self.kept {
            let sq = order.iter().copied().find(|&sq| board[sq] == Some((side, t))).ok_or_else(|| {
                format!("imbalance `{}`: {} has no {} to give", self.text, side_name(side), variant.rules().piece(t).name)
            })?;
            board[sq] = None;
            freed.push(sq);
        }
        let mut pos = None;
        for (i, &t) in self.instead.iter().enumerate() {
            let last = i + 1 == self.instead.len();
            let candidates: Vec<Square> = freed.iter().chain(order.iter()).copied().filter(|&sq| board[sq].is_none()).collect();
            let mut placed = false;
            for sq in candidates {
                board[sq] = Some((side, t));
                // A square is kept where a position with it reads back (no pawn on its last rank...).
                let fen = write_board(variant, &board)? + " " + &rest;
                if let Ok(p) = variant.position(&fen) {
                    if last {
                        pos = Some(p);
                    }
                    placed = true;
                    break;
                }
                board[sq] = None;
            }
            if !placed {
                return Err(format!("imbalance `{}`: no square for {}'s {}", self.text, side_name(side), variant.rules().piece(t).name));
            }
        }
        match pos {
            Some(p) => Ok(p),
            None => variant.position(&(write_board(variant, &board)? + " " + &rest)).map_err(|e| format!("imbalance `{}`: {e}", self.text)),
        }
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A FEN's board field for `board` (by square, a1 first), each piece by its FEN letter.
fn write_board(variant: &Variant, board: &[Option<(Color, PieceType)>]) -> Result<String, String> {
    let g = variant.geometry();
    let mut s = String::new();
    for rank in (0..g.ranks).rev() {
        let mut empty = 0;
        for file in 0..g.files {
            match board[g.square(file, rank)] {
                None => empty += 1,
                Some((c, t)) => {
                    let Some(letter) = variant.rules().piece(t).letter else {
                        return Err(format!("imbalance: {} has no letter of its own", variant.rules().piece(t).name));
                    };
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(if c == Color::White { letter } else { letter.to_ascii_lowercase() });
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    Ok(s)
}

/// The share of the points `points` out of `games` (a draw is half a point), and its 95 %
/// interval (Wilson's score interval).
pub fn score_interval(points: f64, games: u32) -> (f64, f64, f64) {
    if games == 0 {
        return (0.5, 0.0, 1.0);
    }
    let n = f64::from(games);
    let p = points / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// The rating difference a score `p` (0 to 1) means on the Elo scale.
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    // `+ 0.0` turns the -0 of an even score into 0.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}
