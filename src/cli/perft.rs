//! `chimera perft <variant> <depth>`: count the leaves of the legal move tree.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

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
    /// Also count per root move (`<move> <count>`, sorted by the move).
    #[arg(long)]
    pub divide: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What `--json` prints.
#[derive(Serialize)]
struct Report {
    variant: String,
    fen: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nodes_per_second: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<BTreeMap<String, u64>>,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = load_variant(&args.variant)?;
    let mut pos = start_position(&variant, args.fen.as_deref())?;
    let started = Instant::now();
    let (nodes, divide) = if args.divide {
        let mut counts: Vec<(String, u64)> = if args.depth == 0 {
            Vec::new()
        } else {
            pos.divide(args.depth).into_iter().map(|(m, n)| (pos.uci(m), n)).collect()
        };
        counts.sort();
        let nodes = if args.depth == 0 { 1 } else { counts.iter().map(|c| c.1).sum() };
        (nodes, Some(counts))
    } else {
        (pos.perft(args.depth), None)
    };
    let seconds = started.elapsed().as_secs_f64();

    if args.json {
        let report = Report {
            variant: variant.name().to_string(),
            fen: pos.fen(),
            depth: args.depth,
            nodes,
            seconds,
            nodes_per_second: (seconds > 0.0).then(|| (nodes as f64 / seconds).round() as u64),
            divide: divide.map(|d| d.into_iter().collect()),
        };
        let json = serde_json::to_string(&report).map_err(|e| Failure::Message(format!("cannot write JSON: {e}")))?;
        writeln!(out, "{json}")?;
        return Ok(());
    }
    for (m, n) in divide.iter().flatten() {
        writeln!(out, "{m} {n}")?;
    }
    writeln!(out, "nodes {nodes}")?;
    Ok(())
}
