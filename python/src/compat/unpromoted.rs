//! Fairy-Stockfish's promoted types that a FEN may also hold unpromoted. Its promoted
//! pieces are pieces of an existing type with a mark (Shogi's dragon, marked as a rook's
//! promotion), so a FEN may set a dragon up bare (`D`): one that returns to the hand as a
//! dragon and is dropped as one. Chimera's Shogi has no such piece: its dragon type is the
//! promoted rook (`captured_as = "rook"`). Where a FEN holds one, compat plays the game in
//! a twin of the variant that marks which pieces are promoted, as Fairy-Stockfish does
//! (`demote_on_capture`), its faces going to the hand as themselves unless marked
//! ([`chimera::Rules::unpromoted_face`]).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use chimera::rules::Captured;
use chimera::{PieceType, Rules, Variant};
use pyo3::prelude::*;

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

/// Whether the FEN's board or hand holds one of the [`faces`] bare (not as `+` and the
/// letter it promotes from).
pub fn held_bare(rules: &Rules, fen: &str) -> bool {
    let letters: Vec<char> = faces(rules).iter().filter_map(|&(t, _)| rules.piece(t).letter).collect();
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

/// The twin of `base` (the variant the argument `variant` names) whose [`faces`] may
/// stand unpromoted; `None` where it has none, or compat holds no ruleset text for it (a
/// `chimera.Variant` passed as such). Compiled once per ruleset text.
pub fn twin(variant: &Bound<'_, PyAny>, base: &Variant) -> Option<Variant> {
    let faces = faces(base.rules());
    if faces.is_empty() {
        return None;
    }
    let (text, file) = super::registry::ruleset_text(variant)?;
    static TWINS: OnceLock<Mutex<HashMap<(String, String), Option<Variant>>>> = OnceLock::new();
    let mut twins = TWINS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    let key = (file, text);
    if let Some(found) = twins.get(&key) {
        return found.clone();
    }
    let rules = base.rules();
    let name = |t: PieceType| toml_string(&rules.piece(t).name);
    let mut overlay =
        format!("extends = {}\nname = {}\n\n[drops]\ndemote_on_capture = true\n", toml_string(&key.0), toml_string(base.name()));
    for (t, u) in faces {
        overlay += &format!("\n[pieces.{}]\ncaptured_as = {}\nface_of = {}\n", name(t), name(t), name(u));
    }
    let made = chimera::variants::from_toml_extending(&overlay, "unpromoted-faces.toml", &key.1, &key.0).ok();
    twins.insert(key, made.clone());
    made
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out += &format!("\\u{:04X}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
