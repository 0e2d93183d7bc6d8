//! The variants `load_variant_config` (and `set_option("VariantPath", ...)`) define, by
//! name, for every compat call; and the engine options pyffish's `set_option` accepts.
//!
//! As in pyffish, a load adds to what earlier loads defined: a section may inherit from
//! a section loaded before, and a name defined again replaces the earlier definition (a
//! built-in's name too). Sections go through `chimera import-ini`'s converter; one it
//! cannot express is kept as its refusal, which a call naming it raises.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, OnceLock};

use chimera::Variant;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::api::PyVariant;

#[derive(Default)]
struct Loaded {
    /// Every text loaded so far, in order: a later section may inherit from an earlier one.
    config: String,
    /// By section name: the converted variant, or why the section was refused.
    variants: HashMap<String, Result<Variant, String>>,
}

fn loaded() -> MutexGuard<'static, Loaded> {
    static LOADED: OnceLock<Mutex<Loaded>> = OnceLock::new();
    LOADED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// A variant argument: a name loaded by `load_variant_config` (those come first, as the
/// later definition of a name in pyffish), a built-in id or ruleset path, or a
/// `chimera.Variant`.
pub fn resolve(variant: &Bound<'_, PyAny>) -> PyResult<Variant> {
    if let Ok(name) = variant.extract::<&str>() {
        if let Some(found) = loaded().variants.get(name) {
            return found.clone().map_err(PyValueError::new_err);
        }
    } else if variant.cast::<PyVariant>().is_err() {
        return Err(PyTypeError::new_err("a variant is a chimera.Variant, or a variant name (str)"));
    }
    crate::api::resolve(variant)
}

/// The names of the loaded variants that converted.
pub fn loaded_names() -> Vec<String> {
    loaded().variants.iter().filter(|(_, v)| v.is_ok()).map(|(k, _)| k.clone()).collect()
}

/// Loads a whole variants.ini text: every section that converts becomes a variant by its
/// name. The sections that do not, and lines that are not options, raise one ValueError
/// naming each (section, line, option, reason); the others are loaded all the same.
pub fn load_config(text: &str) -> PyResult<()> {
    let mut l = loaded();
    // Lines are numbered in the text given; earlier loads come first in the whole.
    let offset = l.config.lines().count();
    let whole = format!("{}{}\n", l.config, text);
    let (sections, errors) = chimera::ini::import(&whole);
    let mut problems: Vec<String> =
        errors.iter().filter(|e| e.line > offset).map(|e| format!("line {}: {}", e.line - offset, e.message)).collect();
    let mut fresh = Vec::new();
    for s in sections.into_iter().filter(|s| s.line > offset) {
        let entry = match s.result {
            Ok(toml) => chimera::variants::from_toml(&toml, &format!("{}.toml", s.name)).map_err(|e| format!("[{}] {e}", s.name)),
            Err(mut refusal) => {
                if refusal.line > offset {
                    refusal.line -= offset;
                }
                Err(format!("variant `{}` cannot be loaded: {refusal}", s.name))
            }
        };
        if let Err(e) = &entry {
            problems.push(e.clone());
        }
        fresh.push((s.name, entry));
    }
    l.variants.extend(fresh);
    l.config = whole;
    match problems.is_empty() {
        true => Ok(()),
        false => Err(PyValueError::new_err(problems.join("\n"))),
    }
}

/// pyffish's engine options (Fairy-Stockfish's `UCI::init`), matched without regard to
/// case as Fairy-Stockfish matches them. None but `VariantPath` changes what the
/// functions answer: the variant and Chess960 are arguments of every call.
const OPTIONS: [&str; 25] = [
    "Debug Log File",
    "Threads",
    "Hash",
    "Clear Hash",
    "Ponder",
    "MultiPV",
    "Skill Level",
    "Move Overhead",
    "Slow Mover",
    "nodestime",
    "UCI_Chess960",
    "UCI_Variant",
    "UCI_AnalyseMode",
    "UCI_LimitStrength",
    "UCI_Elo",
    "UCI_ShowWDL",
    "SyzygyPath",
    "SyzygyProbeDepth",
    "Syzygy50MoveRule",
    "SyzygyProbeLimit",
    "Use NNUE",
    "EvalFile",
    "TsumeMode",
    "VariantPath",
    "usemillisec",
];

/// pyffish's `set_option`: an unknown name raises its ValueError; `VariantPath` loads
/// each file of the `:`-separated list (`;` on Windows) as `load_variant_config` does.
pub fn set_option(name: &str, value: &str) -> PyResult<()> {
    let Some(option) = OPTIONS.iter().find(|o| o.eq_ignore_ascii_case(name)) else {
        return Err(PyValueError::new_err(format!("No such option {name}'")));
    };
    if *option == "VariantPath" && !value.is_empty() && value != "<empty>" {
        let separator = if cfg!(windows) { ';' } else { ':' };
        for path in value.split(separator).filter(|p| !p.is_empty()) {
            let text = std::fs::read_to_string(path).map_err(|e| PyValueError::new_err(format!("VariantPath {path}: {e}")))?;
            load_config(&text)?;
        }
    }
    Ok(())
}
