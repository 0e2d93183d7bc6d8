//! `chimera.pgn`'s core: the games of a PGN stream cut into texts by the library's one
//! reader of games (`chimera::movetext::GameTexts`, the reader `chimera validate` uses),
//! and one game's text read and played in the variant and from the position its tags
//! name, as `chimera validate` does.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;

use chimera::game::{judge, move_label};
use chimera::movetext::{GameText, GameTexts, Games, Place, Token};
use chimera::pgn::{builtin_named_by, setup_fen, Checker, GameTokens, Problem, Verdict, BAD_FEN, UNKNOWN_VARIANT, UNREADABLE_MOVETEXT};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use crate::api::{game_verdict, resolve, PyVariant};
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
            } else if let Ok(b) = got.cast::<PyBytes>() {
                // Copied at once, not read as a sequence of numbers.
                self.buf.extend_from_slice(b.as_bytes());
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

/// One game, read with its annotations: its tags, the variant and position they name,
/// the setup error that stopped it before its moves (a `[Variant]` naming no variant, a
/// bad `[FEN]`), and its movetext as events in the order written, each move played in its
/// line (`chimera.pgn.read_game` hands them to a visitor, as python-chess's reader does).
/// Every error has a `code`, the one `chimera validate` reports.
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
    /// The events, as tuples: `(MOVE, move, san)` a move played in its line,
    /// `(BAD_MOVE, error, san)` a move that cannot be played there (the rest of its
    /// line is not played), `(UNPLAYED, None, san)` a move after one of those,
    /// `(COMMENT, text)`, `(NAG, n)`, `(BEGIN_VARIATION,)`, `(END_VARIATION,)`,
    /// `(RESULT, text)`, `(UNREADABLE, error)` (the movetext cannot be read on: the last).
    events: Vec<Py<PyAny>>,
    error: Option<Py<PyAny>>,
}

/// What `ReadGame.events` are made of (the numbers are `chimera.pgn`'s `_EVENT` codes).
enum Event {
    Move(PyMove, String),
    BadMove(PyErr, String),
    Unplayed(String),
    Comment(String),
    Nag(u8),
    BeginVariation,
    EndVariation,
    Result(String),
    Unreadable(PyErr),
}

impl Event {
    fn into_py(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let none = py.None();
        let event = match self {
            Event::Move(m, san) => (0, Py::new(py, m)?.into_any(), san).into_pyobject(py)?,
            Event::BadMove(e, san) => (1, e.into_value(py).into_any(), san).into_pyobject(py)?,
            Event::Unplayed(san) => (2, none, san).into_pyobject(py)?,
            Event::Comment(text) => (3, text.into_pyobject(py)?.into_any().unbind(), "").into_pyobject(py)?,
            Event::Nag(n) => (4, n.into_pyobject(py)?.into_any().unbind(), "").into_pyobject(py)?,
            Event::BeginVariation => (5, none, "").into_pyobject(py)?,
            Event::EndVariation => (6, none, "").into_pyobject(py)?,
            Event::Result(text) => (7, text.into_pyobject(py)?.into_any().unbind(), "").into_pyobject(py)?,
            Event::Unreadable(e) => (8, e.into_value(py).into_any(), "").into_pyobject(py)?,
        };
        Ok(event.into_any().unbind())
    }
}

/// The most positions, counted with the moves each keeps, the variations of one game
/// may copy: a variation begins as a copy of its line, moves taken back included, so
/// that a hostile text of many variations after many moves costs bounded work.
const MAX_VARIATION_COPIES: usize = 1 << 24;

/// The variant and castling a `[Variant]` tag names (chess without one), or the
/// `unknown-variant` error.
fn variant_of_tag(tag: Option<&str>) -> PyResult<(chimera::Variant, bool)> {
    let Some(tag) = tag else { return Ok((crate::load("chess")?, false)) };
    match builtin_named_by(tag) {
        Some((b, mode)) => Ok((crate::load(b.id)?, mode == chimera::CastlingMode::Chess960)),
        None => {
            let e = PyValueError::new_err(format!("the [Variant \"{tag}\"] tag names no built-in variant"));
            Err(errors::with_code(e, UNKNOWN_VARIANT))
        }
    }
}

/// The variant a `[Variant]` tag value names (chess for `None`) and whether it asks for
/// Chess960 castling; `ValueError` (code `unknown-variant`) if it names none.
#[pyfunction]
#[pyo3(signature = (tag = None))]
fn _variant_of_tag(tag: Option<&str>) -> PyResult<(PyVariant, bool)> {
    variant_of_tag(tag).map(|(inner, chess960)| (PyVariant { inner }, chess960))
}

/// Reads the game of a `GameText` (or of a `str`) with its annotations and plays the
/// moves of each line; the GIL is released meanwhile.
#[pyfunction]
fn _read_game_text(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Option<ReadGame>> {
    struct Read {
        tags: Vec<(String, String)>,
        variant: Option<chimera::Variant>,
        fen: Option<String>,
        chess960: bool,
        events: Vec<Event>,
        error: Option<PyErr>,
    }
    let text = game_text(text)?;
    let read = py.detach(|| -> PyResult<Option<Read>> {
        let mut games = text.games().with_annotations();
        let Some(start) = games.next_game() else { return Ok(None) };
        let tags = start.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect();
        let fen = setup_fen(&start).map(str::to_string);
        let mut read = Read { tags, variant: None, fen, chess960: false, events: Vec::new(), error: None };
        let variant = match variant_of_tag(start.tag("Variant")) {
            Ok((variant, chess960)) => {
                read.chess960 = chess960;
                variant
            }
            Err(e) => {
                read.error = Some(e);
                return Ok(Some(read));
            }
        };
        read.variant = Some(variant.clone());
        let mode = if read.chess960 { chimera::CastlingMode::Chess960 } else { chimera::CastlingMode::Standard };
        let start = match &read.fen {
            None => variant.start(),
            Some(fen) => match variant.position_in(fen, mode) {
                Ok(pos) => pos,
                Err(e) => {
                    read.error = Some(errors::with_code(errors::fen_error(e), BAD_FEN));
                    return Ok(Some(read));
                }
            },
        };
        read.events = play_lines(&mut games, start);
        Ok(Some(read))
    })?;
    let Some(read) = read else { return Ok(None) };
    Ok(Some(ReadGame {
        tags: read.tags,
        variant: read.variant.map(|inner| Py::new(py, PyVariant { inner })).transpose()?,
        fen: read.fen,
        chess960: read.chess960,
        events: read.events.into_iter().map(|e| e.into_py(py)).collect::<PyResult<_>>()?,
        error: read.error.map(|e| e.into_value(py).into_any()),
    }))
}

/// The events of a game's movetext from `start`, each move played in its line. Each open
/// line (the main line, then the variations in it) has its position, `None` once a move
/// of it could not be played (the rest of the line, and the variations in it, are not
/// played).
fn play_lines<R: BufRead>(games: &mut chimera::movetext::Games<R>, start: chimera::Position) -> Vec<Event> {
    let mut lines = vec![Some(start)];
    let mut events = Vec::new();
    let mut copied = 0usize;
    while let Some(token) = games.next_token() {
        let line = lines.last_mut().expect("the main line is never closed");
        let event = match token {
            Err(e) => Event::Unreadable(errors::with_code(errors::movetext_error(e.line, e.column, e.message), UNREADABLE_MOVETEXT)),
            Ok(Token::Result(r)) => Event::Result(r.text),
            // python-chess keeps `{…}` comments only, with one space inside each brace
            // taken off (`{ text }` is `text`).
            Ok(Token::Comment(c)) if c.to_line_end => continue,
            Ok(Token::Comment(c)) => {
                let text = c.text.strip_prefix(' ').unwrap_or(&c.text);
                Event::Comment(text.strip_suffix(' ').unwrap_or(text).to_string())
            }
            Ok(Token::Nag(n)) => Event::Nag(n.nag),
            Ok(Token::StartVariation(_)) => {
                // A variation is played from where its line stood before its last move
                // (python-chess's board copied and popped: a variation opened before its
                // line's first move replaces the move before that line).
                copied += line.as_ref().map_or(0, |p| p.plies() + 1);
                if copied > MAX_VARIATION_COPIES {
                    let e = PyValueError::new_err("the game's variations are too many to play (they copy too many positions)");
                    events.push(Event::Unreadable(errors::with_code(e, UNREADABLE_MOVETEXT)));
                    break;
                }
                let mut pos = line.clone();
                if pos.as_mut().and_then(chimera::Position::undo).is_none() {
                    pos = None;
                }
                lines.push(pos);
                Event::BeginVariation
            }
            Ok(Token::EndVariation(_)) => {
                lines.pop();
                Event::EndVariation
            }
            Ok(Token::Move(m)) => match line {
                None => Event::Unplayed(m.text),
                Some(pos) => match judge(pos, &m.text) {
                    Ok(mv) => {
                        let played = PyMove::of(pos, mv);
                        pos.play_unchecked(mv);
                        Event::Move(played, m.text)
                    }
                    Err(e) => {
                        let at = format!("ply {} ({}): `{}`: ", m.ply, move_label(pos), m.text);
                        *line = None;
                        Event::BadMove(refusal_with(e, &at), m.text)
                    }
                },
            },
        };
        events.push(event);
    }
    events
}

/// The verdict of each of `texts` (one game each: `chimera.pgn.GameText`s as
/// `chimera.pgn.game_texts` cuts them, or `str`s each holding a game): a `GameVerdict`,
/// the `MovetextError` of a game whose text cannot be read, or a `ValueError` for a text
/// that holds no game. The texts are checked on `threads` threads (all cores by default)
/// with the GIL released, so other Python threads run meanwhile.
#[pyfunction]
#[pyo3(signature = (variant, texts, threads = None))]
fn _check_games(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    texts: Vec<Bound<'_, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Vec<Py<PyAny>>> {
    let variant = resolve(variant)?;
    let texts = texts.iter().map(game_text).collect::<PyResult<Vec<GameText>>>()?;
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).clamp(1, texts.len().max(1));
    let verdicts = py.detach(|| {
        if threads == 1 {
            return check_slice(&variant, &texts);
        }
        // Contiguous slices, one a thread, each with its checker.
        let per = texts.len().div_ceil(threads);
        std::thread::scope(|s| {
            let slices: Vec<_> = texts.chunks(per).map(|slice| s.spawn(|| check_slice(&variant, slice))).collect();
            slices.into_iter().flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect::<Vec<_>>()
        })
    });
    verdicts
        .into_iter()
        .map(|v| match v.map(game_verdict) {
            Some(Ok(verdict)) => Ok(Py::new(py, verdict)?.into_any()),
            Some(Err(unreadable)) => Ok(unreadable.into_value(py).into_any()),
            None => Ok(PyValueError::new_err("no game in the text").into_value(py).into_any()),
        })
        .collect()
}

/// The verdict of each text's game, by one checker (which compiles each variant their
/// tags name once for all of them).
fn check_slice(variant: &chimera::Variant, texts: &[GameText]) -> Vec<Option<Verdict>> {
    let mut checker = Checker::new(variant);
    texts.iter().map(|text| checker.game_text(text)).collect()
}

/// A chunk of games sent to a checking thread, and where its verdicts go back.
type Job = (Vec<GameTokens>, mpsc::SyncSender<Vec<Verdict>>);

/// The records of a file object's games, in order (`chimera.pgn.check_file`'s route by
/// threads): each game is read once, on the thread that asks for the records (the GIL
/// released but while the handle is read), and played by one of `jobs` threads of Rust
/// in chunks of `chunk_games`, at most two chunks a thread in flight, so memory stays
/// constant. Each call gives the `GameRecord`s of the next chunk, as a list.
#[pyclass(name = "_GameChecks", module = "chimera.pgn")]
pub struct GameChecks {
    state: Mutex<ChecksState>,
    /// `GameRecord`, the class of the records, and `tuple.__new__`, which makes them.
    record: Py<PyAny>,
    new_tuple: Py<PyAny>,
    /// The variant given (its name or path): an unreadable game's record names it.
    default: String,
}

struct ChecksState {
    games: Games<PySource>,
    /// No game is left to read.
    done: bool,
    chunk: usize,
    in_flight: usize,
    /// Games handed out so far: the next record's number is one more.
    numbered: usize,
    jobs: Option<mpsc::Sender<Job>>,
    pending: VecDeque<mpsc::Receiver<Vec<Verdict>>>,
    workers: Vec<JoinHandle<()>>,
}

impl ChecksState {
    /// Stops the checking threads (after their chunk at hand) and waits for them.
    fn stop(&mut self) {
        self.jobs = None;
        self.pending.clear();
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }

    /// The verdicts of the next chunk, read and handed out as the pipeline has room.
    fn next_chunk(&mut self) -> PyResult<Option<Vec<Verdict>>> {
        while !self.done && self.pending.len() < self.in_flight {
            let mut chunk = Vec::with_capacity(self.chunk);
            while chunk.len() < self.chunk {
                match GameTokens::read(&mut self.games) {
                    Some(game) => chunk.push(game),
                    None => {
                        self.done = true;
                        break;
                    }
                }
            }
            if chunk.is_empty() {
                break;
            }
            let (back, verdicts) = mpsc::sync_channel(1);
            let sent = self.jobs.as_ref().map(|jobs| jobs.send((chunk, back)));
            if !matches!(sent, Some(Ok(()))) {
                return Err(pyo3::exceptions::PyRuntimeError::new_err("the checking threads have stopped"));
            }
            self.pending.push_back(verdicts);
        }
        match self.pending.pop_front() {
            None => Ok(None),
            Some(verdicts) => {
                verdicts.recv().map(Some).map_err(|_| pyo3::exceptions::PyRuntimeError::new_err("a checking thread failed (it panicked)"))
            }
        }
    }
}

#[pymethods]
impl GameChecks {
    #[new]
    #[pyo3(signature = (handle, variant, default, record, jobs = 1, chunk_games = 500))]
    fn new(
        py: Python<'_>,
        handle: Py<PyAny>,
        variant: &Bound<'_, PyAny>,
        default: String,
        record: Py<PyAny>,
        jobs: usize,
        chunk_games: usize,
    ) -> PyResult<GameChecks> {
        let variant = resolve(variant)?;
        let jobs = jobs.max(1);
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        let workers = (0..jobs)
            .map(|_| {
                let (variant, receiver) = (variant.clone(), receiver.clone());
                std::thread::spawn(move || {
                    // One checker a thread: it compiles each variant the tags name once.
                    let mut checker = Checker::new(&variant);
                    loop {
                        let job = match receiver.lock() {
                            Ok(jobs) => jobs.recv(),
                            Err(_) => return,
                        };
                        let Ok((games, back)) = job else { return };
                        let verdicts = games.into_iter().map(|game| checker.game_tokens(game)).collect();
                        if back.send(verdicts).is_err() {
                            return;
                        }
                    }
                })
            })
            .collect();
        let source = PySource { handle, lines: false, buf: Vec::new(), pos: 0, done: false };
        let state = ChecksState {
            games: Games::new(source),
            done: false,
            chunk: chunk_games.max(1),
            in_flight: 2 * jobs,
            numbered: 0,
            jobs: Some(sender),
            pending: VecDeque::new(),
            workers,
        };
        let new_tuple = py.get_type::<PyTuple>().getattr("__new__")?.unbind();
        Ok(GameChecks { state: Mutex::new(state), record, new_tuple, default })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let (verdicts, first) = py.detach(|| -> PyResult<_> {
            let mut state = self.state.lock().map_err(|_| pyo3::exceptions::PyRuntimeError::new_err("poisoned"))?;
            let verdicts = state.next_chunk()?;
            let first = state.numbered + 1;
            state.numbered += verdicts.as_ref().map_or(0, Vec::len);
            Ok((verdicts, first))
        })?;
        let Some(verdicts) = verdicts else { return Ok(None) };
        let (record, new_tuple) = (self.record.bind(py), self.new_tuple.bind(py));
        let records = verdicts
            .into_iter()
            .enumerate()
            .map(|(i, v)| new_tuple.call1((record, self.fields(py, first + i, v)?)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Some(PyList::new(py, records)?))
    }

    /// Stops the checking threads and waits for them (the handle is read no more).
    fn close(&self, py: Python<'_>) {
        py.detach(|| {
            if let Ok(mut state) = self.state.lock() {
                state.done = true;
                state.stop();
            }
        });
    }
}

impl GameChecks {
    /// A `GameRecord`'s fields: `_record`'s of the game's `GameVerdict`, or
    /// `_unreadable`'s for a game whose text cannot be read.
    fn fields<'py>(&self, py: Python<'py>, game: usize, v: Verdict) -> PyResult<Bound<'py, PyTuple>> {
        let none = || py.None().into_bound(py);
        if let Some(Problem::Unreadable { error }) = &v.problem {
            let reason = format!("{}:{}: {}", error.line, error.column, error.message);
            let message = format!("unreadable movetext: {reason}");
            let fields = [
                game.into_pyobject(py)?.into_any(),
                self.default.as_str().into_pyobject(py)?.into_any(),
                false.into_pyobject(py)?.to_owned().into_any(),
                0usize.into_pyobject(py)?.into_any(),
                none(),
                none(),
                none(),
                none(),
                none(),
                none(),
                none(),
                none(),
                UNREADABLE_MOVETEXT.into_pyobject(py)?.into_any(),
                reason.into_pyobject(py)?.into_any(),
                message.into_pyobject(py)?.into_any(),
            ];
            return PyTuple::new(py, fields);
        }
        let v = game_verdict(v)?;
        let (outcome, termination) = v.outcome.unzip();
        let fields = [
            game.into_pyobject(py)?.into_any(),
            v.variant.into_pyobject(py)?.into_any(),
            v.ok.into_pyobject(py)?.to_owned().into_any(),
            v.plies.into_pyobject(py)?.into_any(),
            v.fen.into_pyobject(py)?.into_any(),
            outcome.into_pyobject(py)?.into_any(),
            termination.into_pyobject(py)?.into_any(),
            v.claimed.into_pyobject(py)?.into_any(),
            v.claimable.into_pyobject(py)?.into_any(),
            v.agreement.into_pyobject(py)?.into_any(),
            v.ply.into_pyobject(py)?.into_any(),
            v.r#move.into_pyobject(py)?.into_any(),
            v.code.into_pyobject(py)?.into_any(),
            v.reason.into_pyobject(py)?.into_any(),
            v.message.into_pyobject(py)?.into_any(),
        ];
        PyTuple::new(py, fields)
    }
}

impl Drop for GameChecks {
    fn drop(&mut self) {
        // The threads end with their chunk at hand; none is waited for here.
        if let Ok(state) = self.state.get_mut() {
            state.jobs = None;
            state.pending.clear();
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ReadGame>()?;
    m.add_class::<PyGameText>()?;
    m.add_class::<PgnReader>()?;
    m.add_class::<GameChecks>()?;
    m.add_function(wrap_pyfunction!(_read_game_text, m)?)?;
    m.add_function(wrap_pyfunction!(_variant_of_tag, m)?)?;
    m.add_function(wrap_pyfunction!(_check_games, m)?)?;
    Ok(())
}
