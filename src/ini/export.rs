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

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use toml::{Table, Value};

use super::betza::{same_moves, to_fsf};
use super::fsf::PIECES;

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

/// Fairy-Stockfish's built-in `chess`: its pieces (Fairy-Stockfish's name, letter) and the
/// values of the options this writer sets, where they are not Fairy-Stockfish's defaults
/// with no parent. An option equal to chess's is left out of a `[name:chess]` section.
const CHESS_PIECES: [(&str, char); 6] = [("pawn", 'p'), ("knight", 'n'), ("bishop", 'b'), ("rook", 'r'), ("queen", 'q'), ("king", 'k')];

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
        _ => return None,
    })
}

/// A ruleset's document with its `extends` resolved as Chimera's loader resolves it:
/// tables merge key by key, any other value replaces the inherited one, and so does an
/// empty table; the string `"none"` removes an inherited table. `read` gives the text of a
/// base by the name `extends` gives and the name of the file that names it (its own name,
/// to resolve the next).
pub fn merged(text: &str, file: &str, read: &dyn Fn(&str, &str) -> Result<(String, String), String>) -> Result<Table, String> {
    let mut chain = vec![parse_doc(text, file)?];
    let mut from = file.to_string();
    while let Some(base) = chain.last().and_then(|d| d.get("extends")).and_then(Value::as_str).map(str::to_string) {
        if chain.len() > 8 {
            return Err(format!("{file}: more than 8 levels of `extends`"));
        }
        let (text, name) = read(&base, &from)?;
        chain.push(parse_doc(&text, &name)?);
        from = name;
    }
    let mut doc = chain.pop().expect("one document at least");
    while let Some(over) = chain.pop() {
        merge(&mut doc, over);
    }
    doc.remove("extends");
    Ok(doc)
}

fn parse_doc(text: &str, file: &str) -> Result<Table, String> {
    text.parse::<Table>().map_err(|e| format!("{file}: {e}"))
}

fn merge(base: &mut Table, over: Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(Value::Table(_)), Value::String(s)) if s == "none" => {
                base.remove(&k);
            }
            (Some(Value::Table(b)), Value::Table(o)) if !o.is_empty() => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// The built-in ruleset `id`'s document, `extends` resolved among the embedded files.
pub fn builtin_doc(id: &str) -> Result<Table, String> {
    let b = crate::variants::builtin(id).ok_or_else(|| format!("no built-in `{id}`"))?;
    merged(b.toml, &b.file(), &embedded)
}

fn embedded(name: &str, from: &str) -> Result<(String, String), String> {
    if let Some(b) = crate::variants::builtin(name) {
        return Ok((b.toml.to_string(), b.file()));
    }
    let file = crate::ruleset::relative_to(from, name);
    crate::variants::BASES
        .iter()
        .find(|(f, _)| *f == file)
        .map(|(f, t)| (t.to_string(), f.to_string()))
        .ok_or_else(|| format!("`{name}` is neither a built-in nor an embedded base"))
}

/// A ruleset file's document, `extends` resolved: built-ins by id, else files relative
/// to the file naming them.
pub fn file_doc(path: &str) -> Result<Table, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    merged(&text, path, &|name, from| {
        if crate::variants::builtin(name).is_some() {
            return embedded(name, from);
        }
        let file = crate::ruleset::relative_to(from, name);
        let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {file}: {e}"))?;
        Ok((text, file))
    })
}

/// One piece of the section: the ruleset's name for it, Fairy-Stockfish's (`knight`,
/// `customPiece1`, `king`) and its letter.
struct FsfPiece {
    name: String,
    fsf: String,
    letter: char,
    /// Its Betza, for a custom piece.
    betza: Option<String>,
}

/// Writes the ruleset document as a Fairy-Stockfish section.
pub fn export(doc: &Table) -> Result<Exported, ExportRefusal> {
    let mut notes = Vec::new();
    let name = doc.get("name").and_then(Value::as_str).unwrap_or("variant").to_string();
    // Ordered options: (option, value).
    let mut opts: Vec<(String, String)> = Vec::new();
    let mut set = |o: &str, v: String| opts.push((o.to_string(), v));

    for key in doc.keys() {
        match key.as_str() {
            "name" | "description" | "board" | "start" | "pieces" | "end" | "castling" | "drops" | "royal" | "must_capture"
            | "flying_royals" | "checks_allowed" => {}
            "a1_color" => notes.push("a1_color: square colours change no rule".into()),
            "notation" => notes.push("notation: how moves are written changes no rule".into()),
            other => return refuse(other, "no Fairy-Stockfish option has this rule (not exported yet)"),
        }
    }

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
    set("maxRank", ranks.to_string());
    set("maxFile", files.to_string());

    // The pieces.
    let pieces = doc.get("pieces").and_then(Value::as_table).ok_or(ExportRefusal { key: "pieces".into(), reason: "missing".into() })?;
    let mut fsf_pieces: Vec<FsfPiece> = Vec::new();
    let mut pawn: Option<(&String, &Table)> = None;
    let mut customs = 0;
    for (pname, p) in pieces {
        let key = |k: &str| format!("pieces.{pname}.{k}");
        let p = p.as_table().ok_or(ExportRefusal { key: format!("pieces.{pname}"), reason: "not a table".into() })?;
        for k in p.keys() {
            match k.as_str() {
                "letter" | "betza" | "royal" | "pawn" => {}
                "double_step_ranks" | "en_passant" | "promotion" | "drop_ranks" if p.get("pawn").and_then(Value::as_bool) == Some(true) => {
                }
                "notation_letter" => notes.push(format!("{}: how moves are written changes no rule", key(k))),
                other => return refuse(key(other), "not exported yet (only the pawn's double step, en passant, promotion and drop ranks)"),
            }
        }
        let letter = p.get("letter").and_then(Value::as_str).and_then(|l| l.chars().next()).map(|c| c.to_ascii_lowercase());
        let Some(letter) = letter else {
            return refuse(key("letter"), "a piece without a letter (Fairy-Stockfish's pieces all have one)");
        };
        let betza = p.get("betza").and_then(Value::as_str).unwrap_or("");
        let royal = p.get("royal").and_then(Value::as_bool).unwrap_or(false);
        let is_pawn = p.get("pawn").and_then(Value::as_bool).unwrap_or(false);
        let fsf = if royal {
            if !same_moves("K", betza) {
                return refuse(key("betza"), format!("a royal piece moving `{betza}` (Fairy-Stockfish's king moves as `K`)"));
            }
            if fsf_pieces.iter().any(|f| f.fsf == "king") {
                return refuse(key("royal"), "two royal piece types (Fairy-Stockfish's king is one)");
            }
            "king".to_string()
        } else if is_pawn {
            if !same_moves("fmWfcF", betza) {
                return refuse(key("betza"), format!("a pawn moving `{betza}` (exported: Fairy-Stockfish's pawn, `fmWfcF`)"));
            }
            if pawn.is_some() {
                return refuse(key("pawn"), "two pawn types (exported: one, Fairy-Stockfish's pawn)");
            }
            pawn = Some((pname, p));
            "pawn".to_string()
        } else {
            // A built-in piece of the same moves, if one is free and has no rule of its own.
            let special =
                ["pawn", "king", "shogiPawn", "janggiCannon", "cannon", "soldier", "horse", "elephant", "janggiElephant", "banner"];
            let builtin = PIECES
                .iter()
                .find(|(n, b)| !special.contains(n) && same_moves(b, betza) && !fsf_pieces.iter().any(|f| f.fsf == *n))
                .map(|(n, _)| n.to_string());
            match builtin {
                Some(n) => n,
                None => {
                    customs += 1;
                    if customs > 25 {
                        return refuse(format!("pieces.{pname}"), "more than 25 custom pieces");
                    }
                    format!("customPiece{customs}")
                }
            }
        };
        let custom = if fsf.starts_with("customPiece") {
            Some(to_fsf(betza).map_err(|why| ExportRefusal { key: key("betza"), reason: why })?)
        } else {
            None
        };
        if fsf_pieces.iter().any(|f| f.letter == letter) {
            return refuse(key("letter"), format!("a second piece with the letter `{letter}`"));
        }
        fsf_pieces.push(FsfPiece { name: pname.clone(), fsf, letter, betza: custom });
    }
    let by_name: BTreeMap<&str, &FsfPiece> = fsf_pieces.iter().map(|f| (f.name.as_str(), f)).collect();
    let letters = |key: &str, v: Option<&Value>| -> Result<String, ExportRefusal> {
        let mut out = String::new();
        for n in v.and_then(Value::as_array).into_iter().flatten() {
            let n = n.as_str().unwrap_or("");
            match by_name.get(n) {
                Some(f) => out.push(f.letter),
                None => return refuse(key, format!("`{n}` is not a piece of the variant")),
            }
        }
        Ok(out)
    };

    // The royal rules.
    let has_king = fsf_pieces.iter().any(|f| f.fsf == "king");
    match doc.get("royal").and_then(Value::as_str) {
        None if has_king => {}
        Some("none") if !has_king => {}
        other => return refuse("royal", format!("{other:?} (exported: one royal king, or none)")),
    }

    // The start position.
    let start = doc.get("start").and_then(Value::as_str).unwrap_or("");
    let fields: Vec<&str> = start.split_whitespace().collect();
    set("startFen", start.to_string());

    // The pawn's rules.
    match pawn {
        Some((pname, p)) => {
            let zone_ranks: Vec<i64>;
            let key = |k: &str| format!("pieces.{pname}.{k}");
            let no_steps = p.get("double_step_ranks").and_then(Value::as_array).is_some_and(Vec::is_empty);
            match p.get("double_step_ranks") {
                // An empty region Fairy-Stockfish reads as its default: no steps is `doubleStep`.
                None => set("doubleStep", "false".into()),
                Some(_) if no_steps => set("doubleStep", "false".into()),
                Some(v) => {
                    let rs = v.as_array().ok_or(ExportRefusal { key: key("double_step_ranks"), reason: "squares, not ranks".into() })?;
                    let rs: Vec<i64> = rs.iter().filter_map(Value::as_integer).collect();
                    set("doubleStep", "true".into());
                    set("doubleStepRegionWhite", region(&rs, files, ranks, false));
                    set("doubleStepRegionBlack", region(&rs, files, ranks, true));
                    if p.get("en_passant").and_then(Value::as_bool) != Some(true) {
                        set("enPassantRegion", "-".into());
                    }
                }
            }
            // Without double steps `en_passant` changes nothing, in either program.
            match p.get("promotion").and_then(Value::as_table) {
                None => {
                    // Fairy-Stockfish's pawn always has a zone: promotion to nothing there
                    // stops it short of the zone only with `mandatoryPawnPromotion`.
                    return refuse(key("promotion"), "a pawn that never promotes (not exported yet)");
                }
                Some(pr) => {
                    for k in pr.keys() {
                        if !["ranks", "to", "policy"].contains(&k.as_str()) {
                            return refuse(key(&format!("promotion.{k}")), "not exported yet (only ranks, to, policy)");
                        }
                    }
                    zone_ranks = pr.get("ranks").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_integer).collect();
                    if zone_ranks.is_empty() {
                        return refuse(key("promotion.ranks"), "a zone of squares (not exported yet)");
                    }
                    set("promotionRegionWhite", region(&zone_ranks, files, ranks, false));
                    set("promotionRegionBlack", region(&zone_ranks, files, ranks, true));
                    let to = pr.get("to");
                    if to.is_some_and(Value::is_table) {
                        return refuse(key("promotion.to"), "each side's own list (not exported yet)");
                    }
                    let mut ls: Vec<char> = letters(&key("promotion.to"), to)?.chars().collect();
                    ls.sort_unstable();
                    set("promotionPieceTypes", ls.into_iter().collect());
                    match pr.get("policy").and_then(Value::as_str).unwrap_or("mandatory") {
                        "mandatory" => set("mandatoryPawnPromotion", "true".into()),
                        "free" => set("mandatoryPawnPromotion", "false".into()),
                        other => return refuse(key("promotion.policy"), format!("`{other}` (exported: mandatory, free)")),
                    }
                }
            }
            if let Some(v) = p.get("drop_ranks") {
                let rs: Vec<i64> = v.as_array().into_iter().flatten().filter_map(Value::as_integer).collect();
                let default: Vec<i64> = (2..ranks).filter(|r| !zone_ranks.contains(r)).collect();
                if rs != default {
                    return refuse(key("drop_ranks"), "drop ranks other than Fairy-Stockfish's (neither the first rank nor the zone)");
                }
            }
        }
        None => {
            set("doubleStep", "false".into());
        }
    }

    // Castling.
    let castles = doc.get("castling").and_then(Value::as_array).cloned().unwrap_or_default();
    let rights = fields.get(2).copied().unwrap_or("-");
    if castles.is_empty() {
        set("castling", "false".into());
    } else {
        set("castling", "true".into());
        let (crank, kside, qside) = castling(&castles, files, &fsf_pieces, &fields)?;
        set("castlingRank", crank.to_string());
        if let Some(f) = kside {
            set("castlingKingsideFile", file_letter(f));
        }
        if let Some(f) = qside {
            set("castlingQueensideFile", file_letter(f));
        }
        if rights == "-" {
            notes.push("castling: no side has the right at the start".into());
        }
    }

    // Drops.
    match doc.get("drops").and_then(Value::as_table) {
        None => {
            set("pieceDrops", "false".into());
            set("capturesToHand", "false".into());
        }
        Some(d) => {
            for k in d.keys() {
                if k != "demote_on_capture" {
                    return refuse(format!("drops.{k}"), "not exported yet (only crazyhouse's drops)");
                }
            }
            if d.get("demote_on_capture").and_then(Value::as_bool) != Some(true) {
                return refuse("drops.demote_on_capture", "promoted pieces captured as themselves (Fairy-Stockfish demotes them)");
            }
            if pawn.is_some_and(|(_, p)| p.get("drop_ranks").is_none()) {
                return refuse("drops", "pawns dropped on the first rank or the zone (not exported yet)");
            }
            set("pieceDrops", "true".into());
            set("capturesToHand", "true".into());
        }
    }

    // Rules on the royal piece and checks.
    set("mustCapture", doc.get("must_capture").and_then(Value::as_bool).unwrap_or(false).to_string());
    if doc.get("flying_royals").and_then(Value::as_bool) == Some(true) {
        set("flyingGeneral", "true".into());
    }
    if doc.get("checks_allowed").and_then(Value::as_bool) == Some(false) {
        set("checking", "false".into());
    }

    // Endings.
    let empty = Table::new();
    let end = doc.get("end").and_then(Value::as_table).unwrap_or(&empty);
    let mut resets: Option<BTreeSet<String>> = None;
    let mut ext: Option<&Table> = None;
    for (k, v) in end {
        let key = format!("end.{k}");
        match k.as_str() {
            "checkmate" => set("checkmateValue", verdict(&key, v)?),
            "stalemate" => set("stalemateValue", verdict(&key, v)?),
            "repetition" => {}
            "move_rule" => {}
            "move_rule_reset" => resets = Some(v.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect()),
            "insufficient_material" => notes.push(format!("{key}: Fairy-Stockfish judges insufficient material by its own rule")),
            "perpetual_check" if v.as_str() == Some("loss") => set("perpetualCheckIllegal", "true".into()),
            "extinction" => match v.as_array().map(Vec::as_slice) {
                Some([Value::Table(t)]) => ext = Some(t),
                _ => return refuse(key, "more than one extinction rule"),
            },
            _ => return refuse(key, "not exported yet"),
        }
    }
    if !end.contains_key("checkmate") {
        set("checkmateValue", "loss".into());
    }
    if !end.contains_key("stalemate") {
        set("stalemateValue", "draw".into());
    }
    let (n_fold, fold_note) = threshold(end.get("repetition"), "end.repetition")?;
    set("nFoldRule", n_fold.to_string());
    set("nFoldValue", "draw".into());
    notes.extend(fold_note);
    let (n_move, move_note) = threshold(end.get("move_rule"), "end.move_rule")?;
    set("nMoveRule", n_move.to_string());
    notes.extend(move_note);
    if n_move != 0 {
        let mut expected: BTreeSet<String> = ["capture".to_string()].into();
        if let Some((p, _)) = pawn {
            expected.insert(p.clone());
        }
        if doc.contains_key("drops") {
            expected.insert("drop".into());
        }
        let got = resets.unwrap_or_default();
        if got != expected {
            return refuse("end.move_rule_reset", format!("{got:?}: Fairy-Stockfish's clock is reset by {expected:?}"));
        }
    }
    if let Some(t) = ext {
        for k in t.keys() {
            if !["of", "verdict"].contains(&k.as_str()) {
                return refuse(format!("end.extinction.{k}"), "not exported yet (only `of` and `verdict`)");
            }
        }
        let verdict = verdict("end.extinction.verdict", t.get("verdict").unwrap_or(&Value::String("loss".into())))?;
        set("extinctionValue", verdict);
        // Without `of`, every piece of the army.
        let of = match t.get("of") {
            None => fsf_pieces.iter().map(|f| f.letter).collect(),
            Some(v) => letters("end.extinction.of", Some(v))?,
        };
        let all: BTreeSet<char> = fsf_pieces.iter().map(|f| f.letter).collect();
        let of_set: BTreeSet<char> = of.chars().collect();
        set("extinctionPieceTypes", if of_set == all { "*".into() } else { of });
    }

    // Inherit from chess where the pieces are chess's.
    let chess_like = fsf_pieces.len() == CHESS_PIECES.len()
        && CHESS_PIECES.iter().all(|(n, l)| fsf_pieces.iter().any(|f| f.fsf == *n && f.letter == *l));
    let parent = chess_like.then(|| "chess".to_string());
    let mut text = String::new();
    let description = doc.get("description").and_then(Value::as_str).unwrap_or("");
    text.push_str(&format!("# Exported by `chimera export-ini` from the ruleset `{name}`: {}\n", description.replace('\n', " ")));
    for n in &notes {
        text.push_str(&format!("# not exported: {n}\n"));
    }
    match &parent {
        Some(p) => text.push_str(&format!("[{name}:{p}]\n")),
        None => {
            text.push_str(&format!("[{name}]\n"));
            for f in &fsf_pieces {
                match &f.betza {
                    Some(b) => text.push_str(&format!("{} = {}:{b}\n", f.fsf, f.letter)),
                    None => text.push_str(&format!("{} = {}\n", f.fsf, f.letter)),
                }
            }
        }
    }
    for (o, v) in &opts {
        if parent.is_some() && chess_value(o) == Some(v.as_str()) {
            continue;
        }
        text.push_str(&format!("{o} = {v}\n"));
    }
    Ok(Exported { name, parent, text, notes })
}

/// A list of own ranks as Fairy-Stockfish's region, White's or (mirrored) Black's.
fn region(ranks_list: &[i64], _files: i64, ranks: i64, black: bool) -> String {
    let mut rs: Vec<i64> = ranks_list.iter().map(|&r| if black { ranks + 1 - r } else { r }).collect();
    rs.sort_unstable();
    rs.iter().map(|r| format!("*{r}")).collect::<Vec<_>>().join(" ")
}

fn file_letter(f: u8) -> String {
    ((b'a' + f) as char).to_string()
}

fn verdict(key: &str, v: &Value) -> Result<String, ExportRefusal> {
    match v.as_str() {
        Some(s @ ("win" | "loss" | "draw")) => Ok(s.to_string()),
        _ => refuse(key, format!("{v} (exported: win, loss, draw)")),
    }
}

/// A repetition or move rule (`n`, or `{ claim, automatic }`) as Fairy-Stockfish's count,
/// which ends the game at the count: the claim where there is one, and a note that the
/// later automatic end is left out (the game ends at the claim already).
fn threshold(v: Option<&Value>, key: &str) -> Result<(i64, Option<String>), ExportRefusal> {
    match v {
        None => Ok((0, None)),
        Some(Value::Integer(n)) => Ok((*n, None)),
        Some(Value::Table(t)) => match (t.get("claim").and_then(Value::as_integer), t.get("automatic").and_then(Value::as_integer)) {
            (Some(c), None) => Ok((c, None)),
            (Some(c), Some(a)) => Ok((c, Some(format!("{key}.automatic = {a}: Fairy-Stockfish's game ends at the claim, {c}")))),
            (None, Some(_)) => refuse(format!("{key}.automatic"), "an automatic end with no claim (not exported yet)"),
            (None, None) => Ok((0, None)),
        },
        Some(other) => refuse(key, format!("{other}")),
    }
}

/// The castles as Fairy-Stockfish's: every castle's king on one own rank, going to the
/// kingside or queenside file, the rook beside it on the inside, both starting where the
/// FEN's castling rights place them (king and outermost rook). Returns the own rank and
/// the two files.
fn castling(castles: &[Value], files: i64, pieces: &[FsfPiece], fields: &[&str]) -> Result<(u8, Option<u8>, Option<u8>), ExportRefusal> {
    let sq = |s: &str| -> Option<(u8, u8)> {
        let b = s.as_bytes();
        let f = b.first()?.checked_sub(b'a')?;
        let r = s.get(1..)?.parse::<u8>().ok()?.checked_sub(1)?;
        Some((f, r))
    };
    let board = fields.first().copied().unwrap_or("");
    let rows: Vec<&str> = board.split('[').next().unwrap_or("").split('/').collect();
    let at = |f: u8, r: u8| -> Option<char> {
        let row = rows.get(rows.len().checked_sub(1 + r as usize)?)?;
        let mut x = 0u32;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            x += digits.parse::<u32>().unwrap_or(0);
            digits.clear();
            if c == '~' {
                continue;
            }
            if x == f as u32 {
                return Some(c);
            }
            x += 1;
        }
        None
    };
    let (mut crank, mut kside, mut qside) = (None, None, None);
    for (i, c) in castles.iter().enumerate() {
        let key = |k: &str| format!("castling[{i}].{k}");
        let t = c.as_table().ok_or(ExportRefusal { key: format!("castling[{i}]"), reason: "not a table".into() })?;
        for k in t.keys() {
            if !["king", "king_to", "rook", "rook_to", "empty", "safe", "notation", "aliases"].contains(&k.as_str()) {
                return refuse(key(k), "not exported yet");
            }
        }
        let get =
            |k: &str| t.get(k).and_then(Value::as_str).and_then(sq).ok_or(ExportRefusal { key: key(k), reason: "not a square".into() });
        let (king, king_to, rook, rook_to) = (get("king")?, get("king_to")?, get("rook")?, get("rook_to")?);
        if [king_to.1, rook.1, rook_to.1].iter().any(|&r| r != king.1) {
            return refuse(key("king_to"), "a castle across ranks");
        }
        if *crank.get_or_insert(king.1) != king.1 {
            return refuse(key("king"), "castles on two ranks");
        }
        let kingside = rook.0 > king.0;
        let inside = if kingside { king_to.0.checked_sub(1) } else { Some(king_to.0 + 1) };
        if Some(rook_to.0) != inside {
            return refuse(key("rook_to"), "the rook not beside the king, on the inside (Fairy-Stockfish's castle)");
        }
        if (kingside && rook.0 as i64 != files - 1) || (!kingside && rook.0 != 0) {
            return refuse(key("rook"), "a castling rook not in the corner");
        }
        let piece = |sq: (u8, u8)| at(sq.0, sq.1).map(|c| c.to_ascii_lowercase()).and_then(|l| pieces.iter().find(|p| p.letter == l));
        if piece(king).map(|p| p.fsf.as_str()) != Some("king") {
            return refuse(key("king"), "a castling piece that is not the king");
        }
        if piece(rook).map(|p| p.fsf.as_str()) != Some("rook") {
            return refuse(key("rook"), "a castling piece that is not Fairy-Stockfish's rook (not exported yet)");
        }
        // Fairy-Stockfish's squares: empty between king, rook and their targets; safe
        // from the king's square to its target.
        let lo = king.0.min(king_to.0).min(rook.0).min(rook_to.0);
        let hi = king.0.max(king_to.0).max(rook.0).max(rook_to.0);
        let name = |f: u8| format!("{}{}", (b'a' + f) as char, king.1 + 1);
        let empty: BTreeSet<String> = (lo..=hi).filter(|&f| f != king.0 && f != rook.0).map(name).collect();
        let safe: BTreeSet<String> = (king.0.min(king_to.0)..=king.0.max(king_to.0)).map(name).collect();
        for (k, want) in [("empty", empty), ("safe", safe)] {
            if let Some(v) = t.get(k) {
                let got: BTreeSet<String> = v.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect();
                if got != want {
                    return refuse(key(k), format!("{got:?}, not Fairy-Stockfish's {want:?}"));
                }
            }
        }
        let slot = if kingside { &mut kside } else { &mut qside };
        if slot.replace(king_to.0).is_some_and(|f| f != king_to.0) {
            return refuse(key("king_to"), "two castles to one side");
        }
    }
    Ok((crank.unwrap_or(0) + 1, kside, qside))
}
