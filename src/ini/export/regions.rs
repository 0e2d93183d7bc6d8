//! A piece's movement region (`moves_within`) as Fairy-Stockfish's
//! `mobilityRegionWhite<Piece>` / `mobilityRegionBlack<Piece>`: the squares its moves may
//! end on (the Xiangqi palace, the elephant's own half), and where it may be dropped, in
//! both programs. The piece must start inside it (as import-ini requires to read it back).

use std::collections::BTreeSet;

use toml::Value;

use super::army::Army;
use super::castling::Board;
use super::{refuse, ExportRefusal, Section};

/// A square (file, rank from 0, White's side).
type Square = (i64, i64);

pub(super) fn write(army: &Army, start: &Board, files: i64, ranks: i64, out: &mut Section) -> Result<(), ExportRefusal> {
    for f in &army.pieces {
        let Some(region) = army.table(&f.name).and_then(|t| t.get("moves_within")) else { continue };
        let key = format!("pieces.{}.moves_within", f.name);
        let (white, black) = squares(&key, region, files, ranks)?;
        for (is_white, own) in [(true, &white), (false, &black)] {
            let letter = if is_white { f.letter.to_ascii_uppercase() } else { f.letter };
            if start.squares_of(letter).iter().any(|sq| !own.contains(sq)) {
                return refuse(key, "the piece starts outside its region");
            }
        }
        let mut name = f.fsf.clone();
        name[..1].make_ascii_uppercase();
        out.set(&format!("mobilityRegionWhite{name}"), list(&white, files));
        out.set(&format!("mobilityRegionBlack{name}"), list(&black, files));
    }
    Ok(())
}

/// The region's squares, White's and Black's: own ranks (limited to the files, if
/// given; none without ranks) and the squares listed (White's mirrored for Black, or each side's).
fn squares(key: &str, v: &Value, files: i64, ranks: i64) -> Result<(BTreeSet<Square>, BTreeSet<Square>), ExportRefusal> {
    let bad = |why: &str| ExportRefusal { key: key.to_string(), reason: why.to_string() };
    let ints =
        |v: Option<&Value>| -> Vec<i64> { v.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_integer).collect() };
    let (own_ranks, file_list, listed) = match v {
        Value::Array(_) => (ints(Some(v)), None, None),
        Value::Table(t) => {
            if let Some(k) = t.keys().find(|k| !["ranks", "files", "squares"].contains(&k.as_str())) {
                return refuse(format!("{key}.{k}"), "not a region key");
            }
            let fs: Option<Vec<i64>> = t.get("files").map(|fs| {
                fs.as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .filter_map(|s| s.bytes().next())
                    .map(|b| i64::from(b) - i64::from(b'a'))
                    .collect()
            });
            (ints(t.get("ranks")), fs, t.get("squares"))
        }
        _ => return Err(bad("not a region")),
    };
    let all_files: Vec<i64> = (0..files).collect();
    let fs = file_list.unwrap_or(all_files);
    let mut white: BTreeSet<Square> = own_ranks.iter().flat_map(|&r| fs.iter().map(move |&f| (f, r - 1))).collect();
    let mut black: BTreeSet<Square> = white.iter().map(|&(f, r)| (f, ranks - 1 - r)).collect();
    let parse = |s: &Value| -> Result<Square, ExportRefusal> {
        let s = s.as_str().ok_or_else(|| bad("a square that is not a string"))?;
        let f = i64::from(*s.as_bytes().first().ok_or_else(|| bad("an empty square"))?) - i64::from(b'a');
        let r: i64 = s.get(1..).and_then(|r| r.parse().ok()).ok_or_else(|| bad("not a square"))?;
        Ok((f, r - 1))
    };
    match listed {
        None => {}
        Some(Value::Array(sq)) => {
            for s in sq {
                let (f, r) = parse(s)?;
                white.insert((f, r));
                black.insert((f, ranks - 1 - r));
            }
        }
        Some(Value::Table(sides)) => {
            for s in sides.get("white").and_then(Value::as_array).into_iter().flatten() {
                white.insert(parse(s)?);
            }
            for s in sides.get("black").and_then(Value::as_array).into_iter().flatten() {
                black.insert(parse(s)?);
            }
        }
        Some(_) => return Err(bad("squares that are not a list")),
    }
    let on_board = |set: &BTreeSet<Square>| set.iter().all(|&(f, r)| (0..files).contains(&f) && (0..ranks).contains(&r));
    if white.is_empty() || black.is_empty() || !on_board(&white) || !on_board(&black) {
        return Err(bad("an empty region, or squares off the board"));
    }
    Ok((white, black))
}

/// Squares as Fairy-Stockfish's Bitboard option, rank by rank (`d1 e1 f1 d2 …`), or whole
/// ranks (`*1 *2`) where it is made of them.
fn list(set: &BTreeSet<Square>, files: i64) -> String {
    let ranks: BTreeSet<i64> = set.iter().map(|&(_, r)| r).collect();
    if ranks.iter().all(|&r| (0..files).all(|f| set.contains(&(f, r)))) {
        return ranks.iter().map(|r| format!("*{}", r + 1)).collect::<Vec<_>>().join(" ");
    }
    let mut sq: Vec<&Square> = set.iter().collect();
    sq.sort_by_key(|&&(f, r)| (r, f));
    sq.iter().map(|&&(f, r)| format!("{}{}", (b'a' + f as u8) as char, r + 1)).collect::<Vec<_>>().join(" ")
}
