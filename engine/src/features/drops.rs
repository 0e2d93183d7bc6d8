//! Hands and drops: captured pieces go to the captor's hand (as the capture map says,
//! demoted if they were promoted), and come back as a move of their own.
//!
//! This file owns the rule whole: the `[drops]` schema and compile step, the drops
//! generated (drop zones, a limit per file, no mating drop), the capture into the hand and
//! the promoted marks it needs, the hand in the FEN, and why a drop is refused.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::fen::error::{err, FenError, FenField};
use crate::movegen::{MoveSink, Safety};
use crate::moves::{Move, MoveKind};
use crate::position::{Pos, Undo, HAND_MAX};
use crate::refusal::{refuse, IllegalCode, MoveError};
use crate::rules::{Drops, ResetEvent, Rules};
use crate::ruleset::context::{Context, SideLists};
use crate::ruleset::error::RulesetError;
use crate::ruleset::source::Reporter;
use crate::tables::{Shape, Zobrist};
use crate::types::{ByColor, Color, Geometry, Piece, PieceSet, PieceType, Square, MAX_PIECE_TYPES};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawDrops {
    #[serde(default)]
    one_per_file: Vec<Spanned<String>>,
    #[serde(default)]
    per_file: IndexMap<String, Spanned<u8>>,
    #[serde(default)]
    no_drop_mate: Vec<Spanned<String>>,
    #[serde(default)]
    demote_on_capture: bool,
    capacity: Option<u8>,
    #[serde(default)]
    immobile_drops: bool,
    must_drop: Option<RawMustDrop>,
    #[serde(default)]
    promoted: bool,
    #[serde(default = "yes")]
    pub captures_to_hand: bool,
    #[serde(default = "yes")]
    drop_moves: bool,
    #[serde(default)]
    opposite_colors: Vec<Spanned<String>>,
    #[serde(default)]
    castling_rights_on_drop: Vec<Spanned<String>>,
    pub ranks: Option<Spanned<super::regions::RawRegion>>,
    #[serde(default)]
    unlimited: bool,
    placement: Option<super::flips::RawPlacement>,
    first_squares: Option<SideLists>,
    #[serde(default = "yes")]
    checks: bool,
    #[serde(default)]
    two_boards: bool,
}

/// `must_drop`: every type (`true`: a setup phase) or the listed ones.
pub(crate) enum RawMustDrop {
    Every(bool),
    Types(Vec<Spanned<String>>),
}

// By hand, not `untagged`: an untagged enum buffers the value and loses the names' spans.
impl<'de> Deserialize<'de> for RawMustDrop {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RawMustDrop;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`true`, `false` or a list of piece names")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<RawMustDrop, E> {
                Ok(RawMustDrop::Every(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<RawMustDrop, A::Error> {
                let mut names = Vec::new();
                while let Some(name) = seq.next_element()? {
                    names.push(name);
                }
                Ok(RawMustDrop::Types(names))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// Compiles the `[drops]` table.
pub(crate) fn compile(d: &RawDrops, cx: &Context) -> Result<Drops, RulesetError> {
    Ok(Drops {
        per_file: per_file(d, cx)?,
        no_drop_mate: cx.types_of(&d.no_drop_mate, "drops.no_drop_mate")?,
        demote_on_capture: d.demote_on_capture,
        capacity: d.capacity,
        immobile_drops: d.immobile_drops,
        must_drop: match &d.must_drop {
            None | Some(RawMustDrop::Every(false)) => Vec::new(),
            Some(RawMustDrop::Every(true)) => PieceType::first(cx.names.len()).collect(),
            Some(RawMustDrop::Types(names)) => cx.types_of(names, "drops.must_drop")?,
        },
        drop_moves: d.drop_moves,
        opposite_colors: cx.types_of(&d.opposite_colors, "drops.opposite_colors")?,
        castling_rights_on_drop: cx.types_of(&d.castling_rights_on_drop, "drops.castling_rights_on_drop")?,
        promoted: d.promoted,
        unlimited: d.unlimited,
        placement: d.placement.map(Into::into),
        first_squares: match &d.first_squares {
            Some(lists) => cx.region_squares(lists, "drops.first_squares")?,
            None => ByColor::default(),
        },
        checks: d.checks,
        two_boards: d.two_boards,
    })
}

/// The per-file limits: `one_per_file` types at one, `per_file` types at their count.
fn per_file(d: &RawDrops, cx: &Context) -> Result<Vec<(PieceType, u8)>, RulesetError> {
    let mut limits: Vec<(PieceType, u8)> = cx.types_of(&d.one_per_file, "drops.one_per_file")?.into_iter().map(|t| (t, 1)).collect();
    for (name, count) in &d.per_file {
        let key = format!("drops.per_file.{name}");
        let t = cx.type_named(name, count, &key)?;
        if *count.get_ref() == 0 {
            return Err(cx.r.span(count, key, "a per-file limit of 0 would forbid every drop of it: give at least 1"));
        }
        if limits.iter().any(|&(u, _)| u == t) {
            return Err(cx.r.span(count, key, format!("`{name}` is limited by `one_per_file` already")));
        }
        limits.push((t, *count.get_ref()));
    }
    Ok(limits)
}

/// With `demote_on_capture`, every type that is promoted to must come from one type only.
pub(crate) fn check_demotion(rules: &Rules, raw: &Spanned<RawDrops>, r: &Reporter) -> Result<(), RulesetError> {
    if !raw.get_ref().demote_on_capture {
        return Ok(());
    }
    for (t, p) in rules.pieces.iter().enumerate() {
        let promoted_to = rules.pieces.iter().any(|q| q.promotion.as_ref().is_some_and(|pr| pr.reaches(PieceType::new(t as u8))));
        if promoted_to && rules.demoted(PieceType::new(t as u8)).is_none() {
            return Err(r.span(
                raw,
                "drops.demote_on_capture",
                format!("`{}` is promoted to from several types, so a captured promoted one has no single type to return as", p.name),
            ));
        }
    }
    Ok(())
}

impl<B: Bitboard> Pos<B> {
    #[inline]
    pub(crate) fn generate_drops<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        let t = &*self.t;
        let us = self.turn;
        let empty = t.board & !self.occupied();
        for pt in self.droppable(us).iter() {
            let mob = t.mobility(us, pt);
            let mut targets = empty & mob.drop_zone & safety.evasions;
            if !t.must_drop.is_empty() || !t.opposite_colors.is_empty() {
                targets = self.setup_drop_targets(pt, targets);
            }
            if t.placement.is_some() || t.first_squares[us].any() {
                targets = self.placement_targets(targets);
            }
            let limit = t.per_file[pt];
            if limit > 0 {
                let mine = self.pieces(us, pt);
                for sq in mine.squares() {
                    let file = t.file_masks[t.geometry.file(sq) as usize];
                    if (mine & file).count() >= u32::from(limit) {
                        targets &= !file;
                    }
                }
            }
            let mate_matters = t.no_drop_mate.contains(pt);
            let exposes_nothing = safety.adding_exposes_nothing();
            if exposes_nothing {
                // Only a drop that may mate needs a look.
                let untested = if mate_matters { targets & !self.drop_checks(pt) } else { targets };
                sink.push_drops(pt, untested);
                targets &= !untested;
            }
            for to in targets.squares() {
                let m = Move::new(to, to, MoveKind::Drop, pt);
                let safe = exposes_nothing || self.is_safe_after(m, safety.royals);
                if safe && !(mate_matters && self.drop_mates(m)) {
                    sink.push(m);
                }
            }
        }
    }

    /// The types `color` holds in hand, as drops place them (lowest first, the order moves
    /// are generated in): a mask of the held slots, in one vectorised pass over the hand.
    #[inline]
    fn droppable(&self, color: Color) -> PieceSet {
        let t = &*self.t;
        if let Some(supply) = t.unlimited_supply {
            return supply;
        }
        let held = held_mask(&self.hands[color], t.types);
        if t.hand_slot_is_own {
            return PieceSet::from_bits(held);
        }
        PieceSet::from_bits(held).iter().map(|slot| t.drops_from_slot[slot]).fold(PieceSet::EMPTY, |a, b| a | b)
    }

    /// The squares from which a `pt` of the side to move would attack an enemy royal: a
    /// lookup for a plain leaper, every square for other pieces (asked drop by drop).
    fn drop_checks(&self, pt: PieceType) -> B {
        let t = &*self.t;
        let us = self.turn;
        if t.mobility(us, pt).shape != Shape::Leaper {
            return !B::EMPTY;
        }
        let base = (us.index() * t.types + pt.index()) * t.squares;
        let mut checks = B::EMPTY;
        for royal in self.royals(us.opponent()).squares() {
            checks |= t.leap_attackers[base + royal.index()];
        }
        checks
    }

    /// Whether a drop checkmates (for the ban on mating with certain drops).
    fn drop_mates(&self, m: Move) -> bool {
        let them = self.turn.opponent();
        let occ = self.occupied() | B::bit(m.to);
        if (self.capture_reach(self.turn, m.piece, m.to, occ) & self.royals(them)).is_empty() {
            return false;
        }
        let mut child = self.without_history();
        child.play_unchecked(m);
        child.count_moves() == 0
    }

    /// Plays a drop; whether it resets the move-rule counter.
    #[inline]
    pub(crate) fn play_drop(&mut self, m: Move) -> bool {
        let t = &*self.t;
        let us = self.turn;
        if t.unlimited_supply.is_none() {
            let slot = t.hand_slot[m.piece];
            let n = self.hands[us][slot];
            self.hands[us][slot] = n - 1;
            self.status.hash ^= Zobrist::hand(us, slot, n) ^ Zobrist::hand(us, slot, n - 1);
        }
        if !t.castling_rights_on_drop.is_empty() {
            let gained = self.rights_from_drop(m.piece, m.to);
            self.status.castling |= gained;
            self.status.hash ^= t.zobrist.castles(gained);
        }
        self.board.put(m.to, Piece { color: us, kind: m.piece });
        self.status.hash ^= t.piece_key(us, m.piece, m.to);
        t.resets & (1 << ResetEvent::Drop as u8) != 0
    }

    /// Removes the enemy piece on `sq`, putting into the mover's hand what the rules say.
    #[inline]
    pub(crate) fn capture(&mut self, sq: Square, undo: &mut Undo<B>) {
        let t = &*self.t;
        let cap = self.board.take(sq);
        self.status.hash ^= t.piece_key(cap.color, cap.kind, sq);
        undo.captured = cap.code();
        if t.has_drops {
            if let Some(k) = self.give_to_captors_hand(cap, sq) {
                undo.to_hand = k.get();
            }
        }
    }

    /// Gives the piece `cap`, just taken off `sq`, to its opponent's hand as the rules
    /// say (demoted if it was promoted there; the mark goes): the type that went into
    /// the hand, if any.
    pub(crate) fn give_to_captors_hand(&mut self, cap: Piece, sq: Square) -> Option<PieceType> {
        let t = &*self.t;
        let kind = if t.demote_on_capture && self.status.promoted.has(sq) {
            self.status.promoted ^= B::bit(sq);
            self.status.hash ^= t.zobrist.promoted[sq];
            // Demoted first, then what the type it demotes to becomes in hand: a
            // promoted piece whose own type has `captured_as = "none"` still goes to
            // hand as what it was promoted from.
            t.to_hand[t.demoted[cap.kind].unwrap_or(cap.kind)]
        } else {
            t.to_hand[cap.kind]
        };
        let k = kind?;
        let us = cap.color.opponent();
        let n = self.hands[us][k];
        // A full hand lets the piece leave the game; one type's count stops at 255 (its
        // counter's width) the same way, rather than wrapping to 0.
        let full = n == HAND_MAX || t.hand_capacity.is_some_and(|c| self.hands[us].iter().map(|&n| n as u32).sum::<u32>() >= c as u32);
        if full {
            return None;
        }
        self.hands[us][k] = n + 1;
        self.status.hash ^= Zobrist::hand(us, k, n) ^ Zobrist::hand(us, k, n + 1);
        Some(k)
    }

    /// The piece the last move took, as it passes to a partner on another board
    /// (`[drops] two_boards`): demoted if it was promoted there (`Q~` passes as a pawn),
    /// counted as the type its hand slot holds.
    pub(crate) fn last_capture(&self) -> Option<Piece> {
        let t = &*self.t;
        let u = self.history.last()?;
        let cap = Piece::from_code(u.captured)?;
        let promoted = u.mv.kind != MoveKind::EnPassant && u.before.promoted.has(u.mv.to);
        let kind = if promoted { t.demoted[cap.kind].unwrap_or(cap.kind) } else { cap.kind };
        Some(Piece { color: cap.color, kind: t.hand_slot[kind] })
    }

    /// Changes a hand from outside the game (a partner passes a piece, or takes it back
    /// when that capture is taken back): `false`, and nothing changes, where the variant
    /// has no hands, the hand is full or holds none of it.
    pub(crate) fn hand_by(&mut self, p: Piece, add: bool) -> bool {
        let t = &*self.t;
        if t.rules.drops.is_none() || t.unlimited_supply.is_some() || p.kind.index() >= t.types || t.hand_slot[p.kind] != p.kind {
            return false;
        }
        let n = self.hands[p.color][p.kind];
        let held: u32 = self.hands[p.color].iter().map(|&n| u32::from(n)).sum();
        let next = if add {
            if n == HAND_MAX || t.hand_capacity.is_some_and(|c| held >= u32::from(c)) {
                return false;
            }
            n + 1
        } else {
            let Some(next) = n.checked_sub(1) else { return false };
            next
        };
        self.hands[p.color][p.kind] = next;
        self.status.hash ^= Zobrist::hand(p.color, p.kind, n) ^ Zobrist::hand(p.color, p.kind, next);
        true
    }

    /// Keeps the promoted marks in step with a board move (only where they matter).
    #[inline]
    pub(crate) fn carry_promoted(&mut self, m: Move) {
        let t = &*self.t;
        if !t.demote_on_capture {
            return;
        }
        let was = self.status.promoted.has(m.from);
        if was || m.promotion().is_some() {
            if was {
                self.status.promoted ^= B::bit(m.from);
                self.status.hash ^= t.zobrist.promoted[m.from];
            }
            self.status.promoted |= B::bit(m.to);
            self.status.hash ^= t.zobrist.promoted[m.to];
        }
    }

    /// Appends the hands in FEN (`[QNPqp]`), for variants with drops.
    pub(crate) fn write_hand(&self, s: &mut String) {
        let t = &*self.t;
        // An unlimited supply is no hand: Fairy-Stockfish writes none.
        if t.rules.drops.is_none() || t.unlimited_supply.is_some() {
            return;
        }
        s.push('[');
        for c in Color::BOTH {
            for pt in PieceType::first(t.types) {
                for _ in 0..self.hands[c][pt] {
                    t.rules.fen_symbol(pt, c).write_to(s);
                }
            }
        }
        s.push(']');
    }

    /// Why the drop of a `pt` on `to` (written `text`) is refused: the drop zone and
    /// the per-file limit are the generator's own masks, asked square by square.
    pub(crate) fn explain_drop(&self, text: &str, pt: PieceType, to: Square) -> Result<Move, MoveError> {
        let t = &*self.t;
        let rules = &t.rules;
        let g = t.geometry;
        let us = self.turn;
        let square = g.square_name(to);
        let square = square.as_str();
        let name = &rules.piece(pt).name;
        let Some(drops) = &rules.drops else {
            return refuse(IllegalCode::HandEmpty, format!("{} has no pieces in hand", rules.name));
        };
        let slot = t.hand_slot[pt];
        if self.hand(us, slot) == 0 && t.unlimited_supply.is_none() {
            return refuse(IllegalCode::HandEmpty, format!("{us} has no {} in hand", rules.piece(slot).name));
        }
        if self.piece_at(to).is_some() {
            return refuse(IllegalCode::SquareOccupied, format!("cannot drop on {square}: it is occupied"));
        }
        let mob = t.mobility(us, pt);
        if !mob.drop_zone.has(to) {
            let why = if mob.dead.has(to) { "it could never move from there" } else { "that rank is outside its drop zone" };
            return refuse(IllegalCode::DropZone, format!("a {name} cannot be dropped on {square}: {why}"));
        }
        if let Some(e) = self.drop_duty_refusal(pt).or_else(|| self.placement_refusal(to)) {
            return Err(e);
        }
        let limit = t.per_file[pt];
        if limit > 0 && (self.pieces(us, pt) & t.file_masks[g.file(to) as usize]).count() >= u32::from(limit) {
            let has = if limit == 1 { "one".to_string() } else { format!("{limit}") };
            return refuse(
                IllegalCode::DropZone,
                format!("a {name} cannot be dropped on {square}: {us} already has {has} on the {}-file", Geometry::file_char(g.file(to))),
            );
        }
        if let Some(refusal) = self.explain_color_room(pt, to) {
            return refusal;
        }
        let m = Move::new(to, to, MoveKind::Drop, pt);
        if drops.no_drop_mate.contains(&pt) && self.is_safe_after(m, self.royals(us)) {
            return refuse(IllegalCode::DropMate, format!("a {name} drop may not give checkmate"));
        }
        if !drops.checks && self.is_safe_after(m, self.royals(us)) && self.gives_check(m) {
            return refuse(IllegalCode::GivesCheck, format!("`{text}` gives check, and no drop may give check in this variant"));
        }
        let royal = rules.pieces.iter().find(|p| p.royal).map_or("royal piece", |p| p.name.as_str());
        refuse(IllegalCode::LeavesRoyalInCheck, format!("`{text}` leaves the {royal} in check"))
    }
}

/// The mask of the slots of `hand` that hold a piece (slot `i` is bit `i`), looking at
/// the words that cover the first `types` slots: eight slots a word, each nonzero byte
/// found without a branch (a drop variant asks it at every node).
#[inline]
pub(crate) fn held_mask(hand: &[u8; MAX_PIECE_TYPES], types: usize) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut mask = 0;
    for (i, chunk) in hand.chunks_exact(8).take(types.div_ceil(8)).enumerate() {
        let w = u64::from_le_bytes(chunk.try_into().expect("eight slots"));
        // The high bit of each byte that is not zero.
        let nonzero = (((w & LOW7) + LOW7) | w) & !LOW7;
        // Gather the eight high bits into one byte.
        mask |= ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
    }
    mask
}

/// Reads a hand such as `QNPPqp`, `2P`, `-` or nothing.
pub(crate) fn parse_hand(rules: &crate::rules::Rules, hand: &str) -> Result<ByColor<[u8; MAX_PIECE_TYPES]>, FenError> {
    let mut hands = ByColor::both([0u8; MAX_PIECE_TYPES]);
    if hand == "-" {
        return Ok(hands);
    }
    let mut count: Option<u32> = None;
    let mut plus = false;
    for c in hand.chars() {
        if c == '+' && !plus {
            plus = true;
            continue;
        }
        if let Some(d) = c.to_digit(10).filter(|_| !plus) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > HAND_MAX as u32 {
                return err(FenField::Board, format!("hand: a count above {HAND_MAX}"));
            }
            count = Some(n);
            continue;
        }
        // `+P`: the promoted face of the piece lettered P.
        let face = |u| if plus { rules.promoted_face(u) } else { Some(u) };
        let Some(kind) = rules.piece_by_letter(c).filter(|_| c.is_ascii_alphabetic()).and_then(face) else {
            let plus = if plus { "+" } else { "" };
            return err(FenField::Board, format!("hand: `{plus}{c}` is not a piece of this variant"));
        };
        plus = false;
        if rules.piece(kind).royal && !rules.drops.as_ref().is_some_and(|d| d.must_drop.contains(&kind)) {
            return err(
                FenField::Board,
                format!(
                    "hand: `{c}` is royal, and a royal piece is in the hand only in a setup phase that must drop it (`[drops] must_drop`)"
                ),
            );
        }
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let slot = &mut hands[color][kind];
        let n = *slot as u32 + count.take().unwrap_or(1);
        if n > HAND_MAX as u32 {
            return err(FenField::Board, format!("hand: more than {HAND_MAX} of one piece"));
        }
        *slot = n as u8;
    }
    if count.is_some() || plus {
        return err(FenField::Board, "hand: a count or `+` with no piece after it");
    }
    Ok(hands)
}

fn yes() -> bool {
    true
}
