//! Alice chess's looking-glass (V. R. Parton, 1953; D. B. Pritchard, *The Classified
//! Encyclopedia of Chess Variants*, 2007): the ruleset's `board.transfer =
//! "next-board"`, on `board.boards` boards side by side ([`Geometry::boards`]). A move
//! is made on its piece's board, as if the other boards were not there, then the piece
//! passes to the same square of the next board, which must be empty: "the move must be
//! legal on the board on which it is played, and the square transferred to on the
//! opposite board must be vacant" (Pritchard; Wikipedia, "Alice chess"). So a piece
//! captures only on its own board, and no two pieces ever share a square's name.
//!
//! * The move tables never cross from one board to the next ([`Geometry::offset`]), so
//!   the kernel generates each board's moves; [`Landing`] keeps those whose pieces may
//!   pass, and [`Pos::pass_through`] carries them over, journalled, as part of the move.
//! * Legality is judged after the passage (the kernel's pin and check analysis assumes
//!   a piece stays where it moved, so every move is played and looked at:
//!   [`Tables::test_every_move`]): a king is attacked only by the pieces of its board.
//! * Castling is chess's on the first board (king and rook unmoved there, the squares
//!   between them empty on it, the king neither in check nor crossing an attacked square
//!   of it), and then king and rook both pass: their squares on the next board must be
//!   empty, and the king may not be in check there (vchess.club's Alice rules: "castling
//!   should be legal according to orthodox rules on board 1 … the king cannot be in check
//!   on board 2 after castling").
//! * En passant, as H. G. Muller's Interactive Diagram of Alice chess plays it
//!   (chessvariants.com, comment of 2019-11-26): a pawn of the board the double step was
//!   made on takes on the square the pawn passed over there (empty, or the double step
//!   could not have been made), removing the pawn that has since passed to the next board;
//!   the taker then passes as any piece does.
//!
//! [`Tables::test_every_move`]: crate::tables::Tables::test_every_move

use crate::bitboard::Bitboard;
use crate::movegen::{Erased, MoveSink, Safety};
use crate::moves::{Move, MoveKind};
use crate::position::{Edit, Pos};
use crate::types::{Geometry, Square, NO_PIECE};

impl<B: Bitboard> Pos<B> {
    /// The kernel's moves whose pieces may pass to the next board.
    pub(crate) fn generate_passing<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        let barred = self.landing_barred();
        self.generate_mobile(&mut Landing { pos: self, inner: &mut Erased(&mut |m| sink.push(m)), barred }, safety);
    }

    /// The squares no move may end on: those whose square on the next board is taken.
    pub(crate) fn landing_barred(&self) -> B {
        let g = self.t.geometry;
        let before = |sq: Square| g.twin_before(sq);
        (self.occupied() | self.walls).squares().fold(B::EMPTY, |b, sq| b | B::bit(before(sq)))
    }

    /// The squares the pieces `m` moves end on, before they pass: the mover's target, or a
    /// castle's king and rook squares.
    pub(crate) fn landings(&self, m: Move) -> [Square; 2] {
        match m.kind {
            MoveKind::Castle | MoveKind::GateCastle => {
                let cs = self.castles().paths[self.castle_index(m, self.turn)][self.turn].squares;
                [cs.king_to, cs.rook_to]
            }
            _ => [m.to; 2],
        }
    }

    /// After move `m` is made on its board: the pieces it moved pass to the same squares
    /// of the next board (journalled, so undone with the move), and a pawn that
    /// double-stepped is taken en passant where it now stands.
    pub(crate) fn pass_through(&mut self, m: Move) {
        if !moves_on_the_board(m) {
            return;
        }
        let g = self.t.geometry;
        let landings = self.landings(m);
        let pieces = if landings[0] == landings[1] { 1 } else { 2 };
        for &sq in &landings[..pieces] {
            let code = self.board.squares[sq];
            if code == NO_PIECE {
                continue;
            }
            let twin = g.twin(sq);
            let p = self.board.take(sq);
            self.board.put(twin, p);
            self.status.hash ^= self.t.piece_key(p.color, p.kind, sq) ^ self.t.piece_key(p.color, p.kind, twin);
            self.journal.push(Edit::Removed(sq, code));
            self.journal.push(Edit::Placed(twin));
            if self.status.promoted.has(sq) {
                self.status.promoted ^= B::bit(sq) | B::bit(twin);
            }
        }
        if let Some(ep) = self.status.ep.as_mut().filter(|ep| ep.victim == m.to) {
            ep.victim = g.twin(m.to);
        }
    }
}

/// Whether `m` moves pieces on the board, which then pass (a drop, a pass, a wall, a
/// purchase or a rule module's move does not).
fn moves_on_the_board(m: Move) -> bool {
    matches!(
        m.kind,
        MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Castle | MoveKind::Gate | MoveKind::GateCastle
    )
}

impl Geometry {
    /// The square whose [`Geometry::twin`] is `sq`: the same square of the board before.
    #[inline]
    pub(crate) fn twin_before(self, sq: Square) -> Square {
        let file = (self.file(sq) + self.files - self.board_files()) % self.files;
        self.square(file, self.rank(sq))
    }
}

/// Keeps the moves whose pieces may pass to the next board: each lands where the square
/// beyond is empty ([`Pos::landing_barred`]).
struct Landing<'a, B: Bitboard, S> {
    pos: &'a Pos<B>,
    inner: &'a mut S,
    barred: B,
}

impl<B: Bitboard, S: MoveSink> MoveSink for Landing<'_, B, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        if !moves_on_the_board(m) || !self.pos.landings(m).iter().any(|&sq| self.barred.has(sq)) {
            self.inner.push(m);
        }
    }

    #[inline]
    fn push_targets<C: Bitboard>(&mut self, from: Square, targets: C) {
        for to in targets.squares() {
            if !self.barred.has(to) {
                self.inner.push(Move::normal(from, to));
            }
        }
    }
}
