//! The `Move` type: every action a player can take, in four bytes.

use crate::types::{PieceType, Square};

/// What kind of action a move is. Board moves use `from` and `to`; the kinds that
/// act on a hand, a pocket or a coin purse use the same fields as documented.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MoveKind {
    /// A piece moves (and captures whatever enemy stands on `to`).
    Normal,
    /// A pawn-style double step: `to` is two squares ahead; it leaves an en-passant square.
    DoubleStep,
    /// An en-passant capture: `to` is the passed square; the captured piece stands beside it.
    EnPassant,
    /// A move that ends with the piece becoming `piece`.
    Promotion,
    /// Castling number `piece` of the variant; `from`/`to` are the king's squares.
    Castle,
    /// A piece of type `piece` enters from the hand on `to` (`from` = `to`).
    Drop,
}

/// One action. `piece` is the type a move promotes to, drops, or the castle's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub piece: PieceType,
}

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind, piece: PieceType) -> Move {
        Move { from, to, kind, piece }
    }
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal, 0)
    }
    /// The type the moving piece becomes, if it changes.
    #[inline]
    pub fn promotion(self) -> Option<PieceType> {
        (self.kind == MoveKind::Promotion).then_some(self.piece)
    }
}
