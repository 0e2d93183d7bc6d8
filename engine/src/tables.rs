//! Per-variant lookup tables: what each piece type of each colour can reach from each
//! square, the rays riders slide along, who can attack a square, and Zobrist keys.
//!
//! Built once per variant and shared by every position of it, so that move
//! generation is table lookups and bit scans, with no allocation.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::betza::{Direction, Mode};
use crate::bitboard::{Bitboard, Wide};
use crate::module::ModuleSet;
use crate::rules::Rules;
use crate::sliders::{self, Magic, Ray};
use crate::types::{ByColor, Color, Geometry, PieceSet, PieceType, Square};

/// A slide in one direction.
#[derive(Clone, Copy, Debug)]
pub struct Slide {
    /// Ray id of the ray, limited to the slide's range.
    pub reach: u16,
    /// Whether squares along the ray have increasing indices (scan from the low end).
    pub ascending: bool,
}

/// How a piece may use a rider direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RiderUse {
    pub quiet: bool,
    pub capture: bool,
    pub initial_only: bool,
}

/// Rays looked up at once (see `sliders`): with a magic table (boards of up to 64
/// squares), else by the blocker trick ray by ray.
#[derive(Clone, Debug, Default)]
pub struct SliderSet {
    /// Where its squares' entries start in [`Tables::magics`], if it has a magic table.
    pub magic: Option<u32>,
    /// Its rays (ids into [`Tables::rays`]) towards higher squares…
    pub ascending: Vec<u16>,
    /// …and towards lower squares.
    pub descending: Vec<u16>,
}

/// A set of rider directions of one piece type, all used alike.
#[derive(Clone, Copy, Debug)]
pub struct Slider {
    /// Index into [`Tables::sets`].
    pub set: u16,
    pub how: RiderUse,
}

/// A leap that needs more than a table lookup: lame (its path must be empty),
/// initial-only, or a double step (which leaves an en-passant square behind).
#[derive(Clone, Debug)]
pub struct Special<B> {
    /// Per origin square: the target and the squares that must be empty.
    pub to: Vec<Option<(Square, B)>>,
    /// Per target square: the origin and the path (for attack detection).
    pub from: Vec<Option<(Square, B)>>,
    pub quiet: bool,
    pub capture: bool,
    pub initial_only: bool,
    pub double_step: bool,
    /// Only from these squares.
    pub origins: B,
}

/// How one piece type of one colour moves.
#[derive(Clone, Debug)]
pub struct Mobility<B> {
    /// Per square: targets of plain (jumping, unconditional) leaps that may not capture…
    pub leap_quiet: Vec<B>,
    /// …and that may capture.
    pub leap_capture: Vec<B>,
    pub sliders: Vec<Slider>,
    pub specials: Vec<Special<B>>,
    /// The promotion zone for this colour (empty if the type never promotes).
    pub promotion_zone: B,
    /// Moves starting in the zone may promote too.
    pub promote_from_zone: bool,
    /// Squares from which it could never move again (on any board).
    pub dead: B,
    /// Squares it may be dropped on, in variants with drops.
    pub drop_zone: B,
}

/// Rider directions that a set of piece types all attack along, for fast attack tests.
#[derive(Clone, Debug)]
pub struct AttackGroup<B> {
    /// The piece types that attack along these slides.
    pub types: PieceSet,
    /// The slides are initial-only moves: only unmoved pieces attack along them.
    pub initial_only: bool,
    /// Reverse slides: from the attacked square towards the attacker (one by one, to
    /// find which piece shields a royal)…
    pub slides: Vec<Slide>,
    /// …and the same rays as slider sets (all at once).
    pub sets: Vec<u16>,
    /// Per square: every square any of those slides can reach (to skip the group quickly).
    pub reach: Vec<B>,
}

/// Zobrist keys.
#[derive(Clone, Debug)]
pub struct Zobrist {
    /// Per (colour, type, square).
    pub piece: Vec<u64>,
    pub black_to_move: u64,
    /// Per castle and colour.
    pub castle: Vec<u64>,
    /// Per en-passant square.
    pub en_passant: Vec<u64>,
    /// Per square holding a piece that has not moved (for initial-only moves).
    pub unmoved: Vec<u64>,
    /// Per square holding a promoted piece (in variants where that matters).
    pub promoted: Vec<u64>,
}

impl Zobrist {
    /// The key of holding `count` pieces of a type in hand (0 for none), computed rather
    /// than tabled because a hand has no fixed maximum.
    #[inline]
    pub fn hand(color: Color, t: PieceType, count: u8) -> u64 {
        Zobrist::tally(color, t as u32, count as u32)
    }
    /// The key of a side's coins.
    #[inline]
    pub fn coins(color: Color, n: u16) -> u64 {
        Zobrist::tally(color, 1000, n as u32)
    }
    /// The key of a side's (capped) purchase count.
    #[inline]
    pub fn purchases(color: Color, n: u8) -> u64 {
        Zobrist::tally(color, 1001, n as u32)
    }
    /// The key of the castling rights in `bits` (bit `2 * castle + colour`).
    #[inline]
    pub fn castles(&self, mut bits: u32) -> u64 {
        let mut h = 0;
        while bits != 0 {
            h ^= self.castle[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        h
    }
    /// The key of a rule module's state counter `slot` (in the position's numbering)
    /// holding `value`.
    #[inline]
    pub fn state(slot: usize, value: u16) -> u64 {
        Zobrist::tally(Color::White, 2000 + slot as u32, value as u32)
    }
    /// A key for "`color` has `count` of `what`" (0 for a count of 0).
    #[inline]
    fn tally(color: Color, what: u32, count: u32) -> u64 {
        if count == 0 {
            return 0;
        }
        let mut z = 0xD6E8_FEB8_6659_FD93u64 ^ ((color.index() as u64) << 60 | (what as u64) << 32 | count as u64);
        z = (z ^ (z >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        z = (z ^ (z >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        z ^ (z >> 32)
    }
}

/// All the tables of one variant for bitboard width `B`.
#[derive(Debug)]
pub struct Tables<B> {
    pub rules: Arc<Rules>,
    pub geometry: Geometry,
    pub squares: usize,
    pub types: usize,
    /// Every square of the board.
    pub board: B,
    /// Ray bitboards: `rays[id * squares + sq]`, the squares a slide reaches from `sq`
    /// on an empty board, excluding `sq`.
    pub rays: Vec<B>,
    /// The slider sets pieces move and attack along.
    pub sets: Vec<SliderSet>,
    /// Per magic set and square (from [`SliderSet::magic`]): where its reaches are…
    pub magics: Vec<Magic>,
    /// …in this table.
    pub magic_reach: Vec<B>,
    /// Per (colour, type): index `color * types + type`.
    pub mobility: Vec<Mobility<B>>,
    /// Per (colour, type, square): the squares from which such a piece attacks the
    /// square with a plain leap.
    pub leap_attackers: Vec<B>,
    /// Per colour: rider attack groups.
    pub attack_groups: ByColor<Vec<AttackGroup<B>>>,
    /// Per colour: the types that attack with plain leaps.
    pub leap_attacker_types: ByColor<Vec<PieceType>>,
    /// Per colour: types with lame or initial-only capturing leaps.
    pub special_attacker_types: ByColor<Vec<PieceType>>,
    /// Types whose pieces need unmoved-tracking (they have initial-only moves).
    pub tracks_unmoved: PieceSet,
    /// Types with the `royal` flag.
    pub royal_types: PieceSet,
    /// Actions that reset the move-rule counter (bit `ResetEvent as u8`).
    pub resets: u8,
    /// Types that capture en passant.
    pub en_passant_types: PieceSet,
    /// Per file: its squares.
    pub file_masks: Vec<B>,
    pub zobrist: Zobrist,
    /// The variant's live rule modules.
    pub(crate) modules: ModuleSet,
    /// Some rule can end the game leaving no moves (a module, or the capture of the
    /// whole army): move generation asks first.
    pub(crate) ends_by_rule: bool,
}

impl<B: Bitboard> Tables<B> {
    #[inline]
    pub fn mobility(&self, color: Color, t: PieceType) -> &Mobility<B> {
        &self.mobility[color.index() * self.types + t as usize]
    }

    /// The squares the rays of slider set `set` reach from `sq`, each stopping at (and
    /// including) its first occupied square.
    #[inline(always)]
    pub fn attacks(&self, set: u16, sq: Square, occupied: B) -> B {
        let s = &self.sets[set as usize];
        if let Some(first) = s.magic {
            // Only boards of up to 64 squares have magic tables: `to_wide` is the word.
            let m = &self.magics[first as usize + sq as usize];
            return self.magic_reach[m.index(occupied.to_wide().0[0])];
        }
        let mut reach = B::EMPTY;
        for &id in &s.ascending {
            reach |= sliders::cut(self.rays[id as usize * self.squares + sq as usize], occupied, true);
        }
        for &id in &s.descending {
            reach |= sliders::cut(self.rays[id as usize * self.squares + sq as usize], occupied, false);
        }
        reach
    }

    /// The first occupied square along a slide from `sq`, if any within reach.
    #[inline]
    pub fn first_blocker(&self, s: Slide, sq: Square, occupied: B) -> Option<Square> {
        let blockers = self.rays[s.reach as usize * self.squares + sq as usize] & occupied;
        if blockers.is_empty() {
            None
        } else {
            Some(if s.ascending { blockers.lsb() } else { blockers.msb() })
        }
    }

    #[inline]
    pub fn piece_key(&self, color: Color, t: PieceType, sq: Square) -> u64 {
        self.zobrist.piece[(color.index() * self.types + t as usize) * self.squares + sq as usize]
    }

    /// Builds the tables of rules without modules. The rules must already be valid (the
    /// ruleset loader checks them).
    #[cfg(test)]
    pub fn new(rules: Arc<Rules>) -> Tables<B> {
        Tables::with_modules(rules, ModuleSet::default())
    }

    /// Builds the tables of rules with their live modules.
    pub(crate) fn with_modules(rules: Arc<Rules>, modules: ModuleSet) -> Tables<B> {
        let g = rules.geometry;
        assert!(g.squares() <= B::CAPACITY, "board too large for this bitboard width");
        let squares = g.squares();
        let types = rules.pieces.len();
        let mut board = B::EMPTY;
        for sq in 0..squares {
            board |= B::bit(sq as Square);
        }
        let file_masks: Vec<B> = (0..g.files)
            .map(|f| (0..g.ranks).fold(B::EMPTY, |b, r| b | B::bit(g.square(f, r))))
            .collect();

        let mut rays = RayBuilder::new(g);
        let mut sets = SetBuilder::new(g);
        let rider_rays = rider_rays(&rules);
        let mut mobility = Vec::with_capacity(2 * types);
        let mut tracks_unmoved = PieceSet::EMPTY;
        for color in Color::BOTH {
            for (t, def) in rules.pieces.iter().enumerate() {
                let mut m = Mobility {
                    leap_quiet: vec![B::EMPTY; squares],
                    leap_capture: vec![B::EMPTY; squares],
                    sliders: Vec::new(),
                    specials: Vec::new(),
                    promotion_zone: B::EMPTY,
                    promote_from_zone: def.promotion.as_ref().is_some_and(|p| p.from_zone),
                    dead: B::EMPTY,
                    drop_zone: B::EMPTY,
                };
                // Black's moves are White's turned half a turn: forward and left both
                // reverse, so a black `lW` steps towards the h-file (Fairy-Stockfish agrees).
                let sign = if color == Color::White { 1 } else { -1 };
                for d in &def.directions {
                    let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                    let quiet = d.mode != Mode::Capture;
                    let capture = d.mode != Mode::Move;
                    if d.initial_only {
                        tracks_unmoved.insert(t as PieceType);
                    }
                    if d.range != 1 {
                        // Looked up by set, below.
                    } else if d.path.is_empty() && !d.initial_only {
                        for sq in g.all() {
                            if let Some(to) = g.offset(sq, dx, dy) {
                                if quiet {
                                    m.leap_quiet[sq as usize] |= B::bit(to);
                                }
                                if capture {
                                    m.leap_capture[sq as usize] |= B::bit(to);
                                }
                            }
                        }
                    } else {
                        m.specials.push(special(g, d, sign, board, false));
                    }
                }
                for (&how, group) in &rider_rays[color.index() * types + t] {
                    for set in sets.ids(group, &mut rays) {
                        m.sliders.push(Slider { set, how });
                    }
                }
                if !def.double_step_ranks.is_empty() {
                    let origins = def.double_step_ranks.bitboard(g, color);
                    let step = Direction { dx: 0, dy: 2, range: 1, mode: Mode::Move, initial_only: false, path: vec![(0, 1)] };
                    m.specials.push(special(g, &step, sign, origins, true));
                }
                if let Some(p) = &def.promotion {
                    m.promotion_zone = p.ranks.bitboard(g, color);
                }
                for sq in g.all() {
                    let i = sq as usize;
                    let leaps = (m.leap_quiet[i] | m.leap_capture[i]).any();
                    let slides = rider_rays[color.index() * types + t]
                        .iter()
                        .any(|(how, group)| !how.initial_only && group.iter().any(|&r| sliders::ray::<B>(g, sq, r).any()));
                    let specials = m.specials.iter().any(|s| !s.initial_only && s.origins.has(sq) && s.to[i].is_some());
                    if !(leaps || slides || specials) {
                        m.dead |= B::bit(sq);
                    }
                }
                let ranks = match &def.drop_ranks {
                    Some(ranks) => ranks.bitboard(g, color),
                    None => board,
                };
                m.drop_zone = ranks & !m.dead;
                mobility.push(m);
            }
        }

        // Who attacks a square: reverse every capturing direction.
        let mut leap_attackers = vec![B::EMPTY; 2 * types * squares];
        let mut leap_attacker_types: ByColor<Vec<PieceType>> = Default::default();
        let mut special_attacker_types: ByColor<Vec<PieceType>> = Default::default();
        let mut attack_groups: ByColor<Vec<AttackGroup<B>>> = Default::default();
        for color in Color::BOTH {
            let sign = if color == Color::White { 1 } else { -1 };
            for (t, def) in rules.pieces.iter().enumerate() {
                let base = (color.index() * types + t) * squares;
                let mut leaps = false;
                let mut specials = false;
                for d in def.directions.iter().filter(|d| d.mode != Mode::Move) {
                    let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                    if d.range != 1 {
                        // In the attack groups, below.
                    } else if d.path.is_empty() && !d.initial_only {
                        leaps = true;
                        for sq in g.all() {
                            if let Some(from) = g.offset(sq, -dx, -dy) {
                                leap_attackers[base + sq as usize] |= B::bit(from);
                            }
                        }
                    } else {
                        specials = true;
                    }
                }
                if leaps {
                    leap_attacker_types[color].push(t as PieceType);
                }
                if specials {
                    special_attacker_types[color].push(t as PieceType);
                }
            }
        }
        for (color, groups) in attack_rays(&rules).iter() {
            for (&(types_mask, initial_only), group) in groups {
                let slides: Vec<Slide> = group.iter().map(|&(dx, dy, r)| rays.slide(dx, dy, r)).collect();
                let reach = (0..squares)
                    .map(|sq| slides.iter().fold(B::EMPTY, |b, s| b | rays.get::<B>(s.reach, sq as Square)))
                    .collect();
                let group_sets = sets.ids(group, &mut rays);
                attack_groups[color].push(AttackGroup { types: types_mask, initial_only, slides, sets: group_sets, reach });
            }
        }

        if modules.tracks_unmoved {
            tracks_unmoved = mask(&rules, |_| true);
        }
        let royal_types = mask(&rules, |p| p.royal);
        let resets = rules.end.move_rule_resets.iter().fold(0u8, |m, &e| m | 1 << e as u8);
        let en_passant_types = mask(&rules, |p| p.en_passant);
        let zobrist = Zobrist::new(types, squares, rules.castles.len());
        let (sets, magics, magic_reach) = sets.finish();
        Tables {
            geometry: g,
            squares,
            types,
            board,
            rays: rays.finish(),
            sets,
            magics,
            magic_reach,
            mobility,
            leap_attackers,
            attack_groups,
            leap_attacker_types,
            special_attacker_types,
            tracks_unmoved,
            royal_types,
            resets,
            en_passant_types,
            file_masks,
            zobrist,
            ends_by_rule: !modules.with_outcome.is_empty() || rules.end.army_captured.is_some() || !rules.end.extinction.is_empty(),
            rules,
            modules,
        }
    }
}

fn mask(rules: &Rules, f: impl Fn(&crate::rules::PieceDef) -> bool) -> PieceSet {
    rules.pieces.iter().enumerate().filter(|(_, p)| f(p)).map(|(t, _)| t as PieceType).collect()
}


fn special<B: Bitboard>(g: Geometry, d: &Direction, sign: i32, origins: B, double_step: bool) -> Special<B> {
    let squares = g.squares();
    let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
    let mut to = vec![None; squares];
    let mut from = vec![None; squares];
    for sq in g.all() {
        let Some(target) = g.offset(sq, dx, dy) else { continue };
        let path = d.path.iter().try_fold(B::EMPTY, |b, &(px, py)| {
            g.offset(sq, px as i32 * sign, py as i32 * sign).map(|p| b | B::bit(p))
        });
        if let Some(path) = path {
            to[sq as usize] = Some((target, path));
            from[target as usize] = Some((sq, path));
        }
    }
    Special {
        to,
        from,
        quiet: d.mode != Mode::Capture,
        capture: d.mode != Mode::Move,
        initial_only: d.initial_only,
        double_step,
        origins,
    }
}

/// Per (colour, type), index `color * types + type`: the rays of its riders, in White's
/// or Black's orientation, grouped by how they may be used.
fn rider_rays(rules: &Rules) -> Vec<BTreeMap<RiderUse, Vec<Ray>>> {
    let mut out = Vec::with_capacity(2 * rules.pieces.len());
    for color in Color::BOTH {
        // Black's moves are White's turned half a turn (see `with_modules`).
        let sign = if color == Color::White { 1 } else { -1 };
        for def in &rules.pieces {
            let mut groups: BTreeMap<RiderUse, Vec<Ray>> = BTreeMap::new();
            for d in def.directions.iter().filter(|d| d.range != 1) {
                let how = RiderUse { quiet: d.mode != Mode::Capture, capture: d.mode != Mode::Move, initial_only: d.initial_only };
                groups.entry(how).or_default().push((d.dx as i32 * sign, d.dy as i32 * sign, d.range));
            }
            out.push(groups);
        }
    }
    out
}

/// Per colour: the attack groups, each the reversed capturing rider rays along which the
/// same piece types (and initial-only or not) attack.
fn attack_rays(rules: &Rules) -> ByColor<BTreeMap<(PieceSet, bool), Vec<Ray>>> {
    let mut out: ByColor<BTreeMap<(PieceSet, bool), Vec<Ray>>> = Default::default();
    for color in Color::BOTH {
        let sign = if color == Color::White { 1 } else { -1 };
        // (dx, dy, range, initial-only) of the reverse slide → types attacking along it.
        let mut by_slide: BTreeMap<(i32, i32, u8, bool), PieceSet> = BTreeMap::new();
        for (t, def) in rules.pieces.iter().enumerate() {
            for d in def.directions.iter().filter(|d| d.mode != Mode::Move && d.range != 1) {
                let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                by_slide.entry((-dx, -dy, d.range, d.initial_only)).or_default().insert(t as PieceType);
            }
        }
        for ((dx, dy, range, initial_only), types_mask) in by_slide {
            out[color].entry((types_mask, initial_only)).or_default().push((dx, dy, range));
        }
    }
    out
}

/// Every slider set of `rules`, in the order the tables build them (the first
/// [`sliders::MAX_MAGIC_SETS`] that fit get magic tables): for the size estimate.
pub(crate) fn slider_sets(rules: &Rules) -> Vec<Vec<Ray>> {
    let g = rules.geometry;
    let mut sets = SetBuilder::new(g);
    let mut rays = RayBuilder::new(g);
    for groups in rider_rays(rules) {
        for group in groups.values() {
            sets.ids(group, &mut rays);
        }
    }
    for (_, groups) in attack_rays(rules).iter() {
        for group in groups.values() {
            sets.ids(group, &mut rays);
        }
    }
    sets.sets.into_iter().map(|set| set.rays).collect()
}

/// Collects the distinct slider sets the variant needs, numbering them.
struct SetBuilder {
    g: Geometry,
    ids: BTreeMap<Vec<Ray>, u16>,
    sets: Vec<PlannedSet>,
}

/// A slider set before its tables are built.
struct PlannedSet {
    rays: Vec<Ray>,
    /// Each ray's (id in `rays`, ascending), for the blocker trick.
    walked: Vec<(u16, bool)>,
}

impl SetBuilder {
    fn new(g: Geometry) -> Self {
        SetBuilder { g, ids: BTreeMap::new(), sets: Vec::new() }
    }
    /// The sets `rays` split into (see [`sliders::split`]).
    fn ids(&mut self, rays: &[Ray], ray_ids: &mut RayBuilder) -> Vec<u16> {
        let mut out = Vec::new();
        for set in sliders::split(self.g, rays) {
            let id = match self.ids.get(&set) {
                Some(&id) => id,
                None => {
                    let id = self.sets.len() as u16;
                    let walked = set.iter().map(|&(dx, dy, r)| (ray_ids.id(dx, dy, r), sliders::ascending(self.g, (dx, dy, r)))).collect();
                    self.ids.insert(set.clone(), id);
                    self.sets.push(PlannedSet { rays: set, walked });
                    id
                }
            };
            out.push(id);
        }
        out
    }
    /// The sets, with magic tables for the first that can have them.
    fn finish<B: Bitboard>(self) -> (Vec<SliderSet>, Vec<Magic>, Vec<B>) {
        let g = self.g;
        let mut magics = Vec::new();
        let mut table = Vec::new();
        let mut out = Vec::with_capacity(self.sets.len());
        let mut tried = 0;
        for PlannedSet { rays, walked } in self.sets {
            let mut set = SliderSet::default();
            if B::CAPACITY == 64 && tried < sliders::MAX_MAGIC_SETS {
                tried += 1;
                if let Some(per_square) = sliders::build(g, &rays, &mut table) {
                    set.magic = Some(magics.len() as u32);
                    magics.extend(per_square);
                }
            }
            if set.magic.is_none() {
                for (id, ascending) in walked {
                    if ascending {
                        set.ascending.push(id);
                    } else {
                        set.descending.push(id);
                    }
                }
            }
            out.push(set);
        }
        let reach = table.into_iter().map(|r| B::from_wide(Wide([r, 0, 0, 0]))).collect();
        (out, magics, reach)
    }
}

/// Collects the distinct rays the variant needs, numbering them.
struct RayBuilder {
    g: Geometry,
    ids: BTreeMap<(i32, i32, u8), u16>,
    order: Vec<(i32, i32, u8)>,
}

impl RayBuilder {
    fn new(g: Geometry) -> Self {
        RayBuilder { g, ids: BTreeMap::new(), order: Vec::new() }
    }
    fn id(&mut self, dx: i32, dy: i32, range: u8) -> u16 {
        let key = (dx, dy, range);
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.order.len() as u16;
        self.ids.insert(key, id);
        self.order.push(key);
        id
    }
    fn slide(&mut self, dx: i32, dy: i32, range: u8) -> Slide {
        Slide { reach: self.id(dx, dy, range), ascending: sliders::ascending(self.g, (dx, dy, range)) }
    }
    fn get<B: Bitboard>(&self, id: u16, sq: Square) -> B {
        sliders::ray(self.g, sq, self.order[id as usize])
    }
    fn finish<B: Bitboard>(self) -> Vec<B> {
        let squares = self.g.squares();
        let mut out = Vec::with_capacity(self.order.len() * squares);
        for id in 0..self.order.len() {
            for sq in 0..squares {
                out.push(self.get(id as u16, sq as Square));
            }
        }
        out
    }
}

impl Zobrist {
    fn new(types: usize, squares: usize, castles: usize) -> Zobrist {
        // A fixed seed: hashes are reproducible across runs and machines.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Zobrist {
            piece: (0..2 * types * squares).map(|_| next()).collect(),
            black_to_move: next(),
            castle: (0..2 * castles).map(|_| next()).collect(),
            en_passant: (0..squares).map(|_| next()).collect(),
            unmoved: (0..squares).map(|_| next()).collect(),
            promoted: (0..squares).map(|_| next()).collect(),
        }
    }
}
