//! Forced capture (Antichess, Giveaway, Losers; Fairy-Stockfish's `mustCapture`): a side
//! that can capture must, so while a capture is legal every other move is illegal. The
//! top-level key `must_capture = true`; the refusal (`capture-required`) is explained by
//! the notation, from the same unforced move list.

use crate::bitboard::Bitboard;
use crate::movegen::{with_scratch, MoveSink};
use crate::position::Pos;

impl<B: Bitboard> Pos<B> {
    /// The legal moves when capturing is compulsory: the captures if there are any, else
    /// every move.
    pub(crate) fn generate_forced<S: MoveSink>(&self, sink: &mut S) {
        with_scratch(|moves| {
            self.generate_unforced(moves);
            let any_capture = moves.iter().any(|&m| self.is_capture(m));
            for &m in moves.iter() {
                if !any_capture || self.is_capture(m) {
                    sink.push(m);
                }
            }
        })
    }
}
