//! How a variant's [`Tables`] are built from its rules: each piece type's moves and
//! attacks per colour, the slide sets and magic lookups, and what every rule feature
//! needs looked up. Apart from [`Tables`] itself, so that the features whose tables it
//! builds sit above the tables, below nothing they use.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::*;

impl<B: Bitboard> Tables<B> {
    /// Builds the tables of rules with their live modules.
    pub(crate) fn with_modules(rules: Arc<Rules>, modules: ModuleSet) -> Tables<B> {
        let g = rules.geometry;
        assert!(g.squares() <= B::CAPACITY, "board too large for this bitboard width");
        let squares = g.squares();
        let types = rules.pieces.len();
        let walls = rules.walls.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq));
        let mut board = B::EMPTY;
        for sq in 0..squares {
            board |= B::bit(sq as Square);
        }
        board &= !walls;
        let file_masks: Vec<B> = (0..g.files)
            .map(|f| (0..g.ranks).fold(B::EMPTY, |b, r| b | B::bit(g.square(f, r))))
            .collect();

        let mut rays = RayBuilder::new(g);
        let mut sets = SetBuilder::new(g);
        let rider_rays = rider_rays(&rules);
        // Set ids per (colour, type), turned into `Lines` once the sets are built.
        let mut plain_ids: Vec<Vec<u16>> = vec![Vec::new(); 2 * types];
        let mut slider_ids: Vec<Vec<(RiderUse, Vec<u16>)>> = vec![Vec::new(); 2 * types];
        let mut mobility = Vec::with_capacity(2 * types);
        let mut tracks_unmoved = PieceSet::EMPTY;
        for color in Color::BOTH {
            for (t, def) in rules.pieces.iter().enumerate() {
                let mut m = Mobility {
                    leap_quiet: vec![B::EMPTY; squares],
                    leap_capture: vec![B::EMPTY; squares],
                    plain: Lines::default(),
                    sliders: Vec::new(),
                    specials: Vec::new(),
                    hops: Vec::new(),
                    barred: !def.hop_barred.is_empty(),
                    within: board,
                    promotion_zone: B::EMPTY,
                    promote_from_zone: def.promotion.as_ref().is_some_and(|p| p.from_zone),
                    promote_on_capture: def.promotion.as_ref().is_some_and(|p| p.on_capture),
                    promote_en_passant: def.promotion.as_ref().is_none_or(|p| p.en_passant),
                    dead: B::EMPTY,
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
                    let quiet = d.mode != Mode::Capture;
                    let capture = d.mode != Mode::Move;
                    if d.initial_only {
                        tracks_unmoved.insert(t as PieceType);
                    }
                    if d.hop != Hop::None {
                        m.hops.push(HopRay { barred: m.barred, ..rays.hop(dx, dy, d) });
                    } else if d.range != 1 {
                        // Looked up by set, below.
                    } else if !d.is_conditional() && !d.initial_only {
                        for sq in g.all() {
                            if let Some(to) = g.offset(sq, dx, dy).filter(|&to| to != sq) {
                                if quiet {
                                    m.leap_quiet[sq as usize] |= B::bit(to);
                                }
                                if capture {
                                    m.leap_capture[sq as usize] |= B::bit(to);
                                }
                            }
                        }
                    } else {
                        m.specials.push(special(g, d, sign, board, def.en_passant && passes_a_square(d)));
                    }
                }
                for (&how, group) in &rider_rays[color.index() * types + t] {
                    let ids = sets.ids(group, &mut rays);
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
                                if d.mode != Mode::Capture {
                                    m.leap_quiet[sq as usize] |= B::bit(to);
                                }
                                if d.mode != Mode::Move {
                                    m.leap_capture[sq as usize] |= B::bit(to);
                                }
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
                            let Some(to) = g.offset(sq, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| on.has(to) && to != sq) else { continue };
                            if d.mode != Mode::Capture {
                                m.leap_quiet[sq as usize] |= B::bit(to);
                            }
                            if d.mode != Mode::Move {
                                m.leap_capture[sq as usize] |= B::bit(to);
                            }
                        }
                    }
                }
                if let Some(region) = &def.moves_within {
                    let within: B = region.bitboard(g, color);
                    m.within = within;
                    for sq in g.all() {
                        m.leap_quiet[sq as usize] &= within;
                        m.leap_capture[sq as usize] &= within;
                    }
                    // Its moves (`to`) and its attacks (`from`, by target) alike.
                    for sp in &mut m.specials {
                        for to in sp.to.iter_mut() {
                            if to.is_some_and(|(target, _)| !within.has(target)) {
                                *to = None;
                            }
                        }
                        for (target, from) in sp.from.iter_mut().enumerate() {
                            if !within.has(target as Square) {
                                *from = None;
                            }
                        }
                    }
                }
                m.bulk = bulk(g, def, sign);
                if !def.double_step_ranks.is_empty() {
                    let origins: B = def.double_step_ranks.bitboard(g, color);
                    let passable = match &def.en_passant_ranks {
                        _ if !def.en_passant => B::EMPTY,
                        Some(ranks) => ranks.bitboard(g, color),
                        None => origins,
                    };
                    let step = Direction { dx: 0, dy: 2, range: 1, mode: Mode::Move, initial_only: false, path: vec![(0, 1)], hop: Hop::None, hurdles: Vec::new() };
                    if passable.any() {
                        m.specials.push(special(g, &step, sign, passable, true));
                    }
                    // Double steps that leave no en-passant square are plain lame leaps.
                    if (origins & !passable).any() {
                        m.specials.push(special(g, &step, sign, origins & !passable, false));
                    }
                }
                if let Some(p) = &def.promotion {
                    m.promotion_zone = p.ranks.bitboard(g, color);
                }
                let zone = m.promotion_zone;
                let as_a_move = def.promotion.as_ref().is_some_and(|p| p.policy == PromotionPolicy::AsAMove);
                if zone.any() && !as_a_move {
                    for sq in g.all() {
                        let i = sq as usize;
                        let rides = rider_rays[color.index() * types + t]
                            .values()
                            .flatten()
                            .any(|&r| (sliders::ray::<B>(g, sq, r) & zone).any());
                        let steps = m.specials.iter().any(|s| s.to[i].is_some_and(|(to, _)| zone.has(to)));
                        let leaps = ((m.leap_quiet[i] | m.leap_capture[i]) & zone).any();
                        let hops = m.hops.iter().any(|h| (rays.get::<B>(h.ray.reach, sq) & zone).any());
                        if rides || steps || leaps || hops || (m.promote_from_zone && zone.has(sq)) {
                            m.promotion_near |= B::bit(sq);
                        }
                    }
                }
                for sq in g.all() {
                    let i = sq as usize;
                    let leaps = (m.leap_quiet[i] | m.leap_capture[i]).any();
                    let slides = rider_rays[color.index() * types + t]
                        .iter()
                        .any(|(how, group)| !how.initial_only && group.iter().any(|&r| sliders::ray::<B>(g, sq, r).any()));
                    let specials = m.specials.iter().any(|s| !s.initial_only && s.origins.has(sq) && s.to[i].is_some());
                    let hops = m.hops.iter().any(|h| !h.how.initial_only && rays.get::<B>(h.ray.reach, sq).any());
                    if !(leaps || slides || specials || hops) {
                        m.dead |= B::bit(sq);
                    }
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

        // Who attacks a square: reverse every capturing direction.
        let mut leap_attackers = vec![B::EMPTY; 2 * types * squares];
        let mut leap_attacker_types: ByColor<Vec<(PieceType, usize)>> = Default::default();
        let mut special_attacker_types: ByColor<Vec<PieceType>> = Default::default();
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
                        hop_attacker_types[color].insert(t as PieceType);
                        match hop_attacks[color].iter_mut().find(|a: &&mut HopAttack<B>| same_hop(&a.back, &back) && a.within == within) {
                            Some(a) => a.types.insert(t as PieceType),
                            None => hop_attacks[color].push(HopAttack { types: PieceSet::from_iter([t as PieceType]), back, within }),
                        }
                    } else if d.range != 1 {
                        // In the attack groups, below.
                    } else if !d.is_conditional() && !d.initial_only {
                        leaps = true;
                        for sq in g.all() {
                            if let Some(from) = g.offset(sq, -dx, -dy).filter(|&from| from != sq) {
                                leap_attackers[base + sq as usize] |= B::bit(from);
                            }
                        }
                    } else {
                        specials = true;
                        if !d.hurdles.is_empty() {
                            hurdled[color].insert(t as PieceType);
                        }
                    }
                }
                if let Some(lines) = &def.line_moves {
                    let on = lines.squares.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq));
                    for d in lines.directions.iter().filter(|d| d.mode != Mode::Move) {
                        if d.is_conditional() {
                            specials = true;
                            if !d.hurdles.is_empty() {
                                hurdled[color].insert(t as PieceType);
                            }
                            continue;
                        }
                        for &from in &lines.squares {
                            if let Some(to) = g.offset(from, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| on.has(to) && to != from) {
                                leaps = true;
                                leap_attackers[base + to as usize] |= B::bit(from);
                            }
                        }
                    }
                }
                if let Some((region, dirs)) = &def.extra_moves {
                    for from in region.squares(g, color) {
                        for d in dirs.iter().filter(|d| d.mode != Mode::Move) {
                            if let Some(to) = g.offset(from, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| to != from) {
                                leaps = true;
                                leap_attackers[base + to as usize] |= B::bit(from);
                            }
                        }
                    }
                }
                // A confined piece attacks only within its region (Fairy-Stockfish's
                // `board_bb(c, pt) & s` in `attackers_to`).
                for sq in g.all().filter(|&sq| !within.has(sq)) {
                    leap_attackers[base + sq as usize] = B::EMPTY;
                }
                if leaps {
                    leap_attacker_types[color].push((t as PieceType, base));
                }
                if specials {
                    special_attacker_types[color].push(t as PieceType);
                }
            }
        }
        for (color, groups) in attack_rays(&rules).iter() {
            for (&(types_mask, initial_only), group) in groups {
                let slides: Vec<Slide> = group.iter().map(|&(dx, dy, r)| rays.slide(dx, dy, r)).collect();
                // A confined type's group is its own: no attack outside its region.
                let within = types_mask.iter().fold(board, |b, t| b & mobility[color.index() * types + t as usize].within);
                let reach = (0..squares)
                    .map(|sq| match within.has(sq as Square) {
                        true => slides.iter().fold(B::EMPTY, |b, s| b | rays.get::<B>(s.reach, sq as Square)),
                        false => B::EMPTY,
                    })
                    .collect();
                group_ids[color].push(sets.ids(group, &mut rays));
                attack_groups[color].push(AttackGroup { types: types_mask, initial_only, slides, lines: Lines::default(), reach });
            }
        }
        let built = sets.finish::<B>();
        for (i, m) in mobility.iter_mut().enumerate() {
            m.plain = built.lines(&plain_ids[i]);
            m.sliders = slider_ids[i].iter().map(|(how, ids)| Slider { lines: built.lines(ids), how: *how }).collect();
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
        for color in Color::BOTH {
            for (g, ids) in attack_groups[color].iter_mut().zip(&group_ids[color]) {
                g.lines = built.lines(ids);
            }
        }

        if modules.tracks_unmoved {
            tracks_unmoved = mask(&rules, |_| true);
        }
        let royal_types = mask(&rules, |p| p.royal);
        if !rules.castling_rights_on_arrival.is_empty() {
            // Whether a king has ever moved decides whether an arriving rook gains its castle.
            for k in royal_types.iter() {
                tracks_unmoved.insert(k);
            }
        }
        let initial_moves_lost_to: Vec<PieceSet> = (0..types)
            .map(|mover| mask(&rules, |p| p.initial_moves.lost_when_aimed_by.contains(mover as PieceType)))
            .collect();
        let aims_take_initial_moves = initial_moves_lost_to.iter().any(|s| !s.is_empty());
        let resets = rules.end.move_rule_resets.iter().fold(0u8, |m, &e| m | 1 << e as u8);
        let en_passant_types = mask(&rules, |p| p.takes_en_passant);
        let zobrist = Zobrist::new(types, squares, rules.castles.len());
        let castles = CastleLayout::standard(&rules);
        let lift_choices = (0..types)
            .map(|t| {
                let choices = |raised: bool| -> PieceSet {
                    let rank = rules.lift.as_ref().and_then(|l| if raised { l.raise_ranks.first().copied() } else { (0..g.ranks).find(|r| !l.raise_ranks.contains(r)) });
                    rank.map_or(PieceSet::EMPTY, |r| rules.lift_choices(t as PieceType, r).into_iter().collect())
                };
                [choices(false), choices(true)]
            })
            .collect();
        let lift_raise = ByColor::new(Color::White, Color::Black)
            .map(|c| rules.lift.as_ref().map_or(B::EMPTY, |l| l.raise_ranks.bitboard(g, c)));
        let Built { magic_reach, .. } = built;
        for color in Color::BOTH {
            for t in hurdled[color].iter() {
                hop_attacker_types[color].insert(t);
            }
        }
        let hops_or_flying = rules.flying_royals
            || hop_attacks.iter().any(|(_, a)| !a.is_empty())
            || hurdled.iter().any(|(_, s)| !s.is_empty());
        let barred = rules.pieces.iter().map(|p| p.hop_barred).find(|s| !s.is_empty()).unwrap_or(PieceSet::EMPTY);
        let passes = rules.pass.iter().any(|(_, &p)| p != crate::rules::Passing::Never);
        let ends_on_board = rules.end.army_captured.is_some()
            || !rules.end.extinction.is_empty()
            || rules.end.region_win.is_some()
            || rules.end.castling_wins != 0
            || rules.end.connect.is_some()
            || rules.end.bikjang
            || rules.end.full_board
            || passes;
        let facing = if rules.end.bikjang { [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dx, dy)| rays.slide(dx, dy, 0)).to_vec() } else { Vec::new() };
        let flying = if rules.flying_royals { [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dx, dy)| rays.slide(dx, dy, 0)).to_vec() } else { Vec::new() };
        // The hand slot a drop of each type takes from: its own, or with `promoted` drops the
        // type it returns to the hand as.
        let hand_slot: Vec<PieceType> = rules
            .pieces
            .iter()
            .enumerate()
            .map(|(t, p)| match p.captured_as {
                Captured::Hand(k) if rules.drops.as_ref().is_some_and(|d| d.promoted) => k,
                _ => t as PieceType,
            })
            .collect();
        let (rays, runs) = rays.finish();
        let mut t = Tables {
            plain_generation: false,
            geometry: g,
            squares,
            types,
            board,
            walls,
            rays,
            runs,
            magic_reach,
            mobility,
            leap_attackers,
            attack_groups,
            leap_attacker_types,
            special_attacker_types,
            hop_attacks,
            hop_attacker_types,
            hurdled_types: hurdled,
            tracks_unmoved,
            initial_moves_lost_to,
            aims_take_initial_moves,
            start_unmoved: OnceLock::new(),
            mating: OnceLock::new(),
            royal_types,
            pseudo_royal_kinds: crate::features::extinction::pseudo_royal_kinds(&rules),
            resets,
            en_passant_types,
            file_masks,
            zobrist,
            ends_by_rule: !modules.with_outcome.is_empty() || ends_on_board,
            ends_on_board,
            goals: RegionWin::goals(rules.end.region_win.as_ref()),
            connect: crate::features::connect::tables::ConnectTables::build(rules.end.connect.as_ref(), g),
            bans_moves: !rules.checks_allowed || !rules.drop_checks_allowed() || !rules.royal_flees_check || rules.end.bikjang,
            castles,
            resets_by: rules.end.move_rule_reset_by.iter().copied().collect(),
            to_hand: rules.pieces.iter().map(|p| match p.captured_as {
                Captured::Hand(k) => Some(k),
                _ => None,
            }).collect(),
            drops_from_slot: (0..types)
                .map(|slot| (0..types).filter(|&t| hand_slot[t] as usize == slot).map(|t| t as PieceType).collect())
                .collect(),
            hand_slot_is_own: hand_slot.iter().enumerate().all(|(t, &slot)| t == slot as usize),
            hand_slot,
            demoted: (0..types).map(|t| rules.demoted(t as PieceType)).collect(),
            demote_on_capture: rules.drops.as_ref().is_some_and(|d| d.demote_on_capture),
            per_file: (0..types)
                .map(|t| rules.drops.iter().flat_map(|d| &d.per_file).find(|l| l.0 as usize == t).map_or(0, |l| l.1))
                .collect(),
            no_drop_mate: rules.drops.iter().flat_map(|d| d.no_drop_mate.iter().copied()).collect(),
            must_drop: rules.drops.iter().flat_map(|d| d.must_drop.iter().copied()).collect(),
            hand_capacity: rules.drops.as_ref().and_then(|d| d.capacity),
            opposite_colors: rules.drops.iter().flat_map(|d| d.opposite_colors.iter().copied()).collect(),
            castling_rights_on_drop: rules.drops.iter().flat_map(|d| d.castling_rights_on_drop.iter().copied()).collect(),
            castling_rights_on_arrival: rules.castling_rights_on_arrival.iter().copied().collect(),
            promotes_as_a_move: (0..types as PieceType)
                .filter(|&t| rules.piece(t).promotion.as_ref().is_some_and(|p| p.policy == PromotionPolicy::AsAMove))
                .collect(),
            drop_moves: rules.drops.as_ref().is_some_and(|d| d.drop_moves),
            unlimited_supply: rules
                .drops
                .as_ref()
                .filter(|d| d.unlimited)
                .map(|_| (0..types as PieceType).filter(|&t| !rules.piece(t).royal).collect()),
            placement: rules.drops.as_ref().and_then(|d| d.placement),
            first_squares: match &rules.drops {
                Some(d) => d.first_squares.clone().map(|sqs| sqs.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq))),
                None => ByColor::default(),
            },
            flips: rules.flips,
            neighbours: if rules.flips.is_some() || rules.drops.as_ref().is_some_and(|d| d.placement.is_some()) {
                crate::features::flips::neighbours(g)
            } else {
                Vec::new()
            },
            has_gating: rules.gating.is_some(),
            counting: rules.end.counting.is_some(),
            light: g.all().filter(|&sq| rules.is_light(sq)).fold(B::EMPTY, |b, sq| b | B::bit(sq)),
            lift_choices,
            lift_raise,
            must_capture: rules.must_capture,
            hops_or_flying,
            barred,
            duple_check: rules.duple_check,
            flying,
            facing,
            passes,
            has_drops: rules.drops.is_some(),
            has_economy: rules.economy.is_some(),
            has_lift: rules.lift.is_some(),
            has_parts: rules.turn.has_parts(),
            test_every_move: rules.duple_check || g.wrap_files || rules.circe.is_some() || rules.andernach || rules.madrasi || rules.transfer,
            walling: rules.turn.walls,
            series: rules.turn.series.is_some(),
            petrifying: mask(&rules, |p| p.petrify_on_capture),
            threatened: crate::features::series::threatened_sides(&rules.turn),
            madrasi: rules.madrasi,
            capture_conditions: rules.circe.is_some() || rules.andernach,
            exact_legality: rules.circe.is_some() || rules.andernach || rules.madrasi || rules.transfer,
            rules,
            modules,
        };
        t.plain_generation = !t.has_parts
            && !t.passes
            && !t.has_gating
            && t.must_drop.is_empty()
            && !t.must_capture
            && !t.bans_moves
            && t.modules.with_refusals.is_empty()
            && t.modules.with_moves.is_empty();
        t
    }
}

/// A type's moves as steps of a whole set (see [`Mobility::bulk`]), if it has only plain
/// leaps and double steps, and few of them.
fn bulk<B: Bitboard>(g: Geometry, def: &crate::rules::PieceDef, sign: i32) -> Option<Bulk<B>> {
    let regions = def.moves_within.is_some() || def.extra_moves.is_some() || def.line_moves.is_some();
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
                *by.entry(to as i32 - sq as i32).or_insert(B::EMPTY) |= B::bit(sq);
            }
        }
        by
    };
    let mut steps: BTreeMap<(i32, i32), RiderUse> = BTreeMap::new();
    for d in &def.directions {
        let how = steps.entry((d.dx as i32 * sign, d.dy as i32 * sign)).or_insert(RiderUse { quiet: false, capture: false, initial_only: false });
        how.quiet |= d.mode != Mode::Capture;
        how.capture |= d.mode != Mode::Move;
    }
    let leaps: Vec<(i32, B, RiderUse)> = steps.into_iter().flat_map(|((dx, dy), how)| shifts(dx, dy).into_iter().map(move |(by, from)| (by, from, how))).collect();
    let doubles: Vec<(i32, B)> = if def.double_step_ranks.is_empty() {
        Vec::new()
    } else {
        let from = def.double_step_ranks.bitboard::<B>(g, if sign == 1 { Color::White } else { Color::Black });
        let on_board = shifts(0, 2 * sign).into_values().fold(B::EMPTY, |b, s| b | s);
        vec![(sign * g.files as i32, from & on_board)]
    };
    (leaps.len() + doubles.len() <= Bulk::<B>::MAX_STEPS).then_some(Bulk { leaps, doubles })
}

/// Two hops alike but for the piece types using them.
fn same_hop(a: &HopRay, b: &HopRay) -> bool {
    (a.ray.reach, a.hop, a.how.initial_only, a.barred) == (b.ray.reach, b.hop, b.how.initial_only, b.barred)
}

fn mask(rules: &Rules, f: impl Fn(&crate::rules::PieceDef) -> bool) -> PieceSet {
    rules.pieces.iter().enumerate().filter(|(_, p)| f(p)).map(|(t, _)| t as PieceType).collect()
}


/// Whether a move is a double step of a piece taken en passant: an initial, non-capturing
/// leap two squares along a line (straight, or diagonal as a Berolina pawn's), passing
/// the square between.
fn passes_a_square(d: &Direction) -> bool {
    d.initial_only && d.mode == Mode::Move && d.range == 1 && [0, 2].contains(&d.dx.abs()) && [0, 2].contains(&d.dy.abs())
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
            to[sq as usize] = Some((target, path));
            from[target as usize] = Some((sq, path));
            if let Some(h) = hurdles.get_mut(sq as usize) {
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
fn rider_rays(rules: &Rules) -> Vec<BTreeMap<RiderUse, Vec<Ray>>> {
    let mut out = Vec::with_capacity(2 * rules.pieces.len());
    for color in Color::BOTH {
        // Black's moves are White's turned half a turn (see `with_modules`).
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

/// Per colour: the attack groups, each the reversed capturing rider rays along which the
/// same piece types (and initial-only or not) attack.
fn attack_rays(rules: &Rules) -> ByColor<BTreeMap<(PieceSet, bool), Vec<Ray>>> {
    let mut out: ByColor<BTreeMap<(PieceSet, bool), Vec<Ray>>> = Default::default();
    for color in Color::BOTH {
        let sign = if color == Color::White { 1 } else { -1 };
        // (dx, dy, range, initial-only, the type if it is confined) of the reverse slide →
        // types attacking along it. A confined type (`moves_within`) has groups of its own,
        // which attack only within its region.
        let mut by_slide: BTreeMap<(i32, i32, u8, bool, Option<PieceType>), PieceSet> = BTreeMap::new();
        for (t, def) in rules.pieces.iter().enumerate() {
            let confined = def.moves_within.is_some().then_some(t as PieceType);
            for d in def.directions.iter().filter(|d| d.mode != Mode::Move && d.range != 1 && d.hop == Hop::None) {
                let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                by_slide.entry((-dx, -dy, d.range, d.initial_only, confined)).or_default().insert(t as PieceType);
            }
        }
        for ((dx, dy, range, initial_only, _), types_mask) in by_slide {
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
    /// Each ray's (id in `rays`, ascending, wraps), for the blocker trick.
    walked: Vec<(u16, bool, bool)>,
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
                    let walked = set.iter().map(|&r| (ray_ids.id(r.0, r.1, r.2), sliders::ascending(self.g, r), sliders::wraps(self.g, r))).collect();
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
    fn finish<B: Bitboard>(self) -> Built<B> {
        let g = self.g;
        let mut table = Vec::new();
        let mut sets = Vec::with_capacity(self.sets.len());
        let mut tried = 0;
        for PlannedSet { rays, walked } in self.sets {
            if B::CAPACITY == 64 && tried < sliders::MAX_MAGIC_SETS {
                tried += 1;
                if let Some(per_square) = sliders::build(g, &rays, &mut table) {
                    let mut line = [Magic::default(); 64];
                    line[..per_square.len()].copy_from_slice(&per_square);
                    sets.push(BuiltSet::Magic(Arc::new(line)));
                    continue;
                }
            }
            sets.push(BuiltSet::Walk(walked));
        }
        let magic_reach = table.into_iter().map(|r| B::from_wide(Wide([r, 0, 0, 0]))).collect();
        Built { sets, magic_reach }
    }
}

/// A slider set built: its magic line, or its rays (id, ascending) for the blocker trick.
enum BuiltSet {
    Magic(MagicLine),
    Walk(Vec<(u16, bool, bool)>),
}

/// The slider sets built, and the magic tables.
struct Built<B> {
    sets: Vec<BuiltSet>,
    magic_reach: Vec<B>,
}

impl<B> Built<B> {
    /// The lines of the sets `ids`, together.
    fn lines(&self, ids: &[u16]) -> Lines {
        let mut lines = Lines::default();
        for &id in ids {
            match &self.sets[id as usize] {
                BuiltSet::Magic(line) => lines.magic.push(Arc::clone(line)),
                BuiltSet::Walk(walked) => {
                    for &(id, ascending, wraps) in walked {
                        lines.walk.push((if wraps { id | WRAPS } else { id }, ascending));
                    }
                }
            }
        }
        lines
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
        Slide { reach: self.id(dx, dy, range), ascending: sliders::ascending(self.g, (dx, dy, range)), wraps: sliders::wraps(self.g, (dx, dy, range)) }
    }
    /// The hop of direction `d` taken as (`dx`, `dy`) (turned for the colour, or reversed).
    fn hop(&mut self, dx: i32, dy: i32, d: &Direction) -> HopRay {
        let how = RiderUse { quiet: d.mode != Mode::Capture, capture: d.mode != Mode::Move, initial_only: d.initial_only };
        HopRay { ray: self.slide(dx, dy, 0), step: self.id(dx, dy, 1), hop: d.hop, how, barred: false }
    }
    fn get<B: Bitboard>(&self, id: u16, sq: Square) -> B {
        sliders::ray(self.g, sq, self.order[id as usize])
    }
    /// The rays, and on a board whose files wrap their runs ([`Tables::runs`]).
    fn finish<B: Bitboard>(self) -> (Vec<B>, Vec<Vec<B>>) {
        let squares = self.g.squares();
        let mut out = Vec::with_capacity(self.order.len() * squares);
        let mut runs = Vec::new();
        for (id, &r) in self.order.iter().enumerate() {
            for sq in 0..squares {
                out.push(self.get(id as u16, sq as Square));
                if self.g.wrap_files {
                    runs.push(if sliders::wraps(self.g, r) { sliders::runs(self.g, sq as Square, r) } else { Vec::new() });
                }
            }
        }
        (out, runs)
    }
}
