//! Bikjang (Janggi's facing generals; Fairy-Stockfish's `bikjangRule`). The games it
//! ends are scored by the material count where the variant has one
//! (`features/material_count.rs`).
//!
//! Keys of `[end]`:
//! * `bikjang = true`: while the two royal pieces face each other on an open file or
//!   rank, the side to move must break the facing or pass (a pass is then allowed even in
//!   check); a position with them facing that follows one with them facing ends the game
//!   at once (the player who passed, or failed to break the facing, accepts the end), as
//!   Fairy-Stockfish's `is_immediate_game_end` does. A position read from a FEN has no
//!   previous one: its facing ends nothing.
//!
//! Only the facing changes which moves are legal.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::types::Color;

impl<B: Bitboard> Pos<B> {
    /// Whether the two royal pieces face each other on an open line (`royals` the
    /// squares of one side's, `others` the other side's, `occ` the occupancy).
    fn facing_in(&self, royals: B, others: B, occ: B) -> bool {
        let t = &*self.t;
        // (Most often no other royal is on the line at all: no look for its first piece.)
        royals.squares().any(|k| {
            t.facing.iter().any(|&s| {
                (t.rays[s.reach as usize * t.squares + k.index()] & others).any()
                    && t.first_blocker(s, k, occ).is_some_and(|b| others.has(b))
            })
        })
    }

    /// Whether the royal pieces face each other now (bikjang).
    pub(crate) fn royals_facing(&self) -> bool {
        self.t.rules.end.bikjang && self.facing_in(self.royals(Color::White), self.royals(Color::Black), self.occupied())
    }

    /// Whether `m`, played while the royals face each other, leaves them facing: such a
    /// move is illegal (a pass is not: it is how the facing is accepted).
    pub(crate) fn keeps_facing(&self, m: Move) -> bool {
        if !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Drop) {
            return m.kind != MoveKind::Pass && self.royals_facing();
        }
        let (from, to) = (B::bit(m.from), B::bit(m.to));
        let mut occ = self.occupied() | to;
        let (mut ours, mut theirs) = (self.royals(self.turn), self.royals(self.turn.opponent()) & !to);
        if m.kind != MoveKind::Drop {
            occ &= !from;
            if ours.has(m.from) {
                ours = (ours & !from) | to;
            }
        }
        theirs &= !to;
        self.facing_in(ours, theirs, occ)
    }

    /// The end by bikjang: the royals face each other now and did before the last move.
    pub(crate) fn bikjang_end(&self) -> Option<Outcome> {
        let last = self.history.last()?;
        if !self.royals_facing() || !self.facing_before(last.mv, last.captured) {
            return None;
        }
        Some(self.counted(EndReason::Bikjang))
    }

    /// Whether the royals faced each other before `m` (just played, taking `captured`).
    fn facing_before(&self, m: Move, captured: u8) -> bool {
        let occ = self.occupied();
        let mover = self.turn.opponent();
        let (mut movers, others) = (self.royals(mover), self.royals(self.turn));
        let before = match m.kind {
            MoveKind::Pass => occ,
            MoveKind::Normal | MoveKind::DoubleStep => {
                if movers.has(m.to) {
                    movers = (movers & !B::bit(m.to)) | B::bit(m.from);
                }
                let taken = if captured != crate::types::NO_PIECE { B::bit(m.to) } else { B::EMPTY };
                (occ & !B::bit(m.to)) | B::bit(m.from) | taken
            }
            MoveKind::Drop => occ & !B::bit(m.to),
            // No other kind of move is played in a variant with bikjang.
            _ => return false,
        };
        self.facing_in(movers, others, before)
    }
}
