//! Scoring a game by the material on the board (Fairy-Stockfish's `materialCounting`):
//! `[end.material_count]`, with `weights` (a table of piece names; default every piece
//! 1, Fairy-Stockfish's `unweighted`) and `komi` (the points Black receives, default 0;
//! Janggi's 1.5). White wins when its weighted material less the komi is positive, Black
//! when it is negative; an exact balance is a draw.
//!
//! The count scores the games that would otherwise be drawn — by bikjang, two passes in a
//! row, a repetition or the move rule — and the two ends this file owns:
//! * `[end] full_board = true`: the game ends once no square is empty (Reversi, Ataxx;
//!   Fairy-Stockfish's `adjudicateFullBoard`), reason `full-board`;
//!
//! and a stalemate that `stalemate` draws. `[end] stalemate_by_count = true` (Fairy-Stockfish's
//! `stalematePieceCount`) first compares the pieces on the board: a stalemated side with
//! fewer than its opponent gets `stalemate`'s verdict, one with more the opposite, and
//! only equal numbers draw (Suicide chess, Reversi, Ataxx).
//!
//! Without `[end.material_count]` those games are draws.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::rules::{MaterialCount, Verdict};
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::types::{Color, PieceType};

/// `[end.material_count]`: `weights`, one per piece name, and `komi`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMaterialCount {
    komi: Option<Spanned<f64>>,
    weights: Option<Spanned<BTreeMap<String, i32>>>,
}

/// Compiles `[end.material_count]` (`types`: how many piece types the variant has).
pub(crate) fn compile_count(raw: &RawMaterialCount, cx: &Context, types: usize) -> Result<MaterialCount, RulesetError> {
    let weights = match &raw.weights {
        None => (0..types).map(|t| (PieceType::new(t as u8), 1)).collect(),
        Some(weights) => {
            let mut out = Vec::new();
            for (name, &weight) in weights.get_ref() {
                out.push((cx.type_named(name, weights, "end.material_count.weights")?, weight));
            }
            out
        }
    };
    let half_points = raw.komi.as_ref().map_or(0.0, |k| k.get_ref() * 2.0);
    if let Some(komi) = raw.komi.as_ref().filter(|_| half_points.fract() != 0.0 || half_points.abs() > 1e6) {
        return Err(cx.r.span(komi, "end.material_count.komi", "the komi is a whole or half number of points (Janggi's 1.5)"));
    }
    Ok(MaterialCount { weights, komi_halves: half_points as i32 })
}

impl<B: Bitboard> Pos<B> {
    /// The game scored by the material count (`[end.material_count]`), or a draw.
    pub(crate) fn counted(&self, reason: EndReason) -> Outcome {
        let Some(count) = &self.t.rules.end.material_count else { return Outcome { winner: None, reason } };
        let on_board = |c: Color, t: PieceType| (self.board.by_type[t] & self.board.by_color[c]).count() as i32;
        let balance: i32 = count.weights.iter().map(|&(t, w)| w * (on_board(Color::White, t) - on_board(Color::Black, t))).sum();
        let winner = match (2 * balance).cmp(&count.komi_halves) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        };
        Outcome { winner, reason }
    }

    /// The end of a stalemate: `stalemate`'s verdict (by the number of pieces with
    /// `stalemate_by_count`), a draw scored by the count.
    pub(crate) fn stalemate_outcome(&self) -> Outcome {
        let end = &self.t.rules.end;
        let us = self.turn;
        let verdict = if end.stalemate_by_count {
            let (ours, theirs) = (self.board.by_color[us].count(), self.board.by_color[us.opponent()].count());
            match ours.cmp(&theirs) {
                std::cmp::Ordering::Less => end.stalemate,
                std::cmp::Ordering::Greater => end.stalemate.reversed(),
                std::cmp::Ordering::Equal => Verdict::Draw,
            }
        } else {
            end.stalemate
        };
        match Outcome::for_side(verdict, us, EndReason::Stalemate) {
            o if o.winner.is_none() => self.counted(EndReason::Stalemate),
            o => o,
        }
    }

    /// The end on a full board (`[end] full_board`), scored by the count.
    pub(crate) fn full_board_end(&self) -> Option<Outcome> {
        let t = &*self.t;
        (t.rules.end.full_board && (t.board & !self.occupied()).is_empty()).then(|| self.counted(EndReason::FullBoard))
    }
}
