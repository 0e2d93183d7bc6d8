//! Fairy-Stockfish's drop options as Chimera's `[drops]` table: the drop regions, hands
//! filled by captures or a partner, promoted pieces in hand, the drop duties and limits,
//! pawn drop ranks, immobile drops, and the Reversi family's placements.

use std::collections::{BTreeMap, BTreeSet};

use toml::{Table, Value};

use super::conv::{ints, square, strings, Conv, Squares};
use super::fsf::{Fsf, Src};
use super::mobility::DropBounds;
use super::promote::promoted_to_hand;
use super::Refusal;

/// What the conversion knows by the time it reads the drop options.
pub(super) struct Drops<'a> {
    /// The start FEN's fields.
    pub fields: &'a [String],
    /// The pieces' tables (drop ranks and hand types are written into them).
    pub pieces: &'a mut Table,
    /// Each piece's Betza string, as converted.
    pub betzas: &'a BTreeMap<String, String>,
    /// Fairy-Stockfish's promoted types: (from, to, where it was said).
    pub promoted: &'a [(String, String, Src)],
    /// The types the start FEN writes in promoted form (`+P`).
    pub plus_faces: &'a BTreeSet<String>,
    /// The pawn's promotion zone, each side's.
    pub pawn_zone: &'a (Squares, Squares),
    /// The movement regions that bound drops too.
    pub drop_bounds: &'a DropBounds,
    /// `castlingDroppedPiece`: a dropped rook gains castling rights.
    pub dropped_castling: bool,
}

/// The `[drops]` table, `None` without `pieceDrops`.
pub(super) fn drops_table(c: &Conv<'_>, d: Drops<'_>) -> Result<Option<Table>, Refusal> {
    let Drops { fields, pieces, betzas, promoted, plus_faces, pawn_zone, drop_bounds, dropped_castling } = d;
    let fsf = c.fsf;
    let (files, ranks) = (c.files, c.ranks);
    let drops = c.bool("pieceDrops", false)?;
    let to_hand = c.bool("capturesToHand", false)?;
    if to_hand && !drops {
        return Err(c.refuse("capturesToHand", "captured pieces in hand without drops"));
    }
    let two_boards = c.bool("twoBoards", false)?;
    if two_boards && !drops {
        return Err(c.refuse("twoBoards", "pieces passed by a partner without drops"));
    }
    if drops {
        let mut t = Table::new();
        if !to_hand {
            t.insert("captures_to_hand".into(), Value::Boolean(false));
        }
        if two_boards {
            t.insert("two_boards".into(), Value::Boolean(true));
        }
        let w = c.region("dropRegionWhite", |_, _| true)?;
        let b = c.region("dropRegionBlack", |_, _| true)?;
        // A side that never holds a piece (none in hand at the start, captures kept out of
        // the hand, no free drops) never drops: its region is the other's, mirrored.
        let hand = fields[0].split_once('[').map_or("", |(_, h)| h);
        let holds = |white: bool| {
            to_hand
                || c.bool("freeDrops", false).unwrap_or(true)
                || hand.chars().any(|ch| ch.is_ascii_alphabetic() && ch.is_ascii_uppercase() == white)
        };
        let mirror = |set: &Squares| set.iter().map(|&(f, r)| (f, ranks - 1 - r)).collect::<Squares>();
        let (w, b) = match (holds(true), holds(false)) {
            (true, false) => (w.clone(), mirror(&w)),
            (false, true) => (mirror(&b), b),
            _ => (w, b),
        };
        // White's drop squares: whole own ranks where they are, else each side's squares
        // (Stardust), where no pawn's drop ranks are cut out of them.
        let list = |set: &Squares| strings(set.iter().map(|&(f, r)| square(f, r)));
        let each_side = |w: &Squares, b: &Squares| {
            let sides = Table::from_iter([("white".to_string(), list(w)), ("black".to_string(), list(b))]);
            Value::Table(Table::from_iter([("squares".to_string(), Value::Table(sides))]))
        };
        let (region, black_region): (Squares, Squares) = match c.own_ranks("dropRegionWhite", "dropRegionBlack", w.clone(), b.clone()) {
            Ok(region) => {
                if region.len() != ranks as usize {
                    t.insert("ranks".into(), ints(&region));
                }
                let white: Squares = region.iter().flat_map(|&r| (0..files).map(move |f| (f, r - 1))).collect();
                let black = mirror(&white);
                (white, black)
            }
            Err(refusal) if fsf.piece("pawn").is_some() => return Err(refusal),
            Err(_) => {
                t.insert("ranks".into(), each_side(&w, &b));
                (w, b)
            }
        };
        // Fairy-Stockfish drops a piece with a movement region only inside it too.
        for (name, (bw, bb)) in drop_bounds {
            if name == "pawn" {
                return Err(c.refuse(
                    "mobilityRegionWhitePawn",
                    "a region that bounds the pawn's drops (Chimera's pawn drop ranks are whole ranks)",
                ));
            }
            let piece = pieces.get_mut(name).and_then(Value::as_table_mut).expect("a piece of the variant");
            piece.insert("drop_ranks".into(), each_side(&(&region & bw), &(&black_region & bb)));
        }
        let drop_loop = c.bool("dropLoop", false)?;
        let pawn_targets: Vec<String> = if pawn_zone.0.is_empty() { Vec::new() } else { c.names("promotionPieceTypes", &[])? };
        let squarewise =
            if to_hand && !drop_loop { promoted_to_hand(c, pieces, promoted, &pawn_targets, plus_faces, &fields[0])? } else { false };
        // Fairy-Stockfish marks promoted pieces (`Q~`) where they go to a hand, this one's
        // or a partner's.
        if (to_hand && (!pawn_zone.0.is_empty() || squarewise) || two_boards && !pawn_zone.0.is_empty()) && !drop_loop {
            t.insert("demote_on_capture".into(), Value::Boolean(true));
        }
        // Fairy-Stockfish's drop of a promoted face is Chimera's drop of a type whose
        // `captured_as` is the piece in hand, where every promoted piece is such a type.
        if c.bool("dropPromoted", false)? {
            if squarewise {
                return Err(c.refuse("dropPromoted", "drops in promoted state of a type that is not only a promoted one"));
            }
            t.insert("promoted".into(), Value::Boolean(true));
        }
        // Fairy-Stockfish's drop-check test (`gives_check`) finds no check without a
        // `king` type: with a pseudo-royal commoner (atomiczh) drops check freely.
        if !c.bool("dropChecks", true)? && fsf.piece("king").is_some() {
            t.insert("checks".into(), Value::Boolean(false));
        }
        if c.bool("mustDrop", false)? {
            let must = match c.fsf.value("mustDropType").map(|(v, _)| v.trim()).unwrap_or("*") {
                "*" => Value::Boolean(true),
                l => match fsf.pieces.values().find(|p| l.len() == 1 && l.eq_ignore_ascii_case(&p.letter.to_string())) {
                    Some(p) => strings([p.name.clone()]),
                    None => return Err(c.refuse("mustDropType", format!("`{l}` is not a piece of the variant"))),
                },
            };
            t.insert("must_drop".into(), must);
        }
        // Fairy-Stockfish's rule is for its bishop type only.
        if c.bool("dropOppositeColoredBishop", false)? && fsf.piece("bishop").is_some() {
            t.insert("opposite_colors".into(), strings(["bishop"]));
        }
        if dropped_castling {
            t.insert("castling_rights_on_drop".into(), strings(c.names("castlingRookPieces", &["rook"])?));
        }
        let no_doubled = c.names("dropNoDoubled", &[])?;
        let mut never_dropped = Vec::new();
        match c.int("dropNoDoubledCount", 1)? {
            _ if no_doubled.is_empty() => {}
            // Every file has at least none of them: Fairy-Stockfish never drops them.
            0 => never_dropped = no_doubled,
            1 => {
                t.insert("one_per_file".into(), strings(no_doubled));
            }
            n @ 2..=255 => {
                let limits = no_doubled.into_iter().map(|name| (name, Value::Integer(n))).collect();
                t.insert("per_file".into(), Value::Table(limits));
            }
            _ => return Err(c.refuse("dropNoDoubledCount", "a count of doubled pieces outside 1 to 255")),
        }
        if fsf.piece("pawn").is_some() {
            let first = c.bool("firstRankPawnDrops", false)?;
            let zone = c.bool("promotionZonePawnDrops", false)?;
            // Fairy-Stockfish's `drop_region(c, PAWN)`: neither the own first rank nor the
            // promotion zone, each side's own (which may differ: Shinobi+).
            let pawn_squares = |region: &Squares, zone_of: &Squares, first_rank: u8| -> Squares {
                region.iter().copied().filter(|&(f, r)| (first || r != first_rank) && (zone || !zone_of.contains(&(f, r)))).collect()
            };
            let (white, black) = (pawn_squares(&region, &pawn_zone.0, 0), pawn_squares(&black_region, &pawn_zone.1, ranks - 1));
            let by_rank: BTreeSet<u8> = white.iter().map(|&(_, r)| r + 1).collect();
            let whole: Squares = by_rank.iter().flat_map(|&r| (0..files).map(move |f| (f, r - 1))).collect();
            let drop_ranks = if white == whole && black == mirror(&white) {
                ints(&by_rank.into_iter().collect::<Vec<_>>())
            } else {
                each_side(&white, &black)
            };
            let pawn = pieces.get_mut("pawn").and_then(Value::as_table_mut).expect("listed above");
            pawn.insert("drop_ranks".into(), drop_ranks);
        }
        for name in never_dropped {
            let piece = pieces.get_mut(&name).and_then(Value::as_table_mut).expect("a piece of the variant");
            piece.insert("drop_ranks".into(), Value::Array(Vec::new()));
        }
        if check_immobility(c, fsf, betzas, &region, &pawn_zone.0)? {
            t.insert("immobile_drops".into(), Value::Boolean(true));
        }
        let walls = fields[0].split('[').next().unwrap_or("").contains('*');
        reversi_drops(c, &mut t, walls)?;
        return Ok(Some(t));
    }
    check_immobility(c, fsf, betzas, &Squares::new(), &pawn_zone.0)?;
    Ok(None)
}

/// Fairy-Stockfish's drop rules of the Reversi and Ataxx families in `[drops]`:
/// `enclosingDrop` as `placement`, `enclosingDropStart` as `first_squares`, `freeDrops`
/// as `unlimited` (without drops Fairy-Stockfish reads none of them).
fn reversi_drops(c: &Conv<'_>, drops: &mut Table, walls: bool) -> Result<(), Refusal> {
    match c.fsf.value("enclosingDrop").map(|(v, _)| v.trim()).unwrap_or("none") {
        "none" => {}
        // Fairy-Stockfish's test of an enclosing line (`drop_region`) looks through walls.
        "reversi" if walls => {
            return Err(c.refuse(
                "enclosingDrop",
                "Reversi drops on a board with walls (Fairy-Stockfish's enclosing line passes through a wall; Chimera's stops there)",
            ))
        }
        "reversi" => {
            drops.insert("placement".into(), Value::String("enclosing".into()));
        }
        "ataxx" => {
            drops.insert("placement".into(), Value::String("next-to-own".into()));
        }
        "top" => {
            drops.insert("placement".into(), Value::String("on-top".into()));
        }
        "snort" => {
            drops.insert("placement".into(), Value::String("apart".into()));
        }
        other => {
            return Err(c.refuse("enclosingDrop", format!("`{other}` drops (Chimera has Reversi's, Ataxx's, Connect Four's and Snort's)")))
        }
    }
    let start = c.region("enclosingDropStart", |_, _| false)?;
    if !start.is_empty() {
        if !drops.contains_key("placement") {
            return Err(c.refuse("enclosingDropStart", "first drop squares without `enclosingDrop`"));
        }
        // Chimera's list is mirrored for Black: the same squares are given to each side.
        let list = || strings(start.iter().map(|&(f, r)| square(f, r)));
        drops
            .insert("first_squares".into(), Value::Table(Table::from_iter([("white".to_string(), list()), ("black".to_string(), list())])));
    }
    if c.bool("freeDrops", false)? {
        drops.insert("unlimited".into(), Value::Boolean(true));
    }
    Ok(())
}

/// Fairy-Stockfish drops a piece anywhere in its drop region (`region`, empty without
/// drops) unless `immobilityIllegal`; Chimera does so only with `immobile_drops`. Returns
/// whether a droppable piece has a square in its drop ranks it could never leave and the
/// option is off: then the drops need `immobile_drops` (a tic-tac-toe stone, which never
/// moves). The option's other half, on moves, is [`stuck_moves_barred`]'s.
fn check_immobility(
    c: &Conv<'_>,
    fsf: &Fsf,
    betzas: &BTreeMap<String, String>,
    region: &Squares,
    pawn_zone: &Squares,
) -> Result<bool, Refusal> {
    let immobility_illegal = c.bool("immobilityIllegal", false)?;
    let mut immobile_drops = false;
    for p in fsf.pieces.values().filter(|p| p.name != "king") {
        let dirs = crate::betza::parse(&betzas[&p.name]).unwrap_or_default();
        let stuck = |f: u8, r: u8| {
            !dirs.iter().any(|d| {
                let (x, y) = (f as i16 + d.dx as i16, r as i16 + d.dy as i16);
                (0..c.files as i16).contains(&x) && (0..c.ranks as i16).contains(&y)
            })
        };
        let pawn_may = |f: u8, r: u8| {
            p.name != "pawn" || (r != 0 && !pawn_zone.contains(&(f, r))) || c.bool("firstRankPawnDrops", false).unwrap_or(false)
        };
        let stuck_drop = region.iter().any(|&(f, r)| pawn_may(f, r) && stuck(f, r));
        immobile_drops |= stuck_drop && !immobility_illegal;
    }
    Ok(immobile_drops)
}

/// Whether the ruleset needs `immobile_moves = false`: Fairy-Stockfish's
/// `immobilityIllegal` bars a plain move to a square from which the piece has no quiet,
/// non-initial move on an empty board (`Position::legal`: `PseudoMoves[0]`). Chimera's
/// option bars the squares from which it has no move at all (`Mobility::dead`): the two
/// agree unless a piece somewhere has a capture but no quiet move, which is refused. Pawns
/// and pieces that promote Shogi style need it only off their zone (the `optional` policy
/// already bars declining where the piece would be stuck).
pub(super) fn stuck_moves_barred(
    c: &Conv<'_>,
    fsf: &Fsf,
    betzas: &BTreeMap<String, String>,
    shogi_zones: &BTreeMap<String, Squares>,
) -> Result<bool, Refusal> {
    if !c.bool("immobilityIllegal", false)? {
        return Ok(false);
    }
    let mut barred = false;
    for p in fsf.pieces.values().filter(|p| p.name != "king") {
        let dirs = crate::betza::parse(&betzas[&p.name]).unwrap_or_default();
        let moves_from = |f: u8, r: u8, quiet: bool| {
            dirs.iter().filter(|d| !d.initial_only && (!quiet || d.mode != crate::betza::Mode::Capture)).any(|d| {
                let (x, y) = (f as i16 + d.dx as i16, r as i16 + d.dy as i16);
                (0..c.files as i16).contains(&x) && (0..c.ranks as i16).contains(&y)
            })
        };
        let squares = || (0..c.ranks).flat_map(|r| (0..c.files).map(move |f| (f, r)));
        if squares().any(|(f, r)| moves_from(f, r, false) != moves_from(f, r, true)) {
            return Err(c.refuse(
                "immobilityIllegal",
                format!("`{}` has captures but no quiet move from some square: Fairy-Stockfish counts only quiet moves there, Chimera every move", p.name),
            ));
        }
        let none = Squares::new();
        let zone = shogi_zones.get(&p.name).unwrap_or(&none);
        barred |= squares().any(|(f, r)| !zone.contains(&(f, r)) && !moves_from(f, r, false) && p.name != "pawn");
    }
    Ok(barred)
}
