//! Fairy-Stockfish's Shogi-style promotions (`promotedPieceType`) and its promotion
//! region, for `convert`: the zone (own ranks, or each side's squares), the pieces'
//! `promotion` tables, where captured promoted pieces go in the hand, and the `+f` of a
//! start FEN.

use std::collections::{BTreeMap, BTreeSet};

use toml::{Table, Value};

use super::conv::{ints, square, strings, Conv, Squares};
use super::fsf::{Fsf, Src};
use super::Refusal;

impl Conv<'_> {
    /// Fairy-Stockfish's promotion region (by default White's eighth rank, Black's
    /// first) as own ranks; or as each side's own squares where it is not the same whole
    /// ranks for both (Shinobi+: White's 7th and 8th, Black's 1st to 3rd).
    pub(super) fn promotion_zone(&self) -> Result<Zone, Refusal> {
        let w = self.region("promotionRegionWhite", |_, r| r == 7)?;
        let b = self.region("promotionRegionBlack", |_, r| r == 0)?;
        match self.own_ranks("promotionRegionWhite", "promotionRegionBlack", w.clone(), b.clone()) {
            Ok(ranks) => Ok(Zone::Ranks(ranks)),
            Err(_) if !w.is_empty() && !b.is_empty() => Ok(Zone::Squares(w, b)),
            Err(e) => Err(e),
        }
    }
}

/// A promotion zone: own ranks, or each side's squares (White's, Black's).
pub(super) enum Zone {
    Ranks(Vec<u8>),
    Squares(Squares, Squares),
}

impl Zone {
    pub(super) fn is_empty(&self) -> bool {
        match self {
            Zone::Ranks(r) => r.is_empty(),
            Zone::Squares(w, b) => w.is_empty() && b.is_empty(),
        }
    }

    /// White's squares of the zone on a board of `files` x `ranks`.
    pub(super) fn white(&self, files: u8) -> Squares {
        match self {
            Zone::Ranks(ranks) => ranks.iter().flat_map(|&r| (0..files).map(move |f| (f, r - 1))).collect(),
            Zone::Squares(w, _) => w.clone(),
        }
    }

    /// Black's squares of the zone on a board of `files` x `ranks`.
    pub(super) fn black(&self, files: u8, ranks: u8) -> Squares {
        match self {
            Zone::Ranks(_) => self.white(files).iter().map(|&(f, r)| (f, ranks - 1 - r)).collect(),
            Zone::Squares(_, b) => b.clone(),
        }
    }

    /// Whether each side's zone is whole ranks up to its far edge (White's from some rank
    /// to the last, Black's from the first to some rank): a piece moving forward never
    /// leaves it.
    pub(super) fn reaches_far_edge(&self, files: u8, ranks: u8) -> bool {
        let far = |set: &Squares, toward: fn(u8, u8) -> bool| {
            set.iter().all(|&(_, r)| (0..files).all(|f| (0..ranks).filter(|&q| toward(q, r)).all(|q| set.contains(&(f, q)))))
        };
        let (w, b) = (self.white(files), self.black(files, ranks));
        !w.is_empty() && far(&w, |q, r| q >= r) && far(&b, |q, r| q <= r)
    }

    /// The squares outside the zone, as a Chimera region (`moves_within`).
    pub(super) fn outside(&self, files: u8, ranks: u8) -> Table {
        let mut t = Table::new();
        match self {
            Zone::Ranks(zone) => {
                t.insert("ranks".into(), ints(&(1..=ranks).filter(|r| !zone.contains(r)).collect::<Vec<_>>()));
            }
            Zone::Squares(w, b) => {
                let list = |set: &Squares| {
                    let all = (0..files).flat_map(|f| (0..ranks).map(move |r| (f, r)));
                    strings(all.filter(|sq| !set.contains(sq)).map(|(f, r)| square(f, r)))
                };
                t.insert(
                    "squares".into(),
                    Value::Table(Table::from_iter([("white".to_string(), list(w)), ("black".to_string(), list(b))])),
                );
            }
        }
        t
    }

    /// The zone's keys of a Chimera `promotion` table (`ranks`, or `squares` per side).
    pub(super) fn table(&self) -> Table {
        let mut t = Table::new();
        match self {
            Zone::Ranks(ranks) => {
                t.insert("ranks".into(), ints(ranks));
            }
            Zone::Squares(w, b) => {
                let list = |set: &Squares| strings(set.iter().map(|&(f, r)| square(f, r)));
                t.insert(
                    "squares".into(),
                    Value::Table(Table::from_iter([("white".to_string(), list(w)), ("black".to_string(), list(b))])),
                );
            }
        }
        t
    }
}

/// A type of Chimera's own for the pieces promoted from one origin, where Fairy-Stockfish
/// promotes several types to one and a captured one returns to the hand as what it
/// promoted from (Minishogi's pawn and silver both become golds). Chimera's pieces keep
/// their origin in their type: `promoted-<origin>` moves as the shared type (`like`) and
/// is captured as its origin.
pub(super) struct OwnFace {
    pub name: String,
    pub letter: char,
    pub like: String,
}

/// Gives each origin of a shared promoted type a type of its own (`OwnFace`), rewriting
/// `promoted`, where captured pieces go to the hand (else the origin never matters) and
/// the shared type is reached only Shogi style (not also by a pawn's promotion, not
/// promoting again, under no `promotionLimit`, which counts the shared type).
pub(super) fn split_shared_targets(c: &Conv<'_>, promoted: &mut [(String, String, Src)]) -> Result<Vec<OwnFace>, Refusal> {
    let to_hand = c.bool("pieceDrops", false)? && c.bool("capturesToHand", false)? && !c.bool("dropLoop", false)?;
    if !to_hand || c.fsf.value("promotionLimit").is_some() {
        return Ok(Vec::new());
    }
    let pawn_targets = if c.fsf.piece("pawn").is_some() { c.names("promotionPieceTypes", &[])? } else { Vec::new() };
    let mut used: BTreeSet<char> = c.fsf.pieces.values().map(|p| p.letter).collect();
    let mut faces = Vec::new();
    let shared: Vec<String> = promoted
        .iter()
        .map(|(_, to, _)| to.clone())
        .filter(|to| promoted.iter().filter(|(_, t, _)| t == to).count() > 1)
        .filter(|to| !pawn_targets.contains(to) && !promoted.iter().any(|(f, _, _)| f == to))
        .collect();
    for (from, to, _) in promoted.iter_mut().filter(|(_, to, _)| shared.contains(to)) {
        let Some(letter) = ('a'..='z').find(|l| !used.contains(l)) else {
            return Err(c.refuse("promotedPieceType", "no letter left for a promoted type of Chimera's own"));
        };
        used.insert(letter);
        let name = format!("promoted-{from}");
        faces.push(OwnFace { name: name.clone(), letter, like: std::mem::replace(to, name) });
    }
    Ok(faces)
}

/// The start FEN's board with Fairy-Stockfish's promoted pieces (`+f`: a fers promoted,
/// Shogi style) written with their promoted type's letter, and the promoted types that
/// stood there so.
pub(super) fn promoted_faces(
    fsf: &Fsf,
    board: &str,
    promoted: &[(String, String, Src)],
    own: &[OwnFace],
) -> Result<(String, BTreeSet<String>), String> {
    let mut out = String::with_capacity(board.len());
    let mut faces = BTreeSet::new();
    let mut chars = board.chars();
    while let Some(ch) = chars.next() {
        if ch != '+' {
            out.push(ch);
            continue;
        }
        let Some(u) = chars.next() else { return Err("`+` at the end of the FEN's board".into()) };
        let from = fsf.pieces.values().find(|p| p.letter == u.to_ascii_lowercase());
        let to = from.and_then(|p| promoted.iter().find(|(f, _, _)| *f == p.name)).map(|(_, to, _)| to);
        let letter = to.and_then(|to| own.iter().find(|o| o.name == *to).map(|o| o.letter).or_else(|| fsf.piece(to).map(|p| p.letter)));
        let (Some(to), Some(letter)) = (to, letter) else { return Err(format!("`+{u}`: no piece of the variant promotes from `{u}`")) };
        out.push(if u.is_ascii_uppercase() { letter.to_ascii_uppercase() } else { letter });
        faces.insert(to.clone());
    }
    Ok((out, faces))
}

/// Fairy-Stockfish's Shogi-style promotions of pieces other than its pawn
/// (`promotedPieceType`, `generate_moves` in src/movegen.cpp): a move into the promotion
/// zone, or from inside it, may promote (must, with `mandatoryPiecePromotion`) while the
/// promoted type is under its `promotionLimit` — else the plain move is allowed. Chimera's
/// `promotion` with `from_zone`; the policy by the options. Returns each promoting
/// piece's zone (White's squares).
pub(super) fn piece_promotions(
    c: &Conv<'_>,
    pieces: &mut Table,
    betzas: &BTreeMap<String, String>,
    promoted: &[(String, String, Src)],
) -> Result<BTreeMap<String, Squares>, Refusal> {
    let mut zones = BTreeMap::new();
    // Fairy-Stockfish's `piecePromotionOnCapture`: only captures promote (and demote).
    let on_capture = c.bool("piecePromotionOnCapture", false)?;
    if on_capture && promoted.iter().any(|(from, _, _)| from == "pawn") {
        return Err(
            c.refuse("piecePromotionOnCapture", "a pawn that also promotes Shogi style, on captures only (its pawn promotions are not)")
        );
    }
    let shogi: Vec<_> = promoted.iter().filter(|(from, _, _)| from != "pawn").collect();
    if shogi.is_empty() {
        return Ok(zones);
    }
    let zone = c.promotion_zone()?;
    if zone.is_empty() {
        return Ok(zones);
    }
    let white_zone = zone.white(c.files);
    let mandatory = c.bool("mandatoryPiecePromotion", false)?;
    let immobility_illegal = c.bool("immobilityIllegal", false)?;
    for &(from, to, src) in &shogi {
        if pieces.get(from).and_then(|p| p.get("royal")).is_some() {
            return Err(c.refuse_at(src, "promotedPieceType", format!("a royal `{from}` that promotes")));
        }
        let limited = pieces.get(to).and_then(|p| p.get("limit")).is_some();
        let dirs = crate::betza::parse(&betzas[from]).unwrap_or_default();
        // A square of the zone from which the piece could never move again.
        let dead_in_zone = white_zone.iter().any(|&(f, r)| {
            !dirs.iter().any(|d| {
                let (x, y) = (f as i16 + d.dx as i16, r as i16 + d.dy as i16);
                (0..c.files as i16).contains(&x) && (0..c.ranks as i16).contains(&y)
            })
        });
        let policy = match (mandatory, limited) {
            (true, false) => "mandatory",
            // At its limit Fairy-Stockfish lets the piece move on unpromoted, even where
            // it is then stuck unless `immobilityIllegal`: Chimera's "if-available".
            (true, true) if immobility_illegal && dead_in_zone => {
                return Err(c.refuse_at(
                    src,
                    "promotedPieceType",
                    format!("`{from}` at its promotion's limit, on a square it cannot leave (Chimera allows the plain move there)"),
                ));
            }
            (true, true) => "if-available",
            // Fairy-Stockfish lets the piece stay unpromoted where it can never move again
            // unless `immobilityIllegal`: Chimera's "free".
            (false, _) if !immobility_illegal && dead_in_zone => "free",
            (false, _) => "optional",
        };
        let mut promotion = zone.table();
        promotion.insert("to".into(), strings([to.clone()]));
        promotion.insert("policy".into(), Value::String(policy.into()));
        promotion.insert("from_zone".into(), Value::Boolean(true));
        if on_capture {
            promotion.insert("on_capture".into(), Value::Boolean(true));
        }
        let piece = pieces.get_mut(from).and_then(Value::as_table_mut).expect("a piece of the variant");
        piece.insert("promotion".into(), Value::Table(promotion));
        zones.insert(from.clone(), white_zone.clone());
    }
    if c.bool("pieceDemotion", false)? {
        demotions(c, pieces, &shogi, &zone, mandatory, on_capture)?;
    }
    Ok(zones)
}

/// Fairy-Stockfish's `pieceDemotion`: a promoted piece that moves may turn back. With
/// mandatory promotion on the whole board every move turns the piece over (Kyoto shogi's
/// faces; Chennis): the promoted type's own mandatory promotion back to its origin.
fn demotions(
    c: &Conv<'_>,
    pieces: &mut Table,
    shogi: &[&(String, String, Src)],
    zone: &Zone,
    mandatory: bool,
    on_capture: bool,
) -> Result<(), Refusal> {
    let whole = matches!(zone, Zone::Ranks(r) if r.len() == c.ranks as usize);
    if !mandatory || !whole {
        return Err(c.refuse(
            "pieceDemotion",
            "demotion without mandatory promotion on the whole board (Chimera turns pieces over only when every move does)",
        ));
    }
    // Every piece of a promoted type must be a promoted one: no other origin, and none in
    // the start position but as `+`.
    let fen = c.fsf.value("startFen").map_or("", |(v, _)| v.as_str());
    let board = fen.split(' ').next().unwrap_or("");
    let natural = |letter: char| board.char_indices().any(|(i, ch)| ch.eq_ignore_ascii_case(&letter) && !board[..i].ends_with('+'));
    for (from, to, src) in shogi {
        if shogi.iter().any(|(f, _, _)| f == to) {
            return Err(c.refuse_at(src, "promotedPieceType", format!("`{to}` both promotes and demotes")));
        }
        let letter = c.fsf.piece(to).map(|p| p.letter);
        if shogi.iter().filter(|(_, t, _)| t == to).count() > 1 || letter.is_some_and(natural) {
            return Err(c.refuse_at(
                src,
                "pieceDemotion",
                format!("`{to}` is not only a promoted piece: which ones demote depends on the piece (Chimera's promotions go by type)"),
            ));
        }
        let mut back = zone.table();
        back.insert("to".into(), strings([from.clone()]));
        back.insert("policy".into(), Value::String("mandatory".into()));
        if on_capture {
            back.insert("on_capture".into(), Value::Boolean(true));
        }
        let piece = pieces.get_mut(to).and_then(Value::as_table_mut).expect("a piece of the variant");
        piece.insert("promotion".into(), Value::Table(back));
    }
    Ok(())
}

/// Where captured promoted pieces go in a game with captures into the hand: as what they
/// promoted from, as in Fairy-Stockfish. By type (`captured_as`) where every piece of the
/// promoted type is such a promoted piece: one type promotes to it, it is not in the
/// start position but as `+`, not in the hands, not a pawn's promotion too, and it does
/// not promote again. Else by piece (`demote_on_capture`, the `~` marks), which needs the
/// start position to have no `+` piece of that type (a mark Chimera's FEN does not give).
/// Returns whether some type needs the marks.
pub(super) fn promoted_to_hand(
    c: &Conv<'_>,
    pieces: &mut Table,
    promoted: &[(String, String, Src)],
    pawn_targets: &[String],
    plus_faces: &BTreeSet<String>,
    board: &str,
) -> Result<bool, Refusal> {
    let hands = board.split_once('[').map(|(_, h)| h).unwrap_or("");
    let (on_board, in_hand): (BTreeSet<char>, BTreeSet<char>) = (
        board.split('[').next().unwrap_or("").chars().filter(char::is_ascii_alphabetic).map(|ch| ch.to_ascii_lowercase()).collect(),
        hands.chars().filter(char::is_ascii_alphabetic).map(|ch| ch.to_ascii_lowercase()).collect(),
    );
    let mut squarewise = false;
    for (from, to, src) in promoted {
        let letter = c.fsf.piece(to).map(|p| p.letter).unwrap_or(' ');
        let origins = promoted.iter().filter(|(_, t, _)| t == to).count() + usize::from(pawn_targets.contains(to) && from != "pawn");
        let by_type = origins == 1
            && (plus_faces.contains(to) || !on_board.contains(&letter))
            && !in_hand.contains(&letter)
            && !promoted.iter().any(|(f, _, _)| f == to);
        if by_type {
            let piece = pieces.get_mut(to).and_then(Value::as_table_mut).expect("a piece of the variant");
            piece.insert("captured_as".into(), Value::String(from.clone()));
        } else if plus_faces.contains(to) {
            return Err(c.refuse_at(
                src,
                "promotedPieceType",
                format!("`{to}` both promoted (`+` in the start FEN) and not: Chimera marks no `+` piece as promoted"),
            ));
        } else {
            squarewise = true;
        }
    }
    Ok(squarewise)
}
