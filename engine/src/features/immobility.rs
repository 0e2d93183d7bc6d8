//! `immobile_moves = false` (Fairy-Stockfish's `immobilityIllegal`, for moves): a plain
//! move — not a promotion, a castle or an en-passant capture — may not end where its
//! piece could never move again ([`crate::tables::Mobility::stuck`]: the squares from
//! which it has no move on an empty board). Drops have `[drops] immobile_drops`; a
//! promotion with `policy = "optional"` is never declined there anyway.
//!
//! The generator passes its moves through [`Unstuck`] only in variants with the rule
//! (within the transfer's filter, `features/transfer.rs`, where both apply), so
//! that the others pay one flag test per position, not a mask per piece; the refusal's
//! sentence is the SAN explainer's (`notation/san.rs`, code `immobile`).

use crate::bitboard::Bitboard;
use crate::movegen::{MoveSink, Safety};
use crate::moves::{Move, MoveKind};
use crate::position::Pos;

/// Passes on the moves that leave no piece stuck. It takes moves one by one (neither
/// bulk counts nor bare counts): a declined promotion arrives as the plain move it is.
struct Unstuck<'a, B: Bitboard, S> {
    pos: &'a Pos<B>,
    inner: &'a mut S,
}

impl<B: Bitboard, S: MoveSink> MoveSink for Unstuck<'_, B, S> {
    const PIECES_ALONE: bool = S::PIECES_ALONE;
    #[inline]
    fn push(&mut self, m: Move) {
        if !self.pos.leaves_stuck(m) {
            self.inner.push(m);
        }
    }
    #[inline]
    fn movers<T: Bitboard>(&self) -> T {
        self.inner.movers()
    }
}

impl<B: Bitboard> Pos<B> {
    /// The kernel's board moves, but, in a variant with the rule, those that leave a
    /// piece stuck.
    #[inline]
    pub(crate) fn generate_mobile<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        if !self.t.rules.immobile_moves {
            return self.generate_board_moves(&mut Unstuck { pos: self, inner: sink }, safety);
        }
        self.generate_board_moves(sink, safety)
    }

    /// Whether `m` is a plain move that ends where its piece could never move again, in a
    /// variant with `immobile_moves = false`.
    pub(crate) fn leaves_stuck(&self, m: Move) -> bool {
        matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Gate)
            && m.promotion().is_none()
            && m.from != m.to
            && self.piece_at(m.from).is_some_and(|p| self.t.mobility(p.color, p.kind).stuck.has(m.to))
    }
}
