//! pyffish's `get_san` and `get_san_moves`: moves as Fairy-Stockfish writes them
//! (`Position::notate_fsf_in`, its `move_to_san`), which differ from Chimera's own SAN in
//! a few places (a pawn that moves otherwise than the chess pawn keeps its letter, a pass
//! is the piece's move to its own square, `Ke2`), and its default notation. Every check
//! is marked, where Fairy-Stockfish misses some (`scripts/fsf_endings.py` lists them).

use chimera::{Move, Notation, Position};
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

use super::NOTATION_DEFAULT;

/// pyffish's notation number as a notation: its default is the shogi family's own
/// (Hodges-number: Fairy-Stockfish's `default_notation`, for its shogi template) and SAN
/// for every other variant, Janggi and Xiangqi too.
pub fn notation_of(notation: i32, pos: &Position) -> PyResult<Notation> {
    Ok(match notation {
        NOTATION_DEFAULT => match Notation::default_for(pos.rules()) {
            n if n.is_shogi() => n,
            _ => Notation::San,
        },
        1 => Notation::San,
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

/// A turn's parts as Fairy-Stockfish writes them, joined by commas (`Nf3,g1` in duck).
/// It tells the first part apart only from the other pieces' moves that could be
/// followed by the same second part (the same wall square): its moves carry the wall's
/// square, so `Nf3,g1` names one turn even where two knights reach f3.
pub fn turn_text(pos: &mut Position, parts: &[Move], n: Notation) -> String {
    let mut text = String::new();
    for (i, &m) in parts.iter().enumerate() {
        let mut legal = pos.legal_moves();
        if i == 0 {
            if let Some(&next) = parts.get(1) {
                legal.retain(|&o| o == m || o.to != m.to || followed_alike(pos, o, next));
            }
        }
        if i > 0 {
            text.push(',');
        }
        text += &pos.notate_fsf_in(m, n, &legal);
        pos.play_unchecked(m);
    }
    for _ in parts {
        pos.undo();
    }
    text
}

/// Whether the part `o` may be followed by a part like `next` (of its kind, to its square).
fn followed_alike(pos: &mut Position, o: Move, next: Move) -> bool {
    pos.play_unchecked(o);
    let alike = pos.legal_moves().iter().any(|w| w.kind == next.kind && w.to == next.to);
    pos.undo();
    alike
}
