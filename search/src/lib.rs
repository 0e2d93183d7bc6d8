//! A computer opponent for every variant (issue 53): iterative deepening alpha-beta over
//! the kernel's legal moves, the game's ends as the kernel judges them, and piece values
//! estimated from the rules ([`eval`]).
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use chimera_search::{search, Limits, Score};
//!
//! let chess = chimera_variants::load("chess").unwrap();
//! // White mates on the back rank: Ra8#.
//! let pos = chess.position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let result = search(&pos, &Limits::depth(3), &AtomicBool::new(false), |_| {});
//! assert_eq!(pos.uci(result.best_move.unwrap()), "a1a8");
//! assert_eq!(result.score, Score::Mate(1));
//! ```
//!
//! Turns of several parts (Marseillais, Monster, Duck, Progressive chess) are searched
//! part by part: a part after which the same side is still to move is a ply whose score
//! is not negated (see [`search`]'s module). [`SearchResult::turn`] gives the whole turn
//! the search chose; [`SearchResult::best_move`] is its first part.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chimera_engine::{Move, Position, Variant};

pub mod aims;
pub mod eval;
mod order;
pub mod playtest;
mod search;
mod tt;
pub mod uci;

pub use eval::Values;
pub use search::{MATE, MAX_PLY};

/// What a search asks, every [`STOP_POLL`] nodes, whether to stop early: a flag another
/// thread sets (`AtomicBool`: `stop` in UCI), or a front end's own test — `chimera web`'s
/// CPU budget for a request, which also pauses the search there to let other sessions'
/// requests have the cores in turn.
pub trait Stop {
    /// Whether to stop now (the search then answers with what it has found).
    fn stop(&self) -> bool;
}

impl Stop for AtomicBool {
    fn stop(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// How many nodes the search visits between two looks at its [`Stop`] and its clock.
pub const STOP_POLL: u64 = 256;

/// When to stop searching; every limit given applies, whichever is reached first. With
/// none, the search deepens until the stop flag is set (or a depth of 64).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Nodes (positions visited, quiescence included); never exceeded.
    pub nodes: Option<u64>,
    /// Iterations: plies, each part of a turn counted as one.
    pub depth: Option<u32>,
    /// Time from the start of the search.
    pub movetime: Option<Duration>,
}

impl Limits {
    /// At most `n` nodes.
    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), ..Limits::default() }
    }
    /// Iterations up to `d` plies.
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }
    /// For about `t`.
    pub fn movetime(t: Duration) -> Limits {
        Limits { movetime: Some(t), ..Limits::default() }
    }
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (a pawn of the estimated values is about 90).
    Cp(i32),
    /// A forced win in so many of the mover's turns (positive), or a loss after so
    /// many (negative; 0: lost now). Won or lost by whatever end the rules have.
    Mate(i32),
}

/// What an iteration found, reported after each completed one.
#[derive(Clone, Debug)]
pub struct Info {
    /// The iteration's depth, in plies (parts).
    pub depth: u32,
    /// The score of the best line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The best line, part by part.
    pub pv: Vec<Move>,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The part to play now; `None` when the game is over (the position's outcome, or no
    /// legal move).
    pub best_move: Option<Move>,
    /// The whole turn the search chose: `best_move` and the parts after it while the same
    /// side is to move (one move in most variants).
    pub turn: Vec<Move>,
    /// The score of `best_move` (of the position, when the game is over).
    pub score: Score,
    /// The best line found, part by part.
    pub pv: Vec<Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// The deepest complete iteration (0 when the limits ended the first one).
    pub depth: u32,
}

/// A searcher for one variant, keeping its estimated values and its transposition
/// table from one search to the next (the moves of one game).
pub struct Searcher {
    values: Values,
    tt: tt::Table,
}

/// Transposition table slots by default (about 4 MB).
const DEFAULT_TT_ENTRIES: usize = 1 << 17;

impl Searcher {
    /// A searcher for `variant`, its values estimated from the rules.
    pub fn new(variant: &Variant) -> Searcher {
        Searcher::with_table(variant, DEFAULT_TT_ENTRIES)
    }

    /// A searcher whose table has at least `entries` slots.
    pub fn with_table(variant: &Variant, entries: usize) -> Searcher {
        Searcher { values: Values::new(variant), tt: tt::Table::new(entries) }
    }

    /// The values the evaluation uses.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// Forgets what earlier searches stored (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Searches `pos` (of this searcher's variant) within `limits`, or until `stop` is
    /// set; `info` hears of each completed iteration.
    pub fn search(&mut self, pos: &Position, limits: &Limits, stop: &dyn Stop, info: impl FnMut(&Info)) -> SearchResult {
        search::Run::new(pos, &self.values, &mut self.tt, limits, stop).iterate(info)
    }
}

/// Searches `pos` with a fresh [`Searcher`] (values estimated, table empty): see
/// [`Searcher::search`].
pub fn search(pos: &Position, limits: &Limits, stop: &dyn Stop, info: impl FnMut(&Info)) -> SearchResult {
    Searcher::new(pos.variant()).search(pos, limits, stop, info)
}
