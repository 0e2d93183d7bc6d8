//! `[gating]` as Fairy-Stockfish's Seirawan gating (`gating`, `seirawanGating`): gates on
//! the first rank, flagged in the FEN's castling field, through which the hand's pieces
//! enter; the hand drops nowhere else where `[drops] drop_moves = false` (no
//! `pieceDrops`: [`super::drops`]).

use toml::Value;

use super::{refuse, ExportRefusal, Section};

pub(super) fn write(v: &Value, out: &mut Section) -> Result<(), ExportRefusal> {
    let t = v.as_table().ok_or(ExportRefusal { key: "gating".into(), reason: "not a table".into() })?;
    for (k, v) in t {
        match (k.as_str(), v.as_integer()) {
            ("rank", Some(1)) => {}
            _ => return refuse(format!("gating.{k}"), format!("{v} (Fairy-Stockfish's gates are on the first rank)")),
        }
    }
    out.set("gating", "true");
    out.set("seirawanGating", "true");
    Ok(())
}
