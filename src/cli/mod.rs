//! The subcommands, one module each, and what they share: loading a variant and a
//! start position, playing moves with errors that say where, and naming results.

pub mod check;
pub mod moves;
pub mod perft;
pub mod serve;
pub mod validate;
pub mod variants;
pub mod web;

use std::fmt;
use std::io;

use chimera::movetext::MoveToken;
use chimera::EndReason;
use chimera::{Color, Outcome, Position, Variant};

/// Why a subcommand failed: a message for stderr (exit code 1), or an output error.
#[derive(Debug)]
pub enum Failure {
    Message(String),
    Io(io::Error),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Message(m) => f.write_str(m),
            Failure::Io(e) => write!(f, "cannot write output: {e}"),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

impl From<String> for Failure {
    fn from(m: String) -> Failure {
        Failure::Message(m)
    }
}

/// A built-in variant or a ruleset file.
pub fn load_variant(name: &str) -> Result<Variant, Failure> {
    use chimera::variants::LoadError;
    chimera::variants::load(name).map_err(|e| match e {
        LoadError::Io(path, e) => read_error(&path, &e),
        e => Failure::Message(e.to_string()),
    })
}

/// The variant's start position, or the given FEN.
pub fn start_position(variant: &Variant, fen: Option<&str>) -> Result<Position, Failure> {
    match fen {
        None => Ok(variant.start()),
        Some(fen) => variant.position(fen).map_err(|e| Failure::Message(e.to_string())),
    }
}

/// An I/O error in a sentence: `cannot read x.toml: no such file`.
pub fn read_error(path: &str, e: &io::Error) -> Failure {
    let why = match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::InvalidData => "not UTF-8 text".to_string(),
        _ => e.to_string(),
    };
    Failure::Message(format!("cannot read {path}: {why}"))
}

/// `White` / `Black`.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Where the side to move stands in the game: `move 12. for White`, `move 12... for Black`.
pub fn move_label(pos: &Position) -> String {
    let dots = if pos.turn() == Color::White { "." } else { "..." };
    format!("move {}{dots} for {}", pos.fullmove_number(), side_name(pos.turn()))
}

/// A result with its reason: `1-0 (white wins by checkmate)`, `1/2-1/2 (draw by 3-fold repetition)`.
pub fn describe_outcome(o: Outcome, pos: &Position) -> String {
    let end = &pos.rules().end;
    let reason = match o.reason {
        EndReason::Checkmate => "checkmate".to_string(),
        EndReason::Stalemate => "stalemate".to_string(),
        EndReason::Repetition => format!("{}-fold repetition", end.repetition),
        EndReason::MoveRule => format!("the {}-move rule", end.move_rule),
        EndReason::InsufficientMaterial => "insufficient material (dead position)".to_string(),
        EndReason::ArmyCaptured => "capturing the whole army".to_string(),
        EndReason::Extinction => "extinction".to_string(),
        EndReason::Rule(reason) => reason.replace('-', " "),
    };
    match o.winner {
        Some(c) => format!("{} ({c} wins by {reason})", o.score()),
        None => format!("{} (draw by {reason})", o.score()),
    }
}

/// Plays moves read from movetext, in order. The first that cannot be played (or
/// comes after the end of the game) fails with
/// ``ply N (move M. for White): `text`: reason``.
pub fn play_moves<'a>(pos: &mut Position, moves: impl IntoIterator<Item = &'a MoveToken>) -> Result<(), Failure> {
    for m in moves {
        let refuse = |pos: &Position, why: String| {
            // Published scores skip or repeat numbers: say so when the text's differs.
            let label = move_label(pos);
            let written = match &m.written {
                Some(w) if !label.starts_with(&format!("move {w} ")) => format!(", written {w}"),
                _ => String::new(),
            };
            Failure::Message(format!("ply {} ({label}{written}): `{}`: {why}", m.ply, m.text))
        };
        if let Some(o) = pos.outcome() {
            return Err(refuse(pos, format!("the game is already over: {}", describe_outcome(o, pos))));
        }
        if let Err(e) = pos.play_str(&m.text) {
            return Err(refuse(pos, e.message));
        }
    }
    Ok(())
}
