//! Fairy-Stockfish's promoted types that a FEN may also hold unpromoted. Its promoted
//! pieces are pieces of an existing type with a mark (Shogi's dragon, marked as a rook's
//! promotion), so a FEN may set a dragon up bare (`D`): one that returns to the hand as a
//! dragon and is dropped as one. Chimera's Shogi has no such piece: its dragon type is the
//! promoted rook (`captured_as = "rook"`). Where a FEN holds one, compat plays the game in
//! a twin of the variant that marks which pieces are promoted, as Fairy-Stockfish does
//! (`demote_on_capture`), its faces going to the hand as themselves unless marked
//! ([`chimera::Rules::unpromoted_face`]). The same twin holds Fairy-Stockfish's pieces
//! that never turn beside the faces that turn back ([`turning`]: Kyoto shogi's `R` is a
//! rook, where Chimera's `R` is the other side of its pawn).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use chimera::rules::Captured;
use chimera::{FenStyle, PieceType, Rules, Variant};
use pyo3::prelude::*;
use toml::{Table, Value};

/// The faces a Fairy-Stockfish FEN may hold bare, each with the type it promotes from:
/// a face with a letter of its own that returns to the hand as its origin by type
/// (`captured_as`), whose letter is Fairy-Stockfish's for its type ([`Rules::fsf_type`]:
/// the dragon's; not the tokin's, which is its gold; not Yari shogi's gold from a bishop,
/// which is its gold from a knight), and that promotes no further (Kyoto shogi's faces
/// turn back, which Fairy-Stockfish does only to promoted ones).
pub fn faces(rules: &Rules) -> Vec<(PieceType, PieceType)> {
    rules
        .piece_types()
        .filter_map(|t| {
            let p = rules.piece(t);
            let Captured::Hand(u) = p.captured_as else { return None };
            let bare = u != t
                && p.face_of.is_none()
                && p.letter.is_some()
                && p.promotion.is_none()
                && rules.promoted_from(t) == Some(u)
                && rules.fsf_type(t) == t;
            bare.then_some((t, u))
        })
        .collect()
}

/// The faces that turn back (Kyoto shogi's rook, the other side of its pawn; Micro
/// shogi's, which turn over when they capture): each promotes to what it is a face of.
/// Fairy-Stockfish writes them `+` and that letter, and reads their own letter bare as a
/// piece of its type that never turns (`R` in Kyoto shogi: a rook); in compat's twin they
/// lose their letter and each of those that is Fairy-Stockfish's type for its moves
/// ([`Rules::fsf_type`]: not Micro shogi's gold from a rook, as its gold from a bishop
/// moves alike) gets a twin that keeps it: the same piece, turning never.
pub fn turning(rules: &Rules) -> Vec<PieceType> {
    rules
        .piece_types()
        .filter(|&t| {
            let p = rules.piece(t);
            p.letter.is_some() && rules.promoted_from(t).is_some_and(|u| p.promotion.as_ref().is_some_and(|pr| pr.reaches(u)))
        })
        .collect()
}

/// The letters a FEN holds bare only in the twin: the [`faces`]' and the [`turning`] ones'
/// that keep a never-turning twin.
fn twin_letters(rules: &Rules) -> Vec<char> {
    let faces = faces(rules).into_iter().map(|(t, _)| t);
    let turning = turning(rules).into_iter().filter(|&t| rules.fsf_type(t) == t);
    faces.chain(turning).filter_map(|t| rules.piece(t).letter).collect()
}

/// Whether the FEN's board or hand holds a piece bare (not as `+` and the letter it
/// promotes from) that only the [`twin`] reads as Fairy-Stockfish does.
pub fn held_bare(rules: &Rules, fen: &str) -> bool {
    let letters = twin_letters(rules);
    if letters.is_empty() {
        return false;
    }
    let mut after_plus = false;
    fen.split_whitespace().next().unwrap_or("").chars().any(|c| {
        let bare = !after_plus && letters.contains(&c.to_ascii_uppercase());
        after_plus = c == '+';
        bare
    })
}

/// The twin of `base` (the variant the argument `variant` names) in which pieces stand
/// as Fairy-Stockfish's FEN may set them: its [`faces`] unpromoted, its [`turning`] faces
/// beside never-turning pieces of their own. `None` where it has none of either, or compat
/// holds no ruleset text for it (a `chimera.Variant` passed as such). Compiled once per
/// ruleset text.
pub fn twin(variant: &Bound<'_, PyAny>, base: &Variant) -> Option<Variant> {
    if faces(base.rules()).is_empty() && turning(base.rules()).is_empty() {
        return None;
    }
    let (text, file) = super::registry::ruleset_text(variant)?;
    static TWINS: OnceLock<Mutex<HashMap<(String, String), Option<Variant>>>> = OnceLock::new();
    let mut twins = TWINS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    let key = (text, file);
    if let Some(found) = twins.get(&key) {
        return found.clone();
    }
    let made = twin_document(base, &key.0, &key.1)
        .and_then(|doc| toml::to_string(&doc).map_err(|e| e.to_string()))
        .and_then(|text| chimera::variants::from_toml(&text, &format!("twin-of-{}", key.1)).map_err(|e| e.to_string()));
    let made = made.ok();
    twins.insert(key, made.clone());
    made
}

/// The twin's ruleset: `base`'s document (`text`, from `file`) with its [`faces`] going to
/// the hand as themselves unless marked promoted (`demote_on_capture`), its [`turning`]
/// faces letterless (written `+` and the letter of their other side) and a never-turning
/// piece for each that keeps a letter, and the start position written so.
fn twin_document(base: &Variant, text: &str, file: &str) -> Result<Table, String> {
    let rules = base.rules();
    let mut doc = chimera::ini::export::merged(text, file, &chimera::ini::export::embedded)?;
    let name = |t: PieceType| rules.piece(t).name.clone();
    let faces = faces(rules);
    if !faces.is_empty() {
        let drops = doc.entry("drops").or_insert_with(|| Value::Table(Table::new()));
        let drops = drops.as_table_mut().ok_or("`drops` is no table")?;
        drops.insert("demote_on_capture".into(), Value::Boolean(true));
    }
    let pieces = doc.get_mut("pieces").and_then(Value::as_table_mut).ok_or("no `pieces` table")?;
    for (t, u) in faces {
        let p = pieces.get_mut(&name(t)).and_then(Value::as_table_mut).ok_or("a face without its table")?;
        p.insert("captured_as".into(), Value::String(name(t)));
        p.insert("face_of".into(), Value::String(name(u)));
    }
    let mut never_turning = Vec::new();
    for t in turning(rules) {
        let u = rules.promoted_from(t).expect("a turning face is promoted from a type");
        let p = pieces.get_mut(&name(t)).and_then(Value::as_table_mut).ok_or("a face without its table")?;
        if rules.fsf_type(t) == t {
            let mut natural = p.clone();
            for key in ["promotion", "captured_as", "face_of", "notation_letter"] {
                natural.remove(key);
            }
            never_turning.push((format!("{}-never-turning", name(t)), natural));
        }
        p.remove("letter");
        p.remove("notation_letter");
        p.insert("face_of".into(), Value::String(name(u)));
    }
    for (name, natural) in never_turning {
        if pieces.contains_key(&name) {
            return Err(format!("`{name}` is a piece already"));
        }
        pieces.insert(name, Value::Table(natural));
    }
    let start = base.start().fen_in(FenStyle { promoted_plus: true, ..FenStyle::default() });
    doc.insert("start".into(), Value::String(start));
    Ok(doc)
}
