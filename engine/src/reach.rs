//! The piece card: where one piece moves from one square of an otherwise empty board,
//! read from the mobility tables that move generation reads (so the card cannot tell
//! another story than the moves), each target with the ways the piece reaches it.
//!
//! On an empty board a lame leap is free and a rider runs to the edge; a hop needs a
//! screen, so a hop's targets are the squares it could land on with a screen somewhere
//! between (two steps away or more). The piece counts as never moved: its initial-only
//! moves, and its double steps from where it has them, are shown and marked.

use crate::bitboard::Bitboard;
use crate::tables::{Mobility, Tables};
use crate::types::{Color, PieceType, Square};

/// One way a piece reaches a square: to move there or to capture there, by a hop or
/// not, at any time or only as its first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Way {
    /// It captures there (else it moves there when the square is empty).
    pub capture: bool,
    /// Over a screen (a cannon's or a grasshopper's hop).
    pub hop: bool,
    /// Only while the piece has never moved (`i` moves), or a pawn's double step.
    pub initial: bool,
}

impl Way {
    /// Its name: `move` or `capture`, after `hop-` and `initial-` where they apply
    /// (`hop-capture`: the xiangqi cannon's capture).
    pub fn name(self) -> &'static str {
        match (self.initial, self.hop, self.capture) {
            (false, false, false) => "move",
            (false, false, true) => "capture",
            (false, true, false) => "hop-move",
            (false, true, true) => "hop-capture",
            (true, false, false) => "initial-move",
            (true, false, true) => "initial-capture",
            (true, true, false) => "initial-hop-move",
            (true, true, true) => "initial-hop-capture",
        }
    }

    fn index(self) -> usize {
        usize::from(self.capture) | usize::from(self.hop) << 1 | usize::from(self.initial) << 2
    }

    fn from_index(i: usize) -> Way {
        Way { capture: i & 1 != 0, hop: i & 2 != 0, initial: i & 4 != 0 }
    }
}

/// The squares a piece of `color` and type `pt` on `from` reaches on an empty board
/// (the variant's walls stay), by square, each with its ways in [`Way`]'s order.
pub(crate) fn reach<B: Bitboard>(t: &Tables<B>, color: Color, pt: PieceType, from: Square) -> Vec<(Square, Vec<Way>)> {
    let mob = t.mobility(color, pt);
    let mut sets = [B::EMPTY; 8];
    let mut add = |capture: bool, hop: bool, initial: bool, squares: B| sets[Way { capture, hop, initial }.index()] |= squares;
    let i = from.index();
    add(false, false, false, mob.leap_quiet[i]);
    add(true, false, false, mob.leap_capture[i]);
    let ride = t.reach_over(&mob.plain, from, t.walls) & mob.within;
    add(false, false, false, ride);
    add(true, false, false, ride);
    for r in &mob.sliders {
        let ride = t.reach_over(&r.lines, from, t.walls) & mob.within;
        add(false, false, r.how.initial_only, if r.how.quiet { ride } else { B::EMPTY });
        add(true, false, r.how.initial_only, if r.how.capture { ride } else { B::EMPTY });
    }
    for h in &mob.hops {
        let land = hop_landings(t, mob, h.ray.reach, h.step, from);
        add(false, true, h.how.initial_only, if h.how.quiet { land } else { B::EMPTY });
        add(true, true, h.how.initial_only, if h.how.capture { land } else { B::EMPTY });
    }
    let def = t.rules.piece(pt);
    let double_origins: B = def.double_step_ranks.bitboard::<B>(t.geometry, color) | def.triple_step_ranks.bitboard(t.geometry, color);
    for sp in mob.specials.iter().filter(|s| s.origins.has(from)) {
        let Some((to, _path)) = sp.to[i] else { continue };
        // Double steps are specials limited to their ranks (every other special may
        // start anywhere).
        let double = sp.double_step || (sp.origins != t.board && double_origins.has(from));
        let initial = sp.initial_only || double;
        add(false, false, initial, if sp.quiet { B::bit(to) } else { B::EMPTY });
        add(true, false, initial, if sp.capture && !sp.double_step { B::bit(to) } else { B::EMPTY });
    }
    let mut all = sets.iter().fold(B::EMPTY, |a, &s| a | s) & !t.walls;
    let mut targets = Vec::new();
    while all.any() {
        let to = all.pop();
        let mut ways: Vec<Way> = (0..8).filter(|&w| sets[w].has(to)).map(Way::from_index).collect();
        ways.sort();
        targets.push((to, ways));
    }
    targets
}

/// Where a hop from `from` may land with a screen somewhere on its ray: the ray beyond
/// its first square (a cannon rides on past the screen, a grasshopper lands just
/// behind it), within the piece's region, walls excepted.
fn hop_landings<B: Bitboard>(t: &Tables<B>, mob: &Mobility<B>, ray: u16, step: u16, from: Square) -> B {
    let n = t.squares;
    let whole = t.rays[ray as usize * n + from.index()];
    let first = t.rays[step as usize * n + from.index()];
    whole & !first & mob.within
}
