//! How a variant's [`Tables`] are built from its rules: each piece type's moves and
//! attacks per colour, the slide sets and magic lookups, and what every rule feature
//! needs looked up. Apart from [`Tables`] itself, so that the features whose tables it
//! builds sit above the tables, below nothing they use.

use std::sync::Arc;

use super::attacks::{attack_rays, Attacks};
use super::mobility::{rider_rays, Moves};
use super::sets::{Built, RayBuilder, SetBuilder};
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
            board |= B::bit(Square::new(sq as u8));
        }
        board &= !walls;
        let file_masks: Vec<B> = (0..g.files).map(|f| (0..g.ranks).fold(B::EMPTY, |b, r| b | B::bit(g.square(f, r)))).collect();

        let mut rays = RayBuilder::new(g);
        let mut sets = SetBuilder::new(g);
        let moves = Moves::new(&rules, board, &mut rays, &mut sets);
        let mut tracks_unmoved = moves.tracks_unmoved;
        let attacks = Attacks::new(&rules, board, &moves.mobility, &mut rays, &mut sets);
        let built = sets.finish::<B>();
        let mobility = moves.finish(&built, board);
        let Attacks {
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
            ..
        } = attacks.finish(&built);

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
        let initial_moves_lost_to: Vec<PieceSet> =
            (0..types).map(|mover| mask(&rules, |p| p.initial_moves.lost_when_aimed_by.contains(PieceType::new(mover as u8)))).collect();
        let aims_take_initial_moves = initial_moves_lost_to.iter().any(|s| !s.is_empty());
        let resets = rules.end.move_rule_resets.iter().fold(0u8, |m, &e| m | 1 << e as u8);
        let en_passant_types = mask(&rules, |p| p.takes_en_passant);
        let ep_attackers = crate::features::en_passant::attackers(&rules, &leap_attackers, &mobility, en_passant_types);
        let long_passes = rules.pieces.iter().any(|p| p.en_passant && p.en_passant_any_passed);
        let zobrist = Zobrist::new(types, squares, rules.castles.len());
        let castles = CastleLayout::standard(&rules);
        let lift_choices = (0..types)
            .map(|t| {
                let choices = |raised: bool| -> PieceSet {
                    let rank = rules.lift.as_ref().and_then(|l| {
                        if raised {
                            l.raise_ranks.first().copied()
                        } else {
                            (0..g.ranks).find(|r| !l.raise_ranks.contains(r))
                        }
                    });
                    rank.map_or(PieceSet::EMPTY, |r| rules.lift_choices(PieceType::new(t as u8), r).into_iter().collect())
                };
                [choices(false), choices(true)]
            })
            .collect();
        let lift_raise =
            ByColor::new(Color::White, Color::Black).map(|c| rules.lift.as_ref().map_or(B::EMPTY, |l| l.raise_ranks.bitboard(g, c)));
        let Built { magic_reach, .. } = built;
        let hops_or_flying =
            rules.flying_royals || hop_attacks.iter().any(|(_, a)| !a.is_empty()) || hurdled.iter().any(|(_, s)| !s.is_empty());
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
        let ends_otherwise = !modules.with_outcome.is_empty() || ends_on_board;
        let facing =
            if rules.end.bikjang { [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dx, dy)| rays.slide(dx, dy, 0)).to_vec() } else { Vec::new() };
        let flying = if rules.flying_royals {
            [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dx, dy)| rays.slide(dx, dy, 0)).to_vec()
        } else {
            Vec::new()
        };
        // The hand slot a drop of each type takes from: its own, or with `promoted` drops the
        // type it returns to the hand as.
        let hand_slot: Vec<PieceType> = rules
            .pieces
            .iter()
            .enumerate()
            .map(|(t, p)| match p.captured_as {
                Captured::Hand(k) if rules.drops.as_ref().is_some_and(|d| d.promoted) => k,
                _ => PieceType::new(t as u8),
            })
            .collect();
        let (rays, runs) = rays.finish();
        let mut t = Tables {
            plain_generation: false,
            piece_moves_alone: false,
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
            group_types,
            group_reach,
            attack_groups,
            leap_attacker_types,
            leap_reach,
            special_attacker_types,
            special_attackers,
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
            ep_attackers,
            long_passes,
            file_masks,
            zobrist,
            ends_by_rule: ends_otherwise || rules.end.checks.is_some(),
            ends_on_board,
            ends_otherwise,
            goals: RegionWin::goals(rules.end.region_win.as_ref()),
            connect: crate::features::connect::tables::ConnectTables::build(rules.end.connect.as_ref(), g),
            bans_moves: !rules.checks_allowed || !rules.drop_checks_allowed() || !rules.royal_flees_check || rules.end.bikjang,
            castles,
            resets_by: rules.end.move_rule_reset_by.iter().copied().collect(),
            retreating: PieceSet::EMPTY,
            to_hand: rules
                .pieces
                .iter()
                .map(|p| match p.captured_as {
                    Captured::Hand(k) => Some(k),
                    _ => None,
                })
                .collect(),
            drops_from_slot: (0..types)
                .map(|slot| (0..types).filter(|&t| (hand_slot[t]).index() == slot).map(|t| PieceType::new(t as u8)).collect())
                .collect(),
            hand_slot_is_own: hand_slot.iter().enumerate().all(|(t, &slot)| t == slot.index()),
            hand_slot,
            demoted: (0..types).map(|t| rules.demoted(PieceType::new(t as u8))).collect(),
            demote_on_capture: rules.drops.as_ref().is_some_and(|d| d.demote_on_capture),
            per_file: (0..types)
                .map(|t| rules.drops.iter().flat_map(|d| &d.per_file).find(|l| l.0.index() == t).map_or(0, |l| l.1))
                .collect(),
            no_drop_mate: rules.drops.iter().flat_map(|d| d.no_drop_mate.iter().copied()).collect(),
            must_drop: rules.drops.iter().flat_map(|d| d.must_drop.iter().copied()).collect(),
            hand_capacity: rules.drops.as_ref().and_then(|d| d.capacity),
            opposite_colors: rules.drops.iter().flat_map(|d| d.opposite_colors.iter().copied()).collect(),
            castling_rights_on_drop: rules.drops.iter().flat_map(|d| d.castling_rights_on_drop.iter().copied()).collect(),
            castling_rights_on_arrival: rules.castling_rights_on_arrival.iter().copied().collect(),
            promotes_as_a_move: PieceType::first(types)
                .filter(|&t| rules.piece(t).promotion.as_ref().is_some_and(|p| p.policy == PromotionPolicy::AsAMove))
                .collect(),
            drop_moves: rules.drops.as_ref().is_some_and(|d| d.drop_moves),
            unlimited_supply: rules
                .drops
                .as_ref()
                .filter(|d| d.unlimited)
                .map(|_| PieceType::first(types).filter(|&t| !rules.piece(t).royal).collect()),
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
            counts_checks: rules.end.checks.is_some(),
            checks_by_lines: false,
            acts_after_move: !modules.with_after_move.is_empty() || rules.end.counting.is_some() || rules.end.checks.is_some(),
            light: g.all().filter(|&sq| rules.is_light(sq)).fold(B::EMPTY, |b, sq| b | B::bit(sq)),
            lift_choices,
            lift_raise,
            must_capture: rules.must_capture,
            hops_or_flying,
            odd_attackers: hops_or_flying || rules.pieces.iter().any(|p| !p.locusts.is_empty()),
            barred,
            duple_check: rules.duple_check,
            flying,
            facing,
            passes,
            has_drops: rules.drops.is_some(),
            has_economy: rules.economy.is_some(),
            has_lift: rules.lift.is_some(),
            has_parts: rules.turn.has_parts(),
            // (A locust move may check along a way the pin analysis does not follow.)
            test_every_move: rules.duple_check
                || g.wrap_files
                || rules.circe.is_some()
                || rules.andernach
                || rules.madrasi
                || rules.transfer
                || rules.pieces.iter().any(|p| !p.locusts.is_empty()),
            walling: rules.turn.walls,
            series: rules.turn.series.is_some(),
            petrifying: mask(&rules, |p| p.petrify_on_capture),
            threatened: crate::features::series::threatened_sides(&rules.turn),
            madrasi: rules.madrasi,
            locusts: crate::features::locust::tables::Locusts::new(&rules, board),
            capture_conditions: rules.circe.is_some() || rules.andernach,
            exact_legality: rules.circe.is_some() || rules.andernach || rules.madrasi || rules.transfer,
            rare_effects: false,
            rules,
            modules,
        };
        // No rule over the whole list of moves: each move is judged by itself, at most by
        // the rule modules' refusals.
        let moves_judged_alone = !t.has_parts
            && !t.passes
            && !t.has_gating
            && t.must_drop.is_empty()
            && !t.must_capture
            && !t.bans_moves
            && t.modules.with_moves.is_empty();
        t.plain_generation = moves_judged_alone && t.modules.with_refusals.is_empty();
        t.piece_moves_alone =
            moves_judged_alone && !t.rules.transfer && !t.locusts.any() && !t.has_economy && !t.has_lift && t.promotes_as_a_move.is_empty();
        t.rare_effects = t.flips.is_some()
            || !t.petrifying.is_empty()
            || !t.castling_rights_on_arrival.is_empty()
            || t.capture_conditions
            || t.has_gating
            || t.aims_take_initial_moves
            || t.rules.transfer;
        t.retreating = crate::features::claims::retreating_types(&t);
        // (With parts, a part may follow one that already gave check.)
        t.checks_by_lines = !t.odd_attackers
            && !t.has_parts
            && !t.exact_legality
            && t.flips.is_none()
            && t.petrifying.is_empty()
            && t.modules.with_after_move.is_empty()
            && t.modules.with_check.is_empty()
            && Color::BOTH
                .iter()
                .all(|&c| t.special_attacker_types[c].is_empty() && !t.threatened[c] && t.attack_groups[c].iter().all(|g| !g.initial_only));
        t
    }
}

fn mask(rules: &Rules, f: impl Fn(&crate::rules::PieceDef) -> bool) -> PieceSet {
    rules.pieces.iter().enumerate().filter(|(_, p)| f(p)).map(|(t, _)| PieceType::new(t as u8)).collect()
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
