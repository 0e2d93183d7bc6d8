//! Fairy-Stockfish's pawn rules: the double step and its regions, en passant, the
//! promotion zone, the pieces promoted to and whether promotion is compulsory.

use toml::Value;

use super::army::Army;
use super::{refuse, ExportRefusal, Section};

pub(super) fn write(army: &mut Army, files: i64, ranks: i64, out: &mut Section) -> Result<(), ExportRefusal> {
    let Some((pname, p)) = army.pawn else {
        out.set("doubleStep", "false");
        return Ok(());
    };
    // A pawn of other moves is a custom piece: its double step is the Betza's initial
    // `ifmnD` (from the double-step region), it takes en passant by `enPassantTypes` and
    // promotes by `promotionPawnTypes`.
    let custom = army.of_type("pawn").is_none().then(|| army.get(pname).map(|f| f.letter)).flatten();
    let key = |k: &str| format!("pieces.{pname}.{k}");
    let own_ranks = |k: &str| -> Result<Vec<i64>, ExportRefusal> {
        match p.get(k) {
            None => Ok(Vec::new()),
            Some(v) => {
                let rs = v.as_array().ok_or(ExportRefusal { key: key(k), reason: "squares, not ranks".into() })?;
                Ok(rs.iter().filter_map(Value::as_integer).collect())
            }
        }
    };
    // (An empty region Fairy-Stockfish reads as its default: no steps is `doubleStep`.)
    let rs = own_ranks("double_step_ranks")?;
    let triple = own_ranks("triple_step_ranks")?;
    if rs.is_empty() {
        out.set("doubleStep", "false");
    } else {
        out.set("doubleStep", "true");
        if custom.is_some() {
            if let Some(f) = army.pieces.iter_mut().find(|f| f.name == *pname) {
                f.betza = f.betza.take().map(|b| format!("{b}ifmnD"));
            }
        }
        out.set("doubleStepRegionWhite", region(&rs, ranks, false));
        out.set("doubleStepRegionBlack", region(&rs, ranks, true));
    }
    // Three squares straight forward over two empty ones: Fairy-Stockfish's pawn's
    // `tripleStepRegion` (its pawn type's alone: a custom piece's Betza has no such step).
    if !triple.is_empty() {
        if custom.is_some() {
            return refuse(
                key("triple_step_ranks"),
                "triple steps of a pawn of other moves than `fmWfcF` (Fairy-Stockfish's pawn type alone steps three squares)",
            );
        }
        out.set("tripleStepRegionWhite", region(&triple, ranks, false));
        out.set("tripleStepRegionBlack", region(&triple, ranks, true));
    }
    if rs.is_empty() && triple.is_empty() {
        // Without double steps `en_passant` changes nothing, in either program.
        return promotion(army, pname, p, custom, ranks, out);
    }
    // `"any-passed"` (every square a step passes is taken) is Fairy-Stockfish's own en
    // passant; `true` differs from it only for triple steps, which the loader refuses.
    let en_passant = p.get("en_passant").is_some_and(|v| v.as_bool() == Some(true) || v.as_str() == Some("any-passed"));
    match (en_passant, p.get("en_passant_ranks")) {
        (true, None) => takers(army, pname, custom, files.max(ranks), out)?,
        // Only the double steps from some own ranks taken en passant (Horde's): each
        // side's `enPassantRegion` is the squares the other side's steps from them
        // pass (own rank + 1), which it may take.
        (true, Some(_)) if custom.is_some() => {
            return refuse(key("en_passant_ranks"), "en passant of some double steps of a custom pawn (not exported yet)")
        }
        (true, Some(_)) if !triple.is_empty() => {
            return refuse(
                key("en_passant_ranks"),
                "en passant of some double steps where pawns also step three squares (not exported yet)",
            )
        }
        (true, Some(ep)) => {
            let ep: Vec<i64> = ep.as_array().into_iter().flatten().filter_map(Value::as_integer).collect();
            if ep.is_empty() || ep.iter().any(|r| !rs.contains(r)) {
                return refuse(key("en_passant_ranks"), "not some of the double-step ranks");
            }
            let passed: Vec<i64> = ep.iter().map(|r| r + 1).collect();
            out.set("enPassantRegionWhite", region(&passed, ranks, true));
            out.set("enPassantRegionBlack", region(&passed, ranks, false));
            takers(army, pname, custom, files.max(ranks), out)?;
        }
        (false, _) => out.set("enPassantRegion", "-"),
    }
    promotion(army, pname, p, custom, ranks, out)
}

/// Who captures en passant: Fairy-Stockfish's pawn type always (by its diagonal
/// captures), and each piece of `enPassantTypes` by its capture-only moves (`attacks &
/// ~quiets`, riders included); Chimera's takers (`takes_en_passant`: by default the pawn
/// alone) by their capturing one-step leaps, or with `"capture-only"` by those of them
/// that only capture. Written where the two agree for every taker, else refused.
fn takers(army: &Army, pname: &str, custom: Option<char>, reach: i64, out: &mut Section) -> Result<(), ExportRefusal> {
    let mut letters = Vec::new();
    for f in &army.pieces {
        let Some(t) = army.table(&f.name) else { continue };
        let k = format!("pieces.{}.takes_en_passant", f.name);
        let how = match t.get("takes_en_passant") {
            None => f.name == pname,
            Some(Value::Boolean(b)) => *b,
            Some(Value::String(w)) if w == "capture-only" => true,
            Some(other) => return refuse(k, format!("`{other}`: expected true, false or \"capture-only\"")),
        };
        let capture_only = t.get("takes_en_passant").and_then(Value::as_str) == Some("capture-only");
        if f.fsf == "pawn" {
            // Fairy-Stockfish's pawn (`fmWfcF`) takes by `fcF` whatever the lists say,
            // which both of Chimera's ways read alike.
            if !how {
                return refuse(k, "a pawn that never captures en passant (Fairy-Stockfish's pawn always does)");
            }
            letters.push(f.letter);
            continue;
        }
        if !how {
            continue;
        }
        let betza = t.get("betza").and_then(Value::as_str).unwrap_or("");
        let (fsf, chimera, only) = crate::ini::pawns::en_passant_moves(betza, u8::try_from(reach).unwrap_or(u8::MAX));
        if fsf != if capture_only { only } else { chimera } {
            let way = if capture_only { "its capture-only one-step leaps" } else { "its capturing one-step leaps" };
            return refuse(
                k,
                format!("en passant by {way}, which differ from Fairy-Stockfish's (by its capture-only moves, riders included)"),
            );
        }
        if !fsf.is_empty() {
            letters.push(f.letter);
        }
    }
    // Fairy-Stockfish's default list is its pawn type.
    let pawn_only = custom.is_none() && letters.len() == 1 && army.of_type("pawn").is_some_and(|f| f.letter == letters[0]);
    if !pawn_only {
        letters.sort_unstable();
        out.set("enPassantTypes", if letters.is_empty() { "-".to_string() } else { letters.into_iter().collect() });
    }
    Ok(())
}

/// The pawn's promotion: its zone, the pieces promoted to, whether it is compulsory, and
/// the limits of each type promotion may make.
fn promotion(
    army: &mut Army,
    pname: &str,
    p: &toml::Table,
    custom: Option<char>,
    ranks: i64,
    out: &mut Section,
) -> Result<(), ExportRefusal> {
    let key = |k: &str| format!("pieces.{pname}.{k}");
    if super::shogi::shogi_style(army, pname) {
        // Promoted Shogi style, by the Shogi writer ([`super::shogi`]).
        return Ok(());
    }
    let Some(pr) = p.get("promotion").and_then(Value::as_table) else {
        // Fairy-Stockfish's pawn always has a zone: promotion to nothing there stops it
        // short of the zone only with `mandatoryPawnPromotion`.
        return refuse(key("promotion"), "a pawn that never promotes (not exported yet)");
    };
    if let Some(l) = custom {
        out.set("promotionPawnTypes", l.to_string());
    }
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
        // Each side's squares.
        (true, true) if pr.get("squares").and_then(Value::as_table).is_some() => {
            let sides = pr.get("squares").and_then(Value::as_table).expect("a table");
            for (side, option) in [("white", "promotionRegionWhite"), ("black", "promotionRegionBlack")] {
                let sq: Vec<&str> = sides.get(side).and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
                if sq.is_empty() || sq.iter().any(|s| mirror(s, ranks).is_none()) {
                    return refuse(key(&format!("promotion.squares.{side}")), "not a list of squares");
                }
                out.set(option, sq.join(" "));
            }
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
            out.set_immobility_illegal();
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
