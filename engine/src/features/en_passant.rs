//! En passant: a piece that double-stepped past an enemy piece able to capture en
//! passant may be taken as if it had made a single step, on the very next move.
//!
//! The double step and the capture are move kinds of the generator's inner loop (kept
//! there: it is the hot path); this file owns what the square means elsewhere: whether
//! it changes the position's identity (hash, repetition), and its FEN field.

use crate::bitboard::Bitboard;
use crate::fen::error::{err, FenError, FenField};
use crate::position::{EnPassant, Pos};
use crate::types::{Color, Square};

impl<B: Bitboard> Pos<B> {
    /// Whether `by` has a piece that could capture en passant onto `ep.target`
    /// (ignoring pins): only then does the en-passant square change the position's identity.
    pub(crate) fn ep_capturable(&self, ep: EnPassant, by: Color) -> bool {
        let t = &*self.t;
        t.en_passant_types.iter().any(|pt| {
            let from = t.leap_attackers[(by.index() * t.types + pt.index()) * t.squares + ep.target.index()];
            (from & self.pieces(by, pt)).any()
        })
    }

    /// Whether the en-passant target of this position belongs in its hash: whether the
    /// side that may take it could (mid-turn the side to move made the double step, and
    /// its opponent may take).
    pub(crate) fn ep_in_hash(&self) -> bool {
        let by = if self.status.part != 0 { self.turn.opponent() } else { self.turn };
        self.status.ep.is_some_and(|ep| self.ep_capturable(ep, by))
    }
}

pub(crate) fn parse_ep<B: Bitboard>(pos: &Pos<B>, s: &str) -> Result<EnPassant, FenError> {
    let t = &*pos.t;
    let g = t.geometry;
    let squares = split_squares(s).map(|sq| g.parse_square(sq).ok_or(sq)).collect::<Result<Vec<Square>, &str>>();
    let squares = match squares {
        Ok(squares) if !squares.is_empty() && squares.len() <= 2 => squares,
        Ok(_) => return err(FenField::EnPassant, format!("`{s}` names no square, or more than two")),
        Err(sq) => return err(FenField::EnPassant, format!("`{sq}` is not a square of this board")),
    };
    // Mid-turn (`part=`, read before this field) the double step was the side to move's own.
    let mover = if pos.status.part != 0 { pos.turn } else { pos.turn.opponent() };
    let (target, victim) = match squares[..] {
        // The passed square alone: the piece that double-stepped stands one step beyond it,
        // seen from its opponent.
        // With Alice chess's transfer it has since passed to the next board.
        [target] => {
            let beyond = g.offset(target, 0, if mover == Color::Black { -1 } else { 1 });
            (target, if t.rules.transfer { beyond.map(|sq| g.twin(sq)) } else { beyond })
        }
        // The passed square and the piece's own, in either order (Fairy-Stockfish writes
        // both for a piece whose double step is not straight ahead, as a Berolina pawn's).
        [a, b] if pos.piece_at(a).is_none() => (a, Some(b)),
        [a, b] => (b, Some(a)),
        _ => unreachable!("one or two squares"),
    };
    // Two squares name the passed square and the piece just beyond it, seen from the piece's
    // side (straight or one file aside): any other pair (`e3e4` with Black's pawn on e4) names
    // no double step, and would be written back as a square that reads as another.
    let beyond = |v: Square| {
        let forward = if mover == Color::Black { -1 } else { 1 };
        i32::from(g.rank(v)) - i32::from(g.rank(target)) == forward && g.file(v).abs_diff(g.file(target)) <= 1
    };
    // (With Alice chess's transfer, the piece stands beyond it on the other board.)
    let placed = squares.len() == 1 || victim.is_some_and(|v| beyond(v) || (t.rules.transfer && beyond(g.twin(v))));
    let ok = placed && victim.and_then(|v| pos.piece_at(v)).is_some_and(|p| p.color == mover && t.rules.piece(p.kind).en_passant);
    if !ok || pos.piece_at(target).is_some() {
        return err(FenField::EnPassant, format!("{s} is not a square a {mover} piece has just passed with a double step"));
    }
    Ok(EnPassant { target, victim: victim.expect("checked") })
}

/// `c5d6` as `c5`, `d6`: each square is a letter and the digits after it.
pub(crate) fn split_squares(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        let end = rest.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic()).map_or(rest.len(), |(i, _)| i);
        let (square, tail) = rest.split_at(end);
        rest = tail;
        (!square.is_empty()).then_some(square)
    })
}

impl<B: Bitboard> Pos<B> {
    /// The en-passant field: the passed square, with the piece's own square when that is
    /// not straight beyond it (a diagonal double step), as Fairy-Stockfish does, so that
    /// the field says which piece may be taken.
    pub(crate) fn write_ep(&self, s: &mut String) {
        let g = self.t.geometry;
        let Some(ep) = self.status.ep else {
            s.push('-');
            return;
        };
        if g.file(ep.victim) == g.file(ep.target) {
            *s += &g.square_name(ep.target);
        } else {
            // In Fairy-Stockfish's order: the lower square first.
            *s += &g.square_name(ep.target.min(ep.victim));
            *s += &g.square_name(ep.target.max(ep.victim));
        }
    }
}
