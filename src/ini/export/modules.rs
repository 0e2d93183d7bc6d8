//! Chimera's rule modules that are Fairy-Stockfish options: `atomic` (`blastOnCapture`).
//! Any other module is refused.

use toml::Value;

use super::army::Army;
use super::{refuse, ExportRefusal, Section};

pub(super) fn write(modules: &Value, army: &mut Army, out: &mut Section) -> Result<(), ExportRefusal> {
    let modules = modules.as_table().ok_or(ExportRefusal { key: "modules".into(), reason: "not a table".into() })?;
    for (name, params) in modules {
        match name.as_str() {
            "atomic" => atomic(params, army, out)?,
            other => return refuse(format!("modules.{other}"), "a rule module Fairy-Stockfish has no option for"),
        }
    }
    Ok(())
}

/// Fairy-Stockfish's atomic chess: captures explode, sparing its pawn type; its king is a
/// commoner whose extinction loses, and, with the module's `checks` (the default), a
/// pseudo-royal one that may not be left attacked (`extinctionPseudoRoyal`).
fn atomic(params: &Value, army: &mut Army, out: &mut Section) -> Result<(), ExportRefusal> {
    let key = |k: &str| format!("modules.atomic.{k}");
    let empty = toml::Table::new();
    let params = params.as_table().unwrap_or(&empty);
    let mut checks = true;
    for (k, v) in params {
        match (k.as_str(), v) {
            ("radius", Value::Integer(1)) => {}
            ("checks", Value::Boolean(b)) => checks = *b,
            ("immune" | "mutually_immune", _) => {
                let option = if k == "immune" { "blastImmuneTypes" } else { "mutuallyImmuneTypes" };
                out.set(option, army.letters(&key(k), Some(v))?);
            }
            _ => return refuse(key(k), format!("{v} (Fairy-Stockfish's blast: radius 1, sparing its pawns)")),
        }
    }
    let Some(king) = army.pieces.iter_mut().find(|f| f.fsf == "king") else {
        return refuse("modules.atomic", "explosions without a royal piece (not exported yet)");
    };
    if king.betza.is_some() {
        return refuse("modules.atomic", "a royal piece of other moves than the king's");
    }
    king.fsf = "commoner".into();
    let letter = king.letter;
    out.set("blastOnCapture", "true");
    out.set("extinctionValue", "loss");
    out.set("extinctionPieceTypes", letter.to_string());
    if checks {
        out.set("extinctionPseudoRoyal", "true");
    }
    Ok(())
}
