//! Fairy-Stockfish's connection goals (`Position::is_immediate_game_end`) as
//! `[end.connect]`: `connectN` is `in_a_row`, `connectNxN` is `square`, `collinearN` is
//! `collinear`, `connectPieceTypes` is `pieces`, `connectHorizontal`/`Vertical`/
//! `Diagonal` are `directions`, `connectValue` is `verdict` (both for the side that
//! connected). Both programs look at the pieces of the side that just moved only.

use toml::{Table, Value};

use super::conv::{strings, Conv};
use super::fsf::PieceList;
use super::Refusal;

/// Fairy-Stockfish's regions to link, each side's first and second.
const REGIONS: [&str; 4] = ["connectRegion1White", "connectRegion2White", "connectRegion1Black", "connectRegion2Black"];

/// The `[end.connect]` table of the variant, if it has a connection goal.
pub(super) fn connect(c: &Conv<'_>) -> Result<Option<Table>, Refusal> {
    // Fairy-Stockfish grows a chain from region 1 only east, north, north-east and
    // south-east (its `connectDirections`, one way each), so a chain that turns back
    // west or south does not link there; Chimera's `link` follows a chain every way.
    for key in REGIONS {
        if !c.region(key, |_, _| false)?.is_empty() {
            return Err(c.refuse(
                key,
                "Fairy-Stockfish follows a chain between the regions only east, north, north-east and south-east; Chimera's `link` follows it every way",
            ));
        }
    }
    let goals = [("connectN", "in_a_row"), ("connectNxN", "square"), ("collinearN", "collinear")];
    let mut counts = Vec::new();
    for (key, chimera) in goals {
        match c.int(key, 0)? {
            0 => {}
            n if n < 0 => return Err(c.refuse(key, format!("a negative count ({n})"))),
            n => counts.push((key, chimera, n)),
        }
    }
    if counts.is_empty() {
        return Ok(None);
    }
    let on = [c.bool("connectHorizontal", true)?, c.bool("connectVertical", true)?, c.bool("connectDiagonal", true)?];
    let (files, ranks) = (i64::from(c.files), i64::from(c.ranks));
    // The longest line of the enabled directions (Chimera refuses a goal never met).
    let longest =
        [(on[0], files), (on[1], ranks), (on[2], files.min(ranks))].iter().filter(|(o, _)| *o).map(|&(_, n)| n).max().unwrap_or(0);
    let mut t = Table::new();
    for (key, chimera, n) in counts {
        let most = if chimera == "square" { files.min(ranks) } else { longest };
        if n > most {
            return Err(c.refuse(key, format!("{n} can never be met on a {files}x{ranks} board along the enabled directions")));
        }
        t.insert(chimera.into(), Value::Integer(n));
    }
    if on.contains(&false) && on.contains(&true) {
        let names = ["horizontal", "vertical", "diagonal"].iter().zip(on).filter(|(_, o)| *o).map(|(n, _)| *n);
        t.insert("directions".into(), strings(names));
    }
    // `connectPieceTypes` (default `*`), narrowed to the variant's pieces as
    // Fairy-Stockfish narrows it (`connectPieceTypesTrimmed`).
    if let (PieceList::Some(set), Some(_)) = c.fsf.list("connectPieceTypes", "", &[]) {
        if set.is_empty() {
            return Err(c.refuse("connectPieceTypes", "no piece of the variant counts for the connection"));
        }
        if c.fsf.pieces.values().any(|p| !set.contains(&p.name)) {
            t.insert("pieces".into(), strings(c.fsf.pieces.values().filter(|p| set.contains(&p.name)).map(|p| p.name.clone())));
        }
    }
    match c.verdict("connectValue", "win")? {
        Some("win") => {}
        Some(v) => {
            t.insert("verdict".into(), Value::String(v.into()));
        }
        None => return Err(c.refuse("connectValue", "`none`")),
    }
    Ok(Some(t))
}
