//! En passant: a piece that double-stepped past an enemy piece able to capture en
//! passant may be taken as if it had made a single step, on the very next move.
//!
//! The double step and the capture are move kinds of the generator's inner loop (kept
//! there: it is the hot path); this file owns what the square means elsewhere: whether
//! it changes the position's identity (hash, repetition), and its FEN field.

use crate::bitboard::Bitboard;
use crate::fen::error::{err, FenError, FenField};
use crate::position::{EnPassant, Pos};
use crate::types::Color;

impl<B: Bitboard> Pos<B> {
    /// Whether `by` has a piece that could capture en passant onto `ep.target`
    /// (ignoring pins): only then does the en-passant square change the position's identity.
    pub(crate) fn ep_capturable(&self, ep: EnPassant, by: Color) -> bool {
        let t = &*self.t;
        t.en_passant_types.iter().any(|pt| {
            let from = t.leap_attackers[(by.index() * t.types + pt as usize) * t.squares + ep.target as usize];
            (from & self.pieces(by, pt)).any()
        })
    }
}

pub(crate) fn parse_ep<B: Bitboard>(pos: &Pos<B>, s: &str) -> Result<EnPassant, FenError> {
    let t = &*pos.t;
    let g = t.geometry;
    let Some(target) = g.parse_square(s) else {
        return err(FenField::EnPassant, format!("`{s}` is not a square of this board"));
    };
    // The piece that double-stepped stands one step beyond the target, seen from the side to move.
    let dy = if pos.turn == Color::White { -1 } else { 1 };
    let victim = g.offset(target, 0, dy);
    let mover = pos.turn.opponent();
    let ok = victim.and_then(|v| pos.piece_at(v)).is_some_and(|p| {
        p.color == mover && t.rules.piece(p.kind).en_passant
    });
    if !ok || pos.piece_at(target).is_some() {
        return err(
            FenField::EnPassant,
            format!("{s} is not a square a {mover} piece has just passed with a double step"),
        );
    }
    Ok(EnPassant { target, victim: victim.expect("checked") })
}
