//! `chimera.pgn`'s core: the games of a PGN stream cut into texts by the library's one
//! reader of games (`chimera::movetext::GameTexts`, the reader `chimera validate` uses),
//! and one game's text read and played in the variant and from the position its tags
//! name, as `chimera validate` does.

use std::io::{self, BufRead, Read};
use std::sync::Mutex;

use chimera::game::{judge, move_label};
use chimera::movetext::{GameText, GameTexts, Place, Token};
use chimera::pgn::{builtin_named_by, setup_fen, BAD_FEN, UNKNOWN_VARIANT, UNREADABLE_MOVETEXT};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::api::PyVariant;
use crate::board::{refusal_with, PyMove};
use crate::errors;

/// One game's text, cut from its file where Chimera's reader of games ends it, with its
/// number and place there: checked alone (`chimera.pgn.check_texts`, on any thread or
/// process), it gets the verdict it gets in the file. `str(text)` is its text.
#[pyclass(name = "GameText", module = "chimera.pgn", frozen, eq, skip_from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PyGameText {
    pub inner: GameText,
}

#[pymethods]
impl PyGameText {
    #[new]
    #[pyo3(signature = (data, number = 1, offset = 0, line = 1, column = 1, follows_result = None, tag_follows = false))]
    fn new(
        data: Vec<u8>,
        number: usize,
        offset: usize,
        line: usize,
        column: usize,
        follows_result: Option<String>,
        tag_follows: bool,
    ) -> PyGameText {
        let place = Place { offset, line, column };
        PyGameText { inner: GameText { number, place, follows_result, tag_follows, text: data } }
    }

    /// Its number in the file, from 1.
    #[getter]
    fn number(&self) -> usize {
        self.inner.number
    }

    /// The line of the file it begins on, from 1.
    #[getter]
    fn line(&self) -> usize {
        self.inner.place.line
    }

    /// Its bytes, as the file holds them.
    #[getter]
    fn data<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.text)
    }

    /// Its text (bytes that are no UTF-8 replaced by U+FFFD).
    #[getter]
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.inner.text).into_owned()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<chimera.pgn.GameText game {}, line {}, {} bytes>", self.inner.number, self.inner.place.line, self.inner.text.len())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let py = slf.py();
        let t = &slf.get().inner;
        let args =
            (PyBytes::new(py, &t.text), t.number, t.place.offset, t.place.line, t.place.column, t.follows_result.clone(), t.tag_follows);
        Ok((slf.get_type().into_any(), args.into_pyobject(py)?.into_any()))
    }
}

/// A Python file object read as bytes: `read(65536)` (or `readline()`, to read no more of
/// the handle than a game needs) gives `str` (taken as UTF-8) or `bytes`.
struct PySource {
    handle: Py<PyAny>,
    lines: bool,
    buf: Vec<u8>,
    pos: usize,
    done: bool,
}

impl PySource {
    fn refill(&mut self) -> io::Result<()> {
        Python::attach(|py| -> PyResult<()> {
            let handle = self.handle.bind(py);
            let got = if self.lines { handle.call_method0("readline")? } else { handle.call_method1("read", (1 << 16,))? };
            self.buf.clear();
            self.pos = 0;
            if let Ok(s) = got.cast::<PyString>() {
                self.buf.extend_from_slice(s.to_str()?.as_bytes());
            } else {
                self.buf.extend_from_slice(&got.extract::<Vec<u8>>()?);
            }
            self.done = self.buf.is_empty();
            Ok(())
        })
        .map_err(|e| io::Error::other(e.to_string()))
    }
}

impl Read for PySource {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = {
            let buf = self.fill_buf()?;
            let n = buf.len().min(out.len());
            out[..n].copy_from_slice(&buf[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for PySource {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos >= self.buf.len() && !self.done {
            self.refill()?;
        }
        Ok(&self.buf[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.buf.len());
    }
}

/// The games of a file object (text or binary), as `GameText`s, in order: cut by the
/// library's reader of games, with the GIL released but while the handle is read.
#[pyclass(name = "_PgnReader", module = "chimera.pgn")]
pub struct PgnReader {
    texts: Mutex<GameTexts<PySource>>,
}

#[pymethods]
impl PgnReader {
    #[new]
    #[pyo3(signature = (handle, lines = false))]
    fn new(handle: Py<PyAny>, lines: bool) -> PgnReader {
        let source = PySource { handle, lines, buf: Vec::new(), pos: 0, done: false };
        PgnReader { texts: Mutex::new(GameTexts::new(source)) }
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> Option<PyGameText> {
        // Locked with the GIL released: a thread waiting here holds no GIL the reader needs.
        py.detach(|| self.texts.lock().ok()?.next()).map(|inner| PyGameText { inner })
    }
}

/// A game's text as the functions take it: a `GameText`, or a `str` holding a game of
/// its own (read as game 1, from line 1).
pub fn game_text(text: &Bound<'_, PyAny>) -> PyResult<GameText> {
    if let Ok(t) = text.cast::<PyGameText>() {
        return Ok(t.get().inner.clone());
    }
    match text.cast::<PyString>() {
        Ok(s) => Ok(GameText::of(s.to_str()?.as_bytes())),
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err("a game's text is a chimera.pgn.GameText or a str")),
    }
}

/// One game, read: its tags, where it starts, the moves played, its result token and
/// the error that stopped it (python-chess keeps such errors in `Game.errors`; each has
/// a `code`, the one `chimera validate` reports).
#[pyclass(name = "_GameText", module = "chimera.pgn", frozen, get_all)]
pub struct ReadGame {
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

/// Reads the game of a `GameText` (or of a `str`) and plays its moves; the GIL is
/// released meanwhile.
#[pyfunction]
fn _read_game_text(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Option<ReadGame>> {
    struct Read {
        tags: Vec<(String, String)>,
        variant: Option<chimera::Variant>,
        fen: Option<String>,
        chess960: bool,
        moves: Vec<PyMove>,
        result: Option<String>,
        error: Option<PyErr>,
    }
    let text = game_text(text)?;
    let read = py.detach(|| -> PyResult<Option<Read>> {
        let mut games = text.games();
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
                    let e = PyValueError::new_err(format!("the [Variant \"{tag}\"] tag names no built-in variant"));
                    read.error = Some(errors::with_code(e, UNKNOWN_VARIANT));
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
                    read.error = Some(errors::with_code(errors::fen_error(e), BAD_FEN));
                    return Ok(Some(read));
                }
            },
        };
        while let Some(token) = games.next_token() {
            match token {
                Err(e) => {
                    read.error = Some(errors::with_code(errors::movetext_error(e.line, e.column, e.message), UNREADABLE_MOVETEXT));
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
    Ok(Some(ReadGame {
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
    m.add_class::<ReadGame>()?;
    m.add_class::<PyGameText>()?;
    m.add_class::<PgnReader>()?;
    m.add_function(wrap_pyfunction!(_read_game_text, m)?)?;
    Ok(())
}
