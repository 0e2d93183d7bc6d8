//! Forced capture (Antichess, Giveaway, Losers; Fairy-Stockfish's `mustCapture`): a side
//! that can capture must, so while a capture is legal every other move is illegal. The
//! top-level key `must_capture = true`; the refusal (`capture-required`) is explained by
//! the notation, from the same unforced move list.

use crate::bitboard::Bitboard;
use crate::movegen::{with_scratch, MoveSink};
use crate::moves::{Move, MoveKind};
use crate::position::Pos;

impl<B: Bitboard> Pos<B> {
    /// The legal moves when capturing is compulsory: the captures if there are any, else
    /// every move.
    pub(crate) fn generate_forced<S: MoveSink>(&self, sink: &mut S) {
        with_scratch(|moves| {
            self.generate_unforced(moves);
            let any_capture = moves.iter().any(|&m| self.captures(m));
            for &m in moves.iter() {
                if !any_capture || self.captures(m) {
                    sink.push(m);
                }
            }
        })
    }

    /// Whether `m` takes an enemy piece.
    fn captures(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Drop | MoveKind::Buy | MoveKind::Upgrade | MoveKind::Lift | MoveKind::Castle | MoveKind::GateCastle | MoveKind::Rule | MoveKind::Pass => false,
            _ => self.board.by_color[self.turn.opponent()].has(m.to),
        }
    }
}
