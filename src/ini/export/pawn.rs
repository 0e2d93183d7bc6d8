//! Fairy-Stockfish's pawn rules: the double step and its regions, en passant, the
//! promotion zone, the pieces promoted to and whether promotion is compulsory.

use toml::Value;

use super::army::Army;
use super::{refuse, ExportRefusal, Section};

pub(super) fn write(army: &Army, ranks: i64, out: &mut Section) -> Result<(), ExportRefusal> {
    let Some((pname, p)) = army.pawn else {
        out.set("doubleStep", "false");
        return Ok(());
    };
    let key = |k: &str| format!("pieces.{pname}.{k}");
    let no_steps = p.get("double_step_ranks").and_then(Value::as_array).is_some_and(Vec::is_empty);
    match p.get("double_step_ranks") {
        // An empty region Fairy-Stockfish reads as its default: no steps is `doubleStep`.
        None => out.set("doubleStep", "false"),
        Some(_) if no_steps => out.set("doubleStep", "false"),
        Some(v) => {
            let rs = v.as_array().ok_or(ExportRefusal { key: key("double_step_ranks"), reason: "squares, not ranks".into() })?;
            let rs: Vec<i64> = rs.iter().filter_map(Value::as_integer).collect();
            out.set("doubleStep", "true");
            out.set("doubleStepRegionWhite", region(&rs, ranks, false));
            out.set("doubleStepRegionBlack", region(&rs, ranks, true));
            // (`"any-passed"` is Fairy-Stockfish's own en passant: it differs only for the
            // triple steps, refused as a key of their own.)
            let en_passant = p.get("en_passant").map(|v| v.as_bool() == Some(true) || v.as_str() == Some("any-passed"));
            match (en_passant, p.get("en_passant_ranks")) {
                (Some(true), None) => {}
                // Only the double steps from some own ranks taken en passant (Horde's):
                // Fairy-Stockfish's `enPassantRegionWhite`/`Black` (pyffish agrees with
                // them), which import-ini does not read back.
                (Some(true), Some(_)) => {
                    return refuse(key("en_passant_ranks"), "en passant of some double steps only (Fairy-Stockfish's enPassantRegionWhite/Black: import-ini does not read them back yet)")
                }
                _ => out.set("enPassantRegion", "-"),
            }
        }
    }
    // Without double steps `en_passant` changes nothing, in either program.
    let Some(pr) = p.get("promotion").and_then(Value::as_table) else {
        // Fairy-Stockfish's pawn always has a zone: promotion to nothing there stops it
        // short of the zone only with `mandatoryPawnPromotion`.
        return refuse(key("promotion"), "a pawn that never promotes (not exported yet)");
    };
    for k in pr.keys() {
        if !["ranks", "squares", "to", "policy"].contains(&k.as_str()) {
            return refuse(key(&format!("promotion.{k}")), "not exported yet (only ranks, squares, to, policy)");
        }
    }
    let zone: Vec<i64> = pr.get("ranks").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_integer).collect();
    let squares: Vec<&str> = pr.get("squares").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
    match (zone.is_empty(), squares.is_empty()) {
        (false, true) => {
            out.set("promotionRegionWhite", region(&zone, ranks, false));
            out.set("promotionRegionBlack", region(&zone, ranks, true));
        }
        // White's squares, mirrored for Black.
        (true, false) => {
            let black: Option<Vec<String>> = squares.iter().map(|s| mirror(s, ranks)).collect();
            let Some(black) = black else { return refuse(key("promotion.squares"), "not a list of squares") };
            out.set("promotionRegionWhite", squares.join(" "));
            out.set("promotionRegionBlack", black.join(" "));
        }
        _ => return refuse(key("promotion"), "a zone of ranks and squares together, or of each side's squares (not exported yet)"),
    }
    // Fairy-Stockfish's lists are sets, written in letter order.
    let set = |key: &str, v: Option<&Value>| -> Result<String, ExportRefusal> {
        let mut ls: Vec<char> = army.letters(key, v)?.chars().collect();
        ls.sort_unstable();
        Ok(ls.into_iter().collect())
    };
    match pr.get("to") {
        Some(Value::Table(sides)) => {
            for (side, option) in [("white", "promotionPieceTypesWhite"), ("black", "promotionPieceTypesBlack")] {
                out.set(option, set(&key(&format!("promotion.to.{side}")), sides.get(side))?);
            }
        }
        to => out.set("promotionPieceTypes", set(&key("promotion.to"), to)?),
    }
    // Fairy-Stockfish's optional promotion keeps a pawn off the squares it could never
    // leave only with `immobilityIllegal` (Chimera's "optional"); without it, it may stay
    // there ("free").
    match pr.get("policy").and_then(Value::as_str).unwrap_or("mandatory") {
        "mandatory" => out.set("mandatoryPawnPromotion", "true"),
        "free" => out.set("mandatoryPawnPromotion", "false"),
        "optional" => {
            out.set("mandatoryPawnPromotion", "false");
            out.set("immobilityIllegal", "true");
            out.immobility_illegal = true;
        }
        other => return refuse(key("promotion.policy"), format!("`{other}` (exported: mandatory, optional, free)")),
    }
    // How many of a type promotion may make at most (Grand chess's pieces lost first).
    let limits: Vec<String> = army
        .pieces
        .iter()
        .filter_map(|f| Some((f, army.table(&f.name)?.get("limit")?.as_integer()?)))
        .map(|(f, n)| format!("{}:{n}", f.letter))
        .collect();
    if !limits.is_empty() {
        out.set("promotionLimit", limits.join(" "));
    }
    Ok(())
}

/// A square seen from the other side (`a6` on 10 ranks is `a5`).
pub(super) fn mirror(square: &str, ranks: i64) -> Option<String> {
    let file = square.get(..1)?;
    let rank: i64 = square.get(1..)?.parse().ok()?;
    (1..=ranks).contains(&rank).then(|| format!("{file}{}", ranks + 1 - rank))
}

/// A list of own ranks as Fairy-Stockfish's region, White's or (mirrored) Black's.
pub(super) fn region(own: &[i64], ranks: i64, black: bool) -> String {
    let mut rs: Vec<i64> = own.iter().map(|&r| if black { ranks + 1 - r } else { r }).collect();
    rs.sort_unstable();
    rs.iter().map(|r| format!("*{r}")).collect::<Vec<_>>().join(" ")
}
