//! Moves a whole-variant rule bans, on top of the kernel's legality:
//!
//! - checks forbidden (Racing Kings; Fairy-Stockfish's `checking = false`): a move that
//!   would put the opponent in check is illegal. Top-level `checks_allowed = false`, or
//!   for drops only `[drops] checks = false` (Fairy-Stockfish's `dropChecks`); refused
//!   with `gives-check`;
//! - no flight from check (Makpong; Fairy-Stockfish's `makpongRule`): a royal piece in
//!   check may not move, except to take its only checker. Top-level
//!   `royal_flees_check = false`; refused with `royal-cannot-flee`.
//!
//! - bikjang (Janggi; `[end] bikjang = true`, owned by `features/bikjang.rs`): while the
//!   royals face each other, a move that leaves them facing is illegal; refused with
//!   `bikjang`.
//!
//! Variants without any of these rules never come here (one flag in `generate`).

use crate::bitboard::Bitboard;
use crate::movegen::{with_scratch, MoveSink};
use crate::moves::{Move, MoveKind};
use crate::position::Pos;

impl<B: Bitboard> Pos<B> {
    /// The legal moves when a ban applies.
    pub(crate) fn generate_unbanned<S: MoveSink>(&self, sink: &mut S) {
        let rules = &self.t.rules;
        let flight_banned = self.flight_banned();
        let facing = self.royals_facing();
        if !flight_banned && !facing && rules.checks_allowed && rules.drop_checks_allowed() {
            // No ban applies in this position (bikjang's, most often): the moves go
            // straight to the sink, counted in bulk where it counts.
            return self.generate_unchecked(sink);
        }
        with_scratch(|moves| {
            self.generate_unchecked(moves);
            for &m in moves.iter() {
                if self.check_allowed(m) && !(flight_banned && self.flees_check(m)) && !(facing && self.keeps_facing(m)) {
                    sink.push(m);
                }
            }
        })
    }

    /// Whether the side to move is in check where a royal piece in check may not flee.
    pub(crate) fn flight_banned(&self) -> bool {
        !self.t.rules.royal_flees_check && self.is_check()
    }

    /// Whether the rules allow `m` as far as checks go.
    pub(crate) fn check_allowed(&self, m: Move) -> bool {
        let rules = &self.t.rules;
        (rules.checks_allowed && (m.kind != MoveKind::Drop || rules.drop_checks_allowed())) || !self.gives_check(m)
    }

    /// Whether `m` puts the opponent in check (played on a copy and looked at).
    pub(crate) fn gives_check(&self, m: Move) -> bool {
        let mut child = self.without_history();
        child.play_unchecked(m);
        child.is_check()
    }

    /// Whether `m` moves a royal piece in check anywhere but onto its only checker.
    pub(crate) fn flees_check(&self, m: Move) -> bool {
        let us = self.turn;
        let them = us.opponent();
        if matches!(m.kind, MoveKind::Drop | MoveKind::Buy | MoveKind::Upgrade | MoveKind::Rule) || !self.royals(us).has(m.from) {
            return false;
        }
        let occ = self.occupied();
        let checkers = self.board.by_color[them]
            .squares()
            .filter(|&sq| self.royals(us).squares().any(|k| self.attacked(k, them, occ, B::bit(sq))))
            .fold(B::EMPTY, |b, sq| b | B::bit(sq));
        checkers != B::bit(m.to)
    }
}
