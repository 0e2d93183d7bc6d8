//! The Fairy-Stockfish built-in a section inherits (`[name:parent]`), chosen by the
//! ruleset's content: a built-in the importer models (`builtins.ini`) whose pieces are the
//! section's — same types, letters and moves — and every one of whose options the section
//! sets itself or leaves at the value the section means. The section then writes only the
//! options that differ from the parent's. Chess's built-in is tried first, then the Xiangqi
//! family's (Janggi's king on the palace lines, Fairy-Stockfish's `kingType`, is a rule
//! only its built-in has: no variants file can set it).

use std::collections::HashMap;

use super::army::Army;
use super::Section;
use crate::ini::betza::same_moves;
use crate::ini::fsf::{order, Fsf};
use crate::ini::parse::parse;
use crate::ini::resolve::{builtin_chain, builtins};

/// A chosen parent: its name and the options its chain sets (the last value of each).
pub(super) struct Parent {
    pub name: String,
    pub values: HashMap<String, String>,
}

/// The built-ins the exporter inherits from: chess, and the Xiangqi family (Janggi's king
/// on the palace lines is a rule a variants file cannot write).
const CANDIDATES: [&str; 4] = ["chess", "minixiangqi", "xiangqi", "janggi"];

pub(super) fn choose(army: &Army, out: &Section) -> Option<Parent> {
    let file = builtins();
    for name in CANDIDATES {
        let probe = parse(&format!("[probe:{name}]\n"));
        let Some(chain) = builtin_chain(name, &probe.sections[0], &file) else { continue };
        let Ok(model) = Fsf::build(&chain) else { continue };
        if !same_pieces(army, &model) {
            continue;
        }
        let mut values = HashMap::new();
        for layer in &chain.layers {
            for e in &layer.section.entries {
                if order(&e.key).is_none() {
                    values.insert(e.key.clone(), e.value.clone());
                }
            }
        }
        if values.iter().all(|(k, v)| covered(k, v, army, out)) {
            return Some(Parent { name: name.to_string(), values });
        }
    }
    None
}

/// The parent's pieces are the army's: the same types, letters and moves.
fn same_pieces(army: &Army, model: &Fsf) -> bool {
    model.pieces.len() == army.pieces.len()
        && model.pieces.values().all(|p| {
            army.of_type(&p.name).is_some_and(|f| {
                let betza = army.table(&f.name).and_then(|t| t.get("betza")).and_then(toml::Value::as_str).unwrap_or("");
                // The soldier's moves are its type's, by `soldierPromotionRank`.
                f.letter == p.letter && (p.name == "soldier" || same_moves(&p.betza, betza))
            })
        })
}

/// Whether the parent's option `key = value` says what the section means: the section
/// sets the option itself, or its value is the section's (an option left at its default
/// is the default's), or it concerns a piece type the section does not have.
fn covered(key: &str, value: &str, army: &Army, out: &Section) -> bool {
    if out.opts.iter().chain(&out.implicit).any(|(o, _)| o == key) {
        return true;
    }
    // The second letters Fairy-Stockfish writes its built-in pieces' moves with (`H8+9`):
    // how moves are written changes no rule.
    if key == "pieceSynonyms" {
        return true;
    }
    if key == "kingType" {
        return value == "wazir" && out.king_lines;
    }
    for side in ["mobilityRegionWhite", "mobilityRegionBlack"] {
        if let Some(t) = key.strip_prefix(side) {
            return !army.pieces.iter().any(|f| f.fsf.eq_ignore_ascii_case(t));
        }
    }
    false
}
