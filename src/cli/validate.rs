//! `chimera validate <variant> <file|->`: check every game of a PGN file (or plain
//! movetext), each as it is read, with a verdict per game.

use std::io::{self, BufRead, BufReader, Write};

use chimera::pgn::{Checker, Problem, Verdict};
use serde_json::{json, Value};

use super::{describe_outcome, load_variant, printable, read_error, start_position, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// The variant of games without a `[Variant]` tag: a built-in or a ruleset file.
    pub variant: String,
    /// Games without a `[FEN]` tag start from this position instead of the variant's start.
    #[arg(long)]
    pub fen: Option<String>,
    /// One JSON object per game, on a line each, instead of text.
    #[arg(long)]
    pub json: bool,
    /// The PGN file or movetext, or `-` to read standard input.
    pub file: String,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = load_variant(&args.variant)?;
    if let Some(fen) = &args.fen {
        variant.position(fen).map_err(|e| Failure::Message(e.to_string()))?;
    }
    let (name, src): (&str, Box<dyn BufRead>) = if args.file == "-" {
        ("<stdin>", decompressed(Box::new(io::stdin().lock())).map_err(|e| read_error("<stdin>", &e))?)
    } else {
        let file = std::fs::File::open(&args.file).map_err(|e| read_error(&args.file, &e))?;
        (args.file.as_str(), decompressed(Box::new(BufReader::new(file))).map_err(|e| read_error(&args.file, &e))?)
    };
    let mut verdicts = Checker::new(&variant).with_fen(args.fen.as_deref()).games(src);
    let (mut games, mut failed) = (0, 0);
    let mut count = |v: &Verdict| {
        games += 1;
        failed += usize::from(!v.ok());
    };
    if args.json {
        for v in verdicts {
            count(&v);
            writeln!(out, "{}", to_json(&v))?;
        }
    } else {
        // A file of one game reads as before: its report, or its problem as the error.
        let Some(first) = verdicts.next() else {
            // No move at all: the start position is the whole game (a position checked).
            let mut pos = start_position(&variant, args.fen.as_deref(), false)?;
            writeln!(out, "plies: 0")?;
            writeln!(out, "fen: {}", pos.fen())?;
            match pos.outcome() {
                Some(o) => writeln!(out, "result: {}", describe_outcome(o, &pos))?,
                None => writeln!(out, "result: * (game not over)")?,
            }
            if let Some(c) = pos.claims().into_iter().find(|c| c.by.is_none()) {
                writeln!(out, "claimable: {}", describe_outcome(c.outcome, &pos))?;
            }
            return Ok(());
        };
        count(&first);
        let Some(second) = verdicts.next() else {
            return match &first.problem {
                None => report(&first, "", out),
                Some(Problem::Unreadable { error }) => {
                    Err(Failure::Message(format!("{name}:{}:{}: {}", error.line, error.column, error.message)))
                }
                Some(p) => Err(Failure::Message(p.to_string())),
            };
        };
        for v in [first, second].into_iter().chain(verdicts) {
            if v.game > 1 {
                count(&v);
            }
            let head = match &v.problem {
                None => "ok".to_string(),
                // The stable code first (the same as `--json`'s and Python's), then why.
                Some(p) => format!("fails [{}]: {p}", p.code()),
            };
            // The variant (its `[Variant]` tag) and the move text are the input's.
            writeln!(out, "{}", printable(&format!("game {} ({name}:{}, {}): {head}", v.game, v.line, v.variant)))?;
            report(&v, "  ", out)?;
        }
    }
    match failed {
        0 => Ok(()),
        _ => Err(Failure::Message(format!("{failed} of {games} games fail"))),
    }
}

/// The text of a stream, decompressed as it is read if it is zstd's (`.pgn.zst`, several
/// frames end to end included, as parallel compressors write them) or gzip's (`.pgn.gz`,
/// several members included): told by its first bytes, so standard input is read alike.
fn decompressed(mut src: Box<dyn BufRead>) -> io::Result<Box<dyn BufRead>> {
    let head = src.fill_buf()?;
    if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        return Ok(Box::new(BufReader::new(zstd::stream::read::Decoder::with_buffer(src)?)));
    }
    if head.starts_with(&[0x1f, 0x8b]) {
        return Ok(Box::new(BufReader::new(flate2::bufread::MultiGzDecoder::new(src))));
    }
    Ok(src)
}

/// The moves played, the position reached, the result and how the text's agrees.
fn report(v: &Verdict, indent: &str, out: &mut dyn Write) -> Result<(), Failure> {
    writeln!(out, "{indent}plies: {}", v.plies)?;
    writeln!(out, "{indent}fen: {}", v.fen)?;
    if v.problem.is_some() {
        return Ok(());
    }
    match &v.end {
        Some(end) => writeln!(out, "{indent}result: {end}")?,
        None => writeln!(out, "{indent}result: * (game not over)")?,
    }
    if let Some(claim) = &v.claimable {
        writeln!(out, "{indent}claimable: {claim}")?;
    }
    if let (Some(r), Some(agreement)) = (&v.claimed, &v.agreement) {
        writeln!(out, "{}", printable(&format!("{indent}text result: {} ({agreement})", r.text)))?;
    }
    Ok(())
}

fn to_json(v: &Verdict) -> Value {
    let problem = v.problem.as_ref().map(|p| match p {
        Problem::Setup { message, .. } => json!({"kind": "setup", "code": p.code(), "message": message}),
        Problem::Result { message, .. } => json!({"kind": "result", "code": p.code(), "message": message}),
        Problem::Unreadable { error } => {
            json!({"kind": "unreadable", "code": p.code(), "line": error.line, "column": error.column, "message": error.message})
        }
        Problem::Illegal { refused, place } => json!({
            "kind": "illegal", "ply": refused.ply, "move": refused.text, "line": place.line, "column": place.column,
            "code": p.code(), "message": refused.to_string(),
        }),
    });
    json!({
        "game": v.game,
        "line": v.line,
        "variant": v.variant,
        "ok": v.ok(),
        "plies": v.plies,
        "fen": v.fen,
        "result": v.end,
        "claimable": v.claimable,
        "text_result": v.claimed.as_ref().map(|r| &r.text),
        "agreement": v.agreement,
        "problem": problem,
    })
}
