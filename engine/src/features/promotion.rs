//! Promotion: a piece that arrives in (or, Shogi-style, leaves) its promotion zone
//! becomes one of the types its ruleset lists — mandatorily, optionally, or if any is
//! available — within each type's `limit` on the board; optional promotion is forced
//! where the piece could never move again.
//!
//! This file owns the schema (`promotion = { … }` of a piece), its compile step, and the
//! promotions generated for a move into the zone. (The zones themselves are tables:
//! [`crate::tables::Mobility::promotion_zone`].)

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::movegen::{MoveSink, Safety};
use crate::moves::{Move, MoveKind};
use crate::position::Pos;
use crate::rules::{Promotion, PromotionPolicy, Region};
use crate::ruleset::context::{Context, ListOrTable, SideLists};
use crate::ruleset::error::RulesetError;
use crate::types::{ByColor, PieceType, Square};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPromotion {
    /// The zone: own ranks (from 1), and squares listed one by one (see `regions`).
    ranks: Option<Spanned<Vec<u8>>>,
    squares: Option<SideLists>,
    /// `to = [...]` (both sides alike) or `to = { white = [...], black = [...] }` (armies
    /// that promote to different sets: Chigorin chess, Spartan chess).
    to: SideLists,
    #[serde(default = "mandatory")]
    policy: RawPolicy,
    /// `true`, `false` or `"capturing"`.
    from_zone: Option<Spanned<toml::Value>>,
    #[serde(default)]
    on_capture: bool,
    /// Own ranks (inside the zone) where any move that ends there may promote.
    always_on: Option<Spanned<Vec<u8>>>,
    #[serde(default = "yes")]
    en_passant: bool,
}

fn mandatory() -> RawPolicy {
    RawPolicy::Mandatory
}

fn yes() -> bool {
    true
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum RawPolicy {
    Mandatory,
    Optional,
    Free,
    IfAvailable,
    AsAMove,
}

/// Compiles a piece's `promotion` table; `key` is its dotted key
/// (`pieces.pawn.promotion`), `betza` the piece's movement (where an error about the
/// table as a whole points).
pub(crate) fn compile(pr: &RawPromotion, betza: &Spanned<String>, cx: &Context, key: &str) -> Result<Promotion, RulesetError> {
    let key = |k: &str| format!("{key}.{k}");
    let mut ranks = match &pr.ranks {
        Some(ranks) => cx.ranks(ranks, &key("ranks"))?,
        None => Region::default(),
    };
    if let Some(lists) = &pr.squares {
        ranks = ranks.with_squares(cx.region_squares(lists, &key("squares"))?);
    }
    if ranks.is_empty() {
        let at = pr.ranks.as_ref().map_or(betza.span(), |r| r.span());
        return Err(cx.r.at(at.start, key("ranks"), "the promotion zone needs at least one rank or square"));
    }
    let targets = |names: &[Spanned<String>], k: &str| {
        if names.is_empty() {
            return Err(cx.r.span(betza, key(k), "a promotion needs at least one piece to promote to"));
        }
        cx.types_of(names, &key(k))
    };
    let to = match &pr.to {
        ListOrTable::List(names) => ByColor::both(targets(names, "to")?),
        ListOrTable::Table(sides) => ByColor::new(targets(&sides.white, "to.white")?, targets(&sides.black, "to.black")?),
    };
    let policy = match pr.policy {
        RawPolicy::Mandatory => PromotionPolicy::Mandatory,
        RawPolicy::Optional => PromotionPolicy::Optional,
        RawPolicy::Free => PromotionPolicy::Free,
        RawPolicy::IfAvailable => PromotionPolicy::IfAvailable,
        RawPolicy::AsAMove => PromotionPolicy::AsAMove,
    };
    let (from_zone, from_zone_captures) = match pr.from_zone.as_ref().map(|v| (v, v.get_ref())) {
        None | Some((_, toml::Value::Boolean(false))) => (false, false),
        Some((_, toml::Value::Boolean(true))) => (true, false),
        Some((_, toml::Value::String(w))) if w == "capturing" => (true, true),
        Some((at, v)) => return Err(cx.r.span(at, key("from_zone"), format!("`{v}`: `true`, `false` or `\"capturing\"`"))),
    };
    let always_on = match &pr.always_on {
        None => Region::default(),
        Some(list) => {
            let always = cx.ranks(list, &key("always_on"))?;
            if let Some(r) = list.get_ref().iter().find(|&&r| !ranks.has_rank(r.wrapping_sub(1))) {
                return Err(cx.r.span(list, key("always_on"), format!("rank {r} is not in the promotion zone (`ranks`)")));
            }
            always
        }
    };
    Ok(Promotion { ranks, to, policy, from_zone, from_zone_captures, on_capture: pr.on_capture, always_on, en_passant: pr.en_passant })
}

impl<B: Bitboard> Pos<B> {
    /// The moves of the piece on `from` to every square of `squares`, each a move that
    /// promotes (already known to be legal as a move of the unpromoted piece): counted
    /// at once where they need no look at the board (and the sink need not see them).
    #[inline]
    pub(crate) fn emit_promotions_to<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>, pt: PieceType, from: Square, squares: B) {
        if squares.is_empty() {
            return;
        }
        let mut squares = squares;
        if S::PLAIN_COUNTS {
            // (Promotions are plain moves: those ending where the sink must see them go
            // on one by one.)
            let seen = sink.seen::<B>();
            if let Some(n) = self.count_promotions(pt, squares & !seen) {
                sink.push_count(n);
                squares &= seen;
            }
        }
        for to in squares.squares() {
            self.emit_promotions(sink, safety, pt, Move::normal(from, to), true);
        }
    }

    /// How many moves promoting arrivals of a `pt` on `squares` make, where no type it
    /// promotes to has a limit or is royal (else the board decides, move by move).
    fn count_promotions(&self, pt: PieceType, squares: B) -> Option<u64> {
        let t = &*self.t;
        let promotion = t.rules.piece(pt).promotion.as_ref()?;
        let to = &promotion.to[self.turn];
        if to.iter().any(|&to| t.royal_types.contains(to) || t.rules.piece(to).limit.is_some()) {
            return None;
        }
        let promoted = squares.count() as u64 * to.len() as u64;
        Some(match promotion.policy {
            // Every type is available, so none is declined.
            PromotionPolicy::Mandatory | PromotionPolicy::IfAvailable => promoted,
            PromotionPolicy::Optional => promoted + (squares & !t.mobility(self.turn, pt).dead).count() as u64,
            PromotionPolicy::Free => promoted + squares.count() as u64,
            PromotionPolicy::AsAMove => unreachable!("an arrival never promotes a piece that promotes as a move"),
        })
    }

    /// The moves of a piece arriving in its promotion zone, `legal` if the move is legal as
    /// one of the unpromoted piece. A promotion to a royal type is legal only if the new
    /// royal is not attacked where it lands (coregal chess's queen); with `duple_check`
    /// it may also be what makes the move legal (a second king, unattacked, ends a check).
    #[inline]
    pub(crate) fn emit_promotions<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>, pt: PieceType, m: Move, legal: bool) {
        let rules = &self.t.rules;
        let promotion = rules.piece(pt).promotion.as_ref().expect("promotion zone without promotion");
        let dead = self.t.mobility(self.turn, pt).dead;
        let available = |target: PieceType| rules.piece(target).limit.is_none_or(|n| self.pieces(self.turn, target).count() < n as u32);
        // A piece that promotes on a double step is no longer one that can be taken e.p.
        let base = if m.kind == MoveKind::DoubleStep { Move { kind: MoveKind::Normal, ..m } } else { m };
        let mut promoted = false;
        let safe_as = |target: PieceType| {
            if safety.unguarded {
                true
            } else if self.t.royal_types.contains(target) {
                self.is_safe_after(base, safety.royals | B::bit(m.to))
            } else if self.t.exact_legality {
                // What the new type does decides (Andernach: it changes sides; Madrasi: it
                // may paralyse or be paralysed).
                self.is_safe_after(base.promoting(target), safety.royals)
            } else {
                legal
            }
        };
        for &target in promotion.to[self.turn].iter().filter(|&&t| available(t) && safe_as(t)) {
            sink.push(base.promoting(target));
            promoted = true;
        }
        let plain = match promotion.policy {
            PromotionPolicy::Mandatory => false,
            // Declining is allowed unless the piece could never move again.
            PromotionPolicy::Optional => !dead.has(m.to),
            PromotionPolicy::Free => true,
            PromotionPolicy::IfAvailable => !promoted,
            PromotionPolicy::AsAMove => unreachable!("an arrival never promotes a piece that promotes as a move"),
        };
        if plain && legal {
            sink.push(m);
        }
    }
}
