//! Bikjang (Janggi's facing generals; Fairy-Stockfish's `bikjangRule`) and the material
//! count that scores the games it ends (`materialCounting = JANGGI_MATERIAL`).
//!
//! Keys of `[end]`:
//! * `bikjang = true`: while the two royal pieces face each other on an open file or
//!   rank, the side to move must break the facing or pass (a pass is then allowed even in
//!   check); a position with them facing that follows one with them facing ends the game
//!   at once (the player who passed, or failed to break the facing, accepts the end), as
//!   Fairy-Stockfish's `is_immediate_game_end` does. A position read from a FEN has no
//!   previous one: its facing ends nothing.
//! * `[end.material_count]`: `weights` (a table of piece names) and `komi`; the games that
//!   bikjang, two passes in a row, a repetition or the move rule would draw are then
//!   decided by counting: White wins when its weighted material exceeds Black's by more
//!   than `komi`, else Black wins (Fairy-Stockfish's `material_counting_result`, where
//!   Janggi's `komi` is 1: Black's 1.5 points). Without it, those ends are draws.
//!
//! Only the facing changes which moves are legal; the count only scores ends.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::rules::MaterialCount;
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::types::Color;

/// `[end.material_count]`: `weights`, one per piece name, and `komi`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMaterialCount {
    #[serde(default)]
    komi: i32,
    weights: Spanned<BTreeMap<String, i32>>,
}

/// Compiles `[end.material_count]`.
pub(crate) fn compile_count(raw: &RawMaterialCount, cx: &Context) -> Result<MaterialCount, RulesetError> {
    let mut weights = Vec::new();
    for (name, &weight) in raw.weights.get_ref() {
        let t = cx.type_named(name, &raw.weights, "end.material_count.weights")?;
        weights.push((t, weight));
    }
    Ok(MaterialCount { weights, komi: raw.komi })
}

impl<B: Bitboard> Pos<B> {
    /// Whether the two royal pieces face each other on an open line (`royals` the
    /// squares of one side's, `others` the other side's, `occ` the occupancy).
    fn facing_in(&self, royals: B, others: B, occ: B) -> bool {
        let t = &*self.t;
        royals.squares().any(|k| t.facing.iter().any(|&s| t.first_blocker(s, k, occ).is_some_and(|b| others.has(b))))
    }

    /// Whether the royal pieces face each other now (bikjang).
    pub(crate) fn royals_facing(&self) -> bool {
        self.t.rules.end.bikjang && self.facing_in(self.royals(Color::White), self.royals(Color::Black), self.occupied())
    }

    /// Whether `m`, played while the royals face each other, leaves them facing: such a
    /// move is illegal (a pass is not: it is how the facing is accepted).
    pub(crate) fn keeps_facing(&self, m: Move) -> bool {
        if !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Drop) {
            return m.kind != MoveKind::Pass && self.royals_facing();
        }
        let (from, to) = (B::bit(m.from), B::bit(m.to));
        let mut occ = self.occupied() | to;
        let (mut ours, mut theirs) = (self.royals(self.turn), self.royals(self.turn.opponent()) & !to);
        if m.kind != MoveKind::Drop {
            occ &= !from;
            if ours.has(m.from) {
                ours = (ours & !from) | to;
            }
        }
        theirs &= !to;
        self.facing_in(ours, theirs, occ)
    }

    /// The end by bikjang: the royals face each other now and did before the last move.
    pub(crate) fn bikjang_end(&self) -> Option<Outcome> {
        let last = self.history.last()?;
        if !self.royals_facing() || !self.facing_before(last.mv, last.captured) {
            return None;
        }
        Some(self.counted(EndReason::Bikjang))
    }

    /// Whether the royals faced each other before `m` (just played, taking `captured`).
    fn facing_before(&self, m: Move, captured: u8) -> bool {
        let occ = self.occupied();
        let mover = self.turn.opponent();
        let (mut movers, others) = (self.royals(mover), self.royals(self.turn));
        let before = match m.kind {
            MoveKind::Pass => occ,
            MoveKind::Normal | MoveKind::DoubleStep => {
                if movers.has(m.to) {
                    movers = (movers & !B::bit(m.to)) | B::bit(m.from);
                }
                let taken = if captured != crate::types::NO_PIECE { B::bit(m.to) } else { B::EMPTY };
                (occ & !B::bit(m.to)) | B::bit(m.from) | taken
            }
            MoveKind::Drop => occ & !B::bit(m.to),
            // No other kind of move is played in a variant with bikjang.
            _ => return false,
        };
        self.facing_in(movers, others, before)
    }

    /// The game scored by the material count (`[end.material_count]`), or a draw.
    pub(crate) fn counted(&self, reason: EndReason) -> Outcome {
        let Some(count) = &self.t.rules.end.material_count else { return Outcome { winner: None, reason } };
        let on_board = |c: Color, t| (self.board.by_type[t as usize] & self.board.by_color[c]).count() as i32;
        let balance: i32 =
            count.weights.iter().map(|&(t, w)| w * (on_board(Color::White, t) - on_board(Color::Black, t))).sum();
        let winner = if balance > count.komi { Color::White } else { Color::Black };
        Outcome { winner: Some(winner), reason }
    }
}
