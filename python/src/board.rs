//! `chimera.Board`'s core: a mutable board in python-chess's shape (push/pop, a move
//! stack, `Move` values compared by their text), on the engine's `Position`, which keeps
//! the history that `pop` and repetition counting need. `chimera/board.py` adds what
//! reads better in Python (the `Outcome` dataclass, the `Termination` enum, pockets, the
//! legal-move view); every rule, notation and result comes from the facade crate.

use chimera::betza::{Direction, Hop, Mode};
use chimera::game::game_over;
use chimera::rules::{PromotionPolicy, Threshold};
use chimera::{CastlingLetters, CastlingMode, Claim, Color, EndReason, Geometry, MoveKind, Outcome, PieceSet, Position, Square};
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};

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

/// python-chess's piece types, by letter: `PAWN` = 1 ... `KING` = 6.
const CHESS_LETTERS: [&str; 6] = ["p", "n", "b", "r", "q", "k"];

/// A piece type as Python sees it: python-chess's integer for the letters `p n b r q k`,
/// the lowercase letter (`"a"`, `"+p"`) for every other type.
fn type_value(py: Python<'_>, letter: &str) -> Py<PyAny> {
    match CHESS_LETTERS.iter().position(|l| *l == letter) {
        Some(i) => (i as u8 + 1).into_pyobject(py).expect("an int").into_any().unbind(),
        None => PyString::new(py, letter).into_any().unbind(),
    }
}

/// The lowercase letter of a piece type given as python-chess's integer (1-6) or as a
/// letter (either case, `+` before a letterless promoted face).
fn letter_of(t: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = t.cast::<PyString>() {
        let s = s.to_str()?.to_ascii_lowercase();
        let bare = s.strip_prefix('+').unwrap_or(&s);
        if bare.len() != 1 || !bare.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(PyValueError::new_err(format!("invalid piece type: {s:?}")));
        }
        return Ok(s);
    }
    match t.extract::<i64>() {
        Ok(i @ 1..=6) => Ok(CHESS_LETTERS[i as usize - 1].to_string()),
        Ok(i) => Err(PyValueError::new_err(format!("invalid piece type: {i} (python-chess's are 1 to 6)"))),
        Err(_) => Err(PyTypeError::new_err("a piece type is an int (chimera.PAWN ... chimera.KING) or a letter")),
    }
}

/// A square's name on a board `files` wide (ranks up to 16).
fn name_of(square: u16, files: u8) -> PyResult<String> {
    let (file, rank) = ((square % files as u16) as u8, square / files as u16);
    if files == 0 || rank >= 16 {
        return Err(PyValueError::new_err(format!("square {square} is off any board {files} files wide")));
    }
    Ok(format!("{}{}", Geometry::file_char(file), rank + 1))
}

/// `hash()` of a Python tuple of these values (as python-chess's dataclasses hash).
fn tuple_hash(py: Python<'_>, items: Vec<Py<PyAny>>) -> PyResult<isize> {
    PyTuple::new(py, items)?.hash()
}

/// A move as python-chess has it: a value, compared by its long algebraic text (and with
/// a python-chess `Move` by its fields) and hashed as python-chess hashes one. Squares
/// are numbered `rank * files + file` from a1 = 0 (python-chess's numbering on 8x8);
/// piece types are python-chess's integers for `p n b r q k`, letters for the others.
#[pyclass(name = "Move", module = "chimera", frozen, skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct PyMove {
    uci: String,
    #[pyo3(get)]
    from_square: u16,
    #[pyo3(get)]
    to_square: u16,
    /// The letters of the promotion and of the dropped piece.
    promotion: Option<String>,
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
            from_square: shape.from.map(index).transpose()?.unwrap_or(0),
            to_square: shape.to.map(index).transpose()?.unwrap_or(0),
            promotion: shape.suffix.map(String::from),
            drop: shape.drop.map(String::from),
        })
    }

    /// A move of `pos` (legal there), its fields from the engine's move.
    pub fn of(pos: &Position, m: chimera::Move) -> PyMove {
        let uci = pos.uci(m);
        let files = pos.variant().geometry().files;
        let letter = |t| pos.rules().symbol(t).lower().to_string();
        let read = PyMove::read(&uci, files).ok();
        let (from_square, to_square) = match &read {
            Some(r) if r.uci != "0000" => (r.from_square, r.to_square),
            _ => (u16::from(m.from), u16::from(m.to)),
        };
        PyMove {
            uci,
            from_square,
            to_square,
            promotion: m.promotion().map(letter),
            drop: (m.kind == MoveKind::Drop).then(|| letter(m.piece)),
        }
    }

    /// Its fields as python-chess's `Move` has them: `(from, to, promotion, drop)`.
    fn fields(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        let int = |n: u16| n.into_pyobject(py).expect("an int").into_any().unbind();
        let piece = |l: &Option<String>| l.as_deref().map_or_else(|| py.None(), |l| type_value(py, l));
        vec![int(self.from_square), int(self.to_square), piece(&self.promotion), piece(&self.drop)]
    }
}

#[pymethods]
impl PyMove {
    /// python-chess's `Move(from_square, to_square, promotion=None, drop=None)`; `files`
    /// is the width of the board the square numbers are for.
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None, *, files = 8))]
    fn new(
        from_square: u16,
        to_square: u16,
        promotion: Option<&Bound<'_, PyAny>>,
        drop: Option<&Bound<'_, PyAny>>,
        files: u8,
    ) -> PyResult<PyMove> {
        let promotion = promotion.map(letter_of).transpose()?;
        let drop = drop.map(letter_of).transpose()?;
        let uci = if let Some(d) = &drop {
            format!("{}@{}", d.to_ascii_uppercase(), name_of(to_square, files)?)
        } else if from_square == 0 && to_square == 0 && promotion.is_none() {
            "0000".to_string()
        } else {
            let suffix = match promotion.as_deref() {
                Some(p) if p.starts_with('+') => "+",
                Some(p) => p,
                None => "",
            };
            format!("{}{}{suffix}", name_of(from_square, files)?, name_of(to_square, files)?)
        };
        Ok(PyMove { uci, from_square, to_square, promotion, drop })
    }

    /// The move from its long algebraic text, read without a board; `files` is the width
    /// of the board its square numbers are for.
    #[staticmethod]
    #[pyo3(signature = (uci, *, files = 8))]
    fn from_uci(uci: &str, files: u8) -> PyResult<PyMove> {
        PyMove::read(uci, files)
    }

    /// python-chess's null move, `0000` (from and to a1 = 0); false in a boolean context.
    #[staticmethod]
    fn null() -> PyMove {
        PyMove { uci: "0000".into(), from_square: 0, to_square: 0, promotion: None, drop: None }
    }

    /// The type it promotes to (python-chess's integer, or a letter), or `None`.
    #[getter]
    fn promotion(&self, py: Python<'_>) -> Py<PyAny> {
        self.promotion.as_deref().map_or_else(|| py.None(), |l| type_value(py, l))
    }

    /// The type it drops (python-chess's integer, or a letter), or `None`.
    #[getter]
    fn drop(&self, py: Python<'_>) -> Py<PyAny> {
        self.drop.as_deref().map_or_else(|| py.None(), |l| type_value(py, l))
    }

    fn uci(&self) -> &str {
        &self.uci
    }

    /// The move in XBoard's notation: its long algebraic text, `@@@@` for the null move.
    fn xboard(&self) -> &str {
        if self.uci == "0000" {
            "@@@@"
        } else {
            &self.uci
        }
    }

    fn __bool__(&self) -> bool {
        self.uci != "0000"
    }

    /// Equal to a `chimera.Move` of the same text, and to any move with the same
    /// `from_square`, `to_square`, `promotion` and `drop` (a python-chess `Move`).
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(o) = other.cast::<PyMove>() {
            let o = o.get();
            return Ok(o.uci == self.uci && (o.from_square, o.to_square) == (self.from_square, self.to_square));
        }
        let names = ["from_square", "to_square", "promotion", "drop"];
        if !names.iter().all(|n| other.hasattr(*n).unwrap_or(false)) {
            return Ok(false);
        }
        for (name, mine) in names.iter().zip(self.fields(py)) {
            if !other.getattr(*name)?.eq(mine)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// python-chess's hash: of `(from_square, to_square, promotion, drop)`.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        tuple_hash(py, self.fields(py))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    fn __str__(&self) -> &str {
        &self.uci
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci({:?})", self.uci).replace('"', "'")
    }
}

/// A piece: its colour (`True` for White, as python-chess's `chess.WHITE`) and its type
/// (python-chess's integer for `p n b r q k`, the variant's lowercase letter otherwise).
#[pyclass(name = "Piece", module = "chimera", frozen, skip_from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPiece {
    /// The lowercase letter (`+` and a letter for a letterless promoted face).
    letter: String,
    #[pyo3(get)]
    color: bool,
}

impl PyPiece {
    fn of(rules: &chimera::Rules, p: chimera::Piece) -> PyPiece {
        PyPiece { letter: rules.symbol(p.kind).lower().to_string(), color: white(p.color) }
    }
}

#[pymethods]
impl PyPiece {
    #[new]
    fn new(piece_type: &Bound<'_, PyAny>, color: bool) -> PyResult<PyPiece> {
        Ok(PyPiece { letter: letter_of(piece_type)?, color })
    }

    /// The piece from its FEN letter: upper case for White.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<PyPiece> {
        let letter = symbol.to_ascii_lowercase();
        let bare = letter.strip_prefix('+').unwrap_or(&letter);
        if bare.len() != 1 || !bare.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(PyValueError::new_err(format!("invalid piece symbol: {symbol:?}")));
        }
        Ok(PyPiece { color: symbol.ends_with(|c: char| c.is_ascii_uppercase()), letter })
    }

    #[getter]
    fn piece_type(&self, py: Python<'_>) -> Py<PyAny> {
        type_value(py, &self.letter)
    }

    /// The FEN letter: upper case for White.
    fn symbol(&self) -> String {
        if self.color {
            self.letter.to_ascii_uppercase()
        } else {
            self.letter.clone()
        }
    }

    /// The chess piece's Unicode figure (python-chess's); the letter for other types.
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let white = self.color != invert_color;
        let figures = if white { ["♙", "♘", "♗", "♖", "♕", "♔"] } else { ["♟", "♞", "♝", "♜", "♛", "♚"] };
        match CHESS_LETTERS.iter().position(|l| *l == self.letter) {
            Some(i) => figures[i].to_string(),
            None if white => self.letter.to_ascii_uppercase(),
            None => self.letter.clone(),
        }
    }

    /// Equal to a `chimera.Piece` of the same letter and colour, and to any piece with
    /// the same `piece_type` and `color` (a python-chess `Piece`).
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(o) = other.cast::<PyPiece>() {
            return Ok(o.get() == self);
        }
        if !(other.hasattr("piece_type")? && other.hasattr("color")?) {
            return Ok(false);
        }
        Ok(other.getattr("piece_type")?.eq(self.piece_type(py))? && other.getattr("color")?.eq(self.color)?)
    }

    /// python-chess's hash for its six types; of `(letter, color)` for the others.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        match CHESS_LETTERS.iter().position(|l| *l == self.letter) {
            Some(i) => Ok(i as isize + 1 + if self.color { -1 } else { 5 }),
            None => tuple_hash(
                py,
                vec![PyString::new(py, &self.letter).into_any().unbind(), PyBool::new(py, self.color).to_owned().into_any().unbind()],
            ),
        }
    }

    fn __str__(&self) -> String {
        self.symbol()
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
    let variant = |o: Outcome| match o.winner {
        None => "VARIANT_DRAW",
        Some(c) if c == pos.turn() => "VARIANT_WIN",
        Some(_) => "VARIANT_LOSS",
    };
    match o.reason {
        // A mate the mated side loses, a stalemate that is drawn: python-chess's names;
        // where the variant scores them otherwise (Antichess's stalemate wins), they are
        // its own ends, as python-chess's variant boards have them.
        EndReason::Checkmate if o.winner.is_some_and(|c| c != pos.turn()) => "CHECKMATE",
        EndReason::Stalemate if o.winner.is_none() => "STALEMATE",
        EndReason::Checkmate | EndReason::Stalemate => variant(o),
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
        | EndReason::PerpetualAttack
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
        | EndReason::Rule(_) => variant(o),
    }
}

/// `(winner, termination, reason)`: `winner` True/False/None.
type OutcomeTuple = (Option<bool>, &'static str, &'static str);

fn outcome_tuple(o: Outcome, pos: &Position, claimed: bool) -> OutcomeTuple {
    (o.winner.map(white), termination(o, pos, claimed), o.reason.as_str())
}

/// What stands where, for the attack and move walker below: the pieces by square, the
/// board's walls, and which squares block a rider (every piece, unless the caller gives
/// another set, as python-chess's `attackers(..., occupied)` does).
struct Cells<'a> {
    rules: &'a chimera::Rules,
    g: Geometry,
    pieces: Vec<Option<chimera::Piece>>,
    walls: Vec<bool>,
    block: Vec<bool>,
}

/// A placement given from Python: `(square, letter, white)` for each piece.
type Placement = Vec<(u16, String, bool)>;

impl<'a> Cells<'a> {
    fn new(rules: &'a chimera::Rules, pieces: Vec<Option<chimera::Piece>>, blockers: Option<Vec<u16>>) -> PyResult<Cells<'a>> {
        let g = rules.geometry;
        let n = g.squares();
        let mut walls = vec![false; n];
        for &w in &rules.walls {
            walls[w] = true;
        }
        let block = match blockers {
            None => pieces.iter().map(Option::is_some).collect(),
            Some(squares) => {
                let mut b = vec![false; n];
                for sq in squares.into_iter().filter(|&sq| (sq as usize) < n) {
                    b[sq as usize] = true;
                }
                b
            }
        };
        Ok(Cells { rules, g, pieces, walls, block })
    }

    /// The cells of `pos`, or of `placement` (a board the engine would not set up).
    fn of(pos: &'a Position, placement: Option<Placement>, blockers: Option<Vec<u16>>) -> PyResult<Cells<'a>> {
        let rules = pos.rules();
        let g = rules.geometry;
        let pieces = match placement {
            None => g.all().map(|sq| pos.piece_at(sq)).collect(),
            Some(list) => {
                let mut pieces = vec![None; g.squares()];
                for (sq, letter, is_white) in list {
                    let kind = rules
                        .piece_types()
                        .find(|&t| rules.symbol(t).lower().to_string() == letter)
                        .ok_or_else(|| PyValueError::new_err(format!("`{letter}` is no piece of {}", rules.name)))?;
                    let cell = pieces.get_mut(sq as usize).ok_or_else(|| PyIndexError::new_err(format!("square {sq} is off the board")))?;
                    *cell = Some(chimera::Piece { color: if is_white { Color::White } else { Color::Black }, kind });
                }
                pieces
            }
        };
        Cells::new(rules, pieces, blockers)
    }

    fn blocked(&self, sq: Square) -> bool {
        self.block[sq]
    }

    fn region(&self, r: &chimera::rules::Region, c: Color) -> Vec<bool> {
        let mut inside = vec![false; self.g.squares()];
        for sq in r.squares(self.g, c) {
            inside[sq] = true;
        }
        inside
    }

    /// The squares direction `d` of a piece of `color` on `from` reaches: each with
    /// whether it is occupied (a rider stops there). A hopper's squares are those past
    /// its screen (a cannon's run beyond it, a grasshopper's landing).
    fn walk(&self, from: Square, color: Color, d: &Direction, barred: PieceSet, out: &mut Vec<(Square, bool)>) {
        if d.locust.is_some() {
            return;
        }
        let g = self.g;
        let sign = if color == Color::White { 1 } else { -1 };
        let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
        let rel = |&(x, y): &(i8, i8)| g.offset(from, x as i32 * sign, y as i32 * sign);
        let wall = |sq: Square| self.walls[sq];
        let barred_at = |sq: Square| self.pieces[sq].is_some_and(|p| barred.contains(p.kind));
        // Steps along the line, at most as many as the board has squares (a cylinder wraps).
        let limit = g.squares();
        let mut line =
            std::iter::successors(g.offset(from, dx, dy), |&sq| g.offset(sq, dx, dy)).take(limit).take_while(|&sq| sq != from && !wall(sq));
        match d.hop {
            Hop::None if d.range == 1 => {
                if d.path.iter().any(|p| rel(p).is_none_or(|s| self.blocked(s) || wall(s)))
                    || d.hurdles.iter().any(|p| rel(p).is_none_or(|s| !self.blocked(s)))
                {
                    return;
                }
                if let Some(to) = line.next() {
                    out.push((to, self.blocked(to)));
                }
            }
            Hop::None => {
                let range = if d.range == 0 { usize::MAX } else { d.range as usize };
                for to in line.take(range) {
                    out.push((to, self.blocked(to)));
                    if self.blocked(to) {
                        break;
                    }
                }
            }
            Hop::Cannon => {
                let Some(screen) = line.by_ref().find(|&sq| self.blocked(sq)) else { return };
                if barred_at(screen) {
                    return;
                }
                for to in line {
                    if self.blocked(to) {
                        if !barred_at(to) {
                            out.push((to, true));
                        }
                        break;
                    }
                    out.push((to, false));
                }
            }
            Hop::Grasshopper => {
                if line.by_ref().find(|&sq| self.blocked(sq)).is_some() {
                    if let Some(to) = line.next() {
                        out.push((to, self.blocked(to)));
                    }
                }
            }
        }
    }

    /// Every direction the piece on `from` has there: its own, its extra moves where it
    /// stands in their region, its line moves on their lines (the line's squares only).
    fn directions(&self, from: Square, p: chimera::Piece) -> Vec<(&'a Direction, Option<&'a [Square]>)> {
        let def = self.rules.piece(p.kind);
        let mut dirs: Vec<(&Direction, Option<&[Square]>)> = def.directions.iter().map(|d| (d, None)).collect();
        if let Some((region, extra)) = &def.extra_moves {
            if region.squares(self.g, p.color).any(|sq| sq == from) {
                dirs.extend(extra.iter().map(|d| (d, None)));
            }
        }
        if let Some(lines) = &def.line_moves {
            if lines.squares.contains(&from) {
                dirs.extend(lines.directions.iter().map(|d| (d, Some(lines.squares.as_slice()))));
            }
        }
        dirs
    }

    /// The squares the piece on `from` attacks: where it could capture, whatever stands
    /// there (python-chess's `attacks`). Moves a piece has only before it first moves
    /// are left out.
    fn attacks(&self, from: Square) -> Vec<Square> {
        let Some(p) = self.pieces[from] else { return Vec::new() };
        let def = self.rules.piece(p.kind);
        let within = def.moves_within.as_ref().map(|r| self.region(r, p.color));
        let mut out = Vec::new();
        let mut reached = Vec::new();
        for (d, on) in self.directions(from, p) {
            if d.mode == Mode::Move || d.initial_only {
                continue;
            }
            reached.clear();
            self.walk(from, p.color, d, def.hop_barred, &mut reached);
            for &(to, occupied) in &reached {
                if d.hop == Hop::Cannon && !occupied {
                    continue;
                }
                if on.is_some_and(|squares| !squares.contains(&to)) || within.as_ref().is_some_and(|w| !w[to]) {
                    continue;
                }
                out.push(to);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The pieces of `color` that attack `target`.
    fn attackers(&self, color: Color, target: Square) -> Vec<Square> {
        self.g.all().filter(|&sq| self.pieces[sq].is_some_and(|p| p.color == color) && self.attacks(sq).contains(&target)).collect()
    }

    /// The moves of `color`'s pieces as the board's pieces move, in long algebraic
    /// notation, whether or not they leave a royal piece attacked: steps, rides, hops,
    /// double steps, en-passant captures onto `ep`, with their promotions. No castles,
    /// drops or moves of a variant's special kinds (those come from the legal moves).
    fn pseudo_moves(&self, color: Color, ep: Option<Square>) -> Vec<String> {
        let g = self.g;
        let rules = self.rules;
        let sign = if color == Color::White { 1 } else { -1 };
        let mut out = Vec::new();
        let mut reached = Vec::new();
        for from in g.all() {
            let Some(p) = self.pieces[from].filter(|p| p.color == color) else { continue };
            let def = rules.piece(p.kind);
            let within = def.moves_within.as_ref().map(|r| self.region(r, color));
            // (target, capture)
            let mut targets: Vec<(Square, bool)> = Vec::new();
            for (d, on) in self.directions(from, p) {
                if d.initial_only {
                    continue;
                }
                reached.clear();
                self.walk(from, color, d, def.hop_barred, &mut reached);
                for &(to, occupied) in &reached {
                    if on.is_some_and(|squares| !squares.contains(&to)) {
                        continue;
                    }
                    let theirs = self.pieces[to].is_some_and(|q| q.color != color);
                    if occupied && theirs && d.mode != Mode::Move {
                        targets.push((to, true));
                    } else if !occupied && d.mode != Mode::Capture {
                        targets.push((to, false));
                    }
                }
                // En passant: a capturing step onto the square a double step passed.
                if let Some(e) = ep.filter(|&e| def.takes_en_passant && self.pieces[e].is_none()) {
                    let plain = d.range == 1 && d.hop == Hop::None && d.mode != Mode::Move && !d.is_conditional();
                    if plain && g.offset(from, d.dx as i32 * sign, d.dy as i32 * sign) == Some(e) {
                        targets.push((e, true));
                    }
                }
            }
            if def.double_step_ranks.squares(g, color).any(|sq| sq == from) {
                let one = g.offset(from, 0, sign).filter(|&s| !self.blocked(s) && !self.walls[s]);
                if let Some(two) = one.and_then(|s| g.offset(s, 0, sign)).filter(|&s| !self.blocked(s) && !self.walls[s]) {
                    targets.push((two, false));
                }
            }
            let zone = def.promotion.as_ref().map(|pr| (pr, self.region(&pr.ranks, color)));
            for (to, capture) in targets {
                if within.as_ref().is_some_and(|w| !w[to]) {
                    continue;
                }
                let base = format!("{}{}", g.square_name(from), g.square_name(to));
                match &zone {
                    Some((pr, zone)) if (zone[to] || (pr.from_zone && zone[from])) && (capture || !pr.on_capture) => {
                        for &t in &pr.to[color] {
                            let s = rules.symbol(t);
                            out.push(if s.plus { format!("{base}+") } else { format!("{base}{}", s.lower()) });
                        }
                        if pr.policy != PromotionPolicy::Mandatory {
                            out.push(base);
                        }
                    }
                    _ => out.push(base),
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Where python-chess's move generator yields a chess move: the pieces' moves by origin
/// and then target square, highest first; castles, the h-side first; pawn captures (by
/// origin, target, then queen, rook, bishop, knight); pawn pushes; double steps; en
/// passant. In check the king's moves come first. (A program that picks the first move,
/// or a seeded random one, then plays the same game on both.)
fn python_chess_key(pos: &Position, m: chimera::Move, in_check: bool) -> (i32, i32, i32, i32) {
    let g = pos.variant().geometry();
    let (from, to) = (m.from.get() as i32, m.to.get() as i32);
    let promotion = m.promotion().map_or(0, |t| match pos.rules().symbol(t).lower().to_string().as_str() {
        "q" => 0,
        "r" => 1,
        "b" => 2,
        _ => 3,
    });
    if matches!(m.kind, MoveKind::Castle | MoveKind::GateCastle) {
        // The h-side castle (the king ends on the g-file) first.
        return (1, -(g.file(m.to) as i32), 0, 0);
    }
    let Some(piece) = pos.piece_at(m.from).filter(|_| m.is_board_move()) else { return (6, -to, 0, 0) };
    let def = pos.rules().piece(piece.kind);
    if !def.pawn {
        if def.royal && in_check {
            return (-1, -to, 0, 0);
        }
        return (0, -from, -to, 0);
    }
    match m.kind {
        MoveKind::EnPassant => (5, -from, 0, 0),
        MoveKind::DoubleStep => (4, -to, 0, 0),
        _ if g.file(m.from) != g.file(m.to) => (2, -from, -to, promotion),
        _ => (3, -to, promotion, 0),
    }
}

fn kind_name(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Normal => "normal",
        MoveKind::DoubleStep => "double-step",
        MoveKind::EnPassant => "en-passant",
        MoveKind::Castle => "castle",
        MoveKind::Drop => "drop",
        MoveKind::Buy => "buy",
        MoveKind::Upgrade => "upgrade",
        MoveKind::Lift => "lift",
        MoveKind::Rule => "rule",
        MoveKind::Gate => "gate",
        MoveKind::GateCastle => "gate-castle",
        MoveKind::Pass => "pass",
        MoveKind::Wall => "wall",
        MoveKind::Locust => "locust",
    }
}

/// The mutable board behind `chimera.Board`.
#[pyclass(name = "_Board", module = "chimera", subclass, skip_from_py_object)]
#[derive(Clone)]
pub struct PyBoard {
    /// The position and the moves played since it was set (the move stack: the
    /// position's own history, which `undo` takes back).
    pub(crate) pos: Position,
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

    /// The text of a move given as a `Move`, a `str`, or any object with a `uci()`
    /// method (a python-chess `Move`).
    fn text(m: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Ok(mv) = m.cast::<PyMove>() {
            return Ok(mv.get().uci.clone());
        }
        if let Ok(s) = m.cast::<PyString>() {
            return Ok(s.to_string());
        }
        match m.call_method0("uci") {
            Ok(text) => text.extract::<String>(),
            Err(_) => Err(PyTypeError::new_err("a move is a chimera.Move, a str, or has a uci() method")),
        }
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

    /// The engine's move for SAN or long algebraic text, or why it cannot be played: a
    /// game over with no move left (checkmate, stalemate, a variant's end that stops
    /// play) refuses every move with `game-over`. After the draws that leave moves on the
    /// board (fivefold repetition, seventy-five moves, a dead position) the moves are
    /// still played, as python-chess plays them.
    fn find(&mut self, text: &str) -> PyResult<chimera::Move> {
        if let Some(o) = self.stopped() {
            return Err(refusal(game_over(o, &self.pos)));
        }
        self.pos.parse_move(text).map_err(refusal)
    }

    /// The end of the game if it stops play: a win (by any rule), or no move left. The
    /// draws that leave moves on the board (a repetition, the move rule, a dead
    /// position) do not, as in python-chess.
    fn stopped(&self) -> Option<Outcome> {
        let o = self.pos.outcome()?;
        (o.winner.is_some() || self.pos.count_moves() == 0).then_some(o)
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

    /// The legal moves: none once the game is over with a winner or without a move
    /// left; still listed after the draws that leave moves (as python-chess lists them).
    fn legal(&self) -> Vec<chimera::Move> {
        if self.pos.outcome().is_some_and(|o| o.winner.is_some()) {
            Vec::new()
        } else {
            self.pos.legal_moves()
        }
    }

    /// The engine's move for a legal move given as a `Move` or text, or `None`.
    fn legal_move(&mut self, m: &Bound<'_, PyAny>) -> Option<chimera::Move> {
        let text = PyBoard::text(m).ok()?;
        if uci_shape(&text).is_none() || text == "0000" {
            return None;
        }
        self.find(&text).ok()
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

    /// The legal moves, in the engine's order, or with `python_chess_order` in the order
    /// python-chess generates chess moves (see `python_chess_key`); none once the game
    /// is over with a winner or without a move left.
    #[pyo3(signature = (python_chess_order = false))]
    fn _legal_moves(&self, python_chess_order: bool) -> Vec<PyMove> {
        let mut moves = self.legal();
        if python_chess_order {
            let in_check = self.pos.is_check();
            moves.sort_by_cached_key(|&m| python_chess_key(&self.pos, m, in_check));
        }
        moves.into_iter().map(|m| PyMove::of(&self.pos, m)).collect()
    }

    fn _count_legal(&self) -> u64 {
        if self.pos.outcome().is_some_and(|o| o.winner.is_some()) {
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
        Ok(self.pos.piece_at(Square::new(square as u8)).map(|p| PyPiece::of(self.pos.rules(), p)))
    }

    /// `(square, piece, promoted)` for every piece on the board, by square.
    fn _piece_list(&self) -> Vec<(u16, PyPiece, bool)> {
        let rules = self.pos.rules();
        rules
            .geometry
            .all()
            .filter_map(|sq| self.pos.piece_at(sq).map(|p| (u16::from(sq), PyPiece::of(rules, p), self.pos.is_promoted(sq))))
            .collect()
    }

    /// `(letter, royal, pawn)` for each piece type of the variant, in its order.
    fn _type_info(&self) -> Vec<(String, bool, bool)> {
        let rules = self.pos.rules();
        rules
            .piece_types()
            .map(|t| {
                let def = rules.piece(t);
                (rules.symbol(t).lower().to_string(), def.royal || def.royal_while_at_most.is_some(), def.pawn)
            })
            .collect()
    }

    /// `(must_capture, checks)`: whether capturing is compulsory, and the number of
    /// checks that wins (`None` where checks are not counted).
    fn _rules_info(&self) -> (bool, Option<u16>) {
        let rules = self.pos.rules();
        (rules.must_capture, rules.end.checks)
    }

    /// The squares of the pieces of `color` that attack `square` (pinned or not), on the
    /// board or on `placement`; `occupied` lists the squares that block (default: every
    /// piece).
    #[pyo3(signature = (color, square, occupied = None, placement = None))]
    fn _attackers(&self, color: bool, square: u16, occupied: Option<Vec<u16>>, placement: Option<Placement>) -> PyResult<Vec<u16>> {
        let cells = Cells::of(&self.pos, placement, occupied)?;
        if square as usize >= cells.g.squares() {
            return Err(PyIndexError::new_err(format!("square {square} is off the board")));
        }
        let c = if color { Color::White } else { Color::Black };
        Ok(cells.attackers(c, Square::new(square as u8)).into_iter().map(u16::from).collect())
    }

    /// The squares the piece on `square` attacks (none for an empty square).
    #[pyo3(signature = (square, occupied = None, placement = None))]
    fn _attacks(&self, square: u16, occupied: Option<Vec<u16>>, placement: Option<Placement>) -> PyResult<Vec<u16>> {
        let cells = Cells::of(&self.pos, placement, occupied)?;
        if square as usize >= cells.g.squares() {
            return Err(PyIndexError::new_err(format!("square {square} is off the board")));
        }
        Ok(cells.attacks(Square::new(square as u8)).into_iter().map(u16::from).collect())
    }

    /// The pseudo-legal moves that are not legal: the side to move's plain moves (see
    /// `Cells::pseudo_moves`) that would leave a royal piece attacked.
    fn _pseudo_extra(&self) -> PyResult<Vec<PyMove>> {
        let cells = Cells::of(&self.pos, None, None)?;
        let legal: std::collections::HashSet<String> = self.legal().into_iter().map(|m| self.pos.uci(m)).collect();
        let files = cells.g.files;
        cells
            .pseudo_moves(self.pos.turn(), self.pos.en_passant())
            .into_iter()
            .filter(|uci| !legal.contains(uci))
            .map(|uci| PyMove::read(&uci, files))
            .collect()
    }

    /// The kind of a legal move (`normal`, `double-step`, `en-passant`, `castle`, `drop`...),
    /// or `None` if it is not legal here.
    fn _move_kind(&mut self, r#move: &Bound<'_, PyAny>) -> Option<&'static str> {
        self.legal_move(r#move).map(|m| kind_name(m.kind))
    }

    /// For a legal castle, `(king_from, king_to, rook_from)`: where the king starts and
    /// ends, and where its rook (or other castling piece) starts.
    fn _castle_squares(&mut self, r#move: &Bound<'_, PyAny>) -> Option<(u16, u16, u16)> {
        let m = self.legal_move(r#move)?;
        if !matches!(m.kind, MoveKind::Castle | MoveKind::GateCastle) {
            return None;
        }
        let g = self.pos.variant().geometry();
        let rook = if self.chess960 {
            // Written as the king taking its rook.
            let uci = self.pos.uci(m);
            let (_, rest) = square_prefix(&uci)?;
            let ((f, r), _) = square_prefix(rest)?;
            g.square(f, r)
        } else {
            let castle = self.pos.rules().castles.get(m.piece.index())?;
            castle.squares(g, self.pos.turn()).rook_from
        };
        Some((u16::from(m.from), u16::from(m.to), u16::from(rook)))
    }

    /// Whether an en-passant capture is among the legal moves.
    fn _legal_ep(&self) -> bool {
        self.pos.en_passant().is_some() && self.legal().iter().any(|m| m.kind == MoveKind::EnPassant)
    }

    /// The number of moves on the move stack.
    fn _stack_len(&self) -> usize {
        self.pos.plies()
    }

    /// Whether a legal move resets the move-rule clock (`None` if it is not legal).
    fn _zeroing(&mut self, r#move: &Bound<'_, PyAny>) -> Option<bool> {
        let m = self.legal_move(r#move)?;
        self.pos.play_unchecked(m);
        let zero = self.pos.halfmove_clock() == 0;
        self.pos.undo();
        Some(zero)
    }

    /// The en-passant square: the square a double step passed, after every double step.
    fn _ep_square(&self) -> Option<u16> {
        self.pos.en_passant().map(u16::from)
    }

    /// The FEN, its castling rights by the rooks' files with `shredder` (`HAha`).
    #[pyo3(signature = (shredder = false))]
    fn _fen(&self, shredder: bool) -> String {
        if shredder {
            self.pos.fen_with(CastlingLetters::RookFiles)
        } else {
            self.pos.fen()
        }
    }

    /// Whether `color` lacks the material to win (the variant's per-side rule).
    fn _insufficient_of(&self, color: bool) -> bool {
        self.pos.insufficient_material_of(if color { Color::White } else { Color::Black })
    }

    /// `(color, letter, count)` for every piece type in a hand.
    fn _hands(&self) -> Vec<(bool, String, u8)> {
        let rules = self.pos.rules();
        let mut out = Vec::new();
        for c in [Color::White, Color::Black] {
            for t in rules.piece_types() {
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
    Ok(g.square_name(Square::new(square as u8)))
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
