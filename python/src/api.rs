//! `chimera.Variant`, `chimera.Position`, `chimera.validate` and their kin.

use chimera::game::{judge_turn, Refused};
use chimera::pgn::{Checker, Problem, Verdict};
use chimera::{FenStyle, Notation, Outcome};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::errors;

/// A compiled variant: its rules and tables. Cheap to share between threads.
#[pyclass(name = "Variant", module = "chimera", frozen, skip_from_py_object)]
#[derive(Clone)]
pub struct PyVariant {
    pub inner: chimera::Variant,
}

#[pymethods]
impl PyVariant {
    /// Compiles ruleset TOML; `name` is what errors cite. `extends` names a built-in; with
    /// `folder`, also a ruleset file inside that folder (never one outside it, nor a file
    /// that is no regular file): text from elsewhere cannot make it read your files.
    #[staticmethod]
    #[pyo3(signature = (text, name = "<string>", folder = None))]
    fn from_toml(py: Python<'_>, text: &str, name: &str, folder: Option<std::path::PathBuf>) -> PyResult<PyVariant> {
        let inner = py
            .detach(|| match &folder {
                Some(folder) => chimera::variants::from_toml_in(text, name, folder),
                None => chimera::variants::from_toml(text, name),
            })
            .map_err(errors::ruleset_error)?;
        Ok(PyVariant { inner })
    }

    #[getter]
    fn name(&self) -> &str {
        self.inner.name()
    }

    #[getter]
    fn description(&self) -> &str {
        &self.inner.rules().description
    }

    #[getter]
    fn start_fen(&self) -> &str {
        &self.inner.rules().start_fen
    }

    /// The start position, or the position `fen` describes.
    #[pyo3(signature = (fen = None))]
    fn position(&self, fen: Option<&str>) -> PyResult<PyPosition> {
        Ok(PyPosition { inner: start(&self.inner, fen)? })
    }

    /// Leaf nodes `depth` plies ahead of the start position (or `fen`). The GIL is
    /// released while it counts.
    #[pyo3(signature = (depth, fen = None))]
    fn perft(&self, py: Python<'_>, depth: u32, fen: Option<&str>) -> PyResult<u64> {
        let mut pos = start(&self.inner, fen)?;
        Ok(py.detach(move || pos.perft(depth)))
    }

    fn __repr__(&self) -> String {
        format!("<chimera.Variant {:?}>", self.inner.name())
    }
}

/// The variant's start position, or the one `fen` describes.
pub fn start(v: &chimera::Variant, fen: Option<&str>) -> PyResult<chimera::Position> {
    match fen {
        None => Ok(v.start()),
        Some(fen) => v.position(fen).map_err(errors::fen_error),
    }
}

/// A position of a game: never changed in place (`play` returns a new one).
#[pyclass(name = "Position", module = "chimera")]
pub struct PyPosition {
    // Not frozen: reading a move tries it out on the position (and takes it back).
    pub inner: chimera::Position,
}

/// `(result, reason)`: `("1-0", "checkmate")`, `("1/2-1/2", "repetition")`.
pub fn outcome_pair(o: Outcome) -> (&'static str, &'static str) {
    (o.score(), o.reason.as_str())
}

#[pymethods]
impl PyPosition {
    #[getter]
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.inner.turn().name()
    }

    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant { inner: self.inner.variant().clone() }
    }

    /// The legal moves in long algebraic notation (`e2e4`, `e7e8q`, `P@e4`), in the
    /// engine's order (sorting the strings would cost more than generating them); none
    /// once the game is over (as `chimera serve` lists them).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let pos = &self.inner;
        if pos.outcome().is_some() {
            return Ok(PyList::empty(py));
        }
        uci_list(py, pos, pos.legal_moves())
    }

    /// Every legal whole turn, its parts in long algebraic notation joined by commas
    /// (`e2e4,e4e5` in Duck chess); where turns have one part, the legal moves. Empty once
    /// the game is over. (`legal_moves` lists the parts legal now.)
    fn legal_turns(&mut self) -> Vec<String> {
        if self.inner.outcome().is_some() {
            return Vec::new();
        }
        let turns = self.inner.legal_turns();
        turns.iter().map(|t| self.inner.turn_uci(t)).collect()
    }

    /// The SAN of a legal move (or of a whole turn, `e2e4,e4e5` → `e4,e5`) given in SAN
    /// or long algebraic notation.
    fn san(&mut self, r#move: &str) -> PyResult<String> {
        let parts = judge_turn(&mut self.inner, r#move).map_err(errors::illegal_move)?;
        Ok(self.inner.turn_san(&parts))
    }

    /// A legal move (SAN or long algebraic) written in a notation, by name: `san`,
    /// `long`, `lan`, `shogi-hosking`, `shogi-hodges`, `shogi-hodges-number`, `janggi`,
    /// `xiangqi-wxf`, `thai-san`, `thai-lan`, or `default` (the variant's own).
    #[pyo3(signature = (r#move, notation = "default"))]
    fn notate(&mut self, r#move: &str, notation: &str) -> PyResult<String> {
        let n = notation_named(notation, &self.inner)?;
        let parts = judge_turn(&mut self.inner, r#move).map_err(errors::illegal_move)?;
        Ok(self.inner.turn_text_in(&parts, n))
    }

    /// Reads a move (or a whole turn, its parts joined by commas) written in a notation
    /// (named as for `notate`), as its long algebraic form; `IllegalMove` if it is no
    /// legal move, or fits several.
    #[pyo3(signature = (text, notation = "default"))]
    fn read_move(&mut self, text: &str, notation: &str) -> PyResult<String> {
        let n = notation_named(notation, &self.inner)?;
        let parts = self.inner.read_turn(text, |p, part| p.parse_move_in(part, n)).map_err(errors::illegal_move)?;
        Ok(self.inner.turn_uci(&parts))
    }

    /// The FEN with promoted shogi pieces as `+P` (Fairy-Stockfish's form), or Shogi's
    /// SFEN (`sfen=True`).
    #[pyo3(signature = (promoted_plus = false, sfen = false))]
    fn fen_in(&self, promoted_plus: bool, sfen: bool) -> String {
        self.inner.fen_in(FenStyle { promoted_plus, sfen, ..FenStyle::default() })
    }

    /// The position after a move in SAN or long algebraic notation (or a whole turn of
    /// several parts, `e2e4,e4e5`); `IllegalMove` if it cannot be played (its `.code`
    /// says why, `game-over` after the end).
    fn play(&self, r#move: &str) -> PyResult<PyPosition> {
        let mut next = self.inner.clone();
        let parts = judge_turn(&mut next, r#move).map_err(errors::illegal_move)?;
        parts.into_iter().for_each(|m| next.play_unchecked(m));
        Ok(PyPosition { inner: next })
    }

    /// `None` if the move (or turn) is legal here, else `(code, reason)`: the refusal
    /// `chimera serve` gives.
    fn explain(&mut self, r#move: &str) -> Option<(&'static str, String)> {
        judge_turn(&mut self.inner, r#move).err().map(|e| (e.code.as_str(), e.message))
    }

    /// Whether the side to move has a royal piece under attack.
    fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    /// `None` while the game goes on, else `(result, reason)`: `("0-1", "checkmate")`.
    fn outcome(&self) -> Option<(&'static str, &'static str)> {
        self.inner.outcome().map(outcome_pair)
    }

    /// What the side to move may claim: a list of `(result, reason, move)`, `move` the
    /// long algebraic move a claimant announces (and does not play) to bring the count
    /// about, `None` when the position on the board qualifies: `[("1/2-1/2",
    /// "repetition", None)]`. Empty when there is nothing to claim, and once the game is
    /// over; a claimable draw never ends the game by itself.
    fn claims(&mut self) -> Vec<(&'static str, &'static str, Option<String>)> {
        let claims = self.inner.claims();
        claims.into_iter().map(|c| (c.outcome.score(), c.outcome.reason.as_str(), c.by.map(|m| self.inner.uci(m)))).collect()
    }

    /// Leaf nodes `depth` plies ahead (GIL released).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let mut pos = self.inner.clone();
        py.detach(move || pos.perft(depth))
    }

    fn __repr__(&self) -> String {
        format!("<chimera.Position {} {:?}>", self.inner.variant().name(), self.inner.fen())
    }
}

/// Moves in long algebraic notation, as a list of `str`: one buffer reused for all (a
/// `String` for each costs about as much as writing it).
/// A notation by name; `default` is the variant's own.
fn notation_named(name: &str, pos: &chimera::Position) -> PyResult<Notation> {
    if name == "default" {
        return Ok(Notation::default_for(pos.rules()));
    }
    Notation::from_name(name)
        .ok_or_else(|| PyValueError::new_err(format!("`{name}` is no notation; known: {}, default", Notation::names())))
}

pub fn uci_list<'py>(py: Python<'py>, pos: &chimera::Position, moves: Vec<chimera::Move>) -> PyResult<Bound<'py, PyList>> {
    let mut buf = String::with_capacity(8);
    PyList::new(
        py,
        moves.into_iter().map(|m| {
            buf.clear();
            pos.write_uci(m, &mut buf);
            PyString::new(py, &buf)
        }),
    )
}

/// What `validate` found in one game.
#[pyclass(name = "GameVerdict", module = "chimera", frozen, get_all)]
pub struct GameVerdict {
    /// Its number in the text, from 1.
    pub(crate) game: usize,
    /// The variant it was played in: its `[Variant]` tag's, or the one given.
    pub(crate) variant: String,
    /// Whether every move was legal.
    pub(crate) ok: bool,
    /// Moves played (all of them when `ok`; those before the refused one otherwise).
    pub(crate) plies: usize,
    /// The position after the moves played.
    pub(crate) fen: String,
    /// `(result, reason)` if the game is over there, else `None`.
    pub(crate) outcome: Option<(&'static str, &'static str)>,
    /// The result token the text ends the game with (`1-0`, `*`), if any.
    pub(crate) claimed: Option<String>,
    /// A draw the final position lets a player claim (`1/2-1/2 (draw by 3-fold
    /// repetition)`), if any.
    pub(crate) claimable: Option<String>,
    /// How that token stands with the rules (`agrees`, `agrees: a claimed draw`, or a
    /// result decided off the board), if there is one; a result the board contradicts
    /// fails the game instead (`ok` false, `reason` says why).
    pub(crate) agreement: Option<String>,
    /// The refused move's place among the game's moves (from 1) and text; `None` when
    /// `ok` or when no move was refused.
    pub(crate) ply: Option<usize>,
    pub(crate) r#move: Option<String>,
    /// The code of every failure (a refused move's reason code, `unknown-variant`,
    /// `bad-fen`, `result-contradicts-board`...), as `chimera validate --json` gives it;
    /// `None` when `ok`.
    pub(crate) code: Option<&'static str>,
    pub(crate) reason: Option<String>,
    /// The whole refusal as the CLI prints it (``ply 7 (move 4. for White): `Qxh7`: ...``).
    pub(crate) message: Option<String>,
}

#[pymethods]
impl GameVerdict {
    fn __repr__(&self) -> String {
        match &self.message {
            None => format!("<chimera.GameVerdict ok, {} plies>", self.plies),
            Some(m) => format!("<chimera.GameVerdict illegal: {m}>"),
        }
    }
}

/// Checks every move of every game in a PGN or movetext text; returns an iterator of one
/// verdict per game. A thread plays the games while the GIL is released, a few games
/// ahead of the caller, so memory stays constant however many games the text holds.
#[pyfunction]
#[pyo3(signature = (variant, pgn_text, fen = None))]
fn validate(variant: &Bound<'_, PyAny>, pgn_text: &str, fen: Option<&str>) -> PyResult<Verdicts> {
    let variant = resolve(variant)?;
    let (text, fen) = (pgn_text.to_string(), fen.map(str::to_string));
    // Games played ahead of the caller: enough to keep the thread busy, few enough to keep
    // memory constant.
    let (tx, rx) = std::sync::mpsc::sync_channel(16);
    std::thread::spawn(move || {
        for verdict in Checker::new(&variant).with_fen(fen.as_deref()).games(text.as_bytes()) {
            // The iterator was dropped: stop playing.
            if tx.send(verdict).is_err() {
                return;
            }
        }
    });
    Ok(Verdicts { rx: std::sync::Mutex::new(rx) })
}

/// The verdicts of `validate`, one per game, as they are found.
#[pyclass(name = "Verdicts", module = "chimera")]
pub struct Verdicts {
    rx: std::sync::Mutex<std::sync::mpsc::Receiver<Verdict>>,
}

#[pymethods]
impl Verdicts {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<GameVerdict>> {
        let next = py.detach(|| self.rx.lock().ok().and_then(|rx| rx.recv().ok()));
        next.map(game_verdict).transpose()
    }
}

pub(crate) fn game_verdict(v: Verdict) -> PyResult<GameVerdict> {
    let (refused, setup) = match &v.problem {
        None => (None, None),
        // Text that is no movetext is an error of the call, at its line and column.
        Some(Problem::Unreadable { error }) => return Err(errors::movetext_error(error.line, error.column, error.message.clone())),
        Some(Problem::Setup { message, .. } | Problem::Result { message, .. }) => (None, Some(message.clone())),
        Some(Problem::Illegal { refused, .. }) => (Some(refused), None),
    };
    Ok(GameVerdict {
        game: v.game,
        variant: v.variant.clone(),
        ok: v.ok(),
        plies: v.plies,
        fen: v.fen.clone(),
        outcome: v.outcome.map(outcome_pair),
        claimed: v.claimed.as_ref().map(|r| r.text.clone()),
        claimable: v.claimable.clone(),
        agreement: v.agreement.clone(),
        ply: refused.map(|r| r.ply),
        r#move: refused.map(|r| r.text.clone()),
        // Every failure's code, the one `chimera validate --json` reports.
        code: v.problem.as_ref().map(Problem::code),
        reason: refused.map(|r| r.error.message.clone()).or(setup.clone()),
        message: refused.map(Refused::to_string).or(setup),
    })
}

/// A variant as the functions take it: a `Variant`, or a built-in id or ruleset path.
pub fn resolve(variant: &Bound<'_, PyAny>) -> PyResult<chimera::Variant> {
    if let Ok(v) = variant.cast::<PyVariant>() {
        return Ok(v.get().inner.clone());
    }
    match variant.extract::<&str>() {
        Ok(name) => crate::load(name),
        Err(_) => Err(PyTypeError::new_err("a variant is a chimera.Variant, or a built-in id or ruleset path (str)")),
    }
}

/// A built-in variant (compiled once per process) or a ruleset file.
#[pyfunction]
fn variant(name_or_path: &str) -> PyResult<PyVariant> {
    Ok(PyVariant { inner: crate::load(name_or_path)? })
}

/// The ids of the built-in variants.
#[pyfunction]
fn builtins() -> Vec<&'static str> {
    chimera::variants::BUILTINS.iter().map(|b| b.id).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVariant>()?;
    m.add_class::<Verdicts>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<GameVerdict>()?;
    m.add_function(wrap_pyfunction!(variant, m)?)?;
    m.add_function(wrap_pyfunction!(builtins, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    Ok(())
}
