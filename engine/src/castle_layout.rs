//! Where each castle's king and rook start, which squares they need empty and safe, and
//! which squares keep which castling rights — for one game.
//!
//! A variant's castles are fixed by its ruleset, and every game of it shares that layout
//! (built once with the tables). A game read from a Chess960 FEN has its own: the king and
//! the rooks stand where the FEN puts them, while each castle still ends on the squares its
//! ruleset entry gives (`O-O`: king g1, rook f1).

use crate::bitboard::Bitboard;
use crate::rules::{CastleSquares, Rules};
use crate::types::{ByColor, Color, Geometry, PieceSet, Square};

/// How a FEN's castling field is read, and castles written in long algebraic notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CastlingMode {
    /// Kings and rooks start on the squares the ruleset's castles name; `KQkq` says which
    /// castles are still allowed, and a castle is written as the king's move (`e1g1`).
    #[default]
    Standard,
    /// Chess960 (Fischer random): king and rooks may start anywhere on their first rank.
    /// The castling field names each rook by its file (Shredder-FEN, `HAha`) or, for the
    /// outermost rook on its side of the king, by the castle's letter (X-FEN, `KQkq`); a
    /// castle is written as the king taking its own rook (`e1h1`), as Fairy-Stockfish and
    /// Lichess write it.
    Chess960,
}

/// How a FEN's castling rights are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CastlingLetters {
    /// The castles' letters (`KQkq`); in a Chess960 game a rook that is not the outermost
    /// on its side of the king by its file (X-FEN).
    #[default]
    Castles,
    /// Every right by its rook's file (Shredder-FEN, `HAha`), as Fairy-Stockfish writes
    /// Chess960 positions.
    RookFiles,
}

/// One castle for one side: its four squares and what it needs.
#[derive(Clone, Debug)]
pub(crate) struct CastlePath<B> {
    pub squares: CastleSquares,
    /// Squares that must be empty, the king's and the rook's own left out (they stand
    /// there)…
    pub empty: B,
    /// …and all of them, in the order a refusal looks for the first one occupied.
    pub empty_order: Vec<Square>,
    /// Squares that must not be attacked (the king's own square: not in check), in order.
    pub safe: Vec<Square>,
    /// The king's last square is among the safe ones, and the rook leaves from it or
    /// from the end of their rank beyond it: no line opened by the rook's leaving reaches
    /// the king, and where lines and leaps are all that attack, the path's tests decide
    /// the castle without a look at the position after it.
    pub path_decides: bool,
}

/// The castles of one game.
#[derive(Clone, Debug)]
pub(crate) struct CastleLayout<B> {
    /// Per castle (by its index in the ruleset), per side.
    pub paths: Vec<ByColor<CastlePath<B>>>,
    /// Per square: the castling-right bits (`2 * castle + colour`) that need a piece
    /// there, lost when a move touches it.
    pub rights_at: Vec<u32>,
    pub mode: CastlingMode,
    /// Chess960: the types that castle with the king (how X-FEN's `K` finds its rook).
    pub partners: PieceSet,
}

impl<B: Bitboard> CastlePath<B> {
    fn new(g: Geometry, squares: CastleSquares, empty_order: Vec<Square>, safe: Vec<Square>) -> Self {
        let empty = empty_order.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq)) & !B::bit(squares.king_from) & !B::bit(squares.rook_from);
        let (to, rook) = (squares.king_to, squares.rook_from);
        let away = if g.file(rook) > g.file(to) { 1 } else { -1 };
        let cornered = rook == to || (g.rank(rook) == g.rank(to) && g.offset(rook, away, 0).is_none());
        let path_decides = cornered && safe.contains(&to);
        CastlePath { squares, empty, empty_order, safe, path_decides }
    }
}

impl<B: Bitboard> CastleLayout<B> {
    /// The ruleset's castles, their squares as its entries give them.
    pub fn standard(rules: &Rules) -> Self {
        let g = rules.geometry;
        let paths = rules
            .castles
            .iter()
            .map(|c| {
                let side = |color: Color| {
                    let own = |sq: Square| if color == Color::White { sq } else { g.mirror(sq) };
                    let empty_order = c.empty.iter().map(|&sq| own(sq)).collect();
                    CastlePath::new(g, c.squares(g, color), empty_order, c.safe.iter().map(|&sq| own(sq)).collect())
                };
                ByColor::new(side(Color::White), side(Color::Black))
            })
            .collect();
        Self::with_rights(paths, g, CastlingMode::Standard, PieceSet::EMPTY)
    }

    /// A Chess960 game's castles: `origins[castle][side]` is where that castle's king and
    /// rook stand, if the side still has the castle (else the ruleset's squares stay). The
    /// king and rook must be on the rank the castle ends on.
    pub fn chess960(rules: &Rules, origins: &[ByColor<Option<(Square, Square)>>], partners: PieceSet) -> Self {
        let g = rules.geometry;
        let mut paths = Self::standard(rules).paths;
        for ((path, castle), origins) in paths.iter_mut().zip(&rules.castles).zip(origins) {
            for color in Color::BOTH {
                let Some((king_from, rook_from)) = origins[color] else { continue };
                let s = castle.squares(g, color);
                let squares = CastleSquares { king_from, rook_from, ..s };
                let empty_order: Vec<Square> =
                    span(g, &[king_from, s.king_to, rook_from, s.rook_to]).filter(|&sq| sq != king_from && sq != rook_from).collect();
                path[color] = CastlePath::new(g, squares, empty_order, walk(g, king_from, s.king_to));
            }
        }
        Self::with_rights(paths, g, CastlingMode::Chess960, partners)
    }

    fn with_rights(paths: Vec<ByColor<CastlePath<B>>>, g: Geometry, mode: CastlingMode, partners: PieceSet) -> Self {
        let mut rights_at = vec![0u32; g.squares()];
        for (i, path) in paths.iter().enumerate() {
            for color in Color::BOTH {
                let bit = 1 << (2 * i + color.index());
                let s = path[color].squares;
                rights_at[s.king_from] |= bit;
                rights_at[s.rook_from] |= bit;
            }
        }
        CastleLayout { paths, rights_at, mode, partners }
    }
}

/// The squares of one rank from the leftmost of `ends` to the rightmost.
fn span(g: Geometry, ends: &[Square]) -> impl Iterator<Item = Square> {
    let rank = g.rank(ends[0]);
    let lo = ends.iter().map(|&s| g.file(s)).min().unwrap_or(0);
    let hi = ends.iter().map(|&s| g.file(s)).max().unwrap_or(0);
    (lo..=hi).map(move |f| g.square(f, rank))
}

/// The squares a king walks along its rank from `from` to `to`, both included.
fn walk(g: Geometry, from: Square, to: Square) -> Vec<Square> {
    let rank = g.rank(from);
    let (a, b) = (g.file(from), g.file(to));
    if a <= b {
        (a..=b).map(|f| g.square(f, rank)).collect()
    } else {
        (b..=a).rev().map(|f| g.square(f, rank)).collect()
    }
}
