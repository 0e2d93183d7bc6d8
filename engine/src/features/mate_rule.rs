//! Checkmates scored by how they were given (`[end.mate_rule]`; Fairy-Stockfish's
//! `shatarMateRule`, Shatar's rules): a mate given by certain pieces alone (Shatar's
//! knights) counts otherwise, and so does a mate whose series of checks held no check by
//! certain pieces (Shatar's "shak": a check by a rook, bers or knight; without one the
//! mate is a draw, "niol"); and a mate given by a drop of certain pieces (Fairy-Stockfish's
//! `shogiPawnDropMateIllegal`, which lists the pawn drop that mates and scores the mate a
//! win for the mated side, where Shogi forbids the drop: `[drops] no_drop_mate`).
//!
//! The series of checks is the mating side's checks on its consecutive moves up to the
//! mate: looking back two plies at a time while the mated side was in check, as far as
//! the game's history goes (a position read from a FEN starts it), as Fairy-Stockfish
//! does. Only the verdict changes, never which moves are legal.

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::moves::MoveKind;
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::rules::{MateRule, Verdict};
use crate::ruleset::context::{Context, RawVerdict};
use crate::ruleset::error::RulesetError;
use crate::types::{Color, PieceSet};

/// `[end.mate_rule]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMateRule {
    #[serde(default)]
    sole_checkers: Vec<Spanned<String>>,
    sole_checkers_verdict: Option<RawVerdict>,
    #[serde(default)]
    series_needs: Vec<Spanned<String>>,
    series_verdict: Option<RawVerdict>,
    #[serde(default)]
    dropped: Vec<Spanned<String>>,
    dropped_verdict: Option<RawVerdict>,
}

/// Compiles `[end.mate_rule]`.
pub(crate) fn compile(raw: &RawMateRule, cx: &Context) -> Result<MateRule, RulesetError> {
    let key = "end.mate_rule";
    let set = |names: &[Spanned<String>], at: &str| -> Result<PieceSet, RulesetError> {
        Ok(cx.types_of(names, &format!("{key}.{at}"))?.into_iter().collect())
    };
    Ok(MateRule {
        sole_checkers: set(&raw.sole_checkers, "sole_checkers")?,
        sole_checkers_verdict: raw.sole_checkers_verdict.map_or(Verdict::Loss, Verdict::from),
        series_needs: set(&raw.series_needs, "series_needs")?,
        series_verdict: raw.series_verdict.map_or(Verdict::Loss, Verdict::from),
        dropped: set(&raw.dropped, "dropped")?,
        dropped_verdict: raw.dropped_verdict.map_or(Verdict::Loss, Verdict::from),
    })
}

impl<B: Bitboard> Pos<B> {
    /// The result of the checkmate of the side to move: the ruleset's `checkmate` verdict,
    /// unless the mate rule scores this mate otherwise.
    pub(crate) fn checkmate_outcome(&self) -> Outcome {
        let end = &self.t.rules.end;
        let side = self.turn;
        let plain = Outcome::for_side(end.checkmate, side, EndReason::Checkmate);
        let Some(rule) = &end.mate_rule else { return plain };
        let theirs = self.color_bb(side.opponent());
        if !rule.dropped.is_empty() && self.mated_by_drop(rule.dropped, theirs) {
            return Outcome::for_side(rule.dropped_verdict, side, EndReason::MateRule);
        }
        if !rule.sole_checkers.is_empty() && !self.checked_by(side, theirs & !self.of_types(rule.sole_checkers)) {
            return Outcome::for_side(rule.sole_checkers_verdict, side, EndReason::MateRule);
        }
        if rule.series_needs.is_empty() {
            return plain;
        }
        // Back through the series of checks, on a copy (a mate is rare; its history is short).
        let mut pos = self.clone();
        while pos.in_check(side) {
            if pos.checked_by(side, theirs_of(&pos, rule.series_needs)) {
                return plain;
            }
            if pos.history.len() < 2 {
                break;
            }
            pos.undo();
            pos.undo();
        }
        Outcome::for_side(rule.series_verdict, side, EndReason::MateRule)
    }

    /// Whether the last move dropped a piece of `types` and only pieces of `types` check.
    fn mated_by_drop(&self, types: PieceSet, theirs: B) -> bool {
        let side = self.turn;
        self.last_move().is_some_and(|m| m.kind == MoveKind::Drop && types.contains(m.piece))
            && !self.checked_by(side, theirs & !self.of_types(types))
    }

    /// Whether a royal piece of `side` is attacked by one of `attackers`.
    fn checked_by(&self, side: Color, attackers: B) -> bool {
        let occ = self.occupied();
        self.royals(side).squares().any(|k| self.attacked(k, side.opponent(), occ, attackers))
    }
}

/// The pieces of `types` of the side that is not to move.
fn theirs_of<B: Bitboard>(pos: &Pos<B>, types: PieceSet) -> B {
    pos.color_bb(pos.turn.opponent()) & pos.of_types(types)
}
