//! Andernach chess (introduced at the fairy-chess meeting in Andernach, 1993): a piece
//! that makes a capture, royal pieces excepted, changes sides on the square it took on
//! (Wikipedia, "Andernach chess": "a white bishop on a2 capturing a black knight on g8
//! becomes a black bishop on g8"; "if a pawn captures on the eighth rank, it is promoted
//! first and then changes colour"). The top-level key `andernach = true`.
//!
//! The change follows the capture, so it counts when legality is judged: a capture that
//! turns the capturer into a piece attacking its former owner's royal is illegal
//! (`movegen`'s exact legality test), and one that turns it against the opponent's royal
//! gives check.
//!
//! Castling: the capture square's rights are lost as for any move there; a piece that
//! changed sides comes into being for its new side, so with `castling_rights_on_arrival`
//! a rook turned on its new side's castle square gains that castle while the king has
//! never moved ("un coup de roque est possible avec une Tour ayant changé de couleur et
//! n'ayant pas joué depuis ce changement", echekk.fr, "Échecs d'Andernach";
//! `rulesets/andernach.toml` lists the rook). En passant is unchanged: a pawn that takes
//! en passant changes sides too, and a pawn turned on its new side's double-step rank may
//! double-step from there as any pawn there may. The change is a journalled edit (as a
//! flip, `features/flips.rs`), undone with the move; the hash follows it.

use crate::bitboard::Bitboard;
use crate::position::{Edit, Pos};
use crate::types::Square;

impl<B: Bitboard> Pos<B> {
    /// Andernach: the piece that has just captured and stands on `on` changes sides,
    /// unless it is royal.
    pub(crate) fn change_sides(&mut self, on: Square) {
        let Some(p) = self.piece_at(on) else { return };
        if self.t.royal_types.contains(p.kind) {
            return;
        }
        self.flip(on);
        self.journal.push(Edit::Flipped(on));
        if !self.t.castling_rights_on_arrival.is_empty() {
            self.gain_rights_at(on, p.color.opponent());
        }
    }
}
