//! Pieces that change sides: the Reversi and Ataxx families (Fairy-Stockfish's
//! `flipEnclosedPieces` and `enclosingDrop`). Two keys name the two halves of each game:
//!
//! * top-level `flips`: what a piece arriving on a square (by a move or a drop) turns to
//!   the mover's side — `"enclosed"`: every line of enemy pieces it closes against one of
//!   the mover's own, in any of the eight directions (Reversi); `"adjacent"`: every enemy
//!   piece next to it (Ataxx); `"adjacent-joined"`: the same, but a drop flips only when
//!   it lands next to one of the mover's own pieces (Quadwrangle). A flipped piece keeps
//!   its type;
//! * `[drops] placement`: where a drop may go — `"enclosing"`: only where it would flip
//!   something by enclosure (Reversi); `"next-to-own"`: only next to one of the mover's
//!   pieces (Ataxx's clone); `"on-top"`: on the bottom rank (White's first) or on top of
//!   a piece, as a disc falls in Connect Four; `"apart"`: never a wazir's step from an
//!   enemy piece (Snort). `[drops] first_squares` (a square list, mirrored for Black,
//!   or one per side) must be filled first: while any of them is empty, drops go there
//!   only (Othello's four centre squares; Fairy-Stockfish's `enclosingDropStart`).
//!
//! Flips are journalled edits, undone with the move; the hash follows them.

use serde::Deserialize;

use crate::bitboard::Bitboard;
use crate::position::{Edit, Pos};
use crate::refusal::{IllegalCode, MoveError};
use crate::rules::{Flips, Placement};
use crate::tables::Tables;
use crate::types::{Geometry, Piece, Square};

/// The eight directions a line of enclosed pieces may run in.
const DIRECTIONS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// `flips`.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum RawFlips {
    Enclosed,
    Adjacent,
    AdjacentJoined,
}

impl From<RawFlips> for Flips {
    fn from(f: RawFlips) -> Flips {
        match f {
            RawFlips::Enclosed => Flips::Enclosed,
            RawFlips::Adjacent => Flips::Adjacent,
            RawFlips::AdjacentJoined => Flips::AdjacentJoined,
        }
    }
}

/// `[drops] placement`.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum RawPlacement {
    Enclosing,
    NextToOwn,
    OnTop,
    Apart,
}

impl From<RawPlacement> for Placement {
    fn from(p: RawPlacement) -> Placement {
        match p {
            RawPlacement::Enclosing => Placement::Enclosing,
            RawPlacement::NextToOwn => Placement::NextToOwn,
            RawPlacement::OnTop => Placement::OnTop,
            RawPlacement::Apart => Placement::Apart,
        }
    }
}

/// The squares next to each square (a king's step away), for the tables.
pub(crate) fn neighbours<B: Bitboard>(g: Geometry) -> Vec<B> {
    g.all().map(|sq| DIRECTIONS.iter().filter_map(|&(dx, dy)| g.offset(sq, dx, dy)).fold(B::EMPTY, |b, s| b | B::bit(s))).collect()
}

impl<B: Bitboard> Tables<B> {
    /// The squares next to any square of `set`.
    fn next_to(&self, set: B) -> B {
        set.squares().fold(B::EMPTY, |b, sq| b | self.neighbours[sq])
    }

    /// The squares `(dx, dy)` away from any square of `set`.
    fn shifted(&self, set: B, steps: &[(i32, i32)]) -> B {
        let g = self.geometry;
        set.squares().flat_map(|sq| steps.iter().filter_map(move |&(dx, dy)| g.offset(sq, dx, dy))).fold(B::EMPTY, |b, sq| b | B::bit(sq))
    }
}

impl<B: Bitboard> Pos<B> {
    /// The enemy pieces a piece of the side to move arriving on `to` would enclose: each
    /// unbroken line of them from `to` that ends on one of the mover's own pieces.
    fn enclosed_from(&self, to: Square) -> B {
        let g = self.t.geometry;
        let ours = self.board.by_color[self.turn];
        let theirs = self.board.by_color[self.turn.opponent()];
        let mut enclosed = B::EMPTY;
        for (dx, dy) in DIRECTIONS {
            let mut line = B::EMPTY;
            let mut at = g.offset(to, dx, dy);
            while let Some(sq) = at.filter(|&sq| theirs.has(sq)) {
                line |= B::bit(sq);
                at = g.offset(sq, dx, dy);
            }
            if line.any() && at.is_some_and(|sq| ours.has(sq)) {
                enclosed |= line;
            }
        }
        enclosed
    }

    /// Of `targets`, the squares where the side to move may drop under `placement`.
    pub(crate) fn placement_targets(&self, targets: B) -> B {
        let t = &*self.t;
        let first = t.first_squares[self.turn] & !self.occupied();
        if first.any() {
            return targets & first;
        }
        match t.placement {
            None => targets,
            Some(Placement::NextToOwn) => targets & t.next_to(self.board.by_color[self.turn]),
            Some(Placement::OnTop) => {
                let g = t.geometry;
                let bottom = (0..g.files).map(|f| g.square(f, 0)).fold(B::EMPTY, |b, sq| b | B::bit(sq));
                targets & (bottom | t.shifted(self.occupied(), &[(0, 1)]))
            }
            Some(Placement::Apart) => targets & !t.shifted(self.board.by_color[self.turn.opponent()], &[(1, 0), (-1, 0), (0, 1), (0, -1)]),
            Some(Placement::Enclosing) => {
                let candidates = targets & t.next_to(self.board.by_color[self.turn.opponent()]);
                candidates.squares().filter(|&sq| self.enclosed_from(sq).any()).fold(B::EMPTY, |b, sq| b | B::bit(sq))
            }
        }
    }

    /// Turns to the mover's side what its piece, just arrived on `to`, flips (the mover is
    /// still the side to move).
    pub(crate) fn flip_around(&mut self, to: Square, dropped: bool) {
        let t = &*self.t;
        let joined = !dropped || (t.neighbours[to] & self.board.by_color[self.turn]).any();
        let flipped = match t.flips {
            None => return,
            Some(Flips::AdjacentJoined) if !joined => return,
            Some(Flips::Adjacent | Flips::AdjacentJoined) => t.neighbours[to] & self.board.by_color[self.turn.opponent()],
            Some(Flips::Enclosed) => self.enclosed_from(to),
        };
        for sq in flipped.squares() {
            self.flip(sq);
            self.journal.push(Edit::Flipped(sq));
        }
    }

    /// Turns the piece on `sq` to the other side (a flip, or its undoing).
    pub(crate) fn flip(&mut self, sq: Square) {
        let p = self.board.take(sq);
        let turned = Piece { color: p.color.opponent(), ..p };
        self.board.put(sq, turned);
        self.status.hash ^= self.t.piece_key(p.color, p.kind, sq) ^ self.t.piece_key(turned.color, turned.kind, sq);
    }

    /// Why a drop on `to`, otherwise possible, breaks `placement`, if it does.
    pub(crate) fn placement_refusal(&self, to: Square) -> Option<MoveError> {
        let t = &*self.t;
        let g = t.geometry;
        if t.placement.is_none() && t.first_squares[self.turn].is_empty() {
            return None;
        }
        if self.placement_targets(B::bit(to)).any() {
            return None;
        }
        let first = t.first_squares[self.turn] & !self.occupied();
        let message = if first.any() {
            let squares: Vec<String> = first.squares().map(|sq| g.square_name(sq)).collect();
            format!("the first drops fill {} before any other square", squares.join(" "))
        } else if t.placement == Some(Placement::NextToOwn) {
            format!("a drop goes next to one of {}'s own pieces, and {} is not", self.turn, g.square_name(to))
        } else if t.placement == Some(Placement::OnTop) {
            format!("a drop goes on the bottom rank or on top of a piece, and {} is neither", g.square_name(to))
        } else if t.placement == Some(Placement::Apart) {
            format!("a drop may not go beside an enemy piece, and {} is", g.square_name(to))
        } else {
            format!("a drop on {} would enclose no line of enemy pieces", g.square_name(to))
        };
        Some(MoveError { code: IllegalCode::DropZone, message })
    }
}
