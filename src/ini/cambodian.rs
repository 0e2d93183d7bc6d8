//! Fairy-Stockfish's `cambodianMoves` (Ouk Chatrang, Kar Ouk), for `convert`: an unmoved
//! king may leap to a knight square on the rank in front of it (`imfsN`), not capturing
//! and not out of check, and loses the right for good once an enemy rook moves onto its
//! rank or file (blocked or not); an unmoved fers (the met) may jump two squares straight
//! forward (`imfD`), not capturing. Which king and fers are unmoved is flagged by file in
//! the FEN's castling field (`DEde`), Fairy-Stockfish's gates: Chimera's
//! `unmoved_in_castling_field`. Only with `gating` (which reads those flags) and nothing
//! else gated: no hand, no Seirawan gating.

use toml::{Table, Value};

use super::conv::{strings, Conv};
use super::Refusal;

/// Whether the variant has Cambodian first moves (the start FEN's castling field then
/// flags them, and is kept).
pub(super) fn on(c: &Conv<'_>) -> Result<bool, Refusal> {
    let gating = c.bool("gating", false)?;
    if !c.bool("cambodianMoves", false)? {
        // Gating without them is Seirawan's (`super::gating`).
        return Ok(false);
    }
    if !gating {
        return Err(c.refuse("cambodianMoves", "without `gating`, whose flags mark the unmoved pieces"));
    }
    if c.bool("seirawanGating", false)? || c.bool("pieceDrops", false)? || c.bool("castling", true)? {
        return Err(c.refuse("cambodianMoves", "with drops, castling or Seirawan gating"));
    }
    Ok(true)
}

/// The king's leap and the fers's jump, written into `pieces`, and the FEN's flags.
pub(super) fn write(c: &Conv<'_>, pieces: &mut Table, doc: &mut Table) -> Result<(), Refusal> {
    let rook = pieces.contains_key("rook");
    for (name, extra) in [("king", "imfsN"), ("fers", "imfD")] {
        let Some(t) = pieces.get_mut(name).and_then(Value::as_table_mut) else {
            if name == "king" {
                return Err(c.refuse("cambodianMoves", "without a king"));
            }
            continue;
        };
        let betza = t.get("betza").and_then(Value::as_str).unwrap_or("").to_string();
        t.insert("betza".into(), Value::String(format!("{betza}{extra}")));
        if name == "king" {
            let mut initial = Table::from_iter([("in_check".to_string(), Value::Boolean(false))]);
            if rook {
                initial.insert("lost_when_aimed_by".into(), strings(["rook".to_string()]));
            }
            t.insert("initial_moves".into(), Value::Table(initial));
        }
    }
    doc.insert("unmoved_in_castling_field".into(), Value::Boolean(true));
    Ok(())
}
