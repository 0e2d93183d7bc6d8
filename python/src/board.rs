//! `chimera.Board`'s core: a mutable board in python-chess's shape (push/pop, a move
//! stack, `Move` values compared by their text), on the engine's `Position`, which keeps
//! the history that `pop` and repetition counting need. `chimera/board.py` adds what
//! reads better in Python (the `Outcome` dataclass, the `Termination` enum, pockets, the
//! legal-move view); every rule, notation and result comes from the facade crate.

use chimera::game::game_over;
use chimera::rules::Threshold;
use chimera::{CastlingMode, Claim, Color, EndReason, Geometry, MoveKind, Outcome, Position};
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::api::{resolve, PyVariant};
use crate::errors::{self, IllegalMove};

create_exception!(
    chimera,
    InvalidMoveError,
    IllegalMove,
    "Text that is no move at all (python-chess's InvalidMoveError; code `unparsable`)."
);
create_exception!(chimera, IllegalMoveError, IllegalMove, "A move that cannot be played here (python-chess's IllegalMoveError).");
create_exception!(chimera, AmbiguousMoveError, IllegalMove, "SAN that fits several legal moves (python-chess's AmbiguousMoveError).");

/// A refusal as the python-chess-named exception its code calls for, with `.code` and
/// `.reason` as `chimera.IllegalMove` carries them.
fn refusal(e: chimera::MoveError) -> PyErr {
    refusal_with(e, "")
}

/// [`refusal`], its message after `prefix` (where in a game the move stood).
pub fn refusal_with(e: chimera::MoveError, prefix: &str) -> PyErr {
    Python::attach(|py| {
        let message = format!("{prefix}{}", e.message);
        let err = match e.code {
            chimera::IllegalCode::Unparsable => PyErr::new::<InvalidMoveError, _>(message),
            chimera::IllegalCode::Ambiguous => PyErr::new::<AmbiguousMoveError, _>(message),
            _ => PyErr::new::<IllegalMoveError, _>(message),
        };
        let v = err.value(py);
        match v.setattr("code", e.code.as_str()).and_then(|()| v.setattr("reason", &e.message)) {
            Ok(()) => err,
            Err(set) => set,
        }
    })
}

fn invalid(text: &str, why: &str) -> PyErr {
    refusal(chimera::MoveError { code: chimera::IllegalCode::Unparsable, message: format!("invalid uci: {text:?}: {why}") })
}

/// The parts of a move written in long algebraic notation, read without a position:
/// `e2e4`, `e7e8q`, `d6d7+` (a promotion to a face without a letter), `P@e4`, `e1^q` (a
/// lift), `a10b10` (boards up to 16x16), `d4e5f6` (a locust move, by its ends), `0000`.
struct UciShape {
    from: Option<(u8, u8)>,
    to: Option<(u8, u8)>,
    suffix: Option<char>,
    drop: Option<char>,
}

/// A square name's file and rank (0-based) at the start of `s`, and the rest.
fn square_prefix(s: &str) -> Option<((u8, u8), &str)> {
    let b = s.as_bytes();
    let file = *b.first()?;
    if !(b'a'..=b'p').contains(&file) {
        return None;
    }
    let digits = b[1..].iter().take(2).take_while(|c| c.is_ascii_digit()).count();
    let rank: u8 = s.get(1..1 + digits)?.parse().ok()?;
    if digits == 0 || s.as_bytes()[1] == b'0' || !(1..=16).contains(&rank) {
        return None;
    }
    Some(((file - b'a', rank - 1), &s[1 + digits..]))
}

fn uci_shape(text: &str) -> Option<UciShape> {
    if text == "0000" {
        return Some(UciShape { from: None, to: None, suffix: None, drop: None });
    }
    if let Some((piece, square)) = text.split_once('@') {
        let mut letters = piece.chars();
        let (Some(letter), None) = (letters.next(), letters.next()) else { return None };
        let (to, "") = square_prefix(square)? else { return None };
        return letter.is_ascii_alphabetic().then_some(UciShape {
            from: Some(to),
            to: Some(to),
            suffix: None,
            drop: Some(letter.to_ascii_lowercase()),
        });
    }
    let (from, rest) = square_prefix(text)?;
    if let Some(lift) = rest.strip_prefix('^') {
        let mut letters = lift.chars();
        let (Some(letter), None) = (letters.next(), letters.next()) else { return None };
        // What the piece becomes in the hand is no promotion.
        return letter.is_ascii_lowercase().then_some(UciShape { from: Some(from), to: Some(from), suffix: None, drop: None });
    }
    let (to, rest) = square_prefix(rest)?;
    // A locust move names three squares (`d4e5f6`, Chu shogi's lion): it goes from the
    // first to the last.
    if let Some((landing, "")) = square_prefix(rest) {
        return Some(UciShape { from: Some(from), to: Some(landing), suffix: None, drop: None });
    }
    let mut letters = rest.chars();
    let suffix = letters.next();
    // `+`: a promotion to a face without a letter of its own.
    if letters.next().is_some() || suffix.is_some_and(|c| !c.is_ascii_lowercase() && c != '+') {
        return None;
    }
    Some(UciShape { from: Some(from), to: Some(to), suffix, drop: None })
}

/// A move as python-chess has it: a value, compared and hashed by its long algebraic
/// text. Squares are numbered `rank * files + file` from a1 = 0 (python-chess's numbering
/// on 8x8); pieces are named by their lowercase letter.
#[pyclass(name = "Move", module = "chimera", frozen, skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct PyMove {
    uci: String,
    #[pyo3(get)]
    from_square: Option<u16>,
    #[pyo3(get)]
    to_square: Option<u16>,
    #[pyo3(get)]
    promotion: Option<String>,
    #[pyo3(get)]
    drop: Option<String>,
}

impl PyMove {
    fn read(text: &str, files: u8) -> PyResult<PyMove> {
        let shape = uci_shape(text).ok_or_else(|| invalid(text, "not a move in long algebraic notation"))?;
        let index = |(f, r): (u8, u8)| -> PyResult<u16> {
            if f >= files {
                return Err(invalid(text, &format!("file {} is off a board {files} files wide", Geometry::file_char(f))));
            }
            Ok(r as u16 * files as u16 + f as u16)
        };
        Ok(PyMove {
            uci: text.to_string(),
            from_square: shape.from.map(index).transpose()?,
            to_square: shape.to.map(index).transpose()?,
            promotion: shape.suffix.map(String::from),
            drop: shape.drop.map(String::from),
        })
    }

    /// A move of `pos` (legal there), its fields from the engine's move.
    pub fn of(pos: &Position, m: chimera::Move) -> PyMove {
        let uci = pos.uci(m);
        let files = pos.variant().geometry().files;
        let letter = |t| pos.rules().symbol(t).lower().to_string();
        let mut mv = PyMove::read(&uci, files).unwrap_or(PyMove { uci, from_square: None, to_square: None, promotion: None, drop: None });
        mv.promotion = m.promotion().map(letter);
        mv.drop = (m.kind == MoveKind::Drop).then(|| letter(m.piece));
        if mv.from_square.is_none() {
            mv.from_square = Some(m.from as u16);
            mv.to_square = Some(m.to as u16);
        }
        mv
    }
}

#[pymethods]
impl PyMove {
    /// The move from its long algebraic text, read without a board; `files` is the width
    /// of the board its square numbers are for.
    #[staticmethod]
    #[pyo3(signature = (uci, *, files = 8))]
    fn from_uci(uci: &str, files: u8) -> PyResult<PyMove> {
        PyMove::read(uci, files)
    }

    /// python-chess's null move, `0000`; false in a boolean context. No variant plays it.
    #[staticmethod]
    fn null() -> PyMove {
        PyMove { uci: "0000".into(), from_square: None, to_square: None, promotion: None, drop: None }
    }

    fn uci(&self) -> &str {
        &self.uci
    }

    fn __bool__(&self) -> bool {
        self.uci != "0000"
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyMove>().is_ok_and(|o| o.get().uci == self.uci)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.uci.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> &str {
        &self.uci
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci({:?})", self.uci).replace('"', "'")
    }
}

/// A piece on the board: its colour (`True` for White, as python-chess's `chess.WHITE`)
/// and its type, the variant's lowercase letter.
#[pyclass(name = "Piece", module = "chimera", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPiece {
    #[pyo3(get)]
    piece_type: String,
    #[pyo3(get)]
    color: bool,
}

#[pymethods]
impl PyPiece {
    #[new]
    fn new(piece_type: &str, color: bool) -> PyPiece {
        PyPiece { piece_type: piece_type.to_ascii_lowercase(), color }
    }

    /// The piece from its FEN letter: upper case for White.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyPiece {
        PyPiece { piece_type: symbol.to_ascii_lowercase(), color: symbol.ends_with(|c: char| c.is_ascii_uppercase()) }
    }

    /// The FEN letter: upper case for White.
    fn symbol(&self) -> String {
        if self.color {
            self.piece_type.to_ascii_uppercase()
        } else {
            self.piece_type.clone()
        }
    }

    fn __str__(&self) -> String {
        self.symbol().to_string()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
}

fn white(c: Color) -> bool {
    c == Color::White
}

/// The count a repetition or move-rule end was reached at: the claim's, or the automatic one.
fn count(t: Threshold, claimed: bool) -> u16 {
    if claimed {
        t.claim
    } else {
        t.automatic
    }
}

/// python-chess's name for how a game ended, where it has one; Chimera's own otherwise.
/// Ends by a variant's own rule are python-chess's VARIANT_WIN/LOSS/DRAW, seen from the
/// side to move (the precise reason stays in `Outcome.reason`).
fn termination(o: Outcome, pos: &Position, claimed: bool) -> &'static str {
    let end = &pos.rules().end;
    let (rep, rule) = (count(end.repetition, claimed), count(end.move_rule, claimed));
    match o.reason {
        EndReason::Checkmate => "CHECKMATE",
        EndReason::Stalemate => "STALEMATE",
        EndReason::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
        EndReason::Repetition => match rep {
            3 => "THREEFOLD_REPETITION",
            5 => "FIVEFOLD_REPETITION",
            _ => "REPETITION",
        },
        EndReason::MoveRule => match rule {
            50 => "FIFTY_MOVES",
            75 => "SEVENTYFIVE_MOVES",
            _ => "MOVE_RULE",
        },
        // A variant's own rules (perpetual check or chase, counting, a lost army...).
        EndReason::PerpetualCheck
        | EndReason::PerpetualChase
        | EndReason::ArmyCaptured
        | EndReason::Extinction
        | EndReason::RegionReached
        | EndReason::Connected
        | EndReason::Counting
        | EndReason::MateRule
        | EndReason::Passes
        | EndReason::Bikjang
        | EndReason::Shuttling
        | EndReason::ForcedPromotion
        | EndReason::FullBoard
        | EndReason::Checks
        | EndReason::Castling
        | EndReason::Rule(_) => match o.winner {
            None => "VARIANT_DRAW",
            Some(c) if c == pos.turn() => "VARIANT_WIN",
            Some(_) => "VARIANT_LOSS",
        },
    }
}

/// `(winner, termination, reason)`: `winner` True/False/None.
type OutcomeTuple = (Option<bool>, &'static str, &'static str);

fn outcome_tuple(o: Outcome, pos: &Position, claimed: bool) -> OutcomeTuple {
    (o.winner.map(white), termination(o, pos, claimed), o.reason.as_str())
}

/// The mutable board behind `chimera.Board`.
#[pyclass(name = "_Board", module = "chimera", subclass, skip_from_py_object)]
#[derive(Clone)]
pub struct PyBoard {
    /// The position and the moves played since it was set (the move stack: the
    /// position's own history, which `undo` takes back).
    pos: Position,
    chess960: bool,
}

impl PyBoard {
    fn set(&mut self, fen: Option<&str>) -> PyResult<()> {
        let v = self.pos.variant().clone();
        let fen = fen.unwrap_or(&v.rules().start_fen);
        let mode = if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        self.pos = v.position_in(fen, mode).map_err(errors::fen_error)?;
        Ok(())
    }

    /// The text of a move given as a `Move` or a `str`.
    fn text(m: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Ok(mv) = m.cast::<PyMove>() {
            return Ok(mv.get().uci.clone());
        }
        m.cast::<PyString>().map(|s| s.to_string()).map_err(|_| PyTypeError::new_err("a move is a chimera.Move or a str"))
    }

    /// The engine's move for a move in long algebraic notation (SAN is refused as
    /// `InvalidMoveError`; a castle may be written as the king taking its rook, as
    /// python-chess reads it); game over refuses every move.
    fn find_uci(&mut self, text: &str) -> PyResult<chimera::Move> {
        if uci_shape(text).is_none() {
            return Err(invalid(text, "not a move in long algebraic notation"));
        }
        if text == "0000" {
            return Err(refusal(chimera::MoveError {
                code: chimera::IllegalCode::PieceCannotMoveThere,
                message: "null moves are not played".into(),
            }));
        }
        self.find(text)
    }

    /// The engine's move for SAN or long algebraic text, or why it cannot be played.
    fn find(&mut self, text: &str) -> PyResult<chimera::Move> {
        if let Some(o) = self.pos.outcome() {
            return Err(refusal(game_over(o, &self.pos)));
        }
        self.pos.parse_move(text).map_err(refusal)
    }

    /// The engine's move for a `Move` (or its text), legal here.
    fn find_move(&mut self, m: &Bound<'_, PyAny>) -> PyResult<chimera::Move> {
        let text = PyBoard::text(m)?;
        self.find_uci(&text)
    }

    fn play(&mut self, m: chimera::Move) -> PyMove {
        let mv = PyMove::of(&self.pos, m);
        self.pos.play_unchecked(m);
        mv
    }

    /// A claim of the move rule (`move_rule`) or of repetition (otherwise: a perpetual
    /// rule may give a repetition claim its own reason), if the side to move has one.
    fn claim(&mut self, move_rule: bool) -> Option<Claim> {
        self.pos.claims().into_iter().find(|c| c.outcome.reason.is_move_rule() == move_rule)
    }

    fn legal(&self) -> Vec<chimera::Move> {
        if self.pos.outcome().is_some() {
            Vec::new()
        } else {
            self.pos.legal_moves()
        }
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (variant = None, fen = None, *, chess960 = false))]
    fn new(py: Python<'_>, variant: Option<&Bound<'_, PyAny>>, fen: Option<&str>, chess960: bool) -> PyResult<PyBoard> {
        let v = match variant {
            Some(v) => resolve(v)?,
            None => resolve(PyString::new(py, "chess").as_any())?,
        };
        let pos = v.start();
        let mut board = PyBoard { pos, chess960 };
        board.set(fen)?;
        Ok(board)
    }

    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant { inner: self.pos.variant().clone() }
    }

    /// The variant's name (python-chess's `uci_variant`).
    #[getter]
    fn uci_variant(&self) -> &str {
        self.pos.variant().name()
    }

    #[getter]
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// The board's width and height.
    #[getter]
    fn files(&self) -> u8 {
        self.pos.variant().geometry().files
    }

    #[getter]
    fn ranks(&self) -> u8 {
        self.pos.variant().geometry().ranks
    }

    /// True when White is to move (python-chess's `chess.WHITE`).
    #[getter]
    fn turn(&self) -> bool {
        white(self.pos.turn())
    }

    #[getter]
    fn halfmove_clock(&self) -> u16 {
        self.pos.halfmove_clock()
    }

    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    /// Half-moves since the game's start, as the move number and side to move count them.
    fn ply(&self) -> u32 {
        2 * (self.pos.fullmove_number() - 1) + u32::from(!self.turn())
    }

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        self.set(Some(fen))
    }

    /// The start position again, the move stack cleared.
    fn reset(&mut self) -> PyResult<()> {
        self.set(None)
    }

    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        let mut pos = self.pos.clone();
        let mut moves: Vec<PyMove> = Vec::with_capacity(pos.plies());
        while let Some(m) = pos.undo() {
            moves.push(PyMove::of(&pos, m));
        }
        moves.reverse();
        moves
    }

    /// Plays a move (a `Move` or its long algebraic text) and returns it. Unlike
    /// python-chess's `push`, it must be legal: `IllegalMoveError` otherwise, and after
    /// the end of the game.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let m = self.find_move(r#move)?;
        Ok(self.play(m))
    }

    fn push_san(&mut self, san: &str) -> PyResult<PyMove> {
        let m = self.find(san)?;
        Ok(self.play(m))
    }

    fn push_uci(&mut self, uci: &str) -> PyResult<PyMove> {
        let m = self.find_uci(uci)?;
        Ok(self.play(m))
    }

    fn parse_san(&mut self, san: &str) -> PyResult<PyMove> {
        let m = self.find(san)?;
        Ok(PyMove::of(&self.pos, m))
    }

    fn parse_uci(&mut self, uci: &str) -> PyResult<PyMove> {
        let m = self.find_uci(uci)?;
        Ok(PyMove::of(&self.pos, m))
    }

    /// Takes back the last move and returns it (`IndexError` when there is none).
    fn pop(&mut self) -> PyResult<PyMove> {
        let m = self.pos.undo().ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        Ok(PyMove::of(&self.pos, m))
    }

    /// The last move played (`IndexError` when there is none).
    fn peek(&self) -> PyResult<PyMove> {
        let mut before = self.pos.clone();
        let m = before.undo().ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))?;
        Ok(PyMove::of(&before, m))
    }

    /// The legal moves, in the engine's order; none once the game is over.
    fn _legal_moves(&self) -> Vec<PyMove> {
        self.legal().into_iter().map(|m| PyMove::of(&self.pos, m)).collect()
    }

    fn _count_legal(&self) -> u64 {
        if self.pos.outcome().is_some() {
            0
        } else {
            self.pos.count_moves()
        }
    }

    /// Whether the move can be played now (never raises for a move it cannot read).
    fn is_legal(&mut self, r#move: &Bound<'_, PyAny>) -> bool {
        self.find_move(r#move).is_ok()
    }

    fn san(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.find_move(r#move)?;
        Ok(self.pos.san(m))
    }

    /// Long algebraic notation as python-chess writes it: `Ng1-f3`, `e7xd6`, `e7-e8=Q+`;
    /// castles and drops as in SAN.
    fn lan(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.find_move(r#move)?;
        let san = self.pos.san(m);
        if !m.is_board_move() {
            return Ok(san);
        }
        let g = self.pos.variant().geometry();
        let piece = self.pos.piece_at(m.from).expect("a board move starts on a piece");
        let def = self.pos.rules().piece(piece.kind);
        let mut out = String::new();
        if !def.pawn {
            out += &self.pos.rules().symbol(piece.kind).to_string();
        }
        out.push_str(&g.square_name(m.from));
        out.push(if self.pos.is_capture(m) { 'x' } else { '-' });
        out.push_str(&g.square_name(m.to));
        if let Some(p) = m.promotion() {
            out.push('=');
            out += &self.pos.rules().symbol(p).to_string();
        }
        out.extend(san.chars().last().filter(|c| matches!(c, '+' | '#')));
        Ok(out)
    }

    fn piece_at(&self, square: usize) -> PyResult<Option<PyPiece>> {
        let g = self.pos.variant().geometry();
        if square >= g.squares() {
            return Err(PyIndexError::new_err(format!("square {square} is off a {}x{} board", g.files, g.ranks)));
        }
        Ok(self
            .pos
            .piece_at(square as u8)
            .map(|p| PyPiece { piece_type: self.pos.rules().symbol(p.kind).lower().to_string(), color: white(p.color) }))
    }

    /// `(color, letter, count)` for every piece type in a hand.
    fn _hands(&self) -> Vec<(bool, String, u8)> {
        let rules = self.pos.rules();
        let mut out = Vec::new();
        for c in [Color::White, Color::Black] {
            for t in 0..rules.pieces.len() as u8 {
                let n = self.pos.hand(c, t);
                if n > 0 {
                    out.push((white(c), rules.symbol(t).lower().to_string(), n));
                }
            }
        }
        out
    }

    /// Whether the variant has hands (drops, gating or lifting).
    fn _has_hands(&self) -> bool {
        let r = self.pos.rules();
        r.drops.is_some() || r.gating.is_some() || r.lift.is_some()
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    fn gives_check(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.find_move(r#move)?;
        self.pos.play_unchecked(m);
        let check = self.pos.is_check();
        self.pos.undo();
        Ok(check)
    }

    fn is_capture(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.find_move(r#move)?;
        Ok(self.pos.is_capture(m))
    }

    /// In check with no legal move (python-chess's definition).
    fn is_checkmate(&self) -> bool {
        self.pos.is_check() && self.pos.count_moves() == 0
    }

    /// Not in check, no legal move, and no variant rule ended the game first.
    fn is_stalemate(&self) -> bool {
        !self.pos.is_check() && self.pos.count_moves() == 0 && !matches!(self.pos.outcome(), Some(o) if o.reason != EndReason::Stalemate)
    }

    /// The variant's dead-position rule (both sides), as `Position.outcome` applies it.
    fn is_insufficient_material(&self) -> bool {
        self.pos.insufficient_material()
    }

    /// Whether the current position has occurred `count` times (this one included).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.pos.repetitions() >= count
    }

    fn is_fivefold_repetition(&self) -> bool {
        self.pos.repetitions() >= 5
    }

    /// 150 plies without a capture or pawn move, with a move left to play.
    fn is_seventyfive_moves(&self) -> bool {
        self.pos.halfmove_clock() >= 150 && self.pos.count_moves() > 0
    }

    fn is_fifty_moves(&self) -> bool {
        self.pos.halfmove_clock() >= 100 && self.pos.count_moves() > 0
    }

    /// Whether the side to move may claim a draw by repetition now, or by announcing a
    /// move that repeats the position (FIDE 9.2).
    fn can_claim_threefold_repetition(&mut self, py: Python<'_>) -> bool {
        py.detach(|| self.claim(false).is_some())
    }

    /// Whether the side to move may claim a draw by the move rule now, or by announcing
    /// a move that reaches it (FIDE 9.3).
    fn can_claim_fifty_moves(&mut self, py: Python<'_>) -> bool {
        py.detach(|| self.claim(true).is_some())
    }

    fn can_claim_draw(&mut self, py: Python<'_>) -> bool {
        py.detach(|| !self.pos.claims().is_empty())
    }

    /// `(winner, termination, reason)` or `None`: the automatic end, else (with
    /// `claim_draw`) a draw the side to move may claim.
    #[pyo3(signature = (claim_draw = false))]
    fn _outcome(&mut self, py: Python<'_>, claim_draw: bool) -> Option<OutcomeTuple> {
        if let Some(o) = self.pos.outcome() {
            return Some(outcome_tuple(o, &self.pos, false));
        }
        if !claim_draw {
            return None;
        }
        let claims = py.detach(|| self.pos.claims());
        // python-chess's order: the fifty-move claim before threefold repetition.
        let claim = claims.iter().find(|c| c.outcome.reason.is_move_rule()).or(claims.first())?;
        Some(outcome_tuple(claim.outcome, &self.pos, true))
    }

    /// A copy; with `stack=False` it starts from the current position, with no history
    /// (so earlier occurrences no longer count towards repetitions).
    #[pyo3(signature = (*, stack = true))]
    fn copy(slf: &Bound<'_, Self>, stack: bool) -> PyResult<Py<PyAny>> {
        let board = slf.borrow();
        let fresh = if stack {
            board.clone()
        } else {
            let mut b = PyBoard { pos: board.pos.clone(), chess960: board.chess960 };
            b.set(Some(&board.fen()))?;
            b
        };
        // A subclass (chimera.Board) copies as itself.
        let cls = slf.get_type();
        let obj = cls.call_method1("__new__", (cls.clone(),))?;
        *obj.cast::<PyBoard>()?.borrow_mut() = fresh;
        Ok(obj.unbind().into_any())
    }

    fn __copy__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        PyBoard::copy(slf, true)
    }

    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        PyBoard::copy(slf, true)
    }

    /// Boards are equal when their variants and FENs are (the position and its clocks,
    /// as python-chess compares them: not the history).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyBoard>().is_ok_and(|o| {
            let o = o.borrow();
            o.pos.variant().name() == self.pos.variant().name() && o.pos.fen() == self.pos.fen()
        })
    }

    fn __hash__(&self) -> u64 {
        self.pos.hash() ^ u64::from(self.pos.halfmove_clock()) << 48 ^ u64::from(self.pos.fullmove_number())
    }

    /// The board as python-chess prints it: a row per rank, from the top, `.` for an
    /// empty square.
    fn __str__(&self) -> String {
        let g = self.pos.variant().geometry();
        let rules = self.pos.rules();
        let mut rows = Vec::with_capacity(g.ranks as usize);
        for rank in (0..g.ranks).rev() {
            let row: Vec<String> = (0..g.files)
                .map(|file| {
                    let sq = g.square(file, rank);
                    match self.pos.piece_at(sq) {
                        Some(p) => rules.fen_symbol(p.kind, p.color).to_string(),
                        None if rules.walls.contains(&sq) => "*".to_string(),
                        None => ".".to_string(),
                    }
                })
                .collect();
            rows.push(row.join(" "));
        }
        rows.join("\n")
    }
}

/// `e4` for a square number of a board `files` wide.
#[pyfunction]
#[pyo3(signature = (square, files = 8))]
fn square_name(square: u16, files: u8) -> PyResult<String> {
    let g = Geometry::new(files, chimera::MAX_SIDE);
    if !(chimera::MIN_SIDE..=chimera::MAX_SIDE).contains(&files) || square as usize >= g.squares() {
        return Err(PyValueError::new_err(format!("square {square} is off any board {files} files wide")));
    }
    Ok(g.square_name(square as u8))
}

/// The number of a square name on a board `files` wide (a1 = 0, b1 = 1, ...).
#[pyfunction]
#[pyo3(signature = (name, files = 8))]
fn parse_square(name: &str, files: u8) -> PyResult<u16> {
    match square_prefix(name) {
        Some(((f, r), "")) if f < files => Ok(r as u16 * files as u16 + f as u16),
        _ => Err(PyValueError::new_err(format!("invalid square name: {name:?}"))),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyPiece>()?;
    m.add_class::<PyBoard>()?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    Ok(())
}
