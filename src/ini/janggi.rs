//! Fairy-Stockfish's Janggi rules that are options, for `convert`: the palace lines
//! (`diagonalLines`: from a square of the lines, its wazir also steps diagonally, its soldier
//! diagonally forward, its rook rides diagonally and its Janggi cannon hops diagonally — each
//! ending on the lines only, `Position::attacks_from`'s "Janggi palace moves"; Chimera's
//! `line_moves`), bikjang and Janggi's material count.

use toml::{Table, Value};

use super::conv::{square, strings, Conv};
use super::Refusal;

/// The Fairy-Stockfish types that move along the lines, and how (Chimera Betza).
const ALONG_LINES: [(&str, &str); 4] = [("wazir", "F"), ("soldier", "fF"), ("rook", "B"), ("janggiCannon", "pB")];

/// `diagonalLines` as each moving type's `line_moves`. Fairy-Stockfish's king moves along
/// them only as its built-in Janggi's wazir king (builtins.ini's `kingType = wazir`), which a
/// variants.ini king is not.
pub(super) fn diagonal_lines(c: &Conv<'_>, pieces: &mut Table) -> Result<(), Refusal> {
    let lines = c.region("diagonalLines", |_, _| false)?;
    if lines.is_empty() {
        return Ok(());
    }
    let wazir_king = c.fsf.value("kingType").is_some_and(|(v, _)| v.trim() == "wazir");
    let king = wazir_king.then_some(("king", "F"));
    for (name, betza) in ALONG_LINES.into_iter().chain(king) {
        let Some(piece) = pieces.get_mut(name).and_then(Value::as_table_mut) else { continue };
        let moves = Table::from_iter([
            ("squares".to_string(), strings(lines.iter().map(|&(f, r)| square(f, r)))),
            ("betza".to_string(), Value::String(betza.into())),
        ]);
        piece.insert("line_moves".into(), Value::Table(moves));
    }
    Ok(())
}

/// `bikjangRule` as `[end] bikjang`, and `materialCounting = janggi` as `[end.material_count]`
/// with Fairy-Stockfish's `JANGGI_MATERIAL` weights and Han's 1.5 points of komi (its count
/// less one, White's win only above it).
pub(super) fn ends(c: &Conv<'_>, pieces: &Table, end: &mut Table) -> Result<(), Refusal> {
    if c.bool("bikjangRule", false)? {
        end.insert("bikjang".into(), Value::Boolean(true));
    }
    if c.fsf.value("materialCounting").is_some_and(|(v, _)| v.trim() == "janggi") {
        const WEIGHTS: [(&str, i64); 6] =
            [("rook", 13), ("janggiCannon", 7), ("horse", 5), ("janggiElephant", 3), ("wazir", 3), ("soldier", 2)];
        let weights: Table =
            WEIGHTS.iter().filter(|(n, _)| pieces.contains_key(*n)).map(|(n, w)| (n.to_string(), Value::Integer(*w))).collect();
        let count = Table::from_iter([("komi".to_string(), Value::Float(1.5)), ("weights".to_string(), Value::Table(weights))]);
        end.insert("material_count".into(), Value::Table(count));
    }
    Ok(())
}
