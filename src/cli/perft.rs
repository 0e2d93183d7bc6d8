//! `chimera perft <variant> <depth>`: count the leaves of the legal move tree.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::time::Instant;

use chimera::two_boards::Match;
use chimera::{Move, Position, Variant};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use super::{load_variant, start_position, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant or a ruleset file.
    pub variant: String,
    /// Plies to search.
    pub depth: u32,
    /// Start from this position instead of the variant's start.
    #[arg(long)]
    pub fen: Option<String>,
    /// Read the FEN as Chess960: king and rooks anywhere on their first rank, castling
    /// rights by rook file (`HAha`) or X-FEN (`KQkq`), castles written king-takes-rook.
    #[arg(long)]
    pub chess960: bool,
    /// Also count per root move (`<move> <count>`, sorted by the move).
    #[arg(long)]
    pub divide: bool,
    /// Count a bughouse match on both boards (a two-board variant, `[drops] two_boards`):
    /// a move is one on either board, and captures fill the partner's hand on the other;
    /// `--fen` takes the two boards' FENs joined by ` | `. With `--divide`, each root move
    /// is written after its board (`A e2e4`).
    #[arg(long = "match", conflicts_with = "chess960")]
    pub both_boards: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Threads that share the root moves (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// No progress bar. Without it, a bar counts the root moves done on standard error
    /// when that is a terminal (and is cleared at the end).
    #[arg(long)]
    pub no_progress: bool,
}

/// What `--json` prints.
#[derive(Serialize)]
struct Report {
    variant: String,
    fen: String,
    depth: u32,
    nodes: u64,
    threads: usize,
    seconds: f64,
    nodes_per_second: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<BTreeMap<String, u64>>,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = load_variant(&args.variant)?;
    if args.both_boards {
        return run_match(args, &variant, out);
    }
    let mut pos = start_position(&variant, args.fen.as_deref(), args.chess960)?;
    let threads = match args.threads {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let progress = !args.no_progress && std::io::stderr().is_terminal();
    let started = Instant::now();
    let (nodes, divide) = if args.depth == 0 {
        (1, args.divide.then(Vec::new))
    } else if args.divide || threads > 1 || progress {
        let counts = per_root_move(&pos, args.depth, threads, progress)?;
        let nodes = counts.iter().map(|c| c.1).sum();
        (nodes, args.divide.then(|| sorted_by_move(&pos, counts)))
    } else {
        // One thread, nothing to show per move: the plain count, which does the last ply
        // of the root too in bulk.
        (pos.perft(args.depth), None)
    };
    let report = Report {
        variant: variant.name().to_string(),
        fen: pos.fen(),
        depth: args.depth,
        nodes,
        threads,
        seconds: started.elapsed().as_secs_f64(),
        nodes_per_second: None,
        divide: divide.map(|d| d.into_iter().collect()),
    };
    report.print(args.json, out)
}

/// `--match`: perft of a bughouse match, on one thread.
fn run_match(args: &Args, variant: &Variant, out: &mut dyn Write) -> Result<(), Failure> {
    let mut game = match args.fen.as_deref() {
        Some(fen) => Match::from_fen(variant, fen),
        None => Match::new(variant),
    }
    .map_err(|e| Failure::Message(e.to_string()))?;
    let started = Instant::now();
    let (nodes, divide) = if args.divide {
        let counts = game.divide(args.depth);
        let mut named: Vec<(String, u64)> =
            counts.into_iter().map(|(board, m, n)| (format!("{board} {}", game.board(board).uci(m)), n)).collect();
        named.sort();
        (if args.depth == 0 { 1 } else { named.iter().map(|c| c.1).sum() }, Some(named))
    } else {
        (game.perft(args.depth), None)
    };
    let report = Report {
        variant: variant.name().to_string(),
        fen: game.fen(),
        depth: args.depth,
        nodes,
        threads: 1,
        seconds: started.elapsed().as_secs_f64(),
        nodes_per_second: None,
        divide: divide.map(|d| d.into_iter().collect()),
    };
    report.print(args.json, out)
}

impl Report {
    /// One JSON object, or the root moves' counts (with `--divide`) and `nodes <N>`.
    fn print(mut self, json: bool, out: &mut dyn Write) -> Result<(), Failure> {
        if json {
            self.nodes_per_second = (self.seconds > 0.0).then(|| (self.nodes as f64 / self.seconds).round() as u64);
            let json = serde_json::to_string(&self).map_err(|e| Failure::Message(format!("cannot write JSON: {e}")))?;
            writeln!(out, "{json}")?;
            return Ok(());
        }
        for (m, n) in self.divide.iter().flatten() {
            writeln!(out, "{m} {n}")?;
        }
        writeln!(out, "nodes {}", self.nodes)?;
        Ok(())
    }
}

/// Perft below each legal whole turn of `pos` (`depth` >= 1: a move, or the parts of a
/// turn that has several, `e2e4,e4e5`), the root turns shared by a pool of `threads`
/// threads, each counting on its own copy of the position.
fn per_root_move(pos: &Position, depth: u32, threads: usize, progress: bool) -> Result<Vec<(Vec<Move>, u64)>, Failure> {
    let moves = pos.clone().legal_turns();
    let bar = if progress { ProgressBar::new(moves.len() as u64) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} root moves, {eta} left")
            .map_err(|e| Failure::Message(format!("progress bar: {e}")))?
            .progress_chars("=> "),
    );
    let count = |turn: Vec<Move>| {
        let mut child = pos.clone();
        for &m in &turn {
            child.play_unchecked(m);
        }
        let n = child.perft(depth - 1);
        bar.inc(1);
        (turn, n)
    };
    let counts = if threads == 1 {
        moves.into_iter().map(count).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Failure::Message(format!("cannot start {threads} threads: {e}")))?;
        pool.install(|| moves.into_par_iter().map(count).collect())
    };
    bar.finish_and_clear();
    Ok(counts)
}

/// Root counts in long algebraic notation (a turn's parts joined by commas), sorted by it.
fn sorted_by_move(pos: &Position, counts: Vec<(Vec<Move>, u64)>) -> Vec<(String, u64)> {
    let mut pos = pos.clone();
    let mut named: Vec<(String, u64)> = counts.into_iter().map(|(turn, n)| (pos.turn_uci(&turn), n)).collect();
    named.sort();
    named
}
