//! The variants `load_variant_config` (and `set_option("VariantPath", ...)`) define, by
//! name, for every compat call; and the engine options pyffish's `set_option` accepts.
//!
//! As in pyffish, a load adds to what earlier loads defined: a section may inherit from
//! a section loaded before, and a name defined again replaces the earlier definition (a
//! built-in's name too). Sections go through `chimera import-ini`'s converter. As pyffish
//! skips what it cannot parse and goes on, a load never raises for a section it cannot
//! express: the section is skipped with a `VariantConfigWarning`, listed by
//! `unloaded_variants()`, and a call naming it raises the refusal as its ValueError.
//!
//! A load converts only its own sections and the earlier sections they inherit from, so
//! the sixtieth load costs what the first did.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, OnceLock};

use chimera::Variant;
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;

use crate::api::PyVariant;

create_exception!(
    compat,
    VariantConfigWarning,
    PyUserWarning,
    "A variants.ini section or line that load_variant_config skipped (pyffish skips them too)."
);

/// The largest variants.ini file `VariantPath` reads (Fairy-Stockfish's own is 60 KB).
pub const MAX_CONFIG_BYTES: u64 = 16 << 20;

/// One loaded section's own lines, kept so that a later load can inherit from it.
struct Block {
    parent: Option<String>,
    text: String,
    /// Load order: ancestors are laid before their children.
    order: usize,
}

#[derive(Default)]
struct Loaded {
    /// The latest definition of each section loaded so far, by name.
    blocks: HashMap<String, Block>,
    /// By section name: the converted variant, or why the section was refused.
    variants: HashMap<String, Result<Variant, String>>,
    /// By section name: its `startFen` as written, which pyffish's `start_fen` gives.
    start_texts: HashMap<String, String>,
    /// By section name: the ruleset it converted to.
    rulesets: HashMap<String, String>,
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

/// The ruleset text a variant argument was compiled from, with the file name it is cited
/// by: a loaded section's converted ruleset, or a built-in's; `None` for a
/// `chimera.Variant` or a ruleset path.
pub fn ruleset_text(variant: &Bound<'_, PyAny>) -> Option<(String, String)> {
    let name = variant.extract::<&str>().ok()?;
    let l = loaded();
    if l.variants.contains_key(name) {
        return Some((l.rulesets.get(name)?.clone(), format!("{name}.toml")));
    }
    chimera::variants::builtin(name).map(|b| (b.toml.to_string(), b.file()))
}

/// Whether `name` is a section a load defined (converted or not).
pub fn is_loaded(name: &str) -> bool {
    loaded().variants.contains_key(name)
}

/// The `startFen` text of the loaded section `name`, where it has one.
pub fn start_text(name: &str) -> Option<String> {
    loaded().start_texts.get(name).cloned()
}

/// The names of the loaded variants that converted.
pub fn loaded_names() -> Vec<String> {
    loaded().variants.iter().filter(|(_, v)| v.is_ok()).map(|(k, _)| k.clone()).collect()
}

/// The sections loaded so far that did not convert, with why.
pub fn unloaded() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> =
        loaded().variants.iter().filter_map(|(k, v)| Some((k.clone(), v.as_ref().err()?.clone()))).collect();
    out.sort();
    out
}

/// The sections of `text`, each with its own lines (its header to the next header).
fn blocks_of(text: &str) -> Vec<(String, Option<String>, String)> {
    let sections = chimera::ini::parse::parse(text).sections;
    let lines: Vec<&str> = text.lines().collect();
    sections
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let end = sections.get(i + 1).map_or(lines.len(), |next| next.line - 1);
            let own = lines[s.line - 1..end].join("\n");
            (s.name.clone(), s.parent.clone(), own)
        })
        .collect()
}

/// Loads a whole variants.ini text: every section that converts becomes a variant by its
/// name. Returns what was skipped (sections that do not convert, lines that are not
/// options), each naming section, line and reason; the others are loaded all the same.
pub fn load_config(text: &str) -> Vec<String> {
    let mut l = loaded();
    let fresh_blocks = blocks_of(text);
    // The earlier sections this text inherits from, with their own ancestors, in load order.
    let mut wanted: Vec<&str> = fresh_blocks.iter().filter_map(|(_, p, _)| p.as_deref()).collect();
    let mut ancestors: Vec<&str> = Vec::new();
    while let Some(name) = wanted.pop() {
        if ancestors.contains(&name) {
            continue;
        }
        if let Some(block) = l.blocks.get(name) {
            ancestors.push(name);
            wanted.extend(block.parent.as_deref());
        }
    }
    ancestors.sort_by_key(|n| l.blocks[*n].order);
    let prefix: String = ancestors.iter().map(|n| format!("{}\n", l.blocks[*n].text)).collect();
    // Lines are numbered in the text given: the ancestors' lines come first in the whole.
    let offset = prefix.lines().count();
    let whole = format!("{prefix}{text}\n");
    let (sections, errors) = chimera::ini::import(&whole);
    let mut problems: Vec<String> =
        errors.iter().filter(|e| e.line > offset).map(|e| format!("line {}: {}", e.line - offset, e.message)).collect();
    let mut fresh = Vec::new();
    for s in sections.into_iter().filter(|s| s.line > offset) {
        let entry = match s.result {
            Ok(toml) => {
                let entry = chimera::variants::from_toml(&toml, &format!("{}.toml", s.name)).map_err(|e| format!("[{}] {e}", s.name));
                l.rulesets.insert(s.name.clone(), toml);
                entry
            }
            Err(mut refusal) => {
                l.rulesets.remove(&s.name);
                if refusal.line > offset {
                    refusal.line -= offset;
                }
                Err(format!("variant `{}` cannot be loaded: {refusal}", s.name))
            }
        };
        if let Err(e) = &entry {
            problems.push(e.clone());
        }
        match s.start_fen {
            Some(text) => l.start_texts.insert(s.name.clone(), text),
            None => l.start_texts.remove(&s.name),
        };
        fresh.push((s.name, entry));
    }
    l.variants.extend(fresh);
    let first = l.blocks.values().map(|b| b.order + 1).max().unwrap_or(0);
    for (order, (name, parent, text)) in (first..).zip(fresh_blocks) {
        l.blocks.insert(name, Block { parent, text, order });
    }
    problems
}

/// `load_config`, its skipped parts told as one `VariantConfigWarning`.
pub fn load_config_warning(py: Python<'_>, text: &str, origin: &str) -> PyResult<()> {
    let problems = load_config(text);
    if problems.is_empty() {
        return Ok(());
    }
    let message = format!("{origin}: {} skipped (compat.unloaded_variants() lists them):\n{}", problems.len(), problems.join("\n"));
    PyErr::warn(py, &py.get_type::<VariantConfigWarning>(), &std::ffi::CString::new(message.replace('\0', " ")).unwrap(), 1)
}

/// A `VariantPath` file's text: a regular file (never a pipe or a device, which would
/// block or never end) of at most [`MAX_CONFIG_BYTES`].
fn read_config_file(path: &str) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("Unable to open file {path}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("Unable to open file {path}: not a regular file"));
    }
    if meta.len() > MAX_CONFIG_BYTES {
        return Err(format!("Unable to open file {path}: {} bytes, larger than {MAX_CONFIG_BYTES}", meta.len()));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("Unable to open file {path}: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
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
/// A file that cannot be read is skipped with a warning, as pyffish prints "Unable to open
/// file" and goes on.
pub fn set_option(py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
    let Some(option) = OPTIONS.iter().find(|o| o.eq_ignore_ascii_case(name)) else {
        return Err(PyValueError::new_err(format!("No such option {name}'")));
    };
    if *option == "VariantPath" && !value.is_empty() && value != "<empty>" {
        let separator = if cfg!(windows) { ';' } else { ':' };
        for path in value.split(separator).filter(|p| !p.is_empty()) {
            match read_config_file(path) {
                Ok(text) => load_config_warning(py, &text, path)?,
                Err(why) => PyErr::warn(py, &py.get_type::<VariantConfigWarning>(), &std::ffi::CString::new(why).unwrap(), 1)?,
            }
        }
    }
    Ok(())
}
