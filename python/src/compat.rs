//! `chimera.compat`: pyffish's functions, with its arguments and return values, so that
//! a program can switch by changing its import. Every call builds its position from a
//! variant, a FEN (or `"startpos"`) and the long algebraic moves played since, as
//! pyffish does; variants are the built-ins (by id) or any `chimera.Variant`.
//!
//! Values follow pyffish: results are from the side to move's view, `VALUE_MATE`
//! (32000) for a win, `-VALUE_MATE` for a loss, `VALUE_DRAW` (0) for a draw.

use chimera::game::is_capture;
use chimera::{CastlingLetters, CastlingMode, Color, EndReason, FenField, FenStyle, Move, MoveKind, Notation, Outcome, Position};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyList;

use crate::api::{resolve, start, uci_list};
use crate::errors;

const VALUE_MATE: i32 = 32000;
const VALUE_DRAW: i32 = 0;
const NOTATION_DEFAULT: i32 = 0;
const NOTATION_SAN: i32 = 1;

// pyffish's FEN validation codes (Fairy-Stockfish's apiutil.h).
const FEN_OK: i32 = 1;
const FEN_EMPTY: i32 = 0;
const FEN_CODES: &[(&str, i32)] = &[
    ("FEN_INVALID_COUNTING_RULE", -14),
    ("FEN_INVALID_CHECK_COUNT", -13),
    ("FEN_INVALID_PROMOTED_PIECE", -12),
    ("FEN_INVALID_NB_PARTS", -11),
    ("FEN_INVALID_CHAR", -10),
    ("FEN_TOUCHING_KINGS", -9),
    ("FEN_INVALID_BOARD_GEOMETRY", -8),
    ("FEN_INVALID_POCKET_INFO", -7),
    ("FEN_INVALID_SIDE_TO_MOVE", -6),
    ("FEN_INVALID_CASTLING_INFO", -5),
    ("FEN_INVALID_EN_PASSANT_SQ", -4),
    ("FEN_INVALID_NUMBER_OF_KINGS", -3),
    ("FEN_INVALID_HALF_MOVE_COUNTER", -2),
    ("FEN_INVALID_MOVE_COUNTER", -1),
];
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

/// Refuses what Chimera cannot do rather than answering for another rule.
fn unsupported(what: &str) -> PyErr {
    PyValueError::new_err(format!("chimera.compat: {what} is not supported"))
}

/// The position pyffish's calls start from: the variant's, at `fen` (`"startpos"` for its
/// start), after `moves` (long algebraic, or SAN). A move that cannot be played raises
/// `chimera.IllegalMove` (a `ValueError`, as pyffish raises). With `chess960` the FEN's
/// castling field is read as Chess960's (X-FEN or Shredder-FEN) and castles are the king
/// taking its rook.
fn build(variant: &Bound<'_, PyAny>, fen: &str, moves: &[PyBackedStr], chess960: bool) -> PyResult<Position> {
    let v = resolve(variant)?;
    let mut pos = match chess960 {
        false => start(&v, (fen != "startpos").then_some(fen))?,
        true => {
            let fen = if fen == "startpos" { &v.rules().start_fen } else { fen };
            v.position_in(fen, CastlingMode::Chess960).map_err(errors::fen_error)?
        }
    };
    for m in moves {
        let parts = fsf_turn(&mut pos, m).map_err(|e| {
            errors::illegal_move(chimera::MoveError { message: format!("Invalid move '{}': {}", &**m, e.message), ..e })
        })?;
        parts.into_iter().for_each(|part| pos.play_unchecked(part));
    }
    Ok(pos)
}

/// A whole turn as Fairy-Stockfish writes it, its parts joined by commas (`e2e4,e4e5`
/// in duck and amazons), or one move: its parts, each read by [`fsf_move`] where the
/// parts before it leave the game. The position is unchanged.
fn fsf_turn(pos: &mut Position, text: &str) -> Result<Vec<Move>, chimera::MoveError> {
    let mut parts = Vec::new();
    let mut refusal = None;
    for part in text.split(',') {
        match fsf_move(pos, part) {
            Ok(m) => {
                pos.play_unchecked(m);
                parts.push(m);
            }
            Err(e) => {
                refusal = Some(e);
                break;
            }
        }
    }
    for _ in &parts {
        pos.undo();
    }
    match refusal {
        Some(e) => Err(e),
        None => Ok(parts),
    }
}

/// A move as Fairy-Stockfish writes it in long algebraic form: as Chimera's, but for a
/// piece that turns to its promoted face (Shogi's promotion: `b7b8+`) or back (Kyoto
/// shogi: `b7b8-`), and a promoted face dropped (`+P@c3`).
fn fsf_move(pos: &mut Position, text: &str) -> Result<Move, chimera::MoveError> {
    let rules = pos.rules().clone();
    let turned = |m: &Move, up: bool| -> bool {
        let (Some(p), Some(mover)) = (m.promotion(), pos.piece_at(m.from)) else { return false };
        match up {
            true => rules.promoted_from(p) == Some(mover.kind),
            false => rules.promoted_from(mover.kind) == Some(p),
        }
    };
    let (base, up) = match text.strip_suffix('+') {
        Some(b) => (b, Some(true)),
        None => (text.strip_suffix('-').unwrap_or(text), text.ends_with('-').then_some(false)),
    };
    if let (Some(up), false) = (up, base.contains('@')) {
        let hit = pos.legal_moves().into_iter().find(|m| {
            m.kind != MoveKind::Drop && turned(m, up) && pos.uci(*m).get(..base.len()) == Some(base) && pos.uci(*m).len() == base.len() + 1
        });
        if let Some(m) = hit {
            return Ok(m);
        }
    }
    if let Some((piece, square)) = text.strip_prefix('+').and_then(|t| t.split_once('@')) {
        let face = piece.chars().next().and_then(|c| rules.piece_by_letter(c)).and_then(|u| rules.promoted_face(u));
        if let Some(face) = face {
            let letter = rules.piece(face).letter;
            return pos.parse_move(&format!("{letter}@{square}"));
        }
    }
    pos.parse_move(text)
}

/// A result as pyffish scores it, from the side to move's view.
fn value(o: Outcome, pos: &Position) -> i32 {
    match o.winner {
        None => VALUE_DRAW,
        Some(c) if c == pos.turn() => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

/// pyffish's notation number as Chimera's notation; `NOTATION_DEFAULT` is the variant's own.
fn notation_of(notation: i32, pos: &Position) -> PyResult<Notation> {
    Ok(match notation {
        NOTATION_DEFAULT => Notation::default_for(pos.rules()),
        NOTATION_SAN => Notation::San,
        2 => Notation::Lan,
        3 => Notation::ShogiHosking,
        4 => Notation::ShogiHodges,
        5 => Notation::ShogiHodgesNumber,
        6 => Notation::Janggi,
        7 => Notation::XiangqiWxf,
        8 => Notation::ThaiSan,
        9 => Notation::ThaiLan,
        n => return Err(PyValueError::new_err(format!("chimera.compat: no notation {n} (0 to 9)"))),
    })
}

#[pyfunction]
fn version() -> (u32, u32, u32) {
    let part = |s: &str| s.parse().unwrap_or(0);
    (part(env!("CARGO_PKG_VERSION_MAJOR")), part(env!("CARGO_PKG_VERSION_MINOR")), part(env!("CARGO_PKG_VERSION_PATCH")))
}

#[pyfunction]
fn info() -> String {
    format!("Chimera {}", env!("CARGO_PKG_VERSION"))
}

#[pyfunction]
fn variants() -> Vec<&'static str> {
    chimera::variants::BUILTINS.iter().map(|b| b.id).collect()
}

#[pyfunction]
fn start_fen(variant: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(resolve(variant)?.rules().start_fen.clone())
}

#[pyfunction]
fn two_boards(variant: &Bound<'_, PyAny>) -> PyResult<bool> {
    resolve(variant)?;
    Ok(false)
}

#[pyfunction]
fn captures_to_hand(variant: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(resolve(variant)?.rules().drops.is_some())
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
    let mut pos = build(variant, fen, &moves, chess960)?;
    if pos.rules().turn.has_parts() {
        // pyffish lists whole turns (`e2e4,e4e5`).
        let turns = pos.legal_turns();
        let listed: Vec<String> = turns.iter().map(|t| pos.turn_uci(t)).collect();
        return Ok(PyList::new(py, listed)?);
    }
    uci_list(py, &pos, pos.legal_moves())
}

#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960 = false, notation = NOTATION_DEFAULT))]
fn get_san(variant: &Bound<'_, PyAny>, fen: &str, r#move: &str, chess960: bool, notation: i32) -> PyResult<String> {
    let mut pos = build(variant, fen, &[], chess960)?;
    let n = notation_of(notation, &pos)?;
    let parts = fsf_turn(&mut pos, r#move).map_err(errors::illegal_move)?;
    Ok(pos.turn_text_in(&parts, n))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, notation = NOTATION_DEFAULT))]
fn get_san_moves(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool, notation: i32) -> PyResult<Vec<String>> {
    let mut pos = build(variant, fen, &[], chess960)?;
    let n = notation_of(notation, &pos)?;
    moves
        .iter()
        .map(|text| {
            let parts = fsf_turn(&mut pos, text).map_err(errors::illegal_move)?;
            let san = pos.turn_text_in(&parts, n);
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
    let pos = build(variant, fen, &moves, chess960)?;
    if sfen {
        return Ok(pos.fen_in(FenStyle { sfen: true, ..FenStyle::default() }));
    }
    // Chimera's FEN marks promoted pieces wherever the variant tracks them, and writes the
    // count the rules keep (Fairy-Stockfish's with `count_started = 0`); a count a player
    // declared (Cambodian's board's honour, `count_started` > 0) is not modelled.
    let _ = (show_promoted, count_started);
    Ok(fen_as_pyffish(&pos, chess960))
}

/// The position's FEN with pyffish's conventions: the en-passant square only when an en
/// passant capture is legal there (Chimera writes it after every double step), in
/// Chess960 every castling right by its rook's file (Shredder-FEN), and a promoted shogi
/// piece as `+` and the letter it promoted from (`+P`).
fn fen_as_pyffish(pos: &Position, chess960: bool) -> String {
    let letters = if chess960 { CastlingLetters::RookFiles } else { CastlingLetters::Castles };
    let fen = pos.fen_in(FenStyle { letters, promoted_plus: true, ..FenStyle::default() });
    if pos.en_passant().is_none() || pos.legal_moves().iter().any(|m| m.kind == MoveKind::EnPassant) {
        return fen;
    }
    // Chimera's FEN always has the castling and en-passant fields, in that order.
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[3] = "-";
    fields.join(" ")
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn gives_check(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool) -> PyResult<bool> {
    Ok(build(variant, fen, &moves, chess960)?.is_check())
}

#[pyfunction(name = "is_capture")]
#[pyo3(signature = (variant, fen, moves, r#move, chess960 = false))]
fn is_capture_move(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, r#move: &str, chess960: bool) -> PyResult<bool> {
    let mut pos = build(variant, fen, &moves, chess960)?;
    let m = pos.parse_move(r#move).map_err(errors::illegal_move)?;
    Ok(is_capture(&pos, m))
}

/// pyffish calls it once no move is left: the result by the variant's rules. Chimera
/// answers for any position: its result if the game is over, else a draw value.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn game_result(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool) -> PyResult<i32> {
    let pos = build(variant, fen, &moves, chess960)?;
    Ok(pos.outcome().map_or(VALUE_DRAW, |o| value(o, &pos)))
}

/// An end by a variant's own rule (a check count, an exploded king, an extinct army):
/// `(True, value)`, else `(False, 0)`. Checkmate and stalemate are `game_result`'s.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn is_immediate_game_end(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool) -> PyResult<(bool, i32)> {
    let pos = build(variant, fen, &moves, chess960)?;
    Ok(match pos.outcome() {
        Some(o) if matches!(o.reason, EndReason::ArmyCaptured | EndReason::Extinction | EndReason::Rule(_)) => (true, value(o, &pos)),
        _ => (false, 0),
    })
}

/// A draw by repetition, the move rule or the counting rules that the side to move may
/// claim, or that has come about by itself (Chimera's automatic thresholds, FIDE's
/// fivefold and 75 moves): `(True, value)`, else `(False, 0)`. `count_started` as in
/// `get_fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, count_started = 0))]
fn is_optional_game_end(
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<PyBackedStr>,
    chess960: bool,
    count_started: i32,
) -> PyResult<(bool, i32)> {
    let _ = count_started;
    let mut pos = build(variant, fen, &moves, chess960)?;
    if let Some(o) = pos.outcome() {
        return Ok(match o.reason {
            EndReason::Repetition | EndReason::PerpetualCheck | EndReason::PerpetualChase | EndReason::MoveRule => (true, value(o, &pos)),
            _ => (false, 0),
        });
    }
    let claim = pos.claims().into_iter().find(|c| c.by.is_none());
    Ok(claim.map_or((false, 0), |c| (true, value(c.outcome, &pos))))
}

/// `(white, black)`: whether each side lacks the material to win, as Fairy-Stockfish
/// decides it (`Position::insufficient_material_of`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn has_insufficient_material(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<PyBackedStr>, chess960: bool) -> PyResult<(bool, bool)> {
    let pos = build(variant, fen, &moves, chess960)?;
    Ok((pos.insufficient_material_of(Color::White), pos.insufficient_material_of(Color::Black)))
}

/// `FEN_OK` (1), or pyffish's negative code for the field Chimera finds wrong.
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn validate_fen(fen: &str, variant: &Bound<'_, PyAny>, chess960: bool) -> PyResult<i32> {
    if chess960 {
        return Err(unsupported("Chess960 castling (chess960=True)"));
    }
    if fen.trim().is_empty() {
        return Ok(FEN_EMPTY);
    }
    let code = |name: &str| FEN_CODES.iter().find(|c| c.0 == name).map_or(0, |c| c.1);
    Ok(match resolve(variant)?.position(fen) {
        Ok(_) => FEN_OK,
        Err(e) => match e.field {
            FenField::Board => code("FEN_INVALID_BOARD_GEOMETRY"),
            FenField::Side => code("FEN_INVALID_SIDE_TO_MOVE"),
            FenField::Castling => code("FEN_INVALID_CASTLING_INFO"),
            FenField::EnPassant => code("FEN_INVALID_EN_PASSANT_SQ"),
            FenField::Halfmove => code("FEN_INVALID_HALF_MOVE_COUNTER"),
            FenField::Fullmove => code("FEN_INVALID_MOVE_COUNTER"),
            FenField::Extra => code("FEN_INVALID_NB_PARTS"),
            FenField::Position => code("FEN_INVALID_NUMBER_OF_KINGS"),
        },
    })
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
    Ok(())
}
