//! The `Move` type: every action a player can take, in four bytes, and [`Action`], the
//! same move with its fields named by what they mean for its kind.

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
    /// Gating: a piece moves from `from` to `to` (capturing whatever enemy stands
    /// there), and a `piece` from the hand enters on `from`, the gate it left.
    Gate,
    /// Gating with a castle: the castle whose king ends on `to` and whose king or rook
    /// starts on `from`, and a `piece` from the hand enters on `from`.
    GateCastle,
    /// A pass (`features/pass.rs`): nothing moves; `from` = `to` is the square of the
    /// passing side's royal piece (else its lowest piece), as Fairy-Stockfish writes it.
    Pass,
    /// A turn's wall part (`features/walls.rs`): a wall goes on `to`; `from` is where the
    /// turn's move landed (the arrow's origin); `piece` is the square the wall leaves (the
    /// duck's), or `to` when a new wall is added.
    Wall,
    /// A move that stops on a first square and goes on or comes back
    /// (`features/locust.rs`): the piece goes from `from` to `to` by way of the square
    /// `piece`, taking the enemy piece there if there is one, and whatever enemy stands
    /// on `to`. `to` = `from` is a capture without moving (igui) or, through an empty
    /// square, a pass (jitto).
    Locust,
}

/// One action, in four bytes. For a board move (`Normal`, `DoubleStep`, `EnPassant`)
/// `piece` is the type the moving piece promotes to, or [`Move::NO_PROMOTION`]; for a
/// drop it is the dropped type; for a castle, the castle's index; for a rule module's
/// move, the module's index. [`Move::action`] reads all that into an [`Action`], which is
/// the easier way to look inside a move.
///
/// Moves are plain values: take them from [`crate::Position::legal_moves`] or
/// [`crate::Position::parse_move`], and print them with [`crate::Position::uci`] or
/// [`crate::Position::san`]. The order (`Ord`) is by field, and means nothing for play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the action starts on (see [`MoveKind`] for kinds off the board).
    pub from: Square,
    /// The square the action ends on.
    pub to: Square,
    /// What kind of action it is.
    pub kind: MoveKind,
    /// The type, castle index or module index the kind calls for (see above).
    pub piece: PieceType,
}

impl Move {
    /// The `piece` of a board move that does not promote.
    pub const NO_PROMOTION: PieceType = PieceType::new(u8::MAX);

    /// A move from its raw fields; prefer [`Move::normal`] or `Move::from(action)`,
    /// which cannot mix them up.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind, piece: PieceType) -> Move {
        Move { from, to, kind, piece }
    }
    /// A plain board move from `from` to `to`, without promotion.
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

    /// The `piece` field of the kinds that keep a square there: a wall part's square the
    /// wall leaves, a locust move's first stop.
    #[inline]
    pub fn piece_square(self) -> Square {
        Square::new(self.piece.get())
    }

    /// The move with its fields named by kind.
    #[inline]
    pub fn action(self) -> Action {
        let Move { from, to, kind, piece } = self;
        match kind {
            MoveKind::Normal => Action::Step { from, to, promotion: self.promotion() },
            MoveKind::DoubleStep => Action::DoubleStep { from, to },
            MoveKind::EnPassant => Action::EnPassant { from, to, promotion: self.promotion() },
            MoveKind::Castle => Action::Castle { index: piece.get(), king_from: from, king_to: to },
            MoveKind::Drop => Action::Drop { piece, to },
            MoveKind::Buy => Action::Buy { piece, to },
            MoveKind::Upgrade => Action::Upgrade { square: to, to: piece },
            MoveKind::Lift => Action::Lift { from, becomes: piece },
            MoveKind::Rule => Action::Rule { module: piece.get(), from, to },
            MoveKind::Gate => Action::Gate { from, to, piece },
            MoveKind::GateCastle => Action::GateCastle { gate: from, king_to: to, piece },
            MoveKind::Pass => Action::Pass { square: from },
            MoveKind::Wall => Action::Wall { anchor: from, to, leaves: (self.piece_square() != to).then_some(self.piece_square()) },
            MoveKind::Locust => Action::Locust { from, via: self.piece_square(), to },
        }
    }
}

/// A [`Move`] seen by kind, each field named for what it means there. Build one with
/// [`Move::action`]; turn it back into a move with `Move::from`. Squares are
/// [`Square`] indices; piece types index [`crate::Rules::pieces`].
///
/// Indices are `u8` because that is what a move stores: the conversion back is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece moves from `from` to `to`, capturing whatever enemy stands there, and
    /// becomes `promotion` if it promotes.
    Step {
        /// Where the piece starts.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The type it becomes; `None` if it stays what it is.
        promotion: Option<PieceType>,
    },
    /// A pawn-style double step, which leaves an en-passant square behind it (a double
    /// step that promotes is a [`Action::Step`]).
    DoubleStep {
        /// Where the piece starts.
        from: Square,
        /// Two squares ahead, for the mover.
        to: Square,
    },
    /// An en-passant capture: the piece moves to the passed square `to` and takes the
    /// piece that double-stepped past it.
    EnPassant {
        /// Where the capturing piece starts.
        from: Square,
        /// The passed square it lands on.
        to: Square,
        /// The type it becomes; `None` if it stays what it is.
        promotion: Option<PieceType>,
    },
    /// Castling number `index` of [`crate::Rules::castles`] (its rook squares are there).
    Castle {
        /// Index into [`crate::Rules::castles`].
        index: u8,
        /// Where the king starts.
        king_from: Square,
        /// Where the king ends.
        king_to: Square,
    },
    /// A piece from the mover's hand enters on an empty square.
    Drop {
        /// The type dropped.
        piece: PieceType,
        /// Where it goes.
        to: Square,
    },
    /// A piece bought from the stock with coins is placed on an empty square.
    Buy {
        /// The type bought.
        piece: PieceType,
        /// Where it goes.
        to: Square,
    },
    /// The mover's piece on `square` becomes a `to`, for coins.
    Upgrade {
        /// Where the piece stands (it does not move).
        square: Square,
        /// The type it becomes.
        to: PieceType,
    },
    /// The mover's piece on `from` goes into the mover's hand as a `becomes`.
    Lift {
        /// Where the piece stands.
        from: Square,
        /// The type it is in the hand.
        becomes: PieceType,
    },
    /// A move of a kind a rule module defines; the module says what `from` and `to`
    /// mean (see [`crate::module`]).
    Rule {
        /// The module's index among the variant's rule modules
        /// ([`crate::Rules::modules`]).
        module: u8,
        /// The module's first square.
        from: Square,
        /// The module's second square.
        to: Square,
    },
    /// A piece moves from `from` to `to`, capturing whatever enemy stands there, and a
    /// `piece` from the hand enters on `from` (gating).
    Gate {
        /// Where the piece starts, and where the gated piece enters.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The type that enters from the hand.
        piece: PieceType,
    },
    /// A castle, and a `piece` from the hand entering on `gate`, the square the king or
    /// the rook left.
    GateCastle {
        /// The king's or the rook's first square, where the gated piece enters.
        gate: Square,
        /// Where the king ends (naming the castle with `gate`).
        king_to: Square,
        /// The type that enters from the hand.
        piece: PieceType,
    },
    /// The side to move passes: nothing moves.
    Pass {
        /// The square the pass is written on (its royal piece's, else its lowest piece's).
        square: Square,
    },
    /// A turn's wall part: a wall goes on `to` (and leaves `leaves`, where it moves).
    Wall {
        /// Where the turn's move landed (the square an arrow is shot from).
        anchor: Square,
        /// The wall's new square.
        to: Square,
        /// The square the wall leaves, where one wall moves (the duck); `None` for a new wall.
        leaves: Option<Square>,
    },
    /// A piece goes from `from` to `to` by way of `via`, taking the enemy piece on `via`
    /// if there is one and whatever enemy stands on `to` (Chu shogi's lion).
    Locust {
        /// Where the piece starts.
        from: Square,
        /// The square it stops on first.
        via: Square,
        /// Where it ends: `from` itself for a capture without moving (igui) or a pass.
        to: Square,
    },
}

impl From<Action> for Move {
    fn from(action: Action) -> Move {
        let promoted = |promotion: Option<PieceType>| promotion.unwrap_or(Move::NO_PROMOTION);
        match action {
            Action::Step { from, to, promotion } => Move::new(from, to, MoveKind::Normal, promoted(promotion)),
            Action::DoubleStep { from, to } => Move::new(from, to, MoveKind::DoubleStep, Move::NO_PROMOTION),
            Action::EnPassant { from, to, promotion } => Move::new(from, to, MoveKind::EnPassant, promoted(promotion)),
            Action::Castle { index, king_from, king_to } => Move::new(king_from, king_to, MoveKind::Castle, PieceType::new(index)),
            // Moves that act on one square repeat it in both fields, as the kernel writes them.
            Action::Drop { piece, to } => Move::new(to, to, MoveKind::Drop, piece),
            Action::Buy { piece, to } => Move::new(to, to, MoveKind::Buy, piece),
            Action::Upgrade { square, to } => Move::new(square, square, MoveKind::Upgrade, to),
            Action::Lift { from, becomes } => Move::new(from, from, MoveKind::Lift, becomes),
            Action::Rule { module, from, to } => Move::new(from, to, MoveKind::Rule, PieceType::new(module)),
            Action::Gate { from, to, piece } => Move::new(from, to, MoveKind::Gate, piece),
            Action::GateCastle { gate, king_to, piece } => Move::new(gate, king_to, MoveKind::GateCastle, piece),
            Action::Pass { square } => Move::new(square, square, MoveKind::Pass, Move::NO_PROMOTION),
            Action::Wall { anchor, to, leaves } => Move::new(anchor, to, MoveKind::Wall, PieceType::new(leaves.unwrap_or(to).get())),
            Action::Locust { from, via, to } => Move::new(from, to, MoveKind::Locust, PieceType::new(via.get())),
        }
    }
}
