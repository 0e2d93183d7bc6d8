//! Madrasi (A. J. Karwatkar, 1979): a piece attacked by an enemy piece of its own type is
//! paralysed — it cannot move or capture, and gives no check (Wikipedia, "Madrasi
//! chess"). The top-level key `madrasi = true`.
//!
//! * Royal pieces are never paralysed and paralyse nothing: "this paralysis rule is not
//!   usually extended to the kings" (Wikipedia; with kings it is "Madrasi rex inclusive",
//!   not offered here), so two kings still may not stand side by side.
//! * A paralysed piece still paralyses: the attack is judged on the board as it stands,
//!   whether the attacker could move or not (Wikipedia's diagram: the paralysed rook on c5
//!   paralyses g5, which paralyses g2).
//! * En passant: a pawn is paralysed only by an attack on the square it stands on; the
//!   threat of an en-passant capture paralyses nothing (Wikipedia: "en passant pawn
//!   captures are an exception to this, since the attack is not mutual" — the status is
//!   "open to debate, according to Pritchard"; Chimera lets the capture be made, by a pawn
//!   not paralysed otherwise).
//! * Castling moves the rook: a paralysed rook does not castle; an attack by a paralysed
//!   piece on the king's path does not stop castling.
//!
//! Check and legality count only the pieces not paralysed in the position judged, so a
//! move may parry a check by paralysing the checker, and may not unparalyse an enemy piece
//! that then attacks the mover's royal: `movegen` plays every move and looks.

use crate::bitboard::Bitboard;
use crate::position::Pos;
use crate::refusal::{IllegalCode, MoveError};
use crate::types::{Color, PieceType, Square};

impl<B: Bitboard> Pos<B> {
    /// The pieces of `side` that may move, capture and give check: all of them, or with
    /// Madrasi those not paralysed.
    #[inline]
    pub(crate) fn active(&self, side: Color) -> B {
        let all = self.board.by_color[side];
        if !self.t.madrasi {
            return all;
        }
        all & !self.paralysed(side)
    }

    /// The pieces of `side` that an enemy piece of their own type attacks (royal pieces
    /// never are).
    #[inline(never)]
    pub(crate) fn paralysed(&self, side: Color) -> B {
        let t = &*self.t;
        let them = side.opponent();
        let occ = self.occupied();
        let mut out = B::EMPTY;
        for kind in PieceType::first(t.types) {
            if t.royal_types.contains(kind) {
                continue;
            }
            let (ours, foes) = (self.pieces(side, kind), self.pieces(them, kind));
            if ours.is_empty() || foes.is_empty() {
                continue;
            }
            for sq in ours.squares() {
                if self.attacked(sq, them, occ, foes) {
                    out |= B::bit(sq);
                }
            }
        }
        out
    }

    /// Why the piece on `sq`, paralysed, may not make a move it could otherwise make.
    pub(crate) fn paralysis_refusal(&self, sq: Square) -> MoveError {
        let t = &*self.t;
        let name = self.piece_at(sq).map_or("piece", |p| t.rules.piece(p.kind).name.as_str());
        let message = format!("the {name} on {} is paralysed: an enemy {name} attacks it (Madrasi)", t.geometry.square_name(sq));
        MoveError { code: IllegalCode::Paralysed, message }
    }

    /// Whether the royal of the side to move on `from`, put on `sq`, would be attacked
    /// there by an enemy piece not paralysed (castling's `safe` squares).
    pub(crate) fn attacked_with_king_on(&self, from: Square, sq: Square) -> bool {
        let mut on = self.without_history();
        let king = on.board.take(from);
        if on.board.squares[sq] == crate::types::NO_PIECE {
            on.board.put(sq, king);
        }
        let them = self.turn.opponent();
        on.attacked(sq, them, on.occupied(), on.active(them))
    }
}
