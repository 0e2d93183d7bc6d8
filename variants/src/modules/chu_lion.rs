//! `chu-lion`: Chu shogi's lion-trading rules, as lishogi's rules library (`shogiops`,
//! `src/position/rules/chushogi.ts`) plays them; H. G. Muller's Chu shogi page gives
//! the rules' history and variants.
//!
//! ```toml
//! [modules.chu-lion]
//! lions = ["lion", "promoted-kirin"]   # required: the lion types
//! cheap = ["pawn", "go-between"]       # what a lion's first capture may not be, to
//!                                      # take a protected lion two squares away after it
//! ```
//!
//! - A lion may not take an enemy lion that is not next to it (two squares away) if an
//!   enemy piece protects it — attacks its square once the move is played — unless the
//!   lion takes on its way first something other than a `cheap` piece (a double capture
//!   `Lxe5xe6`, the first victim a gold, say).
//! - A piece that is not a lion may take an enemy lion, but then the opponent may not take
//!   a lion with a non-lion on its next move, except on that same square (no counter-strike
//!   elsewhere). The square is the module's state, FEN field `lion=e5` (`-` when no lion
//!   was just taken so), as shogiops' SFEN writes it after the hands.
//!
//! A lion's own moves (leaps, double steps, igui, jitto) are the pieces' Betza
//! (`KNADcaKmcabK`); this module only refuses some of them.

use std::sync::Arc;

use chimera_engine::module::{Editor, Hooks, Legality, ModuleParams, ParamError, PositionView, Refusal, RuleModule};
use chimera_engine::{Bitboard, Geometry, IllegalCode, Move, MoveKind, Piece, PieceSet, PieceType, Square, Wide};
use serde::Deserialize;

/// The module's one-line description.
pub const DESCRIPTION: &str = "Chu shogi's lion trading: no protected lion taken from two squares away, no counter-strike";

const PROTECTED_LION: IllegalCode = IllegalCode::Rule("protected-lion");
const COUNTER_STRIKE: IllegalCode = IllegalCode::Rule("lion-counter-strike");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Params {
    lions: Vec<String>,
    #[serde(default)]
    cheap: Vec<String>,
}

#[derive(Debug)]
struct ChuLion {
    lions: PieceSet,
    cheap: PieceSet,
    /// The board, to name the state's square in the FEN.
    g: Geometry,
}

/// Builds the module from its `[modules.chu-lion]` table.
pub fn build(params: &ModuleParams) -> Result<Arc<dyn RuleModule>, ParamError> {
    let p = params.parse::<Params>()?;
    let set =
        |key: &str, names: &[String]| -> Result<PieceSet, ParamError> { names.iter().map(|name| params.piece_type(key, name)).collect() };
    let lions = set("lions", &p.lions)?;
    if lions.is_empty() {
        return Err(ParamError::new("lions", "name at least one lion type"));
    }
    Ok(Arc::new(ChuLion { lions, cheap: set("cheap", &p.cheap)?, g: params.board() }))
}

impl ChuLion {
    fn is_lion(&self, p: Option<Piece>) -> bool {
        p.is_some_and(|p| self.lions.contains(p.kind))
    }

    /// The square of the last lion a non-lion took, if the last move did.
    fn struck(pos: &dyn PositionView) -> Option<Square> {
        pos.state(0).checked_sub(1).map(|sq| Square::new(sq as u8))
    }
}

/// King steps apart.
fn distance(pos: &dyn PositionView, a: Square, b: Square) -> u8 {
    let g = pos.rules().geometry;
    (g.file(a).abs_diff(g.file(b))).max(g.rank(a).abs_diff(g.rank(b)))
}

impl RuleModule for ChuLion {
    fn hooks(&self) -> Hooks {
        Hooks { legality: Legality::Filter, after_move: true, state: 1, ..Hooks::default() }
    }

    fn refuse(&self, pos: &dyn PositionView, m: Move) -> Option<Refusal> {
        if !matches!(m.kind, MoveKind::Normal | MoveKind::Locust) {
            return None;
        }
        let us = pos.turn();
        let them = us.opponent();
        let enemy_lion = |sq: Square| pos.piece_at(sq).filter(|p| p.color == them && self.lions.contains(p.kind)).is_some();
        let via = (m.kind == MoveKind::Locust).then_some(m.piece_square());
        let via_victim = via.and_then(|v| pos.piece_at(v)).filter(|p| p.color == them);
        if !self.is_lion(pos.piece_at(m.from)) {
            // No counter-strike: after a lion was taken by a non-lion, a non-lion takes a
            // lion only where that one stood.
            let struck = Self::struck(pos)?;
            let takes = |sq: Square| sq != struck && enemy_lion(sq);
            let at_landing = m.to != m.from && takes(m.to);
            let on_the_way = via_victim.is_some() && via.is_some_and(takes);
            return (at_landing || on_the_way).then(|| Refusal::at(COUNTER_STRIKE, m.to));
        }
        if m.to == m.from || !enemy_lion(m.to) || distance(pos, m.from, m.to) < 2 {
            return None;
        }
        // A valuable piece taken on the way buys the lion.
        if via_victim.is_some_and(|p| !self.cheap.contains(p.kind)) {
            return None;
        }
        // Protected: attacked once the move is played (the origin and the way emptied).
        let gone = Wide::bit(m.from) | via.filter(|_| via_victim.is_some()).map_or(Wide::EMPTY, Wide::bit);
        let occ = pos.occupied() & !gone;
        let defenders = pos.side(them) & !gone & !Wide::bit(m.to);
        pos.attacked_on(m.to, them, occ, defenders).then(|| Refusal::at(PROTECTED_LION, m.to))
    }

    /// A plain move is refused only where it takes an enemy lion.
    fn refused_targets(&self, pos: &dyn PositionView) -> Option<Wide> {
        let them = pos.turn().opponent();
        Some(self.lions.iter().fold(Wide::EMPTY, |b, t| b | pos.pieces(them, t)))
    }

    fn explain(&self, pos: &dyn PositionView, m: Move, refusal: Refusal) -> String {
        let g = pos.rules().geometry;
        let to = g.square_name(m.to);
        match refusal.code {
            PROTECTED_LION => format!(
                "a lion may not take the protected lion on {to}, two squares away, unless it first takes something other than a {} on its way",
                self.cheap.iter().map(|t: PieceType| pos.rules().piece(t).name.clone()).collect::<Vec<_>>().join(" or ")
            ),
            _ => {
                let struck = Self::struck(pos).map_or_else(String::new, |sq| g.square_name(sq));
                format!("a lion was just taken by a piece that is no lion: only a lion may take a lion now, except on {struck}")
            }
        }
    }

    fn after_move(&self, m: Move, captured: Option<Piece>, edit: &mut dyn Editor) {
        // The mover as it was before the move (a kirin that took a lion and promoted to
        // one is no lion for this rule).
        let rules = edit.rules();
        let mover =
            edit.piece_at(m.to).map(|p| if m.promotion().is_some() { rules.promoted_from(p.kind).unwrap_or(p.kind) } else { p.kind });
        let by_non_lion = mover.is_some_and(|t| !self.lions.contains(t));
        // A lion taken on the landing square counts over one taken on the way.
        let struck = if !by_non_lion {
            None
        } else if self.is_lion(captured) && m.to != m.from {
            Some(m.to)
        } else if self.is_lion(edit.taken_on_the_way()) {
            Some(m.piece_square())
        } else {
            None
        };
        edit.set_state(0, struck.map_or(0, |sq| u16::from(sq) + 1));
    }

    fn fen_key(&self) -> Option<&'static str> {
        Some("lion")
    }

    fn write_state(&self, state: &[u16], out: &mut String) {
        match state[0].checked_sub(1) {
            None => out.push('-'),
            Some(sq) => out.push_str(&self.g.square_name(Square::new(sq as u8))),
        }
    }

    fn read_state(&self, text: &str, state: &mut [u16]) -> Result<(), String> {
        state[0] = match text {
            "-" => 0,
            _ => match self.g.parse_square(text) {
                Some(sq) => u16::from(sq) + 1,
                None => return Err(format!("`{text}`: `-`, or the square where a lion was just taken by a piece that is no lion")),
            },
        };
        Ok(())
    }
}
