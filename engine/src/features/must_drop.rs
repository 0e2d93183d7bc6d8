//! Compulsory drops (Koedem's kings; Fairy-Stockfish's `mustDrop` with `mustDropType`):
//! a side holding a piece of a `[drops] must_drop` type must put one on the board. While
//! it holds one it may drop no other type, and it may make any other move only when no
//! drop of those types is legal (a full board). The refusal (`drop-required`) is
//! explained by the notation from the same move list the generator filters.

use crate::bitboard::Bitboard;
use crate::movegen::{with_scratch, MoveSink};
use crate::moves::{Move, MoveKind};
use crate::position::Pos;
use crate::refusal::{IllegalCode, MoveError};
use crate::types::PieceType;

impl<B: Bitboard> Pos<B> {
    /// Whether the side to move holds a piece it must drop.
    pub(crate) fn owes_drop(&self) -> bool {
        self.t.must_drop.iter().any(|t| self.hands[self.turn][t] > 0)
    }

    /// The legal moves of a side that owes a drop: the drops of the owed types if any is
    /// legal, else every move but a drop.
    pub(crate) fn generate_owed_drops<S: MoveSink>(&self, sink: &mut S) {
        with_scratch(|moves| {
            self.generate_undropped(moves);
            let can_pay = moves.iter().any(|&m| self.pays_duty(m));
            for &m in moves.iter() {
                if self.pays_duty(m) || (!can_pay && m.kind != MoveKind::Drop) {
                    sink.push(m);
                }
            }
        })
    }

    /// Whether `m` is a drop of a type that must be dropped.
    fn pays_duty(&self, m: Move) -> bool {
        m.kind == MoveKind::Drop && self.t.must_drop.contains(m.piece)
    }

    /// Why a drop of a `pt` is refused by the duty to drop another type, if it is.
    pub(crate) fn drop_duty_refusal(&self, pt: PieceType) -> Option<MoveError> {
        if self.t.must_drop.contains(pt) || !self.owes_drop() {
            return None;
        }
        Some(self.drop_required(&format!("{} drop", self.t.rules.piece(pt).name)))
    }

    /// Why `m`, legal but for the duty to drop, is refused by it, if it is.
    pub(crate) fn drop_duty_refusal_of(&self, m: Move) -> Option<MoveError> {
        if !self.owes_drop() {
            return None;
        }
        let mut legal = Vec::new();
        self.generate_ungated(&mut legal);
        (!legal.contains(&m)).then(|| self.drop_required("board move"))
    }

    /// The refusal of `what` ("knight drop", "board move") to a side owing a drop.
    fn drop_required(&self, what: &str) -> MoveError {
        let owed: Vec<&str> =
            self.t.must_drop.iter().filter(|&t| self.hands[self.turn][t] > 0).map(|t| self.t.rules.piece(t).name.as_str()).collect();
        MoveError {
            code: IllegalCode::DropRequired,
            message: format!("{} holds a {}, which must be dropped first: no {what}", self.turn, owed.join(" or ")),
        }
    }
}
