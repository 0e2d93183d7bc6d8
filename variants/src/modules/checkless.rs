//! `checkless`: a move that puts the opponent in check is illegal unless it mates
//! (Checkless chess: <https://www.chessvariants.com/rules/checkless-chess>).
//!
//! ```toml
//! [modules.checkless]
//! ```
//!
//! "Mates" is judged by the kernel's rules alone: the opponent, in check, has no legal
//! move at all ([`PositionView::has_legal_move`]), its own checking replies counted as
//! moves. Judging them by this rule too would ask the same question again of every reply
//! without end; the published rule and an independent count on python-chess (perft 1–4:
//! 20, 400, 8,890, 196,772) read it this way.
//!
//! The refusal is `gives-check`, as Racing Kings' (whose rule, every check banned, is the
//! ruleset option `checks_allowed = false`).

use std::sync::Arc;

use chimera_engine::module::{Hooks, Legality, ModuleParams, ParamError, PositionView, Refusal, RuleModule};
use chimera_engine::{IllegalCode, Move};
use serde::Deserialize;

/// The module's one-line description.
pub const DESCRIPTION: &str = "a move that gives check is illegal unless it mates";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Checkless {}

/// Builds the module from its `[modules.checkless]` table (no parameters).
pub fn build(params: &ModuleParams) -> Result<Arc<dyn RuleModule>, ParamError> {
    Ok(Arc::new(params.parse::<Checkless>()?))
}

impl RuleModule for Checkless {
    fn hooks(&self) -> Hooks {
        Hooks { legality: Legality::Filter, ..Hooks::default() }
    }

    fn refuse(&self, pos: &dyn PositionView, m: Move) -> Option<Refusal> {
        let mut checks_without_mate = false;
        pos.after(m, &mut |after| checks_without_mate = after.is_check() && after.has_legal_move());
        checks_without_mate.then(|| Refusal::new(IllegalCode::GivesCheck))
    }

    fn explain(&self, _: &dyn PositionView, _: Move, _: Refusal) -> String {
        "the move gives check without mating, which Checkless chess forbids".to_string()
    }
}
