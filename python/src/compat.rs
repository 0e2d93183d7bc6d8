//! `chimera.compat`: pyffish's functions, with its arguments and return values, so that
//! a program can switch by changing its import. Every call builds its position from a
//! variant, a FEN (or `"startpos"`) and the long algebraic moves played since, as
//! pyffish does; variants are the built-ins (by id), those `load_variant_config` loaded
//! (by name) or any `chimera.Variant`.
//!
//! Values follow pyffish: results are from the side to move's view, `VALUE_MATE`
//! (32000) for a win, `-VALUE_MATE` for a loss, `VALUE_DRAW` (0) for a draw.

mod declared_count;
mod ends;
mod fen_check;
mod fen_io;
mod registry;
mod san;
mod unpromoted;

use chimera::rules::Captured;
use chimera::{Color, FenStyle, Move, MoveKind, Piece, Position};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyList;

use crate::api::uci_list;
use crate::errors;
use fen_check::{FEN_CODES, FEN_EMPTY, FEN_OK};
use registry::resolve;

const VALUE_MATE: i32 = 32000;
const VALUE_DRAW: i32 = 0;
const NOTATION_DEFAULT: i32 = 0;
const NOTATION_SAN: i32 = 1;

const NOTATIONS: &[(&str, i32)] = &[
    ("NOTATION_DEFAULT", NOTATION_DEFAULT),
    ("NOTATION_SAN", NOTATION_SAN),
    ("NOTATION_LAN", 2),
    ("NOTATION_SHOGI_HOSKING", 3),
    ("NOTATION_SHOGI_HODGES", 4),
    ("NOTATION_SHOGI_HODGES_NUMBER", 5),
    ("NOTATION_JANGGI", 6),
    ("NOTATION_XIANGQI_WXF", 7),
    ("NOTATION_THAI_SAN", 8),
    ("NOTATION_THAI_LAN", 9),
];

/// A position as pyffish's calls build it, with what pyffish keeps that Chimera's
/// position does not say.
struct Game {
    pos: Position,
    /// Fairy-Stockfish's halfmove clock: reset by every capture, drop and promotion, and
    /// by the moves that reset Chimera's (a pawn's), whatever the variant's move rule.
    clock: u32,
    /// The piece the last move took, and whether it stood there promoted.
    taken: Option<(Piece, bool)>,
    /// Where promoted pieces stand, for Fairy-Stockfish's `showPromoted` marks, in a
    /// variant whose own FEN has none (`fen_io::promoted_marks`): the FEN's marks, then
    /// each promotion's square, following the piece until it is taken.
    marks: Vec<chimera::Square>,
    /// Where pieces stand that a Shogi-style promotion turned into a type of their own
    /// (Chak's pawn into its `W`), each with the type it promoted from: Fairy-Stockfish
    /// writes them `+P` (`fen_io::plus_target`). The FEN's, then each such promotion's,
    /// following the piece until it is taken.
    plus: Vec<(chimera::Square, chimera::PieceType)>,
    /// Where promoted faces stand set up bare (Sho shogi's `D`: `fen_io::bare_face`),
    /// following each until it is taken.
    bare: Vec<chimera::Square>,
}

/// The position pyffish's calls start from: the variant's, at `fen` (`"startpos"` for its
/// start), after `moves` (long algebraic, or SAN). A move that cannot be played raises
/// `chimera.IllegalMove` (a `ValueError`, as pyffish raises). With `chess960` the FEN's
/// castling field is read as Chess960's (X-FEN or Shredder-FEN) and castles are the king
/// taking its rook.
fn build(variant: &Bound<'_, PyAny>, fen: &str, moves: &[PyBackedStr], chess960: bool) -> PyResult<Game> {
    let v = resolve(variant)?;
    // A FEN with a promoted type set up unpromoted (Shogi's bare `D`) is played where
    // pieces carry their promotion, as in Fairy-Stockfish.
    let v = if fen != "startpos" && unpromoted::held_bare(v.rules(), fen) { unpromoted::twin(variant, &v).unwrap_or(v) } else { v };
    // The start is Chimera's own FEN, read as Chimera's (a check-counting start has no
    // Fairy-Stockfish `3+3` field, which the foreign reading would take as one check left).
    let pos = if fen == "startpos" { fen_io::start(&v, chess960) } else { fen_io::read(&v, fen, chess960) };
    let pos = pos.map_err(errors::fen_error)?;
    let (marks, unmarked) = if fen == "startpos" { (Vec::new(), String::new()) } else { fen_io::promoted_marks(&v, fen) };
    let plus = if fen == "startpos" { Vec::new() } else { fen_io::piece_promotions(&v, &unmarked).0 };
    let bare = if fen == "startpos" { Vec::new() } else { fen_io::bare_faces(&v, fen) };
    let mut game = Game { clock: u32::from(pos.halfmove_clock()), pos, taken: None, marks, plus, bare };
    for text in moves {
        let parts = fsf_turn(&mut game.pos, text)
            .map_err(|e| errors::illegal_move(chimera::MoveError { message: format!("Invalid move '{}': {}", &**text, e.message), ..e }))?;
        // The clocks and the piece taken are the turn's first part's (a wall part moves
        // and takes nothing).
        let mut parts = parts.into_iter();
        if let Some(first) = parts.next() {
            let bare = game.bare_demoting_capture(first);
            game.follow_bare(first);
            game.follow_marks(first);
            game.follow_plus(first);
            game.play(first);
            if let Some((t, u)) = bare {
                game.keep_in_hand_as_itself(t, u);
            }
        }
        for part in parts {
            game.follow_bare(part);
            game.follow_marks(part);
            game.follow_plus(part);
            game.pos.play_unchecked(part);
        }
        let pos = &game.pos;
        game.marks.retain(|&sq| pos.piece_at(sq).is_some());
        let rules = pos.rules();
        game.plus.retain(|&(sq, base)| pos.piece_at(sq).is_some_and(|p| fen_io::plus_type(rules, base) == Some(p.kind)));
    }
    Ok(game)
}

/// A whole turn as Fairy-Stockfish writes it, its parts joined by commas (`e2e4,e4e5`
/// in duck and amazons), or one move: its parts, each read by [`Position::parse_fsf_long`].
fn fsf_turn(pos: &mut Position, text: &str) -> Result<Vec<Move>, chimera::MoveError> {
    pos.read_turn(text, Position::parse_fsf_long)
}

/// Pieces that turn over and back (Kyoto shogi): Fairy-Stockfish's `pieceDemotion`, where
/// a promotion does not reset its halfmove clock.
fn pieces_flip(rules: &chimera::Rules) -> bool {
    rules.pieces.iter().enumerate().any(|(t, p)| {
        p.promotion.as_ref().is_some_and(|pr| {
            pr.to
                .iter()
                .flat_map(|(_, to)| to.iter())
                .any(|&u| rules.pieces[u].promotion.as_ref().is_some_and(|back| back.reaches(chimera::PieceType::new(t as u8))))
        })
    })
}

/// Whether `piece`, having made the board move `m`, could move straight back to where it
/// came from on an empty board (Fairy-Stockfish's test of a reversible move).
fn steps_back(rules: &chimera::Rules, piece: Piece, m: chimera::Move) -> bool {
    let g = rules.geometry;
    let forward = if piece.color == chimera::Color::White { 1 } else { -1 };
    let dx = g.file(m.from) as i32 - g.file(m.to) as i32;
    let dy = (g.rank(m.from) as i32 - g.rank(m.to) as i32) * forward;
    rules.pieces[piece.kind].directions.iter().any(|d| {
        if d.mode == chimera::betza::Mode::Capture || d.initial_only {
            return false;
        }
        let (sx, sy) = (d.dx as i32, d.dy as i32);
        // The number of steps k with k * (sx, sy) = (dx, dy).
        let k = if sx != 0 {
            dx / sx
        } else if sy != 0 {
            dy / sy
        } else {
            0
        };
        k >= 1 && k * sx == dx && k * sy == dy && (k == 1 || d.range != 1) && (d.range <= 1 || k <= d.range as i32)
    })
}

impl Game {
    /// Moves the promoted mark of the piece `m` moves (about to be played), drops the
    /// one of a piece it takes on its target, and marks a promotion's square — a pawn's
    /// kind of promotion only: a face turned over is written `+N` (or back, plain) by the
    /// FEN itself (Kyoto shogi), as Fairy-Stockfish writes it.
    fn follow_marks(&mut self, m: chimera::Move) {
        if self.marks.is_empty() && m.promotion().is_none() {
            return;
        }
        let rules = self.pos.rules();
        let mover = self.pos.piece_at(m.from).map(|p| p.kind);
        let promotes = m.promotion().zip(mover).is_some_and(|(p, mover)| rules.fsf_promotion_mark(mover, p).is_none());
        let moved = self.marks.contains(&m.from) && m.kind != MoveKind::Drop;
        self.marks.retain(|&sq| sq != m.from && sq != m.to);
        if moved || promotes {
            self.marks.push(m.to);
        }
    }

    /// Moves the square of a bare face that the move `m` (about to be played) moves, and
    /// drops the one of a piece it takes.
    fn follow_bare(&mut self, m: chimera::Move) {
        if self.bare.is_empty() {
            return;
        }
        let moved = m.kind != MoveKind::Drop && self.bare.contains(&m.from);
        self.bare.retain(|&sq| sq != m.from && sq != m.to);
        if moved && m.promotion().is_none() {
            self.bare.push(m.to);
        }
    }

    /// Where the move `m` (about to be played) takes a piece of a type that goes to the
    /// hand as another without being its promoted face, and that stands unpromoted (no
    /// `+` on it: a bare `k` in xiangfu, whose `+g` returns as a `g`): its type and the
    /// one Chimera's hand gets for it. Fairy-Stockfish returns such a piece as itself.
    fn bare_demoting_capture(&self, m: chimera::Move) -> Option<(chimera::PieceType, chimera::PieceType)> {
        if matches!(m.kind, MoveKind::Drop | MoveKind::Castle | MoveKind::GateCastle) || self.plus.iter().any(|&(sq, _)| sq == m.to) {
            return None;
        }
        let rules = self.pos.rules();
        let taken = self.pos.piece_at(m.to).filter(|p| p.color != self.pos.turn())?.kind;
        match rules.piece(taken).captured_as {
            chimera::rules::Captured::Hand(u) if u != taken && fen_io::plus_type(rules, u) == Some(taken) => Some((taken, u)),
            _ => None,
        }
    }

    /// The captor's hand holds the piece just taken as its type `t`, not as `u`
    /// ([`Game::bare_demoting_capture`]), where the hand may hold `t`.
    fn keep_in_hand_as_itself(&mut self, t: chimera::PieceType, u: chimera::PieceType) {
        let captor = self.pos.turn().opponent();
        if self.pos.take_from_hand(Piece { color: captor, kind: u }) && !self.pos.give_to_hand(Piece { color: captor, kind: t }) {
            self.pos.give_to_hand(Piece { color: captor, kind: u });
        }
    }

    /// Moves the `+` of a piece promoted to a type of its own with the move `m` (about
    /// to be played), drops the one of a piece it takes, and adds one for such a
    /// promotion.
    fn follow_plus(&mut self, m: chimera::Move) {
        let rules = self.pos.rules();
        let base = self.pos.piece_at(m.from).map(|p| p.kind).filter(|_| m.kind != MoveKind::Drop);
        let promotes = base.filter(|&b| m.promotion().is_some() && fen_io::plus_target(rules, b) == m.promotion());
        if self.plus.is_empty() && promotes.is_none() {
            return;
        }
        let moved = self.plus.iter().find(|&&(sq, _)| sq == m.from && m.kind != MoveKind::Drop).map(|&(_, b)| b);
        self.plus.retain(|&(sq, _)| sq != m.from && sq != m.to);
        if let Some(b) = promotes.or(moved) {
            self.plus.push((m.to, b));
        }
    }

    fn play(&mut self, m: chimera::Move) {
        let pos = &mut self.pos;
        let us = pos.turn();
        let g = pos.rules().geometry;
        let enemy = |pos: &Position, sq: chimera::Square| pos.piece_at(sq).filter(|p| p.color != us).map(|p| (p, pos.is_promoted(sq)));
        // The pieces en passant could take: the enemy's on the target's file.
        let file_of_target: Vec<_> = match m.kind {
            MoveKind::EnPassant => (0..g.ranks).map(|r| g.square(g.file(m.to), r)).filter_map(|sq| Some((sq, enemy(pos, sq)?))).collect(),
            _ => Vec::new(),
        };
        let on_target = match m.kind {
            MoveKind::Castle | MoveKind::GateCastle | MoveKind::Drop | MoveKind::EnPassant => None,
            _ => enemy(pos, m.to),
        };
        let resets = pos.is_capture(m) || m.kind == MoveKind::Drop || (m.promotion().is_some() && !pieces_flip(pos.rules()));
        let mover = pos.piece_at(m.from);
        pos.play_unchecked(m);
        self.taken = on_target.or_else(|| file_of_target.into_iter().find(|&(sq, _)| enemy(pos, sq).is_none()).map(|(_, p)| p));
        // Chimera's clock resets on a pawn's move; Fairy-Stockfish's only if the pawn
        // could not step back (a sideways step can be undone).
        let pawn_reset = pos.halfmove_clock() == 0 && !mover.is_some_and(|p| steps_back(pos.rules(), p, m));
        self.clock = if resets || pawn_reset { 0 } else { self.clock + 1 };
    }

    fn fen(&self, chess960: bool, fog: bool) -> String {
        let rules = self.pos.rules();
        fen_io::with_bare(rules, &fen_io::with_plus(rules, &fen_io::write(&self.pos, chess960, self.clock, fog), &self.plus), &self.bare)
    }
}

#[pyfunction]
fn version() -> (u32, u32, u32) {
    let part = |s: &str| s.parse().unwrap_or(0);
    (part(env!("CARGO_PKG_VERSION_MAJOR")), part(env!("CARGO_PKG_VERSION_MINOR")), part(env!("CARGO_PKG_VERSION_PATCH")))
}

#[pyfunction]
fn info() -> String {
    format!("Chimera {} (chimera.compat, pyffish's functions)", env!("CARGO_PKG_VERSION"))
}

/// Every variant name a call accepts: the built-ins and the loaded ones, sorted as
/// pyffish sorts its own.
#[pyfunction]
fn variants() -> Vec<String> {
    let mut names: Vec<String> = chimera::variants::BUILTINS.iter().map(|b| b.id.to_string()).collect();
    names.extend(registry::loaded_names());
    names.sort();
    names.dedup();
    names
}

/// Never raises for what it cannot load (pyffish skips it): a `VariantConfigWarning`
/// names each skipped section and line, and `unloaded_variants()` lists the sections.
#[pyfunction]
fn load_variant_config(py: Python<'_>, config: &str) -> PyResult<()> {
    registry::load_config_warning(py, config, "load_variant_config")
}

/// The sections loaded by `load_variant_config` or `VariantPath` that Chimera could not
/// convert, by name, with why (a call naming one raises that reason).
#[pyfunction]
fn unloaded_variants() -> std::collections::BTreeMap<String, String> {
    registry::unloaded().into_iter().collect()
}

/// pyffish passes the value as `str(value)`.
#[pyfunction]
fn set_option(py: Python<'_>, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    registry::set_option(py, name, &value.str()?.to_cow()?)
}

#[pyfunction]
fn start_fen(variant: &Bound<'_, PyAny>) -> PyResult<String> {
    let v = resolve(variant)?;
    // A Fairy-Stockfish built-in's start FEN is pyffish's text, where it is the same position.
    if let Some(text) = variant.extract::<&str>().ok().filter(|n| !registry::is_loaded(n)).and_then(|n| fen_io::fsf_start_fen(&v, n)) {
        return Ok(text.to_string());
    }
    // A loaded section's is its `startFen` as written, where that reads as the same
    // position: pyffish keeps marks Chimera's start FEN drops (Jieqi's `~`).
    if let Some(text) = variant.extract::<&str>().ok().and_then(registry::start_text).filter(|t| fen_io::is_start(&v, t)) {
        return Ok(text);
    }
    // Else a check count is written as pyffish writes it (3check's `3+3`): without it, a
    // FEN reads as one check left each. Other start FENs are the ruleset's as written.
    if v.rules().end.checks.is_none() {
        return Ok(v.rules().start_fen.clone());
    }
    let pos = fen_io::start(&v, false).map_err(errors::fen_error)?;
    Ok(fen_io::write(&pos, false, u32::from(pos.halfmove_clock()), false))
}

/// Whether the variant is one board of a two-board game (`[drops] two_boards`).
#[pyfunction]
fn two_boards(variant: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(resolve(variant)?.rules().drops.as_ref().is_some_and(|d| d.two_boards))
}

/// Whether captured pieces go to the captor's hand (Fairy-Stockfish's `capturesToHand`).
#[pyfunction]
fn captures_to_hand(variant: &Bound<'_, PyAny>) -> PyResult<bool> {
    let v = resolve(variant)?;
    let rules = v.rules();
    Ok(rules.drops.is_some() && rules.pieces.iter().any(|p| matches!(p.captured_as, Captured::Hand(_))))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn legal_moves<'py>(
    py: Python<'py>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<PyBackedStr>,
    chess960: bool,
) -> PyResult<Bound<'py, PyList>> {
    let mut pos = build(variant, fen, &moves, chess960)?.pos;
    if pos.rules().turn.has_parts() {
        // pyffish lists whole turns (`e2e4,e4e5`).
        let turns = pos.legal_turns();
        let listed: Vec<String> = turns.iter().map(|t| pos.turn_uci(t)).collect();
        return PyList::new(py, listed);
    }
    let legal = pos.legal_moves();
    let rules = pos.rules();
    let turns = |t: usize| {
        let t = chimera::PieceType::new(t as u8);
        rules.promoted_from(t).is_some()
            || rules
                .piece(t)
                .promotion
                .as_ref()
                .is_some_and(|pr| pr.to.iter().any(|(_, to)| to.iter().any(|&p| rules.fsf_promotion_mark(t, p).is_some())))
    };
    if (0..rules.pieces.len()).any(turns) {
        // Pieces with a promoted face, or that promote as Fairy-Stockfish's pieces do:
        // moves that turn them, or drop one, in pyffish's form.
        let listed: Vec<String> = legal.into_iter().map(|m| pos.fsf_long(m)).collect();
        return PyList::new(py, listed);
    }
    uci_list(py, &pos, legal)
}

#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960 = false, notation = NOTATION_DEFAULT))]
fn get_san(variant: &Bound<'_, PyAny>, fen: &str, r#move: &str, chess960: bool, notation: i32) -> PyResult<String> {
    let mut pos = build(variant, fen, &[], chess960)?.pos;
    let n = san::notation_of(notation, &pos)?;
    // pyffish writes its "no move" for a move that is not legal, and raises nothing.
    match fsf_turn(&mut pos, r#move) {
        Ok(parts) => Ok(san::turn_text(&mut pos, &parts, n)),
        Err(_) => Ok(san::no_move_text(&pos, n)),
    }
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, notation = NOTATION_DEFAULT))]
fn get_san_moves(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool, notation: i32) -> PyResult<Vec<String>> {
    let mut pos = build(variant, fen, &[], chess960)?.pos;
    let n = san::notation_of(notation, &pos)?;
    moves
        .iter()
        .map(|text| {
            let parts = fsf_turn(&mut pos, text).map_err(errors::illegal_move)?;
            let san = san::turn_text(&mut pos, &parts, n);
            parts.into_iter().for_each(|m| pos.play_unchecked(m));
            Ok(san)
        })
        .collect()
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, sfen = false, show_promoted = false, count_started = 0))]
fn get_fen(
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<PyBackedStr>,
    chess960: bool,
    sfen: bool,
    show_promoted: bool,
    count_started: i32,
) -> PyResult<String> {
    let game = build(variant, fen, &moves, chess960)?;
    if sfen {
        return Ok(game.pos.fen_in(FenStyle { sfen: true, ..FenStyle::default() }));
    }
    let mut written = declared_count::in_fen(game.fen(chess960, false), &game.pos, count_started);
    // Chimera's FEN marks promoted pieces where the variant demotes them; elsewhere the
    // marks compat followed (Fairy-Stockfish's `showPromoted`: Makruk's `M~`).
    let rules = game.pos.rules();
    if show_promoted && !fen_io::marks_promoted(rules) {
        written = fen_io::with_marks(rules, &written, &game.marks);
    }
    Ok(if moves.is_empty() { fen_io::keep_read_en_passant(&game.pos, fen, written) } else { written })
}

/// The FEN with the squares the side to move cannot see as `*` (fog of war).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn get_fog_fen(fen: &str, variant: &Bound<'_, PyAny>, chess960: bool) -> PyResult<String> {
    Ok(build(variant, fen, &[], chess960)?.fen(chess960, true))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn gives_check(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool) -> PyResult<bool> {
    Ok(build(variant, fen, &moves, chess960)?.pos.is_check())
}

#[pyfunction(name = "is_capture")]
#[pyo3(signature = (variant, fen, moves, r#move, chess960 = false))]
fn is_capture_move(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, r#move: &str, chess960: bool) -> PyResult<bool> {
    let mut pos = build(variant, fen, &moves, chess960)?.pos;
    // A turn of several parts (duck, amazons) takes what its first part, the piece's
    // move, takes.
    let parts = fsf_turn(&mut pos, r#move).map_err(errors::illegal_move)?;
    Ok(parts.first().is_some_and(|&m| pos.is_capture(m)))
}

/// The piece the last move took, as the captor's partner would get it in bughouse: its
/// letter, the unpromoted form of a promoted piece (a pawn for a chess promotion), ""
/// when the move took nothing.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn piece_to_partner(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool) -> PyResult<String> {
    let game = build(variant, fen, &moves, chess960)?;
    let Some((piece, promoted)) = game.taken else { return Ok(String::new()) };
    let rules = game.pos.rules();
    let kind = match rules.pieces[piece.kind].captured_as {
        Captured::Hand(base) if base != piece.kind => base,
        _ if promoted => rules
            .pieces
            .iter()
            .position(|p| p.pawn && p.promotion.as_ref().is_some_and(|pr| pr.reaches(piece.kind)))
            .map_or(piece.kind, |t| chimera::PieceType::new(t as u8)),
        _ => piece.kind,
    };
    Ok(rules.fen_symbol(kind, piece.color).to_string())
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn game_result(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool) -> PyResult<i32> {
    Ok(ends::game_result(&build(variant, fen, &moves, chess960)?.pos))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn is_immediate_game_end(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool) -> PyResult<(bool, i32)> {
    Ok(ends::immediate(&build(variant, fen, &moves, chess960)?.pos).unwrap_or((false, 0)))
}
/// A draw by repetition, the move rule or the counting rules that the side to move may
/// claim, or that has come about by itself (Chimera's automatic thresholds, FIDE's
/// fivefold and 75 moves): `(True, value)`, else `(False, 0)`. `count_started`: the
/// game ply at which a player declared the count (`compat/declared_count.rs`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, count_started = 0))]
fn is_optional_game_end(
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<PyBackedStr>,
    chess960: bool,
    count_started: i32,
) -> PyResult<(bool, i32)> {
    let game = build(variant, fen, &moves, chess960)?;
    Ok(ends::optional(&game.pos, count_started).unwrap_or((false, 0)))
}

/// `(white, black)`: whether each side lacks the material to win, as Fairy-Stockfish
/// decides it (`Position::insufficient_material_of`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn has_insufficient_material(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool) -> PyResult<(bool, bool)> {
    let pos = build(variant, fen, &moves, chess960)?.pos;
    Ok((ends::insufficient(&pos, Color::White), ends::insufficient(&pos, Color::Black)))
}

/// `FEN_OK` (1), `FEN_EMPTY` (0) or the negative code Fairy-Stockfish gives the FEN.
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn validate_fen(fen: &str, variant: &Bound<'_, PyAny>, chess960: bool) -> PyResult<i32> {
    let v = resolve(variant)?;
    // The letters of promoted types that may stand unpromoted are valid (Shogi's `D`).
    let v = unpromoted::twin(variant, &v).unwrap_or(v);
    Ok(fen_check::validate(fen, &fen_check::Shape::of(v.rules()), chess960))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    m.add("FEN_OK", FEN_OK)?;
    m.add("FEN_EMPTY", FEN_EMPTY)?;
    for &(name, code) in FEN_CODES.iter().chain(NOTATIONS) {
        m.add(name, code)?;
    }
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture_move, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_fog_fen, m)?)?;
    m.add_function(wrap_pyfunction!(piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(unloaded_variants, m)?)?;
    m.add("VariantConfigWarning", m.py().get_type::<registry::VariantConfigWarning>())?;
    Ok(())
}
