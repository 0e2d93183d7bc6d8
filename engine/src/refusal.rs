//! Why a move is refused: a stable, machine-readable code and a sentence for people.
//!
//! The kernel's own codes are listed here; a rule module names its own refusals with
//! [`IllegalCode::Rule`].

use std::fmt;

/// Why a move given as text is not played, from [`crate::Position::parse_move`],
/// [`crate::Position::play_str`] or [`crate::Position::play`]. `Display` prints the
/// message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveError {
    /// What kind of refusal: stable, for programs to match on.
    pub code: IllegalCode,
    /// A sentence for people, naming the pieces and squares involved; its wording may
    /// change between versions.
    pub message: String,
}

/// Stable reason codes for refused moves. [`IllegalCode::as_str`] gives each a
/// kebab-case name that never changes, for protocols and logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalCode {
    /// The text is not a move in SAN or long algebraic notation.
    Unparsable,
    /// No piece of the named kind stands where the move says it starts, or none can reach the target.
    NoSuchPiece,
    /// The piece that would move belongs to the opponent.
    NotYourPiece,
    /// The piece does not move that way, or the target holds one of the mover's own pieces.
    PieceCannotMoveThere,
    /// The piece moves that way on an empty board, but something stands in its path.
    PathBlocked,
    /// The move would leave (or put) one of the mover's royal pieces under attack.
    LeavesRoyalInCheck,
    /// The king or rook has moved (or the FEN gave no such right), so this castling is gone.
    CastlingRightLost,
    /// A piece stands on a square this castling needs empty.
    CastlingBlocked,
    /// The king is in check, and a king in check may not castle.
    CastlingInCheck,
    /// The king would pass through or land on an attacked square.
    CastlingThroughCheck,
    /// The move reaches a square where the piece must promote, and names no promotion.
    PromotionRequired,
    /// The named promotion is not one this piece may take on this move.
    PromotionNotAvailable,
    /// Several legal moves fit the text; it must say which piece (by file or rank).
    Ambiguous,
    /// The text marks a capture (`x`) but the target square is empty.
    NotACapture,
    /// The game is over. The kernel itself never refuses for this (it plays on past an
    /// end the caller ignores); front ends such as the CLI's server do.
    GameOver,
    /// The mover has no piece of the dropped kind in hand (or the variant has no hands).
    HandEmpty,
    /// The dropped or bought piece may not be placed on that square (its drop zone, a pawn on the last rank, two pawns on a file, ...).
    DropZone,
    /// A drop or purchase names an occupied square.
    SquareOccupied,
    /// The variant forbids giving checkmate with a drop of this kind (shogi's pawn-drop mate).
    DropMate,
    /// The move does not capture, but a capture is possible and capturing is compulsory
    /// (`must_capture`: Antichess, Giveaway, Losers).
    CaptureRequired,
    /// The mover holds a piece it must drop (`[drops] must_drop`: a setup phase, Koedem's
    /// kings), and the move is not such a drop.
    DropRequired,
    /// The move would give check, and the variant forbids checks (`checks_allowed = false`:
    /// Racing Kings).
    GivesCheck,
    /// The royal piece is in check and may not move, but to take its only checker
    /// (`royal_flees_check = false`: Makpong).
    RoyalCannotFlee,
    /// The purchase or upgrade costs more coins than the mover has.
    NotEnoughCoins,
    /// Every piece of that kind the variant allows is already on the board.
    StockEmpty,
    /// Upgrades open only after a number of purchases, and the mover has not made them yet.
    UpgradeLocked,
    /// The variant has no upgrade from that piece to the named one.
    NoSuchUpgrade,
    /// The mover may not put a piece into the hand now (e.g. not on the first move).
    LiftForbidden,
    /// The mover's hand is at the variant's capacity.
    HandFull,
    /// The piece may not be lifted into the hand, or not as the type named.
    LiftChoice,
    /// The royal pieces face each other and the move leaves them facing (Janggi's
    /// bikjang: break the facing, or pass).
    Bikjang,
    /// A pass where the rules allow none now (`pass`: never, only without another legal
    /// move, or the side has no piece to pass with).
    PassForbidden,
    /// The piece is paralysed: an enemy piece of its own type attacks it (`madrasi`).
    Paralysed,
    /// The move, not promoting, would leave the piece where it could never move again, in
    /// a variant with `immobile_moves = false` (Fairy-Stockfish's `immobilityIllegal`).
    Immobile,
    /// A rule module's refusal, under the code the module gives it (`king-exploded`).
    Rule(&'static str),
}

impl IllegalCode {
    /// The code's stable kebab-case name (`leaves-royal-in-check`, or a module's own).
    pub fn as_str(self) -> &'static str {
        match self {
            IllegalCode::Unparsable => "unparsable",
            IllegalCode::NoSuchPiece => "no-such-piece",
            IllegalCode::NotYourPiece => "not-your-piece",
            IllegalCode::PieceCannotMoveThere => "piece-cannot-move-there",
            IllegalCode::PathBlocked => "path-blocked",
            IllegalCode::LeavesRoyalInCheck => "leaves-royal-in-check",
            IllegalCode::CastlingRightLost => "castling-right-lost",
            IllegalCode::CastlingBlocked => "castling-blocked",
            IllegalCode::CastlingInCheck => "castling-in-check",
            IllegalCode::CastlingThroughCheck => "castling-through-check",
            IllegalCode::PromotionRequired => "promotion-required",
            IllegalCode::PromotionNotAvailable => "promotion-not-available",
            IllegalCode::Ambiguous => "ambiguous",
            IllegalCode::NotACapture => "not-a-capture",
            IllegalCode::GameOver => "game-over",
            IllegalCode::HandEmpty => "hand-empty",
            IllegalCode::DropZone => "drop-zone",
            IllegalCode::SquareOccupied => "square-occupied",
            IllegalCode::DropMate => "drop-mate",
            IllegalCode::CaptureRequired => "capture-required",
            IllegalCode::DropRequired => "drop-required",
            IllegalCode::GivesCheck => "gives-check",
            IllegalCode::RoyalCannotFlee => "royal-cannot-flee",
            IllegalCode::Bikjang => "bikjang",
            IllegalCode::NotEnoughCoins => "not-enough-coins",
            IllegalCode::StockEmpty => "stock-empty",
            IllegalCode::UpgradeLocked => "upgrade-locked",
            IllegalCode::NoSuchUpgrade => "no-such-upgrade",
            IllegalCode::LiftForbidden => "lift-forbidden",
            IllegalCode::HandFull => "hand-full",
            IllegalCode::LiftChoice => "lift-choice",
            IllegalCode::PassForbidden => "pass-forbidden",
            IllegalCode::Paralysed => "paralysed",
            IllegalCode::Immobile => "immobile",
            IllegalCode::Rule(code) => code,
        }
    }
}

impl fmt::Display for IllegalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refusal, as the `Err` of a move reader.
pub(crate) fn refuse<T>(code: IllegalCode, message: impl Into<String>) -> Result<T, MoveError> {
    Err(MoveError { code, message: message.into() })
}

/// `s` for a count other than one.
pub(crate) fn plural(n: u16) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
