//! `n-check`: a side that gives its n-th check wins (Three-check, Five-check), by
//! Fairy-Stockfish's `checkCounting` rule.
//!
//! ```toml
//! [modules.n-check]
//! checks = 3   # required, at least 1: the check that wins
//! ```
//!
//! A move gives check when the side it leaves to move is in check (a checkmate counts
//! too). The position after the n-th check is over — "1-0 White wins by checks" — and has
//! no legal moves, whatever else holds there (so perft counts no moves below it, as
//! Fairy-Stockfish's does).
//!
//! State: two counters, the checks each side has *given* (counting up reads the same as
//! the Lichess notation `+2+0`). FEN field `checks=W/B`, White's count first:
//! `checks=2/0` is White having given two checks, Black none. Each count is at most `n`;
//! a FEN without the field starts both at 0. Fairy-Stockfish's own forms (`3+3` checks
//! *remaining* after the en-passant field, Lichess's `+0+0` at the end) are not read.
//!
//! Notation: none of its own; a check is marked `+` as in any variant.

use std::sync::Arc;

use chimera_engine::module::{Editor, Hooks, ModuleParams, ParamError, PositionView, RuleModule};
use chimera_engine::{Color, EndReason, Move, Outcome, Piece};
use serde::Deserialize;

/// The module's one-line description.
pub const DESCRIPTION: &str = "a side that gives its n-th check wins (checks = n)";

/// The reason code of the end of a game by this rule.
const REASON: &str = "checks";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NCheck {
    checks: u16,
}

/// Builds the module from its `[modules.n-check]` table.
pub fn build(params: &ModuleParams) -> Result<Arc<dyn RuleModule>, ParamError> {
    let module = params.parse::<NCheck>()?;
    if module.checks == 0 {
        return Err(ParamError::new("checks", "must be at least 1"));
    }
    Ok(Arc::new(module))
}

impl RuleModule for NCheck {
    fn hooks(&self) -> Hooks {
        Hooks { after_move: true, outcome: true, state: 2, ..Hooks::default() }
    }

    fn after_move(&self, _: Move, _: Option<Piece>, edit: &mut dyn Editor) {
        if edit.is_check() {
            let mover = edit.turn().opponent().index();
            let given = edit.state(mover);
            edit.set_state(mover, given.saturating_add(1));
        }
    }

    fn outcome(&self, pos: &dyn PositionView) -> Option<Outcome> {
        // The last mover first: only its count can have just reached n. The side to move
        // can hold n only in a FEN written so, and has then won just the same.
        let mover = pos.turn().opponent();
        [mover, mover.opponent()]
            .into_iter()
            .find(|c| pos.state(c.index()) >= self.checks)
            .map(|winner| Outcome { winner: Some(winner), reason: EndReason::Rule(REASON) })
    }

    fn fen_key(&self) -> Option<&'static str> {
        Some("checks")
    }

    fn write_state(&self, state: &[u16], out: &mut String) {
        out.push_str(&format!("{}/{}", state[Color::White.index()], state[Color::Black.index()]));
    }

    /// Fairy-Stockfish writes the checks each side still needs (`3+3`, after the en-passant
    /// field); Lichess the checks given (`+0+1`, at the end).
    fn read_foreign_field(&self, field: &str, state: &mut [u16]) -> Option<Result<(), String>> {
        let (given, text) = match field.strip_prefix('+') {
            Some(text) => (true, text),
            None => (false, field),
        };
        let (w, b) = text.split_once('+')?;
        let count = |s: &str| s.parse::<u16>().ok().filter(|&n| n <= self.checks);
        let Some((w, b)) = count(w).zip(count(b)) else {
            return Some(Err(format!("not two counts of checks from 0 to {}", self.checks)));
        };
        let (white, black) = if given { (w, b) } else { (self.checks - w, self.checks - b) };
        state[Color::White.index()] = white;
        state[Color::Black.index()] = black;
        Some(Ok(()))
    }

    fn read_state(&self, text: &str, state: &mut [u16]) -> Result<(), String> {
        let count = |s: &str| s.parse::<u16>().ok().filter(|&n| n <= self.checks);
        let pair = text.split_once('/').and_then(|(w, b)| Some((count(w)?, count(b)?)));
        let Some((white, black)) = pair else {
            return Err(format!(
                "`{text}` is not two counts of checks given, White's and Black's, each from 0 to {} (like `1/0`)",
                self.checks
            ));
        };
        state[Color::White.index()] = white;
        state[Color::Black.index()] = black;
        Ok(())
    }
}
