//! The pieces of an exported section: each ruleset piece as one of Fairy-Stockfish's
//! (`knight`, `king`, `customPiece1`) with its letter, and the Betza written only where
//! Fairy-Stockfish reads exactly Chimera's moves ([`same_moves`], [`to_fsf`]).

use toml::{Table, Value};

use super::{refuse, ExportRefusal, Section};
use crate::ini::betza::{same_moves, to_fsf};
use crate::ini::fsf::PIECES;

/// One piece of the section: the ruleset's name for it, Fairy-Stockfish's (`knight`,
/// `customPiece1`, `king`) and its letter.
pub(super) struct FsfPiece {
    pub name: String,
    pub fsf: String,
    pub letter: char,
    /// Its Betza, where the section must write it (a custom piece, a king of other moves).
    pub betza: Option<String>,
}

/// The section's pieces, in the ruleset's order, and the pawn (Fairy-Stockfish's `pawn`,
/// the one piece its pawn rules apply to), if any.
pub(super) struct Army<'a> {
    pub pieces: Vec<FsfPiece>,
    /// The ruleset's piece tables, by name.
    tables: &'a Table,
    pub pawn: Option<(&'a String, &'a Table)>,
    /// The own rank from which Fairy-Stockfish's soldier also steps sideways
    /// (`soldierPromotionRank`), where the army has a soldier.
    pub soldier_rank: Option<i64>,
    /// The royal types beside the king (Coregal's queen): Fairy-Stockfish's pseudo-royal
    /// extinction types ([`super::ends`]).
    pub royals: Vec<String>,
}

/// Fairy-Stockfish's pieces with rules of their own beyond their moves (promotion, drops,
/// hops over their own kind, steps gained across the river): never chosen for a ruleset
/// piece by its moves alone (the soldier and the Janggi cannon are chosen by
/// [`special_type`]).
const SPECIAL: [&str; 5] = ["pawn", "king", "shogiPawn", "janggiCannon", "soldier"];

/// The keys of a piece that other parts of the exporter write (or refuse) themselves.
const PAWN_KEYS: [&str; 6] = ["double_step_ranks", "triple_step_ranks", "en_passant", "en_passant_ranks", "promotion", "drop_ranks"];

/// The keys of any piece that other parts of the exporter write (or refuse) themselves:
/// the movement region (`regions`), the soldier's steps across the river (read here) and
/// the Janggi cannon's barred hops and the palace lines (`janggi`).
const REGION_KEYS: [&str; 4] = ["moves_within", "extra_moves", "hop_barred", "line_moves"];

/// Fairy-Stockfish's soldier (`fsW` from its `soldierPromotionRank` on, `fW` before it)
/// and Janggi cannon (`pR`, never hopping over nor taking a Janggi cannon), where a piece
/// moves so: the type and, for the soldier, the rank. `None` where the piece is neither
/// (its extra moves and barred hops, if any, are then refused).
fn special_type(pname: &str, p: &Table, ranks: i64) -> Result<Option<(&'static str, i64)>, ExportRefusal> {
    let betza = p.get("betza").and_then(Value::as_str).unwrap_or("");
    if let Some(extra) = p.get("extra_moves") {
        let key = format!("pieces.{pname}.extra_moves");
        let t = extra.as_table().ok_or(ExportRefusal { key: key.clone(), reason: "not a table".into() })?;
        let own: Vec<i64> = t.get("ranks").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_integer).collect();
        let from = own.first().copied().unwrap_or(0);
        let river = from > 1 && own == (from..=ranks).collect::<Vec<_>>();
        if !same_moves("fW", betza) || t.get("betza").and_then(Value::as_str) != Some("sW") || t.contains_key("files") || !river {
            return refuse(key, "extra moves other than Fairy-Stockfish's soldier's (`fW`, and `sW` from an own rank to the last)");
        }
        return Ok(Some(("soldier", from)));
    }
    if let Some(barred) = p.get("hop_barred") {
        let own = barred.as_array().is_some_and(|b| b.len() == 1 && b[0].as_str() == Some(pname));
        if !own || !same_moves("pR", betza) {
            return refuse(
                format!("pieces.{pname}.hop_barred"),
                "barred hops other than Fairy-Stockfish's Janggi cannon's (`pR`, over no piece of its own type)",
            );
        }
        return Ok(Some(("janggiCannon", 0)));
    }
    Ok(same_moves("fsW", betza).then_some(("soldier", 1)))
}

impl<'a> Army<'a> {
    pub fn read(pieces: &'a Table, ranks: i64, out: &mut Section) -> Result<Army<'a>, ExportRefusal> {
        let mut army = Army { pieces: Vec::new(), tables: pieces, pawn: None, soldier_rank: None, royals: Vec::new() };
        // Fairy-Stockfish's king is one royal type: the one moving as a king if any, else
        // the first; any other is pseudo-royal.
        let royal = |p: &Value| p.get("royal").and_then(Value::as_bool).unwrap_or(false);
        let betza = |p: &Value| p.get("betza").and_then(Value::as_str).unwrap_or("").to_string();
        let king = pieces.iter().filter(|(_, p)| royal(p)).min_by_key(|(_, p)| !same_moves("K", &betza(p))).map(|(n, _)| n.clone());
        let mut customs = 0;
        for (pname, p) in pieces {
            let key = |k: &str| format!("pieces.{pname}.{k}");
            let p = p.as_table().ok_or(ExportRefusal { key: format!("pieces.{pname}"), reason: "not a table".into() })?;
            let is_pawn = p.get("pawn").and_then(Value::as_bool).unwrap_or(false);
            for k in p.keys() {
                match k.as_str() {
                    "letter" | "betza" | "royal" | "pawn" => {}
                    // Written by the pawn's promotion (`promotionLimit`), and with its en
                    // passant (`enPassantTypes`).
                    "limit" | "takes_en_passant" => {}
                    k if is_pawn && PAWN_KEYS.contains(&k) => {}
                    k if REGION_KEYS.contains(&k) && (!is_pawn || k == "moves_within") => {}
                    // Fairy-Stockfish's captured piece always goes to the hand (or
                    // the partner's), and a promoted one demotes as it promoted.
                    "captured_as" if p.get(k).and_then(Value::as_str) == Some("none") => {
                        return refuse(key(k), "a captured piece that leaves the game where others go to the hand (Fairy-Stockfish's `capturesToHand` takes every piece)")
                    }
                    // Shogi-style promotions, and the demotion of promoted types when
                    // captured: written (or refused) by [`super::shogi`].
                    "promotion" | "captured_as" => {}
                    "notation_letter" => out.note(format!("{}: how moves are written changes no rule", key(k))),
                    // Sho shogi's prince: Fairy-Stockfish's is its king type promoted (`+E`).
                    "face_of" => {
                        return refuse(key(k), "a promoted face of its own type (Fairy-Stockfish's promoted piece is the type it promotes to, which may stand unpromoted too: Sho shogi's prince is its king type), not exported yet")
                    }
                    other => {
                        return refuse(
                            key(other),
                            "not exported yet (a piece's moves, royalty and promotion, the pawn's double step, en passant and drop ranks, a movement region)",
                        )
                    }
                }
            }
            let letter = p.get("letter").and_then(Value::as_str).and_then(|l| l.chars().next()).map(|c| c.to_ascii_lowercase());
            let Some(letter) = letter else {
                return refuse(key("letter"), "a piece without a letter (Fairy-Stockfish's pieces all have one)");
            };
            let betza = p.get("betza").and_then(Value::as_str).unwrap_or("");
            let royal = p.get("royal").and_then(Value::as_bool).unwrap_or(false);
            if royal && king.as_ref() != Some(pname) {
                if is_pawn {
                    return refuse(key("royal"), "a royal pawn");
                }
                army.royals.push(pname.clone());
            }
            let (fsf, own_betza) = if king.as_ref() == Some(pname) {
                // Fairy-Stockfish's king takes any Betza (`king = k:N`, Knightmate's).
                ("king".to_string(), !same_moves("K", betza))
            } else if is_pawn {
                if army.pawn.is_some() {
                    return refuse(key("pawn"), "two pawn types (exported: one, Fairy-Stockfish's pawn or a custom one)");
                }
                army.pawn = Some((pname, p));
                if same_moves("fmWfcF", betza) {
                    ("pawn".to_string(), false)
                } else {
                    // A pawn of other moves: a custom piece, Fairy-Stockfish's pawn type by
                    // its options (`promotionPawnTypes`, `enPassantTypes`, `nMoveRuleTypes`:
                    // [`super::pawn`]). Its only initial move is the double step.
                    if crate::betza::parse(betza).unwrap_or_default().iter().any(|d| d.initial_only) {
                        return refuse(key("betza"), format!("a pawn moving `{betza}`, with initial moves (Fairy-Stockfish's custom pawn makes them from its double-step region)"));
                    }
                    customs += 1;
                    (format!("customPiece{customs}"), true)
                }
            } else if let Some((special, rank)) = special_type(pname, p, ranks)?.filter(|(t, _)| army.of_type(t).is_none()) {
                if special == "soldier" {
                    army.soldier_rank = Some(rank);
                }
                (special.to_string(), false)
            } else {
                if p.contains_key("extra_moves") || p.contains_key("hop_barred") {
                    return refuse(format!("pieces.{pname}"), "a second soldier or Janggi cannon type");
                }
                // A built-in piece of the same moves, if one is free.
                let builtin = PIECES
                    .iter()
                    .find(|(n, b)| !SPECIAL.contains(n) && same_moves(b, betza) && !army.pieces.iter().any(|f| f.fsf == *n))
                    .map(|(n, _)| n.to_string());
                match builtin {
                    Some(n) => (n, false),
                    None => {
                        customs += 1;
                        if customs > 25 {
                            return refuse(format!("pieces.{pname}"), "more than 25 custom pieces");
                        }
                        (format!("customPiece{customs}"), true)
                    }
                }
            };
            let betza = if own_betza { Some(to_fsf(betza).map_err(|why| ExportRefusal { key: key("betza"), reason: why })?) } else { None };
            if army.pieces.iter().any(|f| f.letter == letter) {
                return refuse(key("letter"), format!("a second piece with the letter `{letter}`"));
            }
            army.pieces.push(FsfPiece { name: pname.clone(), fsf, letter, betza });
        }
        Ok(army)
    }

    /// The ruleset's table of the piece `name`.
    pub fn table(&self, name: &str) -> Option<&'a Table> {
        self.tables.get(name)?.as_table()
    }

    /// The piece the ruleset calls `name`.
    pub fn get(&self, name: &str) -> Option<&FsfPiece> {
        self.pieces.iter().find(|f| f.name == name)
    }

    /// The piece of Fairy-Stockfish's type `fsf`.
    pub fn of_type(&self, fsf: &str) -> Option<&FsfPiece> {
        self.pieces.iter().find(|f| f.fsf == fsf)
    }

    /// The piece with the letter `letter` (either case).
    pub fn by_letter(&self, letter: char) -> Option<&FsfPiece> {
        self.pieces.iter().find(|f| f.letter == letter.to_ascii_lowercase())
    }

    /// A list of piece names (`["queen", "rook"]`) as Fairy-Stockfish's letters (`qr`), in
    /// the list's order; `key` is the ruleset key refused if a name is no piece.
    pub fn letters(&self, key: &str, v: Option<&Value>) -> Result<String, ExportRefusal> {
        let mut out = String::new();
        for n in v.and_then(Value::as_array).into_iter().flatten() {
            let n = n.as_str().unwrap_or("");
            match self.get(n) {
                Some(f) => out.push(f.letter),
                None => return refuse(key, format!("`{n}` is not a piece of the variant")),
            }
        }
        Ok(out)
    }

    /// One piece name as its letter.
    pub fn letter(&self, key: &str, v: Option<&Value>) -> Result<char, ExportRefusal> {
        let n = v.and_then(Value::as_str).unwrap_or("");
        self.get(n).map(|f| f.letter).ok_or(ExportRefusal { key: key.into(), reason: format!("`{n}` is not a piece of the variant") })
    }

    /// The squares (file, rank, from White's side) from which the piece `name` has no move
    /// on an empty board: where it could never move again.
    pub fn dead_squares(&self, name: &str, files: i64, ranks: i64) -> Vec<(i64, i64)> {
        let betza = self.table(name).and_then(|t| t.get("betza")).and_then(Value::as_str).unwrap_or("");
        let dirs = crate::betza::parse(betza).unwrap_or_default();
        let squares = (0..ranks).flat_map(|r| (0..files).map(move |f| (f, r)));
        squares
            .filter(|&(f, r)| {
                !dirs.iter().any(|d| (0..files).contains(&(f + i64::from(d.dx))) && (0..ranks).contains(&(r + i64::from(d.dy))))
            })
            .collect()
    }

    /// The squares from which the piece `name` has no move on an empty board and where it
    /// may still stand unpromoted: those outside its promotion zone, or all where its
    /// promotion is `free` (it may stay unpromoted anywhere).
    pub fn dead_unpromoted(&self, name: &str, files: i64, ranks: i64) -> Vec<(i64, i64)> {
        let promotion = self.table(name).and_then(|t| t.get("promotion")).and_then(Value::as_table);
        let promotion = promotion.filter(|p| p.get("policy").and_then(Value::as_str) != Some("free"));
        let own: Vec<i64> =
            promotion.and_then(|p| p.get("ranks")).and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_integer).collect();
        // White's squares of the zone (a list, or each side's).
        let squares = promotion.and_then(|p| p.get("squares")).map(|s| s.get("white").unwrap_or(s));
        let listed: Vec<(i64, i64)> = squares
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .filter_map(|s| Some((i64::from(s.bytes().next()?) - i64::from(b'a'), s.get(1..)?.parse::<i64>().ok()? - 1)))
            .collect();
        let dead = self.dead_squares(name, files, ranks);
        dead.into_iter().filter(|&(f, r)| !own.contains(&(r + 1)) && !listed.contains(&(f, r))).collect()
    }

    /// Whether no quiet move of the piece `name` can be taken back by one of its quiet
    /// moves (every move of a pawn that only goes forward).
    pub fn irreversible(&self, name: &str) -> bool {
        let betza = self.table(name).and_then(|t| t.get("betza")).and_then(Value::as_str).unwrap_or("");
        let dirs = crate::betza::parse(betza).unwrap_or_default();
        let quiet: Vec<(i64, i64)> =
            dirs.iter().filter(|d| d.mode != crate::betza::Mode::Capture).map(|d| (i64::from(d.dx), i64::from(d.dy))).collect();
        !quiet.iter().any(|&(x, y)| quiet.contains(&(-x, -y)))
    }

    /// Whether the piece `name` has a move that captures.
    pub fn captures(&self, name: &str) -> bool {
        let betza = self.table(name).and_then(|t| t.get("betza")).and_then(Value::as_str).unwrap_or("");
        crate::betza::parse(betza).unwrap_or_default().iter().any(|d| d.mode != crate::betza::Mode::Move)
    }
}
