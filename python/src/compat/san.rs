//! pyffish's `get_san` and `get_san_moves`: moves as Fairy-Stockfish writes them
//! (`Position::notate_fsf_in`, its `move_to_san`), which differ from Chimera's own SAN in
//! a few places (a pawn that moves otherwise than the chess pawn keeps its letter, a pass
//! is the piece's move to its own square, `Ke2`), and its default notation. Every check
//! is marked, where Fairy-Stockfish misses some (`scripts/fsf_endings.py` lists them).

use chimera::{Move, MoveKind, Notation, Position};

use super::fen_check::moves_as_pawn;
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

/// What pyffish's `get_san` answers for a move it cannot read as a legal one: it does
/// not refuse (only `get_san_moves` and the functions that play moves do), but writes
/// Fairy-Stockfish's "no move" (`MOVE_NONE`, from a1 to a1, which `UCI::to_move`
/// returns) as its SAN writer writes any move: the piece standing on a1, whichever
/// side's, "moving" to its own square (`Ra1`; a pawn's `a1`; ` a1` where a1 is empty),
/// its origin where the notation names one (`Ra1-a1` in LAN, `R81-81` in Janggi's) or
/// where another piece of its type could reach a1 (`R1a1`), in the notation asked for.
/// pychess's server asks `get_san` of every move before it plays it, and refuses the
/// move only when playing it fails; raising here would end its request instead.
/// (Fairy-Stockfish may also append a check mark, from the a1 piece's type standing
/// where it could check the side not to move: not written here.)
pub fn no_move_text(pos: &Position, n: Notation) -> String {
    let rules = pos.rules();
    let g = rules.geometry;
    let a1 = g.square(0, 0);
    let piece = pos.piece_at(a1);
    let kind = piece.map(|p| p.kind);
    let def = kind.map(|k| rules.piece(k));
    let chess_pawn = def.is_some_and(|d| d.pawn && moves_as_pawn(d));
    let thai = matches!(n, Notation::ThaiSan | Notation::ThaiLan);
    let mut s = String::new();
    // The piece (`piece()` in Fairy-Stockfish's apiutil.h).
    match kind {
        _ if chess_pawn && matches!(n, Notation::San | Notation::Lan | Notation::ThaiSan) => {}
        // No piece: its letter is a space, its Thai name X.
        None => s.push(if thai { 'X' } else { ' ' }),
        Some(k) => match rules.promoted_from(k) {
            Some(base) if n.is_shogi() => {
                s.push('+');
                s += &rules.symbol(base).to_string().to_uppercase();
            }
            _ if thai => s += thai_name(rules, k, pos.is_promoted(a1)),
            _ => match rules.piece(k).notation_letter {
                Some(c) => s.push(c.to_ascii_uppercase()),
                None => s += &rules.symbol(k).to_string().to_uppercase(),
            },
        },
    }
    if n == Notation::ThaiLan {
        s.push(' ');
    }
    let square = a1_in(n, g, pos.turn());
    // The origin (`disambiguation_level`): always in LAN and Janggi's, the file in WXF,
    // else only where another piece of the side to move of the a1 piece's type (of any
    // type, where a1 is empty) could move to a1.
    let others: Vec<chimera::Square> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.to == a1 && m.from != a1 && !matches!(m.kind, MoveKind::Drop | MoveKind::Castle | MoveKind::GateCastle))
        .filter(|m| kind.is_none() || pos.piece_at(m.from).map(|p| p.kind) == kind)
        .map(|m| m.from)
        .collect();
    let full = matches!(n, Notation::Lan | Notation::ThaiLan | Notation::Janggi) || (!others.is_empty() && n.is_shogi());
    let level_square = match n {
        _ if full => square.clone(),
        Notation::XiangqiWxf => wxf_file(g, pos.turn()),
        _ if others.is_empty() => String::new(),
        _ if others.iter().all(|&o| g.file(o) != 0) => a1_file(n, g, pos.turn()),
        _ if others.iter().all(|&o| g.rank(o) != 0) => a1_rank(n, g),
        _ => square.clone(),
    };
    s += &level_square;
    // The separator: no capture (the square is the piece's own), `=` along a WXF rank.
    if n == Notation::XiangqiWxf {
        s.push('=');
    } else if match n {
        Notation::Lan | Notation::ThaiLan | Notation::Janggi | Notation::ShogiHodges | Notation::ShogiHodgesNumber => true,
        Notation::ShogiHosking => full,
        Notation::ThaiSan => !chess_pawn,
        _ => false,
    } {
        s.push('-');
    }
    // The destination: a WXF move along its file writes the ranks it goes, none here.
    s += if n == Notation::XiangqiWxf { "0" } else { &square };
    // A walling variant's turn names its wall's square, a1 again.
    if rules.turn.walls.is_some() {
        s.push(',');
        s += &square;
    }
    s
}

/// a1's file in notation `n` (Fairy-Stockfish's `file()`): shogi's count from the right.
fn a1_file(n: Notation, g: chimera::Geometry, us: chimera::Color) -> String {
    match n {
        _ if n.is_shogi() => g.files.to_string(),
        Notation::Janggi => "1".to_string(),
        Notation::XiangqiWxf => wxf_file(g, us),
        Notation::ThaiSan | Notation::ThaiLan => "ก".to_string(),
        _ => "a".to_string(),
    }
}

/// a1's rank in notation `n` (Fairy-Stockfish's `rank()`): shogi's from the top, Janggi's
/// modulo ten.
fn a1_rank(n: Notation, g: chimera::Geometry) -> String {
    match n {
        Notation::ShogiHosking | Notation::ShogiHodgesNumber => g.ranks.to_string(),
        Notation::ShogiHodges => char::from(b'a' + g.ranks - 1).to_string(),
        Notation::Janggi => (g.ranks % 10).to_string(),
        Notation::ThaiSan | Notation::ThaiLan => "๑".to_string(),
        _ => "1".to_string(),
    }
}

/// a1 in notation `n`: Janggi writes the rank first.
fn a1_in(n: Notation, g: chimera::Geometry, us: chimera::Color) -> String {
    match n {
        Notation::Janggi => a1_rank(n, g) + &a1_file(n, g, us),
        _ => a1_file(n, g, us) + &a1_rank(n, g),
    }
}

/// The a-file in WXF, counted from the mover's right.
fn wxf_file(g: chimera::Geometry, us: chimera::Color) -> String {
    match us {
        chimera::Color::White => g.files.to_string(),
        chimera::Color::Black => "1".to_string(),
    }
}

/// Makruk's Thai piece names, as Fairy-Stockfish names its types (the engine's own
/// table is private to its notation writer): the royal piece ข, the pawn บ, then by
/// movement the khon ค, the knight ม, the rook ร, the ai-wok ว, the met ม็ (ง where it
/// was a pawn), any other X.
fn thai_name(rules: &chimera::Rules, t: chimera::PieceType, promoted: bool) -> &'static str {
    let def = rules.piece(t);
    if def.royal {
        return "ข";
    }
    if def.pawn && moves_as_pawn(def) {
        return "บ";
    }
    let ordinary: Vec<_> = def.directions.iter().filter(|d| !d.initial_only).collect();
    let same = |betza: &str| {
        chimera::betza::parse(betza).is_ok_and(|dirs| dirs.len() == ordinary.len() && dirs.iter().all(|d| ordinary.contains(&d)))
    };
    match [("FfW", "ค"), ("N", "ม"), ("R", "ร"), ("RNF", "ว"), ("F", "ม็")].into_iter().find(|(betza, _)| same(betza)) {
        Some((_, "ม็")) if promoted => "ง",
        Some((_, name)) => name,
        None => "X",
    }
}
