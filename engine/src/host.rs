//! The kernel's side of the rule-module API: a position seen through
//! [`PositionView`] and changed through [`Editor`], scoped to the module that asks (its
//! own state counters, its own journal entries).

use std::ops::Deref;

use crate::bitboard::{Bitboard, Wide};
use crate::module::{Editor, PositionView};
use crate::movegen::Safety;
use crate::moves::{Move, MoveKind};
use crate::position::{Edit, Pos};
use crate::rules::{CastleSquares, Rules};
use crate::tables::Zobrist;
use crate::types::{Color, Piece, PieceType, Square};

/// A position as module `module` sees it; over `&mut Pos` it is also an [`Editor`].
pub(crate) struct Scoped<P, B> {
    pos: P,
    module: usize,
    /// What the move generator's safety analysis of this position knows (see
    /// [`PositionView::known_safe`]): the pieces whose moves expose no royal, and where
    /// such a move must end. Empty when nothing is known.
    free: B,
    evasions: B,
}

impl<B: Bitboard> Pos<B> {
    /// The position as module `module` sees it.
    pub(crate) fn view(&self, module: usize) -> Scoped<&Pos<B>, B> {
        Scoped { pos: self, module, free: B::EMPTY, evasions: B::EMPTY }
    }
    /// The position as module `module` sees it while judging generated moves, with the
    /// generator's `safety` analysis.
    pub(crate) fn judging_view(&self, module: usize, safety: &Safety<B>) -> Scoped<&Pos<B>, B> {
        Scoped { pos: self, module, free: safety.free, evasions: safety.evasions }
    }
    /// The position as module `module` changes it.
    pub(crate) fn editor(&mut self, module: usize) -> Scoped<&mut Pos<B>, B> {
        Scoped { pos: self, module, free: B::EMPTY, evasions: B::EMPTY }
    }
    /// Whether `side` has a royal piece under attack (the kernel's reckoning).
    pub(crate) fn royal_attacked(&self, side: Color) -> bool {
        let them = side.opponent();
        let occ = self.occupied();
        // With Madrasi a paralysed piece gives no check (`features/madrasi.rs`).
        let attackers = self.active(them);
        let royals = self.royals(side);
        // One royal (most variants; Three-check asks after every move): one test, no loop.
        if royals.is_single() {
            return self.attacked(royals.lsb(), them, occ, attackers);
        }
        !self.royals_safe(royals, |k| self.attacked(k, them, occ, attackers))
    }
}

impl<B: Bitboard, P: Deref<Target = Pos<B>>> PositionView for Scoped<P, B> {
    fn rules(&self) -> &Rules {
        &self.pos.tables().rules
    }
    fn turn(&self) -> Color {
        self.pos.turn
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pos.piece_at(sq)
    }
    fn occupied(&self) -> Wide {
        self.pos.with_pieces().to_wide()
    }
    fn side(&self, c: Color) -> Wide {
        self.pos.color_bb(c).to_wide()
    }
    fn pieces(&self, c: Color, t: PieceType) -> Wide {
        self.pos.pieces(c, t).to_wide()
    }
    fn royals(&self, c: Color) -> Wide {
        self.pos.royals(c).to_wide()
    }
    fn hand(&self, c: Color, t: PieceType) -> u8 {
        self.pos.hand(c, t)
    }
    fn is_unmoved(&self, sq: Square) -> bool {
        self.pos.status.unmoved.has(sq)
    }
    fn attacked(&self, sq: Square, by: Color) -> bool {
        let pos = &*self.pos;
        pos.attacked(sq, by, pos.occupied(), pos.color_bb(by))
    }
    fn attacked_without(&self, sq: Square, by: Color, lifted: Square) -> bool {
        let pos = &*self.pos;
        let off = !B::bit(lifted);
        pos.attacked(sq, by, pos.occupied() & off, pos.color_bb(by) & off)
    }
    fn attacked_on(&self, sq: Square, by: Color, occ: Wide, attackers: Wide) -> bool {
        let pos = &*self.pos;
        pos.attacked(sq, by, B::from_wide(occ) | pos.walls, B::from_wide(attackers))
    }
    #[inline]
    fn known_safe(&self, m: Move) -> bool {
        matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep) && self.free.has(m.from) && self.evasions.has(m.to)
    }
    fn royal_attacked(&self, side: Color) -> bool {
        self.pos.royal_attacked(side)
    }
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }
    fn castle(&self, index: usize) -> Option<(CastleSquares, &[Square])> {
        let path = &self.pos.castles().paths.get(index)?[self.pos.turn];
        Some((path.squares, &path.safe))
    }
    fn fullmove_number(&self) -> u32 {
        self.pos.status.fullmove
    }
    fn state(&self, slot: usize) -> u16 {
        self.pos.state[self.pos.t.modules.state_base[self.module] + slot]
    }
    fn taken_on_the_way(&self) -> Option<Piece> {
        let pos = &*self.pos;
        let last = pos.history.last().filter(|u| u.mv.kind == MoveKind::Locust)?;
        let via = last.mv.piece_square();
        pos.journal[last.journal as usize..].iter().find_map(|e| match *e {
            crate::position::Edit::Removed(sq, code) if sq == via => Piece::from_code(code),
            _ => None,
        })
    }
    fn has_legal_move(&self) -> bool {
        self.pos.count_moves_unrefused() > 0
    }
    fn after(&self, m: Move, look: &mut dyn FnMut(&dyn PositionView)) {
        let mut child = self.pos.without_history();
        child.play_unchecked(m);
        look(&child.view(self.module));
    }
}

impl<B: Bitboard> Editor for Scoped<&mut Pos<B>, B> {
    fn remove(&mut self, sq: Square) -> Option<Piece> {
        self.pos.remove_journaled(sq)
    }
    fn capture(&mut self, sq: Square) -> Option<Piece> {
        self.pos.capture_journaled(sq)
    }
    fn place(&mut self, sq: Square, piece: Piece) {
        let pos = &mut *self.pos;
        debug_assert!(pos.piece_at(sq).is_none(), "a module placed a piece on an occupied square");
        pos.board.put(sq, piece);
        pos.status.hash ^= pos.t.piece_key(piece.color, piece.kind, sq);
        pos.journal.push(Edit::Placed(sq));
    }
    fn set_state(&mut self, slot: usize, value: u16) {
        let pos = &mut *self.pos;
        let i = pos.t.modules.state_base[self.module] + slot;
        let old = pos.state[i];
        if old == value {
            // Nothing changes, nothing to undo (a module that sets its counter after
            // every move, as `chu-lion` does, most often sets the value it holds).
            return;
        }
        pos.state[i] = value;
        pos.status.hash ^= Zobrist::state(i, old) ^ Zobrist::state(i, value);
        pos.journal.push(Edit::State(i as u8, old));
    }
}

impl<B: Bitboard> Pos<B> {
    /// Takes the piece on `sq` off the board, its marks and castling rights with it,
    /// journalled so that undo puts it back (a rule module's removal, a locust victim).
    pub(crate) fn remove_journaled(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        let t = &*self.t;
        self.board.take(sq);
        self.status.hash ^= t.piece_key(piece.color, piece.kind, sq);
        if self.status.promoted.has(sq) {
            self.status.promoted ^= B::bit(sq);
            self.status.hash ^= t.zobrist.promoted[sq];
        }
        if self.status.unmoved.has(sq) {
            self.status.unmoved ^= B::bit(sq);
            self.status.hash ^= t.zobrist.unmoved[sq];
        }
        let lost = self.castle_rights_on(sq);
        if lost != 0 {
            self.status.castling ^= lost;
            self.status.hash ^= t.zobrist.castles(lost);
        }
        self.journal.push(Edit::Removed(sq, piece.code()));
        Some(piece)
    }

    /// [`Pos::remove_journaled`], the piece going to its captor's hand as the rules say.
    pub(crate) fn capture_journaled(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        // Before the removal, which clears the promoted mark the hand reads. A royal piece
        // is never handed: losing it decides the game (Fairy-Stockfish hands even that).
        if self.t.has_drops && !self.t.royal_types.contains(piece.kind) {
            if let Some(k) = self.give_to_captors_hand(piece, sq) {
                self.journal.push(Edit::Handed(piece.color.opponent(), k));
            }
        }
        self.remove_journaled(sq)
    }
}
