//! `chimera export-ini`: a Chimera ruleset written as a Fairy-Stockfish `variants.ini`
//! section — the inverse of [`super::import`]. Every key of the ruleset (its `extends`
//! resolved) is either written as Fairy-Stockfish's option with the same meaning, or left
//! out because it changes no rule Fairy-Stockfish plays (a note says so in the section), or
//! the whole ruleset is refused, naming the key and why. Nothing is approximated: the
//! pieces' Betza is written only where Fairy-Stockfish reads exactly Chimera's moves
//! (checked with the importer's own readers, [`super::betza`]).
//!
//! The section inherits Fairy-Stockfish's built-in `chess` where the pieces are chess's
//! (`[name:chess]` and only the options that differ from it); otherwise it is complete,
//! every option written, over Fairy-Stockfish's defaults with no pieces.

use std::fmt;

use toml::{Table, Value};

mod army;
mod cambodian;
mod castling;
mod doc;
mod drops;
mod ends;
mod gating;
mod janggi;
mod modules;
mod parent;
mod pawn;
mod regions;
mod reversi;
mod shogi;
mod turn;
mod xiangqi;

pub use doc::{builtin_doc, embedded, file_doc, merged};

use army::Army;
use castling::Board;

/// Why a ruleset cannot be written as a Fairy-Stockfish section: the ruleset key
/// responsible (`pieces.pawn.promotion.from_zone`), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportRefusal {
    pub key: String,
    pub reason: String,
}

impl fmt::Display for ExportRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.key, self.reason)
    }
}

fn refuse<T>(key: impl Into<String>, reason: impl Into<String>) -> Result<T, ExportRefusal> {
    Err(ExportRefusal { key: key.into(), reason: reason.into() })
}

/// A written section.
#[derive(Clone, Debug)]
pub struct Exported {
    pub name: String,
    /// The parent it inherits (`chess`), if any.
    pub parent: Option<String>,
    /// The section's text, header and notes included.
    pub text: String,
    /// The ruleset's keys left out, each with why that changes no rule Fairy-Stockfish plays.
    pub notes: Vec<String>,
}

/// Fairy-Stockfish's built-in `chess`: the
/// values of the options this writer sets, where they are not Fairy-Stockfish's defaults
/// with no parent. An option equal to chess's is left out of a `[name:chess]` section.
fn chess_value(option: &str) -> Option<&'static str> {
    Some(match option {
        "maxRank" => "8",
        "maxFile" => "8",
        "startFen" => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "promotionRegionWhite" => "*8",
        "promotionRegionBlack" => "*1",
        "promotionPieceTypes" => "bnqr",
        "mandatoryPawnPromotion" => "true",
        "doubleStep" => "true",
        "doubleStepRegionWhite" => "*2",
        "doubleStepRegionBlack" => "*7",
        "enPassantRegion" => "*",
        "castling" => "true",
        "castlingKingsideFile" => "g",
        "castlingQueensideFile" => "c",
        "castlingRank" => "1",
        "checkmateValue" => "loss",
        "stalemateValue" => "draw",
        "nFoldRule" => "3",
        "nFoldValue" => "draw",
        "nMoveRule" => "50",
        "pieceDrops" => "false",
        "capturesToHand" => "false",
        "mustCapture" => "false",
        "immobilityIllegal" => "false",
        "flyingGeneral" => "false",
        "perpetualCheckIllegal" => "false",
        "moveRepetitionIllegal" => "false",
        "soldierPromotionRank" => "1",
        "chasingRule" => "none",
        "bikjangRule" => "false",
        "materialCounting" => "none",
        "pass" => "false",
        _ => return None,
    })
}

/// The options of a section being written, in order, and the notes on the keys left out.
#[derive(Default)]
pub(super) struct Section {
    opts: Vec<(String, String)>,
    notes: Vec<String>,
    /// `immobilityIllegal = true` is written: no piece may move or be dropped where it
    /// could never move again, which must be Chimera's rule too ([`army::Army::dead_unpromoted`]).
    immobility_illegal: bool,
    /// Options left at Fairy-Stockfish's default (their value here): written only where
    /// the parent sets them otherwise.
    implicit: Vec<(String, String)>,
    /// The king moves along the palace lines: only Janggi's built-in king does
    /// ([`janggi`], [`parent`]).
    king_lines: bool,
}

impl Section {
    fn set(&mut self, option: &str, value: impl Into<String>) {
        self.opts.push((option.to_string(), value.into()));
    }

    fn implicit(&mut self, option: &str, value: impl Into<String>) {
        self.implicit.push((option.to_string(), value.into()));
    }

    /// `set` where `explicit`, else `implicit`.
    fn set_or_implicit(&mut self, option: &str, value: &str, explicit: bool) {
        if explicit {
            self.set(option, value);
        } else {
            self.implicit(option, value);
        }
    }

    /// `immobilityIllegal = true`, once.
    fn set_immobility_illegal(&mut self) {
        if !self.immobility_illegal {
            self.set("immobilityIllegal", "true");
            self.immobility_illegal = true;
        }
    }

    fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }
}

/// The top-level keys other parts of the exporter read.
const TOP_KEYS: [&str; 13] =
    ["name", "description", "board", "start", "pieces", "end", "castling", "drops", "royal", "turn", "flips", "pass", "modules"];

/// Top-level switches that are Fairy-Stockfish options of the same meaning when on:
/// (key, the value that switches it on, option). Off, they are Fairy-Stockfish's default.
const SWITCHES: [(&str, bool, &str); 4] = [
    ("must_capture", true, "mustCapture"),
    ("flying_royals", true, "flyingGeneral"),
    // A checked king may only take its single checker (Makpong).
    ("royal_flees_check", false, "makpongRule"),
    // Every move that gives check is illegal.
    ("checks_allowed", false, "checking"),
];

/// Writes the ruleset document as a Fairy-Stockfish section.
pub fn export(doc: &Table) -> Result<Exported, ExportRefusal> {
    let mut out = Section::default();
    let name = doc.get("name").and_then(Value::as_str).unwrap_or("variant").to_string();
    for key in doc.keys() {
        match key.as_str() {
            k if TOP_KEYS.contains(&k) || SWITCHES.iter().any(|(s, _, _)| *s == k) => {}
            "unmoved_in_castling_field" => {}
            "gating" => gating::write(&doc[key.as_str()], &mut out)?,
            "a1_color" => out.note("a1_color: square colours change no rule"),
            "notation" => out.note("notation: how moves are written changes no rule"),
            // Chess960 castling (Fairy-Stockfish's `chess960`).
            "chess960" => match doc.get(key).and_then(Value::as_bool) {
                Some(true) => out.set("chess960", "true"),
                Some(false) => {}
                None => return refuse(key.as_str(), "not true or false"),
            },
            other => return refuse(other, "no Fairy-Stockfish option has this rule (not exported yet)"),
        }
    }

    drops::unexpressible(doc.get("drops"))?;

    // The board.
    let board = doc.get("board").and_then(Value::as_table).ok_or(ExportRefusal { key: "board".into(), reason: "missing".into() })?;
    for k in board.keys() {
        if !["files", "ranks"].contains(&k.as_str()) {
            return refuse(format!("board.{k}"), "Fairy-Stockfish's board is one plain rectangle");
        }
    }
    let files = board.get("files").and_then(Value::as_integer).unwrap_or(8);
    let ranks = board.get("ranks").and_then(Value::as_integer).unwrap_or(8);
    if files > 12 || ranks > 10 {
        return refuse("board", format!("{files}x{ranks}: Fairy-Stockfish's largest board is 12 files by 10 ranks"));
    }
    out.set("maxRank", ranks.to_string());
    out.set("maxFile", files.to_string());

    // The pieces, and the royal rules.
    let pieces = doc.get("pieces").and_then(Value::as_table).ok_or(ExportRefusal { key: "pieces".into(), reason: "missing".into() })?;
    let cambodian = cambodian::strip(doc)?;
    let pieces = cambodian.as_ref().map_or(pieces, |s| &s.pieces);
    // The start position: its FEN is written last, with the checks to give if any.
    let start = doc.get("start").and_then(Value::as_str).unwrap_or("");
    let mut army = Army::read(pieces, ranks, &mut out)?;
    if let Some(s) = &cambodian {
        cambodian::check(s, &army, &mut out)?;
    }
    let has_king = army.of_type("king").is_some();
    if let Some(m) = doc.get("modules") {
        modules::write(m, &mut army, &mut out)?;
    }
    match doc.get("royal").and_then(Value::as_str) {
        None if has_king => {}
        // Only Black has a king on the board (Horde): Fairy-Stockfish's king is royal
        // wherever it stands.
        Some("black-only") if has_king && !start.split_whitespace().next().unwrap_or("").contains('K') => {}
        Some("none") if !has_king => {}
        other => return refuse("royal", format!("{other:?} (exported: one royal piece type, or none)")),
    }

    let start_board = Board::read(start);
    let fen_at = out.opts.len();
    regions::write(&army, &start_board, files, ranks, &mut out)?;
    janggi::lines(&army, &mut out)?;

    pawn::write(&mut army, files, ranks, &mut out)?;
    let to_hand = doc.get("drops").is_some_and(|d| d.get("captures_to_hand").and_then(Value::as_bool) != Some(false));
    let start = &shogi::write(&army, start, to_hand, files, ranks, &mut out)?;

    // Castling.
    let castles = doc.get("castling").and_then(Value::as_array).cloned().unwrap_or_default();
    if castles.is_empty() {
        out.set("castling", "false");
    } else {
        out.set("castling", "true");
        // Castles gained by dropping the king and rook (Placement chess): Fairy-Stockfish's
        // king on the e-file and rooks in the corners.
        let home = doc.get("drops").and_then(|d| d.get("castling_rights_on_drop"));
        let board = match home {
            Some(rooks) => {
                out.set("castlingDroppedPiece", "true");
                let king = army.of_type("king").map_or('k', |k| k.letter);
                let rook = army.letter("drops.castling_rights_on_drop", rooks.as_array().and_then(|r| r.first()))?;
                Board::home(files, ranks, king, rook)
            }
            None => start_board,
        };
        let rights = if home.is_some() { "KQkq" } else { start.split_whitespace().nth(2).unwrap_or("-") };
        castling::write(&castles, files, &army, &board, rights, &mut out)?;
        if start.split_whitespace().nth(2).unwrap_or("-") == "-" {
            out.note("castling: no side has the right at the start");
        }
    }

    drops::write(doc.get("drops").and_then(Value::as_table), &army, start, (files, ranks), doc.contains_key("gating"), &mut out)?;
    // With `immobilityIllegal`, Fairy-Stockfish moves no piece where it could never move
    // again; Chimera's pieces may go there unpromoted (without `immobile_moves = false`),
    // so none may have such a square outside a zone where it must then promote.
    if out.immobility_illegal {
        if let Some(f) = army.pieces.iter().find(|f| !army.dead_unpromoted(&f.name, files, ranks).is_empty()) {
            return refuse(
                format!("pieces.{}", f.name),
                "squares it could never leave, which Fairy-Stockfish's `immobilityIllegal` (written for optional promotion or for drops) keeps it off",
            );
        }
    }

    // Rules on the royal piece and checks.
    for (key, on, option) in SWITCHES {
        match doc.get(key).map(|v| v.as_bool()) {
            None => out.implicit(option, if option == "checking" { "true" } else { "false" }),
            Some(Some(v)) if v == on => out.set(option, if option == "checking" { "false" } else { "true" }),
            Some(Some(_)) => out.implicit(option, if option == "checking" { "true" } else { "false" }),
            Some(None) => return refuse(key, "not true or false"),
        }
    }

    if let Some(t) = doc.get("turn") {
        let t = t.as_table().ok_or(ExportRefusal { key: "turn".into(), reason: "not a table".into() })?;
        turn::walls(t, files, ranks, &mut out)?;
    }
    match doc.get("pass") {
        Some(v) => turn::pass(v, &mut out)?,
        None => out.implicit("pass", "false"),
    }
    if let Some(v) = doc.get("flips") {
        reversi::flips(v, &mut out)?;
    }

    let empty = Table::new();
    let end = doc.get("end").and_then(Value::as_table).unwrap_or(&empty);
    // Drops reset Fairy-Stockfish's clock; a hand that only enters through gates makes none.
    let drop_moves = doc.get("drops").is_some_and(|d| d.get("drop_moves").and_then(Value::as_bool) != Some(false));
    let cx = ends::EndContext { army: &army, drops: drop_moves, files, ranks };
    let checks = ends::write(end, &cx, &mut out)?;
    xiangqi::write(&army, end, &mut out)?;
    let fen = match checks {
        // Fairy-Stockfish reads the checks each side still has to give after the castling
        // and en-passant fields.
        Some(n) => {
            let mut fields: Vec<String> = start.split_whitespace().map(str::to_string).collect();
            fields.insert(4.min(fields.len()), format!("{n}+{n}"));
            fields.join(" ")
        }
        None => start.to_string(),
    };
    out.opts.insert(fen_at, ("startFen".into(), fen));
    // Inherit a built-in of the same pieces (chess's where they are chess's).
    let chosen = parent::choose(&army, &out);
    if out.king_lines && chosen.as_ref().is_none_or(|p| p.name == "chess") {
        let king = army.of_type("king").map_or("king", |k| k.name.as_str());
        return refuse(
            format!("pieces.{king}.line_moves"),
            "a king on the palace lines with other pieces than Janggi's (only Fairy-Stockfish's built-in Janggi king moves along them)",
        );
    }
    Ok(write_text(doc, name, &army, chosen, out))
}

/// The section's text: the header comment and notes, `[name]` or `[name:chess]`, the
/// pieces (in a complete section) and the options (in a `chess` child, those that differ).
fn write_text(doc: &Table, name: String, army: &Army, chosen: Option<parent::Parent>, out: Section) -> Exported {
    let parent = chosen.as_ref().map(|p| p.name.clone());
    let mut text = String::new();
    let description = doc.get("description").and_then(Value::as_str).unwrap_or("");
    text.push_str(&format!("# Exported by `chimera export-ini` from the ruleset `{name}`: {}\n", description.replace('\n', " ")));
    for n in &out.notes {
        text.push_str(&format!("# not exported: {n}\n"));
    }
    match &parent {
        Some(p) => text.push_str(&format!("[{name}:{p}]\n")),
        None => {
            text.push_str(&format!("[{name}]\n"));
            for f in &army.pieces {
                match &f.betza {
                    Some(b) => text.push_str(&format!("{} = {}:{b}\n", f.fsf, f.letter)),
                    None => text.push_str(&format!("{} = {}\n", f.fsf, f.letter)),
                }
            }
        }
    }
    // The parent's value of an option: its chain's, else chess's (`None`: unknown, so
    // written).
    let parent_value = |o: &str| chosen.as_ref().map(|p| p.values.get(o).map(String::as_str).or_else(|| chess_value(o)));
    for (o, v) in &out.opts {
        if parent_value(o) == Some(Some(v.as_str())) {
            continue;
        }
        text.push_str(&format!("{o} = {v}\n"));
    }
    // Options left at the default, where the parent sets them otherwise.
    for (o, v) in &out.implicit {
        if let Some(Some(pv)) = chosen.as_ref().map(|p| p.values.get(o)) {
            if pv != v {
                text.push_str(&format!("{o} = {v}\n"));
            }
        }
    }
    Exported { name, parent, text, notes: out.notes }
}
