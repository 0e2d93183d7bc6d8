//! `chimera uci`: the search ([`chimera_search`]) behind the Universal Chess Interface, as
//! Fairy-Stockfish speaks it for variants (`UCI_Variant`, `VariantPath`), so that
//! cutechess-cli, python-chess's `chess.engine`, lichess-bot and GUIs can drive Chimera.
//! The protocol itself is [`chimera_search::uci`]'s; this is only its wiring to the terminal.

use std::io::{self, BufReader};
use std::sync::{Arc, Mutex};

use super::Failure;

#[derive(clap::Args)]
pub struct Args {}

/// Answers UCI commands on stdin until `quit` or the end of the input; answers go to stdout
/// a line at a time (the protocol's reader waits for each), not through the command's buffer.
pub fn run(_: &Args) -> Result<(), Failure> {
    chimera_search::uci::run(BufReader::new(io::stdin()), Arc::new(Mutex::new(io::stdout())));
    Ok(())
}
