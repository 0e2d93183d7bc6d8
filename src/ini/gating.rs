//! Fairy-Stockfish's Seirawan gating (`gating` with `seirawanGating`; S-Chess, S-House),
//! for `convert`: when a piece first leaves a gate, a square of its side's castling rank
//! flagged in the FEN's castling field, a piece from the hand may enter on the square it
//! left, in the same move; without a piece in hand (and captures not going to it) the
//! gates close. Chimera's `[gating]`, with the hand of `[drops]` (`drop_moves = false`
//! where Fairy-Stockfish has no `pieceDrops`). `gating` alone is Cambodian's
//! (`super::cambodian`), or refused.

use toml::{Table, Value};

use super::conv::Conv;
use super::Refusal;

/// The gating rank (1-based, White's) where the variant has Seirawan gating.
pub(super) fn seirawan(c: &Conv<'_>) -> Result<Option<i64>, Refusal> {
    let (gating, seirawan) = (c.bool("gating", false)?, c.bool("seirawanGating", false)?);
    if c.bool("cambodianMoves", false)? {
        if seirawan {
            return Err(c.refuse("seirawanGating", "with Cambodian first moves"));
        }
        return Ok(None);
    }
    match (gating, seirawan) {
        (false, false) => Ok(None),
        (false, true) => Err(c.refuse("seirawanGating", "without `gating`")),
        (true, false) => Err(c.refuse("gating", "gating without Seirawan's (gates that stay open with an empty hand)")),
        (true, true) => {
            if c.bool("castling", true)? && c.int("castlingRank", 1)? != 1 {
                return Err(c.refuse("castlingRank", "gates on another rank than the first"));
            }
            Ok(Some(1))
        }
    }
}

/// `[gating]` and the hand's `[drops]` (its drops only through the gates without
/// `pieceDrops`).
pub(super) fn write(c: &Conv<'_>, doc: &mut Table) -> Result<(), Refusal> {
    if !c.bool("pieceDrops", false)? {
        if doc.contains_key("drops") {
            return Err(c.refuse("seirawanGating", "with a hand of drops"));
        }
        let drops =
            Table::from_iter([("captures_to_hand".to_string(), Value::Boolean(false)), ("drop_moves".to_string(), Value::Boolean(false))]);
        doc.insert("drops".into(), Value::Table(drops));
    }
    doc.insert("gating".into(), Value::Table(Table::new()));
    Ok(())
}
