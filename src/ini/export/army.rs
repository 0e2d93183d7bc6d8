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
}

/// Fairy-Stockfish's pieces with rules of their own beyond their moves (promotion, drops,
/// palaces, hops over their own kind): never chosen for a ruleset piece by its moves alone.
const SPECIAL: [&str; 10] =
    ["pawn", "king", "shogiPawn", "janggiCannon", "cannon", "soldier", "horse", "elephant", "janggiElephant", "banner"];

/// The keys of a piece that other parts of the exporter write (or refuse) themselves.
const PAWN_KEYS: [&str; 5] = ["double_step_ranks", "en_passant", "en_passant_ranks", "promotion", "drop_ranks"];

impl<'a> Army<'a> {
    pub fn read(pieces: &'a Table, out: &mut Section) -> Result<Army<'a>, ExportRefusal> {
        let mut army = Army { pieces: Vec::new(), tables: pieces, pawn: None };
        let mut customs = 0;
        for (pname, p) in pieces {
            let key = |k: &str| format!("pieces.{pname}.{k}");
            let p = p.as_table().ok_or(ExportRefusal { key: format!("pieces.{pname}"), reason: "not a table".into() })?;
            let is_pawn = p.get("pawn").and_then(Value::as_bool).unwrap_or(false);
            for k in p.keys() {
                match k.as_str() {
                    "letter" | "betza" | "royal" | "pawn" => {}
                    // Written by the pawn's promotion (`promotionLimit`).
                    "limit" => {}
                    k if is_pawn && PAWN_KEYS.contains(&k) => {}
                    // Fairy-Stockfish's captured piece always goes to the hand (or
                    // the partner's), and a promoted one demotes as it promoted.
                    "captured_as" if p.get(k).and_then(Value::as_str) == Some("none") => {
                        return refuse(key(k), "a captured piece that leaves the game where others go to the hand (Fairy-Stockfish's `capturesToHand` takes every piece)")
                    }
                    "notation_letter" => out.note(format!("{}: how moves are written changes no rule", key(k))),
                    other => {
                        return refuse(key(other), "not exported yet (only the pawn's double step, en passant, promotion and drop ranks)")
                    }
                }
            }
            let letter = p.get("letter").and_then(Value::as_str).and_then(|l| l.chars().next()).map(|c| c.to_ascii_lowercase());
            let Some(letter) = letter else {
                return refuse(key("letter"), "a piece without a letter (Fairy-Stockfish's pieces all have one)");
            };
            let betza = p.get("betza").and_then(Value::as_str).unwrap_or("");
            let royal = p.get("royal").and_then(Value::as_bool).unwrap_or(false);
            let (fsf, own_betza) = if royal {
                if army.pieces.iter().any(|f| f.fsf == "king") {
                    return refuse(key("royal"), "two royal piece types (Fairy-Stockfish's king is one)");
                }
                // Fairy-Stockfish's king takes any Betza (`king = k:N`, Knightmate's).
                ("king".to_string(), !same_moves("K", betza))
            } else if is_pawn {
                if !same_moves("fmWfcF", betza) {
                    return refuse(key("betza"), format!("a pawn moving `{betza}` (exported: Fairy-Stockfish's pawn, `fmWfcF`)"));
                }
                if army.pawn.is_some() {
                    return refuse(key("pawn"), "two pawn types (exported: one, Fairy-Stockfish's pawn)");
                }
                army.pawn = Some((pname, p));
                ("pawn".to_string(), false)
            } else {
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

    /// Whether the piece `name` has a move that captures.
    pub fn captures(&self, name: &str) -> bool {
        let betza = self.table(name).and_then(|t| t.get("betza")).and_then(Value::as_str).unwrap_or("");
        crate::betza::parse(betza).unwrap_or_default().iter().any(|d| d.mode != crate::betza::Mode::Move)
    }
}
