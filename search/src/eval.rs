//! Evaluation from the ruleset alone: no variant's name, no hand-tuned table.
//!
//! A piece is worth what it can reach. For every piece type and square, the kernel's
//! piece card ([`Variant::reach`], read from the same tables as the moves) lists the
//! squares it moves or captures to on an empty board; each target is weighted by how
//! often it will really be open in a game:
//!
//! - a target it can both move and capture to counts 1, one it can only move or only
//!   capture to counts a half (a pawn's step, a cannon's hop);
//! - a rider's target `n` steps away counts [`RAY_DECAY`]`^(n - 1)`, as the squares on
//!   the way are often taken on a crowded board (an empty board overrates riders: a
//!   rook would be worth almost three knights);
//! - a hop needs a screen: its targets count [`HOP_SHARE`] of that;
//! - an initial-only move (a double step) counts [`INITIAL_SHARE`].
//!
//! The average over the squares is the piece's mobility `m`, and its value is
//! `SCALE * m ^ EXPONENT` centipawns: the exponent below 1 squeezes the long-range
//! pieces further, so that chess's pieces land near their classical values (see the
//! crate's tests for the table). Royal pieces are worth nothing (losing one ends the
//! game, which the search sees through the position's outcome); pieces in hand count
//! as on the board.
//!
//! The same card gives a cheap positional term: a piece earns a share of its value for
//! standing where it reaches more than its average (the centre for a knight), and
//! loses it where it reaches less (the corner), read per colour, square and type from a
//! table built once.

use chimera_engine::rules::Verdict;
use chimera_engine::{Color, Geometry, PieceType, Position, Square, Variant};

use crate::aims::Aims;

/// How much a rider's target loses per step beyond the first.
pub const RAY_DECAY: f64 = 0.8;
/// What share of a target a hop (over a screen) counts.
pub const HOP_SHARE: f64 = 0.5;
/// What share of a target an initial-only move counts.
pub const INITIAL_SHARE: f64 = 0.25;
/// Centipawns per unit of mobility (after the exponent).
const SCALE: f64 = 75.0;
/// The curve from mobility to value (1: linear).
const EXPONENT: f64 = 0.85;
/// The share of its value a piece gains per unit of relative mobility on its square.
const PLACEMENT_SHARE: f64 = 0.08;

/// The values of a variant's pieces, and the placement bonus, estimated from its rules.
#[derive(Clone, Debug)]
pub struct Values {
    /// Centipawns per piece type (0 for royal pieces).
    value: Vec<i32>,
    /// Average weighted mobility per piece type, on an empty board.
    mobility: Vec<f64>,
    /// Placement bonus, indexed `(color * types + type) * squares + square`.
    placement: Vec<i16>,
    types: usize,
    squares: usize,
    /// Whether the variant has hands (else they are not read).
    hands: bool,
    /// What the rules' ends make a side play for (checks, a region, losing its army).
    aims: Aims,
    /// A repeated position is a plain draw (no perpetual rule, no other verdict).
    repetition_draws: bool,
}

impl Values {
    /// Estimates every piece type's value and placement bonus from the variant's rules.
    pub fn new(variant: &Variant) -> Values {
        let rules = variant.rules();
        let g = variant.geometry();
        let types = rules.pieces.len();
        let squares = g.squares();
        let open: Vec<Square> = g.all().filter(|sq| !rules.walls.contains(sq)).collect();
        let mut value = vec![0; types];
        let mut mobility = vec![0.0; types];
        let mut placement = vec![0i16; 2 * types * squares];
        for t in 0..types {
            let def = rules.piece(PieceType::new(t as u8));
            // Pieces royal only when few of them are left (extinction's last ones) still
            // count: it is losing the whole kind that ends the game.
            let royal = def.royal && def.royal_while_at_most.is_none();
            let per_square: Vec<[f64; 2]> = g
                .all()
                .map(|sq| {
                    if !open.contains(&sq) {
                        return [0.0; 2];
                    }
                    Color::BOTH.map(|c| reach_weight(variant, g, c, PieceType::new(t as u8), sq))
                })
                .collect();
            let m = open.iter().map(|&sq| per_square[sq][0]).sum::<f64>() / open.len().max(1) as f64;
            mobility[t] = m;
            // The designer's worth (`value = 3.2`, in pawns) replaces the estimate.
            let v = match def.value {
                Some(centipawns) => f64::from(centipawns),
                None if royal => 0.0,
                None => SCALE * m.powf(EXPONENT),
            };
            value[t] = v.round() as i32;
            if m > 0.0 {
                for c in Color::BOTH {
                    for &sq in &open {
                        let rel = per_square[sq][c.index()] / m - 1.0;
                        // Royal pieces get a placement term too (a king is better off
                        // where it is not boxed in), on a nominal value of a pawn.
                        let base = if royal { 100.0 } else { v };
                        let bonus = (base * PLACEMENT_SHARE * rel).clamp(-200.0, 200.0);
                        placement[(c.index() * types + t) * squares + sq.index()] = bonus.round() as i16;
                    }
                }
            }
        }
        Values {
            value,
            mobility,
            placement,
            types,
            squares,
            hands: rules.drops.is_some(),
            aims: Aims::new(variant),
            repetition_draws: repetition_draws(variant),
        }
    }

    /// The estimated value of piece type `t`, in centipawns (0 for a royal piece).
    pub fn value(&self, t: PieceType) -> i32 {
        self.value.get(t.index()).copied().unwrap_or(0)
    }

    /// Whether a repeated position is a plain draw under the variant's rules.
    pub fn repetition_draws(&self) -> bool {
        self.repetition_draws
    }

    /// The weighted mobility the value was derived from (for tests and curious callers).
    pub fn mobility(&self, t: PieceType) -> f64 {
        self.mobility.get(t.index()).copied().unwrap_or(0.0)
    }

    /// The position's score in centipawns, from the side to move's point of view:
    /// material on the board and in hand (against its owner where losing the whole army
    /// wins), placement, and the aims of the rules' ends ([`crate::aims`]).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let g = pos.variant().geometry();
        let mut material = [0i32; 2];
        let mut placement = [0i32; 2];
        for sq in g.all() {
            if let Some(p) = pos.piece_at(sq) {
                let t = p.kind.index();
                let ci = p.color.index();
                material[ci] += self.value[t];
                placement[ci] += i32::from(self.placement[(ci * self.types + t) * self.squares + sq.index()]);
            }
        }
        if self.hands {
            for c in Color::BOTH {
                for t in PieceType::first(self.types) {
                    material[c.index()] += i32::from(pos.hand(c, t)) * self.value[t];
                }
            }
        }
        let aims = self.aims.score(pos);
        let side = |c: usize| self.aims.material_sign * material[c] + placement[c] + aims[c];
        let us = pos.turn().index();
        side(us) - side(1 - us)
    }
}

/// Whether the rules draw a repetition whoever repeats (no perpetual rule, no verdict for
/// either side).
fn repetition_draws(variant: &Variant) -> bool {
    let end = &variant.rules().end;
    end.repetition_verdict.iter().all(|(_, v)| *v == Verdict::Draw) && !end.perpetual.any()
}

/// The weighted count of the squares a piece of `color` and type `t` reaches from `sq`
/// on an empty board (see the module's comment for the weights).
fn reach_weight(variant: &Variant, g: Geometry, color: Color, t: PieceType, sq: Square) -> f64 {
    let def = variant.rules().piece(t);
    let (fx, fy) = (i32::from(g.file(sq)), i32::from(g.rank(sq)));
    let forward = if color == Color::White { 1 } else { -1 };
    variant
        .reach(color, t, sq)
        .into_iter()
        .map(|(to, ways)| {
            let (dx, dy) = (i32::from(g.file(to)) - fx, i32::from(g.rank(to)) - fy);
            // A plain leap of exactly this shape is one step, however far it goes; else
            // the target is `gcd` steps of a ride away.
            let leap = def.directions.iter().any(|d| d.range == 1 && i32::from(d.dx) == dx && i32::from(d.dy) * forward == dy);
            let steps = if leap { 1 } else { gcd(dx.unsigned_abs(), dy.unsigned_abs()).max(1) };
            let distance = RAY_DECAY.powi(steps as i32 - 1);
            // The best way of each kind: a plain move beats a hop beats an initial one.
            let share = |capture: bool| {
                ways.iter()
                    .filter(|w| w.capture == capture)
                    .map(|w| if w.hop { HOP_SHARE } else { 1.0 } * if w.initial { INITIAL_SHARE } else { 1.0 })
                    .fold(0.0, f64::max)
            };
            distance * 0.5 * (share(false) + share(true))
        })
        .sum()
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
