//! Fairy-Stockfish's movement regions (`mobilityRegion{White,Black}<Piece>`) as Chimera's
//! `moves_within`, for `convert`, where the two agree.

use std::collections::{BTreeMap, BTreeSet};

use toml::{Table, Value};

use super::conv::{square, strings, Conv, Squares};
use super::Refusal;

/// The regions of pieces that may be dropped (White's squares, Black's), which bound their
/// drops too.
pub(super) type DropBounds = BTreeMap<String, (Squares, Squares)>;

/// Fairy-Stockfish's `mobilityRegion{White,Black}<Piece>`: the squares a piece may move
/// to and be dropped on, and the only ones it attacks: Chimera's `moves_within`, exact
/// when the piece starts inside it. The regions of pieces that may be dropped are
/// returned, for their drop squares.
pub(super) fn mobility_regions(
    c: &Conv<'_>,
    pieces: &mut Table,
    placement: &BTreeMap<(u8, u8), char>,
    board: &str,
) -> Result<DropBounds, Refusal> {
    let key = |color: &str, name: &str| {
        let mut cap = name.to_string();
        cap[..1].make_ascii_uppercase();
        format!("mobilityRegion{color}{cap}")
    };
    let all = |_: u8, _: u8| true;
    let mut regions: BTreeMap<String, (Squares, Squares)> = BTreeMap::new();
    for p in c.fsf.pieces.values() {
        let (wk, bk) = (key("White", &p.name), key("Black", &p.name));
        if c.fsf.value(&wk).is_some() || c.fsf.value(&bk).is_some() {
            let (white, black) = (c.region(&wk, all)?, c.region(&bk, all)?);
            if white.is_empty() || black.is_empty() {
                return Err(c.refuse(if white.is_empty() { &wk } else { &bk }, "an empty region"));
            }
            regions.insert(p.name.clone(), (white, black));
        }
    }
    let mut dropped = DropBounds::new();
    if regions.is_empty() {
        return Ok(dropped);
    }
    let whole: Squares = (0..c.files).flat_map(|f| (0..c.ranks).map(move |r| (f, r))).collect();
    let mirror = |set: &Squares| -> Squares { set.iter().map(|&(f, r)| (f, c.ranks - 1 - r)).collect() };
    let hands = board.split_once('[').map(|(_, h)| h).unwrap_or("");
    let to_hand = c.bool("pieceDrops", false)? && c.bool("capturesToHand", false)?;
    for (name, (white, black)) in &regions {
        let (wk, bk) = (key("White", name), key("Black", name));
        let piece = c.fsf.piece(name).expect("a piece of the variant");
        let royal = pieces.get(name).and_then(|t| t.get("royal")).is_some();
        if !royal && (to_hand || hands.contains(piece.letter) || hands.contains(piece.letter.to_ascii_uppercase())) {
            dropped.insert(name.clone(), (white.clone(), black.clone()));
        }
        for (is_white, own, k) in [(true, white, &wk), (false, black, &bk)] {
            let letter = if is_white { piece.letter.to_ascii_uppercase() } else { piece.letter };
            if placement.iter().any(|(sq, &l)| l == letter && !own.contains(sq)) {
                return Err(c.refuse(k, format!("`{name}` starts outside its region")));
            }
        }
        if *white == whole && *black == whole {
            continue;
        }
        let region = if mirror(white) == *black {
            let ranks: BTreeSet<u8> = white.iter().map(|&(_, r)| r).collect();
            let files: BTreeSet<u8> = white.iter().map(|&(f, _)| f).collect();
            let rectangle = ranks.iter().all(|&r| files.iter().all(|&f| white.contains(&(f, r))));
            let mut t = Table::new();
            if rectangle {
                t.insert("ranks".into(), Value::Array(ranks.iter().map(|&r| Value::Integer(r as i64 + 1)).collect()));
                if files.len() != c.files as usize {
                    t.insert("files".into(), strings(files.iter().map(|&f| ((b'a' + f) as char).to_string())));
                }
            } else {
                t.insert("squares".into(), strings(white.iter().map(|&(f, r)| square(f, r))));
            }
            t
        } else {
            let list = |set: &Squares| strings(set.iter().map(|&(f, r)| square(f, r)));
            let sides = Table::from_iter([("white".to_string(), list(white)), ("black".to_string(), list(black))]);
            Table::from_iter([("squares".to_string(), Value::Table(sides))])
        };
        let t = pieces.get_mut(name).and_then(Value::as_table_mut).expect("a piece of the variant");
        if t.contains_key("moves_within") {
            return Err(c.refuse(&wk, "a region for a pawn that already may not enter its promotion zone"));
        }
        t.insert("moves_within".into(), Value::Table(region));
    }
    Ok(dropped)
}
