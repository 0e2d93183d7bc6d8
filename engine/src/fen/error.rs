//! What is wrong with a FEN: which field, and why.

use std::fmt;

/// Which part of a FEN was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The piece placement (with the hands in `[…]`, and `~` marks of promoted pieces).
    Board,
    /// The side to move, `w` or `b`.
    Side,
    /// The castling rights (`KQkq`, or the rooks' files, or `-`).
    Castling,
    /// The en-passant square (`e3`, or `-`).
    EnPassant,
    /// The halfmove clock of the move rule.
    Halfmove,
    /// The fullmove number (from 1).
    Fullmove,
    /// A `key=value` field after the six standard ones (`coins=`, `unmoved=`, a rule
    /// module's own field).
    Extra,
    /// Every field read, but the position they describe is impossible (the side not
    /// to move in check, a side without its royal piece).
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board field",
            FenField::Side => "side-to-move field",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en-passant field",
            FenField::Halfmove => "halfmove-clock field",
            FenField::Fullmove => "fullmove-number field",
            FenField::Extra => "extra field",
            FenField::Position => "position",
        })
    }
}

/// A FEN that cannot be read: which field, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN {field}: {message}")]
pub struct FenError {
    /// The field that is wrong.
    pub field: FenField,
    /// Why, as a sentence for people (`rank 1 has 7 files, the board has 8`).
    pub message: String,
}

/// A FEN error, as the `Err` of a reader.
pub(crate) fn err<T>(field: FenField, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError { field, message: message.into() })
}
