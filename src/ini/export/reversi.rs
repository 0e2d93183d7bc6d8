//! The Reversi and Ataxx families: `flips` as Fairy-Stockfish's `flipEnclosedPieces`, and
//! their drops — `placement` (`enclosingDrop`) and `first_squares` (`enclosingDropStart`).

use toml::{Table, Value};

use super::{refuse, ExportRefusal, Section};

pub(super) fn flips(v: &Value, out: &mut Section) -> Result<(), ExportRefusal> {
    let option = match v.as_str() {
        Some("enclosed") => "reversi",
        Some("adjacent") => "ataxx",
        Some("adjacent-joined") => "quadwrangle",
        _ => return refuse("flips", format!("{v} (exported: enclosed, adjacent, adjacent-joined)")),
    };
    out.set("flipEnclosedPieces", option);
    Ok(())
}

/// The drop keys of these families in `drops` (the others are `super::drops`'s).
pub(super) const DROP_KEYS: [&str; 3] = ["placement", "first_squares", "unlimited"];

pub(super) fn drops(d: &Table, ranks: i64, out: &mut Section) -> Result<(), ExportRefusal> {
    if let Some(v) = d.get("placement") {
        let option = match v.as_str() {
            Some("enclosing") => "reversi",
            Some("next-to-own") => "ataxx",
            Some("on-top") => "top",
            Some("apart") => "snort",
            _ => return refuse("drops.placement", format!("{v} (exported: enclosing, next-to-own, on-top, apart)")),
        };
        out.set("enclosingDrop", option);
    }
    if let Some(v) = d.get("first_squares") {
        // Fairy-Stockfish's squares are the same for both sides; Chimera's list alone is
        // White's, mirrored for Black.
        let list = |v: Option<&Value>| -> Vec<String> {
            let mut l: Vec<String> =
                v.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect();
            l.sort();
            l
        };
        let (white, black) = match v {
            Value::Table(t) => (list(t.get("white")), list(t.get("black"))),
            v => {
                let white = list(Some(v));
                let mut black: Vec<String> = white.iter().filter_map(|s| super::pawn::mirror(s, ranks)).collect();
                black.sort();
                (white, black)
            }
        };
        if white != black {
            return refuse("drops.first_squares", "each side's own first squares (Fairy-Stockfish's `enclosingDropStart` is one list)");
        }
        out.set("enclosingDropStart", white.join(" "));
    }
    // Fairy-Stockfish's `freeDrops` (Ataxx's built-in) is not read from a variants file.
    if d.get("unlimited").and_then(Value::as_bool) == Some(true) {
        return refuse(
            "drops.unlimited",
            "drops from an endless hand: Fairy-Stockfish's `freeDrops` is not an option of variants.ini (its parser does not read it)",
        );
    }
    Ok(())
}
