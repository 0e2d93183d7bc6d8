//! Each piece type's moves, per colour: the leap tables, the rider sets it slides along,
//! its special (lame, initial, double) steps, hops, promotion squares and drop zone —
//! what the generator reads for a piece of that type on a square.

use std::collections::BTreeMap;

use super::sets::{Built, RayBuilder, SetBuilder};
use super::*;

/// The moves of every (colour, type), index `color * types + type`, before the slider
/// sets are built: the sets' ids stand in for the lines until [`Moves::finish`].
pub(super) struct Moves<B> {
    pub mobility: Vec<Mobility<B>>,
    /// Set ids of the plain riders and of the other rider uses.
    plain_ids: Vec<Vec<u16>>,
    slider_ids: Vec<Vec<(RiderUse, Vec<u16>)>>,
    /// The types with initial-only moves (whose pieces' first move is tracked).
    pub tracks_unmoved: PieceSet,
}

impl<B: Bitboard> Moves<B> {
    /// Every type's moves on `board` (the squares that are not walls), numbering the
    /// rays and slider sets they use.
    pub(super) fn new(rules: &Rules, board: B, rays: &mut RayBuilder, sets: &mut SetBuilder) -> Moves<B> {
        let g = rules.geometry;
        let squares = g.squares();
        let types = rules.pieces.len();
        let rider_rays = rider_rays(rules);
        let mut plain_ids: Vec<Vec<u16>> = vec![Vec::new(); 2 * types];
        let mut slider_ids: Vec<Vec<(RiderUse, Vec<u16>)>> = vec![Vec::new(); 2 * types];
        let mut mobility = Vec::with_capacity(2 * types);
        let mut tracks_unmoved = PieceSet::EMPTY;
        for color in Color::BOTH {
            for (t, def) in rules.pieces.iter().enumerate() {
                let mut m = Mobility {
                    leap_quiet: vec![B::EMPTY; squares],
                    leap_capture: vec![B::EMPTY; squares],
                    leaps_alike: false,
                    plain: Lines::default(),
                    sliders: Vec::new(),
                    specials: Vec::new(),
                    hops: Vec::new(),
                    barred: !def.hop_barred.is_empty(),
                    within: board,
                    promotion_zone: B::EMPTY,
                    promote_from_zone: def.promotion.as_ref().is_some_and(|p| p.from_zone),
                    promote_from_zone_captures: def.promotion.as_ref().is_some_and(|p| p.from_zone_captures),
                    promotion_always: B::EMPTY,
                    promote_on_capture: def.promotion.as_ref().is_some_and(|p| p.on_capture),
                    promote_en_passant: def.promotion.as_ref().is_none_or(|p| p.en_passant),
                    dead: B::EMPTY,
                    stuck: B::EMPTY,
                    drop_zone: B::EMPTY,
                    en_passant: def.takes_en_passant,
                    initial_in_check: def.initial_moves.in_check,
                    promotion_near: B::EMPTY,
                    shape: Shape::General,
                    bulk: None,
                };
                // Black's moves are White's turned half a turn: forward and left both
                // reverse, so a black `lW` steps towards the h-file (Fairy-Stockfish agrees).
                let sign = if color == Color::White { 1 } else { -1 };
                for d in &def.directions {
                    let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                    if d.initial_only {
                        tracks_unmoved.insert(PieceType::new(t as u8));
                    }
                    if d.hop != Hop::None {
                        m.hops.push(HopRay { barred: m.barred, ..rays.hop(dx, dy, d) });
                    } else if d.range != 1 {
                        // Looked up by set, below.
                    } else if !d.is_conditional() && !d.initial_only {
                        for sq in g.all() {
                            if let Some(to) = g.offset(sq, dx, dy).filter(|&to| to != sq) {
                                m.leap(sq, to, d.mode);
                            }
                        }
                    } else {
                        m.specials.push(special(g, d, sign, board, def.en_passant && passes_a_square(d, def.en_passant_any_passed)));
                    }
                }
                for (&how, group) in &rider_rays[color.index() * types + t] {
                    let ids = sets.ids(group, rays);
                    if how == (RiderUse { quiet: true, capture: true, initial_only: false }) {
                        plain_ids[color.index() * types + t] = ids;
                    } else {
                        slider_ids[color.index() * types + t].push((how, ids));
                    }
                }
                if let Some((region, dirs)) = &def.extra_moves {
                    for sq in region.squares(g, color) {
                        for d in dirs {
                            if let Some(to) = g.offset(sq, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| to != sq) {
                                m.leap(sq, to, d.mode);
                            }
                        }
                    }
                }
                if let Some(lines) = &def.line_moves {
                    let on = lines.squares.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq));
                    for d in &lines.directions {
                        if d.is_conditional() {
                            let mut sp = special(g, d, sign, on, false);
                            sp.confine(on);
                            if sp.to.iter().any(Option::is_some) {
                                m.specials.push(sp);
                            }
                            continue;
                        }
                        for &sq in &lines.squares {
                            if let Some(to) = g.offset(sq, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| on.has(to) && to != sq) {
                                m.leap(sq, to, d.mode);
                            }
                        }
                    }
                }
                if let Some(region) = &def.moves_within {
                    m.confine(region.bitboard(g, color));
                }
                m.bulk = bulk(g, def, sign);
                if !def.double_step_ranks.is_empty() {
                    let origins: B = def.double_step_ranks.bitboard(g, color);
                    let passable = match &def.en_passant_ranks {
                        _ if !def.en_passant => B::EMPTY,
                        Some(ranks) => ranks.bitboard(g, color),
                        None => origins,
                    };
                    let step = Direction {
                        dx: 0,
                        dy: 2,
                        range: 1,
                        mode: Mode::Move,
                        initial_only: false,
                        path: vec![(0, 1)],
                        hop: Hop::None,
                        hurdles: Vec::new(),
                        locust: None,
                    };
                    if passable.any() {
                        m.specials.push(special(g, &step, sign, passable, true));
                    }
                    // Double steps that leave no en-passant square are plain lame leaps.
                    if (origins & !passable).any() {
                        m.specials.push(special(g, &step, sign, origins & !passable, false));
                    }
                }
                if !def.triple_step_ranks.is_empty() {
                    // Passing two squares, both taken en passant with `en_passant = "any-passed"`
                    // (the only way a ruleset may give a triple step en passant).
                    let step = Direction {
                        dx: 0,
                        dy: 3,
                        range: 1,
                        mode: Mode::Move,
                        initial_only: false,
                        path: vec![(0, 1), (0, 2)],
                        hop: Hop::None,
                        hurdles: Vec::new(),
                        locust: None,
                    };
                    m.specials.push(special(g, &step, sign, def.triple_step_ranks.bitboard(g, color), def.en_passant));
                }
                if let Some(p) = &def.promotion {
                    m.promotion_zone = p.ranks.bitboard(g, color);
                    m.promotion_always = p.always_on.bitboard(g, color);
                }
                let riders = &rider_rays[color.index() * types + t];
                let as_a_move = def.promotion.as_ref().is_some_and(|p| p.policy == PromotionPolicy::AsAMove);
                if !as_a_move {
                    m.promotion_near = m.near_promotion(g, riders, rays);
                }
                m.dead = m.dead_squares(g, riders, rays);
                if !rules.immobile_moves {
                    m.stuck = m.dead;
                }
                let ranks = match &def.drop_ranks {
                    Some(ranks) => ranks.bitboard(g, color),
                    None => board,
                };
                let immobile_drops = rules.drops.as_ref().is_some_and(|d| d.immobile_drops);
                // Never dropped outside its region, as Fairy-Stockfish's `drop_region(c, pt)`
                // reads `mobilityRegion`.
                m.drop_zone = (if immobile_drops { ranks } else { ranks & !m.dead }) & m.within;
                mobility.push(m);
            }
        }
        Moves { mobility, plain_ids, slider_ids, tracks_unmoved }
    }

    /// The moves with their lines, once the slider sets are built, and the generator's
    /// path for each type ([`Shape`]).
    pub(super) fn finish(self, built: &Built<B>, board: B) -> Vec<Mobility<B>> {
        let Moves { mut mobility, plain_ids, slider_ids, .. } = self;
        for (i, m) in mobility.iter_mut().enumerate() {
            m.plain = built.lines(&plain_ids[i]);
            m.sliders = slider_ids[i].iter().map(|(how, ids)| Slider { lines: built.lines(ids), how: *how }).collect();
            m.leaps_alike = m.leap_quiet == m.leap_capture;
            let walks = !m.plain.walk.is_empty();
            // Hops are looked at with the riders (`Shape::General`).
            let rides = walks || !m.plain.magic.is_empty() || !m.sliders.is_empty() || !m.hops.is_empty();
            let confined = m.within != board;
            let special = !m.specials.is_empty() || m.en_passant;
            m.shape = match (special, rides) {
                (false, false) => Shape::Leaper,
                (false, true) if !walks && m.sliders.is_empty() && m.hops.is_empty() && !confined => {
                    let leaps = m.leap_quiet.iter().chain(&m.leap_capture).any(|b| b.any());
                    if leaps {
                        Shape::Slider
                    } else {
                        Shape::Rider
                    }
                }
                (true, false) => Shape::Stepper,
                _ => Shape::General,
            };
        }
        mobility
    }
}

impl<B: Bitboard> Mobility<B> {
    /// Whether a move from `from` to one of `targets` may promote at all: where
    /// [`Mobility::promoting`] is empty whatever the enemies, the moves are plain (most
    /// moves of a piece near its zone, one look instead of the promotion's path).
    #[inline]
    pub fn may_promote(&self, from: Square, targets: B) -> bool {
        (self.promote_from_zone && self.promotion_zone.has(from)) || (targets & (self.promotion_zone | self.promotion_always)).any()
    }

    /// The squares of `targets` where its move from `from` may promote, `enemies` being
    /// the opponent's pieces: into the zone (or anywhere from inside it, where moves from
    /// the zone promote), captures only where the rules say so, and onto `always_on`.
    #[inline]
    pub fn promoting(&self, from: Square, targets: B, enemies: B) -> B {
        let zone = self.promotion_zone;
        let mut promoting = if self.promote_from_zone && zone.has(from) {
            if self.promote_from_zone_captures {
                targets & enemies
            } else {
                targets
            }
        } else {
            targets & zone
        };
        if self.promote_on_capture {
            promoting &= enemies;
        }
        promoting | (targets & self.promotion_always)
    }

    /// A plain leap from `from` to `to`, as a move, a capture or both.
    fn leap(&mut self, from: Square, to: Square, mode: Mode) {
        if mode != Mode::Capture {
            self.leap_quiet[from] |= B::bit(to);
        }
        if mode != Mode::Move {
            self.leap_capture[from] |= B::bit(to);
        }
    }

    /// Keeps its moves (`to`) and its attacks (`from`, by target) alike within `within`
    /// (`moves_within`).
    fn confine(&mut self, within: B) {
        self.within = within;
        for b in self.leap_quiet.iter_mut().chain(self.leap_capture.iter_mut()) {
            *b &= within;
        }
        for sp in &mut self.specials {
            for to in sp.to.iter_mut() {
                if to.is_some_and(|(target, _)| !within.has(target)) {
                    *to = None;
                }
            }
            for (target, from) in sp.from.iter_mut().enumerate() {
                if !within.has(Square::new(target as u8)) {
                    *from = None;
                }
            }
        }
    }

    /// The squares from which a move (of any kind, on an empty board) may end in the
    /// promotion zone, or start there where that counts: [`Mobility::promotion_near`].
    fn near_promotion(&self, g: Geometry, riders: &BTreeMap<RiderUse, Vec<Ray>>, rays: &RayBuilder) -> B {
        let zone = self.promotion_zone;
        if zone.is_empty() {
            return B::EMPTY;
        }
        g.all()
            .filter(|&sq| {
                let i = sq.index();
                let rides = riders.values().flatten().any(|&r| (sliders::ray::<B>(g, sq, r) & zone).any());
                let steps = self.specials.iter().any(|s| s.to[i].is_some_and(|(to, _)| zone.has(to)));
                let leaps = ((self.leap_quiet[i] | self.leap_capture[i]) & zone).any();
                let hops = self.hops.iter().any(|h| (rays.get::<B>(h.ray.reach, sq) & zone).any());
                rides || steps || leaps || hops || (self.promote_from_zone && zone.has(sq))
            })
            .fold(B::EMPTY, |b, sq| b | B::bit(sq))
    }

    /// The squares from which it could never move again (initial-only moves aside):
    /// [`Mobility::dead`].
    fn dead_squares(&self, g: Geometry, riders: &BTreeMap<RiderUse, Vec<Ray>>, rays: &RayBuilder) -> B {
        g.all()
            .filter(|&sq| {
                let i = sq.index();
                let leaps = (self.leap_quiet[i] | self.leap_capture[i]).any();
                let slides =
                    riders.iter().any(|(how, group)| !how.initial_only && group.iter().any(|&r| sliders::ray::<B>(g, sq, r).any()));
                let specials = self.specials.iter().any(|s| !s.initial_only && s.origins.has(sq) && s.to[i].is_some());
                let hops = self.hops.iter().any(|h| !h.how.initial_only && rays.get::<B>(h.ray.reach, sq).any());
                !(leaps || slides || specials || hops)
            })
            .fold(B::EMPTY, |b, sq| b | B::bit(sq))
    }
}

/// A type's moves as steps of a whole set (see [`Mobility::bulk`]), if it has only plain
/// leaps and double steps, and few of them.
fn bulk<B: Bitboard>(g: Geometry, def: &crate::rules::PieceDef, sign: i32) -> Option<Bulk<B>> {
    let regions = def.moves_within.is_some() || def.extra_moves.is_some() || def.line_moves.is_some();
    if !def.triple_step_ranks.is_empty() {
        return None;
    }
    if regions || def.directions.iter().any(|d| d.range != 1 || d.is_conditional() || d.initial_only) {
        return None;
    }
    // The squares from which the step stays on the board, by how far it moves a square's
    // index: one shift on a flat board; on a board whose files wrap, a second for the
    // squares from which it crosses the edge.
    let shifts = |dx: i32, dy: i32| {
        let mut by: BTreeMap<i32, B> = BTreeMap::new();
        for sq in g.all() {
            if let Some(to) = g.offset(sq, dx, dy).filter(|&to| to != sq) {
                *by.entry(to.get() as i32 - sq.get() as i32).or_insert(B::EMPTY) |= B::bit(sq);
            }
        }
        by
    };
    let mut steps: BTreeMap<(i32, i32), RiderUse> = BTreeMap::new();
    for d in &def.directions {
        let how =
            steps.entry((d.dx as i32 * sign, d.dy as i32 * sign)).or_insert(RiderUse { quiet: false, capture: false, initial_only: false });
        how.quiet |= d.mode != Mode::Capture;
        how.capture |= d.mode != Mode::Move;
    }
    let leaps: Vec<(i32, B, RiderUse)> =
        steps.into_iter().flat_map(|((dx, dy), how)| shifts(dx, dy).into_iter().map(move |(by, from)| (by, from, how))).collect();
    let doubles: Vec<(i32, B)> = if def.double_step_ranks.is_empty() {
        Vec::new()
    } else {
        let from = def.double_step_ranks.bitboard::<B>(g, if sign == 1 { Color::White } else { Color::Black });
        let on_board = shifts(0, 2 * sign).into_values().fold(B::EMPTY, |b, s| b | s);
        vec![(sign * g.files as i32, from & on_board)]
    };
    (leaps.len() + doubles.len() <= Bulk::<B>::MAX_STEPS).then_some(Bulk { leaps, doubles })
}

/// Whether a move is a double step of a piece taken en passant: an initial, non-capturing
/// leap two squares along a line (straight, or diagonal as a Berolina pawn's), passing
/// the square between; with `any_passed` (`en_passant = "any-passed"`) three squares
/// too, a lame one (`ifmnH`), passing two.
fn passes_a_square(d: &Direction, any_passed: bool) -> bool {
    let n = d.dx.abs().max(d.dy.abs());
    let lame = n == 2 || d.path.len() == 2;
    d.initial_only
        && d.mode == Mode::Move
        && d.range == 1
        && (n == 2 || (any_passed && n == 3 && lame))
        && [0, n].contains(&d.dx.abs())
        && [0, n].contains(&d.dy.abs())
}

fn special<B: Bitboard>(g: Geometry, d: &Direction, sign: i32, origins: B, double_step: bool) -> Special<B> {
    let squares = g.squares();
    let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
    let mut to = vec![None; squares];
    let mut from = vec![None; squares];
    let mut hurdles = if d.hurdles.is_empty() { Vec::new() } else { vec![B::EMPTY; squares] };
    let squares_at = |sq: Square, list: &[(i8, i8)]| {
        list.iter().try_fold(B::EMPTY, |b, &(px, py)| g.offset(sq, px as i32 * sign, py as i32 * sign).map(|p| b | B::bit(p)))
    };
    for sq in g.all() {
        let Some(target) = g.offset(sq, dx, dy).filter(|&target| target != sq) else { continue };
        if let (Some(path), Some(over)) = (squares_at(sq, &d.path), squares_at(sq, &d.hurdles)) {
            to[sq] = Some((target, path));
            from[target] = Some((sq, path));
            if let Some(h) = hurdles.get_mut(sq.index()) {
                *h = over;
            }
        }
    }
    Special {
        to,
        from,
        hurdles,
        quiet: d.mode != Mode::Capture,
        capture: d.mode != Mode::Move,
        initial_only: d.initial_only,
        double_step,
        origins,
    }
}

/// Per (colour, type), index `color * types + type`: the rays of its riders, in White's
/// or Black's orientation, grouped by how they may be used.
pub(super) fn rider_rays(rules: &Rules) -> Vec<BTreeMap<RiderUse, Vec<Ray>>> {
    let mut out = Vec::with_capacity(2 * rules.pieces.len());
    for color in Color::BOTH {
        // Black's moves are White's turned half a turn (see `Moves::new`).
        let sign = if color == Color::White { 1 } else { -1 };
        for def in &rules.pieces {
            let mut groups: BTreeMap<RiderUse, Vec<Ray>> = BTreeMap::new();
            for d in def.directions.iter().filter(|d| d.range != 1 && d.hop == Hop::None) {
                let how = RiderUse { quiet: d.mode != Mode::Capture, capture: d.mode != Mode::Move, initial_only: d.initial_only };
                groups.entry(how).or_default().push((d.dx as i32 * sign, d.dy as i32 * sign, d.range));
            }
            out.push(groups);
        }
    }
    out
}
