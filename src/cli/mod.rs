//! The subcommands, one module each, and what they share: loading a variant and a
//! start position, playing moves with errors that say where, and naming results.

pub mod cases;
pub mod check;
pub mod export_ini;
pub mod import_ini;
pub mod moves;
pub mod perft;
pub mod playtest;
pub mod serve;
pub mod uci;
pub mod validate;
pub mod variants;
pub mod web;

use std::fmt;
use std::io;

pub use chimera::game::describe_outcome;
use chimera::movetext::MoveToken;
use chimera::{CastlingMode, Notation, Position, Variant};

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
pub fn start_position(variant: &Variant, fen: Option<&str>, chess960: bool) -> Result<Position, Failure> {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let fen = fen.unwrap_or(&variant.rules().start_fen);
    variant.position_in(fen, mode).map_err(|e| Failure::Message(e.to_string()))
}

/// A notation by name (`shogi-hodges`), or `default`: the variant's own.
pub fn parse_notation(name: &str, variant: &Variant) -> Result<Notation, Failure> {
    if name == "default" {
        return Ok(Notation::default_for(variant.rules()));
    }
    Notation::from_name(name)
        .ok_or_else(|| Failure::Message(format!("`{name}` is no notation; known: {}, default{}", Notation::names(), notation_hint(name))))
}

/// `: did you mean `shogi-hodges`?` for a misspelt notation name, or nothing.
pub fn notation_hint(name: &str) -> String {
    chimera::ruleset::suggest::did_you_mean(name, Notation::ALL.map(Notation::name).into_iter().chain(["default"]))
}

/// An I/O error in a sentence: `cannot read x.toml: no such file`.
/// The largest variants file `import-ini` reads (Fairy-Stockfish's own is about 100 kB).
pub const MAX_INI_BYTES: u64 = 16 << 20;

/// Reads an input file that must be a regular file of at most `cap` bytes: a named pipe
/// or a device is refused at once instead of blocking or never ending.
/// A regular file's text, of at most `cap` bytes, a byte-order mark at its start dropped.
pub fn read_input(path: &str, cap: u64) -> Result<String, Failure> {
    chimera::files::read_capped(std::path::Path::new(path), cap).map_err(|why| Failure::Message(format!("cannot read {path}: {why}")))
}

/// `text` with every control character but line breaks and tabs written as an escape
/// (`\u{1b}`): an error message quotes its input, and a terminal must not obey input
/// from an untrusted file.
pub fn printable(text: &str) -> String {
    text.chars().map(|c| if c.is_control() && c != '\n' && c != '\t' { c.escape_unicode().to_string() } else { c.to_string() }).collect()
}

pub fn read_error(path: &str, e: &io::Error) -> Failure {
    Failure::Message(format!("cannot read {path}: {}", chimera::files::phrase(e)))
}

/// Plays moves read from movetext, in order. The first that cannot be played (or
/// comes after the end of the game) fails with
/// ``ply N (move M. for White): `text`: reason``.
pub fn play_moves<'a>(pos: &mut Position, moves: impl IntoIterator<Item = &'a MoveToken>) -> Result<(), Failure> {
    chimera::game::play_movetext(pos, moves).map_err(|refused| Failure::Message(refused.to_string()))
}
