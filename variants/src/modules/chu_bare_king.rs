//! `chu-bare-king`: Chu shogi's bare-king rule and its draw of bare kings, as lishogi's
//! rules library plays them (`shogiops`, `src/variant/chushogi.ts`: `isBareKing`,
//! `isDraw`), the reading this ruleset follows for its moves too. Sources differ: the
//! Japanese Chu Shogi Association's rules (Wikipedia's "Chu shogi") let the side that
//! bares the other's king win unless it is bared back at once; George Hodges's Middle
//! Shogi Manual counts a lone gold as enough; the 1997 Münster rules draw where the bared
//! side can bare back, or force it. shogiops' is the one a program plays today.
//!
//! ```toml
//! [modules.chu-bare-king]
//! kings = ["king", "prince"]              # required: the pieces a side must keep
//! dead_on_last_rank = ["pawn", "lance"]   # count for neither side on their last rank
//! weak = ["pawn", "go-between"]           # do not count for the side that bares
//! ```
//!
//! - A side is **bared**, and loses, when it has one royal piece and nothing else that
//!   counts (a pawn or lance stuck on its last rank does not), while the other side has
//!   one royal piece, is not in check, and has more than it that counts (neither its
//!   pawns and go-betweens nor its stuck lances do): two pieces or more, or one that the
//!   bared royal piece cannot take at once (a king step away).
//! - Bare royals on both sides (besides stuck pawns and lances), neither in check: a draw.
//!
//! The side to move is judged first: bared, it loses; having bared the other, it wins.

use std::sync::Arc;

use chimera_engine::module::{Hooks, ModuleParams, ParamError, PositionView, RuleModule};
use chimera_engine::{Bitboard, Color, EndReason, Geometry, Outcome, PieceSet, Wide};
use serde::Deserialize;

/// The module's one-line description.
pub const DESCRIPTION: &str = "Chu shogi's bare king: a lone royal piece loses to one with something more, bare royals draw";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Params {
    kings: Vec<String>,
    #[serde(default)]
    dead_on_last_rank: Vec<String>,
    #[serde(default)]
    weak: Vec<String>,
}

#[derive(Debug)]
struct ChuBareKing {
    /// The pieces a side must keep (Chu shogi's king and prince are taken like any piece,
    /// so the rules name no royal type: `royal = "none"`).
    kings: PieceSet,
    dead_on_last_rank: PieceSet,
    weak: PieceSet,
    g: Geometry,
    /// Each side's last rank (White's, Black's), where its pawns and lances are dead.
    last_rank: [Wide; 2],
}

/// Builds the module from its `[modules.chu-bare-king]` table.
pub fn build(params: &ModuleParams) -> Result<Arc<dyn RuleModule>, ParamError> {
    let p = params.parse::<Params>()?;
    let set =
        |key: &str, names: &[String]| -> Result<PieceSet, ParamError> { names.iter().map(|name| params.piece_type(key, name)).collect() };
    let kings = set("kings", &p.kings)?;
    if kings.is_empty() {
        return Err(ParamError::new("kings", "name the pieces a side must keep"));
    }
    let g = params.board();
    let rank = |r: u8| (0..g.files).fold(Wide::EMPTY, |acc, f| acc | Wide::bit(g.square(f, r)));
    Ok(Arc::new(ChuBareKing {
        kings,
        dead_on_last_rank: set("dead_on_last_rank", &p.dead_on_last_rank)?,
        weak: set("weak", &p.weak)?,
        g,
        last_rank: [rank(g.ranks - 1), rank(0)],
    }))
}

impl ChuBareKing {
    /// `color`'s pieces of the types in `set`.
    fn of(pos: &dyn PositionView, color: Color, set: PieceSet) -> Wide {
        set.iter().fold(Wide::EMPTY, |acc, t| acc | pos.pieces(color, t))
    }

    /// `color`'s pieces that cannot move again: pawns and lances on its last rank.
    fn dead(&self, pos: &dyn PositionView, color: Color) -> Wide {
        let last = self.last_rank[usize::from(color == Color::Black)];
        Self::of(pos, color, self.dead_on_last_rank) & last
    }

    /// `color`'s pieces that count (all but the dead ones).
    fn live(&self, pos: &dyn PositionView, color: Color) -> Wide {
        pos.side(color) & !self.dead(pos, color)
    }

    /// Whether `us`, with the live pieces `ours`, is bared by the other side (see the
    /// module's text).
    fn bared(&self, pos: &dyn PositionView, us: Color, ours: Wide) -> bool {
        if ours.count() != 1 {
            return false;
        }
        let them = us.opponent();
        let theirs = self.live(pos, them) & !Self::of(pos, them, self.weak);
        let (our_royals, their_royals) = (Self::of(pos, us, self.kings), Self::of(pos, them, self.kings));
        if our_royals.count() != 1 || their_royals.count() != 1 || theirs.count() < 2 {
            return false;
        }
        if self.attacked(pos, their_royals, us) {
            return false;
        }
        // King and one piece: bared only if that piece is out of the lone royal's reach.
        let royal = our_royals.lsb();
        let reach = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
            .filter(|&d| d != (0, 0))
            .filter_map(|(dx, dy)| self.g.offset(royal, dx, dy))
            .fold(Wide::EMPTY, |acc, sq| acc | Wide::bit(sq));
        theirs.count() > 2 || (reach & theirs).is_empty()
    }

    /// Bare royal pieces on both sides (each side's live pieces one), neither in check.
    fn royals_alone(&self, pos: &dyn PositionView) -> bool {
        [Color::White, Color::Black].into_iter().all(|c| {
            let kings = Self::of(pos, c, self.kings);
            kings.count() == 1 && !self.attacked(pos, kings, c.opponent())
        })
    }

    /// Whether `by` attacks one of the squares of `targets` (a king in check).
    fn attacked(&self, pos: &dyn PositionView, targets: Wide, by: Color) -> bool {
        targets.squares().any(|sq| pos.attacked(sq, by))
    }
}

impl RuleModule for ChuBareKing {
    fn hooks(&self) -> Hooks {
        // The dead stand on one rank: a side with more pieces than a rank holds, and one
        // more, has two live ones at least. While both sides have that many, nothing is
        // to be looked at (the whole game but its very end): the kernel does not ask.
        Hooks { outcome: true, outcome_at_most: Some(u32::from(self.g.files) + 1), ..Hooks::default() }
    }

    /// Asked only where a side has at most a rank's worth of pieces and one more; nothing
    /// is looked at further while both sides have more than one live piece.
    fn outcome(&self, pos: &dyn PositionView) -> Option<Outcome> {
        let us = pos.turn();
        let (ours, theirs) = (self.live(pos, us), self.live(pos, us.opponent()));
        if ours.count() > 1 && theirs.count() > 1 {
            return None;
        }
        if self.bared(pos, us, ours) {
            return Some(Outcome { winner: Some(us.opponent()), reason: EndReason::Rule("bare-king") });
        }
        if self.bared(pos, us.opponent(), theirs) {
            return Some(Outcome { winner: Some(us), reason: EndReason::Rule("bare-king") });
        }
        (ours.count() == 1 && theirs.count() == 1 && self.royals_alone(pos))
            .then_some(Outcome { winner: None, reason: EndReason::Rule("bare-kings") })
    }
}
