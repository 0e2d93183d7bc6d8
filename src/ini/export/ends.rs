//! The `[end]` table as Fairy-Stockfish's game ends: mate and stalemate values,
//! repetition and the move rule, extinction, goal regions (`flag…`), check counting.

use std::collections::BTreeSet;

use toml::{Table, Value};

use super::army::Army;
use super::{refuse, ExportRefusal, Section};
use crate::ini::ends::{counting_table, COUNTING_RULES};

/// What the rest of the ruleset tells the endings.
pub(super) struct EndContext<'a> {
    pub army: &'a Army<'a>,
    /// Whether the variant has drops (Fairy-Stockfish's drops reset the move clock).
    pub drops: bool,
    /// The board's size.
    pub files: i64,
    pub ranks: i64,
}

/// Writes the `[end]` table; returns the checks to give (`end.checks`), which the start
/// FEN must carry.
pub(super) fn write(end: &Table, cx: &EndContext, out: &mut Section) -> Result<Option<i64>, ExportRefusal> {
    let mut resets: Option<BTreeSet<String>> = None;
    let mut checks = None;
    for (k, v) in end {
        let key = format!("end.{k}");
        match k.as_str() {
            "checkmate" => out.set("checkmateValue", verdict(&key, v)?),
            "stalemate" => out.set("stalemateValue", verdict(&key, v)?),
            "repetition" | "move_rule" => {}
            "move_rule_reset" => resets = Some(v.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect()),
            "insufficient_material" => out.note(format!("{key}: Fairy-Stockfish judges insufficient material by its own rule")),
            "perpetual_check" if v.as_str() == Some("loss") => out.set("perpetualCheckIllegal", "true"),
            // Written by `xiangqi`.
            "perpetual_chase" | "move_rule_checks_counted" => {}
            // Janggi's facing generals (`bikjangRule`), scored by the material count.
            "bikjang" if v.as_bool() == Some(true) => out.set("bikjangRule", "true"),
            "bikjang" if v.as_bool() == Some(false) => {}
            // Shuttling a piece back and forth in a repetition loses (`moveRepetitionIllegal`,
            // judged with the repetitions, and counted only back to the last capture: none
            // goes to the hand).
            "shuttling" if v.as_str() == Some("loss") && !cx.drops => out.set("moveRepetitionIllegal", "true"),
            "stalemate_by_count" if v.as_bool() == Some(true) => out.set("stalematePieceCount", "true"),
            "full_board" if v.as_bool() == Some(true) => out.set("adjudicateFullBoard", "true"),
            "extinction" => extinction(v, cx.army, out)?,
            // The whole army captured, hands included: Fairy-Stockfish's `*`.
            "army_captured" => {
                if end.get("army_includes_hand").and_then(Value::as_bool) == Some(false) {
                    return refuse("end.army_includes_hand", "the army counted without its hand (Fairy-Stockfish counts the hand)");
                }
                if end.get("extinction").and_then(Value::as_array).is_some_and(|a| !a.is_empty()) {
                    return refuse(key, "with an extinction rule too (Fairy-Stockfish's is one)");
                }
                out.set("extinctionValue", verdict(&key, v)?);
                out.set("extinctionPieceTypes", "*");
            }
            "army_includes_hand" => {}
            "region_win" => region_win(v, cx, out)?,
            "mate_rule" => shatar(v, cx.army, out)?,
            "counting" => counting(v, cx.army, out)?,
            "material_count" => material_count(v, cx.army, out)?,
            "checks" => match v.as_integer() {
                Some(n @ 1..=9) => {
                    out.set("checkCounting", "true");
                    checks = Some(n);
                }
                _ => return refuse(key, format!("{v} checks (Fairy-Stockfish's FEN counts 1 to 9)")),
            },
            _ => return refuse(key, "not exported yet"),
        }
    }
    pseudo_royals(end, cx, out)?;
    if end.get("perpetual_check").and_then(Value::as_str) != Some("loss") {
        out.implicit("perpetualCheckIllegal", "false");
    }
    if !end.contains_key("bikjang") || end.get("bikjang").and_then(Value::as_bool) == Some(false) {
        out.implicit("bikjangRule", "false");
    }
    if !end.contains_key("material_count") {
        out.implicit("materialCounting", "none");
    }
    if !end.contains_key("shuttling") {
        out.implicit("moveRepetitionIllegal", "false");
    }
    if !end.contains_key("checkmate") {
        out.set("checkmateValue", "loss");
    }
    if !end.contains_key("stalemate") {
        out.set("stalemateValue", "draw");
    }
    let (n_fold, fold_note) = threshold(end.get("repetition"), "end.repetition")?;
    out.set("nFoldRule", n_fold.to_string());
    out.set("nFoldValue", "draw");
    out.notes.extend(fold_note);
    let (n_move, move_note) = threshold(end.get("move_rule"), "end.move_rule")?;
    out.set("nMoveRule", n_move.to_string());
    out.notes.extend(move_note);
    if n_move != 0 {
        // Fairy-Stockfish's clock: reset by captures, promotions, the pawn's moves and every
        // drop. A custom pawn's moves reset it by `nMoveRuleTypes`, and only those that
        // cannot be taken back (`do_move`): written where all its moves are such, else its
        // moves reset nothing (promotions still do).
        let mut expected: BTreeSet<String> = ["capture".to_string()].into();
        let mut got = resets.unwrap_or_default();
        if let Some((p, _)) = cx.army.pawn {
            let custom = cx.army.of_type("pawn").is_none();
            if got.contains(p) || !custom {
                // Its promotions are pawn moves.
                got.remove("promotion");
                expected.insert(p.clone());
                if custom {
                    if !cx.army.irreversible(p) {
                        return refuse("end.move_rule_reset", format!("`{p}`: a pawn with moves that can be taken back (Fairy-Stockfish's clock is reset only by those that cannot)"));
                    }
                    let letter = cx.army.get(p).map_or('p', |f| f.letter);
                    out.set("nMoveRuleTypes", letter.to_string());
                }
            } else {
                expected.insert("promotion".into());
            }
        }
        if cx.drops {
            expected.insert("drop".into());
        }
        // A capture resets nothing where no piece can capture (the Amazons).
        let no_capture = || !cx.army.pieces.iter().any(|f| cx.army.captures(&f.name));
        let without_capture: BTreeSet<String> = expected.iter().filter(|e| *e != "capture").cloned().collect();
        if got != expected && !(got == without_capture && no_capture()) {
            return refuse("end.move_rule_reset", format!("{got:?}: Fairy-Stockfish's clock is reset by {expected:?}"));
        }
    }
    Ok(checks)
}

fn verdict(key: &str, v: &Value) -> Result<String, ExportRefusal> {
    match v.as_str() {
        Some(s @ ("win" | "loss" | "draw")) => Ok(s.to_string()),
        _ => refuse(key, format!("{v} (exported: win, loss, draw)")),
    }
}

/// A repetition or move rule (`n`, or `{ claim, automatic }`) as Fairy-Stockfish's count,
/// which ends the game at the count: the claim where there is one, and a note that the
/// later automatic end is left out (the game ends at the claim already).
fn threshold(v: Option<&Value>, key: &str) -> Result<(i64, Option<String>), ExportRefusal> {
    match v {
        None => Ok((0, None)),
        Some(Value::Integer(n)) => Ok((*n, None)),
        Some(Value::Table(t)) => match (t.get("claim").and_then(Value::as_integer), t.get("automatic").and_then(Value::as_integer)) {
            (Some(c), None) => Ok((c, None)),
            (Some(c), Some(a)) => Ok((c, Some(format!("{key}.automatic = {a}: Fairy-Stockfish's game ends at the claim, {c}")))),
            (None, Some(_)) => refuse(format!("{key}.automatic"), "an automatic end with no claim (not exported yet)"),
            (None, None) => Ok((0, None)),
        },
        Some(other) => refuse(key, format!("{other}")),
    }
}

/// The royal types beside the king (Coregal's queen) as Fairy-Stockfish's pseudo-royal
/// extinction types: royal while a side has at most `extinctionPieceCount` + 1 of them,
/// more than the board holds, so always; and never extinct, as they cannot be taken
/// (Fairy-Stockfish's built-in `coregal`). Its extinction rule is then theirs alone.
fn pseudo_royals(end: &Table, cx: &EndContext, out: &mut Section) -> Result<(), ExportRefusal> {
    let Some(first) = cx.army.royals.first() else { return Ok(()) };
    let extinct = end.get("extinction").and_then(Value::as_array).is_some_and(|a| !a.is_empty())
        || end.contains_key("army_captured")
        || out.opts.iter().any(|(o, _)| o == "extinctionValue");
    if extinct {
        return refuse(
            format!("pieces.{first}.royal"),
            "a second royal type with an extinction rule (Fairy-Stockfish's pseudo-royal types are its extinction types)",
        );
    }
    // Rules on checks, which Fairy-Stockfish's options judge by its king.
    if let Some(k) = ["checks", "mate_rule", "perpetual_check", "bikjang"].iter().find(|k| end.contains_key(**k)) {
        return refuse(format!("end.{k}"), format!("with a second royal type, `{first}` (not exported yet)"));
    }
    let letters: String = cx.army.royals.iter().filter_map(|n| cx.army.get(n)).map(|f| f.letter).collect();
    out.set("extinctionValue", "loss");
    out.set("extinctionPieceTypes", letters);
    out.set("extinctionPseudoRoyal", "true");
    out.set("extinctionPieceCount", (cx.files * cx.ranks).to_string());
    Ok(())
}

/// `[[end.extinction]]`: none (an empty list: no rule), or one rule. Fairy-Stockfish counts
/// each listed type alone, hands included; `*` is the whole army counted together, which is
/// Chimera's rule without `of`.
fn extinction(v: &Value, army: &Army, out: &mut Section) -> Result<(), ExportRefusal> {
    let rule = match v.as_array().map(Vec::as_slice) {
        Some([]) => return Ok(()),
        Some([Value::Table(t)]) => t,
        _ => return refuse("end.extinction", "more than one extinction rule (Fairy-Stockfish's is one)"),
    };
    let key = |k: &str| format!("end.extinction.{k}");
    for (k, v) in rule {
        match (k.as_str(), v) {
            ("of" | "verdict" | "at_most" | "opponent_at_least" | "reply", _) => {}
            ("include_hand", Value::Boolean(true)) | ("together" | "royal_when_last", Value::Boolean(false)) => {}
            _ => return refuse(key(k), format!("{v} (Fairy-Stockfish counts each type alone, hands included)")),
        }
    }
    let verdict = verdict(&key("verdict"), rule.get("verdict").unwrap_or(&Value::String("loss".into())))?;
    out.set("extinctionValue", verdict);
    let of = match rule.get("of") {
        None => "*".to_string(),
        Some(v) => army.letters(&key("of"), Some(v))?,
    };
    out.set("extinctionPieceTypes", of);
    let count = |k: &str| rule.get(k).and_then(Value::as_integer).unwrap_or(0);
    if count("at_most") != 0 {
        out.set("extinctionPieceCount", count("at_most").to_string());
    }
    if count("opponent_at_least") != 0 {
        out.set("extinctionOpponentPieceCount", count("opponent_at_least").to_string());
    }
    // The side to move needs one piece more to be judged: Fairy-Stockfish's claim.
    if rule.get("reply").and_then(Value::as_bool) == Some(true) {
        out.set("extinctionClaim", "true");
    }
    Ok(())
}

/// `[end.mate_rule]` as Shatar's (`shatarMateRule`), exactly as import-ini reads it: a mate
/// by Fairy-Stockfish's knights alone wins for the mated side; else it needs a check by a
/// knight, rook or bers (its types) in the series of checks that led to it, or draws.
fn shatar(v: &Value, army: &Army, out: &mut Section) -> Result<(), ExportRefusal> {
    let names = |types: &[&str]| -> Value {
        Value::Array(types.iter().filter_map(|t| army.of_type(t)).map(|f| Value::String(f.name.clone())).collect())
    };
    let mut rule = Table::new();
    if let Some(knight) = army.of_type("knight") {
        rule.insert("sole_checkers".into(), Value::Array(vec![Value::String(knight.name.clone())]));
        rule.insert("sole_checkers_verdict".into(), Value::String("win".into()));
    }
    rule.insert("series_needs".into(), names(&["rook", "bers", "knight"]));
    rule.insert("series_verdict".into(), Value::String("draw".into()));
    // The series' types are a set.
    let sorted = |v: Option<&Value>| -> Vec<String> {
        let mut n: Vec<String> = v.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect();
        n.sort();
        n
    };
    let t = v.as_table();
    let same = t.is_some_and(|t| {
        t.len() == rule.len()
            && t.iter().all(|(k, x)| if k == "series_needs" { sorted(Some(x)) == sorted(rule.get(k)) } else { rule.get(k) == Some(x) })
    });
    if !same || sorted(rule.get("series_needs")).is_empty() {
        return refuse("end.mate_rule", "a mate rule other than Shatar's (Fairy-Stockfish's `shatarMateRule`)");
    }
    out.set("shatarMateRule", "true");
    Ok(())
}

/// `[end.counting]`: one of Fairy-Stockfish's counting rules, exactly as the importer
/// reads it (its limits go by Fairy-Stockfish's rook, silver and knight types).
fn counting(v: &Value, army: &Army, out: &mut Section) -> Result<(), ExportRefusal> {
    let name_of = |fsf: &str| army.of_type(fsf).map(|f| f.name.clone());
    match COUNTING_RULES.iter().find(|rule| counting_table(rule, &name_of).map(Value::Table).as_ref() == Some(v)) {
        Some(rule) => {
            out.set("countingRule", *rule);
            Ok(())
        }
        None => refuse("end.counting", "none of Fairy-Stockfish's counting rules (makruk, cambodian, asean)"),
    }
}

/// Janggi's weights (Fairy-Stockfish's `JANGGI_MATERIAL`), by its types.
const JANGGI_WEIGHTS: [(&str, i64); 6] =
    [("rook", 13), ("janggiCannon", 7), ("horse", 5), ("janggiElephant", 3), ("wazir", 3), ("soldier", 2)];

/// `[end.material_count]`, as Fairy-Stockfish's `materialCounting`: every piece one point
/// (`unweighted`), no piece weighing and half a point of komi (the draw odds), or Janggi's
/// weights with Han's 1.5 points (as import-ini reads `janggi`: the weights of the types
/// the army has).
fn material_count(v: &Value, army: &Army, out: &mut Section) -> Result<(), ExportRefusal> {
    let t = v.as_table().ok_or(ExportRefusal { key: "end.material_count".into(), reason: "not a table".into() })?;
    let weights = t.get("weights").and_then(Value::as_table);
    let no_weights = weights.is_some_and(Table::is_empty);
    let komi = t.get("komi").and_then(Value::as_float);
    let janggi: Table =
        JANGGI_WEIGHTS.iter().filter_map(|(ty, w)| army.of_type(ty).map(|f| (f.name.clone(), Value::Integer(*w)))).collect();
    let counting = match (t.len(), no_weights, komi) {
        (0, _, _) => "unweighted",
        (2, true, Some(0.5)) => "blackdrawodds",
        (2, true, Some(-0.5)) => "whitedrawodds",
        (2, false, Some(1.5)) if weights == Some(&janggi) => "janggi",
        _ => return refuse("end.material_count", "weights or komi other than Fairy-Stockfish's counts (unweighted, draw odds)"),
    };
    out.set("materialCounting", counting);
    Ok(())
}

/// `[end.region_win]` as Fairy-Stockfish's flag rule: the goal piece (one type, or `*`
/// for the whole army), each side's goal squares, `reply` (`flagMove`), `safe`
/// (`flagPieceSafe`), `count` (`flagPieceCount`) and `full` (`flagPieceBlockedWin`).
fn region_win(v: &Value, cx: &EndContext, out: &mut Section) -> Result<(), ExportRefusal> {
    let t = v.as_table().ok_or(ExportRefusal { key: "end.region_win".into(), reason: "not a table".into() })?;
    let key = |k: &str| format!("end.region_win.{k}");
    for (k, v) in t {
        match k.as_str() {
            "piece" => {
                let letter = match v {
                    Value::Array(names) => {
                        let all: BTreeSet<&str> = cx.army.pieces.iter().map(|p| p.name.as_str()).collect();
                        if names.iter().filter_map(Value::as_str).collect::<BTreeSet<_>>() != all {
                            return refuse(
                                key(k),
                                "goal pieces of several types, not all (Fairy-Stockfish's flag piece is one type, or `*`)",
                            );
                        }
                        "*".to_string()
                    }
                    v => cx.army.letter(&key(k), Some(v))?.to_string(),
                };
                out.set("flagPiece", letter);
            }
            "white" | "black" => {
                let option = if k == "white" { "flagRegionWhite" } else { "flagRegionBlack" };
                out.set(option, squares(&key(k), v)?);
            }
            "reply" | "safe" | "full" => {
                let option = match k.as_str() {
                    "reply" => "flagMove",
                    "safe" => "flagPieceSafe",
                    _ => "flagPieceBlockedWin",
                };
                if v.as_bool() == Some(true) {
                    out.set(option, "true");
                }
            }
            "count" => out.set("flagPieceCount", v.as_integer().unwrap_or(1).to_string()),
            _ => return refuse(key(k), "not exported yet"),
        }
    }
    Ok(())
}

/// A list of `rank N` and squares (the whole board's, not each side's own) as
/// Fairy-Stockfish's Bitboard option (`*8 e5`).
fn squares(key: &str, v: &Value) -> Result<String, ExportRefusal> {
    let mut out = Vec::new();
    for s in v.as_array().into_iter().flatten() {
        let s = s.as_str().unwrap_or("");
        match s.strip_prefix("rank ") {
            Some(r) if r.parse::<u8>().is_ok() => out.push(format!("*{r}")),
            Some(_) => return refuse(key, format!("`{s}`")),
            None if s.len() >= 2 && s.as_bytes()[0].is_ascii_lowercase() && s[1..].parse::<u8>().is_ok() => out.push(s.to_string()),
            None => return refuse(key, format!("`{s}` (exported: ranks and squares)")),
        }
    }
    Ok(out.join(" "))
}
