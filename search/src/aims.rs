//! What the rules make a side play for besides checkmate, read from the ruleset's ends
//! (`[end]`), so that the search steers toward them before it can see them happen:
//!
//! - **checks to give** (`[end] checks`, Three-check): each check given is worth more as
//!   the count nears the win, [`CHECK_BONUS`]` * given² / (n - 1)`;
//! - **a region to reach** (`[end.region_win]`, King of the Hill, Racing Kings): a piece of
//!   a counted type earns [`REGION_BONUS`], less an equal share per move it still needs
//!   to get there up to [`REGION_HORIZON`] (a steady pull all the way, which a bonus
//!   halved per move would not give a king six moves from the goal),
//!   counted in its own moves on an empty board (a breadth-first walk over the piece
//!   card, [`Variant::reach`]), so a knight's distance is a knight's;
//! - **an army to lose** (the whole army's extinction won by the side that has lost it:
//!   antichess, giveaway): material counts against its owner;
//! - **a kind to keep** (`[[end.extinction]]` of some types, lost: Chu shogi's king and
//!   prince, Extinction chess's every kind): a side down to its last piece of such a kind
//!   loses [`LAST_OF_KIND`], so the search keeps a spare (a prince) and guards the last.
//!
//! Everything else the rules end a game by (mates, extinction, counting, repetition) the
//! search sees through the position's outcome; these only shape the way there.

use chimera_engine::rules::Verdict;
use chimera_engine::{Color, PieceSet, PieceType, Position, Square, Variant};

/// The bonus of a piece on or one move from its goal region, in centipawns; less by
/// `1 / REGION_HORIZON` of it per further move, nothing beyond [`REGION_HORIZON`] moves.
pub const REGION_BONUS: i32 = 320;
/// Moves from the goal beyond which a piece earns nothing.
pub const REGION_HORIZON: u8 = 8;
/// The scale of the bonus for checks given.
pub const CHECK_BONUS: i32 = 150;
/// What a side loses for being one piece from a losing extinction.
pub const LAST_OF_KIND: i32 = 400;

/// A kind whose extinction loses.
#[derive(Clone, Copy, Debug)]
struct Kind {
    of: PieceSet,
    /// Its types counted together (else each alone).
    together: bool,
    /// How many the side has when it is extinct.
    at_most: u8,
    /// Pieces in hand count.
    include_hand: bool,
}

/// The aims of one variant, with their tables built once.
#[derive(Clone, Debug)]
pub(crate) struct Aims {
    /// +1, or -1 where a side wins by losing its whole army.
    pub(crate) material_sign: i32,
    /// Checks that win (`None`: not counted).
    checks: Option<u16>,
    /// Kinds whose extinction loses: the types (each alone, or `together`) and how many
    /// the side has when it is extinct.
    kinds_to_keep: Vec<Kind>,
    /// The region bonus per colour, type and square, indexed
    /// `(color * types + type) * squares + square`; empty without a region to reach.
    region: Vec<i16>,
    types: usize,
    squares: usize,
}

impl Aims {
    pub(crate) fn new(variant: &Variant) -> Aims {
        let end = &variant.rules().end;
        let army_lost_wins =
            end.army_captured == Some(Verdict::Win) || end.extinction.iter().any(|e| e.of.is_none() && e.verdict == Verdict::Win);
        let material_sign = if army_lost_wins { -1 } else { 1 };
        let kinds_to_keep = end
            .extinction
            .iter()
            .filter(|e| e.verdict == Verdict::Loss)
            .filter_map(|e| e.of.map(|of| Kind { of, together: e.together, at_most: e.at_most, include_hand: e.include_hand }))
            .collect();
        let types = variant.rules().pieces.len();
        let squares = variant.geometry().squares();
        let region = end.region_win.as_ref().map_or_else(Vec::new, |win| {
            let mut table = vec![0i16; 2 * types * squares];
            for c in Color::BOTH {
                for t in PieceType::first(types).filter(|&t| win.pieces.contains(t)) {
                    let moves = moves_to_goal(variant, c, t, &win.squares[c]);
                    for (sq, n) in moves.into_iter().enumerate() {
                        table[(c.index() * types + t.index()) * squares + sq] = region_bonus(n);
                    }
                }
            }
            table
        });
        Aims { material_sign, checks: end.checks, kinds_to_keep, region, types, squares }
    }

    /// The aims' score of `pos` for each colour (White's first).
    pub(crate) fn score(&self, pos: &Position) -> [i32; 2] {
        let mut score = [0i32; 2];
        if let Some(n) = self.checks {
            let n = i32::from(n);
            for c in Color::BOTH {
                let given = i32::from(pos.checks_given(c)).min(n);
                score[c.index()] += CHECK_BONUS * given * given / (n - 1).max(1);
            }
        }
        if self.kinds_to_keep.is_empty() && self.region.is_empty() {
            return score;
        }
        // One walk over the board: the region's bonus, and each side's count per type.
        let mut count = vec![0u32; 2 * self.types];
        for sq in pos.variant().geometry().all() {
            if let Some(p) = pos.piece_at(sq) {
                let (ci, t) = (p.color.index(), p.kind.index());
                count[ci * self.types + t] += 1;
                if !self.region.is_empty() {
                    score[ci] += i32::from(self.region[(ci * self.types + t) * self.squares + sq.index()]);
                }
            }
        }
        for kind in &self.kinds_to_keep {
            for c in Color::BOTH {
                let n = |t: PieceType| {
                    count[c.index() * self.types + t.index()] + if kind.include_hand { u32::from(pos.hand(c, t)) } else { 0 }
                };
                let mut types = PieceType::first(self.types).filter(|&t| kind.of.contains(t));
                let last = u32::from(kind.at_most) + 1;
                let on_the_brink = if kind.together { types.map(n).sum::<u32>() == last } else { types.any(|t| n(t) == last) };
                if on_the_brink {
                    score[c.index()] -= LAST_OF_KIND;
                }
            }
        }
        score
    }
}

/// The bonus of a piece `n` moves from its goal (`None`: it cannot get there).
fn region_bonus(n: Option<u8>) -> i16 {
    match n {
        Some(n) if n <= REGION_HORIZON => {
            let horizon = i32::from(REGION_HORIZON);
            (REGION_BONUS * (horizon + 1 - i32::from(n.max(1))) / horizon) as i16
        }
        _ => 0,
    }
}

/// For each square, the fewest moves a piece of `color` and type `t` needs from there to
/// one of `goal` on an empty board (0 on the goal itself; `None` where it cannot get
/// there): a breadth-first walk backwards over the piece's reach.
fn moves_to_goal(variant: &Variant, color: Color, t: PieceType, goal: &[Square]) -> Vec<Option<u8>> {
    let g = variant.geometry();
    let squares = g.squares();
    // Who reaches each square in one move: the reach read backwards.
    let mut reached_from: Vec<Vec<Square>> = vec![Vec::new(); squares];
    for from in g.all() {
        for (to, _) in variant.reach(color, t, from) {
            reached_from[to].push(from);
        }
    }
    let mut moves = vec![None; squares];
    let mut frontier: Vec<Square> = goal.to_vec();
    for &sq in goal {
        moves[sq] = Some(0);
    }
    let mut n = 0u8;
    while !frontier.is_empty() && n < u8::MAX {
        n += 1;
        let mut next = Vec::new();
        for sq in frontier {
            for &from in &reached_from[sq] {
                if moves[from].is_none() {
                    moves[from] = Some(n);
                    next.push(from);
                }
            }
        }
        frontier = next;
    }
    moves
}
