//! Shuttling (Kakao Janggi's ban on repeating a move; Fairy-Stockfish's
//! `moveRepetitionIllegal`): a player who moves one piece back and forth between the same
//! two squares, turn after turn, is judged by `[end] shuttling` (`"loss"` in modern
//! Janggi). The game ends at the move that completes the pattern, before the position has
//! repeated often enough for the repetition rule.
//!
//! The pattern, as Fairy-Stockfish reads it back from the last move: the piece came to a
//! square Q without a capture, then went Q→P, P→Q, Q→P, P→Q on the player's next four
//! turns (or Q→P, P→Q, Q→P, a pass, P→Q: a pass may stand in the fourth turn), all within
//! the move-rule count (no capture or other reset between), the player in check before
//! none of those moves, and the piece one that can reach the opponent's royal region (a
//! palace piece shuttling inside its own palace is free to). The opponent's moves do not
//! matter.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::types::NO_PIECE;

/// Whether `a` takes back `b`: the same piece from `b`'s target to `b`'s origin.
fn reverses(a: Move, b: Move) -> bool {
    a.kind == MoveKind::Normal && a.from == b.to && a.to == b.from
}

impl<B: Bitboard> Pos<B> {
    /// The end by shuttling, if the last move completed the pattern.
    pub(crate) fn shuttle_end(&self) -> Option<Outcome> {
        let verdict = self.t.rules.end.shuttling?;
        let h = &self.history;
        let end = (self.status.halfmove as usize).min(h.len());
        if end < 4 {
            return None;
        }
        // The mover's k-th last move (k = 1: the last move of all), `2k - 1` plies back.
        let own = |k: usize| h.len().checked_sub(2 * k - 1).map(|i| &h[i]);
        let last = own(1)?.mv;
        if last.kind != MoveKind::Normal {
            return None;
        }
        let mover = self.turn.opponent();
        let t = &*self.t;
        let moved = self.piece_at(last.to)?.kind;
        if (t.mobility(mover, moved).within & t.royal_region(self.turn)).is_empty() {
            return None;
        }
        // How far the pattern has come: 1 after a pass before the last move, 2 after the
        // last move took back the one before, up to 4 when only the first arrival is left.
        let mut stage = match own(2)?.mv {
            m if reverses(m, last) => 2,
            m if m.kind == MoveKind::Pass => 1,
            _ => return None,
        };
        let mut k = 2;
        loop {
            if 2 * k > end {
                return None;
            }
            let earlier = own(k + 1)?;
            if stage < 4 {
                let taken_back = if stage == 1 { last } else { own(k)?.mv };
                if !reverses(earlier.mv, taken_back) {
                    return None;
                }
                stage += 1;
            } else if earlier.captured == NO_PIECE && own(k)?.mv.from == earlier.mv.to {
                break;
            } else {
                return None;
            }
            k += 1;
        }
        // The mover in check before any of its moves k + 1, k, …, 1 (the earliest only
        // when it lies within the count) breaks the pattern.
        let checked_moves = if 2 * k < end { k + 1 } else { k };
        let mut p = self.clone();
        for j in 1..=checked_moves {
            let plies = if j == 1 { 1 } else { 2 };
            for _ in 0..plies {
                p.undo()?;
            }
            if p.is_check() {
                return None;
            }
        }
        Some(Outcome::for_side(verdict, mover, EndReason::Shuttling))
    }
}
