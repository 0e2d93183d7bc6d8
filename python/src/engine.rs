//! `chimera.engine`'s Rust side: the search `chimera uci` runs, in-process. A searcher
//! belongs to one variant and keeps its transposition table between the moves of a
//! game; `chimera/engine.py` gives it python-chess's `chess.engine` shape.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chimera::Position;
use chimera_search::{Limits, Score, Searcher};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::PyBoard;

/// What a search found: the turn to play (long algebraic, part by part), the score from
/// the mover's side (`("cp", centipawns)` or `("mate", turns)`), the principal variation
/// part by part, nodes, the deepest complete iteration, and seconds taken.
type Answer = (Vec<String>, (&'static str, i32), Vec<String>, u64, u32, f64);

/// A searcher for one variant (`chimera._native._Searcher`).
#[pyclass(name = "_Searcher", module = "chimera")]
pub struct PySearcher {
    searcher: Searcher,
    variant: String,
}

#[pymethods]
impl PySearcher {
    /// A searcher for the board's variant, its piece values estimated from the rules.
    #[new]
    fn new(board: PyRef<'_, PyBoard>) -> PySearcher {
        let variant = board.pos.variant();
        PySearcher { searcher: Searcher::new(variant), variant: variant.name().to_string() }
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &str {
        &self.variant
    }

    /// The estimated value of each piece type, by letter, in centipawns.
    fn values(&self, board: PyRef<'_, PyBoard>) -> Vec<(String, i32)> {
        let rules = board.pos.variant().rules();
        rules.piece_types().map(|t| (rules.symbol(t).to_string(), self.searcher.values().value(t))).collect()
    }

    /// Forgets earlier searches (a new game).
    fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Searches the board's position within the limits given (at least one), the
    /// interpreter free meanwhile.
    #[pyo3(signature = (board, *, nodes=None, depth=None, seconds=None))]
    fn search(
        &mut self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        nodes: Option<u64>,
        depth: Option<u32>,
        seconds: Option<f64>,
    ) -> PyResult<Answer> {
        if board.pos.variant().name() != self.variant {
            return Err(PyValueError::new_err(format!(
                "this searcher plays {}, the board is {}",
                self.variant,
                board.pos.variant().name()
            )));
        }
        let movetime = match seconds {
            Some(s) if !(s.is_finite() && s >= 0.0) => return Err(PyValueError::new_err(format!("a time limit of {s} seconds"))),
            Some(s) => Some(Duration::from_secs_f64(s.min(1e9))),
            None => None,
        };
        if nodes.is_none() && depth.is_none() && movetime.is_none() {
            return Err(PyValueError::new_err("a search needs a limit: nodes, depth or time"));
        }
        let limits = Limits { nodes, depth, movetime };
        let pos = board.pos.clone();
        drop(board);
        let searcher = &mut self.searcher;
        let started = Instant::now();
        let found = py.detach(|| searcher.search(&pos, &limits, &AtomicBool::new(false), |_| {}));
        let score = match found.score {
            Score::Cp(cp) => ("cp", cp),
            Score::Mate(n) => ("mate", n),
        };
        Ok((parts(&pos, &found.turn), score, parts(&pos, &found.pv), found.nodes, found.depth, started.elapsed().as_secs_f64()))
    }
}

/// A line of parts from `pos`, each in long algebraic form.
fn parts(pos: &Position, line: &[chimera::Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        out.push(pos.uci(m));
        if pos.play(m).is_err() {
            break;
        }
    }
    out
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySearcher>()
}
