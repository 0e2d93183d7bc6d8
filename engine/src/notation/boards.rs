//! SAN with each board's own square names, where boards stand side by side
//! (`board.names = "per-board"`: Alice chess as its literature writes it). The boards
//! are one rectangle to the kernel, the second of two 8x8 boards the files `i` to `p`;
//! a player names the squares of either board `a1` to `h8`, the board told by where the
//! piece stands. So a move's SAN is written with its board's files counted from `a`, and
//! a move made on any board but the first is marked with the board its piece ends on:
//! `Qxd5/A`, a queen on board B taking on d5 and passing back to board A (Wikipedia,
//! "Alice chess": "moves returning to board A are notated /A"). A move without a mark is
//! read on the first board where it is legal, so the records that mark nothing
//! (SchemingMind's) read as well as the marked ones. Long algebraic and FENs keep the
//! whole width's names (`m4`): they are for programs.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Pos;
use crate::types::Geometry;

/// A board's letter in a move's mark: `A`, `B`, …
fn board_letter(board: u8) -> char {
    (b'A' + board) as char
}

impl<B: Bitboard> Pos<B> {
    /// Whether SAN names squares by their own board's files.
    #[inline]
    pub(super) fn per_board_names(&self) -> bool {
        self.t.rules.per_board_names
    }

    /// Rewrites the SAN `s` of `m` (without its check mark) with the board's own file
    /// letters, and marks a move made on any board but the first with the board its
    /// piece ends on.
    pub(super) fn localize_san(&self, m: Move, s: &mut String) {
        let g = self.t.geometry;
        let at = if matches!(m.kind, MoveKind::Drop | MoveKind::Castle) { m.to } else { m.from };
        let board = g.board_of(at);
        if board == 0 {
            return;
        }
        let shift = board * g.board_files();
        *s = s.chars().map(|c| shift_file(g, c, -i32::from(shift))).collect();
        let ends_on = if self.t.rules.transfer { (board + 1) % g.boards } else { board };
        s.push('/');
        s.push(board_letter(ends_on));
    }

    /// The whole-width texts a SAN written with board-local names (its check and
    /// annotation marks stripped) may stand for, the likelier first: the one of the board
    /// its mark names, or each board's in turn.
    pub(super) fn globalize_san(&self, san: &str) -> Vec<String> {
        let g = self.t.geometry;
        let marked = san.rsplit_once('/').and_then(|(body, board)| {
            let b = board.as_bytes();
            (b.len() == 1 && b[0].is_ascii_uppercase() && b[0] - b'A' < g.boards).then(|| (body, b[0] - b'A'))
        });
        let boards: Vec<u8> = match marked {
            // The board the move is made on: the one whose pieces pass to the mark's.
            Some((_, ends_on)) if self.t.rules.transfer => vec![(ends_on + g.boards - 1) % g.boards],
            Some((_, ends_on)) => vec![ends_on],
            None => (0..g.boards).collect(),
        };
        let body = marked.map_or(san, |(body, _)| body);
        boards
            .into_iter()
            .map(|board| {
                let shift = i32::from(board * g.board_files());
                body.chars().map(|c| shift_file(g, c, shift)).collect()
            })
            .collect()
    }
}

/// `c` moved by `by` files if it is a file letter of one board (`a` to `h` of 8 files):
/// the other letters (`x`, a piece's, a promotion's) stay.
fn shift_file(g: Geometry, c: char, by: i32) -> char {
    let files = i32::from(g.board_files());
    let local = |f: i32| (0..files).contains(&f);
    if !c.is_ascii_lowercase() || c == 'x' {
        return c;
    }
    let f = c as i32 - 'a' as i32;
    let whole = i32::from(g.files);
    match by {
        // Writing: a file of this board, counted from its first.
        ..=-1 if (0..whole).contains(&f) && local(f + by) => char::from(b'a' + (f + by) as u8),
        // Reading: a board-local file (a letter past the board's is a whole-width name).
        1.. if local(f) => char::from(b'a' + (f + by) as u8),
        _ => c,
    }
}
