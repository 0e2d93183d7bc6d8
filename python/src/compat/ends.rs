//! pyffish's three views of the end of a game, on Chimera's end rules:
//!
//! * `is_immediate_game_end`: the variant's own ends (Fairy-Stockfish's
//!   `is_immediate_game_end`): an extinct army or piece type, a region reached, a rule
//!   module's end (a check count, an exploded king). Not checkmate or stalemate.
//! * `is_optional_game_end`: what a player may claim (Fairy-Stockfish's
//!   `is_optional_game_end`): n-fold repetition and the n-move rule (`Position::claims`,
//!   the claims the position qualifies for now). Where Chimera ends the game by itself
//!   at those (FIDE's fivefold, a plain `repetition = 4`), that end counts too.
//! * `game_result`: what Fairy-Stockfish scores a position with no move left: its own end,
//!   else checkmate's value if the side to move is in check, stalemate's if not.
//!
//! Values are from the side to move's view.

use chimera::rules::Verdict;
use chimera::{EndReason, Outcome, Position};

use super::{VALUE_DRAW, VALUE_MATE};

/// A result as pyffish scores it, from the side to move's view.
fn value(o: Outcome, pos: &Position) -> i32 {
    match o.winner {
        None => VALUE_DRAW,
        Some(c) if c == pos.turn() => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

fn verdict_value(v: Verdict) -> i32 {
    match v {
        Verdict::Win => VALUE_MATE,
        Verdict::Loss => -VALUE_MATE,
        Verdict::Draw => VALUE_DRAW,
    }
}

/// An end by the variant's own rule: `(true, value)`.
pub fn immediate(pos: &Position) -> Option<(bool, i32)> {
    let o = pos.outcome()?;
    let own = matches!(o.reason, EndReason::ArmyCaptured | EndReason::Extinction | EndReason::RegionReached | EndReason::Passes | EndReason::Bikjang | EndReason::Rule(_));
    own.then(|| (true, value(o, pos)))
}

/// pyffish's `game_result`, meant for a position without legal moves but answering for
/// any: the variant's own end, else the game's end by checkmate or stalemate, else the
/// value checkmate (in check) or stalemate (not) would have.
pub fn game_result(pos: &Position) -> i32 {
    if let Some((_, v)) = immediate(pos) {
        return v;
    }
    match pos.outcome() {
        Some(o) if matches!(o.reason, EndReason::Checkmate | EndReason::Stalemate | EndReason::MateRule) => value(o, pos),
        _ => {
            let end = &pos.rules().end;
            verdict_value(if pos.is_check() { end.checkmate } else { end.stalemate })
        }
    }
}

/// A draw (or a perpetual rule's result) the side to move may claim now — n-fold
/// repetition, the n-move rule — or that has come about by itself at Chimera's automatic
/// thresholds (FIDE's fivefold and 75 moves).
pub fn optional(pos: &mut Position) -> Option<(bool, i32)> {
    if let Some(o) = pos.outcome() {
        return matches!(o.reason, EndReason::Repetition | EndReason::PerpetualCheck | EndReason::PerpetualChase | EndReason::MoveRule | EndReason::Counting).then(|| (true, value(o, pos)));
    }
    let claim = pos.claims().into_iter().find(|c| c.by.is_none())?;
    Some((true, value(claim.outcome, pos)))
}
