//! Fairy-Stockfish's pawn types, for `convert`: the pieces that double-step (its pawn by
//! `doubleStep`, any piece by an initial `ifmnD`; both from the double-step region), that
//! take en passant (`enPassantTypes`), and that promote as pawns do (`promotionPawnTypes`,
//! to `promotionPieceTypes`). The `pawnTypes` alias sets the lists (see `fsf`).

use std::collections::{BTreeMap, BTreeSet};

use toml::{Table, Value};

use super::conv::{ints, strings, Conv, Squares};
use super::fsf::Src;
use super::Refusal;
use crate::betza::{self, Hop, Mode};

/// Fairy-Stockfish's colour suffixes, White's first.
const SIDES: [&str; 2] = ["White", "Black"];

impl Conv<'_> {
    /// Where double steps may be taken en passant: on every square (Fairy-Stockfish's
    /// default `enPassantRegion`), `None` on none (`-`), or only those of some own ranks
    /// (`Some` of the own ranks, of `double`, 1-based): each side's region (the squares
    /// the other side's steps pass, which it may take) being whole ranks that those steps
    /// pass, the same for both sides (Horde's). Any other region is refused, and so is
    /// any but the whole board or none where pawns step three squares (`triple`).
    fn en_passant_ranks(&self, double: &[u8], triple: &[u8]) -> Result<Option<Vec<u8>>, Refusal> {
        let all = self.files as usize * self.ranks as usize;
        let mut sizes = Vec::new();
        let mut by_side = Vec::new();
        for side in SIDES {
            let own = format!("enPassantRegion{side}");
            let key = if self.fsf.value(&own).is_some() { own } else { "enPassantRegion".to_string() };
            let region = self.region(&key, |_, _| true)?;
            let n = region.len();
            if n != 0 && n != all && !triple.is_empty() {
                return Err(self.refuse(&key, "an en-passant region of some squares where pawns step three squares (not converted yet)"));
            }
            if n != 0 && n != all {
                // The other side's steps from own rank `d` pass its own rank `d + 1`.
                let passed = |d: u8| if side == "White" { self.ranks - 1 - d } else { d };
                let whole = |r: u8| (0..self.files).all(|f| region.contains(&(f, r)));
                let ranks: Vec<u8> = double.iter().copied().filter(|&d| d < self.ranks && whole(passed(d))).collect();
                let on_passed = |&(_, r): &(u8, u8)| ranks.iter().any(|&d| passed(d) == r);
                let other_steps = |&(_, r): &(u8, u8)| double.iter().any(|&d| d < self.ranks && passed(d) == r);
                if region.iter().any(|sq| other_steps(sq) && !on_passed(sq)) {
                    return Err(self.refuse(&key, "an en-passant region of some squares, not whole ranks that double steps pass"));
                }
                by_side.push(ranks);
            } else {
                by_side.push(if n == all { double.to_vec() } else { Vec::new() });
            }
            sizes.push((n, key));
        }
        if by_side[0] != by_side[1] {
            let given = sizes.iter().find(|(_, key)| self.fsf.value(key).is_some()).unwrap_or(&sizes[0]);
            return Err(self.refuse(&given.1, "en passant of other double steps for each side"));
        }
        let ranks = by_side.swap_remove(0);
        Ok((!ranks.is_empty() || sizes[0].0 == all).then_some(ranks))
    }

    /// One side's piece list (`key`, or its own `key{side}`) as piece names, in the
    /// variant's order.
    pub(super) fn names_of(&self, key: &str, side: usize, default: &[&str]) -> Vec<String> {
        self.names_in(&self.fsf.list(key, SIDES[side], default).0)
    }

    /// Whether `side` can ever have a `name`: in the start position (`board`, the FEN's
    /// first field), by a pawn's or a Shogi-style promotion, or by a drop.
    fn in_army(&self, board: &str, name: &str, side: usize, promoted: &[(String, String, Src)]) -> bool {
        let Some(p) = self.fsf.piece(name) else { return false };
        let letter = if side == 0 { p.letter.to_ascii_uppercase() } else { p.letter };
        board.split('[').next().unwrap_or("").contains(letter)
            || self.names_of("promotionPieceTypes", side, &[]).iter().any(|n| n == name)
            || promoted.iter().any(|(_, to, _)| to == name)
            || self.bool("pieceDrops", false).unwrap_or(true)
    }

    /// A piece list Chimera keeps for both sides at once: Fairy-Stockfish's two lists when
    /// they are the same, or when each piece on one list only is one the other side never
    /// has (Khan's chess: White's pawns promote, and Black's soldiers).
    pub(super) fn shared_names(
        &self,
        key: &str,
        default: &[&str],
        board: &str,
        promoted: &[(String, String, Src)],
    ) -> Result<Vec<String>, Refusal> {
        let [w, b] = [0, 1].map(|side| self.names_of(key, side, default));
        let foreign = |own: &[String], other: &[String], side: usize| {
            own.iter().any(|n| !other.contains(n) && self.in_army(board, n, side, promoted))
        };
        if w != b && (foreign(&w, &b, 1) || foreign(&b, &w, 0)) {
            // The refusal `list` gives for lists that differ.
            self.list(key, default)?;
        }
        Ok(self.fsf.pieces.values().map(|p| &p.name).filter(|n| w.contains(n) || b.contains(n)).cloned().collect())
    }
}

/// Double steps, en passant and pawn-style promotions, written into `pieces`. `doublers`
/// are the pieces whose Betza had an `ifmnD` (taken out of `betzas`); `board` is the start
/// FEN's first field. Returns the promotion zone of Fairy-Stockfish's own pawn (White's
/// squares, Black's; empty if it does not promote), which its drops avoid.
pub(super) fn pawn_rules(
    c: &Conv<'_>,
    board: &str,
    pieces: &mut Table,
    betzas: &BTreeMap<String, String>,
    mut doublers: BTreeSet<String>,
    promoted: &[(String, String, Src)],
) -> Result<(Squares, Squares), Refusal> {
    // A piece that can never be on the board (none at the start, no drops) has no rules
    // that matter: Fairy-Stockfish's regions for it are not looked at.
    let on_board = board.split('[').next().unwrap_or("");
    let appears = |name: &str| {
        c.fsf.piece(name).is_some_and(|p| {
            on_board.contains(p.letter) || on_board.contains(p.letter.to_ascii_uppercase()) || c.bool("pieceDrops", false).unwrap_or(true)
        })
    };
    if c.fsf.piece("pawn").is_some() {
        doublers.insert("pawn".into());
    }
    doublers.retain(|n| appears(n));
    let double = if doublers.is_empty() || !c.bool("doubleStep", true)? {
        Vec::new()
    } else {
        let w = c.region("doubleStepRegionWhite", |_, r| r == 1)?;
        let b = c.region("doubleStepRegionBlack", |_, r| r == 6)?;
        c.own_ranks("doubleStepRegionWhite", "doubleStepRegionBlack", w, b)?
    };
    if double.is_empty() {
        doublers.clear();
    }
    for name in &doublers {
        piece(pieces, name).insert("double_step_ranks".into(), ints(&double));
    }
    // Fairy-Stockfish's pawn (its type alone) triple-steps from `tripleStepRegion…`; each
    // square it passes may be taken en passant (Chimera's `en_passant = "any-passed"`).
    let triple = if c.fsf.piece("pawn").is_some() && appears("pawn") {
        let w = c.region("tripleStepRegionWhite", |_, _| false)?;
        let b = c.region("tripleStepRegionBlack", |_, _| false)?;
        c.own_ranks("tripleStepRegionWhite", "tripleStepRegionBlack", w, b)?
    } else {
        Vec::new()
    };
    if !triple.is_empty() {
        piece(pieces, "pawn").insert("triple_step_ranks".into(), ints(&triple));
        doublers.insert("pawn".into());
    }

    // En passant: Fairy-Stockfish's double steps leave the passed square, which a piece
    // of `enPassantTypes` takes by its capture-only moves (`attacks & ~quiets`); none
    // where `enPassantRegion` is empty (Nuclear chess's `-`).
    let ep_ranks = c.en_passant_ranks(&double, &triple)?;
    let everywhere = ep_ranks.is_some();
    let mut takers: BTreeMap<String, Value> = BTreeMap::new();
    // A custom piece whose Betza has an `e` is one of `enPassantTypes` too, for both sides
    // (Fairy-Stockfish's parser adds it: Borderlands' soldier `fWfceFifmnD`).
    let mut types = c.shared_names("enPassantTypes", &["pawn"], board, promoted)?;
    for p in c.fsf.pieces.values() {
        if p.name.starts_with("customPiece") && p.betza.contains('e') && !types.contains(&p.name) {
            types.push(p.name.clone());
        }
    }
    for name in types {
        if !everywhere || !appears(&name) || doublers.is_empty() {
            continue;
        }
        let (fsf_takes, chimera_takes, capture_only) = en_passant_moves(&betzas[&name], c.files.max(c.ranks));
        if fsf_takes.is_empty() {
            continue;
        }
        // Chimera's piece takes by its capturing leaps, or (`"capture-only"`) by those of
        // them that only capture.
        let how = if fsf_takes == chimera_takes {
            Value::Boolean(true)
        } else if fsf_takes == capture_only {
            Value::String("capture-only".into())
        } else {
            return Err(c.refuse(
                "enPassantTypes",
                format!("`{name}` takes en passant with its capture-only moves in Fairy-Stockfish, with its capturing leaps in Chimera: they differ"),
            ));
        };
        takers.insert(name, how);
    }
    // Every double step leaves the square, taken or not: Fairy-Stockfish's FENs name it.
    for name in doublers.iter().filter(|_| everywhere) {
        let t = piece(pieces, name);
        let any_passed = name == "pawn" && !triple.is_empty();
        t.insert("en_passant".into(), if any_passed { Value::String("any-passed".into()) } else { Value::Boolean(true) });
        if let Some(ranks) = ep_ranks.as_ref().filter(|r| **r != double) {
            t.insert("en_passant_ranks".into(), ints(ranks));
        }
        match takers.get(name) {
            None => {
                t.insert("takes_en_passant".into(), Value::Boolean(false));
            }
            Some(Value::Boolean(true)) => {}
            Some(how) => {
                t.insert("takes_en_passant".into(), how.clone());
            }
        }
    }
    for (name, how) in takers.iter().filter(|(n, _)| !doublers.contains(*n)) {
        piece(pieces, name).insert("takes_en_passant".into(), how.clone());
    }

    let promoting = c.shared_names("promotionPawnTypes", &["pawn"], board, promoted)?;
    let promoting: Vec<String> = promoting.into_iter().filter(|n| appears(n)).collect();
    let mut pawn_zone = (Squares::new(), Squares::new());
    if promoting.is_empty() {
        return Ok(pawn_zone);
    }
    let zone = c.promotion_zone()?;
    // Fairy-Stockfish's en-passant capture never promotes: where one can end in the zone,
    // the takers' promotions say so.
    let white_zone = zone.white(c.files);
    let black_zone = zone.black(c.files, c.ranks);
    if promoting.iter().any(|n| n == "pawn") {
        pawn_zone = (white_zone.clone(), black_zone.clone());
    }
    let ep_in_zone = |d: u8| (0..c.files).any(|f| white_zone.contains(&(f, c.ranks - 1 - d)) || black_zone.contains(&(f, d)));
    // (A triple step from own rank `d` passes the squares a double step from `d` and one
    // from `d + 1` would.)
    let passes_from: Vec<u8> = double.iter().chain(&triple).copied().chain(triple.iter().map(|d| d + 1)).collect();
    let ep_into_zone = !takers.is_empty() && passes_from.iter().any(|&d| ep_in_zone(d));
    if zone.is_empty() {
        return Ok(pawn_zone);
    }
    // Optional promotion: Fairy-Stockfish makes a pawn promote where it could never move
    // again only with `immobilityIllegal` (Chimera's "optional"), else it may stay ("free").
    let policy = match (c.bool("mandatoryPawnPromotion", true)?, c.bool("immobilityIllegal", false)?) {
        (true, _) => "mandatory",
        (false, true) => "optional",
        (false, false) => "free",
    };
    for name in &promoting {
        if name != "pawn" {
            // Fairy-Stockfish's captured promoted piece goes to the hand as the first
            // pawn type: Chimera's as its own origin, the same where there is one.
            if c.bool("pieceDrops", false)? && promoting.len() > 1 {
                return Err(c.refuse(
                    "promotionPawnTypes",
                    format!("`{name}` promotes as a pawn, with drops (Fairy-Stockfish demotes every captured promoted piece to one type)"),
                ));
            }
            if let Some((_, _, src)) = promoted.iter().find(|(from, _, _)| from == name) {
                return Err(c.refuse_at(src, "promotedPieceType", format!("`{name}` promotes both as a pawn and Shogi style")));
            }
        }
        // Fairy-Stockfish's pawn also promotes to its `promotedPieceType`, Shogi style: a
        // piece promotion (`b2b1+`, the piece then `+P`).
        let shogi_target = promoted.iter().find(|(from, _, _)| from == name).map(|(_, to, _)| to);
        // Each side's targets, for the sides whose pawn type it is.
        let to = [0, 1].map(|side| {
            let own = c.names_of("promotionPawnTypes", side, &["pawn"]).contains(name);
            let mut to = if own { c.names_of("promotionPieceTypes", side, &[]) } else { Vec::new() };
            if let Some(shogi) = shogi_target.filter(|s| own && !to.contains(s)) {
                to.push(shogi.clone());
            }
            (own, to)
        });
        // A side the type does not promote for never has one (`shared_names`): its list
        // is the other side's.
        let [w, b] = match to {
            [(true, w), (true, b)] => [w, b],
            [(true, w), (false, _)] => [w.clone(), w],
            [(false, _), (_, b)] => [b.clone(), b],
        };
        let t = piece(pieces, name);
        if w.is_empty() != b.is_empty() {
            return Err(c.refuse("promotionPieceTypes", format!("`{name}` promotes for one side only")));
        }
        if w.is_empty() && policy == "mandatory" {
            // Nothing to promote to, and promotion is a must: Fairy-Stockfish's pawn never
            // enters the zone (it still attacks it).
            if c.bool("pieceDrops", false)? {
                return Err(c.refuse("promotionPieceTypes", "no piece to promote to, with drops"));
            }
            t.insert("moves_within".into(), Value::Table(zone.outside(c.files, c.ranks)));
            continue;
        }
        // Its only promotion the Shogi-style one (Shinobi's pawn into a commoner): Chimera's
        // promotion from the zone, as every other piece's (a pawn steps out of a zone that
        // ends at the far edge into it only, so the moves are the same); written `+` then.
        let shogi_only = shogi_target.is_some_and(|s| w == [s.clone()] && b == w) && zone.reaches_far_edge(c.files, c.ranks);
        let mut promotion = zone.table();
        let to = if w == b {
            strings(w)
        } else {
            Value::Table(Table::from_iter([("white".to_string(), strings(w)), ("black".to_string(), strings(b))]))
        };
        promotion.insert("to".into(), to);
        promotion.insert("policy".into(), Value::String(policy.into()));
        if shogi_only {
            promotion.insert("from_zone".into(), Value::Boolean(true));
        }
        if ep_into_zone && takers.contains_key(name) {
            promotion.insert("en_passant".into(), Value::Boolean(false));
        }
        t.insert("promotion".into(), Value::Table(promotion));
    }
    Ok(pawn_zone)
}

fn piece<'t>(pieces: &'t mut Table, name: &str) -> &'t mut Table {
    pieces.get_mut(name).and_then(Value::as_table_mut).expect("a piece of the variant")
}

/// The moves by which a piece of Chimera Betza `text` takes en passant: Fairy-Stockfish's
/// (its capture-only targets that are not also quiet ones) and Chimera's (its capturing
/// leaps), as (dx, dy) from White's side, riders followed up to `reach` squares.
pub(super) fn en_passant_moves(text: &str, reach: u8) -> (BTreeSet<(i8, i8)>, BTreeSet<(i8, i8)>, BTreeSet<(i8, i8)>) {
    let dirs = betza::parse(text).unwrap_or_default();
    let vectors = |d: &betza::Direction| -> Vec<(i8, i8)> {
        let steps = if d.range == 0 { reach } else { d.range.min(reach) };
        (1..=steps as i8).map(|k| (d.dx * k, d.dy * k)).collect()
    };
    let plain = |d: &&betza::Direction| d.hop == Hop::None && !d.initial_only && !d.is_conditional();
    let quiet: BTreeSet<_> = dirs.iter().filter(plain).filter(|d| d.mode != Mode::Capture).flat_map(vectors).collect();
    let fsf = dirs.iter().filter(plain).filter(|d| d.mode == Mode::Capture).flat_map(vectors).filter(|v| !quiet.contains(v)).collect();
    let chimera = dirs.iter().filter(plain).filter(|d| d.mode != Mode::Move && d.range == 1).map(|d| (d.dx, d.dy)).collect();
    let only = |d: &&betza::Direction| d.mode == Mode::Capture && d.range == 1 && !quiet.contains(&(d.dx, d.dy));
    let capture_only = dirs.iter().filter(plain).filter(only).map(|d| (d.dx, d.dy)).collect();
    (fsf, chimera, capture_only)
}
