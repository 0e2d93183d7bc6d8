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
    /// Castling number `piece` of the variant; `from`/`to` are the king's squares.
    Castle,
    /// A piece of type `piece` enters from the hand on `to` (`from` = `to`).
    Drop,
    /// A piece of type `piece` is bought from the stock and placed on `to` (`from` = `to`).
    Buy,
    /// The mover's piece on `to` becomes a `piece`, for a cost (`from` = `to`).
    Upgrade,
    /// The mover's piece on `from` goes into his hand as a `piece` (`to` = `from`).
    Lift,
    /// A move of a kind a rule module defines: `piece` is the module's index in the
    /// variant, `from` and `to` mean what the module says (see [`crate::module`]).
    Rule,
}

/// One action. For a board move (`Normal`, `DoubleStep`, `EnPassant`) `piece` is the
/// type the moving piece promotes to, or [`Move::NO_PROMOTION`]; for a drop it is the
/// dropped type; for a castle, the castle's index; for a rule module's move, the module's
/// index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub piece: PieceType,
}

impl Move {
    pub const NO_PROMOTION: PieceType = PieceType::MAX;

    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind, piece: PieceType) -> Move {
        Move { from, to, kind, piece }
    }
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal, Move::NO_PROMOTION)
    }
    /// The same board move, ending with the piece promoted to `to`.
    #[inline]
    pub const fn promoting(self, to: PieceType) -> Move {
        Move { piece: to, ..self }
    }
    /// Whether the move moves a piece on the board (rather than castling or dropping).
    #[inline]
    pub fn is_board_move(self) -> bool {
        matches!(self.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant)
    }
    /// The type the moving piece becomes, if it changes.
    #[inline]
    pub fn promotion(self) -> Option<PieceType> {
        (self.is_board_move() && self.piece != Move::NO_PROMOTION).then_some(self.piece)
    }
}
