//! Who attacks a square: every capturing move reversed. Leaps as per-square tables of
//! the squares a type attacks from, riders as attack groups (the types that attack along
//! the same slides, looked along from the attacked square), hops and the types whose
//! leaps have hurdles apart.

use std::collections::BTreeMap;

use super::sets::{Built, RayBuilder, SetBuilder};
use super::*;

/// The reverse tables of a variant, per colour of the attacker.
pub(super) struct Attacks<B> {
    pub leap_attackers: Vec<B>,
    pub leap_attacker_types: ByColor<Vec<(PieceType, usize)>>,
    /// Per colour and square: where any of its types attacks the square from with a
    /// plain leap (the union of its types' [`Attacks::leap_attackers`]).
    pub leap_reach: ByColor<Vec<B>>,
    pub special_attacker_types: ByColor<Vec<(PieceType, usize)>>,
    pub special_attackers: Vec<B>,
    pub hop_attacks: ByColor<Vec<HopAttack<B>>>,
    pub hop_attacker_types: ByColor<PieceSet>,
    /// Types with hurdles in their leaps (multi-leg `p` legs, hops along lines): like
    /// hoppers, any piece may become their screen.
    pub hurdled: ByColor<PieceSet>,
    pub attack_groups: ByColor<Vec<AttackGroup<B>>>,
    /// Every group's types, and per square every square some group's slides reach.
    pub group_types: ByColor<PieceSet>,
    pub group_reach: ByColor<Vec<B>>,
    /// Set ids of each group's lines, until [`Attacks::finish`].
    group_ids: ByColor<Vec<Vec<u16>>>,
}

impl<B: Bitboard> Attacks<B> {
    /// The reverse of `mobility`'s capturing moves (its regions bound the attacks).
    pub(super) fn new(rules: &Rules, board: B, mobility: &[Mobility<B>], rays: &mut RayBuilder, sets: &mut SetBuilder) -> Attacks<B> {
        let g = rules.geometry;
        let squares = g.squares();
        let types = rules.pieces.len();
        // Who attacks a square: reverse every capturing direction.
        let mut leap_attackers = vec![B::EMPTY; 2 * types * squares];
        let mut leap_attacker_types: ByColor<Vec<(PieceType, usize)>> = Default::default();
        let mut special_attacker_types: ByColor<Vec<(PieceType, usize)>> = Default::default();
        // Per (colour, type, square): where the type's capturing specials reach it from.
        let mut special_attackers = vec![B::EMPTY; 2 * types * squares];
        let mut hop_attacks: ByColor<Vec<HopAttack<B>>> = Default::default();
        let mut hop_attacker_types: ByColor<PieceSet> = Default::default();
        // Per colour: types with hurdles in their leaps (multi-leg `p` legs, hops along
        // lines): like hoppers, any piece may become their screen.
        let mut hurdled: ByColor<PieceSet> = Default::default();
        let mut attack_groups: ByColor<Vec<AttackGroup<B>>> = Default::default();
        let mut group_ids: ByColor<Vec<Vec<u16>>> = Default::default();
        for color in Color::BOTH {
            let sign = if color == Color::White { 1 } else { -1 };
            for (t, def) in rules.pieces.iter().enumerate() {
                let base = (color.index() * types + t) * squares;
                let within = mobility[color.index() * types + t].within;
                let mut leaps = false;
                let mut specials = false;
                for d in def.directions.iter().filter(|d| d.mode != Mode::Move) {
                    let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                    if d.hop != Hop::None {
                        let back = HopRay { barred: !def.hop_barred.is_empty(), ..rays.hop(-dx, -dy, d) };
                        hop_attacker_types[color].insert(PieceType::new(t as u8));
                        match hop_attacks[color].iter_mut().find(|a: &&mut HopAttack<B>| same_hop(&a.back, &back) && a.within == within) {
                            Some(a) => a.types.insert(PieceType::new(t as u8)),
                            None => {
                                hop_attacks[color].push(HopAttack { types: PieceSet::from_iter([PieceType::new(t as u8)]), back, within })
                            }
                        }
                    } else if d.range != 1 {
                        // In the attack groups, below.
                    } else if !d.is_conditional() && !d.initial_only {
                        leaps = true;
                        for sq in g.all() {
                            if let Some(from) = g.offset(sq, -dx, -dy).filter(|&from| from != sq) {
                                leap_attackers[base + sq.index()] |= B::bit(from);
                            }
                        }
                    } else {
                        specials = true;
                        if !d.hurdles.is_empty() {
                            hurdled[color].insert(PieceType::new(t as u8));
                        }
                    }
                }
                if let Some(lines) = &def.line_moves {
                    let on = lines.squares.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq));
                    for d in lines.directions.iter().filter(|d| d.mode != Mode::Move) {
                        if d.is_conditional() {
                            specials = true;
                            if !d.hurdles.is_empty() {
                                hurdled[color].insert(PieceType::new(t as u8));
                            }
                            continue;
                        }
                        for &from in &lines.squares {
                            if let Some(to) = g.offset(from, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| on.has(to) && to != from)
                            {
                                leaps = true;
                                leap_attackers[base + to.index()] |= B::bit(from);
                            }
                        }
                    }
                }
                if let Some((region, dirs)) = &def.extra_moves {
                    for from in region.squares(g, color) {
                        for d in dirs.iter().filter(|d| d.mode != Mode::Move) {
                            if let Some(to) = g.offset(from, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| to != from) {
                                leaps = true;
                                leap_attackers[base + to.index()] |= B::bit(from);
                            }
                        }
                    }
                }
                // A confined piece attacks only within its region (Fairy-Stockfish's
                // `board_bb(c, pt) & s` in `attackers_to`).
                for sq in g.all().filter(|&sq| !within.has(sq)) {
                    leap_attackers[base + sq.index()] = B::EMPTY;
                }
                if leaps {
                    leap_attacker_types[color].push((PieceType::new(t as u8), base));
                }
                if specials {
                    special_attacker_types[color].push((PieceType::new(t as u8), base));
                    for sp in mobility[color.index() * types + t].specials.iter().filter(|s| s.capture) {
                        for (sq, from) in sp.from.iter().enumerate() {
                            if let Some((from, _)) = from {
                                special_attackers[base + sq] |= B::bit(*from);
                            }
                        }
                    }
                }
            }
        }
        for (color, groups) in attack_rays(rules).iter() {
            for (&(types_mask, initial_only), group) in groups {
                let slides: Vec<Slide> = group.iter().map(|&(dx, dy, r)| rays.slide(dx, dy, r)).collect();
                // A confined type's group is its own: no attack outside its region.
                let within = types_mask.iter().fold(board, |b, t| b & mobility[color.index() * types + t.index()].within);
                let reach = (0..squares)
                    .map(|sq| match within.has(Square::new(sq as u8)) {
                        true => slides.iter().fold(B::EMPTY, |b, s| b | rays.get::<B>(s.reach, Square::new(sq as u8))),
                        false => B::EMPTY,
                    })
                    .collect();
                group_ids[color].push(sets.ids(group, rays));
                attack_groups[color].push(AttackGroup { types: types_mask, initial_only, slides, lines: Lines::default(), reach });
            }
        }
        for color in Color::BOTH {
            for t in hurdled[color].iter() {
                hop_attacker_types[color].insert(t);
            }
        }
        let group_types =
            ByColor::new(Color::White, Color::Black).map(|c| attack_groups[c].iter().fold(PieceSet::EMPTY, |s, g| s | g.types));
        let group_reach = ByColor::new(Color::White, Color::Black)
            .map(|c| (0..squares).map(|sq| attack_groups[c].iter().fold(B::EMPTY, |b, g| b | g.reach[sq])).collect());
        let leap_reach = ByColor::new(Color::White, Color::Black).map(|c| {
            (0..squares).map(|sq| leap_attacker_types[c].iter().fold(B::EMPTY, |b, &(_, base)| b | leap_attackers[base + sq])).collect()
        });
        Attacks {
            leap_attackers,
            leap_attacker_types,
            leap_reach,
            special_attacker_types,
            special_attackers,
            hop_attacks,
            hop_attacker_types,
            hurdled,
            attack_groups,
            group_types,
            group_reach,
            group_ids,
        }
    }

    /// The groups with their lines, once the slider sets are built.
    pub(super) fn finish(mut self, built: &Built<B>) -> Attacks<B> {
        for color in Color::BOTH {
            for (g, ids) in self.attack_groups[color].iter_mut().zip(&self.group_ids[color]) {
                g.lines = built.lines(ids);
            }
        }
        self
    }
}

/// Two hops alike but for the piece types using them.
fn same_hop(a: &HopRay, b: &HopRay) -> bool {
    (a.ray.reach, a.hop, a.how.initial_only, a.barred) == (b.ray.reach, b.hop, b.how.initial_only, b.barred)
}

/// Per colour: the attack groups, each the reversed capturing rider rays along which the
/// same piece types (and initial-only or not) attack.
pub(super) fn attack_rays(rules: &Rules) -> ByColor<BTreeMap<(PieceSet, bool), Vec<Ray>>> {
    let mut out: ByColor<BTreeMap<(PieceSet, bool), Vec<Ray>>> = Default::default();
    for color in Color::BOTH {
        let sign = if color == Color::White { 1 } else { -1 };
        // (dx, dy, range, initial-only, the type if it is confined) of the reverse slide →
        // types attacking along it. A confined type (`moves_within`) has groups of its own,
        // which attack only within its region.
        let mut by_slide: BTreeMap<(i32, i32, u8, bool, Option<PieceType>), PieceSet> = BTreeMap::new();
        for (t, def) in rules.pieces.iter().enumerate() {
            let confined = def.moves_within.is_some().then_some(PieceType::new(t as u8));
            for d in def.directions.iter().filter(|d| d.mode != Mode::Move && d.range != 1 && d.hop == Hop::None) {
                let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                by_slide.entry((-dx, -dy, d.range, d.initial_only, confined)).or_default().insert(PieceType::new(t as u8));
            }
        }
        for ((dx, dy, range, initial_only, _), types_mask) in by_slide {
            out[color].entry((types_mask, initial_only)).or_default().push((dx, dy, range));
        }
    }
    out
}
