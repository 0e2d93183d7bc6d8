//! Fairy-Stockfish's Janggi palace lines (`diagonalLines`), for `convert`: from a square of
//! the lines, its wazir also steps diagonally, its soldier diagonally forward, its rook
//! rides diagonally and its Janggi cannon hops diagonally — each ending on the lines only
//! (`Position::attacks_from`'s "Janggi palace moves"). Chimera's `line_moves`.

use toml::{Table, Value};

use super::convert::{square, strings, Conv};
use super::Refusal;

/// The Fairy-Stockfish types that move along the lines, and how (Chimera Betza).
const ALONG_LINES: [(&str, &str); 4] = [("wazir", "F"), ("soldier", "fF"), ("rook", "B"), ("janggiCannon", "pB")];

/// `diagonalLines` as each moving type's `line_moves`. Fairy-Stockfish's king moves along
/// them only as its built-in Janggi's wazir-like king, which a variants.ini king is not.
pub(super) fn diagonal_lines(c: &Conv<'_>, pieces: &mut Table) -> Result<(), Refusal> {
    let lines = c.region("diagonalLines", |_, _| false)?;
    if lines.is_empty() {
        return Ok(());
    }
    for (name, betza) in ALONG_LINES {
        let Some(piece) = pieces.get_mut(name).and_then(Value::as_table_mut) else { continue };
        let moves = Table::from_iter([
            ("squares".to_string(), strings(lines.iter().map(|&(f, r)| square(f, r)))),
            ("betza".to_string(), Value::String(betza.into())),
        ]);
        piece.insert("line_moves".into(), Value::Table(moves));
    }
    Ok(())
}
