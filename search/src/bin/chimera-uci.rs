//! `chimera-uci`: Chimera's search behind the Universal Chess Interface, for cutechess-cli,
//! python-chess's `chess.engine` and the GUIs that drive Fairy-Stockfish
//! (`chimera_search::uci`).

use std::io::BufReader;
use std::sync::{Arc, Mutex};

fn main() {
    chimera_search::uci::run(BufReader::new(std::io::stdin()), Arc::new(Mutex::new(std::io::stdout())));
}
