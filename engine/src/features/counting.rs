//! The counting rules of Makruk's family (`[end.counting]`; Fairy-Stockfish's
//! `countingRule`: `makruk`, `cambodian`, `asean`): once a side is down to little
//! material and no pawn is left, it counts its moves, and the stronger side must mate
//! before the count passes a limit, else the weaker side may claim a draw.
//!
//! * The board's honour: a side with more than its king counts up to `board_honour.moves`
//!   (Makruk 64, Cambodian 63 and only with at most 3 pieces, pawns allowed).
//! * The pieces' honour: a bare king counts to a limit set by the opponent's strongest
//!   material (Makruk: two rooks 8, a rook 16, two khons 22, two knights 32, a khon 44,
//!   else 64), from the number of pieces on the board (Makruk, Cambodian) or from one
//!   (ASEAN). It starts anew each time the bare side loses a piece or a pawn promotes.
//!
//! The count is Fairy-Stockfish's, so that positions and FENs agree with it: a limit in
//! plies (twice the moves; 0 while no count runs) and the plies counted, which starts
//! when a move leaves the side to move (or, having taken the last pawn with its bare
//! king, the mover) with a limit, and goes on until the game ends. The draw may be
//! claimed once the plies counted pass the limit (the counting side has made its last
//! counted move and the opponent did not mate with its reply). In a FEN the limit stands
//! in the en-passant field and the plies counted in the halfmove field while a count runs
//! (`8/8/8/4k3/8/8/R7/K7 b - 32 6 40`), as Fairy-Stockfish writes them.

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::outcome::{EndReason, Outcome};
use crate::position::{Count, Edit, Pos};
use crate::rules::{CountLimit, Counting, PieceDef};
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::types::{Color, Piece, PieceType};

/// `[end.counting]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCounting {
    board_honour: Option<RawBoardHonour>,
    pieces_honour: Option<RawPiecesHonour>,
}

/// `board_honour = { moves = 64, most_pieces = 3, with_pawns = true }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoardHonour {
    moves: Spanned<u16>,
    #[serde(default)]
    most_pieces: u8,
    #[serde(default)]
    with_pawns: bool,
}

/// `pieces_honour = { moves = 64, from_pieces = true, by = [{ piece = "rook", at_least = 2, moves = 8 }, …] }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiecesHonour {
    #[serde(default)]
    moves: u16,
    #[serde(default)]
    from_pieces: bool,
    #[serde(default)]
    by: Vec<RawCountLimit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCountLimit {
    piece: Spanned<String>,
    #[serde(default = "one")]
    at_least: Spanned<u8>,
    moves: Spanned<u16>,
}

fn one() -> Spanned<u8> {
    Spanned::new(0..0, 1)
}

/// The longest count in moves: twice it, in plies, plus the pieces on the board, must fit
/// the count's `u16`.
const MAX_COUNT: u16 = 16_000;

/// Compiles `[end.counting]`; `pieces` gives the pawns.
pub(crate) fn compile(raw: &RawCounting, cx: &Context, pieces: &[PieceDef]) -> Result<Counting, RulesetError> {
    let key = "end.counting";
    let check = |s: &Spanned<u16>, at: &str| {
        if *s.get_ref() > MAX_COUNT {
            return Err(cx.r.span(s, at, format!("{} moves is over the limit of {MAX_COUNT}", s.get_ref())));
        }
        Ok(*s.get_ref())
    };
    let (board_moves, board_most_pieces, board_with_pawns) = match &raw.board_honour {
        Some(b) => (check(&b.moves, &format!("{key}.board_honour.moves"))?, b.most_pieces, b.with_pawns),
        None => (0, 0, false),
    };
    let (bare_moves, bare_from_pieces, bare_limits) = match &raw.pieces_honour {
        Some(p) => {
            let limits =
                p.by.iter()
                    .enumerate()
                    .map(|(i, l)| {
                        let at = format!("{key}.pieces_honour.by[{i}]");
                        if *l.at_least.get_ref() == 0 {
                            return Err(cx.r.span(&l.at_least, &at, "at_least must be 1 or more"));
                        }
                        Ok(CountLimit { piece: cx.type_of(&l.piece, &at)?, at_least: *l.at_least.get_ref(), moves: check(&l.moves, &at)? })
                    })
                    .collect::<Result<_, _>>()?;
            (p.moves.min(MAX_COUNT), p.from_pieces, limits)
        }
        None => (0, false, Vec::new()),
    };
    let pawns = pieces.iter().enumerate().filter(|(_, p)| p.pawn).map(|(i, _)| PieceType::new(i as u8)).collect();
    Ok(Counting { board_moves, board_most_pieces, board_with_pawns, bare_limits, bare_moves, bare_from_pieces, pawns })
}

impl<B: Bitboard> Pos<B> {
    /// The count's limit in moves if `side` were to count now (Fairy-Stockfish's
    /// `count_limit`); 0: it may not.
    fn count_limit(&self, c: &Counting, side: Color) -> u16 {
        let own = self.color_bb(side).count();
        if self.color_bb(side.opponent()).count() <= 1 {
            return 0;
        }
        let pawns = self.of_types(c.pawns).any();
        if own > 1 {
            let too_many = c.board_most_pieces != 0 && own > c.board_most_pieces as u32;
            return if too_many || (pawns && !c.board_with_pawns) { 0 } else { c.board_moves };
        }
        if pawns {
            return 0;
        }
        let theirs = |l: &CountLimit| self.pieces(side.opponent(), l.piece).count() >= l.at_least as u32;
        c.bare_limits.iter().find(|l| theirs(l)).map_or(c.bare_moves, |l| l.moves)
    }

    /// Moves the count on after move `m` (which took `captured`), as Fairy-Stockfish's
    /// `do_move` does; the old count is journalled, so undo restores it. Out of line: only
    /// variants with counting rules come here.
    #[inline(never)]
    pub(crate) fn advance_count(&mut self, m: Move, captured: Option<Piece>) {
        let count = self.next_count(m, captured);
        if count != self.count {
            self.journal.push(Edit::Count(self.count));
            self.count = count;
        }
    }

    /// The count after move `m`, just played.
    fn next_count(&self, m: Move, captured: Option<Piece>) -> Count {
        let Some(c) = &self.t.rules.end.counting else { return self.count };
        let mut count = self.count;
        if count.limit != 0 {
            count.ply = count.ply.saturating_add(1);
        }
        let pawns_left = self.of_types(c.pawns).any();
        if pawns_left && !c.board_with_pawns {
            // No count starts while pawns remain (the usual case, kept cheap).
            return count;
        }
        let mover = self.turn.opponent();
        let all = self.with_pieces().count() as u16;
        // The bare king took the last pawn: it counts, from the pieces on the board.
        if c.bare_from_pieces && !pawns_left && captured.is_some_and(|p| c.pawns.contains(p.kind)) && self.color_bb(mover).count() == 1 {
            let moves = self.count_limit(c, mover);
            if moves != 0 {
                count = Count { limit: 2 * moves, ply: 2 * all - 1 };
            }
        }
        // The side to move may start a count, or start its bare king's count anew.
        let bare = self.color_bb(self.turn).count() == 1;
        if count.limit == 0 || ((captured.is_some() || m.promotion().is_some()) && bare) {
            let moves = self.count_limit(c, self.turn);
            if moves != 0 {
                count = Count { limit: 2 * moves, ply: if c.bare_from_pieces && bare { 2 * all } else { 0 } };
            }
        }
        count
    }

    /// The draw the counting rules allow now: the count has passed its limit and the side
    /// to move is not mated.
    pub(crate) fn counting_draw(&self) -> Option<Outcome> {
        let count = self.count;
        (count.limit != 0 && count.ply > count.limit).then_some(Outcome { winner: None, reason: EndReason::Counting })
    }

    /// The count as Fairy-Stockfish writes it in a FEN: `(limit, plies counted)` in plies,
    /// or `None` while no count runs.
    pub fn counting(&self) -> Option<(u16, u16)> {
        (self.count.limit != 0).then_some((self.count.limit, self.count.ply))
    }
}

/// Reads a FEN's en-passant field as a counting limit (digits), for a variant with
/// counting rules; `None` if it is not one.
pub(crate) fn parse_limit(field: &str) -> Option<Result<u16, String>> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(match field.parse::<u16>() {
        Ok(n) if n <= 2 * MAX_COUNT => Ok(n),
        _ => Err(format!("counting limit `{field}` is over {} plies", 2 * MAX_COUNT)),
    })
}
