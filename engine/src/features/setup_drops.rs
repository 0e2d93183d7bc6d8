//! A setup phase played by drops (Placement): the rules of `[drops]` that shape how an
//! army is put on the board from the hand. (`must_drop = true`, the duty to drop while
//! the hand holds anything, is `features/must_drop.rs`.)
//!
//! - `opposite_colors`: the drops leave room for the listed types on both square colours;
//! - `castling_rights_on_drop`: a king or rook dropped on its castling square gains the
//!   right, as if it had stood there from the start.
//!
//! A royal piece may start in the hand of such a variant; it is never dropped where it
//! would be attacked.
//!
//! The ruleset keys are read with the rest of `[drops]` (`features/drops.rs`); this file
//! owns what they do.

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Pos;
use crate::refusal::{refuse, IllegalCode, MoveError};
use crate::types::{PieceSet, PieceType, Square};

impl<B: Bitboard> Pos<B> {
    /// Of `targets`, the squares a drop of `pt` may go to under the setup rules: a
    /// royal only where it is not attacked, and no drop that leaves an
    /// `opposite_colors` type without room on either colour.
    #[inline(never)]
    pub(crate) fn setup_drop_targets(&self, pt: PieceType, targets: B) -> B {
        let t = &*self.t;
        let mut ok = targets;
        if t.royal_types.contains(pt) {
            let them = self.turn.opponent();
            ok &= !self.attacked_squares(them, self.occupied());
        }
        for balanced in t.opposite_colors.iter() {
            ok &= self.color_room(balanced, pt);
        }
        ok
    }

    /// The squares where a drop of `pt` keeps the pieces of type `balanced` (on the
    /// board and in hand) able to end half on each colour, as Fairy-Stockfish counts:
    /// a piece of that type may join its colour only while that colour holds fewer than
    /// half (rounded up); any other drop must leave at least half (rounded down) of
    /// them a place on each colour, counting the pieces already there.
    fn color_room(&self, balanced: PieceType, pt: PieceType) -> B {
        let t = &*self.t;
        let us = self.turn;
        let placed = self.pieces(us, balanced);
        let total = placed.count() + self.hands[us][balanced] as u32;
        let mut ok = !B::EMPTY;
        for colour in [t.light, t.board & !t.light] {
            if pt == balanced {
                if (placed & colour).count() + 1 > total.div_ceil(2) {
                    ok &= !colour;
                }
            } else {
                let free = t.mobility(us, balanced).drop_zone & t.board & !self.occupied();
                let room = ((placed | free) & colour).count();
                let need = total / 2;
                if room < need {
                    return B::EMPTY;
                }
                if room == need {
                    // Taking one of those free squares would leave too few.
                    ok &= !(free & colour);
                }
            }
        }
        ok
    }

    /// The castling rights a drop of `pt` on `to` gives (`castling_rights_on_drop`): a
    /// royal on a castle's king square gets each castle whose rook square holds one of
    /// its rooks, a rook on a castle's rook square gets it if its royal is home.
    pub(crate) fn rights_from_drop(&self, pt: PieceType, to: Square) -> u32 {
        let t = &*self.t;
        let us = self.turn;
        let is_royal = t.royal_types.contains(pt);
        if !is_royal && !t.castling_rights_on_drop.contains(pt) {
            return 0;
        }
        let mut gained = 0;
        for (i, path) in self.castles().paths.iter().enumerate() {
            let cs = path[us].squares;
            let holds = |sq: Square, types| self.piece_at(sq).is_some_and(|p| p.color == us && PieceSet::contains(types, p.kind));
            let gains = if is_royal {
                cs.king_from == to && holds(cs.rook_from, t.castling_rights_on_drop)
            } else {
                cs.rook_from == to && holds(cs.king_from, t.royal_types)
            };
            if gains {
                gained |= 1 << (2 * i + us.index());
            }
        }
        gained & !self.status.castling
    }

    /// Why a drop of `pt` on `to` breaks the colour rule (or `None`: it does not).
    pub(crate) fn explain_color_room(&self, pt: PieceType, to: Square) -> Option<Result<Move, MoveError>> {
        let t = &*self.t;
        let balanced = t.opposite_colors.iter().find(|&b| !self.color_room(b, pt).has(to))?;
        let name = &t.rules.piece(balanced).name;
        let square = t.geometry.square_name(to);
        Some(refuse(IllegalCode::DropZone, format!("a drop on {square} would leave no room for {name}s on squares of both colours")))
    }
}
