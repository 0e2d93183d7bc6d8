//! Fairy-Stockfish's long algebraic notation (`NOTATION_LAN`): the piece, both squares
//! and a separator, `-` or `x` (`Ng1-f3`, `e4xd5`, `e7-e8=Q+`, `P@e4`); the chess pawn
//! without its letter. Also the algebraic square names the other notations fall back on.

use crate::betza::Mode;
use crate::bitboard::Bitboard;
use crate::position::Pos;
use crate::types::{Geometry, PieceType, Square};

/// A file's letter (`a`).
pub(super) fn write_file(g: Geometry, sq: Square, s: &mut String) {
    s.push(Geometry::file_char(g.file(sq)));
}

/// A rank's number (`1`, `10`).
pub(super) fn write_rank(g: Geometry, sq: Square, s: &mut String) {
    s.push_str(&(g.rank(sq) + 1).to_string());
}

impl<B: Bitboard> Pos<B> {
    /// A pawn of the chess kind, written without a letter where Fairy-Stockfish leaves
    /// its `PAWN` type's letter out: a pawn (`pawn = true`) that moves and captures
    /// differently. A pawn that captures as it moves (Shogi's) keeps its letter.
    pub(super) fn is_chess_pawn(&self, t: PieceType) -> bool {
        let def = self.t.rules.piece(t);
        def.pawn && def.directions.iter().any(|d| d.mode != Mode::Both)
    }
}
