//! `[turn] walls` as Fairy-Stockfish's `wallingRule` (with `no_walls_on` as the squares
//! outside `wallingRegion`), and `pass` as `pass` / `passOnStalemate`.

use toml::{Table, Value};

use super::{refuse, ExportRefusal, Section};

pub(super) fn walls(turn: &Table, files: i64, ranks: i64, out: &mut Section) -> Result<(), ExportRefusal> {
    for k in turn.keys() {
        if !["walls", "no_walls_on"].contains(&k.as_str()) {
            return refuse(format!("turn.{k}"), "turns of several moves (Fairy-Stockfish's turn is one move, and a wall)");
        }
    }
    let rule = match turn.get("walls").and_then(Value::as_str) {
        Some("duck") => "duck",
        Some("arrow") => "arrow",
        Some("behind") => "past",
        Some("anywhere") => "static",
        other => return refuse("turn.walls", format!("{other:?} (exported: duck, arrow, behind, anywhere)")),
    };
    out.set("wallingRule", rule);
    if let Some(v) = turn.get("no_walls_on") {
        let off: Vec<&str> = v.as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        let squares = (0..ranks).flat_map(|r| (0..files).map(move |f| format!("{}{}", (b'a' + f as u8) as char, r + 1)));
        let region: Vec<String> = squares.filter(|s| !off.contains(&s.as_str())).collect();
        // One region for both sides.
        out.set("wallingRegionWhite", region.join(" "));
        out.set("wallingRegionBlack", region.join(" "));
    }
    Ok(())
}

/// `pass`: `"always"` (Fairy-Stockfish's `pass`), `"when-stuck"` (`passOnStalemate`: only
/// when no other move is legal), or each side's.
pub(super) fn pass(v: &Value, out: &mut Section) -> Result<(), ExportRefusal> {
    let side = |v: Option<&Value>, key: &str, colour: &str, out: &mut Section| -> Result<(), ExportRefusal> {
        match v.and_then(Value::as_str) {
            Some("always") => out.set(&format!("pass{colour}"), "true"),
            Some("when-stuck") => out.set(&format!("passOnStalemate{colour}"), "true"),
            Some("never") => {}
            other => return refuse(key, format!("{other:?} (exported: always, when-stuck, never)")),
        }
        Ok(())
    };
    match v {
        Value::Table(t) => {
            side(t.get("white"), "pass.white", "White", out)?;
            side(t.get("black"), "pass.black", "Black", out)
        }
        v => side(Some(v), "pass", "", out),
    }
}
