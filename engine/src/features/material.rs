//! Whether a side can still win with the material it has (Fairy-Stockfish's
//! `has_insufficient_material(Color)`, pyffish's pair), decided as Fairy-Stockfish decides
//! it, from the ruleset's data:
//!
//! * never while the game may be won otherwise than by mate: captures go to hand, the
//!   side holds pieces in hand (or coins enough to buy one), the ruleset has an
//!   extinction rule, a repetition that is not a draw (`nFoldValue`: bare kings too), or
//!   the side's goal-region piece is on the board;
//! * a piece counts by its movement as Fairy-Stockfish counts the built-in piece it moves
//!   like ([`Mating`]): a major piece (rook, queen, silver, gold, commoner, bers…, and any
//!   movement of no built-in piece) or a pawn that may promote to one makes the side
//!   sufficient; colour-bound pieces (bishop, fers, alfil…) need pieces on both colours or
//!   another piece on the board; other pieces (knight, wazir, pawn…) need one more piece of
//!   either side. A piece that can never reach the enemy king's squares counts for nothing;
//! * with a stalemate that is not a draw, a count of checks that wins (n-check), a rule
//!   module that ends games, or royals that may not flee check (Makpong), any piece but
//!   the king may win;
//! * two royals under duple check may win together (Spartan chess).

use crate::bitboard::Bitboard;
use crate::position::Pos;
use crate::rules::{Captured, Mating, Rules, Verdict};
use crate::types::{Color, PieceSet, PieceType};

/// Fairy-Stockfish's built-in pieces by movement (`piece.cpp`), as its
/// `has_insufficient_material` classes them (`MAJOR_PIECES`, `COLORBOUND_PIECES`, the rest).
const BUILT_IN: &[(&str, Mating)] = &[
    ("R", Mating::Major),
    ("Q", Mating::Major),
    ("BN", Mating::Major),
    ("RN", Mating::Major),
    ("FfW", Mating::Major),
    ("WfF", Mating::Major),
    ("K", Mating::Major),
    ("KN", Mating::Major),
    ("QN", Mating::Major),
    ("RF", Mating::Major),
    ("B", Mating::ColorBound),
    ("F", Mating::ColorBound),
    ("FA", Mating::ColorBound),
    ("A", Mating::ColorBound),
    ("nA", Mating::ColorBound),
    ("N", Mating::Minor),
    ("W", Mating::Minor),
    ("RNF", Mating::Minor),
    ("mNcB", Mating::Minor),
    ("mBcN", Mating::Minor),
    ("mNcR", Mating::Minor),
    ("mRcN", Mating::Minor),
    ("fW", Mating::Minor),
    ("fR", Mating::Minor),
    ("fN", Mating::Minor),
    ("BW", Mating::Minor),
    ("cW", Mating::Minor),
    ("fmWfF", Mating::Minor),
    ("mRcpR", Mating::Minor),
    ("pR", Mating::Minor),
    ("fsW", Mating::Minor),
    ("nN", Mating::Minor),
    ("RcpRnN", Mating::Minor),
];

/// How each type of `rules` counts for mating: as the built-in piece it moves like; a
/// pawn (the ruleset's `pawn`) as Fairy-Stockfish's pawn, minor; any other movement as
/// Fairy-Stockfish counts a custom piece, major.
pub(crate) fn classes(rules: &Rules) -> Vec<Mating> {
    let canonical = |betza: &str| {
        crate::betza::parse(betza).ok().map(|mut d| {
            d.sort();
            d.dedup();
            d
        })
    };
    let built_in: Vec<_> = BUILT_IN.iter().filter_map(|&(b, m)| canonical(b).map(|d| (d, m))).collect();
    rules
        .pieces
        .iter()
        .map(|p| {
            if p.pawn {
                return Mating::Minor;
            }
            // A move only an unmoved piece has (Cambodian's met) is no lasting power.
            let mut own: Vec<_> = p.directions.iter().filter(|d| !d.initial_only).cloned().collect();
            own.sort();
            own.dedup();
            match built_in.iter().find(|(d, _)| *d == own).map_or(Mating::Major, |&(_, m)| m) {
                // Round a cylinder of an odd number of files, a step across the edge
                // changes the square's colour: no piece is bound to one.
                Mating::ColorBound if rules.geometry.wrap_files && rules.geometry.board_files() % 2 == 1 => Mating::Minor,
                m => m,
            }
        })
        .collect()
}

impl<B: Bitboard> Pos<B> {
    /// Whether `side` can no longer win, whatever its opponent does (Fairy-Stockfish's
    /// `has_insufficient_material`; see the file's header).
    pub fn insufficient_material_of(&self, side: Color) -> bool {
        let t = &*self.t;
        let rules = &*t.rules;
        let end = &rules.end;
        let captures_to_hand = rules.drops.is_some() && rules.pieces.iter().any(|p| matches!(p.captured_as, Captured::Hand(_)));
        let goal_piece = end.region_win.as_ref().is_some_and(|r| (self.of_types(r.pieces) & self.board.by_color[side]).any());
        if captures_to_hand
            || self.hands[side].iter().any(|&n| n > 0)
            || self.may_buy(side)
            || !end.extinction.is_empty()
            || end.army_captured.is_some()
            || Color::BOTH.iter().any(|&c| end.repetition_verdict[c] != Verdict::Draw)
            || goal_piece
        {
            return false;
        }
        // Royals that may stand in check while another is safe (duple check) mate together:
        // one takes the square beside the enemy king, the other guards it.
        if rules.duple_check && self.royals(side).count() >= 2 {
            return false;
        }
        let classes = t.mating.get_or_init(|| classes(rules));
        let them = side.opponent();
        let royal_types = t.royal_types;
        let enemy_royal_squares = t.royal_region(them);
        let promoters: PieceSet = rules.piece_types().filter(|&p| rules.piece(p).promotion.is_some()).collect();
        let may_promote = self.of_types(promoters) & self.color_bb(side);
        let promotes_to =
            |pt: PieceType| promoters.iter().any(|p| rules.piece(p).promotion.as_ref().is_some_and(|pr| pr.to[side].contains(&pt)));
        let mut restricted = self.of_types(royal_types);
        let mut colour_bound = B::EMPTY;
        for pt in rules.piece_types() {
            let own = self.pieces(side, pt);
            if royal_types.contains(pt) || (t.mobility(side, pt).within & enemy_royal_squares).is_empty() {
                restricted |= own;
                continue;
            }
            match classes[pt] {
                Mating::Major if own.any() || (may_promote.any() && promotes_to(pt)) => return false,
                Mating::Major | Mating::Minor => {}
                Mating::ColorBound => colour_bound |= self.board.by_type[pt],
            }
        }
        let pieces = self.with_pieces();
        let unbound = pieces & !restricted & !colour_bound;
        // Rules under which a piece may win without mating (or mate in more ways).
        let other_wins =
            end.stalemate != Verdict::Draw || end.checks.is_some() || !t.modules.with_outcome.is_empty() || !rules.royal_flees_check;
        let mine = self.color_bb(side);
        if (colour_bound & mine).any() {
            let both_colours = (colour_bound & t.light).any() && (colour_bound & !t.light).any();
            if both_colours || unbound.any() || other_wins {
                return false;
            }
        }
        if (unbound & mine).any() && ((pieces & !restricted).count() >= 2 || other_wins) {
            return false;
        }
        // A stalemate that wins, and a royal piece that is no king (it may be stalemated)
        // and can reach the squares of the enemy's (a general kept in its palace cannot).
        if end.stalemate != Verdict::Draw {
            let king = crate::betza::parse("K").unwrap_or_default();
            let odd_royal = royal_types.iter().any(|k| {
                let mut d = rules.piece(k).directions.clone();
                d.sort();
                d.dedup();
                d != king && self.pieces(side, k).any() && (t.mobility(side, k).within & enemy_royal_squares).any()
            });
            if odd_royal {
                return false;
            }
        }
        true
    }

    /// Whether `side` has coins enough to buy or upgrade a piece (material still to come).
    pub(crate) fn may_buy(&self, side: Color) -> bool {
        let Some(e) = &self.t.rules.economy else { return false };
        let cheapest = e.buy.iter().map(|b| b.1).chain(e.upgrades.iter().map(|u| u.cost)).min();
        cheapest.is_some_and(|c| self.status.coins[side] >= c)
    }
}
