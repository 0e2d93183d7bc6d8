//! The locust moves' tables (`features/locust.rs`), below the tables that hold them.

use crate::betza::{Direction, Mode};
use crate::bitboard::{Bitboard, Wide};
use crate::rules::Rules;
use crate::types::{ByColor, Color, Geometry, PieceSet, PieceType, Square};

/// One move of a locust step: first to `via`, then to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LocustStep {
    pub via: Square,
    pub to: Square,
    /// The via square must hold an enemy piece, which the move takes; else it must be empty.
    pub takes: bool,
    /// The landing square may be empty…
    pub quiet: bool,
    /// …or hold an enemy piece, taken too.
    pub capture: bool,
}

impl LocustStep {
    /// Whether its via square is as the step needs it, with `occ` the occupancy and
    /// `enemies` the pieces it may take.
    #[inline]
    pub fn via_holds<B: Bitboard>(&self, occ: B, enemies: B) -> bool {
        if self.takes {
            enemies.has(self.via)
        } else {
            !occ.has(self.via)
        }
    }
    /// Whether it may land, from `from`: back on its origin, or as its landing allows.
    #[inline]
    pub fn lands<B: Bitboard>(&self, from: Square, occ: B, enemies: B) -> bool {
        self.to == from || (self.quiet && !occ.has(self.to)) || (self.capture && enemies.has(self.to))
    }
    /// The squares it attacks from `from`: its via square where it takes there and can
    /// land; its landing square where it may capture there and its via square holds.
    #[inline]
    pub fn attacks<B: Bitboard>(&self, from: Square, occ: B, enemies: B) -> (Option<Square>, Option<Square>) {
        let via = (self.takes && self.lands(from, occ, enemies)).then_some(self.via);
        let to = (self.capture && self.via_holds(occ, enemies)).then_some(self.to);
        (via, to)
    }
}

/// One piece's locust steps from one square.
#[derive(Clone, Debug, Default)]
struct Origin {
    steps: Vec<LocustStep>,
    /// Those of them that take nothing on the way, in the same order: the only ones that
    /// can be made while no enemy piece stands on a via square of the others (most
    /// positions: the lion's 64 taking steps are then skipped at one look).
    passing: Vec<LocustStep>,
    /// The via squares of the steps that take there.
    taking_vias: Wide,
}

/// Every type's locust steps, per colour and origin square.
#[derive(Clone, Debug, Default)]
pub(crate) struct Locusts {
    /// Index `(color * types + type)`, then the origin square; empty for a type without.
    steps: Vec<Vec<Origin>>,
    types: usize,
    /// The types with locust moves, per colour.
    pub movers: ByColor<PieceSet>,
    /// Whether any type has them (asked at every node and attack test).
    present: bool,
}

impl Locusts {
    /// The locust steps of every type of `rules` on the squares of `board` (its walls
    /// excepted), within each type's `moves_within`.
    pub(crate) fn new<B: Bitboard>(rules: &Rules, board: B) -> Locusts {
        let g = rules.geometry;
        let types = rules.pieces.len();
        let mut locusts = Locusts { steps: vec![Vec::new(); 2 * types], types, movers: ByColor::default(), present: false };
        for color in Color::BOTH {
            for (t, def) in rules.pieces.iter().enumerate() {
                if def.locusts.is_empty() {
                    continue;
                }
                let within = def.moves_within.as_ref().map_or(board, |r| r.bitboard::<B>(g, color) & board);
                let per_square = g
                    .all()
                    .map(|sq| {
                        let steps = steps_from(g, &def.locusts, color, sq, board, within);
                        let passing = steps.iter().filter(|s| !s.takes).copied().collect();
                        let taking_vias = steps.iter().filter(|s| s.takes).fold(Wide::EMPTY, |b, s| b | Wide::bit(s.via));
                        Origin { steps, passing, taking_vias }
                    })
                    .collect();
                locusts.steps[color.index() * types + t] = per_square;
                locusts.movers[color].insert(PieceType::new(t as u8));
                locusts.present = true;
            }
        }
        locusts
    }

    /// Whether any type has locust moves.
    #[inline]
    pub(crate) fn any(&self) -> bool {
        self.present
    }

    /// The locust steps of a `color` piece of type `t` on `from`.
    #[inline]
    pub(crate) fn from(&self, color: Color, t: PieceType, from: Square) -> &[LocustStep] {
        self.steps[color.index() * self.types + t.index()].get(from.index()).map_or(&[], |o| o.steps.as_slice())
    }

    /// [`Locusts::from`] less, where no piece of `enemies` stands on any via square a step
    /// takes on, the steps that take there (which could not be made): the same steps in
    /// the same order as those of `from` that may be open.
    #[inline]
    pub(crate) fn open_from<B: Bitboard>(&self, color: Color, t: PieceType, from: Square, enemies: B) -> &[LocustStep] {
        let Some(o) = self.steps[color.index() * self.types + t.index()].get(from.index()) else { return &[] };
        if (B::from_wide(o.taking_vias) & enemies).any() {
            &o.steps
        } else {
            &o.passing
        }
    }
}

/// The steps of `directions` (White's orientation) for a `color` piece on `sq`.
fn steps_from<B: Bitboard>(g: Geometry, directions: &[Direction], color: Color, sq: Square, board: B, within: B) -> Vec<LocustStep> {
    let sign = if color == Color::White { 1 } else { -1 };
    let on = |dx: i8, dy: i8| -> Option<Square> {
        if (dx, dy) == (0, 0) {
            return Some(sq);
        }
        g.offset(sq, dx as i32 * sign, dy as i32 * sign).filter(|&s| board.has(s))
    };
    if !board.has(sq) {
        return Vec::new();
    }
    directions
        .iter()
        .filter_map(|d| {
            let locust = d.locust?;
            let via = on(locust.via.0, locust.via.1)?;
            let to = on(d.dx, d.dy).filter(|&to| to == sq || within.has(to))?;
            Some(LocustStep { via, to, takes: locust.takes, quiet: d.mode != Mode::Capture, capture: d.mode != Mode::Move })
        })
        .collect()
}
