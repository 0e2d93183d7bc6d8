//! Fairy-Stockfish's long algebraic notation (`NOTATION_LAN`): the piece, both squares
//! and a separator, `-` or `x` (`Ng1-f3`, `e4xd5`, `e7-e8=Q+`, `P@e4`); the chess pawn
//! without its letter. Also the algebraic square names the other notations fall back on.

use crate::betza::Direction;
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
    /// its `PAWN` type's letter out: a pawn (`pawn = true`) that moves as the chess pawn
    /// does (`fmWfcF`; its double step is no Betza move). A pawn that captures as it
    /// moves (Shogi's), or moves otherwise (Berolina's, Spartan's hoplite, a pawn that
    /// also steps back or sideways), keeps its letter, as in Fairy-Stockfish, where each
    /// is a piece of its own.
    pub(super) fn is_chess_pawn(&self, t: PieceType) -> bool {
        let def = self.t.rules.piece(t);
        def.pawn && same_moves(&def.directions, CHESS_PAWN)
    }
}

/// The chess pawn's moves.
const CHESS_PAWN: &str = "fmWfcF";

/// Whether `directions` are the moves of `betza`, whatever their order.
fn same_moves(directions: &[Direction], betza: &str) -> bool {
    crate::betza::parse(betza)
        .is_ok_and(|theirs| directions.iter().all(|d| theirs.contains(d)) && theirs.iter().all(|d| directions.contains(d)))
}
