//! Ouk Chatrang's first moves as Fairy-Stockfish's `cambodianMoves` (with `gating`, whose
//! flags in the FEN's castling field mark the unmoved pieces: Chimera's
//! `unmoved_in_castling_field`): the king's leap `imfsN` (not out of check, lost once an
//! enemy rook moves onto its rank or file) and the fers's jump `imfD`. The pieces are
//! written with their plain moves (`K`, `F`), which those options add to.

use toml::{Table, Value};

use super::army::Army;
use super::{refuse, ExportRefusal, Section};
use crate::ini::betza::same_moves;

/// Whether two Chimera Betza strings give the same moves.
fn same(a: &str, b: &str) -> bool {
    matches!((crate::betza::parse(a), crate::betza::parse(b)), (Ok(x), Ok(y)) if x == y)
}

/// The ruleset's pieces with the first moves taken out, and the names of the met and the
/// rook (which must be Fairy-Stockfish's fers and rook: [`check`]).
pub(super) struct Stripped {
    pub pieces: Table,
    met: Option<String>,
    rook: Option<String>,
}

/// `None` where the ruleset has no `unmoved_in_castling_field`.
pub(super) fn strip(doc: &Table) -> Result<Option<Stripped>, ExportRefusal> {
    match doc.get("unmoved_in_castling_field").map(Value::as_bool) {
        None | Some(Some(false)) => return Ok(None),
        Some(Some(true)) => {}
        Some(None) => return refuse("unmoved_in_castling_field", "not true or false"),
    }
    let mut pieces = doc.get("pieces").and_then(Value::as_table).cloned().unwrap_or_default();
    let betza = |t: &Value| t.get("betza").and_then(Value::as_str).unwrap_or("").to_string();
    let rook = pieces.iter().find(|(_, t)| same_moves("R", &betza(t))).map(|(n, _)| n.clone());
    let (mut king, mut met) = (None, None);
    for (name, t) in pieces.iter_mut() {
        let Some(t) = t.as_table_mut() else { continue };
        let b = t.get("betza").and_then(Value::as_str).unwrap_or("").to_string();
        if t.get("royal").and_then(Value::as_bool) == Some(true) {
            let mut initial = Table::from_iter([("in_check".to_string(), Value::Boolean(false))]);
            if let Some(r) = &rook {
                initial.insert("lost_when_aimed_by".into(), Value::Array(vec![Value::String(r.clone())]));
            }
            if !same("KimfsN", &b) || t.get("initial_moves") != Some(&Value::Table(initial)) {
                return refuse(format!("pieces.{name}"), "a royal piece without Fairy-Stockfish's Cambodian first move (`KimfsN`, not out of check, lost when a rook aims at it)");
            }
            t.insert("betza".into(), Value::String("K".into()));
            t.remove("initial_moves");
            king = Some(name.clone());
        } else if same("FimfD", &b) {
            if met.is_some() {
                return refuse(format!("pieces.{name}"), "a second piece with the met's first jump");
            }
            t.insert("betza".into(), Value::String("F".into()));
            met = Some(name.clone());
        }
    }
    if king.is_none() {
        return refuse("unmoved_in_castling_field", "no royal piece with a first move");
    }
    Ok(Some(Stripped { pieces, met, rook }))
}

/// The met and the rook are Fairy-Stockfish's fers and rook (the types its rule knows):
/// writes the options.
pub(super) fn check(s: &Stripped, army: &Army, out: &mut Section) -> Result<(), ExportRefusal> {
    for (name, fsf) in [(&s.met, "fers"), (&s.rook, "rook")] {
        if let Some(n) = name {
            if army.get(n).is_none_or(|f| f.fsf != fsf) {
                return refuse(format!("pieces.{n}"), format!("not Fairy-Stockfish's {fsf}, the type its Cambodian rule knows"));
            }
        }
    }
    if let Some(f) = army.of_type("fers").filter(|f| s.met.as_ref() != Some(&f.name)) {
        return refuse(format!("pieces.{}", f.name), "a fers without the met's first jump (Fairy-Stockfish's fers all have it)");
    }
    out.set("gating", "true");
    out.set("cambodianMoves", "true");
    Ok(())
}
