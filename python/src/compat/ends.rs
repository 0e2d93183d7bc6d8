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

use chimera::{Color, EndReason, Outcome, Position};

use super::{VALUE_DRAW, VALUE_MATE};

/// A result as pyffish scores it, from the side to move's view.
fn value(o: Outcome, pos: &Position) -> i32 {
    match o.winner {
        None => VALUE_DRAW,
        Some(c) if c == pos.turn() => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

/// An end by the variant's own rule: `(true, value)`.
pub fn immediate(pos: &Position) -> Option<(bool, i32)> {
    let o = pos.outcome()?;
    let own = matches!(
        o.reason,
        EndReason::ArmyCaptured
            | EndReason::Extinction
            | EndReason::RegionReached
            | EndReason::Castling
            | EndReason::Connected
            | EndReason::Passes
            | EndReason::Bikjang
            | EndReason::FullBoard
            | EndReason::Checks
            | EndReason::Rule(_)
    );
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
        // Checkmate's or stalemate's value as the rules score it (Armageddon's stalemate,
        // scored by its material count, is Black's).
        _ => value(pos.stuck_outcome(), pos),
    }
}

/// A draw (or a perpetual rule's result) the side to move may claim now — the n-move
/// rule, n-fold repetition, the counting rules (their count as declared at
/// `count_started`: `declared_count.rs`) — or that has come about by itself at Chimera's
/// automatic thresholds (FIDE's fivefold and 75 moves). Like Fairy-Stockfish, whether or
/// not the game has ended otherwise (a dead position still repeats).
pub fn optional(pos: &Position, count_started: i32) -> Option<(bool, i32)> {
    let mut met = pos.draw_rules_met();
    if count_started != 0 {
        met.retain(|o| o.reason != EndReason::Counting);
        if super::declared_count::run_out(pos, count_started) {
            met.push(Outcome { winner: None, reason: EndReason::Counting });
        }
    }
    let o = met.into_iter().next()?;
    Some((true, value(o, pos)))
}

/// pyffish's `has_insufficient_material` for `side`: Chimera's answer, except where
/// Fairy-Stockfish's make-up of the variant decides otherwise — a king that is taken, not
/// mated (its `nocheckatomic` and `atomar` have an extinction rule: never insufficient),
/// and kings under duple check (Spartan's are its commoners, both sides': mating material
/// even alone).
pub fn insufficient(pos: &Position, side: Color) -> bool {
    let rules = pos.rules();
    let king_taken = rules.modules.iter().any(|m| m.name == "atomic" && m.params.get("checks").and_then(|c| c.as_bool()) == Some(false));
    let commoners = rules.duple_check
        && (0..rules.geometry.squares())
            .any(|sq| pos.piece_at(chimera::Square::new(sq as u8)).is_some_and(|p| p.color == side && rules.piece(p.kind).royal));
    !king_taken && !commoners && pos.insufficient_material_of(side)
}
