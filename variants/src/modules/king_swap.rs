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
//!
//! Notation: long algebraic is the royal piece's move (`e7g7`); SAN is the royal
//! piece's letter, `<>` and the partner's square (`K<>g7`).

use std::sync::Arc;

use chimera_engine::module::{Editor, Hooks, ModuleParams, ParamError, PositionView, RuleModule};
use chimera_engine::{Bitboard, IllegalCode, Move, MoveError, MoveKind, PieceType};
use serde::Deserialize;

/// The module's one-line description.
pub const DESCRIPTION: &str = "an unmoved royal piece may swap places with an unmoved friendly piece on its rank";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum When {
    #[default]
    OtherwiseMated,
    InCheck,
    AnyTime,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct KingSwap {
    #[serde(default)]
    when: When,
}

/// Builds the module from its `[modules.king-swap]` table.
pub fn build(params: &ModuleParams) -> Result<Arc<dyn RuleModule>, ParamError> {
    Ok(Arc::new(params.parse::<KingSwap>()?))
}

impl RuleModule for KingSwap {
    fn hooks(&self) -> Hooks {
        Hooks { moves: true, unmoved: true, ..Hooks::default() }
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
        let g = pos.rules().geometry;
        let us = pos.turn();
        for king in pos.royals(us).squares() {
            if !pos.is_unmoved(king) {
                continue;
            }
            let rank = g.rank(king);
            for file in 0..g.files {
                let partner = g.square(file, rank);
                let friendly = pos.piece_at(partner).is_some_and(|p| p.color == us);
                if partner != king && friendly && pos.is_unmoved(partner) {
                    out.push(Move::new(king, partner, MoveKind::Rule, PieceType::new(0)));
                }
            }
        }
    }

    fn play(&self, m: Move, edit: &mut dyn Editor) {
        let king = edit.remove(m.from).expect("a swap starts on the royal piece");
        let partner = edit.remove(m.to).expect("a swap ends on a friendly piece");
        edit.place(m.to, king);
        edit.place(m.from, partner);
    }

    fn kind_name(&self, _: Move) -> &'static str {
        "swap"
    }

    fn write_uci(&self, pos: &dyn PositionView, m: Move, out: &mut String) {
        let g = pos.rules().geometry;
        out.push_str(&g.square_name(m.from));
        out.push_str(&g.square_name(m.to));
    }

    fn write_san(&self, pos: &dyn PositionView, m: Move, out: &mut String) {
        let rules = pos.rules();
        if let Some(king) = pos.piece_at(m.from) {
            rules.symbol(king.kind).write_to(out);
        }
        out.push_str("<>");
        out.push_str(&rules.geometry.square_name(m.to));
    }

    fn parse_san(&self, pos: &dyn PositionView, text: &str, legal: &[Move]) -> Option<Result<Move, MoveError>> {
        let (letter, square) = text.split_once("<>")?;
        let rules = pos.rules();
        let to = rules.geometry.parse_square(square);
        let found = legal
            .iter()
            .find(|m| Some(m.to) == to && pos.piece_at(m.from).map(|p| rules.symbol(p.kind).to_string()).as_deref() == Some(letter));
        Some(match found {
            Some(&m) => Ok(m),
            None => Err(MoveError { code: IllegalCode::PieceCannotMoveThere, message: format!("no swap `{text}` is possible here") }),
        })
    }
}
