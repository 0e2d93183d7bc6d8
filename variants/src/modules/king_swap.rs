//! `king-swap`: a royal piece that has never moved may exchange squares with a friendly
//! piece on its own rank that has never moved either, any distance away, as a whole turn
//! (Gilman's Mitred Sylvia, where it takes castling's place).
//!
//! ```toml
//! [modules.king-swap]
//! when = "otherwise-mated"   # or "in-check", or "any-time"
//! ```
//!
//! * `otherwise-mated` (default): only when the side is in check and has no other legal
//!   move — an escape from what would be checkmate;
//! * `in-check`: whenever the side is in check;
//! * `any-time`: as a castling substitute.
//!
//! In every reading the swap must not leave the royal piece attacked, and afterwards
//! both pieces count as moved. A dropped piece never counts as unmoved.

use std::sync::Arc;

use chimera_engine::module::{PositionView, RuleModule};
use chimera_engine::{Move, MoveKind};

pub const DESCRIPTION: &str = "an unmoved royal piece may swap places with an unmoved friendly piece on its rank";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum When {
    OtherwiseMated,
    InCheck,
    AnyTime,
}

#[derive(Debug)]
struct KingSwap {
    when: When,
}

pub fn build(params: &toml::Table) -> Result<Arc<dyn RuleModule>, String> {
    let mut when = When::OtherwiseMated;
    for (key, value) in params {
        match (key.as_str(), value.as_str()) {
            ("when", Some("otherwise-mated")) => when = When::OtherwiseMated,
            ("when", Some("in-check")) => when = When::InCheck,
            ("when", Some("any-time")) => when = When::AnyTime,
            ("when", _) => return Err(format!("when = {value}: expected \"otherwise-mated\", \"in-check\" or \"any-time\"")),
            _ => return Err(format!("unknown parameter `{key}` (known: when)")),
        }
    }
    Ok(Arc::new(KingSwap { when }))
}

impl RuleModule for KingSwap {
    fn tracks_unmoved(&self) -> bool {
        true
    }

    fn moves(&self, pos: &dyn PositionView, ordinary: u64, out: &mut Vec<Move>) {
        let allowed = match self.when {
            When::AnyTime => true,
            When::InCheck => pos.is_check(),
            When::OtherwiseMated => ordinary == 0 && pos.is_check(),
        };
        if !allowed {
            return;
        }
        let rules = pos.rules();
        let g = rules.geometry;
        let us = pos.turn();
        for king in g.all() {
            let Some(k) = pos.piece_at(king) else { continue };
            if k.color != us || !rules.piece(k.kind).royal || !pos.is_unmoved(king) {
                continue;
            }
            let rank = g.rank(king);
            for file in 0..g.files {
                let partner = g.square(file, rank);
                let friendly = pos.piece_at(partner).is_some_and(|p| p.color == us);
                if partner != king && friendly && pos.is_unmoved(partner) {
                    out.push(Move::new(king, partner, MoveKind::Swap, Move::NO_PROMOTION));
                }
            }
        }
    }
}
