//! Forced capture (Antichess, Giveaway, Losers; Fairy-Stockfish's `mustCapture`): a side
//! that can capture must, so while a capture is legal every other move is illegal. The
//! top-level key `must_capture = true`; the refusal (`capture-required`) is explained by
//! the notation, from the same unforced move list.

use crate::bitboard::Bitboard;
use crate::movegen::{with_scratch, MoveSink};
use crate::moves::Move;
use crate::position::Pos;
use crate::tables::Bulk;
use crate::types::{PieceType, Square};

impl<B: Bitboard> Pos<B> {
    /// The legal moves when capturing is compulsory: the captures if there are any, else
    /// every move.
    pub(crate) fn generate_forced<S: MoveSink>(&self, sink: &mut S) {
        if S::COUNTS_ONLY {
            // Counting needs no list: both counts in one pass, the moves never stored.
            let mut split = Split { pos: self, theirs: self.board.by_color[self.turn.opponent()], all: 0, captures: 0 };
            self.generate_unforced(&mut split);
            return sink.push_count(if split.captures > 0 { split.captures } else { split.all });
        }
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

/// Counts every move and the captures among them ([`Pos::is_capture`]'s), without
/// storing any. It sees every move (not [`MoveSink::COUNTS_ONLY`]) but the bulk counts,
/// which it takes twice: all, and those ending on an enemy piece.
struct Split<'a, B: Bitboard> {
    pos: &'a Pos<B>,
    /// The enemy pieces: a plain move onto one captures.
    theirs: B,
    all: u64,
    captures: u64,
}

impl<B: Bitboard> MoveSink for Split<'_, B> {
    const BULK: bool = true;
    #[inline]
    fn push(&mut self, m: Move) {
        self.all += 1;
        self.captures += u64::from(self.pos.is_capture(m));
    }
    #[inline]
    fn push_targets<C: Bitboard>(&mut self, from: Square, targets: C) {
        // Plain moves: a capture where an enemy piece stands (a move to its own square
        // takes nothing).
        let theirs = C::from_wide(self.theirs.to_wide());
        self.all += u64::from(targets.count());
        self.captures += u64::from((targets & theirs & !C::bit(from)).count());
    }
    #[inline]
    fn push_bulk<C: Bitboard>(&mut self, bulk: &Bulk<C>, from: C, occupied: C, theirs: C, allowed: C) {
        // A bulk move ends on an enemy piece only by capturing it (its double steps and
        // quiet steps end on empty squares; no bulk piece promotes or takes en passant).
        self.all += bulk.count(from, occupied, theirs, allowed);
        self.captures += bulk.count(from, occupied, theirs, allowed & theirs);
    }
    #[inline]
    fn push_drops<C: Bitboard>(&mut self, _: PieceType, targets: C) {
        self.all += u64::from(targets.count());
    }
}
