//! Checks forbidden (Racing Kings; Fairy-Stockfish's `checking = false`): a move that
//! would put the opponent in check is illegal. The top-level key `checks_allowed = false`;
//! the refusal is `gives-check`. Variants that allow checks never come here.

use crate::bitboard::Bitboard;
use crate::movegen::{with_scratch, MoveSink};
use crate::moves::Move;
use crate::position::Pos;

impl<B: Bitboard> Pos<B> {
    /// The legal moves when no move may give check.
    pub(crate) fn generate_checkless<S: MoveSink>(&self, sink: &mut S) {
        with_scratch(|moves| {
            self.generate_unchecked(moves);
            for &m in moves.iter() {
                if !self.gives_check(m) {
                    sink.push(m);
                }
            }
        })
    }

    /// Whether the rules allow `m` as far as checks go.
    pub(crate) fn check_allowed(&self, m: Move) -> bool {
        self.t.rules.checks_allowed || !self.gives_check(m)
    }

    /// Whether `m` puts the opponent in check (played on a copy and looked at).
    pub(crate) fn gives_check(&self, m: Move) -> bool {
        let mut child = self.without_history();
        child.play_unchecked(m);
        child.is_check()
    }
}
