//! `[drops]` as Fairy-Stockfish's: `pieceDrops`, `capturesToHand`, `twoBoards`,
//! `dropLoop` (promoted pieces captured as themselves), the drop region and the pawn's
//! (`firstRankPawnDrops`, `promotionZonePawnDrops`), the duties and limits (`mustDrop`,
//! `dropNoDoubled`, `dropOppositeColoredBishop`) and castling rights of dropped pieces.

use toml::{Table, Value};

use super::army::Army;
use super::pawn::region;
use super::{refuse, ExportRefusal, Section};

/// The drop rules that no section can have, whatever else the ruleset says: looked at
/// first, as they decide the refusal.
pub(super) fn unexpressible(drops: Option<&Value>) -> Result<(), ExportRefusal> {
    if drops.and_then(|d| d.get("no_drop_mate")).is_some() {
        return refuse(
            "drops.no_drop_mate",
            "a drop that mates forbidden: Fairy-Stockfish lists it and scores it a loss for the dropper (`shogiPawnDropMateIllegal`, Chimera's `end.mate_rule.dropped`)",
        );
    }
    Ok(())
}

/// What Fairy-Stockfish would make of a dropped piece's squares: where `immobile_drops`
/// is off, Chimera drops no piece where it could never move, which Fairy-Stockfish does
/// only with `immobilityIllegal`.
pub(super) fn write(
    drops: Option<&Table>,
    army: &Army,
    start: &str,
    (files, ranks): (i64, i64),
    gating: bool,
    out: &mut Section,
) -> Result<(), ExportRefusal> {
    let Some(d) = drops else {
        out.set("pieceDrops", "false");
        out.set("capturesToHand", "false");
        if let Some(f) = army.pieces.iter().find(|f| army.table(&f.name).is_some_and(|t| t.contains_key("limit"))) {
            if army.pawn.is_none() {
                return refuse(
                    format!("pieces.{}.limit", f.name),
                    "a limit without promotion (Fairy-Stockfish's `promotionLimit` limits promotions)",
                );
            }
        }
        return Ok(());
    };
    let key = |k: &str| format!("drops.{k}");
    let flag = |k: &str, default: bool| d.get(k).and_then(Value::as_bool).unwrap_or(default);
    let (to_hand, two_boards) = (flag("captures_to_hand", true), flag("two_boards", false));
    // A hand that enters only through the gates (S-Chess): no `pieceDrops`.
    let drop_moves = flag("drop_moves", true);
    if !drop_moves && (!gating || to_hand) {
        return refuse(key("drop_moves"), "a hand that never drops, but through Seirawan gates with captures kept out of it");
    }
    out.set("pieceDrops", drop_moves.to_string());
    out.set("capturesToHand", to_hand.to_string());
    if two_boards {
        out.set("twoBoards", "true");
    }
    if let Some(f) = army.pieces.iter().find(|f| army.table(&f.name).is_some_and(|t| t.contains_key("limit"))) {
        return refuse(
            format!("pieces.{}.limit", f.name),
            "a limit with drops (Fairy-Stockfish's `promotionLimit` limits promotions only)",
        );
    }
    let pawn_zone: Vec<i64> = army
        .pawn
        .and_then(|(_, p)| p.get("promotion")?.get("ranks")?.as_array().cloned())
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_integer())
        .collect();
    // Fairy-Stockfish marks a promoted piece (`Q~`) where it goes to a hand, and demotes
    // it when captured; `dropLoop` keeps it as it is.
    let marks = (to_hand || two_boards) && !pawn_zone.is_empty() && super::shogi::promotes_pawn_style(army);
    match (flag("demote_on_capture", false), marks) {
        (true, true) | (false, false) => {}
        (false, true) if to_hand => out.set("dropLoop", "true"),
        _ => return refuse(key("demote_on_capture"), "captured promoted pieces demoted otherwise than Fairy-Stockfish's"),
    }
    let own: Vec<i64> = match d.get("ranks") {
        None => (1..=ranks).collect(),
        Some(v) => {
            let rs: Option<Vec<i64>> = v.as_array().map(|a| a.iter().filter_map(Value::as_integer).collect());
            let Some(rs) = rs.filter(|rs| !rs.is_empty()) else { return refuse(key("ranks"), "each side's squares (not exported yet)") };
            out.set("dropRegionWhite", region(&rs, ranks, false));
            out.set("dropRegionBlack", region(&rs, ranks, true));
            rs
        }
    };
    for (k, v) in d {
        match k.as_str() {
            "captures_to_hand" | "two_boards" | "demote_on_capture" | "ranks" | "castling_rights_on_drop" | "drop_moves" => {}
            "immobile_drops" if v.as_bool() == Some(true) => {}
            // A piece in hand dropped as its promoted type (the type captured as it, which
            // [`super::shogi`] makes its Shogi-style promotion).
            "promoted" if v.as_bool() == Some(true) => out.set("dropPromoted", "true"),
            "promoted" if v.as_bool() == Some(false) => {}
            // No drop may give check (`dropChecks`; Fairy-Stockfish's test finds checks of
            // its `king` type only).
            "checks" if v.as_bool() == Some(false) && army.of_type("king").is_some() => out.set("dropChecks", "false"),
            "checks" if v.as_bool() == Some(true) => {}
            k if super::reversi::DROP_KEYS.contains(&k) => {}
            "must_drop" => match v {
                Value::Boolean(true) => out.set("mustDrop", "true"),
                Value::Array(names) if names.len() == 1 => {
                    out.set("mustDrop", "true");
                    out.set("mustDropType", army.letter(&key(k), names.first())?.to_string());
                }
                _ => return refuse(key(k), "drop duties of several types (Fairy-Stockfish's `mustDropType` is one)"),
            },
            "opposite_colors" => match v.as_array().map(Vec::as_slice) {
                Some([name]) if army.get(name.as_str().unwrap_or("")).is_some_and(|f| f.fsf == "bishop") => {
                    out.set("dropOppositeColoredBishop", "true")
                }
                _ => return refuse(key(k), "pieces other than Fairy-Stockfish's bishop (`dropOppositeColoredBishop`)"),
            },
            "one_per_file" => match v.as_array().map(Vec::as_slice) {
                Some([name]) => out.set("dropNoDoubled", army.letter(&key(k), Some(name))?.to_string()),
                _ => return refuse(key(k), "several types (Fairy-Stockfish's `dropNoDoubled` is one)"),
            },
            _ => return refuse(key(k), "not exported yet"),
        }
    }
    // The pawn's drops: Fairy-Stockfish's region without the own first rank and the zone,
    // unless `firstRankPawnDrops` and `promotionZonePawnDrops`.
    super::reversi::drops(d, ranks, out)?;
    let mut pawn_ranks = own.clone();
    if let Some((pname, p)) = army.pawn {
        let want: Vec<i64> = match p.get("drop_ranks") {
            None => own.clone(),
            Some(v) => v.as_array().into_iter().flatten().filter_map(Value::as_integer).collect(),
        };
        let ranks_with = |first: bool, zone: bool| -> Vec<i64> {
            own.iter().copied().filter(|r| (first || *r != 1) && (zone || !pawn_zone.contains(r))).collect()
        };
        let combo = [(false, false), (true, false), (false, true), (true, true)].into_iter().find(|&(f, z)| ranks_with(f, z) == want);
        let Some((first, zone)) = combo else {
            return refuse(
                format!("pieces.{pname}.drop_ranks"),
                "drop ranks other than Fairy-Stockfish's (the drop region, with or without the first rank and the zone)",
            );
        };
        if first {
            out.set("firstRankPawnDrops", "true");
        }
        if zone {
            out.set("promotionZonePawnDrops", "true");
        }
        pawn_ranks = ranks_with(first, zone);
    }
    for f in &army.pieces {
        if f.fsf != "pawn" && army.table(&f.name).is_some_and(|t| t.contains_key("drop_ranks")) {
            return refuse(format!("pieces.{}.drop_ranks", f.name), "a piece's own drop ranks (not exported yet)");
        }
    }
    // Where a piece could be dropped and never move, Chimera drops it only with
    // `immobile_drops`, Fairy-Stockfish only without `immobilityIllegal`.
    // The pieces a hand may hold: any but the king where captures fill hands, else those
    // of the start position's hands.
    let hand = start.split_whitespace().next().unwrap_or("").split_once('[').map_or("", |(_, h)| h);
    let held = |letter: char| to_hand || two_boards || hand.chars().any(|c| c.to_ascii_lowercase() == letter);
    let stuck = army.pieces.iter().filter(|f| f.fsf != "king" && held(f.letter)).find(|f| {
        let drop_ranks = if f.fsf == "pawn" { &pawn_ranks } else { &own };
        army.dead_squares(&f.name, files, ranks).iter().any(|(_, r)| drop_ranks.contains(&(r + 1)))
    });
    // Chimera drops it only where it can move: Fairy-Stockfish's `immobilityIllegal`, which
    // also keeps every piece's moves off such squares (checked once every rule is read).
    if stuck.is_some() && !flag("immobile_drops", false) {
        out.set_immobility_illegal();
    }
    if flag("immobile_drops", false) && out.immobility_illegal {
        return refuse(
            key("immobile_drops"),
            "pieces dropped where they could never move, with optional promotion (Fairy-Stockfish's `immobilityIllegal` bars both)",
        );
    }
    Ok(())
}
