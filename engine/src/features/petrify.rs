//! Petrification (`[pieces.X] petrify_on_capture = true`; Fairy-Stockfish's
//! `petrifyOnCapture`, Petrified chess): a piece of such a type that captures turns to
//! stone, a wall on the square it took (`*` in a FEN; no piece stands on or passes it).
//! It so gives no check with its capture, and captures by a royal piece would leave its
//! side without one: such a piece may not be royal (Petrified chess's king, royal as its
//! side's last, moves `mK` there: a capture would petrify it, which Fairy-Stockfish forbids).
//!
//! This file owns the key, the effect (journalled: the piece removed, the wall added,
//! both hashed) and nothing else: a petrified square is a wall as the board's own are.

use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::{Edit, Pos};
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::tables::Zobrist;
use crate::types::Piece;

/// Compiles a piece's `petrify_on_capture` (`royal`: whether the piece is royal).
pub(crate) fn compile(raw: Option<&Spanned<bool>>, royal: bool, key: &str, cx: &Context) -> Result<bool, RulesetError> {
    match raw {
        Some(p) if *p.get_ref() && royal => Err(cx.r.span(p, key, "a royal piece may not petrify: its capture would leave its side without a royal (give it no captures, as Petrified chess's king, `mK`)")),
        Some(p) => Ok(*p.get_ref()),
        None => Ok(false),
    }
}

impl<B: Bitboard> Pos<B> {
    /// After move `m` captured, the mover (coded `moved` before the move) petrifies if its
    /// type does (as it moved: a pawn promoting by a capture petrifies as a pawn would).
    #[inline(never)]
    pub(crate) fn petrify_after_capture(&mut self, m: Move, moved: u8) {
        let Some(mover) = Piece::from_code(moved) else { return };
        if !self.t.petrifying.contains(mover.kind) {
            return;
        }
        let stone = self.board.take(m.to);
        self.status.hash ^= self.t.piece_key(stone.color, stone.kind, m.to) ^ Zobrist::wall(m.to);
        self.journal.push(Edit::Removed(m.to, stone.code()));
        self.walls |= B::bit(m.to);
        self.journal.push(Edit::Petrified(m.to));
    }
}
