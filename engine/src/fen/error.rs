//! What is wrong with a FEN: which field, and why.

use std::fmt;

/// Which part of a FEN was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    Board,
    Side,
    Castling,
    EnPassant,
    Halfmove,
    Fullmove,
    Extra,
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
    pub field: FenField,
    pub message: String,
}

pub(crate) fn err<T>(field: FenField, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError { field, message: message.into() })
}
