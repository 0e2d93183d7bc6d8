//! `chimera.pgn`'s core: one game's text (framed by `chimera/pgn.py`, as python-chess
//! frames games) read with the engine's movetext reader and played in the variant and
//! from the position its tags name, as `chimera validate` does.

use chimera::game::{judge, move_label};
use chimera::movetext::{Games, Token};
use chimera::pgn::{builtin_named_by, setup_fen};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::api::PyVariant;
use crate::board::{refusal_with, PyMove};
use crate::errors;

/// One game, read: its tags, where it starts, the moves played, its result token and
/// the error that stopped it (python-chess keeps such errors in `Game.errors`).
#[pyclass(name = "_GameText", module = "chimera.pgn", frozen, get_all)]
pub struct GameText {
    tags: Vec<(String, String)>,
    /// The variant its `[Variant]` tag names (chess without one); `None` if the tag
    /// names none (`error` says so).
    variant: Option<Py<PyVariant>>,
    /// The `[FEN]` it starts from; `None` for the variant's start.
    fen: Option<String>,
    /// Whether its tag asks for Chess960 castling (`[Variant "Chess960"]`).
    chess960: bool,
    moves: Vec<Py<PyMove>>,
    result: Option<String>,
    error: Option<Py<PyAny>>,
}

/// Reads the first game of `text` and plays its moves; the GIL is released meanwhile.
#[pyfunction]
fn _read_game_text(py: Python<'_>, text: &str) -> PyResult<Option<GameText>> {
    struct Read {
        tags: Vec<(String, String)>,
        variant: Option<chimera::Variant>,
        fen: Option<String>,
        chess960: bool,
        moves: Vec<PyMove>,
        result: Option<String>,
        error: Option<PyErr>,
    }
    let read = py.detach(|| -> PyResult<Option<Read>> {
        let mut games = Games::new(text.as_bytes());
        let Some(start) = games.next_game() else { return Ok(None) };
        let tags = start.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect();
        let mut read = Read {
            tags,
            variant: None,
            fen: setup_fen(&start).map(str::to_string),
            chess960: false,
            moves: Vec::new(),
            result: None,
            error: None,
        };
        let variant = match start.tag("Variant") {
            None => crate::load("chess")?,
            Some(tag) => match builtin_named_by(tag) {
                Some((b, mode)) => {
                    read.chess960 = mode == chimera::CastlingMode::Chess960;
                    crate::load(b.id)?
                }
                None => {
                    read.error = Some(PyValueError::new_err(format!("the [Variant \"{tag}\"] tag names no built-in variant")));
                    return Ok(Some(read));
                }
            },
        };
        read.variant = Some(variant.clone());
        let mut pos = match &read.fen {
            None => variant.start(),
            Some(fen) => match variant
                .position_in(fen, if read.chess960 { chimera::CastlingMode::Chess960 } else { chimera::CastlingMode::Standard })
            {
                Ok(pos) => pos,
                Err(e) => {
                    read.error = Some(errors::fen_error(e));
                    return Ok(Some(read));
                }
            },
        };
        while let Some(token) = games.next_token() {
            match token {
                Err(e) => {
                    read.error = Some(errors::movetext_error(e.line, e.column, e.message));
                    break;
                }
                Ok(Token::Result(r)) => read.result = Some(r.text),
                Ok(Token::Move(m)) => match judge(&mut pos, &m.text) {
                    Ok(mv) => {
                        read.moves.push(PyMove::of(&pos, mv));
                        pos.play_unchecked(mv);
                    }
                    Err(e) => {
                        let at = format!("ply {} ({}): `{}`: ", m.ply, move_label(&pos), m.text);
                        read.error = Some(refusal_with(e, &at));
                        break;
                    }
                },
            }
        }
        Ok(Some(read))
    })?;
    let Some(read) = read else { return Ok(None) };
    Ok(Some(GameText {
        tags: read.tags,
        variant: read.variant.map(|inner| Py::new(py, PyVariant { inner })).transpose()?,
        fen: read.fen,
        chess960: read.chess960,
        moves: read.moves.into_iter().map(|m| Py::new(py, m)).collect::<PyResult<_>>()?,
        result: read.result,
        error: read.error.map(|e| e.into_value(py).into_any()),
    }))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameText>()?;
    m.add_function(wrap_pyfunction!(_read_game_text, m)?)?;
    Ok(())
}
