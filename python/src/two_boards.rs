//! `chimera.Match`: bughouse on both boards (the facade's `two_boards::Match`).

use chimera::two_boards::{BoardId, Match, MatchError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::api::{resolve, PyPosition};
use crate::errors;

/// A bughouse match: two boards of a two-board variant whose captures fill the partner's
/// hand on the other board. Boards are named `"A"` and `"B"`.
#[pyclass(name = "Match", module = "chimera")]
pub struct PyMatch {
    inner: Match,
}

fn board(name: &str) -> PyResult<BoardId> {
    match name {
        "A" | "a" => Ok(BoardId::A),
        "B" | "b" => Ok(BoardId::B),
        _ => Err(PyValueError::new_err(format!("a board is \"A\" or \"B\", not {name:?}"))),
    }
}

fn match_error(e: MatchError) -> PyErr {
    match e {
        MatchError::Move { error, .. } => errors::illegal_move(error),
        MatchError::Fen { error, .. } => errors::fen_error(error),
        other => PyValueError::new_err(other.to_string()),
    }
}

#[pymethods]
impl PyMatch {
    /// Both boards at the start, or from a match FEN (the two boards' FENs joined by
    /// ` | `, board A first).
    #[new]
    #[pyo3(signature = (variant = None, fen = None))]
    fn new(py: Python<'_>, variant: Option<&Bound<'_, PyAny>>, fen: Option<&str>) -> PyResult<PyMatch> {
        let v = match variant {
            Some(v) => resolve(v)?,
            None => resolve(PyString::new(py, "bughouse").as_any())?,
        };
        let inner = match fen {
            Some(fen) => Match::from_fen(&v, fen),
            None => Match::new(&v),
        }
        .map_err(match_error)?;
        Ok(PyMatch { inner })
    }

    /// The match FEN.
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// One board's position.
    fn board(&self, name: &str) -> PyResult<PyPosition> {
        Ok(PyPosition { inner: self.inner.board(board(name)?).clone() })
    }

    /// The legal moves on one board, long algebraic (none once the match has ended).
    fn legal_moves(&self, name: &str) -> PyResult<Vec<String>> {
        let b = board(name)?;
        let pos = self.inner.board(b);
        Ok(self.inner.legal_moves(b).into_iter().map(|m| pos.uci(m)).collect())
    }

    /// Plays a move (SAN or long algebraic) on one board; returns it long algebraic.
    fn push(&mut self, name: &str, text: &str) -> PyResult<String> {
        let b = board(name)?;
        let m = self.inner.play_str(b, text).map_err(match_error)?;
        Ok(self.inner.board(b).uci(m))
    }

    /// Plays BPGN movetext (`1A. e4 1a. e5 1B. d4`); returns how many moves it played.
    fn push_movetext(&mut self, text: &str) -> PyResult<usize> {
        self.inner.play_movetext(text).map_err(match_error)
    }

    /// Takes back the last move of the match: `(board, move)`.
    fn pop(&mut self) -> PyResult<(String, String)> {
        let (b, m) = self.inner.undo().ok_or_else(|| PyValueError::new_err("no move to take back"))?;
        Ok((b.to_string(), self.inner.board(b).uci(m)))
    }

    /// The moves played, as BPGN movetext.
    fn movetext(&self) -> String {
        self.inner.movetext()
    }

    /// `None`, or `(board, winner, reason)`: the board whose game ended, the side that won
    /// there (`"white"`, `"black"`, or `None` for a draw) and the reason code; the winner's
    /// partner, the other colour on the other board, wins too.
    fn outcome(&self) -> Option<(String, Option<&'static str>, &'static str)> {
        self.inner.outcome().map(|o| (o.board.to_string(), o.outcome.winner.map(|w| w.name()), o.outcome.reason.as_str()))
    }

    /// Leaf nodes `depth` moves ahead, a move on either board a ply. The GIL is released
    /// while it counts.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let mut game = self.inner.clone();
        py.detach(move || game.perft(depth))
    }

    fn __repr__(&self) -> String {
        format!("<chimera.Match {:?}>", self.inner.fen())
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMatch>()
}
