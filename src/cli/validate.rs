//! `chimera validate <variant> <file|->`: check every move of a game.

use std::io::{self, Read, Write};

use chimera::movetext::{self, GameResult, Token};

use super::{describe_outcome, load_variant, play_moves, read_error, start_position, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant or a ruleset file.
    pub variant: String,
    /// The game starts from this position instead of the variant's start.
    #[arg(long)]
    pub fen: Option<String>,
    /// The movetext (PGN-style), or `-` to read standard input.
    pub file: String,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = load_variant(&args.variant)?;
    let mut pos = start_position(&variant, args.fen.as_deref())?;
    let (name, text) = if args.file == "-" {
        let mut text = String::new();
        io::stdin().read_to_string(&mut text).map_err(|e| read_error("standard input", &e))?;
        ("<stdin>", text)
    } else {
        (args.file.as_str(), std::fs::read_to_string(&args.file).map_err(|e| read_error(&args.file, &e))?)
    };
    // Each move is played as it is read: the first that cannot be ends the reading, and
    // no list of the game's moves is kept.
    let mut plies = 0;
    let mut claimed = None;
    for token in movetext::tokens(&text) {
        let token = token.map_err(|e| {
            let (line, column) = movetext::line_column(&text, e.offset);
            Failure::Message(format!("{name}:{line}:{column}: {}", e.message))
        })?;
        match token {
            Token::Move(m) => {
                play_moves(&mut pos, [&m])?;
                plies += 1;
            }
            Token::Result(r) => claimed = Some(r),
        }
    }

    writeln!(out, "plies: {plies}")?;
    writeln!(out, "fen: {}", pos.fen())?;
    let outcome = pos.outcome();
    match outcome {
        Some(o) => writeln!(out, "result: {}", describe_outcome(o, &pos))?,
        None => writeln!(out, "result: * (game not over)")?,
    }
    if let Some(r) = claimed {
        let verdict = match (outcome, r.result) {
            (Some(o), GameResult::Unknown) => format!("disagrees: the game ended {}", o.score()),
            (Some(o), claimed) if claimed.score() == o.score() => "agrees".to_string(),
            (Some(o), _) => format!("disagrees: the game ended {}", o.score()),
            (None, GameResult::Unknown) => "agrees".to_string(),
            (None, _) => "not an end by the rules: decided off the board".to_string(),
        };
        writeln!(out, "text result: {} ({verdict})", r.text)?;
    }
    Ok(())
}
