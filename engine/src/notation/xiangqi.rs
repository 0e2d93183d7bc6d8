//! Xiangqi's WXF notation and Janggi's (Fairy-Stockfish's `NOTATION_XIANGQI_WXF` and
//! `NOTATION_JANGGI`).
//!
//! WXF: the piece, the file it stands on (numbered from the mover's right), `+`
//! forward, `-` backward or `=` sideways, then the file it goes to (sideways and
//! diagonally) or the number of ranks it moves (straight): `C2=5`, `R9+1`, `N8-7`. Two
//! pieces of a kind on one file are told apart by `+` (the front one) and `-` (the
//! rear one) instead of the file where only one of them could make the move; three
//! or more (or two pairs) are numbered from the front (`15+1`). No check marks.
//!
//! Janggi: every square as its rank (from the top, 10 as `0`) and file (from the
//! left) digits, always both: `R01-91`, `C83x03`; check marks as in SAN.

use super::Level;
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Pos;
use crate::types::{Color, Geometry, PieceType, Square};

/// A Janggi file: its number from the left (`1`).
pub(super) fn write_janggi_file(g: Geometry, sq: Square, s: &mut String) {
    s.push_str(&(g.file(sq) + 1).to_string());
}

/// A Janggi rank: its number from the top, the tenth as `0`.
pub(super) fn write_janggi_rank(g: Geometry, sq: Square, s: &mut String) {
    s.push_str(&((g.ranks - g.rank(sq)) % 10).to_string());
}

/// A WXF file: numbered from the right of the side to move.
pub(super) fn write_wxf_file(g: Geometry, sq: Square, us: Color, s: &mut String) {
    let file = match us {
        Color::White => g.files - 1 - g.file(sq),
        Color::Black => g.file(sq),
    };
    s.push_str(&(file + 1).to_string());
}

/// Whether two files or more hold two pieces or more of `squares`.
fn multi_tandem(g: Geometry, squares: &[Square]) -> bool {
    let on_file = |f: u8| squares.iter().filter(|&&s| g.file(s) == f).count();
    (0..g.files).filter(|&f| on_file(f) >= 2).count() >= 2
}

impl<B: Bitboard> Pos<B> {
    /// The squares of the mover's pieces of type `t`.
    fn own_squares(&self, t: PieceType) -> Vec<Square> {
        self.pieces(self.turn, t).squares().collect()
    }

    /// How many of `squares` stand ahead of `sq` on its file, for the side to move.
    fn ahead_on_file(&self, sq: Square, squares: &[Square]) -> usize {
        let g = self.t.geometry;
        let rank = |s: Square| g.relative_rank(s, self.turn);
        squares.iter().filter(|&&s| g.file(s) == g.file(sq) && rank(s) > rank(sq)).count()
    }

    /// A piece of a tandem (three or more of a kind on its file, or two where another
    /// file holds two too) is written as its place from the front (`1`, `2`, …) instead
    /// of its letter. Returns whether it was.
    pub(super) fn write_wxf_tandem(&self, from: Square, t: PieceType, s: &mut String) -> bool {
        let g = self.t.geometry;
        let own = self.own_squares(t);
        let on_file = own.iter().filter(|&&sq| g.file(sq) == g.file(from)).count();
        if on_file < 3 - usize::from(multi_tandem(g, &own)) {
            return false;
        }
        s.push_str(&(self.ahead_on_file(from, &own) + 1).to_string());
        true
    }

    /// A WXF "rank", which tells two pieces of a file apart: `+` for the front one, `-`
    /// for the rear one (an empty square, for a drop: its rank from the mover's side).
    pub(super) fn write_wxf_rank(&self, sq: Square, s: &mut String) {
        let g = self.t.geometry;
        match self.piece_at(sq) {
            None => s.push_str(&(g.relative_rank(sq, self.turn) + 1).to_string()),
            Some(p) if self.ahead_on_file(sq, &self.own_squares(p.kind)) > 0 => s.push('-'),
            Some(_) => s.push('+'),
        }
    }

    /// Two pieces of a kind on the file of the origin (and no other such pair) are told
    /// apart by front and rear if the other one could stand where this one goes;
    /// otherwise the origin's file is written.
    pub(super) fn wxf_level(&self, m: Move, t: PieceType) -> Level {
        let g = self.t.geometry;
        let own = self.own_squares(t);
        let pair: Vec<Square> = own.iter().copied().filter(|&sq| g.file(sq) == g.file(m.from)).collect();
        if pair.len() == 2 && !multi_tandem(g, &own) {
            let other = if pair[0] == m.from { pair[1] } else { pair[0] };
            let rank = g.rank(other) as i32 + g.rank(m.to) as i32 - g.rank(m.from) as i32;
            if (0..g.ranks as i32).contains(&rank) {
                let target = g.square(g.file(m.to), rank as u8);
                let region = &self.t.rules.piece(t).moves_within;
                if region.as_ref().is_none_or(|r| r.squares(g, self.turn).any(|sq| sq == target)) {
                    return Level::Rank;
                }
            }
        }
        Level::File
    }

    /// `+` forward, `-` backward, `=` along the rank.
    pub(super) fn wxf_direction(&self, m: Move) -> char {
        let g = self.t.geometry;
        if g.rank(m.from) == g.rank(m.to) {
            '='
        } else if g.relative_rank(m.to, self.turn) > g.relative_rank(m.from, self.turn) {
            '+'
        } else {
            '-'
        }
    }

    /// Straight along the file: the number of ranks; else the file it goes to.
    pub(super) fn write_wxf_destination(&self, m: Move, s: &mut String) {
        let g = self.t.geometry;
        if g.file(m.from) == g.file(m.to) {
            s.push_str(&g.rank(m.from).abs_diff(g.rank(m.to)).to_string());
        } else {
            write_wxf_file(g, m.to, self.turn, s);
        }
    }
}
