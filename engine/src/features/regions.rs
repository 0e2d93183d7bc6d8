//! Movement regions (Fairy-Stockfish's `mobilityRegion`, and its soldier's moves across
//! the river): per piece, the squares its moves may end on, and plain leaps it has
//! only from some squares. Both are per side, named by own ranks and by files, and are
//! folded into the per-square move tables when they are built (`tables.rs`), so the
//! generator pays nothing for them.
//!
//! A region, wherever a key takes one (`moves_within`, `double_step_ranks`, a promotion
//! zone), is written as a list of own ranks (`[2]`) or as a table of own ranks, files by
//! letter, and squares listed one by one — White's, mirrored for Black (`squares = ["b3",
//! "c3"]`), or each side's own (`squares = { white = ["a8"], black = ["h1"] }`) — any
//! of them together, their union.
//!
//! Keys of `[pieces.<name>]`:
//! * `moves_within = { ranks = [1, 2, 3], files = ["d", "e", "f"] }`: its moves end only
//!   there (the Xiangqi palace). Attacks are not limited: as in Fairy-Stockfish, a piece
//!   still gives check where it could not move (no variant's royal can stand there).
//! * `extra_moves = { ranks = [6, 7, 8, 9, 10], betza = "sW" }` (and `files`, optional):
//!   from those squares it also has these plain leaps, moves and attacks alike.

use serde::Deserialize;
use toml::Spanned;

use crate::betza::{self, Direction, Hop};
use crate::rules::Region;
use crate::ruleset::context::{Context, ListOrTable, SideLists};
use crate::ruleset::error::RulesetError;

/// A region as written: a list of own ranks (from 1), or a table.
pub(crate) type RawRegion = ListOrTable<Vec<u8>, RawRegionTable>;

/// [`RawRegion`]'s table: own ranks (from 1), the files they are limited to, and squares.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRegionTable {
    ranks: Option<Spanned<Vec<u8>>>,
    files: Option<Spanned<Vec<String>>>,
    squares: Option<SideLists>,
}

/// `extra_moves`: a region and the leaps a piece has from it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawExtraMoves {
    ranks: Spanned<Vec<u8>>,
    files: Option<Spanned<Vec<String>>>,
    betza: Spanned<String>,
}

/// Compiles a region at `key`.
pub(crate) fn compile_region(raw: &Spanned<RawRegion>, cx: &Context, key: &str) -> Result<Region, RulesetError> {
    match raw.get_ref() {
        ListOrTable::List(ranks) => cx.ranks(&Spanned::new(raw.span(), ranks.clone()), key),
        ListOrTable::Table(t) => {
            let ranks = t.ranks.clone().unwrap_or_else(|| Spanned::new(raw.span(), Vec::new()));
            let region = region(&ranks, t.files.as_ref(), cx, key)?;
            match &t.squares {
                None => Ok(region),
                Some(lists) => Ok(region.with_squares(cx.region_squares(lists, &format!("{key}.squares"))?)),
            }
        }
    }
}

/// Own ranks, limited to some files if `files` says so.
fn region(ranks: &Spanned<Vec<u8>>, files: Option<&Spanned<Vec<String>>>, cx: &Context, key: &str) -> Result<Region, RulesetError> {
    let region = cx.ranks(ranks, &format!("{key}.ranks"))?;
    let Some(files) = files else { return Ok(region) };
    let mut out = Vec::new();
    for f in files.get_ref() {
        let file = match f.as_bytes() {
            [c @ b'a'..=b'z'] if c - b'a' < cx.g.files => c - b'a',
            _ => {
                let last = (b'a' + cx.g.files - 1) as char;
                return Err(cx.r.span(files, format!("{key}.files"), format!("`{f}` is not a file of this board (a to {last})")));
            }
        };
        out.push(file);
    }
    Ok(region.within_files(out))
}

/// Compiles `extra_moves` at `key`: only plain leaps (no riders, hoppers, lame or
/// initial-only moves), which is what a per-square table can hold.
pub(crate) fn compile_extra(raw: &RawExtraMoves, cx: &Context, key: &str) -> Result<(Region, Vec<Direction>), RulesetError> {
    let region = region(&raw.ranks, raw.files.as_ref(), cx, key)?;
    let text = raw.betza.get_ref();
    let bad = |offset: usize, message: String| cx.r.at(raw.betza.span().start + 1 + offset, format!("{key}.betza"), message);
    let directions = betza::parse(text).map_err(|e| bad(e.offset, format!("bad Betza \"{text}\": {e}")))?;
    if directions.iter().any(|d| d.range != 1 || d.is_conditional() || d.initial_only || d.hop != Hop::None) {
        return Err(bad(0, format!("\"{text}\": extra moves must be plain leaps (no riders, hoppers, `n` or `i`)")));
    }
    Ok((region, directions))
}
