//! Why a move is refused: a stable, machine-readable code and a sentence for people.
//!
//! The kernel's own codes are listed here; a rule module names its own refusals with
//! [`IllegalCode::Rule`].

use std::fmt;

/// Why a move given as text is not played. `code` is stable and machine-readable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveError {
    pub code: IllegalCode,
    pub message: String,
}

/// Stable reason codes for refused moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalCode {
    Unparsable,
    NoSuchPiece,
    NotYourPiece,
    PieceCannotMoveThere,
    PathBlocked,
    LeavesRoyalInCheck,
    CastlingRightLost,
    CastlingBlocked,
    CastlingInCheck,
    CastlingThroughCheck,
    PromotionRequired,
    PromotionNotAvailable,
    Ambiguous,
    NotACapture,
    GameOver,
    HandEmpty,
    DropZone,
    SquareOccupied,
    DropMate,
    NotEnoughCoins,
    StockEmpty,
    UpgradeLocked,
    NoSuchUpgrade,
    LiftForbidden,
    HandFull,
    LiftChoice,
    /// A rule module's refusal, under the code the module gives it (`king-exploded`).
    Rule(&'static str),
}

impl IllegalCode {
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
            IllegalCode::NotEnoughCoins => "not-enough-coins",
            IllegalCode::StockEmpty => "stock-empty",
            IllegalCode::UpgradeLocked => "upgrade-locked",
            IllegalCode::NoSuchUpgrade => "no-such-upgrade",
            IllegalCode::LiftForbidden => "lift-forbidden",
            IllegalCode::HandFull => "hand-full",
            IllegalCode::LiftChoice => "lift-choice",
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
