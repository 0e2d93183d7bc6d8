//! Janggi's palace lines (`line_moves`) as Fairy-Stockfish's `diagonalLines`: standing on
//! one of the listed points, its wazir also steps diagonally, its soldier diagonally
//! forward, its rook slides diagonally and its Janggi cannon hops diagonally, each only to
//! another of the points — and its king steps diagonally only as Janggi's built-in king
//! (`kingType = wazir`), which only inheriting `janggi` gives ([`super::parent`]). Every
//! piece of those types must have exactly those line moves, and no other piece any.

use toml::Value;

use super::army::Army;
use super::{refuse, ExportRefusal, Section};

/// The Fairy-Stockfish types that move along the lines, and how (Chimera's Betza).
const ALONG_LINES: [(&str, &str); 5] = [("wazir", "F"), ("soldier", "fF"), ("rook", "B"), ("janggiCannon", "pB"), ("king", "F")];

pub(super) fn lines(army: &Army, out: &mut Section) -> Result<(), ExportRefusal> {
    let mut points: Option<Vec<String>> = None;
    for f in &army.pieces {
        let Some(lm) = army.table(&f.name).and_then(|t| t.get("line_moves")) else { continue };
        let key = format!("pieces.{}.line_moves", f.name);
        let along = ALONG_LINES.iter().find(|(t, _)| *t == f.fsf).map(|(_, b)| *b);
        let betza = lm.get("betza").and_then(Value::as_str);
        if along.is_none() || betza != along || f.fsf == "king" && f.betza.as_deref() != Some("W") {
            return refuse(
                key,
                format!("`{}` along the lines (Fairy-Stockfish's: {ALONG_LINES:?}, the king a wazir)", betza.unwrap_or("")),
            );
        }
        let squares: Vec<String> =
            lm.get("squares").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect();
        if lm.as_table().is_some_and(|t| t.len() != 2) || squares.is_empty() || points.as_ref().is_some_and(|p| *p != squares) {
            return refuse(key, "lines other than one list of points shared by every piece");
        }
        points = Some(squares);
        if f.fsf == "king" {
            out.king_lines = true;
        }
    }
    let Some(points) = points else { return Ok(()) };
    // Fairy-Stockfish moves every piece of those types along the lines (the king only as
    // Janggi's built-in king).
    for f in &army.pieces {
        let moving = ALONG_LINES.iter().any(|(t, _)| *t == f.fsf) && (f.fsf != "king" || out.king_lines);
        if moving && !army.table(&f.name).is_some_and(|t| t.contains_key("line_moves")) {
            return refuse(format!("pieces.{}", f.name), "a piece Fairy-Stockfish moves along the lines that does not");
        }
    }
    out.set("diagonalLines", points.join(" "));
    Ok(())
}
